//! What a board shows besides the move list, as typed values every game
//! can fill in: each occupied square's piece in words, the pools of taken
//! material waiting to come back, the armies of a four-army game, the
//! direction of play, the die and the frozen squares. Boards and scripts
//! read these instead of picking position strings apart.
//! [`Game::board_details`] gives them; fields a game has no use for stay
//! empty (`None`, empty lists).

use crate::game::{Color, Game};
use crate::square::Square;

/// Everything a board draws about one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardDetails {
    /// Every occupied square, a1 first (then b1, ..., h8), as
    /// [`Game::board_pieces`] lists them.
    pub squares: Vec<SquareDetails>,
    /// The team to move.
    pub team_to_move: Color,
    /// The seat to move where several players share a team (an Enochian
    /// army, as [`Game::seat`] numbers it); `None` otherwise.
    pub seat_to_move: Option<usize>,
    /// The squares of pieces that cannot move now, ascending
    /// ([`Game::frozen_squares`]: Ultima's immobilized pieces, the pieces
    /// of Enochian's frozen armies).
    pub frozen: Vec<Square>,
    /// The pools beside the board (Oracle's earth for each team and its
    /// underworld); empty in games without pools.
    pub pools: Vec<Pool>,
    /// The armies of a game where each team plays two (Enochian chess), in
    /// seat order; empty otherwise.
    pub armies: Vec<ArmyDetails>,
    /// The direction in which the turn goes round the seats (Enochian
    /// chess); `None` in two-player games.
    pub direction: Option<TurnDirection>,
    /// The die of a game played with one (Enochian chess's divination
    /// mode); `None` when no die is used.
    pub die: Option<DieState>,
}

impl BoardDetails {
    /// The details of `square`, `None` when it is empty.
    pub fn square(&self, square: Square) -> Option<&SquareDetails> {
        self.squares.iter().find(|details| details.square == square)
    }
}

/// One occupied square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SquareDetails {
    /// The square.
    pub square: Square,
    /// What stands there as the position string writes it
    /// ([`Game::board_piece`]).
    pub text: String,
    /// The team the piece plays for (Oracle: the body's colour; Enochian:
    /// its army's team).
    pub team: Color,
    /// The piece's seat where several players share a team (an Enochian
    /// army, numbered as [`Game::SEAT_NAMES`]); `None` otherwise.
    pub seat: Option<usize>,
    /// What the piece is (Oracle: the body's class, whatever souls it
    /// hosts; Enochian: the King on a shared throne).
    pub piece: PieceKind,
    /// The second piece on the square: the throne partner sharing its
    /// King's throne in Enochian chess; `None` elsewhere.
    pub partner: Option<PieceKind>,
    /// The souls the body hosts, one word per soul (`chariot`, `elephant`;
    /// two Horse souls give `horse` twice), in the position string's order
    /// (Oracle chess); empty in games without souls.
    pub souls: Vec<String>,
    /// Whether the body hosts no soul (an Oracle lifeless body); `false`
    /// in games without souls.
    pub lifeless: bool,
}

/// A kind of piece, in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceKind {
    /// The kind in lower-case words (`knight`, `long leaper`, `priestess`).
    pub name: String,
    /// For an Enochian pawn, the piece it belongs to and promotes to
    /// normally (`queen` for a pawn of the Queen); `None` otherwise.
    pub pawn_of: Option<String>,
}

impl PieceKind {
    /// A kind named `name`, not a typed pawn.
    pub fn named(name: &str) -> Self {
        PieceKind {
            name: name.to_string(),
            pawn_of: None,
        }
    }
}

/// A pool beside the board: taken material waiting to come back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pool {
    /// The pool's name in the game's rules (`earth`, `underworld`).
    pub name: String,
    /// The team that may bring its contents back, `None` when the pool is
    /// shared (Oracle's underworld: souls have no colour).
    pub team: Option<Color>,
    /// What it holds, one entry per kind present, in the position string's
    /// order; empty when the pool is empty.
    pub contents: Vec<PoolEntry>,
}

/// The pieces of one kind in a [`Pool`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PoolEntry {
    /// One such piece as the position string writes it (`H`, `s`).
    pub text: String,
    /// Its kind in words (`horse`).
    pub name: String,
    /// How many there are (at least one).
    pub count: u32,
}

/// One army of a game where each team plays two.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArmyDetails {
    /// The army's seat ([`Game::SEAT_NAMES`] order).
    pub seat: usize,
    /// Its name for people (`Yellow`).
    pub name: String,
    /// Its letter in position strings and piece texts (`y`).
    pub letter: String,
    /// Its team.
    pub team: Color,
    /// Its throne, the corner its King starts on.
    pub throne: Square,
    /// Where its King stands, `None` when the King has been taken.
    pub king: Option<Square>,
    /// Whether it is frozen (its King taken and not controlled by its
    /// ally's: its pieces neither move nor can be taken).
    pub frozen: bool,
    /// The seat of the ally whose King controls it (by standing on its
    /// throne); `None` when it answers to its own King.
    pub controller: Option<usize>,
}

/// The direction in which the turn passes round the seats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TurnDirection {
    /// In seat order (Enochian: deosil, Yellow, Blue, Red, Black).
    Clockwise,
    /// Against it (Enochian: widdershins).
    Anticlockwise,
}

/// The die of a game played with one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DieState {
    /// The player to move has not rolled yet.
    NotRolled,
    /// The player to move rolled this (1-6).
    Rolled(u8),
}

/// The details [`Game::board_details`] gives for games that do not say
/// more: each square of [`Game::board_pieces`], its team read from the
/// letter case (upper case is [`Color::White`]) and its kind named by its
/// text in lower case; [`Game::frozen_squares`]; the team and seat to move.
pub fn details_from_pieces<G: Game>(position: &G) -> BoardDetails {
    let squares = position
        .board_pieces()
        .into_iter()
        .map(|(square, text)| SquareDetails {
            square,
            team: team_by_case(&text),
            seat: None,
            piece: PieceKind::named(&text.to_lowercase()),
            partner: None,
            souls: Vec::new(),
            lifeless: false,
            text,
        })
        .collect();
    let mut frozen = position.frozen_squares();
    frozen.sort();
    BoardDetails {
        squares,
        team_to_move: position.team(),
        seat_to_move: position.seat(),
        frozen,
        pools: Vec::new(),
        armies: Vec::new(),
        direction: None,
        die: None,
    }
}

/// Which team a piece written `text` belongs to, for games whose piece
/// text is upper case for [`Color::White`] (chess's FEN letters).
pub fn team_by_case(text: &str) -> Color {
    if text.chars().next().is_some_and(|c| c.is_ascii_uppercase()) {
        Color::White
    } else {
        Color::Black
    }
}
