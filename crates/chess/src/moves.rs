//! The packed 16-bit chess move and its UCI text.

use augur_core::Square;
use std::fmt;

use crate::types::Role;

/// What kind of move a [`Move`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A quiet move or capture (including pawn double steps).
    Normal,
    /// A pawn reaching the last rank (with or without a capture).
    Promotion,
    /// An en passant capture.
    EnPassant,
    /// Castling, stored as the king taking its own rook (`to` is the
    /// rook's square) and written as the king's two-square move (`e1g1`),
    /// or king-takes-rook in Chess960 mode.
    Castling,
}

/// A chess move in 16 bits: from (6), to (6), promotion role (2), kind (2).
/// `Move::default()` (a1a1) is never a legal move and serves as "no move".
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Move(u16);

const PROMOTION_ROLES: [Role; 4] = [Role::Knight, Role::Bishop, Role::Rook, Role::Queen];

impl Move {
    #[inline(always)]
    const fn pack(from: Square, to: Square, extra: u16) -> Move {
        Move(from.index() as u16 | (to.index() as u16) << 6 | extra)
    }

    /// A normal move or capture.
    #[inline(always)]
    pub const fn normal(from: Square, to: Square) -> Move {
        Self::pack(from, to, 0)
    }

    /// A promotion to `role` (knight, bishop, rook or queen).
    #[inline(always)]
    pub const fn promotion(from: Square, to: Square, role: Role) -> Move {
        let code = match role {
            Role::Knight => 0,
            Role::Bishop => 1,
            Role::Rook => 2,
            _ => 3,
        };
        Self::pack(from, to, 1 << 14 | code << 12)
    }

    /// An en passant capture landing on `to`.
    #[inline(always)]
    pub const fn en_passant(from: Square, to: Square) -> Move {
        Self::pack(from, to, 2 << 14)
    }

    /// Castling by the king on `king` with the rook on `rook`.
    #[inline(always)]
    pub const fn castling(king: Square, rook: Square) -> Move {
        Self::pack(king, rook, 3 << 14)
    }

    /// The origin square.
    #[inline(always)]
    pub const fn from(self) -> Square {
        Square::new((self.0 & 63) as u8)
    }

    /// The destination square.
    #[inline(always)]
    pub const fn to(self) -> Square {
        Square::new((self.0 >> 6 & 63) as u8)
    }

    /// The kind of move.
    #[inline(always)]
    pub const fn kind(self) -> MoveKind {
        match self.0 >> 14 {
            0 => MoveKind::Normal,
            1 => MoveKind::Promotion,
            2 => MoveKind::EnPassant,
            _ => MoveKind::Castling,
        }
    }

    /// The promotion role, for promotions.
    #[inline(always)]
    pub const fn promotion_role(self) -> Option<Role> {
        match self.kind() {
            MoveKind::Promotion => Some(PROMOTION_ROLES[(self.0 >> 12 & 3) as usize]),
            _ => None,
        }
    }

    /// The raw 16 bits (for transposition tables).
    #[inline(always)]
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// The move with these raw bits (the inverse of [`Move::bits`]).
    #[inline(always)]
    pub const fn from_bits(bits: u16) -> Move {
        Move(bits)
    }
}

impl Move {
    /// Whether this is a castling move of standard chess: the king on the
    /// e-file with a rook in a corner.
    pub fn is_standard_castling(self) -> bool {
        self.kind() == MoveKind::Castling
            && self.from().file() == 4
            && (self.to().file() == 0 || self.to().file() == 7)
    }

    /// The king's destination, for castling moves.
    pub fn castling_king_destination(self) -> Option<Square> {
        (self.kind() == MoveKind::Castling)
            .then(|| crate::castling::destinations(self.from(), self.to()).0)
    }

    /// UCI text for Chess960 mode: castling as king-takes-rook (`e1h1`),
    /// every other move as [`Display`](fmt::Display) writes it.
    pub fn chess960_text(self) -> String {
        if self.kind() == MoveKind::Castling {
            format!("{}{}", self.from(), self.to())
        } else {
            self.to_string()
        }
    }
}

impl fmt::Display for Move {
    /// UCI text: `e2e4`, `e7e8q`, standard castling as the king's move
    /// `e1g1`; Chess960 castling (other squares) as king-takes-rook `b1a1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let to = if self.is_standard_castling() {
            self.castling_king_destination().unwrap_or(self.to())
        } else {
            self.to()
        };
        write!(f, "{}{}", self.from(), to)?;
        if let Some(role) = self.promotion_role() {
            write!(f, "{}", role.letter())?;
        }
        Ok(())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self} ({:?})", self.kind())
    }
}

/// The syntax of UCI move text: from, to and an optional promotion role.
/// Meaning (is it legal here?) is checked against a position separately.
pub fn parse_uci_syntax(text: &str) -> Option<(Square, Square, Option<Role>)> {
    if !text.is_ascii() || !(4..=5).contains(&text.len()) {
        return None;
    }
    let from = Square::parse(&text[0..2])?;
    let to = Square::parse(&text[2..4])?;
    let promotion = match text.as_bytes().get(4) {
        None => None,
        Some(b'n') => Some(Role::Knight),
        Some(b'b') => Some(Role::Bishop),
        Some(b'r') => Some(Role::Rook),
        Some(b'q') => Some(Role::Queen),
        Some(_) => return None,
    };
    Some((from, to, promotion))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn fields_round_trip() {
        let m = Move::promotion(sq("b7"), sq("a8"), Role::Rook);
        assert_eq!(
            (m.from(), m.to(), m.kind()),
            (sq("b7"), sq("a8"), MoveKind::Promotion)
        );
        assert_eq!(m.promotion_role(), Some(Role::Rook));
        assert_eq!(m.to_string(), "b7a8r");
        assert_eq!(Move::from_bits(m.bits()), m);
        let long = Move::castling(sq("e8"), sq("a8"));
        assert_eq!(long.to_string(), "e8c8");
        assert_eq!(long.chess960_text(), "e8a8");
        assert_eq!(long.castling_king_destination(), Some(sq("c8")));
        // A Chess960 castling is always written king-takes-rook.
        assert_eq!(Move::castling(sq("b1"), sq("a1")).to_string(), "b1a1");
        assert_eq!(Move::castling(sq("g1"), sq("h1")).to_string(), "g1h1");
        assert_eq!(
            Move::en_passant(sq("e5"), sq("d6")).kind(),
            MoveKind::EnPassant
        );
    }

    #[test]
    fn syntax() {
        assert_eq!(parse_uci_syntax("e2e4"), Some((sq("e2"), sq("e4"), None)));
        assert_eq!(
            parse_uci_syntax("a7a8q"),
            Some((sq("a7"), sq("a8"), Some(Role::Queen)))
        );
        for bad in [
            "", "e2", "e2e", "e2e9", "e2e4k", "e2e4qq", "E2E4", "e2-e4", "é2e4",
        ] {
            assert_eq!(parse_uci_syntax(bad), None, "{bad}");
        }
    }
}
