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
//! The three are read off a table of anchor levels ([`ANCHORS`]) and
//! interpolated linearly between them; the anchors were calibrated against
//! Stockfish's `UCI_Elo` in standard chess (`docs/strength-levels.md`
//! records the measurements). [`MAX_ELO`] is full strength. The last
//! anchor, [`LIMITED_TOP_ELO`], searches without cap, noise or choice:
//! in chess it is full strength with the hand-written evaluation (limited
//! levels search with it), so every level from it up to just below
//! [`MAX_ELO`] plays alike.

use augur_core::SplitMix64;

use crate::score::MATE_BOUND;

/// The weakest level, in Elo.
pub const MIN_ELO: u32 = 1000;
/// The strongest level, in Elo: full strength (in chess with the network),
/// which measured about even with Stockfish 15.1's `UCI_Elo` 2500 at
/// 10+0.1 (`docs/strength-levels.md`).
pub const MAX_ELO: u32 = 2500;
/// The last calibrated anchor: no cap, no noise, one line. In chess the
/// limited levels search with the hand-written evaluation, which at full
/// strength measured about 2250-2350 on Stockfish's scale; levels from
/// here to just below [`MAX_ELO`] play as this one.
pub const LIMITED_TOP_ELO: u32 = 2300;
/// The largest `Skill Level`.
pub const MAX_SKILL_LEVEL: u32 = 20;

/// One calibrated level: Elo, depth cap, largest evaluation shift (cp) and
/// largest choice push (cp). Levels between two anchors interpolate.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Anchor {
    /// The level, in Elo.
    pub elo: u32,
    /// The deepest iteration searched.
    pub depth: f64,
    /// The largest evaluation shift, in centipawns.
    pub noise: f64,
    /// The largest random push a root line's score gets, in centipawns.
    pub push: f64,
}

/// The depth standing for "no cap" at [`LIMITED_TOP_ELO`] when
/// interpolating.
const UNCAPPED_DEPTH: f64 = 20.0;

/// The calibrated levels, weakest first; the first is [`MIN_ELO`] and the
/// last [`LIMITED_TOP_ELO`] (no cap, no noise, one line).
pub const ANCHORS: [Anchor; 4] = [
    Anchor {
        elo: MIN_ELO,
        depth: 1.0,
        noise: 250.0,
        push: 300.0,
    },
    Anchor {
        elo: 1500,
        depth: 4.0,
        noise: 150.0,
        push: 180.0,
    },
    Anchor {
        elo: 2000,
        depth: 9.0,
        noise: 38.0,
        push: 46.0,
    },
    Anchor {
        elo: LIMITED_TOP_ELO,
        depth: UNCAPPED_DEPTH,
        noise: 0.0,
        push: 0.0,
    },
];

/// A strength below full strength.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Strength {
    elo: u32,
}

impl Strength {
    /// Lines searched at the root to choose from (one at full strength).
    pub const LINES: usize = 4;

    /// The level of `elo`, clamped to [`MIN_ELO`]..=[`MAX_ELO`].
    pub fn from_elo(elo: u32) -> Self {
        Self {
            elo: elo.clamp(MIN_ELO, MAX_ELO),
        }
    }

    /// `Skill Level` 0-20 on the same scale: 0 is [`MIN_ELO`], 20 is
    /// [`MAX_ELO`], evenly spaced (75 Elo a level).
    pub fn from_skill_level(level: u32) -> Self {
        let level = level.min(MAX_SKILL_LEVEL);
        Self::from_elo(MIN_ELO + level * (MAX_ELO - MIN_ELO) / MAX_SKILL_LEVEL)
    }

    /// The level in Elo.
    pub fn elo(self) -> u32 {
        self.elo
    }

    /// The anchor values at this level, interpolated linearly.
    fn interpolated(self) -> Anchor {
        let elo = self.elo;
        for pair in ANCHORS.windows(2) {
            let (low, high) = (pair[0], pair[1]);
            if elo <= high.elo {
                let t = f64::from(elo.saturating_sub(low.elo)) / f64::from(high.elo - low.elo);
                let mix = |a: f64, b: f64| a + (b - a) * t;
                return Anchor {
                    elo,
                    depth: mix(low.depth, high.depth),
                    noise: mix(low.noise, high.noise),
                    push: mix(low.push, high.push),
                };
            }
        }
        ANCHORS[ANCHORS.len() - 1]
    }

    /// The deepest iteration searched, `None` at full strength.
    pub(crate) fn max_depth(self) -> Option<u32> {
        let depth = self.interpolated().depth;
        (depth < UNCAPPED_DEPTH).then_some(depth.floor().max(1.0) as u32)
    }

    /// The largest evaluation shift, in centipawns.
    pub(crate) fn eval_noise(self) -> i32 {
        self.interpolated().noise.round() as i32
    }

    /// The largest random push a line's score gets when the move is chosen,
    /// in centipawns.
    fn choice_push(self) -> f64 {
        self.interpolated().push
    }

    /// Root lines to search: [`Strength::LINES`] when a push can choose
    /// among them, else one.
    pub(crate) fn lines(self) -> usize {
        if self.choice_push() > 0.0 {
            Self::LINES
        } else {
            1
        }
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
                assert!(s.max_depth().unwrap_or(u32::MAX) >= p.max_depth().unwrap_or(u32::MAX));
                assert!(s.eval_noise() <= p.eval_noise());
            }
            previous = Some(s);
        }
        assert_eq!(Strength::from_elo(MAX_ELO).eval_noise(), 0);
        assert_eq!(Strength::from_elo(MAX_ELO).max_depth(), None);
        assert_eq!(Strength::from_elo(MAX_ELO).lines(), 1);
        // From the last anchor up, the levels search without cap or noise.
        for elo in [
            LIMITED_TOP_ELO,
            (LIMITED_TOP_ELO + MAX_ELO) / 2,
            MAX_ELO - 1,
        ] {
            let s = Strength::from_elo(elo);
            assert_eq!((s.max_depth(), s.eval_noise(), s.lines()), (None, 0, 1));
        }
        assert_eq!(
            Strength::from_elo(LIMITED_TOP_ELO - 150).max_depth(),
            Some(14)
        );
        assert_eq!(Strength::from_elo(MIN_ELO).max_depth(), Some(1));
        assert_eq!(Strength::from_elo(MIN_ELO).lines(), Strength::LINES);
        // Between anchors the values interpolate.
        let (a, b) = (ANCHORS[1], ANCHORS[2]);
        let mid = Strength::from_elo((a.elo + b.elo) / 2);
        assert_eq!(mid.eval_noise(), ((a.noise + b.noise) / 2.0).round() as i32);
        assert_eq!(
            mid.max_depth(),
            Some(((a.depth + b.depth) / 2.0).floor() as u32)
        );
    }

    #[test]
    fn the_strongest_level_plays_the_best_line_and_weak_ones_sometimes_not() {
        let scores = [50, 40, 10, -400];
        let top = Strength::from_elo(2250);
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
        // Every shift in the range occurs, both ends included.
        let small: std::collections::BTreeSet<i32> =
            (0..1000u64).map(|k| eval_shift(k, 3, 3)).collect();
        assert_eq!(small, (-3..=3).collect());
    }
}
