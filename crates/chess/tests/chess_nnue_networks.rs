//! Networks per position: two positions in one thread evaluate with their
//! own networks, before and after moves (the kept hidden layer follows
//! each position's network), and a network read twice is held once.

use augur_chess::nnue::{
    HIDDEN, Network, NetworkRef, embedded_network, intern, load_network, read_network_file,
};
use augur_chess::{Position, STARTING_FEN};
use augur_core::{Evaluate, Game, MoveList};
use rand::prelude::*;

/// The embedded network with its hidden weights shifted: it evaluates
/// every position differently, and no other test holds it.
fn shifted_network(shift: i16) -> Network {
    let mut network = embedded_network().get().clone();
    for row in &mut network.feature_weights {
        for (i, weight) in row.iter_mut().enumerate() {
            if i % 3 == 0 {
                *weight = weight.wrapping_add(shift);
            }
        }
    }
    network.feature_bias[HIDDEN - 1] = network.feature_bias[HIDDEN - 1].wrapping_add(shift);
    network
}

/// Each position evaluates as its own network does from scratch.
fn check(position: &Position, network: NetworkRef) {
    assert_eq!(position.network(), network);
    assert_eq!(position.evaluator(), network);
    assert_eq!(
        position.evaluate(),
        network.evaluate_from_scratch(position),
        "{}",
        position.fen()
    );
}

#[test]
fn two_positions_evaluate_with_their_own_networks() {
    let embedded = embedded_network();
    let other = intern(shifted_network(7)).expect("a network fits");
    assert_ne!(other, embedded);
    let fens = [
        STARTING_FEN,
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "r3k2r/pppq1ppp/2n1bn2/3pp3/3PP3/2N1BN2/PPPQ1PPP/R3K2R w KQkq - 0 1",
    ];
    let mut rng = StdRng::seed_from_u64(23);
    let mut differed = 0;
    for fen in fens {
        let mut first = Position::from_fen(fen).expect("valid");
        assert_eq!(first.network(), embedded, "positions read start embedded");
        let mut second = first.with_network(other);
        for _ in 0..60 {
            check(&first, embedded);
            check(&second, other);
            differed += usize::from(first.evaluate() != second.evaluate());
            let mut moves = MoveList::new();
            first.generate(&mut moves);
            let Some(&mv) = moves.choose(&mut rng) else {
                break;
            };
            // The same move in both: each keeps its own network.
            first = first.play(mv);
            second = second.play(mv);
        }
        // Setting the network back: the layer is summed again.
        second.set_evaluator(&embedded);
        check(&second, embedded);
        assert_eq!(second, first);
    }
    assert!(differed > 100, "the networks evaluated alike {differed}");
}

#[test]
fn a_network_read_twice_is_held_once() {
    let dir = std::env::temp_dir().join(format!("augur-networks-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("shifted.nnue");
    std::fs::write(&path, shifted_network(-5).to_bytes()).expect("write");
    let first = load_network(&path).expect("reads");
    let second = load_network(&path).expect("reads again");
    assert_eq!(first, second);
    assert!(std::ptr::eq(first.get(), second.get()), "one network held");
    let read = read_network_file(&path).expect("reads");
    assert_eq!(intern(read), Ok(first));
    assert_eq!(
        Position::load_evaluator(&path.display().to_string()),
        Ok(first),
        "the evaluation hook reads the same"
    );
    // The embedded network's bytes give the embedded network itself.
    let embedded_path = dir.join("embedded.nnue");
    std::fs::write(&embedded_path, embedded_network().to_bytes()).expect("write");
    assert_eq!(load_network(&embedded_path), Ok(embedded_network()));
    assert_eq!(Position::default_evaluator(), embedded_network());
    let _ = std::fs::remove_dir_all(&dir);
}
