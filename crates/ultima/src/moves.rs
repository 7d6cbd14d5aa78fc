//! The Ultima move and its text (`<from><to>`: origin and destination
//! determine the move and everything it captures).

use augur_core::{MoveError, Square};

/// An Ultima move: from and to determine it and all it captures.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct UltimaMove(pub(crate) u16);

impl UltimaMove {
    /// The move from `from` to `to`.
    pub const fn new(from: Square, to: Square) -> Self {
        UltimaMove(from.index() as u16 | (to.index() as u16) << 6)
    }
    /// Origin.
    pub const fn from(self) -> Square {
        Square::new((self.0 & 63) as u8)
    }
    /// Destination.
    pub const fn to(self) -> Square {
        Square::new((self.0 >> 6 & 63) as u8)
    }
}

impl std::fmt::Debug for UltimaMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", self.from(), self.to())
    }
}

impl std::fmt::Display for UltimaMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", self.from(), self.to())
    }
}

impl UltimaMove {
    /// Reads move text (`e2e4`) without checking legality.
    pub(crate) fn parse(text: &str) -> Result<UltimaMove, MoveError> {
        let syntax = || MoveError::Syntax(text.to_string());
        if !text.is_ascii() || text.len() != 4 {
            return Err(syntax());
        }
        let from = Square::parse(&text[..2]).ok_or_else(syntax)?;
        let to = Square::parse(&text[2..]).ok_or_else(syntax)?;
        Ok(UltimaMove::new(from, to))
    }
}
