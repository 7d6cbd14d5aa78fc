//! augur-tune: Texel-style tuner for Augur's chess evaluation weights.
//!
//! The evaluation (`crates/chess/src/eval`) is linear in its weights: each
//! position reduces to a phase and a sparse list of (weight index,
//! White-minus-Black count) features, and tapering `Σ count × weight`
//! reproduces the engine's evaluation exactly. The tuner computes every
//! position's features once, fits the scale `K` of `sigmoid(K · eval)` to
//! the game results with the current weights, then minimises the mean
//! squared error between `sigmoid(K · eval)` and the results with Adam over
//! shuffled mini-batches (gradients summed in parallel with rayon), printing
//! the error after every epoch. It finally rounds the weights and rewrites
//! `crates/chess/src/eval/weights.rs` wholesale; rebuild the engine to use
//! them.
//!
//! # Data
//!
//! A text file, one position per line:
//!
//! ```text
//! <FEN> | <result>
//! rnbqkb1r/pppp1ppp/5n2/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3 | 1/2-1/2
//! ```
//!
//! where the result is the final result of the game the position was taken
//! from, from White's point of view: `1-0`, `0-1`, `1/2-1/2`, or a number
//! `1.0`, `0.5`, `0.0` (any value from 0 to 1). Blank lines and lines
//! starting with `#` are ignored. Good data skips the opening's random
//! moves, positions in check and positions where the best move is a
//! capture or promotion (the static evaluation should be fitted to quiet
//! positions), and holds at least a few hundred thousand positions from
//! many games. Augur's self-play tool (`tools/selfplay`) writes exactly
//! this:
//!
//! ```text
//! cargo run --release -p augur-selfplay -- --games 4000 --nodes 4000 --out target/selfplay.txt
//! cargo run --release -p augur-tune -- --data target/selfplay.txt --epochs 100 --validation 0.1
//! ```
//!
//! # Running
//!
//! ```text
//! cargo run --release -p augur-tune -- --data FILE [--epochs N] [--out PATH]
//!     [--learning-rate X] [--batch-size N] [--l2 L] [--validation F]
//!     [--k K] [--from-hand] [--seed S]
//! ```
//!
//! Every weight is pulled towards its starting value by `--l2` (default
//! 1e-8): Adam moves rarely used weights (a king on e5 in the middlegame)
//! as fast as common ones, and without the pull they drift to extremes on
//! small data sets. Use `--validation 0.1` to hold out the end of the file
//! and watch its error per epoch when choosing `--l2` and `--epochs` (on
//! 313k positions from 4000 self-play games at 2000 nodes, `--l2 0`
//! overfits after the first epoch while 1e-8 keeps improving validation
//! error slightly). More data allows a smaller `--l2`.
//!
//! By default tuning starts from the weights compiled into the engine (so
//! repeated runs refine them) and writes `crates/chess/src/eval/weights.rs`.
//! `--from-hand` starts from the hand-made values instead, and
//! `cargo run --release -p augur-tune -- --hand` only writes the hand-made
//! values (to `--out`). Afterwards run `cargo test -p augur-chess` and a
//! match against the previous build before committing the new weights.

mod data;
mod format;
mod hand;
mod tuner;

use clap::Parser;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

/// The weights file of the chess evaluation, from this crate's directory.
const DEFAULT_OUT: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../crates/chess/src/eval/weights.rs"
);

