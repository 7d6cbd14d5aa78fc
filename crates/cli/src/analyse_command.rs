//! `augur analyse`: search one position from a script.
//!
//! The position is `--fen` (or the start) with `--moves` played on it (the
//! protocol's move text, Enochian rolls included). Plain output is the
//! protocol's `info` lines and `bestmove`. With `--json`, each progress
//! report is one JSON object per line and the end is one object with every
//! MultiPV line of the last complete depth; `protocol.md` ("`augur
//! analyse`") documents every field. A position the search cannot start
//! from (bad text, an illegal move, an Enochian roll not yet made) is an
//! error: one line on stderr, exit status 2.

use augur_engine::{
    Config, Engine, SearchEvent, SearchInfo, SearchLimits, SearchStart, Start, Variant,
};
use augur_protocol::output::{bestmove_line, finished_info_line, info_line};
use clap::Args;

use crate::analyse_json::Report;

/// Arguments of `augur analyse`.
#[derive(Args, Debug)]
pub struct AnalyseArgs {
    /// The game: chess, ultima, oracle or enochian.
    #[arg(long, default_value_t)]
    variant: Variant,
    /// The position (default: the starting position).
    #[arg(long)]
    fen: Option<String>,
    /// Chess960: castling with any rook (X-FEN or Shredder-FEN castling
    /// fields in `--fen`), castling written king-takes-rook.
    #[arg(long)]
    chess960: bool,
    /// Moves played from the position first, space-separated move text
    /// (`"e2e4 e7e5"`; Enochian rolls as `4:h8h6Q`, a trailing `3:` for the
    /// roll of the army to move).
    #[arg(long)]
    moves: Option<String>,
    /// Search to this depth (1 to 255, as `go depth`).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=255))]
    depth: Option<u32>,
    /// Search for this many milliseconds.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    movetime: Option<u64>,
    /// Search this many nodes.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    nodes: Option<u64>,
    /// Report this many principal variations.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
    multipv: u64,
    /// Transposition table size in MB.
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u64).range(1..=65536))]
    hash: u64,
    /// Search threads.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=1024))]
    threads: u64,
    /// Print one JSON object per line.
    #[arg(long)]
    json: bool,
}

/// The default depth when no limit is given.
const DEFAULT_DEPTH: u32 = 12;

/// Runs `augur analyse`.
pub fn run(args: &AnalyseArgs) -> Result<(), String> {
    let config = Config {
        hash_mb: args.hash as usize,
        threads: args.threads as usize,
        multipv: args.multipv as usize,
        chess960: args.chess960,
        ..Config::default()
    };
    let mut engine = Engine::with_config(args.variant, &config);
    let start = args.fen.clone().map_or(Start::Standard, Start::Text);
    let moves: Vec<String> = args.moves.as_deref().map_or(Vec::new(), |m| {
        m.split_whitespace().map(str::to_string).collect()
    });
    engine.set_position(&start, &moves)?;
    if engine.awaiting_roll() {
        return Err(
            "the roll for the army to move is not known: end --moves with '<roll>:' (e.g. '3:') or give it in the position string"
                .to_string(),
        );
    }
    // Who moves, as `go` names the clocks (`white`, an Enochian army).
    let to_move = engine.board().to_move.to_lowercase();
    let no_limit = args.depth.is_none() && args.movetime.is_none() && args.nodes.is_none();
    let limits = SearchLimits {
        depth: args.depth.or(no_limit.then_some(DEFAULT_DEPTH)),
        movetime_ms: args.movetime,
        nodes: args.nodes,
        ..SearchLimits::default()
    };
    let (sender, events) = std::sync::mpsc::channel();
    let started = engine.start_search(&limits, move |event| {
        let _ = sender.send(event);
    })?;
    let json = args.json;
    if let SearchStart::GameOver(end) = started {
        // A finished game: the score line and the end, without a search.
        if json {
            println!("{}", Report::finished(end.score(), &to_move).to_json());
        } else {
            println!("{}", finished_info_line(end, false));
            println!("bestmove (none)");
        }
        return Ok(());
    }
    // The last complete set of lines (a new set starts with line 1).
    let mut lines: Vec<SearchInfo> = Vec::new();
    for event in events {
        match event {
            SearchEvent::Info(info) => {
                if json {
                    println!("{}", Report::info(&info).to_json());
                } else {
                    println!("{}", info_line(&info, false));
                }
                if info.bound.is_none() {
                    if info.multipv == 1 {
                        lines.clear();
                    }
                    lines.push(info);
                }
            }
            SearchEvent::CurrentMove { .. } => {}
            SearchEvent::Finished(best) | SearchEvent::Failed(best) => {
                if json {
                    println!("{}", Report::bestmove(&best, &lines, &to_move).to_json());
                } else {
                    println!("{}", bestmove_line(&best));
                }
                break;
            }
        }
    }
    engine.wait();
    Ok(())
}
