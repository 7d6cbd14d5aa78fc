//! The chess board: bitboards by role and colour, a mailbox, side to move,
//! castling rights, en passant, clocks, the incremental Zobrist key, and the
//! checkers and pinned pieces of the side to move (kept up to date by every
//! change so move generation can start at once). Everything of a position
//! but the network's hidden layer (`position.rs`), so perft walks it alone.

use augur_core::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks,
};
use augur_core::{Bitboard, Square};

use crate::types::{CastlingRights, Color, Piece, Role};
use crate::zobrist;

const NO_PIECE: u8 = 12;

/// A legal chess board: a [`Position`](crate::Position) without the
/// network's hidden layer, small enough that perft copies it cheaply
/// (copy-make: moves return new boards). A position reads as its board.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Board {
    pub(crate) roles: [Bitboard; 6],
    pub(crate) colors: [Bitboard; 2],
    pub(crate) mailbox: [u8; 64],
    pub(crate) hash: u64,
    pub(crate) checkers: Bitboard,
    pub(crate) pinned: Bitboard,
    pub(crate) side: Color,
    pub(crate) castling: CastlingRights,
    /// The rook square of each castling right held (by right index: see
    /// `castling.rs`); meaningless for rights not held.
    pub(crate) castling_rooks: [Square; 4],
    /// The squares whose pieces' moves (or capture) change the castling
    /// rights: the rooks of the rights held and their kings.
    pub(crate) castling_touch: Bitboard,
    /// Chess960 mode (`UCI_Chess960`): castling is written king-takes-rook.
    /// Not part of the position's identity for repetition (not hashed).
    pub(crate) chess960: bool,
    /// Set only when an en passant capture is legal (so it is hashed, and
    /// written in FEN, exactly when it matters).
    pub(crate) en_passant: Option<Square>,
    pub(crate) halfmove_clock: u16,
    pub(crate) fullmove_number: u16,
}

const PIECES: [Piece; 12] = {
    let mut all = [Piece {
        color: Color::White,
        role: Role::Pawn,
    }; 12];
    let mut i = 0;
    while i < 12 {
        let color = if i < 6 { Color::White } else { Color::Black };
        all[i] = Piece {
            color,
            role: Role::ALL[i % 6],
        };
        i += 1;
    }
    all
};

impl Board {
    /// A board with no pieces, White to move, no rights: the starting point
    /// of FEN parsing. Not a legal position until kings are placed.
    pub(crate) fn empty() -> Self {
        Board {
            roles: [Bitboard::EMPTY; 6],
            colors: [Bitboard::EMPTY; 2],
            mailbox: [NO_PIECE; 64],
            hash: 0,
            checkers: Bitboard::EMPTY,
            pinned: Bitboard::EMPTY,
            side: Color::White,
            castling: CastlingRights::default(),
            castling_rooks: [Square::default(); 4],
            castling_touch: Bitboard::EMPTY,
            chess960: false,
            en_passant: None,
            halfmove_clock: 0,
            fullmove_number: 1,
        }
    }

