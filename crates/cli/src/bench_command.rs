//! `augur bench`: the protocol's `bench` from the command line, through
//! the engine API (the same figures and lines as the protocol's).

use augur_engine::{Engine, Variant};
use clap::Args;

/// Arguments of `augur bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// The game: chess, ultima, oracle or enochian.
    #[arg(long, default_value_t)]
    variant: Variant,
    /// Search depth (default: the game's bench depth).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
    depth: Option<u32>,
}

/// Searches the game's bench positions and prints a line per position and
/// `<nodes> nodes <nps> nps`; a failed search is an error (exit status 2)
/// and prints no figures.
pub fn run(args: &BenchArgs) -> Result<(), String> {
    let engine = Engine::new(args.variant);
    let report = engine.bench(args.depth, &mut |number, of, nodes| {
        println!("info string bench position {number}/{of}: {nodes} nodes");
    })?;
    println!("{} nodes {} nps", report.nodes, report.nps);
    Ok(())
}
