//! Chance nodes: in Enochian divination games a die is rolled before each
//! turn, and the searcher averages over the six faces (expectimax) with
//! threshold tests and Star1 cut-offs. These tests check the value exactly with the
//! material-only evaluation: once on a position whose expectation is
//! worked out by hand, and on many positions from seeded random divination
//! games against a brute-force expectimax written here over the game's own
//! move generator, for every root move (MultiPV over all of them: each
//! line is searched with a full window) and for the root alone (its later
//! moves are searched with null windows, where the threshold tests and
//! Star1 cut).
//!
//! The brute force follows the search's documented shape at depth 1: each
//! root move is followed by the next army's roll, averaged over the six
//! faces (the sum divided by six, truncated towards zero, as integer
//! division does); after each face the quiescence search stands pat or
//! takes (captures and promotions), and the roll after such a capture is
//! not averaged any more: the static evaluation of the position before the
//! roll stands. The end of the game scores a win `MATE - ply`.

mod common;

use augur_core::{Evaluate, Game, MoveList};
use augur_enochian::{DIVINATION_WEIGHTS, Die, EnochianMove, Kind, Position};
use augur_search::Engine;
use augur_search::score::{DRAW, MATE};
use common::{Rng, depth, moves, position, run};

/// The value of `child` (from its own team's point of view) from the
/// point of view of `parent`'s team: the same team moves again after a
/// skipped army, and the value then keeps its sign.
fn relative(parent: &Position, child: &Position, value: i32) -> i32 {
    if child.team() == parent.team() {
        value
    } else {
        -value
    }
}

/// The average over the faces of a pending roll, as the searcher rounds it.
fn average(position: &Position, value: impl Fn(&Position) -> i32) -> i32 {
    let faces = position.chance_outcomes();
    let sum: i64 = (0..faces)
        .map(|face| i64::from(value(&position.resolve_chance(face))))
        .sum();
    (sum / i64::from(faces)) as i32
}

/// A finished game from the point of view of the team to move, `ply`
/// plies from the root.
fn terminal(position: &Position, ply: i32) -> i32 {
    match position.outcome() {
        Some(outcome) => match outcome.winner {
            None => DRAW,
            Some(team) if team == position.team() => MATE - ply,
            Some(_) => -(MATE - ply),
        },
        None => DRAW,
    }
}

/// Quiescence by brute force: stand pat or take, no window.
fn quiescence(position: &Position, ply: i32, after_capture: bool) -> i32 {
    if position.chance_outcomes() > 0 {
        if after_capture {
            return position.evaluate_material();
        }
        return average(position, |face| quiescence(face, ply, false));
    }
    if position.is_rule_draw() {
        return DRAW;
    }
    if position.is_decided() {
        return terminal(position, ply);
    }
    assert!(!position.in_check(), "divination has no check");
    let mut noisy = MoveList::new();
    position.generate_noisy(&mut noisy);
    noisy
        .iter()
        .map(|&mv| {
            let child = position.play(mv);
            relative(position, &child, quiescence(&child, ply + 1, true))
        })
        .fold(position.evaluate_material(), i32::max)
}

/// The expectimax value of each root move at depth 1, from the root's
/// point of view.
fn root_values(root: &Position) -> Vec<(EnochianMove, i32)> {
    moves(root)
        .into_iter()
        .map(|mv| {
            let child = root.play(mv);
            let value = if child.chance_outcomes() > 0 {
                average(&child, |face| quiescence(face, 1, false))
            } else {
                quiescence(&child, 1, false)
            };
            (mv, relative(root, &child, value))
        })
        .collect()
}

/// A material-only engine (the values above use that evaluation).
fn material_engine(multipv: usize) -> Engine<Position> {
    let mut engine = common::engine::<Position>(4, 1);
    engine.settings_mut().material_only = true;
    engine.settings_mut().multipv = multipv;
    engine
}

