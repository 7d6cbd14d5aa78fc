//! Texel tuning: fit the sigmoid scale `K`, then minimise the mean squared
//! error between `sigmoid(K · eval)` and the game results by Adam over
//! mini-batches, with the gradient summed in parallel.
//!
//! During optimisation weights are real numbers and the blend is not
//! rounded; the final weights are rounded to integers.

use crate::data::{Dataset, Entry};
use augur_chess::NUM_WEIGHTS;
use augur_core::SplitMix64;
use rayon::prelude::*;

/// Real-valued weights: `[mg, eg]` per index.
pub type Params = Vec<[f64; 2]>;

/// `1 / (1 + e^(-k·eval))`.
#[inline]
pub fn sigmoid(k: f64, eval: f64) -> f64 {
    1.0 / (1.0 + (-k * eval).exp())
}

/// The unrounded evaluation of one entry, White's point of view.
#[inline]
pub fn evaluate(data: &Dataset, entry: &Entry, params: &[[f64; 2]]) -> f64 {
    let (mut mg, mut eg) = (0.0, 0.0);
    for &(index, coefficient) in data.terms_of(entry) {
        let [m, e] = params[index as usize];
        mg += m * f64::from(coefficient);
        eg += e * f64::from(coefficient);
    }
    let phase = f64::from(entry.phase) / 24.0;
    mg * phase + eg * (1.0 - phase)
}

/// Mean squared error of precomputed evaluations against the results.
pub fn error_of_evals(data: &Dataset, evals: &[f64], k: f64) -> f64 {
    let sum: f64 = data
        .entries
        .par_iter()
        .zip(evals.par_iter())
        .map(|(entry, &eval)| (sigmoid(k, eval) - entry.result).powi(2))
        .sum();
    sum / data.entries.len().max(1) as f64
}

/// Mean squared error of the whole dataset with `params`.
pub fn error(data: &Dataset, params: &[[f64; 2]], k: f64) -> f64 {
    let sum: f64 = data
        .entries
        .par_iter()
        .map(|entry| (sigmoid(k, evaluate(data, entry, params)) - entry.result).powi(2))
        .sum();
    sum / data.entries.len().max(1) as f64
}

/// The `K` minimising the error for fixed evaluations (golden-section
/// search; the error is unimodal in `K` for any sensible evaluation).
pub fn fit_k(data: &Dataset, evals: &[f64]) -> f64 {
    let (mut lo, mut hi) = (0.0f64, 0.05f64);
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let mut a = hi - ratio * (hi - lo);
    let mut b = lo + ratio * (hi - lo);
    let mut fa = error_of_evals(data, evals, a);
    let mut fb = error_of_evals(data, evals, b);
    for _ in 0..60 {
        if fa < fb {
            hi = b;
            b = a;
            fb = fa;
            a = hi - ratio * (hi - lo);
            fa = error_of_evals(data, evals, a);
        } else {
            lo = a;
            a = b;
            fa = fb;
            b = lo + ratio * (hi - lo);
            fb = error_of_evals(data, evals, b);
        }
    }
    (lo + hi) / 2.0
}

/// Settings of one optimisation run.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// Passes over the data.
    pub epochs: usize,
    /// Adam's step size, in centipawns.
    pub learning_rate: f64,
    /// Positions per gradient step (the whole set when larger).
    pub batch_size: usize,
    /// Seed for shuffling the batches.
    pub seed: u64,
    /// Strength of the pull of every weight towards its starting value:
    /// `l2 · Σ (w − w₀)²` is added to the error. Weights the data rarely
    /// uses stay near their starting values instead of drifting to
    /// extremes (Adam moves rare weights as fast as common ones).
    pub l2: f64,
}

/// The gradient of the summed squared error over `batch` (entry indices).
fn gradient(data: &Dataset, batch: &[u32], params: &[[f64; 2]], k: f64) -> Vec<[f64; 2]> {
    batch
        .par_iter()
        .with_min_len(512)
        .fold(
            || vec![[0.0; 2]; NUM_WEIGHTS],
            |mut grad, &i| {
                let entry = &data.entries[i as usize];
                let s = sigmoid(k, evaluate(data, entry, params));
                // d/d eval of (s - r)^2.
                let d = 2.0 * (s - entry.result) * s * (1.0 - s) * k;
                let phase = f64::from(entry.phase) / 24.0;
                let (dm, de) = (d * phase, d * (1.0 - phase));
                for &(index, coefficient) in data.terms_of(entry) {
                    let c = f64::from(coefficient);
                    let g = &mut grad[index as usize];
                    g[0] += dm * c;
                    g[1] += de * c;
                }
                grad
            },
        )
        .reduce(
            || vec![[0.0; 2]; NUM_WEIGHTS],
            |mut a, b| {
                for (x, y) in a.iter_mut().zip(&b) {
                    x[0] += y[0];
                    x[1] += y[1];
                }
                a
            },
        )
}

