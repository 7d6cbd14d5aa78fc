//! The engine's search threads: one main search thread and the Lazy SMP
//! helpers, all started once per engine and woken per search.
//!
//! Starting a thread costs little on an idle machine but several
//! milliseconds on a loaded one (a new thread waits for a scheduler slot,
//! a sleeping one is woken at once). At 1+0.01 that alone can use up the
//! increment, so every search thread is a [`KeptThread`]: started once,
//! with a [`SEARCH_STACK_BYTES`] stack, it then waits on a channel for its
//! next order.
//!
//! The main thread runs a [`MainJob`]: the engine's [`Searcher`] travels
//! with the job and comes back to the engine when the search is over, so
//! the caller holds no borrow while it waits. A panic in a search is caught
//! on the thread that had it: the main thread still announces the end
//! exactly once ([`SearchEvent::Failed`]) and hands the searcher back, and a
//! helper still reports that it is done. The main search stops and waits
//! for its helpers through [`RunningHelpers`], also when it unwinds.

use augur_core::Evaluate;
use std::panic::AssertUnwindSafe;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread::JoinHandle;

use crate::control::{NodeCounter, SearchControl};
use crate::engine::{SearchEvent, SearchRequest, SearchResult, Searcher, Settings, iterate};
use crate::heuristics::Heuristics;
use crate::limits::Limits;
use crate::tt::TranspositionTable;
use crate::worker::{Budget, Role, Shared, Worker};

/// Stack size of search threads (deep recursion with move lists on the stack).
pub const SEARCH_STACK_BYTES: usize = 64 << 20;

/// A thread started once with a [`SEARCH_STACK_BYTES`] stack that serves
/// orders one at a time. Dropping it closes the channel and waits for the
/// thread to end (after the order it is serving, if any).
pub(crate) struct KeptThread<T> {
    orders: Option<Sender<T>>,
    handle: Option<JoinHandle<()>>,
}

impl<T: Send + 'static> KeptThread<T> {
    /// Starts a thread named `name` that calls `serve` for each order.
    pub fn spawn(name: &str, mut serve: impl FnMut(T) + Send + 'static) -> std::io::Result<Self> {
        let (orders, inbox) = channel::<T>();
        let handle = std::thread::Builder::new()
            .name(name.into())
            .stack_size(SEARCH_STACK_BYTES)
            .spawn(move || {
                for order in inbox {
                    serve(order);
                }
            })?;
        Ok(Self {
            orders: Some(orders),
            handle: Some(handle),
        })
    }

    /// Hands `order` to the thread; gives it back if the thread has ended.
    pub fn send(&self, order: T) -> Result<(), T> {
        match &self.orders {
            Some(orders) => orders.send(order).map_err(|refused| refused.0),
            None => Err(order),
        }
    }
}

impl<T> Drop for KeptThread<T> {
    fn drop(&mut self) {
        self.orders = None;
        if let Some(handle) = self.handle.take() {
            let _ = handle.join();
        }
    }
}

