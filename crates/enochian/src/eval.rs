//! The static evaluation, linear in named features per team (so the tuner
//! can fit every weight to Augur's own games): material of each army (the
//! King stands for its army's life; a frozen army's pieces count apart,
//! since a throne seizure or an exchange can revive them), pawns on their
//! way to their own army's promotion line, mobility (the Queen here is a
//! short leaper), King exposure in a game where Kings are taken, the pull
//! of a frozen ally's throne, and the tempo. Divination games have weights
//! of their own and one more feature: what the army to move can expect to
//! take with the roll to come.

use crate::moves::EnochianMove;
use crate::position::Position;
use crate::tables::queen_leaps;
use crate::types::{Army, Kind, team_armies};
use augur_core::attacks::{bishop_attacks, king_attacks, knight_attacks, rook_attacks};
use augur_core::{Bitboard, Color, EvalTerm, Evaluate, Game, Square};

/// The number of evaluation features.
pub const EVAL_FEATURES: usize = 20;

/// What each feature counts, for one team (its two armies).
pub const EVAL_NAMES: [&str; EVAL_FEATURES] = [
    "King (army alive)",
    "Queen",
    "Rook",
    "Bishop",
    "Knight",
    "pawn",
    "frozen Queen",
    "frozen Rook",
    "frozen Bishop",
    "frozen Knight",
    "frozen pawn",
    "pawn progress (steps, weighted)",
    "Queen mobility (squares)",
    "Rook mobility (squares)",
    "Bishop mobility (squares)",
    "Knight mobility (squares)",
    "King zone squares attacked",
    "King attacked",
    "frozen ally's throne within reach",
    "best take of the roll to come (divination, team to move, 10 cp)",
];

/// The first eleven features are material (`Material Only` uses them alone).
pub const MATERIAL_FEATURES: usize = 11;

/// The weight of each feature in centipawns, fitted by
/// `augur-tune-enochian-eval` to 109,924 positions of 4,000 self-play games
/// at 4,000 nodes per move (mean squared error 0.0865 -> 0.0842), from
/// hand-set starting weights (King 1500, Queen 270 as a two-square leaper,
/// Rook 520, Bishop 350, Knight 320, pawn 100, frozen pieces a quarter).
/// In the arena the fitted weights beat the hand-set ones +57 =8 -35 over
/// 100 games at 2+0.05 per army (61.0%, +78 +/- 68 Elo). The King's
/// weight stays at its start: positions with a King missing are few.
pub const EVAL_WEIGHTS: [i32; EVAL_FEATURES] = [
    1500, 216, 580, 283, 311, 100, 27, 114, 107, 107, 88, 9, 11, 7, 11, 19, 0, -181, 6, 0,
];

/// The weights in divination games, fitted by `augur-tune-enochian-eval`
/// from [`EVAL_WEIGHTS`] to 538,559 positions (each with its roll still to
/// come, as chance nodes meet them) of 16,000 divination self-play games
/// at 8,000 nodes per move, played while divination still used
/// [`EVAL_WEIGHTS`] (mean squared error 0.2029 -> 0.2001):
/// ```sh
/// cargo run --release -p augur-selfplay -- --variant enochian --divination --games 16000 --nodes 8000 --seed 7 --out target/enochian-divination-selfplay.txt
/// cargo run --release -p augur-tune --bin augur-tune-enochian-eval -- target/enochian-divination-selfplay.txt
/// ```
/// With dice a King left attacked is taken whenever the attacker's roll
/// comes, so its penalty nearly doubles; the Queen, which a roll of 4
/// alone moves, counts less; and the best take each roll to come allows
/// (`roll_threat.rs`) counts about at its value.
pub const DIVINATION_WEIGHTS: [i32; EVAL_FEATURES] = [
    1448, 155, 558, 271, 303, 100, 61, 116, 155, 71, 98, 9, 22, 6, 13, 14, -4, -327, 0, 11,
];

