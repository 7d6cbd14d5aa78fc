//! FEN: parsing with full validation, and canonical output.
//!
//! Accepted: 4 to 6 space-separated fields (the clocks default to `0 1`, as
//! in EPD). Rejected, each with its own [`FenError`]: a malformed board,
//! anything but exactly one king per side, more than 16 pieces or 8 pawns a
//! side, pawns on the first or last rank, a bad side-to-move, castling field
//! or en passant field, an en passant square no double step could have
//! produced, bad clocks, the side not to move in check, and more than two
//! checkers. Castling rights without the king and rook on their home squares
//! are dropped, as python-chess and Stockfish do (the protocol warns about
//! them: `Game::from_fen_with_warnings`).
//!
//! Castling fields: `KQkq`, or rook files (`HAha`, Shredder-FEN and X-FEN).
//! In standard chess only rights with the king on the e-file and the rook in
//! its corner are kept; in Chess960 (`Game::from_fen_chess960`) a right
//! may name any rook on its king's rank (`K`/`Q`: the outermost one).
//!
//! Canonical output writes castling in X-FEN (`KQkq` order; a rook's file
//! when it is not the outermost on its side) and the en passant
//! square only when an en passant capture is legal (as python-chess does), so
//! a parsed position written out and read back is the same position.

use augur_core::{Bitboard, Square};
use std::fmt;

use crate::board::Board;
use crate::castling::parse_rights;
use crate::position::Position;
use crate::types::{Color, Piece, Role};

/// The standard starting position.
pub const STARTING_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Why a FEN was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// Not 4 to 6 fields.
    FieldCount(usize),
    /// The board does not have 8 ranks.
    RankCount(usize),
    /// A rank (1-8) does not describe exactly 8 squares.
    RankLength(u8),
    /// A character that is no piece letter nor a digit 1-8.
    BoardCharacter(char),
    /// Two digits in a row, which FEN never writes.
    AdjacentDigits(u8),
    /// Not exactly one king of a colour.
    KingCount(Color, u32),
    /// More than 16 pieces of a colour.
    TooManyPieces(Color),
    /// More than 8 pawns of a colour.
    TooManyPawns(Color),
    /// A pawn on the first or last rank.
    PawnOnBackRank(Square),
    /// The side-to-move field is not `w` or `b`.
    SideToMove(String),
    /// The castling field is not `-` or distinct letters from `KQkq`.
    CastlingField(String),
    /// The en passant field is not `-` or a square.
    EnPassantField(String),
    /// An en passant square no double step could have produced.
    EnPassantImpossible(Square),
    /// The half-move clock is not a number in 0..=65535.
    HalfmoveClock(String),
    /// The move number is not a number in 1..=65535.
    FullmoveNumber(String),
    /// The side that just moved is in check.
    OpponentInCheck,
    /// The side to move is checked by more than two pieces.
    TooManyCheckers(u32),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::FieldCount(n) => write!(f, "expected 4 to 6 fields, found {n}"),
            FenError::RankCount(n) => write!(f, "expected 8 ranks, found {n}"),
            FenError::RankLength(rank) => write!(f, "rank {rank} does not have 8 squares"),
            FenError::BoardCharacter(c) => write!(f, "unexpected character '{c}' in the board"),
            FenError::AdjacentDigits(rank) => write!(f, "two digits in a row in rank {rank}"),
            FenError::KingCount(color, n) => write!(f, "{color:?} has {n} kings, expected 1"),
            FenError::TooManyPieces(color) => write!(f, "{color:?} has more than 16 pieces"),
            FenError::TooManyPawns(color) => write!(f, "{color:?} has more than 8 pawns"),
            FenError::PawnOnBackRank(sq) => write!(f, "pawn on {sq}, a first or last rank"),
            FenError::SideToMove(s) => write!(f, "side to move '{s}' is not 'w' or 'b'"),
            FenError::CastlingField(s) => write!(f, "castling field '{s}' is malformed"),
            FenError::EnPassantField(s) => write!(f, "en passant field '{s}' is malformed"),
            FenError::EnPassantImpossible(sq) => {
                write!(
                    f,
                    "en passant square {sq} does not follow a double pawn step"
                )
            }
            FenError::HalfmoveClock(s) => {
                write!(f, "half-move clock '{s}' is not a number 0-65535")
            }
            FenError::FullmoveNumber(s) => write!(f, "move number '{s}' is not a number 1-65535"),
            FenError::OpponentInCheck => write!(f, "the side not to move is in check"),
            FenError::TooManyCheckers(n) => write!(f, "the side to move is checked by {n} pieces"),
        }
    }
}

impl std::error::Error for FenError {}

fn parse_board(board: &str, position: &mut Position) -> Result<(), FenError> {
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 8 {
        return Err(FenError::RankCount(ranks.len()));
    }
    for (i, text) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let mut file = 0u8;
        let mut previous_digit = false;
        for c in text.chars() {
            if let Some(run) = c.to_digit(10) {
                if !(1..=8).contains(&run) {
                    return Err(FenError::BoardCharacter(c));
                }
                if previous_digit {
                    return Err(FenError::AdjacentDigits(rank + 1));
                }
                previous_digit = true;
                file += run as u8;
            } else {
                previous_digit = false;
                let piece = Piece::from_letter(c).ok_or(FenError::BoardCharacter(c))?;
                if file >= 8 {
                    return Err(FenError::RankLength(rank + 1));
                }
                position.put(Square::new(rank * 8 + file), piece);
                file += 1;
            }
            if file > 8 {
                return Err(FenError::RankLength(rank + 1));
            }
        }
        if file != 8 {
            return Err(FenError::RankLength(rank + 1));
        }
    }
    Ok(())
}

