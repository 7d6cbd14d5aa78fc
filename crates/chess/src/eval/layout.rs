//! Where each weight lives in the flat [`Weights`](super::Weights) array:
//! named index constants (a block's first index; its length next to it),
//! the family of every index (for the `eval` command), and a readable name
//! for every index (written next to each pair in `weights.rs`).

use crate::types::Role;

/// Material, pawn to queen (the king has none): 5 weights.
pub const MATERIAL: usize = 0;
/// Piece-square tables: `PSQT + 64 * role + square`, the square seen from
/// the piece's own side (a Black piece on e7 uses White's e2): 384 weights.
pub const PSQT: usize = MATERIAL + 5;
/// Knight mobility, one weight per count 0..=8.
pub const MOBILITY_KNIGHT: usize = PSQT + 6 * 64;
/// Bishop mobility, one weight per count 0..=13.
pub const MOBILITY_BISHOP: usize = MOBILITY_KNIGHT + 9;
/// Rook mobility, one weight per count 0..=14.
pub const MOBILITY_ROOK: usize = MOBILITY_BISHOP + 14;
/// Queen mobility, one weight per count 0..=27.
pub const MOBILITY_QUEEN: usize = MOBILITY_ROOK + 15;
/// A pawn with another pawn of its side in front of it on its file.
pub const PAWN_DOUBLED: usize = MOBILITY_QUEEN + 28;
/// A pawn with no pawn of its side on the neighbouring files.
pub const PAWN_ISOLATED: usize = PAWN_DOUBLED + 1;
/// A pawn whose neighbours have all advanced past it and whose next square
/// is attacked by an enemy pawn.
pub const PAWN_BACKWARD: usize = PAWN_ISOLATED + 1;
/// A pawn defended by a pawn, by relative rank (8 weights; 0 and 7 unused).
pub const PAWN_SUPPORTED: usize = PAWN_BACKWARD + 1;
/// A pawn with a pawn of its side beside it, by relative rank (8 weights).
pub const PAWN_PHALANX: usize = PAWN_SUPPORTED + 8;
/// A passed pawn (the front one of its file), by relative rank.
pub const PASSED: usize = PAWN_PHALANX + 8;
/// A passed pawn whose next square is occupied, by relative rank.
pub const PASSED_BLOCKED: usize = PASSED + 8;
/// A passed pawn whose path to promotion is empty and not attacked, by
/// relative rank.
pub const PASSED_FREE: usize = PASSED_BLOCKED + 8;
/// Own king's distance to a passed pawn's next square (coefficient: the
/// distance), by relative rank.
pub const PASSED_KING_OWN: usize = PASSED_FREE + 8;
/// Enemy king's distance to a passed pawn's next square, by relative rank.
pub const PASSED_KING_THEIRS: usize = PASSED_KING_OWN + 8;
/// Own pawns on the three files around the king, one rank ahead of it.
pub const KING_SHIELD_NEAR: usize = PASSED_KING_THEIRS + 8;
/// Own pawns on the three files around the king, two ranks ahead of it.
pub const KING_SHIELD_FAR: usize = KING_SHIELD_NEAR + 1;
/// Files around the king with no pawn at all.
pub const KING_OPEN_FILE: usize = KING_SHIELD_FAR + 1;
/// Files around the king with enemy pawns but none of the king's side.
pub const KING_SEMI_OPEN_FILE: usize = KING_OPEN_FILE + 1;
/// Attacks on the enemy king's zone (the king and its neighbours), counted
/// per attacking piece and square, by attacker role pawn..queen (5 weights;
/// pawns count attacked squares once).
pub const KING_ZONE_ATTACK: usize = KING_SEMI_OPEN_FILE + 1;
/// Squares from which a piece could give check next move and which the
/// enemy does not defend, by role knight..queen (4 weights).
pub const SAFE_CHECK: usize = KING_ZONE_ATTACK + 5;
/// Two or more bishops.
pub const BISHOP_PAIR: usize = SAFE_CHECK + 4;
/// A rook on a file without pawns.
pub const ROOK_OPEN_FILE: usize = BISHOP_PAIR + 1;
/// A rook on a file with enemy pawns only.
pub const ROOK_SEMI_OPEN_FILE: usize = ROOK_OPEN_FILE + 1;
/// A knight on relative ranks 4-6, defended by a pawn, that no enemy pawn
/// can ever attack.
pub const KNIGHT_OUTPOST: usize = ROOK_SEMI_OPEN_FILE + 1;
/// A bishop on such an outpost.
pub const BISHOP_OUTPOST: usize = KNIGHT_OUTPOST + 1;
/// Enemy pieces (not pawns or king) attacked by our pawns.
pub const THREAT_BY_PAWN: usize = BISHOP_OUTPOST + 1;
/// Enemy rooks and queens attacked by our knights or bishops.
pub const THREAT_MINOR_ON_MAJOR: usize = THREAT_BY_PAWN + 1;
/// Enemy queens attacked by our rooks.
pub const THREAT_ROOK_ON_QUEEN: usize = THREAT_MINOR_ON_MAJOR + 1;
/// Enemy pieces and pawns (not the king) we attack and they do not defend.
pub const HANGING: usize = THREAT_ROOK_ON_QUEEN + 1;
/// Bonus for the side to move.
pub const TEMPO: usize = HANGING + 1;
/// The number of (middlegame, endgame) weight pairs.
pub const NUM_WEIGHTS: usize = TEMPO + 1;

