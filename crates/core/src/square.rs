//! Squares of the 8x8 board, numbered a1 = 0, b1 = 1, ..., h8 = 63.

use std::fmt;

/// A square of the 8x8 board: `index = rank * 8 + file`, a1 = 0, h8 = 63.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[repr(transparent)]
pub struct Square(u8);

impl Square {
    /// All 64 squares in index order (a1, b1, ..., h8).
    pub const ALL: [Square; 64] = {
        let mut all = [Square(0); 64];
        let mut i = 0;
        while i < 64 {
            all[i] = Square(i as u8);
            i += 1;
        }
        all
    };

    /// The square with this index. The index is masked to 0..64.
    #[inline(always)]
    pub const fn new(index: u8) -> Self {
        Square(index & 63)
    }

    /// The square on `file` (0 = a) and `rank` (0 = 1), if both are in 0..8.
    #[inline]
    pub const fn from_coords(file: i32, rank: i32) -> Option<Self> {
        if file >= 0 && file < 8 && rank >= 0 && rank < 8 {
            Some(Square((rank * 8 + file) as u8))
        } else {
            None
        }
    }

    /// The index 0..64.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, 0 (a) to 7 (h).
    #[inline(always)]
    pub const fn file(self) -> u8 {
        self.0 & 7
    }

    /// The rank, 0 (rank 1) to 7 (rank 8).
    #[inline(always)]
    pub const fn rank(self) -> u8 {
        self.0 >> 3
    }

    /// The square `df` files and `dr` ranks away, if it is on the board.
    #[inline]
    pub const fn offset(self, df: i32, dr: i32) -> Option<Self> {
        Self::from_coords(self.file() as i32 + df, self.rank() as i32 + dr)
    }

    /// The same file on the rank mirrored top to bottom (a1 <-> a8).
    #[inline(always)]
    pub const fn flip_rank(self) -> Self {
        Square(self.0 ^ 56)
    }

    /// Parses algebraic text such as `e4`.
    pub fn parse(text: &str) -> Option<Self> {
        let bytes = text.as_bytes();
        if bytes.len() != 2 {
            return None;
        }
        let file = bytes[0].wrapping_sub(b'a');
        let rank = bytes[1].wrapping_sub(b'1');
        (file < 8 && rank < 8).then(|| Square(rank * 8 + file))
    }

    /// Chebyshev (king-move) distance between two squares.
    pub const fn distance(self, other: Square) -> u8 {
        let df = (self.file() as i8 - other.file() as i8).unsigned_abs();
        let dr = (self.rank() as i8 - other.rank() as i8).unsigned_abs();
        if df > dr { df } else { dr }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            (b'a' + self.file()) as char,
            (b'1' + self.rank()) as char
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_display_round_trip() {
        for sq in Square::ALL {
            assert_eq!(Square::parse(&sq.to_string()), Some(sq));
        }
        assert_eq!(Square::parse("e4").map(Square::index), Some(28));
        for bad in ["", "e", "e9", "i1", "e44", "E4", "4e"] {
            assert_eq!(Square::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn distance_is_king_distance() {
        let a1 = Square::new(0);
        let h8 = Square::new(63);
        assert_eq!(a1.distance(h8), 7);
        assert_eq!(
            Square::parse("e4")
                .unwrap()
                .distance(Square::parse("f6").unwrap()),
            2
        );
    }
}
