//! What stops a search: `movetime` (used whole, less the move overhead),
//! a clock (never more than the time left less the overhead, and near the
//! budget's hard limit at most), `nodes`, `depth` and `mate`, on one
//! thread and with Lazy SMP helpers. Time bounds are loose on purpose (the
//! tests share two loaded cores): they fail on gross errors only, such as
//! a budget many times too long, or a search that returns long before its
//! time for no reason.

mod common;

use std::time::{Duration, Instant};

use augur_chess::Position;
use augur_core::Game;
use augur_search::score::{ReportedScore, report};
use augur_search::{
    Clock, Engine, Limits, SearchControl, SearchRequest, SearchResult, TimeBudget,
    budget_for_clock, budget_for_movetime,
};
use common::{depth, position, run};

type Move = <Position as Game>::Move;

/// A middlegame position with a large tree (no search ends early here).
const BUSY: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// Runs `limits` on `root`; returns the result and the time it took.
fn timed(
    engine: &mut Engine<Position>,
    root: &Position,
    limits: &Limits<Move>,
) -> (SearchResult<Move>, Duration) {
    let started = Instant::now();
    let control = SearchControl::new(false);
    let result = engine.search(root, &[], limits, &control, &mut |_| {});
    let elapsed = started.elapsed();
    assert!(root.is_legal(result.best_move.expect("a move")));
    (result, elapsed)
}

#[test]
fn the_movetime_budget_is_the_time_less_the_overhead() {
    let budget = |soft, hard| TimeBudget {
        soft: Duration::from_millis(soft),
        hard: Duration::from_millis(hard),
    };
    assert_eq!(budget_for_movetime(100, 30), budget(70, 70));
    assert_eq!(budget_for_movetime(100, 0), budget(100, 100));
    assert_eq!(budget_for_movetime(2_000, 30), budget(1_970, 1_970));
    // Never nothing: a search always has a millisecond.
    assert_eq!(budget_for_movetime(10, 30), budget(1, 1));
}

#[test]
fn a_movetime_search_uses_its_time_and_no_more() {
    let root: Position = position(BUSY);
    for (threads, overhead) in [(1, 0), (1, 30), (4, 0)] {
        let mut engine = common::engine::<Position>(16, threads);
        engine.settings_mut().move_overhead_ms = overhead;
        let limits = Limits {
            movetime_ms: Some(100),
            ..Limits::default()
        };
        let (result, elapsed) = timed(&mut engine, &root, &limits);
        let context = format!("{threads} threads, {overhead} ms overhead: {elapsed:?}");
        // The search stops only once its budget has passed: it cannot
        // reach its last depth here in 100 ms.
        assert!(
            elapsed >= Duration::from_millis(100 - overhead),
            "{context}"
        );
        assert!(elapsed < Duration::from_secs(3), "{context}");
        assert!(result.depth >= 1, "{context}");
    }
}

#[test]
fn a_clock_search_stays_inside_the_clock() {
    let root: Position = position(BUSY);
    let overhead = 30;
    let mut engine = common::engine::<Position>(16, 1);
    engine.settings_mut().move_overhead_ms = overhead;
    for (remaining_ms, increment_ms, moves_to_go) in [
        (1_000, 0, Some(1)),
        (300, 0, None),
        (5_000, 100, None),
        (40, 0, None),
    ] {
        let clock = Clock {
            remaining_ms,
            increment_ms,
            moves_to_go,
        };
        let limits = Limits {
            clock: Some(clock),
            ..Limits::default()
        };
        let TimeBudget { soft, hard } = budget_for_clock(&clock, overhead);
        let (_, elapsed) = timed(&mut engine, &root, &limits);
        let left = Duration::from_millis(remaining_ms as u64 - overhead);
        let context = format!("{clock:?}: {elapsed:?} (soft {soft:?}, hard {hard:?})");
        // The budget never reaches the clock; the search keeps to the
        // budget (loosely: a loaded machine may be late by a scheduling
        // slice, and this catches a search that ignores its hard limit).
        assert!(hard < left, "{context}");
        assert!(elapsed < hard + Duration::from_secs(1), "{context}");
        // Iterations stop at the soft limit at the earliest (this position
        // is not searched to the end in that time).
        assert!(elapsed >= soft, "{context}");
    }
}

#[test]
fn a_node_limit_stops_the_search() {
    let root: Position = position(BUSY);
    let limit = 30_000;
    let limits = Limits {
        nodes: Some(limit),
        ..Limits::default()
    };
    // One thread: exact, once the first depth is complete.
    let mut engine = common::engine::<Position>(16, 1);
    let (result, _) = timed(&mut engine, &root, &limits);
    assert!(result.depth >= 1);
    assert!(
        (limit..limit + 64).contains(&result.nodes),
        "{} nodes",
        result.nodes
    );
}

