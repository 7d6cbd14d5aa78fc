//! Search parameters that can be changed at run time, for tuning them by
//! self-play (`tools/spsa.py`, `docs/tuning.md`). Each holds its default
//! until set, so a session that never sets one searches exactly as if it
//! were a constant. Values are process-wide (unlike the chess network,
//! which each position carries).
//! The `tune` feature of `augur-protocol` announces them as `spin` options;
//! other builds neither list nor accept them.

use std::sync::atomic::{AtomicI32, Ordering};

/// One tunable search parameter: its option name, default and range.
#[derive(Debug)]
pub struct Tunable {
    name: &'static str,
    default: i32,
    min: i32,
    max: i32,
    value: AtomicI32,
}

impl Tunable {
    /// A parameter called `name` (the option's name), `default` until set,
    /// settable from `min` to `max`.
    pub const fn new(name: &'static str, default: i32, min: i32, max: i32) -> Tunable {
        assert!(min <= default && default <= max);
        Tunable {
            name,
            default,
            min,
            max,
            value: AtomicI32::new(default),
        }
    }

    /// The value in use.
    #[inline(always)]
    pub fn get(&self) -> i32 {
        self.value.load(Ordering::Relaxed)
    }

    /// Uses `value` from now on; outside the range nothing changes.
    pub fn set(&self, value: i32) -> Result<(), String> {
        if !(self.min..=self.max).contains(&value) {
            return Err(format!(
                "option '{}': {value} is not a number from {} to {}",
                self.name, self.min, self.max
            ));
        }
        self.value.store(value, Ordering::Relaxed);
        Ok(())
    }

    /// The option's name.
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// The value until set.
    pub fn default_value(&self) -> i32 {
        self.default
    }

    /// The smallest value accepted.
    pub fn min(&self) -> i32 {
        self.min
    }

    /// The largest value accepted.
    pub fn max(&self) -> i32 {
        self.max
    }
}

/// The tunable parameter called `name` (compared without regard to case).
pub fn find_tunable(name: &str) -> Option<&'static Tunable> {
    crate::tuning::TUNABLES
        .iter()
        .copied()
        .find(|t| t.name.eq_ignore_ascii_case(name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tunable_keeps_its_default_until_set_and_refuses_values_out_of_range() {
        let t = Tunable::new("Test", 10, 0, 20);
        assert_eq!(t.get(), 10);
        assert!(t.set(21).is_err());
        assert!(t.set(-1).is_err());
        assert_eq!(t.get(), 10);
        t.set(20).unwrap();
        assert_eq!(t.get(), 20);
        assert_eq!(t.default_value(), 10);
    }

    #[test]
    fn every_tunable_is_found_by_its_name_and_names_are_distinct() {
        let names: std::collections::HashSet<String> = crate::tuning::TUNABLES
            .iter()
            .map(|t| t.name().to_ascii_lowercase())
            .collect();
        assert_eq!(names.len(), crate::tuning::TUNABLES.len());
        for t in crate::tuning::TUNABLES {
            let found = find_tunable(&t.name().to_ascii_uppercase()).unwrap();
            assert!(std::ptr::eq(found, *t));
            assert!(t.min() <= t.default_value() && t.default_value() <= t.max());
        }
        assert!(find_tunable("no such parameter").is_none());
    }
}
