//! The engine: iterative deepening with aspiration windows and MultiPV on
//! the main thread, Lazy SMP helpers on persistent threads sharing the
//! transposition table, time management, and progress reports through a
//! callback.

use augur_core::{Evaluate, MoveList};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use crate::control::{NodeCounter, SearchControl};
use crate::heuristics::Heuristics;
use crate::limits::{Limits, TimeBudget, budget_for_clock, budget_for_movetime};
use crate::pool::{HelperJob, HelperPool, RunningHelpers};
use crate::score::{INFINITY, MATE, MATE_BOUND, MAX_PLY};
use crate::tt::{Bound, TranspositionTable};
use crate::tuning::{
    ASPIRATION_GROWTH_DIVISOR, ASPIRATION_MIN_DEPTH, ASPIRATION_WINDOW, MATE_PROOF_EXTRA_DEPTH,
    MIN_HELPED_SEARCH, REPORT_BOUNDS_AFTER, SINGLE_MOVE_DEPTH,
};
use crate::worker::{Budget, Node, Worker};

/// Stack size of search threads (deep recursion with move lists on the stack).
pub const SEARCH_STACK_BYTES: usize = 64 << 20;

/// Settings that persist between searches.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// Principal variations to report (1 = normal search).
    pub multipv: usize,
    /// Milliseconds kept in reserve per move for communication lag.
    pub move_overhead_ms: u64,
    /// Evaluate material only (a deliberately weak setting for tests).
    pub material_only: bool,
    /// Average over dice rolls beyond the root (expectimax); when false the
    /// search ignores them (any move allowed), to measure what they are worth.
    pub chance_lookahead: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            multipv: 1,
            move_overhead_ms: 30,
            material_only: false,
            chance_lookahead: true,
        }
    }
}

/// One line of search progress.
#[derive(Clone, Debug)]
pub struct SearchInfo<M> {
    /// Completed depth.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// 1-based index of this line with MultiPV.
    pub multipv: usize,
    /// Score from the point of view of the team to move at the root.
    pub score: i32,
    /// `Some` when the score is only a bound (aspiration fail).
    pub bound: Option<Bound>,
    /// Nodes searched by all threads.
    pub nodes: u64,
    /// Time since the search started.
    pub time: Duration,
    /// Permille of the table used by this search.
    pub hashfull: u32,
    /// The principal variation.
    pub pv: Vec<M>,
}

/// The outcome of a search.
#[derive(Clone, Debug)]
pub struct SearchResult<M> {
    /// The move to play; `None` when the root has no legal move.
    pub best_move: Option<M>,
    /// The expected reply, for pondering.
    pub ponder_move: Option<M>,
    /// The best line's score.
    pub score: i32,
    /// The deepest completed depth.
    pub depth: u32,
    /// Nodes searched by all threads.
    pub nodes: u64,
}

impl<M: Copy> SearchResult<M> {
    /// The result when no search could run (or it failed): the first of
    /// `moves`, unscored.
    pub fn first_of(moves: &[M]) -> Self {
        Self {
            best_move: moves.first().copied(),
            ponder_move: None,
            score: 0,
            depth: 0,
            nodes: 0,
        }
    }
}

/// A searcher for one game, with its table, its helper threads and their
/// move-ordering memory.
pub struct Engine<G: Evaluate> {
    /// Shared with the helpers only while a search runs.
    tt: Arc<TranspositionTable>,
    settings: Settings,
    heuristics: Box<Heuristics<G::Move>>,
    helpers: HelperPool<G>,
}

impl<G: Evaluate> Engine<G> {
    /// An engine with a `hash_mb` table and `threads` search threads (the
    /// `threads - 1` helpers start now and wait for searches).
    pub fn new(hash_mb: usize, threads: usize) -> Self {
        Self {
            tt: Arc::new(TranspositionTable::new(hash_mb)),
            settings: Settings::default(),
            heuristics: Box::new(Heuristics::new()),
            helpers: HelperPool::new(threads.max(1) - 1),
        }
    }

    /// Like [`Engine::new`], but an error if the system refuses the table.
    pub fn try_new(hash_mb: usize, threads: usize) -> Result<Self, String> {
        crate::memory::check_fits(hash_mb, 0)?;
        let table = TranspositionTable::try_new(hash_mb)
            .map_err(|_| format!("could not allocate a {hash_mb} MB hash table"))?;
        let mut engine = Self::new(1, threads);
        engine.tt = Arc::new(table);
        Ok(engine)
    }

