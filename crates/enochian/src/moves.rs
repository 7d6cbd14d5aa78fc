//! The Enochian move, packed in 32 bits.

use crate::types::Kind;
use augur_core::Square;

const TO_SHIFT: u32 = 6;
const KIND_SHIFT: u32 = 12;
const PROMO_SHIFT: u32 = 15;
const PARTNER: u32 = 1 << 18;
const EXCHANGE: u32 = 1 << 19;
const LOST_TURN: u32 = 1 << 20;

/// A move: a piece going from one square to another (possibly a throne
/// partner leaving, possibly promoting), the exchange of prisoners, or a lost
/// turn in divination mode. `Default` (a1a1) is never generated.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct EnochianMove(u32);

impl EnochianMove {
    /// A piece of `kind` moving; `partner` when it leaves a shared throne as
    /// the King's partner; `promotion` the kind a pawn becomes.
    #[inline(always)]
    pub(crate) fn new(
        from: Square,
        to: Square,
        kind: Kind,
        partner: bool,
        promotion: Option<Kind>,
    ) -> Self {
        let promo = promotion.map_or(0, |k| k.index() as u32 + 1);
        EnochianMove(
            from.index() as u32
                | (to.index() as u32) << TO_SHIFT
                | (kind.index() as u32) << KIND_SHIFT
                | promo << PROMO_SHIFT
                | if partner { PARTNER } else { 0 },
        )
    }

    /// The agreed exchange of prisoners.
    pub const EXCHANGE: EnochianMove = EnochianMove(EXCHANGE);

    /// A lost turn in divination mode (`0000`).
    pub const LOST_TURN: EnochianMove = EnochianMove(LOST_TURN);

    /// The square the piece leaves.
    #[inline(always)]
    pub fn from(self) -> Square {
        Square::new((self.0 & 63) as u8)
    }

    /// The square the piece goes to.
    #[inline(always)]
    pub fn to(self) -> Square {
        Square::new((self.0 >> TO_SHIFT & 63) as u8)
    }

    /// The kind of the moving piece.
    #[inline(always)]
    pub fn kind(self) -> Kind {
        Kind::ALL[(self.0 >> KIND_SHIFT & 7) as usize % 6]
    }

    /// Whether the mover is a throne partner leaving its King.
    #[inline(always)]
    pub fn is_partner(self) -> bool {
        self.0 & PARTNER != 0
    }

    /// The kind a promoting pawn becomes.
    #[inline(always)]
    pub fn promotion(self) -> Option<Kind> {
        match self.0 >> PROMO_SHIFT & 7 {
            0 => None,
            n => Some(Kind::ALL[(n as usize - 1) % 6]),
        }
    }

    /// Whether this is the exchange of prisoners.
    #[inline(always)]
    pub fn is_exchange(self) -> bool {
        self.0 & EXCHANGE != 0
    }

    /// Whether this is a lost turn.
    #[inline(always)]
    pub fn is_lost_turn(self) -> bool {
        self.0 & LOST_TURN != 0
    }

    /// The packed bits.
    pub fn bits(self) -> u32 {
        self.0
    }
}

impl std::fmt::Display for EnochianMove {
    /// The move text: `e2e3`, `e7e8q`, `h8h6Q`, `exchange`, `0000`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.is_exchange() {
            return f.write_str("exchange");
        }
        if self.is_lost_turn() {
            return f.write_str("0000");
        }
        write!(f, "{}{}", self.from(), self.to())?;
        if let Some(k) = self.promotion() {
            write!(f, "{}", k.letter().to_ascii_lowercase())?;
        }
        if self.is_partner() {
            write!(f, "{}", self.kind().letter())?;
        }
        Ok(())
    }
}