fn check_material(position: &Position) -> Result<(), FenError> {
    for color in [Color::White, Color::Black] {
        let kings = position.pieces(color, Role::King).count();
        if kings != 1 {
            return Err(FenError::KingCount(color, kings));
        }
        if position.by_color(color).count() > 16 {
            return Err(FenError::TooManyPieces(color));
        }
        if position.pieces(color, Role::Pawn).count() > 8 {
            return Err(FenError::TooManyPawns(color));
        }
    }
    let back_rank_pawns = position.by_role(Role::Pawn) & (Bitboard::RANK_1 | Bitboard::RANK_8);
    if let Some(square) = back_rank_pawns.lowest() {
        return Err(FenError::PawnOnBackRank(square));
    }
    Ok(())
}

/// Checks that a double step could have produced `target`, the square the
/// pawn passed over.
fn check_en_passant(target: Square, position: &Position) -> Result<(), FenError> {
    let us = position.side_to_move();
    let (rank, pawn_offset, origin_offset) = match us {
        Color::White => (5, -8, 8),
        Color::Black => (2, 8, -8),
    };
    let offset = |d: i32| Square::new((target.index() as i32 + d) as u8);
    let ok = target.rank() == rank
        && position.piece_at(target).is_none()
        && position.piece_at(offset(origin_offset)).is_none()
        && position.piece_at(offset(pawn_offset))
            == Some(Piece {
                color: us.opponent(),
                role: Role::Pawn,
            });
    if ok {
        Ok(())
    } else {
        Err(FenError::EnPassantImpossible(target))
    }
}

impl Position {
    /// Parses and validates a FEN (see the module docs for what is
    /// accepted), with the typed reason for a rejection; the trait's
    /// `Game::from_fen` gives the same reason as text.
    pub fn from_fen_detailed(fen: &str) -> Result<Position, FenError> {
        Self::read_fen(fen, false).map(|(position, _)| position)
    }

    /// [`Position::from_fen_detailed`] (or, with `chess960`, in Chess960
    /// mode: castling rights may name any rook on its king's rank, `KQkq`
    /// for the outermost rook on a side or the rook's file, `HAha`), with the castling rights that were
    /// dropped because the position cannot have them.
    pub(crate) fn read_fen(fen: &str, chess960: bool) -> Result<(Position, Vec<char>), FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if !(4..=6).contains(&fields.len()) {
            return Err(FenError::FieldCount(fields.len()));
        }
        let mut position = Position::empty();
        position.hash = crate::zobrist::castling(0);
        parse_board(fields[0], &mut position)?;
        check_material(&position)?;
        position.accumulator = crate::nnue::Accumulator::of(&position.network, &position);
        match fields[1] {
            "w" => {}
            "b" => position.flip_side(),
            other => return Err(FenError::SideToMove(other.to_string())),
        }
        let parsed = parse_rights(fields[2], &position, chess960)
            .ok_or_else(|| FenError::CastlingField(fields[2].to_string()))?;
        position.chess960 = chess960;
        position.castling_rooks = parsed.rooks;
        position.set_castling(parsed.rights);
        let dropped = parsed.dropped;
        let en_passant = match fields[3] {
            "-" => None,
            text => {
                let square = Square::parse(text)
                    .ok_or_else(|| FenError::EnPassantField(text.to_string()))?;
                check_en_passant(square, &position)?;
                Some(square)
            }
        };
        if let Some(text) = fields.get(4) {
            position.halfmove_clock = text
                .parse::<u16>()
                .map_err(|_| FenError::HalfmoveClock(text.to_string()))?;
        }
        if let Some(text) = fields.get(5) {
            position.fullmove_number = text
                .parse::<u16>()
                .ok()
                .filter(|&n| n >= 1)
                .ok_or_else(|| FenError::FullmoveNumber(text.to_string()))?;
        }
        let them = position.side.opponent();
        if position.is_attacked(
            position.king_square(them),
            position.side,
            position.occupied(),
        ) {
            return Err(FenError::OpponentInCheck);
        }
        position.refresh_check_info();
        if position.checkers.count() > 2 {
            return Err(FenError::TooManyCheckers(position.checkers.count()));
        }
        if let Some(target) = en_passant
            && position.en_passant_capturers(target).any()
        {
            position.set_en_passant(Some(target));
        }
        Ok((position, dropped))
    }
}

impl Board {
    /// The canonical FEN.
    pub(crate) fn write_fen(&self) -> String {
        let mut fen = String::with_capacity(90);
        for rank in (0..8u8).rev() {
            let mut empty = 0;
            for file in 0..8u8 {
                match self.piece_at(Square::new(rank * 8 + file)) {
                    Some(piece) => {
                        if empty > 0 {
                            fen.push((b'0' + empty) as char);
                            empty = 0;
                        }
                        fen.push(piece.letter());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                fen.push((b'0' + empty) as char);
            }
            if rank > 0 {
                fen.push('/');
            }
        }
        fen.push_str(if self.side == Color::White {
            " w "
        } else {
            " b "
        });
        fen.push_str(&self.castling_field());
        match self.en_passant {
            Some(square) => fen.push_str(&format!(" {square}")),
            None => fen.push_str(" -"),
        }
        fen.push_str(&format!(
            " {} {}",
            self.halfmove_clock, self.fullmove_number
        ));
        fen
    }
}
