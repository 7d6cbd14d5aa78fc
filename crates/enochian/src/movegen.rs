//! Legal move generation: pseudo-legal targets per piece, then the rules on
//! Kings (no stepping onto attacked squares unless in check; a King in check
//! that can move must move), exchange, privileged promotion and the die.

use crate::moves::EnochianMove;
use crate::position::{Die, Position};
use crate::tables::{pawn_push, pawn_takes, queen_leaps};
use crate::types::{Army, Kind, PawnType};
use augur_core::attacks::{bishop_attacks, king_attacks, knight_attacks, rook_attacks};
use augur_core::{Bitboard, Color, Game, MoveList, Square};

/// What one army may move onto, computed once per generation.
struct Reach {
    occupied: Bitboard,
    /// Squares holding an unfrozen enemy piece.
    capturable: Bitboard,
    /// Empty squares and capturable ones.
    open: Bitboard,
    /// Squares a Queen may not take: an enemy Queen that is not a throne partner.
    queen_banned: Bitboard,
    /// Squares a Bishop may not take.
    bishop_banned: Bitboard,
}

/// Which of the legal moves a generation pass appends: those landing on
/// `targets` (pawns also on their promotion line when `promotions`), and
/// the moves that are not piece moves (exchange, lost turn) when
/// `specials`.
#[derive(Clone, Copy)]
struct Wanted {
    targets: Bitboard,
    promotions: bool,
    specials: bool,
}

impl Wanted {
    /// Every legal move.
    fn all() -> Self {
        Self {
            targets: Bitboard::FULL,
            promotions: true,
            specials: true,
        }
    }

    /// The moves that take (land on an occupied square) or promote.
    fn noisy(occupied: Bitboard) -> Self {
        Self {
            targets: occupied,
            promotions: true,
            specials: false,
        }
    }

    /// The target squares kept for a piece of `army` and `kind`.
    #[inline(always)]
    fn mask(self, army: Army, kind: Kind) -> Bitboard {
        if kind == Kind::Pawn && self.promotions {
            self.targets | army.promotion_line()
        } else {
            self.targets
        }
    }
}

/// The kinds a generation pass includes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Only {
    All,
    Kind(Kind),
}

impl Position {
    fn reach(&self, army: Army) -> Reach {
        let occupied = self.occupied();
        let capturable = self.active(army.team().opponent());
        let unshared = !self.shared;
        Reach {
            occupied,
            capturable,
            open: !occupied | capturable,
            queen_banned: self.kinds[Kind::Queen.index()] & unshared,
            bishop_banned: self.kinds[Kind::Bishop.index()] & unshared,
        }
    }

    /// The squares a piece of `army` and `kind` on `from` may go to, taking
    /// bans included, King safety not.
    #[inline(always)]
    fn targets(&self, army: Army, kind: Kind, from: Square, reach: &Reach) -> Bitboard {
        match kind {
            Kind::King => king_attacks(from) & reach.open,
            Kind::Queen => queen_leaps(from) & reach.open & !reach.queen_banned,
            Kind::Rook => rook_attacks(from, reach.occupied) & reach.open,
            Kind::Bishop => {
                bishop_attacks(from, reach.occupied) & reach.open & !reach.bishop_banned
            }
            Kind::Knight => knight_attacks(from) & reach.open,
            Kind::Pawn => {
                (pawn_push(army, from) & !reach.occupied)
                    | (pawn_takes(army, from) & reach.capturable)
            }
        }
    }

    /// Whether `army`'s lone pawn is privileged: its own King is on the
    /// board and the army is King + pawn, King + Queen + pawn or King +
    /// Bishop + pawn (a throne partner counts).
    pub(crate) fn privileged(&self, army: Army) -> bool {
        let count = |k: Kind| self.pieces(army, k).count();
        count(Kind::King) == 1
            && count(Kind::Pawn) == 1
            && count(Kind::Rook) == 0
            && count(Kind::Knight) == 0
            && count(Kind::Queen) + count(Kind::Bishop) <= 1
    }

