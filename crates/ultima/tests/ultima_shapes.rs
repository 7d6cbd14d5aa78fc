//! Typed descriptions of Ultima moves and boards ([`Game::move_shape`],
//! [`Game::board_details`]) over every legal move of positions from random
//! games: the generic checks of `augur_suite::shapes` (every piece a move
//! captures, by any of Ultima's capture rules, is listed), kinds named by
//! the rules, immobilized pieces frozen.

use augur_core::{Color, Game, Square};
use augur_suite::shapes::{check_board_details, check_move_shapes, random_positions};
use augur_suite::{read_perft_file, repo_root};
use augur_ultima::Position;

fn sq(name: &str) -> Square {
    Square::parse(name).unwrap_or_else(|| panic!("bad square {name}"))
}

#[test]
fn shapes_and_details_over_random_games() {
    let mut starts = vec![Position::startpos()];
    for record in read_perft_file(&repo_root().join("tests/perft/ultima.perft")) {
        starts.push(Position::from_fen(&record.position).unwrap_or_else(|e| panic!("{e}")));
    }
    let positions = random_positions(&starts, 3, 80, 21);
    let (mut moves, mut captures, mut multiple) = (0, 0, 0);
    for position in &positions {
        let details = check_board_details(position);
        for square in &details.squares {
            let letter = square.text.chars().next().unwrap_or(' ');
            let name = match letter.to_ascii_lowercase() {
                'k' => "king",
                'q' => "withdrawer",
                'r' => "coordinator",
                'n' => "long leaper",
                'b' => "chameleon",
                'p' => "pincer",
                _ => "immobilizer",
            };
            assert_eq!(square.piece.name, name);
            let team = if letter.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            assert_eq!(square.team, team);
        }
        for (_, shape) in check_move_shapes(position) {
            moves += 1;
            captures += usize::from(!shape.captured.is_empty());
            multiple += usize::from(shape.captured.len() > 1);
            assert!(shape.choices.is_empty() && shape.also_moves.is_empty());
            assert!(shape.placed.is_empty());
        }
    }
    assert!(
        moves > 100_000 && captures > 2_000 && multiple > 20,
        "{moves} moves, {captures} captures, {multiple} multiple"
    );
}

#[test]
fn a_withdrawal_captures_behind_and_immobilized_pieces_are_frozen() {
    // The withdrawer on d5 moves away from the rook beside it on e5.
    let position = Position::from_fen("7k/8/8/3Qr3/8/8/8/K7 w 0").unwrap();
    let shape = position.move_shape(position.parse_move("d5a5").unwrap());
    assert_eq!((shape.from, shape.to), (Some(sq("d5")), Some(sq("a5"))));
    assert_eq!(shape.captured, [sq("e5")]);
    let frozen = Position::from_fen("7k/8/8/3mP3/8/8/8/K7 w 0").unwrap();
    assert_eq!(frozen.board_details().frozen, [sq("e5")]);
}
