//! The prober generates moves with Augur's own attack tables: the
//! adapter pyrrhic-rs asks for (squares are bit indices, a1 = 0, h8 = 63,
//! as in Augur's bitboards).

use augur_core::attacks::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attacks, queen_attacks, rook_attacks,
};
use augur_core::{Bitboard, Square};
use pyrrhic_rs::EngineAdapter;

/// Augur's attack tables for the prober.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Attacks;

/// The square of a bit index from the prober (always 0 to 63).
fn square(index: u64) -> Square {
    Square::new((index & 63) as u8)
}

impl EngineAdapter for Attacks {
    fn pawn_attacks(color: pyrrhic_rs::Color, sq: u64) -> u64 {
        pawn_attacks(square(sq), color == pyrrhic_rs::Color::White).0
    }

    fn knight_attacks(sq: u64) -> u64 {
        knight_attacks(square(sq)).0
    }

    fn bishop_attacks(sq: u64, occupied: u64) -> u64 {
        bishop_attacks(square(sq), Bitboard(occupied)).0
    }

    fn rook_attacks(sq: u64, occupied: u64) -> u64 {
        rook_attacks(square(sq), Bitboard(occupied)).0
    }

    fn queen_attacks(sq: u64, occupied: u64) -> u64 {
        queen_attacks(square(sq), Bitboard(occupied)).0
    }

    fn king_attacks(sq: u64) -> u64 {
        king_attacks(square(sq)).0
    }
}
