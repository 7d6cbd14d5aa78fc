//! Chess moves and boards described for boards and scripts
//! ([`augur_core::MoveShape`], [`augur_core::BoardDetails`]): read from the
//! packed move and the board, never from text.

use augur_core::board_details::details_from_pieces;
use augur_core::{BoardDetails, ChoiceKind, MoveChoice, MoveShape, PieceKind};

use crate::board::en_passant_victim;
use crate::castling::destinations;
use crate::moves::{Move, MoveKind};
use crate::position::Position;
use crate::types::Role;

/// A role in words.
const fn role_name(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
    }
}

impl Position {
    /// What the legal move `mv` does: castling moves the king to its
    /// destination (`to`) and the rook alongside; en passant takes the
    /// pawn beside; a promotion's choice is its piece's letter.
    pub(crate) fn shape_of(&self, mv: Move) -> MoveShape {
        let (from, to) = (mv.from(), mv.to());
        let mut shape = MoveShape::step(from, to);
        match mv.kind() {
            MoveKind::Castling => {
                let (king_to, rook_to) = destinations(from, to);
                shape.to = Some(king_to);
                shape.also_moves.push((to, rook_to));
            }
            MoveKind::EnPassant => shape.captured.push(en_passant_victim(self.side, to)),
            MoveKind::Normal | MoveKind::Promotion => {
                if self.piece_at(to).is_some() {
                    shape.captured.push(to);
                }
            }
        }
        if let Some(role) = mv.promotion_role() {
            shape.choices.push(MoveChoice {
                kind: ChoiceKind::Promotion,
                text: role.letter().to_string(),
                piece: role_name(role).to_string(),
            });
        }
        shape
    }

    /// The board in typed values: the FEN letters with their roles named.
    pub(crate) fn details(&self) -> BoardDetails {
        let mut details = details_from_pieces(self);
        for square in &mut details.squares {
            if let Some(piece) = self.piece_at(square.square) {
                square.piece = PieceKind::named(role_name(piece.role));
            }
        }
        details
    }
}
