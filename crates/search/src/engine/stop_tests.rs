//! When iterative deepening stops and what it plays then, where the answer
//! depends on the searcher's own constants: a proven mate ends a timed
//! search, a single legal move is searched only a few plies, no search
//! goes beyond the deepest ply, the root list leaves out declined offers,
//! a principal variation cut short is completed from the table, and
//! helpers search until the main thread is done, then let go of the table.

use super::test_rig::{CHESS, Rig};
use super::*;
use crate::tt::TableEntry;
use augur_chess::Position;
use std::time::Instant;

type Move = <Position as Game>::Move;

fn fen(text: &str) -> Position {
    Position::from_fen(text).expect("valid FEN")
}

fn legal<G: Game>(position: &G) -> Vec<G::Move> {
    let mut list = MoveList::new();
    position.generate(&mut list);
    list.iter().copied().collect()
}

fn search(
    engine: &mut Engine<Position>,
    root: &Position,
    limits: &Limits<Move>,
) -> SearchResult<Move> {
    engine.search(root, &[], limits, &SearchControl::new(false), &mut |_| {})
}

fn movetime(ms: u64) -> Limits<Move> {
    Limits {
        movetime_ms: Some(ms),
        ..Limits::default()
    }
}

#[test]
fn a_timed_search_ends_once_its_mate_is_proven_deep_enough() {
    // White mates in 2 (Nf6+ gxf6, Bxf7#): a win 3 plies away.
    let root = fen("r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1");
    let plies = 3;
    let mut engine = Engine::<Position>::new(16, 1, CHESS);
    let started = Instant::now();
    let result = search(&mut engine, &root, &movetime(5_000));
    assert_eq!(result.score, MATE - plies);
    // The first iteration deeper than twice the mate's length plus the
    // proof margin ends the search, long before the time is up.
    assert_eq!(result.depth as i32, 2 * plies + MATE_PROOF_EXTRA_DEPTH + 1);
    assert!(started.elapsed() < Duration::from_millis(4_000));
    // Without a clock the search goes on to the depth asked for.
    let limits = Limits {
        depth: Some(result.depth + 2),
        ..Limits::default()
    };
    assert_eq!(search(&mut engine, &root, &limits).depth, result.depth + 2);
}

#[test]
fn a_single_legal_move_is_searched_only_a_few_plies_on_a_clock() {
    // White's King must take the Queen on f2.
    let root = fen("rn4n1/2k3p1/bpP1p2r/p7/P3P1pN/6PP/1P1N1q2/3RKB1R w K - 0 23");
    assert_eq!(legal(&root).len(), 1);
    let clock = Limits {
        clock: Some(crate::Clock {
            remaining_ms: 60_000,
            increment_ms: 0,
            moves_to_go: None,
        }),
        ..Limits::default()
    };
    let mut engine = Engine::<Position>::new(16, 1, CHESS);
    let result = search(&mut engine, &root, &clock);
    assert_eq!(result.best_move, legal(&root).first().copied());
    assert_eq!(result.depth, SINGLE_MOVE_DEPTH);
    // A fixed time is the GUI's to spend: it is used whole.
    engine.settings_mut().move_overhead_ms = 0;
    let started = Instant::now();
    let result = search(&mut engine, &root, &movetime(300));
    assert!(started.elapsed() >= Duration::from_millis(300));
    assert!(result.depth > SINGLE_MOVE_DEPTH);
}

#[test]
fn no_search_goes_beyond_the_deepest_ply() {
    // Every reply draws at once (two bare Kings): each iteration is tiny.
    let root = fen("8/8/8/4k3/8/8/8/4K3 w - - 0 1");
    let deepest = MAX_PLY as u32 - 1;
    let mut engine = Engine::<Position>::new(1, 1, CHESS);
    for depth in [None, Some(deepest), Some(deepest + 1), Some(u32::MAX)] {
        let limits = Limits {
            depth,
            ..Limits::default()
        };
        assert_eq!(
            search(&mut engine, &root, &limits).depth,
            deepest,
            "{depth:?}"
        );
    }
}

#[test]
fn declined_offers_leave_the_root_list_unless_nothing_else_is_left() {
    use augur_enochian::Position as Enochian;
    // Yellow and Black lost their Kings: Blue may offer the exchange.
    let root = Enochian::from_fen("1yN5bK/8/8/8/2kB5/8/8/rN3rR2rK b d yk - -").expect("valid");
    let all = legal(&root);
    let offer = *all
        .iter()
        .find(|&&m| root.needs_agreement(m))
        .expect("the exchange is open");
    let others: Vec<_> = all.iter().copied().filter(|&m| m != offer).collect();
    assert!(!others.is_empty());
    let limits = |search_moves: Vec<_>, no_offers| Limits {
        search_moves,
        no_offers,
        ..Limits::default()
    };
    assert_eq!(legal_root_moves(&root, &limits(vec![], false)), all);
    assert_eq!(legal_root_moves(&root, &limits(vec![], true)), others);
    assert_eq!(
        legal_root_moves(&root, &limits(vec![offer, others[0]], true)),
        vec![others[0]]
    );
    assert_eq!(
        legal_root_moves(&root, &limits(vec![offer], false)),
        vec![offer]
    );
    // Only the offer is wanted: it stays, declined or not.
    assert_eq!(
        legal_root_moves(&root, &limits(vec![offer], true)),
        vec![offer]
    );
}

