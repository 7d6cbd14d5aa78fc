//! Who searches and how deep: Lazy SMP helpers share a full-strength
//! search's work; a limited strength caps the depth, searches on the main
//! thread alone whatever the `Threads` setting (so a weakened engine stays
//! reproducible from its seed), and two engines at the same level start
//! from different seeds.

mod common;

use augur_chess::Position;
use augur_core::Game;
use augur_search::{Engine, Limits, SearchResult, Strength};
use common::{depth, position, run};

type Move = <Position as Game>::Move;

/// A middlegame position with a large tree (no search ends early here).
const BUSY: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// An engine with `threads` threads at `elo`.
fn limited(threads: usize, elo: u32) -> Engine<Position> {
    let mut engine = common::engine::<Position>(16, threads);
    engine.settings_mut().strength = Some(Strength::from_elo(elo));
    engine
}

/// No limit but a generous node count: a limited level ends at its cap.
fn uncapped() -> Limits<Move> {
    Limits {
        nodes: Some(20_000_000),
        ..Limits::default()
    }
}

fn search(engine: &mut Engine<Position>, limits: &Limits<Move>) -> SearchResult<Move> {
    run(engine, &position(BUSY), limits).0
}

#[test]
fn a_second_thread_joins_a_full_strength_search() {
    // One thread searches the same tree every time; a helper sharing the
    // table changes which entries the main thread finds, so the node count
    // differs (a helper never started would leave it exactly the same).
    let alone = search(&mut common::engine(16, 1), &depth(9));
    assert_eq!(
        search(&mut common::engine(16, 1), &depth(9)).nodes,
        alone.nodes
    );
    let helped = search(&mut common::engine(16, 2), &depth(9));
    assert_ne!(helped.nodes, alone.nodes);
}

#[test]
fn a_limited_strength_caps_the_depth() {
    let level = Strength::from_elo(1500);
    let mut engine = limited(1, level.elo());
    let (result, infos) = run(&mut engine, &position(BUSY), &uncapped());
    // 1500 is an anchor level: depth 4 (`strength::ANCHORS`).
    assert_eq!(result.depth, 4);
    assert!(infos.iter().all(|info| info.depth <= 4));
    // A shallower `go depth` still applies.
    assert_eq!(search(&mut engine, &depth(2)).depth, 2);
}

#[test]
fn a_limited_strength_searches_alone_and_replays_from_its_seed() {
    let replay = |threads, seed| {
        let mut engine = limited(threads, 1800);
        engine.set_seed(seed);
        search(&mut engine, &uncapped())
    };
    let one = replay(1, 42);
    let four = replay(4, 42);
    assert_eq!(
        (one.best_move, one.score, one.depth, one.nodes),
        (four.best_move, four.score, four.depth, four.nodes)
    );
    // The seed moves the evaluation noise, and with it the tree.
    assert_ne!(one.nodes, replay(1, 43).nodes);
}

#[test]
fn engines_at_the_same_level_start_from_different_seeds() {
    let first = search(&mut limited(1, 1800), &uncapped());
    let second = search(&mut limited(1, 1800), &uncapped());
    assert_ne!(first.nodes, second.nodes);
}
