//! The engine's resources: a table the system refuses, helper threads
//! started, resized and stopped, searches started and waited for.

mod common;

use augur_chess::Position;
use augur_core::{Game, MoveList};
use augur_search::{Limits, SearchControl, SearchEvent, SearchRequest};
use std::sync::mpsc::channel;
use std::time::Duration;

fn depth(d: u32) -> Limits<<Position as Game>::Move> {
    Limits {
        depth: Some(d),
        ..Limits::default()
    }
}

fn is_legal(position: &Position, mv: Option<<Position as Game>::Move>) -> bool {
    let mut moves = MoveList::new();
    position.generate(&mut moves);
    mv.is_some_and(|mv| moves.contains(&mv))
}

#[test]
fn a_table_the_system_refuses_is_an_error_and_the_old_size_stays() {
    let mut engine = common::engine::<Position>(2, 1);
    let error = engine
        .set_hash(usize::MAX >> 20)
        .expect_err("no system grants that much");
    assert!(
        error.contains("hash table") && error.contains("Hash stays 2 MB"),
        "{error}"
    );
    assert_eq!(engine.hash_mb(), 2);
    let root = Position::startpos();
    let result = engine.search(
        &root,
        &[],
        &depth(4),
        &SearchControl::new(false),
        &mut |_| {},
    );
    assert!(is_legal(&root, result.best_move));
    engine.set_hash(4).expect("4 MB");
    assert_eq!(engine.hash_mb(), 4);
}

#[test]
fn helpers_follow_the_threads_setting_and_every_search_ends() {
    let root =
        Position::from_fen("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4")
            .expect("valid FEN");
    let mut engine = common::engine::<Position>(8, 1);
    for threads in [1, 2, 4, 16, 64, 3, 1] {
        engine.set_threads(threads);
        assert_eq!(engine.threads(), threads);
        for d in [1, 5] {
            let result = engine.search(
                &root,
                &[],
                &depth(d),
                &SearchControl::new(false),
                &mut |_| {},
            );
            assert!(is_legal(&root, result.best_move), "{threads} threads");
            assert!(
                result.depth >= d,
                "{threads} threads: depth {}",
                result.depth
            );
        }
        engine.clear();
    }
}

#[test]
fn a_started_search_matches_a_synchronous_one() {
    let root = Position::startpos();
    let mut waited = common::engine::<Position>(4, 1);
    let synchronous = waited.search(
        &root,
        &[],
        &depth(6),
        &SearchControl::new(false),
        &mut |_| {},
    );
    let mut engine = common::engine::<Position>(4, 1);
    let (events, heard) = channel();
    let request = SearchRequest {
        root,
        history: Vec::new(),
        limits: depth(6),
        control: SearchControl::new(false),
    };
    let handle = engine
        .start(request, move |event| {
            let _ = events.send(match event {
                SearchEvent::Info(info) => format!("info {}", info.depth),
                SearchEvent::Finished(result) => format!("finished {}", result.depth),
                SearchEvent::Failed => "failed".to_string(),
            });
        })
        .expect("the search thread runs");
    let started = handle.wait().expect("no panic");
    // One thread, same table size: the same deterministic search.
    assert_eq!(synchronous.nodes, started.nodes);
    assert_eq!(synchronous.best_move, started.best_move);
    let events: Vec<String> = heard.iter().collect();
    assert_eq!(events.last().map(String::as_str), Some("finished 6"));
    assert_eq!(
        events.iter().filter(|e| !e.starts_with("info")).count(),
        1,
        "{events:?}"
    );
    // The engine is whole again: the same search gives the same nodes.
    engine.clear();
    let again = engine.search(
        &root,
        &[],
        &depth(6),
        &SearchControl::new(false),
        &mut |_| {},
    );
    assert_eq!(again.nodes, synchronous.nodes);
}

