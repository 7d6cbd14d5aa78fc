//! How a chess game ends (per `docs/rules/chess.md`):
//! checkmate, stalemate, the 50-move rule (100 plies without a capture or
//! pawn move; a mate delivered on the 100th ply still counts as mate), and
//! insufficient material. Threefold repetition needs the game's history and
//! is decided by `Game::outcome_with_history` from the position keys.
//!
//! Insufficient material: the rules list K v K, K+B v K, K+N v K and K+B v
//! K+B with the bishops on one colour. We apply the general form of the last
//! two, which is equally dead: no pawns, rooks or queens, and either a single
//! knight and nothing else, or only bishops, all on squares of one colour.

use augur_core::{Bitboard, Color, Outcome, Termination};

use crate::position::Position;
use crate::types::Role;

impl Position {
    /// Whether neither side can ever checkmate.
    pub fn is_insufficient_material(&self) -> bool {
        let heavy = self.by_role(Role::Pawn) | self.by_role(Role::Rook) | self.by_role(Role::Queen);
        if heavy.any() {
            return false;
        }
        let knights = self.by_role(Role::Knight);
        let bishops = self.by_role(Role::Bishop);
        if knights.any() {
            return knights.count() == 1 && bishops.is_empty();
        }
        (bishops & Bitboard::LIGHT_SQUARES).is_empty()
            || (bishops & Bitboard::DARK_SQUARES).is_empty()
    }

    /// The outcome decided by this position alone (repetition aside).
    pub(crate) fn outcome_by_rules(&self) -> Option<Outcome> {
        if self.count_legal_moves() == 0 {
            return Some(if self.checkers.any() {
                let winner = match self.side {
                    Color::White => Color::Black,
                    Color::Black => Color::White,
                };
                Outcome::win(winner, Termination::Checkmate)
            } else {
                Outcome::draw(Termination::Stalemate)
            });
        }
        if self.halfmove_clock >= 100 {
            return Some(Outcome::draw(Termination::MoveRule));
        }
        if self.is_insufficient_material() {
            return Some(Outcome::draw(Termination::InsufficientMaterial));
        }
        None
    }
}
