//! The values the engine hands out: moves, scores, search reports, best
//! moves and the answers of perft, bench and the exchange of prisoners.
//! Game-independent (moves and squares are named by their text), and
//! serde-serialisable, so front ends (the protocol, the web board, scripts)
//! only format them.

use serde::Serialize;

use crate::describe::{AlsoMoves, Choice};

/// One legal move, described for people and programs.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct MoveInfo {
    /// The move as the protocol writes it (`e2e4`, `h~g5f7xs`, `exchange`).
    pub text: String,
    /// The square the moving piece leaves (`None`: a move without squares,
    /// such as Enochian chess's `exchange` or a lost turn).
    pub from: Option<String>,
    /// The square it arrives on.
    pub to: Option<String>,
    /// Every square whose piece the move takes, as the game's rules define
    /// taking (Ultima's withdrawals and pincers, en passant, ...).
    pub captures: Vec<String>,
    /// What the mover chose besides the squares (a promotion piece, Oracle
    /// chess's souls), in the order the move text writes them.
    pub choices: Vec<Choice>,
    /// Other pieces that move with this one (castling's rook).
    pub also_moves: Vec<AlsoMoves>,
    /// Squares besides `to` where a piece appears or changes in place
    /// (Oracle's fetched bodies and summoned souls, Enochian's returning
    /// Kings).
    pub placed: Vec<String>,
    /// Whether the side to move after it is in check.
    pub gives_check: bool,
    /// The move in the game's readable notation (chess: SAN `Nf3`; Ultima
    /// `Qc2-c6`; Oracle chess `h~g1xe2/s`; Enochian `b4:Qh8-f6`), written
    /// in the position before it; see the rules pages' "Readable notation".
    pub notation: String,
}

/// A score from the point of view of the side to move at the root: JSON
/// `{"cp":20}` or `{"mate":3}`.
#[derive(Serialize, Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Score {
    /// Centipawns.
    Cp(i32),
    /// Moves to mate (negative: being mated).
    Mate(i32),
}

/// Which side of an aspiration window a reported score fell out of.
#[derive(Serialize, Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Bound {
    /// The score is at least this.
    Lower,
    /// The score is at most this.
    Upper,
}

/// Win, draw and loss chances per mille for the side to move.
#[derive(Serialize, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Wdl {
    /// Wins per mille.
    pub win: u32,
    /// Draws per mille.
    pub draw: u32,
    /// Losses per mille.
    pub loss: u32,
}

/// One progress report of a search: a completed depth or `MultiPV` line,
/// or an aspiration bound.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct SearchInfo {
    /// Completed depth.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// 1-based index of this line among the `MultiPV` lines.
    pub multipv: usize,
    /// The line's score.
    pub score: Score,
    /// `Some` when the score is only a bound.
    pub bound: Option<Bound>,
    /// The score as win, draw and loss chances.
    pub wdl: Wdl,
    /// Nodes searched by all threads.
    pub nodes: u64,
    /// Nodes a second.
    pub nps: u64,
    /// Milliseconds since the search started.
    pub time_ms: u64,
    /// Per mille of the table in use.
    pub hashfull: u32,
    /// Successful endgame tablebase probes.
    pub tbhits: u64,
    /// The principal variation.
    pub pv: Vec<MoveInfo>,
}

/// The end of a search.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct BestMove {
    /// The move to play; `None` when the root has no legal move.
    pub best: Option<MoveInfo>,
    /// The expected reply, for pondering.
    pub ponder: Option<MoveInfo>,
    /// The best line's score.
    pub score: Score,
    /// The deepest completed depth.
    pub depth: u32,
    /// Nodes searched by all threads.
    pub nodes: u64,
}

/// What a running search reports, in order: any number of `Info` and
/// `CurrentMove`, then exactly one `Finished` or `Failed`.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum SearchEvent {
    /// A completed depth or line.
    Info(SearchInfo),
    /// The root move being searched (reported after the first second).
    CurrentMove {
        /// The depth being searched.
        depth: u32,
        /// The move.
        #[serde(rename = "move")]
        mv: MoveInfo,
        /// Its 1-based number in the root's order.
        number: usize,
    },
    /// The search is over.
    Finished(BestMove),
    /// The search failed (a bug): the first legal move is played.
    Failed(BestMove),
}

/// How a search request was answered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SearchStart {
    /// The search runs; its events go to the callback.
    Running,
    /// The last position given was refused: nothing to search (the protocol
    /// answers `bestmove 0000`).
    NoPosition,
    /// The game is over: there is no move, only the final score.
    GameOver(FinalScore),
    /// The army's only move was the exchange of prisoners the other team
    /// declined: it passes with this move, without a search.
    Forced(MoveInfo),
}

/// The score of a finished game for the side to move.
#[derive(Serialize, Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum FinalScore {
    /// The side to move has lost (mated, its Kings taken).
    Lost,
    /// The game is drawn.
    Drawn,
    /// The side to move has already won (Enochian chess).
    Won,
}

impl FinalScore {
    /// The score reported for it: `mate 0` when the side to move has lost,
    /// `cp 0` for a draw, and `cp 32000` when it has already won (UCI has
    /// no notation for a mate given).
    pub fn score(self) -> Score {
        match self {
            FinalScore::Won => Score::Cp(32000),
            FinalScore::Lost => Score::Mate(0),
            FinalScore::Drawn => Score::Cp(0),
        }
    }
}

/// A perft count.
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct PerftReport {
    /// The depth counted.
    pub depth: u32,
    /// Leaves counted (all of them when `complete`).
    pub nodes: u64,
    /// Root moves counted.
    pub counted: usize,
    /// Root moves in all.
    pub root_moves: usize,
    /// Whether the count ran to the end (not stopped).
    pub complete: bool,
    /// Milliseconds taken.
    pub time_ms: f64,
}

/// A bench run.
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct BenchReport {
    /// Nodes of every position's search, in order.
    pub positions: Vec<u64>,
    /// Nodes in all (the bench signature).
    pub nodes: u64,
    /// Seconds spent searching.
    pub seconds: f64,
    /// Nodes a second.
    pub nps: u64,
}

/// The answer to the other team's offer of the exchange of prisoners.
#[derive(Serialize, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExchangeAnswer {
    /// Whether the answering team accepts.
    pub accept: bool,
    /// Its score after accepting, centipawns, its own view.
    pub accept_cp: i32,
    /// Its score after declining.
    pub decline_cp: i32,
}

/// The evaluation of a position in named terms (the `eval` command).
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct Evaluation {
    /// The hand-written evaluation's terms.
    pub terms: Vec<EvalTerm>,
    /// The network's evaluation, where the game has one, first team's view.
    pub network: Option<i32>,
    /// The hand-written evaluation, first team's view.
    pub hand_written: i32,
    /// The evaluation searched with, first team's view.
    pub used: i32,
}

/// One term of an [`Evaluation`], centipawns per team.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct EvalTerm {
    /// The term's name.
    pub name: String,
    /// Its value for the first team.
    pub first: i32,
    /// Its value for the second team.
    pub second: i32,
}
