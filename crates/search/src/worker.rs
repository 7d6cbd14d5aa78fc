//! One search thread: principal variation search with quiescence, team
//! negamax (the window is negated only when the child's team differs from
//! the parent's, so skipped turns work), transposition table, null move,
//! reverse futility, futility, late move and history pruning, late move
//! reductions, check extension, mate distance pruning, and draws by
//! repetition and by rule inside the tree.

use arrayvec::ArrayVec;
use augur_core::{Evaluate, MAX_MOVES, MoveList, MoveStaging};
use std::sync::LazyLock;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crate::chance::{MAX_OUTCOMES, OutcomeBounds};
use crate::config::{SearchConfig, Switches};
use crate::continuation::NO_CONTEXT;
use crate::control::{NodeCounter, SearchControl};
use crate::heuristics::{Cutoff, Heuristics};
use crate::score::{DRAW, INFINITY, MATE, MATE_BOUND, MAX_PLY, from_table, to_table};
use crate::strength::eval_shift;
use crate::tablebase::{Probing, wdl_score};
use crate::tt::{Bound, TableEntry, TranspositionTable};
use crate::tuning::*;
use std::sync::Arc;

/// Natural logarithms of 0 to `MAX_MOVES` (0 reads as 1), for
/// [`reduction`]: worked out once instead of at every reduced move.
static LOGARITHMS: LazyLock<Vec<f32>> =
    LazyLock::new(|| (0..=MAX_MOVES).map(|n| (n.max(1) as f32).ln()).collect());

/// Late move reduction by depth and move number.
fn reduction(params: &SearchParams, depth: i32, move_number: usize) -> i32 {
    let ln = |n: usize| LOGARITHMS[n.min(MAX_MOVES)];
    let d = ln(depth.max(1) as usize);
    let m = ln(move_number);
    // Base and divisor are held in hundredths of a ply.
    let base = params.lmr_base as f32 / 100.0;
    let divisor = params.lmr_divisor as f32 / 100.0;
    (base + d * m / divisor) as i32
}

/// What a worker may spend before it must stop.
pub(crate) struct Budget {
    /// The limit on this worker's own nodes (exact: checked at every node).
    pub node_limit: Option<u64>,
    /// The limit on all threads' nodes together (a search with helpers):
    /// checked against the shared counter whenever this worker adds its
    /// batch to it, so the whole search ends within a batch per thread of it.
    pub shared_node_limit: Option<u64>,
    /// Nodes counted before they are added to the shared counter (and the
    /// clock and `stop` are checked); see [`node_batch`].
    pub node_batch: u64,
    pub hard_time: Option<Duration>,
    /// Playing on a clock: at the hard limit even the first iteration is
    /// abandoned (the table's move or the first legal one is played), since
    /// on a starved machine a late move loses the game.
    pub clock_bound: bool,
}

impl Budget {
    /// No limit: a worker that runs until it is stopped, counting nodes in
    /// batches of [`NODE_BATCH`].
    pub fn unlimited() -> Self {
        Self {
            node_limit: None,
            shared_node_limit: None,
            node_batch: NODE_BATCH,
            hard_time: None,
            clock_bound: false,
        }
    }
}

/// The batch each of `threads` threads counts before adding it to the
/// shared counter when the whole search may visit `node_limit` nodes: at
/// most [`NODE_BATCH`], and small enough that the threads' batches
/// together stay within 1% of the limit (they may each overshoot it by one
/// batch before they see it reached).
pub(crate) fn node_batch(node_limit: Option<u64>, threads: usize) -> u64 {
    match node_limit {
        Some(limit) if threads > 1 => (limit / (100 * threads as u64)).clamp(1, NODE_BATCH),
        _ => NODE_BATCH,
    }
}

/// Which thread a worker searches on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Role {
    /// The main thread: it reports, keeps the time and decides the move.
    Main,
    /// A Lazy SMP helper: it fills the table until the main thread is done.
    Helper,
}

/// What the threads of one search share.
pub(crate) struct Shared<'a> {
    pub tt: &'a TranspositionTable,
    pub control: &'a SearchControl,
    /// Set when the search is over (helpers stop).
    pub finished: &'a AtomicBool,
    /// Nodes of all threads.
    pub nodes: &'a NodeCounter,
    /// Keys of the game's positions before the root, oldest first.
    pub history: &'a [u64],
}

/// One node of the full-width search: its window, the depth left and its
/// place in the tree.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node {
    /// Lower bound of the window, from the point of view of the team to move.
    pub alpha: i32,
    /// Upper bound of the window, from the same point of view.
    pub beta: i32,
    /// Plies left before quiescence.
    pub depth: i32,
    /// Plies from the root.
    pub ply: usize,
    /// On the principal variation: searched with an open window, never cut
    /// by the table or by static margins.
    pub pv: bool,
    /// A null move may be tried (not at the root, nor right after a null move).
    pub null_move: bool,
}

impl Node {
    /// The root of an iteration `depth` plies deep, with the window
    /// (`alpha`, `beta`).
    pub fn root(depth: i32, alpha: i32, beta: i32) -> Self {
        Self {
            alpha,
            beta,
            depth,
            ply: 0,
            pv: true,
            null_move: false,
        }
    }

    /// A child of the same kind, `depth` plies deep, with the window
    /// (`alpha`, `beta`) from this node's point of view.
    fn child(&self, depth: i32, alpha: i32, beta: i32) -> Self {
        Self {
            alpha,
            beta,
            depth,
            ply: self.ply + 1,
            pv: self.pv,
            null_move: true,
        }
    }

    /// A null-window child off the principal variation, `depth` plies deep:
    /// does the move score above `alpha` (this node's point of view)?
    fn scout(&self, depth: i32, alpha: i32) -> Self {
        Self {
            alpha,
            beta: alpha + 1,
            depth,
            ply: self.ply + 1,
            pv: false,
            null_move: true,
        }
    }

    /// The same node seen by the other team: the window negated.
    fn flipped(self) -> Self {
        Self {
            alpha: -self.beta,
            beta: -self.alpha,
            ..self
        }
    }
}

/// One node of the quiescence search.
#[derive(Clone, Copy, Debug)]
struct QuiescenceNode {
    /// Lower bound of the window, from the point of view of the team to move.
    alpha: i32,
    /// Upper bound of the window, from the same point of view.
    beta: i32,
    /// Plies from the root.
    ply: usize,
    /// Plies since the full-width search ended.
    qdepth: u32,
}

impl QuiescenceNode {
    /// A child with the window (`alpha`, `beta`) from this node's point of view.
    fn child(&self, alpha: i32, beta: i32) -> Self {
        Self {
            alpha,
            beta,
            ply: self.ply + 1,
            qdepth: self.qdepth + 1,
        }
    }

    /// The same node seen by the other team: the window negated.
    fn flipped(self) -> Self {
        Self {
            alpha: -self.beta,
            beta: -self.alpha,
            ..self
        }
    }
}

