//! The `augur` binary: command-line entry points (clap).
//!
//! `augur perft <depth> [--fen FEN] [--divide] [--threads N]` counts leaf
//! nodes of the legal move tree. Bad input never panics: it prints one
//! `error: ...` line on stderr and exits with status 2.

use clap::{Parser, Subcommand};
use std::process::ExitCode;

mod perft_command;

/// Augur: a game-playing engine for chess and chess-family games.
#[derive(Parser, Debug)]
#[command(name = "augur", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Count the leaf nodes of the legal move tree (move generator check).
    Perft(perft_command::PerftArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Perft(args)) => match perft_command::run(&args) {
            Ok(()) => ExitCode::SUCCESS,
            Err(message) => {
                eprintln!("error: {message}");
                ExitCode::from(2)
            }
        },
        None => {
            eprintln!("error: no command given; try `augur --help`");
            ExitCode::from(2)
        }
    }
}