/// Centipawn values of King, Queen, Rook, Bishop, Knight and pawn for move
/// ordering (the first six weights).
pub const PIECE_VALUES: [i32; 6] = [
    EVAL_WEIGHTS[0],
    EVAL_WEIGHTS[1],
    EVAL_WEIGHTS[2],
    EVAL_WEIGHTS[3],
    EVAL_WEIGHTS[4],
    EVAL_WEIGHTS[5],
];

const TEMPO: i32 = 12;

/// The squares `army`'s `pawns` take on (each army's forward step plus
/// one sideways), shifted as one set.
#[inline(always)]
pub(crate) fn pawn_attacks(army: Army, pawns: Bitboard) -> Bitboard {
    match army {
        Army::Yellow => {
            let ahead = pawns.south();
            ahead.east() | ahead.west()
        }
        Army::Red => {
            let ahead = pawns.north();
            ahead.east() | ahead.west()
        }
        Army::Blue => {
            let ahead = pawns.west();
            ahead.north() | ahead.south()
        }
        Army::Black => {
            let ahead = pawns.east();
            ahead.north() | ahead.south()
        }
    }
}

/// The squares `pieces` attack (each attacking `targets(square)`) and
/// their mobility: each piece's attacked squares within `not_own`,
/// summed. It accumulates in locals, which stay in registers.
#[inline(always)]
fn kind_reach(
    pieces: Bitboard,
    not_own: Bitboard,
    targets: impl Fn(Square) -> Bitboard,
) -> (Bitboard, i32) {
    let mut attacks = Bitboard::EMPTY;
    let mut mobility = 0;
    for square in pieces {
        let reached = targets(square);
        attacks |= reached;
        mobility += (reached & not_own).count();
    }
    (attacks, mobility as i32)
}

/// The lines on which a pawn of `army` has come 0, 1, ... 7 steps (ranks
/// for Yellow and Red, files for Blue and Black).
const fn progress_lines(army: Army) -> [Bitboard; 8] {
    let mut lines = [Bitboard::EMPTY; 8];
    let mut steps = 0;
    while steps < 8 {
        lines[steps as usize] = match army {
            Army::Yellow => Bitboard::rank(7 - steps),
            Army::Blue => Bitboard::file(7 - steps),
            Army::Red => Bitboard::rank(steps),
            Army::Black => Bitboard::file(steps),
        };
        steps += 1;
    }
    lines
}

/// [`progress_lines`] of each army, in [`Army::index`] order.
const PROGRESS_LINES: [[Bitboard; 8]; 4] = [
    progress_lines(Army::ALL[0]),
    progress_lines(Army::ALL[1]),
    progress_lines(Army::ALL[2]),
    progress_lines(Army::ALL[3]),
];

/// What one army's pieces reach: every square they attack, and the
/// mobility (squares not held by the army) of its Queens, Rooks, Bishops
/// and Knights.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct ArmyReach {
    pub attacks: Bitboard,
    pub mobility: [i32; 4],
}
/// Pawn progress weight by steps taken towards the promotion line.
const PAWN_STEP: [i32; 8] = [0, 0, 1, 2, 4, 6, 10, 0];

impl Position {
    /// The value of `army`'s pieces at the material weights (King included).
    pub fn army_material(&self, army: Army) -> i32 {
        Kind::ALL
            .iter()
            .map(|&k| self.pieces(army, k).count() as i32 * PIECE_VALUES[k.index()])
            .sum()
    }

    /// What each army's pieces reach over the board's occupancy: the
    /// squares they attack and each kind's mobility (nothing for a frozen
    /// army, which neither moves nor attacks).
    fn army_reaches(&self) -> [ArmyReach; 4] {
        let occupied = self.occupied();
        Army::ALL.map(|army| self.army_reach(army, occupied))
    }