#[test]
fn a_node_limit_bounds_all_threads_together() {
    let root: Position = position(BUSY);
    for threads in [2, 4] {
        let mut engine = common::engine::<Position>(16, threads);
        for limit in [2_000, 20_000, 300_000] {
            let limits = Limits {
                nodes: Some(limit),
                ..Limits::default()
            };
            let (result, elapsed) = timed(&mut engine, &root, &limits);
            assert!(result.depth >= 1);
            // The whole search, helpers included, within 1% + 1,000 nodes.
            let bound = limit + limit / 100 + 1_000;
            assert!(
                (limit..=bound).contains(&result.nodes),
                "{threads} threads, limit {limit}: {} nodes",
                result.nodes
            );
            assert!(elapsed < Duration::from_secs(10), "{elapsed:?}");
            engine.clear();
        }
    }
}

#[test]
fn a_depth_limit_stops_the_search_on_any_number_of_threads() {
    let root: Position = position(BUSY);
    for threads in [1, 4] {
        let mut engine = common::engine::<Position>(16, threads);
        let (result, infos) = run(&mut engine, &root, &depth(6));
        assert_eq!(result.depth, 6, "{threads} threads");
        let depths: Vec<u32> = infos
            .iter()
            .filter(|i| i.bound.is_none())
            .map(|i| i.depth)
            .collect();
        assert_eq!(depths, (1..=6).collect::<Vec<_>>(), "{threads} threads");
    }
}

#[test]
fn a_mate_limit_stops_once_the_mate_is_found() {
    // White mates in 3 (see mates.rs).
    let root: Position = position("kB6/6PR/8/2N5/7K/8/1r4pp/8 w - - 0 1");
    for threads in [1, 4] {
        let mut engine = common::engine::<Position>(16, threads);
        let limits = Limits {
            mate: Some(3),
            ..Limits::default()
        };
        let (result, elapsed) = timed(&mut engine, &root, &limits);
        assert_eq!(
            report(result.score),
            ReportedScore::Mate(3),
            "{threads} threads"
        );
        assert!(
            result.depth < 20,
            "{threads} threads: depth {}",
            result.depth
        );
        assert!(elapsed < Duration::from_secs(20), "{elapsed:?}");
    }
}

#[test]
fn a_mate_limit_counts_a_team_win_on_an_even_ply_as_the_mate_reported() {
    // Blue's Knight uncovers the Rook and Black, Blue's ally, takes the
    // second enemy King on the next ply (see team_negamax.rs): a win two
    // plies away, reported as mate in 1.
    let root: augur_enochian::Position = position("yK6bK/8/8/8/bN7/8/8/kR3kK3 b d r - -");
    let mut engine = common::engine(16, 1);
    let limits = Limits {
        mate: Some(1),
        ..Limits::default()
    };
    let started = Instant::now();
    let result = engine.search(&root, &[], &limits, &SearchControl::new(false), &mut |_| {});
    assert_eq!(report(result.score), ReportedScore::Mate(1));
    assert!(result.depth < 10, "depth {}", result.depth);
    assert!(started.elapsed() < Duration::from_secs(20));
}

#[test]
fn pondering_holds_the_clock_until_ponderhit() {
    let root: Position = position(BUSY);
    let mut engine = common::engine::<Position>(16, 1);
    engine.settings_mut().move_overhead_ms = 0;
    let clock = Clock {
        remaining_ms: 3_000,
        increment_ms: 0,
        moves_to_go: None,
    };
    let TimeBudget { soft, hard } = budget_for_clock(&clock, 0);
    let control = SearchControl::new(true);
    let request = SearchRequest {
        root,
        history: Vec::new(),
        limits: Limits {
            clock: Some(clock),
            ponder: true,
            ..Limits::default()
        },
        control: control.clone(),
    };
    let handle = engine
        .start(request, |_| {})
        .expect("the search thread runs");
    // Pondering past the whole budget: the clock is not running yet.
    std::thread::sleep(hard * 2);
    assert!(!handle.is_finished());
    let hit = Instant::now();
    control.ponderhit();
    let result = handle.wait().expect("no panic");
    let after_hit = hit.elapsed();
    // From `ponderhit` on, the search runs on its budget as if it had just
    // started: iterations go on until the soft limit at least.
    assert!(
        after_hit >= soft,
        "{after_hit:?} after ponderhit, soft {soft:?}"
    );
    assert!(after_hit < hard + Duration::from_secs(2), "{after_hit:?}");
    assert!(result.best_move.is_some());
}

#[test]
fn a_fixed_time_always_completes_its_first_iteration() {
    // Every root move as its own line: the first iteration alone takes
    // longer than the millisecond given, and is finished all the same (a
    // clock may cut it short; a fixed time is the GUI's own choice).
    let root: Position = position(BUSY);
    let mut engine = common::engine::<Position>(16, 1);
    engine.settings_mut().multipv = 256;
    engine.settings_mut().move_overhead_ms = 0;
    let limits = Limits {
        movetime_ms: Some(1),
        ..Limits::default()
    };
    let (result, infos) = run(&mut engine, &root, &limits);
    assert!(result.depth >= 1);
    let first: Vec<_> = infos
        .iter()
        .filter(|i| i.depth == 1 && i.bound.is_none())
        .collect();
    assert_eq!(first.len(), common::moves(&root).len());
    assert_eq!(result.best_move, first[0].pv.first().copied());
}
