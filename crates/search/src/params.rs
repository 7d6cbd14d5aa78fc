//! The search's tunable parameters as a plain value, [`SearchParams`], that
//! each engine owns (in its [`crate::Settings`]) and copies into each
//! worker when a search starts, so that the node search reads a field, and
//! two engines in one process may search with different values. The table
//! of the parameters (field, option name, default, range and meaning) is
//! in `tuning.rs`, written with [`search_params!`]; [`Tunable`] describes
//! one row of it for listing and setting them by name (the protocol's
//! `tune` feature, `tools/spsa.py`, `docs/tuning.md`).

/// One tunable search parameter: its option name, default and range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tunable {
    pub(crate) name: &'static str,
    pub(crate) default: i32,
    pub(crate) min: i32,
    pub(crate) max: i32,
}

impl Tunable {
    /// The option's name.
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// The value written in `tuning.rs` (that of [`SearchParams::default`]).
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

    /// `value` if it is in range; else the protocol's error for it.
    pub fn check(&self, value: i32) -> Result<i32, String> {
        if (self.min..=self.max).contains(&value) {
            Ok(value)
        } else {
            Err(format!(
                "option '{}': {value} is not a number from {} to {}",
                self.name, self.min, self.max
            ))
        }
    }
}

/// Declares [`SearchParams`] (one `i32` field per row, with the row's doc
/// comment), its defaults and its table of [`Tunable`]s, from one table of
/// rows `field: "OptionName", default D, min A, max B;`. Every default is
/// checked against its range when the crate compiles.
macro_rules! search_params {
    ($(
        $(#[doc = $doc:literal])*
        $field:ident: $name:literal, default $default:expr, min $min:expr, max $max:expr;
    )*) => {
        /// The tunable search parameters of one engine (see `params.rs`):
        /// a plain value, [`SearchParams::default`] being the values of
        /// `tuning.rs`. Read and set them by option name
        /// ([`SearchParams::get`], [`SearchParams::set`]); the setter keeps
        /// every value within its range.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub struct SearchParams {
            $( $(#[doc = $doc])* pub(crate) $field: i32, )*
        }

        impl SearchParams {
            /// Every parameter's name, default and range, in table order.
            pub const TUNABLES: &'static [$crate::params::Tunable] = &[
                $( $crate::params::Tunable {
                    name: $name,
                    default: $default,
                    min: $min,
                    max: $max,
                }, )*
            ];

            /// The values written in `tuning.rs`.
            pub const DEFAULT: SearchParams = SearchParams { $( $field: $default, )* };

            /// The value of the parameter at `index` of [`SearchParams::TUNABLES`].
            pub(crate) fn value(&self, index: usize) -> Option<i32> {
                [$( self.$field ),*].get(index).copied()
            }

            /// The field of the parameter at `index` of [`SearchParams::TUNABLES`].
            pub(crate) fn value_mut(&mut self, index: usize) -> Option<&mut i32> {
                [$( &mut self.$field ),*].into_iter().nth(index)
            }
        }

        const _: () = {
            $( assert!($min <= $default && $default <= $max, $name); )*
        };
    };
}

pub(crate) use search_params;

use crate::tuning::SearchParams;

impl Default for SearchParams {
    fn default() -> Self {
        Self::DEFAULT
    }
}

impl SearchParams {
    /// Every tunable parameter (name, default, range), for the protocol's
    /// options and the tuner.
    pub fn tunables() -> &'static [Tunable] {
        Self::TUNABLES
    }

    /// The parameter called `name` (compared without regard to case).
    pub fn find(name: &str) -> Option<&'static Tunable> {
        Self::TUNABLES
            .iter()
            .find(|t| t.name.eq_ignore_ascii_case(name))
    }

    /// The index of the parameter called `name` (without regard to case).
    fn index(name: &str) -> Option<usize> {
        Self::TUNABLES
            .iter()
            .position(|t| t.name.eq_ignore_ascii_case(name))
    }

    /// The value of the parameter called `name` (without regard to case).
    pub fn get(&self, name: &str) -> Option<i32> {
        self.value(Self::index(name)?)
    }

    /// Sets the parameter called `name` (without regard to case) to
    /// `value`. An unknown name or a value outside the parameter's range
    /// is an error, and then nothing changes.
    pub fn set(&mut self, name: &str, value: i32) -> Result<(), String> {
        let index = Self::index(name).ok_or_else(|| format!("unknown option '{name}'"))?;
        let value = Self::TUNABLES[index].check(value)?;
        if let Some(field) = self.value_mut(index) {
            *field = value;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_the_table_s_and_values_out_of_range_are_refused() {
        let mut params = SearchParams::default();
        for t in SearchParams::tunables() {
            assert_eq!(params.get(t.name()), Some(t.default_value()));
            assert!(t.min() <= t.default_value() && t.default_value() <= t.max());
        }
        let lmr = SearchParams::find("LmrBase").expect("a parameter");
        let error = params.set("LmrBase", lmr.max() + 1).unwrap_err();
        assert_eq!(
            error,
            format!(
                "option 'LmrBase': {} is not a number from {} to {}",
                lmr.max() + 1,
                lmr.min(),
                lmr.max()
            )
        );
        assert!(params.set("LmrBase", lmr.min() - 1).is_err());
        assert_eq!(params, SearchParams::default());
        params.set("LmrBase", lmr.max()).unwrap();
        assert_eq!(params.get("lmrbase"), Some(lmr.max()));
        assert_eq!(params.lmr_base, lmr.max());
        assert_eq!(lmr.default_value(), SearchParams::DEFAULT.lmr_base);
    }

    #[test]
    fn every_parameter_is_found_by_its_name_without_regard_to_case() {
        let names: std::collections::HashSet<String> = SearchParams::tunables()
            .iter()
            .map(|t| t.name().to_ascii_lowercase())
            .collect();
        assert_eq!(names.len(), SearchParams::tunables().len());
        for (i, t) in SearchParams::tunables().iter().enumerate() {
            let found = SearchParams::find(&t.name().to_ascii_uppercase()).unwrap();
            assert_eq!(found, t);
            // Each name sets its own field and no other.
            let mut params = SearchParams::default();
            let value = if t.default_value() < t.max() {
                t.max()
            } else {
                t.min()
            };
            params.set(&t.name().to_ascii_lowercase(), value).unwrap();
            for (j, other) in SearchParams::tunables().iter().enumerate() {
                let expected = if i == j { value } else { other.default_value() };
                assert_eq!(params.get(other.name()), Some(expected), "{}", t.name());
            }
        }
        assert!(SearchParams::find("no such parameter").is_none());
        assert!(SearchParams::default().get("no such parameter").is_none());
        assert_eq!(
            SearchParams::default().set("no such parameter", 1),
            Err("unknown option 'no such parameter'".to_string())
        );
    }
}
