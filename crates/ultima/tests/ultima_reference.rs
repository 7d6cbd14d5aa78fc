//! The fast Ultima generator against the independent slow one
//! (`tools/ultima-reference`, written from the rulings page alone) on
//! positions from biased random games: same legal moves, same captured
//! squares per move (via the resulting position), same check status; and
//! the search's generators (pseudo-legal moves checked lazily, noisy moves)
//! agree with the full legal list.

use augur_core::{Game, MoveList};
use augur_ultima::Position;
use augur_ultima_reference as reference;
use rand::prelude::*;

#[test]
fn fast_and_reference_generators_agree_on_random_game_positions() {
    let mut rng = StdRng::seed_from_u64(0x0001_713A);
    let (mut positions, mut in_check, mut with_frozen, mut capture_moves) =
        (0usize, 0usize, 0usize, 0usize);
    while positions < 10_000 {
        let mut position = Position::startpos();
        for _ in 0..rng.random_range(20..140) {
            let text = position.fen();
            let slow = reference::Position::parse(&text)
                .unwrap_or_else(|e| panic!("reference rejects {text}: {e}"));
            let mut fast_moves = MoveList::new();
            position.generate(&mut fast_moves);
            let mut ours: Vec<String> = fast_moves.iter().map(|&m| position.move_text(m)).collect();
            let slow_moves = reference::legal_moves(&slow);
            let mut theirs: Vec<String> = slow_moves.iter().map(|m| m.to_string()).collect();
            ours.sort();
            theirs.sort();
            assert_eq!(ours, theirs, "legal moves differ at {text}");
            assert_eq!(
                position.in_check(),
                reference::in_check(&slow),
                "check differs at {text}"
            );
            // Captures: the positions after each move must agree.
            for mv in &slow_moves {
                let after_slow = reference::play(&slow, mv).to_string();
                let fast = position
                    .parse_move(&mv.to_string())
                    .expect("same move list");
                let after_fast = position.play(fast).fen();
                assert_eq!(after_fast, after_slow, "move {mv} differs at {text}");
            }
            // The search's generators: pseudo-legal moves filtered by
            // `play_pseudo` are the legal ones, and the noisy moves are
            // exactly the legal moves after which the reference has fewer
            // pieces on the board.
            let legal: Vec<_> = fast_moves.iter().copied().collect();
            let noisy = augur_suite::check_search_generators(&position, &legal);
            let mut noisy: Vec<String> = noisy.iter().map(|&m| position.move_text(m)).collect();
            noisy.sort();
            let pieces = |p: &reference::Position| {
                let text = p.to_string();
                let board = text.split(' ').next().unwrap_or_default().to_string();
                board.chars().filter(char::is_ascii_alphabetic).count()
            };
            let mut capturing: Vec<String> = slow_moves
                .iter()
                .filter(|mv| pieces(&reference::play(&slow, mv)) < pieces(&slow))
                .map(|mv| mv.to_string())
                .collect();
            capturing.sort();
            assert_eq!(noisy, capturing, "noisy moves differ at {text}");
            positions += 1;
            in_check += usize::from(position.in_check());
            with_frozen += usize::from(position.frozen().any());
            let captures: Vec<_> = fast_moves
                .iter()
                .copied()
                .filter(|&m| position.play(m).occupied().count() < position.occupied().count())
                .collect();
            capture_moves += captures.len();
            let choice = if !captures.is_empty() && rng.random_bool(0.6) {
                captures.choose(&mut rng).copied()
            } else {
                fast_moves.choose(&mut rng).copied()
            };
            let Some(mv) = choice else { break };
            position = position.play(mv);
        }
    }
    eprintln!(
        "{positions} positions: {in_check} in check, {with_frozen} with frozen pieces, {capture_moves} capturing moves"
    );
    assert!(in_check > 50 && with_frozen > 500 && capture_moves > 1_000);
}
