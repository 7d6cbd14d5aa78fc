//! Ultima's 100-ply rule (`docs/rules/ultima.md`, "Draws"): "Any move that
//! removes an enemy piece restarts the count", for every way a piece can be
//! removed: the pincer, the coordinator, the long leaper (one jump and
//! several), the withdrawer, the chameleon in each of its four imitations,
//! and the king's displacement.
//!
//! Each case starts from a capture diagram, shuffles two pieces that take
//! no part in the capture for 96 quiet plies (each must add one to the
//! count, and the board returns to the diagram), then plays the capture:
//! the pieces the rules say it removes are gone and the count is back to
//! 0, while the position string's last field (plies played, which the rules
//! say never restarts) goes on to 97. From there 99 more quiet plies are no
//! draw and the 100th is. A non-capturing move of the same piece from the
//! diagram counts one, so the restart belongs to the capture, not to the
//! kind of piece moving. The count is read through the `Game` trait
//! (`reversible_plies`, `is_rule_draw`, `outcome`): the position string
//! carries no such field (rule choice 12).

use augur_core::{Color, Game, Outcome, Square, Termination};
use augur_ultima::Position;

/// Quiet plies played before the capture (a multiple of the four-move
/// shuffle, so the board is the diagram's again).
const BEFORE: u32 = 96;

struct Case {
    /// The capture diagram, White to move.
    text: &'static str,
    /// White's capturing move.
    capture: &'static str,
    /// The squares whose black pieces the rules say it removes.
    removes: &'static [&'static str],
    /// A move of the same piece that removes nothing.
    quiet: &'static str,
    /// White, Black, White, Black: two pieces stepping away and back,
    /// removing nothing and leaving the capture as it was.
    shuffle: [&'static str; 4],
}

