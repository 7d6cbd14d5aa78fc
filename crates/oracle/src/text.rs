//! The position string (`docs/rules/oracle.md`, protocol.md):
//! `<board> <earth> <underworld> <side> <quiet> <round>`.
//!
//! Reading accepts every spelling the rulings describe and a few harmless
//! non-canonical ones (`P()` for `P`, `H(h)` for `H`, soul and pool letters
//! in any order); writing is always canonical.

use augur_core::{PositionError, Square};

use crate::position::Position;
use crate::types::{Body, Cell, Color, Soul};

/// The starting position.
pub const START: &str = "cheplehc/ssssssss/8/8/8/8/SSSSSSSS/CHEPLEHC - - w 0 1";

/// The largest round a position string may give (the game ends after 256).
pub const MAX_ROUND: u32 = 10_000;

fn error(reason: impl Into<String>) -> PositionError {
    PositionError {
        reason: reason.into(),
    }
}

/// Reads the content of one square starting at `chars[*at]` (a body letter,
/// optionally followed by `(souls)`).
fn read_cell(chars: &[char], at: &mut usize, rank: u8) -> Result<Cell, PositionError> {
    let letter = chars[*at];
    let body = Body::from_letter(letter).ok_or_else(|| {
        error(format!(
            "unexpected character '{letter}' in rank {}",
            rank + 1
        ))
    })?;
    let color = if letter.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    };
    *at += 1;
    let mut cell = Cell::lifeless(color, body);
    if chars.get(*at) == Some(&'(') {
        *at += 1;
        loop {
            match chars.get(*at) {
                None => return Err(error(format!("unclosed '(' in rank {}", rank + 1))),
                Some(')') => {
                    *at += 1;
                    break;
                }
                Some(&c) => {
                    let soul = Soul::from_letter(c).ok_or_else(|| {
                        error(format!(
                            "'{c}' is not a soul letter (l c e h s) in rank {}",
                            rank + 1
                        ))
                    })?;
                    if cell.souls() >= body.capacity() {
                        return Err(error(format!(
                            "a {} body in rank {} hosts more than {} soul{}",
                            name(body),
                            rank + 1,
                            body.capacity(),
                            if body.capacity() == 1 { "" } else { "s" }
                        )));
                    }
                    cell = cell.with_soul(soul);
                    *at += 1;
                }
            }
        }
    } else if let Some(soul) = body.own_soul() {
        cell = cell.with_soul(soul);
    }
    Ok(cell)
}

fn name(body: Body) -> &'static str {
    [
        "Lord",
        "Priestess",
        "Chariot",
        "Elephant",
        "Horse",
        "Soldier",
    ][body.index()]
}

fn soul_name(soul: Soul) -> &'static str {
    ["Lord", "Chariot", "Elephant", "Horse", "Soldier"][soul.index()]
}

fn read_board(position: &mut Position, board: &str) -> Result<(), PositionError> {
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 8 {
        return Err(error(format!("expected 8 ranks, found {}", ranks.len())));
    }
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let chars: Vec<char> = rank_text.chars().collect();
        let mut file = 0u8;
        let mut at = 0;
        let mut previous_digit = false;
        while at < chars.len() {
            let c = chars[at];
            if let Some(run) = c.to_digit(10) {
                if !(1..=8).contains(&run) || previous_digit {
                    return Err(error(format!("bad run '{c}' in rank {}", rank + 1)));
                }
                previous_digit = true;
                file += run as u8;
                at += 1;
            } else {
                previous_digit = false;
                if file >= 8 {
                    return Err(error(format!("rank {} has more than 8 squares", rank + 1)));
                }
                let cell = read_cell(&chars, &mut at, rank)?;
                position.set_cell(Square::new(rank * 8 + file), cell);
                file += 1;
            }
            if file > 8 {
                return Err(error(format!("rank {} has more than 8 squares", rank + 1)));
            }
        }
        if file != 8 {
            return Err(error(format!("rank {} does not have 8 squares", rank + 1)));
        }
    }
    Ok(())
}

fn read_earth(position: &mut Position, text: &str) -> Result<(), PositionError> {
    if text == "-" {
        return Ok(());
    }
    for c in text.chars() {
        let body = Body::from_letter(c)
            .filter(|_| c.is_ascii_alphabetic())
            .ok_or_else(|| error(format!("'{c}' is not a body letter in the earth")))?;
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        if position.earth_count(color, body) >= body.starting_total() {
            return Err(error(format!(
                "too many {} bodies in the earth",
                name(body)
            )));
        }
        position.add_to_earth(color, body, 1);
    }
    Ok(())
}

fn read_underworld(position: &mut Position, text: &str) -> Result<(), PositionError> {
    if text == "-" {
        return Ok(());
    }
    for c in text.chars() {
        let soul = Soul::from_letter(c).ok_or_else(|| {
            error(format!(
                "'{c}' is not a soul letter (l c e h s) in the underworld"
            ))
        })?;
        if position.underworld_count(soul) >= soul.starting_total() {
            return Err(error(format!(
                "too many {} souls in the underworld",
                soul_name(soul)
            )));
        }
        position.add_to_underworld(soul, 1);
    }
    Ok(())
}