    /// What `army`'s pieces reach over `occupied` (see [`ArmyReach`]).
    pub(crate) fn army_reach(&self, army: Army, occupied: Bitboard) -> ArmyReach {
        if self.is_frozen(army) {
            return ArmyReach::default();
        }
        let not_own = !self.armies[army.index()];
        let (queens, queen_mobility) =
            kind_reach(self.pieces(army, Kind::Queen), not_own, queen_leaps);
        let (rooks, rook_mobility) = kind_reach(self.pieces(army, Kind::Rook), not_own, |sq| {
            rook_attacks(sq, occupied)
        });
        let (bishops, bishop_mobility) =
            kind_reach(self.pieces(army, Kind::Bishop), not_own, |sq| {
                bishop_attacks(sq, occupied)
            });
        let (knights, knight_mobility) =
            kind_reach(self.pieces(army, Kind::Knight), not_own, knight_attacks);
        let (kings, _) = kind_reach(self.pieces(army, Kind::King), not_own, king_attacks);
        ArmyReach {
            attacks: pawn_attacks(army, self.pieces(army, Kind::Pawn))
                | kings
                | queens
                | rooks
                | bishops
                | knights,
            mobility: [
                queen_mobility,
                rook_mobility,
                bishop_mobility,
                knight_mobility,
            ],
        }
    }

    /// The features of one army, added into `f`; `positional` (the army's
    /// reach and what the other team attacks) is `None` for the material
    /// only, which skips the positional features.
    fn army_features(
        &self,
        army: Army,
        positional: Option<(&ArmyReach, Bitboard)>,
        f: &mut [i32; EVAL_FEATURES],
    ) {
        let count = |k: Kind| self.pieces(army, k).count() as i32;
        if self.is_frozen(army) {
            for (i, kind) in Kind::ALL[1..].iter().enumerate() {
                f[6 + i] += count(*kind);
            }
            return;
        }
        for kind in Kind::ALL {
            f[kind.index()] += count(kind);
        }
        let Some((reach, enemy_attacks)) = positional else {
            return;
        };
        let pawns = self.pieces(army, Kind::Pawn);
        for (step, line) in PAWN_STEP.iter().zip(PROGRESS_LINES[army.index()]) {
            f[11] += step * (pawns & line).count() as i32;
        }
        for (i, mobility) in reach.mobility.iter().enumerate() {
            f[12 + i] += mobility;
        }
        if let Some(king) = self.king(army) {
            f[16] += (king_attacks(king) & enemy_attacks).count() as i32;
            f[17] += i32::from(enemy_attacks.contains(king));
            let ally = army.ally();
            if self.is_frozen(ally) {
                let prize = self.army_material(ally);
                let distance = king.distance(ally.throne()) as i32;
                f[18] += prize / (4 + 2 * distance) / 10;
            }
        }
    }

    /// The features of `team` into a fresh array; `reaches` (every army's,
    /// see [`Self::army_reaches`]) is `None` for the material only.
    fn team_features(&self, team: Color, reaches: Option<&[ArmyReach; 4]>) -> [i32; EVAL_FEATURES] {
        let mut f = [0; EVAL_FEATURES];
        let enemy_attacks = reaches.map(|reaches| {
            team_armies(team.opponent())
                .iter()
                .fold(Bitboard::EMPTY, |map, army| {
                    map | reaches[army.index()].attacks
                })
        });
        for army in team_armies(team) {
            let positional = reaches
                .zip(enemy_attacks)
                .map(|(r, e)| (&r[army.index()], e));
            self.army_features(army, positional, &mut f);
        }
        if self.die.divination()
            && team == self.team()
            && let Some(defended) = enemy_attacks
        {
            f[19] = self.roll_threat(defended);
        }
        f
    }

    /// The evaluation features of `team` (its two armies together).
    pub fn eval_features(&self, team: Color) -> [i32; EVAL_FEATURES] {
        self.team_features(team, Some(&self.army_reaches()))
    }

