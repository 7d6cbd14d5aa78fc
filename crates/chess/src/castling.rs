//! Castling with any rook (Chess960) as well as the standard corners.
//!
//! Each of the four rights (White/Black, king side/queen side) names the
//! square of its rook; the king side is the h-file side of the king. Castling
//! always ends with the king on the g- (king side) or c-file (queen side) and
//! the rook on the f- or d-file, as in standard chess; the move is stored as
//! "king takes own rook" (from the king's square to the rook's), which is
//! unambiguous even when the king does not move.
//!
//! Rights are read from `KQkq` (X-FEN: the outermost rook on that side) or
//! from rook file letters (`HAha`, Shredder-FEN and X-FEN), and written as
//! X-FEN, so standard positions keep their `KQkq`.

use augur_core::{Bitboard, Square};

use crate::board::Board;
use crate::types::{CastlingRights, Color, Piece, Role};

/// The index (0..4) of a right: White king side, White queen side, Black
/// king side, Black queen side (the bit order of [`CastlingRights`]).
#[inline(always)]
pub(crate) const fn right_index(color: Color, king_side: bool) -> usize {
    color.index() * 2 + if king_side { 0 } else { 1 }
}

/// Both rights of `color` as bits.
#[inline(always)]
pub(crate) const fn color_rights(color: Color) -> u8 {
    match color {
        Color::White => CastlingRights::WHITE_KING_SIDE | CastlingRights::WHITE_QUEEN_SIDE,
        Color::Black => CastlingRights::BLACK_KING_SIDE | CastlingRights::BLACK_QUEEN_SIDE,
    }
}

/// The king's and the rook's squares after castling with the rook on
/// `rook`, the king standing on `king` (same rank).
#[inline(always)]
pub(crate) fn destinations(king: Square, rook: Square) -> (Square, Square) {
    let rank = king.index() as u8 & 56;
    if rook.file() > king.file() {
        (Square::new(rank + 6), Square::new(rank + 5))
    } else {
        (Square::new(rank + 2), Square::new(rank + 3))
    }
}

use crate::zobrist::STANDARD_ROOK_FILES;

/// Why a castling field was refused, or which rights were dropped.
pub(crate) struct ParsedRights {
    /// The rights kept.
    pub rights: CastlingRights,
    /// The rook square of each kept right.
    pub rooks: [Square; 4],
    /// The field's characters naming rights the position cannot have.
    pub dropped: Vec<char>,
}

/// Reads a castling field (`-`, `KQkq`, `HAha`, or a mix) against the
/// position's pieces. Outside Chess960 only the standard rights (king on
/// the e-file, rook in the corner) are kept; in Chess960 any rook on the
/// king's rank is. `None`: the field is malformed (an unknown character, a
/// repeated one, or two rights for one side of one king).
pub(crate) fn parse_rights(field: &str, position: &Board, chess960: bool) -> Option<ParsedRights> {
    let mut parsed = ParsedRights {
        rights: CastlingRights::default(),
        rooks: [Square::default(); 4],
        dropped: Vec::new(),
    };
    if field == "-" {
        return Some(parsed);
    }
    if !field.is_ascii() {
        return None;
    }
    let distinct = field
        .chars()
        .enumerate()
        .all(|(i, c)| !field[..i].contains(c));
    if field.is_empty() || !distinct {
        return None;
    }
    let mut named = 0u8;
    for c in field.chars() {
        if !c.is_ascii_alphabetic() {
            return None;
        }
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let back_rank = if color == Color::White { 0u8 } else { 56 };
        let king = position.king_square(color);
        let king_home = king.index() as u8 & 56 == back_rank;
        let rooks = position.pieces(color, Role::Rook) & Bitboard::rank(back_rank / 8);
        let rook = match c.to_ascii_lowercase() {
            'k' => rooks.iter().filter(|r| r.file() > king.file()).last(),
            'q' => rooks.iter().find(|r| r.file() < king.file()),
            file @ 'a'..='h' => {
                let square = Square::new(back_rank + (file as u8 - b'a'));
                (rooks.contains(square) && square.file() != king.file()).then_some(square)
            }
            _ => return None,
        };
        // The side a letter means, even when its rook is missing.
        let king_side = match c.to_ascii_lowercase() {
            'k' => true,
            'q' => false,
            file => (file as u8 - b'a') > king.file(),
        };
        let index = right_index(color, king_side);
        if named & (1 << index) != 0 {
            return None;
        }
        named |= 1 << index;
        let standard =
            king.file() == 4 && rook.is_some_and(|r| r.file() == STANDARD_ROOK_FILES[index]);
        match rook {
            Some(rook) if king_home && (chess960 || standard) => {
                parsed.rights.0 |= 1 << index;
                parsed.rooks[index] = rook;
            }
            _ => parsed.dropped.push(c),
        }
    }
    Some(parsed)
}

