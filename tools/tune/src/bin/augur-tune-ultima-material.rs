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

use augur_core::Game;
use augur_tune::linear::{error, fit_scale, gradient};
use augur_ultima::{Color, Kind, Position};

const KINDS: [Kind; 6] = [
    Kind::Withdrawer,
    Kind::Coordinator,
    Kind::Leaper,
    Kind::Chameleon,
    Kind::Pincer,
    Kind::Immobilizer,
];

fn main() -> std::process::ExitCode {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("error: usage: augur-tune-ultima-material <data file>");
        return std::process::ExitCode::from(2);
    };
    let data = match augur_tune::linear::read_samples(&path, |text| {
        let position = Position::from_fen(text).map_err(|_| "bad position".to_string())?;
        Ok(std::array::from_fn(|i| {
            f64::from(position.pieces(Color::White, KINDS[i]).count())
                - f64::from(position.pieces(Color::Black, KINDS[i]).count())
        }))
    }) {
        Ok(data) => data,
        Err(e) => {
            eprintln!("error: {e}");
            return std::process::ExitCode::from(2);
        }
    };
    let mut values: [f64; 6] =
        std::array::from_fn(|i| f64::from(augur_ultima::PIECE_VALUES[i + 1]));
    let (k, best) = fit_scale(&data, &values);
    eprintln!("{} positions, K = {k:.4}, error {best:.6}", data.len());
    // Plain gradient descent, the pincer fixed as the unit.
    let pincer = 4;
    for _ in 0..3000 {
        let g = gradient(&data, &values, k);
        for i in 0..6 {
            if i != pincer {
                values[i] -= 2.0e5 * g[i];
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
