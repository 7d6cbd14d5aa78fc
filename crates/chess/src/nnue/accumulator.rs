//! The hidden layer's sums for both perspectives, kept in step with the
//! board: every piece put, removed or moved adds or subtracts its input's
//! weight row. Arithmetic wraps, so the sums depend only on the pieces on
//! the board, never on the order they arrived in. With horizontal
//! mirroring a perspective whose king changes sides (files a-d against
//! e-h) is summed again from scratch ([`Accumulator::refresh`]).

use augur_core::Square;

use super::{HIDDEN, Network, feature_index};
use crate::types::{Color, Piece};

/// The hidden neurons of White's and Black's perspectives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(64))]
pub struct Accumulator {
    values: [[i16; HIDDEN]; 2],
}

impl Accumulator {
    /// The sums of an empty board: the hidden biases of `network`.
    pub fn empty(network: &Network) -> Accumulator {
        let bias = network.feature_bias;
        Accumulator {
            values: [bias, bias],
        }
    }

    /// The sums of `position`'s pieces, from scratch.
    pub fn of(network: &Network, position: &crate::Board) -> Accumulator {
        let mut accumulator = Accumulator::BLANK;
        for perspective in Color::BOTH {
            accumulator.refresh(network, position, perspective);
        }
        accumulator
    }

    /// Sums `perspective`'s neurons of `position` again from scratch (its
    /// king changed sides in a network with horizontal mirroring).
    pub fn refresh(&mut self, network: &Network, position: &crate::Board, perspective: Color) {
        let flip = network.flips(position)[perspective.index()];
        let sums = &mut self.values[perspective.index()];
        *sums = network.feature_bias;
        for square in position.occupied() {
            if let Some(piece) = position.piece_at(square) {
                let row = &network.feature_weights[feature_index(perspective, piece, square, flip)];
                for (v, &w) in sums.iter_mut().zip(row) {
                    *v = v.wrapping_add(w);
                }
            }
        }
    }

    /// The neurons of `perspective`.
    #[inline(always)]
    pub fn perspective(&self, perspective: Color) -> &[i16; HIDDEN] {
        &self.values[perspective.index()]
    }

    /// `piece` arrives on `square`: its row added to both perspectives
    /// (White's and Black's read with their `flips`, [`Network::flips`]).
    #[inline(always)]
    pub fn put(&mut self, network: &Network, piece: Piece, square: Square, flips: [bool; 2]) {
        for perspective in Color::BOTH {
            let flip = flips[perspective.index()];
            let row = &network.feature_weights[feature_index(perspective, piece, square, flip)];
            for (v, &w) in self.values[perspective.index()].iter_mut().zip(row) {
                *v = v.wrapping_add(w);
            }
        }
    }

    /// Sums to be overwritten whole (by [`Accumulator::write_after`]).
    pub const BLANK: Accumulator = Accumulator {
        values: [[0; HIDDEN]; 2],
    };

    /// Writes into `out` the sums after a move, read from these: plus the
    /// rows of the `added` pieces, minus those of the `removed`, in one
    /// pass per perspective (no copy of these sums is updated in place),
    /// each perspective reading the rows with its `flips`.
    #[inline(always)]
    pub fn write_after<const ADDED: usize, const REMOVED: usize>(
        &self,
        network: &Network,
        flips: [bool; 2],
        added: [(Piece, Square); ADDED],
        removed: [(Piece, Square); REMOVED],
        out: &mut Accumulator,
    ) {
        let rows = &network.feature_weights;
        for perspective in Color::BOTH {
            let flip = flips[perspective.index()];
            let plus =
                added.map(|(piece, square)| &rows[feature_index(perspective, piece, square, flip)]);
            let minus = removed
                .map(|(piece, square)| &rows[feature_index(perspective, piece, square, flip)]);
            let before = &self.values[perspective.index()];
            let after = &mut out.values[perspective.index()];
            for i in 0..HIDDEN {
                let mut v = before[i];
                for row in plus {
                    v = v.wrapping_add(row[i]);
                }
                for row in minus {
                    v = v.wrapping_sub(row[i]);
                }
                after[i] = v;
            }
        }
    }
}
