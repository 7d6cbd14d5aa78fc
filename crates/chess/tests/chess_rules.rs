//! How chess games end: checkmate, stalemate, the 50-move rule, insufficient
//! material and threefold repetition, plus the special moves' effects.

use augur_chess::Position;
use augur_core::{Color, Game, Outcome, Termination};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn play_line(start: &Position, moves: &[&str]) -> (Position, Vec<u64>) {
    let mut keys = Vec::new();
    let mut position = *start;
    for text in moves {
        let mv = position
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{e} at {}", position.fen()));
        keys.push(position.hash());
        position = position.play(mv);
    }
    (position, keys)
}

#[test]
fn fools_mate_is_checkmate_for_black() {
    let (p, _) = play_line(&Position::startpos(), &["f2f3", "e7e5", "g2g4", "d8h4"]);
    assert_eq!(
        p.outcome(),
        Some(Outcome::win(Color::Black, Termination::Checkmate))
    );
    assert!(p.in_check());
}

#[test]
fn stalemate_is_a_draw() {
    let p = pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert_eq!(p.outcome(), Some(Outcome::draw(Termination::Stalemate)));
}

#[test]
fn fifty_move_rule_draws_at_100_plies_but_mate_comes_first() {
    assert_eq!(pos("4k3/8/8/8/8/8/8/R3K3 w - - 99 80").outcome(), None);
    let p = pos("4k3/8/8/8/8/8/8/R3K3 b - - 100 80");
    assert_eq!(p.outcome(), Some(Outcome::draw(Termination::MoveRule)));
    // Mate delivered on the 100th ply is mate.
    let (mated, _) = play_line(&pos("6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80"), &["a1a8"]);
    assert_eq!(
        mated.outcome(),
        Some(Outcome::win(Color::White, Termination::Checkmate))
    );
}

/// What the searcher asks before it generates moves: drawn by the
/// 50-move rule (a side in check that still has a move included, a mated
/// side not) or by dead material, nothing else.
#[test]
fn rule_draws_as_the_search_sees_them() {
    let draw = |fen: &str| pos(fen).is_rule_draw();
    assert!(!draw("4k3/8/8/8/8/8/8/R3K3 w - - 99 80"));
    assert!(draw("4k3/8/8/8/8/8/8/R3K3 b - - 100 80"));
    // In check on the 100th ply with a move to make: drawn.
    assert!(draw("4k3/8/8/8/8/8/8/4R1K1 b - - 100 80"));
    // Mated on the 100th ply: not a draw.
    assert!(!draw("R5k1/5ppp/8/8/8/8/8/6K1 b - - 100 80"));
    assert!(draw("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1"));
    assert!(draw("4k3/8/8/8/8/8/8/2B1K3 w - - 150 1"));
    assert!(!draw("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"));
}

#[test]
fn insufficient_material_cases() {
    let dead = Some(Outcome::draw(Termination::InsufficientMaterial));
    assert_eq!(pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1").outcome(), dead);
    assert_eq!(pos("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1").outcome(), dead);
    assert_eq!(pos("4k3/8/8/8/8/8/8/1N2K3 w - - 0 1").outcome(), dead);
    // Bishops on the same colour (c1 and f8 are both dark).
    assert_eq!(pos("4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1").outcome(), dead);
    // Bishops on different colours, two knights, a pawn, a rook: play on.
    assert_eq!(pos("4k1b1/8/8/8/8/8/8/2B1K3 w - - 0 1").outcome(), None);
    assert_eq!(pos("4k3/8/8/8/8/8/8/1NN1K3 w - - 0 1").outcome(), None);
    assert_eq!(pos("4kn2/8/8/8/8/8/8/2B1K3 w - - 0 1").outcome(), None);
    assert_eq!(pos("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").outcome(), None);
    assert_eq!(pos("4k3/8/8/8/8/8/8/R3K3 w - - 0 1").outcome(), None);
}

#[test]
fn threefold_repetition_needs_the_history() {
    let start = Position::startpos();
    let shuffle = [
        "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8",
    ];
    // After 4 plies the start position stands for the second time: no draw.
    let (twice, keys) = play_line(&start, &shuffle[..4]);
    assert_eq!(twice.outcome_with_history(&keys), None);
    // After 8 plies, the third time: a draw.
    let (thrice, keys) = play_line(&start, &shuffle);
    assert_eq!(
        thrice.outcome_with_history(&keys),
        Some(Outcome::draw(Termination::Repetition))
    );
    // Without history the position alone is not a draw.
    assert_eq!(thrice.outcome(), None);
}

#[test]
fn repetition_window_is_cut_by_irreversible_moves() {
    // The same placement recurs but a pawn move in between resets the clock.
    let start = pos("4k3/8/8/8/8/8/P7/4K3 w - - 0 1");
    let (p, keys) = play_line(
        &start,
        &[
            "e1d1", "e8d8", "d1e1", "d8e8", "a2a3", "e8d8", "e1d1", "d8e8", "d1e1",
        ],
    );
    assert_eq!(p.outcome_with_history(&keys), None);
}

#[test]
fn special_moves_move_the_right_pieces() {
    let (p, _) = play_line(
        &pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"),
        &["e1g1", "e8c8"],
    );
    assert_eq!(p.fen(), "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2");
    let (p, _) = play_line(&pos("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"), &["e5d6"]);
    assert_eq!(p.fen(), "4k3/8/3P4/8/8/8/8/4K3 b - - 0 1");
    let (p, _) = play_line(&pos("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1"), &["a7b8n"]);
    assert_eq!(p.fen(), "1N2k3/8/8/8/8/8/8/4K3 b - - 0 1");
    // A rook captured on its home square takes the castling right with it.
    let (p, _) = play_line(&pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"), &["a1a8"]);
    assert_eq!(p.fen(), "R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 1");
}

#[test]
fn castling_never_out_of_through_or_into_check() {
    let cannot = |fen: &str, mv: &str| assert!(pos(fen).parse_move(mv).is_err(), "{mv} in {fen}");
    cannot(
        "4k3/8/8/8/8/8/8/4K2R w K - 0 1"
            .replace("4k3", "4r1k1")
            .as_str(),
        "e1g1",
    ); // out of check
    cannot("5rk1/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1"); // through f1
    cannot("k5r1/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1"); // into g1
    cannot("3r2k1/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1c1"); // through d1
    // b1 attacked does not matter for queen-side castling.
    assert!(
        pos("1r4k1/8/8/8/8/8/8/R3K3 w Q - 0 1")
            .parse_move("e1c1")
            .is_ok()
    );
}

#[test]
fn bad_move_text_is_an_error_not_a_panic() {
    let p = Position::startpos();
    for text in [
        "", "e2", "e2e5", "e7e5", "e1g1", "a7a8q", "e2e4q", "zz", "e2e4e2e4", "0000",
    ] {
        assert!(p.parse_move(text).is_err(), "{text}");
    }
}
