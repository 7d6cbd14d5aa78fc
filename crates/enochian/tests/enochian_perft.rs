//! Enochian chess perft against `tests/perft/enochian.perft` (the rules page's
//! reference counts, and positions counted by the slow reference
//! generator), and random playouts keeping the hash, position string and
//! move text exact, in normal and divination games; positions differing in
//! one state field only have distinct keys; the evaluation's cache key
//! ignores the die and nothing else, and the evaluation never reads it.

use augur_core::{Evaluate, Game, MoveList};
use augur_enochian::Position;
use augur_suite::{check_perft_file, check_random_playouts, repo_root};
use rand::prelude::*;

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

/// The start array in divination mode, the first roll still to come.
fn divination_start() -> Position {
    let text = format!(
        "{} ?",
        augur_enochian::START.strip_suffix(" -").unwrap_or_default()
    );
    Position::from_fen(&text).expect("divination start")
}

#[test]
fn enochian_divination_playouts_keep_the_hash_exact() {
    let start = divination_start();
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

/// The searcher caches evaluations under `evaluation_key`, which maps every
/// die state of a divination position to one key: that is right only if
/// the evaluation never reads the die. Over random divination games, every
/// roll of a pending position evaluates the same and shares its key, while
/// positions differing in anything but the die keep different keys, and a
/// game without dice uses its own key.
#[test]
fn the_evaluation_key_ignores_the_die_and_nothing_else() {
    let start = divination_start();
    let mut rng = StdRng::seed_from_u64(0xE7A1_0001);
    let mut pending_seen = 0;
    let mut keys = std::collections::HashMap::new();
    for _ in 0..40 {
        let mut position = start.clone();
        for _ in 0..120 {
            if position.is_decided() {
                break;
            }
            if position.chance_outcomes() > 0 {
                pending_seen += 1;
                let (key, value) = (position.evaluation_key(), position.evaluate());
                for face in 0..position.chance_outcomes() {
                    let rolled = position.resolve_chance(face);
                    assert_ne!(rolled.hash(), position.hash());
                    assert_eq!(rolled.evaluation_key(), key, "{}", rolled.fen());
                    assert_eq!(rolled.evaluate(), value, "{}", rolled.fen());
                }
                // The board and state without the die decide the key.
                let text = position.fen();
                let fields: Vec<&str> = text.split(' ').collect();
                let without_die = fields[..fields.len() - 1].join(" ");
                let earlier = keys.entry(key).or_insert_with(|| without_die.clone());
                assert_eq!(
                    *earlier, without_die,
                    "two positions share an evaluation key"
                );
                position = position.resolve_chance(rng.random_range(0..6));
            }
            let mut moves = MoveList::new();
            position.generate(&mut moves);
            if moves.is_empty() {
                break;
            }
            position = position.play(moves[rng.random_range(0..moves.len())]);
        }
    }
    assert!(pending_seen > 2_000, "{pending_seen}");
    let normal = Position::startpos();
    assert_eq!(normal.evaluation_key(), normal.hash());
}
