//! What the searcher needs from a game besides its rules: a static
//! evaluation, and hints for ordering moves.

use crate::game::Game;

/// One named part of an evaluation, for the `eval` command: the term's value
/// for each team, in centipawns, already blended between the middlegame and
/// endgame weights the way the evaluation itself blends them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalTerm {
    /// The term's name (`material`, `mobility`, ...).
    pub name: &'static str,
    /// Its value for the first team (White in chess).
    pub first: i32,
    /// Its value for the second team (Black in chess).
    pub second: i32,
}

/// The number of distinct [`Evaluate::continuation_key`]s: the continuation
/// histories hold this many squared entries.
pub const CONTINUATION_KEYS: usize = 1024;

/// A game the searcher can play: static evaluation and move-ordering hints.
pub trait Evaluate: Game {
    /// Quiescence plies within which a position in check searches every
    /// evasion; deeper, it stands pat and searches noisy moves only. Games
    /// whose quiet evasions often give check back (Oracle chess, where souls
    /// check through bodies) set a small number so check chains end.
    const QUIESCENCE_EVASION_PLIES: u32 = u32::MAX;

    /// Whether every outcome of a chance node evaluates, stands pat and is
    /// in check exactly as the chance node itself (the evaluation reads the
    /// board, not the outcome drawn, as Enochian's die). Then a chance node
    /// at the horizon whose own evaluation reaches `beta` fails high
    /// before its outcomes are drawn.
    const OUTCOMES_EVALUATE_ALIKE: bool = false;

    /// The static evaluation in centipawns from the point of view of the
    /// team to move (positive: good for the team to move).
    fn evaluate(&self) -> i32;

    /// The hand-written evaluation, same point of view, in a game whose
    /// [`Evaluate::evaluate`] is a network (chess); the protocol's
    /// `Use NNUE` option turned off selects it. Other games have only one.
    fn evaluate_hand_written(&self) -> i32 {
        self.evaluate()
    }

    /// What a position evaluates with when the game offers a choice (chess:
    /// its network, [`Evaluate::evaluator`]); `()` in games that offer
    /// none. Each position carries its own, and the positions played from
    /// it inherit it, so engines in one process can evaluate differently.
    /// Equal values evaluate alike; the default value is
    /// [`Evaluate::default_evaluator`]. (Associated type defaults are not
    /// stable, so every game names it.)
    type Evaluator: Clone + Default + Send + Sync + PartialEq + std::fmt::Debug + 'static;

    /// What this position evaluates with. The default, for games without
    /// a choice, is [`Evaluate::default_evaluator`].
    fn evaluator(&self) -> Self::Evaluator {
        Self::default_evaluator()
    }

    /// Makes this position (and the positions played from it) evaluate
    /// with `evaluator`, bringing up to date what it keeps for the
    /// evaluation (chess: the network's hidden layer). The default keeps
    /// nothing and does nothing.
    fn set_evaluator(&mut self, evaluator: &Self::Evaluator) {
        let _ = evaluator;
    }

    /// What positions read from a position string evaluate with (chess:
    /// the embedded network): the evaluator's default value.
    fn default_evaluator() -> Self::Evaluator {
        Self::Evaluator::default()
    }

    /// Reads the evaluator in the file at `path` (chess: a network file),
    /// or why not. The default: the game has no evaluation file.
    fn load_evaluator(path: &str) -> Result<Self::Evaluator, String> {
        let _ = path;
        Err(format!("{} has no evaluation file", Self::NAME))
    }

    /// Static exchange evaluation: whether `mv` wins at least `threshold`
    /// centipawns once the captures on its target square are played out.
    /// Quiescence skips the captures that lose material by it. The
    /// default knows no exchanges and answers yes, which prunes nothing.
    fn see_at_least(&self, mv: Self::Move, threshold: i32) -> bool {
        let _ = (mv, threshold);
        true
    }

    /// The key the searcher caches the static evaluation under: the
    /// position's key, or a coarser one in a game whose evaluation ignores
    /// part of the state (Enochian's rolled die), so that the outcomes of
    /// a chance node share one evaluation. Positions whose evaluations
    /// differ must have different keys.
    fn evaluation_key(&self) -> u64 {
        self.hash()
    }

    /// A key of the features the static evaluation tends to misjudge alike
    /// (in chess the pawn structure), for the searcher's correction
    /// history: positions with one key share a correction learnt from the
    /// scores searches return. `None`, the default, leaves the evaluation
    /// uncorrected.
    fn correction_key(&self) -> Option<u64> {
        None
    }

    /// What `mv` does, in a few bits, for the continuation histories (read
    /// only by searches that keep them; the game registry says which): below
    /// [`CONTINUATION_KEYS`], and the same for moves that put the same kind
    /// of piece on the same square (in chess, the mover's colour and role
    /// and the target square). The default is 0 for every move.
    fn continuation_key(&self, mv: Self::Move) -> u16 {
        let _ = mv;
        0
    }

    /// A material-only evaluation (same point of view), for deliberately
    /// weak test opponents (the protocol's `Material Only` option).
    /// Games without one fall back to the full evaluation.
    fn evaluate_material(&self) -> i32 {
        self.evaluate()
    }

    /// The evaluation split into named terms; the sum of `first - second`
    /// over the terms (plus any tempo bonus, listed as a term) is the
    /// evaluation from the first team's point of view.
    fn eval_terms(&self) -> Vec<EvalTerm>;

    /// For captures and promotions, an ordering score (most valuable victim,
    /// least valuable attacker; higher is tried first); `None` for quiet moves.
    fn noisy_score(&self, mv: Self::Move) -> Option<i32>;

    /// Whether the side to move has material beyond pawns and king, so a
    /// null move is unlikely to meet zugzwang.
    fn has_non_pawn_material(&self) -> bool;

    /// The position with the turn passed and nothing else changed, for null
    /// move pruning; `None` where the game has no such thing.
    fn play_null(&self) -> Option<Self>;
}
