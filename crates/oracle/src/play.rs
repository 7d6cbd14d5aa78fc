//! Playing a move on a copy: tokens go to and come back from the pools,
//! and the quiet counter, round and side advance.

use crate::moves::{MoveKind, OracleMove};
use crate::position::Position;
use crate::types::{Body, Cell, Color, Soul};

impl Position {
    /// Sends every soul hosted in `cell` to the underworld.
    fn bury_souls(&mut self, cell: Cell) {
        for soul in cell.soul_classes() {
            self.add_to_underworld(soul, cell.count(soul) as i32);
        }
    }

    /// The position after `mv`, a move generated for this position.
    pub(crate) fn play_move(&self, mv: OracleMove) -> Position {
        let mut next = *self;
        let us = self.side;
        let (from, to) = (mv.from(), mv.to());
        let resets = match mv.kind() {
            MoveKind::Figure => {
                let mover = self.cells[from.index()];
                let target = self.cells[to.index()];
                let took = if let Some(body) = target.body() {
                    // The taken body changes colour in the earth: it is ours now.
                    next.add_to_earth(us, body, 1);
                    next.bury_souls(target);
                    true
                } else {
                    false
                };
                next.set_cell(to, mover);
                next.set_cell(from, Cell::EMPTY);
                if let Some(class) = mv.fetched() {
                    next.add_to_earth(us, class, -1);
                    next.set_cell(from, Cell::lifeless(us, class));
                }
                took || mover.body() == Some(Body::Soldier) || mv.fetched().is_some()
            }
            MoveKind::Soul => {
                let class = mv.soul_class();
                next.set_cell(from, self.cells[from.index()].without_soul(class));
                let mut dest = self.cells[to.index()];
                if let Some(taken) = mv.taken() {
                    dest = dest.without_soul(taken);
                    next.add_to_underworld(taken, 1);
                }
                next.set_cell(to, dest.with_soul(class));
                if let Some(summoned) = mv.summoned() {
                    next.add_to_underworld(summoned, -1);
                    let left = next.cells[from.index()];
                    next.set_cell(from, left.with_soul(summoned));
                }
                mv.taken().is_some() || class == Soul::Soldier || mv.summoned().is_some()
            }
            MoveKind::Promotion => {
                let soldier = self.cells[from.index()];
                next.add_to_earth(us.opponent(), Body::Soldier, 1);
                next.bury_souls(soldier);
                next.add_to_earth(us, Body::Priestess, -1);
                next.set_cell(from, Cell::lifeless(us, Body::Priestess));
                true
            }
        };
        next.quiet = if resets {
            0
        } else {
            next.quiet.saturating_add(1)
        };
        if us == Color::Black {
            next.round = next.round.saturating_add(1);
        }
        next.flip_side();
        next
    }
}
