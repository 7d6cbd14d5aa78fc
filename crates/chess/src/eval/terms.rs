//! The evaluation itself, written once and generic over a [`Trace`]: the
//! runtime trace does nothing (and compiles away), the tuning trace records
//! how often each weight was used.
//!
//! Every term adds `count × weight` for one side, so the evaluation is a
//! linear function of the weights: White's middlegame and endgame sums are
//! `Σ coefficient × weight`, blended by the game phase.

use augur_core::attacks::{
    bishop_attacks, king_attacks, knight_attacks, queen_attacks, rook_attacks,
};
use augur_core::{Bitboard, Square};

use super::Weights;
use super::layout::*;
use crate::position::Position;
use crate::types::{Color, Role};

/// The phase of a position with all the pieces: knights and bishops count 1,
/// rooks 2, queens 4.
pub const MAX_PHASE: i32 = 24;

/// Receives each use of a weight: `count` times weight `index` for `color`
/// (White's uses add to White's score, Black's subtract).
pub trait Trace {
    /// Records one term.
    fn add(&mut self, index: usize, color: Color, count: i32);
}

/// The runtime trace: records nothing.
pub struct NoTrace;

impl Trace for NoTrace {
    #[inline(always)]
    fn add(&mut self, _index: usize, _color: Color, _count: i32) {}
}

/// The game phase, from [`MAX_PHASE`] (all pieces) down to 0 (pawns and
/// kings only): knight and bishop 1, rook 2, queen 4, clamped to 24.
#[inline(always)]
pub fn phase(pos: &Position) -> i32 {
    let minors = (pos.by_role(Role::Knight) | pos.by_role(Role::Bishop)).count() as i32;
    let rooks = pos.by_role(Role::Rook).count() as i32;
    let queens = pos.by_role(Role::Queen).count() as i32;
    (minors + 2 * rooks + 4 * queens).min(MAX_PHASE)
}

/// Blends middlegame and endgame scores by phase (truncating towards zero,
/// so the blend of a negated pair is the negated blend).
#[inline(always)]
pub fn taper(mg: i32, eg: i32, phase: i32) -> i32 {
    (mg * phase + eg * (MAX_PHASE - phase)) / MAX_PHASE
}

const fn files_table() -> [Bitboard; 8] {
    let mut table = [Bitboard::EMPTY; 8];
    let mut file = 0;
    while file < 8 {
        let mut bits = Bitboard::FILE_A.0 << file;
        if file > 0 {
            bits |= Bitboard::FILE_A.0 << (file - 1);
        }
        if file < 7 {
            bits |= Bitboard::FILE_A.0 << (file + 1);
        }
        table[file] = Bitboard(bits);
        file += 1;
    }
    table
}

/// Each file and the files beside it.
static FILE_AND_ADJACENT: [Bitboard; 8] = files_table();

/// The squares attacked by `pawns` of `color`.
#[inline(always)]
fn pawn_attack_set(pawns: Bitboard, color: Color) -> Bitboard {
    match color {
        Color::White => pawns.north().west() | pawns.north().east(),
        Color::Black => pawns.south().west() | pawns.south().east(),
    }
}

/// One rank forward from `color`'s side.
#[inline(always)]
fn forward(set: Bitboard, color: Color) -> Bitboard {
    match color {
        Color::White => set.north(),
        Color::Black => set.south(),
    }
}

/// The square as seen from `color`'s side (Black's e7 is White's e2).
#[inline(always)]
fn relative(sq: Square, color: Color) -> usize {
    sq.index() ^ (56 * color.index())
}

/// The rank 0..8 as seen from `color`'s side.
#[inline(always)]
fn relative_rank(sq: Square, color: Color) -> usize {
    (sq.rank() as usize) ^ (7 * color.index())
}

/// Rank masks for the outpost ranks (4th to 6th from each side).
const OUTPOST_RANKS: [Bitboard; 2] = [
    Bitboard(0x0000_FFFF_FF00_0000),
    Bitboard(0x0000_00FF_FFFF_0000),
];

/// The running sums and the trace.
struct Scorer<'a, T: Trace> {
    weights: &'a Weights,
    mg: i32,
    eg: i32,
    trace: &'a mut T,
}

impl<T: Trace> Scorer<'_, T> {
    #[inline(always)]
    fn add(&mut self, index: usize, color: Color, count: i32) {
        let (mg, eg) = self.weights.pairs[index];
        let signed = match color {
            Color::White => count,
            Color::Black => -count,
        };
        self.mg += mg * signed;
        self.eg += eg * signed;
        self.trace.add(index, color, count);
    }
}

