//! The search with Syzygy tables (the committed tests/syzygy, made by the
//! Syzygy generator): a root in the tables searches only the moves that
//! keep its verdict and converts the win within the 50-move rule, and
//! positions that reach the tables inside the tree are probed.

mod common;

use augur_chess::Position;
use augur_core::{Color, Game, Tablebase, Termination};
use augur_search::score::{MATE_BOUND, TB_WIN, TB_WIN_BOUND};
use augur_search::{Engine, Limits};
use common::{depth, position, run};
use std::sync::Arc;

fn tables() -> Arc<dyn Tablebase<Position>> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/syzygy");
    augur_chess::syzygy::load(path)
        .expect("the test tables load")
        .tables
        .expect("tables were found")
}

fn engine_with_tables() -> Engine<Position> {
    let mut engine = common::engine(16, 1);
    engine.set_tablebases(Some(tables()));
    engine
}

#[test]
fn only_moves_that_keep_the_win_are_searched_at_the_root() {
    // King and pawn against king: each has one winning move (a king move
    // taking the opposition or shouldering, not a pawn push), found by
    // python-chess's prober; every other move draws.
    let mut engine = engine_with_tables();
    for (fen, winning) in [
        ("8/8/8/4k3/8/8/2P5/2K5 w - - 0 1", "c1b2"),
        ("8/8/8/8/3k4/8/6P1/4K3 w - - 0 1", "e1f2"),
        ("8/1k6/8/8/K3P3/8/8/8 w - - 0 1", "a4b5"),
        ("8/8/4k3/8/8/5K2/1P6/8 w - - 0 1", "f3e4"),
        ("1k6/8/8/8/5P2/8/8/3K4 w - - 0 1", "d1e2"),
    ] {
        let root: Position = position(fen);
        engine.clear();
        let (result, infos) = run(&mut engine, &root, &depth(1));
        let best = result.best_move.map(|m| root.move_text(m));
        assert_eq!(best.as_deref(), Some(winning), "{fen}");
        let last = infos.last().expect("a report");
        assert_eq!(last.score, TB_WIN, "the root's tablebase score at {fen}");
        assert!(last.tbhits >= 6, "a hit per root move at {fen}");
    }
}

/// Plays `fen` out with the engine on both sides, `nodes` per move;
/// returns the final position and the highest 50-move counter reached.
fn play_out(engine: &mut Engine<Position>, fen: &str, nodes: u64) -> (Position, u32) {
    let mut board: Position = position(fen);
    let mut history = Vec::new();
    let mut highest_clock = 0;
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    while board.outcome_with_history(&history).is_none() {
        let result = engine.search(
            &board,
            &history,
            &limits,
            &augur_search::SearchControl::new(false),
            &mut |_| {},
        );
        let mv = result.best_move.expect("a legal move");
        history.push(board.hash());
        board = board.play(mv);
        highest_clock = highest_clock.max(board.reversible_plies());
        assert!(history.len() < 300, "no end after 300 plies from {fen}");
    }
    (board, highest_clock)
}

#[test]
fn rook_and_bishop_knight_wins_are_mated_within_the_fifty_move_rule() {
    let mut engine = engine_with_tables();
    for (fen, winner) in [
        // King and rook: 25 plies to mate with best play.
        ("8/8/8/8/4k3/8/8/R3K3 w - - 0 1", Color::White),
        // Bishop and knight: 52 plies to mate with best play, which a
        // search of this size does not find by itself.
        ("8/8/8/5K2/2k1B2N/8/8/8 w - - 0 1", Color::White),
        ("4b3/2n5/8/8/k4K2/8/8/8 b - - 0 1", Color::Black),
    ] {
        engine.clear();
        let (end, highest_clock) = play_out(&mut engine, fen, 4_000);
        let outcome = end.outcome().expect("the game ended");
        assert_eq!(outcome.termination, Termination::Checkmate, "{fen}");
        assert_eq!(outcome.winner, Some(winner), "{fen}");
        assert!(
            highest_clock < 100,
            "{fen}: the counter reached {highest_clock}"
        );
    }
}

#[test]
fn positions_reaching_the_tables_in_the_tree_are_probed() {
    // Queen against knight (no such table): taking the knight reaches
    // king and queen against king, in the tables.
    let root: Position = position("7k/8/8/8/3n4/8/8/K2Q4 w - - 0 1");
    let mut engine = engine_with_tables();
    let (result, infos) = run(&mut engine, &root, &depth(4));
    let last = infos.last().expect("a report");
    assert!(last.tbhits > 0, "no probe in the tree");
    assert_eq!(
        result.best_move.map(|m| root.move_text(m)).as_deref(),
        Some("d1d4")
    );
    assert!(
        result.score >= TB_WIN_BOUND && result.score < MATE_BOUND,
        "a tablebase win below the mates: {}",
        result.score
    );
    // A probe limit of 0 turns probing off; 3 keeps the three-piece probes.
    for (limit, probes) in [(0, false), (3, true)] {
        engine.clear();
        engine.settings_mut().tablebases.probe_limit = limit;
        let (_, infos) = run(&mut engine, &root, &depth(4));
        let hits = infos.last().expect("a report").tbhits;
        assert_eq!(hits > 0, probes, "SyzygyProbeLimit {limit}: {hits} hits");
    }
    // Without tables, nothing is probed.
    let mut plain = common::engine::<Position>(16, 1);
    let (_, infos) = run(&mut plain, &root, &depth(4));
    assert_eq!(infos.last().expect("a report").tbhits, 0);
}
