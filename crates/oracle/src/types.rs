//! Colours, body classes, soul classes and the packed content of a square.

pub use augur_core::Color;

/// The six classes of body.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Body {
    /// Lord (L): hosts a Lord soul.
    Lord = 0,
    /// Priestess (P): hosts up to three souls; living with Chariot,
    /// Elephant and Horse souls only.
    Priestess = 1,
    /// Chariot (C).
    Chariot = 2,
    /// Elephant (E).
    Elephant = 3,
    /// Horse (H).
    Horse = 4,
    /// Soldier (S).
    Soldier = 5,
}

impl Body {
    /// All classes in position-string order (L P C E H S).
    pub const ALL: [Body; 6] = [
        Body::Lord,
        Body::Priestess,
        Body::Chariot,
        Body::Elephant,
        Body::Horse,
        Body::Soldier,
    ];

    /// 0..6.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The lowercase letter.
    pub const fn letter(self) -> char {
        ['l', 'p', 'c', 'e', 'h', 's'][self as usize]
    }

    /// The class of a letter, either case.
    pub fn from_letter(c: char) -> Option<Body> {
        Body::ALL
            .into_iter()
            .find(|b| b.letter() == c.to_ascii_lowercase())
    }

    /// How many souls the body holds when fully possessed.
    #[inline(always)]
    pub const fn capacity(self) -> u32 {
        match self {
            Body::Priestess => 3,
            _ => 1,
        }
    }

    /// How many bodies of this class the game starts with (both colours).
    pub const fn starting_total(self) -> u32 {
        [2, 2, 4, 4, 4, 16][self as usize]
    }

    /// Whether a soul of class `soul` matches this body.
    #[inline(always)]
    pub const fn matches(self, soul: Soul) -> bool {
        match self {
            Body::Priestess => matches!(soul, Soul::Chariot | Soul::Elephant | Soul::Horse),
            Body::Lord => matches!(soul, Soul::Lord),
            Body::Chariot => matches!(soul, Soul::Chariot),
            Body::Elephant => matches!(soul, Soul::Elephant),
            Body::Horse => matches!(soul, Soul::Horse),
            Body::Soldier => matches!(soul, Soul::Soldier),
        }
    }

    /// The soul class of the same name (`None` for the Priestess).
    pub const fn own_soul(self) -> Option<Soul> {
        match self {
            Body::Lord => Some(Soul::Lord),
            Body::Priestess => None,
            Body::Chariot => Some(Soul::Chariot),
            Body::Elephant => Some(Soul::Elephant),
            Body::Horse => Some(Soul::Horse),
            Body::Soldier => Some(Soul::Soldier),
        }
    }
}

/// The five classes of soul (souls have no colour).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Soul {
    /// Lord soul: king steps.
    Lord = 0,
    /// Chariot soul: rook lines.
    Chariot = 1,
    /// Elephant soul: bishop lines.
    Elephant = 2,
    /// Horse soul: knight jumps.
    Horse = 3,
    /// Soldier soul: one step forward, takes one step diagonally forward.
    Soldier = 4,
}

impl Soul {
    /// All classes in position-string order (l c e h s).
    pub const ALL: [Soul; 5] = [
        Soul::Lord,
        Soul::Chariot,
        Soul::Elephant,
        Soul::Horse,
        Soul::Soldier,
    ];

    /// 0..5.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The lowercase letter.
    pub const fn letter(self) -> char {
        ['l', 'c', 'e', 'h', 's'][self as usize]
    }

    /// The class of a lowercase letter.
    pub fn from_letter(c: char) -> Option<Soul> {
        Soul::ALL.into_iter().find(|s| s.letter() == c)
    }

    /// How many souls of this class the game starts with.
    pub const fn starting_total(self) -> u32 {
        [2, 4, 4, 4, 16][self as usize]
    }

    pub(crate) const fn from_index(i: usize) -> Soul {
        Soul::ALL[i]
    }
}

/// What stands on one square, packed in 16 bits: bits 0-2 body class + 1
/// (0 = empty square), bit 3 the body's colour (1 = Black), then two bits
/// per soul class (l c e h s) counting the souls of that class it hosts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Cell(pub(crate) u16);

impl Cell {
    /// An empty square.
    pub const EMPTY: Cell = Cell(0);

    /// A body with no soul.
    #[inline(always)]
    pub const fn lifeless(color: Color, body: Body) -> Cell {
        Cell((body as u16 + 1) | (color as u16) << 3)
    }

    /// Whether no body stands here.
    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 & 7 == 0
    }

    /// The body class (`None` on an empty square).
    #[inline(always)]
    pub const fn body(self) -> Option<Body> {
        match self.0 & 7 {
            0 => None,
            n => Some(Body::ALL[n as usize - 1]),
        }
    }

    /// The body's colour (meaningless on an empty square).
    #[inline(always)]
    pub const fn color(self) -> Color {
        if self.0 & 8 == 0 {
            Color::White
        } else {
            Color::Black
        }
    }

    /// How many souls of class `soul` are hosted here.
    #[inline(always)]
    pub const fn count(self, soul: Soul) -> u32 {
        ((self.0 >> (4 + 2 * soul as u16)) & 3) as u32
    }

    /// The bits of the soul counts (zero when no soul is hosted).
    #[inline(always)]
    pub const fn soul_bits(self) -> u16 {
        self.0 >> 4
    }

    /// How many souls are hosted here.
    #[inline(always)]
    pub const fn souls(self) -> u32 {
        let s = self.soul_bits();
        (s & 0x155).count_ones() + 2 * (s & 0x2AA).count_ones()
    }

    /// Whether a body stands here with room for another soul.
    #[inline(always)]
    pub fn has_room(self) -> bool {
        self.body().is_some_and(|b| self.souls() < b.capacity())
    }

    /// The body is living (a figure): at least one soul, all matching.
    pub fn is_living(self) -> bool {
        let Some(body) = self.body() else {
            return false;
        };
        self.souls() > 0
            && Soul::ALL
                .into_iter()
                .all(|s| self.count(s) == 0 || body.matches(s))
    }

    /// The cell with one more soul of class `soul`.
    #[inline(always)]
    pub(crate) const fn with_soul(self, soul: Soul) -> Cell {
        Cell(self.0 + (1 << (4 + 2 * soul as u16)))
    }

    /// The cell with one soul of class `soul` fewer (one must be hosted).
    #[inline(always)]
    pub(crate) const fn without_soul(self, soul: Soul) -> Cell {
        Cell(self.0 - (1 << (4 + 2 * soul as u16)))
    }

    /// The soul classes hosted here, each once.
    pub fn soul_classes(self) -> impl Iterator<Item = Soul> {
        Soul::ALL.into_iter().filter(move |&s| self.count(s) > 0)
    }
}

/// Whether `color`'s pawns move towards higher ranks (White's do).
pub const fn upwards(color: Color) -> bool {
    matches!(color, Color::White)
}

/// The rank (0-7) on which `color`'s pawns promote.
pub const fn last_rank(color: Color) -> u8 {
    match color {
        Color::White => 7,
        Color::Black => 0,
    }
}
