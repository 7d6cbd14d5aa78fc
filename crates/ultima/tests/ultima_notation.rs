//! Ultima's readable notation ([`Game::notation`]): the rules page's
//! capture examples written out, every legal move of random positions read
//! back from its notation and no two sharing one, the captured squares the
//! move shape's, the check mark the position's, and the King in danger
//! exactly when in check.

use augur_core::{Game, Square};
use augur_suite::notation::check_notations;
use augur_suite::shapes::random_positions;
use augur_suite::{read_perft_file, repo_root};
use augur_ultima::Position;

fn position(text: &str) -> Position {
    Position::from_fen(text).unwrap_or_else(|e| panic!("{e}"))
}

/// The notation of the move written `text` in `fen`.
fn written(fen: &str, text: &str) -> String {
    let position = position(fen);
    let mv = position.parse_move(text).unwrap_or_else(|e| panic!("{e}"));
    let notation = position.notation(mv);
    assert_eq!(position.parse_notation(&notation), Ok(mv));
    notation
}

#[test]
fn the_rules_pages_captures_written_out() {
    assert_eq!(written("k7/8/8/8/8/8/1p6/K7 w 0", "a1b2"), "Ka1-b2xb2");
    let pincer = "7k/5ppp/2N5/2n5/3rB3/8/PPP5/K7 w 0";
    assert_eq!(written(pincer, "c2c4"), "Pc2-c4xd4,c5");
    let coordinator = "8/2b4K/2q5/3p1N1p/8/8/2R5/k7 w 0";
    assert_eq!(written(coordinator, "c2c5"), "Rc2-c5xh5,c7");
    let leaper = "2n4k/3r4/5b2/3p4/1m6/3b4/3N4/K7 w 0";
    assert_eq!(written(leaper, "d2d4"), "Nd2-d4xd3");
    assert_eq!(written(leaper, "d2d8"), "Nd2-d8xd3,d5,d7");
    assert_eq!(written(leaper, "d2a5"), "Nd2-a5xb4");
    let withdrawer = "7k/8/8/3Qr3/8/8/8/K7 w 0";
    assert_eq!(written(withdrawer, "d5a5"), "Qd5-a5xe5");
    assert_eq!(written(withdrawer, "d5c6"), "Qd5-c6");
    let chameleon = "7k/8/8/r3pP2/2n5/8/B7/K7 w 0";
    assert_eq!(written(chameleon, "a2d5"), "Ba2-d5xc4,a5");
    // The rules page's mate, one move before: the chameleon steps next to
    // the White King.
    let mate = "8/8/8/8/8/1k6/8/K1b5 b 0";
    assert_eq!(written(mate, "c1b2"), "Bc1-b2#");
    let mated = position(mate).play(position(mate).parse_move("c1b2").expect("c1b2"));
    assert_eq!(mated.royal_in_danger(), [Square::parse("a1").expect("a1")]);
    let withdrawer = position(withdrawer);
    assert!(withdrawer.parse_notation("Qd5-a5").is_err());
    assert!(withdrawer.parse_notation("Qd5-e5").is_err());
    assert!(withdrawer.parse_notation("nonsense").is_err());
}

#[test]
fn notation_round_trips_and_is_unique_over_random_games() {
    let mut starts = vec![Position::startpos()];
    for record in read_perft_file(&repo_root().join("tests/perft/ultima.perft")) {
        starts.push(position(&record.position));
    }
    let positions = random_positions(&starts, 2, 60, 33);
    let (mut moves, mut captures, mut checks, mut mates) = (0, 0, 0, 0);
    for position in &positions {
        for (mv, text) in check_notations(position) {
            moves += 1;
            let shape = position.move_shape(mv);
            let (from, to) = (mv.from(), mv.to());
            let letter = position
                .board_piece(from)
                .map(|p| p.to_ascii_uppercase())
                .unwrap_or_default();
            let mut expected = format!("{letter}{from}-{to}");
            if !shape.captured.is_empty() {
                captures += 1;
                let squares: Vec<String> = shape.captured.iter().map(|s| s.to_string()).collect();
                expected.push('x');
                expected.push_str(&squares.join(","));
            }
            let after = position.play(mv);
            if after.in_check() {
                let mate = after.count_moves() == 0;
                expected.push(if mate { '#' } else { '+' });
                checks += 1;
                mates += usize::from(mate);
            }
            assert_eq!(text, expected, "at {}", position.fen());
        }
        let danger = position.royal_in_danger();
        assert_eq!(
            !danger.is_empty(),
            position.in_check(),
            "{}",
            position.fen()
        );
        for square in danger {
            assert_eq!(
                position.board_piece(square).map(|p| p.to_ascii_lowercase()),
                Some("k".to_string())
            );
        }
    }
    assert!(
        moves > 50_000 && captures > 1_000 && checks > 100,
        "{moves} moves, {captures} captures, {checks} checks, {mates} mates"
    );
}
