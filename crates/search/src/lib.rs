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
//! history, and continuation histories one and two plies back with
//! [`Switches::continuation_history`], `continuation.rs`),
//! null move, reverse futility, futility, late move and exchange
//! (`Evaluate::see_at_least`) pruning, history pruning (with continuation
//! histories), late move reductions, check extension, singular extensions
//! ([`Switches::singular_extensions`]), pruning that reads the table's
//! score in place of the static evaluation where the stored bound allows
//! ([`Switches::table_refines_evaluation`]), depth adjusted in hindsight of
//! the parent's reduction ([`Switches::hindsight_depth`]), a correction history of
//! the static evaluation keyed by `Evaluate::correction_key` (`correction.rs`;
//! games without a key are not corrected), mate distance pruning, draws by
//! repetition and by rule inside the tree, MultiPV, Lazy SMP, and time
//! management with a move overhead. Every pruning and reduction margin is
//! named in one module (`tuning.rs`).
//!
//! How an engine searches is a value it owns, [`SearchConfig`]: the
//! tunable margins ([`SearchParams`], settable by name for tuning) and the
//! techniques switched on ([`Switches`]), which were measured per game, so
//! the game registry (`augur_games::Variant::search_config`) gives each
//! game's. It is a required argument of [`Engine::new`] and lives in the
//! engine's [`Settings`]; each search copies it into its workers, so two
//! engines in one process never share it.
//!
//! Games with endgame tablebases
//! (`Game::TABLEBASES`, chess) rank root moves by them and probe them in
//! the tree as Stockfish does (`tablebase.rs`); the others compile the
//! probes away.
//!
//! Chance nodes (a die to roll, Enochian divination) average their equally
//! likely outcomes (expectimax). A null-window chance node tests each
//! outcome with a null window at a threshold taken from its estimated
//! value (the table's score, else the static evaluation), the thresholds
//! adding up to what the node needs, re-aimed after every test; a
//! wide-window node, and a null-window node still undecided after a few
//! tests per outcome, finishes with Star1 windows from the bounds learnt
//! (`chance.rs`). Outcomes that play on alike
//! (one `Game::outcome_key`) are searched once, weighted by their number.
//! At the horizon each outcome's static evaluation bounds it from below
//! (it may stand pat); where every outcome evaluates as the node itself
//! (`Evaluate::OUTCOMES_EVALUATE_ALIKE`, Enochian's die) a node whose
//! evaluation reaches `beta` fails high before any outcome is drawn. The
//! outcomes' quiescence searches are small, so at the horizon Star1
//! decides at once, without threshold tests. Only the first outcome of a principal-variation
//! chance node is searched as a principal-variation node, so the
//! variation stays a line, not a tree.
//!
//! # Threads
//!
//! An engine owns all its search threads: one main search thread and
//! `Threads - 1` Lazy SMP helpers, each with a [`SEARCH_STACK_BYTES`] stack.
//! They start with the engine (or when `Threads` grows) and then sleep on a
//! channel; each search wakes them. A new thread can wait milliseconds for
//! the scheduler on a loaded machine, a sleeping one is woken at once, which
//! matters at 1+0.01.
//!
//! - [`Engine::start`] hands a [`SearchRequest`] to the main search thread
//!   and returns a [`SearchHandle`] at once: [`SearchHandle::is_finished`]
//!   polls, [`SearchHandle::wait`] blocks. A listener hears the progress
//!   ([`SearchEvent::Info`]) and then exactly one end on that thread:
//!   [`SearchEvent::Finished`] with the result, or [`SearchEvent::Failed`]
//!   if the search panicked (a bug; the caller then plays a legal move and
//!   may replace the engine). This is what the protocol uses for `go`.
//! - [`Engine::search`] is start-and-wait, reporting progress on the
//!   calling thread (bench, analysis, self-play, tests).
//!
//! During a search the table and the move-ordering memory travel with it to
//! the main search thread and come back when it ends; an engine call that
//! needs them waits for the search. The main search wakes the helpers,
//! sets their shared `finished` flag when it is over and waits for them,
//! also when it unwinds from a panic, so no helper outlives its search.
//!
//! The searcher never prints: progress goes to the listener or callback,
//! and `stop` / `ponderhit` arrive through a [`SearchControl`], a handle
//! whose clones the caller keeps. After `go infinite`, or while pondering,
//! a search that has finished its iterations blocks on a condition variable
//! until `stop` (or `ponderhit`) wakes it.

mod chance;
mod config;
mod continuation;
mod control;
mod correction;
mod engine;
mod eval_cache;
mod heuristics;
mod limits;
mod memory;
mod params;
mod pool;
pub mod score;
pub mod strength;
mod tablebase;
mod tt;
mod tuning;
mod worker;

pub use config::{SearchConfig, Switches};
pub use control::{RootProgress, SearchControl};
pub use engine::{
    Engine, NETWORK_BY_DEFAULT, SearchEvent, SearchHandle, SearchInfo, SearchRequest, SearchResult,
    Settings,
};
pub use limits::{Clock, Limits, TimeBudget, budget_for_clock, budget_for_movetime};
pub use params::Tunable;
pub use pool::SEARCH_STACK_BYTES;
pub use strength::Strength;
pub use tablebase::TablebaseSettings;
pub use tt::Bound;
pub use tuning::SearchParams;
