//! Readable move notation shared by the games: the check mark written after
//! a move, and reading a notation back by matching it against the
//! notations of the legal moves (so a game's reader can never disagree
//! with its writer). [`Game::notation`] and [`Game::parse_notation`] are
//! the games' own; these are the pieces they build them from.

use crate::game::{Game, MoveError};
use crate::movelist::MoveList;

/// What follows a move that attacks the other side's royal piece: `+`, or
/// `#` when that side has no legal move left (mate); empty otherwise.
/// `after` is the position after the move.
pub fn check_mark<G: Game>(after: &G) -> &'static str {
    if !after.in_check() {
        ""
    } else if after.count_moves() == 0 {
        "#"
    } else {
        "+"
    }
}

/// `text` without a trailing check or mate mark (`+`, `#`) and without
/// surrounding white space: readers accept a missing or wrong mark.
pub fn without_check_mark(text: &str) -> &str {
    text.trim().trim_end_matches(['+', '#'])
}

/// The legal move of `position` whose [`Game::notation`] is `text`
/// (check marks aside). A reader for games whose notation is unique per
/// legal move.
pub fn find_by_notation<G: Game>(position: &G, text: &str) -> Result<G::Move, MoveError> {
    let wanted = without_check_mark(text);
    if wanted.is_empty() {
        return Err(MoveError::Syntax(text.to_string()));
    }
    let mut legal = MoveList::new();
    position.generate(&mut legal);
    legal
        .iter()
        .copied()
        .find(|&mv| without_check_mark(&position.notation(mv)) == wanted)
        .ok_or_else(|| MoveError::Illegal(text.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn check_marks_are_stripped_once_at_the_end() {
        assert_eq!(without_check_mark(" Qc2-c6+ "), "Qc2-c6");
        assert_eq!(without_check_mark("Nd2-d6xd4,d5#"), "Nd2-d6xd4,d5");
        assert_eq!(without_check_mark("Le1-e2,H@e1"), "Le1-e2,H@e1");
    }
}