/// Hears a search's progress and end on the main search thread.
pub(crate) type Listener<M> = Box<dyn FnMut(SearchEvent<'_, M>) + Send>;

/// One search for the main thread, owned so that it can cross to a thread
/// that outlives the call.
pub(crate) struct MainJob<G: Evaluate> {
    pub searcher: Box<Searcher<G>>,
    pub request: SearchRequest<G>,
    pub settings: Settings,
    pub listener: Listener<G::Move>,
    /// Takes the searcher back to the engine.
    pub home: Sender<Box<Searcher<G>>>,
    /// The result, unless the search panicked.
    pub result: Sender<SearchResult<G::Move>>,
    /// Set last, when the searcher is home and the result sent.
    pub done: Arc<AtomicBool>,
}

/// Starts the main search thread of an engine.
pub(crate) fn spawn_main<G: Evaluate>() -> std::io::Result<KeptThread<MainJob<G>>> {
    KeptThread::spawn("search", run_main::<G>)
}

fn run_main<G: Evaluate>(job: MainJob<G>) {
    let MainJob {
        mut searcher,
        request,
        settings,
        mut listener,
        home,
        result,
        done,
    } = job;
    let outcome = std::panic::catch_unwind(AssertUnwindSafe(|| {
        searcher.run(&request, settings, &mut |info| {
            listener(SearchEvent::Info(info));
        })
    }));
    // Exactly one end event, even if the search panicked (a bug).
    let _ = std::panic::catch_unwind(AssertUnwindSafe(|| match &outcome {
        Ok(found) => listener(SearchEvent::Finished(found)),
        Err(_) => listener(SearchEvent::Failed),
    }));
    // The listener goes first: whatever it holds (a channel to a waiting
    // caller) closes before the search counts as done.
    drop(listener);
    let _ = home.send(searcher);
    if let Ok(found) = outcome {
        let _ = result.send(found);
    }
    done.store(true, Ordering::Release);
}

/// Everything a helper needs for one search, owned so that it can cross to
/// a thread that outlives the call.
pub(crate) struct HelperJob<G: Evaluate> {
    pub root: G,
    pub history: Arc<[u64]>,
    pub limits: Arc<Limits<G::Move>>,
    pub legal: Arc<[G::Move]>,
    pub settings: Settings,
    pub tt: Arc<TranspositionTable>,
    /// Set by the main thread when the search is over.
    pub finished: Arc<AtomicBool>,
    pub nodes: Arc<NodeCounter>,
    /// Nodes counted between additions to `nodes` (see `worker::node_batch`).
    pub node_batch: u64,
    /// The search's use of the tablebases, if any.
    pub probing: Option<Arc<crate::tablebase::Probing<G>>>,
}

enum Order<G: Evaluate> {
    Search(HelperJob<G>),
    /// Forget move-ordering memory (a new game).
    Clear,
    /// Tell whether the move-ordering memory is empty (tests).
    #[cfg(test)]
    Inspect(Sender<bool>),
}

/// The helper threads of one engine; each owns its move-ordering memory.
pub(crate) struct HelperPool<G: Evaluate> {
    helpers: Vec<KeptThread<Order<G>>>,
    /// One message per finished order, from any helper.
    done: Receiver<()>,
    done_sender: Sender<()>,
}

impl<G: Evaluate> HelperPool<G> {
    /// A pool of `count` helpers (fewer if the system refuses threads: the
    /// search works with any number).
    pub fn new(count: usize) -> Self {
        let (done_sender, done) = channel();
        let mut pool = Self {
            helpers: Vec::new(),
            done,
            done_sender,
        };
        pool.resize(count);
        pool
    }

    /// Helpers running.
    pub fn len(&self) -> usize {
        self.helpers.len()
    }

    /// Grows or shrinks the pool to `count` helpers.
    pub fn resize(&mut self, count: usize) {
        self.helpers.truncate(count);
        while self.helpers.len() < count {
            match spawn_helper::<G>(self.done_sender.clone()) {
                Ok(helper) => self.helpers.push(helper),
                Err(_) => break,
            }
        }
    }

    /// Starts every helper on `job`; returns how many started. Each sends
    /// one message on `done` when it has dropped its share of the job.
    pub fn start(&self, job: impl Fn() -> HelperJob<G>) -> usize {
        self.helpers
            .iter()
            .filter(|helper| helper.send(Order::Search(job())).is_ok())
            .count()
    }

    /// Whether each helper's move-ordering memory is empty (tests).
    #[cfg(test)]
    pub fn memories_empty(&self) -> Vec<bool> {
        let (answers, heard) = channel();
        let asked = self
            .helpers
            .iter()
            .filter(|helper| helper.send(Order::Inspect(answers.clone())).is_ok())
            .count();
        self.wait(asked);
        heard.iter().take(asked).collect()
    }

    /// Clears every helper's move-ordering memory and waits for it.
    pub fn clear(&self) {
        let sent = self
            .helpers
            .iter()
            .filter(|helper| helper.send(Order::Clear).is_ok())
            .count();
        self.wait(sent);
    }

    /// Waits for `count` orders to finish.
    pub fn wait(&self, count: usize) {
        for _ in 0..count {
            if self.done.recv().is_err() {
                break;
            }
        }
    }
}

fn spawn_helper<G: Evaluate>(done: Sender<()>) -> std::io::Result<KeptThread<Order<G>>> {
    let mut heuristics = Box::new(Heuristics::<G::Move>::new());
    KeptThread::spawn("helper", move |order| {
        // A panic (a bug) must not leave the main thread waiting for a
        // helper that will never answer.
        let _ = std::panic::catch_unwind(AssertUnwindSafe(|| match order {
            Order::Search(job) => run_helper(job, &mut heuristics),
            Order::Clear => heuristics.clear(),
            #[cfg(test)]
            Order::Inspect(answer) => {
                let _ = answer.send(heuristics.is_empty());
            }
        }));
        // The job (and its share of the table) is dropped before the main
        // thread hears that this helper is done.
        let _ = done.send(());
    })
}

/// A helper's search: iterative deepening until the main thread finishes.
fn run_helper<G: Evaluate>(job: HelperJob<G>, heuristics: &mut Heuristics<G::Move>) {
    heuristics.new_search();
    // Helpers stop when `finished` is set; their own control is never
    // stopped and never pondering.
    let control = SearchControl::new(false);
    let shared = Shared {
        tt: &job.tt,
        control: &control,
        finished: &job.finished,
        nodes: &job.nodes,
        history: &job.history,
    };
    // A node limit bounds all threads together: each helper checks the
    // shared count whenever it adds its batch.
    let budget = Budget {
        shared_node_limit: job.limits.nodes,
        node_batch: job.node_batch,
        ..Budget::unlimited()
    };
    let mut worker = Worker::new(
        Role::Helper,
        shared,
        budget,
        heuristics,
        job.settings.config,
    );
    worker.allowed = job.legal.to_vec();
    worker.set_probing(job.probing.clone());
    worker.material_only = job.settings.material_only;
    worker.hand_evaluation = job.settings.hand_evaluation;
    worker.chance_lookahead = job.settings.chance_lookahead;
    iterate(&mut worker, &job.root, &job.limits, None, 1, &mut |_| {});
    worker.flush_nodes();
}

/// Helpers searching for the main thread. Dropping it (also when the main
/// thread unwinds) tells them to stop and waits until they have, so no
/// helper outlives its search or keeps a handle on the table.
pub(crate) struct RunningHelpers<'a, G: Evaluate> {
    pub pool: &'a HelperPool<G>,
    pub finished: Arc<AtomicBool>,
    pub started: usize,
}

