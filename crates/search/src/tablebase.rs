//! Endgame tablebases in the search, as Stockfish 15.1 uses them.
//!
//! At the root ([`rank_root`]): when the root position is in the tables,
//! each root move is ranked by the distance-to-zeroing tables (by the WDL
//! tables alone when those are missing), and only the moves of the best
//! rank are searched. Every move that wins within the 50-move rule (after
//! the plies already on the counter, and no repetition yet) shares the top
//! rank, so the search picks among them and the win is converted before the
//! rule draws it; slower wins rank by how much of the rule they leave. The
//! search then probes no more (unless only the WDL tables ranked a winning
//! root), and reports each root move's tablebase score in place of a
//! search score that is not a mate.
//!
//! Inside the tree (`Worker::probe_tablebase`): a position right after a
//! zeroing move, without castling rights, with no more pieces than the
//! probe limit (`SyzygyProbeLimit`, capped by the largest table), and
//! searched at least `SyzygyProbeDepth` deep when it has exactly that many
//! pieces, is probed for win/draw/loss. A win or loss becomes a bound just
//! below the mate scores ([`TB_WIN`](crate::score::TB_WIN) less the ply),
//! stored in the transposition table; a draw is exact (a cursed win or
//! blessed loss scores ±2 with the 50-move rule on).

use augur_core::{Game, RootDtz, Tablebase, Wdl};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::score::{DRAW, TB_WIN, stockfish_tablebase_centipawns};

/// Ranks above this mean a win within the 50-move rule (Stockfish's
/// `MAX_DTZ`).
const MAX_DTZ: i32 = 1 << 18;

/// How the search uses tablebases: the protocol's `SyzygyProbeDepth`,
/// `Syzygy50MoveRule` and `SyzygyProbeLimit`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TablebaseSettings {
    /// The least depth at which positions with exactly the probe limit's
    /// number of pieces are probed (fewer pieces: at any depth).
    pub probe_depth: u32,
    /// Whether the 50-move rule counts: a cursed win is then a draw.
    pub rule50: bool,
    /// The most pieces a position may have to be probed (0: never).
    pub probe_limit: u32,
}

impl Default for TablebaseSettings {
    fn default() -> Self {
        Self {
            probe_depth: 1,
            rule50: true,
            probe_limit: 7,
        }
    }
}

/// One search's use of the tables, shared by its threads.
pub(crate) struct Probing<G: Game> {
    pub tables: Arc<dyn Tablebase<G>>,
    /// Positions with more pieces are not probed; 0 turns probing off.
    pub cardinality: u32,
    /// See [`TablebaseSettings::probe_depth`].
    pub probe_depth: i32,
    pub rule50: bool,
    /// Successful probes, all threads (root probes included).
    pub hits: AtomicU64,
    /// The root moves' tablebase scores when the root was ranked.
    pub root_scores: Vec<(G::Move, i32)>,
}

impl<G: Game> Probing<G> {
    /// Counts a successful probe.
    pub fn hit(&self) {
        self.hits.fetch_add(1, Ordering::Relaxed);
    }

    /// The score a root line reports: the first move's tablebase score when
    /// the root was ranked and the search score is not a mate.
    pub fn reported_root_score(&self, first: Option<G::Move>, score: i32) -> i32 {
        if score.abs() >= crate::score::MATE_BOUND {
            return score;
        }
        first
            .and_then(|mv| self.root_scores.iter().find(|(m, _)| *m == mv))
            .map_or(score, |&(_, tb)| tb)
    }
}

/// The score of a WDL verdict found `ply` plies from the root, and the
/// bound it gives (`None`: exact), as Stockfish scores probes in search.
pub(crate) fn wdl_score(wdl: Wdl, ply: usize, rule50: bool) -> (i32, Option<crate::Bound>) {
    let draw_score = i32::from(rule50);
    let v = wdl.value();
    if v < -draw_score {
        (-TB_WIN + ply as i32, Some(crate::Bound::Upper))
    } else if v > draw_score {
        (TB_WIN - ply as i32, Some(crate::Bound::Lower))
    } else {
        (DRAW + 2 * v * draw_score, None)
    }
}

/// What ranking the root gave.
pub(crate) struct RootRanking<M> {
    /// The moves to search: those of the best rank, in the given order.
    pub allowed: Vec<M>,
    /// Every ranked move with its tablebase score.
    pub scores: Vec<(M, i32)>,
    /// Whether the search should go on probing (only the WDL tables
    /// ranked the root, and it wins).
    pub keep_probing: bool,
}