impl Board {
    /// The castling field in X-FEN: `K`/`Q` (`k`/`q`) when the right's rook
    /// is the outermost one on its side of the king, else its file letter.
    pub(crate) fn castling_field(&self) -> String {
        let mut field = String::new();
        for color in [Color::White, Color::Black] {
            let king = self.king_square(color);
            let back = Bitboard::rank(king.rank());
            let rooks = self.pieces(color, Role::Rook) & back;
            for king_side in [true, false] {
                let index = right_index(color, king_side);
                if !self.castling.has(1 << index) {
                    continue;
                }
                let rook = self.castling_rooks[index];
                let outermost = if king_side {
                    rooks.iter().filter(|r| r.file() > king.file()).last()
                } else {
                    rooks.iter().find(|r| r.file() < king.file())
                };
                let letter = if outermost == Some(rook) {
                    if king_side { 'k' } else { 'q' }
                } else {
                    (b'a' + rook.file()) as char
                };
                field.push(match color {
                    Color::White => letter.to_ascii_uppercase(),
                    Color::Black => letter,
                });
            }
        }
        if field.is_empty() {
            field.push('-');
        }
        field
    }

    /// The castling part of the key: the key of the four bits, and for each
    /// right whose rook is not in its standard corner a key for its file
    /// (so standard positions hash as they always did).
    pub(crate) fn castling_key(bits: u8, rooks: &[Square; 4]) -> u64 {
        let mut key = crate::zobrist::castling(bits);
        for (index, rook) in rooks.iter().enumerate() {
            if bits & (1 << index) != 0 {
                key ^= crate::zobrist::castling_rook_file(index, rook.file());
            }
        }
        key
    }

    /// The rights kept after a move of `mover` from `from` to `to`: a king
    /// move drops both of its colour's, and a move from or onto a right's
    /// rook square drops that right.
    #[inline(always)]
    pub(crate) fn rights_kept_after(&self, mover: Piece, from: Square, to: Square) -> u8 {
        let mut kept = self.castling.0;
        if mover.role == Role::King {
            kept &= !color_rights(mover.color);
        }
        let touched = Bitboard::from_square(from) | Bitboard::from_square(to);
        for (index, rook) in self.castling_rooks.iter().enumerate() {
            if kept & (1 << index) != 0 && touched.contains(*rook) {
                kept &= !(1 << index);
            }
        }
        kept
    }

    /// Whether the side to move (not in check) may castle with the rook of
    /// right `index`: every square the king and rook cross or land on is
    /// empty but for those two, and no square the king crosses or lands on
    /// is attacked once both have left their squares. The squares come
    /// from [`PATHS`], so a blocked path (most often) costs one test.
    #[inline(always)]
    pub(crate) fn can_castle(&self, index: usize, king: Square, occupied: Bitboard) -> bool {
        let rook = self.castling_rooks[index];
        let path = PATHS[king.file() as usize][rook.file() as usize];
        let rank = king.index() & 56;
        if (occupied.0 >> rank) as u8 & path.empty != 0 {
            return false;
        }
        let rest = occupied ^ Bitboard::from_square(king) ^ Bitboard::from_square(rook);
        let them = self.side.opponent();
        for square in Bitboard(u64::from(path.crossed) << rank) {
            if self.is_attacked(square, them, rest) {
                return false;
            }
        }
        true
    }
}

/// The files of one castling, as bits of its rank: those that must be
/// empty but for the king and the rook, and those the king must not be
/// attacked on.
#[derive(Clone, Copy)]
struct Path {
    /// The files the king and the rook cross or land on, but for their own.
    empty: u8,
    /// The files the king crosses and lands on; its own only when it stays
    /// (then the rook may have shielded it).
    crossed: u8,
}

/// [`Path`] by the king's file and the rook's.
const PATHS: [[Path; 8]; 8] = {
    let mut paths = [[Path {
        empty: 0,
        crossed: 0,
    }; 8]; 8];
    let mut king = 0;
    while king < 8 {
        let mut rook = 0;
        while rook < 8 {
            let (king_to, rook_to) = if rook > king { (6, 5) } else { (2, 3) };
            let ends = (1u8 << king) | (1u8 << rook);
            let king_span = file_span(king, king_to);
            paths[king][rook] = Path {
                empty: (king_span | file_span(rook, rook_to)) & !ends,
                crossed: if king == king_to {
                    1 << king
                } else {
                    king_span & !(1 << king)
                },
            };
            rook += 1;
        }
        king += 1;
    }
    paths
};

/// The files from `a` to `b` inclusive, as bits of a rank.
const fn file_span(a: usize, b: usize) -> u8 {
    let (low, high) = if a <= b { (a, b) } else { (b, a) };
    ((0xffu16 >> (7 - high)) & (0xffu16 << low)) as u8
}