fn pos(text: &str) -> Position {
    Position::from_fen(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn play(position: &Position, text: &str) -> Position {
    let mv = position
        .parse_move(text)
        .unwrap_or_else(|e| panic!("{text} in {}: {e}", position.fen()));
    position.play(mv)
}

/// The squares holding a piece of `color`, sorted.
fn squares_of(position: &Position, color: Color) -> Vec<String> {
    let mut out: Vec<String> = (0..64u8)
        .map(Square::new)
        .filter(|&s| position.piece_at(s).is_some_and(|(c, _)| c == color))
        .map(|s| s.to_string())
        .collect();
    out.sort();
    out
}

/// The board and side fields of a position string (not the ply count).
fn board_and_side(position: &Position) -> String {
    let fen = position.fen();
    let fields: Vec<&str> = fen.split(' ').collect();
    format!("{} {}", fields[0], fields[1])
}

/// The position string's last field: plies played.
fn plies_field(position: &Position) -> u32 {
    let fen = position.fen();
    fen.rsplit(' ')
        .next()
        .and_then(|f| f.parse().ok())
        .unwrap_or_else(|| panic!("no ply count in {fen}"))
}

/// Plays `count` quiet plies of `moves` (cycled from `first`), checking
/// that each removes nothing and adds one to the count.
fn shuffle(mut position: Position, moves: &[&str; 4], first: usize, count: u32) -> Position {
    for ply in 0..count {
        let before = position.reversible_plies();
        let occupied = position.occupied().count();
        assert_eq!(position.outcome(), None, "over at {}", position.fen());
        position = play(&position, moves[(first + ply as usize) % 4]);
        assert_eq!(position.occupied().count(), occupied, "{}", position.fen());
        assert_eq!(
            position.reversible_plies(),
            before + 1,
            "{}",
            position.fen()
        );
    }
    position
}

fn check(case: &Case) {
    let start = pos(case.text);
    assert_eq!(start.side_to_move(), Color::White);
    assert_eq!(
        start.reversible_plies(),
        0,
        "a set-up position counts from 0"
    );

    // The same piece moving without removing anything counts one ply.
    let quiet = play(&start, case.quiet);
    assert_eq!(
        squares_of(&quiet, Color::Black),
        squares_of(&start, Color::Black),
        "{} removed something",
        case.quiet
    );
    assert_eq!(quiet.reversible_plies(), 1, "{}", case.quiet);

    let ready = shuffle(start, &case.shuffle, 0, BEFORE);
    assert_eq!(board_and_side(&ready), board_and_side(&start));
    assert_eq!(ready.reversible_plies(), BEFORE);
    assert_eq!(plies_field(&ready), BEFORE);

    // The capture: exactly the pieces the rules name are gone, and the
    // count restarts while the ply number goes on.
    let after = play(&ready, case.capture);
    let mut expected: Vec<String> = squares_of(&ready, Color::Black)
        .into_iter()
        .filter(|s| !case.removes.contains(&s.as_str()))
        .collect();
    expected.sort();
    assert_eq!(
        squares_of(&after, Color::Black),
        expected,
        "{} in {}",
        case.capture,
        ready.fen()
    );
    assert_eq!(
        after.reversible_plies(),
        0,
        "{} removed {:?} and must restart the count",
        case.capture,
        case.removes
    );
    assert!(!after.is_rule_draw());
    assert_eq!(plies_field(&after), BEFORE + 1);

    // Counting starts again from the capture: 99 quiet plies later the
    // game goes on, one more and it is drawn.
    let order = [
        case.shuffle[1],
        case.shuffle[0],
        case.shuffle[3],
        case.shuffle[2],
    ];
    let almost = shuffle(after, &order, 0, 99);
    assert_eq!(almost.reversible_plies(), 99);
    assert!(!almost.is_rule_draw());
    assert_eq!(almost.outcome(), None);
    let drawn = shuffle(almost, &order, 99, 1);
    assert!(drawn.is_rule_draw());
    assert_eq!(
        drawn.outcome(),
        Some(Outcome::draw(Termination::MoveRule)),
        "{}",
        drawn.fen()
    );
}

#[test]
fn pincer_capture_restarts_the_count() {
    // The rules' pincer diagram: c2-c4 pinces c5 (long leaper c6 beyond)
    // and d4 (chameleon e4 beyond).
    check(&Case {
        text: "7k/5ppp/2N5/2n5/3rB3/8/PPP5/K7 w 0",
        capture: "c2c4",
        removes: &["c5", "d4"],
        quiet: "c2c3",
        shuffle: ["a1b1", "h8g8", "b1a1", "g8h8"],
    });
}

#[test]
fn coordinator_capture_restarts_the_count() {
    // The rules' coordinator diagram: c2-c5 with the king on h7 takes the
    // corners c7 and h5. The king stays put; the long leaper shuffles.
    check(&Case {
        text: "8/2b4K/2q5/3p1N1p/8/8/2R5/k7 w 0",
        capture: "c2c5",
        removes: &["c7", "h5"],
        quiet: "c2d2",
        shuffle: ["f5f4", "a1a2", "f4f5", "a2a1"],
    });
}

#[test]
fn long_leaper_single_jump_restarts_the_count() {
    check(&Case {
        text: "2n4k/3r4/5b2/3p4/1m6/3b4/3N4/K7 w 0",
        capture: "d2d4",
        removes: &["d3"],
        quiet: "d2c3",
        shuffle: ["a1b1", "h8g8", "b1a1", "g8h8"],
    });
}

#[test]
fn long_leaper_multiple_jumps_restart_the_count() {
    check(&Case {
        text: "2n4k/3r4/5b2/3p4/1m6/3b4/3N4/K7 w 0",
        capture: "d2d8",
        removes: &["d3", "d5", "d7"],
        quiet: "d2e1",
        shuffle: ["a1b1", "h8h7", "b1a1", "h7h8"],
    });
}

#[test]
fn withdrawer_capture_restarts_the_count() {
    check(&Case {
        text: "7k/8/8/3Qr3/8/8/8/K7 w 0",
        capture: "d5a5",
        removes: &["e5"],
        quiet: "d5c6",
        shuffle: ["a1b1", "h8g8", "b1a1", "g8h8"],
    });
}

#[test]
fn chameleon_leaping_a_long_leaper_restarts_the_count() {
    check(&Case {
        text: "k7/8/8/8/3n4/8/3B4/K7 w 0",
        capture: "d2d5",
        removes: &["d4"],
        quiet: "d2e3",
        shuffle: ["a1b1", "a8b8", "b1a1", "b8a8"],
    });
}

#[test]
fn chameleon_withdrawing_from_a_withdrawer_restarts_the_count() {
    check(&Case {
        text: "7k/8/8/3qB3/8/8/8/K7 w 0",
        capture: "e5h5",
        removes: &["d5"],
        quiet: "e5e6",
        shuffle: ["a1b1", "h8g8", "b1a1", "g8h8"],
    });
}

#[test]
fn chameleon_coordinating_a_coordinator_restarts_the_count() {
    // The king on a1 is the far corner, so a white pincer shuffles.
    check(&Case {
        text: "7k/8/8/r7/8/8/8/K2P3B w 0",
        capture: "h1h5",
        removes: &["a5"],
        quiet: "h1h4",
        shuffle: ["d1d2", "h8g8", "d2d1", "g8h8"],
    });
}

#[test]
fn chameleon_pincing_a_pincer_restarts_the_count() {
    check(&Case {
        text: "k7/8/8/8/8/2pP4/8/1B5K w 0",
        capture: "b1b3",
        removes: &["c3"],
        quiet: "b1b2",
        shuffle: ["h1h2", "a8b8", "h2h1", "b8a8"],
    });
}

#[test]
fn chameleon_leaping_and_coordinating_in_one_move_restarts_the_count() {
    // The rules' chameleon diagram (a white pincer added on h1 to
    // shuffle): a2-d5 jumps c4 and coordinates a5.
    check(&Case {
        text: "7k/8/8/r3pP2/2n5/8/B7/K6P w 0",
        capture: "a2d5",
        removes: &["a5", "c4"],
        quiet: "a2b1",
        shuffle: ["h1h2", "h8g8", "h2h1", "g8h8"],
    });
}

#[test]
fn king_capture_restarts_the_count() {
    // The king takes by stepping onto b2; a white pincer shuffles.
    check(&Case {
        text: "k7/8/8/8/8/8/1p6/K6P w 0",
        capture: "a1b2",
        removes: &["b2"],
        quiet: "a1b1",
        shuffle: ["h1h2", "a8b8", "h2h1", "b8a8"],
    });
}
