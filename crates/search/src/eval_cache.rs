//! A small direct-mapped cache of static evaluations, one per search
//! thread, kept between searches: iterative deepening and transpositions
//! evaluate the same positions again and again (a third of all calls in
//! the bench), and a variant's evaluation costs far more than a lookup.
//! An evaluation depends on the position alone, so a cached value is
//! exactly the value computed again: the search is unchanged.

/// log2 of the number of entries (256 KB: it stays in the L2 cache).
const CACHE_BITS: u32 = 14;

/// The cache: each entry holds a full key and its evaluation.
pub(crate) struct EvalCache {
    keys: Box<[u64]>,
    scores: Box<[i32]>,
}

impl EvalCache {
    /// An empty cache.
    pub fn new() -> Self {
        Self {
            keys: vec![0; 1 << CACHE_BITS].into_boxed_slice(),
            scores: vec![0; 1 << CACHE_BITS].into_boxed_slice(),
        }
    }

    #[inline(always)]
    fn slot(key: u64) -> usize {
        (key >> (64 - CACHE_BITS)) as usize
    }

    /// The evaluation of the position with `key`, computed by `evaluate`
    /// unless the cache holds it.
    #[inline]
    pub fn get_or_insert(&mut self, key: u64, evaluate: impl FnOnce() -> i32) -> i32 {
        let slot = Self::slot(key);
        // Key 0 marks an empty entry; a position hashing to 0 is simply
        // evaluated every time.
        if key != 0 && self.keys[slot] == key {
            return self.scores[slot];
        }
        let score = evaluate();
        self.keys[slot] = key;
        self.scores[slot] = score;
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cached_value_is_the_one_computed_and_a_new_key_is_computed() {
        let mut cache = EvalCache::new();
        let calls = std::cell::Cell::new(0);
        let mut eval = |key: u64, value: i32| {
            cache.get_or_insert(key, || {
                calls.set(calls.get() + 1);
                value
            })
        };
        assert_eq!(eval(42, 7), 7);
        // Cached: the value first computed, without computing again.
        assert_eq!(eval(42, 99), 7);
        // Same slot, another key: computed and replaced.
        let other = 42 | 1 << 40;
        assert_eq!(EvalCache::slot(other), EvalCache::slot(42));
        assert_eq!(eval(other, 5), 5);
        assert_eq!(eval(42, 8), 8);
        // Key 0 is never taken for cached.
        assert_eq!(eval(0, 3), 3);
        assert_eq!(eval(0, 4), 4);
        assert_eq!(calls.get(), 5);
    }
}
