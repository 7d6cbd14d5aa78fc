//! FEN reading and writing: canonical round-trips and every rejection case.

use augur_chess::{Color, FenError, Position, STARTING_FEN};
use augur_core::Game;
use augur_core::Square;

fn sq(s: &str) -> Square {
    Square::parse(s).expect("square")
}

#[test]
fn canonical_fens_round_trip() {
    for fen in [
        STARTING_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "rnbqkb1r/pppppppp/5n2/8/3P4/8/PPP1PPPP/RNBQKBNR w Kq - 17 42",
        "4k3/8/8/8/8/8/8/4K2R b K - 99 200",
    ] {
        let position = Position::from_fen_detailed(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(position.fen(), fen);
    }
}

#[test]
fn short_fens_get_default_clocks_and_extra_spaces_are_ignored() {
    let p =
        Position::from_fen_detailed("  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR   w KQkq -  ")
            .expect("4 fields");
    assert_eq!(p.fen(), STARTING_FEN);
    let p = Position::from_fen_detailed("4k3/8/8/8/8/8/8/4K3 w - - 5").expect("5 fields");
    assert_eq!(p.fen(), "4k3/8/8/8/8/8/8/4K3 w - - 5 1");
}

#[test]
fn en_passant_square_is_kept_only_when_the_capture_is_legal() {
    // No black pawn can take on e3: the square is dropped.
    let p =
        Position::from_fen_detailed("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
            .expect("valid");
    assert_eq!(p.en_passant_square(), None);
    assert!(p.fen().contains(" b KQkq - "));
    // A capture exists: kept.
    let p = Position::from_fen_detailed("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1").expect("valid");
    assert_eq!(p.en_passant_square(), Some(sq("e3")));
    // The capturing pawn is pinned along the rank (the rank-pin case): dropped.
    let p = Position::from_fen_detailed("8/8/8/8/k2pP2Q/8/8/4K3 b - e3 0 1").expect("valid");
    assert_eq!(p.en_passant_square(), None);
    // Same position, different en passant text, same key when the capture is impossible.
    let a =
        Position::from_fen_detailed("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
            .expect("valid");
    let b =
        Position::from_fen_detailed("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
            .expect("valid");
    assert_eq!(a.zobrist(), b.zobrist());
}

fn rejects(fen: &str, expected: FenError) {
    match Position::from_fen_detailed(fen) {
        Ok(p) => panic!("accepted {fen:?} as {}", p.fen()),
        Err(e) => {
            assert_eq!(e, expected, "{fen:?}");
            assert!(!e.to_string().is_empty());
        }
    }
}

#[test]
fn every_rejection_has_its_reason() {
    let k = "4k3/8/8/8/8/8/8/4K3";
    rejects("", FenError::FieldCount(0));
    rejects("4k3/8/8/8/8/8/8/4K3 w -", FenError::FieldCount(3));
    rejects(
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra",
        FenError::FieldCount(7),
    );
    rejects("4k3/8/8/8/8/8/4K3 w - - 0 1", FenError::RankCount(7));
    rejects("4k3/8/8/8/8/8/8/8/4K3 w - - 0 1", FenError::RankCount(9));
    rejects("4k3/8/8/8/8/8/8/4K2 w - - 0 1", FenError::RankLength(1));
    rejects("4k4/8/8/8/8/8/8/4K3 w - - 0 1", FenError::RankLength(8));
    rejects("4k3/8/8/8/8/8/8/4K3R w - - 0 1", FenError::RankLength(1));
    rejects(
        "4k3/8/8/8/8/8/8/4X3 w - - 0 1",
        FenError::BoardCharacter('X'),
    );
    rejects(
        "4k3/8/8/8/8/8/8/4K0 w - - 0 1",
        FenError::BoardCharacter('0'),
    );
    rejects(
        "4k3/8/8/8/8/8/8/4K9 w - - 0 1",
        FenError::BoardCharacter('9'),
    );
    rejects("4k3/8/8/8/8/8/8/K43 w - - 0 1", FenError::AdjacentDigits(1));
    rejects(
        "8/8/8/8/8/8/8/4K3 w - - 0 1",
        FenError::KingCount(Color::Black, 0),
    );
    rejects(
        "4k3/8/8/8/8/8/8/4KK2 w - - 0 1",
        FenError::KingCount(Color::White, 2),
    );
    rejects(
        "4k3/8/8/8/8/N7/PPPPPPPP/RNBQKBNR w - - 0 1",
        FenError::TooManyPieces(Color::White),
    );
    rejects(
        "4k3/8/8/8/8/8/8/P3K3 w - - 0 1",
        FenError::PawnOnBackRank(sq("a1")),
    );
    rejects(
        "4k3/8/8/8/8/8/PPPPPPPP/P3K3 w - - 0 1",
        FenError::TooManyPawns(Color::White),
    );
    rejects(
        "3pk3/8/8/8/8/8/8/4K3 w - - 0 1",
        FenError::PawnOnBackRank(sq("d8")),
    );
    rejects(&format!("{k} x - - 0 1"), FenError::SideToMove("x".into()));
    rejects(&format!("{k} W - - 0 1"), FenError::SideToMove("W".into()));
    rejects(
        &format!("{k} w KX - 0 1"),
        FenError::CastlingField("KX".into()),
    );
    rejects(
        "r3k2r/8/8/8/8/8/8/R3K2R w KK - 0 1",
        FenError::CastlingField("KK".into()),
    );
    rejects(
        &format!("{k} w - e9 0 1"),
        FenError::EnPassantField("e9".into()),
    );
    rejects(
        &format!("{k} w - 33 0 1"),
        FenError::EnPassantField("33".into()),
    );
    rejects(
        &format!("{k} w - e6 0 1"),
        FenError::EnPassantImpossible(sq("e6")),
    );
    rejects(
        "4k3/8/8/4p3/8/8/8/4K3 w - e3 0 1",
        FenError::EnPassantImpossible(sq("e3")),
    );
    rejects(
        "4k3/4p3/8/4p3/8/8/8/4K3 w - e6 0 1",
        FenError::EnPassantImpossible(sq("e6")),
    );
    rejects(
        &format!("{k} w - - -1 1"),
        FenError::HalfmoveClock("-1".into()),
    );
    rejects(
        &format!("{k} w - - x 1"),
        FenError::HalfmoveClock("x".into()),
    );
    rejects(
        &format!("{k} w - - 70000 1"),
        FenError::HalfmoveClock("70000".into()),
    );
    rejects(
        &format!("{k} w - - 0 0"),
        FenError::FullmoveNumber("0".into()),
    );
    rejects(
        &format!("{k} w - - 0 1.5"),
        FenError::FullmoveNumber("1.5".into()),
    );
    rejects("4k3/8/8/8/8/8/8/r3K3 b - - 0 1", FenError::OpponentInCheck);
    rejects("8/8/8/8/8/8/8/3Kk3 w - - 0 1", FenError::OpponentInCheck);
    rejects(
        "4k3/8/5N2/1B6/8/8/8/4R1K1 b - - 0 1",
        FenError::TooManyCheckers(3),
    );
}

#[test]
fn hostile_input_is_rejected_without_panicking() {
    for fen in [
        "/",
        "////////",
        "8/8/8/8/8/8/8/8/",
        "k7/8/8/8/8/8/8/7K w - - 99999999999999999999 1",
        "ééééé w - - 0 1",
        "\u{0}",
        "K k w - -",
        "88888888/8/8/8/8/8/8/8 w - - 0 1",
    ] {
        assert!(Position::from_fen_detailed(fen).is_err(), "{fen:?}");
    }
}

#[test]
fn castling_rights_the_position_cannot_have_are_dropped_with_a_warning() {
    for (given, kept, dropped) in [
        ("4k3/8/8/8/8/8/8/4K3 w K - 0 1", "-", vec!['K']),
        ("r3k2r/8/8/8/8/8/8/R2K3R w Qkq - 0 1", "kq", vec!['Q']),
        ("r3k1r1/8/8/8/8/8/8/R3K2R w KQk - 0 1", "KQ", vec!['k']),
        ("r3k2r/8/8/8/8/8/8/R3K1R1 w KQkq - 0 1", "Qkq", vec!['K']),
    ] {
        let (position, warnings) = Position::from_fen_with_warnings(given).expect("accepted");
        assert_eq!(position.fen().split(' ').nth(2), Some(kept), "{given}");
        assert_eq!(warnings.len(), dropped.len(), "{given}: {warnings:?}");
        for (warning, right) in warnings.iter().zip(dropped) {
            assert!(warning.contains(&format!("'{right}'")), "{warning}");
        }
        assert_eq!(position.hash(), position.recompute_hash());
    }
    let (_, none) = Position::from_fen_with_warnings(STARTING_FEN).expect("start");
    assert!(none.is_empty());
}
