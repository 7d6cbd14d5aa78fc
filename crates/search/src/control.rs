//! Signals between the protocol and a running search: `stop`, `ponderhit`,
//! and the shared node counter.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Shared by the thread that runs a search and the one that reads input.
#[derive(Debug)]
pub struct SearchControl {
    stop: AtomicBool,
    pondering: AtomicBool,
    /// Milliseconds from the search start to `ponderhit` (clock time starts then).
    ponderhit_ms: AtomicU64,
    started: Instant,
}

impl SearchControl {
    /// Control for a search starting now; `pondering` for `go ponder`.
    pub fn new(pondering: bool) -> Self {
        Self {
            stop: AtomicBool::new(false),
            pondering: AtomicBool::new(pondering),
            ponderhit_ms: AtomicU64::new(0),
            started: Instant::now(),
        }
    }

    /// Asks the search to stop as soon as it can (it still reports a move).
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Release);
    }

    /// Whether `stop` was asked.
    #[inline]
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// The opponent played the expected move: the ponder search becomes a
    /// normal timed search from now.
    pub fn ponderhit(&self) {
        let elapsed = self.started.elapsed().as_millis() as u64;
        self.ponderhit_ms.store(elapsed, Ordering::Release);
        self.pondering.store(false, Ordering::Release);
    }

    /// Whether the search is still pondering.
    #[inline]
    pub fn pondering(&self) -> bool {
        self.pondering.load(Ordering::Relaxed)
    }

    /// Time since the search started.
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// Time counted against the clock: since `ponderhit` for a ponder search.
    pub fn clock_elapsed(&self) -> Duration {
        let since_start = self.started.elapsed();
        since_start.saturating_sub(Duration::from_millis(
            self.ponderhit_ms.load(Ordering::Acquire),
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
