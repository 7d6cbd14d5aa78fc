//! Plain data: armies, pieces, squares, the position, its string form and the
//! 32 named start arrays.

use std::fmt;

/// One of the four armies. The order of the variants is the y, b, r, k order
/// of the rulings (used for the frozen and control fields and for exchange).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
pub enum Army {
    /// The Yellow army.
    Yellow,
    /// The Blue army.
    Blue,
    /// The Red army.
    Red,
    /// The Black army.
    Black,
}

/// The two teams: Blue + Black against Red + Yellow.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Team {
    /// Blue and Black, the team that moves first.
    BlueBlack,
    /// Red and Yellow.
    RedYellow,
}

impl Team {
    /// `bk` or `ry` (the army letters of the team).
    pub fn code(self) -> &'static str {
        match self {
            Team::BlueBlack => "bk",
            Team::RedYellow => "ry",
        }
    }

    /// The team's two armies.
    pub fn armies(self) -> [Army; 2] {
        match self {
            Team::BlueBlack => [Army::Blue, Army::Black],
            Team::RedYellow => [Army::Red, Army::Yellow],
        }
    }

    /// The other team.
    pub fn other(self) -> Team {
        match self {
            Team::BlueBlack => Team::RedYellow,
            Team::RedYellow => Team::BlueBlack,
        }
    }
}

impl Army {
    /// y, b, r, k order.
    pub const ALL: [Army; 4] = [Army::Yellow, Army::Blue, Army::Red, Army::Black];

    /// The army's index (Yellow 0, Blue 1, Red 2, Black 3).
    pub fn index(self) -> usize {
        self as usize
    }

    /// The army's letter in position strings (y, b, r, k).
    pub fn letter(self) -> char {
        match self {
            Army::Yellow => 'y',
            Army::Blue => 'b',
            Army::Red => 'r',
            Army::Black => 'k',
        }
    }

    /// The army a position-string letter names.
    pub fn from_letter(c: char) -> Option<Army> {
        match c {
            'y' => Some(Army::Yellow),
            'b' => Some(Army::Blue),
            'r' => Some(Army::Red),
            'k' => Some(Army::Black),
            _ => None,
        }
    }

    /// The team the army plays for.
    pub fn team(self) -> Team {
        match self {
            Army::Blue | Army::Black => Team::BlueBlack,
            Army::Red | Army::Yellow => Team::RedYellow,
        }
    }

    /// The other army of the same team (diagonally opposite).
    pub fn ally(self) -> Army {
        match self {
            Army::Yellow => Army::Red,
            Army::Red => Army::Yellow,
            Army::Blue => Army::Black,
            Army::Black => Army::Blue,
        }
    }

    /// The army's throne square (square 1 of its angle).
    pub fn throne(self) -> Square {
        match self {
            Army::Yellow => Square::new(0, 7).expect("a corner is on the board"),
            Army::Blue => Square::new(7, 7).expect("a corner is on the board"),
            Army::Red => Square::new(7, 0).expect("a corner is on the board"),
            Army::Black => Square::new(0, 0).expect("a corner is on the board"),
        }
    }

    /// (file step, rank step) of a pawn's forward move.
    pub fn forward(self) -> (i32, i32) {
        match self {
            Army::Yellow => (0, -1),
            Army::Blue => (-1, 0),
            Army::Red => (0, 1),
            Army::Black => (1, 0),
        }
    }

    /// The two diagonal-forward steps of a pawn of this army.
    pub fn pawn_takes(self) -> [(i32, i32); 2] {
        let (df, dr) = self.forward();
        if df == 0 {
            [(-1, dr), (1, dr)]
        } else {
            [(df, -1), (df, 1)]
        }
    }

    /// Is `sq` on this army's promotion line?
    pub fn on_promotion_line(self, sq: Square) -> bool {
        match self {
            Army::Yellow => sq.rank() == 0,
            Army::Blue => sq.file() == 0,
            Army::Red => sq.rank() == 7,
            Army::Black => sq.file() == 7,
        }
    }

