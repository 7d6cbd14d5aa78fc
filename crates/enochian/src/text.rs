//! The position string, the sixteen named starting arrays in both
//! directions, and move text.

use crate::moves::EnochianMove;
use crate::position::{Die, Position};
use crate::types::{Army, Kind, PawnType, Piece};
use augur_core::{MoveError, MoveList, PositionError, Square};
use std::fmt::Write;

/// The default start: Water setting of the Water board, clockwise, Blue first.
pub const START: &str = "yKQyByRyN2bPQbKQ/yPQyPByPRyPN2bPBbB/6bPRbR/6bPNbN/kNkPN6/kRkPR6/kBkPB2rPNrPRrPBrPQ/kKQkPQ2rNrRrBrKQ b d - - -";

/// One of the four elements, naming both settings and boards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Element {
    /// Earth (Black moves first on its board).
    Earth,
    /// Air (Yellow first).
    Air,
    /// Water (Blue first).
    Water,
    /// Fire (Red first).
    Fire,
}

impl Element {
    /// All four, in the order of the rulings' table.
    pub const ALL: [Element; 4] = [Element::Earth, Element::Air, Element::Water, Element::Fire];

    /// The element's name in lower case.
    pub const fn name(self) -> &'static str {
        ["earth", "air", "water", "fire"][self as usize]
    }

    /// The element named `text` (any case).
    pub fn parse(text: &str) -> Option<Element> {
        Element::ALL
            .into_iter()
            .find(|e| e.name().eq_ignore_ascii_case(text))
    }

    /// The army that moves first on this element's board.
    pub const fn first_army(self) -> Army {
        [Army::Black, Army::Yellow, Army::Blue, Army::Red][self as usize]
    }
}

/// The pieces on squares 1 (sharing with the King) to 4 for a setting on a board.
fn setting_pieces(setting: Element, board: Element) -> [Kind; 4] {
    use Kind::{Bishop as B, Knight as N, Queen as Q, Rook as R};
    let earth_fire = matches!(board, Element::Earth | Element::Fire);
    match (setting, earth_fire) {
        (Element::Earth, true) => [R, B, Q, N],
        (Element::Air, true) => [B, R, N, Q],
        (Element::Water, true) => [Q, N, R, B],
        (Element::Fire, true) => [N, Q, B, R],
        (Element::Earth, false) => [R, N, Q, B],
        (Element::Air, false) => [B, Q, N, R],
        (Element::Water, false) => [Q, B, R, N],
        (Element::Fire, false) => [N, R, B, Q],
    }
}

impl Position {
    /// The starting array "`setting` of `board`", played clockwise or not.
    pub fn array(setting: Element, board: Element, clockwise: bool) -> Position {
        let mut p = Position::empty();
        let kinds = setting_pieces(setting, board);
        for army in Army::ALL {
            let (squares, pawns) = army.array_squares();
            p.put(
                squares[0],
                Piece {
                    army,
                    kind: Kind::King,
                    pawn_type: None,
                },
            );
            for i in 0..4 {
                p.put(
                    squares[i],
                    Piece {
                        army,
                        kind: kinds[i],
                        pawn_type: None,
                    },
                );
                p.put(
                    pawns[i],
                    Piece {
                        army,
                        kind: Kind::Pawn,
                        pawn_type: kinds[i].pawn_type(),
                    },
                );
            }
        }
        p.set_clockwise(clockwise);
        p.advance_from(board.first_army());
        p
    }

    /// Reads an array name: `<setting> of <board> [clockwise|widdershins]`
    /// (also `deosil`, `d`, `w`; words may be joined by `-` or `_`).
    pub fn array_by_name(name: &str) -> Result<Position, PositionError> {
        let lowered = name.to_ascii_lowercase().replace(['-', '_'], " ");
        let words: Vec<&str> = lowered.split_whitespace().collect();
        let err = || PositionError {
            reason: format!(
                "unknown array '{name}': expected '<setting> of <board> [clockwise|widdershins]' with setting and board among earth, air, water, fire"
            ),
        };
        let (setting, board, rest) = match words.as_slice() {
            [s, "of", b, rest @ ..] => (s, b, rest),
            _ => return Err(err()),
        };
        let setting = Element::parse(setting).ok_or_else(err)?;
        let board = Element::parse(board).ok_or_else(err)?;
        let clockwise = match rest {
            [] | ["clockwise"] | ["deosil"] | ["d"] => true,
            ["widdershins"] | ["anticlockwise"] | ["counterclockwise"] | ["w"] => false,
            _ => return Err(err()),
        };
        Ok(Position::array(setting, board, clockwise))
    }

