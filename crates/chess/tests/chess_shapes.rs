//! Typed descriptions of chess moves and boards ([`Game::move_shape`],
//! [`Game::board_details`]) over every legal move of positions from random
//! games (standard and Chess960): the generic checks of
//! `augur_suite::shapes`, then castling's rook, en passant's victim and
//! promotion choices against the move and its text.

use augur_chess::{MoveKind, Position};
use augur_core::{ChoiceKind, Color, Game, Square};
use augur_suite::shapes::{check_board_details, check_move_shapes, random_positions};
use augur_suite::{read_perft_file, repo_root};

fn sq(name: &str) -> Square {
    Square::parse(name).unwrap_or_else(|| panic!("bad square {name}"))
}

/// The first `count` positions of a perft file, read with `read`.
fn perft_positions(file: &str, count: usize, read: impl Fn(&str) -> Position) -> Vec<Position> {
    read_perft_file(&repo_root().join("tests/perft").join(file))
        .iter()
        .take(count)
        .map(|record| read(&record.position))
        .collect()
}

/// What the positions' moves covered.
#[derive(Default, Debug)]
struct Seen {
    moves: usize,
    captures: usize,
    castlings: usize,
    en_passant: usize,
    promotions: usize,
}

fn check_positions(positions: &[Position]) -> Seen {
    let mut seen = Seen::default();
    for position in positions {
        let details = check_board_details(position);
        for square in &details.squares {
            let letter = square.text.chars().next().unwrap_or(' ');
            let name = match letter.to_ascii_lowercase() {
                'p' => "pawn",
                'n' => "knight",
                'b' => "bishop",
                'r' => "rook",
                'q' => "queen",
                _ => "king",
            };
            assert_eq!(square.piece.name, name, "{}", position.fen());
            let team = if letter.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            assert_eq!(square.team, team);
            assert!(square.seat.is_none() && square.partner.is_none());
        }
        assert!(details.pools.is_empty() && details.armies.is_empty());
        assert!(details.die.is_none() && details.direction.is_none());
        for (mv, shape) in check_move_shapes(position) {
            let text = position.move_text(mv);
            seen.moves += 1;
            seen.captures += usize::from(!shape.captured.is_empty());
            assert_eq!(
                shape.also_moves.len(),
                usize::from(mv.kind() == MoveKind::Castling),
                "{text}"
            );
            match mv.kind() {
                MoveKind::Castling => seen.castlings += 1,
                MoveKind::EnPassant => {
                    seen.en_passant += 1;
                    assert_eq!(shape.captured.len(), 1, "{text}");
                    assert_ne!(shape.to.map(|to| to.file()), None);
                    assert_eq!(
                        shape.captured.first().map(|c| c.file()),
                        shape.to.map(|to| to.file()),
                        "{text}"
                    );
                }
                _ => {}
            }
            match shape.choice(ChoiceKind::Promotion) {
                Some(choice) => {
                    seen.promotions += 1;
                    assert_eq!(text.get(4..), Some(choice.text.as_str()), "{text}");
                }
                None => assert_eq!(text.len(), 4, "{text}"),
            }
            assert!(
                shape.choices.len() <= 1 && shape.placed.is_empty(),
                "{text}"
            );
        }
    }
    seen
}

#[test]
fn shapes_and_details_over_random_games() {
    let mut starts = vec![Position::startpos()];
    starts.extend(perft_positions("chess.perft", 8, |text| {
        Position::from_fen(text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }));
    let positions = random_positions(&starts, 4, 80, 11);
    let seen = check_positions(&positions);
    assert!(
        seen.captures > 1_000 && seen.castlings > 50 && seen.en_passant > 5 && seen.promotions > 50,
        "{seen:?}"
    );
}

#[test]
fn chess960_castling_names_the_rook() {
    let starts = perft_positions("chess960.perft", 10, |text| {
        Position::from_fen_chess960(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"))
            .0
    });
    let positions = random_positions(&starts, 3, 40, 12);
    let seen = check_positions(&positions);
    assert!(seen.castlings > 20, "{seen:?}");
}

#[test]
fn castling_and_en_passant_shapes() {
    let castle = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    let mv = castle.parse_move("e1c1").unwrap();
    let shape = castle.move_shape(mv);
    assert_eq!((shape.from, shape.to), (Some(sq("e1")), Some(sq("c1"))));
    assert_eq!(shape.also_moves, [(sq("a1"), sq("d1"))]);
    assert!(shape.captured.is_empty());
    let passant = Position::from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1").unwrap();
    let shape = passant.move_shape(passant.parse_move("e5d6").unwrap());
    assert_eq!(shape.captured, [sq("d5")]);
    let promote = Position::from_fen("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    let shape = promote.move_shape(promote.parse_move("a7b8n").unwrap());
    assert_eq!(shape.captured, [sq("b8")]);
    let choice = shape.choice(ChoiceKind::Promotion).unwrap();
    assert_eq!(
        (choice.text.as_str(), choice.piece.as_str()),
        ("n", "knight")
    );
}

/// The trait's defaults, for games that do not describe their moves and
/// boards, say what chess says where they can: the same squares and
/// captures (castling's rook and promotion choices aside), the same
/// squares and teams on the board.
#[test]
fn the_defaults_agree_with_chess() {
    use augur_core::board_details::details_from_pieces;
    use augur_core::move_shape::shape_from_board_change;
    let starts = [Position::startpos()];
    for position in random_positions(&starts, 4, 80, 13) {
        let own = position.board_details();
        let default = details_from_pieces(&position);
        assert_eq!(default.squares.len(), own.squares.len());
        for (d, o) in default.squares.iter().zip(&own.squares) {
            assert_eq!((d.square, &d.text, d.team), (o.square, &o.text, o.team));
        }
        assert_eq!(default.team_to_move, own.team_to_move);
        for (mv, shape) in check_move_shapes(&position) {
            let default = shape_from_board_change(&position, mv);
            assert_eq!((default.from, default.to), (shape.from, shape.to));
            assert_eq!(
                default.captured,
                shape.captured,
                "{}",
                position.move_text(mv)
            );
        }
    }
}
