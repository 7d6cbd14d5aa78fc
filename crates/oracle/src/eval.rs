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
use augur_core::{Bitboard, EvalTerm, Evaluate, Game, Square};

use crate::moves::{MoveKind, OracleMove};
use crate::position::Position;
use crate::types::{Body, Cell, Color, Soul};

/// The material features, in weight order: what the evaluation counts for
/// each side and multiplies by [`MATERIAL_WEIGHTS`].
pub const MATERIAL_NAMES: [&str; MATERIAL_FEATURES] = [
    "living Priestess body",
    "living Chariot body",
    "living Elephant body",
    "living Horse body",
    "living Soldier body",
    "Chariot soul in a matching body",
    "Elephant soul in a matching body",
    "Horse soul in a matching body",
    "Soldier soul in a matching body",
    "idle Priestess body",
    "idle Chariot body",
    "idle Elephant body",
    "idle Horse body",
    "idle Soldier body",
    "Chariot soul in an ill-suited body",
    "Elephant soul in an ill-suited body",
    "Horse soul in an ill-suited body",
    "Soldier soul in an ill-suited body",
    "Priestess figure with two soul classes",
    "Priestess figure with three soul classes",
    "Lord body in our earth (fetchable)",
    "Chariot body in our earth (fetchable)",
    "Elephant body in our earth (fetchable)",
    "Horse body in our earth (fetchable)",
    "Soldier body in our earth (fetchable)",
    "Chariot soul in the underworld (summonable)",
    "Elephant soul in the underworld (summonable)",
    "Horse soul in the underworld (summonable)",
    "Soldier soul in the underworld (summonable)",
];

/// How many material features there are.
pub const MATERIAL_FEATURES: usize = 29;

/// Index of the first pool feature (earth, then underworld).
const FIRST_POOL_FEATURE: usize = 20;

/// The weight of each material feature in centipawns (see
/// [`MATERIAL_NAMES`]). "Idle" bodies are lifeless or ill-suited; earth
/// bodies count only while our Lord figure can fetch them, underworld souls
/// only while we have a Priestess hosting a soul (only a soul leaving a
/// Priestess summons). The Lord soul and the Lord body on the board are not
/// material: they are never lost.
///
/// The hand-set start was a figure's value split into body and soul
/// (Chariot 190 + 310, Elephant 120 + 210, Horse 120 + 200, Soldier
/// 35 + 65), a Priestess body 160, idle bodies at 55%, misplaced souls at
/// 65%, fetchable bodies at 30%, summonable souls at 15%, forms 40 and 90.
/// The weights used are fitted to 80,067 positions of 1,500 Augur
/// self-play games (`augur-tune-oracle-material`; the matching Soldier soul
/// fixed at 65): the Priestess body, her forms and the pools rose sharply
/// (she is the only way back for souls), the Chariot's worth moved into its
/// soul. Fitted against hand weights in the arena: +46 =5 -9 over 60 games
/// at 2+0.05 (+250 +/- 112 Elo).
pub const MATERIAL_WEIGHTS: [i32; MATERIAL_FEATURES] = [
    449, 17, 125, 158, 33, // living bodies
    353, 168, 170, 65, // souls in matching bodies
    418, 82, 37, 53, 0, // idle bodies
    196, 238, 162, 0, // misplaced souls
    186, 332, // Priestess forms
    216, 19, 55, 33, 9, // fetchable bodies
    95, 87, 120, 54, // summonable souls
];

/// Body and soul values for move ordering (`BODY_VALUES` by [`Body`]
/// index, `SOUL_VALUES` by [`Soul`] index): the living-body and
/// matching-soul weights.
pub const BODY_VALUES: [i32; 6] = [
    0,
    MATERIAL_WEIGHTS[0],
    MATERIAL_WEIGHTS[1],
    MATERIAL_WEIGHTS[2],
    MATERIAL_WEIGHTS[3],
    MATERIAL_WEIGHTS[4],
];

/// See [`BODY_VALUES`].
pub const SOUL_VALUES: [i32; 5] = [
    0,
    MATERIAL_WEIGHTS[5],
    MATERIAL_WEIGHTS[6],
    MATERIAL_WEIGHTS[7],
    MATERIAL_WEIGHTS[8],
];

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

