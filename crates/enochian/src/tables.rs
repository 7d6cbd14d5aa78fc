//! Attack tables the core does not have: the Queen's two-square leap and
//! each army's pawn steps (forward, diagonal takes, and the squares a pawn
//! must stand on to take a given square).

use crate::types::Army;
use augur_core::{Bitboard, Square};

const fn leaps(deltas: &[(i32, i32)]) -> [Bitboard; 64] {
    let mut table = [Bitboard(0); 64];
    let mut sq = 0;
    while sq < 64 {
        let mut bits = 0u64;
        let mut i = 0;
        while i < deltas.len() {
            if let Some(to) = Square::new(sq as u8).offset(deltas[i].0, deltas[i].1) {
                bits |= 1 << to.index();
            }
            i += 1;
        }
        table[sq] = Bitboard(bits);
        sq += 1;
    }
    table
}

/// Exactly two squares along a rank, file or diagonal.
static QUEEN_LEAPS: [Bitboard; 64] = leaps(&[
    (2, 0),
    (-2, 0),
    (0, 2),
    (0, -2),
    (2, 2),
    (2, -2),
    (-2, 2),
    (-2, -2),
]);

const fn pawn_tables(backwards: bool) -> [[Bitboard; 64]; 4] {
    let mut out = [[Bitboard(0); 64]; 4];
    let mut army = 0;
    while army < 4 {
        let (f, r) = Army::from_index(army).forward();
        let (f, r) = if backwards { (-f, -r) } else { (f, r) };
        // The two diagonal steps forward: the forward step plus one sideways.
        let deltas = if f == 0 {
            [(1, r), (-1, r)]
        } else {
            [(f, 1), (f, -1)]
        };
        out[army] = leaps(&deltas);
        army += 1;
    }
    out
}

const fn push_table() -> [[Bitboard; 64]; 4] {
    let mut out = [[Bitboard(0); 64]; 4];
    let mut army = 0;
    while army < 4 {
        let step = Army::from_index(army).forward();
        out[army] = leaps(&[step]);
        army += 1;
    }
    out
}

static PAWN_TAKES: [[Bitboard; 64]; 4] = pawn_tables(false);
static PAWN_TAKERS: [[Bitboard; 64]; 4] = pawn_tables(true);
static PAWN_PUSHES: [[Bitboard; 64]; 4] = push_table();

/// The squares a Queen on `square` leaps to.
#[inline(always)]
pub(crate) fn queen_leaps(square: Square) -> Bitboard {
    QUEEN_LEAPS[square.index()]
}

/// The squares a pawn of `army` on `square` takes on.
#[inline(always)]
pub(crate) fn pawn_takes(army: Army, square: Square) -> Bitboard {
    PAWN_TAKES[army.index()][square.index()]
}

/// The squares from which a pawn of `army` takes on `square`.
#[inline(always)]
pub(crate) fn pawn_takers(army: Army, square: Square) -> Bitboard {
    PAWN_TAKERS[army.index()][square.index()]
}

/// The square a pawn of `army` on `square` steps to (empty off the board).
#[inline(always)]
pub(crate) fn pawn_push(army: Army, square: Square) -> Bitboard {
    PAWN_PUSHES[army.index()][square.index()]
}