    /// The army that moves after this one: clockwise (deosil) y, b, r, k or
    /// the reverse.
    pub fn next(self, clockwise: bool) -> Army {
        let i = self.index();
        let j = if clockwise { (i + 1) % 4 } else { (i + 3) % 4 };
        Army::ALL[j]
    }
}

/// Piece kinds.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// The King.
    King,
    /// The Queen.
    Queen,
    /// The Rook.
    Rook,
    /// The Bishop.
    Bishop,
    /// The Knight.
    Knight,
    /// A pawn (of the kind in `Piece::pawn_of`).
    Pawn,
}

impl Kind {
    /// The kind's letter in position strings (K, Q, R, B, N, P).
    pub fn letter(self) -> char {
        match self {
            Kind::King => 'K',
            Kind::Queen => 'Q',
            Kind::Rook => 'R',
            Kind::Bishop => 'B',
            Kind::Knight => 'N',
            Kind::Pawn => 'P',
        }
    }

    /// The kind a position-string letter names.
    pub fn from_letter(c: char) -> Option<Kind> {
        match c {
            'K' => Some(Kind::King),
            'Q' => Some(Kind::Queen),
            'R' => Some(Kind::Rook),
            'B' => Some(Kind::Bishop),
            'N' => Some(Kind::Knight),
            'P' => Some(Kind::Pawn),
            _ => None,
        }
    }

    /// A kind a pawn can be "the pawn of" (and promote to): Q, R, B, N.
    pub fn is_pawn_type(self) -> bool {
        matches!(self, Kind::Queen | Kind::Rook | Kind::Bishop | Kind::Knight)
    }
}

/// A piece: its kind and, for a pawn, the kind it is the pawn of.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Piece {
    /// The piece's kind.
    pub kind: Kind,
    /// `Some(type)` exactly when `kind` is `Pawn`.
    pub pawn_of: Option<Kind>,
}

impl Piece {
    /// A piece of `kind` (not a pawn).
    pub fn new(kind: Kind) -> Piece {
        Piece {
            kind,
            pawn_of: None,
        }
    }

    /// A pawn of the `of` kind.
    pub fn pawn(of: Kind) -> Piece {
        Piece {
            kind: Kind::Pawn,
            pawn_of: Some(of),
        }
    }

    fn write(&self, out: &mut String) {
        out.push(self.kind.letter());
        if let Some(t) = self.pawn_of {
            out.push(t.letter());
        }
    }
}

/// What stands on an occupied square: a piece of an army and, on a shared
/// throne, the King's partner (then `piece` is the King).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Cell {
    /// The army the piece belongs to.
    pub army: Army,
    /// The piece (the King on a shared throne).
    pub piece: Piece,
    /// The King's partner on a shared throne.
    pub partner: Option<Piece>,
}

/// A square, `file` 0..8 (a..h) and `rank` 0..8 (1..8).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
pub struct Square {
    file: u8,
    rank: u8,
}

impl Square {
    /// The square at `file` (0 is a) and `rank` (0 is 1), if on the board.
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

    /// The file, 0 (a) to 7 (h).
    pub fn file(self) -> i32 {
        self.file as i32
    }

    /// The rank, 0 (rank 1) to 7 (rank 8).
    pub fn rank(self) -> i32 {
        self.rank as i32
    }

    /// a1 = 0, b1 = 1, ..., h1 = 7, a2 = 8, ... h8 = 63.
    pub fn index(self) -> usize {
        self.rank as usize * 8 + self.file as usize
    }

    /// The square `df` files and `dr` ranks away, if on the board.
    pub fn offset(self, df: i32, dr: i32) -> Option<Square> {
        Square::new(self.file() + df, self.rank() + dr)
    }