/// Adds the material features of what stands on one square.
fn add_cell_features(features: &mut [i32; MATERIAL_FEATURES], cell: Cell) {
    let Some(body) = cell.body() else {
        return;
    };
    let living = cell.is_living();
    // Body classes P C E H S are feature slots 0..5 (the Lord body is not
    // material); soul classes c e h s are slots 0..4 of their groups.
    if body != Body::Lord {
        let slot = body.index() - 1;
        features[if living { slot } else { 9 + slot }] += 1;
    }
    let mut kinds = 0;
    for soul in cell.soul_classes() {
        kinds += 1;
        if soul == Soul::Lord {
            continue;
        }
        let slot = soul.index() - 1;
        let group = if body.matches(soul) { 5 } else { 14 };
        features[group + slot] += cell.count(soul) as i32;
    }
    if living && body == Body::Priestess && kinds >= 2 {
        features[16 + kinds] += 1;
    }
}

/// The material value of what stands on one square, from its features.
fn cell_material_from_features(cell: Cell) -> i32 {
    let mut features = [0; MATERIAL_FEATURES];
    add_cell_features(&mut features, cell);
    dot(
        &features[..FIRST_POOL_FEATURE],
        &MATERIAL_WEIGHTS[..FIRST_POOL_FEATURE],
    )
}

/// A cell's index in [`CELL_MATERIAL`]: its bits without the colour,
/// which the material value does not depend on.
#[inline(always)]
fn material_index(cell: Cell) -> usize {
    usize::from(cell.0 & 7) | usize::from(cell.0 >> 4) << 3
}

/// The material value of every cell (by [`material_index`]): the material
/// term is linear in the features, so a side's material is the sum of its
/// cells' values, read here instead of recounting features at every node.
static CELL_MATERIAL: std::sync::LazyLock<Vec<i32>> = std::sync::LazyLock::new(|| {
    let mut table = vec![0; 1 << 13];
    // Body codes 0 (empty) to 6; 7 is no cell.
    for bits in (0..=u16::MAX >> 2).filter(|bits| bits & 7 <= 6) {
        let cell = Cell(bits & !8);
        table[material_index(cell)] = cell_material_from_features(cell);
    }
    table
});

/// The material value of what stands on one square.
#[inline(always)]
pub(crate) fn cell_material(cell: Cell) -> i32 {
    CELL_MATERIAL[material_index(cell)]
}

/// The squares a Chariot, Elephant or Horse pattern on `from` reaches over
/// `occupied` (nothing for other classes).
#[inline(always)]
fn pattern_reach(class: Soul, from: Square, occupied: Bitboard) -> Bitboard {
    match class {
        Soul::Chariot => rook_attacks(from, occupied),
        Soul::Elephant => bishop_attacks(from, occupied),
        Soul::Horse => knight_attacks(from),
        _ => Bitboard::EMPTY,
    }
}

fn dot(features: &[i32], weights: &[i32]) -> i32 {
    features.iter().zip(weights).map(|(f, w)| f * w).sum()
}

impl Position {
    /// The material features of one side (see [`MATERIAL_NAMES`]); the
    /// material and pool terms are their dot product with
    /// [`MATERIAL_WEIGHTS`]. Public for the tuner.
    pub fn material_features(&self, color: Color) -> [i32; MATERIAL_FEATURES] {
        let mut features = [0; MATERIAL_FEATURES];
        for square in self.bodies_of(color) {
            add_cell_features(&mut features, self.cell(square));
        }
        features[FIRST_POOL_FEATURE..].copy_from_slice(&self.pool_features(color));
        features
    }

    /// The pool features of one side (the tail of [`Self::material_features`]).
    fn pool_features(&self, color: Color) -> [i32; MATERIAL_FEATURES - FIRST_POOL_FEATURE] {
        let mut features = [0; MATERIAL_FEATURES - FIRST_POOL_FEATURE];
        if (self.figures(color) & self.bodies[Body::Lord.index()]).any() {
            for (slot, class) in [
                Body::Lord,
                Body::Chariot,
                Body::Elephant,
                Body::Horse,
                Body::Soldier,
            ]
            .into_iter()
            .enumerate()
            {
                features[slot] = self.earth_count(color, class) as i32;
            }
        }
        if (self.bodies(color, Body::Priestess) & self.soul_squares()).any() {
            for (slot, class) in [Soul::Chariot, Soul::Elephant, Soul::Horse, Soul::Soldier]
                .into_iter()
                .enumerate()
            {
                features[5 + slot] = self.underworld_count(class) as i32;
            }
        }
        features
    }

