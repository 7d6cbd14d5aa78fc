//! The chess position: the [`Board`] and the network's hidden layer for it.
//! The position reads as its board (`Deref`), so the board's methods and
//! fields are the position's; only playing a move and evaluating need the
//! hidden layer.

use std::ops::{Deref, DerefMut};

use crate::board::Board;
use crate::nnue::{Accumulator, network};

/// A legal chess position (copy-make: moves return new positions).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Position {
    /// The pieces, side to move, rights, clocks and key.
    pub(crate) board: Board,
    /// The network's hidden layer for this board: summed when the position
    /// is read, then kept in step by every move played (`play.rs`).
    pub(crate) accumulator: Accumulator,
}

impl Position {
    /// A board with no pieces, White to move, no rights: the starting point
    /// of FEN parsing. Not a legal position until kings are placed.
    pub(crate) fn empty() -> Self {
        Position {
            board: Board::empty(),
            accumulator: Accumulator::empty(network()),
        }
    }

    /// The board without the hidden layer.
    #[inline(always)]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Sums the network's hidden layer again with the current network. A
    /// position keeps the layer of the network that was current when it
    /// was made, so after `nnue::use_network` this brings it up to date.
    pub fn refresh_network(&mut self) {
        self.accumulator = Accumulator::of(network(), &self.board);
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
