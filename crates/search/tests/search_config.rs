//! Each engine searches with its own configuration: parameters and
//! switches set on one engine change its node count and no other
//! engine's, in the same process, one after the other or at the same time.

mod common;

use augur_chess::Position;
use augur_core::Game;
use augur_search::{Engine, SearchConfig, SearchParams, Switches};
use common::{depth, position, run};

/// The depth-`plies` searches of a few chess bench positions, each from
/// a cleared table: their total nodes.
fn nodes_at(engine: &mut Engine<Position>, plies: u32) -> u64 {
    Position::BENCH_POSITIONS
        .iter()
        .take(3)
        .map(|text| {
            engine.clear();
            run(engine, &position::<Position>(text), &depth(plies))
                .0
                .nodes
        })
        .sum()
}

/// [`nodes_at`] depth 6.
fn nodes(engine: &mut Engine<Position>) -> u64 {
    nodes_at(engine, 6)
}

/// What a fresh engine made with `config` counts.
fn fresh(config: SearchConfig) -> u64 {
    nodes(&mut Engine::new(16, 1, config))
}

/// The chess configuration with late move reductions one ply larger.
fn reducing_more() -> SearchConfig {
    let mut params = SearchParams::default();
    params.set("LmrBase", 151).expect("in range");
    common::config::<Position>().with_params(params)
}

#[test]
fn engines_in_one_process_keep_their_own_parameters() {
    let chess = common::config::<Position>();
    let default_nodes = fresh(chess);

    // Engine A changes its parameters through its settings.
    let mut a = Engine::<Position>::new(16, 1, chess);
    a.settings_mut()
        .config
        .params
        .set("lmrbase", 151)
        .expect("in range");
    let a_nodes = nodes(&mut a);
    assert_ne!(a_nodes, default_nodes);
    assert_eq!(a_nodes, fresh(reducing_more()));

    // Engine B, made after A changed, searches with the defaults, and A
    // keeps its own.
    let mut b = Engine::<Position>::new(16, 1, chess);
    assert_eq!(nodes(&mut b), default_nodes);
    assert_eq!(nodes(&mut a), a_nodes);

    // At the same time, on two threads.
    let (a_again, b_again) = std::thread::scope(|scope| {
        let a_thread = scope.spawn(|| nodes(&mut a));
        let b_thread = scope.spawn(|| nodes(&mut b));
        (a_thread.join(), b_thread.join())
    });
    assert_eq!(a_again.expect("A searched"), a_nodes);
    assert_eq!(b_again.expect("B searched"), default_nodes);
}

#[test]
fn switches_are_per_engine_and_change_the_search() {
    let all = SearchConfig::with_switches(Switches::ALL);
    let off = SearchConfig::with_switches(Switches::OFF);
    let (all_nodes, off_nodes) = (fresh(all), fresh(off));
    assert_ne!(all_nodes, off_nodes);
    // Switching on an engine made without them is the same as making it
    // with them.
    let mut engine = Engine::<Position>::new(16, 1, off);
    assert_eq!(nodes(&mut engine), off_nodes);
    engine.settings_mut().config.switches = Switches::ALL;
    assert_eq!(nodes(&mut engine), all_nodes);
    // Each switch alone changes what chess searches (singular extensions
    // start at depth 8).
    let at_9 = |switches| {
        nodes_at(
            &mut Engine::new(16, 1, SearchConfig::with_switches(switches)),
            9,
        )
    };
    let off_at_9 = at_9(Switches::OFF);
    let alone = [
        Switches {
            singular_extensions: true,
            ..Switches::OFF
        },
        Switches {
            table_refines_evaluation: true,
            ..Switches::OFF
        },
        Switches {
            continuation_history: true,
            ..Switches::OFF
        },
        Switches {
            hindsight_depth: true,
            ..Switches::OFF
        },
    ];
    for switches in alone {
        assert_ne!(at_9(switches), off_at_9, "{switches:?}");
    }
}