/// Runs Adam from `params` for `settings.epochs` epochs; `report` receives
/// the epoch number (1-based), the whole dataset's error (without the L2
/// term) after it, and the weights.
pub fn optimise(
    data: &Dataset,
    params: &mut [[f64; 2]],
    k: f64,
    settings: Settings,
    mut report: impl FnMut(usize, f64, &[[f64; 2]]),
) {
    const BETA1: f64 = 0.9;
    const BETA2: f64 = 0.999;
    const EPSILON: f64 = 1e-8;
    let n = data.entries.len();
    let mut order: Vec<u32> = (0..n as u32).collect();
    let batch_size = settings.batch_size.clamp(1, n.max(1));
    let mut m = vec![[0.0f64; 2]; params.len()];
    let mut v = vec![[0.0f64; 2]; params.len()];
    let prior: Vec<[f64; 2]> = params.to_vec();
    let mut rng = SplitMix64::new(settings.seed);
    let mut step = 0i32;
    for epoch in 1..=settings.epochs {
        if batch_size < n {
            // Fisher-Yates shuffle.
            for i in (1..n).rev() {
                let (r, next) = rng.next();
                rng = next;
                order.swap(i, (r % (i as u64 + 1)) as usize);
            }
        }
        for batch in order.chunks(batch_size) {
            let grad = gradient(data, batch, params, k);
            let scale = 1.0 / batch.len() as f64;
            step += 1;
            let correction1 = 1.0 - BETA1.powi(step);
            let correction2 = 1.0 - BETA2.powi(step);
            let moments = m.iter_mut().zip(&mut v);
            for (((p, g), (m, v)), p0) in params.iter_mut().zip(&grad).zip(moments).zip(&prior) {
                for j in 0..2 {
                    let g = g[j] * scale + 2.0 * settings.l2 * (p[j] - p0[j]);
                    m[j] = BETA1 * m[j] + (1.0 - BETA1) * g;
                    v[j] = BETA2 * v[j] + (1.0 - BETA2) * g * g;
                    let m_hat = m[j] / correction1;
                    let v_hat = v[j] / correction2;
                    p[j] -= settings.learning_rate * m_hat / (v_hat.sqrt() + EPSILON);
                }
            }
        }
        report(epoch, error(data, params, k), params);
    }
}

/// Integer weights to real ones.
pub fn to_params(pairs: &[(i32, i32)]) -> Params {
    pairs
        .iter()
        .map(|&(mg, eg)| [f64::from(mg), f64::from(eg)])
        .collect()
}