/// Attack maps of one side, gathered by the mobility pass.
#[derive(Clone, Copy, Default)]
struct Attacks {
    /// Squares attacked by the side's pieces of each role (pawn..king).
    by_role: [Bitboard; 6],
    /// Every square the side attacks.
    all: Bitboard,
}

/// What both passes share.
struct Context {
    occupied: Bitboard,
    pawns: [Bitboard; 2],
    kings: [Square; 2],
    /// Each king's square and its neighbours.
    zones: [Bitboard; 2],
    attacks: [Attacks; 2],
}

#[inline(always)]
const fn color_of(white: bool) -> Color {
    if white { Color::White } else { Color::Black }
}

/// Fills every set square towards rank 8 (inclusive).
#[inline(always)]
fn fill_north(set: Bitboard) -> Bitboard {
    let mut b = set.0;
    b |= b << 8;
    b |= b << 16;
    b |= b << 32;
    Bitboard(b)
}

/// Fills every set square towards rank 1 (inclusive).
#[inline(always)]
fn fill_south(set: Bitboard) -> Bitboard {
    let mut b = set.0;
    b |= b >> 8;
    b |= b >> 16;
    b |= b >> 32;
    Bitboard(b)
}

/// Fills towards the far side of `color` (inclusive).
#[inline(always)]
fn fill_forward(set: Bitboard, color: Color) -> Bitboard {
    match color {
        Color::White => fill_north(set),
        Color::Black => fill_south(set),
    }
}

/// One rank backward from `color`'s side.
#[inline(always)]
fn backward(set: Bitboard, color: Color) -> Bitboard {
    forward(set, color.opponent())
}

/// The same set plus both neighbouring files.
#[inline(always)]
fn sideways(set: Bitboard) -> Bitboard {
    set.east() | set.west()
}

/// Mobility of one side's pieces, role by role.
struct MobilityPass<'a> {
    pos: &'a Position,
    color: Color,
    /// Squares that count: not ours, not attacked by enemy pawns.
    area: Bitboard,
    /// The enemy king's zone.
    zone: Bitboard,
    /// Attacks on the zone by role.
    zone_attacks: &'a mut [i32; 5],
}

impl MobilityPass<'_> {
    /// Scores the mobility of the pieces of `role` and returns the union of
    /// their attacks.
    #[inline(always)]
    fn role<T: Trace>(
        &mut self,
        s: &mut Scorer<T>,
        role: Role,
        base: usize,
        attacks: impl Fn(Square) -> Bitboard,
    ) -> Bitboard {
        let mut union = Bitboard::EMPTY;
        for sq in self.pos.pieces(self.color, role) {
            let targets = attacks(sq);
            union |= targets;
            s.add(base + (targets & self.area).count() as usize, self.color, 1);
            self.zone_attacks[role.index()] += (targets & self.zone).count() as i32;
        }
        union
    }
}

/// Material, piece-square tables and mobility of one side; fills its
/// attack maps and scores its attacks on the enemy king zone.
#[inline(always)]
fn pieces_pass<T: Trace, const WHITE: bool>(pos: &Position, cx: &mut Context, s: &mut Scorer<T>) {
    let color = color_of(WHITE);
    let (us, them) = (color.index(), color.opponent().index());
    let occupied = cx.occupied;
    for role in Role::ALL {
        let pieces = pos.pieces(color, role);
        if role != Role::King {
            s.add(MATERIAL + role.index(), color, pieces.count() as i32);
        }
        let table = PSQT + 64 * role.index();
        for sq in pieces {
            s.add(table + relative(sq, color), color, 1);
        }
    }
    let mut zone_attacks = [0i32; 5];
    let mut mobility = MobilityPass {
        pos,
        color,
        area: !pos.by_color(color) & !cx.attacks[them].by_role[Role::Pawn.index()],
        zone: cx.zones[them],
        zone_attacks: &mut zone_attacks,
    };
    let knights = mobility.role(s, Role::Knight, MOBILITY_KNIGHT, knight_attacks);
    let bishops = mobility.role(s, Role::Bishop, MOBILITY_BISHOP, |sq| {
        bishop_attacks(sq, occupied)
    });
    let rooks = mobility.role(s, Role::Rook, MOBILITY_ROOK, |sq| {
        rook_attacks(sq, occupied)
    });
    let queens = mobility.role(s, Role::Queen, MOBILITY_QUEEN, |sq| {
        queen_attacks(sq, occupied)
    });
    let at = &mut cx.attacks[us];
    at.by_role[Role::Knight.index()] = knights;
    at.by_role[Role::Bishop.index()] = bishops;
    at.by_role[Role::Rook.index()] = rooks;
    at.by_role[Role::Queen.index()] = queens;
    at.all = at
        .by_role
        .iter()
        .fold(Bitboard::EMPTY, |all, &set| all | set);
    zone_attacks[Role::Pawn.index()] =
        (at.by_role[Role::Pawn.index()] & cx.zones[them]).count() as i32;
    for (role, &count) in zone_attacks.iter().enumerate() {
        s.add(KING_ZONE_ATTACK + role, color, count);
    }
}

