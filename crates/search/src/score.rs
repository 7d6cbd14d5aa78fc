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
/// A tablebase win at the root: a win `n` plies from the root that the
/// tables prove scores `TB_WIN - n`, below every mate score and above
/// every evaluation (Stockfish's `VALUE_MATE_IN_MAX_PLY - 1`). The
/// protocol reports such scores in centipawns, as Stockfish 15.1 does.
pub const TB_WIN: i32 = MATE_BOUND - 1;
/// Scores at or beyond this (in magnitude) are tablebase wins or mates;
/// the transposition table keeps them relative to the node.
pub const TB_WIN_BOUND: i32 = TB_WIN - MAX_PLY as i32;

/// A score as the protocol reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReportedScore {
    /// Centipawns from the point of view of the team to move at the root.
    Centipawns(i32),
    /// Mate in this many moves (negative: being mated).
    Mate(i32),
}

/// Stockfish 15.1's tablebase win at the root, `VALUE_MATE_IN_MAX_PLY -
/// 1`, in its internal units.
const STOCKFISH_TB_WIN: i32 = 31_753;
/// Stockfish 15.1's internal units per reported pawn (`NormalizeToPawnValue`).
const STOCKFISH_PAWN: i32 = 361;

/// Converts an internal score to what the protocol reports. Tablebase wins
/// and losses are reported in centipawns as Stockfish 15.1 reports them: a
/// win at the root is `cp 8795`, one proven `n` plies further `n` hundred
/// 361ths of a pawn less.
pub fn report(score: i32) -> ReportedScore {
    if score >= MATE_BOUND {
        ReportedScore::Mate((MATE - score + 1) / 2)
    } else if score <= -MATE_BOUND {
        ReportedScore::Mate(-(MATE + score) / 2)
    } else if score.abs() >= TB_WIN_BOUND {
        let plies = TB_WIN - score.abs();
        let cp = (STOCKFISH_TB_WIN - plies) * 100 / STOCKFISH_PAWN;
        ReportedScore::Centipawns(cp * score.signum())
    } else {
        ReportedScore::Centipawns(score)
    }
}

/// A small tablebase score at the root (a win or loss the 50-move rule
/// spoils, `rank_distance` plies past what the rule allows from the best
/// case) in centipawns, as Stockfish 15.1 reports it (its endgame pawn is
/// 208 internal units, its reported pawn 361).
pub fn stockfish_tablebase_centipawns(rank_distance: i32) -> i32 {
    rank_distance * 208 / 200 * 100 / STOCKFISH_PAWN
}

/// A mate score made relative to the node at `ply` (for storing in the
/// transposition table).
#[inline]
pub fn to_table(score: i32, ply: usize) -> i32 {
    if score >= TB_WIN_BOUND {
        score + ply as i32
    } else if score <= -TB_WIN_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// A table score made relative to the root again, at `ply`.
#[inline]
pub fn from_table(score: i32, ply: usize) -> i32 {
    if score >= TB_WIN_BOUND {
        score - ply as i32
    } else if score <= -TB_WIN_BOUND {
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
        for score in [MATE - 5, -(MATE - 7), 123, -40, TB_WIN - 9, -(TB_WIN - 9)] {
            assert_eq!(from_table(to_table(score, 9), 9), score);
        }
        assert_eq!(to_table(MATE - 10, 4), MATE - 6);
        // A tablebase win is kept relative to the node, as a mate is.
        assert_eq!(to_table(TB_WIN - 10, 4), TB_WIN - 6);
        assert_eq!(from_table(TB_WIN - 6, 7), TB_WIN - 13);
    }

    #[test]
    fn tablebase_wins_report_in_centipawns_below_mates() {
        // Stockfish 15.1 reports `cp 8795` for a root in the tables.
        assert_eq!(report(TB_WIN), ReportedScore::Centipawns(8795));
        assert_eq!(report(-TB_WIN), ReportedScore::Centipawns(-8795));
        assert_eq!(report(TB_WIN - 4), ReportedScore::Centipawns(8794));
        assert_eq!(
            report(TB_WIN_BOUND - 1),
            ReportedScore::Centipawns(TB_WIN_BOUND - 1)
        );
        // 80 below the top of the small scores: Stockfish's internal 83,
        // reported as `cp 22`.
        assert_eq!(stockfish_tablebase_centipawns(80), 22);
        const { assert!(TB_WIN_BOUND > 30_000) };
    }
}
