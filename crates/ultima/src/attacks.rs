//! Whether a king is attacked: could the opponent's unfrozen pieces capture
//! it with some move (displacement, pincer, coordinator, long leaper,
//! withdrawer), or does an unfrozen enemy chameleon touch it?

use augur_core::attacks::{KING_STEPS, king_attacks, queen_attacks, rook_attacks};
use augur_core::{Bitboard, Square};

use crate::position::Position;
use crate::types::{Color, Kind};

impl Position {
    /// Whether `color`'s king is attacked.
    pub fn king_attacked(&self, color: Color) -> bool {
        let Some(king) = self.pieces(color, Kind::King).lowest() else {
            return false;
        };
        let enemy = color.opponent();
        let active = self.colors[enemy.index()] & !self.frozen();
        let occupied = self.occupied();
        let near = king_attacks(king);
        if (near & active & (self.kinds[Kind::King.index()] | self.kinds[Kind::Chameleon.index()]))
            .any()
        {
            return true;
        }
        for withdrawer in near & active & self.kinds[Kind::Withdrawer.index()] {
            let (df, dr) = (
                withdrawer.file() as i32 - king.file() as i32,
                withdrawer.rank() as i32 - king.rank() as i32,
            );
            if withdrawer
                .offset(df, dr)
                .is_some_and(|s| !occupied.contains(s))
            {
                return true;
            }
        }
        let pincers = active & self.kinds[Kind::Pincer.index()];
        if pincers.any() {
            for &(df, dr) in &KING_STEPS[..4] {
                let (Some(landing), Some(beyond)) = (king.offset(df, dr), king.offset(-df, -dr))
                else {
                    continue;
                };
                if !occupied.contains(landing)
                    && self.colors[enemy.index()].contains(beyond)
                    && (rook_attacks(landing, occupied) & pincers).any()
                {
                    return true;
                }
            }
        }
        let coordinators = active & self.kinds[Kind::Coordinator.index()];
        if coordinators.any()
            && let Some(enemy_king) = self.pieces(enemy, Kind::King).lowest()
        {
            let line = if enemy_king.rank() == king.rank() {
                Bitboard::file(king.file())
            } else if enemy_king.file() == king.file() {
                Bitboard::rank(king.rank())
            } else {
                Bitboard::EMPTY
            };
            for landing in line & !occupied {
                if (queen_attacks(landing, occupied) & coordinators).any() {
                    return true;
                }
            }
        }
        // A leaper can only take the king along one of the king's lines.
        let leapers =
            active & self.kinds[Kind::Leaper.index()] & queen_attacks(king, Bitboard::EMPTY);
        if leapers.any() {
            for (df, dr) in KING_STEPS {
                if king.offset(df, dr).is_none_or(|s| occupied.contains(s)) {
                    continue;
                }
                let mut previous_empty = false;
                let mut square = king;
                while let Some(next) = square.offset(-df, -dr) {
                    square = next;
                    match self.piece_at(square) {
                        None => previous_empty = true,
                        Some(_) if leapers.contains(square) => return true,
                        Some((c, _)) if c == color && previous_empty => previous_empty = false,
                        Some(_) => break,
                    }
                }
            }
        }
        false
    }

    /// The king square of `color`, if it has one.
    pub fn king_square(&self, color: Color) -> Option<Square> {
        self.pieces(color, Kind::King).lowest()
    }
}