/// Pawn structure, passed pawns, king safety and piece terms of one side.
#[inline(always)]
fn structure_pass<T: Trace, const WHITE: bool>(pos: &Position, cx: &Context, s: &mut Scorer<T>) {
    let color = color_of(WHITE);
    let (us, them) = (color.index(), color.opponent().index());
    let occupied = cx.occupied;
    let ours = cx.pawns[us];
    let theirs = cx.pawns[them];
    let our_pawn_attacks = cx.attacks[us].by_role[Role::Pawn.index()];
    let their_pawn_attacks = cx.attacks[them].by_role[Role::Pawn.index()];

    // Pawn structure, set-wise: a pawn is doubled when an own pawn stands
    // in front of it, isolated without own pawns on the neighbouring files,
    // backward when no own neighbour stands level or behind and its next
    // square is attacked by an enemy pawn.
    let doubled = ours & fill_forward(backward(ours, color), color.opponent());
    let isolated = ours & !sideways(fill_north(fill_south(ours)));
    let supportable = fill_forward(sideways(ours), color);
    let backward_pawns = ours & !isolated & !supportable & backward(their_pawn_attacks, color);
    s.add(PAWN_DOUBLED, color, doubled.count() as i32);
    s.add(PAWN_ISOLATED, color, isolated.count() as i32);
    s.add(PAWN_BACKWARD, color, backward_pawns.count() as i32);
    for sq in ours & our_pawn_attacks {
        s.add(PAWN_SUPPORTED + relative_rank(sq, color), color, 1);
    }
    for sq in ours & sideways(ours) {
        s.add(PAWN_PHALANX + relative_rank(sq, color), color, 1);
    }

    // Passed pawns: no enemy pawn in front on the file or beside it, and
    // no own pawn in front.
    let their_front = fill_forward(forward(theirs, color.opponent()), color.opponent());
    let passed = ours & !doubled & !(their_front | sideways(their_front));
    for sq in passed {
        let rank = relative_rank(sq, color);
        s.add(PASSED + rank, color, 1);
        let stop = match color {
            Color::White => Square::new(sq.index() as u8 + 8),
            Color::Black => Square::new(sq.index() as u8 - 8),
        };
        if occupied.contains(stop) {
            s.add(PASSED_BLOCKED + rank, color, 1);
        }
        let path = fill_forward(Bitboard::from_square(stop), color);
        if (path & (occupied | cx.attacks[them].all)).is_empty() {
            s.add(PASSED_FREE + rank, color, 1);
        }
        let own_distance = cx.kings[us].distance(stop);
        let their_distance = cx.kings[them].distance(stop);
        s.add(PASSED_KING_OWN + rank, color, i32::from(own_distance));
        s.add(PASSED_KING_THEIRS + rank, color, i32::from(their_distance));
    }

    // King safety: shelter and open files (for the king's side), safe
    // checks (for the attacker; zone attacks were counted with mobility).
    let king = cx.kings[us];
    let files = FILE_AND_ADJACENT[king.file() as usize];
    let near = forward(files & Bitboard::rank(king.rank()), color);
    let far = forward(near, color);
    s.add(KING_SHIELD_NEAR, color, (ours & near).count() as i32);
    s.add(KING_SHIELD_FAR, color, (ours & far).count() as i32);
    let (mut open, mut semi_open) = (0, 0);
    for file in king.file().saturating_sub(1)..=(king.file() + 1).min(7) {
        let mask = Bitboard::file(file);
        if (ours & mask).is_empty() {
            if (theirs & mask).is_empty() {
                open += 1;
            } else {
                semi_open += 1;
            }
        }
    }
    s.add(KING_OPEN_FILE, color, open);
    s.add(KING_SEMI_OPEN_FILE, color, semi_open);

    let enemy_king = cx.kings[them];
    let safe = !cx.attacks[them].all & !pos.by_color(color);
    let diagonal = bishop_attacks(enemy_king, occupied);
    let straight = rook_attacks(enemy_king, occupied);
    let by_role = &cx.attacks[us].by_role;
    for (role, checks) in [
        (Role::Knight, knight_attacks(enemy_king)),
        (Role::Bishop, diagonal),
        (Role::Rook, straight),
        (Role::Queen, diagonal | straight),
    ] {
        let count = (checks & by_role[role.index()] & safe).count() as i32;
        s.add(SAFE_CHECK + role.index() - 1, color, count);
    }

    // Pieces.
    if pos.pieces(color, Role::Bishop).more_than_one() {
        s.add(BISHOP_PAIR, color, 1);
    }
    let (mut open, mut semi_open) = (0, 0);
    for sq in pos.pieces(color, Role::Rook) {
        let mask = Bitboard::file(sq.file());
        if (ours & mask).is_empty() {
            if (theirs & mask).is_empty() {
                open += 1;
            } else {
                semi_open += 1;
            }
        }
    }
    s.add(ROOK_OPEN_FILE, color, open);
    s.add(ROOK_SEMI_OPEN_FILE, color, semi_open);
    // Outposts: squares no enemy pawn can ever attack.
    let outposts = OUTPOST_RANKS[us] & our_pawn_attacks & !sideways(their_front);
    let knight_outposts = (pos.pieces(color, Role::Knight) & outposts).count() as i32;
    let bishop_outposts = (pos.pieces(color, Role::Bishop) & outposts).count() as i32;
    s.add(KNIGHT_OUTPOST, color, knight_outposts);
    s.add(BISHOP_OUTPOST, color, bishop_outposts);

    let enemy = pos.by_color(color.opponent());
    let enemy_queens = enemy & pos.by_role(Role::Queen);
    let enemy_majors = enemy & pos.by_role(Role::Rook) | enemy_queens;
    let enemy_pieces = enemy & !pos.by_role(Role::Pawn) & !pos.by_role(Role::King);
    let minors = by_role[Role::Knight.index()] | by_role[Role::Bishop.index()];
    s.add(
        THREAT_BY_PAWN,
        color,
        (our_pawn_attacks & enemy_pieces).count() as i32,
    );
    s.add(
        THREAT_MINOR_ON_MAJOR,
        color,
        (minors & enemy_majors).count() as i32,
    );
    s.add(
        THREAT_ROOK_ON_QUEEN,
        color,
        (by_role[Role::Rook.index()] & enemy_queens).count() as i32,
    );
    let undefended = enemy & !pos.by_role(Role::King) & !cx.attacks[them].all;
    s.add(
        HANGING,
        color,
        (cx.attacks[us].all & undefended).count() as i32,
    );
}

