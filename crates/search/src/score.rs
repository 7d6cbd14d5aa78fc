//! Search scores: centipawns, with mate scores near the ends of the range.

/// The largest search depth in plies (arrays are sized by it).
pub const MAX_PLY: usize = 128;
/// A mate delivered now; a mate `n` plies away scores `MATE - n`.
pub const MATE: i32 = 32_000;
/// Beyond every real score.
pub const INFINITY: i32 = 32_001;
/// Scores at or beyond this (in magnitude) are mate scores.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
/// The score of a draw.
pub const DRAW: i32 = 0;

/// A score as the protocol reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReportedScore {
    /// Centipawns from the point of view of the team to move at the root.
    Centipawns(i32),
    /// Mate in this many moves (negative: being mated).
    Mate(i32),
}

/// Converts an internal score to what the protocol reports.
pub fn report(score: i32) -> ReportedScore {
    if score >= MATE_BOUND {
        ReportedScore::Mate((MATE - score + 1) / 2)
    } else if score <= -MATE_BOUND {
        ReportedScore::Mate(-(MATE + score) / 2)
    } else {
        ReportedScore::Centipawns(score)
    }
}

/// A mate score made relative to the node at `ply` (for storing in the
/// transposition table).
#[inline]
pub fn to_table(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// A table score made relative to the root again, at `ply`.
#[inline]
pub fn from_table(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_reporting() {
        assert_eq!(report(MATE - 1), ReportedScore::Mate(1));
        assert_eq!(report(MATE - 3), ReportedScore::Mate(2));
        assert_eq!(report(-(MATE - 2)), ReportedScore::Mate(-1));
        assert_eq!(report(-(MATE - 4)), ReportedScore::Mate(-2));
        assert_eq!(report(35), ReportedScore::Centipawns(35));
    }

    #[test]
    fn table_conversion_round_trips() {
        for score in [MATE - 5, -(MATE - 7), 123, -40] {
            assert_eq!(from_table(to_table(score, 9), 9), score);
        }
        assert_eq!(to_table(MATE - 10, 4), MATE - 6);
    }
}
