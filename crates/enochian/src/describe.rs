//! Enochian moves and boards described for boards and scripts
//! ([`augur_core::MoveShape`], [`augur_core::BoardDetails`]): read from the
//! packed move, the pieces and the position's own fields (army to move,
//! direction, frozen armies, control, die), never from text.

use augur_core::{
    ArmyDetails, BoardDetails, ChoiceKind, DieState, Game, MoveChoice, MoveShape, PieceKind,
    Square, SquareDetails, TurnDirection,
};

use crate::moves::EnochianMove;
use crate::position::{Die, Position};
use crate::types::{Army, Kind, Piece};

/// A kind in words.
const fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::King => "king",
        Kind::Queen => "queen",
        Kind::Rook => "rook",
        Kind::Bishop => "bishop",
        Kind::Knight => "knight",
        Kind::Pawn => "pawn",
    }
}

/// A piece's kind in words, with a pawn's type.
fn piece_kind(piece: Piece) -> PieceKind {
    PieceKind {
        name: kind_name(piece.kind).to_string(),
        pawn_of: piece
            .pawn_type
            .map(|t| kind_name(Kind::from_pawn_type(t)).to_string()),
    }
}

impl Position {
    /// What the legal move `mv` does.
    ///
    /// - A piece moving goes from `from` to `to`; whatever stands on `to`
    ///   (an enemy piece, or a King and its partner on a throne) is
    ///   `captured`. A throne partner leaving its King is a
    ///   [`ChoiceKind::Mover`] of its kind (a plain move from a shared
    ///   throne is the King's); a promotion is a [`ChoiceKind::Promotion`]
    ///   to the piece chosen, and a privileged promotion's demoted piece is
    ///   `placed` where it stands.
    /// - The exchange of prisoners has no squares; the returning Kings are
    ///   `placed`.
    /// - A lost turn has no squares and changes nothing.
    pub(crate) fn shape_of(&self, mv: EnochianMove) -> MoveShape {
        if mv.is_lost_turn() {
            return MoveShape::default();
        }
        if mv.is_exchange() {
            let after = self.play_move(mv);
            let mut placed: Vec<Square> = Army::ALL
                .into_iter()
                .filter(|&army| self.king(army).is_none())
                .filter_map(|army| after.king(army))
                .collect();
            placed.sort();
            return MoveShape {
                placed,
                ..MoveShape::default()
            };
        }
        let (from, to) = (mv.from(), mv.to());
        let army = self.to_move;
        let mut shape = MoveShape::step(from, to);
        if self.occupied().contains(to) {
            shape.captured.push(to);
        }
        if let Some(kind) = mv.promotion() {
            shape.choices.push(MoveChoice {
                kind: ChoiceKind::Promotion,
                text: kind.letter().to_ascii_lowercase().to_string(),
                piece: kind_name(kind).to_string(),
            });
            if self.privileged(army) {
                shape.placed.extend(self.pieces(army, kind).lowest());
            }
        }
        if mv.is_partner() {
            shape.choices.push(MoveChoice {
                kind: ChoiceKind::Mover,
                text: mv.kind().letter().to_string(),
                piece: kind_name(mv.kind()).to_string(),
            });
        }
        shape
    }

    /// The board in typed values: each square's army (seat), team and
    /// pieces, the four armies' thrones, Kings, freezing and control, the
    /// direction of play, the die and the frozen squares.
    pub(crate) fn details(&self) -> BoardDetails {
        let squares = self
            .occupied()
            .into_iter()
            .filter_map(|square| self.square_details(square))
            .collect();
        let armies = Army::ALL
            .into_iter()
            .map(|army| ArmyDetails {
                seat: army.index(),
                name: army.name().to_string(),
                letter: army.letter().to_string(),
                team: army.team(),
                throne: army.throne(),
                king: self.king(army),
                frozen: self.is_frozen(army),
                controller: self.controller(army).map(Army::index),
            })
            .collect();
        let die = match self.die {
            Die::Off => None,
            Die::Rolled(n) => Some(DieState::Rolled(n)),
            Die::Pending | Die::Any => Some(DieState::NotRolled),
        };
        let mut frozen = self.frozen_squares();
        frozen.sort();
        BoardDetails {
            squares,
            team_to_move: self.to_move.team(),
            seat_to_move: Some(self.to_move.index()),
            frozen,
            pools: Vec::new(),
            armies,
            direction: Some(if self.clockwise {
                TurnDirection::Clockwise
            } else {
                TurnDirection::Anticlockwise
            }),
            die,
        }
    }

    /// The pieces on `square` in typed values, `None` on an empty square.
    fn square_details(&self, square: Square) -> Option<SquareDetails> {
        let [first, second] = self.pieces_at(square);
        let first = first?;
        Some(SquareDetails {
            square,
            text: self.square_token(square)?,
            team: first.army.team(),
            seat: Some(first.army.index()),
            piece: piece_kind(first),
            partner: second.map(piece_kind),
            souls: Vec::new(),
            lifeless: false,
        })
    }
}
