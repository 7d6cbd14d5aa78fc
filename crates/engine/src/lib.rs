//! augur-engine: Augur's engine for any of its games, as values.
//!
//! One [`Engine`] is one game being played: set a position (a start and a
//! move list, Enochian rolls included) and get typed errors; list the legal
//! moves as [`MoveInfo`]; play and undo; draw the board ([`BoardView`],
//! serde-serialisable); search with [`SearchLimits`] and hear typed
//! [`SearchEvent`]s (depth, score, nodes, the principal variation as
//! moves) ending in one [`BestMove`]; stop and ponderhit; count perft;
//! run the bench; generate book positions; answer an offer of the exchange
//! of prisoners. Nothing here prints: the text protocol (`augur-protocol`)
//! formats these values as UCI lines, the web board (`augur-serve`) sends
//! them as JSON, and `augur analyse` prints either.
//!
//! Each engine owns its settings ([`Config`]: table size, threads, lines,
//! strength, evaluation), so two engines in one process may differ.
//!
//! ```
//! use augur_engine::{Engine, SearchEvent, SearchLimits, Start, Variant};
//! let mut engine = Engine::new(Variant::Ultima);
//! engine.play("e2e3").unwrap();
//! assert!(engine.play("e2e3").is_err()); // the square is empty now
//! let limits = SearchLimits { depth: Some(3), ..SearchLimits::default() };
//! let (sender, events) = std::sync::mpsc::channel();
//! engine.start_search(&limits, move |event| { let _ = sender.send(event); }).unwrap();
//! engine.wait();
//! let last = events.try_iter().last();
//! assert!(matches!(last, Some(SearchEvent::Finished(_))));
//! ```

mod board;
mod config;
mod convert;
pub mod describe;
mod engine;
mod error;
pub mod eval_file;
pub mod genfens;
mod limits;
mod played;
mod values;

pub use augur_games::Variant;
pub use augur_search::strength::{MAX_ELO, MIN_ELO};
pub use augur_search::{Strength, TablebaseSettings};
pub use board::{BoardView, GameResult, PieceOnSquare, to_json};
pub use config::Config;
pub use convert::{score_of, wdl_of};
pub use engine::Engine;
pub use error::EngineError;
pub use genfens::GenFensParams;
pub use limits::SearchLimits;
pub use played::{NO_POSITION, PerftEvent, Start};
pub use values::{
    BenchReport, BestMove, Bound, EvalTerm, Evaluation, ExchangeAnswer, FinalScore, MoveInfo,
    PerftReport, Score, SearchEvent, SearchInfo, SearchStart, Wdl,
};
