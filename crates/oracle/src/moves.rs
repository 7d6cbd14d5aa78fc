//! Oracle moves: one packed value per distinct choice, and their text.
//!
//! Text (the rulings' wire format):
//! - `e2e3` a figure goes or takes; `e1e2+h` the Lord figure also fetches a
//!   Horse body onto e1;
//! - `h~g1f3` a Horse soul goes alone from g1 into the body on f3;
//!   `h~g1e2xs` it takes the Soldier soul hosted on e2; `+e` after either
//!   summons an Elephant soul into the Priestess the soul left;
//! - `p@e8` the Soldier figure on e8 promotes to a lifeless Priestess.

use augur_core::{MoveError, Square};

use crate::types::{Body, Soul};

/// What a move does, in its two lowest kind bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveKind {
    /// A figure goes or takes (optionally fetching, for a Lord figure).
    Figure,
    /// A soul goes alone or takes a soul (optionally summoning).
    Soul,
    /// A Soldier figure on its last rank becomes a lifeless Priestess.
    Promotion,
}

/// A move packed in 32 bits: from (6), to (6), kind (2), moving soul class
/// (3), taken soul class + 1 (3; 0 = none), fetched body / summoned soul
/// class + 1 (3; 0 = none). `Default` (all zero) is never generated.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct OracleMove(pub(crate) u32);

impl OracleMove {
    /// A figure going or taking from `from` to `to`, fetching `fetch`.
    #[inline(always)]
    pub const fn figure(from: Square, to: Square, fetch: Option<Body>) -> Self {
        let rider = match fetch {
            Some(b) => b as u32 + 1,
            None => 0,
        };
        OracleMove(from.index() as u32 | (to.index() as u32) << 6 | rider << 20)
    }

    /// A soul of class `soul` going from `from` to `to`, taking a soul of
    /// class `take` there, and summoning `summon` into the Priestess left.
    #[inline(always)]
    pub const fn soul(
        from: Square,
        to: Square,
        soul: Soul,
        take: Option<Soul>,
        summon: Option<Soul>,
    ) -> Self {
        let taken = match take {
            Some(s) => s as u32 + 1,
            None => 0,
        };
        let rider = match summon {
            Some(s) => s as u32 + 1,
            None => 0,
        };
        OracleMove(
            from.index() as u32
                | (to.index() as u32) << 6
                | 1 << 12
                | (soul as u32) << 14
                | taken << 17
                | rider << 20,
        )
    }

    /// The Soldier figure on `square` promoting.
    #[inline(always)]
    pub const fn promotion(square: Square) -> Self {
        OracleMove(square.index() as u32 | (square.index() as u32) << 6 | 2 << 12)
    }

    /// The square the figure or soul leaves (the promoting square).
    #[inline(always)]
    pub const fn from(self) -> Square {
        Square::new((self.0 & 63) as u8)
    }

    /// The square the figure or soul arrives on (the promoting square).
    #[inline(always)]
    pub const fn to(self) -> Square {
        Square::new((self.0 >> 6 & 63) as u8)
    }

    /// What the move does.
    #[inline(always)]
    pub const fn kind(self) -> MoveKind {
        match self.0 >> 12 & 3 {
            0 => MoveKind::Figure,
            1 => MoveKind::Soul,
            _ => MoveKind::Promotion,
        }
    }

    /// The class of the moving soul (soul moves).
    #[inline(always)]
    pub const fn soul_class(self) -> Soul {
        Soul::from_index((self.0 >> 14 & 7) as usize % 5)
    }

    /// The class of the soul taken (soul moves that take).
    #[inline(always)]
    pub const fn taken(self) -> Option<Soul> {
        match self.0 >> 17 & 7 {
            0 => None,
            n => Some(Soul::from_index((n as usize - 1) % 5)),
        }
    }

    /// The body class fetched by a Lord figure's move.
    #[inline(always)]
    pub const fn fetched(self) -> Option<Body> {
        match (self.kind(), self.0 >> 20 & 7) {
            (MoveKind::Figure, n) if n > 0 => Some(Body::ALL[(n as usize - 1) % 6]),
            _ => None,
        }
    }

