//! Ultima perft against `tests/perft/ultima.perft` (the rules page's reference
//! counts), and random playouts keeping the hash and position string exact.

use augur_core::Game;
use augur_suite::{check_perft_file, check_random_playouts, repo_root};
use augur_ultima::Position;

#[test]
fn ultima_perft_within_budget() {
    let checked = check_perft_file::<Position>(
        &repo_root().join("tests/perft/ultima.perft"),
        Some(2_000_000),
    );
    assert!(checked >= 28, "only {checked} counts");
}

#[test]
#[ignore = "perft 5 from the start: run with --ignored"]
fn ultima_perft_full() {
    check_perft_file::<Position>(&repo_root().join("tests/perft/ultima.perft"), None);
}

#[test]
fn ultima_random_playouts_keep_the_hash_exact() {
    let checked = check_random_playouts(&Position::startpos(), 60, 200, 11);
    assert!(checked > 5_000, "{checked}");
}
