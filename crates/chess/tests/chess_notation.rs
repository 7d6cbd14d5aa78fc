//! Chess's readable notation is SAN ([`Game::notation`]): every legal
//! move of random positions reads back from it and no two share one; the
//! king in check is the royal piece in danger exactly when the side to
//! move is in check.

use augur_chess::Position;
use augur_core::{Game, Square};
use augur_suite::notation::check_notations;
use augur_suite::shapes::random_positions;
use augur_suite::{read_perft_file, repo_root};

fn sq(name: &str) -> Square {
    Square::parse(name).unwrap_or_else(|| panic!("bad square {name}"))
}

fn position(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn notation_round_trips_and_is_unique_over_random_games() {
    let mut starts = vec![Position::startpos()];
    for record in read_perft_file(&repo_root().join("tests/perft/chess.perft"))
        .iter()
        .take(20)
    {
        starts.push(position(&record.position));
    }
    let (mut moves, mut checks) = (0, 0);
    for position in random_positions(&starts, 2, 60, 5) {
        for (mv, text) in check_notations(&position) {
            moves += 1;
            assert_eq!(text, position.san(mv));
            checks += usize::from(text.ends_with('+') || text.ends_with('#'));
        }
        let danger = position.royal_in_danger();
        assert_eq!(
            !danger.is_empty(),
            position.in_check(),
            "{}",
            position.fen()
        );
        if let [king] = danger[..] {
            assert_eq!(
                position.board_piece(king).map(|p| p.to_ascii_lowercase()),
                Some("k".to_string())
            );
        }
    }
    assert!(
        moves > 20_000 && checks > 200,
        "{moves} moves, {checks} checks"
    );
}

#[test]
fn san_examples() {
    let start = Position::startpos();
    let knight = start.parse_notation("Nf3").expect("Nf3");
    assert_eq!(start.move_text(knight), "g1f3");
    assert_eq!(start.notation(knight), "Nf3");
    assert!(start.parse_notation("Nf4").is_err());
    let mated = position("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2");
    let mate = mated.parse_move("d8h4").expect("d8h4");
    assert_eq!(mated.notation(mate), "Qh4#");
    let checked = mated.play(mate);
    assert_eq!(checked.royal_in_danger(), vec![sq("e1")]);
    assert!(mated.royal_in_danger().is_empty());
}
