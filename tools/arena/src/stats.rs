//! Statistics of engine-vs-engine matches.
//!
//! Everything is seen from the point of view of the *first* engine: a win
//! scores 1 point, a draw ½ and a loss 0.
//!
//! # Elo and score
//!
//! The logistic Elo model links the expected score `s` of a player to its
//! Elo advantage `d`:
//!
//! ```text
//! s(d) = 1 / (1 + 10^(-d/400))        d(s) = -400 · log10(1/s - 1)
//! ```
//!
//! ([`score_from_elo`] and [`elo_from_score`]). The score is clamped to
//! `[1e-6, 1 - 1e-6]` before the conversion so that a perfect or a zero
//! score gives a large but finite Elo (about ±2400).
//!
//! # Error bar
//!
//! [`estimate`] treats the per-game score `x ∈ {0, ½, 1}` as a trinomial
//! random variable with the observed frequencies `w`, `d`, `l` (fractions
//! of the `n` games):
//!
//! ```text
//! μ  = w + d/2
//! σ² = w·(1-μ)² + d·(½-μ)² + l·(0-μ)²
//! ```
//!
//! The 95% confidence interval of the mean score is `μ ± 1.96·σ/√n`; both
//! ends are converted to Elo and the reported error is the symmetric
//! half-width `(elo(μ + 1.96·σ/√n) - elo(μ - 1.96·σ/√n)) / 2`.
//!
//! # Likelihood of superiority
//!
//! Draws carry no information about which engine is stronger, so the LOS
//! uses only the decisive games (normal approximation of the binomial):
//!
//! ```text
//! LOS = ½ · (1 + erf((wins - losses) / √(2 · (wins + losses))))
//! ```
//!
//! and is ½ when there are no decisive games. [`erf`] is computed here with
//! the everywhere-positive series of Abramowitz & Stegun 7.1.6, with an
//! absolute error below 1e-13.
//!
//! # SPRT
//!
//! [`Sprt`] is the generalized sequential probability ratio test (GSPRT)
//! used by fishtest-style testers, on game *pairs* (the same opening played
//! with both colours), counted in a [`Pentanomial`]. The per-pair score is
//! `x ∈ {0, ¼, ½, ¾, 1}` (the pair's points divided by 2). With `N` pairs,
//! empirical mean `μ` and variance `σ²` of `x`, and `s0`, `s1` the expected
//! scores of the logistic Elo hypotheses `elo0` (H0) and `elo1` (H1):
//!
//! ```text
//! LLR ≈ N · (s1 - s0) · (2μ - s0 - s1) / (2σ²)
//! ```
//!
//! This is the log-likelihood ratio of two normal distributions with means
//! `s0`, `s1` and the common (observed) variance `σ²`, which is the
//! standard approximation of the multinomial GSPRT when `s1 - s0` is small.
//! Every pentanomial bin gets a pseudo-count of ½ (a Jeffreys-style
//! prior) before μ and σ² are taken. Without it a short one-sided sample
//! (say two pairs both won twice) has a near-zero variance and an absurd
//! LLR that "decides" after two pairs; with it a clearly stronger engine
//! still wins the test in a dozen or so pairs. `σ²` is also floored at
//! `1e-9`.
//!
//! The test stops ([`Sprt::decision`]) when the LLR leaves the Wald bounds
//! `(ln(β/(1-α)), ln((1-β)/α))` ([`Sprt::bounds`]): below the lower bound H0
//! is accepted, above the upper bound H1 is accepted.

/// Scores above `1 - SCORE_EPS` or below `SCORE_EPS` are clamped before
/// being converted to Elo.
const SCORE_EPS: f64 = 1e-6;

/// Two-sided 95% quantile of the standard normal distribution.
const Z95: f64 = 1.959_963_984_540_054;

/// Pseudo-count added to every pentanomial bin in [`Sprt::llr`].
const PENTA_PSEUDO_COUNT: f64 = 0.5;

/// Lower bound of the per-pair variance in [`Sprt::llr`].
const MIN_VARIANCE: f64 = 1e-9;

