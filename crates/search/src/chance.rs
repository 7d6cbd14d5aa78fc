//! What a chance node knows about its equally likely outcomes while it
//! searches them with null windows: a lower and an upper bound on each
//! outcome's value, the threshold each outcome is tested against next, and
//! when the bounds decide the node.
//!
//! A null-window chance node asks one question: is the average of its
//! outcomes at least `beta`? Star1 answers it by searching the first
//! outcomes with windows as wide as the mate scores. Here each outcome is
//! instead tested with a null window at its own threshold: the thresholds
//! follow estimates of the outcomes' values (the table's scores, else the
//! static evaluation) and add up to exactly the sum the question needs. If
//! every outcome reaches its threshold, the node fails high; if none does,
//! it fails low. The outcomes are tested one at a time, and every answer
//! re-aims the thresholds of the outcomes still open: after a failed test
//! the plan switches sides at once (an outcome that missed a fail-high
//! threshold makes a fail low likely, and the others are then tested for
//! that). After a few tests per outcome, Star1 with the learnt bounds
//! finishes.
//! Every answer comes from proven bounds, so the node's value is as sound
//! as Star1's: fail-soft, a lower bound at or above `beta`, an upper bound
//! at or below `alpha`.
//!
//! Values are from the point of view of the team to move at the chance
//! node (its outcomes belong to the same team). The node's value is the
//! sum of the outcomes' values divided by their number, truncated towards
//! zero.

use crate::score::MATE;

/// A window for each outcome to search (`None`: not searched this round).
#[cfg(test)]
pub(crate) type Windows = [Option<(i32, i32)>; MAX_OUTCOMES];

/// The most outcomes a chance node may have (a die has six).
pub(crate) const MAX_OUTCOMES: usize = 16;

/// Bounds on a chance node's outcomes, and the node's window. Twins
/// (outcomes that play on identically, so have one value) are searched
/// once: an absorbed twin has weight 0 and its representative counts for
/// both.
#[derive(Clone, Debug)]
pub(crate) struct OutcomeBounds {
    count: usize,
    low: [i64; MAX_OUTCOMES],
    high: [i64; MAX_OUTCOMES],
    weight: [i64; MAX_OUTCOMES],
    /// The weighted sums of `low` and of `high`, kept up to date.
    sum_low: i64,
    sum_high: i64,
    alpha: i32,
    beta: i32,
}

/// The node's value for a sum of outcome values.
fn average(sum: i64, count: usize) -> i32 {
    (sum / count as i64) as i32
}

impl OutcomeBounds {
    /// A node of `count` outcomes (1 to [`MAX_OUTCOMES`]) searched with the
    /// window (`alpha`, `beta`); every outcome lies between the mate scores.
    pub(crate) fn new(count: usize, alpha: i32, beta: i32) -> Self {
        debug_assert!((1..=MAX_OUTCOMES).contains(&count));
        Self {
            count,
            low: [-i64::from(MATE); MAX_OUTCOMES],
            high: [i64::from(MATE); MAX_OUTCOMES],
            weight: [1; MAX_OUTCOMES],
            sum_low: -(count as i64) * i64::from(MATE),
            sum_high: count as i64 * i64::from(MATE),
            alpha,
            beta,
        }
    }

    /// The number of outcomes.
    pub(crate) fn count(&self) -> usize {
        self.count
    }

    /// Sets outcome `index`'s bounds, keeping the sums.
    fn set_bounds(&mut self, index: usize, low: i64, high: i64) {
        let w = self.weight[index];
        self.sum_low += w * (low - self.low[index]);
        self.sum_high += w * (high - self.high[index]);
        self.low[index] = low;
        self.high[index] = high;
    }

    /// Outcome `twin` has the same value as outcome `into`, which from now
    /// on stands for both (`twin` is never searched).
    pub(crate) fn absorb(&mut self, twin: usize, into: usize) {
        debug_assert!(twin != into && self.weight[twin] > 0 && self.weight[into] > 0);
        let w = self.weight[twin];
        self.sum_low += w * (self.low[into] - self.low[twin]);
        self.sum_high += w * (self.high[into] - self.high[twin]);
        self.weight[into] += w;
        self.weight[twin] = 0;
    }