    /// King-move (Chebyshev) distance.
    pub fn distance(self, other: Square) -> i32 {
        (self.file() - other.file())
            .abs()
            .max((self.rank() - other.rank()).abs())
    }

    /// Reads a square name such as `e4`.
    pub fn parse(text: &str) -> Option<Square> {
        let b = text.as_bytes();
        if b.len() != 2 {
            return None;
        }
        Square::new(b[0] as i32 - 'a' as i32, b[1] as i32 - '1' as i32)
    }

    /// All 64 squares in a1, b1, ..., h1, a2, ... order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64).map(|i| Square {
            file: (i % 8) as u8,
            rank: (i / 8) as u8,
        })
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file) as char, self.rank + 1)
    }
}

/// A position: board, army to move, direction, frozen armies, control and
/// die. Fields are private; the parse/print round trip is the interface.
#[derive(Clone, PartialEq, Eq, Debug, Hash)]
pub struct Position {
    /// `board[rank][file]`.
    pub(crate) board: [[Option<Cell>; 8]; 8],
    pub(crate) to_move: Army,
    pub(crate) clockwise: bool,
    /// Indexed by `Army::index()`.
    pub(crate) frozen: [bool; 4],
    /// `controller[a] = Some(c)`: army `a` is commanded by the King of `c`.
    pub(crate) controller: [Option<Army>; 4],
    /// `Some(roll)` in divination mode.
    pub(crate) die: Option<u8>,
}

/// The default start: Water setting of the Water board, clockwise.
pub const START: &str = "yKQyByRyN2bPQbKQ/yPQyPByPRyPN2bPBbB/6bPRbR/6bPNbN/kNkPN6/kRkPR6/kBkPB2rPNrPRrPBrPQ/kKQkPQ2rNrRrBrKQ b d - - -";

impl Position {
    /// What stands on `sq`.
    pub fn at(&self, sq: Square) -> Option<Cell> {
        self.board[sq.rank() as usize][sq.file() as usize]
    }

    /// Puts `cell` on `sq` (or empties it).
    pub fn set(&mut self, sq: Square, cell: Option<Cell>) {
        self.board[sq.rank() as usize][sq.file() as usize] = cell;
    }

    /// The army to move.
    pub fn to_move(&self) -> Army {
        self.to_move
    }

    /// Whether play goes clockwise.
    pub fn clockwise(&self) -> bool {
        self.clockwise
    }

    /// Whether `army` is frozen.
    pub fn is_frozen(&self, army: Army) -> bool {
        self.frozen[army.index()]
    }

    /// The army that controls `army`, if any.
    pub fn controller(&self, army: Army) -> Option<Army> {
        self.controller[army.index()]
    }

    /// The rolled die (divination games), if any.
    pub fn die(&self) -> Option<u8> {
        self.die
    }

    /// Whether this is a divination game.
    pub fn divination(&self) -> bool {
        self.die.is_some()
    }

    /// The square of `army`'s own King, if it is on the board.
    pub fn king_square(&self, army: Army) -> Option<Square> {
        Square::all().find(
            |&sq| matches!(self.at(sq), Some(c) if c.army == army && c.piece.kind == Kind::King),
        )
    }

    /// Every piece of `army` on the board (a shared throne gives two).
    pub fn pieces_of(&self, army: Army) -> Vec<Piece> {
        let mut v = Vec::new();
        for sq in Square::all() {
            if let Some(c) = self.at(sq)
                && c.army == army
            {
                v.push(c.piece);
                if let Some(p) = c.partner {
                    v.push(p);
                }
            }
        }
        v
    }

