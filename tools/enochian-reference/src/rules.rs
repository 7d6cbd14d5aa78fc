//! Move generation, playing moves, check, status and perft, done the slow
//! and obvious way.

use crate::position::{Army, Cell, Kind, Piece, Position, Square, Team};
use std::fmt;

/// A move of the army to move.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Move {
    /// A piece goes from `from` to `to` (taking whatever stands there).
    /// `partner` is `Some(kind)` when the piece moving is the King's partner
    /// leaving a shared throne (written with its uppercase letter);
    /// `promotion` is the piece a pawn becomes (lowercase letter).
    Step {
        /// The square the piece leaves.
        from: Square,
        /// The square it goes to.
        to: Square,
        /// The partner's kind when the partner leaves a shared throne.
        partner: Option<Kind>,
        /// What a pawn promotes to.
        promotion: Option<Kind>,
    },
    /// An agreed exchange of prisoners (`exchange`).
    Exchange,
    /// A lost turn in divination mode (`0000`).
    Lost,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Step {
                from,
                to,
                partner,
                promotion,
            } => {
                write!(f, "{from}{to}")?;
                if let Some(k) = promotion {
                    write!(f, "{}", k.letter().to_ascii_lowercase())?;
                }
                if let Some(k) = partner {
                    write!(f, "{}", k.letter())?;
                }
                Ok(())
            }
            Move::Exchange => f.write_str("exchange"),
            Move::Lost => f.write_str("0000"),
        }
    }
}

/// Game status.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Status {
    /// The game goes on.
    Ongoing,
    /// Won by the team named.
    Won(Team),
    /// Drawn.
    Draw,
}

impl fmt::Display for Status {
    /// `ongoing`, `draw`, `won:bk` or `won:ry`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Status::Ongoing => f.write_str("ongoing"),
            Status::Draw => f.write_str("draw"),
            Status::Won(t) => write!(f, "won:{}", t.code()),
        }
    }
}

const KING_STEPS: [(i32, i32); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];
const QUEEN_LEAPS: [(i32, i32); 8] = [
    (-2, -2),
    (0, -2),
    (2, -2),
    (-2, 0),
    (2, 0),
    (-2, 2),
    (0, 2),
    (2, 2),
];
const KNIGHT_LEAPS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const ROOK_DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// The squares a piece of `army` of kind `piece` standing on `from` could
/// *take* on, if an enemy King stood there: pawn diagonals forward, King
/// steps, Queen and Knight leaps, and slider rays up to and including the
/// first occupied square (occupied by anything, frozen pieces included).
pub fn take_squares(pos: &Position, army: Army, piece: Piece, from: Square) -> Vec<Square> {
    let mut v = Vec::new();
    let leaps: &[(i32, i32)] = match piece.kind {
        Kind::King => &KING_STEPS,
        Kind::Queen => &QUEEN_LEAPS,
        Kind::Knight => &KNIGHT_LEAPS,
        Kind::Pawn => &army.pawn_takes(),
        Kind::Rook | Kind::Bishop => &[],
    };
    for &(df, dr) in leaps {
        if let Some(sq) = from.offset(df, dr) {
            v.push(sq);
        }
    }
    let dirs: &[(i32, i32)] = match piece.kind {
        Kind::Rook => &ROOK_DIRS,
        Kind::Bishop => &BISHOP_DIRS,
        _ => &[],
    };
    for &(df, dr) in dirs {
        let mut sq = from;
        while let Some(next) = sq.offset(df, dr) {
            v.push(next);
            if pos.at(next).is_some() {
                break;
            }
            sq = next;
        }
    }
    v
}

/// May a piece of `army` of kind `mover` take what stands on `target`?
/// Only an unfrozen piece of the other team, and never Queen x Queen or
/// Bishop x Bishop (judged on the target's main piece: on a shared throne,
/// its King).
fn can_take(pos: &Position, army: Army, mover: Kind, target: Cell) -> bool {
    if target.army.team() == army.team() || pos.is_frozen(target.army) {
        return false;
    }
    let victim = target.piece.kind;
    !(mover == Kind::Queen && victim == Kind::Queen
        || mover == Kind::Bishop && victim == Kind::Bishop)
}

/// Is `sq` attacked by the enemies of `army`: can some unfrozen piece of the
/// other team (a throne partner included) take on `sq`?
pub fn attacked(pos: &Position, sq: Square, army: Army) -> bool {
    for from in Square::all() {
        let Some(c) = pos.at(from) else { continue };
        if c.army.team() == army.team() || pos.is_frozen(c.army) {
            continue;
        }
        let mut pieces = vec![c.piece];
        pieces.extend(c.partner);
        for p in pieces {
            if take_squares(pos, c.army, p, from).contains(&sq) {
                return true;
            }
        }
    }
    false
}

