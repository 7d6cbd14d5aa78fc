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

#[cfg(test)]
mod tests {
    use augur_core::{Game, MoveList};

    use crate::Position;

    /// Walks every line `depth` plies deep, playing each move both on the
    /// board alone (perft's play) and on the whole position (the search's):
    /// the boards must agree, and the incremental key must match the key
    /// computed from scratch.
    fn walk_both(position: &Position, depth: u32) {
        if depth == 0 {
            return;
        }
        let mut moves = MoveList::new();
        position.generate(&mut moves);
        let mut child = position.board;
        for &mv in moves.iter() {
            position.board.play_board_into(mv, &mut child);
            let played = position.play(mv);
            assert_eq!(child, played.board, "{} {mv}", position.fen());
            assert_eq!(child.zobrist(), child.recompute_zobrist(), "{child:?}");
            walk_both(&played, depth - 1);
        }
    }

    #[test]
    fn the_board_alone_plays_as_the_position_does() {
        let standard = [
            crate::STARTING_FEN,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        ];
        for fen in standard {
            walk_both(&Position::from_fen_detailed(fen).expect("valid"), 3);
        }
        // Chess960: the king castles onto the g-file rook's square.
        let (chess960, _) =
            Position::from_fen_chess960("1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1")
                .expect("valid");
        walk_both(&chess960, 3);
    }

    #[test]
    fn count_leaves_is_the_board_walk() {
        let position = Position::from_fen_detailed(
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        )
        .expect("valid");
        assert_eq!(position.count_leaves(3), Some(97_862));
        assert_eq!(position.board.perft(3), 97_862);
    }
}
