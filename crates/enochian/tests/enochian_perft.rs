//! Enochian chess perft against `tests/perft/enochian.perft` (the rules page's
//! reference counts, and positions counted by the slow reference
//! generator), and random playouts keeping the hash, position string and
//! move text exact, in normal and divination games.

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
