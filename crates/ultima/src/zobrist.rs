//! Zobrist keys for Ultima from a fixed seed: one per (colour, kind, square)
//! and one for Black to move.

use augur_core::SplitMix64;

static KEYS: [u64; 2 * 7 * 64 + 1] = SplitMix64::keys(0x0171_3A00_0000_0001);

/// The key of a piece on a square.
#[inline(always)]
pub(crate) fn piece(color: usize, kind: usize, square: usize) -> u64 {
    KEYS[(color * 7 + kind) * 64 + square]
}

/// The key XORed in when Black is to move.
#[inline(always)]
pub(crate) fn black_to_move() -> u64 {
    KEYS[2 * 7 * 64]
}
