//! What bounds a search (depth, nodes, time, mate) and how much time to use.

use std::time::Duration;

/// A team's clock as `go` reports it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Time left in milliseconds (may be negative when overdrawn).
    pub remaining_ms: i64,
    /// Increment per move in milliseconds.
    pub increment_ms: i64,
    /// Moves until the next time control, if any.
    pub moves_to_go: Option<u32>,
}

/// The limits of one search; `Default` is an unlimited (infinite) search.
#[derive(Clone, Debug, Default)]
pub struct Limits<M> {
    /// Stop after completing this depth.
    pub depth: Option<u32>,
    /// Stop after this many nodes, all threads together (exact on one
    /// thread, within 1% above it on several).
    pub nodes: Option<u64>,
    /// Think exactly this long.
    pub movetime_ms: Option<u64>,
    /// Stop once a mate in this many moves is found.
    pub mate: Option<u32>,
    /// The clock of the team to move, for time management.
    pub clock: Option<Clock>,
    /// Search until stopped; never return before `stop`.
    pub infinite: bool,
    /// Pondering: search without time limits until `ponderhit` or `stop`.
    pub ponder: bool,
    /// Only these root moves (empty: all).
    pub search_moves: Vec<M>,
    /// Leave out root moves that need the other team's agreement (the
    /// offer was declined, so the army plays a normal move).
    pub no_offers: bool,
}

/// The time a search may use: it stops starting iterations after `soft`
/// and aborts at `hard`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeBudget {
    /// Do not start another iteration after this.
    pub soft: Duration,
    /// Abort the search at this point.
    pub hard: Duration,
}

/// The longest clock or increment the budget takes at face value (ms).
const MAX_CLOCK_MS: i64 = u32::MAX as i64;

/// Moves the clock is planned for when `movestogo` is not given.
const HORIZON_MOVES: u64 = 35;

/// The time budget for a clock. `overhead_ms` is the lag each move costs
/// on top of the thinking (pipes, scheduling, the GUI's own delay): it is
/// held back for this move and for every move of the horizon, so that an
/// increment smaller than the lag (1+0.01 on a loaded machine) never drains
/// the clock. Never plans to use more than 80% of what remains.
pub fn budget_for_clock(clock: &Clock, overhead_ms: u64) -> TimeBudget {
    // Clocks beyond 49 days are treated as 49 days, so no product below
    // can overflow whatever a GUI sends.
    let remaining = clock.remaining_ms.clamp(0, MAX_CLOCK_MS) as u64;
    let increment = clock.increment_ms.clamp(0, MAX_CLOCK_MS) as u64;
    let overhead_ms = overhead_ms.min(MAX_CLOCK_MS as u64);
    let horizon = clock
        .moves_to_go
        .map_or(HORIZON_MOVES, |m| u64::from(m.clamp(1, 50)));
    // This move may never use more than the clock less one lag, and of that
    // at most 80%.
    let cap = remaining.saturating_sub(overhead_ms).max(1) * 8 / 10;
    // Time for the moves of the horizon: the clock and their increments,
    // less the lag of each.
    let pool = (remaining + increment * (horizon - 1)).saturating_sub(overhead_ms * (horizon + 1));
    let (soft, hard) = if horizon == 1 {
        (cap * 6 / 10, cap)
    } else {
        let soft = (pool / horizon).min(cap / 2);
        (soft, (soft * 4).min(cap))
    };
    let hard = hard.max(1);
    TimeBudget {
        soft: Duration::from_millis(soft.clamp(1, hard)),
        hard: Duration::from_millis(hard),
    }
}

