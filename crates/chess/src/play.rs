//! Making a move: copy the board, write the network's hidden layer once
//! from the parent's (the move's pieces added and removed), move the pieces
//! through the helpers that keep the Zobrist key in step, then refresh
//! check information. A [`Board`] plays without the hidden layer (perft).

use augur_core::Square;

use crate::board::{Board, en_passant_victim};
use crate::castling::destinations;
use crate::moves::{Move, MoveKind};
use crate::nnue::{Accumulator, mirrors_files};
use crate::position::Position;
use crate::types::{CastlingRights, Color, Piece, Role};
use crate::zobrist;

impl Position {
    /// The position after `mv`, a legal move of this position (from
    /// [`Board::legal_moves`] or checked with it).
    #[inline]
    pub(crate) fn play_unchecked(&self, mv: Move) -> Position {
        let mut next = self.board_copy();
        self.play_onto(mv, &mut next);
        next
    }

    /// [`Position::play_unchecked`] built in `out` (the searcher's slot for
    /// the child): returning a position by value copies it again.
    #[inline(always)]
    pub(crate) fn play_unchecked_into(&self, mv: Move, out: &mut Option<Position>) {
        let next = out.insert(self.board_copy());
        self.play_onto(mv, next);
    }

    /// This position without its hidden layer (blank, to be written whole
    /// by [`Position::play_onto`]).
    #[inline(always)]
    fn board_copy(&self) -> Position {
        Position {
            board: self.board,
            network: self.network,
            accumulator: Accumulator::BLANK,
        }
    }

    /// Turns `next`, a [`Position::board_copy`] of this position, into the
    /// position after `mv`: the hidden layer follows the pieces, written
    /// once from this position's, and the board plays the move.
    #[inline(always)]
    fn play_onto(&self, mv: Move, next: &mut Position) {
        let (from, to) = (mv.from(), mv.to());
        let Some(mover) = self.piece_at(from) else {
            // Not a move of this position; nothing to do.
            next.accumulator = self.accumulator;
            return;
        };
        let captured = self.piece_at(to);
        self.write_accumulator_after(mv, mover, captured, &mut next.accumulator);
        self.board.play_onto(mv, mover, captured, &mut next.board);
        if mover.role == Role::King {
            let network = self.network.get();
            let us = self.side;
            if network.horizontal_mirror
                && mirrors_files(self.king_square(us)) != mirrors_files(next.king_square(us))
            {
                let mut accumulator = next.accumulator;
                accumulator.refresh(network, &next.board, us);
                next.accumulator = accumulator;
            }
        }
    }

    /// Writes into `out` the network's hidden layer after `mv` by `mover`
    /// (taking `captured` on the target square, if any): the pieces the
    /// move puts and removes.
    #[inline(always)]
    fn write_accumulator_after(
        &self,
        mv: Move,
        mover: Piece,
        captured: Option<Piece>,
        out: &mut Accumulator,
    ) {
        let network = self.network.get();
        // A king changing sides refreshes its perspective afterwards
        // (`play_onto`); until then its sums are read with the old flips.
        let flips = network.flips(self);
        let (from, to) = (mv.from(), mv.to());
        let acc = &self.accumulator;
        match mv.kind() {
            MoveKind::Normal => match captured {
                Some(victim) => acc.write_after(
                    network,
                    flips,
                    [(mover, to)],
                    [(mover, from), (victim, to)],
                    out,
                ),
                None => acc.write_after(network, flips, [(mover, to)], [(mover, from)], out),
            },
            MoveKind::Promotion => {
                let promoted = Piece {
                    color: mover.color,
                    role: mv.promotion_role().unwrap_or(Role::Queen),
                };
                match captured {
                    Some(victim) => acc.write_after(
                        network,
                        flips,
                        [(promoted, to)],
                        [(mover, from), (victim, to)],
                        out,
                    ),
                    None => acc.write_after(network, flips, [(promoted, to)], [(mover, from)], out),
                }
            }
            MoveKind::EnPassant => {
                let victim = Piece {
                    color: mover.color.opponent(),
                    role: Role::Pawn,
                };
                acc.write_after(
                    network,
                    flips,
                    [(mover, to)],
                    [(mover, from), (victim, en_passant_victim(mover.color, to))],
                    out,
                )
            }
            MoveKind::Castling => {
                let rook = Piece {
                    color: mover.color,
                    role: Role::Rook,
                };
                let (king_to, rook_to) = destinations(from, to);
                acc.write_after(
                    network,
                    flips,
                    [(mover, king_to), (rook, rook_to)],
                    [(mover, from), (rook, to)],
                    out,
                )
            }
        }
    }
}