    /// Parses a position string (see the crate docs, interpretations 1-9).
    /// A named army that cannot move is skipped (rulings: "An input naming
    /// such an army is accepted and that army is skipped").
    pub fn parse(text: &str) -> Result<Position, String> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() != 6 {
            return Err(format!("expected 6 fields, found {}", fields.len()));
        }
        let board = parse_board(fields[0])?;
        let to_move = match fields[1] {
            "y" => Army::Yellow,
            "b" => Army::Blue,
            "r" => Army::Red,
            "k" => Army::Black,
            other => return Err(format!("bad army to move '{other}'")),
        };
        let clockwise = match fields[2] {
            "d" => true,
            "w" => false,
            other => return Err(format!("bad direction '{other}'")),
        };
        let mut frozen = [false; 4];
        if fields[3] != "-" {
            for c in fields[3].chars() {
                let a = Army::from_letter(c)
                    .ok_or_else(|| format!("bad army '{c}' in frozen field"))?;
                if frozen[a.index()] {
                    return Err(format!("army '{c}' repeated in frozen field"));
                }
                frozen[a.index()] = true;
            }
        }
        let mut controller = [None; 4];
        if fields[4] != "-" {
            for pair in fields[4].split(',') {
                let cs: Vec<char> = pair.chars().collect();
                if cs.len() != 2 {
                    return Err(format!("bad control pair '{pair}'"));
                }
                let c = Army::from_letter(cs[0])
                    .ok_or_else(|| format!("bad army '{}' in control pair", cs[0]))?;
                let a = Army::from_letter(cs[1])
                    .ok_or_else(|| format!("bad army '{}' in control pair", cs[1]))?;
                if c.ally() != a {
                    return Err(format!("control pair '{pair}': armies are not allies"));
                }
                if controller[a.index()].is_some() {
                    return Err(format!("army '{}' controlled twice", a.letter()));
                }
                controller[a.index()] = Some(c);
            }
        }
        let die = match fields[5] {
            "-" => None,
            "1" => Some(1),
            "2" => Some(2),
            "3" => Some(3),
            "4" => Some(4),
            "5" => Some(5),
            "6" => Some(6),
            other => return Err(format!("bad die '{other}'")),
        };
        let mut pos = Position {
            board,
            to_move,
            clockwise,
            frozen,
            controller,
            die,
        };
        pos.validate()?;
        // Skip a named army that cannot move (the die, if any, stays with
        // the position and applies to the army that actually moves).
        let mut a = to_move;
        for _ in 0..4 {
            if crate::rules::army_can_move(&pos, a) {
                pos.to_move = a;
                break;
            }
            a = a.next(clockwise);
        }
        Ok(pos)
    }

    /// Consistency checks after the syntax (interpretations 4-7).
    fn validate(&self) -> Result<(), String> {
        for army in Army::ALL {
            let pieces = self.pieces_of(army);
            let kings = pieces.iter().filter(|p| p.kind == Kind::King).count();
            if kings > 1 {
                return Err(format!("army '{}' has {kings} Kings", army.letter()));
            }
            if pieces.len() > 9 {
                return Err(format!(
                    "army '{}' has {} pieces (at most 9)",
                    army.letter(),
                    pieces.len()
                ));
            }
            let has_king = kings == 1;
            let frozen = self.is_frozen(army);
            let controlled = self.controller(army).is_some();
            if frozen && has_king {
                return Err(format!(
                    "army '{}' is frozen but its King is on the board",
                    army.letter()
                ));
            }
            if frozen && controlled {
                return Err(format!(
                    "army '{}' is frozen and controlled at once",
                    army.letter()
                ));
            }
            if !frozen && !has_king && !controlled {
                return Err(format!(
                    "army '{}' has no King but is neither frozen nor controlled",
                    army.letter()
                ));
            }
            if let Some(c) = self.controller(army)
                && self.king_square(c).is_none()
            {
                return Err(format!(
                    "army '{}' is controlled by '{}', whose King is not on the board",
                    army.letter(),
                    c.letter()
                ));
            }
        }
        for sq in Square::all() {
            if let Some(c) = self.at(sq)
                && c.partner.is_some()
                && sq != c.army.throne()
            {
                return Err(format!("shared square {sq} is not that army's throne"));
            }
        }
        Ok(())
    }
}

