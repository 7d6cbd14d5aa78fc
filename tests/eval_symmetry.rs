//! The static evaluations of Oracle chess and Enochian chess respect the
//! symmetries of their rules, on thousands of positions from random games.
//!
//! - Oracle chess: the board turned top to bottom with every body's colour
//!   swapped (souls have no colour and stay as they are), the earth's bodies
//!   swapped with it, and the other side to move, is the same game for the
//!   other player. The evaluation (from the side to move's view) is
//!   unchanged, the White-minus-Black material balance is negated, and each
//!   term's two sides trade places.
//! - Enochian chess: turning the board a quarter turn clockwise takes each
//!   army's corner, throne, array squares, pawn direction and promotion line
//!   onto the next army's in the turn cycle (Yellow to Blue, Blue to Red,
//!   Red to Black, Black to Yellow; `docs/rules/enochian.md`, "Board,
//!   armies and teams"), so the two teams trade places and play still runs
//!   the same way round. The evaluation (the team to move's view) is
//!   unchanged and each team's features become the other team's. Half a
//!   turn keeps the teams, and with them every feature. The legal move
//!   count is unchanged too (the move generator sees the same game).
//!
//! Only exact symmetries of the rules are used: a mirror (left to right)
//! of the Enochian board, for one, would send Yellow's pawns down on
//! Blue's side, which no army does.

use augur_core::{Color, Evaluate, Game, MoveList};
use rand::prelude::*;

/// Random games from `starts`: every position met, resolving chance with
/// random outcomes and stopping at the end of a game or after `plies`.
fn playout_positions<G: Game>(starts: &[G], games: usize, plies: usize, seed: u64) -> Vec<G> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut out = Vec::new();
    for game in 0..games {
        let mut position = starts[game % starts.len()].clone();
        for _ in 0..plies {
            if position.chance_outcomes() > 0 {
                let outcome = rng.random_range(0..position.chance_outcomes());
                position = position.resolve_chance(outcome);
            }
            out.push(position.clone());
            let mut moves = MoveList::new();
            position.generate(&mut moves);
            if moves.is_empty() || position.outcome().is_some() {
                break;
            }
            position = position.play(moves[rng.random_range(0..moves.len())]);
        }
    }
    out
}

fn legal_count<G: Game>(position: &G) -> usize {
    let mut moves = MoveList::new();
    position.generate(&mut moves);
    moves.len()
}

// ---------------------------------------------------------------------------
// Oracle chess.
// ---------------------------------------------------------------------------

mod oracle {
    use super::*;
    use augur_oracle::Position;

    /// The colour-flipped position string: ranks in reverse order, the case
    /// of every body letter swapped (soul letters, in parentheses, kept),
    /// the earth's letters swapped, the other side to move.
    pub fn flip(position: &Position) -> Position {
        let fen = position.fen();
        let fields: Vec<&str> = fen.split(' ').collect();
        assert_eq!(fields.len(), 6, "{fen}");
        let swap_bodies = |rank: &str| -> String {
            let mut out = String::new();
            let mut in_souls = false;
            for c in rank.chars() {
                match c {
                    '(' => in_souls = true,
                    ')' => in_souls = false,
                    _ => {}
                }
                out.push(if in_souls {
                    c
                } else if c.is_ascii_uppercase() {
                    c.to_ascii_lowercase()
                } else {
                    c.to_ascii_uppercase()
                });
            }
            out
        };
        let board: Vec<String> = fields[0].split('/').rev().map(swap_bodies).collect();
        let earth: String = if fields[1] == "-" {
            "-".to_string()
        } else {
            swap_bodies(fields[1])
        };
        let side = if fields[3] == "w" { "b" } else { "w" };
        let text = format!(
            "{} {earth} {} {side} {} {}",
            board.join("/"),
            fields[2],
            fields[4],
            fields[5]
        );
        Position::from_fen(&text).unwrap_or_else(|e| panic!("flip of {fen}: {text}: {e}"))
    }

    pub fn positions() -> Vec<Position> {
        let starts: Vec<Position> = Position::BENCH_POSITIONS
            .iter()
            .map(|text| Position::from_fen(text).expect("bench position"))
            .collect();
        playout_positions(&starts, 48, 120, 0x0AC1E)
    }
}

