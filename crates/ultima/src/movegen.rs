//! Legal move generation: slides, king steps and displacement, long leaper
//! and chameleon jumps; a move is legal when it does not leave the mover's
//! king attacked.

use augur_core::attacks::{KING_STEPS, king_attacks, queen_attacks, rook_attacks};
use augur_core::{Bitboard, MoveList, Square};

use crate::moves::UltimaMove;
use crate::position::Position;
use crate::types::Kind;

impl Position {
    /// Pseudo-legal moves (the mover's king may be left attacked).
    pub(crate) fn pseudo_moves(&self, out: &mut MoveList<UltimaMove>) {
        let us = self.side;
        let own = self.colors[us.index()];
        let enemy = self.colors[us.opponent().index()];
        let occupied = own | enemy;
        let movers = own & !self.frozen();
        for from in movers {
            let Some((_, kind)) = self.piece_at(from) else {
                continue;
            };
            for to in slide_targets(kind, from, own, occupied) {
                out.push(UltimaMove::new(from, to));
            }
            if matches!(kind, Kind::Leaper | Kind::Chameleon) {
                let jumpable = if kind == Kind::Leaper {
                    enemy
                } else {
                    enemy & self.kinds[Kind::Leaper.index()]
                };
                push_jumps(from, jumpable, occupied, out);
            }
        }
    }

    /// The pseudo-legal move `code` names when it is a step or a slide (the
    /// search's table move); `None` for anything else, jumps included.
    pub(crate) fn pseudo_slide(&self, code: u32) -> Option<UltimaMove> {
        let code = u16::try_from(code).ok().filter(|&c| c < 1 << 12)?;
        let mv = UltimaMove(code);
        let (from, to) = (mv.from(), mv.to());
        let (color, kind) = self.piece_at(from)?;
        let own = self.colors[self.side.index()];
        let occupied = own | self.colors[self.side.opponent().index()];
        (color == self.side
            && !self.frozen().contains(from)
            && slide_targets(kind, from, own, occupied).contains(to))
        .then_some(mv)
    }

    /// The position after a pseudo-legal move, or `None` when it leaves the
    /// mover's king attacked.
    #[inline]
    pub(crate) fn play_if_legal(&self, mv: UltimaMove) -> Option<Position> {
        let next = self.play_move(mv);
        (!next.king_attacked(self.side)).then_some(next)
    }

    /// Pseudo-legal moves that capture something (the mover's king may be
    /// left attacked), generated directly for each way of capturing: the
    /// king's displacement, the leaper's jumps, slides to the squares where
    /// a pincer, coordinator or withdrawer takes, and the chameleon's
    /// imitations of each. Each is generated once; the cross-check against
    /// the full list (`crates/ultima/tests/ultima_reference.rs`) holds them to it.
    pub(crate) fn pseudo_captures(&self, out: &mut MoveList<UltimaMove>) {
        let us = self.side;
        let own = self.colors[us.index()];
        let enemy = self.colors[us.opponent().index()];
        let occupied = own | enemy;
        let empty = !occupied;
        let enemies = |kind: Kind| enemy & self.kinds[kind.index()];
        for from in own & !self.frozen() {
            let Some((_, kind)) = self.piece_at(from) else {
                continue;
            };
            let (targets, jumpable) = match kind {
                Kind::King => (king_attacks(from) & enemy, Bitboard::EMPTY),
                Kind::Immobilizer => continue,
                Kind::Pincer => (
                    rook_attacks(from, occupied) & empty & pincer_targets(own, enemy),
                    Bitboard::EMPTY,
                ),
                Kind::Coordinator => (
                    queen_attacks(from, occupied) & empty & self.coordinator_targets(enemy),
                    Bitboard::EMPTY,
                ),
                Kind::Withdrawer => (withdrawal_targets(from, occupied, enemy), Bitboard::EMPTY),
                Kind::Leaper => (Bitboard::EMPTY, enemy),
                Kind::Chameleon => {
                    let slides = queen_attacks(from, occupied) & empty;
                    let pincers =
                        rook_attacks(from, occupied) & pincer_targets(own, enemies(Kind::Pincer));
                    let coordinations = self.coordinator_targets(enemies(Kind::Coordinator));
                    let withdrawals = withdrawal_targets(from, occupied, enemies(Kind::Withdrawer));
                    (
                        slides & (pincers | coordinations | withdrawals),
                        enemies(Kind::Leaper),
                    )
                }
            };
            for to in targets {
                out.push(UltimaMove::new(from, to));
            }
            if jumpable.any() {
                push_jumps(from, jumpable, occupied, out);
            }
        }
    }

    /// The squares a coordinator of the side to move takes some of `victims`
    /// from: those whose file or rank meets its king's rank or file on one
    /// of them.
    fn coordinator_targets(&self, victims: Bitboard) -> Bitboard {
        let Some(king) = self.king_square(self.side) else {
            return Bitboard::EMPTY;
        };
        let mut targets = Bitboard::EMPTY;
        for victim in victims & Bitboard::rank(king.rank()) {
            targets |= Bitboard::file(victim.file());
        }
        for victim in victims & Bitboard::file(king.file()) {
            targets |= Bitboard::rank(victim.rank());
        }
        targets & !Bitboard::file(king.file()) & !Bitboard::rank(king.rank())
    }

    /// Every legal move.
    pub(crate) fn legal_moves(&self, out: &mut MoveList<UltimaMove>) {
        let mut pseudo = MoveList::new();
        self.pseudo_moves(&mut pseudo);
        for &mv in pseudo.iter() {
            if self.play_if_legal(mv).is_some() {
                out.push(mv);
            }
        }
    }
}

/// Where a `kind` on `from` steps or slides (captures by displacement
/// included, jumps not): the king one step onto anything but its own
/// pieces, pincers like rooks, the others like queens, onto empty squares.
fn slide_targets(kind: Kind, from: Square, own: Bitboard, occupied: Bitboard) -> Bitboard {
    match kind {
        Kind::King => king_attacks(from) & !own,
        Kind::Pincer => rook_attacks(from, occupied) & !occupied,
        _ => queen_attacks(from, occupied) & !occupied,
    }
}

/// Appends the jumps of a leaper (or a chameleon imitating one) on `from`
/// over single `jumpable` pieces, each landing on an empty square beyond.
fn push_jumps(
    from: Square,
    jumpable: Bitboard,
    occupied: Bitboard,
    out: &mut MoveList<UltimaMove>,
) {
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

/// The empty squares from which a piece of the side owning `own` pincers
/// one of `victims`: orthogonally next to the victim, with an own piece on
/// its other side. (The mover itself is never that piece: it would have to
/// pass over the victim.)
fn pincer_targets(own: Bitboard, victims: Bitboard) -> Bitboard {
    (victims & own.south()).south()
        | (victims & own.north()).north()
        | (victims & own.west()).west()
        | (victims & own.east()).east()
}

/// The squares a withdrawer (or a chameleon imitating one) on `from` slides
/// to when moving straight away from one of `victims` next to it.
fn withdrawal_targets(from: Square, occupied: Bitboard, victims: Bitboard) -> Bitboard {
    let mut targets = Bitboard::EMPTY;
    for victim in victims & king_attacks(from) {
        let (df, dr) = (
            from.file() as i32 - victim.file() as i32,
            from.rank() as i32 - victim.rank() as i32,
        );
        let mut square = from;
        while let Some(next) = square.offset(df, dr) {
            if occupied.contains(next) {
                break;
            }
            targets = targets.with(next);
            square = next;
        }
    }
    targets
}
