//! The Enochian position: pieces on bitboards, the turn, frozen armies,
//! control, the die, and the Zobrist key kept in step by the mutators here.

use crate::tables::{pawn_takers, queen_leaps};
use crate::types::{Army, Kind, PawnType, Piece};
use crate::zobrist;
use augur_core::attacks::{bishop_attacks, king_attacks, knight_attacks, rook_attacks};
use augur_core::{Bitboard, Color, Square};

/// The die: off in a normal game; in divination mode the roll of the army
/// to move, or not rolled yet (a chance event for the searcher).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Die {
    /// A normal game: no dice.
    Off,
    /// Divination mode, the roll (1-6) for the army to move.
    Rolled(u8),
    /// Divination mode, the army to move has not rolled yet.
    Pending,
    /// Divination mode with the roll ignored: any piece may move. Only the
    /// searcher makes these (to compare with a search that ignores dice).
    Any,
}

impl Die {
    /// The key code of the state (0 for `Off`).
    pub(crate) const fn code(self) -> u8 {
        match self {
            Die::Off => 0,
            Die::Rolled(n) => n,
            Die::Pending => 7,
            Die::Any => 8,
        }
    }

    /// Whether this is a divination game.
    pub const fn divination(self) -> bool {
        !matches!(self, Die::Off)
    }
}

/// An Enochian chess position. Copy-make: about 150 bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// Pieces by kind, all armies together (a shared throne sets two kinds).
    pub(crate) kinds: [Bitboard; 6],
    /// Squares holding a piece of each army.
    pub(crate) armies: [Bitboard; 4],
    /// Pawns by type, all armies together.
    pub(crate) pawn_types: [Bitboard; 4],
    /// Squares holding two pieces: a King and its throne partner.
    pub(crate) shared: Bitboard,
    pub(crate) to_move: Army,
    pub(crate) clockwise: bool,
    /// Bit `i`: army `i` is frozen.
    pub(crate) frozen: u8,
    /// For each army, the ally whose King controls it.
    pub(crate) controller: [Option<Army>; 4],
    pub(crate) die: Die,
    /// No army can move (derived when the turn passes; not hashed).
    pub(crate) stuck: bool,
    /// Plies since a capture, pawn move or exchange (not in the position
    /// string, not hashed: Augur's quiet rule and repetition window).
    pub(crate) quiet: u32,
    pub(crate) hash: u64,
}

impl Position {
    /// An empty board, Yellow to move, clockwise, no dice.
    pub(crate) fn empty() -> Self {
        let mut p = Position {
            kinds: [Bitboard::EMPTY; 6],
            armies: [Bitboard::EMPTY; 4],
            pawn_types: [Bitboard::EMPTY; 4],
            shared: Bitboard::EMPTY,
            to_move: Army::Yellow,
            clockwise: true,
            frozen: 0,
            controller: [None; 4],
            die: Die::Off,
            stuck: false,
            quiet: 0,
            hash: 0,
        };
        p.hash = p.key_from_scratch();
        p
    }

    /// The key kind index of a piece (see `zobrist::KEY_KINDS`).
    fn key_kind(kind: Kind, pawn_type: Option<PawnType>) -> usize {
        match (kind, pawn_type) {
            (Kind::Pawn, Some(t)) => 5 + t.index(),
            _ => kind.index(),
        }
    }

    /// Puts a piece on `square` (a second piece there makes it a shared throne).
    pub(crate) fn put(&mut self, square: Square, piece: Piece) {
        let bb = Bitboard::from_square(square);
        let a = piece.army.index();
        if (self.armies[a] & bb).any() {
            self.shared |= bb;
        }
        self.armies[a] |= bb;
        self.kinds[piece.kind.index()] |= bb;
        if let Some(t) = piece.pawn_type {
            self.pawn_types[t.index()] |= bb;
        }
        self.hash ^= zobrist::piece(
            a,
            Self::key_kind(piece.kind, piece.pawn_type),
            square.index(),
        );
    }

    /// Removes one piece from `square`.
    pub(crate) fn remove(&mut self, square: Square, piece: Piece) {
        let bb = Bitboard::from_square(square);
        let a = piece.army.index();
        self.kinds[piece.kind.index()] &= !bb;
        if let Some(t) = piece.pawn_type {
            self.pawn_types[t.index()] &= !bb;
        }
        if (self.shared & bb).any() {
            self.shared &= !bb;
        } else {
            self.armies[a] &= !bb;
        }
        self.hash ^= zobrist::piece(
            a,
            Self::key_kind(piece.kind, piece.pawn_type),
            square.index(),
        );
    }

