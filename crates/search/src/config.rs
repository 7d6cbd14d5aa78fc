//! How one engine searches: its tunable parameters ([`SearchParams`]) and
//! the search techniques it switches on ([`Switches`]). Both are plain
//! values an engine owns ([`crate::Settings::config`]) and copies into its
//! workers when a search starts, so engines in one process never share
//! them. Which switches a game wants is the game registry's business
//! (`augur_games::Variant::search_config`): they were measured per game,
//! and the search crate names no game.

use crate::tuning::SearchParams;

/// Search techniques that only some games gain from, each measured in
/// self-play per game (`docs/strength.md`). Off, the search behaves as if
/// the technique did not exist.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Switches {
    /// Test the table's move for singularity and extend it when every
    /// other move falls well short.
    pub singular_extensions: bool,
    /// Pruning (reverse futility, null move, futility) reads the table's
    /// score in place of the static evaluation when the stored bound says
    /// the position is worth more (a lower bound above it) or less (an
    /// upper bound below it), or exactly that.
    pub table_refines_evaluation: bool,
    /// Keep continuation histories (how well a quiet move did after each
    /// of the previous two moves, keyed by
    /// `augur_core::Evaluate::continuation_key`), prune quiet moves by
    /// them, and learn the histories at the faster rate such sparse tables
    /// need.
    pub continuation_history: bool,
    /// Adjust a node's depth by what its parent's late move reduction now
    /// looks like in hindsight: a ply deeper after a large reduction when
    /// the parent's move cost it nothing by the two static evaluations, a
    /// ply shallower when it cost a lot.
    pub hindsight_depth: bool,
}

impl Switches {
    /// Every technique off: the plain search.
    pub const OFF: Switches = Switches {
        singular_extensions: false,
        table_refines_evaluation: false,
        continuation_history: false,
        hindsight_depth: false,
    };

    /// Every technique on.
    pub const ALL: Switches = Switches {
        singular_extensions: true,
        table_refines_evaluation: true,
        continuation_history: true,
        hindsight_depth: true,
    };
}

impl Default for Switches {
    /// [`Switches::OFF`].
    fn default() -> Self {
        Self::OFF
    }
}

/// Everything that decides how one engine searches a position, besides
/// the game and the limits: parameters and switches.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SearchConfig {
    /// The tunable margins and divisors.
    pub params: SearchParams,
    /// The techniques switched on.
    pub switches: Switches,
}

impl SearchConfig {
    /// The default parameters with `switches`.
    pub const fn with_switches(switches: Switches) -> Self {
        Self {
            params: SearchParams::DEFAULT,
            switches,
        }
    }

    /// This configuration with `params` in place of its parameters.
    pub const fn with_params(self, params: SearchParams) -> Self {
        Self { params, ..self }
    }
}
