//! Ultima rules, example by example: the capture diagrams of the published
//! (vchess) rules text replayed move by move, where the project's rulings
//! (`docs/rules/ultima.md`) decide over the text,
//! then immobilization, check, the ends of the game, illegal move text and
//! rejected position strings.
//!
//! Captures are measured on the board: the squares that held an enemy piece
//! of the mover before the move and are empty after it (plus the landing
//! square for the king, the one piece that captures by displacement). The
//! helper also checks that nothing else on the board changed.

use augur_core::{Color, Game, MoveError, MoveList, Outcome, Square, Termination};
use augur_ultima::{Kind, Position, UltimaMove};

fn pos(text: &str) -> Position {
    Position::from_fen(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn sq(name: &str) -> Square {
    Square::parse(name).unwrap_or_else(|| panic!("bad square {name}"))
}

fn all_squares() -> impl Iterator<Item = Square> {
    (0..64u8).map(Square::new)
}

/// The squares `mv` (which must be legal) captures in `text`, sorted.
fn captures(text: &str, mv: &str) -> Vec<String> {
    let before = pos(text);
    let parsed = before
        .parse_move(mv)
        .unwrap_or_else(|e| panic!("{mv} in {text}: {e}"));
    captures_of(&before, parsed)
}

fn captures_of(before: &Position, mv: UltimaMove) -> Vec<String> {
    let after = before.play(mv);
    let mover = before.side_to_move();
    let (from, to) = (mv.from(), mv.to());
    assert_eq!(after.piece_at(to), before.piece_at(from), "{mv:?} lands");
    assert_eq!(after.piece_at(from), None, "{mv:?} leaves its square");
    let mut taken = Vec::new();
    for square in all_squares() {
        let (was, is) = (before.piece_at(square), after.piece_at(square));
        let enemy_before = was.is_some_and(|(c, _)| c != mover);
        if square == to {
            if enemy_before {
                taken.push(square.to_string());
            }
        } else if square != from {
            if enemy_before && is.is_none() {
                taken.push(square.to_string());
            } else {
                assert_eq!(was, is, "{mv:?} changed {square} unexpectedly");
            }
        }
    }
    taken.sort();
    taken
}

fn sorted(squares: &[&str]) -> Vec<String> {
    let mut out: Vec<String> = squares.iter().map(|s| s.to_string()).collect();
    out.sort();
    out
}

fn legal(position: &Position) -> Vec<UltimaMove> {
    let mut list = MoveList::new();
    position.generate(&mut list);
    list.iter().copied().collect()
}

fn moves_from(position: &Position, from: &str) -> usize {
    legal(position)
        .iter()
        .filter(|m| m.from() == sq(from))
        .count()
}

fn frozen_squares(position: &Position) -> Vec<String> {
    let mut out: Vec<String> = position
        .frozen()
        .into_iter()
        .map(|s| s.to_string())
        .collect();
    out.sort();
    out
}

fn is_illegal(text: &str, mv: &str) -> bool {
    matches!(pos(text).parse_move(mv), Err(MoveError::Illegal(_)))
}

// ---------------------------------------------------------------------------
// The rules text's capture diagrams.
// ---------------------------------------------------------------------------

/// Pincers: "1.Pc2c4 captures both coordinator and long leaper". The pincer
/// lands on c4: the leaper on c5 has the white long leaper c6 beyond it, the
/// coordinator on d4 has the white chameleon e4 beyond it.
#[test]
fn source_pincer_example_c2c4_takes_c5_and_d4() {
    let text = "7k/5ppp/2N5/2n5/3rB3/8/PPP5/K7 w 0";
    assert_eq!(captures(text, "c2c4"), sorted(&["c5", "d4"]));
    // Stopping short on c3 touches nothing.
    assert_eq!(captures(text, "c2c3"), Vec::<String>::new());
}

/// The capture generator (quiescence's moves) finds moves that take two
/// victims at once: a pincer on opposite sides of the landing square (file
/// and rank) and around a corner (either way round), a chameleon taking two
/// kinds two ways. Its noisy moves are exactly the legal moves that capture.
#[test]
fn the_capture_generator_finds_moves_that_take_twice() {
    for (text, mv, taken) in [
        // a4d4: d5 and d3 are caught against d6 and d2.
        ("7k/8/3P4/3p4/P7/3p4/3P4/K7 w 0", "a4d4", ["d3", "d5"]),
        // d1d4: c4 and e4 are caught against b4 and f4.
        ("7k/8/8/8/1Pp1pP2/8/8/K2P4 w 0", "d1d4", ["c4", "e4"]),
        // Around a corner: d3 against d2, e4 against f4.
        ("7k/8/8/8/P3pP2/3p4/3P4/K7 w 0", "a4d4", ["d3", "e4"]),
        // The source example: c5 against c6, d4 against e4.
        ("7k/5ppp/2N5/2n5/3rB3/8/PPP5/K7 w 0", "c2c4", ["c5", "d4"]),
        // A chameleon pinces the pincer e4 and coordinates the coordinator
        // a4 (with its king a1) by one move.
        ("3B3k/8/8/8/r3pP2/8/8/K7 w 0", "d8d4", ["a4", "e4"]),
        // A chameleon withdraws from the withdrawer d6 and coordinates a4.
        ("7k/8/3q4/3B4/r7/8/8/K7 w 0", "d5d4", ["a4", "d6"]),
    ] {
        assert_eq!(captures(text, mv), sorted(&taken), "{mv} in {text}");
        let position = pos(text);
        let mut legal = MoveList::new();
        position.generate(&mut legal);
        let mut expected: Vec<String> = legal
            .iter()
            .filter(|&&m| !captures_of(&position, m).is_empty())
            .map(|&m| position.move_text(m))
            .collect();
        let mut noisy = MoveList::new();
        position.generate_noisy(&mut noisy);
        let mut found: Vec<String> = noisy.iter().map(|&m| position.move_text(m)).collect();
        expected.sort();
        found.sort();
        assert!(expected.contains(&mv.to_string()), "{mv} in {text}");
        assert_eq!(found, expected, "noisy moves of {text}");
    }
}

/// Coordinators: "1.Rc5 captures on c7 and h5". The rectangle's corners are
/// the coordinator on c5 and the white king on h7; c7 holds a black
/// chameleon and h5 a black pincer.
#[test]
fn source_coordinator_example_c2c5_takes_c7_and_h5() {
    let text = "8/2b4K/2q5/3p1N1p/8/8/2R5/k7 w 0";
    assert_eq!(captures(text, "c2c5"), sorted(&["c7", "h5"]));
    // On c4 the corners are c7 and h4: only the chameleon.
    assert_eq!(captures(text, "c2c4"), sorted(&["c7"]));
}

/// Long leapers: "All marked squares captures are playable from d2" (d4,
/// d6, d8, a5), and c8 and f6 cannot be captured.
#[test]
fn source_long_leaper_example_every_marked_square() {
    let text = "2n4k/3r4/5b2/3p4/1m6/3b4/3N4/K7 w 0";
    assert_eq!(captures(text, "d2d4"), sorted(&["d3"]));
    assert_eq!(captures(text, "d2d6"), sorted(&["d3", "d5"]));
    assert_eq!(captures(text, "d2d8"), sorted(&["d3", "d5", "d7"]));
    assert_eq!(captures(text, "d2a5"), sorted(&["b4"]));
    // An ordinary step captures nothing.
    assert_eq!(captures(text, "d2c3"), Vec::<String>::new());
    // It never has to stop right after a jump only: d5 follows d4 directly,
    // so there is no landing between two pieces in a row.
    assert!(is_illegal(text, "d2d5"));
    let position = pos(text);
    for mv in legal(&position) {
        let after = position.play(mv);
        for safe in ["c8", "f6"] {
            assert!(after.piece_at(sq(safe)).is_some(), "{mv:?} took {safe}");
        }
    }
}

/// Withdrawer: "1.Qa5, 1.Qb5 or 1.Qc5 captures the black rook".
#[test]
fn source_withdrawer_example_moving_away_takes_e5() {
    let text = "7k/8/8/3Qr3/8/8/8/K7 w 0";
    for mv in ["d5c5", "d5b5", "d5a5"] {
        assert_eq!(captures(text, mv), sorted(&["e5"]), "{mv}");
    }
    // Not directly away: nothing.
    for mv in ["d5c6", "d5d4", "d5c4", "d5d8"] {
        assert_eq!(captures(text, mv), Vec::<String>::new(), "{mv}");
    }
}

/// Chameleon: the text says "1.Bd5 captures all marked pieces" (a5, c4, e5).
/// The rulings overrule it for e5: a chameleon pinces pincers only on
/// orthogonal moves, and a2-d5 is diagonal. So 1.Bd5 takes the long leaper
/// on c4 (jumped) and the coordinator on a5 (corner with the king on a1),
/// and the pincer on e5 stays although the white pincer f5 stands beyond it.
#[test]
fn source_chameleon_example_a2d5_takes_a5_and_c4_per_rulings() {
    let text = "7k/8/8/r3pP2/2n5/8/B7/K7 w 0";
    assert_eq!(captures(text, "a2d5"), sorted(&["a5", "c4"]));
    // Landing on d5 by an orthogonal move (from d1) does pince e5.
    let orthogonal = "7k/8/8/r3pP2/8/8/8/K2B4 w 0";
    assert_eq!(captures(orthogonal, "d1d5"), sorted(&["a5", "e5"]));
}

/// End of the game: "1.Ke5 is impossible" because the black pincer could
/// then move to d5 and pince the king against the coordinator on f5. The
/// text's string `7k/8/8/p4r/4K3/8/8/8` has a rank of six squares (the site
/// pads it); the position is `p4r2` on rank 5.
#[test]
fn source_end_of_game_example_ke5_is_illegal() {
    assert!(Position::from_fen("7k/8/8/p4r/4K3/8/8/8 w").is_err());
    let text = "7k/8/8/p4r2/4K3/8/8/8 w 0";
    let position = pos(text);
    assert!(!position.in_check());
    assert!(is_illegal(text, "e4e5"));
    assert!(position.parse_move("e4d4").is_ok());
    // Why: after the king's step, a5d5 would capture it.
    let after = position.play(UltimaMove::new(sq("e4"), sq("e5")));
    assert!(after.king_attacked(Color::White));
    assert_eq!(
        captures_of(&after, UltimaMove::new(sq("a5"), sq("d5"))),
        sorted(&["e5"])
    );
}

/// The immobilizer diagram (`8/8/4m3/8/8/8/3M4/8`) has no kings: the engine
/// plays only positions with one king a side, so it is rejected.
#[test]
fn source_immobilizer_diagram_without_kings_is_rejected() {
    assert!(Position::from_fen("8/8/4m3/8/8/8/3M4/8").is_err());
    assert!(Position::from_fen("8/8/4m3/8/8/8/3M4/8 w 0").is_err());
}

// ---------------------------------------------------------------------------
// Further capture rules from the rulings.
// ---------------------------------------------------------------------------

#[test]
fn king_captures_by_displacement() {
    assert_eq!(captures("k7/8/8/8/8/8/1p6/K7 w 0", "a1b2"), sorted(&["b2"]));
}

#[test]
fn pincer_beyond_piece_may_be_the_king_or_frozen() {
    // The white king on c1 is the friendly piece beyond c2.
    assert_eq!(
        captures("k7/8/8/8/8/P7/2p5/2K5 w 0", "a3c3"),
        sorted(&["c2"])
    );
    // The white withdrawer b3 is frozen by the black immobilizer a2 and
    // still serves as the piece beyond c3.
    let text = "k7/8/8/8/8/1Qp4P/m7/7K w 0";
    assert!(pos(text).frozen().contains(sq("b3")));
    assert_eq!(captures(text, "h3d3"), sorted(&["c3"]));
    // An enemy piece beyond, or a diagonal neighbour, is not pinced.
    assert_eq!(
        captures("k7/8/8/8/8/2pp3P/8/7K w 0", "h3e3"),
        Vec::<String>::new()
    );
    assert_eq!(
        captures("k7/8/8/4P3/3p4/8/8/2P4K w 0", "c1c3"),
        Vec::<String>::new()
    );
}

#[test]
fn coordinator_uses_a_frozen_king_and_king_moves_never_coordinate() {
    // The white king a1 is frozen by the immobilizer a2; h2-h5 still takes
    // the pincer on a5 (corner a5 = king's file, coordinator's rank).
    let text = "4k3/8/8/p7/8/8/m6R/K7 w 0";
    assert!(pos(text).frozen().contains(sq("a1")));
    assert_eq!(captures(text, "h2h5"), sorted(&["a5"]));
    // The coordinator moving makes the rectangle...
    assert_eq!(
        captures("4k3/8/8/8/p7/8/8/K6R w 0", "h1h4"),
        sorted(&["a4"])
    );
    // ...the king moving into the same rectangle does not.
    assert_eq!(
        captures("4k3/8/8/8/p6R/8/8/1K6 w 0", "b1a1"),
        Vec::<String>::new()
    );
}

#[test]
fn withdrawer_withdraws_diagonally() {
    assert_eq!(
        captures("k7/8/8/8/8/2r5/3Q4/7K w 0", "d2e1"),
        sorted(&["c3"])
    );
}

#[test]
fn long_leaper_never_jumps_friends_or_two_in_a_row() {
    // Two black pincers in a row on d2 and d3.
    let text = "k7/8/8/8/8/3p4/3p4/K2N4 w 0";
    assert!(is_illegal(text, "d1d4"));
    assert!(is_illegal(text, "d1d5"));
    // A friendly piece ends the line.
    let text = "k7/8/8/8/3p4/8/3P4/K2N4 w 0";
    assert!(is_illegal(text, "d1d3"));
    assert!(is_illegal(text, "d1d5"));
}

#[test]
fn chameleon_imitates_each_kind_only_against_that_kind() {
    // Leaps over a long leaper, not over a pincer.
    assert_eq!(
        captures("k7/8/8/8/3n4/8/3B4/K7 w 0", "d2d5"),
        sorted(&["d4"])
    );
    assert!(is_illegal("k7/8/8/8/3p4/8/3B4/K7 w 0", "d2d5"));
    // Withdraws from a withdrawer, not from a coordinator.
    assert_eq!(
        captures("7k/8/8/3qB3/8/8/8/K7 w 0", "e5h5"),
        sorted(&["d5"])
    );
    assert_eq!(
        captures("7k/8/8/3rB3/8/8/8/K7 w 0", "e5h5"),
        Vec::<String>::new()
    );
    // Coordinates against a coordinator (corner a5 with king a1), not
    // against a withdrawer.
    assert_eq!(captures("7k/8/8/r7/8/8/8/K6B w 0", "h1h5"), sorted(&["a5"]));
    assert_eq!(
        captures("7k/8/8/q7/8/8/8/K6B w 0", "h1h5"),
        Vec::<String>::new()
    );
    // Pinces a pincer (on an orthogonal move only), not a withdrawer or a
    // chameleon.
    assert_eq!(
        captures("k7/8/8/8/8/2pP4/B7/7K w 0", "a2b3"),
        Vec::<String>::new()
    );
    assert_eq!(
        captures("k7/8/8/8/8/2pP4/8/1B5K w 0", "b1b3"),
        sorted(&["c3"])
    );
    assert_eq!(
        captures("k7/8/8/8/8/2qP4/8/1B5K w 0", "b1b3"),
        Vec::<String>::new()
    );
    assert_eq!(
        captures("k7/8/8/8/8/2bP4/8/1B5K w 0", "b1b3"),
        Vec::<String>::new()
    );
}

// ---------------------------------------------------------------------------
// Immobilization.
// ---------------------------------------------------------------------------

#[test]
fn frozen_piece_has_no_moves() {
    let free = pos("k7/8/8/4q3/8/8/8/K7 b 0");
    assert!(moves_from(&free, "e5") > 0);
    let text = "k7/8/8/4q3/3M4/8/8/K7 b 0";
    let frozen = pos(text);
    assert_eq!(frozen_squares(&frozen), sorted(&["e5"]));
    assert_eq!(moves_from(&frozen, "e5"), 0);
    assert!(is_illegal(text, "e5e6"));
    assert!(moves_from(&frozen, "a8") > 0);
}

#[test]
fn two_adjacent_enemy_immobilizers_freeze_each_other_only() {
    // White M d4, black m e5, white withdrawer f6 touching the black m.
    let white = pos("k7/8/5Q2/4m3/3M4/8/8/K7 w 0");
    assert_eq!(frozen_squares(&white), sorted(&["d4", "e5"]));
    assert_eq!(moves_from(&white, "d4"), 0);
    // The white M neutralises the black one for the withdrawer.
    assert!(moves_from(&white, "f6") > 0);
    let black = pos("k7/8/5Q2/4m3/3M4/8/8/K7 b 0");
    assert_eq!(moves_from(&black, "e5"), 0);
}

#[test]
fn immobilizer_and_adjacent_enemy_chameleon_freeze_each_other() {
    let text = "k7/8/8/4b3/3M4/8/8/K7";
    assert_eq!(frozen_squares(&pos(text)), sorted(&["d4", "e5"]));
    assert_eq!(moves_from(&pos(&format!("{text} w 0")), "d4"), 0);
    assert_eq!(moves_from(&pos(&format!("{text} b 0")), "e5"), 0);
}

#[test]
fn neutralised_immobilizer_frees_the_pieces_it_touches() {
    // Alone, the black m e5 freezes the white withdrawer f4.
    let alone = pos("k7/8/8/4m3/5Q2/8/8/K7 w 0");
    assert_eq!(frozen_squares(&alone), sorted(&["f4"]));
    assert_eq!(moves_from(&alone, "f4"), 0);
    // A white immobilizer touching it neutralises it (and both freeze).
    let by_immobilizer = pos("k7/8/8/4m3/3M1Q2/8/8/K7 w 0");
    assert_eq!(frozen_squares(&by_immobilizer), sorted(&["d4", "e5"]));
    assert!(moves_from(&by_immobilizer, "f4") > 0);
    // A white chameleon does too, while itself frozen: a frozen neutraliser
    // still neutralises.
    let by_chameleon = pos("k7/8/8/4m3/3B1Q2/8/8/K7 w 0");
    assert_eq!(frozen_squares(&by_chameleon), sorted(&["d4", "e5"]));
    assert!(moves_from(&by_chameleon, "f4") > 0);
    // Two white chameleons neutralise it for each other: both move.
    let two = pos("k7/8/8/3Bm3/3B1Q2/8/8/K7 w 0");
    assert_eq!(frozen_squares(&two), sorted(&["e5"]));
    for square in ["d5", "d4", "f4"] {
        assert!(moves_from(&two, square) > 0, "{square}");
    }
}

/// Rule choice (crate docs): the rulings give neutralisation only against an
/// enemy immobilizer, so a chameleon's freezing of an immobilizer is never
/// neutralised, here not by the white chameleon touching the black one.
#[test]
fn chameleon_freezing_an_immobilizer_is_not_neutralised() {
    let position = pos("k7/8/5B2/4b3/3M4/8/8/K7 w 0");
    assert!(position.frozen().contains(sq("d4")));
    assert_eq!(moves_from(&position, "d4"), 0);
}

// ---------------------------------------------------------------------------
// Check.
// ---------------------------------------------------------------------------

#[test]
fn check_by_king_displacement() {
    // The king may not step next to the enemy king.
    let text = "8/8/8/3k4/8/3K4/8/8 w 0";
    assert!(!pos(text).in_check());
    assert!(is_illegal(text, "d3d4"));
    assert!(pos(text).parse_move("d3d2").is_ok());
    // A frozen black king (white immobilizer f6) gives no check; the free
    // white king next to it does.
    let position = pos("8/8/5M2/4k3/3K4/8/8/8 b 0");
    assert!(position.in_check());
    assert!(!position.king_attacked(Color::White));
}

#[test]
fn check_by_pincer_threat() {
    // The pincer d1 can land on d4 with the coordinator f4 beyond the king.
    assert!(pos("k7/8/8/8/4Kr2/8/8/3p4 w 0").in_check());
    // With d3 blocked it cannot reach d4.
    assert!(!pos("k7/8/8/8/4Kr2/3P4/8/3p4 w 0").in_check());
}

#[test]
fn check_by_coordinator_threat() {
    // Kings share rank 1: a coordinator landing on the e-file takes e1.
    assert!(pos("8/8/8/7r/8/8/8/k3K3 w 0").in_check());
    // The black king off that rank: no rectangle has e1 as a corner.
    assert!(!pos("8/8/8/7r/8/8/k7/4K3 w 0").in_check());
}

#[test]
fn check_by_long_leaper_threat() {
    assert!(pos("k3n3/8/8/8/4K3/8/8/8 w 0").in_check());
    // Jumping a white pincer first, then the king.
    assert!(pos("k3n3/8/4P3/8/4K3/8/8/8 w 0").in_check());
    // Nothing empty behind the king: no jump, no check.
    assert!(!pos("k3n3/8/8/8/4K3/4P3/8/8 w 0").in_check());
}

#[test]
fn check_by_withdrawer_threat() {
    assert!(pos("k7/8/8/4q3/4K3/8/8/8 w 0").in_check());
    // No room to withdraw into.
    assert!(!pos("k7/8/4p3/4q3/4K3/8/8/8 w 0").in_check());
}

#[test]
fn check_by_adjacent_chameleon_unless_frozen() {
    assert!(pos("k7/8/8/3b4/4K3/8/8/8 w 0").in_check());
    // The white immobilizer c6 freezes the chameleon: no check.
    let frozen = pos("k7/8/2M5/3b4/4K3/8/8/8 w 0");
    assert!(frozen.frozen().contains(sq("d5")));
    assert!(!frozen.in_check());
}

#[test]
fn frozen_withdrawer_gives_no_check() {
    let position = pos("k7/8/5M2/4q3/4K3/8/8/8 w 0");
    assert!(position.frozen().contains(sq("e5")));
    assert!(!position.in_check());
}

// ---------------------------------------------------------------------------
// End of the game.
// ---------------------------------------------------------------------------

#[test]
fn checkmate_outcomes() {
    // The chameleon a2 checks; a2 and b2 touch the black king, b1 the
    // chameleon.
    let position = pos("8/8/8/8/8/1k6/b7/K7 w 0");
    assert!(position.in_check());
    assert!(legal(&position).is_empty());
    assert_eq!(
        position.outcome(),
        Some(Outcome::win(Color::Black, Termination::Checkmate))
    );
    // A king frozen by the immobilizer b2 and checked by the chameleon a2.
    assert_eq!(
        pos("k7/8/8/8/8/8/bm6/K7 w 0").outcome(),
        Some(Outcome::win(Color::Black, Termination::Checkmate))
    );
    // Black's king frozen by the white immobilizer, next to the white king.
    assert_eq!(
        pos("8/8/5M2/4k3/3K4/8/8/8 b 0").outcome(),
        Some(Outcome::win(Color::White, Termination::Checkmate))
    );
}

#[test]
fn stalemate_outcomes() {
    let position = pos("8/8/8/8/8/1k6/8/K1b5 w 0");
    assert!(!position.in_check());
    assert!(legal(&position).is_empty());
    assert_eq!(
        position.outcome(),
        Some(Outcome::draw(Termination::Stalemate))
    );
    // A lone king frozen by an immobilizer, which never captures.
    assert_eq!(
        pos("k7/8/8/8/8/8/1m6/K7 w 0").outcome(),
        Some(Outcome::draw(Termination::Stalemate))
    );
    // Not over when a move exists.
    assert_eq!(pos("k7/8/8/8/8/8/8/K7 w 0").outcome(), None);
}

const SHUFFLE: [&str; 4] = ["a1b1", "a8b8", "b1a1", "b8a8"];

#[test]
fn hundred_plies_without_capture_draw() {
    let mut position = pos("k7/8/8/8/8/8/8/K7 w 0");
    for ply in 0..100 {
        assert_eq!(position.outcome(), None, "ply {ply}");
        assert!(!position.is_rule_draw());
        let mv = position.parse_move(SHUFFLE[ply % 4]).expect("legal");
        position = position.play(mv);
    }
    assert_eq!(position.reversible_plies(), 100);
    assert!(position.is_rule_draw());
    assert_eq!(
        position.outcome(),
        Some(Outcome::draw(Termination::MoveRule))
    );
    // A capture restarts the count.
    let text = "7k/8/8/3Qr3/8/8/8/K7 w 0";
    let quiet = pos(text).play(UltimaMove::new(sq("a1"), sq("a2")));
    assert_eq!(quiet.reversible_plies(), 1);
    let capture = pos(text).play(UltimaMove::new(sq("d5"), sq("a5")));
    assert_eq!(capture.reversible_plies(), 0);
}

#[test]
fn threefold_repetition_draw() {
    let mut position = pos("k7/8/8/8/8/8/8/K7 w 0");
    let mut keys = Vec::new();
    for ply in 0..8 {
        if ply == 4 {
            // Twice so far: not yet a draw.
            assert_eq!(position.outcome_with_history(&keys), None);
        }
        keys.push(position.hash());
        let mv = position.parse_move(SHUFFLE[ply % 4]).expect("legal");
        position = position.play(mv);
    }
    assert_eq!(
        position.outcome_with_history(&keys),
        Some(Outcome::draw(Termination::Repetition))
    );
}

// ---------------------------------------------------------------------------
// Move text.
// ---------------------------------------------------------------------------

#[test]
fn illegal_moves_are_rejected_by_parse_move() {
    let start = Position::startpos();
    assert!(start.parse_move("c2c4").is_ok());
    assert!(start.parse_move("d2d6").is_ok());
    for mv in [
        "a1a2", // onto a friendly piece (only the king displaces, and not friends)
        "e1e2", // the king onto a friend
        "a2b3", // pincers move like rooks
        "d1d3", // through a piece
        "b1b3", // the long leaper cannot jump a friend
        "d2d8", // through enemy pincers
        "e7e5", // the opponent's piece
        "e4e5", // nothing on e4
        "c2c2", // a null move
    ] {
        assert_eq!(
            start.parse_move(mv),
            Err(MoveError::Illegal(mv.to_string())),
            "{mv}"
        );
    }
    for mv in [
        "", "c2", "c2c4c", "c2c4q", "c9c4", "i2c4", "c2-c4", "C2C4", "ç2c4",
    ] {
        assert_eq!(
            start.parse_move(mv),
            Err(MoveError::Syntax(mv.to_string())),
            "{mv}"
        );
    }
    // Leaving one's own king capturable: the pincer e3 shields the king from
    // the long leaper e8 (nothing empty behind the king); every pincer move
    // vacates e3, so none is legal, while the king itself may move.
    let shield = "k3n3/8/8/8/4K3/4P3/8/8 w 0";
    for mv in ["e3e2", "e3e1", "e3d3", "e3a3", "e3h3"] {
        assert!(is_illegal(shield, mv), "{mv}");
    }
    assert_eq!(moves_from(&pos(shield), "e3"), 0);
    assert!(pos(shield).parse_move("e4d4").is_ok());
}

#[test]
fn start_position_and_defaults() {
    let start = Position::startpos();
    assert_eq!(
        start.fen(),
        "rnbkqbnm/pppppppp/8/8/8/8/PPPPPPPP/MNBQKBNR w 0"
    );
    assert_eq!(
        start.piece_at(sq("a1")),
        Some((Color::White, Kind::Immobilizer))
    );
    assert_eq!(
        start.piece_at(sq("d1")),
        Some((Color::White, Kind::Withdrawer))
    );
    assert_eq!(start.piece_at(sq("e1")), Some((Color::White, Kind::King)));
    assert_eq!(
        start.piece_at(sq("h1")),
        Some((Color::White, Kind::Coordinator))
    );
    assert_eq!(
        start.piece_at(sq("h8")),
        Some((Color::Black, Kind::Immobilizer))
    );
    assert_eq!(start.piece_at(sq("d8")), Some((Color::Black, Kind::King)));
    assert_eq!(
        start.piece_at(sq("e8")),
        Some((Color::Black, Kind::Withdrawer))
    );
    assert_eq!(legal(&start).len(), 32);
    // Missing side and plies default to "w 0".
    let board = "rnbkqbnm/pppppppp/8/8/8/8/PPPPPPPP/MNBQKBNR";
    assert_eq!(pos(board).fen(), start.fen());
    assert_eq!(pos(&format!("{board} b")).fen(), format!("{board} b 0"));
    assert_eq!(
        pos(&format!("  {board}   b   17 ")).fen(),
        format!("{board} b 17")
    );
}

// ---------------------------------------------------------------------------
// Position strings.
// ---------------------------------------------------------------------------

#[test]
fn malformed_position_strings_are_errors() {
    let cases = [
        "",
        "   ",
        "k7/8/8/8/8/8/8/K7 w 0 extra",
        "k7/8/8/8/8/8/K7 w 0",           // 7 ranks
        "k7/8/8/8/8/8/8/8/K7 w 0",       // 9 ranks
        "k7/8/8/8/8/8/8/K6 w 0",         // 7 squares
        "k7/8/8/8/8/8/8/K8 w 0",         // 9 squares
        "k7/8/8/8/8/8/pppppppp1/K7 w 0", // 9 squares
        "k7/8/8/8/8/8/ppppppppp/K7 w 0", // 9 squares
        "k7/8/8/8/8/8/44/K7 w 0",        // two digits in a row
        "k7/8/8/8/8/8/9/K7 w 0",
        "k7/8/8/8/8/8/0p7/K7 w 0",
        "k7/8/8/8/8/8/x7/K7 w 0", // not a piece letter
        "k7/8/8/8/8/8/é7/K7 w 0",
        "k7//8/8/8/8/8/K7 w 0",
        "k7/8/8/8/8/8/8/K7/ w 0",
        "8/8/8/8/8/8/8/K7 w 0",   // no black king
        "k7/8/8/8/8/8/8/8 w 0",   // no white king
        "k6k/8/8/8/8/8/8/K7 w 0", // two black kings
        "k7/8/8/8/8/8/8/K6K w 0", // two white kings
        "k7/8/8/8/8/8/8/K7 x 0",  // bad side
        "k7/8/8/8/8/8/8/K7 W 0",
        "k7/8/8/8/8/8/8/K7 white 0",
        "k7/8/8/8/8/8/8/K7 - 0",
        "k7/8/8/8/8/8/8/K7 w -1", // bad plies
        "k7/8/8/8/8/8/8/K7 w x",
        "k7/8/8/8/8/8/8/K7 w 1.5",
        "k7/8/8/8/8/8/8/K7 w 99999999999999999999999",
        "8/8/8/8/8/8/kK6/8 w 0",     // the side not to move is in check
        "8/8/5M2/4k3/3K4/8/8/8 w 0", // black (not to move) is attacked
    ];
    for text in cases {
        assert!(Position::from_fen(text).is_err(), "accepted {text:?}");
    }
}

/// Strings mutated at random from valid ones: every answer is a position or
/// an error (never a panic), and accepted positions read back identically.
#[test]
fn mutated_position_strings_never_panic() {
    let seeds = [
        "rnbkqbnm/pppppppp/8/8/8/8/PPPPPPPP/MNBQKBNR w 0",
        "2n4k/3r4/5b2/3p4/1m6/3b4/3N4/K7 w 0",
        "7k/8/8/r3pP2/2n5/8/B7/K7 b 12",
    ];
    let alphabet: Vec<char> = "kqrnbpmKQRNBPM0123456789/ wbx-é".chars().collect();
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = |bound: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % bound as u64) as usize
    };
    let (mut accepted, mut rejected) = (0, 0);
    for round in 0..20_000 {
        let mut chars: Vec<char> = seeds[round % seeds.len()].chars().collect();
        for _ in 0..1 + next(3) {
            let at = next(chars.len() + 1);
            let c = alphabet[next(alphabet.len())];
            match next(3) {
                0 if at < chars.len() => chars[at] = c,
                1 if at < chars.len() => {
                    chars.remove(at);
                }
                _ => chars.insert(at, c),
            }
        }
        let text: String = chars.into_iter().collect();
        match Position::from_fen(&text) {
            Ok(position) => {
                accepted += 1;
                let again = pos(&position.fen());
                assert_eq!(again.fen(), position.fen(), "{text:?}");
                assert_eq!(again, position, "{text:?}");
            }
            Err(_) => rejected += 1,
        }
    }
    assert!(accepted > 100 && rejected > 100, "{accepted} / {rejected}");
}
