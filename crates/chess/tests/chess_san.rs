//! SAN against an independent writer: python-chess (`tools/san_reference.py`)
//! plays seeded random games and writes, per position, its FEN and the SAN of
//! every legal move. Augur must write the same SAN for every move and read
//! each SAN (also without its check mark, with an annotation, and with `=`
//! dropped from promotions) back to the same move.

use augur_chess::{Move, Position};
use augur_core::Game;
use augur_core::MoveList;
use augur_suite::python_reference;
use std::collections::HashMap;

fn reference_lines(count: usize, seed: u64) -> String {
    python_reference("san_reference.py", count, seed)
}

/// Checks one `FEN|uci san uci san ...` line; returns the moves compared.
fn compare_line(line: &str) -> usize {
    let (fen, pairs) = line
        .split_once('|')
        .unwrap_or_else(|| panic!("malformed reference line: {line}"));
    let position = Position::from_fen(fen).unwrap_or_else(|e| panic!("rejected {fen}: {e}"));
    let mut list = MoveList::new();
    position.generate(&mut list);
    let ours: HashMap<String, Move> = list.iter().map(|&m| (m.to_string(), m)).collect();

    let tokens: Vec<&str> = pairs.split_whitespace().collect();
    let pairs = tokens.chunks_exact(2);
    assert!(pairs.remainder().is_empty(), "odd move/SAN list at {fen}");
    assert_eq!(
        tokens.len() / 2,
        ours.len(),
        "legal move count differs at {fen}"
    );
    for pair in pairs {
        let (uci, san) = (pair[0], pair[1]);
        let mv = *ours
            .get(uci)
            .unwrap_or_else(|| panic!("{uci} is not legal for Augur at {fen}"));
        assert_eq!(position.san(mv), san, "SAN of {uci} differs at {fen}");
        assert_eq!(position.parse_san(san), Some(mv), "reading {san} at {fen}");

        let bare = san.trim_end_matches(['+', '#']);
        assert_eq!(
            position.parse_san(bare),
            Some(mv),
            "reading {bare} at {fen}"
        );
        let annotated = format!("{san}!?");
        assert_eq!(
            position.parse_san(&annotated),
            Some(mv),
            "reading {annotated} at {fen}"
        );
        if bare.contains('=') {
            let compact = bare.replace('=', "");
            assert_eq!(
                position.parse_san(&compact),
                Some(mv),
                "reading {compact} at {fen}"
            );
        }
        if let Some(zeros) = bare.starts_with("O-O").then(|| bare.replace('O', "0")) {
            assert_eq!(
                position.parse_san(&zeros),
                Some(mv),
                "reading {zeros} at {fen}"
            );
        }
    }
    ours.len()
}

#[test]
fn san_matches_python_chess_on_random_game_positions() {
    let (mut positions, mut moves) = (0, 0);
    for seed in [1, 2, 3] {
        for line in reference_lines(1_500, seed).lines() {
            moves += compare_line(line);
            positions += 1;
        }
    }
    assert!(positions >= 4_500, "only {positions} positions compared");
    assert!(moves >= 50_000, "only {moves} moves compared");
}