    /// Resizes (and clears) the table. A size larger than the memory the
    /// system has available is refused (the table stays as it was); if the
    /// allocation itself fails, the engine keeps a cleared table of the old
    /// size. Both say so.
    pub fn set_hash(&mut self, megabytes: usize) -> Result<(), String> {
        let old = self.tt.megabytes();
        crate::memory::check_fits(megabytes, old)
            .map_err(|e| format!("{e}; Hash stays {old} MB"))?;
        // Free the old table first, so the peak is one table, not two.
        self.tt = Arc::new(TranspositionTable::new(1));
        match TranspositionTable::try_new(megabytes) {
            Ok(table) => {
                self.tt = Arc::new(table);
                Ok(())
            }
            Err(_) => {
                self.tt = Arc::new(TranspositionTable::new(old));
                Err(format!(
                    "could not allocate a {megabytes} MB hash table; Hash stays {} MB",
                    self.tt.megabytes()
                ))
            }
        }
    }

    /// The table's size in MB.
    pub fn hash_mb(&self) -> usize {
        self.tt.megabytes()
    }

    /// Sets the number of search threads (helpers start or stop now).
    pub fn set_threads(&mut self, threads: usize) {
        self.helpers.resize(threads.max(1) - 1);
    }

    /// Search threads that can run: the main one and the helpers started.
    pub fn threads(&self) -> usize {
        1 + self.helpers.len()
    }

    /// The persistent settings.
    pub fn settings_mut(&mut self) -> &mut Settings {
        &mut self.settings
    }

    /// Forgets everything learnt (a new game): table and move-ordering memory.
    pub fn clear(&mut self) {
        self.table_mut().clear();
        self.heuristics.clear();
        self.helpers.clear();
    }

    /// The table, which no helper holds between searches.
    fn table_mut(&mut self) -> &mut TranspositionTable {
        if Arc::get_mut(&mut self.tt).is_none() {
            // Unreachable: every search waits for its helpers to drop
            // their handles. A fresh table keeps the engine working.
            self.tt = Arc::new(TranspositionTable::new(self.tt.megabytes()));
        }
        Arc::get_mut(&mut self.tt).expect("the table was just made unique")
    }

    /// Searches `root` with the main worker on a new thread with a
    /// [`SEARCH_STACK_BYTES`] stack, so the caller's stack never matters.
    /// `history` holds the keys of the game's positions before the root
    /// (oldest first) for repetition detection. Progress is reported
    /// through `report` on that thread.
    pub fn search(
        &mut self,
        root: &G,
        history: &[u64],
        limits: &Limits<G::Move>,
        control: &SearchControl,
        report: &mut (dyn FnMut(&SearchInfo<G::Move>) + Send),
    ) -> SearchResult<G::Move> {
        std::thread::scope(|scope| {
            let spawned = std::thread::Builder::new()
                .stack_size(SEARCH_STACK_BYTES)
                .spawn_scoped(scope, || {
                    self.search_on_this_thread(root, history, limits, control, report)
                });
            match spawned {
                Ok(handle) => handle.join().ok(),
                Err(_) => None,
            }
        })
        .unwrap_or_else(|| SearchResult::first_of(&legal_root_moves(root, limits)))
    }