/// Is the army to move's King attacked? (false if it has no King on the
/// board)
pub fn in_check(pos: &Position) -> bool {
    army_in_check(pos, pos.to_move)
}

fn army_in_check(pos: &Position, army: Army) -> bool {
    match pos.king_square(army) {
        Some(sq) => attacked(pos, sq, army),
        None => false,
    }
}

/// Is the army reduced to exactly King + Queen + pawn, King + Bishop + pawn
/// or King + pawn (throne partner counted)? Then its pawn is privileged.
fn privileged(pos: &Position, army: Army) -> bool {
    let mut kinds: Vec<Kind> = pos.pieces_of(army).iter().map(|p| p.kind).collect();
    kinds.sort();
    kinds == [Kind::King, Kind::Pawn]
        || kinds == [Kind::King, Kind::Queen, Kind::Pawn]
        || kinds == [Kind::King, Kind::Bishop, Kind::Pawn]
}

/// Every move of every piece of `army`, ignoring all King rules, split into
/// (King moves, other moves). Frozen armies have none.
fn pseudo_moves(pos: &Position, army: Army) -> (Vec<Move>, Vec<Move>) {
    let mut king_moves = Vec::new();
    let mut other = Vec::new();
    if pos.is_frozen(army) {
        return (king_moves, other);
    }
    let privileged = privileged(pos, army);
    for from in Square::all() {
        let Some(c) = pos.at(from) else { continue };
        if c.army != army {
            continue;
        }
        let mut movers = vec![(c.piece, None)];
        if let Some(p) = c.partner {
            movers.push((p, Some(p.kind)));
        }
        for (piece, partner) in movers {
            let list = if piece.kind == Kind::King {
                &mut king_moves
            } else {
                &mut other
            };
            let mut targets = Vec::new();
            if piece.kind == Kind::Pawn {
                let (df, dr) = army.forward();
                if let Some(to) = from.offset(df, dr)
                    && pos.at(to).is_none()
                {
                    targets.push(to);
                }
                for to in take_squares(pos, army, piece, from) {
                    if let Some(t) = pos.at(to)
                        && can_take(pos, army, piece.kind, t)
                    {
                        targets.push(to);
                    }
                }
            } else {
                for to in take_squares(pos, army, piece, from) {
                    match pos.at(to) {
                        None => targets.push(to),
                        Some(t) if can_take(pos, army, piece.kind, t) => targets.push(to),
                        Some(_) => {}
                    }
                }
            }
            for to in targets {
                if piece.kind == Kind::Pawn && army.on_promotion_line(to) {
                    let choices = if privileged {
                        vec![Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight]
                    } else {
                        vec![piece.pawn_of.expect("a pawn has a type")]
                    };
                    for k in choices {
                        list.push(Move::Step {
                            from,
                            to,
                            partner,
                            promotion: Some(k),
                        });
                    }
                } else {
                    list.push(Move::Step {
                        from,
                        to,
                        partner,
                        promotion: None,
                    });
                }
            }
        }
    }
    (king_moves, other)
}

/// Exactly one King of each team on the board?
fn exchange_possible(pos: &Position) -> bool {
    [Team::BlueBlack, Team::RedYellow].iter().all(|t| {
        t.armies()
            .iter()
            .filter(|a| pos.king_square(**a).is_some())
            .count()
            == 1
    })
}

/// The moves `army` may make in `pos` if it were to move, ignoring the die
/// and the game being decided. In divination mode: every move of every
/// piece (Kings may move into check, anything may move while in check).
/// Otherwise the King rules apply, and `exchange` is added when possible.
fn army_moves(pos: &Position, army: Army) -> Vec<Move> {
    // A frozen army never moves (not even `exchange`): its turns are skipped.
    // (Fix found by the cross-check with the engine: `exchange` used to make
    // a frozen army "able to move".)
    if pos.is_frozen(army) {
        return Vec::new();
    }
    let (king_moves, other) = pseudo_moves(pos, army);
    if pos.divination() {
        let mut all = king_moves;
        all.extend(other);
        return all;
    }
    let king_sq = pos.king_square(army);
    let check = king_sq.is_some_and(|sq| attacked(pos, sq, army));
    if check && !king_moves.is_empty() {
        return king_moves;
    }
    let mut all: Vec<Move> = if check {
        Vec::new()
    } else {
        king_moves
            .into_iter()
            .filter(|m| match m {
                Move::Step { to, .. } => !attacked(pos, *to, army),
                _ => true,
            })
            .collect()
    };
    all.extend(other);
    if exchange_possible(pos) {
        all.push(Move::Exchange);
    }
    all
}

