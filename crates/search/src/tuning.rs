//! Every pruning, reduction and extension margin of the search, and the
//! numbers that steer iterative deepening, in one place. Scores are in
//! centipawns, depths in plies. Changing any of them changes the bench
//! node signatures. The [`Tunable`] ones (listed in [`TUNABLES`]) can be
//! set at run time for tuning by self-play; until set they hold the values
//! written here, which for ten of them are the values that self-play tuning
//! found (`docs/tuning.md` gives the old and new values and the tests).

use std::time::Duration;

use crate::tunable::Tunable;

// Iterative deepening and aspiration windows (engine.rs).

/// First depth searched with an aspiration window (plies); shallower
/// iterations use the full window.
pub(crate) const ASPIRATION_MIN_DEPTH: u32 = 5;
/// Half-width of the first aspiration window around the previous score (cp).
pub(crate) static ASPIRATION_WINDOW: Tunable = Tunable::new("AspirationWindow", 25, 5, 100);
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
/// Reverse futility margin per ply of remaining depth (cp).
pub(crate) static REVERSE_FUTILITY_MARGIN: Tunable =
    Tunable::new("ReverseFutilityMargin", 85, 20, 200);
/// Subtracted from the reverse futility margin when the static evaluation
/// improved over two plies (cp).
pub(crate) static REVERSE_FUTILITY_IMPROVING: Tunable =
    Tunable::new("ReverseFutilityImproving", 40, 0, 150);

/// Null move pruning applies from this remaining depth on (plies).
pub(crate) const NULL_MOVE_MIN_DEPTH: i32 = 3;
/// Base reduction of the null move search, besides the ply of the null
/// move itself (plies).
pub(crate) const NULL_MOVE_REDUCTION: i32 = 3;
/// One more ply of null move reduction per this much remaining depth (plies).
pub(crate) const NULL_MOVE_DEPTH_DIVISOR: i32 = 4;
/// One more ply of null move reduction per this much static evaluation
/// above beta (cp).
pub(crate) static NULL_MOVE_EVAL_DIVISOR: Tunable =
    Tunable::new("NullMoveEvalDivisor", 201, 50, 600);
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
/// Futility margin at no remaining depth (cp).
pub(crate) static FUTILITY_MARGIN: Tunable = Tunable::new("FutilityMargin", 99, 0, 300);
/// Futility margin added per ply of remaining depth (cp).
pub(crate) static FUTILITY_MARGIN_PER_PLY: Tunable =
    Tunable::new("FutilityMarginPerPly", 116, 20, 300);

/// History pruning skips quiet moves with a bad history up to this
/// remaining depth (plies).
pub(crate) const HISTORY_PRUNE_MAX_DEPTH: i32 = 4;
/// A quiet move whose history and continuation histories sum below minus
/// this times the remaining depth is skipped (history units).
pub(crate) static HISTORY_PRUNE_MARGIN: Tunable =
    Tunable::new("HistoryPruneMargin", 1000, 100, 16000);

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
/// A quiet move is skipped when it loses more than this times the depth
/// squared by the exchange evaluation (cp).
pub(crate) static SEE_PRUNE_QUIET: Tunable = Tunable::new("SeePruneQuiet", 19, 0, 100);
/// A noisy move is skipped when it loses more than this times the depth by
/// the exchange evaluation (cp).
pub(crate) static SEE_PRUNE_NOISY: Tunable = Tunable::new("SeePruneNoisy", 88, 0, 300);

/// Late move reductions apply from this remaining depth on (plies).
pub(crate) const LMR_MIN_DEPTH: i32 = 3;
/// Late move reductions apply from this move on, counted from 0 (moves).
pub(crate) const LMR_MIN_MOVES: usize = 2;
/// Constant term of the late move reduction formula (hundredths of a ply).
pub(crate) static LMR_BASE: Tunable = Tunable::new("LmrBase", 51, -100, 200);
/// The product ln(depth) * ln(move number) is divided by this (hundredths).
pub(crate) static LMR_DIVISOR: Tunable = Tunable::new("LmrDivisor", 201, 100, 500);
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
/// evaluations (games with `Evaluate::HINDSIGHT_DEPTH`)...
pub(crate) const HINDSIGHT_DEEPER_REDUCTION: i32 = 3;
/// ... and one reduced by this many or more a ply shallower (when at least
/// two plies are left) ...
pub(crate) const HINDSIGHT_SHALLOWER_REDUCTION: i32 = 2;
/// ... when this side gained more than this by them (centipawns: its own
/// static evaluation plus the parent's).
pub(crate) const HINDSIGHT_SHALLOWER_GAIN: i32 = 175;
/// In games with continuation histories, the history bonus of a cutoff is
/// this times the depth squared (history units)...
pub(crate) static CONTINUATION_BONUS_PER_DEPTH2: Tunable =
    Tunable::new("ContinuationBonusPerDepth2", 16, 2, 64);
/// ... up to this (history units).
pub(crate) static CONTINUATION_BONUS_MAX: Tunable =
    Tunable::new("ContinuationBonusMax", 2030, 256, 16384);
/// In games with continuation histories, late move reductions read the
/// sum of the history and the two continuation histories: one ply less
/// (or more) reduction per this much (history units).
pub(crate) static LMR_CONTINUATION_DIVISOR: Tunable =
    Tunable::new("LmrContinuationDivisor", 15_265, 2048, 65536);

/// Quiescence plies within which chance nodes are averaged; deeper, the
/// static evaluation of the position before the roll stands (plies).
pub(crate) const CHANCE_QUIESCENCE_PLIES: u32 = 1;

/// Null-window threshold tests a null-window chance node makes, per
/// outcome, before Star1 with the bounds learnt decides it (tests per
/// outcome).
pub(crate) const CHANCE_TESTS_PER_OUTCOME: usize = 3;

/// Every tunable parameter, for the protocol's options and the tuner.
pub(crate) static TUNABLES: &[&Tunable] = &[
    &ASPIRATION_WINDOW,
    &REVERSE_FUTILITY_MARGIN,
    &REVERSE_FUTILITY_IMPROVING,
    &NULL_MOVE_EVAL_DIVISOR,
    &FUTILITY_MARGIN,
    &FUTILITY_MARGIN_PER_PLY,
    &HISTORY_PRUNE_MARGIN,
    &SEE_PRUNE_QUIET,
    &SEE_PRUNE_NOISY,
    &LMR_BASE,
    &LMR_DIVISOR,
    &LMR_CONTINUATION_DIVISOR,
    &CONTINUATION_BONUS_PER_DEPTH2,
    &CONTINUATION_BONUS_MAX,
];
