//! Typed descriptions of Enochian moves and boards ([`Game::move_shape`],
//! [`Game::board_details`]) over every legal move of positions from random
//! games (normal and divination, some with one King of each team taken):
//! the generic checks of `augur_suite::shapes`, the move text written
//! again from the shape alone (partner moves, promotions, the exchange, a
//! lost turn), each square's token written again from its army and
//! pieces, and the armies, direction, frozen armies, control and die
//! against the position string's fields.

use augur_core::{
    BoardDetails, ChoiceKind, DieState, Game, MoveShape, PieceKind, Square, SquareDetails,
    TurnDirection,
};
use augur_enochian::Position;
use augur_suite::shapes::{check_board_details, check_move_shapes, random_positions};
use augur_suite::{read_perft_file, repo_root};

fn sq(name: &str) -> Square {
    Square::parse(name).unwrap_or_else(|| panic!("bad square {name}"))
}

const LETTERS: [char; 4] = ['y', 'b', 'r', 'k'];

/// The upper-case letter of a kind named in words.
fn letter(name: &str) -> char {
    match name {
        "king" => 'K',
        "queen" => 'Q',
        "rook" => 'R',
        "bishop" => 'B',
        "knight" => 'N',
        "pawn" => 'P',
        other => panic!("unknown kind {other}"),
    }
}

/// The move text written from the shape alone.
fn text_of(shape: &MoveShape) -> String {
    let (Some(from), Some(to)) = (shape.from, shape.to) else {
        return if shape.placed.is_empty() {
            "0000".into()
        } else {
            "exchange".into()
        };
    };
    let mut text = format!("{from}{to}");
    for kind in [ChoiceKind::Promotion, ChoiceKind::Mover] {
        if let Some(choice) = shape.choice(kind) {
            text.push_str(&choice.text);
        }
    }
    text
}

/// A piece as the position string writes it (pawns with their type).
fn piece_text(piece: &PieceKind) -> String {
    let mut text = letter(&piece.name).to_string();
    text.extend(piece.pawn_of.as_deref().map(letter));
    text
}

/// The square's token written from its details.
fn token_of(square: &SquareDetails) -> String {
    let seat = square
        .seat
        .unwrap_or_else(|| panic!("no army on {}", square.square));
    let mut text = LETTERS[seat].to_string();
    text.push_str(&piece_text(&square.piece));
    if let Some(partner) = &square.partner {
        text.push_str(&piece_text(partner));
    }
    text
}

/// The state fields of the position string (army to move, direction,
/// frozen armies, control, die) written from the details.
fn fields_of(details: &BoardDetails) -> String {
    let seat = details
        .seat_to_move
        .unwrap_or_else(|| panic!("no seat to move"));
    let direction = match details.direction {
        Some(TurnDirection::Clockwise) => "d",
        Some(TurnDirection::Anticlockwise) => "w",
        None => panic!("no direction"),
    };
    let frozen: String = details
        .armies
        .iter()
        .filter(|a| a.frozen)
        .map(|a| a.letter.clone())
        .collect();
    let control: Vec<String> = details
        .armies
        .iter()
        .filter_map(|a| a.controller.map(|c| format!("{}{}", LETTERS[c], a.letter)))
        .collect();
    let die = match details.die {
        None => "-".to_string(),
        Some(DieState::NotRolled) => "?".to_string(),
        Some(DieState::Rolled(n)) => n.to_string(),
    };
    let or_dash = |s: String| if s.is_empty() { "-".to_string() } else { s };
    format!(
        "{} {direction} {} {} {die}",
        LETTERS[seat],
        or_dash(frozen),
        or_dash(control.join(","))
    )
}