    /// Whether outcome `index` is searched (it is no absorbed twin).
    fn present(&self, index: usize) -> bool {
        self.weight[index] > 0
    }

    /// Outcome `index` is worth at least `floor`.
    pub(crate) fn raise_low(&mut self, index: usize, floor: i32) {
        let low = self.low[index].max(i64::from(floor));
        self.set_bounds(index, low, self.high[index]);
    }

    /// The smallest sum of outcome values whose average reaches `beta`
    /// (the average truncates towards zero).
    fn sum_needed(&self) -> i64 {
        let n = self.count as i64;
        let beta = i64::from(self.beta);
        if beta > 0 {
            n * beta
        } else {
            n * (beta - 1) + 1
        }
    }

    /// The largest sum of outcome values whose average is at or below
    /// `alpha` (the average truncates towards zero).
    fn largest_sum_failing_low(&self) -> i64 {
        let n = self.count as i64;
        let alpha = i64::from(self.alpha);
        if alpha >= 0 {
            n * alpha + n - 1
        } else {
            n * alpha
        }
    }

    /// Records what a search of outcome `index` with the window (`alpha`,
    /// `beta`) returned (fail-soft): at or below `alpha` an upper bound, at
    /// or above `beta` a lower bound, else the exact value. A value that
    /// contradicts an earlier bound (search instability: the table changed
    /// between searches) replaces both bounds.
    pub(crate) fn learn(&mut self, index: usize, value: i32, alpha: i32, beta: i32) {
        let value = i64::from(value);
        let (mut low, mut high) = (self.low[index], self.high[index]);
        if value <= i64::from(alpha) {
            high = high.min(value);
        } else if value >= i64::from(beta) {
            low = low.max(value);
        } else {
            (low, high) = (value, value);
        }
        if low > high {
            (low, high) = (value, value);
        }
        self.set_bounds(index, low, high);
    }

    /// The sums of the lower and of the upper bounds over all outcomes
    /// (each representative counted for its twins).
    fn sums(&self) -> (i64, i64) {
        debug_assert_eq!(
            (self.sum_low, self.sum_high),
            (0..self.count).fold((0, 0), |(low, high), i| {
                let w = self.weight[i];
                (low + w * self.low[i], high + w * self.high[i])
            })
        );
        (self.sum_low, self.sum_high)
    }

    /// The node's value once the bounds decide it: a lower bound at or
    /// above `beta`, an upper bound at or below `alpha`, or the exact
    /// average when every outcome is known exactly.
    pub(crate) fn decided(&self) -> Option<i32> {
        let (low, high) = self.sums();
        if low >= self.sum_needed() || low == high {
            Some(average(low, self.count))
        } else if high <= self.largest_sum_failing_low() {
            Some(average(high, self.count))
        } else {
            None
        }
    }

    /// The average of the outcomes' lower bounds.
    pub(crate) fn low_average(&self) -> i32 {
        average(self.sums().0, self.count)
    }

    /// The null-window threshold of each outcome for the next test
    /// (`None`: no test would tighten it now), from `estimates` of the
    /// outcomes' values (see [`OutcomeBounds::visit_thresholds`]).
    #[cfg(test)]
    pub(crate) fn threshold_windows(&self, estimates: &[i32]) -> Windows {
        let mut thresholds = [None; MAX_OUTCOMES];
        self.visit_thresholds(estimates, |i, window| {
            thresholds[i] = Some(window);
            false
        });
        thresholds
    }

