//! MultiPV in all four games: at every completed depth the engine reports
//! one line per requested PV, numbered 1, 2, ... in order, best first
//! (scores never rising), each starting with a different root move and
//! each a legal line; the move played and its score are those of line 1 of
//! the last depth; `searchmoves` limits the lines to the moves it names.

mod common;

use augur_core::Evaluate;
use augur_search::{Limits, SearchInfo};
use common::{depth, moves, position, run};

/// Checks the reports of a MultiPV search of `lines` lines to `max_depth`.
fn lines_are_ordered<G: Evaluate>(
    root: &G,
    infos: &[SearchInfo<G::Move>],
    lines: usize,
    max_depth: u32,
) {
    let complete: Vec<_> = infos.iter().filter(|i| i.bound.is_none()).collect();
    for d in 1..=max_depth {
        let at_depth: Vec<_> = complete.iter().filter(|i| i.depth == d).collect();
        let context = format!("{} depth {d}", root.fen());
        assert_eq!(at_depth.len(), lines, "{context}");
        for (k, line) in at_depth.iter().enumerate() {
            assert_eq!(line.multipv, k + 1, "{context}");
            if k > 0 {
                assert!(
                    line.score <= at_depth[k - 1].score,
                    "{context}: line {} scores {} above line {} ({})",
                    k + 1,
                    line.score,
                    k,
                    at_depth[k - 1].score
                );
                assert!(
                    at_depth[..k].iter().all(|l| l.pv[0] != line.pv[0]),
                    "{context}: a root move twice"
                );
            }
            let mut position = root.clone();
            for &mv in &line.pv {
                assert!(position.is_legal(mv), "{context}: illegal line");
                position = position.play(mv);
            }
        }
    }
}

fn multipv<G: Evaluate>(text: &str, lines: usize, max_depth: u32) {
    let root: G = position(text);
    let mut engine = common::engine::<G>(16, 1);
    engine.settings_mut().multipv = lines;
    let (result, infos) = run(&mut engine, &root, &depth(max_depth));
    lines_are_ordered(&root, &infos, lines, max_depth);
    let first = infos
        .iter()
        .rfind(|i| i.depth == max_depth && i.multipv == 1)
        .expect("line 1 of the last depth");
    assert_eq!(result.depth, max_depth);
    assert_eq!(result.best_move, first.pv.first().copied(), "{text}");
    assert_eq!(result.score, first.score, "{text}");
    if first.pv.len() > 1 {
        assert_eq!(result.ponder_move, Some(first.pv[1]), "{text}");
    }

    // Two moves named by `searchmoves`: two lines, of those moves only.
    let named: Vec<G::Move> = moves(&root).into_iter().rev().take(2).collect();
    let limits = Limits {
        search_moves: named.clone(),
        ..depth(3)
    };
    let (result, infos) = run(&mut engine, &root, &limits);
    lines_are_ordered(&root, &infos, 2, 3);
    assert!(infos.iter().all(|i| named.contains(&i.pv[0])), "{text}");
    assert!(named.contains(&result.best_move.expect("a move")));
}

#[test]
fn chess_lines_come_best_first() {
    multipv::<augur_chess::Position>(
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
        4,
        7,
    );
}

#[test]
fn ultima_lines_come_best_first() {
    multipv::<augur_ultima::Position>("rnbkqbnm/pppppppp/8/8/4P3/8/PPPP1PPP/MNBQKBNR b 1", 4, 4);
}

#[test]
fn oracle_lines_come_best_first() {
    multipv::<augur_oracle::Position>(
        "c2plehc/ses2ss()1/hs1ss2s/1H6/4S1H1/3S3S/SSS2SS1/C1EP(e)LE()1C - s w 4 16",
        4,
        6,
    );
}

#[test]
fn enochian_lines_come_best_first() {
    multipv::<augur_enochian::Position>(
        "yKRyByQyN2bPRbKR/yPRyPByPQyPN2bPBbB/6bPQbQ/6bPNbN/kNkPN6/kQkPQ6/kBkPB2rPNrPQrPBrPR/kKRkPR2rNrQrBrKR k d - - -",
        4,
        8,
    );
}

#[test]
fn a_search_stopped_early_reports_its_last_complete_lines_again() {
    let root: augur_chess::Position =
        position("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    let mut engine = common::engine(16, 1);
    engine.settings_mut().multipv = 3;
    let limit = 200_000;
    let limits = Limits {
        nodes: Some(limit),
        ..Limits::default()
    };
    let (result, infos) = run(&mut engine, &root, &limits);
    // The node limit cuts an iteration short: its lines are not reported;
    // the last complete set comes again, with the final node count.
    let last: Vec<_> = infos[infos.len() - 3..].iter().collect();
    for (k, line) in last.iter().enumerate() {
        assert_eq!(
            (line.multipv, line.depth),
            (k + 1, result.depth),
            "{last:?}"
        );
        assert!(line.nodes >= limit, "{} nodes", line.nodes);
    }
    let before: Vec<_> = infos[..infos.len() - 3]
        .iter()
        .filter(|i| i.depth == result.depth && i.bound.is_none())
        .collect();
    assert_eq!(before.len(), 3);
    for (again, first) in last.iter().zip(&before) {
        assert_eq!((again.score, &again.pv), (first.score, &first.pv));
    }
    assert_eq!(result.best_move, last[0].pv.first().copied());
}