    /// The soul class summoned into the Priestess a soul left.
    #[inline(always)]
    pub const fn summoned(self) -> Option<Soul> {
        match (self.kind(), self.0 >> 20 & 7) {
            (MoveKind::Soul, n) if n > 0 => Some(Soul::from_index((n as usize - 1) % 5)),
            _ => None,
        }
    }

    /// The same move without its fetch or summon rider.
    #[inline(always)]
    pub const fn without_rider(self) -> Self {
        OracleMove(self.0 & !(7 << 20))
    }

    /// The packed bits.
    #[inline(always)]
    pub const fn bits(self) -> u32 {
        self.0
    }

    /// Reads move text (syntax only; whether the move is legal is the
    /// position's question).
    pub fn parse(text: &str) -> Result<OracleMove, MoveError> {
        let syntax = || MoveError::Syntax(text.to_string());
        if !text.is_ascii() || text.len() > 16 {
            return Err(syntax());
        }
        if let Some(square) = text.strip_prefix("p@") {
            return Square::parse(square)
                .map(OracleMove::promotion)
                .ok_or_else(syntax);
        }
        let (soul, rest) = match text.split_once('~') {
            Some((letter, rest)) => {
                let mut chars = letter.chars();
                let soul = match (chars.next(), chars.next()) {
                    (Some(c), None) => Soul::from_letter(c).ok_or_else(syntax)?,
                    _ => return Err(syntax()),
                };
                (Some(soul), rest)
            }
            None => (None, text),
        };
        if rest.len() < 4 {
            return Err(syntax());
        }
        let from = Square::parse(&rest[..2]).ok_or_else(syntax)?;
        let to = Square::parse(&rest[2..4]).ok_or_else(syntax)?;
        let mut tail = &rest[4..];
        let mut take = None;
        if let Some(after) = tail.strip_prefix('x') {
            let c = after.chars().next().ok_or_else(syntax)?;
            take = Some(Soul::from_letter(c).ok_or_else(syntax)?);
            tail = &after[1..];
        }
        let mut rider = None;
        if let Some(after) = tail.strip_prefix('+') {
            let mut chars = after.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) => rider = Some(c),
                _ => return Err(syntax()),
            }
            tail = "";
        }
        if !tail.is_empty() {
            return Err(syntax());
        }
        match soul {
            Some(soul) => {
                let summon = match rider {
                    Some(c) => Some(Soul::from_letter(c).ok_or_else(syntax)?),
                    None => None,
                };
                Ok(OracleMove::soul(from, to, soul, take, summon))
            }
            None => {
                if take.is_some() {
                    return Err(syntax());
                }
                let fetch = match rider {
                    Some(c) if c.is_ascii_lowercase() && c != 'p' => {
                        Some(Body::from_letter(c).ok_or_else(syntax)?)
                    }
                    Some(_) => return Err(syntax()),
                    None => None,
                };
                Ok(OracleMove::figure(from, to, fetch))
            }
        }
    }
}

impl std::fmt::Display for OracleMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.kind() {
            MoveKind::Promotion => write!(f, "p@{}", self.from()),
            MoveKind::Figure => {
                write!(f, "{}{}", self.from(), self.to())?;
                match self.fetched() {
                    Some(body) => write!(f, "+{}", body.letter()),
                    None => Ok(()),
                }
            }
            MoveKind::Soul => {
                write!(
                    f,
                    "{}~{}{}",
                    self.soul_class().letter(),
                    self.from(),
                    self.to()
                )?;
                if let Some(taken) = self.taken() {
                    write!(f, "x{}", taken.letter())?;
                }
                match self.summoned() {
                    Some(soul) => write!(f, "+{}", soul.letter()),
                    None => Ok(()),
                }
            }
        }
    }
}

impl std::fmt::Debug for OracleMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{self}")
    }
}
