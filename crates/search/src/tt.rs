//! The transposition table: buckets of four 16-byte entries (one cache
//! line), shared by all search threads without locks. Each entry stores its
//! data word and the key XOR the data, so a torn write by a racing thread
//! reads back as a miss rather than as wrong data. Replacement prefers, in a
//! bucket, the same key, then the entry with the lowest depth, counting
//! entries from older searches as shallower.

use std::collections::TryReserveError;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::memory::advise_huge_pages;

/// How a stored score bounds the true score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The exact score (a PV node).
    Exact,
    /// The true score is at least this (a fail-high).
    Lower,
    /// The true score is at most this (a fail-low).
    Upper,
}

/// What a probe finds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableEntry {
    /// The best move's code (`Game::encode_move`), 0 for none.
    pub mv: u32,
    /// The score, relative to the node (see `score::from_table`).
    pub score: i32,
    /// The depth searched.
    pub depth: u8,
    /// The kind of bound.
    pub bound: Bound,
}

const BUCKET: usize = 4;

#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

/// One bucket, aligned to a cache line so that a probe touches one line
/// (an allocator's 16-byte alignment would split most buckets over two).
#[derive(Default)]
#[repr(align(64))]
struct Bucket {
    slots: [Slot; BUCKET],
}

/// The shared table.
pub struct TranspositionTable {
    buckets: Vec<Bucket>,
    age: u8,
}

fn pack(entry: &TableEntry, age: u8) -> u64 {
    let bound = match entry.bound {
        Bound::Exact => 1u64,
        Bound::Lower => 2,
        Bound::Upper => 3,
    };
    u64::from(entry.mv)
        | (entry.score as i16 as u16 as u64) << 32
        | u64::from(entry.depth) << 48
        | bound << 56
        | u64::from(age & 63) << 58
}

fn unpack(data: u64) -> Option<(TableEntry, u8)> {
    let bound = match data >> 56 & 3 {
        1 => Bound::Exact,
        2 => Bound::Lower,
        3 => Bound::Upper,
        _ => return None,
    };
    Some((
        TableEntry {
            mv: data as u32,
            score: i32::from((data >> 32) as u16 as i16),
            depth: (data >> 48) as u8,
            bound,
        },
        (data >> 58) as u8,
    ))
}

impl TranspositionTable {
    /// A table of about `megabytes` MB (at least one bucket); if the
    /// system refuses that much memory, a 1 MB table.
    pub fn new(megabytes: usize) -> Self {
        Self::try_new(megabytes)
            .or_else(|_| Self::try_new(1))
            .expect("a 1 MB table")
    }

    /// A table of about `megabytes` MB, or an error if the system refuses
    /// the memory (instead of aborting the process).
    pub fn try_new(megabytes: usize) -> Result<Self, TryReserveError> {
        let bytes = megabytes.max(1).saturating_mul(1 << 20);
        let count = (bytes / size_of::<Bucket>()).max(1);
        let mut buckets: Vec<Bucket> = Vec::new();
        buckets.try_reserve_exact(count)?;
        // Before the first write, so that the pages are made huge as the
        // table is filled.
        advise_huge_pages(
            buckets.as_ptr().cast(),
            buckets.capacity() * size_of::<Bucket>(),
        );
        buckets.resize_with(count, Bucket::default);
        Ok(Self { buckets, age: 0 })
    }

    /// The table's size in whole megabytes (at least 1).
    pub fn megabytes(&self) -> usize {
        ((self.buckets.len() * size_of::<Bucket>()) >> 20).max(1)
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        for slot in self.buckets.iter_mut().flat_map(|b| &mut b.slots) {
            *slot.check.get_mut() = 0;
            *slot.data.get_mut() = 0;
        }
        self.age = 0;
    }

    /// Starts a new search: older entries become preferred victims.
    pub fn new_search(&mut self) {
        self.age = (self.age + 1) & 63;
    }

    #[inline(always)]
    fn bucket(&self, key: u64) -> &[Slot] {
        let index = ((u128::from(key) * self.buckets.len() as u128) >> 64) as usize;
        &self.buckets[index].slots
    }