impl<G: Evaluate> Drop for RunningHelpers<'_, G> {
    fn drop(&mut self) {
        self.finished.store(true, Ordering::Relaxed);
        self.pool.wait(self.started);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use augur_chess::Position;
    use augur_core::{Game, MoveList};

    #[test]
    fn helpers_learn_while_searching_and_forget_on_clear() {
        let pool = HelperPool::<Position>::new(2);
        assert_eq!(pool.memories_empty(), [true, true]);
        let root = Position::from_fen(
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        )
        .expect("valid FEN");
        let mut moves = MoveList::new();
        root.generate(&mut moves);
        let legal: Arc<[_]> = moves.iter().copied().collect();
        let limits = Arc::new(Limits {
            depth: Some(6),
            ..Limits::default()
        });
        let (finished, nodes) = (
            Arc::new(AtomicBool::new(false)),
            Arc::new(NodeCounter::default()),
        );
        // A table for each helper: with a shared one, a helper started
        // late can find every answer there and learn nothing.
        let started = pool.start(|| HelperJob {
            root,
            history: Arc::from(Vec::new()),
            limits: Arc::clone(&limits),
            legal: Arc::clone(&legal),
            settings: Settings::default(),
            tt: Arc::new(TranspositionTable::new(1)),
            finished: Arc::clone(&finished),
            nodes: Arc::clone(&nodes),
            node_batch: crate::tuning::NODE_BATCH,
            probing: None,
        });
        assert_eq!(started, 2);
        pool.wait(started);
        assert!(nodes.get() > 0);
        assert_eq!(pool.memories_empty(), [false, false]);
        pool.clear();
        assert_eq!(pool.memories_empty(), [true, true]);
    }
}
