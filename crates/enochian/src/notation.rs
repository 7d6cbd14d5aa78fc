//! Enochian chess's readable notation (`docs/rules/enochian.md`, "Readable
//! notation"): the moving army's letter (`y b r k`, as position strings
//! write armies), the roll in a divination game, `:`, then the move: the
//! piece's letter, origin, `-` or `x`, `K` after the `x` when a King is
//! taken, destination, and `=` with the piece a pawn promotes to:
//! `b:Nh6-f5`, `y2:Nb8xc6`, `r:Qf6xKh8`, `k:Pg4-h4=Q`. The exchange of
//! prisoners is `y:exchange` and a lost turn `y3:lost-turn`. A roll drawn
//! alone reads `Yellow rolls 3`.
//!
//! The piece letter tells a King from its throne partner leaving the same
//! square, and the promotion piece is always written, so the notation is
//! unique per legal move.

use augur_core::Square;

use crate::moves::EnochianMove;
use crate::position::{Die, Position};
use crate::types::{Kind, team_armies};

impl Position {
    /// The notation of `mv`, a legal move of this position.
    pub(crate) fn notation_of(&self, mv: EnochianMove) -> String {
        let army = self.to_move();
        let roll = match self.die() {
            Die::Rolled(n) => n.to_string(),
            _ => String::new(),
        };
        let prefix = format!("{}{roll}:", army.letter());
        if mv.is_exchange() {
            return format!("{prefix}exchange");
        }
        if mv.is_lost_turn() {
            return format!("{prefix}lost-turn");
        }
        let (from, to) = (mv.from(), mv.to());
        let taken = self.pieces_at(to);
        let mark = match taken {
            [None, _] => "-",
            _ if taken.iter().flatten().any(|p| p.kind == Kind::King) => "xK",
            _ => "x",
        };
        let mut text = format!("{prefix}{}{from}{mark}{to}", mv.kind().letter());
        if let Some(kind) = mv.promotion() {
            text.push('=');
            text.push(kind.letter());
        }
        text
    }

    /// How a roll drawn for the army to move reads (`Yellow rolls 3`).
    pub(crate) fn roll_notation(&self) -> Option<String> {
        match self.die() {
            Die::Rolled(n) => Some(format!("{} rolls {n}", self.to_move().name())),
            _ => None,
        }
    }

    /// The Kings of the team to move that an unfrozen enemy piece could
    /// take now, ascending.
    pub(crate) fn kings_in_danger(&self) -> Vec<Square> {
        let mut kings: Vec<Square> = team_armies(self.to_move().team())
            .into_iter()
            .filter(|&army| self.king_attacked(army))
            .filter_map(|army| self.king(army))
            .collect();
        kings.sort_by_key(|square| square.index());
        kings
    }
}