    /// The next outcome to test and its null window: the first outcome
    /// from `from` on (then from the first) that has a threshold (see
    /// [`OutcomeBounds::visit_thresholds`]); `None` when no test would
    /// tighten a bound.
    pub(crate) fn next_test(&self, estimates: &[i32], from: usize) -> Option<(usize, (i32, i32))> {
        let mut first = None;
        let mut chosen = None;
        self.visit_thresholds(estimates, |i, window| {
            first = first.or(Some((i, window)));
            if i >= from {
                chosen = Some((i, window));
            }
            chosen.is_some()
        });
        chosen.or(first)
    }

    /// Calls `visit` with each outcome that has a null-window threshold for
    /// the next test, in order, with its window, until `visit` returns
    /// true. The thresholds come from `estimates` of the outcomes' values.
    /// An outcome known by one bound is estimated at that bound, by two at
    /// their middle. If the estimates reach the sum the node needs, the
    /// outcomes whose lower bound is below their estimate are tested just
    /// under their estimates, so that the thresholds and the known lower
    /// bounds add up to that sum; otherwise the outcomes whose upper bound
    /// is above their estimate are tested just over them, likewise. Every
    /// threshold lies above the outcome's lower bound and at or below its
    /// upper bound, so each search tightens a bound.
    fn visit_thresholds(
        &self,
        estimates: &[i32],
        mut visit: impl FnMut(usize, (i32, i32)) -> bool,
    ) {
        let n = self.count;
        let mut point = [0i64; MAX_OUTCOMES];
        let mut total = 0;
        for i in 0..n {
            let (low, high, weight) = (self.low[i], self.high[i], self.weight[i]);
            let open_low = low <= -i64::from(MATE);
            let open_high = high >= i64::from(MATE);
            point[i] = match (open_low, open_high) {
                (true, true) => i64::from(estimates[i]).clamp(low + 1, high),
                (false, true) => low,
                (true, false) => high,
                (false, false) => low + (high - low) / 2,
            };
            total += weight * point[i];
        }
        let needed = self.sum_needed();
        // To prove a fail high, lower bounds adding up to `needed`: the
        // outcomes not yet known to reach their point are tested. To prove
        // a fail low, upper bounds adding up to `needed - 1`. Absorbed
        // twins (weight 0) are never open.
        let fail_high = total >= needed;
        let open = |i: usize| {
            self.present(i)
                && if fail_high {
                    self.low[i] < point[i]
                } else {
                    self.high[i] > point[i]
                }
        };
        let (mut open_points, mut known, mut open_weight) = (0, 0, 0);
        for (i, &point) in point.iter().enumerate().take(n) {
            let w = self.weight[i];
            if open(i) {
                open_points += w * point;
                open_weight += w;
            } else {
                known += w * if fail_high { self.low[i] } else { self.high[i] };
            }
        }
        let mut share = if fail_high {
            Shares::new(open_points + known - needed, open_weight)
        } else {
            Shares::new(needed - 1 - known - open_points, open_weight)
        };
        for i in (0..n).filter(|&i| open(i)) {
            let t = if fail_high {
                point[i] - share.next(self.weight[i])
            } else {
                point[i] + share.next(self.weight[i]) + 1
            };
            if visit(i, self.null_window(i, t)) {
                return;
            }
        }
    }

    /// The null window testing whether outcome `index` reaches
    /// `threshold`, moved into the outcome's open range (the threshold
    /// above its lower bound, at or below its upper bound).
    fn null_window(&self, index: usize, threshold: i64) -> (i32, i32) {
        let t = threshold.clamp(self.low[index] + 1, self.high[index]) as i32;
        (t - 1, t)
    }

    /// The Star1 window of outcome `index` (the values at which, with the
    /// other outcomes' bounds, the node would be decided, narrowed to the
    /// outcome's own bounds), or `None` when it is known exactly. While the
    /// node is undecided the window holds at least one value.
    pub(crate) fn star1_window(&self, index: usize) -> Option<(i32, i32)> {
        let (low, high, weight) = (self.low[index], self.high[index], self.weight[index]);
        if low == high || weight == 0 {
            return None;
        }
        let n = self.count as i64;
        let (sum_low, sum_high) = self.sums();
        // The values `v` at which `weight * v` and the other outcomes'
        // bounds decide the node.
        let floor = (n * i64::from(self.alpha) - (sum_high - weight * high)).div_euclid(weight);
        let ceiling = -(-(n * i64::from(self.beta) - (sum_low - weight * low))).div_euclid(weight);
        Some((floor.max(low) as i32, ceiling.min(high) as i32))
    }
}

