//! The chess position: the [`Board`], the network it evaluates with and
//! that network's hidden layer for the board. The position reads as its
//! board (`Deref`), so the board's methods and fields are the position's;
//! only playing a move and evaluating need the network.

use std::ops::{Deref, DerefMut};

use crate::board::Board;
use crate::nnue::{Accumulator, NetworkRef, embedded_network};

/// A legal chess position (copy-make: moves return new positions).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Position {
    /// The pieces, side to move, rights, clocks and key.
    pub(crate) board: Board,
    /// The network this position evaluates with; moves played keep it.
    pub(crate) network: NetworkRef,
    /// The network's hidden layer for this board: summed when the position
    /// is read, then kept in step by every move played (`play.rs`).
    pub(crate) accumulator: Accumulator,
}

impl Position {
    /// A board with no pieces, White to move, no rights: the starting point
    /// of FEN parsing, evaluated with the embedded network. Not a legal
    /// position until kings are placed.
    pub(crate) fn empty() -> Self {
        let network = embedded_network();
        Position {
            board: Board::empty(),
            network,
            accumulator: Accumulator::empty(&network),
        }
    }

    /// The board without the hidden layer.
    #[inline(always)]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The network this position evaluates with (positions read from a
    /// FEN start with the embedded one; moves played keep it).
    #[inline(always)]
    pub fn network(&self) -> NetworkRef {
        self.network
    }

    /// Evaluates with `network` from now on (and so do the positions
    /// after it): its hidden layer is summed from scratch, unless this
    /// position already evaluates with it.
    pub fn set_network(&mut self, network: NetworkRef) {
        if self.network != network {
            self.network = network;
            self.accumulator = Accumulator::of(&network, &self.board);
        }
    }

    /// This position evaluated with `network` ([`Position::set_network`]).
    pub fn with_network(mut self, network: NetworkRef) -> Self {
        self.set_network(network);
        self
    }
}

impl Deref for Position {
    type Target = Board;

    #[inline(always)]
    fn deref(&self) -> &Board {
        &self.board
    }
}

impl DerefMut for Position {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut Board {
        &mut self.board
    }
}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position({})", self.write_fen())
    }
}
