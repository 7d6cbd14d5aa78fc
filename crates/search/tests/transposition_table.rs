//! Mate scores and the transposition table. A mate score is stored relative
//! to the node that found it and read back relative to the root at
//! whatever ply the position is met again; the conversion must give the
//! same distance to mate from any ply, and fit the table's 16 bits. Then,
//! end to end: an engine whose table is full of a mate search finds the
//! exact distance to mate after any defence (the same positions now two
//! plies nearer the root), and the other way round.
//!
//! (That a table move is played only when it is legal is checked by a unit
//! test inside the crate, which can write corrupt entries into the table.)

mod common;

use augur_core::Evaluate;
use augur_search::score::{MATE, MAX_PLY, TB_WIN, TB_WIN_BOUND, from_table, to_table};
use common::{depth, fastest_win, moves, position, run, win_score};

#[test]
fn mate_scores_round_trip_through_the_table_at_any_ply() {
    let max = MAX_PLY as i32;
    for stored_at in 0..max {
        for distance in 0..max - stored_at {
            // Mate `distance` plies below a node `stored_at` plies deep.
            for sign in [1, -1] {
                let score = sign * (MATE - stored_at - distance);
                let in_table = to_table(score, stored_at as usize);
                assert_eq!(in_table, sign * (MATE - distance), "{stored_at} {distance}");
                assert!(i16::try_from(in_table).is_ok());
                for read_at in 0..max - distance {
                    assert_eq!(
                        from_table(in_table, read_at as usize),
                        sign * (MATE - read_at - distance),
                        "stored at {stored_at}, read at {read_at}, {distance} plies"
                    );
                }
            }
        }
    }
    for score in [0, 1, -1, 250, -3000, TB_WIN_BOUND - 1, -(TB_WIN_BOUND - 1)] {
        for ply in [0, 1, 7, MAX_PLY - 1] {
            assert_eq!(to_table(score, ply), score);
            assert_eq!(from_table(score, ply), score);
        }
    }
    // Tablebase wins (just below the mates) are kept relative to the node
    // as mates are, and never become mate scores on the way.
    for stored_at in 0..max {
        for read_at in 0..max - stored_at {
            for sign in [1, -1] {
                let score = sign * (TB_WIN - stored_at);
                let back = from_table(to_table(score, stored_at as usize), read_at as usize);
                assert_eq!(back, sign * (TB_WIN - read_at), "{stored_at} {read_at}");
            }
        }
    }
}

/// Searches `text` (a win in `plies`), then, with the same engine and its
/// table, every position after the winning move and any reply; then the
/// same positions with a fresh engine first and the root after them.
fn mate_distances_survive_a_warm_table<G: Evaluate>(text: &str, plies: u32) {
    let root: G = position(text);
    let team = root.team();
    let mut warm = common::engine::<G>(16, 1);
    let (result, _) = run(&mut warm, &root, &depth(12));
    assert_eq!(result.score, win_score(plies), "{text}");
    let after = root.play(result.best_move.expect("a move"));
    let mut later = Vec::new();
    for reply in moves(&after) {
        let position = after.play(reply);
        if position.outcome().is_some() || position.team() != team {
            continue;
        }
        let left = fastest_win(&position, plies - 2).expect("still won");
        let (again, infos) = run(&mut warm, &position, &depth(12));
        assert_eq!(
            again.score,
            win_score(left),
            "{} after {}: {infos:?}",
            position.fen(),
            after.move_text(reply)
        );
        later.push(position);
    }
    assert!(!later.is_empty(), "{text}");
    let mut cold_first = common::engine::<G>(16, 1);
    for position in &later {
        run(&mut cold_first, position, &depth(12));
    }
    let (result, _) = run(&mut cold_first, &root, &depth(12));
    assert_eq!(result.score, win_score(plies), "{text} searched last");
}

#[test]
fn chess_mate_distances_survive_a_warm_table() {
    mate_distances_survive_a_warm_table::<augur_chess::Position>(
        "kB6/6PR/8/2N5/7K/8/1r4pp/8 w - - 0 1",
        5,
    );
}

#[test]
fn ultima_mate_distances_survive_a_warm_table() {
    mate_distances_survive_a_warm_table::<augur_ultima::Position>(
        "1Q2p3/k7/3K4/8/3p2P1/2R5/8/8 w 0",
        5,
    );
}

#[test]
fn oracle_mate_distances_survive_a_warm_table() {
    mate_distances_survive_a_warm_table::<augur_oracle::Position>(
        "3L1ls1/3E2s1/8/8/3C1H()2/8/8/8 - - w 0 1",
        5,
    );
}

#[test]
fn enochian_win_distances_survive_a_warm_table() {
    mate_distances_survive_a_warm_table::<augur_enochian::Position>(
        "1rRkBkK4/rK7/6bRyB/8/8/2bNrPN4/8/5bK2 b d y - -",
        5,
    );
}