/// A non-negative amount split into whole shares over `weight` units:
/// each taker of weight `w` gets a share that, times `w`, never makes the
/// total exceed the amount; the first ones get one more while the
/// remainder allows.
struct Shares {
    each: i64,
    extra: i64,
}

impl Shares {
    fn new(amount: i64, weight: i64) -> Self {
        let weight = weight.max(1);
        let amount = amount.max(0);
        Self {
            each: amount / weight,
            extra: amount % weight,
        }
    }

    fn next(&mut self, weight: i64) -> i64 {
        if self.extra >= weight {
            self.extra -= weight;
            self.each + 1
        } else {
            self.each
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Searches a node whose outcomes have the exact `values` the way the
    /// worker does (threshold tests one outcome at a time, each aimed with
    /// what the earlier ones taught, then Star1), each search answering
    /// fail-soft with the exact value, and returns the node's value and
    /// the number of outcome searches.
    fn run(
        values: &[i32],
        alpha: i32,
        beta: i32,
        estimates: &[i32],
        rounds: usize,
    ) -> (i32, usize) {
        run_with_twins(values, &[], alpha, beta, estimates, rounds)
    }

    /// [`run`] with `twins` (outcome, earlier outcome of the same value)
    /// absorbed first: a twin is never searched.
    fn run_with_twins(
        values: &[i32],
        twins: &[(usize, usize)],
        alpha: i32,
        beta: i32,
        estimates: &[i32],
        rounds: usize,
    ) -> (i32, usize) {
        let mut bounds = OutcomeBounds::new(values.len(), alpha, beta);
        for &(twin, into) in twins {
            bounds.absorb(twin, into);
        }
        let is_twin = |i: usize| twins.iter().any(|&(twin, _)| twin == i);
        let mut searches = 0;
        let count = values.len();
        let tests = if beta - alpha == 1 { rounds * count } else { 0 };
        let mut next = 0;
        for _ in 0..tests {
            if let Some(v) = bounds.decided() {
                return (v, searches);
            }
            let Some((i, (a, b))) = bounds.next_test(estimates, next) else {
                break;
            };
            assert!(!is_twin(i), "a twin tested");
            assert!(a < b, "empty window {a} {b}");
            searches += 1;
            bounds.learn(i, values[i], a, b);
            next = i + 1;
        }
        loop {
            let before = searches;
            for (i, &value) in values.iter().enumerate() {
                if let Some(v) = bounds.decided() {
                    return (v, searches);
                }
                if let Some((a, b)) = bounds.star1_window(i) {
                    assert!(!is_twin(i), "a twin searched");
                    assert!(a < b, "empty Star1 window {a} {b}");
                    searches += 1;
                    bounds.learn(i, value, a, b);
                }
            }
            assert!(
                searches > before,
                "an undecided node with nothing to search"
            );
        }
    }

    fn exact(values: &[i32]) -> i32 {
        average(values.iter().map(|&v| i64::from(v)).sum(), values.len())
    }

    /// A fail-soft answer for the window: exact inside, a correct bound on
    /// the right side outside.
    fn check(values: &[i32], alpha: i32, beta: i32, value: i32) {
        let truth = exact(values);
        if value <= alpha {
            assert!(
                truth <= value,
                "{values:?} ({alpha},{beta}): {value} is no upper bound on {truth}"
            );
        } else if value >= beta {
            assert!(
                truth >= value,
                "{values:?} ({alpha},{beta}): {value} is no lower bound on {truth}"
            );
        } else {
            assert_eq!(value, truth, "{values:?} ({alpha},{beta})");
        }
    }

    /// A small xorshift generator for the random nodes.
    struct Draw(u64);

    impl Draw {
        /// A value in `-range..=range`.
        fn next(&mut self, range: i32) -> i32 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % (2 * range as u64 + 1)) as i32 - range
        }

        /// `count` outcome values, spread narrowly up to as wide as the
        /// mate scores.
        fn values(&mut self, count: usize) -> Vec<i32> {
            let spread =
                [5, 50, 400, MATE - 1][(self.next(1) + 1) as usize + usize::from(self.next(5) > 3)];
            (0..count).map(|_| self.next(spread)).collect()
        }
    }

