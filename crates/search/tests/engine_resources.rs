//! The engine's resources: a table the system refuses, helper threads
//! started, resized and stopped, searches on the caller's thread.

use augur_chess::Position;
use augur_core::{Game, MoveList};
use augur_search::{Engine, Limits, SEARCH_STACK_BYTES, SearchControl};

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
    let mut engine = Engine::<Position>::new(2, 1);
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
    let mut engine = Engine::<Position>::new(8, 1);
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
fn a_search_on_a_kept_thread_matches_one_on_its_own_thread() {
    let root = Position::startpos();
    let mut fresh = Engine::<Position>::new(4, 1);
    let spawned = fresh.search(
        &root,
        &[],
        &depth(6),
        &SearchControl::new(false),
        &mut |_| {},
    );
    let kept = std::thread::Builder::new()
        .stack_size(SEARCH_STACK_BYTES)
        .spawn(move || {
            let mut engine = Engine::<Position>::new(4, 1);
            engine.search_on_this_thread(
                &root,
                &[],
                &depth(6),
                &SearchControl::new(false),
                &mut |_| {},
            )
        })
        .expect("thread")
        .join()
        .expect("no panic");
    // One thread, same table size: the same deterministic search.
    assert_eq!(spawned.nodes, kept.nodes);
    assert_eq!(spawned.best_move, kept.best_move);
}

#[test]
fn a_clock_with_nothing_left_still_gives_a_legal_move() {
    // The hard limit (1 ms) may pass inside the first iteration; the search
    // then plays the table's move or the first legal one, never nothing.
    let root =
        Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
            .expect("valid FEN");
    let mut engine = Engine::<Position>::new(4, 2);
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
