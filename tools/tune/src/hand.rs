//! Hand-made starting weights, from general chess knowledge: a sensible
//! prior for tuning and a playable evaluation before any data exists.
//! `augur-tune --hand` writes them to `weights.rs`; `--from-hand` starts a
//! tuning run from them instead of from the current weights.
//!
//! The piece-square tables are built from simple rules (centralisation,
//! pawn advance, king shelter in the middlegame and activity in the
//! endgame), not copied from any engine.

use augur_chess::NUM_WEIGHTS;
use augur_chess::eval::layout::*;

/// Distance from the nearest edge, 0 (edge) to 3 (centre), of a file or rank.
fn edge_distance(x: i32) -> i32 {
    x.min(7 - x)
}

/// The piece-square value (mg, eg) of `role` (0 = pawn .. 5 = king) on the
/// square with `file` and `rank` seen from its own side.
fn psqt(role: usize, file: i32, rank: i32) -> (i32, i32) {
    let (fc, rc) = (edge_distance(file), edge_distance(rank));
    let centre = fc + rc; // 0 in a corner, 6 in the centre.
    match role {
        // Pawns: central pawns want to advance early; everything runs in
        // the endgame.
        0 => {
            if rank == 0 || rank == 7 {
                return (0, 0);
            }
            let central = match file {
                3 | 4 => 2,
                2 | 5 => 1,
                _ => 0,
            };
            let mut mg = 3 * (rank - 1) + central * [0, -4, 2, 8, 6, 4, 0, 0][rank as usize];
            if rank >= 5 {
                mg += 6 * (rank - 4);
            }
            let eg = 6 * (rank - 1) + 4 * (rank - 4).max(0);
            (mg, eg)
        }
        // Knights: strongly centralised, poor on the rim.
        1 => {
            let mut mg = 6 * centre - 20;
            if rank == 0 {
                mg -= 6;
            }
            if rank >= 4 {
                mg += 4;
            }
            (mg, 5 * centre - 16)
        }
        // Bishops: central diagonals, out of the back rank.
        2 => {
            let long_diagonal = if file == rank || file == 7 - rank {
                6
            } else {
                0
            };
            let mut mg = 3 * centre - 8 + long_diagonal;
            if rank == 0 {
                mg -= 6;
            }
            (mg, 3 * centre - 9)
        }
        // Rooks: the seventh rank, central files behind castling, not the
        // edge files.
        3 => {
            let mut mg = if file == 3 || file == 4 { 4 } else { 0 };
            if file == 0 || file == 7 {
                mg -= 3;
            }
            let mut eg = 0;
            if rank == 6 {
                mg += 12;
                eg += 10;
            }
            (mg, eg)
        }
        // Queens: mildly central, more so in the endgame.
        4 => {
            let mut mg = 2 * centre - 5;
            if rank == 0 && (file == 3 || file == 2) {
                mg += 2;
            }
            (mg, 5 * centre - 15)
        }
        // King: tucked away on the first rank in the middlegame, central in
        // the endgame.
        _ => {
            let mg = match rank {
                0 => [15, 25, 10, 0, -5, 5, 30, 20][file as usize],
                1 => [0, 0, -10, -20, -20, -10, 0, 0][file as usize],
                _ => -30 - 10 * (rank - 2),
            };
            (mg, 8 * centre - 24)
        }
    }
}

/// The hand-made weights.
pub fn hand_weights() -> Vec<(i32, i32)> {
    let mut w = vec![(0, 0); NUM_WEIGHTS];
    let material = [(80, 100), (320, 300), (330, 320), (470, 520), (950, 960)];
    w[MATERIAL..MATERIAL + 5].copy_from_slice(&material);
    for role in 0..6 {
        for square in 0..64 {
            let (file, rank) = (square % 8, square / 8);
            w[PSQT + 64 * role + square as usize] = psqt(role, file, rank);
        }
    }
    // Mobility: linear in the count, zero at a typical count; rooks and
    // queens matter more in the endgame.
    for (base, counts, typical, mg, eg) in [
        (MOBILITY_KNIGHT, 9, 4, 4, 4),
        (MOBILITY_BISHOP, 14, 6, 4, 4),
        (MOBILITY_ROOK, 15, 6, 2, 4),
        (MOBILITY_QUEEN, 28, 10, 1, 2),
    ] {
        for count in 0..counts {
            let x = count as i32 - typical;
            w[base + count] = (mg * x, eg * x);
        }
    }
    w[PAWN_DOUBLED] = (-10, -20);
    w[PAWN_ISOLATED] = (-10, -12);
    w[PAWN_BACKWARD] = (-8, -8);
    let supported = [0, 0, 5, 8, 12, 20, 30, 0];
    let phalanx = [0, 2, 4, 8, 14, 24, 40, 0];
    let passed_mg = [0, 0, 5, 10, 20, 40, 70, 0];
    let passed_eg = [0, 5, 10, 25, 45, 75, 110, 0];
    let blocked_eg = [0, 0, -5, -10, -15, -25, -35, 0];
    let free_eg = [0, 0, 5, 10, 20, 35, 55, 0];
    let king_own = [0, 0, -1, -2, -4, -6, -8, 0];
    let king_theirs = [0, 0, 2, 4, 8, 12, 16, 0];
    for rank in 0..8 {
        w[PAWN_SUPPORTED + rank] = (supported[rank], supported[rank]);
        w[PAWN_PHALANX + rank] = (phalanx[rank], phalanx[rank] / 2);
        w[PASSED + rank] = (passed_mg[rank], passed_eg[rank]);
        w[PASSED_BLOCKED + rank] = (blocked_eg[rank] / 2, blocked_eg[rank]);
        w[PASSED_FREE + rank] = (free_eg[rank] / 2, free_eg[rank]);
        w[PASSED_KING_OWN + rank] = (0, king_own[rank]);
        w[PASSED_KING_THEIRS + rank] = (0, king_theirs[rank]);
    }
    w[KING_SHIELD_NEAR] = (12, 0);
    w[KING_SHIELD_FAR] = (6, 0);
    w[KING_OPEN_FILE] = (-20, 0);
    w[KING_SEMI_OPEN_FILE] = (-12, 0);
    let zone = [(4, 0), (8, 0), (6, 0), (8, 0), (10, 0)];
    w[KING_ZONE_ATTACK..KING_ZONE_ATTACK + 5].copy_from_slice(&zone);
    let checks = [(25, 5), (15, 5), (30, 5), (20, 5)];
    w[SAFE_CHECK..SAFE_CHECK + 4].copy_from_slice(&checks);
    w[BISHOP_PAIR] = (30, 50);
    w[ROOK_OPEN_FILE] = (25, 10);
    w[ROOK_SEMI_OPEN_FILE] = (12, 8);
    w[KNIGHT_OUTPOST] = (20, 10);
    w[BISHOP_OUTPOST] = (12, 5);
    w[THREAT_BY_PAWN] = (40, 30);
    w[THREAT_MINOR_ON_MAJOR] = (30, 20);
    w[THREAT_ROOK_ON_QUEEN] = (30, 15);
    w[HANGING] = (20, 15);
    w[TEMPO] = (15, 5);
    w
}
