//! augur-ultima: Ultima (Baroque chess) for Augur, as `docs/rules/ultima.md`
//! (the project's rules page) has it.
//!
//! It owns the Ultima [`Position`] (bitboards by kind and colour, a mailbox,
//! an incrementally updated Zobrist key over pieces and side to move), legal
//! move generation with every capture kind, the position string (vchess
//! layout) and move text (`<from><to>`), and the static evaluation
//! (`augur_core::Evaluate`: material, mobility, immobilization, king safety,
//! tempo; see `eval.rs`).
//!
//! Rule choices (where the rulings leave room):
//! - Freezing is one adjacency rule, independent of scan order: a piece is
//!   frozen when an enemy immobilizer touches it and no *other* immobilizer
//!   or chameleon of its own side touches that immobilizer; an immobilizer
//!   touched by an enemy chameleon is frozen (that freeze cannot be
//!   neutralised). This makes two touching immobilizers, and an immobilizer
//!   and a touching enemy chameleon, freeze each other, as the rulings say.
//! - A pincer captures on all four orthogonal sides of its landing square,
//!   any enemy (the king included), when any friendly piece (king and frozen
//!   pieces included) stands beyond.
//! - The king is attacked when the opponent's unfrozen pieces have a move
//!   capturing it (by displacement, pincer, coordinator, long leaper or
//!   withdrawer; legality of that move is not considered), or an unfrozen
//!   enemy chameleon touches it.
//! - A chameleon pinces only pincers and only on orthogonal moves,
//!   coordinates only coordinators, withdraws only from withdrawers, leaps
//!   only over long leapers; it never displaces, so it never takes the king.
//!
//! These readings agree with the independent slow generator in
//! `tools/ultima-reference` on the published perft counts.

mod attacks;
mod describe;
mod eval;
mod game;
mod movegen;
mod moves;
mod notation;
mod play;
mod position;
mod text;
mod types;
mod zobrist;

pub use eval::PIECE_VALUES;
pub use game::BENCH_POSITIONS;
pub use moves::UltimaMove;
pub use position::Position;
pub use text::START;
pub use types::{Color, Kind};
