//! Playing move text as the protocol writes it, for every game: the one
//! place that knows a move list's extras beyond [`Game::parse_move`].
//!
//! - A chance outcome may stand before a move (`4:h8h6Q`, the die rolled
//!   for the army to move); alone (`4:`) it gives the roll of the side to
//!   move and may only end a move list.
//! - The pass of an army whose only legal move needs the other team's
//!   agreement and was declined ([`Game::declined_offer_pass`]) is written
//!   with that pass's move text (`0000`) and replays only where it applies.

use crate::game::{Game, MoveError};
use std::fmt;

/// One entry of a move list, played.
#[derive(Clone, Debug)]
pub enum Played<G: Game> {
    /// A move: the position it was chosen in (with any roll applied), the
    /// move, and the position after it.
    Move {
        /// The position the move was chosen in, chance outcome drawn.
        before: G,
        /// The move.
        mv: G::Move,
        /// The position after the move.
        after: G,
    },
    /// A chance outcome alone (`4:`): the position with it drawn.
    Roll(G),
}

impl<G: Game> Played<G> {
    /// The position after this entry.
    pub fn position(&self) -> &G {
        match self {
            Played::Move { after, .. } => after,
            Played::Roll(position) => position,
        }
    }
}

/// Why a move list could not be replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayError {
    /// A move (or roll) that is malformed or not legal where it stands.
    Move(MoveError),
    /// A move in a position whose chance outcome is not known yet.
    RollMissing(String),
    /// A roll without a move (`4:`) before the end of the list.
    RollNotLast(String),
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::Move(e) => write!(f, "{e} in the move list"),
            ReplayError::RollMissing(text) => write!(
                f,
                "move '{text}' needs the roll before it in the move list (e.g. '4:{text}')"
            ),
            ReplayError::RollNotLast(text) => write!(
                f,
                "'{text}' (a roll without a move) may only end the move list"
            ),
        }
    }
}

impl std::error::Error for ReplayError {}

impl From<MoveError> for ReplayError {
    fn from(e: MoveError) -> Self {
        ReplayError::Move(e)
    }
}

/// Plays one entry of a move list on `position`.
pub fn play_text<G: Game>(position: &G, text: &str) -> Result<Played<G>, ReplayError> {
    let (before, text) = match text.split_once(':') {
        Some((chance, rest)) => {
            let rolled = position.apply_chance_text(chance)?;
            if rest.is_empty() {
                return Ok(Played::Roll(rolled));
            }
            (rolled, rest)
        }
        None => (position.clone(), text),
    };
    if let Some((pass, after)) = before.declined_offer_pass()
        && before.move_text(pass) == text
    {
        return Ok(Played::Move {
            before,
            mv: pass,
            after,
        });
    }
    if before.chance_outcomes() > 0 {
        return Err(ReplayError::RollMissing(text.to_string()));
    }
    let mv = before.parse_move(text)?;
    let after = before.play(mv);
    Ok(Played::Move { before, mv, after })
}

/// A game replayed from a move list: the final position and the keys of
/// the positions before it (oldest first, as repetition detection wants
/// them).
#[derive(Clone, Debug)]
pub struct Replayed<G> {
    /// The position after the last entry.
    pub position: G,
    /// The key of the position before each move (rolls add none).
    pub history: Vec<u64>,
}

/// Plays a whole move list from `start`; a roll alone may only end it.
pub fn replay<G: Game, S: AsRef<str>>(start: G, moves: &[S]) -> Result<Replayed<G>, ReplayError> {
    let mut position = start;
    let mut history = Vec::with_capacity(moves.len());
    for (i, text) in moves.iter().enumerate() {
        let text = text.as_ref();
        match play_text(&position, text)? {
            Played::Roll(rolled) => {
                if i + 1 != moves.len() {
                    return Err(ReplayError::RollNotLast(text.to_string()));
                }
                position = rolled;
            }
            Played::Move { before, after, .. } => {
                history.push(before.hash());
                position = after;
            }
        }
    }
    Ok(Replayed { position, history })
}
