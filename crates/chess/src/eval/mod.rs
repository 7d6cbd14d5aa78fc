//! Augur's chess evaluation: a tapered, hand-structured evaluation whose
//! score is linear in its weights, so a Texel tuner (`tools/tune`) can fit
//! them from game results.
//!
//! Every weight is a (middlegame, endgame) pair in the flat [`Weights`]
//! array, laid out by the constants of [`layout`]. White's middlegame and
//! endgame sums are blended by the [`phase`] (knight and bishop 1, rook 2,
//! queen 4, at most 24): `(mg * phase + eg * (24 - phase)) / 24`.
//!
//! The terms, by family:
//! - material: pawn to queen;
//! - psqt: a 64-square table per role, from each side's own point of view;
//! - mobility: one weight per (role, count) for knights, bishops, rooks and
//!   queens, counting attacked squares that hold no own piece and are not
//!   attacked by an enemy pawn;
//! - pawns: doubled, isolated, backward, supported and phalanx (the last two
//!   by rank);
//! - passed: passed pawns by rank, plus blocked and free-path bonuses and
//!   both kings' distances to the pawn's next square, by rank;
//! - king safety: pawn shield (one and two ranks ahead), open and half-open
//!   files next to the king, attacks on the king zone by attacker role, and
//!   safe checking squares by role;
//! - pieces: bishop pair, rooks on open and half-open files, knight and
//!   bishop outposts, pawn/minor/rook threats and hanging pieces;
//! - tempo: a bonus for the side to move.
//!
//! The evaluation is written once, in [`evaluate_traced`]; the runtime uses
//! it with [`NoTrace`], the tuner through [`linear_features`].

pub mod layout;
mod terms;
mod weights;

#[cfg(test)]
pub(crate) mod tests;

use augur_core::{EvalTerm, Evaluate};

use crate::moves::{Move, MoveKind};
use crate::nnue::NetworkRef;
use crate::position::Position;
use crate::types::{Color, Role};

pub use layout::{Family, NUM_WEIGHTS, weight_name};
pub use terms::{MAX_PHASE, NoTrace, Trace, evaluate_traced, phase, taper};
pub use weights::DEFAULT_WEIGHTS;

/// All evaluation weights: one (middlegame, endgame) pair per index of
/// [`layout`], in centipawns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    /// The pairs, indexed by the [`layout`] constants.
    pub pairs: [(i32, i32); NUM_WEIGHTS],
}

/// The weights the engine plays with.
static WEIGHTS: Weights = DEFAULT_WEIGHTS;

/// A position reduced to what the linear evaluation sees: its phase and,
/// for each weight used, White's count minus Black's count.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Features {
    /// The game phase, 0..=24.
    pub phase: i32,
    /// `(weight index, coefficient)` for every weight with a non-zero
    /// coefficient, in index order.
    pub terms: Vec<(u16, i16)>,
}

impl Features {
    /// The White-point-of-view evaluation with `weights`: exactly what
    /// [`evaluate_traced`] returns for the position.
    pub fn evaluate(&self, weights: &Weights) -> i32 {
        let (mut mg, mut eg) = (0, 0);
        for &(index, coefficient) in &self.terms {
            let (m, e) = weights.pairs[index as usize];
            mg += m * i32::from(coefficient);
            eg += e * i32::from(coefficient);
        }
        taper(mg, eg, self.phase)
    }
}

/// Records White's minus Black's count of each weight.
struct CoefficientTrace([i32; NUM_WEIGHTS]);

impl Trace for CoefficientTrace {
    #[inline(always)]
    fn add(&mut self, index: usize, color: Color, count: i32) {
        self.0[index] += match color {
            Color::White => count,
            Color::Black => -count,
        };
    }
}

/// The position's linear features: tapering `Σ coefficient × weight` with
/// the phase reproduces the White-point-of-view evaluation exactly.
pub fn linear_features(pos: &Position) -> Features {
    let mut trace = CoefficientTrace([0; NUM_WEIGHTS]);
    evaluate_traced(pos, &WEIGHTS, &mut trace);
    let terms = trace
        .0
        .iter()
        .enumerate()
        .filter(|&(_, &c)| c != 0)
        .map(|(i, &c)| {
            // Indices are below NUM_WEIGHTS (< 2^16); counts are at most a
            // few dozen per side.
            (i as u16, c.clamp(i16::MIN.into(), i16::MAX.into()) as i16)
        })
        .collect();
    Features {
        phase: phase(pos),
        terms,
    }
}

/// The evaluation from White's point of view with the engine's weights.
#[inline]
pub fn evaluate_white(pos: &Position) -> i32 {
    evaluate_traced(pos, &WEIGHTS, &mut NoTrace)
}

/// Sums the (mg, eg) value of each family for each side.
struct FamilyTrace<'a> {
    weights: &'a Weights,
    sums: [[(i32, i32); 2]; Family::ALL.len()],
}

impl Trace for FamilyTrace<'_> {
    fn add(&mut self, index: usize, color: Color, count: i32) {
        let (mg, eg) = self.weights.pairs[index];
        let sum = &mut self.sums[Family::of(index) as usize][color.index()];
        sum.0 += mg * count;
        sum.1 += eg * count;
    }
}

