//! Playing a move with every capture it causes (displacement, pincers,
//! coordination, withdrawal, long leaps and the chameleon's imitations),
//! the 100-ply counter and the key kept in step.

use augur_core::Bitboard;
use augur_core::Square;
use augur_core::attacks::{between, king_attacks};

use crate::moves::UltimaMove;
use crate::position::Position;
use crate::types::{Color, Kind};
use crate::zobrist;

impl Position {
    /// The enemy pieces a move of this position captures (displacement,
    /// long leaps, withdrawal, pincers, coordination, and the chameleon's
    /// imitations of each), computed without playing it. `play_move` removes
    /// exactly these; the search's move ordering and the noisy-move
    /// generator read them directly.
    pub(crate) fn captured_by(&self, mv: UltimaMove) -> Bitboard {
        let (from, to) = (mv.from(), mv.to());
        let Some((us, kind)) = self.piece_at(from) else {
            return Bitboard::EMPTY;
        };
        let enemy = self.colors[us.opponent().index()];
        match kind {
            // The king displaces what stands on its destination.
            Kind::King => enemy & Bitboard::from_square(to),
            Kind::Immobilizer => Bitboard::EMPTY,
            Kind::Pincer => self.pincered(us, from, to, enemy),
            Kind::Coordinator => self.coordinated(us, to, enemy),
            Kind::Withdrawer => withdrawn(from, to, enemy),
            Kind::Leaper => between(from, to) & enemy,
            Kind::Chameleon => {
                // It takes each kind only as that kind takes.
                let victims = |k: Kind| enemy & self.kinds[k.index()];
                let mut captured = (between(from, to) & victims(Kind::Leaper))
                    | withdrawn(from, to, victims(Kind::Withdrawer))
                    | self.coordinated(us, to, victims(Kind::Coordinator));
                if from.file() == to.file() || from.rank() == to.rank() {
                    captured |= self.pincered(us, from, to, victims(Kind::Pincer));
                }
                captured
            }
        }
    }

    /// The `victims` a piece of `us` pincers by moving from `from` to `to`:
    /// those orthogonally next to `to` with a piece of `us` beyond them.
    fn pincered(&self, us: Color, from: Square, to: Square, victims: Bitboard) -> Bitboard {
        let line = Bitboard::file(to.file()) | Bitboard::rank(to.rank());
        let near = victims & king_attacks(to) & line;
        if near.is_empty() {
            return Bitboard::EMPTY;
        }
        let own_after = (self.colors[us.index()] & !Bitboard::from_square(from)).with(to);
        let mut captured = Bitboard::EMPTY;
        for victim in near {
            let beyond = Square::from_coords(
                2 * victim.file() as i32 - to.file() as i32,
                2 * victim.rank() as i32 - to.rank() as i32,
            );
            if beyond.is_some_and(|b| own_after.contains(b)) {
                captured = captured.with(victim);
            }
        }
        captured
    }

    /// The `victims` a piece of `us` coordinates by moving to `to`: those
    /// on the corners of the rectangle spanned by `to` and its own king.
    fn coordinated(&self, us: Color, to: Square, victims: Bitboard) -> Bitboard {
        if victims.is_empty() {
            return Bitboard::EMPTY;
        }
        let Some(king) = self.king_square(us) else {
            return Bitboard::EMPTY;
        };
        if king.file() == to.file() || king.rank() == to.rank() {
            return Bitboard::EMPTY;
        }
        let corners = (Bitboard::file(to.file()) & Bitboard::rank(king.rank()))
            | (Bitboard::file(king.file()) & Bitboard::rank(to.rank()));
        victims & corners
    }

    /// The position after a move of this position (captures included).
    pub(crate) fn play_move(&self, mv: UltimaMove) -> Position {
        let mut next = *self;
        let (from, to) = (mv.from(), mv.to());
        let Some((us, kind)) = self.piece_at(from) else {
            return next;
        };
        let captured = self.captured_by(mv);
        for square in captured {
            next.remove(square);
        }
        next.remove(from);
        next.put(to, us, kind);
        next.quiet_plies = if captured.any() {
            0
        } else {
            next.quiet_plies.saturating_add(1)
        };
        next.plies = next.plies.saturating_add(1);
        next.side = us.opponent();
        next.hash ^= zobrist::black_to_move();
        next
    }
}

/// The `victims` a piece withdraws from by moving from `from` to `to`: the
/// one next to `from` on the side opposite its move.
fn withdrawn(from: Square, to: Square, victims: Bitboard) -> Bitboard {
    if (victims & king_attacks(from)).is_empty() {
        return Bitboard::EMPTY;
    }
    let (df, dr) = (
        (to.file() as i32 - from.file() as i32).signum(),
        (to.rank() as i32 - from.rank() as i32).signum(),
    );
    from.offset(-df, -dr).map_or(Bitboard::EMPTY, |behind| {
        victims & Bitboard::from_square(behind)
    })
}
