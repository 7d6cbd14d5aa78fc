//! Team negamax in Enochian chess: four armies in two teams move in turn,
//! and an army that cannot move (frozen after its King was taken, or
//! stalemated) is passed over, so the same team, even the same army, may
//! move twice running. A score keeps its sign when the next mover is on
//! the same team and is negated only when the team changes. Each position
//! here is won only by a move that counts on the team moving again; the
//! win, its length and the winning moves are confirmed by a brute-force
//! solver over the game's own move generator, and the engine must find the
//! win with its exact distance at every depth.

mod common;

use augur_core::Game;
use augur_enochian::{Army, Position};
use augur_search::score::{ReportedScore, report};
use common::{depth, fastest_win, moves, position, run, win_score, wins_within};

/// Checks that the team to move in `text` wins in exactly `plies` plies,
/// that the winning first moves are `winning` (move text), and that the
/// engine finds the win with its distance at depths 1 to 6.
fn engine_finds_the_team_win(text: &str, plies: u32, winning: &[&str]) {
    let root: Position = position(text);
    let team = root.team();
    assert_eq!(fastest_win(&root, plies), Some(plies), "{text}");
    let mut solved: Vec<String> = moves(&root)
        .into_iter()
        .filter(|&mv| wins_within(&root.play(mv), team, plies - 1))
        .map(|mv| root.move_text(mv))
        .collect();
    solved.sort();
    assert_eq!(solved, winning, "{text}");
    for d in 1..=6 {
        let mut engine = common::engine::<Position>(4, 1);
        let (result, infos) = run(&mut engine, &root, &depth(d));
        let best = result.best_move.expect("a move");
        assert!(
            winning.contains(&root.move_text(best).as_str()),
            "depth {d}: {} does not win; {infos:?}",
            root.move_text(best)
        );
        assert_eq!(result.score, win_score(plies), "depth {d}: {infos:?}");
        assert_eq!(
            report(result.score),
            ReportedScore::Mate(plies.div_ceil(2) as i32)
        );
    }
}

#[test]
fn the_ally_moving_next_takes_the_king_a_move_uncovers() {
    // Red is frozen, so Black moves right after Blue. Blue's Knight on a4
    // stands between Black's Rook on a1 and the Yellow King on a8, the
    // last enemy King: any Knight move lets Black take it. Were the next
    // mover an enemy, the Yellow King would simply step away.
    let text = "yK6bK/8/8/8/bN7/8/8/kR3kK3 b d r - -";
    engine_finds_the_team_win(text, 2, &["a4b2", "a4b6", "a4c3", "a4c5"]);
    let root: Position = position(text);
    let after = root.play(root.parse_move("a4b6").expect("legal"));
    assert_eq!(after.to_move(), Army::Black, "the ally moves next");
    assert_eq!(after.team(), root.team());
}

#[test]
fn an_army_moves_twice_when_every_other_army_is_passed_over() {
    // Yellow is frozen and Black's and Red's Kings are walled in by frozen
    // Yellow pieces with no other move: both are stalemated and passed
    // over, so Blue moves twice running. Only a Knight on f2 reaches the
    // Red King on h1 (the last enemy King) past the wall: Nd3-f2, then
    // Nf2xh1.
    let text = "7bK/8/8/8/8/3bN4/yQyPR4yPQyN/kKyB4yRrK b d y - -";
    engine_finds_the_team_win(text, 2, &["d3f2"]);
    let root: Position = position(text);
    let after = root.play(root.parse_move("d3f2").expect("legal"));
    assert_eq!(after.to_move(), Army::Blue, "Blue moves again");
}