/// Win/draw/loss counts of a match, from the first engine's point of view.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Score {
    /// Games won by the first engine.
    pub wins: u32,
    /// Drawn games.
    pub draws: u32,
    /// Games lost by the first engine.
    pub losses: u32,
}

impl Score {
    /// A score with the given counts.
    pub fn new(wins: u32, draws: u32, losses: u32) -> Self {
        Score {
            wins,
            draws,
            losses,
        }
    }

    /// Number of games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Points of the first engine: 1 per win, ½ per draw.
    pub fn points(&self) -> f64 {
        f64::from(self.wins) + 0.5 * f64::from(self.draws)
    }

    /// Fraction of the available points scored by the first engine, in
    /// `[0, 1]`; 0.5 when no game has been played.
    pub fn ratio(&self) -> f64 {
        match self.games() {
            0 => 0.5,
            n => self.points() / f64::from(n),
        }
    }
}

/// Elo difference corresponding to an expected score `score` in the
/// logistic model: `-400 · log10(1/s - 1)`.
///
/// The score is clamped to `[1e-6, 1 - 1e-6]` first (NaN is treated as
/// 0.5), so the result is always finite (at most about ±2400).
pub fn elo_from_score(score: f64) -> f64 {
    let s = if score.is_nan() {
        0.5
    } else {
        score.clamp(SCORE_EPS, 1.0 - SCORE_EPS)
    };
    // `+ 0.0` turns the -0.0 of an even score into 0.0 (printed "+0").
    -400.0 * (1.0 / s - 1.0).log10() + 0.0
}

/// Expected score of a player `elo` points stronger than its opponent in
/// the logistic model: `1 / (1 + 10^(-elo/400))`. Inverse of
/// [`elo_from_score`] on `(0, 1)`.
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The error function `erf(x) = 2/√π · ∫₀ˣ e^(-t²) dt`.
///
/// Computed with the series `erf(x) = 2/√π · e^(-x²) · Σ 2ⁿ x^(2n+1) /
/// (1·3·…·(2n+1))` (Abramowitz & Stegun 7.1.6), whose terms are all
/// positive, so there is no cancellation; the absolute error is below
/// 1e-13 (measured against a reference erf). For `|x| ≥ 6`, `erf(x)` is `±1` to double precision.
pub fn erf(x: f64) -> f64 {
    if x.is_nan() {
        return f64::NAN;
    }
    let ax = x.abs();
    if ax >= 6.0 {
        return x.signum();
    }
    let x2 = ax * ax;
    let mut term = ax;
    let mut sum = ax;
    let mut n = 0.0;
    // For |x| < 6 the terms peak around n ≈ x² and then decay faster than
    // geometrically; 200 iterations are far more than ever needed.
    for _ in 0..200 {
        n += 1.0;
        term *= 2.0 * x2 / (2.0 * n + 1.0);
        sum += term;
        if term <= sum * 1e-17 {
            break;
        }
    }
    let r = (2.0 / std::f64::consts::PI.sqrt() * (-x2).exp() * sum).min(1.0);
    if x < 0.0 { -r } else { r }
}

/// Elo estimate of a match result; see [`estimate`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EloEstimate {
    /// Estimated Elo difference (first engine minus second engine).
    pub elo: f64,
    /// Half-width of the 95% confidence interval, in Elo. Infinite when no
    /// game has been played, 0 when every game had the same result.
    pub error95: f64,
    /// Likelihood of superiority of the first engine, in `[0, 1]`.
    pub los: f64,
}

/// Elo difference, 95% error bar and likelihood of superiority of a match
/// result (see the module documentation for the formulas).
pub fn estimate(score: &Score) -> EloEstimate {
    let n = score.games();
    let los = los(score);
    if n == 0 {
        return EloEstimate {
            elo: 0.0,
            error95: f64::INFINITY,
            los,
        };
    }
    let nf = f64::from(n);
    let w = f64::from(score.wins) / nf;
    let d = f64::from(score.draws) / nf;
    let l = f64::from(score.losses) / nf;
    let mu = w + 0.5 * d;
    let var = w * (1.0 - mu).powi(2) + d * (0.5 - mu).powi(2) + l * mu.powi(2);
    let margin = Z95 * var.max(0.0).sqrt() / nf.sqrt();
    let lower = elo_from_score(mu - margin);
    let upper = elo_from_score(mu + margin);
    EloEstimate {
        elo: elo_from_score(mu),
        error95: (upper - lower) / 2.0,
        los,
    }
}

