//! Movement patterns, attacks, move generation, playing moves, status.

use crate::position::{Body, BodyClass, Colour, Position, SoulClass, Square};
use std::fmt;

/// Rook directions.
const ORTHOGONAL: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
/// Bishop directions.
const DIAGONAL: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
/// King steps.
const KING_STEPS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];
/// Knight jumps.
const HORSE_JUMPS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// What a move does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MoveKind {
    /// Move kinds 1 and 2 (a figure goes or takes), with the optional Lord
    /// fetch of move kind 5. Text `e2e3`, `e1e2+h`.
    Figure {
        /// The square the figure leaves.
        from: Square,
        /// The square it goes to.
        to: Square,
        /// The body class a Lord fetches from the earth, if any.
        fetch: Option<BodyClass>,
    },
    /// Move kinds 3 and 4 (a soul goes alone or takes a soul), with the
    /// optional Priestess summon of move kind 6. Text `h~g1f3`, `h~g1e2xs`,
    /// `c~d1d5+e`, `c~d1d5xh+e`.
    Soul {
        /// The class of the soul that moves.
        soul: SoulClass,
        /// The square it leaves.
        from: Square,
        /// The square it goes to.
        to: Square,
        /// The soul it takes, if any.
        take: Option<SoulClass>,
        /// The soul a Priestess summons, if any.
        summon: Option<SoulClass>,
    },
    /// Move kind 7: the Soldier figure on `at` promotes. Text `p@e8`.
    Promote {
        /// The Soldier's square.
        at: Square,
    },
}

/// A move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// What the move does.
    pub kind: MoveKind,
}

impl Move {
    /// The square the moving figure or soul leaves (the promoting square for
    /// a promotion).
    pub fn from(&self) -> Square {
        match self.kind {
            MoveKind::Figure { from, .. } | MoveKind::Soul { from, .. } => from,
            MoveKind::Promote { at } => at,
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            MoveKind::Figure { from, to, fetch } => {
                write!(f, "{from}{to}")?;
                if let Some(b) = fetch {
                    write!(f, "+{}", b.letter().to_ascii_lowercase())?;
                }
                Ok(())
            }
            MoveKind::Soul {
                soul,
                from,
                to,
                take,
                summon,
            } => {
                write!(f, "{}~{from}{to}", soul.letter())?;
                if let Some(t) = take {
                    write!(f, "x{}", t.letter())?;
                }
                if let Some(s) = summon {
                    write!(f, "+{}", s.letter())?;
                }
                Ok(())
            }
            MoveKind::Promote { at } => write!(f, "p@{at}"),
        }
    }
}

/// The result of a position for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// The game goes on.
    Ongoing,
    /// The side to move is checkmated.
    Checkmate,
    /// The side to move is stalemated.
    Stalemate,
    /// Drawn by the quiet-move rule.
    QuietDraw,
    /// Drawn by the round limit.
    RoundLimitDraw,
}

fn push_unique(list: &mut Vec<Square>, sq: Square) {
    if !list.contains(&sq) {
        list.push(sq);
    }
}

