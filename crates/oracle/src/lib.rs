//! augur-oracle: Oracle chess for Augur, as `docs/rules/oracle.md`
//! (the project's rules page) has it.
//!
//! It owns the Oracle [`Position`]: bodies by class and colour on
//! bitboards, the soul layer (squares hosting each soul class), the packed
//! content of every square (a Priestess's soul multiset included), the
//! earth and underworld as counts, and a Zobrist key over bodies, souls,
//! both pools and the side to move, updated in the same helpers that move
//! tokens. It generates the legal moves of all seven kinds (every distinct
//! fetch, summon and taken-soul choice a separate [`OracleMove`]), plays
//! them by copy-make, reads and writes the position string and move text,
//! decides the outcome, and evaluates positions (`eval.rs`).
//!
//! Rule choices where the rulings leave room (all agree with the
//! independent generator in `tools/oracle-reference`):
//! - A soul goes into a body with room only by its *go* pattern and takes
//!   only by its *take* pattern: a Soldier soul enters a body straight
//!   ahead (if it has room) and takes diagonally forward, never the other
//!   way round. Other souls go and take on the same squares; on a square
//!   whose body has room and hosts souls, both the go and each take exist.
//! - A soul may take a soul of its own side (rulings: "friendly or
//!   enemy"), except the mover's own Lord soul.
//! - The Lord figure is a Lord body hosting the Lord soul; it may fetch any
//!   non-Priestess class, the Lord body included, from the earth of its
//!   colour. Only pools as they were before the move count.
//! - Check by a Soldier figure or soul is its diagonal take only.
//! - Position strings: soul letters inside `( )` and pool letters may come
//!   in any order, `P()` and `C(c)` are accepted for `P` and `C`; the
//!   quiet count is at most 999 and the round 1 to 10,000. A quiet count of
//!   64 or more, or a round past 256, is a finished (drawn) game.
//! - The quiet rule and the round limit are tested after mate: a mate on
//!   the 64th quiet ply or the 512th ply stands.

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

pub use eval::{BODY_VALUES, MATERIAL_FEATURES, MATERIAL_NAMES, MATERIAL_WEIGHTS, SOUL_VALUES};
pub use game::{PLY_LIMIT, QUIET_LIMIT};
pub use moves::{MoveKind, OracleMove};
pub use position::Position;
pub use text::{MAX_ROUND, START};
pub use types::{Body, Cell, Color, Soul};