/// Likelihood of superiority from the decisive games only.
fn los(score: &Score) -> f64 {
    let decisive = f64::from(score.wins) + f64::from(score.losses);
    if decisive == 0.0 {
        return 0.5;
    }
    let diff = f64::from(score.wins) - f64::from(score.losses);
    0.5 * (1.0 + erf(diff / (2.0 * decisive).sqrt()))
}

/// Game pairs (same opening, colours swapped) counted by the first
/// engine's total score over the pair.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Pentanomial {
    /// Number of pairs in which the first engine scored 0, ½, 1, 1½ and 2
    /// points: LL, LD, DD or WL, WD, WW.
    pub counts: [u32; 5],
}

impl Pentanomial {
    /// An empty count.
    pub fn new() -> Self {
        Self::default()
    }

    /// Records a pair from the first engine's points in each of its two
    /// games (each 0, 0.5 or 1; other values are rounded to the nearest
    /// half point and clamped).
    pub fn add_pair(&mut self, first_game_points: f64, second_game_points: f64) {
        debug_assert!(
            [first_game_points, second_game_points]
                .iter()
                .all(|p| [0.0, 0.5, 1.0].contains(p)),
            "game points must be 0, 0.5 or 1, got {first_game_points} and {second_game_points}"
        );
        let half_points = ((first_game_points + second_game_points) * 2.0).round();
        let index = if half_points.is_nan() {
            2
        } else {
            half_points.clamp(0.0, 4.0) as usize
        };
        self.counts[index] += 1;
    }

    /// Number of pairs recorded.
    pub fn pairs(&self) -> u32 {
        self.counts.iter().sum()
    }
}

/// Outcome of a finished SPRT.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SprtDecision {
    /// The LLR fell below the lower bound: the Elo difference is
    /// (likely) at most `elo0`.
    AcceptH0,
    /// The LLR rose above the upper bound: the Elo difference is
    /// (likely) at least `elo1`.
    AcceptH1,
}

/// Parameters of a sequential probability ratio test of H0: Elo = `elo0`
/// against H1: Elo = `elo1` (logistic Elo, `elo0 < elo1`), with error
/// rates `alpha` (false H1) and `beta` (false H0).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sprt {
    /// Elo difference of the null hypothesis.
    pub elo0: f64,
    /// Elo difference of the alternative hypothesis.
    pub elo1: f64,
    /// Probability of accepting H1 when H0 holds.
    pub alpha: f64,
    /// Probability of accepting H0 when H1 holds.
    pub beta: f64,
}

impl Sprt {
    /// Wald's stopping bounds on the LLR: `(ln(β/(1-α)), ln((1-β)/α))`.
    pub fn bounds(&self) -> (f64, f64) {
        let lower = (self.beta / (1.0 - self.alpha)).ln();
        let upper = ((1.0 - self.beta) / self.alpha).ln();
        (lower, upper)
    }

    /// Generalized SPRT log-likelihood ratio of the pair results `p`:
    /// `N·(s1 - s0)·(2μ - s0 - s1)/(2σ²)` on the per-pair scores (see the
    /// module documentation). 0 when no pair has been played.
    pub fn llr(&self, p: &Pentanomial) -> f64 {
        if p.pairs() == 0 {
            return 0.0;
        }
        let counts = p.counts.map(|c| f64::from(c) + PENTA_PSEUDO_COUNT);
        let n: f64 = counts.iter().sum();
        let x = [0.0, 0.25, 0.5, 0.75, 1.0];
        let mu = counts.iter().zip(x).map(|(c, x)| c * x).sum::<f64>() / n;
        let var = counts
            .iter()
            .zip(x)
            .map(|(c, x)| c * (x - mu).powi(2))
            .sum::<f64>()
            / n;
        let var = var.max(MIN_VARIANCE);
        let s0 = score_from_elo(self.elo0);
        let s1 = score_from_elo(self.elo1);
        n * (s1 - s0) * (2.0 * mu - s0 - s1) / (2.0 * var)
    }

