//! Armies, teams, piece kinds and the fixed geometry of each army (throne,
//! pawn direction, promotion line).

use augur_core::{Bitboard, Color, Square};

/// One of the four armies. The discriminant is the index used everywhere
/// (bitboards, keys, the position string's `y b r k` order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Army {
    /// Upper left, throne a8, pawns move down.
    Yellow = 0,
    /// Upper right, throne h8, pawns move left.
    Blue = 1,
    /// Lower right, throne h1, pawns move up.
    Red = 2,
    /// Lower left, throne a1, pawns move right.
    Black = 3,
}

impl Army {
    /// All armies in the clockwise (deosil) order `y b r k`.
    pub const ALL: [Army; 4] = [Army::Yellow, Army::Blue, Army::Red, Army::Black];

    /// The army with index `i` (0..4).
    #[inline(always)]
    pub const fn from_index(i: usize) -> Army {
        Army::ALL[i & 3]
    }

    /// 0..4 in `y b r k` order.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The army's letter in position strings.
    pub const fn letter(self) -> char {
        ['y', 'b', 'r', 'k'][self as usize]
    }

    /// The army named by a position-string letter.
    pub fn from_letter(c: char) -> Option<Army> {
        Army::ALL.into_iter().find(|a| a.letter() == c)
    }

    /// The army's name for people.
    pub const fn name(self) -> &'static str {
        ["Yellow", "Blue", "Red", "Black"][self as usize]
    }

    /// Blue and Black are the first team, Red and Yellow the second.
    #[inline(always)]
    pub const fn team(self) -> Color {
        match self {
            Army::Blue | Army::Black => Color::White,
            Army::Red | Army::Yellow => Color::Black,
        }
    }

    /// The allied army (diagonally opposite).
    #[inline(always)]
    pub const fn ally(self) -> Army {
        Army::from_index(self as usize + 2)
    }

    /// The next army in the turn cycle.
    #[inline(always)]
    pub const fn next(self, clockwise: bool) -> Army {
        Army::from_index(self as usize + if clockwise { 1 } else { 3 })
    }

    /// The army's throne, the corner square of its angle.
    pub const fn throne(self) -> Square {
        Square::new([56, 63, 7, 0][self as usize])
    }

    /// The step a pawn of this army makes forward, as (file, rank) deltas.
    pub const fn forward(self) -> (i32, i32) {
        [(0, -1), (-1, 0), (0, 1), (1, 0)][self as usize]
    }

    /// The line a pawn of this army promotes on.
    pub const fn promotion_line(self) -> Bitboard {
        [
            Bitboard::rank(0),
            Bitboard::file(0),
            Bitboard::rank(7),
            Bitboard::file(7),
        ][self as usize]
    }

    /// The squares of the army's starting angle, numbered 1 (throne) to 4
    /// along the edge, and the pawn squares in front of them.
    pub const fn array_squares(self) -> ([Square; 4], [Square; 4]) {
        let (pieces, pawns) = match self {
            Army::Yellow => ([56, 57, 58, 59], [48, 49, 50, 51]),
            Army::Blue => ([63, 55, 47, 39], [62, 54, 46, 38]),
            Army::Red => ([7, 6, 5, 4], [15, 14, 13, 12]),
            Army::Black => ([0, 8, 16, 24], [1, 9, 17, 25]),
        };
        (
            [
                Square::new(pieces[0]),
                Square::new(pieces[1]),
                Square::new(pieces[2]),
                Square::new(pieces[3]),
            ],
            [
                Square::new(pawns[0]),
                Square::new(pawns[1]),
                Square::new(pawns[2]),
                Square::new(pawns[3]),
            ],
        )
    }
}

/// The two armies of a team.
pub const fn team_armies(team: Color) -> [Army; 2] {
    match team {
        Color::White => [Army::Blue, Army::Black],
        Color::Black => [Army::Yellow, Army::Red],
    }
}

/// A kind of piece. Pawns also have a [`PawnType`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// Steps one square; is taken, not mated.
    King = 0,
    /// Leaps exactly two squares orthogonally or diagonally.
    Queen = 1,
    /// Slides orthogonally.
    Rook = 2,
    /// Slides diagonally.
    Bishop = 3,
    /// Leaps as in chess.
    Knight = 4,
    /// Steps forward, takes diagonally forward.
    Pawn = 5,
}

impl Kind {
    /// All kinds, King first.
    pub const ALL: [Kind; 6] = [
        Kind::King,
        Kind::Queen,
        Kind::Rook,
        Kind::Bishop,
        Kind::Knight,
        Kind::Pawn,
    ];

    /// 0..6.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The upper-case letter of the position string.
    pub const fn letter(self) -> char {
        ['K', 'Q', 'R', 'B', 'N', 'P'][self as usize]
    }

    /// The kind named by an upper-case letter.
    pub fn from_letter(c: char) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.letter() == c)
    }

    /// The kind a pawn of `pawn_type` promotes to normally.
    pub const fn from_pawn_type(t: PawnType) -> Kind {
        [Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight][t as usize]
    }

    /// The pawn type of a Queen, Rook, Bishop or Knight.
    pub const fn pawn_type(self) -> Option<PawnType> {
        match self {
            Kind::Queen => Some(PawnType::Queen),
            Kind::Rook => Some(PawnType::Rook),
            Kind::Bishop => Some(PawnType::Bishop),
            Kind::Knight => Some(PawnType::Knight),
            _ => None,
        }
    }
}

/// Which piece a pawn belongs to (and promotes to normally).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PawnType {
    /// A pawn of the Queen.
    Queen = 0,
    /// A pawn of the Rook.
    Rook = 1,
    /// A pawn of the Bishop.
    Bishop = 2,
    /// A pawn of the Knight.
    Knight = 3,
}

impl PawnType {
    /// All four types.
    pub const ALL: [PawnType; 4] = [
        PawnType::Queen,
        PawnType::Rook,
        PawnType::Bishop,
        PawnType::Knight,
    ];

    /// 0..4.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The type's letter (that of its piece).
    pub const fn letter(self) -> char {
        Kind::from_pawn_type(self).letter()
    }
}

/// A piece as it stands on a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Its army.
    pub army: Army,
    /// Its kind.
    pub kind: Kind,
    /// For a pawn, its type.
    pub pawn_type: Option<PawnType>,
}
