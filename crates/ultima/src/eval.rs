//! The static evaluation of an Ultima position, in centipawns (a pincer is
//! 100), and the searcher's hints: capture ordering, null moves.
//!
//! Terms, each computed for both sides and scored White minus Black:
//! - material: the piece values below (the king is not counted);
//! - mobility: empty squares each unfrozen piece (not the king) could slide
//!   to, from attack-table popcounts (no move generation);
//! - immobilization: enemy pieces frozen (by our immobilizer, or an enemy
//!   immobilizer frozen by our chameleon), a share of their value each; our
//!   own frozen pieces count the same against us, as the enemy's credit;
//! - king safety: enemy unfrozen attackers (withdrawers, coordinators,
//!   leapers, chameleons, pincers) in the king's 5x5 zone, more when
//!   adjacent; enemy leapers lined up with the king; the two kings on one
//!   rank or file while the enemy has an unfrozen coordinator;
//! - tempo: a small bonus for the side to move.
//!
//! Nothing here allocates except [`Evaluate::eval_terms`]'s list.

use augur_core::attacks::{king_attacks, queen_attacks, rook_attacks};
use augur_core::{Bitboard, EvalTerm, Evaluate, Square};

use crate::moves::UltimaMove;
use crate::position::Position;
use crate::types::{Color, Kind};
use crate::zobrist;

/// Piece values by [`Kind`] index (king, withdrawer, coordinator, leaper,
/// chameleon, pincer, immobilizer). The king is not counted (both sides
/// always have one).
/// - Pincer 100: the unit; a rook-mover that captures only by custodial
///   attack, needing a second piece.
/// - Withdrawer 450: moves like a queen and captures any adjacent enemy
///   simply by stepping away, the most direct attacker on the board.
/// - Coordinator 400: a queen-mover whose captures need its own king as the
///   far corner, so it is strong but tied to the king's placement.
/// - Long leaper 375: captures whole lines of pieces but needs empty squares
///   behind its victims, so it is at its best in open positions and weaker
///   in the crowded opening.
/// - Chameleon 400: captures only the kinds it meets (never chameleons or
///   immobilizers), worth less as enemy material thins, but it gives check
///   by touching the king and neutralises the enemy immobilizer.
/// - Immobilizer 600: captures nothing, yet freezes every enemy piece it
///   touches; it shapes the whole game and is the hardest piece to replace.
///
/// The numbers above were the hand-set start; the values used are fitted to
/// the results of 59,583 positions from 600 Augur self-play games
/// (`augur-tune-ultima-material`, pincer fixed at 100), which kept the
/// ordering but raised the immobilizer and the long leaper.
pub const PIECE_VALUES: [i32; 7] = [0, 386, 389, 487, 431, 100, 845];

/// Value of a king for capture ordering only (legal play never takes one).
const KING_CAPTURE_VALUE: i32 = 2000;

/// Centipawns per empty square an unfrozen piece of each kind could slide to
/// (king not counted).
const MOBILITY: [i32; 7] = [0, 2, 2, 2, 2, 1, 3];

/// Value of an enemy piece being frozen, by kind: about a quarter of its
/// material (it is out of play, but can be freed); a frozen king cannot
/// step out of danger.
const FROZEN: [i32; 7] = [60, 110, 100, 95, 100, 25, 150];

/// Penalty per enemy unfrozen piece of each kind in the king's 5x5 zone.
const KING_ZONE: [i32; 7] = [0, 12, 10, 10, 12, 6, 0];
/// Extra penalty when that piece touches the king (a touching withdrawer
/// with room behind it, or a touching chameleon, gives check).
const KING_ADJACENT: [i32; 7] = [0, 20, 5, 10, 30, 8, 0];
/// Penalty per enemy unfrozen leaper on a line (rank, file, diagonal)
/// through the king, blocked or not: leapers jump.
const LEAPER_LINED_UP: i32 = 8;
/// Penalty when the kings share a rank or file and the enemy has an unfrozen
/// coordinator: any coordinator move onto our king's other line captures it.
const KINGS_ALIGNED_COORDINATOR: i32 = 30;

/// Bonus for the side to move.
pub const TEMPO: i32 = 10;

