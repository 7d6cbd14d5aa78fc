//! The static evaluation of an Oracle position, in centipawns, and the
//! searcher's hints (capture ordering, null moves).
//!
//! Terms, each computed for both sides and scored White minus Black:
//! - material: every body of a colour and every soul hosted by a body of
//!   that colour. A soul in a matching body (a figure) counts in full; a
//!   soul in an ill-suited body and an ill-suited or lifeless body count a
//!   share of their value (they must still be put right); a Priestess
//!   figure with two or three different souls earns a bonus for its form
//!   (Queen, Amazon, Witch, Goddess);
//! - pools: bodies of our colour in the earth are worth a share of their
//!   value while our Lord figure can fetch them; souls in the underworld
//!   are worth a share to each side that has a Priestess hosting a soul
//!   (only a soul leaving a Priestess can summon);
//! - mobility: squares each figure could go to or take on, and bodies each
//!   soul could move into;
//! - Lord-soul safety: enemy figures and souls aimed at the squares around
//!   our Lord soul, and a bonus while the Lord soul sits in a Lord figure
//!   (it can step away and fetch);
//! - tempo: a small bonus for the side to move.
//!
//! Nothing here allocates except [`Evaluate::eval_terms`]'s list.

use augur_core::attacks::{bishop_attacks, king_attacks, knight_attacks, rook_attacks};
use augur_core::{Bitboard, EvalTerm, Evaluate, Square};

use crate::moves::{MoveKind, OracleMove};
use crate::position::Position;
use crate::types::{Body, Cell, Color, Soul};

/// Value of a body in a figure, by [`Body`] index (L P C E H S). The Lord
/// body is not counted as material (Lord safety covers it).
pub const BODY_VALUES: [i32; 6] = [0, 160, 190, 120, 120, 35];

/// Value of a soul in a matching body, by [`Soul`] index (l c e h s). The
/// Lord soul is never lost, so it is not counted.
pub const SOUL_VALUES: [i32; 5] = [0, 310, 210, 200, 65];

/// Per mille of a body's value when it is lifeless or ill-suited.
const IDLE_BODY: i32 = 550;
/// Per mille of a soul's value in an ill-suited body.
const MISPLACED_SOUL: i32 = 650;
/// Bonus for a Priestess figure with two, three different souls.
const FORM_BONUS: [i32; 4] = [0, 0, 40, 90];
/// Per mille of a body's value while it waits in our earth (fetchable).
const EARTH_SHARE: i32 = 300;
/// Per mille of a soul's value in the underworld for a side that can summon.
const UNDERWORLD_SHARE: i32 = 150;
/// Centipawns per figure target and per soul target.
const FIGURE_MOBILITY: i32 = 3;
const SOUL_MOBILITY: i32 = 1;
/// Per enemy figure or soul aimed at the Lord soul's neighbourhood.
const LORD_ZONE_ATTACKER: i32 = 14;
/// While our Lord soul sits in our Lord figure.
const LORD_AT_HOME: i32 = 30;
/// Side to move.
const TEMPO: i32 = 12;
/// Ordering value of a Lord soul or Lord body (legal play never takes one).
const LORD_CAPTURE_VALUE: i32 = 2000;

/// One side's evaluation, term by term.
#[derive(Clone, Copy, Default)]
struct Side {
    material: i32,
    pools: i32,
    mobility: i32,
    lord_safety: i32,
}

/// The material value of what stands on one square.
fn cell_material(cell: Cell) -> i32 {
    let Some(body) = cell.body() else {
        return 0;
    };
    let living = cell.is_living();
    let mut value = if living {
        BODY_VALUES[body.index()]
    } else {
        BODY_VALUES[body.index()] * IDLE_BODY / 1000
    };
    let mut kinds = 0;
    for soul in cell.soul_classes() {
        kinds += 1;
        let worth = SOUL_VALUES[soul.index()] * cell.count(soul) as i32;
        value += if body.matches(soul) {
            worth
        } else {
            worth * MISPLACED_SOUL / 1000
        };
    }
    if living && body == Body::Priestess {
        value += FORM_BONUS[kinds];
    }
    value
}