    /// Searches a node of `values` (with `twins` absorbed) with a null
    /// window and a wide one near its exact value, from noisy estimates,
    /// and checks both answers.
    fn check_random_node(draw: &mut Draw, values: &[i32], twins: &[(usize, usize)]) {
        let estimates: Vec<i32> = values.iter().map(|&v| v + draw.next(60)).collect();
        let alpha = exact(values) + draw.next(30);
        let rounds = (draw.next(2) + 2) as usize;
        for (a, b) in [(alpha, alpha + 1), (alpha - 40, alpha + 40)] {
            let (v, _) = run_with_twins(values, twins, a, b, &estimates, rounds);
            check(values, a, b, v);
        }
    }

    /// The sums that decide a node are exactly those whose truncated
    /// average reaches `beta` or stays at or below `alpha`.
    #[test]
    fn deciding_sums_match_the_truncated_average() {
        for count in 1..=6usize {
            for alpha in -14..=14 {
                let bounds = OutcomeBounds::new(count, alpha, alpha + 1);
                for sum in -120..=120i64 {
                    let average = average(sum, count);
                    assert_eq!(
                        sum >= bounds.sum_needed(),
                        average > alpha,
                        "{count} {alpha} {sum}"
                    );
                    assert_eq!(
                        sum <= bounds.largest_sum_failing_low(),
                        average <= alpha,
                        "{count} {alpha} {sum}"
                    );
                }
            }
        }
    }

    /// The next test is the first outcome with a threshold, cyclically
    /// from the one asked for, with that threshold's window.
    #[test]
    fn the_next_test_is_the_first_threshold_from_the_outcome_asked() {
        let mut draw = Draw(0x0123_4567_89ab_cdef);
        for _ in 0..5_000 {
            let count = 1 + (draw.next(2) + 2) as usize;
            let values = draw.values(count);
            let beta = draw.next(300);
            let estimates: Vec<i32> = (0..count).map(|_| draw.next(300)).collect();
            let mut bounds = OutcomeBounds::new(count, beta - 1, beta);
            for _ in 0..draw.next(3) + 3 {
                let i = (draw.next(3) + 3) as usize % count;
                let t = draw.next(300);
                bounds.learn(i, values[i], t - 1, t);
            }
            let windows = bounds.threshold_windows(&estimates);
            for from in 0..count {
                let expected = (0..count)
                    .map(|k| (from + k) % count)
                    .find_map(|i| windows[i].map(|w| (i, w)));
                assert_eq!(bounds.next_test(&estimates, from), expected);
            }
        }
    }

    #[test]
    fn random_nodes_get_sound_fail_soft_values() {
        let mut draw = Draw(0x9e37_79b9_7f4a_7c15);
        for _ in 0..20_000 {
            let count = (draw.next(3) + 4) as usize;
            let values = draw.values(count);
            check_random_node(&mut draw, &values, &[]);
        }
    }

    /// Twins (outcomes of one value, one searched for all) keep the
    /// node's values sound, and the twin is never searched.
    #[test]
    fn random_nodes_with_twins_get_sound_fail_soft_values() {
        let mut draw = Draw(0x2545_f491_4f6c_dd1d);
        for _ in 0..20_000 {
            let count = (draw.next(2) + 4) as usize;
            let mut values = draw.values(count);
            let mut twins = Vec::new();
            for twin in 1..count {
                if draw.next(2) > 0 {
                    let into = (draw.next(20) + 20) as usize % twin;
                    // Chains resolve to the first of the group.
                    let into = twins
                        .iter()
                        .find(|&&(t, _)| t == into)
                        .map_or(into, |&(_, i)| i);
                    values[twin] = values[into];
                    twins.push((twin, into));
                }
            }
            check_random_node(&mut draw, &values, &twins);
        }
    }