#[test]
fn a_roll_is_averaged_over_its_six_faces() {
    // Blue rolled a Queen and has none: its only move is the lost turn.
    // Red rolls next, and what it can take depends on the face: a Knight
    // (2) takes Blue's Rook on e6, a Bishop (3) the Knight on f4, a pawn
    // (6) the pawn on c4; a King (1) has nothing to take, and Red has no
    // Queen (4) or Rook (5).
    let root: Position = position("yK6bK/8/4bR3/8/2bPNrN1bN2/1rPN6/8/kK1rB4rK b d - - 4");
    let legal = moves(&root);
    assert_eq!(legal.len(), 1);
    assert!(legal[0].is_lost_turn());
    let red = root.play(legal[0]);
    assert_eq!(red.die(), Die::Pending);
    // Red's material balance before it takes anything (divination's own
    // material weights).
    let balance = red.resolve_chance(0).evaluate_material();
    let taken = DIVINATION_WEIGHTS[Kind::Rook.index()]
        + DIVINATION_WEIGHTS[Kind::Knight.index()]
        + DIVINATION_WEIGHTS[Kind::Pawn.index()];
    let expected = -((6 * balance + taken) / 6);
    assert_ne!(expected, -balance, "the faces must matter");
    assert_eq!(root_values(&root), vec![(legal[0], expected)]);

    let mut engine = material_engine(1);
    let (result, infos) = run(&mut engine, &root, &depth(1));
    assert_eq!(result.best_move, Some(legal[0]));
    assert_eq!(result.score, expected, "{infos:?}");
}

#[test]
fn a_roll_inside_the_full_width_search_is_averaged_too() {
    // The same roll two plies deep: Red's reply is searched full width,
    // so the chance node sits in the main search, not in quiescence. Red
    // cannot take a Rook, a Knight and a pawn at once, whatever it rolls:
    // averaged over the faces, Blue loses less than when every face is
    // assumed to let Red take its best piece.
    let root: Position = position("yK6bK/8/4bR3/8/2bPNrN1bN2/1rPN6/8/kK1rB4rK b d - - 4");
    let mut engine = material_engine(1);
    let (averaged, _) = run(&mut engine, &root, &depth(2));
    let mut engine = material_engine(1);
    engine.settings_mut().chance_lookahead = false;
    let (ignored, _) = run(&mut engine, &root, &depth(2));
    let balance = -root
        .play(moves(&root)[0])
        .resolve_chance(0)
        .evaluate_material();
    assert!(ignored.score < averaged.score, "{ignored:?} {averaged:?}");
    assert!(averaged.score < balance, "{averaged:?}: some faces take");
}

/// Positions from seeded random divination games (rolled, not over), a
/// third of them starting with one King taken so that teams also move
/// twice running.
fn divination_positions(count: usize) -> Vec<Position> {
    let mut rng = Rng::new(2024);
    let mut found = Vec::new();
    let starts = [
        "yKQyByRyN2bPQbKQ/yPQyPByPRyPN2bPBbB/6bPRbR/6bPNbN/kNkPN6/kRkPR6/kBkPB2rPNrPRrPBrPQ/kKQkPQ2rNrRrBrKQ b d - - ?",
        "yQyByRyN2bPQbKQ/yPQyPByPRyPN2bPBbB/6bPRbR/6bPNbN/kNkPN6/kRkPR6/kBkPB2rPNrPRrPBrPQ/kKQkPQ2rNrRrBrKQ b d y - ?",
        "yKRyByQyN2bPRbKR/yPRyPByPQyPN2bPBbB/6bPQbQ/6bPNbN/kNkPN6/kQkPQ6/kBkPB2rPNrPQrPBrPR/kKRkPR2rNrQrBrKR k d - - ?",
    ];
    while found.len() < count {
        let mut game: Position = position(starts[found.len() % starts.len()]);
        let plies = 8 + rng.below(60);
        for _ in 0..plies {
            if game.chance_outcomes() > 0 {
                game = game.resolve_chance(rng.below(6) as u32);
            }
            let legal = moves(&game);
            if legal.is_empty() {
                break;
            }
            game = game.play(legal[rng.below(legal.len())]);
        }
        if game.chance_outcomes() > 0 {
            game = game.resolve_chance(rng.below(6) as u32);
        }
        if !game.is_decided() && !moves(&game).is_empty() {
            found.push(game);
        }
    }
    found
}

