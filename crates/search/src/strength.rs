//! Playing at a chosen strength (the protocol's `UCI_LimitStrength` with
//! `UCI_Elo`, and `Skill Level`), so that a limited Augur loses the way a
//! weaker player does, not by random blunders every few moves:
//!
//! - a shallower search: the depth is capped by the level;
//! - evaluation noise: each position's static evaluation is shifted by a
//!   fixed pseudo-random amount (the same for the same position within a
//!   search, so the tree stays consistent), larger at lower levels;
//! - sometimes the second-best line: the root is searched with
//!   [`Strength::LINES`] lines and the move played is the line whose score,
//!   plus a random push that grows with the weakness, is highest, so a
//!   weak level often picks a move a little worse than the best, rarely one
//!   much worse, and never gives up a mate it has found.
//!
//! The Elo scale ([`MIN_ELO`] to [`MAX_ELO`]) is meant to match Stockfish's
//! `UCI_Elo` in standard chess; `docs/strength-levels.md` records how it is
//! measured.

use augur_core::SplitMix64;

use crate::score::MATE_BOUND;

/// The weakest level, in Elo.
pub const MIN_ELO: u32 = 1000;
/// The strongest limited level, in Elo; full strength is unlimited.
pub const MAX_ELO: u32 = 2400;
/// The largest `Skill Level`.
pub const MAX_SKILL_LEVEL: u32 = 20;

/// A strength below full strength.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Strength {
    elo: u32,
}

impl Strength {
    /// Lines searched at the root to choose from.
    pub const LINES: usize = 4;

    /// The level of `elo`, clamped to [`MIN_ELO`]..=[`MAX_ELO`].
    pub fn from_elo(elo: u32) -> Self {
        Self {
            elo: elo.clamp(MIN_ELO, MAX_ELO),
        }
    }

    /// `Skill Level` 0-20 on the same scale: 0 is [`MIN_ELO`], 20 is
    /// [`MAX_ELO`], evenly spaced (70 Elo a level).
    pub fn from_skill_level(level: u32) -> Self {
        let level = level.min(MAX_SKILL_LEVEL);
        Self::from_elo(MIN_ELO + level * (MAX_ELO - MIN_ELO) / MAX_SKILL_LEVEL)
    }

    /// The level in Elo.
    pub fn elo(self) -> u32 {
        self.elo
    }

    /// 0 at [`MAX_ELO`], 1 at [`MIN_ELO`].
    fn weakness(self) -> f64 {
        f64::from(MAX_ELO - self.elo) / f64::from(MAX_ELO - MIN_ELO)
    }

    /// The deepest iteration searched: 1 at [`MIN_ELO`], one more per 125
    /// Elo (12 at [`MAX_ELO`]).
    pub(crate) fn max_depth(self) -> u32 {
        1 + (self.elo - MIN_ELO) / 125
    }

    /// The largest evaluation shift, in centipawns: 250 times the weakness
    /// to the power 1.5 (250 at [`MIN_ELO`], 129 at 1500, 38 at 2000, 0 at
    /// [`MAX_ELO`]).
    pub(crate) fn eval_noise(self) -> i32 {
        (self.weakness().powf(1.5) * 250.0).round() as i32
    }

    /// The largest random push a line's score gets when the move is chosen,
    /// in centipawns: 300 times the weakness to the power 1.5.
    fn choice_push(self) -> f64 {
        self.weakness().powf(1.5) * 300.0
    }

    /// The line to play among `scores` (best first), drawn from `seed`.
    pub(crate) fn choose(self, scores: &[i32], seed: u64) -> usize {
        let Some(&best) = scores.first() else {
            return 0;
        };
        if best >= MATE_BOUND {
            return 0; // A found mate is always played.
        }
        let mut rng = SplitMix64::new(seed);
        let mut chosen = (0, f64::MIN);
        for (index, &score) in scores.iter().enumerate() {
            let (draw, next) = rng.next();
            rng = next;
            let push = (draw >> 11) as f64 / (1u64 << 53) as f64 * self.choice_push();
            let value = f64::from(score) + push;
            if value > chosen.1 {
                chosen = (index, value);
            }
        }
        chosen.0
    }
}

/// The evaluation shift of the position with `key`: in
/// `-amplitude..=amplitude`, fixed for a key and a seed.
#[inline]
pub(crate) fn eval_shift(key: u64, seed: u64, amplitude: i32) -> i32 {
    if amplitude <= 0 {
        return 0;
    }
    let (draw, _) = SplitMix64::new(key ^ seed).next();
    let span = 2 * amplitude as u64 + 1;
    (draw % span) as i32 - amplitude
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_cover_the_scale_and_weaken_monotonically() {
        assert_eq!(Strength::from_skill_level(0).elo(), MIN_ELO);
        assert_eq!(Strength::from_skill_level(20).elo(), MAX_ELO);
        assert_eq!(Strength::from_skill_level(99).elo(), MAX_ELO);
        assert_eq!(Strength::from_elo(1).elo(), MIN_ELO);
        let mut previous = None;
        for level in 0..=MAX_SKILL_LEVEL {
            let s = Strength::from_skill_level(level);
            if let Some(p) = previous {
                let p: Strength = p;
                assert!(s.elo() > p.elo());
                assert!(s.max_depth() >= p.max_depth());
                assert!(s.eval_noise() <= p.eval_noise());
            }
            previous = Some(s);
        }
        assert_eq!(Strength::from_elo(MAX_ELO).eval_noise(), 0);
        assert_eq!(Strength::from_elo(MIN_ELO).max_depth(), 1);
    }

    #[test]
    fn the_strongest_level_plays_the_best_line_and_weak_ones_sometimes_not() {
        let scores = [50, 40, 10, -400];
        let top = Strength::from_elo(MAX_ELO);
        assert!((0..200).all(|seed| top.choose(&scores, seed) == 0));
        let weak = Strength::from_elo(MIN_ELO);
        let picks: Vec<usize> = (0..400).map(|seed| weak.choose(&scores, seed)).collect();
        assert!(picks.contains(&0) && picks.contains(&1));
        // A line 450 cp worse is never chosen: the push is at most 300 cp.
        assert!(!picks.contains(&3));
        // The best line is still the most frequent choice.
        let best = picks.iter().filter(|&&p| p == 0).count();
        assert!(
            picks
                .iter()
                .all(|&p| picks.iter().filter(|&&q| q == p).count() <= best)
        );
        // A mate is always played.
        assert!((0..100).all(|seed| weak.choose(&[MATE_BOUND + 5, 900], seed) == 0));
    }

    #[test]
    fn the_evaluation_shift_is_bounded_and_fixed_per_position() {
        for key in 0..1000u64 {
            let shift = eval_shift(key.wrapping_mul(0x9E37_79B9_7F4A_7C15), 7, 250);
            assert!((-250..=250).contains(&shift));
            assert_eq!(
                shift,
                eval_shift(key.wrapping_mul(0x9E37_79B9_7F4A_7C15), 7, 250)
            );
        }
        assert_eq!(eval_shift(12345, 7, 0), 0);
        let shifts: std::collections::HashSet<i32> =
            (0..200u64).map(|k| eval_shift(k, 3, 50)).collect();
        assert!(shifts.len() > 50, "the shift varies between positions");
    }
}
