//! Fits Oracle chess's material weights to the results of Augur's own games
//! (Texel's method on the material and pool terms): reads `<position> |
//! <result>` lines from `augur-selfplay --variant oracle`, takes each
//! position's material features (`Position::material_features`, White minus
//! Black; the evaluation's own feature extraction, so nothing can drift),
//! and fits the weights by gradient descent on the mean squared error of
//! `sigmoid(K * material)` against the results, with K fitted first on the
//! starting weights, the matching Soldier soul fixed as the unit, and an L2
//! pull towards the starting weights (sparse features stay sensible).
//! Prints a `MATERIAL_WEIGHTS` array to copy into `crates/oracle/src/eval.rs`,
//! to be kept only if it wins in the arena.
//!
//! ```sh
//! cargo run --release -p augur-selfplay -- --variant oracle --games 1500 --nodes 4000 --out target/oracle-selfplay.txt
//! cargo run --release -p augur-tune --bin augur-tune-oracle-material -- target/oracle-selfplay.txt
//! ```

use augur_core::Game;
use augur_oracle::{Color, MATERIAL_FEATURES, MATERIAL_NAMES, MATERIAL_WEIGHTS, Position};
use augur_tune::linear::{AdamSettings, run};

fn main() -> std::process::ExitCode {
    let settings = AdamSettings {
        // The unit: a Soldier soul in a Soldier body keeps its weight.
        fixed: 8,
        l2: 2.0e-9,
        non_negative: true,
        steps: 1500,
    };
    run(
        "augur-tune-oracle-material",
        "pub const MATERIAL_WEIGHTS: [i32; MATERIAL_FEATURES]",
        &MATERIAL_NAMES,
        std::array::from_fn::<f64, MATERIAL_FEATURES, _>(|i| f64::from(MATERIAL_WEIGHTS[i])),
        &settings,
        |text| {
            let position = Position::from_fen(text).map_err(|e| e.to_string())?;
            let white = position.material_features(Color::White);
            let black = position.material_features(Color::Black);
            Ok(std::array::from_fn(|i| f64::from(white[i] - black[i])))
        },
    )
}
