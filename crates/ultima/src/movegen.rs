//! Moves: generation (slides, king steps and displacement, long leaper and
//! chameleon jumps), playing them with every capture they cause, and the
//! `augur_core::Game` implementation.

use augur_core::attacks::{KING_STEPS, between, king_attacks, queen_attacks, rook_attacks};
use augur_core::{
    Bitboard, Game, MoveError, MoveList, Outcome, PositionError, Square, Team, Termination,
};

use crate::position::Position;
use crate::types::{Color, Kind};
use crate::zobrist;

/// An Ultima move: from and to determine it and all it captures.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct UltimaMove(u16);

impl UltimaMove {
    /// The move from `from` to `to`.
    pub const fn new(from: Square, to: Square) -> Self {
        UltimaMove(from.index() as u16 | (to.index() as u16) << 6)
    }
    /// Origin.
    pub const fn from(self) -> Square {
        Square::new((self.0 & 63) as u8)
    }
    /// Destination.
    pub const fn to(self) -> Square {
        Square::new((self.0 >> 6 & 63) as u8)
    }
}

impl std::fmt::Debug for UltimaMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", self.from(), self.to())
    }
}

impl Position {
    /// Pseudo-legal moves (the mover's king may be left attacked).
    fn pseudo_moves(&self, out: &mut MoveList<UltimaMove>) {
        let us = self.side;
        let own = self.colors[us.index()];
        let enemy = self.colors[us.opponent().index()];
        let occupied = own | enemy;
        let movers = own & !self.frozen();
        for from in movers {
            let Some((_, kind)) = self.piece_at(from) else {
                continue;
            };
            let targets = match kind {
                Kind::King => king_attacks(from) & !own,
                Kind::Pincer => rook_attacks(from, occupied) & !occupied,
                _ => queen_attacks(from, occupied) & !occupied,
            };
            for to in targets {
                out.push(UltimaMove::new(from, to));
            }
            if matches!(kind, Kind::Leaper | Kind::Chameleon) {
                let jumpable = if kind == Kind::Leaper {
                    enemy
                } else {
                    enemy & self.kinds[Kind::Leaper.index()]
                };
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
        }
    }

    /// Every legal move.
    pub fn legal_moves(&self, out: &mut MoveList<UltimaMove>) {
        let mut pseudo = MoveList::new();
        self.pseudo_moves(&mut pseudo);
        for &mv in pseudo.iter() {
            if !self.play_move(mv).king_attacked(self.side) {
                out.push(mv);
            }
        }
    }

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
    pub fn play_move(&self, mv: UltimaMove) -> Position {
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

    /// The board drawn for people.
    pub fn diagram_text(&self) -> String {
        let mut out = String::new();
        for rank in (0..8u8).rev() {
            out.push_str(&format!("{} ", rank + 1));
            for file in 0..8u8 {
                let c = match self.piece_at(Square::new(rank * 8 + file)) {
                    Some((Color::White, k)) => k.letter().to_ascii_uppercase(),
                    Some((Color::Black, k)) => k.letter(),
                    None => '.',
                };
                out.push(c);
                out.push(' ');
            }
            out.push('\n');
        }
        out.push_str("  a b c d e f g h\n\n");
        out.push_str(&format!(
            "Position: {}\nKey: {:016X}",
            self.text(),
            self.hash
        ));
        out
    }
}

impl Game for Position {
    type Move = UltimaMove;
    const NAME: &'static str = "ultima";
    const PGN_VARIANT: Option<&'static str> = Some("ultima");
    const BENCH_POSITIONS: &'static [&'static str] = BENCH_POSITIONS;
    const BENCH_DEPTH: u32 = 6;

    fn startpos() -> Self {
        Position::from_text(crate::position::START).unwrap_or_else(|_| unreachable_start())
    }

    fn from_fen(text: &str) -> Result<Self, PositionError> {
        Position::from_text(text)
    }

    fn fen(&self) -> String {
        self.text()
    }

    fn parse_move(&self, text: &str) -> Result<UltimaMove, MoveError> {
        let syntax = || MoveError::Syntax(text.to_string());
        if !text.is_ascii() || text.len() != 4 {
            return Err(syntax());
        }
        let from = Square::parse(&text[..2]).ok_or_else(syntax)?;
        let to = Square::parse(&text[2..]).ok_or_else(syntax)?;
        let wanted = UltimaMove::new(from, to);
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        moves
            .iter()
            .copied()
            .find(|&m| m == wanted)
            .ok_or_else(|| MoveError::Illegal(text.to_string()))
    }

    fn move_text(&self, mv: UltimaMove) -> String {
        format!("{}{}", mv.from(), mv.to())
    }

    fn encode_move(mv: UltimaMove) -> u32 {
        u32::from(mv.0)
    }

    fn team(&self) -> Team {
        match self.side {
            Color::White => Team::First,
            Color::Black => Team::Second,
        }
    }

    fn diagram(&self) -> String {
        self.diagram_text()
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn recompute_hash(&self) -> u64 {
        Position::recompute_hash(self)
    }

    fn generate(&self, out: &mut MoveList<UltimaMove>) {
        self.legal_moves(out);
    }

    fn generate_noisy(&self, out: &mut MoveList<UltimaMove>) {
        let mut all = MoveList::new();
        self.legal_moves(&mut all);
        let before = self.occupied().count();
        for &mv in all.iter() {
            if self.play_move(mv).occupied().count() < before {
                out.push(mv);
            }
        }
    }

    fn play(&self, mv: UltimaMove) -> Option<Self> {
        Some(self.play_move(mv))
    }

    fn in_check(&self) -> bool {
        self.king_attacked(self.side)
    }

    fn reversible_plies(&self) -> u32 {
        u32::from(self.quiet_plies)
    }

    fn is_rule_draw(&self) -> bool {
        self.quiet_plies >= 100
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.count_moves() == 0 {
            return Some(if self.in_check() {
                Outcome::win(self.team().opponent(), Termination::Checkmate)
            } else {
                Outcome::draw(Termination::Stalemate)
            });
        }
        (self.quiet_plies >= 100).then_some(Outcome::draw(Termination::MoveRule))
    }
}

/// The start string is a constant that parses; this is never reached.
fn unreachable_start() -> Position {
    Position::from_text("k7/8/8/8/8/8/8/K7 w 0").unwrap_or_else(|_| std::process::abort())
}

/// The positions `bench` searches: the start and the rules' capture diagrams.
pub const BENCH_POSITIONS: &[&str] = &[
    "rnbkqbnm/pppppppp/8/8/8/8/PPPPPPPP/MNBQKBNR w 0",
    "rnbkqbnm/pppppppp/8/8/4P3/8/PPPP1PPP/MNBQKBNR b 1",
    "7k/5ppp/2N5/2n5/3rB3/8/PPP5/K7 w 0",
    "8/2b4K/2q5/3p1N1p/8/8/2R5/k7 w 0",
    "2n4k/3r4/5b2/3p4/1m6/3b4/3N4/K7 b 0",
    "7k/8/8/3Qr3/8/8/8/K7 w 0",
    "7k/8/8/r3pP2/2n5/8/B7/K7 b 0",
];
