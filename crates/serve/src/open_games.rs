//! Which games are open, and in which connection: one game is driven by one
//! connection at a time. A connection that opens a game open elsewhere
//! takes it over: the other connection is told to close ([`Lease::kicked`]),
//! and the newcomer waits until that one's tab has saved the game and
//! ended ([`OpenGames::release`]) before it reads the game back.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;
use tokio::sync::{Notify, watch};

/// How long a connection taking a game over waits for the connection that
/// had it to let go; then it takes the game anyway.
pub const TAKEOVER_WAIT: Duration = Duration::from_secs(10);

/// One connection's hold on its game.
#[derive(Debug)]
pub struct Lease {
    kick: Notify,
    /// Why the game was taken (the close frame's reason).
    why: Mutex<&'static str>,
    done: watch::Sender<bool>,
}

/// Why a connection's game was taken: it was opened elsewhere.
pub const OPENED_ELSEWHERE: &str = "this game was opened in another tab";
/// Why a connection's game was taken: it was deleted.
pub const DELETED: &str = "this game was deleted";

impl Lease {
    fn new() -> Arc<Self> {
        Arc::new(Self {
            kick: Notify::new(),
            why: Mutex::new(OPENED_ELSEWHERE),
            done: watch::Sender::new(false),
        })
    }

    /// Resolves once another connection has taken this game over, with
    /// why.
    pub async fn kicked(&self) -> &'static str {
        self.kick.notified().await;
        match self.why.lock() {
            Ok(why) => *why,
            Err(poisoned) => *poisoned.into_inner(),
        }
    }
}

/// The open games by id.
#[derive(Debug, Default)]
pub struct OpenGames {
    games: Mutex<HashMap<String, Arc<Lease>>>,
}

impl OpenGames {
    fn games(&self) -> MutexGuard<'_, HashMap<String, Arc<Lease>>> {
        match self.games.lock() {
            Ok(games) => games,
            Err(poisoned) => poisoned.into_inner(),
        }
    }

    /// A hold on game `id`, taking it from the connection that has it (which
    /// is told to close for the reason `why`, and waited for up to
    /// [`TAKEOVER_WAIT`]).
    pub async fn claim(&self, id: &str, why: &'static str) -> Arc<Lease> {
        loop {
            let holder = {
                let mut games = self.games();
                match games.get(id) {
                    Some(holder) => Arc::clone(holder),
                    None => {
                        let lease = Lease::new();
                        games.insert(id.to_string(), Arc::clone(&lease));
                        return lease;
                    }
                }
            };
            match holder.why.lock() {
                Ok(mut reason) => *reason = why,
                Err(poisoned) => *poisoned.into_inner() = why,
            }
            holder.kick.notify_one();
            let mut done = holder.done.subscribe();
            let waited = tokio::time::timeout(TAKEOVER_WAIT, done.wait_for(|ended| *ended)).await;
            if waited.is_err() {
                // The holder did not let go in time: the game is taken.
                let mut games = self.games();
                if games.get(id).is_some_and(|h| Arc::ptr_eq(h, &holder)) {
                    let lease = Lease::new();
                    games.insert(id.to_string(), Arc::clone(&lease));
                    return lease;
                }
            }
        }
    }

    /// The connection holding `lease` now plays game `id` (its tab started
    /// another game).
    pub fn rename(&self, lease: &Arc<Lease>, id: &str) {
        let mut games = self.games();
        games.retain(|_, held| !Arc::ptr_eq(held, lease));
        games.insert(id.to_string(), Arc::clone(lease));
    }

    /// The connection holding `lease` has ended and its game is saved.
    pub fn release(&self, lease: &Arc<Lease>) {
        self.games().retain(|_, held| !Arc::ptr_eq(held, lease));
        lease.done.send_replace(true);
    }

    /// Games open now.
    pub fn len(&self) -> usize {
        self.games().len()
    }

    /// Whether no game is open.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_second_claim_kicks_the_first_and_waits_for_its_release() {
        let open = Arc::new(OpenGames::default());
        let first = open.claim("g", OPENED_ELSEWHERE).await;
        let claimer = {
            let open = Arc::clone(&open);
            tokio::spawn(async move { open.claim("g", DELETED).await })
        };
        // The first holder hears the kick, then lets go.
        let why = tokio::time::timeout(Duration::from_secs(5), first.kicked())
            .await
            .expect("kicked");
        assert_eq!(why, DELETED);
        tokio::time::sleep(Duration::from_millis(50)).await;
        assert!(!claimer.is_finished(), "the newcomer waits for the release");
        open.release(&first);
        let second = tokio::time::timeout(Duration::from_secs(5), claimer)
            .await
            .expect("claimed")
            .expect("task");
        assert!(!Arc::ptr_eq(&first, &second));
        assert_eq!(open.len(), 1);
        open.rename(&second, "h");
        let third = open.claim("g", OPENED_ELSEWHERE).await;
        assert_eq!(open.len(), 2);
        open.release(&second);
        open.release(&third);
        assert!(open.is_empty());
    }
}
