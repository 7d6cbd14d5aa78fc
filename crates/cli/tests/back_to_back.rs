//! `go` sent the moment `bestmove` arrives, with no `position` in between
//! (what a tournament manager's compliance check and analysis front-ends
//! do), through the real binary in every game: every `go` must be accepted
//! and answered by exactly one legal `bestmove`.
//!
//! The default run sends 5,000 searches per game; the ignored test sends
//! 100,000 (`cargo test --release -p augur-cli --test back_to_back --
//! --ignored`).

use augur_core::{Game, MoveList};
use augur_games::{Variant, with_game};

mod common;
use common::Augur;

/// What a run saw.
#[derive(Debug, Default, PartialEq, Eq)]
struct Tally {
    answered: usize,
    refused: usize,
}

/// Sends `count` searches back to back from one position of `G`: fixed
/// depths and node limits, and every tenth on a short clock.
fn back_to_back<G: Game>(variant: Variant, count: usize) -> Tally {
    let position = G::startpos();
    let mut legal = MoveList::new();
    position.generate(&mut legal);
    let legal: Vec<String> = legal.iter().map(|&m| position.move_text(m)).collect();
    let mut engine = Augur::start();
    engine.send(&format!("setoption name UCI_Variant value {variant}"));
    engine.send("position startpos");
    let clock = if G::SEAT_NAMES.len() > 2 {
        G::SEAT_NAMES
            .iter()
            .map(|name| format!("{name}time 30 {name}inc 10"))
            .collect::<Vec<_>>()
            .join(" ")
    } else {
        "wtime 30 winc 10 btime 30 binc 10".to_string()
    };
    let mut tally = Tally::default();
    for i in 0..count {
        let go = match i % 10 {
            9 => format!("go {clock}"),
            i if i % 2 == 0 => "go depth 1".to_string(),
            _ => "go nodes 50".to_string(),
        };
        engine.send(&go);
        loop {
            let line = engine.next_line();
            if line.starts_with("info string error") {
                tally.refused += 1;
                break;
            }
            if let Some(rest) = line.strip_prefix("bestmove ") {
                let best = rest.split_whitespace().next().unwrap_or("");
                assert!(
                    legal.iter().any(|m| m == best),
                    "{variant}: bestmove {best}"
                );
                tally.answered += 1;
                break;
            }
        }
    }
    engine.quit();
    tally
}

fn check(count: usize) {
    for variant in Variant::ALL {
        let tally = with_game!(variant, G => back_to_back::<G>(variant, count));
        assert_eq!(
            tally,
            Tally {
                answered: count,
                refused: 0
            },
            "{variant}"
        );
    }
}

#[test]
fn every_go_right_after_bestmove_is_answered() {
    check(5_000);
}

#[test]
#[ignore = "long: 100,000 searches per game"]
fn every_go_right_after_bestmove_is_answered_long() {
    check(100_000);
}
