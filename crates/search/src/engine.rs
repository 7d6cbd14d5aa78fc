//! The engine: its API (start a search on the main search thread, or
//! search and wait), the searcher that travels to that thread with each
//! search, iterative deepening with aspiration windows and MultiPV, Lazy SMP
//! helpers sharing the transposition table, and time management.

use augur_core::{Evaluate, Game, MoveList, Tablebase};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

use crate::config::SearchConfig;
use crate::control::{NodeCounter, SearchControl};
use crate::heuristics::Heuristics;
use crate::limits::{Limits, TimeBudget, budget_for_clock, budget_for_movetime};
use crate::pool::{HelperJob, HelperPool, KeptThread, MainJob, RunningHelpers, spawn_main};
use crate::score::{self, INFINITY, MATE, MATE_BOUND, MAX_PLY, ReportedScore};
use crate::strength::Strength;
use crate::tablebase::{Probing, TablebaseSettings, rank_root};
use crate::tt::{Bound, TranspositionTable};
use crate::tuning::{
    ASPIRATION_GROWTH_DIVISOR, ASPIRATION_MIN_DEPTH, MATE_PROOF_EXTRA_DEPTH, MIN_HELPED_SEARCH,
    REPORT_BOUNDS_AFTER, SINGLE_MOVE_DEPTH,
};
use crate::worker::{Budget, Node, Role, Shared, Worker, node_batch};

/// Whether a game with a network (chess) evaluates with it unless told
/// otherwise (`Use NNUE`); the hand-written evaluation is the fallback.
pub const NETWORK_BY_DEFAULT: bool = true;

/// Settings that persist between searches.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// Principal variations to report (1 = normal search).
    pub multipv: usize,
    /// Milliseconds kept in reserve per move for communication lag.
    pub move_overhead_ms: u64,
    /// Evaluate material only (a deliberately weak setting for tests).
    pub material_only: bool,
    /// Evaluate with the hand-written evaluation instead of the network
    /// (`Use NNUE` off; only chess has a network).
    pub hand_evaluation: bool,
    /// Average over dice rolls beyond the root (expectimax); when false the
    /// search ignores them (any move allowed), to measure what they are worth.
    pub chance_lookahead: bool,
    /// Play at this strength (see [`crate::strength`]); `None`: full strength.
    pub strength: Option<Strength>,
    /// How the endgame tablebases given by [`Engine::set_tablebases`] are
    /// used (games without tables ignore it).
    pub tablebases: TablebaseSettings,
    /// The search's parameters and switches, as [`Engine::new`] was given
    /// them unless changed since (for tuning: `config.params.set(...)`).
    pub config: SearchConfig,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            multipv: 1,
            move_overhead_ms: 30,
            material_only: false,
            hand_evaluation: !NETWORK_BY_DEFAULT,
            chance_lookahead: true,
            strength: None,
            tablebases: TablebaseSettings::default(),
            config: SearchConfig::default(),
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
    /// Successful endgame tablebase probes of all threads.
    pub tbhits: u64,
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

/// One search to run: the position, the game before it, the limits, and
/// the control through which `stop` and `ponderhit` reach it.
#[derive(Clone, Debug)]
pub struct SearchRequest<G: Game> {
    /// The position to search.
    pub root: G,
    /// Keys of the game's positions before `root`, oldest first (for
    /// repetition detection).
    pub history: Vec<u64>,
    /// Depth, nodes, time and the other `go` limits.
    pub limits: Limits<G::Move>,
    /// Shared with the caller, who keeps a clone to stop the search.
    pub control: SearchControl,
}

