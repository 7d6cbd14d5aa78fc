//! Checks of the readable notation ([`Game::notation`],
//! [`Game::parse_notation`]) that hold in every game: each legal move's
//! notation reads back to that move, with or without its check mark, and
//! no two legal moves of a position share one.

use augur_core::notation::without_check_mark;
use augur_core::{Game, MoveList};
use std::collections::HashSet;

/// Every legal move of `position` with its notation, checked: non-empty,
/// read back to the same move (also without a check mark), and distinct
/// from every other move's notation (check marks aside).
pub fn check_notations<G: Game>(position: &G) -> Vec<(G::Move, String)> {
    let fen = position.fen();
    let mut moves = MoveList::new();
    position.generate(&mut moves);
    let mut seen = HashSet::new();
    let mut out = Vec::with_capacity(moves.len());
    for &mv in moves.iter() {
        let text = position.notation(mv);
        assert!(!text.trim().is_empty(), "empty notation at {fen}");
        assert_eq!(
            position.parse_notation(&text),
            Ok(mv),
            "'{text}' at {fen} does not read back"
        );
        let bare = without_check_mark(&text);
        assert_eq!(
            position.parse_notation(bare),
            Ok(mv),
            "'{bare}' at {fen} does not read back"
        );
        assert!(
            seen.insert(bare.to_string()),
            "'{text}' names two moves at {fen}"
        );
        out.push((mv, text));
    }
    out
}