const TERM_NAMES: [&str; 5] = [
    "material",
    "mobility",
    "immobilization",
    "king safety",
    "tempo",
];

/// The squares within one king step of `set` (the set included).
#[inline(always)]
fn dilate(set: Bitboard) -> Bitboard {
    let row = set | set.east() | set.west();
    row | row.north() | row.south()
}

/// The squares on any line through `square` (itself excluded).
#[inline(always)]
fn lines_through(square: Square) -> Bitboard {
    queen_attacks(square, Bitboard::EMPTY)
}

impl Position {
    /// Material of one side (king excluded).
    #[inline]
    fn material(&self, color: Color) -> i32 {
        let own = self.colors[color.index()];
        (1..7)
            .map(|k| (self.kinds[k] & own).count() as i32 * PIECE_VALUES[k])
            .sum()
    }

    /// Material only, from the side to move's point of view (for a
    /// "material only" evaluation).
    pub fn material_balance(&self) -> i32 {
        let us = self.side;
        self.material(us) - self.material(us.opponent())
    }

    /// Mobility of one side's unfrozen pieces (king excluded).
    #[inline]
    fn mobility(&self, color: Color, frozen: Bitboard) -> i32 {
        let occupied = self.occupied();
        let movers = self.colors[color.index()] & !frozen;
        let mut score = 0;
        for kind in [
            Kind::Withdrawer,
            Kind::Coordinator,
            Kind::Leaper,
            Kind::Chameleon,
            Kind::Immobilizer,
        ] {
            for square in movers & self.kinds[kind.index()] {
                score += (queen_attacks(square, occupied) & !occupied).count() as i32
                    * MOBILITY[kind.index()];
            }
        }
        for square in movers & self.kinds[Kind::Pincer.index()] {
            score += (rook_attacks(square, occupied) & !occupied).count() as i32
                * MOBILITY[Kind::Pincer.index()];
        }
        score
    }

    /// The credit `color` gets for the enemy's frozen pieces.
    #[inline]
    fn immobilization(&self, color: Color, frozen: Bitboard) -> i32 {
        let victims = frozen & self.colors[color.opponent().index()];
        (0..7)
            .map(|k| (self.kinds[k] & victims).count() as i32 * FROZEN[k])
            .sum()
    }

    /// The danger to `color`'s king, as a positive penalty.
    #[inline]
    fn king_danger(&self, color: Color, frozen: Bitboard) -> i32 {
        let Some(king) = self.king_square(color) else {
            return 0;
        };
        let enemy = color.opponent();
        let attackers = self.colors[enemy.index()] & !frozen;
        let near = king_attacks(king);
        let zone = dilate(near);
        let mut penalty = 0;
        for kind in [
            Kind::Withdrawer,
            Kind::Coordinator,
            Kind::Leaper,
            Kind::Chameleon,
            Kind::Pincer,
        ] {
            let ours = attackers & self.kinds[kind.index()];
            penalty += (ours & zone).count() as i32 * KING_ZONE[kind.index()]
                + (ours & near).count() as i32 * KING_ADJACENT[kind.index()];
        }
        let leapers = attackers & self.kinds[Kind::Leaper.index()];
        penalty += (leapers & lines_through(king)).count() as i32 * LEAPER_LINED_UP;
        if (attackers & self.kinds[Kind::Coordinator.index()]).any()
            && let Some(enemy_king) = self.king_square(enemy)
            && (enemy_king.rank() == king.rank() || enemy_king.file() == king.file())
        {
            penalty += KINGS_ALIGNED_COORDINATOR;
        }
        penalty
    }

    /// Every term as `[white, black]`, in [`TERM_NAMES`] order; the sum of
    /// `white - black` is the evaluation from White's point of view.
    fn term_values(&self) -> [[i32; 2]; 5] {
        let frozen = self.frozen();
        let both = |f: &dyn Fn(Color) -> i32| [f(Color::White), f(Color::Black)];
        let tempo = match self.side {
            Color::White => [TEMPO, 0],
            Color::Black => [0, TEMPO],
        };
        [
            both(&|c| self.material(c)),
            both(&|c| self.mobility(c, frozen)),
            both(&|c| self.immobilization(c, frozen)),
            both(&|c| -self.king_danger(c, frozen)),
            tempo,
        ]
    }

