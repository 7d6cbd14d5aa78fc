//! Zobrist keys for Enochian chess, from a fixed seed: each army's pieces by
//! kind (pawns by type) on each square, the army to move, the direction of
//! play, each frozen army, each control pair and the die state.

use augur_core::SplitMix64;

/// Key kinds per army: King, Queen, Rook, Bishop, Knight, then the pawns of
/// the Queen, Rook, Bishop and Knight.
pub(crate) const KEY_KINDS: usize = 9;
const PIECE_KEYS: usize = 4 * KEY_KINDS * 64;
const TO_MOVE: usize = PIECE_KEYS;
const WIDDERSHINS: usize = TO_MOVE + 4;
const FROZEN: usize = WIDDERSHINS + 1;
const CONTROL: usize = FROZEN + 4;
const DIE: usize = CONTROL + 16;
/// Die states hashed: 1-6 rolled, 7 pending, 8 "any piece" (search only).
const ALL_KEYS: usize = DIE + 9;

static KEYS: [u64; ALL_KEYS] = SplitMix64::keys(0xE40C_A11A_0000_0007);

/// The key of a piece of `army` and key kind `kind` (see [`KEY_KINDS`]) on `square`.
#[inline(always)]
pub(crate) fn piece(army: usize, kind: usize, square: usize) -> u64 {
    KEYS[(army * KEY_KINDS + kind) * 64 + square]
}

/// The key of `army` being the army to move.
#[inline(always)]
pub(crate) fn to_move(army: usize) -> u64 {
    KEYS[TO_MOVE + army]
}

/// The key XORed in when play runs widdershins.
#[inline(always)]
pub(crate) fn widdershins() -> u64 {
    KEYS[WIDDERSHINS]
}

/// The key of `army` being frozen.
#[inline(always)]
pub(crate) fn frozen(army: usize) -> u64 {
    KEYS[FROZEN + army]
}

/// The key of `army` being controlled by `controller`.
#[inline(always)]
pub(crate) fn control(army: usize, controller: usize) -> u64 {
    KEYS[CONTROL + army * 4 + controller]
}

/// The key of a die state (`0` = no dice: no key).
#[inline(always)]
pub(crate) fn die(code: u8) -> u64 {
    if code == 0 {
        0
    } else {
        KEYS[DIE + code as usize]
    }
}
