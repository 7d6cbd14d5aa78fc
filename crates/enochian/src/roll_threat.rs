//! Divination's threat feature: what the army to move can expect to take
//! with the roll still to come. The quiescence search resolves one roll
//! and its captures; the next army's roll is then left to the static
//! evaluation, which without this feature would ignore a piece hanging to
//! an enemy Rook as long as no roll is drawn.

use crate::eval::{PIECE_VALUES, pawn_attacks};
use crate::position::Position;
use crate::tables::queen_leaps;
use crate::types::Kind;
use augur_core::attacks::{bishop_attacks, king_attacks, knight_attacks, rook_attacks};
use augur_core::{Bitboard, Square};

impl Position {
    /// The value of what stands on `square` (a shared throne: both pieces).
    pub(crate) fn value_on(&self, square: Square) -> i32 {
        Kind::ALL
            .iter()
            .filter(|kind| self.kinds[kind.index()].contains(square))
            .map(|kind| PIECE_VALUES[kind.index()])
            .sum()
    }

    /// The army to move's best capture with each roll, averaged over the
    /// six rolls, in tenths of a pawn: a capture gains the victim's value,
    /// less the taker's when the other team attacks the square
    /// (`defended`). Roll 1 moves the King (pawns when the King cannot
    /// move), 2 a Knight, 3 a Bishop, 4 a Queen, 5 a Rook and 6 a pawn,
    /// as the rulings have it. It reads the board, not the die, so
    /// every roll of one position gets the same value. 0 for a frozen army.
    pub(crate) fn roll_threat(&self, defended: Bitboard) -> i32 {
        let army = self.to_move;
        if self.is_frozen(army) {
            return 0;
        }
        let occupied = self.occupied();
        let victims = self.active(army.team().opponent());
        let unshared = !self.shared;
        let best_take = |kind: Kind, reached: Bitboard, banned: Bitboard| {
            let taker = PIECE_VALUES[kind.index()];
            (reached & victims & !banned)
                .into_iter()
                .map(|to| self.value_on(to) - if defended.contains(to) { taker } else { 0 })
                .max()
                .unwrap_or(0)
                .max(0)
        };
        let reach_of = |kind: Kind, targets: &dyn Fn(Square) -> Bitboard| {
            self.pieces(army, kind)
                .into_iter()
                .fold(Bitboard::EMPTY, |all, from| all | targets(from))
        };
        let king_reach = reach_of(Kind::King, &king_attacks);
        let pawn_take = best_take(
            Kind::Pawn,
            pawn_attacks(army, self.pieces(army, Kind::Pawn)),
            Bitboard::EMPTY,
        );
        let king_can_move = (king_reach & (!occupied | victims)).any();
        let rolls = [
            if king_can_move {
                best_take(Kind::King, king_reach, Bitboard::EMPTY)
            } else {
                pawn_take
            },
            best_take(
                Kind::Knight,
                reach_of(Kind::Knight, &knight_attacks),
                Bitboard::EMPTY,
            ),
            best_take(
                Kind::Bishop,
                reach_of(Kind::Bishop, &|from| bishop_attacks(from, occupied)),
                self.kinds[Kind::Bishop.index()] & unshared,
            ),
            best_take(
                Kind::Queen,
                reach_of(Kind::Queen, &queen_leaps),
                self.kinds[Kind::Queen.index()] & unshared,
            ),
            best_take(
                Kind::Rook,
                reach_of(Kind::Rook, &|from| rook_attacks(from, occupied)),
                Bitboard::EMPTY,
            ),
            pawn_take,
        ];
        rolls.iter().sum::<i32>() / 60
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::START;
    use crate::{EVAL_NAMES, EnochianMove};
    use augur_core::{Game, MoveList};
    use rand::prelude::*;

    /// Over random divination positions, the threat with every victim
    /// defended is exactly the rolls' best takes less the taker, and with
    /// none defended exactly their best victims, each roll's takes found
    /// from the rolled position's own pseudo-legal moves; the evaluation's
    /// feature (for the team to move only) lies between. Games without
    /// dice never have it.
    #[test]
    fn the_roll_threat_is_the_rolls_best_takes_averaged() {
        let mut rng = StdRng::seed_from_u64(0x7ea7);
        let text = START.strip_suffix(" -").expect("start ends with the die");
        let start = Position::from_fen(&format!("{text} ?")).expect("divination start");
        let threat = EVAL_NAMES.len() - 1;
        let (mut positions, mut threatened, mut defended_differs) = (0, 0, 0);
        for _ in 0..400 {
            let mut p = start.clone();
            for _ in 0..80 {
                if p.chance_outcomes() == 0 {
                    break;
                }
                let (mut low, mut high) = (0, 0);
                let victims = p.active(p.team().opponent());
                for roll in 0..6 {
                    let rolled = p.resolve_chance(roll);
                    let mut list = MoveList::new();
                    rolled.generate_pseudo(&mut list);
                    let takes = list.iter().filter(|m| {
                        !m.is_exchange() && !m.is_lost_turn() && victims.contains(m.to())
                    });
                    let victim = |m: &EnochianMove| rolled.value_on(m.to());
                    low += takes
                        .clone()
                        .map(|m| victim(m) - PIECE_VALUES[m.kind().index()])
                        .max()
                        .unwrap_or(0)
                        .max(0);
                    high += takes.map(victim).max().unwrap_or(0);
                }
                assert_eq!(p.roll_threat(Bitboard::FULL), low / 60, "{}", p.fen());
                assert_eq!(p.roll_threat(Bitboard::EMPTY), high / 60, "{}", p.fen());
                let ours = p.eval_features(p.team())[threat];
                assert!((low / 60..=high / 60).contains(&ours), "{}", p.fen());
                assert_eq!(p.eval_features(p.team().opponent())[threat], 0);
                let fen = p.fen();
                let (head, _) = fen.rsplit_once(' ').expect("a die field");
                if let Ok(plain) = Position::from_fen(&format!("{head} -")) {
                    assert_eq!(plain.eval_features(plain.team())[threat], 0);
                }
                positions += 1;
                threatened += usize::from(ours > 0);
                defended_differs += usize::from(ours != high / 60);
                p = p.resolve_chance(rng.random_range(0..6));
                let mut list = MoveList::new();
                p.generate(&mut list);
                let Some(&mv) = list.choose(&mut rng) else {
                    break;
                };
                p = p.play(mv);
            }
        }
        assert!(
            positions > 2000 && threatened > 500 && defended_differs > 100,
            "{positions} {threatened} {defended_differs}"
        );
    }
}