impl Position {
    fn material_of(&self, color: Color) -> i32 {
        self.bodies_of(color)
            .into_iter()
            .map(|sq| cell_material(self.cell(sq)))
            .sum()
    }

    fn pools_of(&self, color: Color) -> i32 {
        let mut value = 0;
        let lord_figure = (self.figures(color) & self.bodies[Body::Lord.index()]).any();
        if lord_figure {
            for class in Body::ALL {
                if class != Body::Priestess {
                    value += BODY_VALUES[class.index()] * self.earth_count(color, class) as i32;
                }
            }
            value = value * EARTH_SHARE / 1000;
        }
        let summoner = (self.bodies(color, Body::Priestess) & self.soul_squares()).any();
        if summoner {
            let souls: i32 = Soul::ALL
                .into_iter()
                .map(|s| SOUL_VALUES[s.index()] * self.underworld_count(s) as i32)
                .sum();
            value += souls * UNDERWORLD_SHARE / 1000;
        }
        value
    }

    fn mobility_of(&self, color: Color) -> i32 {
        let own = self.bodies_of(color);
        let bodies = self.occupied();
        let souls = self.soul_squares();
        let mut figure_targets = 0;
        for from in self.figures(color) {
            let cell = self.cell(from);
            let mut targets = Bitboard::EMPTY;
            if cell.count(Soul::Chariot) > 0 {
                targets |= rook_attacks(from, bodies);
            }
            if cell.count(Soul::Elephant) > 0 {
                targets |= bishop_attacks(from, bodies);
            }
            if cell.count(Soul::Horse) > 0 {
                targets |= knight_attacks(from);
            }
            figure_targets += (targets & !own).count() as i32;
        }
        let mut soul_targets = 0;
        for from in own & souls {
            let cell = self.cell(from);
            let mut reach = Bitboard::EMPTY;
            if cell.count(Soul::Chariot) > 0 {
                reach |= rook_attacks(from, souls);
            }
            if cell.count(Soul::Elephant) > 0 {
                reach |= bishop_attacks(from, souls);
            }
            if cell.count(Soul::Horse) > 0 {
                reach |= knight_attacks(from);
            }
            soul_targets += (reach & bodies).count() as i32;
        }
        figure_targets * FIGURE_MOBILITY + soul_targets * SOUL_MOBILITY
    }

    fn lord_safety_of(&self, color: Color) -> i32 {
        let Some(lord) = self.lord_soul(color) else {
            return 0;
        };
        let enemy = color.opponent();
        let zone = king_attacks(lord).with(lord);
        let mut attackers = 0;
        let bodies = self.occupied();
        let souls = self.soul_squares();
        for square in zone {
            attackers += self.aimed_at(square, enemy, bodies, souls);
        }
        let at_home = self.cell(lord).body() == Some(Body::Lord);
        -LORD_ZONE_ATTACKER * attackers + if at_home { LORD_AT_HOME } else { 0 }
    }

    /// Enemy figures and non-Lord souls whose patterns reach `square`.
    fn aimed_at(&self, square: Square, enemy: Color, bodies: Bitboard, souls: Bitboard) -> i32 {
        let figures = self.figures(enemy);
        let theirs = self.bodies_of(enemy);
        let s = &self.souls;
        let by_figures = (rook_attacks(square, bodies) & s[Soul::Chariot.index()])
            | (bishop_attacks(square, bodies) & s[Soul::Elephant.index()])
            | (knight_attacks(square) & s[Soul::Horse.index()]);
        let by_souls = (rook_attacks(square, souls) & s[Soul::Chariot.index()])
            | (bishop_attacks(square, souls) & s[Soul::Elephant.index()])
            | (knight_attacks(square) & s[Soul::Horse.index()]);
        ((by_figures & figures).count() + (by_souls & theirs).count()) as i32
    }

    fn side_terms(&self, color: Color) -> Side {
        Side {
            material: self.material_of(color),
            pools: self.pools_of(color),
            mobility: self.mobility_of(color),
            lord_safety: self.lord_safety_of(color),
        }
    }

