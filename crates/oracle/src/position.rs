//! The Oracle position: bodies by class and colour, the soul layer, the
//! packed content of every square, both pools, the counters and the
//! incrementally updated Zobrist key. Every change to a square or a pool
//! goes through one of the three mutators below, which keep the bitboards
//! and the key in step.

use augur_core::Bitboard;
use augur_core::Square;
use augur_core::attacks::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks,
};

use crate::eval::cell_material;
use crate::types;
use crate::types::{Body, Cell, Color, Soul};
use crate::zobrist;

/// An Oracle chess position (copy-make; about 280 bytes).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Position {
    /// Bodies by class, both colours.
    pub(crate) bodies: [Bitboard; 6],
    /// Bodies by colour.
    pub(crate) colors: [Bitboard; 2],
    /// Squares hosting at least one soul of each class.
    pub(crate) souls: [Bitboard; 5],
    /// Squares holding a living body (a figure).
    pub(crate) living: Bitboard,
    /// What stands on each square.
    pub(crate) cells: [Cell; 64],
    /// Bodies in the earth by colour (as they are there) and class.
    pub(crate) earth: [[u8; 6]; 2],
    /// Souls in the underworld by class.
    pub(crate) underworld: [u8; 5],
    pub(crate) side: Color,
    /// The material value of each colour's cells (the evaluation's
    /// material term), kept in step by [`Position::set_cell`].
    pub(crate) material: [i32; 2],
    /// Plies counted by the quiet rule.
    pub(crate) quiet: u16,
    /// The current round, from 1.
    pub(crate) round: u16,
    pub(crate) hash: u64,
}

impl Position {
    /// A position with nothing anywhere, White to move, round 1.
    pub(crate) fn empty() -> Position {
        Position {
            bodies: [Bitboard::EMPTY; 6],
            colors: [Bitboard::EMPTY; 2],
            souls: [Bitboard::EMPTY; 5],
            living: Bitboard::EMPTY,
            cells: [Cell::EMPTY; 64],
            earth: [[0; 6]; 2],
            underworld: [0; 5],
            material: [0; 2],
            side: Color::White,
            quiet: 0,
            round: 1,
            hash: 0,
        }
    }

    /// What stands on `square`.
    #[inline(always)]
    pub fn cell(&self, square: Square) -> Cell {
        self.cells[square.index()]
    }

