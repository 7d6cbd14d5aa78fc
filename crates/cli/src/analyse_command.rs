//! `augur analyse`: search one position from a script.
//!
//! Plain output is the protocol's `info` lines and `bestmove`. With `--json`,
//! each progress report is one JSON object per line
//! (`{"type":"info","depth":..,"seldepth":..,"multipv":..,"score":{"cp":..}
//! or {"mate":..},"nodes":..,"nps":..,"time_ms":..,"pv":[..]}`), and the end
//! is `{"type":"bestmove","bestmove":..,"ponder":..,"score":..,"depth":..,
//! "nodes":..}`.

use augur_core::Game;
use augur_games::{Variant, with_game};
use augur_protocol::output::{bestmove_line, info_line, json_string, line_text};
use augur_search::score::{ReportedScore, report};
use augur_search::{Engine, Limits, SearchControl, SearchInfo};
use clap::Args;

/// Arguments of `augur analyse`.
#[derive(Args, Debug)]
pub struct AnalyseArgs {
    /// The game: chess, ultima, oracle or enochian.
    #[arg(long, default_value_t)]
    variant: Variant,
    /// The position (default: the starting position).
    #[arg(long)]
    fen: Option<String>,
    /// Search to this depth.
    #[arg(long, conflicts_with = "movetime", value_parser = clap::value_parser!(u32).range(1..=127))]
    depth: Option<u32>,
    /// Search for this many milliseconds.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    movetime: Option<u64>,
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

fn json_score(score: i32) -> String {
    match report(score) {
        ReportedScore::Centipawns(cp) => format!("{{\"cp\":{cp}}}"),
        ReportedScore::Mate(n) => format!("{{\"mate\":{n}}}"),
    }
}

fn json_info<G: Game>(root: &G, info: &SearchInfo<G::Move>) -> String {
    let millis = info.time.as_millis() as u64;
    let pv: Vec<String> = line_text(root, &info.pv)
        .iter()
        .map(|m| json_string(m))
        .collect();
    format!(
        "{{\"type\":\"info\",\"depth\":{},\"seldepth\":{},\"multipv\":{},\"score\":{},\"nodes\":{},\"nps\":{},\"time_ms\":{},\"pv\":[{}]}}",
        info.depth,
        info.seldepth,
        info.multipv,
        json_score(info.score),
        info.nodes,
        info.nodes.saturating_mul(1000) / millis.max(1),
        millis,
        pv.join(",")
    )
}

/// Runs `augur analyse`.
pub fn run(args: &AnalyseArgs) -> Result<(), String> {
    with_game!(args.variant, G => run_game::<G>(args))
}

fn run_game<G: augur_core::Evaluate>(args: &AnalyseArgs) -> Result<(), String> {
    let root = match &args.fen {
        Some(fen) => G::from_fen(fen).map_err(|e| e.to_string())?,
        None => G::startpos(),
    };
    let mut engine = Engine::<G>::new(args.hash as usize, args.threads as usize);
    engine.settings_mut().multipv = args.multipv as usize;
    let limits = Limits {
        depth: args.depth.or(if args.movetime.is_none() {
            Some(12)
        } else {
            None
        }),
        movetime_ms: args.movetime,
        ..Limits::default()
    };
    let control = SearchControl::new(false);
    let json = args.json;
    let result = engine.search(&root, &[], &limits, &control, &mut |info| {
        if json {
            println!("{}", json_info(&root, info));
        } else {
            println!("{}", info_line(&root, info, false));
        }
    });
    if json {
        let text = |m: Option<G::Move>, pos: Option<G>| match (m, pos) {
            (Some(m), Some(p)) => json_string(&p.move_text(m)),
            _ => "null".to_string(),
        };
        let child = result.best_move.map(|m| root.play(m));
        println!(
            "{{\"type\":\"bestmove\",\"bestmove\":{},\"ponder\":{},\"score\":{},\"depth\":{},\"nodes\":{}}}",
            text(result.best_move, Some(root)),
            text(result.ponder_move, child),
            json_score(result.score),
            result.depth,
            result.nodes
        );
    } else {
        println!("{}", bestmove_line(&root, &result));
    }
    Ok(())
}
