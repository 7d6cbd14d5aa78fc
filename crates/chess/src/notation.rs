//! Chess's readable notation: SAN (see `san.rs`), and the king in check
//! as the royal piece in danger.

use augur_core::{MoveError, Square};

use crate::moves::Move;
use crate::position::Position;

impl Position {
    /// The legal move `mv` read back from SAN, or from UCI move text.
    pub(crate) fn read_notation(&self, text: &str) -> Result<Move, MoveError> {
        self.parse_san(text.trim())
            .ok_or_else(|| MoveError::Illegal(text.to_string()))
    }

    /// The king of the side to move when it is in check.
    pub(crate) fn king_in_check(&self) -> Vec<Square> {
        if self.checkers().any() {
            vec![self.king_square(self.side_to_move())]
        } else {
            Vec::new()
        }
    }
}
