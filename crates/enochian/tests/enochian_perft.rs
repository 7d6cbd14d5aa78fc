//! Enochian chess perft against `tests/perft/enochian.perft` (the rules page's
//! reference counts, and positions counted by the slow reference
//! generator), and random playouts keeping the hash, position string and
//! move text exact, in normal and divination games; positions differing in
//! one state field only have distinct keys.

use augur_core::Game;
use augur_enochian::Position;
use augur_suite::{check_perft_file, check_random_playouts, repo_root};

#[test]
fn enochian_perft_within_budget() {
    let checked = check_perft_file::<Position>(
        &repo_root().join("tests/perft/enochian.perft"),
        Some(2_000_000),
    );
    assert!(checked >= 10, "only {checked} counts");
}

#[test]
#[ignore = "every count: run with --ignored"]
fn enochian_perft_full() {
    check_perft_file::<Position>(&repo_root().join("tests/perft/enochian.perft"), None);
}

#[test]
fn enochian_random_playouts_keep_the_hash_exact() {
    let checked = check_random_playouts(&Position::startpos(), 60, 400, 7);
    assert!(checked > 10_000, "{checked}");
}

#[test]
fn enochian_divination_playouts_keep_the_hash_exact() {
    let text = format!(
        "{} ?",
        augur_enochian::START.strip_suffix(" -").unwrap_or_default()
    );
    let start = Position::from_fen(&text).expect("divination start");
    assert_eq!(start.chance_outcomes(), 6);
    let checked = check_random_playouts(&start, 60, 400, 8);
    assert!(checked > 10_000, "{checked}");
}

/// The key tells apart positions that differ in one field only: the die
/// (off, pending, each roll), the direction of play, a pawn's type, and a
/// frozen or controlled army; each is also the key computed from scratch.
#[test]
fn the_key_tells_every_state_field_apart() {
    let board = "yKQyByRyN2bPQbKQ/yPQyPByPRyPN2bPBbB/6bPRbR/6bPNbN/kNkPN6/kRkPR6/kBkPB2rPNrPRrPBrPQ/kKQkPQ2rNrRrBrKQ";
    let mut texts: Vec<String> = ["-", "?", "1", "2", "3", "4", "5", "6"]
        .iter()
        .map(|die| format!("{board} b d - - {die}"))
        .collect();
    texts.push(format!("{board} b w - - -"));
    // The Blue pawn on g7 (a Bishop's pawn) as another pawn or a piece.
    for token in ["bPR", "bPQ", "bPN", "bB", "bR", "bQ", "bN"] {
        texts.push(format!(
            "{} b d - - -",
            board.replace("2bPBbB/", &format!("2{token}bB/"))
        ));
    }
    // Red has no King: frozen, or commanded by Yellow's King.
    let kingless_red = "yK7/8/8/4bK3/8/6bN1/8/kK2rR4";
    texts.push(format!("{kingless_red} b d r - -"));
    texts.push(format!("{kingless_red} b d - yr -"));
    let mut keys = Vec::new();
    for text in &texts {
        let position = Position::from_fen(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(position.hash(), position.recompute_hash(), "{text}");
        keys.push(position.hash());
    }
    for (i, a) in keys.iter().enumerate() {
        for (j, b) in keys.iter().enumerate().skip(i + 1) {
            assert_ne!(a, b, "{} and {} share a key", texts[i], texts[j]);
        }
    }
}