    /// The evaluation from White's point of view.
    fn evaluate_white(&self) -> i32 {
        self.term_values().iter().map(|[w, b]| w - b).sum()
    }
}

impl Evaluate for Position {
    /// One evaluation, nothing to choose.
    type Evaluator = ();

    fn evaluate(&self) -> i32 {
        let white = self.evaluate_white();
        match self.side {
            Color::White => white,
            Color::Black => -white,
        }
    }

    fn eval_terms(&self) -> Vec<EvalTerm> {
        TERM_NAMES
            .iter()
            .zip(self.term_values())
            .map(|(&name, [first, second])| EvalTerm {
                name,
                first,
                second,
            })
            .collect()
    }

    /// Captures: the material value of everything the move takes (a move
    /// may take several pieces); quiet moves: `None`.
    fn noisy_score(&self, mv: UltimaMove) -> Option<i32> {
        let captured = self.captured_by(mv);
        captured.any().then(|| {
            captured
                .into_iter()
                .filter_map(|square| self.piece_at(square))
                .map(|(_, kind)| match kind {
                    Kind::King => KING_CAPTURE_VALUE,
                    _ => PIECE_VALUES[kind.index()],
                })
                .sum()
        })
    }

    fn evaluate_material(&self) -> i32 {
        self.material_balance()
    }

    fn has_non_pawn_material(&self) -> bool {
        let pieces = self.kinds[Kind::Withdrawer.index()]
            | self.kinds[Kind::Coordinator.index()]
            | self.kinds[Kind::Leaper.index()]
            | self.kinds[Kind::Chameleon.index()]
            | self.kinds[Kind::Immobilizer.index()];
        (pieces & self.colors[self.side.index()]).any()
    }

