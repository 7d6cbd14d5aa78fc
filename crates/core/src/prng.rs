//! A tiny `const` pseudo-random generator (SplitMix64).
//!
//! Every table of random keys in Augur (Zobrist keys, magic-number candidates)
//! comes from this generator and a fixed seed, so keys are identical on every
//! build and every machine, and no table is filled at start-up.

/// SplitMix64 state. `const`-constructible and `Copy`, so key tables can be
/// produced in `const` context.
#[derive(Clone, Copy, Debug)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator seeded with `seed`.
    pub const fn new(seed: u64) -> Self {
        Self { state: seed }
    }

    /// The next 64 random bits, and the advanced generator.
    pub const fn next(self) -> (u64, Self) {
        let state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (z ^ (z >> 31), Self { state })
    }

    /// `N` random 64-bit keys, for Zobrist tables.
    pub const fn keys<const N: usize>(seed: u64) -> [u64; N] {
        let mut keys = [0u64; N];
        let mut rng = Self::new(seed);
        let mut i = 0;
        while i < N {
            let (key, next) = rng.next();
            keys[i] = key;
            rng = next;
            i += 1;
        }
        keys
    }
}