/// The evaluation from White's point of view, in centipawns, with every use
/// of a weight reported to `trace`.
#[inline(always)]
pub fn evaluate_traced<T: Trace>(pos: &Position, weights: &Weights, trace: &mut T) -> i32 {
    let mut s = Scorer {
        weights,
        mg: 0,
        eg: 0,
        trace,
    };
    let pawns = [
        pos.pieces(Color::White, Role::Pawn),
        pos.pieces(Color::Black, Role::Pawn),
    ];
    let kings = [pos.king_square(Color::White), pos.king_square(Color::Black)];
    let mut attacks = [Attacks::default(); 2];
    for color in [Color::White, Color::Black] {
        let at = &mut attacks[color.index()];
        at.by_role[Role::Pawn.index()] = pawn_attack_set(pawns[color.index()], color);
        at.by_role[Role::King.index()] = king_attacks(kings[color.index()]);
    }
    let mut cx = Context {
        occupied: pos.occupied(),
        pawns,
        kings,
        zones: [
            king_attacks(kings[0]).with(kings[0]),
            king_attacks(kings[1]).with(kings[1]),
        ],
        attacks,
    };
    pieces_pass::<T, true>(pos, &mut cx, &mut s);
    pieces_pass::<T, false>(pos, &mut cx, &mut s);
    structure_pass::<T, true>(pos, &cx, &mut s);
    structure_pass::<T, false>(pos, &cx, &mut s);
    s.add(TEMPO, pos.side_to_move(), 1);
    taper(s.mg, s.eg, phase(pos))
}
