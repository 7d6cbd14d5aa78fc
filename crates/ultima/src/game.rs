//! The `augur_core::Game` implementation and the end of the game.

use augur_core::{
    Color, Game, MoveError, MoveList, MoveStaging, Outcome, PositionError, Termination,
};

use crate::moves::UltimaMove;
use crate::position::Position;
use crate::text::START;

impl Game for Position {
    type Move = UltimaMove;
    const NAME: &'static str = "ultima";
    const PGN_VARIANT: Option<&'static str> = Some("ultima");
    const BENCH_POSITIONS: &'static [&'static str] = BENCH_POSITIONS;
    const BENCH_DEPTH: u32 = 6;

    fn startpos() -> Self {
        Position::read_text(START).unwrap_or_else(|_| unreachable_start())
    }

    fn from_fen(text: &str) -> Result<Self, PositionError> {
        Position::read_text(text)
    }

    fn frozen_squares(&self) -> Vec<augur_core::Square> {
        self.frozen().into_iter().collect()
    }

    fn board_piece(&self, square: augur_core::Square) -> Option<String> {
        self.square_token(square)
    }

    fn move_shape(&self, mv: UltimaMove) -> augur_core::MoveShape {
        self.shape_of(mv)
    }

    fn board_details(&self) -> augur_core::BoardDetails {
        self.details()
    }

    fn fen(&self) -> String {
        self.write_text()
    }

    fn parse_move(&self, text: &str) -> Result<UltimaMove, MoveError> {
        let wanted = UltimaMove::parse(text)?;
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        moves
            .iter()
            .copied()
            .find(|&m| m == wanted)
            .ok_or_else(|| MoveError::Illegal(text.to_string()))
    }

    fn move_text(&self, mv: UltimaMove) -> String {
        mv.to_string()
    }

    fn notation(&self, mv: UltimaMove) -> String {
        self.notation_of(mv)
    }

    fn parse_notation(&self, text: &str) -> Result<UltimaMove, MoveError> {
        augur_core::notation::find_by_notation(self, text)
    }

    fn royal_in_danger(&self) -> Vec<augur_core::Square> {
        self.king_in_danger()
    }

    fn encode_move(mv: UltimaMove) -> u32 {
        u32::from(mv.0)
    }

    fn team(&self) -> Color {
        self.side
    }

    fn diagram(&self) -> String {
        self.draw()
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn recompute_hash(&self) -> u64 {
        self.key_from_scratch()
    }

    fn generate(&self, out: &mut MoveList<UltimaMove>) {
        self.legal_moves(out);
    }

    fn generate_noisy(&self, out: &mut MoveList<UltimaMove>) {
        let mut captures = MoveList::new();
        self.pseudo_captures(&mut captures);
        for &mv in captures.iter() {
            if self.play_if_legal(mv).is_some() {
                out.push(mv);
            }
        }
    }

    fn generate_pseudo(&self, out: &mut MoveList<UltimaMove>) {
        self.pseudo_moves(out);
    }

    fn generate_noisy_pseudo(&self, out: &mut MoveList<UltimaMove>) {
        self.pseudo_captures(out);
    }

    /// Captures are generated directly, while telling a quiet move from a
    /// capture means working out what it takes; only captures are ranked.
    const MOVE_STAGING: MoveStaging = MoveStaging::NoisyFirst { rank_rest: false };

    fn pseudo_move(&self, code: u32) -> Option<UltimaMove> {
        self.pseudo_slide(code)
    }

    fn play_pseudo(&self, mv: UltimaMove) -> Option<Self> {
        self.play_if_legal(mv)
    }

    fn play(&self, mv: UltimaMove) -> Self {
        self.play_move(mv)
    }

    fn in_check(&self) -> bool {
        self.king_attacked(self.side)
    }

    fn reversible_plies(&self) -> u32 {
        u32::from(self.quiet_plies)
    }

    fn is_rule_draw(&self) -> bool {
        self.quiet_plies >= 100
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.count_moves() == 0 {
            return Some(if self.in_check() {
                Outcome::win(self.team().opponent(), Termination::Checkmate)
            } else {
                Outcome::draw(Termination::Stalemate)
            });
        }
        (self.quiet_plies >= 100).then_some(Outcome::draw(Termination::MoveRule))
    }
}

/// The start string is a constant that parses; this is never reached.
fn unreachable_start() -> Position {
    Position::read_text("k7/8/8/8/8/8/8/K7 w 0").unwrap_or_else(|_| std::process::abort())
}

/// The positions `bench` searches: the start and the rules' capture diagrams.
pub const BENCH_POSITIONS: &[&str] = &[
    "rnbkqbnm/pppppppp/8/8/8/8/PPPPPPPP/MNBQKBNR w 0",
    "rnbkqbnm/pppppppp/8/8/4P3/8/PPPP1PPP/MNBQKBNR b 1",
    "7k/5ppp/2N5/2n5/3rB3/8/PPP5/K7 w 0",
    "8/2b4K/2q5/3p1N1p/8/8/2R5/k7 w 0",
    "2n4k/3r4/5b2/3p4/1m6/3b4/3N4/K7 b 0",
    "7k/8/8/3Qr3/8/8/8/K7 w 0",
    "7k/8/8/r3pP2/2n5/8/B7/K7 b 0",
];
