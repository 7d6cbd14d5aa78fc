//! Units of work for running a match on many machines: `--pair N` plays
//! only game pair `N` of the schedule (its opening, colours or teams
//! swapped, the pair's dice) and writes a unit result; `--merge` reads unit
//! results back and replays their games, in game order, into the same PGN
//! and summary a one-machine run with the same arguments writes.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::report::Outcome;
use crate::tournament::Job;

/// One game of a unit: its outcome and its PGN text.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct UnitGame {
    /// What the summary counts.
    #[serde(flatten)]
    pub outcome: Outcome,
    /// The game in PGN, exactly as the one-machine run writes it.
    pub pgn: String,
}

/// The result of one game pair (`--pair N --json FILE`).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Unit {
    /// The pair, from 0.
    pub pair: usize,
    /// Its games, in game order.
    pub games: Vec<UnitGame>,
}

/// The files `paths` name: unit files as given, and every `*.json` file
/// of a directory.
fn unit_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            let entries =
                std::fs::read_dir(path).map_err(|e| format!("{}: {e}", path.display()))?;
            for entry in entries {
                let file = entry
                    .map_err(|e| format!("{}: {e}", path.display()))?
                    .path();
                if file.extension().is_some_and(|x| x == "json") {
                    files.push(file);
                }
            }
        } else {
            files.push(path.clone());
        }
    }
    Ok(files)
}

fn read_unit(path: &Path) -> Result<Unit, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    serde_json::from_str(&text).map_err(|e| format!("{}: not a unit result: {e}", path.display()))
}

/// The games of the unit results at `paths`, in game order, checked
/// against the schedule: each game once, with the scheduled seats, and
/// no pair left out before the last one given (a run stopped by the SPRT
/// gives a prefix of the pairs).
pub fn load_games(paths: &[PathBuf], jobs: &[Job]) -> Result<Vec<UnitGame>, String> {
    let mut games: Vec<UnitGame> = Vec::new();
    for file in unit_files(paths)? {
        let unit = read_unit(&file)?;
        for game in unit.games {
            if game.outcome.pair != unit.pair {
                return Err(format!(
                    "{}: game {} is not of pair {}",
                    file.display(),
                    game.outcome.number,
                    unit.pair
                ));
            }
            games.push(game);
        }
    }
    games.sort_by_key(|g| g.outcome.number);
    for (i, game) in games.iter().enumerate() {
        let number = game.outcome.number;
        if number < i + 1 {
            return Err(format!("game {number} is given twice"));
        }
        let Some(job) = jobs.get(i) else {
            return Err(format!("game {number} is not in the schedule"));
        };
        if number > job.number {
            return Err(format!(
                "game {} (pair {}) is missing",
                job.number,
                job.pair + 1
            ));
        }
        if job.pair != game.outcome.pair || job.seats != game.outcome.seats {
            return Err(format!(
                "game {number} does not match the schedule (other engines or format?)"
            ));
        }
    }
    Ok(games)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::{Format, schedule};

    fn unit_file(name: &str, pair: usize, seats: [[usize; 2]; 2]) -> PathBuf {
        let games = (0..2)
            .map(|i| UnitGame {
                outcome: Outcome {
                    number: 2 * pair + i + 1,
                    pair,
                    seats: seats[i],
                    winner: None,
                    reason: "draw".into(),
                    offers: [0; 3],
                    result: "1/2-1/2".into(),
                },
                pgn: format!("game {}\n", 2 * pair + i + 1),
            })
            .collect();
        let path = std::env::temp_dir().join(format!(
            "augur-arena-unit-{}-{name}.json",
            std::process::id()
        ));
        let text = serde_json::to_string(&Unit { pair, games }).expect("json");
        std::fs::write(&path, text).expect("write");
        path
    }

    /// Units come back in any order and merge in game order; a missing
    /// pair, a pair given twice or seats that are not the schedule's are
    /// errors.
    #[test]
    fn units_merge_in_game_order_and_gaps_are_errors() {
        let jobs = schedule(Format::Match, 2, 3);
        let ok = [[0, 1], [1, 0]];
        let (a, b, c) = (
            unit_file("a", 2, ok),
            unit_file("b", 0, ok),
            unit_file("c", 1, ok),
        );
        let games = load_games(&[a.clone(), b.clone(), c.clone()], &jobs).expect("merge");
        let numbers: Vec<usize> = games.iter().map(|g| g.outcome.number).collect();
        assert_eq!(numbers, [1, 2, 3, 4, 5, 6]);
        // A prefix (an SPRT stop) is fine; a gap is not.
        assert_eq!(
            load_games(std::slice::from_ref(&b), &jobs)
                .expect("prefix")
                .len(),
            2
        );
        let gap = load_games(&[a.clone(), b.clone()], &jobs).expect_err("gap");
        assert!(gap.contains("game 3 (pair 2) is missing"), "{gap}");
        let twice = load_games(&[b.clone(), b.clone()], &jobs).expect_err("twice");
        assert!(twice.contains("twice"), "{twice}");
        let swapped = unit_file("d", 1, [[1, 0], [0, 1]]);
        let wrong = load_games(&[b.clone(), swapped.clone()], &jobs).expect_err("seats");
        assert!(wrong.contains("schedule"), "{wrong}");
        for file in [a, b, c, swapped] {
            let _ = std::fs::remove_file(file);
        }
    }
}
