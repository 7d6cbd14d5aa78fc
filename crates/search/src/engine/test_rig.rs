//! A lone worker for the engine's unit tests, with its own table, control,
//! flags and move-ordering memory.

use super::*;
use crate::Switches;

/// How Augur searches chess, the game of these tests: every switch on.
pub(super) const CHESS: SearchConfig = SearchConfig::with_switches(Switches::ALL);

/// What a worker borrows, owned by the test.
pub(super) struct Rig<M> {
    /// The worker's table (tests plant entries in it).
    pub table: TranspositionTable,
    control: SearchControl,
    finished: AtomicBool,
    nodes: NodeCounter,
    heuristics: Heuristics<M>,
}

impl<M: Copy + Default + PartialEq> Rig<M> {
    /// A rig with a 1 MB table; `main_finished` is the main thread's flag.
    pub fn new(main_finished: bool) -> Self {
        Self {
            table: TranspositionTable::new(1),
            control: SearchControl::new(false),
            finished: AtomicBool::new(main_finished),
            nodes: NodeCounter::default(),
            heuristics: Heuristics::new(),
        }
    }

    /// A worker of `role` on this rig, without node or time limits,
    /// searching as chess does ([`CHESS`]).
    pub fn worker<G: Evaluate<Move = M>>(
        &mut self,
        role: Role,
        clock_bound: bool,
    ) -> Worker<'_, G> {
        let shared = Shared {
            tt: &self.table,
            control: &self.control,
            finished: &self.finished,
            nodes: &self.nodes,
            history: &[],
        };
        let budget = Budget {
            clock_bound,
            ..Budget::unlimited()
        };
        Worker::new(role, shared, budget, &mut self.heuristics, CHESS)
    }
}