impl Board {
    /// Makes `next` the board after `mv`, a legal move of this board (for
    /// counting moves: perft). Built where it is read: a board returned
    /// by value is copied again, its fields just written read back whole.
    #[inline(always)]
    pub(crate) fn play_board_into(&self, mv: Move, next: &mut Board) {
        *next = *self;
        if let Some(mover) = self.piece_at(mv.from()) {
            self.play_onto(mv, mover, self.piece_at(mv.to()), next);
        }
    }

    /// The key after `mv` when it is an ordinary move or capture that
    /// neither changes castling rights nor gives an en passant chance (see
    /// [`Game::key_after_hint`](augur_core::game::Game::key_after_hint)).
    #[inline(always)]
    pub(crate) fn key_after_guess(&self, mv: Move) -> u64 {
        let (from, to) = (mv.from(), mv.to());
        let mut key = self.hash ^ zobrist::black_to_move();
        if let Some(old) = self.en_passant {
            key ^= zobrist::en_passant(old.file());
        }
        if let Some(mover) = self.piece_at(from) {
            key ^= zobrist::piece(mover, from) ^ zobrist::piece(mover, to);
        }
        if let Some(victim) = self.piece_at(to) {
            key ^= zobrist::piece(victim, to);
        }
        key
    }

    /// Turns `next`, a copy of this board, into the board after `mv` by
    /// `mover` (taking `captured` on the target square, if any).
    #[inline(always)]
    fn play_onto(&self, mv: Move, mover: Piece, captured: Option<Piece>, next: &mut Board) {
        let (from, to) = (mv.from(), mv.to());
        let us = self.side;
        next.set_en_passant(None);
        next.halfmove_clock = next.halfmove_clock.saturating_add(1);
        let mut double_step_target = None;
        match mv.kind() {
            MoveKind::Normal => {
                if let Some(victim) = captured {
                    next.remove(to, victim);
                    next.halfmove_clock = 0;
                }
                next.relocate(from, to, mover);
                if mover.role == Role::Pawn {
                    next.halfmove_clock = 0;
                    if from.index().abs_diff(to.index()) == 16 {
                        double_step_target =
                            Some(Square::new(((from.index() + to.index()) / 2) as u8));
                    }
                }
            }
            MoveKind::Promotion => {
                if let Some(victim) = captured {
                    next.remove(to, victim);
                }
                next.remove(from, mover);
                let role = mv.promotion_role().unwrap_or(Role::Queen);
                next.put(to, Piece { color: us, role });
                next.halfmove_clock = 0;
            }
            MoveKind::EnPassant => {
                let victim_square = en_passant_victim(us, to);
                let victim = Piece {
                    color: us.opponent(),
                    role: Role::Pawn,
                };
                next.remove(victim_square, victim);
                next.relocate(from, to, mover);
                next.halfmove_clock = 0;
            }
            MoveKind::Castling => {
                // `to` is the rook's square; either may land where the
                // other stood, so both leave before either lands.
                let rook = Piece {
                    color: us,
                    role: Role::Rook,
                };
                let (king_to, rook_to) = destinations(from, to);
                next.remove(from, mover);
                next.remove(to, rook);
                next.put(king_to, mover);
                next.put(rook_to, rook);
            }
        }

        let touched =
            augur_core::Bitboard::from_square(from) | augur_core::Bitboard::from_square(to);
        if (touched & self.castling_touch).any() {
            let kept = self.rights_kept_after(mover, from, to);
            if kept != self.castling.0 {
                next.set_castling(CastlingRights(kept));
            }
        }
        if us == Color::Black {
            next.fullmove_number = next.fullmove_number.saturating_add(1);
        }
        next.flip_side();
        next.refresh_check_info();
        if let Some(target) = double_step_target
            && next.en_passant_capturers(target).any()
        {
            next.set_en_passant(Some(target));
        }
    }
}