/// Where the figure on `from` could go (empty squares) and take (squares
/// holding an enemy body): the union of the patterns of the souls it hosts.
/// Sliders stop at the first body. Returns `(goes, takes)`, without
/// duplicates. Legality is not considered.
pub fn figure_reach(pos: &Position, from: Square) -> (Vec<Square>, Vec<Square>) {
    let body = pos.at(from).expect("a figure on the square");
    let mut goes = Vec::new();
    let mut takes = Vec::new();
    // Sort one landing square into goes / takes (friendly bodies: neither).
    let land = |goes: &mut Vec<Square>, takes: &mut Vec<Square>, to: Square| match pos.at(to) {
        None => push_unique(goes, to),
        Some(other) if other.colour != body.colour => push_unique(takes, to),
        Some(_) => {}
    };
    for soul in body.hosted_classes() {
        match soul {
            SoulClass::Lord => {
                for (df, dr) in KING_STEPS {
                    if let Some(to) = from.offset(df, dr) {
                        land(&mut goes, &mut takes, to);
                    }
                }
            }
            SoulClass::Horse => {
                for (df, dr) in HORSE_JUMPS {
                    if let Some(to) = from.offset(df, dr) {
                        land(&mut goes, &mut takes, to);
                    }
                }
            }
            SoulClass::Chariot | SoulClass::Elephant => {
                let dirs = if soul == SoulClass::Chariot {
                    ORTHOGONAL
                } else {
                    DIAGONAL
                };
                for (df, dr) in dirs {
                    let mut cur = from;
                    while let Some(to) = cur.offset(df, dr) {
                        land(&mut goes, &mut takes, to);
                        if pos.at(to).is_some() {
                            break; // any body blocks a figure
                        }
                        cur = to;
                    }
                }
            }
            SoulClass::Soldier => {
                let fwd = body.colour.forward();
                if let Some(to) = from.offset(0, fwd)
                    && pos.at(to).is_none()
                {
                    push_unique(&mut goes, to);
                }
                for df in [-1, 1] {
                    if let Some(to) = from.offset(df, fwd)
                        && pos.at(to).is_some_and(|b| b.colour != body.colour)
                    {
                        push_unique(&mut takes, to);
                    }
                }
            }
        }
    }
    (goes, takes)
}

/// Where a soul of class `soul` leaving the body on `from` could go alone
/// (a body with room) and take a soul (a body hosting at least one soul).
/// `forward` is the colour of the body it leaves (for Soldier souls). Soul
/// paths are blocked only by squares hosting a soul. Returns `(goes, takes)`.
/// Neither the colour of the destination nor legality is considered.
pub fn soul_reach(
    pos: &Position,
    from: Square,
    soul: SoulClass,
    forward: Colour,
) -> (Vec<Square>, Vec<Square>) {
    let mut goes = Vec::new();
    let mut takes = Vec::new();
    let land = |goes: &mut Vec<Square>, takes: &mut Vec<Square>, to: Square| {
        if let Some(b) = pos.at(to) {
            if b.has_room() {
                push_unique(goes, to);
            }
            if b.soul_count() > 0 {
                push_unique(takes, to);
            }
        }
    };
    match soul {
        SoulClass::Lord => {
            for (df, dr) in KING_STEPS {
                if let Some(to) = from.offset(df, dr) {
                    land(&mut goes, &mut takes, to);
                }
            }
        }
        SoulClass::Horse => {
            for (df, dr) in HORSE_JUMPS {
                if let Some(to) = from.offset(df, dr) {
                    land(&mut goes, &mut takes, to);
                }
            }
        }
        SoulClass::Chariot | SoulClass::Elephant => {
            let dirs = if soul == SoulClass::Chariot {
                ORTHOGONAL
            } else {
                DIAGONAL
            };
            for (df, dr) in dirs {
                let mut cur = from;
                while let Some(to) = cur.offset(df, dr) {
                    land(&mut goes, &mut takes, to);
                    if pos.at(to).is_some_and(|b| b.soul_count() > 0) {
                        break; // only a square hosting a soul blocks a soul
                    }
                    cur = to;
                }
            }
        }
        SoulClass::Soldier => {
            let fwd = forward.forward();
            if let Some(to) = from.offset(0, fwd)
                && pos.at(to).is_some_and(|b| b.has_room())
            {
                push_unique(&mut goes, to);
            }
            for df in [-1, 1] {
                if let Some(to) = from.offset(df, fwd)
                    && pos.at(to).is_some_and(|b| b.soul_count() > 0)
                {
                    push_unique(&mut takes, to);
                }
            }
        }
    }
    (goes, takes)
}

/// The square of the body hosting `colour`'s Lord soul (the Lord soul in a
/// body of that colour).
pub fn lord_soul_square(pos: &Position, colour: Colour) -> Option<Square> {
    Square::all().find(|&sq| {
        pos.at(sq)
            .is_some_and(|b| b.colour == colour && b.hosts(SoulClass::Lord))
    })
}

