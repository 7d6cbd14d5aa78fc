//! Tokens, squares, the position and its string form (parsing, validation,
//! canonical output).

use std::fmt;

/// A side (and the colour of a body).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    /// Moves first.
    White,
    /// Moves second.
    Black,
}

impl Colour {
    /// The other side.
    pub fn opponent(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }

    /// 0 for White, 1 for Black (index into the earth).
    pub fn index(self) -> usize {
        match self {
            Colour::White => 0,
            Colour::Black => 1,
        }
    }

    /// Rank step of "forward" for this colour: White up, Black down.
    pub fn forward(self) -> i32 {
        match self {
            Colour::White => 1,
            Colour::Black => -1,
        }
    }

    /// The rank (0-based) that is the last rank for this colour's Soldiers.
    pub fn last_rank(self) -> u8 {
        match self {
            Colour::White => 7,
            Colour::Black => 0,
        }
    }
}

/// A class of body.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum BodyClass {
    /// Lord.
    Lord,
    /// Priestess.
    Priestess,
    /// Chariot.
    Chariot,
    /// Elephant.
    Elephant,
    /// Horse.
    Horse,
    /// Soldier.
    Soldier,
}

impl BodyClass {
    /// All classes, in the order of the position string (L P C E H S).
    pub const ALL: [BodyClass; 6] = [
        BodyClass::Lord,
        BodyClass::Priestess,
        BodyClass::Chariot,
        BodyClass::Elephant,
        BodyClass::Horse,
        BodyClass::Soldier,
    ];

    /// Index into count arrays (same order as `ALL`).
    pub fn index(self) -> usize {
        self as usize
    }

    /// Upper-case letter.
    pub fn letter(self) -> char {
        match self {
            BodyClass::Lord => 'L',
            BodyClass::Priestess => 'P',
            BodyClass::Chariot => 'C',
            BodyClass::Elephant => 'E',
            BodyClass::Horse => 'H',
            BodyClass::Soldier => 'S',
        }
    }

    /// Colour and class of a body letter (upper case White, lower case Black).
    pub fn from_letter(c: char) -> Option<(Colour, BodyClass)> {
        let colour = if c.is_ascii_uppercase() {
            Colour::White
        } else {
            Colour::Black
        };
        let class = BodyClass::ALL
            .into_iter()
            .find(|b| b.letter() == c.to_ascii_uppercase())?;
        Some((colour, class))
    }

    /// How many souls a body of this class can host.
    pub fn capacity(self) -> u8 {
        if self == BodyClass::Priestess { 3 } else { 1 }
    }

    /// How many bodies of this class exist at the start (both colours).
    pub fn starting_total(self) -> u8 {
        match self {
            BodyClass::Lord | BodyClass::Priestess => 2,
            BodyClass::Chariot | BodyClass::Elephant | BodyClass::Horse => 4,
            BodyClass::Soldier => 16,
        }
    }

    /// Whether a soul of class `soul` matches this body.
    pub fn matches(self, soul: SoulClass) -> bool {
        matches!(
            (self, soul),
            (BodyClass::Lord, SoulClass::Lord)
                | (BodyClass::Chariot, SoulClass::Chariot)
                | (BodyClass::Elephant, SoulClass::Elephant)
                | (BodyClass::Horse, SoulClass::Horse)
                | (BodyClass::Soldier, SoulClass::Soldier)
                | (BodyClass::Priestess, SoulClass::Chariot)
                | (BodyClass::Priestess, SoulClass::Elephant)
                | (BodyClass::Priestess, SoulClass::Horse)
        )
    }
}

/// A class of soul (there is no Priestess soul).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SoulClass {
    /// Lord soul.
    Lord,
    /// Chariot soul.
    Chariot,
    /// Elephant soul.
    Elephant,
    /// Horse soul.
    Horse,
    /// Soldier soul.
    Soldier,
}

impl SoulClass {
    /// All classes, in the order of the position string (l c e h s).
    pub const ALL: [SoulClass; 5] = [
        SoulClass::Lord,
        SoulClass::Chariot,
        SoulClass::Elephant,
        SoulClass::Horse,
        SoulClass::Soldier,
    ];

    /// Index into count arrays (same order as `ALL`).
    pub fn index(self) -> usize {
        self as usize
    }

    /// Lower-case letter.
    pub fn letter(self) -> char {
        match self {
            SoulClass::Lord => 'l',
            SoulClass::Chariot => 'c',
            SoulClass::Elephant => 'e',
            SoulClass::Horse => 'h',
            SoulClass::Soldier => 's',
        }
    }

    /// Class of a lower-case soul letter.
    pub fn from_letter(c: char) -> Option<SoulClass> {
        SoulClass::ALL.into_iter().find(|s| s.letter() == c)
    }