#[test]
fn an_infinite_search_ends_on_stop_and_the_engine_waits_for_it() {
    let root = Position::startpos();
    let mut engine = common::engine::<Position>(4, 2);
    let control = SearchControl::new(false);
    let request = SearchRequest {
        root,
        history: Vec::new(),
        limits: Limits {
            depth: Some(3),
            infinite: true,
            ..Limits::default()
        },
        control: control.clone(),
    };
    let (done, finished) = channel();
    let handle = engine
        .start(request, move |event| {
            if let SearchEvent::Finished(result) = event {
                let _ = done.send(result.best_move);
            }
        })
        .expect("the search thread runs");
    // Depth 3 is done long before this, but the move waits for `stop`.
    assert!(finished.recv_timeout(Duration::from_millis(200)).is_err());
    assert!(!handle.is_finished());
    control.stop();
    let best = finished
        .recv_timeout(Duration::from_secs(30))
        .expect("stop ends the search");
    assert!(is_legal(&root, best));
    // Waiting for the table (here through `threads`) waits for the search.
    assert_eq!(engine.threads(), 2);
    assert_eq!(handle.wait().and_then(|r| r.best_move), best);
}

#[test]
fn a_clock_with_nothing_left_still_gives_a_legal_move() {
    // The hard limit (1 ms) may pass inside the first iteration; the search
    // then plays the table's move or the first legal one, never nothing.
    let root =
        Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
            .expect("valid FEN");
    let mut engine = common::engine::<Position>(4, 2);
    for remaining_ms in [0, 1, 5] {
        let limits = Limits {
            clock: Some(augur_search::Clock {
                remaining_ms,
                increment_ms: 0,
                moves_to_go: None,
            }),
            ..Limits::default()
        };
        let result = engine.search(&root, &[], &limits, &SearchControl::new(false), &mut |_| {});
        assert!(is_legal(&root, result.best_move), "{remaining_ms} ms left");
    }
}

#[test]
fn a_panic_in_a_search_ends_it_once_and_the_engine_goes_on() {
    let root = Position::startpos();
    let mut engine = common::engine::<Position>(4, 2);
    let (events, heard) = channel();
    let request = SearchRequest {
        root,
        history: Vec::new(),
        limits: depth(8),
        control: SearchControl::new(false),
    };
    // The listener runs on the search thread: a panic there unwinds the
    // search with its helpers searching.
    let handle = engine
        .start(request, move |event| match event {
            SearchEvent::Info(info) if info.depth == 3 => panic!("a bug at depth 3"),
            SearchEvent::Info(_) => {}
            SearchEvent::Finished(_) => {
                let _ = events.send("finished");
            }
            SearchEvent::Failed => {
                let _ = events.send("failed");
            }
        })
        .expect("the search thread runs");
    assert!(handle.wait().is_none());
    assert_eq!(heard.iter().collect::<Vec<_>>(), ["failed"]);
    // The helpers were stopped, the table came back, the threads still run.
    assert_eq!(engine.threads(), 2);
    let result = engine.search(
        &root,
        &[],
        &depth(5),
        &SearchControl::new(false),
        &mut |_| {},
    );
    assert!(is_legal(&root, result.best_move));
    assert!(result.depth >= 5);
}

#[test]
fn a_started_search_says_when_it_is_finished() {
    let mut engine = common::engine::<Position>(4, 1);
    let request = SearchRequest {
        root: Position::startpos(),
        history: Vec::new(),
        limits: depth(4),
        control: SearchControl::new(false),
    };
    let handle = engine
        .start(request, |_| {})
        .expect("the search thread runs");
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    while !handle.is_finished() {
        assert!(
            std::time::Instant::now() < deadline,
            "a depth 4 search never said it was finished"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    assert_eq!(handle.wait().map(|r| r.depth), Some(4));
}

#[test]
fn the_table_fills_as_the_engine_searches_and_empties_on_clear() {
    let mut engine = common::engine::<Position>(1, 1);
    assert_eq!(engine.hashfull(), 0);
    let root = Position::startpos();
    engine.search(
        &root,
        &[],
        &depth(10),
        &SearchControl::new(false),
        &mut |_| {},
    );
    let used = engine.hashfull();
    // Permille: a 1 MB table holds a fraction of a depth 10 search's nodes.
    assert!((10..=1000).contains(&used), "{used} permille");
    engine.clear();
    assert_eq!(engine.hashfull(), 0);
}
