//! Zobrist keys for Oracle chess, from a fixed seed: a body of each colour
//! and class on each square; the souls hosted on a square (one key per class,
//! copy number and square, so a Priestess's multiset hashes as a multiset);
//! the count of each body colour and class in the earth; the count of each
//! soul class in the underworld; Black to move.

use augur_core::SplitMix64;

const BODY_KEYS: usize = 2 * 6 * 64;
const SOUL_KEYS: usize = 5 * 3 * 64;
/// Pool counts run 0..=16 (16 Soldiers of one class at most).
pub(crate) const MAX_POOL: usize = 16;
const EARTH_KEYS: usize = 2 * 6 * (MAX_POOL + 1);
const UNDERWORLD_KEYS: usize = 5 * (MAX_POOL + 1);
const ALL_KEYS: usize = BODY_KEYS + SOUL_KEYS + EARTH_KEYS + UNDERWORLD_KEYS + 1;

static KEYS: [u64; ALL_KEYS] = SplitMix64::keys(0x0A4C_1E00_0000_0006);

/// Cumulative soul keys: `[class][n][square]` is the XOR of the keys of the
/// first `n` copies, so a square hosting `n` souls of a class adds one entry.
static SOULS: [[[u64; 64]; 4]; 5] = {
    let mut table = [[[0u64; 64]; 4]; 5];
    let mut class = 0;
    while class < 5 {
        let mut square = 0;
        while square < 64 {
            let mut n = 1;
            while n < 4 {
                table[class][n][square] = table[class][n - 1][square]
                    ^ KEYS[BODY_KEYS + (class * 3 + n - 1) * 64 + square];
                n += 1;
            }
            square += 1;
        }
        class += 1;
    }
    table
};

/// The key of a body of `color` and `class` on `square`.
#[inline(always)]
pub(crate) fn body(color: usize, class: usize, square: usize) -> u64 {
    KEYS[(color * 6 + class) * 64 + square]
}

/// The key of `count` souls (0..=3) of `class` hosted on `square`.
#[inline(always)]
pub(crate) fn souls(class: usize, count: usize, square: usize) -> u64 {
    SOULS[class][count][square]
}

/// The key of `count` bodies of `color` and `class` in the earth (0 for none).
#[inline(always)]
pub(crate) fn earth(color: usize, class: usize, count: usize) -> u64 {
    if count == 0 {
        0
    } else {
        KEYS[BODY_KEYS + SOUL_KEYS + (color * 6 + class) * (MAX_POOL + 1) + count.min(MAX_POOL)]
    }
}

/// The key of `count` souls of `class` in the underworld (0 for none).
#[inline(always)]
pub(crate) fn underworld(class: usize, count: usize) -> u64 {
    if count == 0 {
        0
    } else {
        KEYS[BODY_KEYS + SOUL_KEYS + EARTH_KEYS + class * (MAX_POOL + 1) + count.min(MAX_POOL)]
    }
}

/// The key XORed in when Black is to move.
#[inline(always)]
pub(crate) fn black_to_move() -> u64 {
    KEYS[ALL_KEYS - 1]
}