/// Parses one token at `chars[i..]`: army letter, piece letter, pawn type,
/// optional partner. Returns the cell and the new index.
fn parse_cell(chars: &[char], mut i: usize) -> Result<(Cell, usize), String> {
    let army =
        Army::from_letter(chars[i]).ok_or_else(|| format!("bad character '{}'", chars[i]))?;
    i += 1;
    let (piece, j) = parse_piece(chars, i, army)?;
    i = j;
    let mut partner = None;
    if piece.kind == Kind::King && i < chars.len() && chars[i].is_ascii_uppercase() {
        let (p, j) = parse_piece(chars, i, army)?;
        if p.kind == Kind::King {
            return Err("a King cannot share a square with a King".into());
        }
        partner = Some(p);
        i = j;
    }
    Ok((
        Cell {
            army,
            piece,
            partner,
        },
        i,
    ))
}

fn parse_piece(chars: &[char], mut i: usize, army: Army) -> Result<(Piece, usize), String> {
    let c = *chars
        .get(i)
        .ok_or_else(|| format!("army letter '{}' without a piece", army.letter()))?;
    let kind = Kind::from_letter(c).ok_or_else(|| format!("bad piece letter '{c}'"))?;
    i += 1;
    if kind == Kind::Pawn {
        let t = *chars.get(i).ok_or("pawn without its type")?;
        let t = Kind::from_letter(t)
            .filter(|k| k.is_pawn_type())
            .ok_or_else(|| format!("bad pawn type '{t}'"))?;
        Ok((Piece::pawn(t), i + 1))
    } else {
        Ok((Piece::new(kind), i))
    }
}

fn parse_board(text: &str) -> Result<[[Option<Cell>; 8]; 8], String> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 8 {
        return Err(format!("board has {} ranks, expected 8", ranks.len()));
    }
    let mut board = [[None; 8]; 8];
    for (row, rank_text) in ranks.iter().enumerate() {
        let rank = 7 - row;
        let chars: Vec<char> = rank_text.chars().collect();
        let mut file = 0usize;
        let mut i = 0;
        let mut last_digit = false;
        while i < chars.len() {
            let c = chars[i];
            if let Some(d) = c.to_digit(10) {
                if !(1..=8).contains(&d) {
                    return Err(format!("bad digit '{c}' on rank {}", rank + 1));
                }
                if last_digit {
                    return Err(format!("two digits in a row on rank {}", rank + 1));
                }
                last_digit = true;
                file += d as usize;
                i += 1;
                if file > 8 {
                    return Err(format!("rank {} is longer than 8 squares", rank + 1));
                }
            } else {
                last_digit = false;
                let (cell, j) = parse_cell(&chars, i)?;
                if file >= 8 {
                    return Err(format!("rank {} is longer than 8 squares", rank + 1));
                }
                board[rank][file] = Some(cell);
                file += 1;
                i = j;
            }
        }
        if file != 8 {
            return Err(format!("rank {} has {file} squares, expected 8", rank + 1));
        }
    }
    Ok(board)
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::new();
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match self.board[rank][file] {
                    None => empty += 1,
                    Some(c) => {
                        if empty > 0 {
                            s.push_str(&empty.to_string());
                            empty = 0;
                        }
                        s.push(c.army.letter());
                        c.piece.write(&mut s);
                        if let Some(p) = c.partner {
                            p.write(&mut s);
                        }
                    }
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            if rank > 0 {
                s.push('/');
            }
        }
        s.push(' ');
        s.push(self.to_move.letter());
        s.push(' ');
        s.push(if self.clockwise { 'd' } else { 'w' });
        s.push(' ');
        let frozen: String = Army::ALL
            .iter()
            .filter(|a| self.is_frozen(**a))
            .map(|a| a.letter())
            .collect();
        s.push_str(if frozen.is_empty() { "-" } else { &frozen });
        s.push(' ');
        let control: Vec<String> = Army::ALL
            .iter()
            .filter_map(|a| {
                self.controller(*a)
                    .map(|c| format!("{}{}", c.letter(), a.letter()))
            })
            .collect();
        if control.is_empty() {
            s.push('-');
        } else {
            s.push_str(&control.join(","));
        }
        s.push(' ');
        match self.die {
            None => s.push('-'),
            Some(d) => s.push_str(&d.to_string()),
        }
        f.write_str(&s)
    }
}

