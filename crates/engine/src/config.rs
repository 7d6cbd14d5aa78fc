//! An engine instance's settings: its table, threads, lines, strength and
//! evaluation. Two engines in one process may differ in every one of them.

use augur_search::{SearchParams, Strength, TablebaseSettings};

/// The settings of one engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// Transposition table size, MB.
    pub hash_mb: usize,
    /// Search threads.
    pub threads: usize,
    /// Principal variations reported (1: a normal search).
    pub multipv: usize,
    /// Milliseconds kept in reserve per move on a clock.
    pub move_overhead_ms: u64,
    /// Evaluate material only (a deliberately weak opponent for tests).
    pub material_only: bool,
    /// Evaluate with the network where the game has one (chess); off, with
    /// the hand-written evaluation.
    pub use_network: bool,
    /// Play at this strength; `None`: full strength. Limited levels search
    /// with the hand-written evaluation they were calibrated with.
    pub strength: Option<Strength>,
    /// Average over future dice rolls (Enochian divination); off, ignore
    /// them beyond the root.
    pub dice_lookahead: bool,
    /// How endgame tablebases are used (games without tables ignore it).
    pub tablebases: TablebaseSettings,
    /// Chess960: positions are read with any rook castling, and castling is
    /// written king-takes-rook (games without the mode ignore it).
    pub chess960: bool,
    /// Where the randomness of a limited strength starts (`None`: the
    /// clock, so two engines at one level do not play the same game); a
    /// seed makes a weakened engine's searches replayable.
    pub seed: Option<u64>,
    /// The search's tunable margins and reductions (the game's own search
    /// switches come from the registry, `Variant::search_config`).
    pub search_params: SearchParams,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            hash_mb: 16,
            threads: 1,
            multipv: 1,
            move_overhead_ms: 30,
            material_only: false,
            use_network: augur_search::NETWORK_BY_DEFAULT,
            strength: None,
            dice_lookahead: true,
            tablebases: TablebaseSettings::default(),
            chess960: false,
            seed: None,
            search_params: SearchParams::default(),
        }
    }
}

impl Config {
    /// Whether searches use the hand-written evaluation: with the network
    /// off, and at every limited strength.
    pub fn hand_evaluation(&self) -> bool {
        !self.use_network || self.strength.is_some()
    }
}
