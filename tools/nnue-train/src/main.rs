//! augur-nnue-train: trains Augur's chess network (`768 -> HIDDEN x 2 -> 1 x 8`,
//! `crates/chess/src/nnue`) on the CPU from Augur's own self-play positions
//! and writes the quantised network file the engine embeds.
//!
//! Data: `augur-selfplay --scores` files (`<FEN> | <result> | <score>`).
//! The last `--validation` fraction of the positions (the end of the last
//! file, so whole games) is held out and its loss printed every epoch.
//! Training: Adam over shuffled mini-batches (seeded), the learning rate
//! cut by 0.3 at 60% and again at 85% of the epochs; the target blends the
//! game result (`--wdl`) with the search score. `--init` starts from an
//! existing network file instead of random weights (fine-tuning); a file
//! with fewer hidden neurons than `HIDDEN` grows: the missing neurons
//! start with random input weights and zero output weights.
//! `--lookahead` trains on scores blended with the same game's later
//! ones (TD(λ)). `--horizontal-mirror` trains a network whose perspectives read the
//! board flipped left to right while their own king stands on files a-d
//! (an `AUGURNN3` file; `--mirror` then adds nothing and is skipped). The full
//! recipe, with the commands that made the committed network, is in
//! `docs/nnue.md`.

mod data;
mod lookahead;
mod model;

use std::path::PathBuf;

use clap::Parser;
use rand::prelude::*;

use model::{Adam, Params};

/// Marks an entry of the training order as the mirror image of the
/// sample it indexes (`--mirror`).
const MIRRORED: u32 = 1 << 31;

/// Command-line arguments.
#[derive(Parser, Debug)]
#[command(about = "Train Augur's chess network on self-play positions")]
struct Args {
    /// Data files (`augur-selfplay --scores` output).
    #[arg(long, required = true, num_args = 1..)]
    data: Vec<PathBuf>,
    /// The network file to write.
    #[arg(long)]
    out: PathBuf,
    /// Passes over the training positions.
    #[arg(long, default_value_t = 12)]
    epochs: usize,
    /// Positions per Adam step.
    #[arg(long, default_value_t = 16384)]
    batch: usize,
    /// Adam's initial step size.
    #[arg(long, default_value_t = 0.001)]
    learning_rate: f32,
    /// The share of the target taken from the game's result (the rest from
    /// the search score).
    #[arg(long, default_value_t = 0.3)]
    wdl: f32,
    /// Held-out fraction (the end of the data).
    #[arg(long, default_value_t = 0.02)]
    validation: f64,
    /// Seed of the initial weights and the shuffles.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Also train on each position without castling rights mirrored left
    /// to right.
    #[arg(long)]
    mirror: bool,
    /// Start from this network file instead of random weights
    /// (fine-tuning); its validation loss is printed before the first epoch.
    /// A file with fewer hidden neurons grows to this build's size.
    #[arg(long)]
    init: Option<PathBuf>,
    /// Worker threads.
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// Horizontal mirroring: each perspective whose own king stands on
    /// files a-d reads the board flipped left to right (an `AUGURNN3`
    /// file). A network without it (`--init`) starts such a run evaluating
    /// exactly as before wherever both kings stand on files e-h.
    #[arg(long)]
    horizontal_mirror: bool,
    /// Look ahead along the game: each training position's score becomes
    /// the TD(λ) return of its game's scores from it on, with this λ
    /// (0: the scores as they are; `lookahead.rs`). The held-out
    /// positions keep their own scores, so their loss compares with other
    /// runs'.
    #[arg(long, default_value_t = 0.0)]
    lookahead: f32,
}

fn main() -> std::process::ExitCode {
    let args = Args::parse();
    match run(&args) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::ExitCode::from(2)
        }
    }
}

