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

use augur_core::{Evaluate, Game, MoveList};
use augur_games::{Variant, with_game};
use augur_protocol::output::{bestmove_line, finished_info_line, info_line};
use augur_search::{Engine, Limits, SearchControl, SearchInfo};
use clap::Args;

use crate::analyse_json::{Report, Score};

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

/// Who moves in `position`, as `go` names the clocks (`white`, `black`;
/// an Enochian army's name).
fn to_move<G: Game>(position: &G) -> &'static str {
    let seat = position.seat().unwrap_or_else(|| position.team().index());
    G::SEAT_NAMES.get(seat).copied().unwrap_or("?")
}

/// Runs `augur analyse`.
pub fn run(args: &AnalyseArgs) -> Result<(), String> {
    with_game!(args.variant, G => run_game::<G>(args))
}

/// The position to analyse and the keys of the positions before it.
fn root_of<G: Game>(args: &AnalyseArgs) -> Result<(G, Vec<u64>), String> {
    let start: G = crate::start_position(args.fen.as_deref(), args.chess960)?;
    let moves: Vec<&str> = args
        .moves
        .as_deref()
        .map_or(Vec::new(), |m| m.split_whitespace().collect());
    let replayed = augur_core::replay(start, &moves).map_err(|e| e.to_string())?;
    if replayed.position.chance_outcomes() > 0 {
        return Err(
            "the roll for the army to move is not known: end --moves with '<roll>:' (e.g. '3:') or give it in the position string"
                .to_string(),
        );
    }
    Ok((replayed.position, replayed.history))
}

/// A finished game: the score line and the end, without a search.
fn report_finished<G: Game>(root: &G, json: bool) {
    let info = finished_info_line(root, false);
    let score = info.rsplit("score ").next().unwrap_or("cp 0");
    let number = |n: &str| n.parse::<i32>().unwrap_or(0);
    let score = match score.split_once(' ') {
        Some(("mate", n)) => Score::Mate(number(n)),
        Some((_, cp)) => Score::Cp(number(cp)),
        None => Score::Cp(0),
    };
    if json {
        println!("{}", Report::finished(score, to_move(root)).to_json());
    } else {
        println!("{info}");
        println!("bestmove (none)");
    }
}

fn run_game<G: Evaluate>(args: &AnalyseArgs) -> Result<(), String> {
    let (root, history) = root_of::<G>(args)?;
    let mut legal = MoveList::new();
    root.generate(&mut legal);
    if legal.is_empty() {
        report_finished(&root, args.json);
        return Ok(());
    }
    let mut engine = Engine::<G>::new(
        args.hash as usize,
        args.threads as usize,
        augur_games::search_config::<G>(),
    );
    engine.settings_mut().multipv = args.multipv as usize;
    let no_limit = args.depth.is_none() && args.movetime.is_none() && args.nodes.is_none();
    let limits = Limits {
        depth: args.depth.or(no_limit.then_some(DEFAULT_DEPTH)),
        movetime_ms: args.movetime,
        nodes: args.nodes,
        ..Limits::default()
    };
    let control = SearchControl::new(false);
    let json = args.json;
    // The last complete set of lines (a new set starts with line 1).
    let mut lines: Vec<SearchInfo<G::Move>> = Vec::new();
    let result = engine.search(&root, &history, &limits, &control, &mut |info| {
        if json {
            println!("{}", Report::info(&root, info).to_json());
        } else {
            println!("{}", info_line(&root, info, false));
        }
        if info.bound.is_none() {
            if info.multipv == 1 {
                lines.clear();
            }
            lines.push(info.clone());
        }
    });
    if json {
        let report = Report::bestmove(&root, &result, &lines, to_move(&root));
        println!("{}", report.to_json());
    } else {
        println!("{}", bestmove_line(&root, &result));
    }
    Ok(())
}
