//! `augur perft`: perft, divide and parallel perft from the command line.

use augur_core::Game;
use augur_core::perft::{divide, divide_parallel, perft};
use augur_games::{Variant, with_game};
use clap::Args;
use std::io::Write;
use std::time::Instant;

/// Arguments of `augur perft`.
#[derive(Args, Debug)]
pub struct PerftArgs {
    /// Depth in plies (0 to 64).
    #[arg(value_parser = clap::value_parser!(u32).range(0..=64))]
    depth: u32,
    /// Start from this position instead of the starting position.
    #[arg(long)]
    fen: Option<String>,
    /// Chess960: castling with any rook (X-FEN or Shredder-FEN castling
    /// fields in `--fen`), castling written king-takes-rook.
    #[arg(long)]
    chess960: bool,
    /// Print the count below each root move.
    #[arg(long)]
    divide: bool,
    /// The game: chess, ultima, oracle or enochian.
    #[arg(long, default_value_t)]
    variant: Variant,
    /// Worker threads (root moves are shared out).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=512))]
    threads: u64,
}

/// Runs `augur perft`; an error is a message for the user.
pub fn run(args: &PerftArgs) -> Result<(), String> {
    with_game!(args.variant, G => run_game::<G>(args))
}

fn run_game<G: Game>(args: &PerftArgs) -> Result<(), String> {
    let position: G = crate::start_position(args.fen.as_deref(), args.chess960)?;
    let threads = args.threads as usize;
    let start = Instant::now();
    let nodes = if args.divide || threads > 1 {
        let counts = if threads > 1 {
            divide_parallel(&position, args.depth, threads)
        } else {
            divide(&position, args.depth)
        };
        let mut out = std::io::stdout().lock();
        if args.divide {
            for (mv, count) in &counts {
                writeln!(out, "{}: {count}", position.move_text(*mv)).map_err(|e| e.to_string())?;
            }
        }
        if args.depth == 0 {
            1
        } else {
            counts.iter().map(|(_, c)| c).sum()
        }
    } else {
        perft(&position, args.depth)
    };
    let elapsed = start.elapsed();
    let seconds = elapsed.as_secs_f64().max(1e-9);
    println!();
    println!("Nodes searched: {nodes}");
    println!("Time: {} ms", elapsed.as_millis());
    println!("Speed: {:.1} Mnps", nodes as f64 / seconds / 1e6);
    Ok(())
}