fn read_number(text: &str, what: &str, max: u32) -> Result<u32, PositionError> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(error(format!("{what} '{text}' is not a number")));
    }
    match text.parse::<u32>() {
        Ok(n) if n <= max => Ok(n),
        _ => Err(error(format!("{what} '{text}' is larger than {max}"))),
    }
}

/// Checks what the rulings require of a whole position.
fn validate(position: &Position) -> Result<(), PositionError> {
    for class in Body::ALL {
        let on_board = position.bodies[class.index()].count();
        let total = on_board
            + position.earth_count(Color::White, class)
            + position.earth_count(Color::Black, class);
        if total > class.starting_total() {
            return Err(error(format!(
                "{total} {} bodies (board and earth), more than the {} the game has",
                name(class),
                class.starting_total()
            )));
        }
    }
    for class in Soul::ALL {
        let on_board: u32 = position.souls[class.index()]
            .into_iter()
            .map(|sq| position.cell(sq).count(class))
            .sum();
        let total = on_board + position.underworld_count(class);
        if total > class.starting_total() {
            return Err(error(format!(
                "{total} {} souls (board and underworld), more than the {} the game has",
                soul_name(class),
                class.starting_total()
            )));
        }
    }
    for color in Color::BOTH {
        let lords: u32 = (position.souls[Soul::Lord.index()] & position.bodies_of(color))
            .into_iter()
            .map(|sq| position.cell(sq).count(Soul::Lord))
            .sum();
        if lords != 1 {
            return Err(error(format!(
                "{color:?} controls {lords} Lord souls, expected exactly 1"
            )));
        }
    }
    if position.lord_soul_attacked(position.side.opponent()) {
        return Err(error("the side not to move is in check"));
    }
    Ok(())
}

impl Position {
    /// Reads a position string, fully validated; on error nothing is built.
    pub(crate) fn read_text(text: &str) -> Result<Position, PositionError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() != 6 {
            return Err(error(format!(
                "expected 6 fields (board earth underworld side quiet round), found {}",
                fields.len()
            )));
        }
        let mut position = Position::empty();
        read_board(&mut position, fields[0])?;
        read_earth(&mut position, fields[1])?;
        read_underworld(&mut position, fields[2])?;
        match fields[3] {
            "w" => {}
            "b" => position.flip_side(),
            other => return Err(error(format!("side to move '{other}' is not 'w' or 'b'"))),
        }
        position.quiet = read_number(fields[4], "quiet count", 999)? as u16;
        let round = read_number(fields[5], "round", MAX_ROUND)?;
        if round == 0 {
            return Err(error("round must be at least 1"));
        }
        position.round = round as u16;
        validate(&position)?;
        Ok(position)
    }

    /// The canonical position string.
    /// What the position string writes for `square`: the body's letter
    /// (upper case for White) and, unless it hosts exactly its own soul,
    /// its souls in brackets (`N(qq)`); `None` when it is empty.
    pub(crate) fn square_token(&self, square: Square) -> Option<String> {
        let cell = self.cells[square.index()];
        let body = cell.body()?;
        let mut out = String::new();
        out.push(match cell.color() {
            Color::White => body.letter().to_ascii_uppercase(),
            Color::Black => body.letter(),
        });
        let bare = match body.own_soul() {
            Some(own) => cell.souls() == 1 && cell.count(own) == 1,
            None => cell.souls() == 0,
        };
        if !bare {
            out.push('(');
            for soul in Soul::ALL {
                for _ in 0..cell.count(soul) {
                    out.push(soul.letter());
                }
            }
            out.push(')');
        }
        Some(out)
    }

    pub(crate) fn write_text(&self) -> String {
        let mut out = String::new();
        for rank in (0..8u8).rev() {
            let mut empty = 0u8;
            for file in 0..8u8 {
                let Some(token) = self.square_token(Square::new(rank * 8 + file)) else {
                    empty += 1;
                    continue;
                };
                if empty > 0 {
                    out.push((b'0' + empty) as char);
                    empty = 0;
                }
                out.push_str(&token);
            }
            if empty > 0 {
                out.push((b'0' + empty) as char);
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out.push(' ');
        let mut earth = String::new();
        for color in Color::BOTH {
            for class in Body::ALL {
                for _ in 0..self.earth_count(color, class) {
                    earth.push(match color {
                        Color::White => class.letter().to_ascii_uppercase(),
                        Color::Black => class.letter(),
                    });
                }
            }
        }
        out.push_str(if earth.is_empty() { "-" } else { &earth });
        out.push(' ');
        let mut underworld = String::new();
        for class in Soul::ALL {
            for _ in 0..self.underworld_count(class) {
                underworld.push(class.letter());
            }
        }
        out.push_str(if underworld.is_empty() {
            "-"
        } else {
            &underworld
        });
        out.push_str(match self.side {
            Color::White => " w ",
            Color::Black => " b ",
        });
        out.push_str(&format!("{} {}", self.quiet, self.round));
        out
    }
}