    /// How many souls of this class exist at the start.
    pub fn starting_total(self) -> u8 {
        match self {
            SoulClass::Lord => 2,
            SoulClass::Chariot | SoulClass::Elephant | SoulClass::Horse => 4,
            SoulClass::Soldier => 16,
        }
    }
}

/// A body on the board: its colour, class, and how many souls of each class
/// it hosts (`souls[SoulClass::index()]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Body {
    /// The body's colour.
    pub colour: Colour,
    /// The body's class.
    pub class: BodyClass,
    /// How many souls of each class it hosts.
    pub souls: [u8; 5],
}

impl Body {
    /// A body hosting no soul.
    pub fn lifeless(colour: Colour, class: BodyClass) -> Body {
        Body {
            colour,
            class,
            souls: [0; 5],
        }
    }

    /// Number of souls hosted.
    pub fn soul_count(&self) -> u8 {
        self.souls.iter().sum()
    }

    /// Hosts at least one soul of `soul`.
    pub fn hosts(&self, soul: SoulClass) -> bool {
        self.souls[soul.index()] > 0
    }

    /// The distinct classes of soul hosted, in l c e h s order.
    pub fn hosted_classes(&self) -> Vec<SoulClass> {
        SoulClass::ALL
            .into_iter()
            .filter(|&s| self.hosts(s))
            .collect()
    }

    /// Below capacity ("not fully possessed").
    pub fn has_room(&self) -> bool {
        self.soul_count() < self.class.capacity()
    }

    /// Living: at least one soul and every hosted soul matches the body.
    pub fn is_figure(&self) -> bool {
        self.soul_count() > 0 && self.hosted_classes().iter().all(|&s| self.class.matches(s))
    }

    /// The letter of the body (case by colour).
    pub fn letter(&self) -> char {
        match self.colour {
            Colour::White => self.class.letter(),
            Colour::Black => self.class.letter().to_ascii_lowercase(),
        }
    }
}

impl fmt::Display for Body {
    /// Canonical square content: a bare letter when it says the same
    /// (exactly one soul of the body's own class; for a Priestess, no soul),
    /// otherwise the letter and the souls in parentheses in l c e h s order.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let bare = if self.class == BodyClass::Priestess {
            self.soul_count() == 0
        } else {
            let mut own = [0u8; 5];
            let own_soul = SoulClass::ALL
                .into_iter()
                .find(|&s| self.class.matches(s))
                .expect("every non-Priestess body matches one soul class");
            own[own_soul.index()] = 1;
            self.souls == own
        };
        write!(f, "{}", self.letter())?;
        if !bare {
            write!(f, "(")?;
            for s in SoulClass::ALL {
                for _ in 0..self.souls[s.index()] {
                    write!(f, "{}", s.letter())?;
                }
            }
            write!(f, ")")?;
        }
        Ok(())
    }
}

/// A square. `file` 0..8 is a..h, `rank` 0..8 is 1..8.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    /// File, 0 (a) to 7 (h).
    pub file: u8,
    /// Rank, 0 (rank 1) to 7 (rank 8).
    pub rank: u8,
}

impl Square {
    /// The square at `file`, `rank` (0-based); `None` off the board.
    pub fn new(file: i32, rank: i32) -> Option<Square> {
        if (0..8).contains(&file) && (0..8).contains(&rank) {
            Some(Square {
                file: file as u8,
                rank: rank as u8,
            })
        } else {
            None
        }
    }

    /// This square moved by (`df`, `dr`); `None` off the board.
    pub fn offset(self, df: i32, dr: i32) -> Option<Square> {
        Square::new(self.file as i32 + df, self.rank as i32 + dr)
    }

    /// Parses `a1`..`h8`.
    pub fn parse(text: &str) -> Option<Square> {
        let b = text.as_bytes();
        if b.len() != 2 || !(b'a'..=b'h').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
            return None;
        }
        Some(Square {
            file: b[0] - b'a',
            rank: b[1] - b'1',
        })
    }

    /// All 64 squares, a1 b1 .. h1 a2 .. h8.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..8u8).flat_map(|rank| (0..8u8).map(move |file| Square { file, rank }))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            (b'a' + self.file) as char,
            (b'1' + self.rank) as char
        )
    }
}

/// A complete position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// `board[rank][file]`, rank 0 is rank 1.
    pub board: [[Option<Body>; 8]; 8],
    /// `earth[colour.index()][body_class.index()]`: bodies in the earth, by
    /// their (already switched) colour.
    pub earth: [[u8; 6]; 2],
    /// `underworld[soul_class.index()]`: souls in the underworld.
    pub underworld: [u8; 5],
    /// Side to move.
    pub side: Colour,
    /// Plies counted by the quiet rule.
    pub quiet: u32,
    /// Current round, from 1, incremented after Black's move.
    pub round: u32,
}