    #[test]
    fn good_estimates_decide_a_clear_node_in_one_round() {
        let values = [120, -80, 300, 40, 0, -200];
        // The average is 30: well above 10, well below 50.
        let (v, searches) = run(&values, 9, 10, &values, 3);
        assert!(v >= 10);
        assert_eq!(searches, 6);
        let (v, searches) = run(&values, 49, 50, &values, 3);
        assert!(v <= 49);
        assert_eq!(searches, 6);
    }

    #[test]
    fn a_failed_test_re_aims_the_others_at_once() {
        // Estimates of 0 for an average of 16: the first test asks whether
        // the first outcome (100) is at most 10, and it is not. Estimated
        // at its bound (100) from then on, it leaves the others needing
        // only -8 each: five more searches decide the node.
        let values = [100, 0, 0, 0, 0, 0];
        let (v, searches) = run(&values, 9, 10, &[0; 6], 3);
        assert!(v >= 10);
        assert_eq!(searches, 6);
    }

    #[test]
    fn a_node_failing_low_after_a_high_outcome_is_proven_low() {
        // The first outcome passes the first test (100 >= 11) and is known
        // from below at its value; the second fails the fail-high plan,
        // and from then on the others are tested for a fail low, each once,
        // and the first once more from above: seven searches. (Estimating
        // the first at an upper bound it does not have kept the plan on
        // fail high: twelve.)
        let values = [100, -100, -100, -100, -100, -100];
        let (v, searches) = run(&values, 9, 10, &[0; 6], 3);
        assert!(v <= 9);
        assert_eq!(searches, 7);
    }

    #[test]
    fn thresholds_add_up_to_the_sum_needed() {
        let bounds = OutcomeBounds::new(6, 9, 10);
        let estimates = [100, 0, 0, 0, 0, 0];
        let t = bounds.threshold_windows(&estimates);
        let sum: i32 = t[..6].iter().map(|t| t.expect("all open").1).sum();
        // The estimates sum to 100 >= 60: lower bounds adding up to 60.
        assert_eq!(sum, 60);
        let estimates = [10, 0, 0, 0, 0, 0];
        let t = bounds.threshold_windows(&estimates);
        // 10 < 60: upper bounds (threshold - 1) adding up to 59.
        let sum: i32 = t[..6].iter().map(|t| t.expect("all open").0).sum();
        assert_eq!(sum, 59);
        // Outcome 1 is outcome 0's twin: outcome 0 counts twice, and the
        // slack of 199 - 60 = 139 leaves 1 over after 23 for each of 6
        // units, too little for outcome 0's two.
        let mut bounds = OutcomeBounds::new(6, 9, 10);
        bounds.absorb(1, 0);
        let t = bounds.threshold_windows(&[100, 100, 0, 0, 0, -1]);
        assert_eq!(t[1], None);
        let weighted: i32 = [2, 0, 1, 1, 1, 1]
            .iter()
            .zip(t)
            .map(|(w, t)| w * t.map_or(0, |t| t.1))
            .sum();
        assert_eq!(weighted, 60);
    }

    #[test]
    fn negative_betas_follow_truncation() {
        let bounds = OutcomeBounds::new(6, -11, -10);
        // (sum / 6) >= -10 truncating towards zero: sum >= -65.
        assert_eq!(bounds.sum_needed(), -65);
        assert_eq!(average(-65, 6), -10);
        assert_eq!(average(-66, 6), -11);
        assert_eq!(OutcomeBounds::new(6, -1, 0).sum_needed(), -5);
        assert_eq!(OutcomeBounds::new(6, 0, 1).sum_needed(), 6);
    }
}
