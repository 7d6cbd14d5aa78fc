//! The parts of Augur's tuners that the per-game binaries share (the chess
//! tuner in `main.rs` has its own, larger machinery).

pub mod linear;
