//! Checks of the typed descriptions of moves ([`Game::move_shape`]) and
//! boards ([`Game::board_details`]) that hold in every game: a move's
//! squares agree with its text, its captures with the board before and
//! after it, and a board's squares with [`Game::board_pieces`]. Each game's
//! tests add what only that game can say.

use augur_core::move_shape::squares_in_text;
use augur_core::{BoardDetails, ChoiceKind, Game, MoveList, MoveShape, Square};
use rand::prelude::*;
use std::collections::BTreeSet;

/// Positions of `games` random games of at most `max_plies` plies from
/// each of `starts` (the starts included), pending chance drawn at random.
pub fn random_positions<G: Game>(
    starts: &[G],
    games: usize,
    max_plies: usize,
    seed: u64,
) -> Vec<G> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut out = Vec::new();
    for start in starts {
        for _ in 0..games {
            let mut position = start.clone();
            for _ in 0..max_plies {
                let outcomes = position.chance_outcomes();
                if outcomes > 0 {
                    position = position.resolve_chance(rng.random_range(0..outcomes));
                }
                out.push(position.clone());
                let mut moves = MoveList::new();
                position.generate(&mut moves);
                let Some(&mv) = moves.choose(&mut rng) else {
                    break;
                };
                position = position.play(mv);
            }
        }
    }
    out
}

/// The board details of `position`, checked against
/// [`Game::board_pieces`] (the same squares, a1 first, with the same
/// texts), [`Game::frozen_squares`], [`Game::team`] and [`Game::seat`].
pub fn check_board_details<G: Game>(position: &G) -> BoardDetails {
    let fen = position.fen();
    let details = position.board_details();
    let pieces: Vec<(Square, String)> = details
        .squares
        .iter()
        .map(|s| (s.square, s.text.clone()))
        .collect();
    assert_eq!(pieces, position.board_pieces(), "squares at {fen}");
    let mut frozen = position.frozen_squares();
    frozen.sort();
    assert_eq!(details.frozen, frozen, "frozen squares at {fen}");
    assert_eq!(details.team_to_move, position.team(), "team at {fen}");
    assert_eq!(details.seat_to_move, position.seat(), "seat at {fen}");
    for square in &details.squares {
        assert!(!square.piece.name.is_empty(), "unnamed piece at {fen}");
        if let Some(seat) = square.seat {
            assert_eq!(G::SEAT_TEAMS[seat], square.team, "seat's team at {fen}");
        }
        if square.lifeless {
            assert!(square.souls.is_empty(), "lifeless body with souls at {fen}");
        }
    }
    details
}

