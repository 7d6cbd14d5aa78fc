//! Horizontal mirroring: with a network that reads each perspective
//! flipped left to right while its own king stands on files a-d, the kept
//! hidden layer still equals the one summed from scratch after every move,
//! kings crossing between the d- and e-files included (castling long,
//! king walks).

use augur_chess::nnue::{Network, NetworkRef, embedded_network, intern};
use augur_chess::{Position, STARTING_FEN};
use augur_core::{Evaluate, Game, MoveList};
use rand::prelude::*;

/// The embedded network read with horizontal mirroring.
fn mirrored_network() -> Network {
    Network {
        horizontal_mirror: true,
        ..embedded_network().get().clone()
    }
}

#[test]
fn the_kept_hidden_layer_follows_kings_changing_sides() {
    let network: NetworkRef = intern(mirrored_network()).expect("a second network fits");
    assert!(network.horizontal_mirror);
    let starts = [
        STARTING_FEN,
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "r3k2r/pppq1ppp/2n1bn2/3pp3/3PP3/2N1BN2/PPPQ1PPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "4k3/8/8/8/3pP3/8/8/3K4 b - e3 0 1",
    ];
    let mut rng = StdRng::seed_from_u64(17);
    let mut crossings = 0;
    for fen in starts {
        for _ in 0..40 {
            let mut position = Position::from_fen_detailed(fen)
                .expect("valid")
                .with_network(network);
            for _ in 0..80 {
                assert_eq!(
                    position.evaluate(),
                    network.evaluate_from_scratch(&position),
                    "{}",
                    position.fen()
                );
                let mut moves = MoveList::new();
                position.generate(&mut moves);
                let Some(&mv) = moves.choose(&mut rng) else {
                    break;
                };
                let before = network.flips(&position);
                position = position.play(mv);
                crossings += usize::from(before != network.flips(&position));
            }
        }
    }
    assert!(crossings > 100, "kings changed sides {crossings} times");
}

/// The flips change what the network reads: a position with a king on the
/// queen's side evaluates differently once that perspective is mirrored,
/// and the files' mirror image of a position evaluates alike.
#[test]
fn mirrored_networks_read_a_position_and_its_mirror_image_alike() {
    let plain = Network {
        horizontal_mirror: false,
        ..embedded_network().get().clone()
    };
    let mirrored = mirrored_network();
    let queenside =
        Position::from_fen_detailed("r4rk1/pp3ppp/2n5/3p4/8/2N2N2/PPP2PPP/2KR3R w - - 0 1")
            .expect("valid");
    let kingside = Position::from_fen_detailed("r4rk1/ppp2ppp/8/8/8/8/PPP2PPP/R4RK1 w - - 0 1")
        .expect("valid");
    let image = Position::from_fen_detailed("1kr4r/ppp3pp/5n2/4p3/8/2N2N2/PPP2PPP/R3RK2 w - - 0 1")
        .expect("valid");
    assert_ne!(
        plain.evaluate_from_scratch(&queenside),
        mirrored.evaluate_from_scratch(&queenside)
    );
    assert_eq!(
        plain.evaluate_from_scratch(&kingside),
        mirrored.evaluate_from_scratch(&kingside)
    );
    assert_eq!(
        mirrored.evaluate_from_scratch(&image),
        mirrored.evaluate_from_scratch(&queenside),
        "the files' mirror image"
    );
}
