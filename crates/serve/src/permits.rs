//! Search permits: at most one search per core runs at once; the rest wait
//! their turn in arrival order.

use std::sync::{Condvar, Mutex};

/// Counts searches running at once (at most one per core); the rest wait
/// their turn in arrival order.
pub struct Permits {
    state: Mutex<(usize, u64, u64)>,
    freed: Condvar,
}

impl Permits {
    /// `count` searches at once.
    pub fn new(count: usize) -> Self {
        Self {
            state: Mutex::new((count.max(1), 0, 0)),
            freed: Condvar::new(),
        }
    }

    /// Waits for a permit (first come, first served); it is returned when
    /// the guard is dropped.
    pub fn acquire(&self) -> PermitGuard<'_> {
        let mut state = self.state.lock().unwrap_or_else(|p| p.into_inner());
        let ticket = state.1;
        state.1 += 1;
        while state.0 == 0 || state.2 != ticket {
            state = self.freed.wait(state).unwrap_or_else(|p| p.into_inner());
        }
        state.0 -= 1;
        state.2 += 1;
        self.freed.notify_all();
        PermitGuard { permits: self }
    }

    /// Whether a search is waiting for a permit.
    pub fn contended(&self) -> bool {
        let state = self.state.lock().unwrap_or_else(|p| p.into_inner());
        state.1 > state.2
    }
}

/// A search permit; dropping it frees it.
pub struct PermitGuard<'a> {
    permits: &'a Permits,
}

impl Drop for PermitGuard<'_> {
    fn drop(&mut self) {
        let mut state = self.permits.state.lock().unwrap_or_else(|p| p.into_inner());
        state.0 += 1;
        self.permits.freed.notify_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn permits_are_counted_and_a_waiter_is_seen() {
        let permits = std::sync::Arc::new(Permits::new(1));
        let held = permits.acquire();
        assert!(!permits.contended());
        let waiter = {
            let permits = std::sync::Arc::clone(&permits);
            std::thread::spawn(move || drop(permits.acquire()))
        };
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        while !permits.contended() && std::time::Instant::now() < deadline {
            std::thread::yield_now();
        }
        assert!(permits.contended());
        drop(held);
        waiter.join().expect("the waiter got its permit");
        assert!(!permits.contended());
    }
}
