//! augur-enochian: Enochian chess for Augur, as `docs/rules/enochian.md`
//! (the project's rules page) has it.
//!
//! It owns the Enochian [`Position`]: pieces by kind and by army on
//! bitboards, pawn types, shared thrones, the army to move and the
//! direction of play, frozen armies, control by an ally's King, the die of
//! divination mode, and a Zobrist key over all of it kept in step by the
//! mutators that change them. It generates legal moves for every rule of the
//! rulings (Kings taken, not mated; the check rule; thrones; exchange of
//! prisoners; privileged pawns; the die), passes the turn over armies that
//! cannot move, reads and writes the position string and move text, names
//! the 32 starting arrays, decides the outcome and evaluates positions
//! (divination games with weights of their own and the threat of the roll
//! to come, `roll_threat.rs`; the evaluation never reads the die itself,
//! so every roll of a position evaluates alike).
//!
//! Rule choices where the rulings leave room:
//! - "Attacked" for a King's step means an unfrozen enemy piece could take
//!   on that square. (Whether a King may take an enemy King on a defended
//!   square never arises: an adjacent enemy King gives check, and a King in
//!   check may step onto attacked squares.)
//! - An army whose only legal move is `exchange` can move (it is not
//!   skipped); if the offer is declined it passes (`0000`, see
//!   `Game::declined_offer_pass`). A frozen army is never the army to move.
//! - When no army can move the game is drawn; the position names the army
//!   after the mover.
//! - Position strings must be consistent: at most one King per army, a
//!   shared square only on its army's own throne, a frozen army has no King
//!   on the board, an army without a King is frozen or controlled, a
//!   controller's King is on the board. A die of `?` (an extension) means
//!   divination mode before the roll.
//! - Exchange placement when no empty unattacked square exists (never seen
//!   in play): the nearest empty square.
//! - Augur's own draw rules beyond the rulings (not used by perft): 200
//!   plies without capture, pawn move or exchange, and threefold repetition
//!   of the position (army to move, frozen, control and die included).

mod describe;
mod eval;
mod game;
mod movegen;
mod moves;
mod notation;
mod play;
mod position;
mod roll_threat;
mod tables;
mod text;
mod types;
mod zobrist;

pub use eval::{
    DIVINATION_WEIGHTS, EVAL_FEATURES, EVAL_NAMES, EVAL_WEIGHTS, MATERIAL_FEATURES, PIECE_VALUES,
};
pub use game::QUIET_LIMIT;
pub use moves::EnochianMove;
pub use position::{Die, Position};
pub use text::{Element, START};
pub use types::{Army, Kind, PawnType, Piece, team_armies};
