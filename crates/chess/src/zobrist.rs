//! Zobrist keys for chess, generated at compile time from a fixed seed.
//!
//! The key of a position XORs: one key per (piece, square), one for Black to
//! move, one per castling-rights value (all 16), and one per en passant file
//! when an en passant capture is legal.

use augur_core::{SplitMix64, Square};

use crate::types::Piece;

const PIECE_KEYS: usize = 12 * 64;
const SIDE_KEY: usize = PIECE_KEYS;
const CASTLING_KEYS: usize = SIDE_KEY + 1;
const EN_PASSANT_KEYS: usize = CASTLING_KEYS + 16;
const KEY_COUNT: usize = EN_PASSANT_KEYS + 8;

static KEYS: [u64; KEY_COUNT] = SplitMix64::keys(0xC4E5_5A06_0000_0001);

/// The key of `piece` standing on `square`.
#[inline(always)]
pub(crate) fn piece(piece: Piece, square: Square) -> u64 {
    KEYS[piece.index() * 64 + square.index()]
}

/// The key XORed in when Black is to move.
#[inline(always)]
pub(crate) fn black_to_move() -> u64 {
    KEYS[SIDE_KEY]
}

/// The key of a castling-rights value (0..16).
#[inline(always)]
pub(crate) fn castling(bits: u8) -> u64 {
    KEYS[CASTLING_KEYS + (bits & 15) as usize]
}

/// The key of a legal en passant capture onto `file`.
#[inline(always)]
pub(crate) fn en_passant(file: u8) -> u64 {
    KEYS[EN_PASSANT_KEYS + (file & 7) as usize]
}
