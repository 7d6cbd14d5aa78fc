//! The games' own descriptions of moves and boards
//! ([`augur_core::MoveShape`], [`augur_core::BoardDetails`]) as
//! serde-serialisable values, squares named by their text (`e4`).

use augur_core::{
    ArmyDetails, BoardDetails, ChoiceKind, DieState, MoveChoice, Pool, SquareDetails, TurnDirection,
};
use serde::Serialize;

/// What a mover chose besides the squares.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    /// What was chosen: `promotion`, `mover`, `taken`, `fetch`, `summon`.
    pub kind: &'static str,
    /// As the move text writes it (`q`, `h`).
    pub text: String,
    /// The piece chosen, in words (`queen`, `high priest soul`).
    pub piece: String,
}

/// A piece that moves along with the mover (castling's rook).
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct AlsoMoves {
    /// Where it starts.
    pub from: String,
    /// Where it ends.
    pub to: String,
}

impl Choice {
    /// The choice `choice` of a move.
    pub fn of(choice: &MoveChoice) -> Self {
        Choice {
            kind: match choice.kind {
                ChoiceKind::Promotion => "promotion",
                ChoiceKind::Mover => "mover",
                ChoiceKind::Taken => "taken",
                ChoiceKind::Fetch => "fetch",
                ChoiceKind::Summon => "summon",
            },
            text: choice.text.clone(),
            piece: choice.piece.clone(),
        }
    }
}

/// One occupied square of a board.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct SquareView {
    /// The square (`e4`).
    pub square: String,
    /// The piece as the position string writes it.
    pub text: String,
    /// The team it plays for.
    pub team: String,
    /// Its army (Enochian chess), by name.
    pub army: Option<String>,
    /// What it is, in words (`knight`, `long leaper`).
    pub piece: String,
    /// A pawn's own type (Enochian chess: `knight` for a pawn of knight).
    pub pawn_of: Option<String>,
    /// A second piece on the square (Enochian chess: the King's throne
    /// partner), in words.
    pub partner: Option<String>,
    /// The souls it hosts (Oracle chess), in words.
    pub souls: Vec<String>,
    /// Whether it is a lifeless body (Oracle chess).
    pub lifeless: bool,
}

/// A pool of captured material (Oracle chess's earth and underworld).
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct PoolView {
    /// The pool's name.
    pub name: String,
    /// The team whose pool it is (`None`: shared).
    pub team: Option<String>,
    /// What it holds.
    pub contents: Vec<PoolItem>,
}

/// One kind of piece in a pool.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct PoolItem {
    /// As the position string writes it.
    pub text: String,
    /// In words.
    pub name: String,
    /// How many.
    pub count: u32,
}

/// One army of a game of armies (Enochian chess).
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct ArmyView {
    /// Its name, as `to_move` and the clocks name it (`blue`).
    pub name: String,
    /// Its letter in the position string.
    pub letter: String,
    /// Its team.
    pub team: String,
    /// Its King's home square.
    pub throne: String,
    /// Where its King stands (`None`: taken).
    pub king: Option<String>,
    /// Whether it is frozen (its King taken).
    pub frozen: bool,
    /// The army that moves it (`None`: itself).
    pub controlled_by: Option<String>,
}

/// The die of a game with dice.
#[derive(Serialize, Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum DieView {
    /// Not rolled yet for the army to move.
    NotRolled,
    /// Rolled this.
    Rolled(u8),
}

/// What a board shows besides its squares' text.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Details {
    /// Every occupied square.
    pub squares: Vec<SquareView>,
    /// The pools of captured material.
    pub pools: Vec<PoolView>,
    /// The armies.
    pub armies: Vec<ArmyView>,
    /// The direction of play (`clockwise`, `anticlockwise`).
    pub direction: Option<&'static str>,
    /// The die.
    pub die: Option<DieView>,
}

impl Details {
    /// The game's details of a board, named with `team_names` and
    /// `seat_names`.
    pub fn of(details: &BoardDetails, team_names: &[&str; 2], seat_names: &[&str]) -> Self {
        let seat = |s: usize| seat_names.get(s).map(|n| n.to_string());
        let team = |c: augur_core::Color| team_names[c.index()].to_string();
        Details {
            squares: details
                .squares
                .iter()
                .map(|s: &SquareDetails| SquareView {
                    square: s.square.to_string(),
                    text: s.text.clone(),
                    team: team(s.team),
                    army: s.seat.and_then(seat),
                    piece: s.piece.name.clone(),
                    pawn_of: s.piece.pawn_of.clone(),
                    partner: s.partner.as_ref().map(|p| p.name.clone()),
                    souls: s.souls.clone(),
                    lifeless: s.lifeless,
                })
                .collect(),
            pools: details
                .pools
                .iter()
                .map(|p: &Pool| PoolView {
                    name: p.name.clone(),
                    team: p.team.map(team),
                    contents: p
                        .contents
                        .iter()
                        .map(|e| PoolItem {
                            text: e.text.clone(),
                            name: e.name.clone(),
                            count: e.count,
                        })
                        .collect(),
                })
                .collect(),
            armies: details
                .armies
                .iter()
                .map(|a: &ArmyDetails| ArmyView {
                    // Named as the side to move and clocks name it.
                    name: seat(a.seat).unwrap_or_else(|| a.name.clone()),
                    letter: a.letter.clone(),
                    team: team(a.team),
                    throne: a.throne.to_string(),
                    king: a.king.map(|k| k.to_string()),
                    frozen: a.frozen,
                    controlled_by: a.controller.and_then(seat),
                })
                .collect(),
            direction: details.direction.map(|d| match d {
                TurnDirection::Clockwise => "clockwise",
                TurnDirection::Anticlockwise => "anticlockwise",
            }),
            die: details.die.map(|d| match d {
                DieState::NotRolled => DieView::NotRolled,
                DieState::Rolled(n) => DieView::Rolled(n),
            }),
        }
    }
}
