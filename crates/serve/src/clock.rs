//! Game clocks for the web board: one clock per side (per army in Enochian
//! chess), a base time and an increment added after each move. The server
//! keeps them, so a page cannot stop its own clock; the page only shows the
//! time counting down between messages.

use augur_engine::SearchLimits;
use serde::{Deserialize, Serialize, Serializer};
use std::time::Instant;

/// The longest base time a page may ask for (three hours).
pub const MAX_BASE_MS: u64 = 3 * 60 * 60 * 1000;
/// The largest increment a page may ask for (one minute).
pub const MAX_INCREMENT_MS: u64 = 60 * 1000;

/// The clocks of one game.
#[derive(Clone, Debug)]
pub struct Clock {
    base_ms: u64,
    increment_ms: u64,
    /// Each side's name (as the board's `to_move` names it) and its time
    /// left in milliseconds (negative once its flag has fallen).
    sides: Vec<(String, i64)>,
    /// The side whose clock runs and since when.
    running: Option<(usize, Instant)>,
}

impl Clock {
    /// Clocks for `sides` with `base_ms` each and `increment_ms` a move.
    pub fn new(sides: &[String], base_ms: u64, increment_ms: u64) -> Self {
        let base_ms = base_ms.clamp(1_000, MAX_BASE_MS);
        Self {
            base_ms,
            increment_ms: increment_ms.min(MAX_INCREMENT_MS),
            sides: sides.iter().map(|s| (s.clone(), base_ms as i64)).collect(),
            running: None,
        }
    }

    /// The base time, in milliseconds.
    pub fn base_ms(&self) -> u64 {
        self.base_ms
    }

    /// The increment, in milliseconds.
    pub fn increment_ms(&self) -> u64 {
        self.increment_ms
    }

    /// Starts `side`'s clock (stopping none: call [`Clock::stop`] first).
    pub fn start(&mut self, side: &str) {
        self.running = self
            .sides
            .iter()
            .position(|(name, _)| name == side)
            .map(|index| (index, Instant::now()));
    }

    /// Stops the running clock. Returns the side whose time ran out, if it
    /// did; otherwise the increment is added.
    pub fn stop(&mut self) -> Option<String> {
        let (index, since) = self.running.take()?;
        let spent = since.elapsed().as_millis() as i64;
        let (name, left) = &mut self.sides[index];
        *left -= spent;
        if *left <= 0 {
            return Some(name.clone());
        }
        *left += self.increment_ms as i64;
        None
    }

    /// The running side, if its time has run out by now.
    pub fn flag_fallen(&self) -> Option<String> {
        let (index, since) = self.running?;
        let (name, left) = &self.sides[index];
        (*left - since.elapsed().as_millis() as i64 <= 0).then(|| name.clone())
    }

    /// Stops every clock (the game is over).
    pub fn halt(&mut self) {
        if let Some((index, since)) = self.running.take() {
            self.sides[index].1 -= since.elapsed().as_millis() as i64;
        }
    }

    /// The search limits of these clocks: each side's time left as of now
    /// and the increment. The sides are the board's `seats`: the two teams
    /// (team clocks), or in a game of more sides each seat (seat clocks).
    pub fn search_limits(&self) -> SearchLimits {
        let running = self.running.map(|(index, since)| (index, since.elapsed()));
        let times: Vec<Option<i64>> = self
            .sides
            .iter()
            .enumerate()
            .map(|(index, (_, left))| {
                let spent = match running {
                    Some((i, elapsed)) if i == index => elapsed.as_millis() as i64,
                    _ => 0,
                };
                Some((left - spent).max(1))
            })
            .collect();
        let increments = vec![Some(self.increment_ms as i64); times.len()];
        let mut limits = SearchLimits::default();
        if let ([first, second], [first_inc, second_inc]) = (&times[..], &increments[..]) {
            limits.team_time_ms = [*first, *second];
            limits.team_increment_ms = [*first_inc, *second_inc];
        } else {
            limits.seat_time_ms = times;
            limits.seat_increment_ms = increments;
        }
        limits
    }

    /// The clocks as of now (times left at this instant).
    pub fn view(&self) -> ClockView {
        let left = self
            .sides
            .iter()
            .enumerate()
            .map(|(index, (name, left))| {
                let spent = match self.running {
                    Some((i, since)) if i == index => since.elapsed().as_millis() as i64,
                    _ => 0,
                };
                (name.clone(), (left - spent).max(0))
            })
            .collect();
        ClockView {
            base: self.base_ms,
            increment: self.increment_ms,
            left: TimesLeft(left),
            running: self.running.map(|(i, _)| self.sides[i].0.clone()),
        }
    }

