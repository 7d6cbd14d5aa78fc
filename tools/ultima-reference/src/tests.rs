//! Unit tests: reference perft counts, position strings, and which squares
//! each kind of capture takes.

use super::*;

fn pos(text: &str) -> Position {
    Position::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn sq(text: &str) -> Square {
    Square::parse(text).unwrap()
}

/// The squares `mv` captures in `fen`, as names. Panics if it is not legal.
fn captures(fen: &str, mv: &str) -> Vec<String> {
    let p = pos(fen);
    let m = find_move(&p, mv).unwrap_or_else(|e| panic!("{fen} {mv}: {e}"));
    m.captures.iter().map(|s| s.to_string()).collect()
}

/// Sorted move texts of the legal moves of the piece on `from`.
fn moves_from(fen: &str, from: &str) -> Vec<String> {
    let p = pos(fen);
    let f = sq(from);
    let mut v: Vec<String> = legal_moves(&p)
        .iter()
        .filter(|m| m.from == f)
        .map(|m| m.to_string())
        .collect();
    v.sort();
    v
}

fn is_legal(fen: &str, mv: &str) -> bool {
    find_move(&pos(fen), mv).is_ok()
}

// ---------------------------------------------------------------------------
// Reference perft counts (from an independent implementation of the rulings)
// ---------------------------------------------------------------------------

const REFERENCE: &[(&str, u64, u64)] = &[
    ("7k/5ppp/2N5/2n5/3rB3/8/PPP5/K7 w 0", 57, 3376),
    ("7k/5ppp/2N5/2n5/3rB3/8/PPP5/K7 b 0", 61, 3415),
    ("8/2b4K/2q5/3p1N1p/8/8/2R5/k7 w 0", 42, 2155),
    ("8/2b4K/2q5/3p1N1p/8/8/2R5/k7 b 0", 52, 2099),
    ("2n4k/3r4/5b2/3p4/1m6/3b4/3N4/K7 w 0", 22, 2268),
    ("2n4k/3r4/5b2/3p4/1m6/3b4/3N4/K7 b 0", 108, 2296),
    ("7k/8/8/3Qr3/8/8/8/K7 w 0", 26, 605),
    ("7k/8/8/3Qr3/8/8/8/K7 b 0", 24, 687),
    ("7k/8/8/r3pP2/2n5/8/B7/K7 w 0", 26, 1238),
    ("7k/8/8/r3pP2/2n5/8/B7/K7 b 0", 52, 1409),
    ("7k/8/8/p4r2/4K3/8/8/8 w 0", 7, 227),
    ("7k/8/8/p4r2/4K3/8/8/8 b 0", 34, 263),
];

#[test]
fn perft_reference_positions() {
    for &(fen, d1, d2) in REFERENCE {
        let p = pos(fen);
        assert_eq!(perft(&p, 1), d1, "{fen} depth 1");
        assert_eq!(perft(&p, 2), d2, "{fen} depth 2");
    }
}

#[test]
fn perft_start_depth_1_to_3() {
    let p = Position::start();
    assert_eq!(perft(&p, 1), 32);
    assert_eq!(perft(&p, 2), 944);
    assert_eq!(perft(&p, 3), 42762);
}

#[test]
#[ignore = "about 8 s"]
fn perft_start_depth_4() {
    assert_eq!(perft(&Position::start(), 4), 1849895);
}

#[test]
#[ignore = "several minutes"]
fn perft_start_depth_5() {
    assert_eq!(perft(&Position::start(), 5), 94548739);
}

/// Walks the move tree and checks that from and to always identify a move
/// (rulings: "from and to always determine the move"), that capture sets are
/// sorted sets not holding the mover's pieces, and that no legal move ever
/// captures a king.
fn check_tree(p: &Position, depth: u32) {
    let moves = legal_moves(p);
    for (i, a) in moves.iter().enumerate() {
        for b in &moves[i + 1..] {
            assert!(
                !(a.from == b.from && a.to == b.to),
                "{p}: two moves {a:?} and {b:?} share from and to"
            );
        }
        assert!(a.captures.windows(2).all(|w| w[0] < w[1]));
        for &c in &a.captures {
            let (color, kind) = p.get(c).expect("captured square holds a piece");
            assert_ne!(color, p.side);
            assert_ne!(kind, Kind::King, "{p}: {a:?} captures a king");
        }
        if depth > 1 {
            check_tree(&play(p, a), depth - 1);
        }
    }
}

#[test]
fn from_and_to_determine_the_move() {
    for &(fen, _, _) in REFERENCE {
        check_tree(&pos(fen), 2);
    }
    check_tree(&Position::start(), 3);
}

// ---------------------------------------------------------------------------
// Position strings
// ---------------------------------------------------------------------------

#[test]
fn start_position_layout() {
    let p = Position::start();
    let expect = [
        ("a1", Color::White, Kind::Immobilizer),
        ("b1", Color::White, Kind::LongLeaper),
        ("c1", Color::White, Kind::Chameleon),
        ("d1", Color::White, Kind::Withdrawer),
        ("e1", Color::White, Kind::King),
        ("f1", Color::White, Kind::Chameleon),
        ("g1", Color::White, Kind::LongLeaper),
        ("h1", Color::White, Kind::Coordinator),
        ("h8", Color::Black, Kind::Immobilizer),
        ("d8", Color::Black, Kind::King),
        ("e8", Color::Black, Kind::Withdrawer),
        ("a8", Color::Black, Kind::Coordinator),
        ("e2", Color::White, Kind::Pincer),
        ("e7", Color::Black, Kind::Pincer),
    ];
    for (s, c, k) in expect {
        assert_eq!(p.get(sq(s)), Some((c, k)), "{s}");
    }
    assert_eq!(p.to_string(), START);
    assert_eq!(p.side, Color::White);
    assert!(!in_check(&p));
}

#[test]
fn parse_defaults_and_canonical_output() {
    assert_eq!(
        pos("7k/8/8/3Qr3/8/8/8/K7").to_string(),
        "7k/8/8/3Qr3/8/8/8/K7 w 0"
    );
    assert_eq!(
        pos("  7k/8/8/3Qr3/8/8/8/K7   b ").to_string(),
        "7k/8/8/3Qr3/8/8/8/K7 b 0"
    );
    assert_eq!(
        pos("7k/8/8/3Qr3/8/8/8/K7 b 17").to_string(),
        "7k/8/8/3Qr3/8/8/8/K7 b 17"
    );
    // Accepted boards never need merging (adjacent digits are rejected),
    // so canonical output only fills in and normalises the other fields.
    assert_eq!(pos(START).to_string(), START);
}

#[test]
fn parse_rejects_malformed_strings() {
    let bad = [
        "",
        "   ",
        "8/8/8",
        "7k/8/8/3Qr3/8/8/8/K7/8",
        "7k/8/8/3Qr3/8/8/8/K6",
        "7k/8/8/3Qr4/8/8/8/K7",
        "7k/8/8/3Qx3/8/8/8/K7",
        "7k/8/8/3Qr3/8/8/8/K07",
        "7k/8/8/9/8/8/8/K7",
        "7k/8/8/3Qr12/8/8/8/K7",
        "7k/8/8/3Qr3/8/8/8/K7 x",
        "7k/8/8/3Qr3/8/8/8/K7 W",
        "7k/8/8/3Qr3/8/8/8/K7 w -1",
        "7k/8/8/3Qr3/8/8/8/K7 w +1",
        "7k/8/8/3Qr3/8/8/8/K7 w 1x",
        "7k/8/8/3Qr3/8/8/8/K7 w 99999999999999999999999",
        "7k/8/8/3Qr3/8/8/8/K7 w 0 extra",
        // King counts.
        "7k/8/8/3Qr3/8/8/8/8 w 0",
        "7k/8/8/3Qr3/8/8/8/KK6 w 0",
        "8/8/8/3Qr3/8/8/8/K7 w 0",
        "6kk/8/8/3Qr3/8/8/8/K7 w 0",
        // The side not to move is in check (adjacent unfrozen chameleon).
        "7k/6B1/8/8/8/8/8/K7 w 0",
    ];
    for b in bad {
        assert!(Position::parse(b).is_err(), "accepted {b:?}");
    }
    // The same chameleon position is fine with Black to move.
    assert!(Position::parse("7k/6B1/8/8/8/8/8/K7 b 0").is_ok());
}

#[test]
fn move_text_and_find_move() {
    let p = Position::start();
    let m = find_move(&p, "c2c5").unwrap();
    assert_eq!(m.to_string(), "c2c5");
    assert!(m.captures.is_empty());
    assert!(find_move(&p, "c2c8").is_err());
    assert!(find_move(&p, "c2d3").is_err(), "pincers move like rooks");
    assert!(find_move(&p, "zz").is_err());
    assert!(find_move(&p, "c2c4x").is_err());
    let after = play(&p, &m);
    assert_eq!(
        after.to_string(),
        "rnbkqbnm/pppppppp/8/2P5/8/8/PP1PPPPP/MNBQKBNR b 1"
    );
}

// ---------------------------------------------------------------------------
// King
// ---------------------------------------------------------------------------

#[test]
fn king_captures_by_displacement() {
    let fen = "7k/8/8/8/8/8/1p6/K7 w";
    assert_eq!(captures(fen, "a1b2"), ["b2"]);
    assert_eq!(captures(fen, "a1a2"), Vec::<String>::new());
    let after = play(&pos(fen), &find_move(&pos(fen), "a1b2").unwrap());
    assert_eq!(after.to_string(), "7k/8/8/8/8/8/1K6/8 b 1");
}

#[test]
fn king_moves_never_coordinate() {
    // White K b2 -> c2 would make a rectangle with the coordinator on f6 and
    // black pieces on c6 and f2, but king moves do not coordinate.
    let fen = "7k/8/2p2R2/8/8/8/1K3p2/8 w";
    assert_eq!(captures(fen, "b2c3"), Vec::<String>::new());
    assert_eq!(captures(fen, "b2c2"), Vec::<String>::new());
}

// ---------------------------------------------------------------------------
// Pincer
// ---------------------------------------------------------------------------

#[test]
fn pincer_rules_page_diagram() {
    // 1.Pc2-c4 captures both coordinator and long leaper.
    assert_eq!(
        captures("7k/5ppp/2N5/2n5/3rB3/8/PPP5/K7 w", "c2c4"),
        ["c5", "d4"]
    );
}

#[test]
fn pincer_captures_in_every_orthogonal_direction_only_with_a_friend_beyond() {
    // P e1-e4: d4 knight (M on c4 beyond) and e5 queen (B on e6 beyond) are
    // pinced; f4 rook has nothing beyond it.
    let fen = "k7/8/4B3/4q3/2Mn1r2/8/8/4P2K w";
    assert_eq!(captures(fen, "e1e4"), ["d4", "e5"]);
    assert_eq!(captures(fen, "e1e3"), Vec::<String>::new());
    // Rook-like only.
    assert!(
        !moves_from(fen, "e1")
            .iter()
            .any(|m| m == "e1f2" || m == "e1d2")
    );
}

#[test]
fn pincer_uses_frozen_friend_and_king_beyond() {
    // The white N on c4 is frozen by the black immobilizer on b5, yet still
    // serves as the friendly piece beyond d4.
    let fen = "k7/8/8/1m6/2Nn4/8/8/4P2K w";
    assert!(is_frozen(&pos(fen), sq("c4")));
    assert_eq!(captures(fen, "e1e4"), ["d4"]);
    // The king beyond.
    assert_eq!(captures("k7/8/8/8/3nK3/8/8/2P5 w", "c1c4"), ["d4"]);
}

#[test]
fn pincer_gives_check_and_rules_page_king_example() {
    // "1.Ke5 is impossible": the pawn a5 would pince it against the rook f5.
    let fen = "7k/8/8/p4r2/4K3/8/8/8 w";
    assert_eq!(
        moves_from(fen, "e4"),
        ["e4d3", "e4d4", "e4d5", "e4e3", "e4f3", "e4f4", "e4f5"]
    );
    // A pincer already standing next to the king does nothing; one that can
    // move next to it with a friend beyond gives check.
    let p = pos("7k/8/8/3pKr2/8/8/8/8 w");
    assert!(!in_check(&p), "nothing pinces yet");
    let p = pos("7k/8/3p4/4Kr2/8/8/8/8 w");
    assert!(in_check(&p), "d6-d5 pinces e5 against f5");
}

// ---------------------------------------------------------------------------
// Coordinator
// ---------------------------------------------------------------------------

#[test]
fn coordinator_rules_page_diagram() {
    // 1.Rc5 captures on c7 and h5.
    assert_eq!(
        captures("8/2b4K/2q5/3p1N1p/8/8/2R5/k7 w", "c2c5"),
        ["c7", "h5"]
    );
}

#[test]
fn coordinator_nothing_on_king_rank_or_file() {
    let p = pos("8/2b4K/2q5/3p1N1p/8/8/2R5/k7 w");
    let king = p.king_square(Color::White).unwrap();
    for m in legal_moves(&p).iter().filter(|m| m.from == sq("c2")) {
        if m.to.file == king.file || m.to.rank == king.rank {
            assert!(m.captures.is_empty(), "{m:?}");
        }
    }
    assert_eq!(
        captures("8/2b4K/2q5/3p1N1p/8/8/2R5/k7 w", "c2h2"),
        Vec::<String>::new()
    );
}

#[test]
fn coordinator_with_frozen_king_and_giving_check() {
    // White king h7 is frozen by the black immobilizer g8; the coordinator
    // still uses it: c2-c5 takes c7 (chameleon) and h5 (pawn).
    let fen = "6m1/2b4K/8/7p/8/8/2R5/k7 w";
    assert!(is_frozen(&pos(fen), sq("h7")));
    assert_eq!(captures(fen, "c2c5"), ["c7", "h5"]);
    // Coordinator check: R a2-a8 with the king on h1 takes h8.
    assert!(in_check(&pos("7k/8/8/8/8/8/R7/7K b")));
    assert!(!in_check(&pos("7k/8/8/8/8/8/R7/6K1 b")));
}

// ---------------------------------------------------------------------------
// Long leaper
// ---------------------------------------------------------------------------

#[test]
fn long_leaper_rules_page_diagram() {
    let fen = "2n4k/3r4/5b2/3p4/1m6/3b4/3N4/K7 w";
    assert_eq!(captures(fen, "d2d4"), ["d3"]);
    assert_eq!(captures(fen, "d2d6"), ["d3", "d5"]);
    assert_eq!(captures(fen, "d2d8"), ["d3", "d5", "d7"]);
    assert_eq!(captures(fen, "d2a5"), ["b4"]);
    // c8 and f6 cannot be captured: no move from d2 takes them.
    let p = pos(fen);
    for m in legal_moves(&p) {
        assert!(!m.captures.contains(&sq("c8")) && !m.captures.contains(&sq("f6")));
    }
    let expected_from_d2 = [
        "d2a2", "d2a5", "d2c1", "d2c2", "d2b2", "d2c3", "d2d1", "d2d4", "d2d6", "d2d8", "d2e1",
        "d2e2", "d2f2", "d2g2", "d2h2", "d2e3", "d2f4", "d2g5", "d2h6",
    ];
    let mut expected: Vec<String> = expected_from_d2.iter().map(|s| s.to_string()).collect();
    expected.sort();
    assert_eq!(moves_from(fen, "d2"), expected);
}

#[test]
fn long_leaper_stops_and_blocks() {
    // a1 leaper: north blocked by a friend, east by two pieces in a row,
    // diagonal: jump b2 then stop anywhere up to g7.
    let fen = "7k/8/8/8/8/8/Pp6/Npp4K w";
    assert_eq!(
        moves_from(fen, "a1"),
        ["a1c3", "a1d4", "a1e5", "a1f6", "a1g7"]
    );
    for to in ["a1c3", "a1d4", "a1e5", "a1f6", "a1g7"] {
        assert_eq!(captures(fen, to), ["b2"]);
    }
    // An enemy on the edge (the king h8) cannot be jumped, nor the pawn g1
    // followed by the king h1: 5 east, 7 north, 6 diagonal.
    assert_eq!(moves_from("7k/8/8/8/8/8/8/N5pK w", "a1").len(), 5 + 7 + 6);
}

#[test]
fn long_leaper_gives_check() {
    assert!(in_check(&pos("8/8/8/8/8/2k5/8/N6K b")));
    assert!(!in_check(&pos("8/8/8/8/3p4/2k5/8/N6K b")));
}

// ---------------------------------------------------------------------------
// Withdrawer
// ---------------------------------------------------------------------------

#[test]
fn withdrawer_rules_page_diagram() {
    let fen = "7k/8/8/3Qr3/8/8/8/K7 w";
    for m in ["d5a5", "d5b5", "d5c5"] {
        assert_eq!(captures(fen, m), ["e5"], "{m}");
    }
    for m in ["d5d8", "d5d1", "d5a8", "d5a2", "d5g8", "d5h1"] {
        assert_eq!(captures(fen, m), Vec::<String>::new(), "{m}");
    }
}

#[test]
fn withdrawer_diagonal_and_check() {
    let fen = "7k/8/8/4n3/3Q4/8/8/K7 w";
    assert_eq!(captures(fen, "d4b2"), ["e5"]);
    assert_eq!(captures(fen, "d4c3"), ["e5"]);
    assert_eq!(captures(fen, "d4c4"), Vec::<String>::new());
    // A withdrawer next to the king with room to back off gives check.
    assert!(in_check(&pos("8/8/8/4k3/3Q4/8/8/K7 b")));
    assert!(!in_check(&pos("8/8/8/4k3/3Q4/2p5/8/K7 b")));
}

// ---------------------------------------------------------------------------
// Chameleon
// ---------------------------------------------------------------------------

#[test]
fn chameleon_rules_page_diagram_pinces_only_orthogonally() {
    // The rules text claims Bd5 also takes e5, but a2-d5 is diagonal and the
    // rulings restrict pincing to orthogonal moves: a5 (coordinated) and c4
    // (leaped) only.
    assert_eq!(captures("7k/8/8/r3pP2/2n5/8/B7/K7 w", "a2d5"), ["a5", "c4"]);
}

#[test]
fn chameleon_pinces_pincers_only() {
    // B e1-e4 (orthogonal): pinces the pawn d4 (M c4 beyond) but not the
    // knight f4 (N g4 beyond).
    assert_eq!(captures("k7/8/8/8/2Mp1nN1/8/8/4B2K w", "e1e4"), ["d4"]);
    // Diagonal b1-e4: no pincing at all.
    assert_eq!(
        captures("k7/8/8/8/2Mp1nN1/8/8/1B5K w", "b1e4"),
        Vec::<String>::new()
    );
}

#[test]
fn chameleon_withdraws_from_withdrawers_only() {
    assert_eq!(captures("7k/8/8/3Bq3/8/8/8/K7 w", "d5a5"), ["e5"]);
    assert_eq!(captures("7k/8/8/3Bq3/8/8/8/K7 w", "d5c5"), ["e5"]);
    assert_eq!(
        captures("7k/8/8/3Br3/8/8/8/K7 w", "d5c5"),
        Vec::<String>::new()
    );
    assert_eq!(
        captures("7k/8/8/3Bp3/8/8/8/K7 w", "d5b5"),
        Vec::<String>::new()
    );
}

#[test]
fn chameleon_coordinates_coordinators_only() {
    // B c2-c5 with the king on h7: corners c7 (rook: taken) and h5 (pawn: not).
    assert_eq!(captures("8/2r4K/8/7p/8/8/2B5/k7 w", "c2c5"), ["c7"]);
    assert_eq!(captures("8/2q4K/8/7r/8/8/2B5/k7 w", "c2c5"), ["h5"]);
}

#[test]
fn chameleon_leaps_leapers_only() {
    // a1-c3 jumps the knight b2; the pawn d4 ends the line.
    let fen = "7k/8/8/8/3p4/8/1n6/B6K w";
    assert_eq!(captures(fen, "a1c3"), ["b2"]);
    let diag: Vec<String> = moves_from(fen, "a1")
        .into_iter()
        .filter(|m| m.as_bytes()[2] != b'a' && m.as_bytes()[3] != b'1')
        .collect();
    assert_eq!(diag, ["a1c3"]);
    // A pawn cannot be jumped.
    let fen = "7k/8/8/8/8/8/1p6/B6K w";
    assert!(!moves_from(fen, "a1").iter().any(|m| m.ends_with("c3")));
    // Two leapers with gaps: both jumped; leaper then pawn: stop.
    let fen = "7k/8/8/8/3n4/8/1n6/B6K w";
    assert_eq!(captures(fen, "a1e5"), ["b2", "d4"]);
    assert_eq!(captures(fen, "a1c3"), ["b2"]);
    let fen = "7k/8/8/8/3p4/8/1n6/B6K w";
    assert!(!moves_from(fen, "a1").iter().any(|m| m == "a1e5"));
}

#[test]
fn chameleon_combines_captures() {
    // B a4-e4 (orthogonal): leaps the knight c4, pinces the pawn e5 against
    // the N on e6, and coordinates the rook on e1 with its king h1 (corners
    // e1 and h4). (White starts in check from that rook: r e1-d1 would
    // coordinate h1 with the black king h8.)
    let fen = "7k/8/4N3/4p3/B1n5/8/8/4r2K w";
    assert_eq!(captures(fen, "a4e4"), ["c4", "e1", "e5"]);
    // Withdrawing plus leaping: q on c5 behind, leaper on e5 ahead.
    let fen = "7k/8/8/2qBn3/8/8/8/K7 w";
    assert_eq!(captures(fen, "d5f5"), ["c5", "e5"]);
}

#[test]
fn chameleon_never_captures_king_chameleon_immobilizer() {
    // Pincing setup against a chameleon and an immobilizer: nothing.
    let fen = "8/8/8/8/2Nb1mN1/8/8/k3B2K w";
    assert_eq!(captures(fen, "e1e4"), Vec::<String>::new());
    // Nor against the king (it only gives check by standing next to it).
    let fen = "8/8/8/8/1Pk5/8/8/3B3K w";
    assert_eq!(captures(fen, "d1d4"), Vec::<String>::new());
    assert!(in_check(&play(
        &pos(fen),
        &find_move(&pos(fen), "d1d4").unwrap()
    )));
}

#[test]
fn chameleon_adjacent_gives_check_unless_frozen() {
    let p = pos("7k/6B1/8/8/8/8/8/K7 b");
    assert!(in_check(&p));
    // The king may take it.
    assert_eq!(captures("7k/6B1/8/8/8/8/8/K7 b", "h8g7"), ["g7"]);
    // Frozen by the black immobilizer f6 (which it freezes back): no check.
    let p = pos("7k/6B1/5m2/8/8/8/8/K7 b");
    assert!(is_frozen(&p, sq("g7")));
    assert!(is_frozen(&p, sq("f6")));
    assert!(!in_check(&p));
    // A king may not step next to an unfrozen enemy chameleon.
    let fen = "7k/8/5b2/8/8/8/8/K7 b";
    assert!(!is_legal("7k/8/5B2/8/8/8/8/K7 b", "h8g7"));
    assert!(is_legal(fen, "h8g7"));
}

// ---------------------------------------------------------------------------
// Immobilizer and frozen pieces
// ---------------------------------------------------------------------------

#[test]
fn immobilizer_freezes_and_never_captures() {
    let fen = "7k/8/8/3m4/2N5/8/8/K7 w";
    let p = pos(fen);
    assert!(is_frozen(&p, sq("c4")));
    assert!(moves_from(fen, "c4").is_empty());
    // Its own moves capture nothing.
    let p = pos("7k/8/8/3m4/2N5/8/8/K7 b");
    for m in legal_moves(&p).iter().filter(|m| m.from == sq("d5")) {
        assert!(m.captures.is_empty());
    }
    // Own pieces are not frozen.
    assert!(!is_frozen(&pos("7k/8/8/3m4/2n5/8/8/K7 w"), sq("c4")));
}

#[test]
fn neutralised_immobilizer() {
    // The white chameleon e6 touches the black immobilizer d5, so the
    // knight c4 is free. The chameleon itself is frozen (no other white
    // immobilizer or chameleon touches d5) and freezes d5 back: a frozen
    // neutraliser still neutralises.
    let p = pos("7k/8/4B3/3m4/2N5/8/8/K7 w");
    assert!(!is_frozen(&p, sq("c4")));
    assert!(is_frozen(&p, sq("e6")));
    assert!(is_frozen(&p, sq("d5")));
    assert!(!moves_from("7k/8/4B3/3m4/2N5/8/8/K7 w", "c4").is_empty());
    assert!(moves_from("7k/8/4B3/3m4/2N5/8/8/K7 w", "e6").is_empty());
}

#[test]
fn adjacent_immobilizers_freeze_each_other_only() {
    // White M d4, black m d5, white N c4 (touching both).
    let p = pos("7k/8/8/3m4/2NM4/8/8/K7 w");
    assert!(is_frozen(&p, sq("d4")));
    assert!(is_frozen(&p, sq("d5")));
    assert!(!is_frozen(&p, sq("c4")));
    // A black pawn touching the white M is free too.
    let p = pos("7k/8/8/3m4/2NM4/4p3/8/K7 w");
    assert!(!is_frozen(&p, sq("e3")));
}

#[test]
fn immobilizer_and_chameleon_freeze_each_other() {
    let p = pos("7k/8/8/3m4/3B4/8/8/K7 w");
    assert!(is_frozen(&p, sq("d4")));
    assert!(is_frozen(&p, sq("d5")));
    // Two white chameleons on the immobilizer neutralise it for each other;
    // both are free, and the immobilizer is frozen.
    let p = pos("7k/8/8/3m4/3BB3/8/8/K7 w");
    assert!(!is_frozen(&p, sq("d4")));
    assert!(!is_frozen(&p, sq("e4")));
    assert!(is_frozen(&p, sq("d5")));
    // A chameleon's freezing of an immobilizer is never neutralised
    // (interpretation 13): a white B next to the black chameleon does not
    // free the white M.
    let p = pos("7k/8/3B4/4b3/4M3/8/8/K7 w");
    assert!(is_frozen(&p, sq("e4")));
    assert!(is_frozen(&p, sq("e5")));
}

#[test]
fn freezing_does_not_depend_on_scan_order() {
    // White N d4 touches black immobilizers c5 and e3. One is neutralised
    // (a white chameleon touches it), the other is not: frozen either way.
    let a = pos("7k/8/1B6/2m5/3N4/4m3/8/K7 w");
    let b = pos("7k/8/8/2m5/3N4/4m3/5B2/K7 w");
    assert!(is_frozen(&a, sq("d4")));
    assert!(is_frozen(&b, sq("d4")));
    // Both neutralised: free.
    let c = pos("7k/8/1B6/2m5/3N4/4m3/5B2/K7 w");
    assert!(!is_frozen(&c, sq("d4")));
}

#[test]
fn frozen_king_and_frozen_pieces_give_no_check() {
    // The black pawn d7 could go to d5 and pince the king e5 against the
    // rook f5; with the white immobilizer c8 freezing it, no check.
    let checking = pos("7k/3p4/8/4Kr2/8/8/8/8 w");
    assert!(in_check(&checking));
    let frozen = pos("2M4k/3p4/8/4Kr2/8/8/8/8 w");
    assert!(is_frozen(&frozen, sq("d7")));
    assert!(!in_check(&frozen));
    // Frozen king cannot move.
    assert!(moves_from("7k/8/8/8/8/8/1m6/K7 w", "a1").is_empty());
}

// ---------------------------------------------------------------------------
// Legality and outcomes
// ---------------------------------------------------------------------------

#[test]
fn moves_leaving_the_king_attacked_are_illegal() {
    // Kings may not touch (the other king would capture by displacement).
    let fen = "8/8/8/8/8/2k5/8/K7 w";
    assert!(is_legal(fen, "a1a2"));
    assert!(is_legal(fen, "a1b1"));
    assert!(!is_legal(fen, "a1b2"));
    // The black withdrawer b2 touches the white king a1 but cannot back off
    // because the white N c3 blocks it: not check. Moving the N off the
    // diagonal is illegal; taking the withdrawer with the king is fine.
    let fen = "7k/8/8/8/8/2N5/1q6/K7 w";
    assert!(!in_check(&pos(fen)));
    assert!(!is_legal(fen, "c3c4"));
    assert!(!is_legal(fen, "c3d4"));
    assert!(is_legal(fen, "a1b2"));
}

#[test]
fn checkmate_and_stalemate() {
    // Frozen lone king, not attacked: stalemate.
    let p = pos("7k/8/8/8/8/8/1m6/K7 w");
    assert_eq!(outcome(&p), Some(Outcome::Stalemate));
    // Frozen lone king next to a black chameleon: checkmate.
    let p = pos("7k/8/8/8/8/8/bm6/K7 w");
    assert!(in_check(&p));
    assert_eq!(outcome(&p), Some(Outcome::Checkmate));
    assert_eq!(outcome(&Position::start()), None);
}

/// Random games from the start (fixed seed): at every node the position
/// string round-trips, from/to identify each move, no king is ever captured,
/// the mover's king is never left attacked, and a game only stops at
/// checkmate or stalemate.
#[test]
fn random_games_keep_the_invariants() {
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for _game in 0..12 {
        let mut p = Position::start();
        for _ply in 0..160 {
            assert_eq!(Position::parse(&p.to_string()).as_ref(), Ok(&p));
            check_tree(&p, 1);
            let moves = legal_moves(&p);
            if moves.is_empty() {
                assert!(outcome(&p).is_some());
                break;
            }
            // Prefer captures half of the time so games thin out.
            let captures: Vec<&Move> = moves.iter().filter(|m| !m.captures.is_empty()).collect();
            let m = if !captures.is_empty() && next() % 2 == 0 {
                captures[(next() % captures.len() as u64) as usize]
            } else {
                &moves[(next() % moves.len() as u64) as usize]
            };
            let q = play(&p, m);
            assert!(!is_attacked(&q, p.side));
            p = q;
        }
    }
}