    /// Reads a position string (see the crate docs), fully validated.
    pub(crate) fn read_text(text: &str) -> Result<Position, PositionError> {
        let bad = |reason: String| PositionError { reason };
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() != 6 {
            return Err(bad(format!(
                "expected 6 fields (board, army to move, direction, frozen, control, die), found {}",
                fields.len()
            )));
        }
        let mut p = Position::empty();
        parse_board(&mut p, fields[0]).map_err(bad)?;
        let to_move = match fields[1] {
            s if s.len() == 1 => s.chars().next().and_then(Army::from_letter),
            _ => None,
        }
        .ok_or_else(|| {
            bad(format!(
                "army to move must be y, b, r or k, not '{}'",
                fields[1]
            ))
        })?;
        p.set_to_move(to_move);
        match fields[2] {
            "d" => p.set_clockwise(true),
            "w" => p.set_clockwise(false),
            other => return Err(bad(format!("direction must be d or w, not '{other}'"))),
        }
        if fields[3] != "-" {
            for c in fields[3].chars() {
                let army = Army::from_letter(c)
                    .ok_or_else(|| bad(format!("unknown army '{c}' in the frozen field")))?;
                if p.is_frozen(army) {
                    return Err(bad(format!("army '{c}' listed twice as frozen")));
                }
                p.set_frozen(army, true);
            }
        }
        if fields[4] != "-" {
            for pair in fields[4].split(',') {
                let letters: Vec<Army> = pair.chars().filter_map(Army::from_letter).collect();
                if letters.len() != 2 || pair.chars().count() != 2 {
                    return Err(bad(format!(
                        "control pair '{pair}' must be two army letters, controller first"
                    )));
                }
                let (controller, army) = (letters[0], letters[1]);
                if controller.ally() != army {
                    return Err(bad(format!(
                        "control pair '{pair}': only an ally's King controls an army"
                    )));
                }
                if p.controller(army).is_some() {
                    return Err(bad(format!("army '{}' controlled twice", army.letter())));
                }
                p.set_controller(army, Some(controller));
            }
        }
        let die = match fields[5] {
            "-" => Die::Off,
            "?" => Die::Pending,
            s => match s.parse::<u8>() {
                Ok(n @ 1..=6) => Die::Rolled(n),
                _ => return Err(bad(format!("die must be -, ? or 1-6, not '{s}'"))),
            },
        };
        p.set_die(die);
        validate(&p).map_err(bad)?;
        p.advance_from(to_move);
        Ok(p)
    }

    /// The canonical position string.
    /// What the position string writes for `square`: the army's letter,
    /// then each piece's letter (and pawn type); `None` when it is empty.
    pub(crate) fn square_token(&self, square: Square) -> Option<String> {
        let [first, second] = self.pieces_at(square);
        let first = first?;
        let mut out = String::new();
        out.push(first.army.letter());
        push_piece(&mut out, first);
        if let Some(second) = second {
            push_piece(&mut out, second);
        }
        Some(out)
    }

    pub(crate) fn write_text(&self) -> String {
        let mut out = String::new();
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                let Some(token) = self.square_token(Square::new(rank * 8 + file)) else {
                    empty += 1;
                    continue;
                };
                if empty > 0 {
                    let _ = write!(out, "{empty}");
                    empty = 0;
                }
                out.push_str(&token);
            }
            if empty > 0 {
                let _ = write!(out, "{empty}");
            }
            if rank > 0 {
                out.push('/');
            }
        }
        let _ = write!(
            out,
            " {} {} ",
            self.to_move.letter(),
            if self.clockwise { 'd' } else { 'w' }
        );
        let frozen: String = Army::ALL
            .into_iter()
            .filter(|&a| self.is_frozen(a))
            .map(Army::letter)
            .collect();
        out.push_str(if frozen.is_empty() { "-" } else { &frozen });
        let control: Vec<String> = Army::ALL
            .into_iter()
            .filter_map(|a| {
                self.controller(a)
                    .map(|c| format!("{}{}", c.letter(), a.letter()))
            })
            .collect();
        out.push(' ');
        out.push_str(
            if control.is_empty() {
                "-".to_string()
            } else {
                control.join(",")
            }
            .as_str(),
        );
        out.push(' ');
        match self.die {
            Die::Off => out.push('-'),
            Die::Rolled(n) => {
                let _ = write!(out, "{n}");
            }
            Die::Pending | Die::Any => out.push('?'),
        }
        out
    }

    /// Reads move text (`e2e3`, `e7e8q`, `h8h6Q`, `exchange`, `0000`) and
    /// returns the legal move it names.
    pub(crate) fn read_move(&self, text: &str) -> Result<EnochianMove, MoveError> {
        if !well_formed(text) {
            return Err(MoveError::Syntax(text.to_string()));
        }
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        list.iter()
            .copied()
            .find(|m| m.to_string() == text)
            .ok_or_else(|| MoveError::Illegal(text.to_string()))
    }
}