#[test]
fn a_principal_variation_cut_short_takes_its_ponder_move_from_the_table() {
    let root = Position::startpos();
    let mut engine = Engine::<Position>::new(1, 1, CHESS);
    // Every reply position holds a deep exact entry naming its second
    // legal move (not the first, which a careless lookup would find).
    let expected: Vec<(Move, Move)> = legal(&root)
        .into_iter()
        .map(|mv| {
            let child = root.play(mv);
            let reply = legal(&child)[1];
            engine.searcher().tt.store(
                child.hash(),
                TableEntry {
                    mv: Position::encode_move(reply),
                    score: 0,
                    depth: 200,
                    bound: Bound::Exact,
                },
            );
            (mv, reply)
        })
        .collect();
    let limits = Limits {
        depth: Some(1),
        ..Limits::default()
    };
    let result = search(&mut engine, &root, &limits);
    let best = result.best_move.expect("a move");
    let reply = expected
        .iter()
        .find(|(mv, _)| *mv == best)
        .map(|(_, reply)| *reply);
    assert_eq!(result.ponder_move, reply);
}

/// A helper's iterative deepening to `depth` on `root`, with the main
/// thread's `finished` flag set or not; returns the depth it completed.
fn helper_depth(root: &Position, depth: u32, main_finished: bool) -> u32 {
    let mut rig = Rig::new(main_finished);
    let mut worker = rig.worker::<Position>(Role::Helper, false);
    worker.allowed = legal(root);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    iterate(&mut worker, root, &limits, None, 1, &mut |_| {}).depth
}

#[test]
fn a_helper_iterates_until_the_main_thread_finishes() {
    let root = fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    assert_eq!(helper_depth(&root, 6, false), 6);
    // Once the main thread is done, a helper starts no new iteration.
    assert!(helper_depth(&root, 6, true) <= 1);
}

#[test]
fn helpers_let_go_of_the_table_before_the_search_returns() {
    // A helper still holding the table when the next search starts would
    // cost that search its table (the engine then makes a fresh one).
    let root = fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    let mut engine = Engine::<Position>::new(4, 4, CHESS);
    // The check races with a helper that would still be letting go, so it
    // is made many times.
    for depth in [3, 4, 5, 6, 7, 8].repeat(3) {
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        search(&mut engine, &root, &limits);
        assert_eq!(Arc::strong_count(&engine.searcher().tt), 1, "depth {depth}");
    }
}

/// Whether the helpers of an engine with `threads` threads take part in a
/// search with `limits` (at `strength`, if any) from a fresh start: a
/// helper that searched has learnt something.
fn helpers_search(threads: usize, limits: &Limits<Move>, strength: Option<Strength>) -> Vec<bool> {
    let root = fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    let mut engine = Engine::<Position>::new(4, threads, CHESS);
    engine.settings_mut().strength = strength;
    engine.settings_mut().move_overhead_ms = 0;
    search(&mut engine, &root, limits);
    let empty = engine.searcher().helpers.memories_empty();
    empty.into_iter().map(|empty| !empty).collect()
}

#[test]
fn helpers_join_full_strength_searches_of_more_than_a_few_milliseconds() {
    // Deep enough that a woken helper always gets to search before the
    // main thread is done, even on a loaded machine: depth 6 took a few
    // milliseconds and depth 10 some 20 (a release build with three
    // threads), and on a busy machine a helper sometimes woke too late for
    // either; depth 13 takes some 170 ms.
    let by_depth = Limits {
        depth: Some(13),
        ..Limits::default()
    };
    assert_eq!(helpers_search(3, &by_depth, None), [true, true]);
    assert_eq!(helpers_search(2, &movetime(200), None), [true]);
    // A few milliseconds: the main thread alone.
    let short = MIN_HELPED_SEARCH.as_millis() as u64 / 2;
    assert_eq!(helpers_search(2, &movetime(short), None), [false]);
    // A limited strength searches alone, to be reproducible.
    let weak = Some(Strength::from_elo(1800));
    assert_eq!(helpers_search(2, &by_depth, weak), [false]);
    assert_eq!(helpers_search(2, &movetime(200), weak), [false]);
}