/// The four element names, in the order used for settings and boards.
pub const ELEMENTS: [&str; 4] = ["earth", "air", "water", "fire"];

fn element_index(name: &str) -> Option<usize> {
    ELEMENTS.iter().position(|e| e.eq_ignore_ascii_case(name))
}

/// Like [`start_position`], but reports unknown element names.
pub fn try_start_position(setting: &str, board: &str, clockwise: bool) -> Result<Position, String> {
    use Kind::*;
    let s = element_index(setting).ok_or_else(|| format!("unknown setting '{setting}'"))?;
    let b = element_index(board).ok_or_else(|| format!("unknown board '{board}'"))?;
    // Squares 1 (with the King), 2, 3, 4, per setting, for the Earth/Fire
    // boards and for the Air/Water boards.
    let earth_fire = [
        [Rook, Bishop, Queen, Knight],
        [Bishop, Rook, Knight, Queen],
        [Queen, Knight, Rook, Bishop],
        [Knight, Queen, Bishop, Rook],
    ];
    let air_water = [
        [Rook, Knight, Queen, Bishop],
        [Bishop, Queen, Knight, Rook],
        [Queen, Bishop, Rook, Knight],
        [Knight, Rook, Bishop, Queen],
    ];
    let kinds = if b == 0 || b == 3 {
        earth_fire[s]
    } else {
        air_water[s]
    };
    // Squares 1..4 and the pawn squares in front of them, per army.
    let layout: [(Army, [&str; 4], [&str; 4]); 4] = [
        (
            Army::Yellow,
            ["a8", "b8", "c8", "d8"],
            ["a7", "b7", "c7", "d7"],
        ),
        (
            Army::Blue,
            ["h8", "h7", "h6", "h5"],
            ["g8", "g7", "g6", "g5"],
        ),
        (
            Army::Red,
            ["h1", "g1", "f1", "e1"],
            ["h2", "g2", "f2", "e2"],
        ),
        (
            Army::Black,
            ["a1", "a2", "a3", "a4"],
            ["b1", "b2", "b3", "b4"],
        ),
    ];
    let mut pos = Position {
        board: [[None; 8]; 8],
        to_move: [Army::Black, Army::Yellow, Army::Blue, Army::Red][b],
        clockwise,
        frozen: [false; 4],
        controller: [None; 4],
        die: None,
    };
    for (army, squares, pawns) in layout {
        for i in 0..4 {
            let (piece, partner) = if i == 0 {
                (Piece::new(King), Some(Piece::new(kinds[0])))
            } else {
                (Piece::new(kinds[i]), None)
            };
            pos.set(
                Square::parse(squares[i]).expect("the layout names squares"),
                Some(Cell {
                    army,
                    piece,
                    partner,
                }),
            );
            pos.set(
                Square::parse(pawns[i]).expect("the layout names squares"),
                Some(Cell {
                    army,
                    piece: Piece::pawn(kinds[i]),
                    partner: None,
                }),
            );
        }
    }
    Ok(pos)
}

/// One of the 16 named arrays ("`setting` of `board`") in either direction.
/// `setting` and `board` are `earth`, `air`, `water` or `fire` (any case).
///
/// # Panics
/// On any other name (use [`try_start_position`] to get an error instead).
pub fn start_position(setting: &str, board: &str, clockwise: bool) -> Position {
    try_start_position(setting, board, clockwise).unwrap_or_else(|e| panic!("{e}"))
}
