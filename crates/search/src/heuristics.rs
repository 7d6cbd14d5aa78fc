//! Per-thread memory kept between nodes (and between searches of one
//! game): killer moves per ply, a history score per (team, move) and a
//! counter-move per (team, previous move) for move ordering, and the
//! thread's evaluation cache, correction history and continuation
//! history. Moves are keyed by a hash of `Game::encode_move`, so the
//! tables work for every game.

use crate::continuation::ContinuationHistory;
use crate::correction::CorrectionHistory;
use crate::eval_cache::EvalCache;
use crate::score::MAX_PLY;
use crate::tuning::{HISTORY_BONUS_MAX, SearchParams};

const TABLE_BITS: u32 = 14;
const TABLE_SIZE: usize = 1 << TABLE_BITS;
const HISTORY_MAX: i32 = 16_384;

/// The index of a move code in the history tables.
#[inline(always)]
pub(crate) fn slot(code: u32) -> usize {
    (code.wrapping_mul(0x9E37_79B1) >> (32 - TABLE_BITS)) as usize
}

/// Killers, history and counter-moves of one search thread.
pub(crate) struct Heuristics<M> {
    pub killers: [[M; 2]; MAX_PLY + 1],
    history: Vec<i32>,
    counters: Vec<M>,
    /// Static evaluations already computed (see [`EvalCache`]).
    pub eval_cache: EvalCache,
    /// Learnt corrections of the static evaluation.
    pub correction: CorrectionHistory,
    /// Quiet moves' scores after earlier moves (searches with
    /// `Switches::continuation_history`).
    pub continuation: ContinuationHistory,
}

/// A quiet move that cut a node, for [`Heuristics::reward`].
pub(crate) struct Cutoff<M> {
    /// The team that moved.
    pub team: usize,
    /// The node's ply.
    pub ply: usize,
    /// The move.
    pub mv: M,
    /// Its code (`Game::encode_move`).
    pub code: u32,
    /// Its continuation key (`Evaluate::continuation_key`).
    pub key: u16,
    /// The code of the move before it (0: none).
    pub previous_code: u32,
    /// The continuation keys of the moves one and two plies before it, when
    /// the game keeps continuation histories (`None`: it does not).
    pub contexts: Option<[u16; 2]>,
    /// The node's depth.
    pub depth: i32,
}

/// The history bonus of a cutoff at `depth`: depth squared up to a cap, or,
/// with continuation histories, a larger step, so that their sparse tables
/// learn within a game.
#[inline(always)]
fn bonus(params: &SearchParams, depth: i32, continuation: bool) -> i32 {
    if continuation {
        (params.continuation_bonus_per_depth2 * depth * depth).min(params.continuation_bonus_max)
    } else {
        (depth * depth).min(HISTORY_BONUS_MAX)
    }
}

impl<M: Copy + Default + PartialEq> Heuristics<M> {
    pub fn new() -> Self {
        Self {
            killers: [[M::default(); 2]; MAX_PLY + 1],
            history: vec![0; 2 * TABLE_SIZE],
            counters: vec![M::default(); 2 * TABLE_SIZE],
            eval_cache: EvalCache::new(),
            correction: CorrectionHistory::new(),
            continuation: ContinuationHistory::new(),
        }
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        *self = Self::new();
    }

    /// Whether nothing is remembered (as new).
    #[cfg(test)]
    pub fn is_empty(&self) -> bool {
        self.history.iter().all(|&h| h == 0)
            && self.killers.iter().flatten().all(|k| *k == M::default())
            && self.counters.iter().all(|c| *c == M::default())
            && self.correction.is_empty()
            && self.continuation.is_empty()
    }

    /// Forgets the killers (a new search).
    pub fn new_search(&mut self) {
        self.killers = [[M::default(); 2]; MAX_PLY + 1];
    }

    #[inline(always)]
    pub fn history(&self, team: usize, code: u32) -> i32 {
        self.history[team * TABLE_SIZE + slot(code)]
    }

