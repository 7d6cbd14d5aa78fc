//! Continuation histories: how well a quiet move has done right after a
//! given earlier move, one or two plies back. Moves are named by
//! [`Evaluate::continuation_key`] (in chess the moving piece and its target
//! square), and one per-thread table of `CONTINUATION_KEYS`² entries serves
//! both distances, as a quiet move's history is read against each earlier
//! move's key. Only searches with [`Switches::continuation_history`] read
//! or fill it.
//!
//! [`Evaluate::continuation_key`]: augur_core::Evaluate::continuation_key
//! [`Switches::continuation_history`]: crate::Switches::continuation_history

use augur_core::CONTINUATION_KEYS;

/// The context of a ply whose move has no key: the root's parent, a null
/// move. Reads as 0 and learns nothing.
pub(crate) const NO_CONTEXT: u16 = u16::MAX;

/// Entries stay within ± this (the same scale as the main history).
const HISTORY_MAX: i32 = 16_384;

/// The continuation history of one search thread.
pub(crate) struct ContinuationHistory {
    table: Vec<i16>,
}

impl ContinuationHistory {
    /// An empty table.
    pub fn new() -> Self {
        Self {
            table: vec![0; CONTINUATION_KEYS * CONTINUATION_KEYS],
        }
    }

    #[inline(always)]
    fn index(context: u16, key: u16) -> Option<usize> {
        let (context, key) = (usize::from(context), usize::from(key));
        (context < CONTINUATION_KEYS && key < CONTINUATION_KEYS)
            .then(|| context * CONTINUATION_KEYS + key)
    }

    /// The score of a move with `key` played after a move with `context`.
    #[inline(always)]
    pub fn get(&self, context: u16, key: u16) -> i32 {
        Self::index(context, key).map_or(0, |i| i32::from(self.table[i]))
    }

    /// Moves the score of `key` after `context` by `bonus` (negative: a
    /// penalty), with the usual gravity: the closer to the bound, the
    /// smaller the step.
    #[inline(always)]
    pub fn update(&mut self, context: u16, key: u16, bonus: i32) {
        if let Some(i) = Self::index(context, key) {
            let entry = i32::from(self.table[i]);
            let next = entry + bonus - entry * bonus.abs() / HISTORY_MAX;
            self.table[i] = next.clamp(-HISTORY_MAX, HISTORY_MAX) as i16;
        }
    }

    /// Whether every score is zero.
    #[cfg(test)]
    pub fn is_empty(&self) -> bool {
        self.table.iter().all(|&h| h == 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rewards_and_penalties_stay_within_the_bound() {
        let mut history = ContinuationHistory::new();
        for _ in 0..1_000 {
            history.update(3, 700, 2_048);
            history.update(3, 701, -2_048);
        }
        assert!((HISTORY_MAX - 2_048..=HISTORY_MAX).contains(&history.get(3, 700)));
        assert!((-HISTORY_MAX..=-HISTORY_MAX + 2_048).contains(&history.get(3, 701)));
        // Other contexts and keys are untouched.
        assert_eq!(history.get(4, 700), 0);
        assert_eq!(history.get(3, 702), 0);
    }

    #[test]
    fn a_missing_context_reads_zero_and_learns_nothing() {
        let mut history = ContinuationHistory::new();
        history.update(NO_CONTEXT, 5, 1_000);
        assert_eq!(history.get(NO_CONTEXT, 5), 0);
        assert!(history.is_empty());
        history.update(7, 5, 1_000);
        assert_eq!(history.get(7, 5), 1_000);
    }
}
