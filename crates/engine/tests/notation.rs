//! The readable notation through the engine API: every legal move's
//! `MoveInfo::notation`, the played entries' notations (written when
//! played, rolls included), moves played by their notation (recorded as
//! move text), and the board's royal squares in danger.

use augur_engine::{Engine, Start, Variant};

fn engine_at(variant: Variant, position: &str) -> Engine {
    let mut engine = Engine::new(variant);
    engine
        .set_position(&Start::Text(position.to_string()), &[])
        .unwrap_or_else(|e| panic!("{position}: {e}"));
    engine
}

#[test]
fn legal_moves_carry_their_notation_and_play_by_it() {
    let mut engine = Engine::new(Variant::Chess);
    let knight = engine
        .legal_moves()
        .into_iter()
        .find(|m| m.text == "g1f3")
        .expect("g1f3");
    assert_eq!(knight.notation, "Nf3");
    engine.play("Nf3").expect("SAN");
    engine.play("e7e5").expect("move text");
    engine.play("Nxe5").expect("SAN capture");
    assert_eq!(engine.moves(), ["g1f3", "e7e5", "f3e5"]);
    assert_eq!(engine.notations(), ["Nf3", "e5", "Nxe5"]);
    let before = engine.moves();
    assert!(engine.play("Nxe5").is_err());
    assert!(engine.play("Qh5+").is_err());
    assert_eq!(engine.moves(), before);
    assert_eq!(engine.undo().as_deref(), Some("f3e5"));
    assert_eq!(engine.notations(), ["Nf3", "e5"]);
}

#[test]
fn every_game_plays_a_game_by_notation_alone() {
    for variant in Variant::ALL {
        let mut by_text = Engine::new(variant);
        let mut by_notation = Engine::new(variant);
        for ply in 0..16 {
            let legal = by_text.legal_moves();
            let Some(mv) = legal.get((ply * 5) % legal.len().max(1)) else {
                break;
            };
            by_text.play(&mv.text).expect("move text");
            by_notation
                .play(&mv.notation)
                .unwrap_or_else(|e| panic!("{variant:?} '{}': {e}", mv.notation));
        }
        assert_eq!(by_notation.moves(), by_text.moves(), "{variant:?}");
        assert_eq!(by_notation.notations(), by_text.notations());
        assert_eq!(by_notation.notations().len(), by_text.moves().len());
    }
}

#[test]
fn rolls_read_as_words_and_moves_carry_their_roll() {
    let mut engine = Engine::new(Variant::Enochian);
    let start = engine.start_text();
    let (board, _) = start.rsplit_once(' ').expect("fields");
    let dice = format!("{board} ?");
    engine
        .set_position(&Start::Text(dice.clone()), &[])
        .expect("a divination start");
    engine.play("Blue rolls 4").expect("a roll in words");
    assert_eq!(engine.moves(), ["4:"]);
    assert_eq!(engine.notations(), ["Blue rolls 4"]);
    let queen = engine.legal_moves();
    assert!(queen.iter().any(|m| m.notation == "b4:Qh8-f6"), "{queen:?}");
    engine.play("b4:Qh8-f6").expect("the rolled Queen");
    assert_eq!(engine.moves(), ["4:h8f6Q"]);
    assert_eq!(engine.notations(), ["b4:Qh8-f6"]);
    // A roll and a move in one: the notation names the roll.
    engine
        .set_position(&Start::Text(dice), &[])
        .expect("a divination start");
    engine.play("b4:Qh8-f8").expect("roll and move");
    assert_eq!(engine.moves(), ["4:h8f8Q"]);
    assert!(engine.play("b4:Qh8-f6").is_err(), "the next army rolls");
}

#[test]
fn the_board_names_the_royal_squares_in_danger() {
    let chess = engine_at(
        Variant::Chess,
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
    );
    assert_eq!(chess.board().check, ["e1"]);
    assert!(Engine::new(Variant::Chess).board().check.is_empty());
    let ultima = engine_at(Variant::Ultima, "8/8/8/8/8/1k6/b7/K7 w 0");
    assert_eq!(ultima.board().check, ["a1"]);
    let oracle = engine_at(Variant::Oracle, "4c3/8/8/4H()3/8/8/8/l3L3 - - w 0 1");
    assert_eq!(oracle.board().check, ["e1"]);
    let shielded = engine_at(Variant::Oracle, "4c3/8/8/4H3/8/8/8/l3L3 - - w 0 1");
    assert!(shielded.board().check.is_empty());
    for variant in Variant::ALL {
        let mut engine = Engine::new(variant);
        for ply in 0..40 {
            let board = engine.board();
            if variant != Variant::Enochian {
                assert_eq!(!board.check.is_empty(), engine.in_check(), "{variant:?}");
            } else if engine.in_check() {
                assert!(!board.check.is_empty());
            }
            let legal = board.moves;
            let Some(mv) = legal.get((ply * 3) % legal.len().max(1)) else {
                break;
            };
            engine.play(&mv.text).expect("legal");
        }
    }
}