fn push_piece(out: &mut String, piece: Piece) {
    out.push(piece.kind.letter());
    if let Some(t) = piece.pawn_type {
        out.push(t.letter());
    }
}

/// Whether `text` has the shape of Enochian move text.
fn well_formed(text: &str) -> bool {
    if text == "exchange" || text == "0000" {
        return true;
    }
    let b = text.as_bytes();
    if b.len() < 4 || b.len() > 5 || !text.is_ascii() {
        return false;
    }
    let square = |i: usize| Square::parse(&text[i..i + 2]).is_some();
    square(0)
        && square(2)
        && (b.len() == 4
            || matches!(
                b[4],
                b'q' | b'r' | b'b' | b'n' | b'Q' | b'R' | b'B' | b'N' | b'P'
            ))
}

fn pawn_type_from(c: Option<char>) -> Result<PawnType, String> {
    match c {
        Some('Q') => Ok(PawnType::Queen),
        Some('R') => Ok(PawnType::Rook),
        Some('B') => Ok(PawnType::Bishop),
        Some('N') => Ok(PawnType::Knight),
        Some(other) => Err(format!("pawn type must be Q, R, B or N, not '{other}'")),
        None => Err("a pawn needs its type (Q, R, B or N)".to_string()),
    }
}

fn parse_board(p: &mut Position, board: &str) -> Result<(), String> {
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 8 {
        return Err(format!("the board needs 8 ranks, found {}", ranks.len()));
    }
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let mut file = 0u8;
        let mut chars = rank_text.chars().peekable();
        while let Some(c) = chars.next() {
            if file >= 8 {
                return Err(format!("rank {} has more than 8 squares", rank + 1));
            }
            if let Some(d) = c.to_digit(10) {
                if !(1..=8).contains(&d) || file as u32 + d > 8 {
                    return Err(format!("rank {} has more than 8 squares", rank + 1));
                }
                file += d as u8;
                continue;
            }
            let army = Army::from_letter(c)
                .ok_or_else(|| format!("unexpected '{c}' on rank {}", rank + 1))?;
            let square = Square::new(rank * 8 + file);
            let kind = chars.next().and_then(Kind::from_letter).ok_or_else(|| {
                format!("army letter '{c}' must be followed by K, Q, R, B, N or P")
            })?;
            let pawn_type = if kind == Kind::Pawn {
                Some(pawn_type_from(chars.next())?)
            } else {
                None
            };
            p.put(
                square,
                Piece {
                    army,
                    kind,
                    pawn_type,
                },
            );
            if kind == Kind::King
                && let Some(partner) = chars.peek().and_then(|&c| Kind::from_letter(c))
            {
                chars.next();
                if partner == Kind::King {
                    return Err("a King cannot share a square with a King".to_string());
                }
                if square != army.throne() {
                    return Err(format!(
                        "a King shares a square only on its own throne, not on {square}"
                    ));
                }
                let pawn_type = if partner == Kind::Pawn {
                    Some(pawn_type_from(chars.next())?)
                } else {
                    None
                };
                p.put(
                    square,
                    Piece {
                        army,
                        kind: partner,
                        pawn_type,
                    },
                );
            }
            file += 1;
        }
        if file != 8 {
            return Err(format!("rank {} has {} squares, not 8", rank + 1, file));
        }
    }
    Ok(())
}

/// Checks what the fields say about each other.
fn validate(p: &Position) -> Result<(), String> {
    for army in Army::ALL {
        let kings = p.pieces(army, Kind::King).count();
        let name = army.name();
        if kings > 1 {
            return Err(format!("{name} has {kings} Kings"));
        }
        if kings == 1 && p.is_frozen(army) {
            return Err(format!("{name} is frozen but its King is on the board"));
        }
        if let Some(controller) = p.controller(army) {
            if p.is_frozen(army) {
                return Err(format!("{name} is frozen, so it cannot be controlled"));
            }
            if p.king(controller).is_none() {
                return Err(format!(
                    "{name} is controlled by {} whose King is off the board",
                    controller.name()
                ));
            }
        }
        if kings == 0 && !p.is_frozen(army) && p.controller(army).is_none() {
            return Err(format!(
                "{name} has no King, so it must be frozen or controlled by its ally"
            ));
        }
    }
    Ok(())
}

impl std::fmt::Display for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.write_text())
    }
}
