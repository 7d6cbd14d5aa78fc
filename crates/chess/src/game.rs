//! `augur_core::Game` for chess.

use augur_core::{
    Color, Game, GameOption, GameOptionKind, MoveError, MoveList, MoveStaging, OptionValues,
    Outcome, PositionError, option_value,
};

/// The option that reads positions as Chess960 ones (X-FEN and
/// Shredder-FEN castling fields) and writes castling king-takes-rook.
pub const CHESS960_OPTION: &str = "UCI_Chess960";

use crate::moves::{Move, MoveKind, parse_uci_syntax};
use crate::position::Position;

impl Game for Position {
    const OPTIONS: &'static [GameOption] = &[GameOption {
        name: CHESS960_OPTION,
        kind: GameOptionKind::Check { default: false },
    }];

    fn chess960_for_options(values: &OptionValues) -> bool {
        option_value(values, CHESS960_OPTION) == Some("true")
    }

    type Move = Move;
    const NAME: &'static str = "chess";
    const PGN_VARIANT: Option<&'static str> = None;
    const BENCH_POSITIONS: &'static [&'static str] = BENCH_POSITIONS;
    const BENCH_DEPTH: u32 = 11;
    const TABLEBASES: bool = true;

    /// Every piece on the board, kings included; `None` with castling
    /// rights (no Syzygy table holds them).
    #[inline]
    fn tablebase_pieces(&self) -> Option<u32> {
        (self.castling.bits() == 0).then(|| self.occupied().0.count_ones())
    }

    fn load_tablebases(path: &str) -> Result<augur_core::LoadedTablebases<Self>, String> {
        crate::syzygy::load(path)
    }

    fn startpos() -> Self {
        Position::from_fen_detailed(crate::STARTING_FEN).unwrap_or_else(|_| Position::empty())
    }

    fn from_fen(text: &str) -> Result<Self, PositionError> {
        Position::from_fen_detailed(text).map_err(|e| PositionError {
            reason: e.to_string(),
        })
    }

    fn from_fen_with_warnings(text: &str) -> Result<(Self, Vec<String>), PositionError> {
        read_with_warnings(text, false)
    }

    fn from_fen_chess960(text: &str) -> Result<(Self, Vec<String>), PositionError> {
        read_with_warnings(text, true)
    }

    fn with_chess960(mut self, on: bool) -> Self {
        self.chess960 = on;
        self
    }

    fn board_piece(&self, square: augur_core::Square) -> Option<String> {
        self.piece_at(square)
            .map(|piece| piece.letter().to_string())
    }

    fn move_shape(&self, mv: Move) -> augur_core::MoveShape {
        self.shape_of(mv)
    }

    fn board_details(&self) -> augur_core::BoardDetails {
        self.details()
    }

    fn pgn_move(&self, mv: Move) -> String {
        self.san(mv)
    }

    fn parse_pgn_move(&self, text: &str) -> Result<Move, MoveError> {
        self.parse_san(text)
            .map_or_else(|| self.parse_move(text), Ok)
    }

    fn notation(&self, mv: Move) -> String {
        self.san(mv)
    }

    fn parse_notation(&self, text: &str) -> Result<Move, MoveError> {
        self.read_notation(text)
    }

    fn royal_in_danger(&self) -> Vec<augur_core::Square> {
        self.king_in_check()
    }

    fn fen(&self) -> String {
        self.write_fen()
    }

    /// UCI text; castling as king-takes-rook (`e1h1`) or as the king's
    /// move (`e1g1`) in either mode, a normal move of the same text first.
    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let (from, to, promotion) =
            parse_uci_syntax(text).ok_or_else(|| MoveError::Syntax(text.to_string()))?;
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        let normal = moves.iter().copied().find(|m| {
            m.kind() != MoveKind::Castling
                && m.from() == from
                && m.to() == to
                && m.promotion_role() == promotion
        });
        let castling = || {
            moves.iter().copied().find(|m| {
                promotion.is_none()
                    && m.from() == from
                    && (m.to() == to || (from != to && m.castling_king_destination() == Some(to)))
            })
        };
        normal
            .or_else(|| castling().filter(|m| m.kind() == MoveKind::Castling))
            .ok_or_else(|| MoveError::Illegal(text.to_string()))
    }

    fn move_text(&self, mv: Move) -> String {
        if self.chess960 {
            mv.chess960_text()
        } else {
            mv.to_string()
        }
    }

    #[inline(always)]
    fn encode_move(mv: Move) -> u32 {
        u32::from(mv.bits())
    }

    #[inline(always)]
    fn team(&self) -> Color {
        self.side
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

    /// The legal moves that are neither captures nor promotions.
    fn generate_quiet_pseudo(&self, out: &mut MoveList<Move>) -> bool {
        self.quiet_moves(out);
        true
    }

    /// The table's move is tried before any move is generated, then the
    /// captures and promotions, and the quiet moves only when none of
    /// those cuts the node.
    const MOVE_STAGING: MoveStaging = MoveStaging::NoisyFirst { rank_rest: false };

    fn pseudo_move(&self, code: u32) -> Option<Move> {
        let mv = Move::from_bits(u16::try_from(code).ok()?);
        self.is_legal_move(mv).then_some(mv)
    }

    #[inline(always)]
    fn count_moves(&self) -> u64 {
        self.count_legal_moves()
    }

    #[inline(always)]
    fn play(&self, mv: Move) -> Self {
        self.play_unchecked(mv)
    }

    /// Built in `out` itself: the board copied there, the hidden layer
    /// written there from this position's.
    #[inline]
    fn play_pseudo_into(&self, mv: Move, out: &mut Option<Self>) {
        self.play_unchecked_into(mv, out);
    }

    /// The mover's relocation, the capture on the target square, the side
    /// to move and an en passant square cleared; castling, en passant
    /// captures, promotions, lost castling rights and a new en passant
    /// square are not followed (those moves' guesses are wrong, which
    /// costs only a wasted fetch).
    #[inline(always)]
    fn key_after_hint(&self, mv: Move) -> Option<u64> {
        Some(self.key_after_guess(mv))
    }

    /// The board's own walk, without the network's hidden layer: a
    /// position (1,216 bytes) is about seven times the size of its board
    /// (176), and every move perft plays copies one.
    #[inline]
    fn count_leaves(&self, depth: u32) -> Option<u64> {
        Some(self.board.perft(depth))
    }

    /// The board played, the hidden layer left as it was (stale): the
    /// streaming divide's upper plies cost a copy, not a network update.
    #[inline]
    fn play_to_count(&self, mv: Move) -> Self {
        let mut next = *self;
        self.board.play_board_into(mv, &mut next.board);
        next
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
        self.outcome_by_rules()
    }
}

