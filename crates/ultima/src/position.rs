//! The Ultima position and its position string (vchess layout:
//! `<board> <w|b> <plies>`, missing side and plies default to `w` and `0`).

use augur_core::attacks::king_attacks;
use augur_core::{Bitboard, PositionError, Square};

use crate::types::{Color, Kind};
use crate::zobrist;

/// The starting position.
pub const START: &str = "rnbkqbnm/pppppppp/8/8/8/8/PPPPPPPP/MNBQKBNR w 0";

const EMPTY: u8 = 255;

/// An Ultima position (copy-make).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Position {
    pub(crate) kinds: [Bitboard; 7],
    pub(crate) colors: [Bitboard; 2],
    /// `color * 7 + kind`, or `EMPTY`.
    pub(crate) board: [u8; 64],
    pub(crate) side: Color,
    pub(crate) plies: u32,
    /// Plies since the last capture (for the 100-ply rule).
    pub(crate) quiet_plies: u16,
    pub(crate) hash: u64,
}

fn error(reason: impl Into<String>) -> PositionError {
    PositionError {
        reason: reason.into(),
    }
}

impl Position {
    /// The piece on a square.
    #[inline(always)]
    pub fn piece_at(&self, square: Square) -> Option<(Color, Kind)> {
        let code = self.board[square.index()];
        (code != EMPTY).then(|| {
            let color = if code < 7 { Color::White } else { Color::Black };
            (color, Kind::ALL[(code % 7) as usize])
        })
    }

    /// The pieces of one side and kind.
    #[inline(always)]
    pub fn pieces(&self, color: Color, kind: Kind) -> Bitboard {
        self.colors[color.index()] & self.kinds[kind.index()]
    }

    /// Every occupied square.
    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.colors[0] | self.colors[1]
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    #[inline(always)]
    pub(crate) fn put(&mut self, square: Square, color: Color, kind: Kind) {
        let bit = Bitboard::from_square(square);
        self.kinds[kind.index()] |= bit;
        self.colors[color.index()] |= bit;
        self.board[square.index()] = (color.index() * 7 + kind.index()) as u8;
        self.hash ^= zobrist::piece(color.index(), kind.index(), square.index());
    }

    #[inline(always)]
    pub(crate) fn remove(&mut self, square: Square) {
        if let Some((color, kind)) = self.piece_at(square) {
            let bit = Bitboard::from_square(square);
            self.kinds[kind.index()] ^= bit;
            self.colors[color.index()] ^= bit;
            self.board[square.index()] = EMPTY;
            self.hash ^= zobrist::piece(color.index(), kind.index(), square.index());
        }
    }

    /// The key computed from scratch.
    pub fn recompute_hash(&self) -> u64 {
        let mut key = if self.side == Color::Black {
            zobrist::black_to_move()
        } else {
            0
        };
        for square in self.occupied() {
            if let Some((color, kind)) = self.piece_at(square) {
                key ^= zobrist::piece(color.index(), kind.index(), square.index());
            }
        }
        key
    }

    /// Pieces that cannot move (see the crate docs for the rule).
    pub fn frozen(&self) -> Bitboard {
        let mut frozen = Bitboard::EMPTY;
        for color in [Color::White, Color::Black] {
            let enemy = color.opponent();
            let own = self.colors[color.index()];
            let neutralisers =
                self.pieces(color, Kind::Immobilizer) | self.pieces(color, Kind::Chameleon);
            for immobilizer in self.pieces(enemy, Kind::Immobilizer) {
                let zone = king_attacks(immobilizer);
                let touching = zone & neutralisers;
                match touching.count() {
                    0 => frozen |= zone & own,
                    // The lone neutraliser cannot free itself.
                    1 => frozen |= touching,
                    _ => {}
                }
            }
            for immobilizer in self.pieces(color, Kind::Immobilizer) {
                if (king_attacks(immobilizer) & self.pieces(enemy, Kind::Chameleon)).any() {
                    frozen = frozen.with(immobilizer);
                }
            }
        }
        frozen
    }

    /// Reads a position string (see the module docs).
    pub fn from_text(text: &str) -> Result<Position, PositionError> {
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

    /// The canonical position string.
    pub fn text(&self) -> String {
        let mut out = String::new();
        for rank in (0..8u8).rev() {
            let mut empty = 0;
            for file in 0..8u8 {
                match self.piece_at(Square::new(rank * 8 + file)) {
                    Some((color, kind)) => {
                        if empty > 0 {
                            out.push((b'0' + empty) as char);
                            empty = 0;
                        }
                        let c = kind.letter();
                        out.push(if color == Color::White {
                            c.to_ascii_uppercase()
                        } else {
                            c
                        });
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
}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position({})", self.text())
    }
}
