//! The searcher's node signature: each game's `BENCH_POSITIONS` searched to
//! depth 6 on one thread with a cleared 16 MB table, exactly as `augur bench
//! --depth 6` does, must visit the pinned number of nodes (and so must the
//! default bench depth, and the same positions searched in a row without
//! clearing, as in a game). Every pruning
//! margin, reduction, extension, ordering heuristic and evaluation term
//! changes that count, so a change to what the engine plays that no
//! behaviour test can state (a mutated reduction formula, say) fails here,
//! in the search crate's own tests. A change made on purpose updates these
//! numbers together with the ones in `crates/cli/tests/cli_commands.rs`
//! (see `docs/testing.md`).

mod common;

use augur_core::Evaluate;
use augur_search::{Limits, SearchControl};

/// Total nodes of a depth-`depth` search of each of `G`'s bench positions,
/// from a cleared engine each (`fresh`, as `bench` does) or one after the
/// other as in a game, each search inheriting the table and the history
/// of the ones before.
fn searched<G: Evaluate>(depth: u32, fresh: bool) -> u64 {
    let mut engine = common::engine::<G>(16, 1);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    G::BENCH_POSITIONS
        .iter()
        .map(|text| {
            let position = G::from_fen(text).unwrap_or_else(|e| panic!("{text}: {e}"));
            if fresh {
                engine.clear();
            }
            let control = SearchControl::new(false);
            engine
                .search(&position, &[], &limits, &control, &mut |_| {})
                .nodes
        })
        .sum()
}

/// Total nodes of a depth-`depth` search of each of `G`'s bench positions
/// from a cleared engine, as `bench` does.
fn signature<G: Evaluate>(depth: u32) -> u64 {
    searched::<G>(depth, true)
}

#[test]
fn chess_signature_is_pinned() {
    assert_eq!(signature::<augur_chess::Position>(6), 35_444);
}

#[test]
fn ultima_signature_is_pinned() {
    assert_eq!(signature::<augur_ultima::Position>(6), 61_559);
}

#[test]
fn oracle_signature_is_pinned() {
    assert_eq!(signature::<augur_oracle::Position>(6), 89_388);
}

#[test]
fn enochian_signature_is_pinned() {
    assert_eq!(signature::<augur_enochian::Position>(6), 5_966);
}

/// The default `augur bench` (each game's `BENCH_DEPTH`) reaches depths
/// where the null move's depth-dependent reduction and the deeper
/// reductions matter; at depth 6 a null-move search always drops straight
/// into quiescence, so its formula leaves the depth-6 signature alone.
#[test]
fn default_bench_signatures_are_pinned() {
    fn at_bench_depth<G: Evaluate>() -> u64 {
        signature::<G>(G::BENCH_DEPTH)
    }
    assert_eq!(at_bench_depth::<augur_chess::Position>(), 569_675);
    assert_eq!(at_bench_depth::<augur_ultima::Position>(), 61_559);
    assert_eq!(at_bench_depth::<augur_oracle::Position>(), 470_631);
    assert_eq!(at_bench_depth::<augur_enochian::Position>(), 246_845);
}

/// Searches in a row, as in a game: what one search leaves to the next
/// (the history and its saturation, the table's ageing, killers forgotten
/// between searches) changes the count.
#[test]
fn searches_in_a_row_are_pinned() {
    fn in_a_row<G: Evaluate>() -> u64 {
        searched::<G>(G::BENCH_DEPTH, false)
    }
    assert_eq!(in_a_row::<augur_chess::Position>(), 705_199);
    assert_eq!(in_a_row::<augur_ultima::Position>(), 72_893);
    assert_eq!(in_a_row::<augur_oracle::Position>(), 510_459);
    assert_eq!(in_a_row::<augur_enochian::Position>(), 252_857);
}

/// Nodes of one depth-`depth` search of `text` with `multipv` lines, on
/// one thread with a fresh 16 MB table.
fn nodes_of<G: Evaluate>(text: &str, depth: u32, multipv: usize) -> u64 {
    let root = G::from_fen(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let mut engine = common::engine::<G>(16, 1);
    engine.settings_mut().multipv = multipv;
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let control = SearchControl::new(false);
    engine
        .search(&root, &[], &limits, &control, &mut |_| {})
        .nodes
}

/// Check extensions stop at twice the iteration's depth: in this queen
/// ending a depth 5 search meets checks on many plies in a row, so a limit
/// of one fewer changes the count (3,133). A limit of one more changes
/// it by two nodes (7,938): lines of checks that pass twice the depth
/// are rare, so a looser limit is nearly the same search.
#[test]
fn the_check_extension_limit_is_pinned() {
    let text = "4k3/8/4K3/8/8/8/Q7/7q w - - 0 1";
    assert_eq!(nodes_of::<augur_chess::Position>(text, 5, 1), 2_639);
}

/// MultiPV: each line after the first is searched with the earlier best
/// moves excluded at the root (and the root's table entry left alone
/// then), so how the table is used across lines shows in the count.
#[test]
fn a_multipv_search_is_pinned() {
    let text = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    assert_eq!(nodes_of::<augur_chess::Position>(text, 6, 3), 26_931);
}

/// Divination: chance nodes with their twins searched once, threshold
/// tests, Star1 windows, horizon floors and Star1 alone at the horizon
/// (the Enochian bench has no die).
#[test]
fn a_divination_search_is_pinned() {
    let text = "yKQyByRyN2bPQbKQ/yPQyPByPRyPN2bPBbB/6bPRbR/6bPNbN/kNkPN6/kRkPR6/kBkPB2rPNrPRrPBrPQ/kKQkPQ2rNrRrBrKQ b d - - 6";
    assert_eq!(nodes_of::<augur_enochian::Position>(text, 5, 1), 9_274);
}