    /// The piece on `square`, if any.
    #[inline(always)]
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        PIECES.get(self.mailbox[square.index()] as usize).copied()
    }

    /// The side to move.
    #[inline(always)]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// All pieces of one colour.
    #[inline(always)]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.colors[color.index()]
    }

    /// All pieces of one role, both colours.
    #[inline(always)]
    pub fn by_role(&self, role: Role) -> Bitboard {
        self.roles[role.index()]
    }

    /// The pieces of one colour and role.
    #[inline(always)]
    pub fn pieces(&self, color: Color, role: Role) -> Bitboard {
        self.colors[color.index()] & self.roles[role.index()]
    }

    /// Every occupied square.
    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.colors[0] | self.colors[1]
    }

    /// The king square of `color` (a legal position has exactly one king).
    #[inline(always)]
    pub fn king_square(&self, color: Color) -> Square {
        self.pieces(color, Role::King).lowest().unwrap_or_default()
    }

    /// The pieces giving check to the side to move.
    #[inline(always)]
    pub fn checkers(&self) -> Bitboard {
        self.checkers
    }

    /// Castling rights.
    pub fn castling_rights(&self) -> CastlingRights {
        self.castling
    }

    /// The rook square of each castling right held, in the order White
    /// king side, White queen side, Black king side, Black queen side.
    pub fn castling_rooks(&self) -> [Option<Square>; 4] {
        std::array::from_fn(|i| self.castling.has(1 << i).then_some(self.castling_rooks[i]))
    }

    /// Whether castling is written king-takes-rook (`UCI_Chess960`).
    pub fn is_chess960(&self) -> bool {
        self.chess960
    }

    /// The en passant target square, present only when the capture is legal.
    pub fn en_passant_square(&self) -> Option<Square> {
        self.en_passant
    }

    /// Plies since the last capture or pawn move.
    pub fn halfmove_clock(&self) -> u16 {
        self.halfmove_clock
    }

    /// The move number, starting at 1 and incremented after Black's move.
    pub fn fullmove_number(&self) -> u16 {
        self.fullmove_number
    }

    /// The incrementally maintained Zobrist key.
    #[inline(always)]
    pub fn zobrist(&self) -> u64 {
        self.hash
    }

    /// Places `piece` on an empty `square`, updating the key.
    #[inline(always)]
    pub(crate) fn put(&mut self, square: Square, piece: Piece) {
        let bit = Bitboard::from_square(square);
        self.roles[piece.role.index()] |= bit;
        self.colors[piece.color.index()] |= bit;
        self.mailbox[square.index()] = piece.index() as u8;
        self.hash ^= zobrist::piece(piece, square);
    }

    /// Removes `piece` from `square`, updating the key.
    #[inline(always)]
    pub(crate) fn remove(&mut self, square: Square, piece: Piece) {
        let bit = Bitboard::from_square(square);
        self.roles[piece.role.index()] ^= bit;
        self.colors[piece.color.index()] ^= bit;
        self.mailbox[square.index()] = NO_PIECE;
        self.hash ^= zobrist::piece(piece, square);
    }

    /// Moves `piece` from `from` to an empty `to`, updating the key.
    #[inline(always)]
    pub(crate) fn relocate(&mut self, from: Square, to: Square, piece: Piece) {
        let bits = Bitboard::from_square(from) | Bitboard::from_square(to);
        self.roles[piece.role.index()] ^= bits;
        self.colors[piece.color.index()] ^= bits;
        self.mailbox[from.index()] = NO_PIECE;
        self.mailbox[to.index()] = piece.index() as u8;
        self.hash ^= zobrist::piece(piece, from) ^ zobrist::piece(piece, to);
    }

    /// Sets the castling rights (their rook squares already in
    /// `castling_rooks`), updating the key and the squares that touch them.
    #[inline(always)]
    pub(crate) fn set_castling(&mut self, rights: CastlingRights) {
        let changed = self.castling.0 ^ rights.0;
        self.hash ^= zobrist::castling(self.castling.0) ^ zobrist::castling(rights.0);
        let mut bits = changed;
        while bits != 0 {
            let index = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            self.hash ^= zobrist::castling_rook_file(index, self.castling_rooks[index].file());
            if !rights.has(1 << index) {
                // Cleared, so equal positions compare equal.
                self.castling_rooks[index] = Square::default();
            }
        }
        self.castling = rights;
        let mut touch = Bitboard::EMPTY;
        let mut held = rights.0;
        while held != 0 {
            let index = held.trailing_zeros() as usize;
            held &= held - 1;
            let color = if index < 2 {
                Color::White
            } else {
                Color::Black
            };
            touch |= Bitboard::from_square(self.castling_rooks[index])
                | (self.colors[color.index()] & self.roles[Role::King.index()]);
        }
        self.castling_touch = touch;
    }

    /// Sets the en passant square, updating the key.
    #[inline(always)]
    pub(crate) fn set_en_passant(&mut self, square: Option<Square>) {
        if let Some(old) = self.en_passant {
            self.hash ^= zobrist::en_passant(old.file());
        }
        if let Some(new) = square {
            self.hash ^= zobrist::en_passant(new.file());
        }
        self.en_passant = square;
    }

    /// Hands the move to the other side, updating the key.
    #[inline(always)]
    pub(crate) fn flip_side(&mut self) {
        self.side = self.side.opponent();
        self.hash ^= zobrist::black_to_move();
    }

    /// The key computed from scratch.
    pub(crate) fn recompute_zobrist(&self) -> u64 {
        let mut key = Self::castling_key(self.castling.0, &self.castling_rooks);
        for square in self.occupied() {
            if let Some(piece) = self.piece_at(square) {
                key ^= zobrist::piece(piece, square);
            }
        }
        if self.side == Color::Black {
            key ^= zobrist::black_to_move();
        }
        if let Some(ep) = self.en_passant {
            key ^= zobrist::en_passant(ep.file());
        }
        key
    }

    /// Pieces of either colour attacking `square` given `occupied`.
    #[inline(always)]
    pub(crate) fn attackers_to(&self, square: Square, occupied: Bitboard) -> Bitboard {
        let rooks = self.roles[Role::Rook.index()] | self.roles[Role::Queen.index()];
        let bishops = self.roles[Role::Bishop.index()] | self.roles[Role::Queen.index()];
        let pawns = self.roles[Role::Pawn.index()];
        (rook_attacks(square, occupied) & rooks)
            | (bishop_attacks(square, occupied) & bishops)
            | (knight_attacks(square) & self.roles[Role::Knight.index()])
            | (king_attacks(square) & self.roles[Role::King.index()])
            | (pawn_attacks(square, true) & pawns & self.colors[Color::Black.index()])
            | (pawn_attacks(square, false) & pawns & self.colors[Color::White.index()])
    }

    /// Whether `by` attacks `square` given `occupied`.
    #[inline(always)]
    pub(crate) fn is_attacked(&self, square: Square, by: Color, occupied: Bitboard) -> bool {
        (self.attackers_to(square, occupied) & self.colors[by.index()]).any()
    }

    /// Recomputes the checkers and pinned pieces of the side to move.
    #[inline(always)]
    pub(crate) fn refresh_check_info(&mut self) {
        let us = self.side;
        let them = us.opponent();
        let king = self.king_square(us);
        let theirs = self.colors[them.index()];
        let occupied = self.occupied();
        self.checkers = self.attackers_to(king, occupied) & theirs;
        let rooks = self.roles[Role::Rook.index()] | self.roles[Role::Queen.index()];
        let bishops = self.roles[Role::Bishop.index()] | self.roles[Role::Queen.index()];
        let snipers = ((rook_attacks(king, theirs) & rooks)
            | (bishop_attacks(king, theirs) & bishops))
            & theirs;
        let mut pinned = Bitboard::EMPTY;
        for sniper in snipers {
            let blockers = between(king, sniper) & occupied;
            if !blockers.more_than_one() {
                pinned |= blockers & self.colors[us.index()];
            }
        }
        self.pinned = pinned;
    }

    /// Our pawns that can legally capture en passant onto `target` (a square
    /// behind an enemy pawn that just moved two steps).
    pub(crate) fn en_passant_capturers(&self, target: Square) -> Bitboard {
        let us = self.side;
        let them = us.opponent();
        let capturers = pawn_attacks(target, us == Color::Black) & self.pieces(us, Role::Pawn);
        if capturers.is_empty() {
            return Bitboard::EMPTY;
        }
        let victim = en_passant_victim(us, target);
        let king = self.king_square(us);
        let mut legal = Bitboard::EMPTY;
        for from in capturers {
            let occupied =
                (self.occupied() ^ Bitboard::from_square(from) ^ Bitboard::from_square(victim))
                    | Bitboard::from_square(target);
            let attackers = self.attackers_to(king, occupied)
                & self.colors[them.index()]
                & !Bitboard::from_square(victim);
            if attackers.is_empty() {
                legal = legal.with(from);
            }
        }
        legal
    }
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Board({})", self.write_fen())
    }
}

/// The square of the pawn that `us` takes en passant by landing on `to`.
#[inline(always)]
pub(crate) fn en_passant_victim(us: Color, to: Square) -> Square {
    Square::new(match us {
        Color::White => to.index() - 8,
        Color::Black => to.index() + 8,
    } as u8)
}
