//! Ultima's readable notation (`docs/rules/ultima.md`, "Readable
//! notation"): the moving piece's letter (as the position string writes
//! it, upper case), origin and destination joined by `-` (`Qc2-c6`), then
//! `x` and every captured square in board order (a1, b1, ..., h1, a2, ...)
//! separated by commas (`Nd2-d6xd4,d5`), and `+` when the move leaves the
//! other King attacked (`#` when that is mate). Origin and destination
//! already name the move, so the notation is unique per legal move.

use augur_core::notation::check_mark;
use augur_core::{Game, Square};

use crate::moves::UltimaMove;
use crate::position::Position;
use crate::types::Kind;

impl Position {
    /// The notation of `mv`, a legal move of this position.
    pub(crate) fn notation_of(&self, mv: UltimaMove) -> String {
        let letter = self
            .piece_at(mv.from())
            .map_or('?', |(_, kind)| kind.letter().to_ascii_uppercase());
        let mut text = format!("{letter}{}-{}", mv.from(), mv.to());
        let captured: Vec<String> = self
            .captured_by(mv)
            .into_iter()
            .map(|square| square.to_string())
            .collect();
        if !captured.is_empty() {
            text.push('x');
            text.push_str(&captured.join(","));
        }
        text.push_str(check_mark(&self.play(mv)));
        text
    }

    /// The side to move's King when it is attacked.
    pub(crate) fn king_in_danger(&self) -> Vec<Square> {
        match self.pieces(self.side, Kind::King).lowest() {
            Some(king) if self.in_check() => vec![king],
            _ => Vec::new(),
        }
    }
}