    /// The kind of piece a divination `roll` makes the army to move move:
    /// 1 King (pawns when the King has no move or the army no King), 2
    /// Knight, 3 Bishop, 4 Queen, 5 Rook, 6 pawn.
    fn rolled_kind(&self, roll: u8, reach: &Reach) -> Kind {
        let army = self.to_move;
        if roll == 1 {
            let king_can_move = self
                .king(army)
                .is_some_and(|from| self.targets(army, Kind::King, from, reach).any());
            return if king_can_move {
                Kind::King
            } else {
                Kind::Pawn
            };
        }
        [
            Kind::Knight,
            Kind::Bishop,
            Kind::Queen,
            Kind::Rook,
            Kind::Pawn,
        ][(roll as usize).clamp(2, 6) - 2]
    }

    /// With the die rolled: the kind of piece the army to move must move,
    /// or `None` when no piece of that kind can move (the turn is lost);
    /// also `None` with no roll. Two rolls with the same answer give the
    /// army the same moves.
    pub(crate) fn roll_mover(&self) -> Option<Kind> {
        let Die::Rolled(roll) = self.die else {
            return None;
        };
        self.movers_by_roll()[roll as usize - 1]
    }

    /// For each roll (1-6) of the army to move, whatever the die shows
    /// now: the kind of piece the roll makes it move, or `None` when the
    /// turn is lost (as [`Position::roll_mover`] answers once rolled).
    pub(crate) fn movers_by_roll(&self) -> [Option<Kind>; 6] {
        let army = self.to_move;
        let reach = self.reach(army);
        let can_move = |kind: Kind| {
            self.pieces(army, kind)
                .into_iter()
                .any(|from| self.targets(army, kind, from, &reach).any())
        };
        let pawns = can_move(Kind::Pawn).then_some(Kind::Pawn);
        std::array::from_fn(|i| match self.rolled_kind(i as u8 + 1, &reach) {
            Kind::Pawn => pawns,
            kind => can_move(kind).then_some(kind),
        })
    }

    /// Appends the pseudo-legal moves of `army`'s pieces of the kinds in
    /// `only` (King moves unfiltered) that `wanted` keeps.
    fn pseudo_moves(
        &self,
        army: Army,
        only: Only,
        reach: &Reach,
        wanted: Wanted,
        out: &mut MoveList<EnochianMove>,
    ) {
        for kind in Kind::ALL {
            if only != Only::All && only != Only::Kind(kind) {
                continue;
            }
            for from in self.pieces(army, kind) {
                let partner = kind != Kind::King && self.shared.contains(from);
                let targets = self.targets(army, kind, from, reach) & wanted.mask(army, kind);
                if kind == Kind::Pawn {
                    self.pawn_moves(army, from, partner, targets, out);
                } else {
                    for to in targets {
                        out.push(EnochianMove::new(from, to, kind, partner, None));
                    }
                }
            }
        }
    }

    fn pawn_moves(
        &self,
        army: Army,
        from: Square,
        partner: bool,
        targets: Bitboard,
        out: &mut MoveList<EnochianMove>,
    ) {
        let line = army.promotion_line();
        for to in targets & !line {
            out.push(EnochianMove::new(from, to, Kind::Pawn, partner, None));
        }
        let promoting = targets & line;
        if promoting.is_empty() {
            return;
        }
        let choices: &[Kind] = if self.privileged(army) {
            &[Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight]
        } else {
            let own = self.pawn_type_at(from).unwrap_or(PawnType::Queen);
            match own {
                PawnType::Queen => &[Kind::Queen],
                PawnType::Rook => &[Kind::Rook],
                PawnType::Bishop => &[Kind::Bishop],
                PawnType::Knight => &[Kind::Knight],
            }
        };
        for to in promoting {
            for &kind in choices {
                out.push(EnochianMove::new(from, to, Kind::Pawn, partner, Some(kind)));
            }
        }
    }

    /// Whether `army`'s King, going from `from` to `to`, would stand
    /// attacked there. (Judged with the King gone from `from`; a King that
    /// is not in check opens no enemy line by leaving. Taking a King never
    /// meets this test: an adjacent unfrozen enemy King means check, and a
    /// King in check may step onto attacked squares.)
    pub(crate) fn king_step_attacked(&self, army: Army, from: Square, to: Square) -> bool {
        let mut occupied = self.occupied();
        if !self.shared.contains(from) {
            occupied = occupied.without(from);
        }
        self.attacked_by(army.team().opponent(), to, occupied)
    }

