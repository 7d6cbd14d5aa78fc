//! Sets of squares as 64-bit masks (bit `i` is square `i`).

use crate::square::Square;
use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of squares; bit `i` stands for `Square::new(i)`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
#[repr(transparent)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// No squares.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// Every square.
    pub const FULL: Bitboard = Bitboard(u64::MAX);
    /// The a-file.
    pub const FILE_A: Bitboard = Bitboard(0x0101_0101_0101_0101);
    /// The h-file.
    pub const FILE_H: Bitboard = Bitboard(0x8080_8080_8080_8080);
    /// Rank 1.
    pub const RANK_1: Bitboard = Bitboard(0xFF);
    /// Rank 8.
    pub const RANK_8: Bitboard = Bitboard(0xFF << 56);
    /// The 32 light squares (h1 is light).
    pub const LIGHT_SQUARES: Bitboard = Bitboard(0x55AA_55AA_55AA_55AA);
    /// The 32 dark squares (a1 is dark).
    pub const DARK_SQUARES: Bitboard = Bitboard(!0x55AA_55AA_55AA_55AA);

    /// The set holding only `square`.
    #[inline(always)]
    pub const fn from_square(square: Square) -> Self {
        Bitboard(1u64 << square.index())
    }

    /// The squares of one file (0 = a).
    #[inline(always)]
    pub const fn file(file: u8) -> Self {
        Bitboard(Self::FILE_A.0 << (file & 7))
    }

    /// The squares of one rank (0 = rank 1).
    #[inline(always)]
    pub const fn rank(rank: u8) -> Self {
        Bitboard(Self::RANK_1.0 << (8 * (rank & 7)))
    }

    /// Whether the set is empty.
    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set has at least one square.
    #[inline(always)]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// Number of squares in the set.
    #[inline(always)]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set has two or more squares.
    #[inline(always)]
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// Whether `square` is in the set.
    #[inline(always)]
    pub const fn contains(self, square: Square) -> bool {
        self.0 >> square.index() & 1 != 0
    }

    /// The lowest square of a non-empty set.
    #[inline(always)]
    pub const fn lowest(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::new(self.0.trailing_zeros() as u8))
        }
    }

    /// The set with `square` added.
    #[inline(always)]
    pub const fn with(self, square: Square) -> Self {
        Bitboard(self.0 | 1u64 << square.index())
    }

    /// The set with `square` removed.
    #[inline(always)]
    pub const fn without(self, square: Square) -> Self {
        Bitboard(self.0 & !(1u64 << square.index()))
    }

    /// Shifts every square one rank up (towards rank 8); rank 8 falls off.
    #[inline(always)]
    pub const fn north(self) -> Self {
        Bitboard(self.0 << 8)
    }

    /// Shifts every square one rank down (towards rank 1); rank 1 falls off.
    #[inline(always)]
    pub const fn south(self) -> Self {
        Bitboard(self.0 >> 8)
    }

    /// Shifts every square one file right (towards h); the h-file falls off.
    #[inline(always)]
    pub const fn east(self) -> Self {
        Bitboard((self.0 & !Self::FILE_H.0) << 1)
    }

    /// Shifts every square one file left (towards a); the a-file falls off.
    #[inline(always)]
    pub const fn west(self) -> Self {
        Bitboard((self.0 & !Self::FILE_A.0) >> 1)
    }

    /// Iterates the squares from a1 upwards.
    #[inline(always)]
    pub const fn iter(self) -> BitboardIter {
        BitboardIter(self.0)
    }
}

/// Iterator over the squares of a [`Bitboard`], lowest first.
#[derive(Clone, Copy, Debug)]
pub struct BitboardIter(u64);

impl Iterator for BitboardIter {
    type Item = Square;

    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let square = Square::new(self.0.trailing_zeros() as u8);
        self.0 &= self.0 - 1;
        Some(square)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for BitboardIter {}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = BitboardIter;

    #[inline(always)]
    fn into_iter(self) -> BitboardIter {
        self.iter()
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Self {
        iter.into_iter().fold(Bitboard::EMPTY, Bitboard::with)
    }
}

macro_rules! bit_ops {
    ($($trait:ident $method:ident $assign_trait:ident $assign_method:ident $op:tt;)*) => {$(
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline(always)]
            fn $method(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $assign_trait for Bitboard {
            #[inline(always)]
            fn $assign_method(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    )*};
}

bit_ops! {
    BitAnd bitand BitAndAssign bitand_assign &;
    BitOr bitor BitOrAssign bitor_assign |;
    BitXor bitxor BitXorAssign bitxor_assign ^;
}

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline(always)]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl fmt::Debug for Bitboard {
    /// Draws the set as an 8x8 grid, rank 8 on top.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Bitboard({:#018x})", self.0)?;
        for rank in (0..8).rev() {
            for file in 0..8 {
                let sq = Square::new(rank * 8 + file);
                f.write_str(if self.contains(sq) { " X" } else { " ." })?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shifts_drop_edge_squares() {
        let h4 = Bitboard::from_square(Square::parse("h4").unwrap());
        assert!(h4.east().is_empty());
        assert_eq!(
            h4.west(),
            Bitboard::from_square(Square::parse("g4").unwrap())
        );
        let a8 = Bitboard::from_square(Square::parse("a8").unwrap());
        assert!(a8.north().is_empty());
        assert!(a8.west().is_empty());
    }

    #[test]
    fn iteration_yields_each_square_once() {
        let set: Bitboard = ["a1", "e4", "h8"]
            .iter()
            .filter_map(|s| Square::parse(s))
            .collect();
        let squares: Vec<String> = set.iter().map(|s| s.to_string()).collect();
        assert_eq!(squares, ["a1", "e4", "h8"]);
        assert_eq!(set.count(), 3);
        assert!(set.more_than_one());
        assert!(!Bitboard::from_square(Square::new(5)).more_than_one());
    }

    #[test]
    fn colour_masks_partition_the_board() {
        assert_eq!(Bitboard::LIGHT_SQUARES.count(), 32);
        assert_eq!(
            Bitboard::LIGHT_SQUARES | Bitboard::DARK_SQUARES,
            Bitboard::FULL
        );
        assert!(Bitboard::DARK_SQUARES.contains(Square::new(0)));
        assert!(Bitboard::LIGHT_SQUARES.contains(Square::new(7)));
    }
}
