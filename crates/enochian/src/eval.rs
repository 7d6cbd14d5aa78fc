//! The static evaluation: material per army (a frozen army's pieces count
//! for a fraction, since a throne seizure or an exchange can revive them),
//! the King as the army's life, pawns on their way to each army's own
//! promotion line, King exposure, mobility, and the pull of an ally's
//! throne while the ally is frozen.

use crate::moves::EnochianMove;
use crate::position::Position;
use crate::tables::{pawn_takes, queen_leaps};
use crate::types::{Army, Kind, team_armies};
use augur_core::attacks::{bishop_attacks, king_attacks, knight_attacks, rook_attacks};
use augur_core::{Bitboard, EvalTerm, Evaluate, Game, Team};

/// Centipawn values of King, Queen, Rook, Bishop, Knight, pawn. The King
/// stands for its whole army: taking it freezes every piece.
pub const PIECE_VALUES: [i32; 6] = [1500, 270, 520, 350, 320, 100];
/// Percent of its material a frozen army still counts for its team.
pub const FROZEN_PERCENT: i32 = 25;
const MOBILITY: [i32; 6] = [0, 3, 3, 3, 4, 0];
const PAWN_STEP: [i32; 8] = [0, 0, 4, 10, 18, 30, 50, 0];
const KING_ZONE_ATTACK: i32 = 18;
const KING_ATTACKED: i32 = 60;
const TEMPO: i32 = 12;

/// One evaluation split by term and army.
#[derive(Default)]
struct Terms {
    material: [i32; 4],
    pawns: [i32; 4],
    mobility: [i32; 4],
    king_safety: [i32; 4],
    thrones: [i32; 4],
}

impl Position {
    /// How far a pawn on `square` has come towards `army`'s promotion line (0-7).
    fn pawn_progress(army: Army, square: augur_core::Square) -> usize {
        let (f, r) = (square.file() as usize, square.rank() as usize);
        match army {
            Army::Yellow => 7 - r,
            Army::Blue => 7 - f,
            Army::Red => r,
            Army::Black => f,
        }
    }

    /// The material of `army` at full value (King included).
    pub fn army_material(&self, army: Army) -> i32 {
        Kind::ALL
            .iter()
            .map(|&k| self.pieces(army, k).count() as i32 * PIECE_VALUES[k.index()])
            .sum()
    }

    fn terms(&self, material_only: bool) -> Terms {
        let mut t = Terms::default();
        let occupied = self.occupied();
        for army in Army::ALL {
            let a = army.index();
            let raw = self.army_material(army);
            if self.is_frozen(army) {
                t.material[a] = raw * FROZEN_PERCENT / 100;
                continue;
            }
            t.material[a] = raw;
            if material_only {
                continue;
            }
            for sq in self.pieces(army, Kind::Pawn) {
                t.pawns[a] += PAWN_STEP[Self::pawn_progress(army, sq)];
            }
            let own = self.armies[a];
            let enemy_team = army.team().opponent();
            for kind in [Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight] {
                for sq in self.pieces(army, kind) {
                    let reach = match kind {
                        Kind::Queen => queen_leaps(sq),
                        Kind::Rook => rook_attacks(sq, occupied),
                        Kind::Bishop => bishop_attacks(sq, occupied),
                        _ => knight_attacks(sq),
                    };
                    t.mobility[a] += MOBILITY[kind.index()] * (reach & !own).count() as i32;
                }
            }
            if let Some(king) = self.king(army) {
                let zone = king_attacks(king);
                let attacked = zone
                    .into_iter()
                    .filter(|&sq| self.attacked_by(enemy_team, sq, occupied, 0))
                    .count() as i32;
                t.king_safety[a] -= KING_ZONE_ATTACK * attacked;
                if self.attacked_by(enemy_team, king, occupied, 0) {
                    t.king_safety[a] -= KING_ATTACKED;
                }
                let ally = army.ally();
                if self.is_frozen(ally) {
                    let prize = self.army_material(ally) * (100 - FROZEN_PERCENT) / 100;
                    let distance = king.distance(ally.throne()) as i32;
                    t.thrones[a] += prize / (4 + 2 * distance);
                }
            }
        }
        t
    }

    fn team_sum(values: &[i32; 4], team: Team) -> i32 {
        team_armies(team).iter().map(|a| values[a.index()]).sum()
    }

    fn score(&self, material_only: bool) -> i32 {
        let t = self.terms(material_only);
        let us = self.team();
        let total = |v: &[i32; 4]| Self::team_sum(v, us) - Self::team_sum(v, us.opponent());
        total(&t.material)
            + total(&t.pawns)
            + total(&t.mobility)
            + total(&t.king_safety)
            + total(&t.thrones)
            + if material_only { 0 } else { TEMPO }
    }

    /// Whether a pawn's capture targets something (for ordering hints).
    fn victim_value(&self, mv: EnochianMove) -> i32 {
        let to = mv.to();
        if !self.occupied().contains(to) {
            return 0;
        }
        self.pieces_at(to)
            .into_iter()
            .flatten()
            .map(|p| PIECE_VALUES[p.kind.index()])
            .sum()
    }
}

impl Evaluate for Position {
    // A King in check just steps away; long chains of checks end quickly.
    const QUIESCENCE_EVASION_PLIES: u32 = 2;

    fn evaluate(&self) -> i32 {
        self.score(false)
    }

    fn evaluate_material(&self) -> i32 {
        self.score(true)
    }

    fn eval_terms(&self) -> Vec<EvalTerm> {
        let t = self.terms(false);
        let term = |name, v: &[i32; 4]| EvalTerm {
            name,
            first: Self::team_sum(v, Team::First),
            second: Self::team_sum(v, Team::Second),
        };
        let tempo = match self.team() {
            Team::First => (TEMPO, 0),
            Team::Second => (0, TEMPO),
        };
        vec![
            term("material", &t.material),
            term("pawns", &t.pawns),
            term("mobility", &t.mobility),
            term("king safety", &t.king_safety),
            term("thrones", &t.thrones),
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
        (self.armies[army.index()] & !self.kinds[Kind::Pawn.index()] & !self.kinds[Kind::King.index()])
            .any()
    }

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

/// Pawn takes (re-exported for tests of the tables).
#[allow(dead_code)]
fn _pawn_takes_used(army: Army, sq: augur_core::Square) -> Bitboard {
    pawn_takes(army, sq)
}