    fn play_null(&self) -> Option<Self> {
        if self.king_attacked(self.side) {
            return None;
        }
        let mut next = *self;
        next.side = self.side.opponent();
        next.hash ^= zobrist::black_to_move();
        next.plies = next.plies.saturating_add(1);
        next.quiet_plies = next.quiet_plies.saturating_add(1);
        Some(next)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::START;
    use augur_core::{Game, MoveList};

    fn position(text: &str) -> Position {
        Position::read_text(text).expect("valid position")
    }

    /// The position turned 180 degrees with the colours and the side to
    /// move swapped, built through the position string.
    fn rotated(p: &Position) -> Position {
        let text = p.write_text();
        let mut fields = text.split_whitespace();
        let board = fields.next().expect("board");
        let side = fields.next().expect("side");
        let plies = fields.next().expect("plies");
        let swapped: String = board
            .chars()
            .rev()
            .map(|c| {
                if c.is_ascii_uppercase() {
                    c.to_ascii_lowercase()
                } else {
                    c.to_ascii_uppercase()
                }
            })
            .collect();
        let side = if side == "w" { "b" } else { "w" };
        position(&format!("{swapped} {side} {plies}"))
    }

    const SAMPLES: [&str; 7] = [
        START,
        "rnbk1bnm/pppppppp/8/8/8/8/PPPPPPPP/MNBQKBNR w 0",
        "4k3/8/8/3p4/3Q4/8/8/4K3 w 0",
        "r2kqbnm/ppp1pppp/3p4/2n5/4B3/1M3P2/PPPP2PP/1N1QK1NR b 7",
        "3k4/2pMp3/3b4/8/1q6/5N2/4R3/2K5 w 20",
        "m2k3r/1p3p2/8/2QN4/8/4b3/5B2/4K2M b 31",
        // Attackers by the white king; kings on one file with a white
        // coordinator.
        "4k3/8/8/8/8/8/PP1qn3/R3K3 w 0",
    ];

    #[test]
    fn colour_symmetry() {
        for text in SAMPLES {
            let p = position(text);
            let r = rotated(&p);
            assert_eq!(p.evaluate(), r.evaluate(), "{text} vs {}", r.write_text());
            assert_eq!(p.material_balance(), r.material_balance(), "{text}");
        }
    }

    #[test]
    fn start_position_is_the_tempo_bonus() {
        let p = position(START);
        assert_eq!(p.evaluate(), TEMPO);
        assert_eq!(p.material_balance(), 0);
        assert_eq!(Position::startpos().evaluate(), TEMPO);
    }

    #[test]
    fn extra_withdrawer_is_worth_a_lot() {
        let white_up = position("rnbk1bnm/pppppppp/8/8/8/8/PPPPPPPP/MNBQKBNR w 0");
        assert!(white_up.evaluate() > 300, "{}", white_up.evaluate());
        assert_eq!(white_up.material_balance(), PIECE_VALUES[1]);
        let black_to_move = position("rnbk1bnm/pppppppp/8/8/8/8/PPPPPPPP/MNBQKBNR b 0");
        assert!(black_to_move.evaluate() < -300);
        assert_eq!(black_to_move.material_balance(), -PIECE_VALUES[1]);
    }

    #[test]
    fn king_safety_sees_attackers_and_aligned_kings() {
        let p = position("4k3/8/8/8/8/8/PP1qn3/R3K3 w 0");
        let white = p.king_danger(Color::White, p.frozen());
        let black = p.king_danger(Color::Black, p.frozen());
        assert_eq!(
            white,
            KING_ZONE[1] + KING_ADJACENT[1] + KING_ZONE[3] + KING_ADJACENT[3] + LEAPER_LINED_UP
        );
        assert_eq!(black, KINGS_ALIGNED_COORDINATOR);
    }

    #[test]
    fn terms_sum_to_the_evaluation() {
        for text in SAMPLES {
            let p = position(text);
            let terms = p.eval_terms();
            assert_eq!(terms.len(), 5);
            let white: i32 = terms.iter().map(|t| t.first - t.second).sum();
            let expected = match p.side_to_move() {
                Color::White => p.evaluate(),
                Color::Black => -p.evaluate(),
            };
            assert_eq!(white, expected, "{text}: {terms:?}");
        }
    }

    #[test]
    fn noisy_score_marks_captures_only() {
        let p = position("4k3/8/8/3p4/3Q4/8/8/4K3 w 0");
        let d4 = Square::parse("d4").expect("square");
        let mv = |to: &str| UltimaMove::new(d4, Square::parse(to).expect("square"));
        // Stepping away from the pincer on d5 withdraws it.
        assert_eq!(p.noisy_score(mv("d3")), Some(PIECE_VALUES[5]));
        assert_eq!(p.noisy_score(mv("d1")), Some(PIECE_VALUES[5]));
        assert_eq!(p.noisy_score(mv("c4")), None);
        assert_eq!(p.noisy_score(mv("e3")), None);
        let mut moves = MoveList::new();
        Position::startpos().generate(&mut moves);
        assert!(!moves.is_empty());
        for &m in moves.iter() {
            assert_eq!(Position::startpos().noisy_score(m), None, "{m:?}");
        }
        // A bigger victim scores higher.
        let q = position("4k3/8/8/3m4/3Q4/8/8/4K3 w 0");
        assert!(q.noisy_score(mv("d3")) > p.noisy_score(mv("d3")));
    }

    #[test]
    fn non_pawn_material() {
        assert!(position(START).has_non_pawn_material());
        let bare = position("4k3/pppp4/8/8/8/8/8/Q3K3 b 0");
        assert!(!bare.has_non_pawn_material());
        let white = position("4k3/pppp4/8/8/8/8/8/Q3K3 w 0");
        assert!(white.has_non_pawn_material());
    }

    #[test]
    fn null_move_flips_the_side_and_keeps_the_key() {
        let p = Position::startpos();
        let null = p.play_null().expect("not in check");
        assert_eq!(null.side_to_move(), Color::Black);
        assert_eq!(Game::hash(&null), Game::recompute_hash(&null));
        assert_ne!(Game::hash(&null), Game::hash(&p));
        assert_eq!(null.plies, p.plies + 1);
        assert_eq!(null.quiet_plies, p.quiet_plies + 1);
        let back = null.play_null().expect("not in check");
        assert_eq!(Game::hash(&back), Game::hash(&p));
        assert_eq!(Game::hash(&back), Game::recompute_hash(&back));
        // An unfrozen black chameleon touching the white king: in check.
        let checked = position("3k4/8/8/8/8/8/4b3/4K3 w 0");
        assert!(checked.in_check());
        assert!(checked.play_null().is_none());
    }
}
