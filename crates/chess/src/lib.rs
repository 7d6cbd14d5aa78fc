//! augur-chess: standard chess for Augur.
//!
//! It owns the chess [`Position`] (bitboards by role and colour plus a
//! mailbox, an incrementally updated Zobrist key over pieces, side, castling
//! rights and a *legal* en passant square), exact legal move generation with
//! bulk counting for perft, FEN reading with full validation and canonical
//! FEN writing, UCI move text, and the end-of-game rules.
//!
//! Rule choices (the FIDE Laws of Chess; our account: `docs/rules/chess.md`):
//! - The en passant square is kept (hashed, and written in FEN) only when an
//!   en passant capture is legal, so repetition compares positions by what
//!   can actually be played, as FIDE's rule intends.
//! - Insufficient material is the dead-position family described in
//!   [`rules`]; threefold repetition counts positions by key within the
//!   reversible window (since the last capture or pawn move).
//! - The 50-move rule draws automatically at 100 plies, after checkmate
//!   is checked.
//! - Castling moves are written as the king's two-square move (`e1g1`);
//!   in Chess960 mode (`UCI_Chess960`, `Game::from_fen_chess960`) any
//!   rook on the king's rank may carry a castling right (X-FEN and
//!   Shredder-FEN castling fields), and castling is written king-takes-rook
//!   (`e1h1`). Standard text is accepted in both modes when no normal move
//!   has it.

mod board;
mod castling;
mod describe;
mod display;
pub mod eval;
mod fen;
mod game;
mod movegen;
mod moves;
pub mod nnue;
mod notation;
mod null_move;
mod perft;
mod play;
mod position;
pub mod rules;
mod san;
mod see;
pub mod syzygy;
mod types;
mod zobrist;

pub use board::Board;
pub use eval::{
    DEFAULT_WEIGHTS, Features, NUM_WEIGHTS, Weights, evaluate_white, linear_features, weight_name,
};
pub use fen::{FenError, STARTING_FEN};
pub use moves::{Move, MoveKind, parse_uci_syntax};
pub use position::Position;
pub use types::{CastlingRights, Color, Piece, Role};