/// What a search started with [`Engine::start`] tells its listener, on the
/// main search thread.
#[derive(Debug)]
pub enum SearchEvent<'a, M> {
    /// Progress: a completed depth or MultiPV line, or an aspiration bound.
    Info(&'a SearchInfo<M>),
    /// The search is over (after `go infinite` or pondering: once `stop`
    /// or `ponderhit` released it). Sent once, and never with `Failed`.
    Finished(&'a SearchResult<M>),
    /// The search panicked (a bug): there is no result. Sent once, and
    /// never with `Finished`.
    Failed,
}

/// A search running on the engine's main search thread. Dropping it does
/// not stop the search; the search's control does.
#[derive(Debug)]
pub struct SearchHandle<M> {
    result: Receiver<SearchResult<M>>,
    done: Arc<AtomicBool>,
}

impl<M> SearchHandle<M> {
    /// Whether the search is over and its listener has heard so.
    pub fn is_finished(&self) -> bool {
        self.done.load(Ordering::Acquire)
    }

    /// Waits for the search; `None` if it panicked.
    pub fn wait(self) -> Option<SearchResult<M>> {
        self.result.recv().ok()
    }
}

/// A searcher for one game, with its table, its search threads and their
/// move-ordering memory.
///
/// The engine keeps one main search thread and `threads - 1` Lazy SMP
/// helpers, started once and woken per search. [`Engine::start`] runs a
/// search there and returns at once; [`Engine::search`] runs one and waits
/// for it. While a search runs, the table and the move-ordering memory are
/// on the main search thread: a call that needs them (a new search,
/// [`Engine::clear`], [`Engine::set_hash`], ...) first waits for the search
/// to end.
pub struct Engine<G: Evaluate> {
    settings: Settings,
    /// Here between searches; `None` while a search has it.
    searcher: Option<Box<Searcher<G>>>,
    /// Where the running search sends the searcher back.
    returning: Option<Receiver<Box<Searcher<G>>>>,
    /// The main search thread; `None` only if the system refused it (the
    /// next search tries again).
    main: Option<KeptThread<MainJob<G>>>,
}

impl<G: Evaluate> Engine<G> {
    /// An engine with a `hash_mb` table and `threads` search threads (the
    /// main search thread and `threads - 1` helpers start now and wait for
    /// searches) that searches as `config` says (kept in
    /// [`Settings::config`]).
    ///
    /// `config` is required, not defaulted, because the games search
    /// differently (chess switches on techniques the others do not gain
    /// from): an engine made without its game's configuration would search
    /// another way than the engine plays, silently. The game registry
    /// gives each game's (`augur_games::Variant::search_config`, or
    /// `augur_games::search_config::<G>()` in code generic over the game).
    pub fn new(hash_mb: usize, threads: usize, config: SearchConfig) -> Self {
        Self::with_table(TranspositionTable::new(hash_mb), threads, config)
    }

    /// Like [`Engine::new`], but an error if the system refuses the table.
    pub fn try_new(hash_mb: usize, threads: usize, config: SearchConfig) -> Result<Self, String> {
        crate::memory::check_fits(hash_mb, 0)?;
        let table = TranspositionTable::try_new(hash_mb)
            .map_err(|_| format!("could not allocate a {hash_mb} MB hash table"))?;
        Ok(Self::with_table(table, threads, config))
    }

    fn with_table(table: TranspositionTable, threads: usize, config: SearchConfig) -> Self {
        Self {
            settings: Settings {
                config,
                ..Settings::default()
            },
            searcher: Some(Box::new(Searcher {
                tt: Arc::new(table),
                heuristics: Box::new(Heuristics::new()),
                helpers: HelperPool::new(threads.max(1) - 1),
                searches: clock_seed(),
                tablebases: None,
            })),
            returning: None,
            main: spawn_main().ok(),
        }
    }

    /// The searcher, back from the last search (waiting for it if needed).
    fn searcher(&mut self) -> &mut Searcher<G> {
        if let Some(returning) = self.returning.take()
            && let Ok(searcher) = returning.recv()
        {
            self.searcher = Some(searcher);
        }
        // Unreachable: the main search thread always sends the searcher
        // back, also after a panic. A small fresh one keeps the engine
        // working.
        self.searcher.get_or_insert_with(|| {
            Box::new(Searcher {
                tt: Arc::new(TranspositionTable::new(1)),
                heuristics: Box::new(Heuristics::new()),
                helpers: HelperPool::new(0),
                searches: 0,
                tablebases: None,
            })
        })
    }

    /// Resizes (and clears) the table. A size larger than the memory the
    /// system has available is refused (the table stays as it was); if the
    /// allocation itself fails, the engine keeps a cleared table of the old
    /// size. Both say so.
    pub fn set_hash(&mut self, megabytes: usize) -> Result<(), String> {
        let searcher = self.searcher();
        let old = searcher.tt.megabytes();
        crate::memory::check_fits(megabytes, old)
            .map_err(|e| format!("{e}; Hash stays {old} MB"))?;
        // Free the old table first, so the peak is one table, not two.
        searcher.tt = Arc::new(TranspositionTable::new(1));
        match TranspositionTable::try_new(megabytes) {
            Ok(table) => {
                searcher.tt = Arc::new(table);
                Ok(())
            }
            Err(_) => {
                searcher.tt = Arc::new(TranspositionTable::new(old));
                Err(format!(
                    "could not allocate a {megabytes} MB hash table; Hash stays {} MB",
                    searcher.tt.megabytes()
                ))
            }
        }
    }

    /// The table's size in MB.
    pub fn hash_mb(&mut self) -> usize {
        self.searcher().tt.megabytes()
    }

    /// Sets the number of search threads (helpers start or stop now).
    pub fn set_threads(&mut self, threads: usize) {
        self.searcher().helpers.resize(threads.max(1) - 1);
    }

    /// Search threads that can run: the main one and the helpers started.
    pub fn threads(&mut self) -> usize {
        1 + self.searcher().helpers.len()
    }

    /// Fixes where the limited-strength randomness (evaluation noise and the
    /// choice among lines) starts, so that a weakened engine's searches can
    /// be replayed exactly. A new engine starts from the system clock, so
    /// two engines at the same level do not play the same game.
    pub fn set_seed(&mut self, seed: u64) {
        self.searcher().searches = seed;
    }

    /// The endgame tablebases searches use from now on (`None`: none). How
    /// they are used is [`Settings::tablebases`].
    pub fn set_tablebases(&mut self, tables: Option<Arc<dyn Tablebase<G>>>) {
        self.searcher().tablebases = tables;
    }

    /// The persistent settings (they apply from the next search on).
    pub fn settings_mut(&mut self) -> &mut Settings {
        &mut self.settings
    }

    /// Forgets everything learnt (a new game): table and move-ordering memory.
    pub fn clear(&mut self) {
        let searcher = self.searcher();
        searcher.table_mut().clear();
        searcher.heuristics.clear();
        searcher.helpers.clear();
    }

    /// Permille of the table used by the last search.
    pub fn hashfull(&mut self) -> u32 {
        self.searcher().tt.hashfull()
    }

    /// Starts `request` on the main search thread and returns at once (if
    /// a search is running, it first waits for it). `listener` hears the
    /// search's progress and then, exactly once, its end, on that thread.
    /// An error only if the system refuses the thread.
    pub fn start(
        &mut self,
        request: SearchRequest<G>,
        listener: impl FnMut(SearchEvent<'_, G::Move>) + Send + 'static,
    ) -> Result<SearchHandle<G::Move>, String> {
        self.searcher();
        if self.main.is_none() {
            let main =
                spawn_main().map_err(|e| format!("could not start the search thread: {e}"))?;
            self.main = Some(main);
        }
        let (Some(main), Some(searcher)) = (&self.main, self.searcher.take()) else {
            return Err("the search thread has stopped".to_string());
        };
        let (home, returning) = channel();
        let (result_sender, result) = channel();
        let done = Arc::new(AtomicBool::new(false));
        let job = MainJob {
            searcher,
            request,
            settings: self.settings,
            listener: Box::new(listener),
            home,
            result: result_sender,
            done: Arc::clone(&done),
        };
        match main.send(job) {
            Ok(()) => {
                self.returning = Some(returning);
                Ok(SearchHandle { result, done })
            }
            Err(job) => {
                self.searcher = Some(job.searcher);
                self.main = None;
                Err("the search thread has stopped".to_string())
            }
        }
    }

    /// Searches `root` on the main search thread and waits for the result
    /// ([`Engine::start`] and [`SearchHandle::wait`]). `history` holds the
    /// keys of the game's positions before the root (oldest first) for
    /// repetition detection. Progress is reported through `report` on the
    /// calling thread. If the search cannot run or fails, the result is the
    /// first legal move, unscored.
    pub fn search(
        &mut self,
        root: &G,
        history: &[u64],
        limits: &Limits<G::Move>,
        control: &SearchControl,
        report: &mut dyn FnMut(&SearchInfo<G::Move>),
    ) -> SearchResult<G::Move> {
        let request = SearchRequest {
            root: root.clone(),
            history: history.to_vec(),
            limits: limits.clone(),
            control: control.clone(),
        };
        let (infos, received) = channel();
        let started = self.start(request, move |event| {
            if let SearchEvent::Info(info) = event {
                let _ = infos.send(info.clone());
            }
        });
        let found = started.ok().and_then(|handle| {
            // Ends when the search drops its listener, before it is done.
            for info in received {
                report(&info);
            }
            handle.wait()
        });
        found.unwrap_or_else(|| SearchResult::first_of(&legal_root_moves(root, limits)))
    }
}

/// What a search needs that lasts between searches: the table, the main
/// thread's move-ordering memory and the helpers. It travels to the main
/// search thread with each search and back.
pub(crate) struct Searcher<G: Evaluate> {
    /// Shared with the helpers only while a search runs.
    tt: Arc<TranspositionTable>,
    heuristics: Box<Heuristics<G::Move>>,
    helpers: HelperPool<G>,
    /// Searches run so far, from a start drawn from the clock when the
    /// engine is made: with a limited strength, the seed of its randomness,
    /// so that games differ (full strength never uses it).
    searches: u64,
    /// The endgame tablebases, if any.
    tablebases: Option<Arc<dyn Tablebase<G>>>,
}

impl<G: Evaluate> Searcher<G> {
    /// The table, which no helper holds between searches.
    fn table_mut(&mut self) -> &mut TranspositionTable {
        if Arc::get_mut(&mut self.tt).is_none() {
            // Unreachable: every search waits for its helpers to drop
            // their handles. A fresh table keeps the engine working.
            self.tt = Arc::new(TranspositionTable::new(self.tt.megabytes()));
        }
        Arc::get_mut(&mut self.tt).expect("the table was just made unique")
    }

    /// Runs `request` with the main worker on this thread, which must have
    /// a [`crate::SEARCH_STACK_BYTES`] stack, and the helpers on theirs.
    pub fn run(
        &mut self,
        request: &SearchRequest<G>,
        settings: Settings,
        report: &mut dyn FnMut(&SearchInfo<G::Move>),
    ) -> SearchResult<G::Move> {
        let SearchRequest {
            root,
            history,
            limits,
            control,
        } = request;
        self.searches = self.searches.wrapping_add(1);
        // A limited strength caps the depth and searches several lines.
        let capped;
        let limits = match settings.strength {
            Some(strength) if strength.max_depth().is_some() => {
                let cap = strength.max_depth().unwrap_or(u32::MAX);
                capped = Limits {
                    depth: Some(limits.depth.map_or(cap, |d| d.min(cap))),
                    ..limits.clone()
                };
                &capped
            }
            _ => limits,
        };
        let seed = root.hash() ^ self.searches.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.table_mut().new_search();
        let mut legal = legal_root_moves(root, limits);
        let probing = self.probing(root, history, &mut legal, settings.tablebases);
        let time = if limits.infinite {
            None
        } else if let Some(ms) = limits.movetime_ms {
            Some(budget_for_movetime(ms, settings.move_overhead_ms))
        } else {
            limits
                .clock
                .map(|c| budget_for_clock(&c, settings.move_overhead_ms))
        };
        let finished = Arc::new(AtomicBool::new(false));
        let nodes = Arc::new(NodeCounter::default());
        // Helpers gain nothing in a search of a few milliseconds and take
        // CPU from the main thread when the clock is nearly out.
        let worth_helping =
            time.is_none_or(|t| t.hard >= MIN_HELPED_SEARCH) && settings.strength.is_none();
        let helped = self.helpers.len() > 0 && !legal.is_empty() && worth_helping;
        let node_batch = node_batch(
            limits.nodes,
            if helped { self.helpers.len() + 1 } else { 1 },
        );
        let started = if helped {
            let (history, limits, legal_shared) = (
                Arc::<[u64]>::from(history.as_slice()),
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
                node_batch,
                probing: probing.clone(),
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
            shared_node_limit: limits.nodes.filter(|_| started > 0),
            node_batch,
            hard_time: time.map(|t| t.hard),
            clock_bound: time.is_some() && limits.movetime_ms.is_none(),
        };
        let shared = Shared {
            tt: &self.tt,
            control,
            finished: &finished,
            nodes: &nodes,
            history,
        };
        let mut worker = Worker::new(
            Role::Main,
            shared,
            budget,
            &mut self.heuristics,
            settings.config,
        );
        worker.allowed = legal;
        worker.set_probing(probing);
        worker.material_only = settings.material_only;
        worker.hand_evaluation = settings.hand_evaluation;
        worker.chance_lookahead = settings.chance_lookahead;
        let lines = match settings.strength {
            Some(strength) => {
                worker.eval_noise = strength.eval_noise();
                worker.noise_seed = seed;
                settings.multipv.max(strength.lines())
            }
            None => settings.multipv.max(1),
        };
        let mut result = iterate(&mut worker, root, limits, time, lines, report);
        if let Some(strength) = settings.strength {
            let scores: Vec<i32> = worker.last_lines.iter().map(|(s, _)| *s).collect();
            let pick = strength.choose(&scores, seed);
            if let Some((score, pv)) = worker.last_lines.get(pick)
                && let Some(&best) = pv.first()
            {
                result.best_move = Some(best);
                result.ponder_move = pv.get(1).copied();
                result.score = *score;
            }
        }
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
}

impl<G: Evaluate> Searcher<G> {
    /// How this search uses the tablebases (`None`: not at all). When the
    /// root is in the tables, `legal` keeps only the moves of the best
    /// tablebase rank (see `tablebase.rs`).
    fn probing(
        &self,
        root: &G,
        history: &[u64],
        legal: &mut Vec<G::Move>,
        settings: TablebaseSettings,
    ) -> Option<Arc<Probing<G>>> {
        if !G::TABLEBASES {
            return None;
        }
        let tables = self.tablebases.as_ref()?;
        let mut cardinality = settings.probe_limit;
        let mut probe_depth = settings.probe_depth as i32;
        if cardinality > tables.largest() {
            cardinality = tables.largest();
            probe_depth = 0;
        }
        let mut probing = Probing {
            tables: Arc::clone(tables),
            cardinality,
            probe_depth,
            rule50: settings.rule50,
            hits: AtomicU64::new(0),
            root_scores: Vec::new(),
        };
        if let Some(pieces) = root.tablebase_pieces()
            && pieces <= cardinality
            && !legal.is_empty()
            && let Some(ranking) = rank_root(&**tables, root, history, legal, settings.rule50)
        {
            // Stockfish counts a hit per root move.
            probing.hits.store(legal.len() as u64, Ordering::Relaxed);
            *legal = ranking.allowed;
            probing.root_scores = ranking.scores;
            if !ranking.keep_probing {
                probing.cardinality = 0;
            }
        }
        Some(Arc::new(probing))
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
    report: &mut dyn FnMut(&SearchInfo<G::Move>),
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
    // The last complete set of lines, best first, and its depth: what a
    // search stopped mid-depth reports last.
    let mut last_lines: Vec<(i32, Vec<G::Move>)> = Vec::new();
    let mut last_depth = 0;
    for depth in 1..=max_depth {
        worker.excluded.clear();
        worker.seldepth = 0;
        let mut completed = Vec::with_capacity(lines);
        #[allow(clippy::needless_range_loop)] // `line` also numbers the MultiPV line
        for line in 0..lines {
            let mut delta = worker.params.aspiration_window;
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
            worker.excluded.push(best);
            completed.push((score, pv));
        }
        // An iteration cut short (the clock, a node limit, `stop`) is
        // neither reported nor played, however many of its MultiPV lines
        // were complete (an aborted line is never among them): the last
        // complete set stands.
        if worker.aborted {
            break;
        }
        // Lines searched later can score higher (each is searched with the
        // earlier ones excluded): report them best first, and centre the
        // next depth's windows on the sorted scores.
        completed.sort_by_key(|line| std::cmp::Reverse(line.0));
        for (line, (score, _)) in completed.iter().enumerate() {
            previous_scores[line] = *score;
        }
        for (line, (score, pv)) in completed.iter().enumerate() {
            let mut line_info = info(worker, depth, line, *score, None);
            line_info.pv = pv.clone();
            line_info.score = reported_score(worker, pv.first().copied(), *score);
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
        last_lines = completed;
        last_depth = depth;
        worker.last_lines.clone_from(&last_lines);
        worker.may_abort = true;
        // `go mate N`: a win the protocol reports as mate in N or fewer
        // (an even number of plies is possible in team games, when an army
        // passed over lets one team move twice).
        if let Some(mate) = limits.mate
            && let ReportedScore::Mate(moves) = score::report(result.score)
            && moves > 0
            && moves as u32 <= mate
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
            // A single legal move is played after a short search on a
            // clock; a fixed `movetime` is the GUI's to spend, used whole.
            if worker.allowed.len() == 1
                && limits.movetime_ms.is_none()
                && worker.is_main
                && !worker.control.pondering()
                && depth >= SINGLE_MOVE_DEPTH
            {
                break;
            }
        }
        if worker.control.stopped() || (!worker.is_main && worker.finished.load(Ordering::Relaxed))
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
    // Stopped early (`stop`, a node limit, the clock): the last complete
    // set again, with the final node count and time.
    if worker.aborted && worker.is_main {
        for (line, (score, pv)) in last_lines.iter().enumerate() {
            let mut line_info = info(worker, last_depth, line, *score, None);
            line_info.pv = pv.clone();
            line_info.score = reported_score(worker, pv.first().copied(), *score);
            report(&line_info);
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
    let pv = worker.root_pv();
    // A root ranked by the tablebases reports its moves' tablebase scores
    // (unless the search proves a mate), as Stockfish does; no bound then.
    let bound = match worker.probing() {
        Some(probing) if !probing.root_scores.is_empty() => None,
        _ => bound,
    };
    let score = reported_score(worker, pv.first().copied(), score);
    SearchInfo {
        depth,
        seldepth: worker.seldepth as u32,
        multipv: line + 1,
        score,
        bound,
        nodes: worker.shared_nodes.get().max(worker.nodes),
        time: worker.control.elapsed(),
        hashfull: worker.tt.hashfull(),
        tbhits: worker
            .probing()
            .map_or(0, |p| p.hits.load(Ordering::Relaxed)),
        pv,
    }
}

/// The score a root line starting with `first` reports: its tablebase
/// score when the tables ranked the root (unless `score` is a mate).
fn reported_score<G: Evaluate>(worker: &Worker<'_, G>, first: Option<G::Move>, score: i32) -> i32 {
    match worker.probing() {
        Some(probing) if !probing.root_scores.is_empty() => {
            probing.reported_root_score(first, score)
        }
        _ => score,
    }
}

/// The table's move after `best`, when the PV was cut short.
fn ponder_from_table<G: Evaluate>(
    worker: &Worker<'_, G>,
    root: &G,
    best: Option<G::Move>,
) -> Option<G::Move> {
    let child = root.play(best?);
    let code = worker.tt.probe(child.hash())?.mv;
    let mut moves = MoveList::new();
    child.generate(&mut moves);
    moves
        .iter()
        .copied()
        .find(|&m| code != 0 && G::encode_move(m) == code)
}

/// A seed from the system clock (0 if the clock is before 1970).
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

#[cfg(test)]
mod test_rig;

#[cfg(test)]
mod table_move_tests;

#[cfg(test)]
mod stop_tests;