    /// The armies that freeze when `victim`'s King is taken: the victim, and
    /// the armies its King controls whose own King is off the board.
    pub(crate) fn freezing_mask(&self, victim: Army) -> u8 {
        let mut mask = 1u8 << victim.index();
        for army in Army::ALL {
            if self.controller[army.index()] == Some(victim) && self.king(army).is_none() {
                mask |= 1 << army.index();
            }
        }
        mask
    }

    /// Whether the exchange of prisoners is open to the army to move (apart
    /// from the rule that a King in check that can move must move).
    pub(crate) fn exchange_possible(&self) -> bool {
        !self.die.divination()
            && self.kings_of(Color::White) == 1
            && self.kings_of(Color::Black) == 1
    }

    /// Appends every legal move of the army to move.
    pub(crate) fn legal_moves(&self, out: &mut MoveList<EnochianMove>) {
        self.moves(Wanted::all(), out);
    }

    /// Appends the legal moves of the army to move that take a piece or
    /// promote (see [`Position::is_noisy`]), without generating the others.
    pub(crate) fn noisy_moves(&self, out: &mut MoveList<EnochianMove>) {
        self.moves(Wanted::noisy(self.occupied()), out);
    }

    /// Appends the legal moves of the army to move that `wanted` keeps
    /// (which moves are legal never depends on `wanted`).
    fn moves(&self, wanted: Wanted, out: &mut MoveList<EnochianMove>) {
        if self.is_decided() || self.die == Die::Pending {
            return;
        }
        let army = self.to_move;
        let reach = self.reach(army);
        if self.die.divination() {
            let only = match self.die {
                Die::Rolled(roll) => Only::Kind(self.rolled_kind(roll, &reach)),
                _ => Only::All,
            };
            let before = out.len();
            self.pseudo_moves(army, only, &reach, wanted, out);
            if wanted.specials && out.len() == before && matches!(self.die, Die::Rolled(_)) {
                out.push(EnochianMove::LOST_TURN);
            }
            return;
        }
        let king = self.king(army);
        let in_check = self.king_attacked(army);
        if let Some(from) = king {
            let steps = self.targets(army, Kind::King, from, &reach);
            let kept = steps & wanted.mask(army, Kind::King);
            if in_check && steps.any() {
                for to in kept {
                    out.push(EnochianMove::new(from, to, Kind::King, false, None));
                }
                return;
            }
            for to in kept {
                if in_check || !self.king_step_attacked(army, from, to) {
                    out.push(EnochianMove::new(from, to, Kind::King, false, None));
                }
            }
        }
        for kind in &Kind::ALL[1..] {
            for from in self.pieces(army, *kind) {
                let partner = self.shared.contains(from);
                let targets = self.targets(army, *kind, from, &reach) & wanted.mask(army, *kind);
                if *kind == Kind::Pawn {
                    self.pawn_moves(army, from, partner, targets, out);
                } else {
                    for to in targets {
                        out.push(EnochianMove::new(from, to, *kind, partner, None));
                    }
                }
            }
        }
        if wanted.specials && self.exchange_possible() {
            out.push(EnochianMove::EXCHANGE);
        }
    }

    /// Whether `army` has a legal move if it were to move now (frozen
    /// armies have none; in divination mode any piece move counts).
    pub(crate) fn can_move(&self, army: Army) -> bool {
        if self.is_frozen(army) {
            return false;
        }
        let reach = self.reach(army);
        let others = Kind::ALL[1..].iter().any(|&kind| {
            self.pieces(army, kind)
                .into_iter()
                .any(|from| self.targets(army, kind, from, &reach).any())
        });
        if others {
            return true;
        }
        let king_moves = self.king(army).map_or(Bitboard::EMPTY, |from| {
            self.targets(army, Kind::King, from, &reach)
        });
        if self.die.divination() {
            return king_moves.any();
        }
        if self.exchange_possible() {
            return true;
        }
        let Some(from) = self.king(army) else {
            return false;
        };
        self.king_attacked(army) && king_moves.any()
            || king_moves
                .into_iter()
                .any(|to| !self.king_step_attacked(army, from, to))
    }

    /// Whether the King of the army to move has a step (onto any square it
    /// could go to, attacked or not).
    pub(crate) fn king_can_step(&self) -> bool {
        let army = self.to_move;
        self.king(army).is_some_and(|from| {
            let reach = self.reach(army);
            self.targets(army, Kind::King, from, &reach).any()
        })
    }
}
