//! Oracle chess perft against `tests/perft/oracle.perft` (the rules page's
//! reference counts and positions cross-checked with the slow generator),
//! and random playouts keeping the hash, position string and move text exact.

use augur_core::Game;
use augur_oracle::Position;
use augur_suite::{check_perft_file, check_random_playouts, repo_root};

#[test]
fn oracle_perft_within_budget() {
    let checked = check_perft_file::<Position>(
        &repo_root().join("tests/perft/oracle.perft"),
        Some(2_000_000),
    );
    assert!(checked >= 40, "only {checked} counts");
}

#[test]
#[ignore = "every count, perft 5 from the start included: run with --ignored"]
fn oracle_perft_full() {
    check_perft_file::<Position>(&repo_root().join("tests/perft/oracle.perft"), None);
}

#[test]
fn oracle_random_playouts_keep_the_hash_exact() {
    let checked = check_random_playouts(&Position::startpos(), 60, 300, 6);
    assert!(checked > 10_000, "{checked}");
}
