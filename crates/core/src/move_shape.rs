//! What a move does to the board, as typed values every game can fill in:
//! the squares it leaves and reaches, the squares whose pieces it removes,
//! the choices the mover made besides the squares, and whatever else moves
//! or appears with it. Boards animate moves and scripts read them from this
//! instead of re-parsing move text. [`Game::move_shape`] gives it.
//!
//! Whether a move gives check is not part of it: it is
//! [`Game::in_check`] of the position after the move
//! (`position.play(mv).in_check()`).

use crate::game::Game;
use crate::square::Square;

/// What one legal move does to the board, in squares.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveShape {
    /// The square the moving piece leaves (Oracle: the body a moving soul
    /// leaves; a promotion's square); `None` for moves without squares
    /// (Enochian's `exchange`, a lost turn `0000`).
    pub from: Option<Square>,
    /// The square the moving piece reaches (castling: the king's
    /// destination, whatever the move text says); `None` as for
    /// [`MoveShape::from`].
    pub to: Option<Square>,
    /// Every square whose piece the move takes, as the game's rules define
    /// taking, in ascending square order: the destination of an ordinary
    /// capture (in Enochian chess a King and its throne partner together),
    /// the pawn taken en passant, every piece Ultima's pieces
    /// capture by withdrawal, coordination, pincers, leaps or imitation,
    /// the body an Oracle figure takes or the body an Oracle soul takes a
    /// soul out of (friendly souls included, as its rules allow).
    pub captured: Vec<Square>,
    /// What the mover chose besides the squares, in the order the move
    /// text writes it (empty when the squares say everything).
    pub choices: Vec<MoveChoice>,
    /// Other pieces that move with this one, as (from, to) pairs: the rook
    /// in castling.
    pub also_moves: Vec<(Square, Square)>,
    /// Squares besides [`MoveShape::to`] where a piece appears or changes
    /// in place without moving there, in ascending square order: Oracle's
    /// fetched body and summoning Priestess (on `from`), an Enochian piece
    /// demoted by a privileged promotion, the Kings placed by Enochian's
    /// exchange of prisoners.
    pub placed: Vec<Square>,
}

impl MoveShape {
    /// A move of one piece from `from` to `to` that takes nothing.
    pub fn step(from: Square, to: Square) -> Self {
        MoveShape {
            from: Some(from),
            to: Some(to),
            ..MoveShape::default()
        }
    }

    /// The choice of `kind`, if the mover made one.
    pub fn choice(&self, kind: ChoiceKind) -> Option<&MoveChoice> {
        self.choices.iter().find(|choice| choice.kind == kind)
    }
}

/// One thing the mover chose besides the squares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveChoice {
    /// What the choice decides.
    pub kind: ChoiceKind,
    /// The choice as the move text writes it (`q` in chess's `e7e8q`, `h`
    /// in Oracle's `h~g1f3`, `Q` in Enochian's `h8h6Q`).
    pub text: String,
    /// The piece chosen, in words (`queen`, `horse`).
    pub piece: String,
}

/// What a [`MoveChoice`] decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChoiceKind {
    /// What a promoting piece becomes: chess's and Enochian's promotion
    /// piece; the lifeless Priestess body an Oracle Soldier becomes.
    Promotion,
    /// Which of the things on [`MoveShape::from`] moves: the class of the
    /// soul that leaves its body alone in Oracle chess (the body stays),
    /// the throne partner leaving its King in Enochian chess.
    Mover,
    /// Which of the things on [`MoveShape::to`] is taken: the class of the
    /// soul an Oracle soul takes out of a body (the body stays).
    Taken,
    /// A body brought back from the earth (Oracle's pool of bodies) onto
    /// [`MoveShape::from`] by the Lord figure that left it.
    Fetch,
    /// A soul brought back from the underworld (Oracle's pool of souls)
    /// into the Priestess on [`MoveShape::from`] that a soul left.
    Summon,
}

/// The squares move text names, in the order it names them (`h~g1e2xs`
/// names g1 and e2; `exchange` none): each letter a-h followed by a digit
/// 1-8.
pub fn squares_in_text(text: &str) -> Vec<Square> {
    let bytes = text.as_bytes();
    bytes
        .windows(2)
        .filter(|pair| (b'a'..=b'h').contains(&pair[0]) && (b'1'..=b'8').contains(&pair[1]))
        .filter_map(|pair| std::str::from_utf8(pair).ok().and_then(Square::parse))
        .collect()
}

/// The shape [`Game::move_shape`] gives for games that do not describe
/// their moves: `from` and `to` are the first and last squares the move
/// text names, and `captured` the squares that held a piece of the other
/// team (by [`Game::board_details`]) and hold none or one of the mover's
/// after the move. It plays the move to find out, so it suits boards and
/// scripts, not the search.
pub fn shape_from_board_change<G: Game>(position: &G, mv: G::Move) -> MoveShape {
    let squares = squares_in_text(&position.move_text(mv));
    let after = position.play(mv);
    let before = position.board_details();
    let after = after.board_details();
    let us = position.team();
    let captured = before
        .squares
        .iter()
        .filter(|was| was.team == us.opponent())
        .filter(|was| after.square(was.square).is_none_or(|now| now.team == us))
        .map(|was| was.square)
        .collect();
    MoveShape {
        from: squares.first().copied(),
        to: squares.last().copied(),
        captured,
        ..MoveShape::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        Square::parse(name).unwrap()
    }

    #[test]
    fn squares_of_move_texts() {
        assert_eq!(squares_in_text("e2e4"), [sq("e2"), sq("e4")]);
        assert_eq!(squares_in_text("h~g1e2xs+h"), [sq("g1"), sq("e2")]);
        assert_eq!(squares_in_text("p@e8"), [sq("e8")]);
        assert_eq!(squares_in_text("h8h6Q"), [sq("h8"), sq("h6")]);
        assert!(squares_in_text("exchange").is_empty());
        assert!(squares_in_text("0000").is_empty());
    }

    #[test]
    fn choices_are_found_by_kind() {
        let mut shape = MoveShape::step(sq("e7"), sq("e8"));
        shape.choices.push(MoveChoice {
            kind: ChoiceKind::Promotion,
            text: "q".into(),
            piece: "queen".into(),
        });
        assert_eq!(
            shape
                .choice(ChoiceKind::Promotion)
                .map(|c| c.piece.as_str()),
            Some("queen")
        );
        assert!(shape.choice(ChoiceKind::Mover).is_none());
    }
}
