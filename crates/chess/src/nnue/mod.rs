//! The chess network: an efficiently updatable neural network (NNUE)
//! `768 -> HIDDEN x 2 -> 1` (one output per material bucket) trained only
//! on Augur's own self-play games (`tools/nnue-train`; provenance in
//! `docs/nnue.md`).
//!
//! - Inputs: one per (piece colour relative to the perspective, role,
//!   square seen from the perspective) — [`feature_index`]. Each side's
//!   *perspective* sees its own pieces as the first 384 inputs and the board
//!   flipped vertically when it is Black. A network with horizontal
//!   mirroring ([`Network::horizontal_mirror`]) also sees the board flipped
//!   left to right, for a perspective whose own king stands on files a-d
//!   ([`mirrors_files`]), so that this king is always read on files e-h.
//! - Hidden layer: `HIDDEN` neurons per perspective with shared weights,
//!   kept as an [`Accumulator`] inside the position and updated
//!   incrementally as pieces are put, removed and moved.
//! - Output: the squared clipped ReLU (`clamp(x, 0, 1)²`) of the side to
//!   move's neurons then the other side's, times the output weights, plus
//!   a bias, scaled to centipawns. There are [`OUTPUT_BUCKETS`] sets of
//!   output weights and biases; the number of pieces on the board picks
//!   one ([`output_bucket`]), so openings, middlegames and endings each
//!   read the same hidden layer their own way.
//!
//! Each position carries the network it evaluates with ([`NetworkRef`],
//! `Position::set_network`): the embedded network file unless another was
//! read at run time ([`load_network`], the `EvalFile` option) and given to
//! it. Networks read at run time are held once for the life of the process
//! (about 400 kB each, at most [`MAX_LOADED_NETWORKS`]; see [`intern`]).
//!
//! Integer arithmetic: hidden weights and biases are quantised by
//! [`QA`] (255), output weights by [`QB`] (64); the output bias by
//! `QA * QB`. The network file format is [`Network::from_bytes`].

mod accumulator;
mod file;
mod load;
mod registry;

pub use accumulator::Accumulator;
pub use file::{NetworkError, OUTPUT_WEIGHT_LIMIT};
pub use load::{MAX_NETWORK_FILE_BYTES, load_network, read_network_file};
pub use registry::{
    MAX_LOADED_NETWORKS, NetworkRef, embedded_network, embedded_network_reads, intern,
};

use augur_core::Square;

use crate::types::{Color, Piece};

/// Inputs: 2 relative colours x 6 roles x 64 squares.
pub const INPUTS: usize = 768;
/// Hidden neurons per perspective.
pub const HIDDEN: usize = 256;
const _: () = assert!(HIDDEN <= 256, "squared_clipped_dot's sum would overflow");
/// Sets of output weights, chosen by the number of pieces on the board.
pub const OUTPUT_BUCKETS: usize = 8;
/// Quantisation of the hidden layer: 1.0 is `QA`.
pub const QA: i32 = 255;
/// Quantisation of the output weights: 1.0 is `QB`.
pub const QB: i32 = 64;
/// The network's output 1.0 is this many centipawns.
pub const SCALE: i32 = 400;
/// The evaluation is held within ±this many centipawns, far inside the
/// search's mate scores, whatever a network file (`EvalFile`) holds.
pub const EVALUATION_LIMIT: i32 = 20_000;

/// The input index of `piece` on `square` seen from `perspective`: own
/// pieces first, each perspective looking up the board from its own side,
/// and with `flip_files` the files read right to left (a <-> h).
#[inline(always)]
pub fn feature_index(perspective: Color, piece: Piece, square: Square, flip_files: bool) -> usize {
    let files = if flip_files { 7 } else { 0 };
    let (relative, seen) = match perspective {
        Color::White => (piece.color.index(), square.index() ^ files),
        Color::Black => (1 - piece.color.index(), square.index() ^ 56 ^ files),
    };
    relative * 384 + piece.role.index() * 64 + seen
}

/// Whether a perspective whose own king stands on `king` reads the board
/// flipped left to right, in a network with horizontal mirroring: on files
/// a-d it does.
#[inline(always)]
pub fn mirrors_files(king: Square) -> bool {
    king.file() < 4
}

/// The output bucket of a position with `pieces` pieces (kings included):
/// 2-5 pieces read bucket 0, 6-9 bucket 1, ..., 30-32 bucket 7.
#[inline(always)]
pub const fn output_bucket(pieces: u32) -> usize {
    let bucket = pieces.saturating_sub(2) as usize / 4;
    if bucket < OUTPUT_BUCKETS {
        bucket
    } else {
        OUTPUT_BUCKETS - 1
    }
}