fn run(args: &Args) -> Result<(), String> {
    if !(0.0..=1.0).contains(&args.wdl) || !(0.0..1.0).contains(&args.validation) {
        return Err("--wdl must be in 0..=1 and --validation in 0..1".into());
    }
    if !(0.0..1.0).contains(&args.lookahead) {
        return Err("--lookahead must be in 0..1".into());
    }
    rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.max(1))
        .build_global()
        .map_err(|e| e.to_string())?;
    let start = std::time::Instant::now();
    let mut samples = data::read_files(&args.data)?;
    let held = (samples.len() as f64 * args.validation) as usize;
    let mut validation = samples.split_off(samples.len() - held);
    if samples.is_empty() {
        return Err("no training positions".into());
    }
    if args.lookahead > 0.0 {
        lookahead::blend_scores(&mut samples, args.lookahead);
    }
    if args.horizontal_mirror {
        if args.mirror {
            eprintln!("--mirror adds nothing with --horizontal-mirror: skipped");
        }
    } else {
        for sample in samples.iter_mut().chain(validation.iter_mut()) {
            *sample = sample.without_flips();
        }
    }
    // The training order: every sample, then (`--mirror`) the mirror image
    // of each one without castling rights, made when its batch is. Marked
    // by `MIRRORED` rather than stored, so they cost 4 bytes each.
    if samples.len() >= MIRRORED as usize {
        return Err(format!("at most {MIRRORED} training positions"));
    }
    let mut order: Vec<u32> = (0..samples.len() as u32).collect();
    if args.mirror && !args.horizontal_mirror {
        order.extend(
            (0..samples.len() as u32)
                .filter(|&i| !samples[i as usize].castling)
                .map(|i| i | MIRRORED),
        );
    }
    eprintln!(
        "{} training and {} validation positions read in {:.1} s",
        order.len(),
        validation.len(),
        start.elapsed().as_secs_f64()
    );
    eprintln!(
        "the hand-written evaluation's validation loss: {:.6}",
        model::hand_loss(&validation, args.wdl)
    );
    let mut params = match &args.init {
        None => Params::random(args.seed),
        Some(path) => {
            let bytes =
                std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            let network = augur_chess::nnue::Network::from_bytes(&bytes)
                .map_err(|e| format!("{}: {e}", path.display()))?;
            let mut params = Params::from_network(&network);
            eprintln!(
                "{}'s validation loss: {:.6}",
                path.display(),
                params.loss(&validation, args.wdl)
            );
            let revived = params.revive_dead_neurons(args.seed);
            if revived > 0 {
                eprintln!("{revived} dead hidden neurons given random input weights");
            }
            params
        }
    };
    let mut adam = Adam::new();
    let mut rng = StdRng::seed_from_u64(args.seed ^ 0x5DEE_CE66);
    for epoch in 1..=args.epochs {
        let progress = (epoch - 1) as f64 / args.epochs as f64;
        let lr = args.learning_rate
            * if progress >= 0.85 {
                0.09
            } else if progress >= 0.6 {
                0.3
            } else {
                1.0
            };
        order.shuffle(&mut rng);
        let mut loss_sum = 0.0f64;
        let mut batches = 0usize;
        for chunk in order.chunks(args.batch.max(1)) {
            let batch: Vec<data::Sample> = chunk
                .iter()
                .map(|&entry| {
                    let sample = &samples[(entry & !MIRRORED) as usize];
                    if entry & MIRRORED == 0 {
                        *sample
                    } else {
                        sample.mirrored_files().without_flips()
                    }
                })
                .collect();
            let batch: Vec<&data::Sample> = batch.iter().collect();
            let (loss, grad) = params.batch_gradient(&batch, args.wdl, args.threads);
            adam.step(&mut params, &grad, lr);
            loss_sum += f64::from(loss);
            batches += 1;
        }
        eprintln!(
            "epoch {epoch}/{}: lr {lr:.5}, train loss {:.6}, validation loss {:.6}, {:.0} s",
            args.epochs,
            loss_sum / batches.max(1) as f64,
            params.loss(&validation, args.wdl),
            start.elapsed().as_secs_f64()
        );
        let mut network = params.quantise();
        network.horizontal_mirror = args.horizontal_mirror;
        std::fs::write(&args.out, network.to_bytes())
            .map_err(|e| format!("cannot write {}: {e}", args.out.display()))?;
    }
    eprintln!("wrote {}", args.out.display());
    Ok(())
}
