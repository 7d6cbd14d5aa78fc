//! Colours and piece kinds.

pub use augur_core::Color;

/// Ultima's pieces (vchess letters in brackets).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// King (K).
    King = 0,
    /// Withdrawer (Q).
    Withdrawer = 1,
    /// Coordinator (R).
    Coordinator = 2,
    /// Long leaper (N).
    Leaper = 3,
    /// Chameleon (B).
    Chameleon = 4,
    /// Pincer, the pawn (P).
    Pincer = 5,
    /// Immobilizer (M).
    Immobilizer = 6,
}

impl Kind {
    /// All kinds.
    pub const ALL: [Kind; 7] = [
        Kind::King,
        Kind::Withdrawer,
        Kind::Coordinator,
        Kind::Leaper,
        Kind::Chameleon,
        Kind::Pincer,
        Kind::Immobilizer,
    ];

    /// 0..7.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The lowercase vchess letter.
    pub const fn letter(self) -> char {
        ['k', 'q', 'r', 'n', 'b', 'p', 'm'][self as usize]
    }

    /// The kind of a vchess letter, either case.
    pub fn from_letter(c: char) -> Option<Kind> {
        Kind::ALL
            .into_iter()
            .find(|k| k.letter() == c.to_ascii_lowercase())
    }
}