    /// Removes everything on `square` and returns the King taken there, if any.
    pub(crate) fn clear_square(&mut self, square: Square) -> Option<Army> {
        let army = self.army_at(square)?;
        let mut king = None;
        for kind in Kind::ALL {
            if self.kinds[kind.index()].contains(square) {
                let pawn_type = self.pawn_type_at(square);
                self.remove(
                    square,
                    Piece {
                        army,
                        kind,
                        pawn_type: if kind == Kind::Pawn { pawn_type } else { None },
                    },
                );
                if kind == Kind::King {
                    king = Some(army);
                }
            }
        }
        king
    }

    pub(crate) fn set_to_move(&mut self, army: Army) {
        self.hash ^= zobrist::to_move(self.to_move.index()) ^ zobrist::to_move(army.index());
        self.to_move = army;
    }

    pub(crate) fn set_clockwise(&mut self, clockwise: bool) {
        if clockwise != self.clockwise {
            self.hash ^= zobrist::widdershins();
            self.clockwise = clockwise;
        }
    }

    pub(crate) fn set_frozen(&mut self, army: Army, frozen: bool) {
        if self.is_frozen(army) != frozen {
            self.frozen ^= 1 << army.index();
            self.hash ^= zobrist::frozen(army.index());
        }
    }

    pub(crate) fn set_controller(&mut self, army: Army, controller: Option<Army>) {
        if let Some(old) = self.controller[army.index()] {
            self.hash ^= zobrist::control(army.index(), old.index());
        }
        if let Some(new) = controller {
            self.hash ^= zobrist::control(army.index(), new.index());
        }
        self.controller[army.index()] = controller;
    }

    pub(crate) fn set_die(&mut self, die: Die) {
        self.hash ^= zobrist::die(self.die.code()) ^ zobrist::die(die.code());
        self.die = die;
    }

    /// The key of the position with its die state, in a divination game,
    /// replaced by a roll still to come (the same key for every roll).
    pub(crate) fn key_with_pending_die(&self) -> u64 {
        if self.die.divination() {
            self.hash ^ zobrist::die(self.die.code()) ^ zobrist::die(Die::Pending.code())
        } else {
            self.hash
        }
    }

    /// The Zobrist key computed from scratch.
    pub(crate) fn key_from_scratch(&self) -> u64 {
        let mut h = zobrist::to_move(self.to_move.index()) ^ zobrist::die(self.die.code());
        if !self.clockwise {
            h ^= zobrist::widdershins();
        }
        for army in Army::ALL {
            if self.is_frozen(army) {
                h ^= zobrist::frozen(army.index());
            }
            if let Some(c) = self.controller[army.index()] {
                h ^= zobrist::control(army.index(), c.index());
            }
        }
        for square in self.occupied() {
            for piece in self.pieces_at(square).into_iter().flatten() {
                h ^= zobrist::piece(
                    piece.army.index(),
                    Self::key_kind(piece.kind, piece.pawn_type),
                    square.index(),
                );
            }
        }
        h
    }

    // ----- queries -----

