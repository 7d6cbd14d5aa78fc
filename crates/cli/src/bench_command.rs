//! `augur bench`: the protocol's `bench` from the command line.

use augur_games::Variant;
use augur_protocol::{Output, Session};
use clap::Args;

/// Arguments of `augur bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// The game: chess, ultima, oracle or enochian.
    #[arg(long, default_value_t)]
    variant: Variant,
    /// Search depth (default: the protocol's bench depth).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
    depth: Option<u32>,
}

/// Runs the bench through a protocol session, so the figures are the same
/// as the protocol's `bench`; a failed search is an error (exit status 2).
pub fn run(args: &BenchArgs) -> Result<(), String> {
    let mut session = Session::new(Output::stdout());
    if args.variant != Variant::default() {
        session.handle_line(&format!(
            "setoption name UCI_Variant value {}",
            args.variant
        ));
    }
    session.bench(args.depth)
}
