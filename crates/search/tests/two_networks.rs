//! Two engines in one process evaluating with different chess networks:
//! searched alternately, each visits exactly the nodes a fresh engine with
//! only its network visits, so nothing of one network leaks into the
//! other's search.

mod common;

use augur_chess::Position;
use augur_chess::nnue::{Network, NetworkRef, embedded_network, intern};
use augur_core::{Evaluate, Game};
use augur_search::{Engine, Limits, SearchControl};

const FENS: [&str; 3] = [
    augur_chess::STARTING_FEN,
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "r3k2r/pppq1ppp/2n1bn2/3pp3/3PP3/2N1BN2/PPPQ1PPP/R3K2R w KQkq - 0 1",
];

const DEPTH: u32 = 7;

/// The embedded network read with horizontal mirroring: it evaluates
/// positions with a king on files a-d differently.
fn mirrored() -> NetworkRef {
    intern(Network {
        horizontal_mirror: true,
        ..embedded_network().get().clone()
    })
    .expect("a second network fits")
}

/// The nodes `engine` visits searching `fen` with `network` to [`DEPTH`].
fn nodes(engine: &mut Engine<Position>, fen: &str, network: NetworkRef) -> u64 {
    let mut root = Position::from_fen(fen).expect("valid");
    root.set_evaluator(&network);
    let limits = Limits {
        depth: Some(DEPTH),
        ..Limits::default()
    };
    engine
        .search(&root, &[], &limits, &SearchControl::new(false), &mut |_| {})
        .nodes
}

/// The node counts of one engine with `network` searching every position
/// in turn (its table and histories kept between them).
fn alone(network: NetworkRef) -> Vec<u64> {
    let mut engine = common::engine::<Position>(16, 1);
    FENS.iter()
        .map(|fen| nodes(&mut engine, fen, network))
        .collect()
}

#[test]
fn engines_with_different_networks_search_as_they_would_alone() {
    let (embedded, mirrored) = (embedded_network(), mirrored());
    let mut first = common::engine::<Position>(16, 1);
    let mut second = common::engine::<Position>(16, 1);
    let (mut first_nodes, mut second_nodes) = (Vec::new(), Vec::new());
    for fen in FENS {
        first_nodes.push(nodes(&mut first, fen, embedded));
        second_nodes.push(nodes(&mut second, fen, mirrored));
    }
    assert_eq!(
        first_nodes,
        alone(embedded),
        "the embedded network's engine"
    );
    assert_eq!(
        second_nodes,
        alone(mirrored),
        "the mirrored network's engine"
    );
    assert_ne!(
        first_nodes, second_nodes,
        "the test needs networks that search differently"
    );
}
