//! The network: the embedded file reads, the incremental hidden layer
//! equals the one summed from scratch through every kind of move, the
//! arithmetic is exact on a hand-made network, and files round-trip.

use augur_core::{Evaluate, Game, MoveList, Square};
use rand::prelude::*;

use super::*;
use crate::eval::tests::mirror;
use crate::{Position, Role};

/// The embedded network, which positions read from a FEN evaluate with.
fn network() -> &'static Network {
    embedded_network().get()
}

#[test]
fn the_embedded_network_reads() {
    assert_eq!(embedded_network_reads(), Ok(()));
    assert!(
        network() != &Network::zeroed(),
        "the embedded network is empty"
    );
}

/// Random games from positions rich in castling, en passant and
/// promotions: after every move the kept hidden layer is exactly the one
/// summed from scratch, and the evaluation is the network's.
#[test]
fn the_kept_hidden_layer_equals_the_summed_one() {
    let starts = [
        crate::STARTING_FEN,
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1",
    ];
    let mut rng = StdRng::seed_from_u64(11);
    let mut kinds = std::collections::HashSet::new();
    for fen in starts {
        for _ in 0..30 {
            let mut position = Position::from_fen_detailed(fen).expect("valid");
            for _ in 0..80 {
                let mut fresh = Accumulator::empty(network());
                for square in position.occupied() {
                    let piece = position.piece_at(square).expect("occupied");
                    fresh.put(network(), piece, square, network().flips(&position));
                }
                assert_eq!(fresh, position.accumulator, "{}", position.fen());
                assert_eq!(
                    position.evaluate(),
                    network().evaluate_from_scratch(&position),
                    "{}",
                    position.fen()
                );
                let mut moves = MoveList::new();
                position.generate(&mut moves);
                let Some(&mv) = moves.choose(&mut rng) else {
                    break;
                };
                kinds.insert(format!("{:?}", mv.kind()));
                position = position.play(mv);
            }
        }
    }
    assert_eq!(kinds.len(), 4, "every kind of move was played: {kinds:?}");
}

/// The network sees the board from the side to move: a position and its
/// mirror image (colours swapped) evaluate alike.
#[test]
fn mirrored_positions_evaluate_alike() {
    for fen in [
        crate::STARTING_FEN,
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "6k1/5ppp/8/8/3Q4/8/5PPP/6K1 b - - 0 1",
    ] {
        let position = Position::from_fen_detailed(fen).expect("valid");
        assert_eq!(position.evaluate(), mirror(&position).evaluate(), "{fen}");
    }
}

/// One neuron lit by White's king on e1, read by the side to move's first
/// output weight: 1.0 x 1.0 is 400 cp for White to move; for Black to move
/// the neuron is White's perspective's, read by the other output weight (0).
#[test]
fn the_arithmetic_is_exact_on_a_hand_made_network() {
    let king = Piece {
        color: Color::White,
        role: Role::King,
    };
    let e1 = Square::new(4);
    let mut net = Network::zeroed();
    net.feature_weights[feature_index(Color::White, king, e1, false)][0] = QA as i16;
    net.output_weights[0][0][0] = QB as i16;
    let white = Position::from_fen_detailed("3k4/8/8/8/8/8/8/4K3 w - - 0 1").expect("valid");
    let black = Position::from_fen_detailed("3k4/8/8/8/8/8/8/4K3 b - - 0 1").expect("valid");
    assert_eq!(net.evaluate_from_scratch(&white), SCALE);
    assert_eq!(net.evaluate_from_scratch(&black), 0);
    // Clipped at 1.0; half a neuron squares to a quarter.
    net.feature_weights[feature_index(Color::White, king, e1, false)][0] = 3 * QA as i16;
    assert_eq!(net.evaluate_from_scratch(&white), SCALE);
    net.feature_weights[feature_index(Color::White, king, e1, false)][0] = 128;
    assert_eq!(
        net.evaluate_from_scratch(&white),
        128 * 128 * 64 / 255 * 400 / (255 * 64)
    );
    // Negative neurons are off; the bias counts in `QA * QB`.
    net.feature_weights[feature_index(Color::White, king, e1, false)][0] = -QA as i16;
    net.output_bias[0] = QA * QB / 4;
    assert_eq!(net.evaluate_from_scratch(&white), SCALE / 4);
    // Black's perspective sees its own king on e8 as White's sees e1.
    net.output_bias[0] = 0;
    let black_king = Piece {
        color: Color::Black,
        role: Role::King,
    };
    assert_eq!(
        feature_index(Color::Black, black_king, Square::new(60), false),
        feature_index(Color::White, king, e1, false)
    );
    assert_eq!(
        mirror_feature(feature_index(Color::White, king, e1, false)),
        feature_index(Color::Black, king, e1, false)
    );
}

