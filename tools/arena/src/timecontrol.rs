//! Time controls: `moves/base+increment` clocks (`40/60+0.6`, `10+0.1`,
//! `60`), fixed time per move (`st=0.5` or `movetime=500`), fixed nodes
//! (`nodes=5000`) and fixed depth (`depth=6`).

/// How long or how deep an engine may think.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Limit {
    /// A clock: `base_ms` (+ `increment_ms` per move), refilled by `base_ms`
    /// every `moves` moves when set.
    Clock {
        /// Moves per period (`40/...`), or sudden death.
        moves: Option<u32>,
        /// Time per period in ms.
        base_ms: u64,
        /// Increment per move in ms.
        increment_ms: u64,
    },
    /// Fixed time per move in ms.
    MoveTime(u64),
    /// Fixed nodes per move.
    Nodes(u64),
    /// Fixed depth per move.
    Depth(u32),
}

fn seconds_to_ms(text: &str) -> Result<u64, String> {
    let seconds: f64 = text
        .parse()
        .map_err(|_| format!("'{text}' is not a number of seconds"))?;
    if !(0.0..=1e7).contains(&seconds) {
        return Err(format!("'{text}' seconds is out of range"));
    }
    Ok((seconds * 1000.0).round() as u64)
}

impl Limit {
    /// Parses a time control (see the module docs).
    pub fn parse(text: &str) -> Result<Limit, String> {
        let text = text.trim();
        if let Some(v) = text.strip_prefix("st=") {
            return Ok(Limit::MoveTime(seconds_to_ms(v)?.max(1)));
        }
        if let Some(v) = text.strip_prefix("movetime=") {
            return v
                .parse()
                .map(|ms: u64| Limit::MoveTime(ms.max(1)))
                .map_err(|_| format!("bad movetime '{v}'"));
        }
        if let Some(v) = text.strip_prefix("nodes=") {
            return match v.parse::<u64>() {
                Ok(n) if n > 0 => Ok(Limit::Nodes(n)),
                _ => Err(format!("bad node count '{v}'")),
            };
        }
        if let Some(v) = text.strip_prefix("depth=") {
            return match v.parse::<u32>() {
                Ok(d) if (1..=255).contains(&d) => Ok(Limit::Depth(d)),
                _ => Err(format!("bad depth '{v}'")),
            };
        }
        let (moves, clock) = match text.split_once('/') {
            Some((m, rest)) => match m.parse::<u32>() {
                Ok(m) if m > 0 => (Some(m), rest),
                _ => return Err(format!("bad moves per period '{m}'")),
            },
            None => (None, text),
        };
        let (base, increment) = clock.split_once('+').unwrap_or((clock, "0"));
        let base_ms = seconds_to_ms(base)?;
        if base_ms == 0 {
            return Err(format!("time control '{text}' gives no time"));
        }
        Ok(Limit::Clock {
            moves,
            base_ms,
            increment_ms: seconds_to_ms(increment)?,
        })
    }

    /// The PGN `TimeControl` tag value.
    pub fn pgn_tag(&self) -> String {
        let secs = |ms: u64| {
            if ms.is_multiple_of(1000) {
                format!("{}", ms / 1000)
            } else {
                format!("{}", ms as f64 / 1000.0)
            }
        };
        match *self {
            Limit::Clock {
                moves,
                base_ms,
                increment_ms,
            } => {
                let period = match moves {
                    Some(m) => format!("{m}/{}", secs(base_ms)),
                    None => secs(base_ms),
                };
                if increment_ms > 0 {
                    format!("{period}+{}", secs(increment_ms))
                } else {
                    period
                }
            }
            Limit::MoveTime(ms) => format!("{}/move", secs(ms)),
            Limit::Nodes(_) | Limit::Depth(_) => "-".to_string(),
        }
    }
}

/// One side's clock during a game.
#[derive(Clone, Copy, Debug)]
pub struct GameClock {
    /// Milliseconds left (negative after a flag fall).
    pub remaining_ms: i64,
    moves_in_period: u32,
}