    /// The test's decision on the pair results `p`, or `None` while the LLR
    /// is still between the bounds.
    pub fn decision(&self, p: &Pentanomial) -> Option<SprtDecision> {
        let llr = self.llr(p);
        let (lower, upper) = self.bounds();
        if llr <= lower {
            Some(SprtDecision::AcceptH0)
        } else if llr >= upper {
            Some(SprtDecision::AcceptH1)
        } else {
            None
        }
    }
}

/// One-line summary of a match, e.g.
/// `+12 =5 -3 (score 72.5%) Elo +168 +/- 157, LOS 99.0%`.
pub fn summary_line(score: &Score, est: &EloEstimate) -> String {
    let games = score.games();
    if games > 0 && (score.wins == games || score.losses == games) {
        // A one-sided sample bounds nothing: say so instead of "+/- 0".
        return format!(
            "+{} ={} -{} (score {:.1}%) Elo {} (unbounded: every game {}), LOS {:.1}%",
            score.wins,
            score.draws,
            score.losses,
            100.0 * score.ratio(),
            if score.wins == games { "+inf" } else { "-inf" },
            if score.wins == games { "won" } else { "lost" },
            100.0 * est.los
        );
    }
    format!(
        "+{} ={} -{} (score {:.1}%) Elo {:+.0} +/- {:.0}, LOS {:.1}%",
        score.wins,
        score.draws,
        score.losses,
        100.0 * score.ratio(),
        est.elo,
        est.error95,
        100.0 * est.los
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    #[test]
    fn score_accessors() {
        let s = Score::new(12, 5, 3);
        assert_eq!(s.games(), 20);
        assert_eq!(s.points(), 14.5);
        assert!(close(s.ratio(), 0.725, 1e-12));
        assert_eq!(Score::default().ratio(), 0.5);
    }

    #[test]
    fn elo_known_values() {
        assert!(close(elo_from_score(0.5), 0.0, 1e-9));
        assert!(close(elo_from_score(0.75), 190.848_501_887_864_9, 1e-6));
        assert!(close(elo_from_score(0.25), -190.848_501_887_864_9, 1e-6));
        for elo in [-800.0, -190.0, -10.0, 0.0, 3.5, 100.0, 700.0] {
            assert!(close(elo_from_score(score_from_elo(elo)), elo, 1e-6));
        }
        for s in [0.01, 0.3, 0.5, 0.64, 0.99] {
            assert!(close(score_from_elo(elo_from_score(s)), s, 1e-12));
        }
        assert!(close(score_from_elo(0.0), 0.5, 1e-15));
    }

    #[test]
    fn elo_clamped_at_extremes() {
        let hi = elo_from_score(1.0);
        let lo = elo_from_score(0.0);
        assert!(hi.is_finite() && hi > 2000.0);
        assert!(lo.is_finite() && lo < -2000.0);
        assert!(close(hi, -lo, 1e-6));
        assert!(elo_from_score(f64::NAN) == 0.0);
    }

    #[test]
    fn erf_reference_values() {
        let refs = [
            (0.0, 0.0),
            (0.1, 0.112_462_916_018_284_9),
            (0.5, 0.520_499_877_813_046_5),
            (1.0, 0.842_700_792_949_714_9),
            (1.5, 0.966_105_146_475_310_7),
            (2.0, 0.995_322_265_018_952_7),
            (3.0, 0.999_977_909_503_001_4),
            (4.0, 0.999_999_984_582_742_1),
        ];
        for (x, e) in refs {
            assert!(close(erf(x), e, 1e-12), "erf({x}) = {} != {e}", erf(x));
            assert!(close(erf(-x), -e, 1e-12));
        }
        assert_eq!(erf(7.0), 1.0);
        assert_eq!(erf(-30.0), -1.0);
        assert!(erf(f64::NAN).is_nan());
        // Monotone across the series/saturation boundary.
        assert!(erf(5.999) <= erf(6.0));
    }

    #[test]
    fn estimate_example() {
        let s = Score::new(12, 5, 3);
        let e = estimate(&s);
        assert!(close(e.elo, 168.4, 0.1), "{e:?}");
        assert!(e.error95 > 100.0 && e.error95 < 200.0, "{e:?}");
        assert!(e.los > 0.98 && e.los < 1.0, "{e:?}");
        assert_eq!(
            summary_line(&s, &e),
            format!(
                "+12 =5 -3 (score 72.5%) Elo +168 +/- {:.0}, LOS {:.1}%",
                e.error95,
                100.0 * e.los
            )
        );
    }

    #[test]
    fn error_bar_shrinks_with_more_games() {
        let small = estimate(&Score::new(12, 10, 8));
        let large = estimate(&Score::new(120, 100, 80));
        let huge = estimate(&Score::new(1200, 1000, 800));
        assert!(close(small.elo, large.elo, 1e-9));
        assert!(large.error95 < small.error95);
        assert!(huge.error95 < large.error95);
        // Roughly 1/√n.
        assert!(close(small.error95 / large.error95, 10f64.sqrt(), 0.5));
    }

    #[test]
    fn estimate_degenerate_samples() {
        let none = estimate(&Score::default());
        assert_eq!(none.elo, 0.0);
        assert_eq!(none.los, 0.5);
        assert!(none.error95.is_infinite());

        let draws = estimate(&Score::new(0, 10, 0));
        assert!(close(draws.elo, 0.0, 1e-9));
        assert!(close(draws.error95, 0.0, 1e-9));
        assert_eq!(draws.los, 0.5);

        let wins = estimate(&Score::new(10, 0, 0));
        assert!(wins.elo.is_finite() && wins.elo > 2000.0);
        assert!(wins.error95.is_finite());
    }

    #[test]
    fn los_symmetric() {
        assert_eq!(estimate(&Score::new(7, 3, 7)).los, 0.5);
        assert_eq!(estimate(&Score::new(0, 9, 0)).los, 0.5);
        for (w, d, l) in [(10, 4, 6), (3, 0, 1), (50, 20, 41), (1, 1, 0)] {
            let a = estimate(&Score::new(w, d, l)).los;
            let b = estimate(&Score::new(l, d, w)).los;
            assert!(a > 0.5 && b < 0.5);
            assert!(close(a + b, 1.0, 1e-12));
        }
        // Draws do not change the LOS.
        assert_eq!(
            estimate(&Score::new(10, 0, 6)).los,
            estimate(&Score::new(10, 50, 6)).los
        );
        // 9 more wins than losses out of 15 decisive games.
        assert!(close(
            estimate(&Score::new(12, 5, 3)).los,
            0.5 * (1.0 + erf(9.0 / 30f64.sqrt())),
            1e-15
        ));
    }

    #[test]
    fn pentanomial_add_pair() {
        let mut p = Pentanomial::new();
        p.add_pair(0.0, 0.0);
        p.add_pair(0.5, 0.0);
        p.add_pair(0.0, 0.5);
        p.add_pair(0.5, 0.5);
        p.add_pair(1.0, 0.0);
        p.add_pair(1.0, 0.5);
        p.add_pair(1.0, 1.0);
        assert_eq!(p.counts, [1, 2, 2, 1, 1]);
        assert_eq!(p.pairs(), 7);
    }

    const SPRT: Sprt = Sprt {
        elo0: 0.0,
        elo1: 10.0,
        alpha: 0.05,
        beta: 0.05,
    };

    #[test]
    fn sprt_bounds() {
        let (lo, hi) = SPRT.bounds();
        assert!(close(lo, (0.05f64 / 0.95).ln(), 1e-12));
        assert!(close(hi, (0.95f64 / 0.05).ln(), 1e-12));
        assert!(close(lo, -2.944_438_979, 1e-6));
        let (lo, hi) = Sprt {
            alpha: 0.05,
            beta: 0.1,
            ..SPRT
        }
        .bounds();
        assert!(close(lo, (0.1f64 / 0.95).ln(), 1e-12));
        assert!(close(hi, 18f64.ln(), 1e-12));
    }

    #[test]
    fn sprt_accepts_h1_on_strong_sample() {
        let p = Pentanomial {
            counts: [0, 2, 6, 15, 22],
        };
        assert_eq!(p.pairs(), 45);
        assert!(SPRT.llr(&p) > SPRT.bounds().1, "llr {}", SPRT.llr(&p));
        assert_eq!(SPRT.decision(&p), Some(SprtDecision::AcceptH1));
    }

    #[test]
    fn sprt_accepts_h0_on_balanced_sample() {
        let p = Pentanomial {
            counts: [100, 400, 1000, 400, 100],
        };
        assert!(SPRT.llr(&p) < SPRT.bounds().0, "llr {}", SPRT.llr(&p));
        assert_eq!(SPRT.decision(&p), Some(SprtDecision::AcceptH0));
    }

    #[test]
    fn sprt_undecided_on_small_sample() {
        let p = Pentanomial {
            counts: [1, 2, 4, 2, 1],
        };
        assert_eq!(SPRT.decision(&p), None);
        assert_eq!(SPRT.llr(&Pentanomial::new()), 0.0);
        assert_eq!(SPRT.decision(&Pentanomial::new()), None);
    }

    #[test]
    fn sprt_llr_sign_follows_mean() {
        // Midpoint of s0 and s1 for elo0 = 0, elo1 = 10 is ≈ 0.5072; a
        // balanced sample is below it, a slightly winning one above it.
        let below = Pentanomial {
            counts: [10, 40, 100, 40, 10],
        };
        let above = Pentanomial {
            counts: [10, 40, 100, 50, 10],
        };
        let worse = Pentanomial {
            counts: [10, 50, 100, 40, 10],
        };
        assert!(SPRT.llr(&below) < 0.0);
        assert!(SPRT.llr(&above) > 0.0);
        assert!(SPRT.llr(&worse) < SPRT.llr(&below));
        // Reversed hypotheses flip the sign.
        let rev = Sprt {
            elo0: 10.0,
            elo1: 0.0,
            ..SPRT
        };
        assert!(close(rev.llr(&above), -SPRT.llr(&above), 1e-9));
        // Equal hypotheses carry no information.
        let same = Sprt {
            elo0: 5.0,
            elo1: 5.0,
            ..SPRT
        };
        assert_eq!(same.llr(&above), 0.0);
    }

    #[test]
    fn sprt_degenerate_samples_are_finite() {
        for counts in [[0, 0, 20, 0, 0], [0, 0, 0, 0, 20], [20, 0, 0, 0, 0]] {
            let p = Pentanomial { counts };
            let llr = SPRT.llr(&p);
            assert!(llr.is_finite(), "{counts:?}: {llr}");
        }
        assert!(
            SPRT.llr(&Pentanomial {
                counts: [0, 0, 0, 0, 20]
            }) > 0.0
        );
        assert!(
            SPRT.llr(&Pentanomial {
                counts: [20, 0, 0, 0, 0]
            }) < 0.0
        );
        assert!(
            SPRT.llr(&Pentanomial {
                counts: [0, 0, 20, 0, 0]
            }) < 0.0
        );
    }

    #[test]
    fn summary_line_format() {
        let s = Score::new(3, 4, 5);
        let e = EloEstimate {
            elo: -57.9,
            error95: 180.4,
            los: 0.2743,
        };
        assert_eq!(
            summary_line(&s, &e),
            "+3 =4 -5 (score 41.7%) Elo -58 +/- 180, LOS 27.4%"
        );
        let e0 = estimate(&Score::new(0, 2, 0));
        assert_eq!(
            summary_line(&Score::new(0, 2, 0), &e0),
            "+0 =2 -0 (score 50.0%) Elo +0 +/- 0, LOS 50.0%"
        );
    }
}
