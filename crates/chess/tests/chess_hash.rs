//! The incremental Zobrist key equals the recomputed one, FEN round-trips and
//! move text round-trips, over random playouts.

use augur_chess::Position;
use augur_core::Game;
use augur_suite::check_random_playouts;

#[test]
fn random_playouts_from_the_start_keep_the_hash_exact() {
    let checked = check_random_playouts(&Position::startpos(), 400, 250, 0xC4E55);
    assert!(checked > 20_000, "only {checked} positions");
}

#[test]
fn random_playouts_from_tactical_positions_keep_the_hash_exact() {
    for fen in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    ] {
        let start = Position::from_fen(fen).expect("valid FEN");
        check_random_playouts(&start, 100, 200, 7);
    }
}

/// The moves quiescence searches are exactly the legal captures (en
/// passant included) and promotions, and the quiet list a staged search
/// generates after them is exactly the other legal moves, on positions of
/// random games.
#[test]
fn noisy_and_quiet_moves_split_the_legal_moves() {
    use augur_chess::MoveKind;
    use augur_core::MoveList;
    use rand::prelude::*;
    let mut rng = StdRng::seed_from_u64(0x0015_C0DE);
    let mut checked = 0;
    for _ in 0..200 {
        let mut position = Position::startpos();
        for _ in 0..150 {
            let mut legal = MoveList::new();
            position.generate(&mut legal);
            let mut noisy = MoveList::new();
            position.generate_noisy(&mut noisy);
            let mut expected: Vec<_> = legal
                .iter()
                .copied()
                .filter(|mv| {
                    let castles = mv.kind() == MoveKind::Castling;
                    let takes = !castles && position.piece_at(mv.to()).is_some();
                    takes || mv.kind() == MoveKind::EnPassant || mv.promotion_role().is_some()
                })
                .collect();
            let mut found: Vec<_> = noisy.iter().copied().collect();
            expected.sort_by_key(|mv| mv.bits());
            found.sort_by_key(|mv| mv.bits());
            assert_eq!(found, expected, "{}", position.fen());
            let mut quiet = MoveList::new();
            assert!(position.generate_quiet_pseudo(&mut quiet));
            let mut rest: Vec<_> = legal
                .iter()
                .copied()
                .filter(|mv| !expected.contains(mv))
                .collect();
            let mut found: Vec<_> = quiet.iter().copied().collect();
            rest.sort_by_key(|mv| mv.bits());
            found.sort_by_key(|mv| mv.bits());
            assert_eq!(found, rest, "quiet moves of {}", position.fen());
            if checked % 64 == 0 {
                // The suite's generic checks of the search's generators.
                let legal: Vec<_> = legal.iter().copied().collect();
                augur_suite::check_search_generators(&position, &legal);
            }
            checked += 1;
            let Some(&mv) = legal.choose(&mut rng) else {
                break;
            };
            position = position.play(mv);
        }
    }
    assert!(checked > 10_000, "only {checked} positions");
}

/// A table's move is recognised without generating exactly when it is one
/// of the legal moves: every 16-bit code is tried on positions of random
/// games (promotions, en passant and castling among them).
#[test]
fn a_table_move_is_found_exactly_when_it_is_legal() {
    use augur_core::MoveList;
    use rand::prelude::*;
    use std::collections::HashSet;
    let mut rng = StdRng::seed_from_u64(0x7AB1E);
    let mut checked = 0;
    for fen in [
        augur_chess::STARTING_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    ] {
        for _ in 0..4 {
            let mut position = Position::from_fen(fen).expect("valid FEN");
            for ply in 0..60 {
                let mut legal = MoveList::new();
                position.generate(&mut legal);
                if ply % 6 == 0 {
                    let codes: HashSet<u32> =
                        legal.iter().map(|&mv| Position::encode_move(mv)).collect();
                    for code in 0..=u32::from(u16::MAX) {
                        let found = position.pseudo_move(code);
                        assert_eq!(
                            found.is_some(),
                            codes.contains(&code),
                            "{code} in {}",
                            position.fen()
                        );
                        if let Some(mv) = found {
                            assert_eq!(Position::encode_move(mv), code);
                        }
                    }
                    assert_eq!(position.pseudo_move(1 << 16), None);
                    checked += 1;
                }
                let Some(&mv) = legal.choose(&mut rng) else {
                    break;
                };
                position = position.play(mv);
            }
        }
    }
    assert!(checked > 150, "only {checked} positions");
}

/// The guess of a child's key that the search prefetches with is the
/// child's key for every ordinary move or capture that leaves castling
/// rights alone and gives no en passant chance, and so for most moves.
#[test]
fn the_key_guess_before_a_move_is_the_childs_key_for_ordinary_moves() {
    use augur_chess::MoveKind;
    use augur_core::MoveList;
    use rand::prelude::*;
    let mut rng = StdRng::seed_from_u64(0x9E55);
    let (mut moves, mut right) = (0usize, 0usize);
    for _ in 0..100 {
        let mut position = Position::startpos();
        for _ in 0..120 {
            let mut legal = MoveList::new();
            position.generate(&mut legal);
            let fen = position.fen();
            let fields: Vec<&str> = fen.split(' ').collect();
            for &mv in legal.iter() {
                let child = position.play(mv);
                let guess = position.key_after_hint(mv);
                moves += 1;
                right += usize::from(guess == Some(child.hash()));
                let child_fen = child.fen();
                let child_fields: Vec<&str> = child_fen.split(' ').collect();
                if mv.kind() == MoveKind::Normal
                    && child_fields[2] == fields[2]
                    && child_fields[3] == "-"
                {
                    assert_eq!(guess, Some(child.hash()), "{fen}: {mv:?}");
                }
            }
            let Some(&mv) = legal.choose(&mut rng) else {
                break;
            };
            position = position.play(mv);
        }
    }
    assert!(right * 10 > moves * 9, "{right} right guesses of {moves}");
}