/// The start position.
pub const START: &str = "cheplehc/ssssssss/8/8/8/8/SSSSSSSS/CHEPLEHC - - w 0 1";

impl Position {
    /// The body on `sq`.
    pub fn at(&self, sq: Square) -> Option<Body> {
        self.board[sq.rank as usize][sq.file as usize]
    }

    /// Puts `body` (or nothing) on `sq`.
    pub fn set(&mut self, sq: Square, body: Option<Body>) {
        self.board[sq.rank as usize][sq.file as usize] = body;
    }

    /// Mutable access to the body on `sq` (panics if the square is empty).
    pub fn body_mut(&mut self, sq: Square) -> &mut Body {
        self.board[sq.rank as usize][sq.file as usize]
            .as_mut()
            .expect("a body on the square")
    }

    /// Parses a position string `<board> <earth> <underworld> <side> <quiet>
    /// <round>` and checks the rulings' conditions on it.
    pub fn parse(text: &str) -> Result<Position, String> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() != 6 {
            return Err(format!(
                "expected 6 fields (board earth underworld side quiet round), got {}",
                fields.len()
            ));
        }
        let board = parse_board(fields[0])?;
        let earth = parse_earth(fields[1])?;
        let underworld = parse_underworld(fields[2])?;
        let side = match fields[3] {
            "w" => Colour::White,
            "b" => Colour::Black,
            other => return Err(format!("side must be 'w' or 'b', not '{other}'")),
        };
        let quiet = parse_number(fields[4], "quiet counter")?;
        let round = parse_number(fields[5], "round")?;
        if round == 0 {
            return Err("round must be at least 1".into());
        }
        let pos = Position {
            board,
            earth,
            underworld,
            side,
            quiet,
            round,
        };
        pos.validate()?;
        Ok(pos)
    }

    /// The rulings' rejection rules (the syntax is already checked).
    fn validate(&self) -> Result<(), String> {
        // Souls sit only in bodies within capacity.
        for sq in Square::all() {
            if let Some(b) = self.at(sq)
                && b.soul_count() > b.class.capacity()
            {
                return Err(format!(
                    "the {:?} body on {sq} hosts {} souls, more than its capacity {}",
                    b.class,
                    b.soul_count(),
                    b.class.capacity()
                ));
            }
        }
        // No class of body or soul exceeds its starting total.
        for class in BodyClass::ALL {
            let on_board = self.bodies_on_board(class);
            let total = on_board
                + self.earth[0][class.index()] as u32
                + self.earth[1][class.index()] as u32;
            if total > class.starting_total() as u32 {
                return Err(format!(
                    "{total} {class:?} bodies on the board and in the earth, more than the {} of the start",
                    class.starting_total()
                ));
            }
        }
        for class in SoulClass::ALL {
            let total = self.souls_on_board(class) + self.underworld[class.index()] as u32;
            if total > class.starting_total() as u32 {
                return Err(format!(
                    "{total} {class:?} souls on the board and in the underworld, more than the {} of the start",
                    class.starting_total()
                ));
            }
        }
        // Each side controls exactly one Lord soul.
        for colour in [Colour::White, Colour::Black] {
            let n: u32 = Square::all()
                .filter_map(|sq| self.at(sq))
                .filter(|b| b.colour == colour)
                .map(|b| b.souls[SoulClass::Lord.index()] as u32)
                .sum();
            if n != 1 {
                return Err(format!(
                    "{colour:?} controls {n} Lord souls (bodies of its colour must host exactly one)"
                ));
            }
        }
        // The side not to move is not in check.
        if crate::rules::lord_soul_attacked(self, self.side.opponent()) {
            return Err(format!(
                "the side not to move ({:?}) is in check",
                self.side.opponent()
            ));
        }
        Ok(())
    }

    fn bodies_on_board(&self, class: BodyClass) -> u32 {
        Square::all()
            .filter_map(|sq| self.at(sq))
            .filter(|b| b.class == class)
            .count() as u32
    }

    fn souls_on_board(&self, class: SoulClass) -> u32 {
        Square::all()
            .filter_map(|sq| self.at(sq))
            .map(|b| b.souls[class.index()] as u32)
            .sum()
    }
}

/// A quiet counter or round: decimal digits only, fitting in a `u32`.
fn parse_number(text: &str, what: &str) -> Result<u32, String> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("{what} must be a decimal number, not '{text}'"));
    }
    text.parse()
        .map_err(|_| format!("{what} '{text}' is too large"))
}