/// The active inputs of `position` seen from `perspective`, one per piece,
/// read with the files flipped when `flip_files`.
pub fn active_features(
    position: &crate::Position,
    perspective: Color,
    flip_files: bool,
) -> impl Iterator<Item = usize> + '_ {
    position.occupied().into_iter().filter_map(move |square| {
        position
            .piece_at(square)
            .map(|piece| feature_index(perspective, piece, square, flip_files))
    })
}

/// The same input seen from the other perspective: colours swapped and the
/// board flipped top to bottom (`feature_index(Black, p, s, f) ==
/// mirror_feature(feature_index(White, p, s, f))`).
#[inline(always)]
pub const fn mirror_feature(index: usize) -> usize {
    let (relative, rest) = (index / 384, index % 384);
    (1 - relative) * 384 + (rest / 64) * 64 + ((rest % 64) ^ 56)
}

/// A quantised network.
#[derive(Clone, PartialEq, Eq)]
pub struct Network {
    /// Hidden weights, one row of `HIDDEN` per input (scaled by [`QA`]).
    pub feature_weights: Vec<[i16; HIDDEN]>,
    /// Hidden biases (scaled by [`QA`]).
    pub feature_bias: [i16; HIDDEN],
    /// Output weights per bucket: the side to move's neurons, then the
    /// other side's (scaled by [`QB`]).
    pub output_weights: [[[i16; HIDDEN]; 2]; OUTPUT_BUCKETS],
    /// Output bias per bucket (scaled by `QA * QB`).
    pub output_bias: [i32; OUTPUT_BUCKETS],
    /// Horizontal mirroring: each perspective whose own king stands on
    /// files a-d reads the board flipped left to right ([`mirrors_files`]).
    pub horizontal_mirror: bool,
}

/// Brief: a network's weights are too many to print.
impl std::fmt::Debug for Network {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Network {{ {INPUTS} -> {HIDDEN} x 2 -> 1 x {OUTPUT_BUCKETS} buckets, \
             horizontal mirror {}, output biases {:?} }}",
            self.horizontal_mirror, self.output_bias
        )
    }
}

impl Network {
    /// All weights zero: evaluates every position as 0.
    pub fn zeroed() -> Network {
        Network {
            feature_weights: vec![[0; HIDDEN]; INPUTS],
            feature_bias: [0; HIDDEN],
            output_weights: [[[0; HIDDEN]; 2]; OUTPUT_BUCKETS],
            output_bias: [0; OUTPUT_BUCKETS],
            horizontal_mirror: false,
        }
    }

    /// Whether White's and Black's perspectives read `position` with the
    /// files flipped (never, without horizontal mirroring).
    #[inline(always)]
    pub fn flips(&self, position: &crate::Board) -> [bool; 2] {
        if self.horizontal_mirror {
            Color::BOTH.map(|color| mirrors_files(position.king_square(color)))
        } else {
            [false; 2]
        }
    }

    /// The side to move's evaluation of `position` with this network,
    /// its hidden layer summed from scratch.
    pub fn evaluate_from_scratch(&self, position: &crate::Position) -> i32 {
        self.evaluate(
            &Accumulator::of(self, position),
            position.side_to_move(),
            position.occupied().count(),
        )
    }

    /// The evaluation of the side to move, in centipawns, from the two
    /// perspectives' accumulated neurons, with the output bucket of a board
    /// holding `pieces` pieces.
    #[inline]
    pub fn evaluate(&self, accumulator: &Accumulator, side: Color, pieces: u32) -> i32 {
        let bucket = output_bucket(pieces);
        let [ours, theirs] = &self.output_weights[bucket];
        let us = accumulator.perspective(side);
        let them = accumulator.perspective(side.opponent());
        // Each perspective's sum fits 32 bits; both together, and the
        // scaled output of an arbitrary file, may not: 64 bits hold them.
        let sum =
            i64::from(squared_clipped_dot(us, ours)) + i64::from(squared_clipped_dot(them, theirs));
        let output = (sum / i64::from(QA) + i64::from(self.output_bias[bucket])) * i64::from(SCALE)
            / i64::from(QA * QB);
        output.clamp(-i64::from(EVALUATION_LIMIT), i64::from(EVALUATION_LIMIT)) as i32
    }
}

/// `Σ clamp(v, 0, QA)² · w`. With `|w| <= OUTPUT_WEIGHT_LIMIT` (checked when
/// a network is read) and at most 256 neurons the sum stays below
/// `i32::MAX`.
#[inline(always)]
fn squared_clipped_dot(values: &[i16; HIDDEN], weights: &[i16; HIDDEN]) -> i32 {
    // `clipped * w` fits 16 bits (255 x 127), so the product is taken in
    // 16 bits and widened once: the form x86's multiply-add instruction
    // (16-bit products summed in pairs into 32 bits) computes.
    let mut sum = 0i32;
    for (&v, &w) in values.iter().zip(weights) {
        let clipped = v.clamp(0, QA as i16);
        sum += i32::from(clipped * w) * i32::from(clipped);
    }
    sum
}

#[cfg(test)]
mod tests;