    /// Like [`Engine::search`], but the main worker runs on the calling
    /// thread, which must have a stack of [`SEARCH_STACK_BYTES`] (a thread
    /// kept for searches; it saves starting one per move).
    pub fn search_on_this_thread(
        &mut self,
        root: &G,
        history: &[u64],
        limits: &Limits<G::Move>,
        control: &SearchControl,
        report: &mut (dyn FnMut(&SearchInfo<G::Move>) + Send),
    ) -> SearchResult<G::Move> {
        self.table_mut().new_search();
        let legal = legal_root_moves(root, limits);
        let time = if limits.infinite {
            None
        } else if let Some(ms) = limits.movetime_ms {
            Some(budget_for_movetime(ms, self.settings.move_overhead_ms))
        } else {
            limits
                .clock
                .map(|c| budget_for_clock(&c, self.settings.move_overhead_ms))
        };
        let finished = Arc::new(AtomicBool::new(false));
        let nodes = Arc::new(NodeCounter::default());
        let settings = self.settings;
        // Helpers gain nothing in a search of a few milliseconds and take
        // CPU from the main thread when the clock is nearly out.
        let worth_helping = time.is_none_or(|t| t.hard >= MIN_HELPED_SEARCH);
        let started = if self.helpers.len() > 0 && !legal.is_empty() && worth_helping {
            let (history, limits, legal_shared) = (
                Arc::<[u64]>::from(history),
                Arc::new(limits.clone()),
                Arc::<[G::Move]>::from(legal.as_slice()),
            );
            self.helpers.start(|| HelperJob {
                root: root.clone(),
                history: Arc::clone(&history),
                limits: Arc::clone(&limits),
                legal: Arc::clone(&legal_shared),
                settings,
                tt: Arc::clone(&self.tt),
                finished: Arc::clone(&finished),
                nodes: Arc::clone(&nodes),
            })
        } else {
            0
        };
        let helpers = RunningHelpers {
            pool: &self.helpers,
            finished: Arc::clone(&finished),
            started,
        };
        self.heuristics.new_search();
        let budget = Budget {
            node_limit: limits.nodes,
            hard_time: time.map(|t| t.hard),
            clock_bound: time.is_some() && limits.movetime_ms.is_none(),
        };
        let mut worker = Worker::new(
            true,
            &self.tt,
            control,
            &finished,
            &nodes,
            budget,
            &mut self.heuristics,
            history,
        );
        worker.allowed = legal;
        worker.material_only = settings.material_only;
        worker.chance_lookahead = settings.chance_lookahead;
        let result = iterate(
            &mut worker,
            root,
            limits,
            time,
            settings.multipv.max(1),
            report,
        );
        worker.flush_nodes();
        drop(worker);
        // UCI: after `go infinite` or while pondering, the move waits for
        // `stop` (or `ponderhit`).
        control.wait_for_release(limits.infinite);
        drop(helpers);
        SearchResult {
            nodes: nodes.get(),
            ..result
        }
    }

    /// Permille of the table used by the current search.
    pub fn hashfull(&self) -> u32 {
        self.tt.hashfull()
    }
}

/// The root moves the search may play: `searchmoves` if given, and no
/// agreement move after a declined offer (unless nothing else is left).
fn legal_root_moves<G: Evaluate>(root: &G, limits: &Limits<G::Move>) -> Vec<G::Move> {
    let mut root_moves = MoveList::new();
    root.generate(&mut root_moves);
    let wanted = |m: &G::Move| limits.search_moves.is_empty() || limits.search_moves.contains(m);
    let legal: Vec<G::Move> = root_moves
        .iter()
        .copied()
        .filter(|m| wanted(m) && !(limits.no_offers && root.needs_agreement(*m)))
        .collect();
    if legal.is_empty() {
        // Only an offer is left: it stays (a declined offer cannot be
        // replaced by a move that does not exist).
        return root_moves.iter().copied().filter(|m| wanted(m)).collect();
    }
    legal
}