/// Board field: ranks 8 to 1 separated by `/`.
fn parse_board(text: &str) -> Result<[[Option<Body>; 8]; 8], String> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 8 {
        return Err(format!(
            "board must have 8 ranks separated by '/', got {}",
            ranks.len()
        ));
    }
    let mut board = [[None; 8]; 8];
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = 7 - i;
        let rank_name = rank + 1;
        let chars: Vec<char> = rank_text.chars().collect();
        let mut file = 0usize;
        let mut k = 0usize;
        let mut previous_was_digit = false;
        while k < chars.len() {
            let c = chars[k];
            if let Some(d) = c.to_digit(10) {
                if !(1..=8).contains(&d) {
                    return Err(format!(
                        "rank {rank_name}: empty-run digit must be 1 to 8, not '{c}'"
                    ));
                }
                if previous_was_digit {
                    return Err(format!("rank {rank_name}: two digits in a row"));
                }
                previous_was_digit = true;
                file += d as usize;
                if file > 8 {
                    return Err(format!("rank {rank_name} has more than 8 squares"));
                }
                k += 1;
                continue;
            }
            previous_was_digit = false;
            let Some((colour, class)) = BodyClass::from_letter(c) else {
                return Err(format!("rank {rank_name}: unexpected character '{c}'"));
            };
            let mut body = Body::lifeless(colour, class);
            k += 1;
            if k < chars.len() && chars[k] == '(' {
                k += 1;
                loop {
                    let Some(&s) = chars.get(k) else {
                        return Err(format!("rank {rank_name}: unclosed '('"));
                    };
                    k += 1;
                    if s == ')' {
                        break;
                    }
                    let Some(soul) = SoulClass::from_letter(s) else {
                        return Err(format!(
                            "rank {rank_name}: '{s}' is not a soul letter (l c e h s, lower case)"
                        ));
                    };
                    // Cap the count well above any capacity so that absurd
                    // strings cannot overflow; capacity is checked later.
                    if body.souls[soul.index()] >= 16 {
                        return Err(format!("rank {rank_name}: too many souls in one body"));
                    }
                    body.souls[soul.index()] += 1;
                }
            } else if class != BodyClass::Priestess {
                // A bare letter: one soul of the body's own class.
                let own = SoulClass::ALL
                    .into_iter()
                    .find(|&s| class.matches(s))
                    .expect("every non-Priestess body matches one soul class");
                body.souls[own.index()] = 1;
            }
            if file >= 8 {
                return Err(format!("rank {rank_name} has more than 8 squares"));
            }
            board[rank][file] = Some(body);
            file += 1;
        }
        if file != 8 {
            return Err(format!("rank {rank_name} has {file} squares, not 8"));
        }
    }
    Ok(board)
}

/// Earth field: body letters (case = colour) or `-`.
fn parse_earth(text: &str) -> Result<[[u8; 6]; 2], String> {
    let mut earth = [[0u8; 6]; 2];
    if text == "-" {
        return Ok(earth);
    }
    for c in text.chars() {
        let Some((colour, class)) = BodyClass::from_letter(c) else {
            return Err(format!(
                "earth: '{c}' is not a body letter (L P C E H S, either case) and the field is not '-'"
            ));
        };
        let n = &mut earth[colour.index()][class.index()];
        if *n >= 32 {
            return Err("earth: too many bodies".into());
        }
        *n += 1;
    }
    Ok(earth)
}

/// Underworld field: lower-case soul letters or `-`.
fn parse_underworld(text: &str) -> Result<[u8; 5], String> {
    let mut underworld = [0u8; 5];
    if text == "-" {
        return Ok(underworld);
    }
    for c in text.chars() {
        let Some(soul) = SoulClass::from_letter(c) else {
            return Err(format!(
                "underworld: '{c}' is not a soul letter (l c e h s, lower case) and the field is not '-'"
            ));
        };
        let n = &mut underworld[soul.index()];
        if *n >= 32 {
            return Err("underworld: too many souls".into());
        }
        *n += 1;
    }
    Ok(underworld)
}

impl fmt::Display for Position {
    /// The canonical position string.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match self.board[rank][file] {
                    None => empty += 1,
                    Some(body) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        write!(f, "{body}")?;
                    }
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if rank > 0 {
                write!(f, "/")?;
            }
        }
        let mut earth = String::new();
        for colour in [Colour::White, Colour::Black] {
            for class in BodyClass::ALL {
                let letter = Body::lifeless(colour, class).letter();
                for _ in 0..self.earth[colour.index()][class.index()] {
                    earth.push(letter);
                }
            }
        }
        if earth.is_empty() {
            earth.push('-');
        }
        let mut underworld = String::new();
        for soul in SoulClass::ALL {
            for _ in 0..self.underworld[soul.index()] {
                underworld.push(soul.letter());
            }
        }
        if underworld.is_empty() {
            underworld.push('-');
        }
        let side = match self.side {
            Colour::White => 'w',
            Colour::Black => 'b',
        };
        write!(
            f,
            " {earth} {underworld} {side} {} {}",
            self.quiet, self.round
        )
    }
}