/// Whether `colour`'s Lord soul is attacked: some figure of the opponent
/// could take the body hosting it, or some soul the opponent controls (other
/// than a Lord soul) could take a soul on that square. Legality of the
/// attacking move does not matter. A side without a Lord soul counts as
/// attacked (never happens in a valid position).
pub fn lord_soul_attacked(pos: &Position, colour: Colour) -> bool {
    let Some(target) = lord_soul_square(pos, colour) else {
        return true;
    };
    let enemy = colour.opponent();
    for sq in Square::all() {
        let Some(body) = pos.at(sq) else { continue };
        if body.colour != enemy {
            continue;
        }
        if body.is_figure() {
            let (_, takes) = figure_reach(pos, sq);
            if takes.contains(&target) {
                return true;
            }
        }
        for soul in body.hosted_classes() {
            if soul == SoulClass::Lord {
                continue; // it may not enter a body of the other colour
            }
            let (_, takes) = soul_reach(pos, sq, soul, enemy);
            if takes.contains(&target) {
                return true;
            }
        }
    }
    false
}

/// Whether the side to move's Lord soul is attacked.
pub fn in_check(pos: &Position) -> bool {
    lord_soul_attacked(pos, pos.side)
}

/// Every move of the side to move that follows the movement rules and the
/// explicit prohibitions (Lord soul into an enemy body, own Lord soul to the
/// underworld), before the check test.
pub fn candidate_moves(pos: &Position) -> Vec<Move> {
    let side = pos.side;
    let mut moves = Vec::new();
    // Fetchable / summonable classes: the pools before the move.
    let fetchable: Vec<BodyClass> = BodyClass::ALL
        .into_iter()
        .filter(|&b| b != BodyClass::Priestess && pos.earth[side.index()][b.index()] > 0)
        .collect();
    let summonable: Vec<SoulClass> = SoulClass::ALL
        .into_iter()
        .filter(|&s| pos.underworld[s.index()] > 0)
        .collect();
    for from in Square::all() {
        let Some(body) = pos.at(from) else { continue };
        if body.colour != side {
            continue;
        }
        // Move kinds 1, 2, 5 and 7: the body moves as a figure.
        if body.is_figure() {
            let (goes, takes) = figure_reach(pos, from);
            for to in goes.into_iter().chain(takes) {
                moves.push(Move {
                    kind: MoveKind::Figure {
                        from,
                        to,
                        fetch: None,
                    },
                });
                if body.class == BodyClass::Lord {
                    for &b in &fetchable {
                        moves.push(Move {
                            kind: MoveKind::Figure {
                                from,
                                to,
                                fetch: Some(b),
                            },
                        });
                    }
                }
            }
            if body.class == BodyClass::Soldier
                && from.rank == side.last_rank()
                && pos.earth[side.index()][BodyClass::Priestess.index()] > 0
            {
                moves.push(Move {
                    kind: MoveKind::Promote { at: from },
                });
            }
        }
        // Move kinds 3, 4 and 6: one hosted soul leaves.
        let summons: Vec<Option<SoulClass>> = if body.class == BodyClass::Priestess {
            std::iter::once(None)
                .chain(summonable.iter().map(|&s| Some(s)))
                .collect()
        } else {
            vec![None]
        };
        for soul in body.hosted_classes() {
            let (goes, takes) = soul_reach(pos, from, soul, body.colour);
            for to in goes {
                let dest = pos.at(to).expect("a body");
                if soul == SoulClass::Lord && dest.colour != side {
                    continue;
                }
                for &summon in &summons {
                    moves.push(Move {
                        kind: MoveKind::Soul {
                            soul,
                            from,
                            to,
                            take: None,
                            summon,
                        },
                    });
                }
            }
            for to in takes {
                let dest = pos.at(to).expect("a body");
                if soul == SoulClass::Lord && dest.colour != side {
                    continue;
                }
                for taken in dest.hosted_classes() {
                    if taken == SoulClass::Lord && dest.colour == side {
                        continue; // never send one's own Lord soul below
                    }
                    for &summon in &summons {
                        moves.push(Move {
                            kind: MoveKind::Soul {
                                soul,
                                from,
                                to,
                                take: Some(taken),
                                summon,
                            },
                        });
                    }
                }
            }
        }
    }
    moves
}