    /// Every occupied square.
    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.armies[0] | self.armies[1] | self.armies[2] | self.armies[3]
    }

    /// The army with a piece on `square`.
    pub fn army_at(&self, square: Square) -> Option<Army> {
        Army::ALL
            .into_iter()
            .find(|a| self.armies[a.index()].contains(square))
    }

    /// The type of the pawn on `square`, if a pawn stands there.
    pub fn pawn_type_at(&self, square: Square) -> Option<PawnType> {
        PawnType::ALL
            .into_iter()
            .find(|t| self.pawn_types[t.index()].contains(square))
    }

    /// The pieces on `square`: the piece (the King on a shared throne) and
    /// the throne partner, if any.
    pub fn pieces_at(&self, square: Square) -> [Option<Piece>; 2] {
        let Some(army) = self.army_at(square) else {
            return [None, None];
        };
        let mut out = [None, None];
        let mut n = 0;
        for kind in Kind::ALL {
            if self.kinds[kind.index()].contains(square) {
                let pawn_type = if kind == Kind::Pawn {
                    self.pawn_type_at(square)
                } else {
                    None
                };
                out[n] = Some(Piece {
                    army,
                    kind,
                    pawn_type,
                });
                n += 1;
                if n == 2 {
                    break;
                }
            }
        }
        out
    }

    /// The piece of `kind` on `square` (with its pawn type), if there is one.
    pub(crate) fn piece_of_kind(&self, square: Square, kind: Kind) -> Option<Piece> {
        if !self.kinds[kind.index()].contains(square) {
            return None;
        }
        let army = self.army_at(square)?;
        let pawn_type = if kind == Kind::Pawn {
            self.pawn_type_at(square)
        } else {
            None
        };
        Some(Piece {
            army,
            kind,
            pawn_type,
        })
    }

    /// The squares of `army`'s pieces of `kind`.
    #[inline(always)]
    pub fn pieces(&self, army: Army, kind: Kind) -> Bitboard {
        self.armies[army.index()] & self.kinds[kind.index()]
    }

    /// The square of `army`'s King, if it is on the board.
    #[inline(always)]
    pub fn king(&self, army: Army) -> Option<Square> {
        self.pieces(army, Kind::King).lowest()
    }

    /// The army to move.
    pub fn to_move(&self) -> Army {
        self.to_move
    }

    /// Whether play runs clockwise (y, b, r, k).
    pub fn clockwise(&self) -> bool {
        self.clockwise
    }

    /// The die state.
    pub fn die(&self) -> Die {
        self.die
    }

    /// Whether `army` is frozen.
    #[inline(always)]
    pub fn is_frozen(&self, army: Army) -> bool {
        self.frozen & (1 << army.index()) != 0
    }

    /// The ally whose King controls `army`, if any.
    pub fn controller(&self, army: Army) -> Option<Army> {
        self.controller[army.index()]
    }

    /// Squares of unfrozen pieces of `team`.
    #[inline(always)]
    pub fn active(&self, team: Color) -> Bitboard {
        let [a, b] = crate::types::team_armies(team);
        let mut bb = Bitboard::EMPTY;
        if !self.is_frozen(a) {
            bb |= self.armies[a.index()];
        }
        if !self.is_frozen(b) {
            bb |= self.armies[b.index()];
        }
        bb
    }

    /// The number of Kings of `team` on the board.
    pub fn kings_of(&self, team: Color) -> u32 {
        let [a, b] = crate::types::team_armies(team);
        (self.pieces(a, Kind::King) | self.pieces(b, Kind::King)).count()
    }

    /// Whether `square` is attacked by an unfrozen piece of `team` over the
    /// occupancy `occupied`.
    pub(crate) fn attacked_by(&self, team: Color, square: Square, occupied: Bitboard) -> bool {
        let [a, b] = crate::types::team_armies(team);
        let mut attackers = Bitboard::EMPTY;
        for army in [a, b] {
            if !self.is_frozen(army) {
                attackers |= self.armies[army.index()];
                if (self.pieces(army, Kind::Pawn) & pawn_takers(army, square)).any() {
                    return true;
                }
            }
        }
        if attackers.is_empty() {
            return false;
        }
        let k = &self.kinds;
        ((k[Kind::Knight.index()] & knight_attacks(square))
            | (k[Kind::King.index()] & king_attacks(square))
            | (k[Kind::Queen.index()] & queen_leaps(square))
            | (k[Kind::Rook.index()] & rook_attacks(square, occupied))
            | (k[Kind::Bishop.index()] & bishop_attacks(square, occupied)))
            & attackers
            != Bitboard::EMPTY
    }

    /// Whether `army`'s King stands attacked by the enemy team.
    pub fn king_attacked(&self, army: Army) -> bool {
        match self.king(army) {
            Some(sq) => self.attacked_by(army.team().opponent(), sq, self.occupied()),
            None => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use augur_core::{Game, MoveList};
    use rand::prelude::*;

    /// Every square an unfrozen piece of `team` attacks over `occupied`,
    /// as the evaluation reads it off its armies' reach.
    fn team_attacks(position: &Position, team: Color, occupied: Bitboard) -> Bitboard {
        crate::types::team_armies(team)
            .iter()
            .fold(Bitboard::EMPTY, |map, &army| {
                map | position.army_reach(army, occupied).attacks
            })
    }

    /// The evaluation's attack maps say what `attacked_by` says, square by
    /// square, on positions from random games (frozen armies included).
    #[test]
    fn team_attacks_agree_with_attacked_by() {
        let mut rng = StdRng::seed_from_u64(7);
        let mut checked = 0;
        for _ in 0..40 {
            let mut position = Position::startpos();
            for _ in 0..150 {
                let occupied = position.occupied();
                for team in [Color::White, Color::Black] {
                    let map = team_attacks(&position, team, occupied);
                    for sq in (0..64u8).map(Square::new) {
                        assert_eq!(
                            map.contains(sq),
                            position.attacked_by(team, sq, occupied),
                            "{team:?} on {sq:?} in {}",
                            position.fen()
                        );
                    }
                }
                checked += 1;
                let mut moves = MoveList::new();
                position.generate(&mut moves);
                let Some(&mv) = moves.choose(&mut rng) else {
                    break;
                };
                position = position.play(mv);
            }
        }
        assert!(checked > 2_000, "only {checked} positions");
    }
}