/// Can `army` make a move (it is not frozen and has some legal move; in
/// divination mode, some move whatever the die)? Armies that cannot are
/// passed over.
pub fn army_can_move(pos: &Position, army: Army) -> bool {
    !army_moves(pos, army).is_empty()
}

/// Has one team lost both Kings?
fn decided(pos: &Position) -> Option<Team> {
    for team in [Team::RedYellow, Team::BlueBlack] {
        if team.armies().iter().all(|a| pos.king_square(*a).is_none()) {
            return Some(team.other());
        }
    }
    None
}

/// The legal moves of the army to move. In divination mode only the moves
/// allowed by the die (1: King, or pawn if the King cannot move or there is
/// no King; 2 Knight; 3 Bishop; 4 Queen; 5 Rook; 6 pawn), or the single
/// move `0000` if none. Empty when a team has lost both Kings or the army
/// to move cannot move (only when no army can).
pub fn legal_moves(pos: &Position) -> Vec<Move> {
    if decided(pos).is_some() {
        return Vec::new();
    }
    let army = pos.to_move;
    let all = army_moves(pos, army);
    let Some(die) = pos.die else { return all };
    if all.is_empty() {
        return all;
    }
    let kind_of = |m: &Move| -> Kind {
        match *m {
            Move::Step { from, partner, .. } => {
                let c = pos.at(from).expect("a move starts on a piece");
                match partner {
                    Some(_) => c.partner.expect("partner move from a shared throne").kind,
                    None => c.piece.kind,
                }
            }
            _ => unreachable!("divination moves are steps"),
        }
    };
    let of_kind =
        |k: Kind| -> Vec<Move> { all.iter().copied().filter(|m| kind_of(m) == k).collect() };
    let chosen = match die {
        1 => {
            let kings = of_kind(Kind::King);
            if kings.is_empty() {
                of_kind(Kind::Pawn)
            } else {
                kings
            }
        }
        2 => of_kind(Kind::Knight),
        3 => of_kind(Kind::Bishop),
        4 => of_kind(Kind::Queen),
        5 => of_kind(Kind::Rook),
        _ => of_kind(Kind::Pawn),
    };
    if chosen.is_empty() {
        vec![Move::Lost]
    } else {
        chosen
    }
}

/// The King of `army` has been taken: freeze it (dropping it from the
/// control field) and release what its King controlled; an army so
/// released without its own King freezes again.
fn king_taken(pos: &mut Position, army: Army) {
    pos.frozen[army.index()] = true;
    pos.controller[army.index()] = None;
    for other in Army::ALL {
        if pos.controller[other.index()] == Some(army) {
            pos.controller[other.index()] = None;
            if pos.king_square(other).is_none() {
                pos.frozen[other.index()] = true;
            }
        }
    }
}

/// Apply an exchange of prisoners: the Kingless armies unfreeze, and their
/// Kings come back in y, b, r, k order.
fn exchange(pos: &mut Position) {
    let returning: Vec<Army> = Army::ALL
        .iter()
        .copied()
        .filter(|a| pos.king_square(*a).is_none())
        .collect();
    for &a in &returning {
        pos.frozen[a.index()] = false;
    }
    for &a in &returning {
        let throne = a.throne();
        let square = if pos.at(throne).is_none() {
            throne
        } else {
            let mut empty: Vec<Square> = Square::all().filter(|s| pos.at(*s).is_none()).collect();
            empty.sort_by_key(|s| (s.distance(throne), s.index()));
            empty
                .iter()
                .copied()
                .find(|s| !attacked(pos, *s, a))
                .unwrap_or(empty[0])
        };
        pos.set(
            square,
            Some(Cell {
                army: a,
                piece: Piece::new(Kind::King),
                partner: None,
            }),
        );
    }
}