impl GameClock {
    /// A full clock for `limit` (unused for non-clock limits).
    pub fn new(limit: &Limit) -> Self {
        let remaining_ms = match limit {
            Limit::Clock { base_ms, .. } => *base_ms as i64,
            _ => 0,
        };
        Self {
            remaining_ms,
            moves_in_period: 0,
        }
    }

    /// Charges a move that took `spent_ms`; returns false on a flag fall
    /// (more than the clock plus `margin_ms`).
    pub fn charge(&mut self, limit: &Limit, spent_ms: u64, margin_ms: u64) -> bool {
        match *limit {
            Limit::Clock {
                moves,
                base_ms,
                increment_ms,
            } => {
                self.remaining_ms -= spent_ms as i64;
                if self.remaining_ms < -(margin_ms as i64) {
                    return false;
                }
                self.remaining_ms = self.remaining_ms.max(0) + increment_ms as i64;
                self.moves_in_period += 1;
                if moves == Some(self.moves_in_period) {
                    self.moves_in_period = 0;
                    self.remaining_ms += base_ms as i64;
                }
                true
            }
            Limit::MoveTime(ms) => spent_ms <= ms + margin_ms,
            Limit::Nodes(_) | Limit::Depth(_) => true,
        }
    }

    /// Charges time spent off the move (answering an exchange offer):
    /// no increment, no move counted. Returns false on a flag fall.
    pub fn charge_time(&mut self, limit: &Limit, spent_ms: u64, margin_ms: u64) -> bool {
        match *limit {
            Limit::Clock { .. } => {
                self.remaining_ms -= spent_ms as i64;
                if self.remaining_ms < -(margin_ms as i64) {
                    return false;
                }
                self.remaining_ms = self.remaining_ms.max(0);
                true
            }
            Limit::MoveTime(_) | Limit::Nodes(_) | Limit::Depth(_) => true,
        }
    }

    /// Moves left in the current period, for `movestogo`.
    pub fn moves_to_go(&self, limit: &Limit) -> Option<u32> {
        match *limit {
            Limit::Clock { moves: Some(m), .. } => Some(m - self.moves_in_period),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_every_form() {
        assert_eq!(
            Limit::parse("10+0.1"),
            Ok(Limit::Clock {
                moves: None,
                base_ms: 10_000,
                increment_ms: 100
            })
        );
        assert_eq!(
            Limit::parse("40/60+0.6"),
            Ok(Limit::Clock {
                moves: Some(40),
                base_ms: 60_000,
                increment_ms: 600
            })
        );
        assert_eq!(
            Limit::parse("60"),
            Ok(Limit::Clock {
                moves: None,
                base_ms: 60_000,
                increment_ms: 0
            })
        );
        assert_eq!(Limit::parse("st=0.5"), Ok(Limit::MoveTime(500)));
        assert_eq!(Limit::parse("nodes=5000"), Ok(Limit::Nodes(5000)));
        assert_eq!(Limit::parse("depth=6"), Ok(Limit::Depth(6)));
        for bad in [
            "", "x", "0", "10+x", "0/10", "depth=0", "nodes=-1", "-5+1", "1e99",
        ] {
            assert!(Limit::parse(bad).is_err(), "{bad}");
        }
        assert_eq!(
            Limit::parse("40/60+0.6").map(|l| l.pgn_tag()),
            Ok("40/60+0.6".to_string())
        );
    }

    #[test]
    fn clocks_charge_refill_and_fall() {
        let limit = Limit::parse("2/1+0.1").expect("tc");
        let mut clock = GameClock::new(&limit);
        assert!(clock.charge(&limit, 400, 0));
        assert_eq!(clock.remaining_ms, 700);
        assert_eq!(clock.moves_to_go(&limit), Some(1));
        assert!(clock.charge(&limit, 400, 0));
        assert_eq!(clock.remaining_ms, 1400);
        assert!(!clock.charge(&limit, 1500, 50));
        let mut clock = GameClock::new(&limit);
        assert!(clock.charge_time(&limit, 300, 0));
        assert_eq!(clock.remaining_ms, 700);
        assert_eq!(clock.moves_to_go(&limit), Some(2));
        assert!(!clock.charge_time(&limit, 800, 50));
    }
}
