//! Making a move: copy the position, move the pieces through the helpers that
//! keep the Zobrist key in step, then refresh check information.

use augur_core::Square;

use crate::castling::destinations;
use crate::moves::{Move, MoveKind};
use crate::position::Position;
use crate::types::{CastlingRights, Color, Piece, Role};

impl Position {
    /// The position after `mv`, a legal move of this position (from
    /// [`Position::legal_moves`] or checked with it).
    #[inline]
    pub(crate) fn play_unchecked(&self, mv: Move) -> Position {
        self.play_with::<true>(mv)
    }

    /// [`Position::play_unchecked`] without the network's hidden layer:
    /// for counting moves (perft) only, as the result's evaluation is stale.
    #[inline]
    pub(crate) fn play_board_only(&self, mv: Move) -> Position {
        self.play_with::<false>(mv)
    }

    /// The position after `mv`; with `NETWORK`, the hidden layer follows
    /// the pieces.
    #[inline(always)]
    fn play_with<const NETWORK: bool>(&self, mv: Move) -> Position {
        let mut next = *self;
        let network = crate::nnue::network();
        let (from, to) = (mv.from(), mv.to());
        let us = self.side;
        let mover = match self.piece_at(from) {
            Some(piece) => piece,
            None => return next, // Not a move of this position; nothing to do.
        };
        let captured = self.piece_at(to);
        next.set_en_passant(None);
        next.halfmove_clock = next.halfmove_clock.saturating_add(1);
        let mut double_step_target = None;

        match mv.kind() {
            MoveKind::Normal => {
                if let Some(victim) = captured {
                    next.remove(to, victim);
                    next.halfmove_clock = 0;
                    if NETWORK {
                        next.accumulator
                            .capture(network, mover, from, to, victim, to);
                    }
                } else if NETWORK {
                    next.accumulator.relocate(network, mover, from, to);
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
                    if NETWORK {
                        next.accumulator.remove(network, victim, to);
                    }
                }
                next.remove(from, mover);
                let role = mv.promotion_role().unwrap_or(Role::Queen);
                next.put(to, Piece { color: us, role });
                if NETWORK {
                    next.accumulator.remove(network, mover, from);
                    next.accumulator.put(network, Piece { color: us, role }, to);
                }
                next.halfmove_clock = 0;
            }
            MoveKind::EnPassant => {
                let victim_square = Square::new(match us {
                    Color::White => to.index() - 8,
                    Color::Black => to.index() + 8,
                } as u8);
                let victim = Piece {
                    color: us.opponent(),
                    role: Role::Pawn,
                };
                next.remove(victim_square, victim);
                next.relocate(from, to, mover);
                if NETWORK {
                    next.accumulator
                        .capture(network, mover, from, to, victim, victim_square);
                }
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
                if NETWORK {
                    next.accumulator.relocate(network, mover, from, king_to);
                    next.accumulator.relocate(network, rook, to, rook_to);
                }
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
        next
    }
}
