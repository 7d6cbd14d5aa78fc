//! Playing a move (copy-make): captures and freezing, control, promotion
//! and demotion, the exchange of prisoners, and passing the turn over
//! armies that cannot move.

use crate::moves::EnochianMove;
use crate::position::{Die, Position};
use crate::types::{Army, Kind, Piece};
use augur_core::{Bitboard, Square};

impl Position {
    /// The position after `mv`, a move generated for this position.
    pub(crate) fn after(&self, mv: EnochianMove) -> Position {
        let mut next = self.clone();
        let mover = self.to_move;
        if mv.is_exchange() {
            next.exchange_prisoners();
        } else if !mv.is_lost_turn() {
            next.move_piece(mover, mv);
        }
        next.pass_turn(mover);
        next
    }

    fn move_piece(&mut self, army: Army, mv: EnochianMove) {
        let (from, to) = (mv.from(), mv.to());
        if let Some(victim) = self.clear_square(to) {
            self.king_taken(victim);
        }
        let privileged = mv.promotion().is_some() && self.privileged(army);
        let moving = self.piece_of_kind(from, mv.kind()).unwrap_or(Piece {
            army,
            kind: mv.kind(),
            pawn_type: None,
        });
        self.remove(from, moving);
        match mv.promotion() {
            None => self.put(to, moving),
            Some(kind) => {
                if privileged {
                    self.demote(army, kind);
                }
                self.put(
                    to,
                    Piece {
                        army,
                        kind,
                        pawn_type: None,
                    },
                );
            }
        }
        if mv.kind() == Kind::King && to == army.ally().throne() {
            let ally = army.ally();
            self.set_controller(ally, Some(army));
            self.set_frozen(ally, false);
        }
    }

    /// A privileged promotion to `kind`: the army's piece of that kind, if
    /// any, becomes a pawn of that type where it stands.
    fn demote(&mut self, army: Army, kind: Kind) {
        let Some(square) = self.pieces(army, kind).lowest() else {
            return;
        };
        self.remove(
            square,
            Piece {
                army,
                kind,
                pawn_type: None,
            },
        );
        self.put(
            square,
            Piece {
                army,
                kind: Kind::Pawn,
                pawn_type: kind.pawn_type(),
            },
        );
    }

    /// `victim`'s King was taken: its army freezes and leaves the control
    /// field; armies its King controlled go back to their own King, or
    /// freeze when it is off the board.
    fn king_taken(&mut self, victim: Army) {
        let mask = self.freezing_mask(victim);
        for army in Army::ALL {
            if self.controller[army.index()] == Some(victim) {
                self.set_controller(army, None);
            }
            if mask & (1 << army.index()) != 0 {
                self.set_frozen(army, true);
                self.set_controller(army, None);
            }
        }
    }

    /// The exchange of prisoners: the two frozen armies unfreeze and the
    /// Kings off the board return, in y b r k order, to their thrones, or
    /// when a throne is occupied to the nearest empty square no enemy
    /// attacks (ties: lowest square in a1, b1, ..., h8 order).
    fn exchange_prisoners(&mut self) {
        let returning: Vec<Army> = Army::ALL
            .into_iter()
            .filter(|&a| self.king(a).is_none())
            .collect();
        for &army in &returning {
            self.set_frozen(army, false);
        }
        for army in returning {
            let square = self.return_square(army);
            self.put(
                square,
                Piece {
                    army,
                    kind: Kind::King,
                    pawn_type: None,
                },
            );
        }
    }

    fn return_square(&self, army: Army) -> Square {
        let throne = army.throne();
        let occupied = self.occupied();
        if !occupied.contains(throne) {
            return throne;
        }
        let empty = !occupied;
        let enemy = army.team().opponent();
        let best = (0..64u8)
            .map(Square::new)
            .filter(|&sq| empty.contains(sq) && !self.attacked_by(enemy, sq, occupied))
            .min_by_key(|&sq| (sq.distance(throne), sq.index()));
        // A board with no empty unattacked square cannot arise in play; the
        // nearest empty square is the fallback.
        best.or_else(|| {
            (empty & Bitboard::FULL)
                .into_iter()
                .min_by_key(|&sq| (sq.distance(throne), sq.index()))
        })
        .unwrap_or(throne)
    }

    /// Passes the turn from `mover` to the next army that can move; when
    /// none can, the game is stuck (drawn) and the next army in the cycle
    /// is named. In divination mode the new army has not rolled yet.
    pub(crate) fn pass_turn(&mut self, mover: Army) {
        self.advance_from(mover.next(self.clockwise));
        if self.die.divination() {
            self.set_die(Die::Pending);
        }
    }

    /// Makes `first`, or the first army after it that can move, the army
    /// to move (setting `stuck` when none can).
    pub(crate) fn advance_from(&mut self, first: Army) {
        let mut army = first;
        for _ in 0..4 {
            if self.can_move(army) {
                self.set_to_move(army);
                self.stuck = false;
                return;
            }
            army = army.next(self.clockwise);
        }
        self.set_to_move(first);
        self.stuck = true;
    }
}