#[test]
fn oracle_evaluation_is_colour_symmetric_on_random_playouts() {
    let positions = oracle::positions();
    assert!(positions.len() > 3_000, "{}", positions.len());
    let mut unbalanced = 0;
    for position in &positions {
        let flipped = oracle::flip(position);
        let fen = position.fen();
        assert_eq!(oracle::flip(&flipped).fen(), fen, "flip is an involution");
        assert_eq!(
            position.evaluate(),
            flipped.evaluate(),
            "{fen} vs {}",
            flipped.fen()
        );
        assert_eq!(
            position.evaluate_material(),
            flipped.evaluate_material(),
            "{fen}"
        );
        assert_eq!(
            position.material_balance(),
            -flipped.material_balance(),
            "{fen}"
        );
        for (term, mirrored) in position.eval_terms().iter().zip(flipped.eval_terms()) {
            assert_eq!(term.name, mirrored.name);
            assert_eq!(
                (term.first, term.second),
                (mirrored.second, mirrored.first),
                "{} at {fen}",
                term.name
            );
        }
        assert_eq!(legal_count(position), legal_count(&flipped), "{fen}");
        if position.material_balance() != 0 {
            unbalanced += 1;
        }
    }
    // The sample is not only symmetric positions (where any evaluation
    // would pass the material check).
    assert!(unbalanced > positions.len() / 4, "{unbalanced}");
}

// ---------------------------------------------------------------------------
// Enochian chess.
// ---------------------------------------------------------------------------

mod enochian {
    use super::*;
    use augur_enochian::{Army, Element, Position};

    /// The army a quarter turn clockwise takes `letter`'s corner to.
    fn next_army(letter: char) -> char {
        match letter {
            'y' => 'b',
            'b' => 'r',
            'r' => 'k',
            'k' => 'y',
            other => panic!("not an army letter: {other}"),
        }
    }

    /// The board as 8 ranks (rank 1 first) of 8 square tokens.
    fn grid(board: &str) -> Vec<Vec<String>> {
        let mut ranks: Vec<Vec<String>> = board
            .split('/')
            .map(|rank| {
                let mut row: Vec<String> = Vec::new();
                for c in rank.chars() {
                    if let Some(n) = c.to_digit(10) {
                        row.extend(std::iter::repeat_n(String::new(), n as usize));
                    } else if c.is_ascii_lowercase() {
                        row.push(c.to_string());
                    } else {
                        row.last_mut().expect("a piece follows its army").push(c);
                    }
                }
                assert_eq!(row.len(), 8, "{board}");
                row
            })
            .collect();
        ranks.reverse();
        ranks
    }

    fn board_text(grid: &[Vec<String>]) -> String {
        augur_suite::board_field(&grid.concat())
    }

    /// The position turned a quarter turn clockwise: the piece on (file f,
    /// rank r) goes to (file r, rank 7 - f), a8 to h8, h8 to h1, h1 to a1,
    /// a1 to a8; every army letter (pieces, army to move, frozen, control)
    /// becomes the next army's.
    pub fn quarter_turn(position: &Position) -> Position {
        let text = position.fen();
        let fields: Vec<&str> = text.split(' ').collect();
        assert_eq!(fields.len(), 6, "{text}");
        let old = grid(fields[0]);
        let mut new = vec![vec![String::new(); 8]; 8];
        for (rank, row) in old.iter().enumerate() {
            for (file, cell) in row.iter().enumerate() {
                let mut token: String = cell.chars().take(1).map(next_army).collect();
                token.extend(cell.chars().skip(1));
                new[7 - file][rank] = token;
            }
        }
        let letters = |field: &str| -> String {
            field
                .chars()
                .map(|c| {
                    if c.is_ascii_lowercase() {
                        next_army(c)
                    } else {
                        c
                    }
                })
                .collect()
        };
        let rotated = format!(
            "{} {} {} {} {} {}",
            board_text(&new),
            letters(fields[1]),
            fields[2],
            if fields[3] == "-" {
                "-".to_string()
            } else {
                letters(fields[3])
            },
            if fields[4] == "-" {
                "-".to_string()
            } else {
                letters(fields[4])
            },
            fields[5]
        );
        Position::from_fen(&rotated).unwrap_or_else(|e| panic!("turn of {text}: {rotated}: {e}"))
    }

