//! Playing a move with every capture it causes (displacement, pincers,
//! coordination, withdrawal, long leaps and the chameleon's imitations),
//! the 100-ply counter and the key kept in step.

use augur_core::Bitboard;
use augur_core::Square;
use augur_core::attacks::between;

use crate::moves::UltimaMove;
use crate::position::Position;
use crate::types::{Color, Kind};
use crate::zobrist;

impl Position {
    /// Captures `victim` squares (enemy pieces of the allowed kinds).
    fn capture_if(&mut self, square: Option<Square>, enemy: Color, allowed: Bitboard) -> bool {
        match square {
            Some(s) if (self.colors[enemy.index()] & allowed).contains(s) => {
                self.remove(s);
                true
            }
            _ => false,
        }
    }

    /// The position after a move of this position (captures included).
    pub(crate) fn play_move(&self, mv: UltimaMove) -> Position {
        let mut next = *self;
        let (from, to) = (mv.from(), mv.to());
        let Some((us, kind)) = self.piece_at(from) else {
            return next;
        };
        let them = us.opponent();
        let everything = Bitboard::FULL;
        let mut captured = false;
        next.remove(from);
        if kind == Kind::King && self.occupied().contains(to) {
            next.remove(to);
            captured = true;
        }
        next.put(to, us, kind);
        let (df, dr) = (
            (to.file() as i32 - from.file() as i32).signum(),
            (to.rank() as i32 - from.rank() as i32).signum(),
        );
        let orthogonal = df == 0 || dr == 0;
        let kinds = |k: Kind| self.kinds[k.index()];
        let (pince, coordinate, withdraw, leap) = match kind {
            Kind::Pincer => (Some(everything), None, None, None),
            Kind::Coordinator => (None, Some(everything), None, None),
            Kind::Withdrawer => (None, None, Some(everything), None),
            Kind::Leaper => (None, None, None, Some(everything)),
            Kind::Chameleon => (
                orthogonal.then(|| kinds(Kind::Pincer)),
                Some(kinds(Kind::Coordinator)),
                Some(kinds(Kind::Withdrawer)),
                Some(kinds(Kind::Leaper)),
            ),
            Kind::King | Kind::Immobilizer => (None, None, None, None),
        };
        if let Some(allowed) = leap {
            for square in between(from, to) & self.colors[them.index()] & allowed {
                next.remove(square);
                captured = true;
            }
        }
        if let Some(allowed) = withdraw {
            captured |= next.capture_if(from.offset(-df, -dr), them, allowed);
        }
        if let Some(allowed) = pince {
            for (pf, pr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                let beyond = to.offset(2 * pf, 2 * pr);
                if beyond.is_some_and(|b| next.colors[us.index()].contains(b)) {
                    captured |= next.capture_if(to.offset(pf, pr), them, allowed);
                }
            }
        }
        if let Some(allowed) = coordinate
            && let Some(king) = next.king_square(us)
            && king.file() != to.file()
            && king.rank() != to.rank()
        {
            let corners = [
                Square::from_coords(to.file() as i32, king.rank() as i32),
                Square::from_coords(king.file() as i32, to.rank() as i32),
            ];
            for corner in corners {
                captured |= next.capture_if(corner, them, allowed);
            }
        }
        next.quiet_plies = if captured {
            0
        } else {
            next.quiet_plies.saturating_add(1)
        };
        next.plies = next.plies.saturating_add(1);
        next.side = them;
        next.hash ^= zobrist::black_to_move();
        next
    }
}
