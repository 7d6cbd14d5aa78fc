//! Endgame tablebases as the searcher sees them: a game that has them
//! (chess: Syzygy) hands the search a [`Tablebase`], which answers
//! win/draw/loss probes inside the tree and ranks the moves of a root
//! position by distance to zeroing. Games without tables keep
//! [`Game::TABLEBASES`](crate::Game::TABLEBASES) off, and the searcher's
//! probing code is compiled away for them.

use crate::game::Game;
use std::sync::Arc;

/// A tablebase verdict for the side to move, as Syzygy's WDL tables give it
/// (with the 50-move rule: a cursed win is a win that the rule turns into a
/// draw, a blessed loss a loss that it saves).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Wdl {
    /// Lost, also under the 50-move rule.
    Loss = -2,
    /// Lost without the 50-move rule, drawn by it.
    BlessedLoss = -1,
    /// Drawn.
    Draw = 0,
    /// Won without the 50-move rule, drawn by it.
    CursedWin = 1,
    /// Won, also under the 50-move rule.
    Win = 2,
}

impl Wdl {
    /// -2 (loss) to 2 (win).
    pub const fn value(self) -> i32 {
        self as i32
    }

    /// The verdict for the other side.
    pub const fn negated(self) -> Wdl {
        match self {
            Wdl::Loss => Wdl::Win,
            Wdl::BlessedLoss => Wdl::CursedWin,
            Wdl::Draw => Wdl::Draw,
            Wdl::CursedWin => Wdl::BlessedLoss,
            Wdl::Win => Wdl::Loss,
        }
    }

    /// The verdict of a signed distance to zeroing (positive: the side to
    /// move wins) with `halfmove_clock` plies already on the 50-move
    /// counter: a win or loss that takes more than the 100 plies the rule
    /// allows is cursed or blessed.
    pub const fn from_dtz(dtz: i32, halfmove_clock: u32) -> Wdl {
        let clock = halfmove_clock as i32;
        if dtz > 0 {
            if dtz + clock <= 100 {
                Wdl::Win
            } else {
                Wdl::CursedWin
            }
        } else if dtz < 0 {
            if -dtz + clock <= 100 {
                Wdl::Loss
            } else {
                Wdl::BlessedLoss
            }
        } else {
            Wdl::Draw
        }
    }
}

/// One root move with what the distance-to-zeroing tables say of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RootDtz<M> {
    /// The move.
    pub mv: M,
    /// Plies to the next zeroing move (capture, pawn move, or mate) after
    /// `mv`, counted from the root and signed from the root's side to
    /// move's point of view: positive wins, negative loses, 0 draws. A
    /// zeroing move that wins is 1 (or 101 when the win is cursed), a
    /// mate is 1, as Stockfish's `root_probe` counts.
    pub dtz: i32,
}

/// Probes a game's endgame tablebases. Shared by every search thread.
pub trait Tablebase<G: Game>: Send + Sync {
    /// The most pieces (kings included) of any table loaded.
    fn largest(&self) -> u32;

    /// The win/draw/loss verdict of `position` for its side to move,
    /// ignoring the 50-move counter (the caller probes only right after a
    /// zeroing move, as Stockfish does); `None` when no loaded table covers
    /// it (or the position cannot be in one, as with castling rights).
    fn probe_wdl(&self, position: &G) -> Option<Wdl>;

    /// Every legal move of `position` with its distance to zeroing (see
    /// [`RootDtz`]); `None` when the distance-to-zeroing tables needed are
    /// missing (the caller then ranks moves by [`Tablebase::probe_wdl`]).
    /// A position without legal moves gives an empty list.
    fn probe_root_dtz(&self, position: &G) -> Option<Vec<RootDtz<G::Move>>>;
}

/// What loading a game's tablebases gave (see
/// [`Game::load_tablebases`](crate::Game::load_tablebases)).
pub struct LoadedTablebases<G: Game> {
    /// The tables; `None` when none were found (not an error).
    pub tables: Option<Arc<dyn Tablebase<G>>>,
    /// What was found, in words for an `info string` (Stockfish says
    /// `Found 0 tablebases` when none were).
    pub report: String,
}