/// Plays `mv` (assumed legal) for the army to move, then passes the turn to
/// the next army in the cycle that can move. In divination mode that army
/// gets the die `next_roll` (1-6); in a normal game `next_roll` is ignored.
///
/// # Panics
/// In divination mode, if `next_roll` is not 1-6; if `mv` does not start on
/// a piece of the army to move.
pub fn play(pos: &Position, mv: &Move, next_roll: u8) -> Position {
    let mut p = pos.clone();
    let mover = pos.to_move;
    match *mv {
        Move::Lost => {}
        Move::Exchange => exchange(&mut p),
        Move::Step {
            from,
            to,
            partner,
            promotion,
        } => {
            let cell = p.at(from).expect("move from an empty square");
            assert_eq!(cell.army, mover, "move of a piece of another army");
            let was_privileged = privileged(&p, mover);
            let (moving, left) = match (partner, cell.partner) {
                (Some(_), Some(pp)) => (
                    pp,
                    Some(Cell {
                        partner: None,
                        ..cell
                    }),
                ),
                (None, Some(pp)) => (
                    cell.piece,
                    Some(Cell {
                        army: mover,
                        piece: pp,
                        partner: None,
                    }),
                ),
                (None, None) => (cell.piece, None),
                (Some(_), None) => panic!("partner move from a square without a partner"),
            };
            p.set(from, left);
            let taken = p.at(to);
            p.set(to, None);
            let mut placed = moving;
            if let Some(k) = promotion {
                if was_privileged {
                    demote(&mut p, mover, k);
                }
                placed = Piece::new(k);
            }
            p.set(
                to,
                Some(Cell {
                    army: mover,
                    piece: placed,
                    partner: None,
                }),
            );
            if let Some(t) = taken
                && t.piece.kind == Kind::King
            {
                king_taken(&mut p, t.army);
            }
            if moving.kind == Kind::King && to == mover.ally().throne() {
                let ally = mover.ally();
                p.controller[ally.index()] = Some(mover);
                p.frozen[ally.index()] = false;
            }
        }
    }
    if p.die.is_some() {
        assert!((1..=6).contains(&next_roll), "die roll must be 1-6");
        p.die = Some(next_roll);
    }
    let first = mover.next(p.clockwise);
    let mut a = first;
    p.to_move = first;
    for _ in 0..4 {
        if army_can_move(&p, a) {
            p.to_move = a;
            break;
        }
        a = a.next(p.clockwise);
    }
    p
}

/// A privileged pawn of `army` promotes to `kind`: an existing piece of that
/// kind in the army (on any square, a throne partner included) becomes a
/// pawn of that kind where it stands.
fn demote(pos: &mut Position, army: Army, kind: Kind) {
    for sq in Square::all() {
        let Some(mut c) = pos.at(sq) else { continue };
        if c.army != army {
            continue;
        }
        if c.piece.kind == kind {
            c.piece = Piece::pawn(kind);
            pos.set(sq, Some(c));
            return;
        }
        if let Some(pp) = c.partner
            && pp.kind == kind
        {
            c.partner = Some(Piece::pawn(kind));
            pos.set(sq, Some(c));
            return;
        }
    }
}

/// Status: a team wins when both enemy Kings have been taken; draws when
/// both Kings of one team are bare, when only the four bare Kings remain,
/// or when no army can move.
pub fn status(pos: &Position) -> Status {
    if let Some(t) = decided(pos) {
        return Status::Won(t);
    }
    for team in [Team::BlueBlack, Team::RedYellow] {
        let bare = team.armies().iter().all(|a| {
            let pieces = pos.pieces_of(*a);
            pieces.len() == 1 && pieces[0].kind == Kind::King
        });
        if bare {
            return Status::Draw;
        }
    }
    if !Army::ALL.iter().any(|a| army_can_move(pos, *a)) {
        return Status::Draw;
    }
    Status::Ongoing
}

/// Leaves below the move `mv` at `depth` further plies (`depth` counts the
/// plies after `mv`); in divination mode summed over the six rolls.
fn child_count(pos: &Position, mv: &Move, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if pos.divination() {
        (1..=6).map(|r| perft(&play(pos, mv, r), depth)).sum()
    } else {
        perft(&play(pos, mv, 1), depth)
    }
}

/// Counts move sequences of `depth` plies (one ply per move of the army to
/// move; skips are not plies); stops where a team has lost both Kings or no
/// army can move; ignores the draw rules. In divination mode the position's
/// die is used for the first ply and every later ply is summed over the six
/// rolls.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    legal_moves(pos)
        .iter()
        .map(|m| child_count(pos, m, depth - 1))
        .sum()
}

/// Perft split by first move: (move text, count), sorted by move text.
/// Empty at depth 0.
pub fn divide(pos: &Position, depth: u32) -> Vec<(String, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut v: Vec<(String, u64)> = legal_moves(pos)
        .iter()
        .map(|m| (m.to_string(), child_count(pos, m, depth - 1)))
        .collect();
    v.sort();
    v
}

/// The legal move whose text is `text`, if any.
pub fn find_move(pos: &Position, text: &str) -> Option<Move> {
    legal_moves(pos).into_iter().find(|m| m.to_string() == text)
}
