//! Legal move generation.
//!
//! One generator feeds a [`MoveSink`]: the list sink turns target sets into
//! moves, the counting sink only adds up popcounts (perft's last ply never
//! builds a move). Legality is exact: the king never steps onto an attacked
//! square, pinned pieces stay on their pin line, a check must be answered,
//! and en passant and castling get their own checks.

use augur_core::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, line, rook_attacks,
};
use augur_core::{Bitboard, MoveList, Square};

use crate::board::Board;
use crate::castling::{color_rights, right_index};
use crate::moves::Move;
use crate::types::{Color, Role};

/// The squares where a pawn move is a promotion.
const PROMOTION_RANKS: Bitboard = Bitboard(Bitboard::RANK_1.0 | Bitboard::RANK_8.0);

/// Which moves a generator call gives (its `KIND` parameter).
mod kind {
    /// Every legal move.
    pub(super) const ALL: u8 = 0;
    /// The captures (en passant included) and promotions.
    pub(super) const NOISY: u8 = 1;
    /// The rest: moves to empty squares that promote nothing, and castling.
    pub(super) const QUIET: u8 = 2;
}

/// Receives generated moves as target sets.
pub(crate) trait MoveSink {
    /// A non-pawn piece on `from` may move to each square of `targets`.
    fn piece(&mut self, from: Square, targets: Bitboard);
    /// For each square `t` of `targets`, the pawn on `t - offset` may move to
    /// `t` (a promotion, in four ways, when `t` is on the last rank).
    fn pawns(&mut self, targets: Bitboard, offset: i8);
    /// One special move (en passant, castling).
    fn special(&mut self, mv: Move);
    /// The squares whose pieces' moves the sink wants (the generator skips
    /// the others): all of them unless it looks for one piece's moves.
    #[inline(always)]
    fn origins(&self) -> Bitboard {
        Bitboard::FULL
    }
}

/// Counts moves without building them.
pub(crate) struct Counter(pub u64);

impl MoveSink for Counter {
    #[inline(always)]
    fn piece(&mut self, _from: Square, targets: Bitboard) {
        self.0 += targets.count() as u64;
    }
    #[inline(always)]
    fn pawns(&mut self, targets: Bitboard, _offset: i8) {
        self.0 += (targets & !PROMOTION_RANKS).count() as u64
            + 4 * (targets & PROMOTION_RANKS).count() as u64;
    }
    #[inline(always)]
    fn special(&mut self, _mv: Move) {
        self.0 += 1;
    }
}

impl MoveSink for MoveList<Move> {
    #[inline(always)]
    fn piece(&mut self, from: Square, targets: Bitboard) {
        for to in targets {
            self.push(Move::normal(from, to));
        }
    }
    #[inline(always)]
    fn pawns(&mut self, targets: Bitboard, offset: i8) {
        for to in targets & !PROMOTION_RANKS {
            self.push(Move::normal(
                Square::new((to.index() as i8 - offset) as u8),
                to,
            ));
        }
        for to in targets & PROMOTION_RANKS {
            let from = Square::new((to.index() as i8 - offset) as u8);
            for role in [Role::Queen, Role::Knight, Role::Rook, Role::Bishop] {
                self.push(Move::promotion(from, to, role));
            }
        }
    }
    #[inline(always)]
    fn special(&mut self, mv: Move) {
        self.push(mv);
    }
}

/// Looks for one move among the legal ones without building any: the
/// generator runs for the piece on the move's origin square only.
struct Finder {
    wanted: Move,
    found: bool,
}

impl MoveSink for Finder {
    #[inline(always)]
    fn piece(&mut self, from: Square, targets: Bitboard) {
        let to = self.wanted.to();
        if from == self.wanted.from() && targets.contains(to) {
            self.found |= Move::normal(from, to) == self.wanted;
        }
    }
    #[inline(always)]
    fn pawns(&mut self, targets: Bitboard, offset: i8) {
        let (from, to) = (self.wanted.from(), self.wanted.to());
        if !targets.contains(to) || to.index() as i8 - offset != from.index() as i8 {
            return;
        }
        self.found |= if PROMOTION_RANKS.contains(to) {
            [Role::Queen, Role::Knight, Role::Rook, Role::Bishop]
                .into_iter()
                .any(|role| Move::promotion(from, to, role) == self.wanted)
        } else {
            Move::normal(from, to) == self.wanted
        };
    }
    #[inline(always)]
    fn special(&mut self, mv: Move) {
        self.found |= mv == self.wanted;
    }
    /// Only the wanted move's piece.
    #[inline(always)]
    fn origins(&self) -> Bitboard {
        Bitboard::from_square(self.wanted.from())
    }
}

