//! How many games are open, in all and per client (its IP address), so
//! that no single client fills the server: a page opening sockets in a
//! loop reaches its own limit while others still get games.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

/// The open games, counted.
#[derive(Debug)]
pub struct Seats {
    total: usize,
    per_client: usize,
    open: Mutex<(usize, HashMap<IpAddr, usize>)>,
}

/// One open game; dropping it frees its seat.
#[derive(Debug)]
pub struct Seat {
    seats: Arc<Seats>,
    client: IpAddr,
}

/// Why a game was not opened.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Full {
    /// The server holds its most games.
    Server,
    /// This client holds its most games.
    Client,
}

impl Seats {
    /// At most `total` games, and `per_client` for one client.
    pub fn new(total: usize, per_client: usize) -> Self {
        Self {
            total,
            per_client,
            open: Mutex::new((0, HashMap::new())),
        }
    }

    /// A seat for a game of `client`, or why not.
    pub fn take(seats: &Arc<Seats>, client: IpAddr) -> Result<Seat, Full> {
        let mut open = match seats.open.lock() {
            Ok(open) => open,
            Err(poisoned) => poisoned.into_inner(),
        };
        let (total, clients) = &mut *open;
        let mine = clients.entry(client).or_insert(0);
        if *mine >= seats.per_client {
            return Err(Full::Client);
        }
        if *total >= seats.total {
            return Err(Full::Server);
        }
        *mine += 1;
        *total += 1;
        Ok(Seat {
            seats: Arc::clone(seats),
            client,
        })
    }

    /// Games open now.
    pub fn open(&self) -> usize {
        match self.open.lock() {
            Ok(open) => open.0,
            Err(poisoned) => poisoned.into_inner().0,
        }
    }
}

impl Drop for Seat {
    fn drop(&mut self) {
        let mut open = match self.seats.open.lock() {
            Ok(open) => open,
            Err(poisoned) => poisoned.into_inner(),
        };
        let (total, clients) = &mut *open;
        *total = total.saturating_sub(1);
        if let Some(mine) = clients.get_mut(&self.client) {
            *mine = mine.saturating_sub(1);
            if *mine == 0 {
                clients.remove(&self.client);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_client_cannot_take_every_seat() {
        let seats = Arc::new(Seats::new(5, 3));
        let (a, b): (IpAddr, IpAddr) = (
            "127.0.0.1".parse().expect("an address"),
            "127.0.0.2".parse().expect("an address"),
        );
        let mine: Vec<Seat> = (0..3)
            .map(|_| Seats::take(&seats, a).expect("a seat"))
            .collect();
        assert_eq!(Seats::take(&seats, a).map(drop), Err(Full::Client));
        let theirs: Vec<Seat> = (0..2)
            .map(|_| Seats::take(&seats, b).expect("a seat"))
            .collect();
        assert_eq!(Seats::take(&seats, b).map(drop), Err(Full::Server));
        assert_eq!(seats.open(), 5);
        drop(mine);
        assert_eq!(seats.open(), 2);
        let again = Seats::take(&seats, a).expect("freed");
        drop((again, theirs));
        assert_eq!(seats.open(), 0);
    }
}