    /// The clocks to store: stopped (the running side's time spent so far
    /// taken off), so a stored game's clocks wait while no one plays it.
    pub fn record(&self) -> ClockRecord {
        let mut halted = self.clone();
        halted.halt();
        ClockRecord {
            base: halted.base_ms,
            increment: halted.increment_ms,
            left: halted.sides,
        }
    }

    /// The clocks of a stored game, none running (start the side to move's
    /// with [`Clock::start`]). Sides are taken from `sides` (the board's
    /// seats); a side the record does not name gets the base time.
    pub fn restore(sides: &[String], record: &ClockRecord) -> Self {
        let mut clock = Self::new(sides, record.base, record.increment);
        for (name, left) in &mut clock.sides {
            if let Some((_, stored)) = record.left.iter().find(|(side, _)| side == name) {
                *left = *stored;
            }
        }
        clock
    }

    /// The clocks as JSON: `{"base":..,"increment":..,"left":{side: ms},
    /// "running": side or null}` (times as of now).
    pub fn json(&self) -> String {
        augur_engine::to_json(&self.view())
    }
}

/// Stored clocks: the base, the increment and each side's time left (in
/// the sides' order), none running.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
pub struct ClockRecord {
    /// Each side's time at the start, in milliseconds.
    pub base: u64,
    /// The time added after each move, in milliseconds.
    pub increment: u64,
    /// Each side and its time left in milliseconds.
    pub left: Vec<(String, i64)>,
}

/// The clocks as the page shows them (the `clock` of the `state` message).
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct ClockView {
    /// Each side's time at the start, in milliseconds.
    pub base: u64,
    /// The time added after each move, in milliseconds.
    pub increment: u64,
    /// Each side's time left in milliseconds (zero once its flag fell).
    pub left: TimesLeft,
    /// The side whose clock runs, if any.
    pub running: Option<String>,
}

/// Each side's time left, in the sides' order: a JSON object
/// `{side: milliseconds}`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TimesLeft(pub Vec<(String, i64)>);

impl Serialize for TimesLeft {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.iter().map(|(side, ms)| (side, ms)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sides(names: &[&str]) -> Vec<String> {
        names.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn a_move_in_time_earns_the_increment_and_a_late_one_falls() {
        let mut clock = Clock::new(&sides(&["White", "Black"]), 1_000, 500);
        clock.start("White");
        assert_eq!(clock.stop(), None);
        let json: serde_json::Value = serde_json::from_str(&clock.json()).expect("json");
        let white = json["left"]["White"].as_i64().expect("ms");
        assert!((1_400..=1_500).contains(&white), "{json}");
        assert_eq!(json["running"], serde_json::Value::Null);
        clock.start("Black");
        let limits = clock.search_limits();
        assert_eq!(limits.team_time_ms[0], Some(1_500), "{limits:?}");
        assert!(
            limits.team_time_ms[1].is_some_and(|ms| ms > 900),
            "{limits:?}"
        );
        assert_eq!(limits.team_increment_ms, [Some(500), Some(500)]);
        assert!(limits.seat_time_ms.is_empty());
        clock.sides[1].1 = 0;
        assert_eq!(clock.flag_fallen().as_deref(), Some("Black"));
        assert_eq!(clock.stop().as_deref(), Some("Black"));
    }

    #[test]
    fn stored_clocks_come_back_stopped_with_their_times() {
        let mut clock = Clock::new(&sides(&["White", "Black"]), 60_000, 2_000);
        clock.start("White");
        std::thread::sleep(std::time::Duration::from_millis(30));
        let record = clock.record();
        assert_eq!((record.base, record.increment), (60_000, 2_000));
        assert!(record.left[0].1 <= 59_970, "{record:?}");
        assert_eq!(record.left[1], ("Black".to_string(), 60_000));
        let back = Clock::restore(&sides(&["White", "Black"]), &record);
        assert_eq!(back.view().running, None);
        assert_eq!(back.record(), record);
        std::thread::sleep(std::time::Duration::from_millis(30));
        assert_eq!(back.record(), record, "a restored clock waits");
    }

    #[test]
    fn enochian_armies_each_have_a_clock() {
        let mut clock = Clock::new(&sides(&["yellow", "blue", "red", "black"]), 60_000, 0);
        clock.start("red");
        let limits = clock.search_limits();
        assert_eq!(limits.seat_time_ms.len(), 4, "{limits:?}");
        assert_eq!(limits.seat_time_ms[0], Some(60_000));
        assert!(limits.seat_time_ms[2].is_some_and(|ms| ms > 59_000));
        assert_eq!(limits.seat_increment_ms, vec![Some(0); 4]);
        assert_eq!(limits.team_time_ms, [None, None]);
        assert_eq!(clock.flag_fallen(), None);
        clock.halt();
        assert_eq!(clock.flag_fallen(), None);
    }
}
