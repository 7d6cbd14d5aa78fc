//! Lazy SMP helper threads that live as long as the engine.
//!
//! Starting a thread costs little on an idle machine but several
//! milliseconds on a loaded one (a new thread waits for a scheduler slot,
//! a sleeping one is woken at once). At 1+0.01 that alone can use up the
//! increment, so helpers are started once, with a large stack, and then
//! wait on a channel for the next search.

use augur_core::Evaluate;
use std::panic::AssertUnwindSafe;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread::JoinHandle;

use crate::control::{NodeCounter, SearchControl};
use crate::engine::{SEARCH_STACK_BYTES, Settings, iterate};
use crate::heuristics::Heuristics;
use crate::limits::Limits;
use crate::tt::TranspositionTable;
use crate::worker::{Budget, Worker};

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
}

enum Order<G: Evaluate> {
    Search(HelperJob<G>),
    /// Forget move-ordering memory (a new game).
    Clear,
}

struct Helper<G: Evaluate> {
    orders: Sender<Order<G>>,
    handle: JoinHandle<()>,
}

/// The helper threads of one engine; each owns its move-ordering memory.
pub(crate) struct HelperPool<G: Evaluate> {
    helpers: Vec<Helper<G>>,
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
        while self.helpers.len() > count {
            if let Some(helper) = self.helpers.pop() {
                drop(helper.orders);
                let _ = helper.handle.join();
            }
        }
        while self.helpers.len() < count {
            match spawn_helper::<G>(self.done_sender.clone()) {
                Some(helper) => self.helpers.push(helper),
                None => break,
            }
        }
    }

    /// Starts every helper on `job`; returns how many started. Each sends
    /// one message on `done` when it has dropped its share of the job.
    pub fn start(&self, job: impl Fn() -> HelperJob<G>) -> usize {
        self.helpers
            .iter()
            .filter(|helper| helper.orders.send(Order::Search(job())).is_ok())
            .count()
    }

    /// Clears every helper's move-ordering memory and waits for it.
    pub fn clear(&self) {
        let sent = self
            .helpers
            .iter()
            .filter(|helper| helper.orders.send(Order::Clear).is_ok())
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

impl<G: Evaluate> Drop for HelperPool<G> {
    fn drop(&mut self) {
        self.resize(0);
    }
}

fn spawn_helper<G: Evaluate>(done: Sender<()>) -> Option<Helper<G>> {
    let (orders, inbox) = channel::<Order<G>>();
    let handle = std::thread::Builder::new()
        .name("helper".into())
        .stack_size(SEARCH_STACK_BYTES)
        .spawn(move || {
            let mut heuristics = Box::new(Heuristics::<G::Move>::new());
            for order in inbox {
                // A panic (a bug) must not leave the main thread waiting
                // for a helper that will never answer.
                let _ = std::panic::catch_unwind(AssertUnwindSafe(|| match order {
                    Order::Search(job) => run(job, &mut heuristics),
                    Order::Clear => heuristics.clear(),
                }));
                // The job (and its share of the table) is dropped before
                // the main thread hears that this helper is done.
                if done.send(()).is_err() {
                    break;
                }
            }
        })
        .ok()?;
    Some(Helper { orders, handle })
}

/// A helper's search: iterative deepening until the main thread finishes.
fn run<G: Evaluate>(job: HelperJob<G>, heuristics: &mut Heuristics<G::Move>) {
    heuristics.new_search();
    // Helpers stop when `finished` is set; their own control is never
    // stopped and never pondering.
    let control = SearchControl::new(false);
    let budget = Budget {
        node_limit: None,
        hard_time: None,
        clock_bound: false,
    };
    let mut worker = Worker::new(
        false,
        &job.tt,
        &control,
        &job.finished,
        &job.nodes,
        budget,
        heuristics,
        &job.history,
    );
    worker.allowed = job.legal.to_vec();
    worker.material_only = job.settings.material_only;
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
        self.finished
            .store(true, std::sync::atomic::Ordering::Relaxed);
        self.pool.wait(self.started);
    }
}
