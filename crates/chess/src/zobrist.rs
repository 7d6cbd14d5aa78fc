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
const ROOK_FILE_KEYS: usize = EN_PASSANT_KEYS + 8;
const KEY_COUNT: usize = ROOK_FILE_KEYS + 4 * 8;

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

/// The rook files of the standard rights, by right index (their file keys
/// are zero, so standard positions hash as they always did).
pub(crate) const STANDARD_ROOK_FILES: [u8; 4] = [7, 0, 7, 0];

/// Per (right, rook file): the key, zero for the standard corner.
static ROOK_FILE: [u64; 32] = {
    let mut keys = [0u64; 32];
    let mut i = 0;
    while i < 32 {
        if (i % 8) as u8 != STANDARD_ROOK_FILES[i / 8] {
            keys[i] = KEYS[ROOK_FILE_KEYS + i];
        }
        i += 1;
    }
    keys
};

/// The key of castling right `index` (0..4) with its rook on `file`; zero
/// for the standard corner.
#[inline(always)]
pub(crate) fn castling_rook_file(index: usize, file: u8) -> u64 {
    ROOK_FILE[(index & 3) * 8 + (file & 7) as usize]
}