/// Reads a FEN, in Chess960 mode when `chess960`, with a warning for each
/// castling right dropped because the position cannot have it.
fn read_with_warnings(
    text: &str,
    chess960: bool,
) -> Result<(Position, Vec<String>), PositionError> {
    let (position, dropped) = Position::read_fen(text, chess960).map_err(|e| PositionError {
        reason: e.to_string(),
    })?;
    let warnings = dropped
            .into_iter()
            .map(|right| {
                if chess960 {
                    format!(
                        "castling right '{right}' dropped: no rook for it beside its king on the king's first rank"
                    )
                } else {
                    format!(
                        "castling right '{right}' dropped: its king or rook is not on its home square"
                    )
                }
            })
            .collect();
    Ok((position, warnings))
}

/// The positions `bench` searches (openings, middlegames, endgames).
pub const BENCH_POSITIONS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 10",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 11",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "2r3k1/pp3ppp/4p3/3pP3/3P4/P4N2/1P3PPP/2R3K1 w - - 0 25",
    "6k1/5pp1/7p/8/8/7P/5PP1/3R2K1 w - - 0 40",
    "8/8/4k3/8/2P5/4K3/8/8 w - - 0 60",
    "r2q1rk1/ppp2ppp/2n1bn2/2bpp3/4P3/2PP1NP1/PP1NBP1P/R1BQ1RK1 b - - 0 9",
    "3r1rk1/1pq2ppp/p1n1p3/2b1P3/2B5/P1N2Q2/1P3PPP/R4RK1 w - - 0 17",
];