/// Every legal move of `position` with its shape, each checked against
/// its move text and the board before and after it:
///
/// - `from` and `to` are the text's squares (none for a text without
///   squares; both the one square of a text that names one), except that
///   a castling text may name the rook's square as `to`;
/// - `from` holds a piece of the mover's team and `to` holds something
///   after the move;
/// - `captured` (ascending, no repeats) holds exactly the squares other
///   than `from`, `to` and the squares of `also_moves` whose piece of the
///   other team is gone or replaced by one of the mover's; `to` is in it
///   when a piece of the other team there gave way to the mover's; each
///   captured square held something before, and each other than `from`
///   and `to` holds something else after;
/// - every square whose text changed is `from`, `to`, captured, a square
///   of `also_moves`, or `placed`; placed squares other than `from` and
///   `to` changed;
/// - a piece of `also_moves` arrives where it says, unchanged;
/// - each choice's text is in the move text, and a promotion's piece
///   stands on `to` after the move.
pub fn check_move_shapes<G: Game>(position: &G) -> Vec<(G::Move, MoveShape)> {
    let fen = position.fen();
    let before = position.board_details();
    let us = position.team();
    let mut moves = MoveList::new();
    position.generate(&mut moves);
    let mut out = Vec::new();
    for &mv in moves.iter() {
        let text = position.move_text(mv);
        let shape = position.move_shape(mv);
        let at = format!("{text} at {fen}");
        let next = position.play(mv);
        let after = next.board_details();
        let named = squares_in_text(&text);
        match named.as_slice() {
            [] => assert_eq!((shape.from, shape.to), (None, None), "squares of {at}"),
            [only] => assert_eq!(
                (shape.from, shape.to),
                (Some(*only), Some(*only)),
                "squares of {at}"
            ),
            [from, to] => {
                assert_eq!(shape.from, Some(*from), "from of {at}");
                let rook_named = shape.also_moves.iter().any(|&(rook, _)| rook == *to);
                assert!(shape.to == Some(*to) || rook_named, "to of {at}: {shape:?}");
            }
            _ => panic!("more than two squares in {at}"),
        }
        if let Some(from) = shape.from {
            let mover = before.square(from);
            assert_eq!(mover.map(|m| m.team), Some(us), "mover of {at}");
        }
        if let Some(to) = shape.to {
            assert!(after.square(to).is_some(), "nothing arrives on {at}");
        }
        let mut moved: BTreeSet<Square> = shape.from.into_iter().chain(shape.to).collect();
        for &(a, b) in &shape.also_moves {
            moved.insert(a);
            moved.insert(b);
            let rook = before.square(a).map(|s| s.text.clone());
            assert!(rook.is_some(), "nothing moves alongside from {a} in {at}");
            assert_eq!(
                after.square(b).map(|s| s.text.clone()),
                rook,
                "alongside to {b} in {at}"
            );
        }
        let sorted: Vec<Square> = shape
            .captured
            .iter()
            .copied()
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect();
        assert_eq!(sorted, shape.captured, "captured unsorted in {at}");
        let gave_way = |square: Square| {
            before.square(square).is_some_and(|was| was.team != us)
                && after.square(square).is_none_or(|now| now.team == us)
        };
        let lost: Vec<Square> = before
            .squares
            .iter()
            .map(|s| s.square)
            .filter(|&s| !moved.contains(&s) && gave_way(s))
            .collect();
        let captured_elsewhere: Vec<Square> = shape
            .captured
            .iter()
            .copied()
            .filter(|s| !moved.contains(s))
            .collect();
        assert_eq!(captured_elsewhere, lost, "captured by {at}");
        if let Some(to) = shape.to
            && gave_way(to)
        {
            assert!(shape.captured.contains(&to), "capture on to by {at}");
        }
        let text_at =
            |details: &BoardDetails, square: Square| details.square(square).map(|s| s.text.clone());
        for &square in &shape.captured {
            assert!(
                before.square(square).is_some(),
                "captured empty square {square} in {at}"
            );
            if moved.contains(&square) {
                // An Oracle soul may take a soul like itself: no change shows.
                continue;
            }
            assert_ne!(
                text_at(&before, square),
                text_at(&after, square),
                "captured {square} unchanged by {at}"
            );
        }
        for &square in &shape.placed {
            if !moved.contains(&square) {
                assert_ne!(
                    text_at(&before, square),
                    text_at(&after, square),
                    "placed {square} unchanged by {at}"
                );
            }
        }
        for square in (0..64u8).map(Square::new) {
            if text_at(&before, square) != text_at(&after, square) {
                assert!(
                    moved.contains(&square)
                        || shape.captured.contains(&square)
                        || shape.placed.contains(&square),
                    "{square} changed but is not in the shape of {at}: {shape:?}"
                );
            }
        }
        for choice in &shape.choices {
            assert!(text.contains(&choice.text), "choice {choice:?} of {at}");
            if choice.kind == ChoiceKind::Promotion {
                let arrived = shape.to.and_then(|to| after.square(to));
                assert_eq!(
                    arrived.map(|s| s.piece.name.as_str()),
                    Some(choice.piece.as_str()),
                    "promotion of {at}"
                );
            }
        }
        out.push((mv, shape));
    }
    out
}
