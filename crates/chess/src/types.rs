//! Colours, piece roles, pieces and castling rights.

pub use augur_core::Color;

/// What a piece is, regardless of colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// Pawn.
    Pawn = 0,
    /// Knight.
    Knight = 1,
    /// Bishop.
    Bishop = 2,
    /// Rook.
    Rook = 3,
    /// Queen.
    Queen = 4,
    /// King.
    King = 5,
}

impl Role {
    /// All roles, pawn first.
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];

    /// 0 (pawn) to 5 (king).
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The lowercase FEN letter.
    pub const fn letter(self) -> char {
        match self {
            Role::Pawn => 'p',
            Role::Knight => 'n',
            Role::Bishop => 'b',
            Role::Rook => 'r',
            Role::Queen => 'q',
            Role::King => 'k',
        }
    }

    /// The role of a FEN letter in either case.
    pub const fn from_letter(letter: char) -> Option<Role> {
        match letter.to_ascii_lowercase() {
            'p' => Some(Role::Pawn),
            'n' => Some(Role::Knight),
            'b' => Some(Role::Bishop),
            'r' => Some(Role::Rook),
            'q' => Some(Role::Queen),
            'k' => Some(Role::King),
            _ => None,
        }
    }
}

/// A coloured piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Its colour.
    pub color: Color,
    /// Its role.
    pub role: Role,
}

impl Piece {
    /// Index 0..12: colour * 6 + role.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.color.index() * 6 + self.role.index()
    }

    /// The FEN letter: uppercase for White.
    pub const fn letter(self) -> char {
        let c = self.role.letter();
        match self.color {
            Color::White => c.to_ascii_uppercase(),
            Color::Black => c,
        }
    }

    /// The piece of a FEN letter.
    pub const fn from_letter(letter: char) -> Option<Piece> {
        let color = if letter.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        match Role::from_letter(letter) {
            Some(role) => Some(Piece { color, role }),
            None => None,
        }
    }
}

/// Castling rights as four bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct CastlingRights(pub(crate) u8);

impl CastlingRights {
    /// White may castle king-side (O-O).
    pub const WHITE_KING_SIDE: u8 = 1;
    /// White may castle queen-side (O-O-O).
    pub const WHITE_QUEEN_SIDE: u8 = 2;
    /// Black may castle king-side.
    pub const BLACK_KING_SIDE: u8 = 4;
    /// Black may castle queen-side.
    pub const BLACK_QUEEN_SIDE: u8 = 8;

    /// Whether a right (one of the constants) is held.
    #[inline(always)]
    pub const fn has(self, right: u8) -> bool {
        self.0 & right != 0
    }

    /// The four bits, 0..16.
    #[inline(always)]
    pub const fn bits(self) -> u8 {
        self.0
    }
}
