//! The position string (vchess layout: `<board> <w|b> <plies>`, missing
//! side and plies default to `w` and `0`) and the board drawn for people.

use augur_core::{Bitboard, PositionError, Square};

use crate::position::{EMPTY, Position};
use crate::types::{Color, Kind};
use crate::zobrist;

/// The starting position.
pub const START: &str = "rnbkqbnm/pppppppp/8/8/8/8/PPPPPPPP/MNBQKBNR w 0";

fn error(reason: impl Into<String>) -> PositionError {
    PositionError {
        reason: reason.into(),
    }
}

impl Position {
    /// Reads a position string (see the module docs).
    pub(crate) fn read_text(text: &str) -> Result<Position, PositionError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.is_empty() || fields.len() > 3 {
            return Err(error(format!(
                "expected 1 to 3 fields, found {}",
                fields.len()
            )));
        }
        let mut position = Position {
            kinds: [Bitboard::EMPTY; 7],
            colors: [Bitboard::EMPTY; 2],
            board: [EMPTY; 64],
            side: Color::White,
            plies: 0,
            quiet_plies: 0,
            hash: 0,
        };
        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() != 8 {
            return Err(error(format!("expected 8 ranks, found {}", ranks.len())));
        }
        for (i, rank_text) in ranks.iter().enumerate() {
            let rank = 7 - i as u8;
            let mut file = 0u8;
            let mut previous_digit = false;
            for c in rank_text.chars() {
                if let Some(run) = c.to_digit(10) {
                    if !(1..=8).contains(&run) || previous_digit {
                        return Err(error(format!("bad run '{c}' in rank {}", rank + 1)));
                    }
                    previous_digit = true;
                    file += run as u8;
                } else {
                    previous_digit = false;
                    let kind = Kind::from_letter(c)
                        .ok_or_else(|| error(format!("unexpected character '{c}'")))?;
                    if file >= 8 {
                        return Err(error(format!("rank {} has more than 8 squares", rank + 1)));
                    }
                    let color = if c.is_ascii_uppercase() {
                        Color::White
                    } else {
                        Color::Black
                    };
                    position.put(Square::new(rank * 8 + file), color, kind);
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
        for color in [Color::White, Color::Black] {
            let kings = position.pieces(color, Kind::King).count();
            if kings != 1 {
                return Err(error(format!("{color:?} has {kings} kings, expected 1")));
            }
        }
        match fields.get(1).copied() {
            None | Some("w") => {}
            Some("b") => {
                position.side = Color::Black;
                position.hash ^= zobrist::black_to_move();
            }
            Some(other) => return Err(error(format!("side to move '{other}' is not 'w' or 'b'"))),
        }
        if let Some(plies) = fields.get(2) {
            position.plies = plies
                .parse()
                .map_err(|_| error(format!("ply count '{plies}' is not a number")))?;
        }
        if position.king_attacked(position.side.opponent()) {
            return Err(error("the side not to move is in check"));
        }
        Ok(position)
    }

    /// What the position string writes for `square`: the piece's letter,
    /// upper case for White; `None` when it is empty.
    pub(crate) fn square_token(&self, square: Square) -> Option<String> {
        self.piece_at(square).map(|(color, kind)| {
            let c = kind.letter();
            match color {
                Color::White => c.to_ascii_uppercase(),
                Color::Black => c,
            }
            .to_string()
        })
    }

    /// The canonical position string.
    pub(crate) fn write_text(&self) -> String {
        let mut out = String::new();
        for rank in (0..8u8).rev() {
            let mut empty = 0;
            for file in 0..8u8 {
                match self.square_token(Square::new(rank * 8 + file)) {
                    Some(token) => {
                        if empty > 0 {
                            out.push((b'0' + empty) as char);
                            empty = 0;
                        }
                        out.push_str(&token);
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                out.push((b'0' + empty) as char);
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out.push_str(if self.side == Color::White {
            " w "
        } else {
            " b "
        });
        out.push_str(&self.plies.to_string());
        out
    }

    /// The board drawn for people.
    pub(crate) fn draw(&self) -> String {
        let mut out = String::new();
        for rank in (0..8u8).rev() {
            out.push_str(&format!("{} ", rank + 1));
            for file in 0..8u8 {
                let c = match self.piece_at(Square::new(rank * 8 + file)) {
                    Some((Color::White, k)) => k.letter().to_ascii_uppercase(),
                    Some((Color::Black, k)) => k.letter(),
                    None => '.',
                };
                out.push(c);
                out.push(' ');
            }
            out.push('\n');
        }
        out.push_str("  a b c d e f g h\n\n");
        out.push_str(&format!(
            "Position: {}\nKey: {:016X}",
            self.write_text(),
            self.hash
        ));
        out
    }
}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position({})", self.write_text())
    }
}
