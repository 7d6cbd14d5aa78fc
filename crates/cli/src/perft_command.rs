//! `augur perft`: perft, divide and parallel perft from the command line.
//! Each root move's count is printed (`--divide`) as soon as it and the
//! moves before it are counted; a count that runs for more than two
//! seconds shows its progress on standard error when that is a terminal.

use augur_core::perft::divide_streaming;
use augur_core::{Game, MoveList};
use augur_games::{Variant, with_game};
use clap::Args;
use std::io::{IsTerminal, Write};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

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
    let mut legal = MoveList::new();
    position.generate(&mut legal);
    let start = Instant::now();
    let done = AtomicUsize::new(0);
    let finished = AtomicBool::new(false);
    // Whether the progress line is on the terminal: a count line clears it
    // first, as both may go to the same terminal.
    let progress_shown = Mutex::new(false);
    let mut nodes = 0u64;
    let mut write_error = None;
    std::thread::scope(|scope| {
        if args.depth > 0 && std::io::stderr().is_terminal() {
            scope.spawn(|| {
                show_progress(
                    args.depth,
                    legal.len(),
                    (&done, &finished, &progress_shown),
                    start,
                )
            });
        }
        let mut out = std::io::stdout().lock();
        let never = AtomicBool::new(false);
        divide_streaming(
            &position,
            args.depth,
            args.threads as usize,
            &never,
            &mut |mv, count| {
                nodes += count;
                done.fetch_add(1, Ordering::Relaxed);
                if args.divide && write_error.is_none() {
                    let mut shown = progress_shown.lock().unwrap_or_else(|e| e.into_inner());
                    if *shown {
                        eprint!("\r\x1b[K");
                        *shown = false;
                    }
                    let line = writeln!(out, "{}: {count}", position.move_text(mv));
                    write_error = line.and_then(|()| out.flush()).err();
                }
            },
        );
        finished.store(true, Ordering::Relaxed);
    });
    if let Some(error) = write_error {
        return Err(error.to_string());
    }
    if args.depth == 0 {
        nodes = 1;
    }
    let elapsed = start.elapsed();
    let seconds = elapsed.as_secs_f64().max(1e-9);
    println!();
    println!("Nodes searched: {nodes}");
    println!("Time: {} ms", elapsed.as_millis());
    println!("Speed: {:.1} Mnps", nodes as f64 / seconds / 1e6);
    Ok(())
}

/// How long a count runs before its progress shows.
const PROGRESS_AFTER: Duration = Duration::from_secs(2);

/// Writes `perft <depth>: <done>/<total> root moves` on the terminal's
/// standard error, rewritten in place, once the count has run for
/// [`PROGRESS_AFTER`], until `finished`; then clears the line. `shown`
/// says whether the line is on the terminal (a count line clears it).
fn show_progress(
    depth: u32,
    total: usize,
    (done, finished, shown): (&AtomicUsize, &AtomicBool, &Mutex<bool>),
    start: Instant,
) {
    while !finished.load(Ordering::Relaxed) {
        std::thread::sleep(Duration::from_millis(100));
        if start.elapsed() >= PROGRESS_AFTER {
            let mut shown = shown.lock().unwrap_or_else(|e| e.into_inner());
            eprint!(
                "\r\x1b[Kperft {depth}: {}/{total} root moves, {:.0} s",
                done.load(Ordering::Relaxed),
                start.elapsed().as_secs_f64()
            );
            *shown = true;
        }
    }
    if *shown.lock().unwrap_or_else(|e| e.into_inner()) {
        eprint!("\r\x1b[K");
    }
}
