//! The principal variation: at every completed depth it is a sequence of
//! legal moves from the root, it reaches past the first move (a search
//! that forgets the child's line reports one move and no ponder move), the
//! best move is its first move and the ponder move its second.

mod common;

use augur_core::{Evaluate, Game};
use common::{depth, moves, position, run};

/// Checks every report of a `depth`-ply search of `root`.
fn check_lines<G: Evaluate>(root: &G, plies: u32) {
    let mut engine = common::engine::<G>(16, 1);
    let (result, infos) = run(&mut engine, root, &depth(plies));
    assert!(!infos.is_empty());
    for info in &infos {
        let mut position = root.clone();
        for &mv in &info.pv {
            assert!(
                moves(&position).contains(&mv),
                "depth {}: {} is not legal in {}",
                info.depth,
                position.move_text(mv),
                position.fen()
            );
            position = position.play(mv);
        }
        if info.depth >= 3 {
            assert!(
                info.pv.len() >= 2,
                "depth {}: the line stops after its first move",
                info.depth
            );
        }
    }
    let last = infos.last().map(|i| i.pv.clone()).unwrap_or_default();
    assert_eq!(result.best_move, last.first().copied());
    assert_eq!(result.ponder_move, last.get(1).copied());
}

#[test]
fn chess_lines_are_legal_and_longer_than_one_move() {
    check_lines(&augur_chess::Position::startpos(), 6);
    let middlegame: augur_chess::Position =
        position("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
    check_lines(&middlegame, 6);
}

#[test]
fn variant_lines_are_legal_and_longer_than_one_move() {
    check_lines(&augur_ultima::Position::startpos(), 5);
    check_lines(&augur_oracle::Position::startpos(), 5);
    check_lines(&augur_enochian::Position::startpos(), 6);
}
