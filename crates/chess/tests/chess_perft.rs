//! Perft of standard chess against `tests/perft/chess.perft` (the Chess
//! Programming Wiki positions and the classic ~126-position suite).

use augur_chess::Position;
use augur_suite::{check_perft_file, repo_root};

fn perft_file() -> std::path::PathBuf {
    repo_root().join("tests/perft/chess.perft")
}

/// Every count up to a node budget CI can afford.
#[test]
fn chess_perft_suite_within_budget() {
    let checked = check_perft_file::<Position>(&perft_file(), Some(20_000_000));
    assert!(checked > 300, "only {checked} counts checked");
}

/// Every count up to ten billion nodes (a few minutes).
#[test]
#[ignore = "deep perft: run with --ignored"]
fn chess_perft_suite_full() {
    let checked = check_perft_file::<Position>(&perft_file(), Some(10_000_000_000));
    assert!(checked > 700, "only {checked} counts checked");
}
