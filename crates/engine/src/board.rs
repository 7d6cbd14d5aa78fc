//! Typed views of a game for boards and tools: values the slot fills in,
//! turned into text (JSON) only at the edges (`augur serve`, scripts).
//!
//! The types are game-independent (names and move texts are strings), so
//! any front end, or a future game-erased engine API, can hand them out.
//! Field names and order are the wire format the web board
//! (`crates/serve/assets/app.js`) and the tools read: keep them stable.

use serde::Serialize;

use crate::describe::{ArmyView, DieView, PoolView, SquareView};
use crate::values::MoveInfo;

/// One position as a board draws it: the JSON object of
/// `Session::board_view` (and the `board` of `augur serve`'s `state`
/// message).
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct BoardView {
    /// The game's name (`chess`, `ultima`, `oracle`, `enochian`).
    pub variant: String,
    /// The position string (FEN or the game's own notation).
    pub position: String,
    /// Who moves: the army's name in Enochian chess, else the team's.
    pub to_move: String,
    /// The team to move.
    pub team: String,
    /// Every team's name, in the game's order.
    pub teams: Vec<String>,
    /// The sides a clock belongs to: the seats in games of more than two,
    /// else the teams (as `to_move` names them).
    pub seats: Vec<String>,
    /// Whether the side to move must roll (a chance outcome) first.
    pub awaiting_roll: bool,
    /// Every legal move's text.
    pub legal: Vec<String>,
    /// Every legal move, described (squares, captures, choices, check).
    pub moves: Vec<MoveInfo>,
    /// The occupied squares, when the game lists them.
    pub pieces: Vec<PieceOnSquare>,
    /// The squares of pieces that cannot move now (Ultima's immobilized
    /// pieces, Enochian chess's frozen armies).
    pub frozen: Vec<String>,
    /// Every occupied square, described: team, army, piece in words,
    /// souls and lifelessness (Oracle chess), throne partner (Enochian).
    pub squares: Vec<SquareView>,
    /// Pools of captured material (Oracle chess's earth and underworld).
    pub pools: Vec<PoolView>,
    /// The armies of a game of armies (Enochian chess): thrones, Kings,
    /// frozen, who controls them.
    pub armies: Vec<ArmyView>,
    /// The direction of play (Enochian chess).
    pub direction: Option<&'static str>,
    /// The die, in a game with dice: `"not_rolled"` or `{"rolled": n}`.
    pub die: Option<DieView>,
    /// The `d` drawing of the position.
    pub diagram: String,
    /// How the game ended, or `None` (JSON `null`) while it goes on.
    pub result: Option<GameResult>,
    /// The squares of the side to move's royal pieces in danger now,
    /// ascending: chess and Ultima, the King in check; Oracle chess, the
    /// body hosting the Lord soul when it is in check; Enochian chess, each
    /// King of the team to move that an unfrozen enemy piece could take
    /// (in divination games too, where nothing obliges it to move). Empty
    /// when none is.
    pub check: Vec<String>,
}

/// One occupied square of a [`BoardView`].
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct PieceOnSquare {
    /// The square's name (`e4`).
    pub square: String,
    /// The piece's name as the game writes it.
    pub piece: String,
}

/// How a game ended: `{"winner": team name or null, "reason"}`.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct GameResult {
    /// The winning team, `None` (JSON `null`) for a draw.
    pub winner: Option<String>,
    /// Why it ended (`checkmate`, `stalemate`, `resignation`, ...).
    pub reason: String,
}

impl BoardView {
    /// The view as one line of JSON.
    pub fn to_json(&self) -> String {
        to_json(self)
    }
}

/// `value` as one line of JSON. Serialising the plain structs of this crate
/// and its users (strings, numbers, lists, options) cannot fail; were it
/// to, the text is empty.
pub fn to_json(value: &impl Serialize) -> String {
    serde_json::to_string(value).unwrap_or_default()
}

#[cfg(test)]
mod tests;