    /// The material and pool terms of one side.
    fn material_and_pools(&self, color: Color) -> (i32, i32) {
        let material = self.material[color.index()];
        let pools = dot(
            &self.pool_features(color),
            &MATERIAL_WEIGHTS[FIRST_POOL_FEATURE..],
        );
        (material, pools)
    }

    /// The mobility term of `color`'s figures and souls, and how many of
    /// their patterns reach into `enemy_zone` (counted once per piece and
    /// square), for the enemy Lord's safety term, read off the same attack
    /// sets: a pattern reaches a square exactly when the same pattern on the
    /// square would reach the piece (sliders see one occupancy both ways).
    fn patterns(&self, color: Color, enemy_zone: Bitboard) -> (i32, i32) {
        let own = self.bodies_of(color);
        let bodies = self.occupied();
        let souls = self.soul_squares();
        let (figures, hosts) = (self.figures(color), own & souls);
        let (mut figure_targets, mut soul_targets, mut zone_hits) = (0, 0, 0);
        // A cell's patterns reach disjoint sets (lines, diagonals, Horse
        // jumps), so the squares its union reaches are counted pattern by
        // pattern.
        for class in [Soul::Chariot, Soul::Elephant, Soul::Horse] {
            let with_class = self.souls[class.index()];
            for from in figures & with_class {
                let targets = pattern_reach(class, from, bodies);
                figure_targets += (targets & !own).count() as i32;
                zone_hits += (targets & enemy_zone).count() as i32;
            }
            for from in hosts & with_class {
                let reach = pattern_reach(class, from, souls);
                soul_targets += (reach & bodies).count() as i32;
                zone_hits += (reach & enemy_zone).count() as i32;
            }
        }
        (
            figure_targets * FIGURE_MOBILITY + soul_targets * SOUL_MOBILITY,
            zone_hits,
        )
    }

    /// `color`'s Lord soul and the squares around it (empty without one).
    fn lord_zone(&self, color: Color) -> Bitboard {
        self.lord_soul(color)
            .map_or(Bitboard::EMPTY, |lord| king_attacks(lord).with(lord))
    }

    /// The Lord safety term of `color`, from the number of enemy patterns
    /// reaching its zone.
    fn lord_safety(&self, color: Color, zone_attackers: i32) -> i32 {
        let Some(lord) = self.lord_soul(color) else {
            return 0;
        };
        let at_home = self.cell(lord).body() == Some(Body::Lord);
        -LORD_ZONE_ATTACKER * zone_attackers + if at_home { LORD_AT_HOME } else { 0 }
    }

    /// The terms of White and of Black.
    fn side_terms(&self) -> (Side, Side) {
        let (white_zone, black_zone) = (self.lord_zone(Color::White), self.lord_zone(Color::Black));
        let (white_mobility, on_black_zone) = self.patterns(Color::White, black_zone);
        let (black_mobility, on_white_zone) = self.patterns(Color::Black, white_zone);
        let side = |color: Color, mobility: i32, zone_attackers: i32| {
            let (material, pools) = self.material_and_pools(color);
            Side {
                material,
                pools,
                mobility,
                lord_safety: self.lord_safety(color, zone_attackers),
            }
        };
        (
            side(Color::White, white_mobility, on_white_zone),
            side(Color::Black, black_mobility, on_black_zone),
        )
    }

    /// Material only (bodies, souls, pools), White minus Black.
    pub fn material_balance(&self) -> i32 {
        let (wm, wp) = self.material_and_pools(Color::White);
        let (bm, bp) = self.material_and_pools(Color::Black);
        wm + wp - bm - bp
    }

    fn for_side_to_move(&self, white_view: i32) -> i32 {
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
    /// One evaluation, nothing to choose.
    type Evaluator = ();

    /// A soul can check through bodies, so quiet evasions often check back;
    /// without a limit quiescence follows such chains to the ply limit.
    const QUIESCENCE_EVASION_PLIES: u32 = 4;

    fn evaluate(&self) -> i32 {
        let (w, b) = self.side_terms();
        let white_view = (w.material - b.material)
            + (w.pools - b.pools)
            + (w.mobility - b.mobility)
            + (w.lord_safety - b.lord_safety);
        self.for_side_to_move(white_view) + TEMPO
    }

    fn evaluate_material(&self) -> i32 {
        self.for_side_to_move(self.material_balance())
    }

    fn eval_terms(&self) -> Vec<EvalTerm> {
        let (w, b) = self.side_terms();
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
