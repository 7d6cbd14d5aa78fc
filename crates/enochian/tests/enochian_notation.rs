//! Enochian chess's readable notation ([`Game::notation`]): examples from
//! the rules page written out (a throne partner leaving, rolls, a lost
//! turn, the exchange), every legal move of random normal and divination
//! games read back from its notation and no two sharing one, King captures
//! marked exactly when a King is taken, and the Kings in danger exactly
//! the team's attacked Kings.

use augur_core::{Game, Square};
use augur_enochian::{Position, START, team_armies};
use augur_suite::notation::check_notations;
use augur_suite::shapes::random_positions;
use augur_suite::{read_perft_file, repo_root};

fn position(text: &str) -> Position {
    Position::from_fen(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The notation of the move written `text` in `position`, checked to read
/// back.
fn written(position: &Position, text: &str) -> String {
    let mv = position.parse_move(text).unwrap_or_else(|e| panic!("{e}"));
    let notation = position.notation(mv);
    assert_eq!(position.parse_notation(&notation), Ok(mv), "{notation}");
    notation
}

#[test]
fn the_rules_pages_moves_written_out() {
    let start = position(START);
    assert_eq!(written(&start, "h8f6Q"), "b:Qh8-f6");
    let board = START.strip_suffix(" -").expect("start ends with the die");
    let rolled = |roll: u8| position(&format!("{board} {roll}"));
    assert_eq!(written(&rolled(4), "h8f6Q"), "b4:Qh8-f6");
    assert_eq!(written(&rolled(5), "0000"), "b5:lost-turn");
    assert_eq!(rolled(4).chance_notation().as_deref(), Some("Blue rolls 4"));
    assert_eq!(start.chance_notation(), None);
    assert!(rolled(4).parse_notation("b:Qh8-f6").is_err());
    assert!(start.parse_notation("b:Kh8-f6").is_err());
    let exchange = position("8/8/7yR/3rK4/8/8/8/bK7 k d - ry,bk -");
    assert_eq!(written(&exchange, "exchange"), "k:exchange");
}

#[test]
fn notation_round_trips_and_is_unique_over_random_games() {
    let mut starts = vec![Position::startpos()];
    for record in read_perft_file(&repo_root().join("tests/perft/enochian.perft")) {
        let text = &record.position;
        starts.push(position(text));
        if let Some(board) = text.strip_suffix(" -") {
            starts.push(position(&format!("{board} ?")));
        }
    }
    let positions = random_positions(&starts, 6, 120, 17);
    let (mut moves, mut kings_taken, mut rolls, mut in_danger) = (0, 0, 0, 0);
    for position in &positions {
        let details = position.board_details();
        for (mv, text) in check_notations(position) {
            moves += 1;
            let shape = position.move_shape(mv);
            let takes_king = shape.captured.iter().any(|&square| {
                details
                    .square(square)
                    .is_some_and(|s| s.piece.name == "king")
            });
            assert_eq!(
                text.contains("xK"),
                takes_king,
                "{text} at {}",
                position.fen()
            );
            kings_taken += usize::from(takes_king);
            let army = text.chars().next().unwrap_or(' ');
            assert_eq!(
                Some(army),
                position
                    .fen()
                    .split(' ')
                    .nth(1)
                    .and_then(|f| f.chars().next())
            );
            let roll = position.chance_text().map(|r| format!("{army}{r}:"));
            rolls += usize::from(roll.is_some());
            assert!(
                text.starts_with(&roll.unwrap_or(format!("{army}:"))),
                "{text}"
            );
        }
        let danger = position.royal_in_danger();
        let attacked: Vec<Square> = team_armies(position.team())
            .into_iter()
            .filter(|&army| position.king_attacked(army))
            .filter_map(|army| position.king(army))
            .collect();
        assert_eq!(danger.len(), attacked.len(), "{}", position.fen());
        assert!(attacked.iter().all(|square| danger.contains(square)));
        if position.in_check() {
            assert!(!danger.is_empty(), "{}", position.fen());
        }
        in_danger += usize::from(!danger.is_empty());
    }
    assert!(
        moves > 50_000 && kings_taken > 50 && rolls > 1_000 && in_danger > 100,
        "{moves} moves, {kings_taken} King captures, {rolls} rolled, {in_danger} in danger"
    );
}