/// The evaluation's families, as listed by the `eval` command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// Piece values.
    Material,
    /// Piece-square tables.
    Psqt,
    /// Mobility of knights, bishops, rooks and queens.
    Mobility,
    /// Pawn structure: doubled, isolated, backward, supported, phalanx.
    Pawns,
    /// Passed pawns.
    Passed,
    /// King shelter, open files near the king, attacks and safe checks.
    KingSafety,
    /// Bishop pair, rooks on files, outposts, threats and hanging pieces.
    Pieces,
    /// The side to move's bonus.
    Tempo,
}

impl Family {
    /// Every family, in `eval` order.
    pub const ALL: [Family; 8] = [
        Family::Material,
        Family::Psqt,
        Family::Mobility,
        Family::Pawns,
        Family::Passed,
        Family::KingSafety,
        Family::Pieces,
        Family::Tempo,
    ];

    /// The family's name in `eval` output.
    pub const fn name(self) -> &'static str {
        match self {
            Family::Material => "material",
            Family::Psqt => "psqt",
            Family::Mobility => "mobility",
            Family::Pawns => "pawns",
            Family::Passed => "passed",
            Family::KingSafety => "king safety",
            Family::Pieces => "pieces",
            Family::Tempo => "tempo",
        }
    }

    /// The family a weight index belongs to.
    pub const fn of(index: usize) -> Family {
        if index < PSQT {
            Family::Material
        } else if index < MOBILITY_KNIGHT {
            Family::Psqt
        } else if index < PAWN_DOUBLED {
            Family::Mobility
        } else if index < PASSED {
            Family::Pawns
        } else if index < KING_SHIELD_NEAR {
            Family::Passed
        } else if index < BISHOP_PAIR {
            Family::KingSafety
        } else if index < TEMPO {
            Family::Pieces
        } else {
            Family::Tempo
        }
    }
}

const ROLE_NAMES: [&str; 6] = ["pawn", "knight", "bishop", "rook", "queen", "king"];

fn role_name(role: Role) -> &'static str {
    ROLE_NAMES[role.index()]
}

/// A readable, unique name for a weight index (`psqt.knight.e4`,
/// `mobility.rook.7`, `passed.rank6`, ...); `None` past the last weight.
pub fn weight_name(index: usize) -> Option<String> {
    let ranked = |base: usize, name: &str| format!("{name}.rank{}", index - base + 1);
    let name = match index {
        i if i < PSQT => format!("material.{}", ROLE_NAMES[i - MATERIAL]),
        i if i < MOBILITY_KNIGHT => {
            let i = i - PSQT;
            let square = augur_core::Square::new((i % 64) as u8);
            format!("psqt.{}.{square}", ROLE_NAMES[i / 64])
        }
        i if i < MOBILITY_BISHOP => format!("mobility.knight.{}", i - MOBILITY_KNIGHT),
        i if i < MOBILITY_ROOK => format!("mobility.bishop.{}", i - MOBILITY_BISHOP),
        i if i < MOBILITY_QUEEN => format!("mobility.rook.{}", i - MOBILITY_ROOK),
        i if i < PAWN_DOUBLED => format!("mobility.queen.{}", i - MOBILITY_QUEEN),
        PAWN_DOUBLED => "pawn.doubled".to_string(),
        PAWN_ISOLATED => "pawn.isolated".to_string(),
        PAWN_BACKWARD => "pawn.backward".to_string(),
        i if i < PAWN_PHALANX => ranked(PAWN_SUPPORTED, "pawn.supported"),
        i if i < PASSED => ranked(PAWN_PHALANX, "pawn.phalanx"),
        i if i < PASSED_BLOCKED => ranked(PASSED, "passed"),
        i if i < PASSED_FREE => ranked(PASSED_BLOCKED, "passed.blocked"),
        i if i < PASSED_KING_OWN => ranked(PASSED_FREE, "passed.free"),
        i if i < PASSED_KING_THEIRS => ranked(PASSED_KING_OWN, "passed.king_own_distance"),
        i if i < KING_SHIELD_NEAR => ranked(PASSED_KING_THEIRS, "passed.king_theirs_distance"),
        KING_SHIELD_NEAR => "king.shield_near".to_string(),
        KING_SHIELD_FAR => "king.shield_far".to_string(),
        KING_OPEN_FILE => "king.open_file".to_string(),
        KING_SEMI_OPEN_FILE => "king.semi_open_file".to_string(),
        i if i < SAFE_CHECK => format!(
            "king.zone_attack.{}",
            role_name(Role::ALL[i - KING_ZONE_ATTACK])
        ),
        i if i < BISHOP_PAIR => format!(
            "king.safe_check.{}",
            role_name(Role::ALL[i - SAFE_CHECK + 1])
        ),
        BISHOP_PAIR => "pieces.bishop_pair".to_string(),
        ROOK_OPEN_FILE => "pieces.rook_open_file".to_string(),
        ROOK_SEMI_OPEN_FILE => "pieces.rook_semi_open_file".to_string(),
        KNIGHT_OUTPOST => "pieces.knight_outpost".to_string(),
        BISHOP_OUTPOST => "pieces.bishop_outpost".to_string(),
        THREAT_BY_PAWN => "pieces.threat_by_pawn".to_string(),
        THREAT_MINOR_ON_MAJOR => "pieces.threat_minor_on_major".to_string(),
        THREAT_ROOK_ON_QUEEN => "pieces.threat_rook_on_queen".to_string(),
        HANGING => "pieces.hanging".to_string(),
        TEMPO => "tempo".to_string(),
        _ => return None,
    };
    Some(name)
}
