//! What the arena needs from a game beyond `augur_core::Game` (which gives
//! its record tags, seats and their teams, and PGN move text): who answers
//! an offer, and its divination mode. Adding a game to the arena is one
//! impl here; `augur-games` dispatches `--variant` to it.
//!
//! Terms: a *team* wins or loses (index 0 is `Color::White`: White in chess,
//! Blue+Black in Enochian chess); an *army* has a clock and (with
//! `--seats army`) an engine process of its own. In two-player games the
//! armies are the teams; in Enochian chess they are Yellow, Blue, Red and
//! Black (indices 0-3, the order of `Game::seat`).

use augur_core::Game;

/// A game the arena can run.
pub trait ArenaGame: Game {
    /// The army that moves now (its clock runs).
    fn army_to_move(&self) -> usize {
        self.seat().unwrap_or_else(|| self.team().index())
    }

    /// The army that answers an agreement offer (Enochian's exchange of
    /// prisoners) made by the army to move: its clock pays for the answer.
    fn answering_army(&self) -> usize {
        self.team().opponent().index()
    }

    /// This position in divination mode (a roll pending), if the game has
    /// one; `None` for games without chance.
    fn divination(&self) -> Option<Self> {
        None
    }
}

impl ArenaGame for augur_games::chess::Position {}

impl ArenaGame for augur_games::ultima::Position {}

impl ArenaGame for augur_games::oracle::Position {}

impl ArenaGame for augur_games::enochian::Position {
    /// The first army of the other team, in turn order after the mover,
    /// that is not frozen (the one that would move next for that team).
    fn answering_army(&self) -> usize {
        let mover = self.to_move();
        let their_team = Self::SEAT_TEAMS[mover.index()].opponent();
        let mut army = mover;
        for _ in 0..3 {
            army = army.next(self.clockwise());
            if Self::SEAT_TEAMS[army.index()] == their_team && !self.is_frozen(army) {
                return army.index();
            }
        }
        // No unfrozen army (cannot happen while an exchange is legal): the
        // other team's first army.
        Self::SEAT_TEAMS
            .iter()
            .position(|&team| team == their_team)
            .unwrap_or(0)
    }

    fn divination(&self) -> Option<Self> {
        if self.die() != augur_games::enochian::Die::Off {
            return Some(self.clone());
        }
        let fen = self.fen();
        let (head, last) = fen.rsplit_once(' ')?;
        (last == "-")
            .then(|| Self::from_fen(&format!("{head} ?")).ok())
            .flatten()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use augur_core::{Played, play_text};
    use augur_games::enochian::Position;

    /// The default start with the Yellow and Black Kings taken (their
    /// armies frozen): each team holds a King, so `exchange` is legal.
    pub const EXCHANGE_START: &str = "yQyByRyN2bPQbKQ/yPQyPByPRyPN2bPBbB/6bPRbR/6bPNbN/kNkPN6/kRkPR6/kBkPB2rPNrPRrPBrPQ/kQkPQ2rNrRrBrKQ b d yk - -";

    #[test]
    fn a_declined_exchange_pass_replays_only_where_the_exchange_is_the_only_move() {
        let only_exchange =
            Position::from_fen("8/8/7yR/3rK4/8/8/8/bK7 k d - ry,bk -").expect("valid");
        let after = play_text(&only_exchange, "0000").expect("the pass replays");
        assert_eq!(
            after.position().fen(),
            "8/8/7yR/3rK4/8/8/8/bK7 y d - ry,bk -"
        );
        let start = Position::startpos();
        assert!(play_text(&start, "0000").is_err());
    }

    #[test]
    fn enochian_armies_teams_and_answering_army() {
        let start = Position::startpos();
        assert_eq!(start.army_to_move(), 1, "Blue moves first");
        assert_eq!(Position::SEAT_TEAMS[start.army_to_move()], start.team());
        let exchange = Position::from_fen(EXCHANGE_START).expect("position");
        let mv = exchange.parse_move("exchange").expect("exchange is legal");
        assert!(exchange.needs_agreement(mv));
        // Blue offers; Red (not frozen) answers for Red+Yellow.
        assert_eq!(exchange.answering_army(), 2);
        assert_eq!(augur_games::chess::Position::startpos().answering_army(), 1);
    }

    #[test]
    fn divination_starts_pending_and_rolls_prefix_moves() {
        let start = Position::startpos().divination().expect("divination");
        assert!(start.fen().ends_with(" ?"));
        assert_eq!(start.chance_outcomes(), 6);
        assert!(
            augur_games::chess::Position::startpos()
                .divination()
                .is_none()
        );
        let rolled = start.resolve_chance(3);
        assert_eq!(rolled.chance_text().as_deref(), Some("4"));
        let mut list = augur_core::MoveList::new();
        rolled.generate(&mut list);
        let text = format!("4:{}", rolled.move_text(list[0]));
        let Ok(Played::Move { before, after, .. }) = play_text(&start, &text) else {
            panic!("{text} plays");
        };
        assert_eq!(before.hash(), rolled.hash());
        assert_eq!(after.chance_outcomes(), 6);
        assert!(play_text(&start, &rolled.move_text(list[0])).is_err());
    }
}