pub(crate) struct Worker<'a, G: Evaluate> {
    pub is_main: bool,
    pub tt: &'a TranspositionTable,
    pub control: &'a SearchControl,
    pub finished: &'a AtomicBool,
    pub shared_nodes: &'a NodeCounter,
    pub budget: Budget,
    pub heuristics: &'a mut Heuristics<G::Move>,
    pub nodes: u64,
    unflushed: u64,
    pub seldepth: usize,
    pub aborted: bool,
    /// Keys of the game's earlier positions, then of the path to this node.
    pub keys: Vec<u64>,
    pub excluded: Vec<G::Move>,
    pub allowed: Vec<G::Move>,
    /// Set once the worker has a complete iteration (it may then abort).
    pub may_abort: bool,
    /// Use the material-only evaluation.
    pub material_only: bool,
    /// Use the hand-written evaluation (`Evaluate::evaluate_hand_written`).
    pub hand_evaluation: bool,
    /// The largest evaluation shift of a limited strength (0: none).
    pub eval_noise: i32,
    /// The seed of the evaluation shifts.
    pub noise_seed: u64,
    /// The last complete set of root lines (score, PV), best first.
    pub last_lines: Vec<(i32, Vec<G::Move>)>,
    /// Average over chance outcomes (expectimax); when false, pending
    /// chance is ignored (any move allowed) past the root.
    pub chance_lookahead: bool,
    /// The search's tunable parameters (the engine's, copied per search).
    pub params: SearchParams,
    /// The techniques switched on (the engine's, copied per search).
    pub switches: Switches,
    /// The depth of the current iteration (check extensions stop at twice it).
    root_depth: i32,
    pv: Vec<[G::Move; MAX_PLY + 1]>,
    pv_len: [usize; MAX_PLY + 1],
    evals: [i32; MAX_PLY + 1],
    previous: [u32; MAX_PLY + 1],
    /// Per ply, the continuation key of the move played there
    /// (`NO_CONTEXT` for a null move, or in games without continuation
    /// histories).
    moved: [u16; MAX_PLY + 1],
    /// Per ply, the late move reduction of the move being searched there
    /// (0 outside a reduced search; kept only with
    /// `Switches::hindsight_depth`).
    reductions: [i32; MAX_PLY + 1],
    /// The move a singular-extension test leaves out at each ply (the
    /// default move: none).
    singular: [G::Move; MAX_PLY + 1],
    /// Per ply, the buffer of the quiet moves a node has tried, their codes
    /// and continuation keys (kept so that nodes do not allocate one each).
    quiet_lists: Vec<Vec<(u32, u16)>>,
    /// The search's use of the endgame tablebases, if any.
    probing: Option<Arc<Probing<G>>>,
    /// Positions with more pieces are not probed (0: no probing, the
    /// one test a node without tables makes).
    tb_cardinality: u32,
}

struct Scored<M> {
    moves: MoveList<M>,
    scores: ArrayVec<i32, MAX_MOVES>,
    quiet: ArrayVec<bool, MAX_MOVES>,
}

impl<M> Scored<M> {
    fn new() -> Self {
        Self {
            moves: MoveList::new(),
            scores: ArrayVec::new(),
            quiet: ArrayVec::new(),
        }
    }

    /// Empties the lists in place (no new buffers on the stack).
    fn clear(&mut self) {
        self.moves.clear();
        self.scores.clear();
        self.quiet.clear();
    }
}

/// Mixed into the evaluation cache's keys of hand-written evaluations, so
/// they never answer for the network's (a fixed random constant).
const HAND_EVALUATION_KEY: u64 = 0x6A09_E667_F3BC_C909;

const TT_MOVE: i32 = 1 << 30;
const NOISY: i32 = 1 << 28;
const KILLER: i32 = 1 << 27;
/// Noisy moves that lose material by the static exchange evaluation come
/// after every quiet move (whose history scores stay within ±3 x 2^14).
const BAD_NOISY: i32 = -(1 << 26);
const COUNTER: i32 = KILLER - 2;

impl<'a, G: Evaluate> Worker<'a, G> {
    pub fn new(
        role: Role,
        shared: Shared<'a>,
        budget: Budget,
        heuristics: &'a mut Heuristics<G::Move>,
        config: SearchConfig,
    ) -> Self {
        Self {
            is_main: role == Role::Main,
            tt: shared.tt,
            control: shared.control,
            finished: shared.finished,
            shared_nodes: shared.nodes,
            budget,
            heuristics,
            nodes: 0,
            unflushed: 0,
            seldepth: 0,
            aborted: false,
            keys: shared.history.to_vec(),
            excluded: Vec::new(),
            allowed: Vec::new(),
            may_abort: false,
            material_only: false,
            hand_evaluation: false,
            eval_noise: 0,
            noise_seed: 0,
            last_lines: Vec::new(),
            chance_lookahead: true,
            params: config.params,
            switches: config.switches,
            root_depth: 1,
            pv: vec![[G::Move::default(); MAX_PLY + 1]; MAX_PLY + 1],
            pv_len: [0; MAX_PLY + 1],
            evals: [0; MAX_PLY + 1],
            previous: [0; MAX_PLY + 1],
            moved: [NO_CONTEXT; MAX_PLY + 1],
            reductions: [0; MAX_PLY + 1],
            singular: [G::Move::default(); MAX_PLY + 1],
            quiet_lists: vec![Vec::new(); MAX_PLY + 1],
            probing: None,
            tb_cardinality: 0,
        }
    }

    /// Sets how this worker uses the endgame tablebases.
    pub fn set_probing(&mut self, probing: Option<Arc<Probing<G>>>) {
        self.tb_cardinality = probing.as_ref().map_or(0, |p| p.cardinality);
        self.probing = probing;
    }

    /// How this worker uses the endgame tablebases, if at all.
    pub fn probing(&self) -> Option<&Probing<G>> {
        self.probing.as_deref()
    }

    /// Probes the WDL tables at a node (Stockfish's conditions: few enough
    /// pieces, deep enough when at the limit, right after a zeroing move,
    /// no castling rights). Returns the score and its bound (`None`:
    /// exact), or `None` when the node is not probed or not in the tables.
    #[inline(never)]
    fn probe_tablebase(
        &self,
        position: &G,
        depth: i32,
        ply: usize,
    ) -> Option<(i32, Option<Bound>)> {
        let probing = self.probing.as_deref()?;
        let pieces = position.tablebase_pieces()?;
        if pieces > probing.cardinality
            || (pieces == probing.cardinality && depth < probing.probe_depth)
            || position.reversible_plies() != 0
        {
            return None;
        }
        let wdl = probing.tables.probe_wdl(position)?;
        probing.hit();
        Some(wdl_score(wdl, ply, probing.rule50))
    }

    /// The principal variation found by the last root search.
    pub fn root_pv(&self) -> Vec<G::Move> {
        self.pv[0][..self.pv_len[0]].to_vec()
    }

    /// Counts a node about to be searched; once the search is aborted no
    /// node is searched, so none is counted (a node limit is exact).
    #[inline]
    fn count_node(&mut self) {
        if self.aborted {
            return;
        }
        self.nodes += 1;
        self.unflushed += 1;
        if self.unflushed >= self.budget.node_batch {
            self.shared_nodes.add(self.unflushed);
            self.unflushed = 0;
            if let Some(limit) = self.budget.shared_node_limit
                && self.shared_nodes.get() >= limit
                && (!self.is_main || self.may_abort)
            {
                self.abort();
            }
            self.check_time();
        }
        if self.is_main
            && self.may_abort
            && let Some(limit) = self.budget.node_limit
            && self.nodes >= limit
        {
            self.abort();
        }
    }

    fn check_time(&mut self) {
        if self.control.stopped() || self.finished.load(Ordering::Relaxed) {
            // The main thread always finishes its first iteration so that
            // it has a move to play; helpers stop at once.
            if !self.is_main || self.may_abort {
                self.aborted = true;
            }
            return;
        }
        if self.is_main
            && (self.may_abort || self.budget.clock_bound)
            && !self.control.pondering()
            && let Some(hard) = self.budget.hard_time
            && self.control.clock_elapsed() >= hard
        {
            self.abort();
        }
    }

    fn abort(&mut self) {
        self.aborted = true;
        self.finished.store(true, Ordering::Relaxed);
    }

    /// Flushes the node count into the shared counter.
    pub fn flush_nodes(&mut self) {
        self.shared_nodes.add(self.unflushed);
        self.unflushed = 0;
    }

    #[inline]
    fn evaluate(&mut self, position: &G) -> i32 {
        let score = if self.material_only {
            position.evaluate_material()
        } else if self.hand_evaluation {
            // Its own cache keys: a session may switch evaluations.
            self.heuristics
                .eval_cache
                .get_or_insert(position.evaluation_key() ^ HAND_EVALUATION_KEY, || {
                    position.evaluate_hand_written()
                })
        } else {
            self.heuristics
                .eval_cache
                .get_or_insert(position.evaluation_key(), || position.evaluate())
        };
        let score = if self.eval_noise > 0 {
            score + eval_shift(position.evaluation_key(), self.noise_seed, self.eval_noise)
        } else {
            score
        };
        match position.correction_key() {
            Some(key) => score + self.heuristics.correction.get(position.team().index(), key),
            None => score,
        }
    }

    fn is_repetition(&self, position: &G) -> bool {
        let key = position.hash();
        let window = (position.reversible_plies() as usize).min(self.keys.len());
        self.keys[self.keys.len() - window..]
            .iter()
            .rev()
            .any(|&k| k == key)
    }

