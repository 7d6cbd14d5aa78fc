//! Fits Enochian chess's evaluation weights to the results of Augur's own
//! games (Texel's method on every feature; the evaluation is linear): reads
//! `<position> | <result>` lines from `augur-selfplay --variant enochian`
//! (`1-0` = Blue and Black won), takes each position's features
//! (`Position::eval_features`, first team minus second; the evaluation's
//! own feature extraction, so nothing can drift), and fits the weights by
//! gradient descent on the mean squared error of `sigmoid(K * eval)`
//! against the results, with K fitted first on the starting weights, the
//! pawn fixed as the unit, and an L2 pull towards the starting weights.
//! Prints an `EVAL_WEIGHTS` array to copy into `crates/enochian/src/eval.rs`,
//! to be kept only if it wins in the arena.
//!
//! ```sh
//! cargo run --release -p augur-selfplay -- --variant enochian --games 3000 --nodes 4000 --out target/enochian-selfplay.txt
//! cargo run --release -p augur-tune --bin augur-tune-enochian-eval -- target/enochian-selfplay.txt
//! ```

use augur_core::Team;
use augur_enochian::{
    EVAL_FEATURES as MATERIAL_FEATURES, EVAL_NAMES as MATERIAL_NAMES,
    EVAL_WEIGHTS as MATERIAL_WEIGHTS, Position,
};

/// The unit: the pawn keeps its starting weight.
const FIXED: usize = 5;
/// Strength of the pull towards the starting weights (per centipawn²).
const L2: f64 = 2.0e-9;

type Sample = ([f64; MATERIAL_FEATURES], f64);

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

fn error(data: &[Sample], weights: &[f64; MATERIAL_FEATURES], k: f64) -> f64 {
    data.iter()
        .map(|(f, r)| {
            let m: f64 = f.iter().zip(weights).map(|(a, b)| a * b).sum();
            (sigmoid(k * m) - r).powi(2)
        })
        .sum::<f64>()
        / data.len() as f64
}

fn read(path: &str) -> Result<Vec<Sample>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let mut data = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let Some((position, result)) = line.rsplit_once('|') else {
            continue;
        };
        let result = match result.trim() {
            "1-0" => 1.0,
            "0-1" => 0.0,
            "1/2-1/2" => 0.5,
            other => return Err(format!("{path}:{}: bad result '{other}'", number + 1)),
        };
        let position =
            Position::parse(position.trim()).map_err(|e| format!("{path}:{}: {e}", number + 1))?;
        let white = position.eval_features(Team::First);
        let black = position.eval_features(Team::Second);
        let features = std::array::from_fn(|i| f64::from(white[i] - black[i]));
        data.push((features, result));
    }
    if data.is_empty() {
        return Err(format!("{path}: no positions"));
    }
    Ok(data)
}

fn main() -> std::process::ExitCode {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("error: usage: augur-tune-enochian-eval <data file>");
        return std::process::ExitCode::from(2);
    };
    let data = match read(&path) {
        Ok(data) => data,
        Err(e) => {
            eprintln!("error: {e}");
            return std::process::ExitCode::from(2);
        }
    };
    let start: [f64; MATERIAL_FEATURES] = std::array::from_fn(|i| f64::from(MATERIAL_WEIGHTS[i]));
    let mut weights = start;
    let mut k = 0.004;
    let mut best = error(&data, &weights, k);
    for step in 1..200 {
        let candidate = f64::from(step) * 0.0001;
        let e = error(&data, &weights, candidate);
        if e < best {
            best = e;
            k = candidate;
        }
    }
    eprintln!("{} positions, K = {k:.4}, error {best:.6}", data.len());
    // Adam on the mean squared error plus the L2 pull.
    let (mut m, mut v) = ([0.0; MATERIAL_FEATURES], [0.0; MATERIAL_FEATURES]);
    let (rate, beta1, beta2) = (2.0, 0.9, 0.999);
    for step in 1..=1500 {
        let mut gradient = [0.0; MATERIAL_FEATURES];
        for (f, r) in &data {
            let x: f64 = f.iter().zip(&weights).map(|(a, b)| a * b).sum();
            let s = sigmoid(k * x);
            let g = 2.0 * (s - r) * s * (1.0 - s) * k;
            for i in 0..MATERIAL_FEATURES {
                gradient[i] += g * f[i];
            }
        }
        for i in 0..MATERIAL_FEATURES {
            if i == FIXED {
                continue;
            }
            let g = gradient[i] / data.len() as f64 + 2.0 * L2 * (weights[i] - start[i]);
            m[i] = beta1 * m[i] + (1.0 - beta1) * g;
            v[i] = beta2 * v[i] + (1.0 - beta2) * g * g;
            let m_hat = m[i] / (1.0 - beta1.powi(step));
            let v_hat = v[i] / (1.0 - beta2.powi(step));
            weights[i] -= rate * m_hat / (v_hat.sqrt() + 1e-12);
        }
    }
    eprintln!("fitted error {:.6}", error(&data, &weights, k));
    for ((name, w), s) in MATERIAL_NAMES.iter().zip(weights).zip(start) {
        eprintln!("{name:>45}: {s:>5.0} -> {w:>5.0}");
    }
    let list: Vec<String> = weights.iter().map(|w| format!("{w:.0}")).collect();
    println!(
        "pub const EVAL_WEIGHTS: [i32; EVAL_FEATURES] = [{}];",
        list.join(", ")
    );
    std::process::ExitCode::SUCCESS
}