#[test]
fn every_root_move_scores_its_brute_force_expectimax() {
    let mut averaged_nodes_that_differ = 0;
    let mut same_team_twice = 0;
    for root in divination_positions(150) {
        let values = root_values(&root);
        let mut engine = material_engine(values.len());
        let (_, infos) = run(&mut engine, &root, &depth(1));
        let lines: Vec<_> = infos.iter().filter(|i| i.bound.is_none()).collect();
        assert_eq!(lines.len(), values.len(), "{}", root.fen());
        for line in lines {
            let first = line.pv[0];
            let (_, value) = values
                .iter()
                .find(|(mv, _)| *mv == first)
                .expect("a legal root move");
            assert_eq!(
                line.score,
                *value,
                "{}: {} (line {})",
                root.fen(),
                root.move_text(first),
                line.multipv
            );
        }
        // How much the test covers: rolls whose faces differ, and moves
        // after which the same team moves again.
        for (mv, _) in &values {
            let child = root.play(*mv);
            if child.team() == root.team() {
                same_team_twice += 1;
            }
            if child.chance_outcomes() > 0 {
                let faces: Vec<i32> = (0..6)
                    .map(|f| quiescence(&child.resolve_chance(f), 1, false))
                    .collect();
                if faces.iter().any(|&v| v != faces[0]) {
                    averaged_nodes_that_differ += 1;
                }
            }
        }
    }
    assert!(
        averaged_nodes_that_differ >= 300,
        "{averaged_nodes_that_differ}"
    );
    assert!(same_team_twice >= 20, "{same_team_twice}");
}

#[test]
fn star1_cut_offs_never_change_the_root_value() {
    // One line: the root's later moves are searched with null windows,
    // where the averaged nodes cut off early from bounds alone.
    for root in divination_positions(200) {
        let best = root_values(&root)
            .into_iter()
            .map(|(_, v)| v)
            .max()
            .expect("a move");
        let mut engine = material_engine(1);
        let (result, _) = run(&mut engine, &root, &depth(1));
        assert_eq!(result.score, best, "{}", root.fen());
        let played = result.best_move.expect("a move");
        let value = root_values(&root)
            .into_iter()
            .find(|(mv, _)| *mv == played)
            .map(|(_, v)| v);
        assert_eq!(value, Some(best), "{}", root.fen());
    }
}

#[test]
fn a_winning_roll_cuts_the_other_moves_off_without_changing_them() {
    // Yellow is frozen; Blue rolled a Rook and its Rook takes the Red King
    // (both enemy Kings gone: a win now). Every other Rook move is then
    // searched against a mate bound, where Star1 cuts at the first face.
    let root: Position = position("7bK/8/8/3kK4/8/rN7/8/bR6rK b d y - 5");
    let values = root_values(&root);
    assert!(values.len() > 5);
    assert_eq!(
        values.iter().map(|&(_, v)| v).max(),
        Some(MATE - 1),
        "{values:?}"
    );
    let mut engine = material_engine(1);
    let (result, _) = run(&mut engine, &root, &depth(1));
    assert_eq!(result.score, MATE - 1);
    let mut engine = material_engine(values.len());
    let (_, infos) = run(&mut engine, &root, &depth(1));
    for line in infos {
        let value = values.iter().find(|(mv, _)| *mv == line.pv[0]).map(|v| v.1);
        assert_eq!(Some(line.score), value, "{}", root.move_text(line.pv[0]));
    }
}
