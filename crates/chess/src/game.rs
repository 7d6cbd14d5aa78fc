//! `augur_core::Game` for chess.

use augur_core::{Game, MoveError, MoveList, Outcome, PositionError, Team};

use crate::moves::{Move, parse_uci_syntax};
use crate::position::Position;
use crate::types::Color;

impl Game for Position {
    type Move = Move;
    const NAME: &'static str = "chess";

    fn startpos() -> Self {
        Position::startpos()
    }

    fn from_fen(text: &str) -> Result<Self, PositionError> {
        Position::from_fen(text).map_err(|e| PositionError {
            reason: e.to_string(),
        })
    }

    fn fen(&self) -> String {
        Position::fen(self)
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let (from, to, promotion) =
            parse_uci_syntax(text).ok_or_else(|| MoveError::Syntax(text.to_string()))?;
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        moves
            .iter()
            .copied()
            .find(|m| m.from() == from && m.to() == to && m.promotion_role() == promotion)
            .ok_or_else(|| MoveError::Illegal(text.to_string()))
    }

    fn move_text(&self, mv: Move) -> String {
        mv.to_string()
    }

    #[inline(always)]
    fn encode_move(mv: Move) -> u32 {
        u32::from(mv.bits())
    }

    #[inline(always)]
    fn team(&self) -> Team {
        match self.side {
            Color::White => Team::First,
            Color::Black => Team::Second,
        }
    }

    fn diagram(&self) -> String {
        self.board_diagram()
    }

    #[inline(always)]
    fn hash(&self) -> u64 {
        self.hash
    }

    fn recompute_hash(&self) -> u64 {
        self.recompute_zobrist()
    }

    #[inline(always)]
    fn generate(&self, out: &mut MoveList<Move>) {
        self.legal_moves(out);
    }

    #[inline(always)]
    fn generate_noisy(&self, out: &mut MoveList<Move>) {
        self.noisy_moves(out);
    }

    #[inline(always)]
    fn count_moves(&self) -> u64 {
        self.count_legal_moves()
    }

    #[inline(always)]
    fn play(&self, mv: Move) -> Option<Self> {
        Some(self.play_unchecked(mv))
    }

    #[inline(always)]
    fn in_check(&self) -> bool {
        self.checkers.any()
    }

    fn reversible_plies(&self) -> u32 {
        u32::from(self.halfmove_clock)
    }

    /// The 50-move rule (unless the side to move is checkmated) or dead
    /// material.
    #[inline]
    fn is_rule_draw(&self) -> bool {
        (self.halfmove_clock >= 100 && (self.checkers.is_empty() || self.count_legal_moves() > 0))
            || self.is_insufficient_material()
    }

    fn outcome(&self) -> Option<Outcome> {
        Position::outcome(self)
    }
}
