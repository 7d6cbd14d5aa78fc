//! Every pruning, reduction and extension margin of the search, and the
//! numbers that steer iterative deepening, in one place. Scores are in
//! centipawns, depths in plies. Changing any of them changes the bench
//! node signatures. The tunable ones, in the [`search_params!`] table at
//! the end, are fields of [`SearchParams`], which each engine owns and
//! may set for tuning by self-play; by default they hold the values
//! written here, which for ten of them are the values that self-play
//! tuning found (`docs/tuning.md` gives the old and new values and the
//! tests).

use std::time::Duration;

use crate::params::search_params;

// Iterative deepening and aspiration windows (engine.rs).

/// First depth searched with an aspiration window (plies); shallower
/// iterations use the full window.
pub(crate) const ASPIRATION_MIN_DEPTH: u32 = 5;
/// After a fail the half-width grows by itself divided by this (2: by half).
pub(crate) const ASPIRATION_GROWTH_DIVISOR: i32 = 2;
/// Aspiration fails are reported only after the search has run this long.
pub(crate) const REPORT_BOUNDS_AFTER: Duration = Duration::from_secs(1);
/// The root move being searched (`currmove`) is reported only after the
/// search has run this long (as Stockfish does).
pub(crate) const REPORT_CURRMOVE_AFTER: Duration = Duration::from_secs(1);
/// With one legal move, a search on a clock stops after this depth (plies).
pub(crate) const SINGLE_MOVE_DEPTH: u32 = 4;
/// A timed search stops once a mate in n plies is found at a depth of more
/// than 2n plus this (plies).
pub(crate) const MATE_PROOF_EXTRA_DEPTH: i32 = 4;
/// Searches with a shorter hard limit run on the main thread alone (helpers
/// gain nothing and take CPU from the main thread when the clock is low).
pub(crate) const MIN_HELPED_SEARCH: Duration = Duration::from_millis(20);

// The node search (worker.rs).

/// Nodes a worker counts before it adds them to the shared counter and
/// checks the clock and `stop` (nodes).
pub(crate) const NODE_BATCH: u64 = 1024;

/// Reverse futility pruning applies at this remaining depth or less (plies).
pub(crate) const REVERSE_FUTILITY_MAX_DEPTH: i32 = 7;

/// Null move pruning applies from this remaining depth on (plies).
pub(crate) const NULL_MOVE_MIN_DEPTH: i32 = 3;
/// Base reduction of the null move search, besides the ply of the null
/// move itself (plies).
pub(crate) const NULL_MOVE_REDUCTION: i32 = 3;
/// One more ply of null move reduction per this much remaining depth (plies).
pub(crate) const NULL_MOVE_DEPTH_DIVISOR: i32 = 4;
/// Cap on the reduction added for the static evaluation above beta (plies).
pub(crate) const NULL_MOVE_MAX_EVAL_REDUCTION: i32 = 3;

/// A node without a table move is searched one ply shallower
/// (internal iterative reduction) from this depth on (plies).
pub(crate) const IIR_MIN_DEPTH: i32 = 5;
/// The internal iterative reduction (plies).
pub(crate) const IIR_REDUCTION: i32 = 1;

/// Late move pruning applies at this remaining depth or less (plies).
pub(crate) const LATE_MOVE_MAX_DEPTH: i32 = 3;
/// Quiet moves searched before late move pruning starts, besides
/// depth squared (moves).
pub(crate) const LATE_MOVE_BASE: usize = 3;
/// Extra quiet moves searched before late move pruning when improving (moves).
pub(crate) const LATE_MOVE_IMPROVING: usize = 2;

/// Futility pruning of quiet moves applies at this remaining depth or less
/// (plies); deeper, a late quiet move is held to the margin of the depth
/// it would be searched at after its late move reduction.
pub(crate) const FUTILITY_MAX_DEPTH: i32 = 3;

/// History pruning skips quiet moves with a bad history up to this
/// remaining depth (plies).
pub(crate) const HISTORY_PRUNE_MAX_DEPTH: i32 = 4;

/// Plies added to the depth of a move that gives check (plies).
pub(crate) const CHECK_EXTENSION: i32 = 1;
/// Checks are extended only while the ply is below this many times the
/// iteration's depth (plies per ply of depth).
pub(crate) const CHECK_EXTENSION_LIMIT: i32 = 2;

/// Singular extensions are tested from this remaining depth on (plies).
pub(crate) const SINGULAR_MIN_DEPTH: i32 = 8;
/// The table's entry must be at most this much shallower than the node
/// (plies).
pub(crate) const SINGULAR_TABLE_DEPTH_MARGIN: i32 = 3;
/// The other moves must fall this far below the table's score, per ply of
/// remaining depth, for the table's move to be singular (cp).
pub(crate) const SINGULAR_MARGIN_PER_PLY: i32 = 2;
/// Plies added to a singular move.
pub(crate) const SINGULAR_EXTENSION: i32 = 1;