    /// Asks the processor to start loading the bucket of `key` into its
    /// cache, so that a probe soon after does not wait for memory (the
    /// searcher asks as soon as it knows a child's key).
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use core::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let bucket = self.bucket(key);
            // SAFETY: a prefetch is a hint that never faults, whatever the
            // address; SSE is part of every x86-64 processor.
            #[allow(unsafe_code)]
            unsafe {
                _mm_prefetch::<_MM_HINT_T0>(bucket.as_ptr().cast());
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The entry stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<TableEntry> {
        for slot in self.bucket(key) {
            let data = slot.data.load(Ordering::Relaxed);
            if slot.check.load(Ordering::Relaxed) ^ data == key {
                return unpack(data).map(|(entry, _)| entry);
            }
        }
        None
    }

    /// Stores an entry for `key`.
    #[inline]
    pub fn store(&self, key: u64, entry: TableEntry) {
        let bucket = self.bucket(key);
        let mut victim = 0;
        let mut victim_worth = i32::MAX;
        for (i, slot) in bucket.iter().enumerate() {
            let data = slot.data.load(Ordering::Relaxed);
            let stored_key = slot.check.load(Ordering::Relaxed) ^ data;
            match unpack(data) {
                None => {
                    victim = i;
                    break;
                }
                Some((old, age)) => {
                    if stored_key == key {
                        // Keep a deeper exact result of this search unless
                        // the new one is exact too; keep the old move if the
                        // new entry has none.
                        if old.depth > entry.depth.saturating_add(3)
                            && age == self.age
                            && entry.bound != Bound::Exact
                        {
                            return;
                        }
                        let entry = if entry.mv == 0 {
                            TableEntry {
                                mv: old.mv,
                                ..entry
                            }
                        } else {
                            entry
                        };
                        let data = pack(&entry, self.age);
                        slot.data.store(data, Ordering::Relaxed);
                        slot.check.store(key ^ data, Ordering::Relaxed);
                        return;
                    }
                    let staleness = i32::from((self.age.wrapping_sub(age)) & 63);
                    let worth = i32::from(old.depth) - 8 * staleness;
                    if worth < victim_worth {
                        victim_worth = worth;
                        victim = i;
                    }
                }
            }
        }
        let data = pack(&entry, self.age);
        bucket[victim].data.store(data, Ordering::Relaxed);
        bucket[victim].check.store(key ^ data, Ordering::Relaxed);
    }

    /// Permille of sampled entries written by the current search.
    pub fn hashfull(&self) -> u32 {
        let sample = (self.buckets.len() * BUCKET).min(1000);
        let used = self
            .buckets
            .iter()
            .flat_map(|b| &b.slots)
            .take(sample)
            .filter(|slot| {
                unpack(slot.data.load(Ordering::Relaxed)).is_some_and(|(_, age)| age == self.age)
            })
            .count();
        (used * 1000 / sample.max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_impossible_size_is_refused_and_sizes_round_trip() {
        assert!(TranspositionTable::try_new(usize::MAX >> 20).is_err());
        for megabytes in [1, 2, 16] {
            assert_eq!(TranspositionTable::new(megabytes).megabytes(), megabytes);
        }
    }

    #[test]
    fn store_and_probe() {
        let table = TranspositionTable::new(1);
        let entry = TableEntry {
            mv: 0xABCD,
            score: -31_990,
            depth: 12,
            bound: Bound::Lower,
        };
        table.store(0xDEAD_BEEF, entry);
        assert_eq!(table.probe(0xDEAD_BEEF), Some(entry));
        assert_eq!(table.probe(0xDEAD_BEEE), None);
    }

    #[test]
    fn a_full_bucket_replaces_the_shallowest() {
        let table = one_bucket();
        for (key, depth) in [(1u64, 5u8), (2, 1), (3, 9), (4, 7)] {
            table.store(
                key,
                TableEntry {
                    mv: 1,
                    score: 0,
                    depth,
                    bound: Bound::Exact,
                },
            );
        }
        table.store(
            5,
            TableEntry {
                mv: 1,
                score: 0,
                depth: 3,
                bound: Bound::Exact,
            },
        );
        assert!(table.probe(2).is_none());
        assert!(table.probe(5).is_some() && table.probe(3).is_some());
    }

    fn entry(depth: u8, bound: Bound) -> TableEntry {
        TableEntry {
            mv: 0x1234_5678,
            score: -12_345,
            depth,
            bound,
        }
    }

    fn one_bucket() -> TranspositionTable {
        TranspositionTable {
            buckets: vec![Bucket::default()],
            age: 0,
        }
    }

    #[test]
    fn every_field_and_age_survives_packing() {
        for bound in [Bound::Exact, Bound::Lower, Bound::Upper] {
            for age in [0u8, 1, 37, 63] {
                for depth in [0u8, 1, 200, 255] {
                    let stored = entry(depth, bound);
                    assert_eq!(unpack(pack(&stored, age)), Some((stored, age)));
                }
            }
        }
        let table = TranspositionTable::new(1);
        for (key, bound) in [
            (11u64, Bound::Exact),
            (22, Bound::Lower),
            (33, Bound::Upper),
        ] {
            table.store(key, entry(9, bound));
            assert_eq!(table.probe(key), Some(entry(9, bound)));
        }
    }

    #[test]
    fn the_table_holds_exactly_the_memory_asked_for() {
        let table = TranspositionTable::new(16);
        assert_eq!(table.buckets.len(), table.buckets.capacity());
        assert_eq!(table.buckets.len() * size_of::<Bucket>(), 16 << 20);
        // Every bucket is one whole cache line.
        assert_eq!(size_of::<Bucket>(), 64);
        assert_eq!(table.buckets.as_ptr() as usize % 64, 0);
    }

    #[test]
    fn keys_spread_over_the_buckets() {
        // 2000 keys in a 1 MB table (16384 buckets of 4): nearly all are
        // still there, which they would not be if keys shared few buckets.
        let table = TranspositionTable::new(1);
        let mut key = 0x9E37_79B9_7F4A_7C15u64;
        let mut keys = Vec::new();
        for _ in 0..2000 {
            key ^= key << 13;
            key ^= key >> 7;
            key ^= key << 17;
            keys.push(key);
            table.store(key, entry(5, Bound::Exact));
        }
        let found = keys.iter().filter(|&&k| table.probe(k).is_some()).count();
        assert!(found >= 1990, "{found} of 2000");
    }

    #[test]
    fn entries_of_earlier_searches_age() {
        // A deep entry of the previous search gives way to a new shallow
        // one before entries of this search do.
        let mut table = one_bucket();
        table.store(1, entry(9, Bound::Exact));
        table.new_search();
        for key in [2u64, 3, 4] {
            table.store(key, entry(2, Bound::Exact));
        }
        table.store(5, entry(1, Bound::Exact));
        assert!(table.probe(1).is_none());
        assert!([2u64, 3, 4, 5].iter().all(|&k| table.probe(k).is_some()));
        // hashfull counts this search's entries only, however many
        // searches ago the others were written.
        assert_eq!(table.hashfull(), 1000);
        for searches in 1..=64 {
            table.new_search();
            let expected = if searches == 64 { 1000 } else { 0 };
            assert_eq!(table.hashfull(), expected, "after {searches} searches");
        }
    }

    #[test]
    fn a_deeper_result_of_this_search_is_kept_unless_the_new_one_is_exact() {
        let mut table = TranspositionTable::new(1);
        let key = 0x0123_4567_89AB_CDEF;
        table.store(key, entry(10, Bound::Lower));
        // Much shallower and only a bound: the deep entry stays.
        table.store(key, entry(2, Bound::Upper));
        assert_eq!(table.probe(key), Some(entry(10, Bound::Lower)));
        // Within three plies: replaced.
        table.store(key, entry(7, Bound::Upper));
        assert_eq!(table.probe(key), Some(entry(7, Bound::Upper)));
        table.store(key, entry(12, Bound::Lower));
        // An exact result replaces it however shallow.
        table.store(key, entry(1, Bound::Exact));
        assert_eq!(table.probe(key), Some(entry(1, Bound::Exact)));
        // A deep entry of an earlier search gives way.
        table.store(key, entry(12, Bound::Lower));
        table.new_search();
        table.store(key, entry(2, Bound::Upper));
        assert_eq!(table.probe(key), Some(entry(2, Bound::Upper)));
    }

    #[test]
    fn a_new_entry_without_a_move_keeps_the_old_move() {
        let table = TranspositionTable::new(1);
        let key = 42;
        table.store(key, entry(3, Bound::Lower));
        let moveless = TableEntry {
            mv: 0,
            ..entry(4, Bound::Upper)
        };
        table.store(key, moveless);
        assert_eq!(table.probe(key), Some(entry(4, Bound::Upper)));
        // Stored once: the other slots of the bucket are still free.
        let filled = table
            .bucket(key)
            .iter()
            .filter(|slot| slot.data.load(Ordering::Relaxed) != 0)
            .count();
        assert_eq!(filled, 1);
    }
}