    /// Starts over all 32 arrays, normal and divination, some with one
    /// King of each team taken (Yellow and Black frozen) and some with
    /// Yellow Kingless and controlled by Red, so frozen and controlled
    /// armies are met.
    pub fn positions() -> Vec<Position> {
        let mut starts = Vec::new();
        for setting in Element::ALL {
            for board in Element::ALL {
                for clockwise in [true, false] {
                    let array = Position::array(setting, board, clockwise).fen();
                    let (head, _) = array.rsplit_once(' ').expect("six fields");
                    let fields: Vec<&str> = head.split(' ').collect();
                    let frozen = format!(
                        "{} {} {} yk - ",
                        fields[0].replacen("yK", "y", 1).replacen("kK", "k", 1),
                        fields[1],
                        fields[2]
                    );
                    let controlled = format!(
                        "{} {} {} - ry ",
                        fields[0].replacen("yK", "y", 1),
                        fields[1],
                        fields[2]
                    );
                    for text in [format!("{head} "), frozen, controlled] {
                        for die in ["-", "?"] {
                            let start = format!("{text}{die}");
                            starts.push(
                                Position::from_fen(&start)
                                    .unwrap_or_else(|e| panic!("{start}: {e}")),
                            );
                        }
                    }
                }
            }
        }
        playout_positions(&starts, 96, 80, 0xE40C)
    }

    pub fn team_of(position: &Position) -> Color {
        position.to_move().team()
    }

    pub fn armies_rotate(position: &Position, turned: &Position) {
        for army in Army::ALL {
            let next = Army::from_index(army.index() + 1);
            assert_eq!(position.is_frozen(army), turned.is_frozen(next));
            assert_eq!(
                position
                    .controller(army)
                    .map(|a| Army::from_index(a.index() + 1)),
                turned.controller(next)
            );
        }
    }
}

#[test]
fn enochian_evaluation_is_symmetric_under_quarter_and_half_turns() {
    use augur_enochian::Die;
    let positions = enochian::positions();
    assert!(positions.len() > 3_000, "{}", positions.len());
    let (mut frozen, mut divination, mut unequal) = (0, 0, 0);
    for position in &positions {
        let fen = position.fen();
        let quarter = enochian::quarter_turn(position);
        let half = enochian::quarter_turn(&quarter);
        let back = enochian::quarter_turn(&enochian::quarter_turn(&half));
        assert_eq!(back.fen(), fen, "four quarter turns are the identity");
        enochian::armies_rotate(position, &quarter);
        let us = enochian::team_of(position);
        // A quarter turn: the other team is to move, with our features.
        assert_eq!(enochian::team_of(&quarter), us.opponent(), "{fen}");
        assert_eq!(
            position.evaluate(),
            quarter.evaluate(),
            "{fen} vs {}",
            quarter.fen()
        );
        assert_eq!(position.evaluate_material(), quarter.evaluate_material());
        for team in [Color::White, Color::Black] {
            assert_eq!(
                position.eval_features(team),
                quarter.eval_features(team.opponent()),
                "{team:?} at {fen} vs {}",
                quarter.fen()
            );
            assert_eq!(
                position.eval_features(team),
                half.eval_features(team),
                "{team:?} at {fen} vs {}",
                half.fen()
            );
        }
        assert_eq!(position.evaluate(), half.evaluate(), "{fen}");
        assert_eq!(enochian::team_of(&half), us);
        assert_eq!(legal_count(position), legal_count(&quarter), "{fen}");
        assert_eq!(legal_count(position), legal_count(&half), "{fen}");
        if position.eval_features(Color::White) != position.eval_features(Color::Black) {
            unequal += 1;
        }
        if augur_enochian::Army::ALL
            .iter()
            .any(|&a| position.is_frozen(a))
        {
            frozen += 1;
        }
        if position.die() != Die::Off {
            divination += 1;
        }
    }
    let n = positions.len();
    assert!(unequal > n / 2, "{unequal} of {n} positions differ by team");
    assert!(frozen > n / 10, "{frozen} of {n} with a frozen army");
    assert!(divination > n / 4, "{divination} of {n} in divination mode");
}
