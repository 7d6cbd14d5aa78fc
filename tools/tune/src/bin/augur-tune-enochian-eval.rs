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
//! cargo run --release -p augur-selfplay -- --variant enochian --games 4000 --nodes 4000 --out target/enochian-selfplay.txt
//! cargo run --release -p augur-tune --bin augur-tune-enochian-eval -- target/enochian-selfplay.txt
//! ```
//!
//! Divination games have weights of their own (`DIVINATION_WEIGHTS`): the
//! same fit, from `EVAL_WEIGHTS`, on `augur-selfplay --variant enochian
//! --divination` data (the command is in `crates/enochian/src/eval.rs`).

use augur_core::Color;
use augur_core::Game;
use augur_enochian::{EVAL_FEATURES, EVAL_NAMES, EVAL_WEIGHTS, Position};
use augur_tune::linear::{AdamSettings, run};

fn main() -> std::process::ExitCode {
    let settings = AdamSettings {
        // The unit: the pawn keeps its weight.
        fixed: 5,
        l2: 2.0e-9,
        // Some features (King exposure) are penalties.
        non_negative: false,
        steps: 1500,
    };
    run(
        "augur-tune-enochian-eval",
        "pub const EVAL_WEIGHTS: [i32; EVAL_FEATURES]",
        &EVAL_NAMES,
        std::array::from_fn::<f64, EVAL_FEATURES, _>(|i| f64::from(EVAL_WEIGHTS[i])),
        &settings,
        |text| {
            let position = Position::from_fen(text).map_err(|e| e.to_string())?;
            let first = position.eval_features(Color::White);
            let second = position.eval_features(Color::Black);
            Ok(std::array::from_fn(|i| f64::from(first[i] - second[i])))
        },
    )
}
