//! Standard chess move generation against an independent generator:
//! python-chess (`tools/chess_reference.py`) plays biased random games and
//! writes, per position, its FEN, its sorted legal moves and its outcome.
//! Augur must read the FEN, write the same canonical FEN, generate exactly
//! the same moves, count the same number, and see the same outcome.

use augur_chess::Position;
use augur_core::{Game, MoveList, Termination};
use augur_suite::python_reference;

fn reference_positions(count: usize, seed: u64) -> String {
    python_reference("chess_reference.py", count, seed)
}

fn outcome_name(position: &Position) -> &'static str {
    match position.outcome().map(|o| o.termination) {
        None => "-",
        Some(Termination::Checkmate) => "checkmate",
        Some(Termination::Stalemate) => "stalemate",
        Some(Termination::InsufficientMaterial) => "insufficient",
        Some(Termination::MoveRule) => "fifty",
        Some(other) => panic!("unexpected termination {other:?}"),
    }
}

fn compare(text: &str) -> usize {
    let mut compared = 0;
    for line in text.lines() {
        let mut fields = line.split('|');
        let (Some(fen), Some(moves), Some(outcome)) = (fields.next(), fields.next(), fields.next())
        else {
            panic!("malformed reference line: {line}");
        };
        let position = Position::from_fen(fen).unwrap_or_else(|e| panic!("rejected {fen}: {e}"));
        assert_eq!(position.fen(), fen, "canonical FEN differs");
        let mut list = MoveList::new();
        position.generate(&mut list);
        let mut ours: Vec<String> = list.iter().map(|m| m.to_string()).collect();
        ours.sort();
        let theirs: Vec<&str> = moves.split_whitespace().collect();
        assert_eq!(ours, theirs, "legal moves differ at {fen}");
        assert_eq!(
            position.count_moves(),
            theirs.len() as u64,
            "bulk count differs at {fen}"
        );
        // python-chess checks insufficient material only for its own listed
        // cases; ours are the same family (see augur_chess::rules).
        assert_eq!(outcome_name(&position), outcome, "outcome differs at {fen}");
        compared += 1;
    }
    compared
}

#[test]
fn legal_moves_match_python_chess_on_random_game_positions() {
    let mut compared = 0;
    for seed in [1, 2, 3] {
        compared += compare(&reference_positions(5_000, seed));
    }
    assert!(compared >= 15_000, "only {compared} positions compared");
}