    #[inline(always)]
    pub fn counter(&self, team: usize, previous_code: u32) -> M {
        self.counters[team * TABLE_SIZE + slot(previous_code)]
    }

    /// A quiet move caused a cutoff: remember it, reward it, and penalise
    /// the quiet moves tried before it (`tried`: their codes and
    /// continuation keys), by the bonus `params` give.
    pub fn reward(&mut self, cutoff: Cutoff<M>, tried: &[(u32, u16)], params: &SearchParams) {
        let Cutoff {
            team,
            ply,
            mv,
            code,
            key,
            previous_code,
            contexts,
            depth,
        } = cutoff;
        if self.killers[ply][0] != mv {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = mv;
        }
        if previous_code != 0 {
            self.counters[team * TABLE_SIZE + slot(previous_code)] = mv;
        }
        let bonus = bonus(params, depth, contexts.is_some());
        self.update(team, code, bonus);
        for &(other, _) in tried {
            if other != code {
                self.update(team, other, -bonus);
            }
        }
        for context in contexts.into_iter().flatten() {
            self.continuation.update(context, key, bonus);
            for &(other, other_key) in tried {
                if other != code {
                    self.continuation.update(context, other_key, -bonus);
                }
            }
        }
    }

    #[inline(always)]
    fn update(&mut self, team: usize, code: u32, bonus: i32) {
        let entry = &mut self.history[team * TABLE_SIZE + slot(code)];
        *entry += bonus - *entry * bonus.abs() / HISTORY_MAX;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::continuation::NO_CONTEXT;

    const PARAMS: SearchParams = SearchParams::DEFAULT;

    /// A cutoff by move 11 (continuation key 100) at ply 3, after move 5.
    fn cutoff(contexts: Option<[u16; 2]>, depth: i32) -> Cutoff<u32> {
        Cutoff {
            team: 0,
            ply: 3,
            mv: 11,
            code: 11,
            key: 100,
            previous_code: 5,
            contexts,
            depth,
        }
    }

    #[test]
    fn a_cutoff_rewards_its_move_and_penalises_the_quiet_moves_before_it() {
        let mut heuristics = Heuristics::<u32>::new();
        heuristics.reward(cutoff(None, 3), &[(7, 200), (11, 100)], &PARAMS);
        assert_eq!(heuristics.killers[3][0], 11);
        assert_eq!(heuristics.counter(0, 5), 11);
        assert_eq!(heuristics.history(0, 11), 9);
        assert_eq!(heuristics.history(0, 7), -9);
        assert_eq!(heuristics.history(1, 11), 0);
        // Without continuation histories the bonus is depth squared, capped.
        heuristics.reward(cutoff(None, 30), &[], &PARAMS);
        assert_eq!(
            heuristics.history(0, 11),
            9 + HISTORY_BONUS_MAX - 9 * HISTORY_BONUS_MAX / HISTORY_MAX
        );
        assert!(heuristics.continuation.is_empty());
    }

    #[test]
    fn continuation_histories_learn_after_both_earlier_moves_at_the_faster_rate() {
        let mut heuristics = Heuristics::<u32>::new();
        heuristics.reward(
            cutoff(Some([40, NO_CONTEXT]), 3),
            &[(7, 200), (11, 100)],
            &PARAMS,
        );
        let bonus = PARAMS.continuation_bonus_per_depth2 * 9;
        assert_eq!(heuristics.history(0, 11), bonus);
        assert_eq!(heuristics.history(0, 7), -bonus);
        assert_eq!(heuristics.continuation.get(40, 100), bonus);
        assert_eq!(heuristics.continuation.get(40, 200), -bonus);
        // The move two plies back is a context of its own; deep cutoffs
        // are capped.
        heuristics.reward(cutoff(Some([40, 41]), 20), &[], &PARAMS);
        assert_eq!(
            heuristics.continuation.get(41, 100),
            PARAMS.continuation_bonus_max
        );
        assert_eq!(heuristics.continuation.get(41, 200), 0);
    }
}
