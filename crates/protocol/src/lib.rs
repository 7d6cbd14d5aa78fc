//! augur-protocol: Augur's UCI-style text protocol.
//!
//! It owns command parsing ([`parse`]), the session state machine
//! ([`Session`], [`run`]) that drives one game's engine at a time through
//! the game-erased engine API (`augur-engine`, which returns values and
//! never prints), the engine options, and the shape of every output line
//! (`output`: the API's values formatted as UCI text). Searches run on
//! the engine's main search thread (kept, woken per `go`, never started per
//! move; see `Engine::start`); the
//! session keeps reading, so `isready`, `stop` and `ponderhit` are answered
//! at once. Bad input gives one
//! `info string error: ...` line, changes nothing, and the session goes on.
//!
//! # Parsing
//!
//! [`parse`] turns one input line into a [`Command`] or a [`ParseError`]
//! whose `Display` is a one-line message for `info string error: <message>`.
//! It is pure and game-independent: FENs, move texts and option values stay
//! text for the game and the session to validate. It is strict where UCI is
//! lenient: commands are lowercase, and unknown commands, unknown or
//! repeated keywords, stray tokens and out-of-range numbers are errors rather
//! than skipped. It never panics, and rejects lines over [`MAX_LINE_LEN`].
//!
//! `go` keywords come from one table in [`go`]; adding one (e.g. a per-army
//! clock) is a [`GoParams`] field plus one table row. `go perft N` parses to
//! [`Command::Perft`]. The accepted syntax and every error are listed in
//! `protocol.md`, section "UCI commands (parsing)".

pub mod command;
pub mod go;
pub mod option;
pub mod options;
pub mod output;
pub mod session;

pub use augur_engine::eval_file;
pub use augur_engine::{BoardView, GameResult, PieceOnSquare};
pub use command::{
    BenchParams, Command, GenFensParams, MAX_LINE_LEN, ParseError, PositionStart, parse,
};
pub use go::GoParams;
pub use output::Output;
pub use session::{Flow, Session, run};