/// The evaluation split into families, tapered to centipawns, per side.
///
/// Each family's blended value is rounded so that the running total of
/// `first - second` always equals the truncated blend of the exact running
/// total: the values add up to the evaluation exactly, and each is within
/// one centipawn of its unrounded value.
pub fn eval_terms_with(pos: &Position, weights: &Weights) -> Vec<EvalTerm> {
    let mut trace = FamilyTrace {
        weights,
        sums: [[(0, 0); 2]; Family::ALL.len()],
    };
    evaluate_traced(pos, weights, &mut trace);
    let phase = phase(pos);
    let blend = |(mg, eg): (i32, i32)| mg * phase + eg * (MAX_PHASE - phase);
    let mut exact = 0; // The unrounded running total, times MAX_PHASE.
    let mut shown = 0; // The running total of the values shown.
    let mut step = |delta: i32| {
        exact += delta;
        let target = exact / MAX_PHASE;
        let value = target - shown;
        shown = target;
        value
    };
    Family::ALL
        .iter()
        .map(|&family| {
            let [white, black] = trace.sums[family as usize];
            let first = step(blend(white));
            let second = -step(-blend(black));
            EvalTerm {
                name: family.name(),
                first,
                second,
            }
        })
        .collect()
}

/// MVV-LVA victim values, pawn to king (a king is never captured).
const VICTIM: [i32; 6] = [1, 2, 3, 4, 5, 0];
/// Queen promotions come before every capture.
const QUEEN_PROMOTION: i32 = 1000;

impl Evaluate for Position {
    /// The network the position evaluates with.
    type Evaluator = NetworkRef;

    /// The position's network (`crate::nnue`).
    #[inline]
    fn evaluate(&self) -> i32 {
        self.network
            .evaluate(&self.accumulator, self.side, self.occupied().count())
    }

    fn evaluator(&self) -> NetworkRef {
        self.network
    }

    /// [`Position::set_network`].
    fn set_evaluator(&mut self, evaluator: &NetworkRef) {
        self.set_network(*evaluator);
    }

    /// The embedded network.
    fn default_evaluator() -> NetworkRef {
        crate::nnue::embedded_network()
    }

    /// A network file, checked and interned ([`crate::nnue::load_network`]).
    fn load_evaluator(path: &str) -> Result<NetworkRef, String> {
        crate::nnue::load_network(std::path::Path::new(path))
    }

    /// The tuned linear evaluation of this module.
    #[inline]
    fn evaluate_hand_written(&self) -> i32 {
        let white = evaluate_white(self);
        match self.side {
            Color::White => white,
            Color::Black => -white,
        }
    }

    fn eval_terms(&self) -> Vec<EvalTerm> {
        eval_terms_with(self, &WEIGHTS)
    }

    /// Captures: victim value × 16 − attacker role (PxQ 80 ... KxP 11, en
    /// passant 16). Queen promotions: 1000 plus the capture's victim value ×
    /// 16. Under-promotions: 1 to 3, below every capture.
    #[inline]
    fn see_at_least(&self, mv: Move, threshold: i32) -> bool {
        Position::see_at_least(self, mv, threshold)
    }

    /// The pawn structure: both colours' pawns, mixed.
    #[inline]
    fn correction_key(&self) -> Option<u64> {
        let white = self.pieces(Color::White, Role::Pawn).0;
        let black = self.pieces(Color::Black, Role::Pawn).0;
        let mixed = (white ^ black.rotate_left(32).wrapping_mul(0x9E37_79B9_7F4A_7C15))
            .wrapping_mul(0xBF58_476D_1CE4_E5B9);
        Some(mixed ^ (mixed >> 31))
    }

    /// The moving piece (colour and role) and the target square: 12 x 64
    /// keys.
    #[inline]
    fn continuation_key(&self, mv: Move) -> u16 {
        let piece = self.piece_at(mv.from()).map_or(0, |p| p.index());
        (piece * 64 + mv.to().index()) as u16
    }

    fn noisy_score(&self, mv: Move) -> Option<i32> {
        let attacker = self.piece_at(mv.from())?.role;
        let victim = self.piece_at(mv.to()).map(|p| p.role);
        match mv.kind() {
            MoveKind::Castling => None,
            MoveKind::EnPassant => Some(VICTIM[Role::Pawn.index()] * 16 - Role::Pawn as i32),
            MoveKind::Promotion => Some(match mv.promotion_role() {
                Some(Role::Queen) | None => {
                    QUEEN_PROMOTION + victim.map_or(0, |v| VICTIM[v.index()] * 16)
                }
                Some(Role::Knight) => 3,
                Some(Role::Rook) => 2,
                Some(_) => 1,
            }),
            MoveKind::Normal => victim.map(|v| VICTIM[v.index()] * 16 - attacker as i32),
        }
    }

    #[inline]
    fn has_non_pawn_material(&self) -> bool {
        let pieces = self.by_role(Role::Knight)
            | self.by_role(Role::Bishop)
            | self.by_role(Role::Rook)
            | self.by_role(Role::Queen);
        (pieces & self.by_color(self.side)).any()
    }

    #[inline]
    fn play_null(&self) -> Option<Self> {
        self.null_move()
    }
}