impl Board {
    /// Feeds the legal moves of `KIND` (see [`kind`]) to `sink`.
    #[inline(always)]
    pub(crate) fn generate_into<const KIND: u8, S: MoveSink>(&self, sink: &mut S) {
        let us = self.side;
        let them = us.opponent();
        let ours = self.colors[us.index()];
        let theirs = self.colors[them.index()];
        let occupied = ours | theirs;
        let king = self.king_square(us);
        let origins = sink.origins();
        let destinations = match KIND {
            kind::NOISY => theirs,
            kind::QUIET => !occupied,
            _ => !ours,
        };

        // King moves: the king is lifted off the board so it cannot hide
        // behind itself from a slider.
        if origins.contains(king) {
            let king_targets = king_attacks(king) & destinations;
            let without_king = occupied ^ Bitboard::from_square(king);
            let mut safe = Bitboard::EMPTY;
            for to in king_targets {
                if !self.is_attacked(to, them, without_king) {
                    safe = safe.with(to);
                }
            }
            sink.piece(king, safe);
        }

        if self.checkers.more_than_one() {
            return;
        }
        let check_mask = match self.checkers.lowest() {
            Some(checker) => between(king, checker) | self.checkers,
            None => Bitboard::FULL,
        };
        let targets = check_mask & destinations;
        let pinned = self.pinned;

        for from in self.pieces(us, Role::Knight) & !pinned & origins {
            sink.piece(from, knight_attacks(from) & targets);
        }
        let queens = self.pieces(us, Role::Queen) & origins;
        // Queens are sent twice, diagonal moves here and orthogonal ones
        // below: the two sets never overlap.
        for from in (self.pieces(us, Role::Bishop) & origins) | queens {
            let mut to = bishop_attacks(from, occupied) & targets;
            if pinned.contains(from) {
                to &= line(king, from);
            }
            sink.piece(from, to);
        }
        for from in (self.pieces(us, Role::Rook) & origins) | queens {
            let mut to = rook_attacks(from, occupied) & targets;
            if pinned.contains(from) {
                to &= line(king, from);
            }
            sink.piece(from, to);
        }

        let pawns = self.pieces(us, Role::Pawn) & origins;
        self.pawn_moves::<KIND, S>(pawns & !pinned, check_mask, sink);
        for from in pawns & pinned {
            self.pawn_moves::<KIND, S>(
                Bitboard::from_square(from),
                check_mask & line(king, from),
                sink,
            );
        }

        if let Some(target) = self.en_passant.filter(|_| KIND != kind::QUIET) {
            for from in self.en_passant_capturers(target) & origins {
                sink.special(Move::en_passant(from, target));
            }
        }

        if KIND != kind::NOISY && self.checkers.is_empty() && origins.contains(king) {
            self.castling_moves(king, occupied, sink);
        }
    }

    /// Pushes and captures of `pawns`, landing only on `allowed` squares.
    #[inline(always)]
    fn pawn_moves<const KIND: u8, S: MoveSink>(
        &self,
        pawns: Bitboard,
        allowed: Bitboard,
        sink: &mut S,
    ) {
        let empty = !self.occupied();
        let theirs = self.colors[self.side.opponent().index()] & allowed;
        let (single, double_rank, forward): (Bitboard, Bitboard, i8) = match self.side {
            Color::White => (pawns.north() & empty, Bitboard::rank(2), 8),
            Color::Black => (pawns.south() & empty, Bitboard::rank(5), -8),
        };
        let (west, east) = match self.side {
            Color::White => (pawns.west().north(), pawns.east().north()),
            Color::Black => (pawns.west().south(), pawns.east().south()),
        };
        if KIND != kind::QUIET {
            sink.pawns(west & theirs, forward - 1);
            sink.pawns(east & theirs, forward + 1);
        }
        if KIND == kind::NOISY {
            sink.pawns(single & allowed & PROMOTION_RANKS, forward);
        } else {
            let double = match self.side {
                Color::White => (single & double_rank).north() & empty,
                Color::Black => (single & double_rank).south() & empty,
            };
            let pushes = if KIND == kind::QUIET {
                single & allowed & !PROMOTION_RANKS
            } else {
                single & allowed
            };
            sink.pawns(pushes, forward);
            sink.pawns(double & allowed, 2 * forward);
        }
    }

    /// Castling moves (the side to move is not in check).
    #[inline(always)]
    fn castling_moves<S: MoveSink>(&self, king: Square, occupied: Bitboard, sink: &mut S) {
        let rights = self.castling.bits() & color_rights(self.side);
        if rights == 0 {
            return;
        }
        for king_side in [true, false] {
            let index = right_index(self.side, king_side);
            if rights & (1 << index) != 0 && self.can_castle(index, king, occupied) {
                sink.special(Move::castling(king, self.castling_rooks[index]));
            }
        }
    }

    /// Every legal move, appended to `out`.
    pub(crate) fn legal_moves(&self, out: &mut MoveList<Move>) {
        self.generate_into::<{ kind::ALL }, _>(out);
    }

    /// Every legal capture and promotion, appended to `out`.
    pub(crate) fn noisy_moves(&self, out: &mut MoveList<Move>) {
        self.generate_into::<{ kind::NOISY }, _>(out);
    }

    /// Every other legal move (neither a capture nor a promotion),
    /// appended to `out`.
    pub(crate) fn quiet_moves(&self, out: &mut MoveList<Move>) {
        self.generate_into::<{ kind::QUIET }, _>(out);
    }

    /// Whether `mv` is one of the legal moves (found without building the
    /// list; any 16 bits may be asked about).
    pub(crate) fn is_legal_move(&self, mv: Move) -> bool {
        let mut finder = Finder {
            wanted: mv,
            found: false,
        };
        self.generate_into::<{ kind::ALL }, _>(&mut finder);
        finder.found
    }

    /// The number of legal moves, counted without building them.
    pub(crate) fn count_legal_moves(&self) -> u64 {
        let mut counter = Counter(0);
        self.generate_into::<{ kind::ALL }, _>(&mut counter);
        counter.0
    }
}
