//! Legal move generation: slides, king steps and displacement, long leaper
//! and chameleon jumps; a move is legal when it does not leave the mover's
//! king attacked.

use augur_core::MoveList;
use augur_core::attacks::{KING_STEPS, king_attacks, queen_attacks, rook_attacks};

use crate::moves::UltimaMove;
use crate::position::Position;
use crate::types::Kind;

impl Position {
    /// Pseudo-legal moves (the mover's king may be left attacked).
    fn pseudo_moves(&self, out: &mut MoveList<UltimaMove>) {
        let us = self.side;
        let own = self.colors[us.index()];
        let enemy = self.colors[us.opponent().index()];
        let occupied = own | enemy;
        let movers = own & !self.frozen();
        for from in movers {
            let Some((_, kind)) = self.piece_at(from) else {
                continue;
            };
            let targets = match kind {
                Kind::King => king_attacks(from) & !own,
                Kind::Pincer => rook_attacks(from, occupied) & !occupied,
                _ => queen_attacks(from, occupied) & !occupied,
            };
            for to in targets {
                out.push(UltimaMove::new(from, to));
            }
            if matches!(kind, Kind::Leaper | Kind::Chameleon) {
                let jumpable = if kind == Kind::Leaper {
                    enemy
                } else {
                    enemy & self.kinds[Kind::Leaper.index()]
                };
                for (df, dr) in KING_STEPS {
                    let mut square = from;
                    let mut jumped = false;
                    let mut previous_piece = false;
                    while let Some(next) = square.offset(df, dr) {
                        square = next;
                        if !occupied.contains(square) {
                            if jumped {
                                out.push(UltimaMove::new(from, square));
                            }
                            previous_piece = false;
                        } else if jumpable.contains(square) && !previous_piece {
                            jumped = true;
                            previous_piece = true;
                        } else {
                            break;
                        }
                    }
                }
            }
        }
    }

    /// Every legal move.
    pub(crate) fn legal_moves(&self, out: &mut MoveList<UltimaMove>) {
        let mut pseudo = MoveList::new();
        self.pseudo_moves(&mut pseudo);
        for &mv in pseudo.iter() {
            if !self.play_move(mv).king_attacked(self.side) {
                out.push(mv);
            }
        }
    }
}