/// Real weights rounded to integers.
pub fn to_pairs(params: &[[f64; 2]]) -> Vec<(i32, i32)> {
    params
        .iter()
        .map(|&[mg, eg]| (mg.round() as i32, eg.round() as i32))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use augur_chess::eval::layout::{MATERIAL, PSQT};
    use augur_chess::{Position, Weights, linear_features};
    use augur_core::{Game, MoveList};

    /// Positions from random playouts (deterministic).
    fn playout_positions(count: usize, seed: u64) -> Vec<Position> {
        let mut rng = SplitMix64::new(seed);
        let mut out = Vec::new();
        while out.len() < count {
            let mut pos = Position::startpos();
            for _ in 0..120 {
                let mut moves = MoveList::new();
                pos.generate(&mut moves);
                if moves.is_empty() {
                    break;
                }
                let (r, next) = rng.next();
                rng = next;
                pos = pos.play(moves[(r % moves.len() as u64) as usize]);
                if r % 3 == 0 {
                    out.push(pos);
                }
            }
        }
        out.truncate(count);
        out
    }

    /// A synthetic dataset labelled by a "true" material-only evaluation.
    fn synthetic(count: usize) -> (Dataset, f64) {
        let truth = {
            let mut pairs = [(0, 0); NUM_WEIGHTS];
            let values = [(90, 110), (310, 290), (330, 310), (480, 540), (920, 980)];
            pairs[MATERIAL..MATERIAL + 5].copy_from_slice(&values);
            Weights { pairs }
        };
        let k = 0.01;
        let mut rng = SplitMix64::new(99);
        let samples: Vec<(Position, f64)> = playout_positions(count, 5)
            .into_iter()
            .map(|pos| {
                let p = sigmoid(k, f64::from(linear_features(&pos).evaluate(&truth)));
                let (r, next) = rng.next();
                rng = next;
                let u = (r >> 11) as f64 / (1u64 << 53) as f64;
                // A win, loss or draw with the model's expected score.
                let result = if u < p * p {
                    1.0
                } else if u < p * p + 2.0 * p * (1.0 - p) {
                    0.5
                } else {
                    0.0
                };
                (pos, result)
            })
            .collect();
        (Dataset::from_positions(&samples), k)
    }

    #[test]
    fn float_evaluation_matches_the_integer_one_for_integer_weights() {
        let positions = playout_positions(300, 1);
        let samples: Vec<_> = positions.iter().map(|p| (*p, 0.5)).collect();
        let data = Dataset::from_positions(&samples);
        let params = to_params(&augur_chess::DEFAULT_WEIGHTS.pairs);
        for (entry, pos) in data.entries.iter().zip(&positions) {
            let exact = augur_chess::evaluate_white(pos);
            let float = evaluate(&data, entry, &params);
            assert!((float - f64::from(exact)).abs() < 1.0, "{pos:?}");
        }
    }

    #[test]
    fn tuning_reduces_the_error_on_synthetic_data() {
        let (data, k) = synthetic(4000);
        // Start far from the truth: material and piece-square tables off.
        let mut pairs = augur_chess::DEFAULT_WEIGHTS.pairs.to_vec();
        for pair in &mut pairs[MATERIAL..PSQT] {
            *pair = (100, 100);
        }
        let mut params = to_params(&pairs);
        let before = error(&data, &params, k);
        let fitted = fit_k(&data, &data_evals(&data, &params));
        assert!(fitted > 0.0 && fitted < 0.05, "K = {fitted}");
        let mut errors = Vec::new();
        let settings = Settings {
            epochs: 20,
            learning_rate: 2.0,
            batch_size: 1024,
            seed: 3,
            l2: 0.0,
        };
        optimise(&data, &mut params, k, settings, |_, e, _| errors.push(e));
        assert_eq!(errors.len(), 20);
        let after = errors[errors.len() - 1];
        assert!(
            after < before * 0.95,
            "error {before} -> {after} ({errors:?})"
        );
        // The rounded weights evaluate close to the real ones.
        let rounded = to_params(&to_pairs(&params));
        assert!((error(&data, &rounded, k) - after).abs() < 1e-3);
    }

    fn data_evals(data: &Dataset, params: &[[f64; 2]]) -> Vec<f64> {
        data.entries
            .iter()
            .map(|e| evaluate(data, e, params))
            .collect()
    }

    #[test]
    fn l2_keeps_weights_near_their_start() {
        let (data, k) = synthetic(2000);
        let start = to_params(&augur_chess::DEFAULT_WEIGHTS.pairs);
        let distance = |l2: f64| {
            let mut params = start.clone();
            let settings = Settings {
                epochs: 5,
                learning_rate: 2.0,
                batch_size: 512,
                seed: 3,
                l2,
            };
            optimise(&data, &mut params, k, settings, |_, _, _| {});
            params
                .iter()
                .zip(&start)
                .map(|(p, s)| (p[0] - s[0]).powi(2) + (p[1] - s[1]).powi(2))
                .sum::<f64>()
        };
        let free = distance(0.0);
        let held = distance(1e-3);
        assert!(held < free * 0.5, "free {free}, held {held}");
    }

    #[test]
    fn k_fit_recovers_the_generating_scale() {
        // Results drawn from sigmoid(K · material eval) with K = 0.01: the
        // fitted K with the true evaluation lands near it.
        let (data, k) = synthetic(4000);
        let mut pairs = vec![(0, 0); NUM_WEIGHTS];
        let values = [(90, 110), (310, 290), (330, 310), (480, 540), (920, 980)];
        pairs[MATERIAL..MATERIAL + 5].copy_from_slice(&values);
        let params = to_params(&pairs);
        let fitted = fit_k(&data, &data_evals(&data, &params));
        assert!((fitted - k).abs() < 0.005, "fitted K {fitted}, true {k}");
    }
}
