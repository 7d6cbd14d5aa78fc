//! Signals between the protocol and a running search: `stop`, `ponderhit`,
//! the root move being searched (for `currmove` lines), and the shared node
//! counter.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// Shared by the thread that runs a search and the one that reads input:
/// a handle, and its clones control the same search.
#[derive(Clone, Debug)]
pub struct SearchControl(Arc<Signals>);

/// Told which root move the main thread starts searching, once the search
/// has run `REPORT_CURRMOVE_AFTER` (`tuning.rs`): the iteration depth,
/// the move's [`Game::encode_move`](augur_core::Game::encode_move) code, and
/// its 1-based number in this iteration's order.
pub type RootProgress = Box<dyn Fn(u32, u32, usize) + Send + Sync>;

/// A [`RootProgress`] with a `Debug` that says whether there is one.
struct RootListener(Option<RootProgress>);

impl std::fmt::Debug for RootListener {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.is_some() { "Some(..)" } else { "None" })
    }
}

#[derive(Debug)]
struct Signals {
    /// Hears the root move being searched.
    root_progress: RootListener,
    stop: AtomicBool,
    pondering: AtomicBool,
    /// Milliseconds from the search start to `ponderhit` (clock time starts then).
    ponderhit_ms: AtomicU64,
    started: Instant,
    /// Wakes a search that has finished its iterations and waits for
    /// `stop` or `ponderhit`; the flags are atomics, the lock only orders
    /// a notification after the waiter's check.
    lock: Mutex<()>,
    released: Condvar,
}

impl SearchControl {
    /// Control for a search starting now; `pondering` for `go ponder`.
    pub fn new(pondering: bool) -> Self {
        Self::build(pondering, None)
    }

    /// Like [`SearchControl::new`], and `progress` hears each root move the
    /// main thread starts once the search has run a while.
    pub fn with_root_progress(pondering: bool, progress: RootProgress) -> Self {
        Self::build(pondering, Some(progress))
    }

    fn build(pondering: bool, progress: Option<RootProgress>) -> Self {
        Self(Arc::new(Signals {
            root_progress: RootListener(progress),
            stop: AtomicBool::new(false),
            pondering: AtomicBool::new(pondering),
            ponderhit_ms: AtomicU64::new(0),
            started: Instant::now(),
            lock: Mutex::new(()),
            released: Condvar::new(),
        }))
    }

    /// Asks the search to stop as soon as it can (it still reports a move).
    pub fn stop(&self) {
        self.0.stop.store(true, Ordering::Release);
        self.notify();
    }

    /// Whether `stop` was asked.
    #[inline]
    pub fn stopped(&self) -> bool {
        self.0.stop.load(Ordering::Relaxed)
    }

    /// The opponent played the expected move: the ponder search becomes a
    /// normal timed search from now.
    pub fn ponderhit(&self) {
        let elapsed = self.0.started.elapsed().as_millis() as u64;
        self.0.ponderhit_ms.store(elapsed, Ordering::Release);
        self.0.pondering.store(false, Ordering::Release);
        self.notify();
    }

    /// Blocks until `stop`, or until `ponderhit` unless `infinite`: after
    /// `go infinite` or while pondering, the move waits for the GUI.
    /// Returns at once if neither applies.
    pub(crate) fn wait_for_release(&self, infinite: bool) {
        let held = || !self.stopped() && (infinite || self.pondering());
        let mut guard = self.0.lock.lock().unwrap_or_else(PoisonError::into_inner);
        while held() {
            guard = self
                .0
                .released
                .wait(guard)
                .unwrap_or_else(PoisonError::into_inner);
        }
    }

    /// Wakes a waiting search. Taking the lock makes sure a waiter is either
    /// before its check (and sees the new flag) or already waiting.
    fn notify(&self) {
        drop(self.0.lock.lock().unwrap_or_else(PoisonError::into_inner));
        self.0.released.notify_all();
    }

    /// Whether the search is still pondering.
    #[inline]
    pub fn pondering(&self) -> bool {
        self.0.pondering.load(Ordering::Relaxed)
    }

    /// Tells the root-progress listener, if any, that the main thread
    /// starts root move `code` (number `number`) of iteration `depth`.
    pub(crate) fn report_root_move(&self, depth: u32, code: u32, number: usize) {
        if let Some(progress) = &self.0.root_progress.0 {
            progress(depth, code, number);
        }
    }

    /// Time since the search started.
    pub fn elapsed(&self) -> Duration {
        self.0.started.elapsed()
    }

    /// Time counted against the clock: since `ponderhit` for a ponder search.
    pub fn clock_elapsed(&self) -> Duration {
        let since_start = self.0.started.elapsed();
        since_start.saturating_sub(Duration::from_millis(
            self.0.ponderhit_ms.load(Ordering::Acquire),
        ))
    }
}

/// Nodes searched by all threads together.
#[derive(Debug, Default)]
pub struct NodeCounter(AtomicU64);

impl NodeCounter {
    /// Adds a thread's batch.
    pub fn add(&self, nodes: u64) {
        self.0.fetch_add(nodes, Ordering::Relaxed);
    }

    /// The total so far.
    pub fn get(&self) -> u64 {
        self.0.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::SearchControl;
    use std::sync::mpsc::{RecvTimeoutError, channel};
    use std::time::Duration;

    /// Runs `wait_for_release(infinite)` on a thread; returns its control and
    /// a channel that hears when the wait ends.
    fn waiting(pondering: bool, infinite: bool) -> (SearchControl, std::sync::mpsc::Receiver<()>) {
        let control = SearchControl::new(pondering);
        let (sender, released) = channel();
        let waiter = control.clone();
        std::thread::spawn(move || {
            waiter.wait_for_release(infinite);
            let _ = sender.send(());
        });
        (control, released)
    }

    fn still_held(released: &std::sync::mpsc::Receiver<()>) -> bool {
        matches!(
            released.recv_timeout(Duration::from_millis(50)),
            Err(RecvTimeoutError::Timeout)
        )
    }

    #[test]
    fn an_infinite_search_waits_for_stop_not_for_ponderhit() {
        let (control, released) = waiting(true, true);
        assert!(still_held(&released));
        control.ponderhit();
        assert!(still_held(&released));
        control.stop();
        assert!(released.recv_timeout(Duration::from_secs(10)).is_ok());
    }

    #[test]
    fn a_ponder_search_waits_for_ponderhit() {
        let (control, released) = waiting(true, false);
        assert!(still_held(&released));
        control.ponderhit();
        assert!(released.recv_timeout(Duration::from_secs(10)).is_ok());
    }

    #[test]
    fn a_normal_search_does_not_wait() {
        SearchControl::new(false).wait_for_release(false);
        let stopped = SearchControl::new(true);
        stopped.stop();
        stopped.wait_for_release(true);
    }
}
