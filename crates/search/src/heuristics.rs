//! Per-thread memory kept between nodes (and between searches of one
//! game): killer moves per ply, a history score per (team, move) and a
//! counter-move per (team, previous move) for move ordering, and the
//! thread's evaluation cache and correction history. Moves are keyed by a hash of
//! `Game::encode_move`, so the tables work for every game.

use crate::correction::CorrectionHistory;
use crate::eval_cache::EvalCache;
use crate::score::MAX_PLY;
use crate::tuning::HISTORY_BONUS_MAX;

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
}

impl<M: Copy + Default + PartialEq> Heuristics<M> {
    pub fn new() -> Self {
        Self {
            killers: [[M::default(); 2]; MAX_PLY + 1],
            history: vec![0; 2 * TABLE_SIZE],
            counters: vec![M::default(); 2 * TABLE_SIZE],
            eval_cache: EvalCache::new(),
            correction: CorrectionHistory::new(),
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

    /// A quiet move caused a cutoff at `ply`: remember it, reward it, and
    /// penalise the quiet moves tried before it.
    #[allow(clippy::too_many_arguments)]
    pub fn reward(
        &mut self,
        team: usize,
        ply: usize,
        mv: M,
        code: u32,
        previous_code: u32,
        depth: i32,
        tried: &[u32],
    ) {
        if self.killers[ply][0] != mv {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = mv;
        }
        if previous_code != 0 {
            self.counters[team * TABLE_SIZE + slot(previous_code)] = mv;
        }
        let bonus = (depth * depth).min(HISTORY_BONUS_MAX);
        self.update(team, code, bonus);
        for &other in tried {
            if other != code {
                self.update(team, other, -bonus);
            }
        }
    }

    #[inline(always)]
    fn update(&mut self, team: usize, code: u32, bonus: i32) {
        let entry = &mut self.history[team * TABLE_SIZE + slot(code)];
        *entry += bonus - *entry * bonus.abs() / HISTORY_MAX;
    }
}