    fn terminal_score(position: &G, ply: usize) -> i32 {
        match position.outcome() {
            Some(outcome) => match outcome.winner {
                None => DRAW,
                Some(team) if team == position.team() => MATE - ply as i32,
                Some(_) => -(MATE - ply as i32),
            },
            None if position.in_check() => -(MATE - ply as i32),
            None => DRAW,
        }
    }

    /// The child's score from the parent's point of view; `node` is the
    /// child's, with its window from the parent's point of view.
    #[inline]
    fn child(&mut self, parent: &G, child: &G, node: Node) -> i32 {
        if child.team() == parent.team() {
            self.search(child, node)
        } else {
            -self.search(child, node.flipped())
        }
    }

    /// Like [`Worker::child`], in quiescence.
    #[inline]
    fn child_quiescence(&mut self, parent: &G, child: &G, node: QuiescenceNode) -> i32 {
        if child.team() == parent.team() {
            self.quiescence(child, node)
        } else {
            -self.quiescence(child, node.flipped())
        }
    }

    fn score_moves(&self, position: &G, scored: &mut Scored<G::Move>, tt_code: u32, ply: usize) {
        let quiet_order = self.quiet_order(position, ply);
        for &mv in scored.moves.iter() {
            let code = G::encode_move(mv);
            let (score, quiet) = if code == tt_code && tt_code != 0 {
                (TT_MOVE, position.noisy_score(mv).is_none())
            } else if let Some(noisy) = position.noisy_score(mv) {
                (Self::noisy_order(position, mv, noisy), false)
            } else {
                (quiet_order(mv, code), true)
            };
            scored.scores.push(score);
            scored.quiet.push(quiet);
        }
    }

    /// The ordering score of a noisy move ranked `noisy` by the game: above
    /// every quiet move, unless it loses material by the static exchange
    /// evaluation, then below them all.
    #[inline]
    fn noisy_order(position: &G, mv: G::Move, noisy: i32) -> i32 {
        if position.see_at_least(mv, 0) {
            NOISY + noisy
        } else {
            BAD_NOISY + noisy
        }
    }

    /// The continuation keys of the moves one and two plies before a node
    /// at `ply` (`NO_CONTEXT` where there is none).
    #[inline]
    fn contexts(&self, ply: usize) -> [u16; 2] {
        let back = |n: usize| {
            ply.checked_sub(n)
                .map_or(NO_CONTEXT, |earlier| self.moved[earlier])
        };
        [back(1), back(2)]
    }

    /// The ordering score of a quiet move at `ply`: killers, then the
    /// counter move, then history (with the continuation histories, in
    /// games that keep them).
    fn quiet_order<'p>(&'p self, position: &'p G, ply: usize) -> impl Fn(G::Move, u32) -> i32 + 'p {
        let team = position.team().index();
        let killers = self.heuristics.killers[ply];
        let counter = if ply > 0 {
            self.heuristics.counter(team, self.previous[ply - 1])
        } else {
            G::Move::default()
        };
        let contexts = self.contexts(ply);
        move |mv, code| {
            if mv == killers[0] {
                KILLER
            } else if mv == killers[1] {
                KILLER - 1
            } else if mv == counter {
                COUNTER
            } else if self.switches.continuation_history {
                let key = position.continuation_key(mv);
                let continuation = &self.heuristics.continuation;
                self.heuristics.history(team, code)
                    + continuation.get(contexts[0], key)
                    + continuation.get(contexts[1], key)
            } else {
                self.heuristics.history(team, code)
            }
        }
    }

    /// The first stage of a staged node: the noisy moves, scored, and the
    /// table's move first. Returns `false` (and leaves `scored` empty) when
    /// the table's move is neither noisy nor known to the game without
    /// generating; the node then generates everything at once.
    fn stage_noisy(&self, position: &G, scored: &mut Scored<G::Move>, tt_code: u32) -> bool {
        position.generate_noisy_pseudo(&mut scored.moves);
        Self::drop_agreements(position, &mut scored.moves);
        let mut table_move_found = tt_code == 0;
        for &mv in scored.moves.iter() {
            let score = if G::encode_move(mv) == tt_code && tt_code != 0 {
                table_move_found = true;
                TT_MOVE
            } else {
                Self::noisy_order(position, mv, position.noisy_score(mv).unwrap_or(0))
            };
            scored.scores.push(score);
            scored.quiet.push(false);
        }
        if !table_move_found {
            let Some(mv) = position
                .pseudo_move(tt_code)
                .filter(|&m| !position.needs_agreement(m))
            else {
                scored.clear();
                return false;
            };
            scored.moves.push(mv);
            scored.scores.push(TT_MOVE);
            scored.quiet.push(position.noisy_score(mv).is_none());
        }
        true
    }

    /// The second stage of a staged node: the moves not yet in `scored`
    /// (the noisy moves and the table's move), ranked by `noisy_score`
    /// when the game asks for it, else scored as quiet moves.
    fn stage_quiets(&self, position: &G, scored: &mut Scored<G::Move>, ply: usize) {
        let mut all = MoveList::new();
        let quiet_only = position.generate_quiet_pseudo(&mut all);
        if !quiet_only {
            position.generate_pseudo(&mut all);
        }
        Self::drop_agreements(position, &mut all);
        let tried = scored.moves.len();
        // Of the moves tried, a quiet list can hold only the table's move
        // when it is quiet.
        let quiet_table_move = scored.moves[..tried]
            .iter()
            .zip(&scored.quiet)
            .find_map(|(&mv, &quiet)| quiet.then_some(mv));
        let rank_rest = matches!(G::MOVE_STAGING, MoveStaging::NoisyFirst { rank_rest: true });
        let quiet_order = self.quiet_order(position, ply);
        for &mv in all.iter() {
            let tried_already = if quiet_only {
                Some(mv) == quiet_table_move
            } else {
                scored.moves[..tried].contains(&mv)
            };
            if tried_already {
                continue;
            }
            let noisy = if rank_rest {
                position.noisy_score(mv)
            } else {
                None
            };
            let (score, quiet) = match noisy {
                Some(noisy) => (NOISY + noisy, false),
                None => (quiet_order(mv, G::encode_move(mv)), true),
            };
            scored.moves.push(mv);
            scored.scores.push(score);
            scored.quiet.push(quiet);
        }
    }

    /// Moves the best-scored remaining move to `index` and returns it.
    #[inline]
    fn pick(scored: &mut Scored<G::Move>, index: usize) -> (G::Move, bool, i32) {
        // The first of the highest scores, found in two simple passes that
        // vectorise (the top score, then where it first stands).
        let rest = &scored.scores[index..];
        let top = rest.iter().fold(i32::MIN, |top, &score| top.max(score));
        let best = index + rest.iter().position(|&score| score == top).unwrap_or(0);
        scored.moves.swap(index, best);
        scored.scores.swap(index, best);
        scored.quiet.swap(index, best);
        (
            scored.moves[index],
            scored.quiet[index],
            scored.scores[index],
        )
    }

    fn update_pv(&mut self, ply: usize, mv: G::Move) {
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        self.pv[ply][ply] = mv;
        for i in ply + 1..child_len {
            self.pv[ply][i] = self.pv[ply + 1][i];
        }
        self.pv_len[ply] = child_len;
    }