/// The budget for `go movetime`: the whole time less the overhead.
pub fn budget_for_movetime(movetime_ms: u64, overhead_ms: u64) -> TimeBudget {
    let time = Duration::from_millis(movetime_ms.saturating_sub(overhead_ms).max(1));
    TimeBudget {
        soft: time,
        hard: time,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_budgets_stay_inside_the_clock() {
        for remaining in [-50i64, 0, 5, 40, 100, 1_000, 10_000, 600_000, i64::MAX] {
            for increment in [0i64, 100, 5_000, i64::MAX] {
                for moves_to_go in [None, Some(1), Some(2), Some(40)] {
                    let clock = Clock {
                        remaining_ms: remaining,
                        increment_ms: increment,
                        moves_to_go,
                    };
                    assert!(budget_for_clock(&clock, u64::MAX).hard.as_millis() >= 1);
                    let budget = budget_for_clock(&clock, 30);
                    assert!(budget.soft <= budget.hard, "{clock:?}");
                    let usable = (remaining.max(0) as u64).saturating_sub(30).max(1);
                    assert!(
                        budget.hard.as_millis() as u64 <= usable,
                        "{clock:?}: {budget:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn an_increment_below_the_overhead_banks_the_clock() {
        // 1+0.01 with 30 ms of lag per move: thinking must stay near zero,
        // or the lag alone empties the clock within a game.
        for remaining in [1_000i64, 600, 200, 50] {
            let budget = budget_for_clock(
                &Clock {
                    remaining_ms: remaining,
                    increment_ms: 10,
                    moves_to_go: None,
                },
                30,
            );
            assert!(
                budget.soft <= Duration::from_millis(8),
                "{remaining}: {budget:?}"
            );
        }
        // Without lag the same clock is spent over the horizon.
        let budget = budget_for_clock(
            &Clock {
                remaining_ms: 1_000,
                increment_ms: 10,
                moves_to_go: None,
            },
            0,
        );
        assert!(budget.soft >= Duration::from_millis(30), "{budget:?}");
    }

    #[test]
    fn the_last_move_before_the_control_may_use_most_of_the_clock() {
        let budget = budget_for_clock(
            &Clock {
                remaining_ms: 5_000,
                increment_ms: 0,
                moves_to_go: Some(1),
            },
            30,
        );
        assert!(budget.soft >= Duration::from_millis(2_000), "{budget:?}");
        assert!(budget.hard <= Duration::from_millis(4_000), "{budget:?}");
    }

    #[test]
    fn ten_seconds_with_increment_gives_a_sensible_slice() {
        let budget = budget_for_clock(
            &Clock {
                remaining_ms: 10_000,
                increment_ms: 100,
                moves_to_go: None,
            },
            30,
        );
        assert!(
            budget.soft > Duration::from_millis(150) && budget.soft < Duration::from_millis(600)
        );
        assert!(budget.hard < Duration::from_millis(2_500));
    }

    fn budget_ms(
        remaining: i64,
        increment: i64,
        moves_to_go: Option<u32>,
        overhead: u64,
    ) -> (u128, u128) {
        let budget = budget_for_clock(
            &Clock {
                remaining_ms: remaining,
                increment_ms: increment,
                moves_to_go,
            },
            overhead,
        );
        (budget.soft.as_millis(), budget.hard.as_millis())
    }

    /// The policy in the doc comment, worked by hand: cap = 80% of the
    /// clock less one lag; pool = clock + increments of the horizon less
    /// a lag per move and one more; soft = pool / horizon (at most half
    /// the cap); hard = 4 x soft (at most the cap); a last move before the
    /// control thinks 60% of the cap.
    #[test]
    fn clock_budgets_follow_the_documented_policy() {
        // cap = (60000 - 30) * 0.8 = 47976; pool = 60000 - 30 * 36 = 58920;
        // soft = 58920 / 35 = 1683; hard = 4 * 1683 = 6732.
        assert_eq!(budget_ms(60_000, 0, None, 30), (1_683, 6_732));
        // The increments of the 34 later moves count: pool = 10000 +
        // 34 * 1000 = 44000, soft = 1257, hard = 5028 (cap 8000).
        assert_eq!(budget_ms(10_000, 1_000, None, 0), (1_257, 5_028));
        // A huge increment: soft is held to half the cap (400), hard to
        // the cap (800).
        assert_eq!(budget_ms(1_000, 5_000, None, 0), (400, 800));
        // One move to go: cap = (10000 - 100) * 0.8 = 7920, soft 60% of it.
        assert_eq!(budget_ms(10_000, 0, Some(1), 100), (4_752, 7_920));
        // 40 moves to go: pool = 60000 - 30 * 41 = 58770, soft = 1469.
        assert_eq!(budget_ms(60_000, 0, Some(40), 30), (1_469, 5_876));
    }
}