    /// The weights for this game: [`DIVINATION_WEIGHTS`] with dice, else
    /// [`EVAL_WEIGHTS`].
    pub fn eval_weights(&self) -> &'static [i32; EVAL_FEATURES] {
        if self.die.divination() {
            &DIVINATION_WEIGHTS
        } else {
            &EVAL_WEIGHTS
        }
    }

    fn score(&self, material_only: bool) -> i32 {
        let us = self.team();
        let reaches = (!material_only).then(|| self.army_reaches());
        let ours = self.team_features(us, reaches.as_ref());
        let theirs = self.team_features(us.opponent(), reaches.as_ref());
        let weights = self.eval_weights();
        let balance: i32 = (0..EVAL_FEATURES)
            .map(|i| (ours[i] - theirs[i]) * weights[i])
            .sum();
        balance + if material_only { 0 } else { TEMPO }
    }

    /// The value of what stands on the target square.
    fn victim_value(&self, mv: EnochianMove) -> i32 {
        self.value_on(mv.to())
    }
}

impl Evaluate for Position {
    /// One evaluation, nothing to choose.
    type Evaluator = ();

    // A King in check just steps away; long chains of checks end quickly.
    const QUIESCENCE_EVASION_PLIES: u32 = 2;

    // The die changes which piece moves, not the board the evaluation reads.
    const OUTCOMES_EVALUATE_ALIKE: bool = true;

    fn evaluate(&self) -> i32 {
        self.score(false)
    }

    /// The evaluation reads the board, not the die: every die state of a
    /// divination game shares the key of the roll still to come.
    fn evaluation_key(&self) -> u64 {
        self.key_with_pending_die()
    }

    fn evaluate_material(&self) -> i32 {
        self.score(true)
    }

    fn eval_terms(&self) -> Vec<EvalTerm> {
        let (first, second) = (
            self.eval_features(Color::White),
            self.eval_features(Color::Black),
        );
        let sum = |range: std::ops::Range<usize>, f: &[i32; EVAL_FEATURES]| -> i32 {
            range.map(|i| f[i] * self.eval_weights()[i]).sum()
        };
        let term = |name, range: std::ops::Range<usize>| EvalTerm {
            name,
            first: sum(range.clone(), &first),
            second: sum(range, &second),
        };
        let tempo = match self.team() {
            Color::White => (TEMPO, 0),
            Color::Black => (0, TEMPO),
        };
        vec![
            term("material", 0..6),
            term("frozen", 6..11),
            term("pawns", 11..12),
            term("mobility", 12..16),
            term("king safety", 16..18),
            term("thrones", 18..19),
            term("roll threat", 19..20),
            EvalTerm {
                name: "tempo",
                first: tempo.0,
                second: tempo.1,
            },
        ]
    }

    fn noisy_score(&self, mv: EnochianMove) -> Option<i32> {
        if !self.is_noisy(mv) {
            return None;
        }
        let promotion = mv.promotion().map_or(0, |k| PIECE_VALUES[k.index()]);
        Some(16 * (self.victim_value(mv) + promotion) - PIECE_VALUES[mv.kind().index()] / 10)
    }

    fn has_non_pawn_material(&self) -> bool {
        let army = self.to_move;
        (self.armies[army.index()]
            & !self.kinds[Kind::Pawn.index()]
            & !self.kinds[Kind::King.index()])
        .any()
    }

    /// The turn passes to the next army that can move. Not in a
    /// divination game: there the die restricts the army to one kind of
    /// piece, and passing is often better than every move the roll allows
    /// (zugzwang is common), which is what null move pruning assumes away.
    fn play_null(&self) -> Option<Self> {
        if self.die.divination() || self.is_decided() {
            return None;
        }
        let mut next = self.clone();
        next.pass_turn(self.to_move);
        next.quiet = self.quiet.saturating_add(1);
        Some(next)
    }
}