/// Whether a position with key `key` occurred at least `times` times among
/// the last `window` of `keys`.
fn occurrences(keys: &[u64], window: usize, key: u64) -> usize {
    let start = keys.len().saturating_sub(window);
    keys[start..].iter().filter(|&&k| k == key).count()
}

/// Whether some position since the last zeroing move occurred twice
/// (Stockfish's `has_repeated`): `keys` holds the game's keys, the root's
/// last.
fn has_repeated(keys: &[u64], window: usize) -> bool {
    let start = keys.len().saturating_sub(window + 1);
    let recent = &keys[start..];
    recent
        .iter()
        .enumerate()
        .any(|(i, k)| recent[i + 1..].contains(k))
}

/// The rank and score of a root move whose distance to zeroing (signed,
/// from the root's side, see [`RootDtz`]) is `dtz`, with `clock` plies on
/// the 50-move counter (Stockfish's `root_probe`).
fn dtz_rank(dtz: i32, clock: i32, repeated: bool, rule50: bool) -> (i32, i32) {
    let rank = if dtz > 0 {
        if dtz + clock <= 99 && !repeated {
            MAX_DTZ
        } else {
            MAX_DTZ - (dtz + clock)
        }
    } else if dtz < 0 {
        if -dtz * 2 + clock < 100 {
            -MAX_DTZ
        } else {
            -MAX_DTZ + (-dtz + clock)
        }
    } else {
        0
    };
    let bound = if rule50 { MAX_DTZ - 100 } else { 1 };
    // Small scores in the centipawns Stockfish 15.1 reports for them.
    let score = if rank >= bound {
        TB_WIN
    } else if rank > 0 {
        stockfish_tablebase_centipawns((rank - (MAX_DTZ - 200)).max(3))
    } else if rank == 0 {
        DRAW
    } else if rank > -bound {
        stockfish_tablebase_centipawns((rank + (MAX_DTZ - 200)).min(-3))
    } else {
        -TB_WIN
    };
    (rank, score)
}

/// The rank and score of a root move by its WDL verdict (Stockfish's
/// `root_probe_wdl`).
fn wdl_rank(wdl: Wdl, rule50: bool) -> (i32, i32) {
    let wdl = match wdl {
        Wdl::CursedWin if !rule50 => Wdl::Win,
        Wdl::BlessedLoss if !rule50 => Wdl::Loss,
        other => other,
    };
    match wdl {
        Wdl::Loss => (-MAX_DTZ, -TB_WIN),
        Wdl::BlessedLoss => (-MAX_DTZ + 101, DRAW - 2),
        Wdl::Draw => (0, DRAW),
        Wdl::CursedWin => (MAX_DTZ - 101, DRAW + 2),
        Wdl::Win => (MAX_DTZ, TB_WIN),
    }
}

