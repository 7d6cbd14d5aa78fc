//! augur-search: one alpha-beta searcher for every Augur game.
//!
//! [`Engine`] is generic over [`augur_core::Evaluate`] and monomorphised per
//! game, so no rule flags sit in the hot path. It owns iterative deepening
//! with aspiration windows, principal variation search, quiescence search,
//! team negamax (scores are from the point of view of the team to move; the
//! window is negated only when the team changes, so a team may move twice),
//! a lock-free transposition table with buckets and depth/age replacement
//! (mate scores stored relative to the node; a table move is used only when
//! it is in the generated move list, since moves are matched by their code),
//! move ordering (table move, MVV-LVA captures, killers, counter-moves,
//! history), null move, reverse futility, futility and late move pruning,
//! late move reductions, check extension, mate distance pruning, draws by
//! repetition and by rule inside the tree, MultiPV, Lazy SMP on helper
//! threads started once per engine and woken per search, and time
//! management with a move overhead.
//!
//! The searcher never prints: progress goes to a callback, and `stop` /
//! `ponderhit` arrive through a shared [`SearchControl`].

mod control;
mod engine;
mod heuristics;
mod limits;
mod memory;
mod pool;
pub mod score;
mod tt;
mod tuning;
mod worker;

pub use control::SearchControl;
pub use engine::{Engine, SEARCH_STACK_BYTES, SearchInfo, SearchResult, Settings};
pub use limits::{Clock, Limits, TimeBudget, budget_for_clock, budget_for_movetime};
pub use tt::Bound;
