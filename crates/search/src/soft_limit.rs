//! When a clock search stops deepening: the budget's soft limit stretched
//! while the best move is unsettled or the score is falling, and shrunk
//! once the best move has held for several iterations.
//!
//! After every completed iteration the main thread asks
//! [`SoftLimit::after_iteration`] whether to start another. The stretch is
//! the product of two factors:
//!
//! - **stability**: [`STABILITY_FACTORS`] indexed by the number of
//!   iterations the best move has held (0: it changed in this one), the
//!   last entry for every longer run;
//! - **falling score**: `1 + drop / FALLING_SCORE_DIVISOR` where `drop` is
//!   how far the score fell below the mean of the two iterations before
//!   (in centipawns, at most [`FALLING_SCORE_CAP`]); a rising score does
//!   not shrink the limit.
//!
//! The result never passes the hard limit, which aborts the search anyway.

use std::time::Duration;

/// The soft limit's factor by the number of iterations the best move has
/// held: it just changed, held once, twice, ... (the last for longer).
const STABILITY_FACTORS: [f64; 6] = [1.8, 1.4, 1.15, 1.0, 0.9, 0.85];

/// A fall of this many centipawns doubles the soft limit.
const FALLING_SCORE_DIVISOR: f64 = 240.0;

/// The largest fall that still stretches the soft limit further.
const FALLING_SCORE_CAP: i32 = 120;

/// The stretchable soft limit of one clock search.
#[derive(Clone, Debug)]
pub(crate) struct SoftLimit<M> {
    base: Duration,
    hard: Duration,
    best: Option<M>,
    held: usize,
    scores: Vec<i32>,
}

impl<M: Copy + PartialEq> SoftLimit<M> {
    /// A soft limit of `base`, never stretched past `hard`.
    pub(crate) fn new(base: Duration, hard: Duration) -> Self {
        SoftLimit {
            base,
            hard,
            best: None,
            held: 0,
            scores: Vec::new(),
        }
    }

    /// Records a completed iteration's best move and score and returns
    /// the soft limit that now applies.
    pub(crate) fn after_iteration(&mut self, best: M, score: i32) -> Duration {
        if self.best == Some(best) {
            self.held += 1;
        } else {
            self.best = Some(best);
            self.held = 0;
        }
        let stability = STABILITY_FACTORS[self.held.min(STABILITY_FACTORS.len() - 1)];
        let falling = match self.scores.as_slice() {
            [.., a, b] => {
                let reference = (i64::from(*a) + i64::from(*b)) / 2;
                let drop = (reference - i64::from(score)).clamp(0, i64::from(FALLING_SCORE_CAP));
                1.0 + drop as f64 / FALLING_SCORE_DIVISOR
            }
            _ => 1.0,
        };
        self.scores.push(score);
        self.base.mul_f64(stability * falling).min(self.hard)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BASE: Duration = Duration::from_millis(1_000);
    const HARD: Duration = Duration::from_millis(4_000);

    #[test]
    fn a_settled_best_move_shrinks_the_limit_step_by_step() {
        let mut limit = SoftLimit::new(BASE, HARD);
        let limits: Vec<u128> = (0..8)
            .map(|_| limit.after_iteration(7u32, 30).as_millis())
            .collect();
        assert_eq!(limits, [1_800, 1_400, 1_150, 1_000, 900, 850, 850, 850]);
    }

    #[test]
    fn a_new_best_move_stretches_the_limit_again() {
        let mut limit = SoftLimit::new(BASE, HARD);
        for _ in 0..5 {
            limit.after_iteration(1u32, 0);
        }
        assert_eq!(limit.after_iteration(2, 0), Duration::from_millis(1_800));
        assert_eq!(limit.after_iteration(2, 0), Duration::from_millis(1_400));
    }

    #[test]
    fn a_falling_score_stretches_and_a_rising_one_does_not_shrink() {
        let settled = || {
            let mut limit = SoftLimit::new(BASE, HARD);
            for _ in 0..6 {
                limit.after_iteration(1u32, 100);
            }
            limit
        };
        // 60 cp below the mean of the last two: x1.25 on the settled 0.85.
        assert_eq!(settled().after_iteration(1, 40).as_millis(), 1_062);
        // A fall beyond the cap counts as the cap: x1.5.
        assert_eq!(settled().after_iteration(1, -500).as_millis(), 1_275);
        assert_eq!(settled().after_iteration(1, 400).as_millis(), 850);
    }

    #[test]
    fn the_stretch_never_passes_the_hard_limit() {
        let mut limit = SoftLimit::new(BASE, Duration::from_millis(1_500));
        limit.after_iteration(1u32, 0);
        limit.after_iteration(2u32, 0);
        assert_eq!(
            limit.after_iteration(3u32, -300),
            Duration::from_millis(1_500)
        );
    }
}
