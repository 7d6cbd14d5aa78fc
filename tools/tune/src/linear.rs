//! Texel's method for evaluations linear in a few features: read
//! `<position> | <result>` self-play lines (`1-0` = the first team won),
//! fit the scale K on the starting weights, then the weights by gradient
//! descent on the mean squared error of `sigmoid(K * eval)` against the
//! results. Used by the Ultima, Oracle and Enochian tuners.

/// One position: its feature differences (first team minus second) and the
/// game's result from the first team's view (1, 0.5 or 0).
pub type Sample<const N: usize> = ([f64; N], f64);

/// Reads a self-play file; `features` turns a position string into the
/// feature differences (or says why it cannot).
pub fn read_samples<const N: usize>(
    path: &str,
    features: impl Fn(&str) -> Result<[f64; N], String>,
) -> Result<Vec<Sample<N>>, String> {
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
        let f = features(position.trim()).map_err(|e| format!("{path}:{}: {e}", number + 1))?;
        data.push((f, result));
    }
    if data.is_empty() {
        return Err(format!("{path}: no positions"));
    }
    Ok(data)
}

/// The logistic function.
pub fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The mean squared error of `sigmoid(k * eval)` against the results.
pub fn error<const N: usize>(data: &[Sample<N>], weights: &[f64; N], k: f64) -> f64 {
    data.iter()
        .map(|(f, r)| {
            let m: f64 = f.iter().zip(weights).map(|(a, b)| a * b).sum();
            (sigmoid(k * m) - r).powi(2)
        })
        .sum::<f64>()
        / data.len() as f64
}

/// The K (0.0001 to 0.0199) that fits the starting weights best, and its error.
pub fn fit_scale<const N: usize>(data: &[Sample<N>], weights: &[f64; N]) -> (f64, f64) {
    let mut k = 0.004;
    let mut best = error(data, weights, k);
    for step in 1..200 {
        let candidate = f64::from(step) * 0.0001;
        let e = error(data, weights, candidate);
        if e < best {
            best = e;
            k = candidate;
        }
    }
    (k, best)
}

/// The error gradient (mean over the data) with respect to each weight.
pub fn gradient<const N: usize>(data: &[Sample<N>], weights: &[f64; N], k: f64) -> [f64; N] {
    let mut gradient = [0.0; N];
    for (f, r) in data {
        let x: f64 = f.iter().zip(weights).map(|(a, b)| a * b).sum();
        let s = sigmoid(k * x);
        let g = 2.0 * (s - r) * s * (1.0 - s) * k;
        for i in 0..N {
            gradient[i] += g * f[i];
        }
    }
    gradient.map(|g| g / data.len() as f64)
}

/// How [`fit_adam`] runs.
pub struct AdamSettings {
    /// The weight kept at its start (the unit of the scale).
    pub fixed: usize,
    /// Strength of the pull towards the starting weights (per centipawn²).
    pub l2: f64,
    /// Keep weights at zero or above.
    pub non_negative: bool,
    /// Steps of Adam.
    pub steps: i32,
}

/// Adam on the mean squared error plus an L2 pull towards `start`.
pub fn fit_adam<const N: usize>(
    data: &[Sample<N>],
    start: [f64; N],
    k: f64,
    settings: &AdamSettings,
) -> [f64; N] {
    let mut weights = start;
    let (mut m, mut v) = ([0.0; N], [0.0; N]);
    let (rate, beta1, beta2) = (2.0, 0.9, 0.999);
    for step in 1..=settings.steps {
        let gradient = gradient(data, &weights, k);
        for i in 0..N {
            if i == settings.fixed {
                continue;
            }
            let g = gradient[i] + 2.0 * settings.l2 * (weights[i] - start[i]);
            m[i] = beta1 * m[i] + (1.0 - beta1) * g;
            v[i] = beta2 * v[i] + (1.0 - beta2) * g * g;
            let m_hat = m[i] / (1.0 - beta1.powi(step));
            let v_hat = v[i] / (1.0 - beta2.powi(step));
            weights[i] -= rate * m_hat / (v_hat.sqrt() + 1e-12);
            if settings.non_negative {
                weights[i] = weights[i].max(0.0);
            }
        }
    }
    weights
}

/// The whole run of a weights tuner: reads the file named by the first
/// argument, fits K and the weights, reports each weight on stderr and
/// prints `<constant> = [..];` on stdout. Exit status 2 on bad input.
pub fn run<const N: usize>(
    program: &str,
    constant: &str,
    names: &[&str; N],
    start: [f64; N],
    settings: &AdamSettings,
    features: impl Fn(&str) -> Result<[f64; N], String>,
) -> std::process::ExitCode {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("error: usage: {program} <data file>");
        return std::process::ExitCode::from(2);
    };
    let data = match read_samples(&path, features) {
        Ok(data) => data,
        Err(e) => {
            eprintln!("error: {e}");
            return std::process::ExitCode::from(2);
        }
    };
    let (k, before) = fit_scale(&data, &start);
    eprintln!("{} positions, K = {k:.4}, error {before:.6}", data.len());
    let weights = fit_adam(&data, start, k, settings);
    eprintln!("fitted error {:.6}", error(&data, &weights, k));
    for ((name, w), s) in names.iter().zip(weights).zip(start) {
        eprintln!("{name:>45}: {s:>5.0} -> {w:>5.0}");
    }
    let list: Vec<String> = weights.iter().map(|w| format!("{w:.0}")).collect();
    println!("{constant} = [{}];", list.join(", "));
    std::process::ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fitting_recovers_weights_that_explain_the_results() {
        // Results drawn from a known linear model: the fit moves towards it.
        let truth = [100.0, 300.0];
        let mut data = Vec::new();
        for a in -3..=3 {
            for b in -2..=2 {
                let f = [f64::from(a), f64::from(b)];
                let p = sigmoid(0.01 * (f[0] * truth[0] + f[1] * truth[1]));
                data.push((f, p));
            }
        }
        let start = [100.0, 100.0];
        let settings = AdamSettings {
            fixed: 0,
            l2: 0.0,
            non_negative: true,
            steps: 2000,
        };
        let weights = fit_adam(&data, start, 0.01, &settings);
        assert_eq!(weights[0], 100.0);
        assert!((weights[1] - 300.0).abs() < 15.0, "{weights:?}");
        assert!(error(&data, &weights, 0.01) < error(&data, &start, 0.01));
    }
}
