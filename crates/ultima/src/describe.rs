//! Ultima moves and boards described for boards and scripts
//! ([`augur_core::MoveShape`], [`augur_core::BoardDetails`]): the captures
//! are those playing the move removes, worked out on the position.

use augur_core::board_details::details_from_pieces;
use augur_core::{BoardDetails, MoveShape, PieceKind};

use crate::moves::UltimaMove;
use crate::position::Position;
use crate::types::Kind;

/// A kind in words (the rules' names).
const fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::King => "king",
        Kind::Withdrawer => "withdrawer",
        Kind::Coordinator => "coordinator",
        Kind::Leaper => "long leaper",
        Kind::Chameleon => "chameleon",
        Kind::Pincer => "pincer",
        Kind::Immobilizer => "immobilizer",
    }
}

impl Position {
    /// What the legal move `mv` does: one piece moves, and every enemy
    /// piece it captures (displacement, withdrawal, coordination, pincers,
    /// long leaps, the chameleon's imitations) is listed.
    pub(crate) fn shape_of(&self, mv: UltimaMove) -> MoveShape {
        let mut shape = MoveShape::step(mv.from(), mv.to());
        shape.captured = self.captured_by(mv).into_iter().collect();
        shape
    }

    /// The board in typed values: each piece's kind named, the immobilized
    /// pieces frozen.
    pub(crate) fn details(&self) -> BoardDetails {
        let mut details = details_from_pieces(self);
        for square in &mut details.squares {
            if let Some((team, kind)) = self.piece_at(square.square) {
                square.team = team;
                square.piece = PieceKind::named(kind_name(kind));
            }
        }
        details
    }
}
