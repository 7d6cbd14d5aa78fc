//! Typed descriptions of Oracle moves and boards ([`Game::move_shape`],
//! [`Game::board_details`]) over every legal move of positions from random
//! games: the generic checks of `augur_suite::shapes`, the move text
//! written again from the shape alone (soul moved, soul taken, fetch,
//! summon, promotion), each square's token written again from its body,
//! souls and lifelessness, and the pools against the position string's
//! earth and underworld fields.

use augur_core::{BoardDetails, ChoiceKind, Color, Game, MoveShape, Square, SquareDetails};
use augur_oracle::Position;
use augur_suite::shapes::{check_board_details, check_move_shapes, random_positions};
use augur_suite::{read_perft_file, repo_root};

fn sq(name: &str) -> Square {
    Square::parse(name).unwrap_or_else(|| panic!("bad square {name}"))
}

/// The letter of a body or soul class named in words.
fn letter(name: &str) -> char {
    match name {
        "lord" => 'l',
        "priestess" => 'p',
        "chariot" => 'c',
        "elephant" => 'e',
        "horse" => 'h',
        "soldier" => 's',
        other => panic!("unknown class {other}"),
    }
}

/// The move text written from the shape alone.
fn text_of(shape: &MoveShape) -> String {
    let squares = |s: &MoveShape| match (s.from, s.to) {
        (Some(from), Some(to)) => format!("{from}{to}"),
        _ => panic!("an Oracle move without squares: {s:?}"),
    };
    let choice = |kind| shape.choice(kind).map(|c| c.text.clone());
    if choice(ChoiceKind::Promotion).is_some() {
        return format!(
            "p@{}",
            shape.from.map(|s| s.to_string()).unwrap_or_default()
        );
    }
    let mut text = String::new();
    if let Some(soul) = choice(ChoiceKind::Mover) {
        text.push_str(&format!("{soul}~"));
    }
    text.push_str(&squares(shape));
    if let Some(taken) = choice(ChoiceKind::Taken) {
        text.push_str(&format!("x{taken}"));
    }
    for rider in [ChoiceKind::Fetch, ChoiceKind::Summon] {
        if let Some(class) = choice(rider) {
            text.push_str(&format!("+{class}"));
        }
    }
    text
}

/// The square's token written from its details: a bare letter for a body
/// hosting just its own soul and for a lifeless Priestess, otherwise the
/// letter and the souls in parentheses.
fn token_of(square: &SquareDetails) -> String {
    let body = letter(&square.piece.name);
    let body_text = match square.team {
        Color::White => body.to_ascii_uppercase(),
        Color::Black => body,
    };
    let souls: String = square.souls.iter().map(|s| letter(s)).collect();
    let bare = (body == 'p' && souls.is_empty()) || souls == body.to_string();
    if bare {
        body_text.to_string()
    } else {
        format!("{body_text}({souls})")
    }
}

/// A pool field of the position string written from the pools named
/// `name` (White's earth before Black's).
fn pool_field(details: &BoardDetails, name: &str) -> String {
    let field: String = details
        .pools
        .iter()
        .filter(|pool| pool.name == name)
        .flat_map(|pool| &pool.contents)
        .map(|entry| entry.text.repeat(entry.count as usize))
        .collect();
    if field.is_empty() { "-".into() } else { field }
}

#[test]
fn shapes_and_details_over_random_games() {
    let mut starts = vec![Position::startpos()];
    for record in read_perft_file(&repo_root().join("tests/perft/oracle.perft")) {
        starts.push(Position::from_fen(&record.position).unwrap_or_else(|e| panic!("{e}")));
    }
    let positions = random_positions(&starts, 2, 100, 31);
    let mut seen = [0usize; 7];
    for position in &positions {
        let fen = position.fen();
        let fields: Vec<&str> = fen.split(' ').collect();
        let details = check_board_details(position);
        for square in &details.squares {
            assert_eq!(token_of(square), square.text, "{fen}");
            assert_eq!(square.lifeless, square.souls.is_empty(), "{fen}");
        }
        assert_eq!(pool_field(&details, "earth"), fields[1], "{fen}");
        assert_eq!(pool_field(&details, "underworld"), fields[2], "{fen}");
        let teams: Vec<Option<Color>> = details.pools.iter().map(|p| p.team).collect();
        assert_eq!(teams, [Some(Color::White), Some(Color::Black), None]);
        for (mv, shape) in check_move_shapes(position) {
            let text = position.move_text(mv);
            assert_eq!(text_of(&shape), text, "{fen}");
            seen[0] += 1;
            for (i, kind) in [
                ChoiceKind::Mover,
                ChoiceKind::Taken,
                ChoiceKind::Fetch,
                ChoiceKind::Summon,
                ChoiceKind::Promotion,
            ]
            .into_iter()
            .enumerate()
            {
                seen[i + 1] += usize::from(shape.choice(kind).is_some());
            }
            seen[6] += usize::from(!shape.captured.is_empty());
        }
    }
    assert!(seen.iter().all(|&n| n > 20), "{seen:?}");
}

#[test]
fn the_rules_examples() {
    // The Horse soul takes the Elephant soul out of the black Queen.
    let queen = Position::from_fen("4l3/8/8/8/3p(ce)4/1H6/8/4L3 - - w 0 1").unwrap();
    let shape = queen.move_shape(queen.parse_move("h~b3d4xe").unwrap());
    assert_eq!((shape.from, shape.to), (Some(sq("b3")), Some(sq("d4"))));
    assert_eq!(shape.captured, [sq("d4")]);
    let taken = shape.choice(ChoiceKind::Taken).unwrap();
    assert_eq!(
        (taken.text.as_str(), taken.piece.as_str()),
        ("e", "elephant")
    );
    // The Lord fetches a Horse body onto the square it leaves.
    let fetch = Position::from_fen("4l3/8/8/8/8/8/8/4L3 PHS - w 0 1").unwrap();
    let shape = fetch.move_shape(fetch.parse_move("e1e2+h").unwrap());
    assert_eq!(shape.placed, [sq("e1")]);
    assert!(shape.captured.is_empty());
    let details = fetch.board_details();
    let white_earth = &details.pools[0].contents;
    assert_eq!(
        white_earth
            .iter()
            .map(|e| (e.text.as_str(), e.name.as_str(), e.count))
            .collect::<Vec<_>>(),
        [
            ("P", "priestess", 1),
            ("H", "horse", 1),
            ("S", "soldier", 1)
        ]
    );
    // A lifeless Priestess and a Queen.
    let start = Position::startpos().board_details();
    let priestess = start.square(sq("d1")).unwrap();
    assert!(priestess.lifeless && priestess.piece.name == "priestess");
    let queen = queen.board_details();
    let d4 = queen.square(sq("d4")).unwrap();
    assert_eq!(d4.souls, ["chariot", "elephant"]);
    assert_eq!(d4.team, Color::Black);
}
