//! Fits Ultima's material values to the results of Augur's own games
//! (Texel's method restricted to material): reads `<position> | <result>`
//! lines from `augur-selfplay --variant ultima`, takes each position's
//! per-kind count differences (White minus Black), and fits the values by
//! gradient descent on the mean squared error of `sigmoid(K * material)`
//! against the results, with the pincer fixed at 100 as the unit and K
//! fitted first. Prints the fitted values, to be copied into
//! `crates/ultima/src/eval.rs` (`PIECE_VALUES`) and then checked in the arena.
//!
//! ```sh
//! cargo run --release -p augur-selfplay -- --variant ultima --games 600 --nodes 3000 --out target/ultima-selfplay.txt
//! cargo run --release -p augur-tune --bin augur-tune-ultima-material -- target/ultima-selfplay.txt
//! ```

use augur_ultima::{Color, Kind, Position};

const KINDS: [Kind; 6] = [
    Kind::Withdrawer,
    Kind::Coordinator,
    Kind::Leaper,
    Kind::Chameleon,
    Kind::Pincer,
    Kind::Immobilizer,
];

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

fn error(data: &[([f64; 6], f64)], values: &[f64; 6], k: f64) -> f64 {
    data.iter()
        .map(|(d, r)| {
            let m: f64 = d.iter().zip(values).map(|(a, b)| a * b).sum();
            (sigmoid(k * m) - r).powi(2)
        })
        .sum::<f64>()
        / data.len() as f64
}

fn main() -> std::process::ExitCode {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("error: usage: augur-tune-ultima-material <data file>");
        return std::process::ExitCode::from(2);
    };
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("error: {path}: {e}");
            return std::process::ExitCode::from(2);
        }
    };
    let mut data = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let Some((position, result)) = line.rsplit_once('|') else {
            continue;
        };
        let result = match result.trim() {
            "1-0" => 1.0,
            "0-1" => 0.0,
            "1/2-1/2" => 0.5,
            other => {
                eprintln!("error: {path}:{}: bad result '{other}'", number + 1);
                return std::process::ExitCode::from(2);
            }
        };
        let Ok(position) = Position::from_text(position.trim()) else {
            eprintln!("error: {path}:{}: bad position", number + 1);
            return std::process::ExitCode::from(2);
        };
        let mut diff = [0.0; 6];
        for (i, kind) in KINDS.iter().enumerate() {
            diff[i] = f64::from(position.pieces(Color::White, *kind).count())
                - f64::from(position.pieces(Color::Black, *kind).count());
        }
        data.push((diff, result));
    }
    if data.is_empty() {
        eprintln!("error: {path}: no positions");
        return std::process::ExitCode::from(2);
    }
    let mut values: [f64; 6] =
        std::array::from_fn(|i| f64::from(augur_ultima::PIECE_VALUES[i + 1]));
    // K: a coarse search on the starting values.
    let mut k = 0.004;
    let mut best = error(&data, &values, k);
    for step in 1..200 {
        let candidate = f64::from(step) * 0.0001;
        let e = error(&data, &values, candidate);
        if e < best {
            best = e;
            k = candidate;
        }
    }
    eprintln!("{} positions, K = {k:.4}, error {best:.6}", data.len());
    let pincer = 4;
    for _ in 0..3000 {
        let mut gradient = [0.0; 6];
        for (d, r) in &data {
            let m: f64 = d.iter().zip(&values).map(|(a, b)| a * b).sum();
            let s = sigmoid(k * m);
            let g = 2.0 * (s - r) * s * (1.0 - s) * k;
            for i in 0..6 {
                gradient[i] += g * d[i];
            }
        }
        for i in 0..6 {
            if i != pincer {
                values[i] -= 2.0e5 * gradient[i] / data.len() as f64;
            }
        }
    }
    eprintln!("fitted error {:.6}", error(&data, &values, k));
    let names = [
        "withdrawer",
        "coordinator",
        "leaper",
        "chameleon",
        "pincer",
        "immobilizer",
    ];
    for (name, value) in names.iter().zip(values) {
        println!("{name} {value:.0}");
    }
    std::process::ExitCode::SUCCESS
}
