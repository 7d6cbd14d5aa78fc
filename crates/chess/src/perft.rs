//! Perft on the [`Board`]: the leaf count of the legal move tree, walked
//! without the network's hidden layer (counting never evaluates), the last
//! ply bulk-counted without building moves.

use augur_core::MoveList;

use crate::board::Board;

impl Board {
    /// The number of leaf nodes `depth` plies below this board.
    pub(crate) fn perft(&self, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => self.count_legal_moves(),
            _ => {
                let mut moves = MoveList::new();
                self.legal_moves(&mut moves);
                let mut child = *self;
                let mut leaves = 0;
                for &mv in moves.iter() {
                    self.play_board_into(mv, &mut child);
                    leaves += child.perft(depth - 1);
                }
                leaves
            }
        }
    }
}