/// Ranks the root moves `legal` of `root` (see the module docs); `None`
/// when the root is not in the tables. `history` holds the keys of the
/// game's positions before the root, oldest first.
pub(crate) fn rank_root<G: Game>(
    tables: &dyn Tablebase<G>,
    root: &G,
    history: &[u64],
    legal: &[G::Move],
    rule50: bool,
) -> Option<RootRanking<G::Move>> {
    let window = root.reversible_plies() as usize;
    let mut keys = history.to_vec();
    keys.push(root.hash());
    let clock = root.reversible_plies() as i32;
    let (ranked, dtz_available) = match tables.probe_root_dtz(root) {
        Some(moves) => {
            let repeated = has_repeated(&keys, window);
            let ranked: Option<Vec<(G::Move, i32, i32)>> = legal
                .iter()
                .map(|&mv| {
                    let RootDtz { dtz, .. } = moves.iter().find(|r| r.mv == mv)?;
                    let child = root.play(mv);
                    // A move into a draw by the rule or by a third
                    // occurrence is a draw, whatever the tables say.
                    let drawn = child.reversible_plies() > 0
                        && (child.is_rule_draw()
                            || occurrences(&keys, window + 1, child.hash()) >= 2);
                    let dtz = if drawn { 0 } else { *dtz };
                    let (rank, score) = dtz_rank(dtz, clock, repeated, rule50);
                    Some((mv, rank, score))
                })
                .collect();
            (ranked?, true)
        }
        None => {
            let ranked: Option<Vec<(G::Move, i32, i32)>> = legal
                .iter()
                .map(|&mv| {
                    let child = root.play(mv);
                    let wdl = tables.probe_wdl(&child)?.negated();
                    let (rank, score) = wdl_rank(wdl, rule50);
                    Some((mv, rank, score))
                })
                .collect();
            (ranked?, false)
        }
    };
    let best = ranked.iter().map(|&(_, rank, _)| rank).max()?;
    let best_score = ranked
        .iter()
        .find(|&&(_, rank, _)| rank == best)
        .map_or(DRAW, |&(_, _, score)| score);
    Some(RootRanking {
        allowed: ranked
            .iter()
            .filter(|&&(_, rank, _)| rank == best)
            .map(|&(mv, _, _)| mv)
            .collect(),
        scores: ranked.iter().map(|&(mv, _, score)| (mv, score)).collect(),
        keep_probing: !dtz_available && best_score > DRAW,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fast_wins_share_the_top_rank_and_slow_ones_rank_below() {
        let (fast, fast_score) = dtz_rank(5, 0, false, true);
        let (slower, _) = dtz_rank(40, 0, false, true);
        assert_eq!(fast, slower, "wins within the rule share one rank");
        assert_eq!(fast_score, TB_WIN);
        // Ninety plies on the counter: a 20-ply win no longer fits.
        let (late, late_score) = dtz_rank(20, 90, false, true);
        let (quick, _) = dtz_rank(5, 90, false, true);
        assert!(late < quick);
        assert!(late_score > DRAW && late_score < 100, "{late_score}");
        // A 25-ply win 95 plies into the rule: 120 plies in all, which
        // Stockfish 15.1 reports as `cp 22`.
        assert_eq!(dtz_rank(25, 95, false, true).1, 22);
        // After a repetition only the shortest win keeps the top rank.
        assert!(dtz_rank(7, 0, true, true).0 > dtz_rank(9, 0, true, true).0);
        assert_eq!(dtz_rank(0, 0, false, true), (0, DRAW));
        let (loss, loss_score) = dtz_rank(-10, 0, false, true);
        assert!(loss < 0 && loss_score == -TB_WIN);
        // Without the rule a cursed win is a win.
        assert_eq!(dtz_rank(120, 0, false, false).1, TB_WIN);
    }

    #[test]
    fn wdl_ranks_follow_the_verdicts() {
        let ranks: Vec<i32> = [
            Wdl::Loss,
            Wdl::BlessedLoss,
            Wdl::Draw,
            Wdl::CursedWin,
            Wdl::Win,
        ]
        .iter()
        .map(|&w| wdl_rank(w, true).0)
        .collect();
        assert!(ranks.windows(2).all(|w| w[0] < w[1]), "{ranks:?}");
        assert_eq!(wdl_rank(Wdl::CursedWin, false), wdl_rank(Wdl::Win, true));
        assert_eq!(wdl_rank(Wdl::CursedWin, true).1, 2);
    }

    #[test]
    fn probe_scores_are_bounds_below_mate() {
        use crate::Bound;
        let (win, bound) = wdl_score(Wdl::Win, 5, true);
        assert_eq!((win, bound), (TB_WIN - 5, Some(Bound::Lower)));
        assert!(win < crate::score::MATE_BOUND && win > 10_000);
        assert_eq!(
            wdl_score(Wdl::Loss, 3, true),
            (-TB_WIN + 3, Some(Bound::Upper))
        );
        assert_eq!(wdl_score(Wdl::CursedWin, 3, true), (2, None));
        assert_eq!(wdl_score(Wdl::BlessedLoss, 3, true), (-2, None));
        assert_eq!(wdl_score(Wdl::CursedWin, 3, false).1, Some(Bound::Lower));
        assert_eq!(wdl_score(Wdl::Draw, 3, false), (0, None));
    }

    #[test]
    fn repetitions_are_found_in_the_reversible_window() {
        assert!(has_repeated(&[1, 2, 3, 2], 3));
        assert!(!has_repeated(&[2, 9, 3, 4], 2));
        assert_eq!(occurrences(&[5, 1, 5, 2], 4, 5), 2);
        assert_eq!(occurrences(&[5, 1, 5, 2], 2, 5), 1);
    }
}
