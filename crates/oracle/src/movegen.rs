//! Legal move generation: every figure go and take (with each fetchable
//! class for a Lord figure), every soul go and take (with each class of
//! hosted soul that may be taken, and each summonable class when the soul
//! leaves a Priestess), and promotions. Pseudo-legal moves are played on a
//! copy and kept when the mover's Lord soul is not attacked afterwards.

use augur_core::attacks::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks,
};
use augur_core::{Bitboard, MoveList, Square};

use crate::moves::OracleMove;
use crate::position::Position;
use crate::types;
use crate::types::{Body, Cell, Color, Soul};

/// One step forward for `color`, if on the board.
#[inline(always)]
fn forward(square: Square, color: Color) -> Bitboard {
    let bit = Bitboard::from_square(square);
    match color {
        Color::White => bit.north(),
        Color::Black => bit.south(),
    }
}

/// Small fixed list of the classes a pool can give back.
#[derive(Clone, Copy)]
struct Choices<T: Copy> {
    items: [Option<T>; 6],
}

impl<T: Copy> Choices<T> {
    fn collect(classes: impl Iterator<Item = T>) -> Self {
        let mut items = [None; 6];
        for (slot, class) in items.iter_mut().zip(classes) {
            *slot = Some(class);
        }
        Choices { items }
    }

    fn iter(&self) -> impl Iterator<Item = T> + '_ {
        self.items.iter().map_while(|c| *c)
    }
}

impl Position {
    /// The squares a figure on `from` (hosting `cell`) may go to or take on.
    #[inline]
    fn figure_targets(&self, from: Square, cell: Cell, us: Color) -> Bitboard {
        let own = self.colors[us.index()];
        let enemy = self.colors[us.opponent().index()];
        let bodies = own | enemy;
        let mut targets = Bitboard::EMPTY;
        if cell.count(Soul::Chariot) > 0 {
            targets |= rook_attacks(from, bodies);
        }
        if cell.count(Soul::Elephant) > 0 {
            targets |= bishop_attacks(from, bodies);
        }
        if cell.count(Soul::Horse) > 0 {
            targets |= knight_attacks(from);
        }
        if cell.count(Soul::Lord) > 0 {
            targets |= king_attacks(from);
        }
        if cell.count(Soul::Soldier) > 0 {
            targets |=
                (forward(from, us) & !bodies) | (pawn_attacks(from, types::upwards(us)) & enemy);
        }
        targets & !own
    }

    /// Squares a soul of `class` leaving `from` may go into (bodies with
    /// room) and may take on (bodies hosting souls), before the Lord rules.
    #[inline]
    fn soul_targets(&self, from: Square, class: Soul, us: Color) -> (Bitboard, Bitboard) {
        let bodies = self.occupied();
        let souls = self.soul_squares();
        let reach = match class {
            Soul::Lord => king_attacks(from),
            Soul::Chariot => rook_attacks(from, souls),
            Soul::Elephant => bishop_attacks(from, souls),
            Soul::Horse => knight_attacks(from),
            Soul::Soldier => {
                return (
                    forward(from, us) & bodies,
                    pawn_attacks(from, types::upwards(us)) & souls,
                );
            }
        };
        (reach & bodies, reach & souls)
    }