    /// Alpha-beta search of `position` at `node`.
    pub fn search(&mut self, position: &G, node: Node) -> i32 {
        let Node {
            mut alpha,
            mut beta,
            depth,
            ply,
            pv: pv_node,
            null_move: allow_null,
        } = node;
        self.pv_len[ply] = ply;
        if position.chance_outcomes() > 0 {
            return self.chance(position, Horizon::Full(node));
        }
        if depth <= 0 {
            let quiescence = QuiescenceNode {
                alpha,
                beta,
                ply,
                qdepth: 0,
            };
            return self.quiescence(position, quiescence);
        }
        self.count_node();
        if self.aborted {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let root = ply == 0;
        if root {
            self.root_depth = depth;
        }
        let in_check = position.in_check();
        if !root {
            if position.is_rule_draw() || self.is_repetition(position) {
                return DRAW;
            }
            if ply >= MAX_PLY - 1 {
                return self.evaluate(position);
            }
            alpha = alpha.max(-(MATE - ply as i32));
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }

        // A singular-extension test: this node again without its table
        // move (no table cut, no pruning, nothing stored).
        let left_out = self.singular[ply];
        let testing_singular = left_out != G::Move::default();
        let key = position.hash();
        let entry = self.tt.probe(key);
        let tt_code = entry.map_or(0, |e| e.mv);
        if let Some(e) = entry
            && !pv_node
            && !root
            && !testing_singular
            && i32::from(e.depth) >= depth
        {
            let score = from_table(e.score, ply);
            let cut = match e.bound {
                Bound::Exact => true,
                Bound::Lower => score >= beta,
                Bound::Upper => score <= alpha,
            };
            if cut {
                return score;
            }
        }

        // Endgame tablebases (compiled away in games without them).
        let mut tb_ceiling = INFINITY;
        let mut tb_floor = -INFINITY;
        if G::TABLEBASES
            && self.tb_cardinality != 0
            && !root
            && !testing_singular
            && let Some((score, bound)) = self.probe_tablebase(position, depth, ply)
        {
            let cut = match bound {
                None | Some(Bound::Exact) => true,
                Some(Bound::Lower) => score >= beta,
                Some(Bound::Upper) => score <= alpha,
            };
            if cut {
                self.tt.store(
                    key,
                    TableEntry {
                        mv: 0,
                        score: to_table(score, ply),
                        depth: (depth + 6).clamp(0, MAX_PLY as i32 - 1) as u8,
                        bound: bound.unwrap_or(Bound::Exact),
                    },
                );
                return score;
            }
            if pv_node {
                if bound == Some(Bound::Lower) {
                    tb_floor = score;
                    alpha = alpha.max(score);
                } else {
                    tb_ceiling = score;
                }
            }
        }

        let static_eval = if in_check {
            -INFINITY
        } else {
            self.evaluate(position)
        };
        self.evals[ply] = static_eval;
        let improving = ply >= 2 && !in_check && static_eval > self.evals[ply - 2];
        // Hindsight: a node the parent reduced a lot is searched a ply
        // deeper when the parent's move did not spoil its position (the
        // two static evaluations, each from its own side, do not add up to
        // a gain for this side), and a ply shallower when they add up to a
        // large one.
        let depth = match ply.checked_sub(1) {
            Some(parent)
                if self.switches.hindsight_depth
                    && !in_check
                    && self.evals[parent] != -INFINITY
                    && self.reductions[parent] > 0 =>
            {
                let gain = static_eval + self.evals[parent];
                let reduction = self.reductions[parent];
                if reduction >= HINDSIGHT_DEEPER_REDUCTION && gain <= 0 {
                    depth + 1
                } else if reduction >= HINDSIGHT_SHALLOWER_REDUCTION
                    && depth >= 2
                    && gain > HINDSIGHT_SHALLOWER_GAIN
                {
                    depth - 1
                } else {
                    depth
                }
            }
            _ => depth,
        };
        // What pruning reads: the static evaluation, or the table's score
        // where its bound says the position is worth more or less.
        let eval = match entry {
            Some(e) if self.switches.table_refines_evaluation && !in_check => {
                let score = from_table(e.score, ply);
                let refines = score.abs() < MATE_BOUND
                    && match e.bound {
                        Bound::Exact => true,
                        Bound::Lower => score > static_eval,
                        Bound::Upper => score < static_eval,
                    };
                if refines { score } else { static_eval }
            }
            _ => static_eval,
        };

        if !pv_node && !in_check && !testing_singular && beta.abs() < MATE_BOUND {
            let margin = self.params.reverse_futility_margin * depth
                - i32::from(improving) * self.params.reverse_futility_improving;
            if depth <= REVERSE_FUTILITY_MAX_DEPTH && eval - margin >= beta {
                return eval;
            }
            if allow_null
                && depth >= NULL_MOVE_MIN_DEPTH
                && eval >= beta
                && position.has_non_pawn_material()
                && let Some(child) = position.play_null()
            {
                let reduction = NULL_MOVE_REDUCTION
                    + depth / NULL_MOVE_DEPTH_DIVISOR
                    + ((eval - beta) / self.params.null_move_eval_divisor)
                        .min(NULL_MOVE_MAX_EVAL_REDUCTION);
                self.keys.push(key);
                self.previous[ply] = 0;
                self.moved[ply] = NO_CONTEXT;
                let null = Node {
                    alpha: beta - 1,
                    beta,
                    depth: depth - 1 - reduction,
                    ply: ply + 1,
                    pv: false,
                    null_move: false,
                };
                let score = self.child(position, &child, null);
                self.keys.pop();
                if self.aborted {
                    return 0;
                }
                if score >= beta {
                    return if score >= MATE_BOUND { beta } else { score };
                }
            }
        }

        // Off the root the moves may include illegal ones, which
        // `play_pseudo` refuses when their turn comes; at the root every
        // move is legal (lines, exclusions and `searchmoves` need it).
        let mut scored = Scored::new();
        // In a game that asks for it, the quiet moves wait until the table
        // move and the noisy moves have failed to cut the node.
        let mut quiets_pending = false;
        let staged = matches!(G::MOVE_STAGING, MoveStaging::NoisyFirst { .. });
        if !root && staged && self.stage_noisy(position, &mut scored, tt_code) {
            quiets_pending = true;
        } else if !root {
            position.generate_pseudo(&mut scored.moves);
            Self::drop_agreements(position, &mut scored.moves);
            self.score_moves(position, &mut scored, tt_code, ply);
        } else {
            position.generate(&mut scored.moves);
            let (excluded, allowed) = (&self.excluded, &self.allowed);
            let kept: MoveList<G::Move> = scored
                .moves
                .iter()
                .copied()
                .filter(|m| !excluded.contains(m) && (allowed.is_empty() || allowed.contains(m)))
                .collect_list();
            scored.moves = kept;
            self.score_moves(position, &mut scored, tt_code, ply);
        }
        if scored.moves.is_empty() && !quiets_pending {
            return if root {
                -INFINITY
            } else {
                Self::terminal_score(position, ply)
            };
        }

        // The table's move may be singular: a lower or exact bound deep
        // enough, not a mate score.
        let singular_candidate = entry.filter(|e| {
            self.switches.singular_extensions
                && !root
                && !testing_singular
                && depth >= SINGULAR_MIN_DEPTH
                && e.mv != 0
                && e.bound != Bound::Upper
                && i32::from(e.depth) >= depth - SINGULAR_TABLE_DEPTH_MARGIN
                && from_table(e.score, ply).abs() < MATE_BOUND
        });
        let depth = if tt_code == 0 && depth >= IIR_MIN_DEPTH && !in_check {
            depth - IIR_REDUCTION
        } else {
            depth
        };
        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = G::Move::default();
        let mut searched = 0usize;
        // The ply's buffer, taken for the node (a singular test at the same
        // ply then starts a buffer of its own) and put back at the end.
        let mut quiets_tried = std::mem::take(&mut self.quiet_lists[ply]);
        quiets_tried.clear();
        let team = position.team().index();
        let previous_code = if ply > 0 { self.previous[ply - 1] } else { 0 };

        let mut next = 0;
        // The children are built here, one after another (see
        // `Game::play_pseudo_into`).
        let mut played: Option<G> = None;
        loop {
            if next == scored.moves.len() {
                if !quiets_pending {
                    break;
                }
                quiets_pending = false;
                self.stage_quiets(position, &mut scored, ply);
                if next == scored.moves.len() {
                    break;
                }
            }
            let index = next;
            next += 1;
            let (mut mv, mut quiet, mut order_score) = Self::pick(&mut scored, index);
            if quiets_pending && order_score < BAD_NOISY / 2 {
                // Only losing noisy moves are left: the quiet moves first.
                quiets_pending = false;
                self.stage_quiets(position, &mut scored, ply);
                (mv, quiet, order_score) = Self::pick(&mut scored, index);
            }
            if testing_singular && mv == left_out {
                continue;
            }
            let code = G::encode_move(mv);
            if root && self.is_main && self.control.elapsed() >= REPORT_CURRMOVE_AFTER {
                self.control
                    .report_root_move(self.root_depth as u32, code, index + 1);
            }
            // Late move and futility pruning. Both stop the loop rather than
            // skip one move: moves come best-scored first, every move after
            // a pruned quiet one is quiet with no better score (noisy moves
            // outrank killers and history) or a noisy move that loses
            // material, and what the tests read only grows (moves tried,
            // the best score, alpha), so each later quiet move would be
            // pruned too; stopping spares picking them, and prunes the
            // losing noisy moves with them.
            if !root && quiet && !in_check && searched > 0 && best_score > -MATE_BOUND {
                let late = LATE_MOVE_BASE
                    + (depth * depth) as usize
                    + usize::from(improving) * LATE_MOVE_IMPROVING;
                if !pv_node && depth <= LATE_MOVE_MAX_DEPTH && quiets_tried.len() >= late {
                    break;
                }
                // Futility reads the depth the move would be searched at
                // after its late move reduction: a late quiet move at depth
                // 5 searched at depth 2 is held to depth 2's margin. Never
                // once alpha is a mate score: no margin on the evaluation
                // can tell whether a quiet move mates sooner.
                if order_score < COUNTER && alpha < MATE_BOUND {
                    let futility_depth = if depth > FUTILITY_MAX_DEPTH {
                        depth - reduction(&self.params, depth, searched)
                    } else {
                        depth
                    };
                    if futility_depth <= FUTILITY_MAX_DEPTH
                        && eval
                            + self.params.futility_margin
                            + self.params.futility_margin_per_ply * futility_depth
                            <= alpha
                    {
                        break;
                    }
                }
                // History pruning: near the horizon, a quiet move whose
                // history and continuation histories say it has kept
                // failing is skipped. Unlike the tests above it skips one
                // move rather than stopping the loop, so the losing
                // captures ordered after the quiet moves still meet the
                // exchange test on their own.
                if self.switches.continuation_history
                    && order_score < COUNTER
                    && depth <= HISTORY_PRUNE_MAX_DEPTH
                    && order_score < -self.params.history_prune_margin * depth
                {
                    continue;
                }
            }
            // Exchange pruning: near the horizon, a move that loses more
            // material than the depth can win back is skipped.
            if !root
                && !in_check
                && searched > 0
                && best_score > -MATE_BOUND
                && depth <= SEE_PRUNE_MAX_DEPTH
            {
                let threshold = if quiet {
                    -self.params.see_prune_quiet * depth * depth
                } else {
                    -self.params.see_prune_noisy * depth
                };
                if !position.see_at_least(mv, threshold) {
                    continue;
                }
            }
            // The child's entry is fetched while the move is played when
            // the game can guess its key, else once the key is known.
            let guess = position.key_after_hint(mv);
            if let Some(key) = guess {
                self.tt.prefetch(key);
            }
            position.play_pseudo_into(mv, &mut played);
            let Some(child) = played.as_ref() else {
                continue;
            };
            if guess != Some(child.hash()) {
                self.tt.prefetch(child.hash());
            }
            let gives_check = child.in_check();
            // Extend checks, but never past twice the iteration's depth: in
            // Enochian chess an army can stay in check over many turns of
            // the others, and unbounded extensions would never end.
            let may_extend = (ply as i32) < CHECK_EXTENSION_LIMIT * self.root_depth;
            let mut extension = if gives_check && may_extend {
                CHECK_EXTENSION
            } else {
                0
            };
            // Singular extension: when every other move falls short of the
            // table's score by a margin, the table's move is searched one
            // ply deeper; when even the others beat beta, the node is cut.
            if let Some(e) = singular_candidate
                && e.mv == code
                && extension == 0
                && may_extend
            {
                let singular_beta = from_table(e.score, ply) - SINGULAR_MARGIN_PER_PLY * depth;
                self.singular[ply] = mv;
                let test = Node {
                    alpha: singular_beta - 1,
                    beta: singular_beta,
                    depth: (depth - 1) / 2,
                    ply,
                    pv: false,
                    null_move: false,
                };
                let score = self.search(position, test);
                self.singular[ply] = G::Move::default();
                if self.aborted {
                    return 0;
                }
                if score < singular_beta {
                    extension = SINGULAR_EXTENSION;
                } else if singular_beta >= beta {
                    return singular_beta;
                }
            }
            let new_depth = depth - 1 + extension;
            self.keys.push(key);
            self.previous[ply] = code;
            let continuation_key = if self.switches.continuation_history {
                position.continuation_key(mv)
            } else {
                NO_CONTEXT
            };
            self.moved[ply] = continuation_key;

            let score = if searched == 0 {
                self.child(position, child, node.child(new_depth, alpha, beta))
            } else {
                let mut r = 0;
                if depth >= LMR_MIN_DEPTH
                    && searched >= LMR_MIN_MOVES
                    && quiet
                    && !gives_check
                    && !in_check
                {
                    r = reduction(&self.params, depth, searched);
                    if !pv_node {
                        r += LMR_NON_PV;
                    }
                    if improving {
                        r -= LMR_IMPROVING;
                    }
                    if order_score >= COUNTER {
                        r -= LMR_KILLER;
                    }
                    let divisor = if self.switches.continuation_history {
                        self.params.lmr_continuation_divisor
                    } else {
                        LMR_HISTORY_DIVISOR
                    };
                    r -= (order_score / divisor).clamp(-LMR_HISTORY_MAX, LMR_HISTORY_MAX);
                    r = r.clamp(0, new_depth - 1);
                }
                if self.switches.hindsight_depth {
                    self.reductions[ply] = r;
                }
                let mut s = self.child(position, child, node.scout(new_depth - r, alpha));
                if self.switches.hindsight_depth {
                    self.reductions[ply] = 0;
                }
                if s > alpha && r > 0 {
                    s = self.child(position, child, node.scout(new_depth, alpha));
                }
                if s > alpha && s < beta && pv_node {
                    s = self.child(position, child, node.child(new_depth, alpha, beta));
                }
                s
            };
            self.keys.pop();
            if self.aborted {
                return 0;
            }
            searched += 1;
            if score > best_score {
                best_score = score;
                best_move = mv;
                if score > alpha {
                    alpha = score;
                    if pv_node {
                        self.update_pv(ply, mv);
                    }
                    if score >= beta {
                        if quiet {
                            let cutoff = Cutoff {
                                team,
                                ply,
                                mv,
                                code,
                                key: continuation_key,
                                previous_code,
                                contexts: self
                                    .switches
                                    .continuation_history
                                    .then(|| self.contexts(ply)),
                                depth,
                            };
                            self.heuristics.reward(cutoff, &quiets_tried, &self.params);
                        }
                        break;
                    }
                }
            }
            if quiet {
                quiets_tried.push((code, continuation_key));
            }
        }
        self.quiet_lists[ply] = quiets_tried;
        if G::TABLEBASES && searched > 0 {
            // A principal-variation node the tables bounded keeps within
            // the bounds (Stockfish's `maxValue` and raised `bestValue`).
            best_score = best_score.max(tb_floor).min(tb_ceiling);
        }
        if searched == 0 {
            if testing_singular {
                // Only the table's move: it is singular.
                return alpha;
            }
            // No move was legal (moves are pruned only after a first one
            // has been searched).
            return if root {
                -INFINITY
            } else {
                Self::terminal_score(position, ply)
            };
        }

        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        // The evaluation erred by what the search found, unless the bound
        // says nothing about it or a noisy best move explains the gap.
        if !in_check
            && !testing_singular
            && best_score.abs() < MATE_BOUND
            && (best_move == G::Move::default() || position.noisy_score(best_move).is_none())
            && !(bound == Bound::Lower && best_score <= static_eval)
            && !(bound == Bound::Upper && best_score >= static_eval)
            && let Some(correction_key) = position.correction_key()
        {
            self.heuristics.correction.update(
                team,
                correction_key,
                depth,
                best_score - static_eval,
            );
        }
        if (!root || self.excluded.is_empty()) && !testing_singular {
            self.tt.store(
                key,
                TableEntry {
                    mv: if bound == Bound::Upper {
                        0
                    } else {
                        G::encode_move(best_move)
                    },
                    score: to_table(best_score, ply),
                    depth: depth.clamp(0, 255) as u8,
                    bound,
                },
            );
        }
        best_score
    }

    /// Quiescence: captures and promotions until the position is quiet (all
    /// moves when in check), with stand-pat.
    fn quiescence(&mut self, position: &G, node: QuiescenceNode) -> i32 {
        let QuiescenceNode {
            mut alpha,
            beta,
            ply,
            qdepth,
        } = node;
        self.pv_len[ply] = ply;
        if position.chance_outcomes() > 0 {
            if qdepth >= CHANCE_QUIESCENCE_PLIES {
                return self.evaluate(position);
            }
            return self.chance(position, Horizon::Quiescence(node));
        }
        self.count_node();
        if self.aborted {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if position.is_rule_draw() {
            return DRAW;
        }
        if position.is_decided() {
            return Self::terminal_score(position, ply);
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate(position);
        }
        // Evasions are searched only near the horizon in games that say so
        // (see `Evaluate::QUIESCENCE_EVASION_PLIES`).
        let in_check = qdepth < G::QUIESCENCE_EVASION_PLIES && position.in_check();
        let mut best = -INFINITY;
        if !in_check {
            let stand_pat = self.evaluate(position);
            if stand_pat >= beta {
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
            best = stand_pat;
        }
        let mut scored = Scored::new();
        if in_check {
            position.generate_pseudo(&mut scored.moves);
            Self::drop_agreements(position, &mut scored.moves);
        } else {
            position.generate_noisy_pseudo(&mut scored.moves);
        }
        for &mv in scored.moves.iter() {
            scored
                .scores
                .push(position.noisy_score(mv).unwrap_or(-NOISY));
            scored.quiet.push(false);
        }
        let mut legal = 0usize;
        let mut played: Option<G> = None;
        for index in 0..scored.moves.len() {
            let (mv, _, _) = Self::pick(&mut scored, index);
            // Captures that lose material in the exchange cannot raise
            // the stand-pat score.
            if !in_check && !position.see_at_least(mv, 0) {
                continue;
            }
            position.play_pseudo_into(mv, &mut played);
            let Some(child) = played.as_ref() else {
                continue;
            };
            legal += 1;
            let score = self.child_quiescence(position, child, node.child(alpha, beta));
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        if in_check && legal == 0 {
            return Self::terminal_score(position, ply);
        }
        best
    }
}

/// Where a chance node sits: in the full-width search or in quiescence.
#[derive(Clone, Copy)]
enum Horizon {
    Full(Node),
    Quiescence(QuiescenceNode),
}

impl Horizon {
    /// The window, from the point of view of the team to move.
    fn window(self) -> (i32, i32) {
        match self {
            Horizon::Full(node) => (node.alpha, node.beta),
            Horizon::Quiescence(node) => (node.alpha, node.beta),
        }
    }

    /// The quiescence depth the outcomes are searched at, if they are
    /// searched by quiescence.
    fn quiescence_depth(self) -> Option<u32> {
        match self {
            Horizon::Full(node) => (node.depth <= 0).then_some(0),
            Horizon::Quiescence(node) => Some(node.qdepth),
        }
    }

    /// A node on the principal variation.
    fn is_pv(self) -> bool {
        matches!(self, Horizon::Full(node) if node.pv)
    }

    /// Plies from the root.
    fn ply(self) -> usize {
        match self {
            Horizon::Full(node) => node.ply,
            Horizon::Quiescence(node) => node.ply,
        }
    }

    /// The node of one outcome (same team, same ply): the window
    /// (`alpha`, `beta`), on the principal variation or not; in the
    /// full-width search a null move is allowed.
    fn outcome(self, alpha: i32, beta: i32, pv: bool) -> Self {
        match self {
            Horizon::Full(node) => Horizon::Full(Node {
                alpha,
                beta,
                null_move: true,
                pv,
                ..node
            }),
            Horizon::Quiescence(node) => Horizon::Quiescence(QuiescenceNode {
                alpha,
                beta,
                ..node
            }),
        }
    }
}

impl<G: Evaluate> Worker<'_, G> {
    /// Removes moves that need the other team's agreement (they are
    /// offered from the root only).
    fn drop_agreements(position: &G, moves: &mut MoveList<G::Move>) {
        if moves.iter().any(|&m| position.needs_agreement(m)) {
            let kept: MoveList<G::Move> = moves
                .iter()
                .copied()
                .filter(|&m| !position.needs_agreement(m))
                .collect_list();
            *moves = kept;
        }
    }

    /// A chance node: the average over the equally likely outcomes, found
    /// by null-window threshold tests or Star1 (*-minimax) windows from
    /// the bounds learnt (see [`Worker::chance_outcomes`]). The outcomes
    /// belong to the same team as the node and do not count as a ply.
    /// Without chance lookahead the roll is ignored.
    fn chance(&mut self, position: &G, horizon: Horizon) -> i32 {
        let (alpha, beta) = horizon.window();
        if !self.chance_lookahead {
            let any = position.ignore_chance();
            return self.resolved(&any, horizon.outcome(alpha, beta, horizon.is_pv()));
        }
        let outcomes = (position.chance_outcomes() as usize).min(MAX_OUTCOMES);
        self.chance_outcomes(position, horizon, outcomes)
    }

    /// Searches the outcomes of a chance node (see `chance.rs`); twins
    /// (outcomes with one [`Game::outcome_key`]) are searched once. At the
    /// horizon each outcome's static evaluation is a lower bound. Below
    /// it, with a null window, the outcomes are tested one at a time at
    /// thresholds from their estimated values, adding up to what the node
    /// needs and re-aimed after every answer, for a few tests per outcome.
    /// Then (at once with a wide window or at the horizon) Star1 with the
    /// bounds learnt decides. Outcomes are drawn only to be searched.
    fn chance_outcomes(&mut self, position: &G, horizon: Horizon, outcomes: usize) -> i32 {
        let (alpha, beta) = horizon.window();
        let ply = horizon.ply();
        let qdepth = horizon.quiescence_depth();
        // At the horizon every outcome stands pat on its evaluation; when
        // all share the node's own (`Evaluate::OUTCOMES_EVALUATE_ALIKE`),
        // an evaluation at or above `beta` is what the outcomes' lower
        // bounds would decide below, so the node fails high at once.
        // `alike`: that shared stand-pat (`None` inside when the node may
        // not stand pat), asked once for every outcome.
        let static_eval = self.evaluate(position);
        let alike = match qdepth {
            Some(qdepth) if G::OUTCOMES_EVALUATE_ALIKE => {
                Some(Self::can_stand_pat(position, qdepth).then_some(static_eval))
            }
            _ => None,
        };
        if let Some(Some(stand_pat)) = alike
            && stand_pat >= beta
        {
            return stand_pat;
        }
        // The outcomes are drawn only when searched; their keys come first.
        let mut keys = [(0u64, 0u64); MAX_OUTCOMES];
        position.outcome_keys(&mut keys[..outcomes]);
        if qdepth.is_none() {
            for &(hash, _) in &keys[..outcomes] {
                self.tt.prefetch(hash);
            }
        }
        let mut bounds = OutcomeBounds::new(outcomes, alpha, beta);
        for i in 1..outcomes {
            if let Some(first) = keys[..i].iter().position(|key| key.1 == keys[i].1) {
                bounds.absorb(i, first);
            }
        }
        // At the horizon each outcome may stand pat, a lower bound.
        // Elsewhere the tests need estimates: the table's scores (all
        // probes issued at once above), else the static evaluation. At the
        // horizon quiescence stores nothing, so the table is not asked.
        let mut estimates = [static_eval; MAX_OUTCOMES];
        if let Some(qdepth) = qdepth {
            for i in 0..outcomes {
                let stand_pat = if let Some(stand_pat) = alike {
                    stand_pat
                } else {
                    let child = position.resolve_chance(i as u32);
                    Self::can_stand_pat(&child, qdepth).then(|| self.evaluate(&child))
                };
                if let Some(stand_pat) = stand_pat {
                    bounds.raise_low(i, stand_pat);
                }
            }
        } else {
            for (estimate, &(hash, _)) in estimates.iter_mut().zip(&keys[..outcomes]) {
                if let Some(entry) = self.tt.probe(hash) {
                    *estimate = from_table(entry.score, ply);
                }
            }
        }
        let estimates = &estimates[..outcomes];
        // One outcome at a time, each test aimed with what the earlier
        // ones taught: after a failed test the others are aimed at the
        // other side at once. Not at the horizon: quiescence searches are
        // too small for tests to pay (measured: Star1 alone there searches
        // 15% fewer nodes), so Star1 decides at once.
        let tests = if beta - alpha == 1 && qdepth.is_none() {
            CHANCE_TESTS_PER_OUTCOME * outcomes
        } else {
            0
        };
        let mut next = 0;
        for _ in 0..tests {
            if let Some(value) = bounds.decided() {
                return value;
            }
            let Some((i, (child_alpha, child_beta))) = bounds.next_test(estimates, next) else {
                break;
            };
            let child = position.resolve_chance(i as u32);
            let value = self.resolved(&child, horizon.outcome(child_alpha, child_beta, false));
            if self.aborted {
                return 0;
            }
            bounds.learn(i, value, child_alpha, child_beta);
            next = i + 1;
        }
        self.chance_star1(position, &mut bounds, horizon)
    }

    /// Star1 with the bounds learnt: each outcome still open is searched
    /// with the window that would decide the node, until it is decided.
    /// On the principal variation only the first outcome searched is a
    /// principal variation node (the others are searched off it, with
    /// their Star1 windows), and the node's line is that outcome's.
    fn chance_star1(&mut self, position: &G, bounds: &mut OutcomeBounds, horizon: Horizon) -> i32 {
        let ply = horizon.ply();
        let mut pv_outcome = horizon.is_pv();
        let mut line: Option<Vec<G::Move>> = None;
        let value = 'decided: loop {
            // Each search decides the node or makes its outcome exact, so
            // a pass that searches nothing cannot happen; if it did, the
            // average of the lower bounds ends the node rather than a hang.
            let mut searched = false;
            for i in 0..bounds.count() {
                if let Some(value) = bounds.decided() {
                    break 'decided value;
                }
                let Some((child_alpha, child_beta)) = bounds.star1_window(i) else {
                    continue;
                };
                searched = true;
                let node = horizon.outcome(child_alpha, child_beta, pv_outcome);
                let value = self.resolved(&position.resolve_chance(i as u32), node);
                if self.aborted {
                    return 0;
                }
                if pv_outcome {
                    line = Some(self.pv[ply][ply..self.pv_len[ply]].to_vec());
                    pv_outcome = false;
                }
                bounds.learn(i, value, child_alpha, child_beta);
            }
            if !searched {
                break 'decided bounds.low_average();
            }
        };
        if let Some(line) = line {
            self.pv[ply][ply..ply + line.len()].copy_from_slice(&line);
            self.pv_len[ply] = ply + line.len();
        }
        value
    }

    /// Whether quiescence at `qdepth` lets `position` stand pat on its
    /// evaluation (not a drawn or decided game, not a check it must answer).
    fn can_stand_pat(position: &G, qdepth: u32) -> bool {
        !(position.is_rule_draw()
            || position.is_decided()
            || (qdepth < G::QUIESCENCE_EVASION_PLIES && position.in_check()))
    }

    /// Searches a chance node's outcome (or the position with the roll
    /// ignored).
    fn resolved(&mut self, position: &G, horizon: Horizon) -> i32 {
        match horizon {
            Horizon::Full(node) => self.search(position, node),
            Horizon::Quiescence(node) => self.quiescence(position, node),
        }
    }
}

trait CollectList<M> {
    fn collect_list(self) -> MoveList<M>;
}

impl<M, I: Iterator<Item = M>> CollectList<M> for I {
    fn collect_list(self) -> MoveList<M> {
        let mut list = MoveList::new();
        list.extend(self);
        list
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use augur_core::Game;

    /// What a worker is told before it searches.
    #[derive(Clone, Copy, Default)]
    struct Setup {
        helper: bool,
        stopped: bool,
        finished: bool,
        may_abort: bool,
        pondering: bool,
        hard_time: Option<Duration>,
        clock_bound: bool,
        node_limit: Option<u64>,
        /// The search's switches (chess searches with all of them).
        switches: Switches,
    }

    /// Runs `body` on a worker of game `G` set up as `setup` says; returns
    /// its answer and whether the worker told the other threads the search
    /// is over.
    fn with_worker<G: Evaluate, R>(
        setup: Setup,
        body: impl FnOnce(&mut Worker<'_, G>) -> R,
    ) -> (R, bool) {
        let tt = TranspositionTable::new(1);
        let control = SearchControl::new(setup.pondering);
        if setup.stopped {
            control.stop();
        }
        let finished = AtomicBool::new(setup.finished);
        let nodes = NodeCounter::default();
        let mut heuristics = Heuristics::new();
        let shared = Shared {
            tt: &tt,
            control: &control,
            finished: &finished,
            nodes: &nodes,
            history: &[],
        };
        let budget = Budget {
            node_limit: setup.node_limit,
            shared_node_limit: None,
            node_batch: NODE_BATCH,
            hard_time: setup.hard_time,
            clock_bound: setup.clock_bound,
        };
        let role = if setup.helper {
            Role::Helper
        } else {
            Role::Main
        };
        let config = SearchConfig::with_switches(setup.switches);
        let mut worker = Worker::new(role, shared, budget, &mut heuristics, config);
        worker.may_abort = setup.may_abort;
        let answer = body(&mut worker);
        (answer, finished.load(Ordering::Relaxed))
    }

    /// Searches the chess start position 10 plies deep on one worker set
    /// up as `setup` says; returns whether it aborted, its nodes, and
    /// whether it told the other threads the search is over.
    fn run(setup: Setup) -> (bool, u64, bool) {
        let setup = Setup {
            switches: Switches::ALL,
            ..setup
        };
        let ((aborted, nodes), finished) = with_worker(setup, |worker| {
            let root = augur_chess::Position::startpos();
            worker.search(&root, Node::root(10, -INFINITY, INFINITY));
            worker.flush_nodes();
            (worker.aborted, worker.nodes)
        });
        (aborted, nodes, finished)
    }

    #[test]
    fn evaluation_noise_shifts_each_position_by_its_own_fixed_amount() {
        with_worker::<augur_chess::Position, _>(Setup::default(), noise_shifts);
    }

    /// The noise test proper, on a worker without limits.
    fn noise_shifts(worker: &mut Worker<'_, augur_chess::Position>) {
        let mut position = augur_chess::Position::startpos();
        let mut shifted = 0;
        for _ in 0..8 {
            let plain = position.evaluate();
            worker.eval_noise = 0;
            assert_eq!(worker.evaluate(&position), plain);
            worker.eval_noise = 40;
            worker.noise_seed = 7;
            let shift = eval_shift(position.hash(), 7, 40);
            assert_eq!(worker.evaluate(&position), plain + shift);
            shifted += usize::from(shift != 0);
            worker.material_only = true;
            worker.eval_noise = 0;
            assert_eq!(worker.evaluate(&position), position.evaluate_material());
            worker.material_only = false;
            // The hand-written evaluation has cache entries of its own.
            worker.hand_evaluation = true;
            assert_eq!(worker.evaluate(&position), position.evaluate_hand_written());
            worker.hand_evaluation = false;
            assert_eq!(worker.evaluate(&position), plain);
            let mut moves = MoveList::new();
            position.generate(&mut moves);
            position = position.play(moves[moves.len() / 2]);
        }
        assert!(shifted >= 6, "{shifted}");
    }

    #[test]
    fn only_searches_with_the_switch_learn_continuation_histories() {
        let learnt = |switches: Switches| {
            let setup = Setup {
                switches,
                ..Setup::default()
            };
            let (learnt, _) = with_worker::<augur_chess::Position, _>(setup, |worker| {
                let root = augur_chess::Position::startpos();
                worker.search(&root, Node::root(7, -INFINITY, INFINITY));
                !worker.heuristics.continuation.is_empty()
            });
            learnt
        };
        assert!(learnt(Switches::ALL));
        assert!(!learnt(Switches::OFF));
        let continuation_only = Switches {
            continuation_history: true,
            ..Switches::OFF
        };
        assert!(learnt(continuation_only));
    }

    /// Nodes of a search that was never stopped (far more than a batch).
    fn full() -> u64 {
        let (aborted, nodes, _) = run(Setup::default());
        assert!(!aborted);
        assert!(nodes > 8 * NODE_BATCH, "{nodes}");
        nodes
    }

    #[test]
    fn stop_aborts_the_main_thread_within_a_batch_once_it_has_a_move() {
        full();
        let (aborted, nodes, _) = run(Setup {
            stopped: true,
            may_abort: true,
            ..Setup::default()
        });
        assert!(aborted && nodes <= 2 * NODE_BATCH, "{aborted} {nodes}");
        // Without a complete iteration the main thread searches on.
        let (aborted, nodes, _) = run(Setup {
            stopped: true,
            ..Setup::default()
        });
        assert!(!aborted && nodes > 8 * NODE_BATCH, "{aborted} {nodes}");
    }

    #[test]
    fn helpers_stop_at_once_when_stopped_or_finished() {
        for (stopped, finished) in [(true, false), (false, true)] {
            let (aborted, nodes, _) = run(Setup {
                helper: true,
                stopped,
                finished,
                ..Setup::default()
            });
            assert!(aborted && nodes <= 2 * NODE_BATCH, "{aborted} {nodes}");
        }
        let (aborted, _, _) = run(Setup {
            helper: true,
            ..Setup::default()
        });
        assert!(!aborted);
    }

    #[test]
    fn the_hard_time_limit_aborts_the_main_thread_and_ends_the_search() {
        let spent = Some(Duration::ZERO);
        let (aborted, nodes, finished) = run(Setup {
            may_abort: true,
            hard_time: spent,
            ..Setup::default()
        });
        assert!(aborted && finished && nodes <= 2 * NODE_BATCH);
        // On a clock even the first iteration is abandoned.
        let (aborted, _, finished) = run(Setup {
            hard_time: spent,
            clock_bound: true,
            ..Setup::default()
        });
        assert!(aborted && finished);
        // Otherwise the first iteration is finished first.
        let (aborted, _, finished) = run(Setup {
            hard_time: spent,
            ..Setup::default()
        });
        assert!(!aborted && !finished);
        // A pondering search ignores the clock until the ponder hit.
        let (aborted, _, _) = run(Setup {
            may_abort: true,
            pondering: true,
            hard_time: spent,
            ..Setup::default()
        });
        assert!(!aborted);
        // Helpers never keep the time.
        let (aborted, _, _) = run(Setup {
            helper: true,
            may_abort: true,
            hard_time: spent,
            ..Setup::default()
        });
        assert!(!aborted);
    }

    #[test]
    fn the_node_limit_aborts_the_main_thread_at_the_limit() {
        let (aborted, nodes, finished) = run(Setup {
            may_abort: true,
            node_limit: Some(100),
            ..Setup::default()
        });
        assert!(aborted && finished && nodes == 100, "{nodes}");
        let (aborted, _, _) = run(Setup {
            node_limit: Some(100),
            ..Setup::default()
        });
        assert!(!aborted);
    }

    /// A staged node whose table move the game cannot name without
    /// generating (here a code that is no legal move: a stale or colliding
    /// table entry) falls back to generating everything: the noisy moves it
    /// already listed are dropped first, so no move is listed twice. A
    /// legal quiet table move is named and listed once, after the noisy
    /// moves.
    #[test]
    fn a_staged_node_falling_back_starts_from_an_empty_list() {
        let position = augur_chess::Position::from_fen(
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        )
        .expect("valid FEN");
        let mut all = MoveList::new();
        position.generate_pseudo(&mut all);
        let quiet = all
            .iter()
            .copied()
            .find(|&mv| position.noisy_score(mv).is_none())
            .expect("a quiet move");
        let unknown = (1..=u32::from(u16::MAX))
            .find(|&code| position.pseudo_move(code).is_none())
            .expect("a code that is no legal move");
        let ((scored, named), _) =
            with_worker::<augur_chess::Position, _>(Setup::default(), |worker| {
                let mut scored = Scored::new();
                let staged = worker.stage_noisy(&position, &mut scored, unknown);
                assert!(!staged, "a code that is no legal move is not named");
                let mut named = Scored::new();
                let code = augur_chess::Position::encode_move(quiet);
                assert!(worker.stage_noisy(&position, &mut named, code));
                (
                    scored,
                    named.moves.iter().filter(|&&mv| mv == quiet).count(),
                )
            });
        assert!(scored.moves.is_empty());
        assert!(scored.scores.is_empty());
        assert!(scored.quiet.is_empty());
        assert_eq!(named, 1);
    }

    /// Below the root a move that needs the other team's consent (the
    /// Enochian exchange) is never searched: only the root may offer it.
    #[test]
    fn moves_that_need_agreement_are_dropped() {
        let position = augur_enochian::Position::from_fen("8/8/7yR/3rK4/8/8/8/bK7 y d - ry,bk -")
            .expect("valid position string");
        let mut moves = MoveList::new();
        position.generate(&mut moves);
        let offers = moves
            .iter()
            .filter(|&&m| position.needs_agreement(m))
            .count();
        assert_eq!((moves.len(), offers), (15, 1));
        Worker::<augur_enochian::Position>::drop_agreements(&position, &mut moves);
        assert_eq!(moves.len(), 14);
        assert!(moves.iter().all(|&m| !position.needs_agreement(m)));
    }

    /// A chance node's value from a window is fail-soft and sound: at or
    /// below `alpha` an upper bound of the exact value, at or above `beta`
    /// a lower bound, in between the exact value (searched afresh each
    /// time, material only, on divination positions of random games with
    /// the roll pending, and windows all around the exact value). At the
    /// horizon, so that only quiescence lies below the roll: the
    /// full-width search's pruning (reverse futility, null move) returns
    /// window-dependent estimates, not bounds.
    #[test]
    fn chance_node_values_are_sound_fail_soft_bounds() {
        use augur_enochian::Position;
        let mut seed = 0x5eed_u64;
        let mut next = |below: usize| {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (seed >> 33) as usize % below
        };
        let start = Position::from_fen(
            "yKQyByRyN2bPQbKQ/yPQyPByPRyPN2bPBbB/6bPRbR/6bPNbN/kNkPN6/kRkPR6/kBkPB2rPNrPRrPBrPQ/kKQkPQ2rNrRrBrKQ b d - - ?",
        )
        .expect("divination start");
        // The exact value from an open window on the principal variation
        // (where every scout that fails high is searched again), the
        // bounds from windows off it.
        let search = |position: &Position, alpha: i32, beta: i32| {
            with_worker::<Position, _>(Setup::default(), |worker| {
                worker.material_only = true;
                let node = Node {
                    pv: alpha == -INFINITY,
                    ..Node::root(0, alpha, beta)
                };
                worker.search(position, node)
            })
            .0
        };
        let (mut below, mut above) = (0, 0);
        for _ in 0..12 {
            let mut game = start.clone();
            for _ in 0..10 + next(50) {
                if game.chance_outcomes() > 0 {
                    game = game.resolve_chance(next(6) as u32);
                }
                let mut legal = MoveList::new();
                game.generate(&mut legal);
                if legal.is_empty() {
                    break;
                }
                game = game.play(legal[next(legal.len())]);
            }
            if game.chance_outcomes() == 0 {
                continue;
            }
            let exact = search(&game, -INFINITY, INFINITY);
            for shift in [-400, -150, -40, -1, 0, 1, 40, 150, 400] {
                let alpha = exact + shift;
                for width in [1, 30] {
                    let beta = alpha + width;
                    let value = search(&game, alpha, beta);
                    if value <= alpha {
                        assert!(
                            exact <= value,
                            "{} ({alpha}, {beta}): {value} above {exact}",
                            game.fen()
                        );
                        below += 1;
                    } else if value >= beta {
                        assert!(
                            exact >= value,
                            "{} ({alpha}, {beta}): {value} below {exact}",
                            game.fen()
                        );
                        above += 1;
                    } else {
                        assert_eq!(value, exact, "{} ({alpha}, {beta})", game.fen());
                    }
                }
            }
        }
        assert!(below > 20 && above > 20, "{below} {above}");
    }
}
