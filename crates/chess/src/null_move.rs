//! The null move: passing the turn, for null-move pruning.

use crate::position::Position;
use crate::types::Color;

impl Position {
    /// The position with the turn passed: no en passant square, the other
    /// side to move, the halfmove clock advanced (and the move number, when
    /// Black passes, as after any Black move). `None` when the side to move
    /// is in check, where passing would leave the king capturable.
    pub fn null_move(&self) -> Option<Position> {
        if self.checkers.any() {
            return None;
        }
        let mut next = *self;
        next.set_en_passant(None);
        if self.side == Color::Black {
            next.fullmove_number = next.fullmove_number.saturating_add(1);
        }
        next.halfmove_clock = next.halfmove_clock.saturating_add(1);
        next.flip_side();
        next.refresh_check_info();
        Some(next)
    }
}