    /// Every move of the side to move that obeys the rules of movement;
    /// the mover's Lord soul may be left attacked.
    pub(crate) fn pseudo_moves(&self, out: &mut MoveList<OracleMove>) {
        let us = self.side;
        let them = us.opponent();
        let own = self.colors[us.index()];
        let fetchable = Choices::collect(Body::ALL.into_iter().filter(|&b| self.can_fetch(us, b)));
        for from in self.living & own {
            let cell = self.cells[from.index()];
            let lord_figure = cell.body() == Some(Body::Lord);
            for to in self.figure_targets(from, cell, us) {
                out.push(OracleMove::figure(from, to, None));
                if lord_figure {
                    for class in fetchable.iter() {
                        out.push(OracleMove::figure(from, to, Some(class)));
                    }
                }
            }
        }
        if self.earth_count(us, Body::Priestess) > 0 {
            let last_rank = Bitboard::rank(types::last_rank(us));
            for square in self.living & own & self.bodies[Body::Soldier.index()] & last_rank {
                out.push(OracleMove::promotion(square));
            }
        }
        let summonable = Choices::collect(
            Soul::ALL
                .into_iter()
                .filter(|&s| self.underworld_count(s) > 0),
        );
        let no_summons = Choices::collect(std::iter::empty());
        for from in own & self.soul_squares() {
            let cell = self.cells[from.index()];
            let summons = if cell.body() == Some(Body::Priestess) {
                &summonable
            } else {
                &no_summons
            };
            for class in cell.soul_classes() {
                let (go, take) = self.soul_targets(from, class, us);
                for to in go {
                    let dest = self.cells[to.index()];
                    if !dest.has_room() || (class == Soul::Lord && dest.color() == them) {
                        continue;
                    }
                    push_soul(out, summons, from, to, class, None);
                }
                for to in take {
                    let dest = self.cells[to.index()];
                    if class == Soul::Lord && dest.color() == them {
                        continue;
                    }
                    for taken in dest.soul_classes() {
                        if taken == Soul::Lord && dest.color() == us {
                            continue;
                        }
                        push_soul(out, summons, from, to, class, Some(taken));
                    }
                }
            }
        }
    }

    /// The noisy moves of [`Self::pseudo_moves`] (see `Position::is_noisy`),
    /// generated directly: figure takes without a fetch, soul takes on
    /// enemy bodies without a summon, and promotions. The mover's Lord soul
    /// may be left attacked.
    pub(crate) fn pseudo_noisy_moves(&self, out: &mut MoveList<OracleMove>) {
        let us = self.side;
        let them = us.opponent();
        let own = self.colors[us.index()];
        let enemy = self.colors[them.index()];
        for from in self.living & own {
            let cell = self.cells[from.index()];
            for to in self.figure_targets(from, cell, us) & enemy {
                out.push(OracleMove::figure(from, to, None));
            }
        }
        if self.earth_count(us, Body::Priestess) > 0 {
            let last_rank = Bitboard::rank(types::last_rank(us));
            for square in self.living & own & self.bodies[Body::Soldier.index()] & last_rank {
                out.push(OracleMove::promotion(square));
            }
        }
        for from in own & self.soul_squares() {
            let cell = self.cells[from.index()];
            // A Lord soul never takes in an enemy body.
            for class in cell.soul_classes().filter(|&c| c != Soul::Lord) {
                let (_, take) = self.soul_targets(from, class, us);
                for to in take & enemy {
                    for taken in self.cells[to.index()].soul_classes() {
                        out.push(OracleMove::soul(from, to, class, Some(taken), None));
                    }
                }
            }
        }
    }

    /// The position after a pseudo-legal move, or `None` when it leaves the
    /// mover's Lord soul attacked.
    #[inline]
    pub(crate) fn play_if_legal(&self, mv: OracleMove) -> Option<Position> {
        let next = self.play_move(mv);
        (!next.lord_soul_attacked(self.side)).then_some(next)
    }

    /// Every legal move.
    ///
    /// A fetch or summon rider only adds a token of ours on the square the
    /// figure or soul left (a lifeless body, or a soul in our Priestess):
    /// it can block attacks on our Lord soul but never open one. So when the
    /// plain move is legal, each of its rider variants (generated right
    /// after it) is legal too and is not played out.
    pub(crate) fn legal_moves(&self, out: &mut MoveList<OracleMove>) {
        let mut pseudo = MoveList::new();
        self.pseudo_moves(&mut pseudo);
        let mut plain = OracleMove::default();
        let mut plain_legal = false;
        for &mv in pseudo.iter() {
            let base = mv.without_rider();
            let legal =
                (base != mv && base == plain && plain_legal) || self.play_if_legal(mv).is_some();
            if base == mv {
                plain = mv;
                plain_legal = legal;
            }
            if legal {
                out.push(mv);
            }
        }
    }
}

/// Pushes a soul move, plain and with each summonable class.
#[inline(always)]
fn push_soul(
    out: &mut MoveList<OracleMove>,
    summons: &Choices<Soul>,
    from: Square,
    to: Square,
    class: Soul,
    take: Option<Soul>,
) {
    out.push(OracleMove::soul(from, to, class, take, None));
    for summon in summons.iter() {
        out.push(OracleMove::soul(from, to, class, take, Some(summon)));
    }
}
