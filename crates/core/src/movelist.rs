//! A fixed-capacity move list that never touches the heap.

use arrayvec::ArrayVec;
use std::ops::{Deref, DerefMut};

/// The most moves any Augur game can have in one position. Chess needs 218;
/// Ultima and Oracle chess need more. Unused slots cost nothing (they are
/// never initialised).
pub const MAX_MOVES: usize = 1024;

/// A list of moves held inline (on the stack).
#[derive(Clone, Debug, Default)]
pub struct MoveList<M> {
    moves: ArrayVec<M, MAX_MOVES>,
}

impl<M> MoveList<M> {
    /// An empty list.
    #[inline(always)]
    pub fn new() -> Self {
        Self {
            moves: ArrayVec::new(),
        }
    }

    /// Appends a move. A game's generator must never produce more than
    /// [`MAX_MOVES`] moves; exceeding it is a bug in that generator.
    #[inline(always)]
    pub fn push(&mut self, mv: M) {
        self.moves.push(mv);
    }

    /// Removes every move.
    #[inline(always)]
    pub fn clear(&mut self) {
        self.moves.clear();
    }
}

impl<M> Deref for MoveList<M> {
    type Target = [M];
    #[inline(always)]
    fn deref(&self) -> &[M] {
        &self.moves
    }
}

impl<M> DerefMut for MoveList<M> {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [M] {
        &mut self.moves
    }
}

impl<'a, M> IntoIterator for &'a MoveList<M> {
    type Item = &'a M;
    type IntoIter = std::slice::Iter<'a, M>;
    fn into_iter(self) -> Self::IntoIter {
        self.moves.iter()
    }
}

impl<M> Extend<M> for MoveList<M> {
    fn extend<I: IntoIterator<Item = M>>(&mut self, iter: I) {
        for mv in iter {
            self.push(mv);
        }
    }
}