/// Iterative deepening on one worker; reports (main thread) after each
/// completed depth and MultiPV line.
pub(crate) fn iterate<G: Evaluate>(
    worker: &mut Worker<'_, G>,
    root: &G,
    limits: &Limits<G::Move>,
    time: Option<TimeBudget>,
    multipv: usize,
    report: &mut (dyn FnMut(&SearchInfo<G::Move>) + Send),
) -> SearchResult<G::Move> {
    // Until an iteration completes (a clock may cut the first one short):
    // the table's move if it is allowed here, else the first legal move.
    let table_move = worker.tt.probe(root.hash()).and_then(|entry| {
        worker
            .allowed
            .iter()
            .copied()
            .find(|&m| G::encode_move(m) == entry.mv)
    });
    let mut result = SearchResult {
        best_move: table_move.or_else(|| worker.allowed.first().copied()),
        ponder_move: None,
        score: 0,
        depth: 0,
        nodes: 0,
    };
    if worker.allowed.is_empty() {
        return result;
    }
    let lines = multipv.min(worker.allowed.len());
    let max_depth = limits
        .depth
        .map_or(MAX_PLY as u32 - 1, |d| d.clamp(1, MAX_PLY as u32 - 1));
    let mut previous_scores = vec![0i32; lines];
    for depth in 1..=max_depth {
        worker.excluded.clear();
        worker.seldepth = 0;
        let mut completed = Vec::with_capacity(lines);
        #[allow(clippy::needless_range_loop)] // `line` also numbers the MultiPV line
        for line in 0..lines {
            let mut delta = ASPIRATION_WINDOW;
            let (mut alpha, mut beta) = if depth >= ASPIRATION_MIN_DEPTH {
                (previous_scores[line] - delta, previous_scores[line] + delta)
            } else {
                (-INFINITY, INFINITY)
            };
            let score = loop {
                let score = worker.search(root, Node::root(depth as i32, alpha, beta));
                if worker.aborted {
                    break score;
                }
                let bound = if score <= alpha {
                    beta = (alpha + beta) / 2;
                    alpha = (score - delta).max(-INFINITY);
                    Some(Bound::Upper)
                } else if score >= beta {
                    beta = (score + delta).min(INFINITY);
                    Some(Bound::Lower)
                } else {
                    None
                };
                match bound {
                    None => break score,
                    Some(bound) => {
                        delta += delta / ASPIRATION_GROWTH_DIVISOR;
                        if worker.is_main && worker.control.elapsed() > REPORT_BOUNDS_AFTER {
                            report(&info(worker, depth, line, score, Some(bound)));
                        }
                    }
                }
            };
            if worker.aborted {
                break;
            }
            let pv = worker.root_pv();
            let Some(&best) = pv.first() else { break };
            previous_scores[line] = score;
            worker.excluded.push(best);
            completed.push((score, pv));
        }
        if worker.aborted && completed.is_empty() {
            break;
        }
        // Report the completed lines, best first.
        for (line, (score, pv)) in completed.iter().enumerate() {
            let mut line_info = info(worker, depth, line, *score, None);
            line_info.pv = pv.clone();
            if worker.is_main {
                report(&line_info);
            }
        }
        if let Some((score, pv)) = completed.first() {
            result = SearchResult {
                best_move: pv.first().copied(),
                ponder_move: pv.get(1).copied(),
                score: *score,
                depth,
                nodes: worker.nodes,
            };
        }
        worker.may_abort = true;
        if worker.aborted {
            break;
        }
        if let Some(mate) = limits.mate
            && result.score > MATE - 2 * mate as i32
        {
            break;
        }
        if result.score.abs() >= MATE_BOUND
            && depth as i32 > 2 * (MATE - result.score.abs()) + MATE_PROOF_EXTRA_DEPTH
            && time.is_some()
        {
            break; // A forced mate is found and proven deep enough.
        }
        if let Some(time) = time {
            if worker.is_main
                && !worker.control.pondering()
                && worker.control.clock_elapsed() >= time.soft
            {
                break;
            }
            if worker.allowed.len() == 1
                && worker.is_main
                && !worker.control.pondering()
                && depth >= SINGLE_MOVE_DEPTH
            {
                break;
            }
        }
        if worker.control.stopped()
            || (!worker.is_main && worker.finished.load(std::sync::atomic::Ordering::Relaxed))
        {
            break;
        }
        if let Some(limit) = limits.nodes
            && worker.is_main
            && worker.nodes >= limit
        {
            break;
        }
    }
    if result.ponder_move.is_none() {
        result.ponder_move = ponder_from_table(worker, root, result.best_move);
    }
    result
}

fn info<G: Evaluate>(
    worker: &Worker<'_, G>,
    depth: u32,
    line: usize,
    score: i32,
    bound: Option<Bound>,
) -> SearchInfo<G::Move> {
    SearchInfo {
        depth,
        seldepth: worker.seldepth as u32,
        multipv: line + 1,
        score,
        bound,
        nodes: worker.shared_nodes.get().max(worker.nodes),
        time: worker.control.elapsed(),
        hashfull: worker.tt.hashfull(),
        pv: worker.root_pv(),
    }
}

/// The table's move after `best`, when the PV was cut short.
fn ponder_from_table<G: Evaluate>(
    worker: &Worker<'_, G>,
    root: &G,
    best: Option<G::Move>,
) -> Option<G::Move> {
    let child = root.play(best?)?;
    let code = worker.tt.probe(child.hash())?.mv;
    let mut moves = MoveList::new();
    child.generate(&mut moves);
    moves
        .iter()
        .copied()
        .find(|&m| code != 0 && G::encode_move(m) == code)
}