/// Exchange pruning skips moves that lose material up to this remaining
/// depth (plies).
pub(crate) const SEE_PRUNE_MAX_DEPTH: i32 = 7;

/// Late move reductions apply from this remaining depth on (plies).
pub(crate) const LMR_MIN_DEPTH: i32 = 3;
/// Late move reductions apply from this move on, counted from 0 (moves).
pub(crate) const LMR_MIN_MOVES: usize = 2;
/// Extra reduction outside the principal variation (plies).
pub(crate) const LMR_NON_PV: i32 = 1;
/// Less reduction when the static evaluation is improving (plies).
pub(crate) const LMR_IMPROVING: i32 = 1;
/// Less reduction for killers and counter-moves (plies).
pub(crate) const LMR_KILLER: i32 = 1;
/// One ply less (or more) reduction per this much history score (history
/// units, at most 16,384).
pub(crate) const LMR_HISTORY_DIVISOR: i32 = 8192;
/// Cap on the history adjustment, either way (plies).
pub(crate) const LMR_HISTORY_MAX: i32 = 2;

/// Cap on the history bonus of a move that caused a cutoff, which is depth
/// squared otherwise (history units).
pub(crate) const HISTORY_BONUS_MAX: i32 = 400;
/// A node its parent reduced by this many plies or more is searched a ply
/// deeper when the parent's move cost the parent nothing by the static
/// evaluations (with `Switches::hindsight_depth`)...
pub(crate) const HINDSIGHT_DEEPER_REDUCTION: i32 = 3;
/// ... and one reduced by this many or more a ply shallower (when at least
/// two plies are left) ...
pub(crate) const HINDSIGHT_SHALLOWER_REDUCTION: i32 = 2;
/// ... when this side gained more than this by them (centipawns: its own
/// static evaluation plus the parent's).
pub(crate) const HINDSIGHT_SHALLOWER_GAIN: i32 = 175;

/// Quiescence plies within which chance nodes are averaged; deeper, the
/// static evaluation of the position before the roll stands (plies).
pub(crate) const CHANCE_QUIESCENCE_PLIES: u32 = 1;

/// Null-window threshold tests a null-window chance node makes, per
/// outcome, before Star1 with the bounds learnt decides it (tests per
/// outcome).
pub(crate) const CHANCE_TESTS_PER_OUTCOME: usize = 3;

// The tunable parameters: a field of `SearchParams` each, with the option
// name it is set by, its default and its range (`params.rs`).
search_params! {
    /// Half-width of the first aspiration window around the previous score (cp).
    aspiration_window: "AspirationWindow", default 25, min 5, max 100;
    /// Reverse futility margin per ply of remaining depth (cp).
    reverse_futility_margin: "ReverseFutilityMargin", default 85, min 20, max 200;
    /// Subtracted from the reverse futility margin when the static evaluation
    /// improved over two plies (cp).
    reverse_futility_improving: "ReverseFutilityImproving", default 40, min 0, max 150;
    /// One more ply of null move reduction per this much static evaluation
    /// above beta (cp).
    null_move_eval_divisor: "NullMoveEvalDivisor", default 201, min 50, max 600;
    /// Futility margin at no remaining depth (cp).
    futility_margin: "FutilityMargin", default 99, min 0, max 300;
    /// Futility margin added per ply of remaining depth (cp).
    futility_margin_per_ply: "FutilityMarginPerPly", default 116, min 20, max 300;
    /// A quiet move whose history and continuation histories sum below minus
    /// this times the remaining depth is skipped (history units).
    history_prune_margin: "HistoryPruneMargin", default 1000, min 100, max 16000;
    /// A quiet move is skipped when it loses more than this times the depth
    /// squared by the exchange evaluation (cp).
    see_prune_quiet: "SeePruneQuiet", default 19, min 0, max 100;
    /// A noisy move is skipped when it loses more than this times the depth by
    /// the exchange evaluation (cp).
    see_prune_noisy: "SeePruneNoisy", default 88, min 0, max 300;
    /// Constant term of the late move reduction formula (hundredths of a ply).
    lmr_base: "LmrBase", default 51, min -100, max 200;
    /// The product ln(depth) * ln(move number) is divided by this (hundredths).
    lmr_divisor: "LmrDivisor", default 201, min 100, max 500;
    /// With continuation histories (`Switches::continuation_history`), late
    /// move reductions read the sum of the history and the two continuation
    /// histories: one ply less (or more) reduction per this much (history
    /// units).
    lmr_continuation_divisor: "LmrContinuationDivisor", default 15_265, min 2048, max 65536;
    /// With continuation histories, the history bonus of a cutoff is this
    /// times the depth squared (history units)...
    continuation_bonus_per_depth2: "ContinuationBonusPerDepth2", default 16, min 2, max 64;
    /// ... up to this (history units).
    continuation_bonus_max: "ContinuationBonusMax", default 2030, min 256, max 16384;
}
