//! Static exchange evaluation: what a capture wins once every capture on
//! its target square has been played out, each side taking with its least
//! valuable attacker and free to stop when going on would lose. Sliders
//! uncovered behind a taker join in (x-rays); pins are ignored.

use crate::moves::{Move, MoveKind};
use crate::position::Position;
use crate::types::Role;
use augur_core::Bitboard;
use augur_core::attacks::{bishop_attacks, rook_attacks};

/// Exchange values by role (pawn, knight, bishop, rook, queen, king): the
/// king's is larger than everything else together, so it takes last.
const EXCHANGE_VALUE: [i32; 6] = [100, 320, 330, 500, 950, 20_000];

impl Position {
    /// Whether `mv` wins at least `threshold` centipawns in the exchange
    /// on its target square. Castling, en passant and promotions are
    /// counted as winning nothing.
    pub(crate) fn see_at_least(&self, mv: Move, threshold: i32) -> bool {
        if mv.kind() != MoveKind::Normal {
            return threshold <= 0;
        }
        let (from, to) = (mv.from(), mv.to());
        let value_at = |square| {
            self.piece_at(square)
                .map_or(0, |piece| EXCHANGE_VALUE[piece.role.index()])
        };
        // `swap`: what the side about to be taken from stands to lose on
        // `to`, measured against the threshold; the first capture must
        // win the threshold outright, and if even losing the taker keeps
        // it, the exchange cannot go wrong.
        let mut swap = value_at(to) - threshold;
        if swap < 0 {
            return false;
        }
        swap = value_at(from) - swap;
        if swap <= 0 {
            return true;
        }
        let diagonal = self.by_role(Role::Bishop) | self.by_role(Role::Queen);
        let straight = self.by_role(Role::Rook) | self.by_role(Role::Queen);
        let mut occupied =
            self.occupied() ^ Bitboard::from_square(from) ^ Bitboard::from_square(to);
        let mut attackers = self.attackers_to(to, occupied);
        let mut side = self.side_to_move();
        // Whether the side that captured first keeps the threshold if the
        // exchange stops now; each recapture flips it, and a side stops
        // when recapturing cannot change the verdict in its favour.
        let mut first_wins = true;
        loop {
            side = side.opponent();
            attackers &= occupied;
            let takers = attackers & self.by_color(side);
            // `Role::ALL` runs from the least valuable role up.
            let Some((role, square)) = Role::ALL.iter().find_map(|&role| {
                (takers & self.by_role(role))
                    .lowest()
                    .map(|square| (role, square))
            }) else {
                break;
            };
            first_wins = !first_wins;
            if role == Role::King {
                // A king takes last, and only if nothing can take it back.
                return if (attackers & !self.by_color(side)).any() {
                    !first_wins
                } else {
                    first_wins
                };
            }
            swap = EXCHANGE_VALUE[role.index()] - swap;
            if swap < i32::from(first_wins) {
                break;
            }
            occupied ^= Bitboard::from_square(square);
            if matches!(role, Role::Pawn | Role::Bishop | Role::Queen) {
                attackers |= bishop_attacks(to, occupied) & diagonal;
            }
            if matches!(role, Role::Rook | Role::Queen) {
                attackers |= rook_attacks(to, occupied) & straight;
            }
        }
        first_wins
    }
}

#[cfg(test)]
mod tests {
    use crate::Position;
    use augur_core::Game;

    /// The exchange `uci` starts in `fen` is worth exactly `value`: it
    /// wins `value` and not one centipawn more.
    fn assert_exchange(fen: &str, uci: &str, value: i32) {
        let position = Position::from_fen(fen).expect("a legal position");
        let mv = position.parse_move(uci).expect("a legal move");
        assert!(position.see_at_least(mv, value), "{fen} {uci} >= {value}");
        assert!(
            !position.see_at_least(mv, value + 1),
            "{fen} {uci} < {value} + 1"
        );
    }

    #[test]
    fn an_undefended_pawn_is_won() {
        assert_exchange("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", 100);
    }

    #[test]
    fn pawn_for_pawn_is_even() {
        assert_exchange("4k3/8/2p5/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", 0);
    }

    #[test]
    fn a_queen_taking_a_defended_pawn_loses_the_queen() {
        assert_exchange("4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1", "d2d5", 100 - 950);
    }

    /// Doubled rooks on both sides: the rooks behind join in (x-rays).
    /// White wins a pawn and a rook and loses two rooks.
    #[test]
    fn doubled_rooks_join_the_exchange_behind_each_other() {
        assert_exchange("3rk3/3r4/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5", 100 - 500);
    }

    /// A bishop behind the recapturing pawn joins in on the diagonal, so
    /// White's queen does not follow its bishop.
    #[test]
    fn a_slider_behind_a_pawn_joins_the_exchange() {
        assert_exchange("7k/5b2/4p3/3p4/2B5/1Q6/8/4K3 w - - 0 1", "c4d5", 100 - 330);
    }

    /// A side stops when recapturing would lose: the knight takes the
    /// defended pawn, and Black's rook does not take back into the queen.
    #[test]
    fn a_side_stops_rather_than_lose_more() {
        assert_exchange("3rk3/8/8/3p4/8/4N3/8/3QK3 w - - 0 1", "e3d5", 100);
        assert_exchange("3rk3/8/2p5/3p4/8/4N3/8/3QK3 w - - 0 1", "e3d5", 100 - 320);
    }

    /// The exchange ends where it stands level: Nxd5 Nxd5 exd5 Qxd5 is
    /// even, and White need not have a third taker for it.
    #[test]
    fn an_exchange_that_comes_out_level_is_even() {
        assert_exchange("3qk3/8/5n2/3p4/4P3/4N3/8/4K3 w - - 0 1", "e3d5", 0);
    }

    /// A king takes back only where nothing can take it.
    #[test]
    fn a_king_does_not_take_into_an_attack() {
        assert_exchange("8/8/8/3pk3/4P3/8/8/4K3 w - - 0 1", "e4d5", 0);
        assert_exchange("8/8/8/3pk3/4P3/8/B7/4K3 w - - 0 1", "e4d5", 100);
    }

    /// Moves other than plain moves and captures count as winning nothing.
    #[test]
    fn promotions_and_castling_win_nothing() {
        assert_exchange("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q", 0);
        assert_exchange("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", 0);
    }
}
