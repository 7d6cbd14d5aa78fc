//! The `augur` binary.
//!
//! With no subcommand it speaks the UCI-style protocol on standard input and
//! output (what GUIs and tournament managers run). Subcommands:
//! `perft` (move-generator check), `bench` (search signature and speed) and
//! `analyse` (search one position from a script, optionally as JSON lines).
//! Bad input never panics: one `error: ...` line on stderr, exit status 2.
//!
//! A first argument that begins with a protocol command (`go`, `position`,
//! `genfens`, `quit`, ...) makes every argument one protocol line, run in
//! order, after which the engine exits (`augur "genfens 10 seed 1 book
//! None" "quit"`, the way OpenBench drives engines). Anything else that is
//! not a subcommand is an error (exit status 2) naming the subcommands.

use clap::error::ErrorKind;
use clap::{CommandFactory, Parser, Subcommand};
use std::process::ExitCode;

mod analyse_command;
mod analyse_json;
mod bench_command;
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
    /// Speak the UCI protocol on stdin/stdout (the default).
    Uci,
    /// Count the leaf nodes of the legal move tree (move generator check).
    Perft(perft_command::PerftArgs),
    /// Search the bench positions to a fixed depth: `<nodes> nodes <nps> nps`.
    Bench(bench_command::BenchArgs),
    /// Analyse one position and print the search progress and result.
    Analyse(analyse_command::AnalyseArgs),
    /// Play, watch and analyse every game in a browser (a web board).
    Serve(ServeArgs),
}

/// Arguments of `augur serve`.
#[derive(clap::Args, Debug)]
struct ServeArgs {
    /// The port to listen on (0: any free port).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to listen on; the default exposes nothing beyond this
    /// machine.
    #[arg(long, default_value = "127.0.0.1")]
    host: String,
    /// Open the page in the default browser.
    #[arg(long)]
    open: bool,
    /// Also let pages from this origin (`http://host:port`) open games;
    /// repeatable. By default only the server's own page may.
    #[arg(long = "allow-origin", value_name = "ORIGIN")]
    allow_origin: Vec<String>,
    /// The game database (SQLite) where games are kept; by default
    /// `games.sqlite3` in the user's data directory (under `augur/`).
    #[arg(long, value_name = "PATH")]
    db: Option<std::path::PathBuf>,
    /// Seconds a game may go without a message before it is dropped (and
    /// kept in the database); for tests.
    #[arg(long, hide = true, default_value_t = augur_serve::IDLE_TIMEOUT.as_secs())]
    idle_timeout: u64,
}

/// The position of `--fen` (read in Chess960 mode with `--chess960`), or
/// the game's start; an error is a message for the user.
fn start_position<G: augur_core::Game>(fen: Option<&str>, chess960: bool) -> Result<G, String> {
    let position = match fen {
        Some(fen) if chess960 => G::from_fen_chess960(fen).map(|(p, _)| p),
        Some(fen) => G::from_fen(fen),
        None => Ok(G::startpos()),
    };
    position
        .map(|p| p.with_chess960(chess960))
        .map_err(|e| e.to_string())
}

/// Runs each argument as a protocol line, then ends the session as at the
/// end of input (a bounded search finishes; `quit` stops early).
fn run_protocol_lines(lines: &[String]) {
    let mut session = augur_protocol::Session::new(augur_protocol::Output::stdout());
    for line in lines {
        if session.handle_line(line) == augur_protocol::Flow::Quit {
            return;
        }
    }
    session.end_of_input();
}

/// Whether the arguments are protocol lines: the first begins with a
/// protocol command and is not one of the subcommands (`bench` and `uci`
/// are both; the subcommand wins).
fn are_protocol_lines(args: &[String]) -> bool {
    args.first().is_some_and(|first| {
        augur_protocol::command::is_protocol_line(first)
            && !Cli::command()
                .get_subcommands()
                .any(|sub| sub.get_name() == first.as_str())
    })
}

/// Parses the command line; a mistyped subcommand is an error that names
/// the subcommands and says how protocol lines are given (exit status 2).
fn parse_command_line() -> Cli {
    match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) if error.kind() == ErrorKind::InvalidSubcommand => {
            let names: Vec<String> = Cli::command()
                .get_subcommands()
                .map(|sub| sub.get_name().to_string())
                .collect();
            eprint!("{}", error.render());
            eprintln!(
                "\nThe subcommands are: {} (and the options --help and --version). Protocol lines may be given as arguments, each a whole line beginning with a protocol command: augur \"go depth 10\" quit",
                names.join(", ")
            );
            std::process::exit(2)
        }
        Err(error) => error.exit(),
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if are_protocol_lines(&args) {
        run_protocol_lines(&args);
        return ExitCode::SUCCESS;
    }
    let cli = parse_command_line();
    let result = match cli.command {
        None | Some(Command::Uci) => {
            augur_protocol::run(std::io::stdin().lock(), augur_protocol::Output::stdout());
            Ok(())
        }
        Some(Command::Perft(args)) => perft_command::run(&args),
        Some(Command::Bench(args)) => bench_command::run(&args),
        Some(Command::Analyse(args)) => analyse_command::run(&args),
        Some(Command::Serve(args)) => augur_serve::run(&augur_serve::ServeConfig {
            host: args.host,
            port: args.port,
            open: args.open,
            allowed_origins: args.allow_origin,
            db: args.db,
            idle_timeout: std::time::Duration::from_secs(args.idle_timeout.max(1)),
        }),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}