/// Texel-style tuner for Augur's chess evaluation weights.
#[derive(Parser, Debug)]
#[command(version, about)]
struct Args {
    /// Data file: one `<FEN> | <result>` per line, result for White.
    #[arg(long, required_unless_present = "hand")]
    data: Option<PathBuf>,
    /// Passes over the data.
    #[arg(long, default_value_t = 100)]
    epochs: usize,
    /// Where to write the weights (a `weights.rs` source file).
    #[arg(long, default_value = DEFAULT_OUT)]
    out: PathBuf,
    /// Adam's step size, in centipawns.
    #[arg(long, default_value_t = 1.0)]
    learning_rate: f64,
    /// Positions per gradient step.
    #[arg(long, default_value_t = 16384)]
    batch_size: usize,
    /// Hold out this fraction of the positions (the end of the file) and
    /// report their error each epoch, to choose `--epochs` and `--l2`.
    #[arg(long, default_value_t = 0.0)]
    validation: f64,
    /// Use this sigmoid scale instead of fitting it.
    #[arg(long)]
    k: Option<f64>,
    /// Start from the hand-made weights rather than the compiled ones.
    #[arg(long)]
    from_hand: bool,
    /// Only write the hand-made weights to `--out`, without tuning.
    #[arg(long, conflicts_with = "data")]
    hand: bool,
    /// Pull of each weight towards its starting value (`l2 · Σ (w − w₀)²`
    /// is added to the error); keeps weights the data rarely uses sane.
    #[arg(long, default_value_t = 1e-8)]
    l2: f64,
    /// Seed for shuffling the mini-batches.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

fn write(out: &PathBuf, pairs: &[(i32, i32)], provenance: &[String]) -> Result<(), String> {
    let text = format::write_weights(pairs, provenance);
    // The file must read back to the same weights before it replaces the
    // old one.
    if format::parse_weights(&text)?.as_slice() != pairs {
        return Err("internal error: the weights file does not read back".to_string());
    }
    std::fs::write(out, text).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    eprintln!("wrote {}", out.display());
    Ok(())
}

fn run(args: Args) -> Result<(), String> {
    if args.hand {
        return write(
            &args.out,
            &hand::hand_weights(),
            &["Hand-made starting values (augur-tune --hand).".to_string()],
        );
    }
    let Some(path) = args.data.as_ref() else {
        return Err("--data FILE is required".to_string());
    };
    if args.learning_rate.is_nan() || args.learning_rate <= 0.0 {
        return Err("--learning-rate must be positive".to_string());
    }
    if !(0.0..1.0).contains(&args.validation) {
        return Err("--validation must be a fraction from 0 to below 1".to_string());
    }
    if args.l2.is_nan() || args.l2 < 0.0 {
        return Err("--l2 must be zero or positive".to_string());
    }
    let started = Instant::now();
    let (data, validation) = data::load(path)?.split_tail(args.validation);
    eprintln!(
        "{} positions ({} more held out for validation), {} features, read in {:.1}s",
        data.entries.len(),
        validation.entries.len(),
        data.terms.len(),
        started.elapsed().as_secs_f64()
    );
    if data.entries.is_empty() {
        return Err("no training positions left after the validation split".to_string());
    }
    let validate = |params: &[[f64; 2]], k: f64| {
        if validation.entries.is_empty() {
            String::new()
        } else {
            format!("  validation {:.6}", tuner::error(&validation, params, k))
        }
    };

    let start = if args.from_hand {
        hand::hand_weights()
    } else {
        augur_chess::DEFAULT_WEIGHTS.pairs.to_vec()
    };
    let mut params = tuner::to_params(&start);
    let k = match args.k {
        Some(k) => k,
        None => {
            let evals: Vec<f64> = data
                .entries
                .iter()
                .map(|e| tuner::evaluate(&data, e, &params))
                .collect();
            tuner::fit_k(&data, &evals)
        }
    };
    let initial = tuner::error(&data, &params, k);
    eprintln!(
        "K = {k:.6}, initial error {initial:.6}{}",
        validate(&params, k)
    );

    let settings = tuner::Settings {
        epochs: args.epochs,
        learning_rate: args.learning_rate,
        batch_size: args.batch_size,
        seed: args.seed,
        l2: args.l2,
    };
    let epoch_started = Instant::now();
    tuner::optimise(&data, &mut params, k, settings, |epoch, error, params| {
        eprintln!(
            "epoch {epoch:4}  error {error:.6}{}  ({:.1}s)",
            validate(params, k),
            epoch_started.elapsed().as_secs_f64()
        );
    });

    let pairs = tuner::to_pairs(&params);
    let rounded = tuner::to_params(&pairs);
    let final_error = tuner::error(&data, &rounded, k);
    eprintln!(
        "rounded weights: error {final_error:.6} (from {initial:.6}){}",
        validate(&rounded, k)
    );
    let provenance = vec![
        format!(
            "Tuned on {} ({} positions), {} epochs, learning rate {}, batch {}, l2 {}.",
            path.display(),
            data.entries.len(),
            args.epochs,
            args.learning_rate,
            args.batch_size,
            args.l2
        ),
        format!("K = {k:.6}; error {initial:.6} -> {final_error:.6}."),
    ];
    write(&args.out, &pairs, &provenance)
}

fn main() -> ExitCode {
    match run(Args::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("augur-tune: {message}");
            ExitCode::FAILURE
        }
    }
}