fn check_details(position: &Position) {
    let fen = position.fen();
    let details = check_board_details(position);
    let (_, fields) = fen.split_once(' ').unwrap_or_else(|| panic!("{fen}"));
    assert_eq!(fields_of(&details), fields, "{fen}");
    for square in &details.squares {
        assert_eq!(token_of(square), square.text, "{fen}");
    }
    assert!(details.pools.is_empty());
    for (seat, army) in details.armies.iter().enumerate() {
        assert_eq!(army.seat, seat);
        assert_eq!(army.letter, LETTERS[seat].to_string());
        assert_eq!(army.team, Position::SEAT_TEAMS[seat]);
        let king = details
            .squares
            .iter()
            .find(|s| s.seat == Some(seat) && s.piece.name == "king")
            .map(|s| s.square);
        assert_eq!(army.king, king, "{fen}");
        let pieces: Vec<Square> = details
            .squares
            .iter()
            .filter(|s| s.seat == Some(seat))
            .map(|s| s.square)
            .collect();
        let frozen: Vec<Square> = details
            .frozen
            .iter()
            .copied()
            .filter(|s| pieces.contains(s))
            .collect();
        let expected = if army.frozen { pieces } else { Vec::new() };
        assert_eq!(frozen, expected, "{fen}");
    }
    let thrones: Vec<&str> = ["a8", "h8", "h1", "a1"].to_vec();
    for (army, throne) in details.armies.iter().zip(thrones) {
        assert_eq!(army.throne, sq(throne));
    }
}

#[test]
fn shapes_and_details_over_random_games() {
    let mut starts = vec![Position::startpos()];
    for record in read_perft_file(&repo_root().join("tests/perft/enochian.perft")) {
        let text = &record.position;
        starts.push(Position::from_fen(text).unwrap_or_else(|e| panic!("{e}")));
        // The same position in a divination game, not rolled yet.
        if let Some(board) = text.strip_suffix(" -") {
            let dice = format!("{board} ?");
            starts.push(Position::from_fen(&dice).unwrap_or_else(|e| panic!("{dice}: {e}")));
        }
    }
    let positions = random_positions(&starts, 3, 120, 41);
    let mut seen = [0usize; 6];
    for position in &positions {
        check_details(position);
        for (mv, shape) in check_move_shapes(position) {
            let text = position.move_text(mv);
            assert_eq!(text_of(&shape), text, "{}", position.fen());
            seen[0] += usize::from(!shape.captured.is_empty());
            seen[1] += usize::from(shape.choice(ChoiceKind::Promotion).is_some());
            seen[2] += usize::from(shape.choice(ChoiceKind::Mover).is_some());
            seen[3] += usize::from(text == "exchange");
            seen[4] += usize::from(text == "0000");
            let royal = shape.captured.iter().any(|&c| {
                position
                    .board_details()
                    .square(c)
                    .is_some_and(|s| s.piece.name == "king")
            });
            seen[5] += usize::from(royal);
        }
    }
    assert!(seen.iter().all(|&n| n > 5), "{seen:?}");
}

#[test]
fn a_privileged_promotion_places_the_demoted_piece() {
    let position = Position::from_fen("yK6bK/8/2yQ5/8/8/8/4yPQ3/kKkN5rK y d - - -").unwrap();
    let shape = position.move_shape(position.parse_move("e2e1q").unwrap());
    assert_eq!((shape.from, shape.to), (Some(sq("e2")), Some(sq("e1"))));
    assert_eq!(shape.placed, [sq("c6")]);
    let after = position.play(position.parse_move("e2e1q").unwrap());
    let demoted = after.board_details();
    let c6 = demoted.square(sq("c6")).unwrap();
    assert_eq!(c6.piece.name, "pawn");
    assert_eq!(c6.piece.pawn_of.as_deref(), Some("queen"));
    check_move_shapes(&position);
}

#[test]
fn a_shared_throne_holds_the_king_and_its_partner() {
    let details = Position::startpos().board_details();
    let h8 = details.square(sq("h8")).unwrap();
    assert_eq!(h8.piece.name, "king");
    assert_eq!(h8.partner.as_ref().map(|p| p.name.as_str()), Some("queen"));
    assert_eq!(h8.seat, Some(1));
    assert_eq!(details.seat_to_move, Some(1));
    assert_eq!(details.die, None);
}