/// The position after `mv` (assumed to be a move of the side to move that
/// `legal_moves` could produce).
pub fn play(pos: &Position, mv: &Move) -> Position {
    let mut next = *pos;
    let side = pos.side;
    let resets_quiet = match mv.kind {
        MoveKind::Figure { from, to, fetch } => {
            let mover = pos.at(from).expect("a figure on the from square");
            let took = pos.at(to);
            if let Some(taken) = took {
                // The taken body goes to the earth, switching colour; its
                // souls go to the underworld.
                next.earth[taken.colour.opponent().index()][taken.class.index()] += 1;
                for s in SoulClass::ALL {
                    next.underworld[s.index()] += taken.souls[s.index()];
                }
            }
            next.set(to, Some(mover));
            next.set(from, None);
            if let Some(class) = fetch {
                next.earth[side.index()][class.index()] -= 1;
                next.set(from, Some(Body::lifeless(side, class)));
            }
            took.is_some() || mover.class == BodyClass::Soldier || fetch.is_some()
        }
        MoveKind::Soul {
            soul,
            from,
            to,
            take,
            summon,
        } => {
            next.body_mut(from).souls[soul.index()] -= 1;
            if let Some(t) = take {
                next.body_mut(to).souls[t.index()] -= 1;
                next.underworld[t.index()] += 1;
            }
            next.body_mut(to).souls[soul.index()] += 1;
            if let Some(s) = summon {
                next.underworld[s.index()] -= 1;
                next.body_mut(from).souls[s.index()] += 1;
            }
            take.is_some() || soul == SoulClass::Soldier || summon.is_some()
        }
        MoveKind::Promote { at } => {
            let soldier = pos.at(at).expect("a Soldier on the square");
            next.earth[soldier.colour.opponent().index()][BodyClass::Soldier.index()] += 1;
            for s in SoulClass::ALL {
                next.underworld[s.index()] += soldier.souls[s.index()];
            }
            next.earth[side.index()][BodyClass::Priestess.index()] -= 1;
            next.set(at, Some(Body::lifeless(side, BodyClass::Priestess)));
            true
        }
    };
    next.quiet = if resets_quiet {
        0
    } else {
        pos.quiet.saturating_add(1)
    };
    if side == Colour::Black {
        next.round = pos.round.saturating_add(1);
    }
    next.side = side.opponent();
    next
}

/// Every legal move of the side to move, sorted by move text.
pub fn legal_moves(pos: &Position) -> Vec<Move> {
    let mut moves = unsorted_legal_moves(pos);
    moves.sort_by_cached_key(|m| m.to_string());
    moves
}

/// The candidate moves that do not leave the mover's Lord soul attacked.
fn unsorted_legal_moves(pos: &Position) -> Vec<Move> {
    candidate_moves(pos)
        .into_iter()
        .filter(|m| !lord_soul_attacked(&play(pos, m), pos.side))
        .collect()
}

/// The legal move written `text`.
pub fn find_move(pos: &Position, text: &str) -> Result<Move, String> {
    let text = text.trim();
    legal_moves(pos)
        .into_iter()
        .find(|m| m.to_string() == text)
        .ok_or_else(|| format!("'{text}' is not a legal move in {pos}"))
}

/// Mate and stalemate first, then the quiet rule (64 plies), then the round
/// limit (ply 512 played, i.e. round 257 or later). Repetition needs history
/// and is left out.
pub fn status(pos: &Position) -> Status {
    if legal_moves(pos).is_empty() {
        if in_check(pos) {
            Status::Checkmate
        } else {
            Status::Stalemate
        }
    } else if pos.quiet >= 64 {
        Status::QuietDraw
    } else if pos.round >= 257 {
        Status::RoundLimitDraw
    } else {
        Status::Ongoing
    }
}

/// Number of leaf nodes of the legal move tree `depth` plies deep (draw
/// rules ignored).
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = unsorted_legal_moves(pos);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves.iter().map(|m| perft(&play(pos, m), depth - 1)).sum()
}

/// `perft` split by root move: (move text, count), sorted by move text.
pub fn divide(pos: &Position, depth: u32) -> Vec<(String, u64)> {
    let mut out: Vec<(String, u64)> = legal_moves(pos)
        .iter()
        .map(|m| (m.to_string(), perft(&play(pos, m), depth.saturating_sub(1))))
        .collect();
    out.sort();
    out
}
