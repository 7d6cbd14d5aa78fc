//! The Ultima position: pieces by kind and colour, a mailbox, the side to
//! move, the ply counters and the Zobrist key, and which pieces are frozen.

use augur_core::attacks::king_attacks;
use augur_core::{Bitboard, Square};

use crate::types::{Color, Kind};
use crate::zobrist;

/// The mailbox value of an empty square.
pub(crate) const EMPTY: u8 = 255;

/// An Ultima position (copy-make).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Position {
    pub(crate) kinds: [Bitboard; 7],
    pub(crate) colors: [Bitboard; 2],
    /// `color * 7 + kind`, or `EMPTY`.
    pub(crate) board: [u8; 64],
    pub(crate) side: Color,
    pub(crate) plies: u32,
    /// Plies since the last capture (for the 100-ply rule).
    pub(crate) quiet_plies: u16,
    pub(crate) hash: u64,
}

impl Position {
    /// The piece on a square.
    #[inline(always)]
    pub fn piece_at(&self, square: Square) -> Option<(Color, Kind)> {
        let code = self.board[square.index()];
        (code != EMPTY).then(|| {
            let color = if code < 7 { Color::White } else { Color::Black };
            (color, Kind::ALL[(code % 7) as usize])
        })
    }

    /// The pieces of one side and kind.
    #[inline(always)]
    pub fn pieces(&self, color: Color, kind: Kind) -> Bitboard {
        self.colors[color.index()] & self.kinds[kind.index()]
    }

    /// Every occupied square.
    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.colors[0] | self.colors[1]
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    #[inline(always)]
    pub(crate) fn put(&mut self, square: Square, color: Color, kind: Kind) {
        let bit = Bitboard::from_square(square);
        self.kinds[kind.index()] |= bit;
        self.colors[color.index()] |= bit;
        self.board[square.index()] = (color.index() * 7 + kind.index()) as u8;
        self.hash ^= zobrist::piece(color.index(), kind.index(), square.index());
    }

    #[inline(always)]
    pub(crate) fn remove(&mut self, square: Square) {
        if let Some((color, kind)) = self.piece_at(square) {
            let bit = Bitboard::from_square(square);
            self.kinds[kind.index()] ^= bit;
            self.colors[color.index()] ^= bit;
            self.board[square.index()] = EMPTY;
            self.hash ^= zobrist::piece(color.index(), kind.index(), square.index());
        }
    }

    /// The key computed from scratch.
    pub(crate) fn key_from_scratch(&self) -> u64 {
        let mut key = if self.side == Color::Black {
            zobrist::black_to_move()
        } else {
            0
        };
        for square in self.occupied() {
            if let Some((color, kind)) = self.piece_at(square) {
                key ^= zobrist::piece(color.index(), kind.index(), square.index());
            }
        }
        key
    }

    /// Pieces that cannot move (see the crate docs for the rule).
    pub fn frozen(&self) -> Bitboard {
        let mut frozen = Bitboard::EMPTY;
        for color in [Color::White, Color::Black] {
            let enemy = color.opponent();
            let own = self.colors[color.index()];
            let neutralisers =
                self.pieces(color, Kind::Immobilizer) | self.pieces(color, Kind::Chameleon);
            for immobilizer in self.pieces(enemy, Kind::Immobilizer) {
                let zone = king_attacks(immobilizer);
                let touching = zone & neutralisers;
                match touching.count() {
                    0 => frozen |= zone & own,
                    // The lone neutraliser cannot free itself.
                    1 => frozen |= touching,
                    _ => {}
                }
            }
            for immobilizer in self.pieces(color, Kind::Immobilizer) {
                if (king_attacks(immobilizer) & self.pieces(enemy, Kind::Chameleon)).any() {
                    frozen = frozen.with(immobilizer);
                }
            }
        }
        frozen
    }
}
