//! Making a move: copy the position, move the pieces through the helpers that
//! keep the Zobrist key in step, then refresh check information.

use augur_core::Square;

use crate::moves::{Move, MoveKind};
use crate::position::Position;
use crate::types::{CastlingRights, Color, Piece, Role};

/// Castling rights kept when a piece moves from or to each square: moving a
/// king or rook, or capturing a rook on its home square, drops rights.
const CASTLING_KEPT: [u8; 64] = {
    let mut kept = [15u8; 64];
    kept[0] = 15 & !CastlingRights::WHITE_QUEEN_SIDE; // a1
    kept[4] = 15 & !(CastlingRights::WHITE_KING_SIDE | CastlingRights::WHITE_QUEEN_SIDE); // e1
    kept[7] = 15 & !CastlingRights::WHITE_KING_SIDE; // h1
    kept[56] = 15 & !CastlingRights::BLACK_QUEEN_SIDE; // a8
    kept[60] = 15 & !(CastlingRights::BLACK_KING_SIDE | CastlingRights::BLACK_QUEEN_SIDE); // e8
    kept[63] = 15 & !CastlingRights::BLACK_KING_SIDE; // h8
    kept
};

impl Position {
    /// The position after `mv`, a legal move of this position (from
    /// [`Position::legal_moves`] or checked with it).
    #[inline]
    pub(crate) fn play_unchecked(&self, mv: Move) -> Position {
        let mut next = *self;
        let (from, to) = (mv.from(), mv.to());
        let us = self.side;
        let mover = match self.piece_at(from) {
            Some(piece) => piece,
            None => return next, // Not a move of this position; nothing to do.
        };
        let captured = self.piece_at(to);
        next.set_en_passant(None);
        next.halfmove_clock = next.halfmove_clock.saturating_add(1);
        let mut double_step_target = None;

        match mv.kind() {
            MoveKind::Normal => {
                if let Some(victim) = captured {
                    next.remove(to, victim);
                    next.halfmove_clock = 0;
                }
                next.relocate(from, to, mover);
                if mover.role == Role::Pawn {
                    next.halfmove_clock = 0;
                    if from.index().abs_diff(to.index()) == 16 {
                        double_step_target =
                            Some(Square::new(((from.index() + to.index()) / 2) as u8));
                    }
                }
            }
            MoveKind::Promotion => {
                if let Some(victim) = captured {
                    next.remove(to, victim);
                }
                next.remove(from, mover);
                let role = mv.promotion_role().unwrap_or(Role::Queen);
                next.put(to, Piece { color: us, role });
                next.halfmove_clock = 0;
            }
            MoveKind::EnPassant => {
                let victim_square = Square::new(match us {
                    Color::White => to.index() - 8,
                    Color::Black => to.index() + 8,
                } as u8);
                next.remove(
                    victim_square,
                    Piece {
                        color: us.opponent(),
                        role: Role::Pawn,
                    },
                );
                next.relocate(from, to, mover);
                next.halfmove_clock = 0;
            }
            MoveKind::Castling => {
                let rank = from.index() & 56;
                let (rook_from, rook_to) = if to.file() == 6 {
                    (rank + 7, rank + 5)
                } else {
                    (rank, rank + 3)
                };
                next.relocate(from, to, mover);
                next.relocate(
                    Square::new(rook_from as u8),
                    Square::new(rook_to as u8),
                    Piece {
                        color: us,
                        role: Role::Rook,
                    },
                );
            }
        }

        let kept = CASTLING_KEPT[from.index()] & CASTLING_KEPT[to.index()];
        if self.castling.0 & !kept != 0 {
            next.set_castling(CastlingRights(self.castling.0 & kept));
        }
        if us == Color::Black {
            next.fullmove_number = next.fullmove_number.saturating_add(1);
        }
        next.flip_side();
        next.refresh_check_info();
        if let Some(target) = double_step_target
            && next.en_passant_capturers(target).any()
        {
            next.set_en_passant(Some(target));
        }
        next
    }
}