    /// Every square holding a body.
    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.colors[0] | self.colors[1]
    }

    /// Every square hosting at least one soul.
    #[inline(always)]
    pub fn soul_squares(&self) -> Bitboard {
        self.souls[0] | self.souls[1] | self.souls[2] | self.souls[3] | self.souls[4]
    }

    /// The bodies of one colour.
    #[inline(always)]
    pub fn bodies_of(&self, color: Color) -> Bitboard {
        self.colors[color.index()]
    }

    /// The bodies of one colour and class.
    #[inline(always)]
    pub fn bodies(&self, color: Color, class: Body) -> Bitboard {
        self.colors[color.index()] & self.bodies[class.index()]
    }

    /// Squares hosting a soul of `class` (any body colour).
    #[inline(always)]
    pub fn souls_of(&self, class: Soul) -> Bitboard {
        self.souls[class.index()]
    }

    /// The figures (living bodies) of one colour.
    #[inline(always)]
    pub fn figures(&self, color: Color) -> Bitboard {
        self.living & self.colors[color.index()]
    }

    /// The figures of `color` that move with the pattern of `class`: a
    /// living body's souls all match it, so these are exactly its patterns.
    #[inline(always)]
    pub fn figures_moving_as(&self, color: Color, class: Soul) -> Bitboard {
        self.living & self.colors[color.index()] & self.souls[class.index()]
    }

    /// The number of bodies of `color` and `class` in the earth.
    #[inline(always)]
    pub fn earth_count(&self, color: Color, class: Body) -> u32 {
        u32::from(self.earth[color.index()][class.index()])
    }

    /// The number of souls of `class` in the underworld.
    #[inline(always)]
    pub fn underworld_count(&self, class: Soul) -> u32 {
        u32::from(self.underworld[class.index()])
    }

    /// The side to move.
    #[inline(always)]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// Plies counted by the quiet rule.
    pub fn quiet_plies(&self) -> u32 {
        u32::from(self.quiet)
    }

    /// The current round (from 1; incremented after Black's move).
    pub fn round(&self) -> u32 {
        u32::from(self.round)
    }

    /// Plies played since the start of the game, from the round and side.
    pub fn plies_played(&self) -> u32 {
        2 * (self.round() - 1) + u32::from(self.side == Color::Black)
    }

    /// The square of the Lord soul `color` controls (the Lord soul hosted by
    /// a body of that colour); `None` only in positions being built.
    #[inline(always)]
    pub fn lord_soul(&self, color: Color) -> Option<Square> {
        (self.souls[Soul::Lord.index()] & self.colors[color.index()]).lowest()
    }

    /// The key of a square's content.
    #[inline(always)]
    fn cell_key(cell: Cell, square: usize) -> u64 {
        let Some(body) = cell.body() else {
            return 0;
        };
        let mut key = zobrist::body(cell.color().index(), body.index(), square);
        if cell.soul_bits() != 0 {
            for soul in Soul::ALL {
                key ^= zobrist::souls(soul.index(), cell.count(soul) as usize, square);
            }
        }
        key
    }

    /// Replaces what stands on `square`, keeping bitboards and key in step.
    #[inline]
    pub(crate) fn set_cell(&mut self, square: Square, new: Cell) {
        let index = square.index();
        let old = self.cells[index];
        let bit = Bitboard::from_square(square);
        if let Some(body) = old.body() {
            self.bodies[body.index()] &= !bit;
            self.colors[old.color().index()] &= !bit;
            self.material[old.color().index()] -= cell_material(old);
            for soul in Soul::ALL {
                self.souls[soul.index()] &= !bit;
            }
            self.living &= !bit;
        }
        if let Some(body) = new.body() {
            self.bodies[body.index()] |= bit;
            self.colors[new.color().index()] |= bit;
            self.material[new.color().index()] += cell_material(new);
            if new.soul_bits() != 0 {
                for soul in Soul::ALL {
                    if new.count(soul) > 0 {
                        self.souls[soul.index()] |= bit;
                    }
                }
                if new.is_living() {
                    self.living |= bit;
                }
            }
        }
        self.hash ^= Self::cell_key(old, index) ^ Self::cell_key(new, index);
        self.cells[index] = new;
    }

    /// Adds `delta` bodies of `color` and `class` to the earth.
    #[inline]
    pub(crate) fn add_to_earth(&mut self, color: Color, class: Body, delta: i32) {
        let count = &mut self.earth[color.index()][class.index()];
        let old = usize::from(*count);
        let new = (old as i32 + delta).clamp(0, zobrist::MAX_POOL as i32) as usize;
        *count = new as u8;
        self.hash ^= zobrist::earth(color.index(), class.index(), old)
            ^ zobrist::earth(color.index(), class.index(), new);
    }

    /// Adds `delta` souls of `class` to the underworld.
    #[inline]
    pub(crate) fn add_to_underworld(&mut self, class: Soul, delta: i32) {
        let count = &mut self.underworld[class.index()];
        let old = usize::from(*count);
        let new = (old as i32 + delta).clamp(0, zobrist::MAX_POOL as i32) as usize;
        *count = new as u8;
        self.hash ^=
            zobrist::underworld(class.index(), old) ^ zobrist::underworld(class.index(), new);
    }

    /// Passes the turn (the side and its key; counters are the caller's).
    #[inline]
    pub(crate) fn flip_side(&mut self) {
        self.side = self.side.opponent();
        self.hash ^= zobrist::black_to_move();
    }

    /// The key computed from scratch.
    pub(crate) fn key_from_scratch(&self) -> u64 {
        let mut key = if self.side == Color::Black {
            zobrist::black_to_move()
        } else {
            0
        };
        for square in self.occupied() {
            key ^= Self::cell_key(self.cells[square.index()], square.index());
        }
        for color in Color::BOTH {
            for class in Body::ALL {
                key ^= zobrist::earth(
                    color.index(),
                    class.index(),
                    self.earth_count(color, class) as usize,
                );
            }
        }
        for class in Soul::ALL {
            key ^= zobrist::underworld(class.index(), self.underworld_count(class) as usize);
        }
        key
    }

    /// Whether the Lord soul of `color` is attacked: an enemy figure could
    /// take the body hosting it (figure patterns blocked by bodies), or an
    /// enemy soul other than the enemy's Lord soul could take it out of that
    /// body (soul patterns blocked by souls). Legality of the attacking move
    /// does not matter.
    #[inline]
    pub fn lord_soul_attacked(&self, color: Color) -> bool {
        match self.lord_soul(color) {
            Some(square) => self.attacked_by(square, color.opponent()),
            None => false,
        }
    }

    /// Whether `attacker` could take the body on `square` with a figure or
    /// take a soul on it with one of its non-Lord souls.
    #[inline]
    pub(crate) fn attacked_by(&self, square: Square, attacker: Color) -> bool {
        let theirs = self.colors[attacker.index()];
        let living = self.living & theirs;
        let souls = &self.souls;
        let bodies = self.occupied();
        let soul_squares = self.soul_squares();
        let upwards = types::upwards(attacker.opponent());
        let figure_lines = (rook_attacks(square, bodies) & souls[Soul::Chariot.index()])
            | (bishop_attacks(square, bodies) & souls[Soul::Elephant.index()]);
        let figure_steps = (knight_attacks(square) & souls[Soul::Horse.index()])
            | (king_attacks(square) & souls[Soul::Lord.index()])
            | (pawn_attacks(square, upwards) & souls[Soul::Soldier.index()]);
        if ((figure_lines | figure_steps) & living).any() {
            return true;
        }
        let soul_attackers = (rook_attacks(square, soul_squares) & souls[Soul::Chariot.index()])
            | (bishop_attacks(square, soul_squares) & souls[Soul::Elephant.index()])
            | (knight_attacks(square) & souls[Soul::Horse.index()])
            | (pawn_attacks(square, upwards) & souls[Soul::Soldier.index()]);
        (soul_attackers & theirs).any()
    }
}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position({})", self.write_text())
    }
}