#[test]
fn network_files_round_trip_and_bad_ones_are_refused() {
    let bytes = network().to_bytes();
    assert!(Network::from_bytes(&bytes).as_ref() == Ok(network()));
    // Horizontal mirroring is the magic's: AUGURNN3 with, AUGURNN2 without.
    for horizontal_mirror in [false, true] {
        let net = Network {
            horizontal_mirror,
            ..network().clone()
        };
        let file = net.to_bytes();
        let magic: &[u8] = if horizontal_mirror {
            b"AUGURNN3"
        } else {
            b"AUGURNN2"
        };
        assert_eq!(&file[..8], magic);
        assert!(Network::from_bytes(&file) == Ok(net));
    }
    let mut bad = bytes.clone();
    bad[0] = b'X';
    assert_eq!(Network::from_bytes(&bad), Err(NetworkError::Magic));
    for hidden in [0, HIDDEN as u32 + 1] {
        let mut bad = bytes.clone();
        bad[12..16].copy_from_slice(&hidden.to_le_bytes());
        assert!(matches!(
            Network::from_bytes(&bad),
            Err(NetworkError::Shape { hidden: h, .. }) if h == hidden
        ));
    }
    let mut bad = bytes.clone();
    bad[16] = 3;
    assert!(matches!(
        Network::from_bytes(&bad),
        Err(NetworkError::Shape { buckets: 3, .. })
    ));
    assert!(matches!(
        Network::from_bytes(&bytes[..bytes.len() - 1]),
        Err(NetworkError::Length { .. })
    ));
    let mut wide = Network::zeroed();
    wide.output_weights[OUTPUT_BUCKETS - 1][1][5] = OUTPUT_WEIGHT_LIMIT + 1;
    assert_eq!(
        Network::from_bytes(&wide.to_bytes()),
        Err(NetworkError::OutputWeight(OUTPUT_WEIGHT_LIMIT + 1))
    );
    wide.output_weights[OUTPUT_BUCKETS - 1][1][5] = -OUTPUT_WEIGHT_LIMIT;
    assert!(Network::from_bytes(&wide.to_bytes()) == Ok(wide));
}

/// A file with fewer hidden neurons reads with the missing ones zero, and
/// evaluates as the same network with those neurons silenced.
#[test]
fn a_smaller_hidden_layer_reads_with_the_missing_neurons_zero() {
    let kept = HIDDEN / 2;
    let full = network().to_bytes();
    let rows_end = full.len() - 4 * OUTPUT_BUCKETS;
    let mut small = full[..20].to_vec();
    small[12..16].copy_from_slice(&(kept as u32).to_le_bytes());
    for row in full[20..rows_end].chunks_exact(2 * HIDDEN) {
        small.extend_from_slice(&row[..2 * kept]);
    }
    small.extend_from_slice(&full[rows_end..]);
    let read = Network::from_bytes(&small).expect("a smaller hidden layer reads");
    let mut silenced = network().clone();
    for row in silenced
        .feature_weights
        .iter_mut()
        .chain([&mut silenced.feature_bias])
        .chain(silenced.output_weights.iter_mut().flatten())
    {
        row[kept..].fill(0);
    }
    assert!(read == silenced);
    let position = Position::from_fen_detailed(crate::STARTING_FEN).expect("valid");
    assert_ne!(
        read.evaluate_from_scratch(&position),
        network().evaluate_from_scratch(&position),
        "half the neurons silenced should change the evaluation"
    );
    assert!(matches!(
        Network::from_bytes(&small[..small.len() - 2]),
        Err(NetworkError::Length { .. })
    ));
}