    /// Material only (bodies, souls, pools), White minus Black.
    pub fn material_balance(&self) -> i32 {
        self.material_of(Color::White) - self.material_of(Color::Black)
    }

    fn from_side_to_move(&self, white_view: i32) -> i32 {
        match self.side {
            Color::White => white_view,
            Color::Black => -white_view,
        }
    }

    /// The ordering value of a token that a move takes.
    fn victim_value(cell: Cell) -> i32 {
        if cell.count(Soul::Lord) > 0 || cell.body() == Some(Body::Lord) {
            LORD_CAPTURE_VALUE
        } else {
            cell_material(cell)
        }
    }
}

impl Evaluate for Position {
    /// A soul can check through bodies, so quiet evasions often check back;
    /// without a limit quiescence follows such chains to the ply limit.
    const QUIESCENCE_EVASION_PLIES: u32 = 4;

    fn evaluate(&self) -> i32 {
        let (w, b) = (self.side_terms(Color::White), self.side_terms(Color::Black));
        let white_view = (w.material - b.material)
            + (w.pools - b.pools)
            + (w.mobility - b.mobility)
            + (w.lord_safety - b.lord_safety);
        self.from_side_to_move(white_view) + TEMPO
    }

    fn evaluate_material(&self) -> i32 {
        self.from_side_to_move(self.material_balance())
    }

    fn eval_terms(&self) -> Vec<EvalTerm> {
        let (w, b) = (self.side_terms(Color::White), self.side_terms(Color::Black));
        let (tempo_white, tempo_black) = match self.side {
            Color::White => (TEMPO, 0),
            Color::Black => (0, TEMPO),
        };
        vec![
            EvalTerm {
                name: "material",
                first: w.material,
                second: b.material,
            },
            EvalTerm {
                name: "pools",
                first: w.pools,
                second: b.pools,
            },
            EvalTerm {
                name: "mobility",
                first: w.mobility,
                second: b.mobility,
            },
            EvalTerm {
                name: "lord safety",
                first: w.lord_safety,
                second: b.lord_safety,
            },
            EvalTerm {
                name: "tempo",
                first: tempo_white,
                second: tempo_black,
            },
        ]
    }

    fn noisy_score(&self, mv: OracleMove) -> Option<i32> {
        match mv.kind() {
            MoveKind::Promotion => Some(BODY_VALUES[Body::Priestess.index()]),
            MoveKind::Figure => {
                let target = self.cell(mv.to());
                let fetch = mv.fetched().map_or(0, |b| BODY_VALUES[b.index()] / 2);
                if target.is_empty() {
                    (fetch > 0).then_some(fetch)
                } else {
                    let mover = self.cell(mv.from());
                    Some(10 * Self::victim_value(target) - cell_material(mover) / 10 + fetch)
                }
            }
            MoveKind::Soul => {
                let summon = mv.summoned().map_or(0, |s| SOUL_VALUES[s.index()] / 2);
                let enemy_body = self.cell(mv.to()).color() != self.side;
                match mv.taken() {
                    Some(taken) if enemy_body => {
                        let victim = if taken == Soul::Lord {
                            LORD_CAPTURE_VALUE
                        } else {
                            SOUL_VALUES[taken.index()]
                        };
                        Some(10 * victim - SOUL_VALUES[mv.soul_class().index()] / 10 + summon)
                    }
                    // Taking one of our own souls is a regrouping: quiet.
                    _ => (summon > 0).then_some(summon),
                }
            }
        }
    }

    fn has_non_pawn_material(&self) -> bool {
        let us = self.side;
        (self.figures(us) & !self.bodies[Body::Soldier.index()] & !self.bodies[Body::Lord.index()])
            .any()
    }

    fn play_null(&self) -> Option<Self> {
        if self.in_check() {
            return None;
        }
        let mut next = *self;
        next.quiet = next.quiet.saturating_add(1);
        if self.side == Color::Black {
            next.round = next.round.saturating_add(1);
        }
        next.flip_side();
        Some(next)
    }
}