/// The number of pieces picks the output weights: the same hidden layer
/// read through bucket 0 (2-5 pieces) and bucket 7 (30-32 pieces).
#[test]
fn the_piece_count_picks_the_output_bucket() {
    assert_eq!(output_bucket(2), 0);
    assert_eq!(output_bucket(5), 0);
    assert_eq!(output_bucket(6), 1);
    assert_eq!(output_bucket(29), 6);
    assert_eq!(output_bucket(30), 7);
    assert_eq!(output_bucket(32), 7);
    let mut net = Network::zeroed();
    for (bucket, bias) in net.output_bias.iter_mut().enumerate() {
        *bias = QA * QB * (bucket as i32 + 1) / 8;
    }
    let bare = Position::from_fen_detailed("3k4/8/8/8/8/8/8/4K3 w - - 0 1").expect("valid");
    let full = Position::from_fen_detailed(crate::STARTING_FEN).expect("valid");
    assert_eq!(net.evaluate_from_scratch(&bare), SCALE / 8);
    assert_eq!(net.evaluate_from_scratch(&full), SCALE);
    // The output weights too: one lit neuron counts only where its bucket's
    // weight is set.
    net.output_bias = [0; OUTPUT_BUCKETS];
    net.feature_bias[3] = QA as i16;
    net.output_weights[1][0][3] = QB as i16;
    let six = Position::from_fen_detailed("3k4/3p4/8/8/8/8/2PPP3/4K3 w - - 0 1").expect("valid");
    assert_eq!(net.evaluate_from_scratch(&six), SCALE);
    assert_eq!(net.evaluate_from_scratch(&bare), 0);
}

/// A single-output (`AUGURNN1`) file reads with its output in every
/// bucket, so it evaluates as it did.
#[test]
fn single_output_files_serve_every_bucket() {
    let mut net = Network::zeroed();
    net.feature_weights[7][2] = 99;
    net.feature_bias[4] = 200;
    net.output_weights[0][0][4] = 50;
    net.output_weights[0][1][9] = -60;
    net.output_bias[0] = -1234;
    let full = net.to_bytes();
    // Rewrite as the single-output format: no bucket count, one output.
    let mut single = b"AUGURNN1".to_vec();
    single.extend_from_slice(&full[8..16]);
    let outputs_at = 20 + 2 * (INPUTS * HIDDEN + HIDDEN);
    single.extend_from_slice(&full[20..outputs_at + 4 * HIDDEN]);
    single.extend_from_slice(&(-1234i32).to_le_bytes());
    let read = Network::from_bytes(&single).expect("a single-output file reads");
    assert_eq!(read.feature_weights, net.feature_weights);
    assert_eq!(read.feature_bias, net.feature_bias);
    for bucket in 0..OUTPUT_BUCKETS {
        assert_eq!(read.output_weights[bucket], net.output_weights[0]);
        assert_eq!(read.output_bias[bucket], -1234);
    }
    assert!(matches!(
        Network::from_bytes(&single[..single.len() - 2]),
        Err(NetworkError::Length { .. })
    ));
}

#[test]
fn extreme_networks_evaluate_within_the_limit() {
    // Every neuron saturated, every output weight at its limit, and the
    // largest output bias a file can hold: the sum would overflow 32 bits.
    let position = Position::startpos();
    for sign in [1i16, -1] {
        let mut net = Network::zeroed();
        net.feature_bias = [QA as i16; HIDDEN];
        net.output_weights = [[[sign * OUTPUT_WEIGHT_LIMIT; HIDDEN]; 2]; OUTPUT_BUCKETS];
        net.output_bias = [i32::from(sign) * i32::MAX; OUTPUT_BUCKETS];
        let read = Network::from_bytes(&net.to_bytes()).expect("a legal file");
        assert_eq!(
            read.evaluate_from_scratch(&position),
            i32::from(sign) * EVALUATION_LIMIT
        );
        // Within the limit the output is exact: 2 x HIDDEN neurons at 1.0
        // times 1.0 (QB) is 2 x HIDDEN x SCALE centipawns, beyond the limit.
        net.output_bias = [0; OUTPUT_BUCKETS];
        net.output_weights = [[[sign; HIDDEN]; 2]; OUTPUT_BUCKETS];
        assert_eq!(
            net.evaluate_from_scratch(&position),
            i32::from(sign) * 2 * HIDDEN as i32 * SCALE / QB
        );
    }
}
