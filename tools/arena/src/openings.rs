//! Openings: start positions from a file (FEN, EPD or the game's position
//! strings, one per line), taken in order or in seeded random order, and/or
//! a number of seeded random plies.

use augur_core::{Game, MoveList};

use crate::variant::ArenaGame;
use rand::prelude::*;

/// Where games start.
#[derive(Clone, Debug)]
pub struct OpeningBook {
    /// Position strings (validated when loaded).
    pub positions: Vec<String>,
    /// Take them in random order.
    pub random_order: bool,
    /// Random legal plies played from the start position after the book.
    pub random_plies: usize,
    /// Seed for the random choices (and the dice of random plies).
    pub seed: u64,
    /// Start in divination mode (Enochian chess: a roll pending).
    pub divination: bool,
    /// Chess960: positions are read with castling by any rook, and moves
    /// written king-takes-rook.
    pub chess960: bool,
}

/// Reads a position string, in Chess960 mode when `chess960` (then its
/// moves are written king-takes-rook too).
pub fn read_position<G: Game>(text: &str, chess960: bool) -> Result<G, String> {
    let read = if chess960 {
        G::from_fen_chess960(text).map(|(position, _)| position)
    } else {
        G::from_fen(text)
    };
    read.map(|position| position.with_chess960(chess960))
        .map_err(|e| e.to_string())
}

/// A line up to its first `;` (EPD operations end with `;`). The caller
/// then tries the first 6, then the first 4 fields, since EPD opcodes such
/// as `bm Nf3` follow the 4 position fields.
fn strip_epd(line: &str) -> String {
    line.split(';')
        .next()
        .unwrap_or("")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

impl OpeningBook {
    /// Reads a file of positions for game `G`; blank lines and `#` comments
    /// are skipped; each line must parse.
    pub fn load<G: Game>(path: &std::path::Path, chess960: bool) -> Result<Vec<String>, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let mut positions = Vec::new();
        for (number, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let stripped = strip_epd(line);
            let fields: Vec<&str> = stripped.split_whitespace().collect();
            let candidates = [fields.len().min(6), fields.len().min(4)];
            let parsed = candidates
                .iter()
                .map(|&n| fields[..n].join(" "))
                .find(|text| read_position::<G>(text, chess960).is_ok())
                .ok_or_else(|| {
                    format!("{}:{}: not a position: {line}", path.display(), number + 1)
                })?;
            positions.push(read_position::<G>(&parsed, chess960)?.fen());
        }
        if positions.is_empty() {
            return Err(format!("{}: no positions", path.display()));
        }
        Ok(positions)
    }

    /// The start position and opening moves (move texts) of game pair `pair`.
    /// In divination mode the start has a roll pending and random plies
    /// roll the die first (`4:h8h6Q`). Agreement moves (`exchange`) are
    /// never chosen.
    pub fn opening<G: ArenaGame>(&self, pair: usize) -> (G, Vec<String>) {
        let mut rng =
            StdRng::seed_from_u64(self.seed ^ (pair as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let start = if self.positions.is_empty() {
            G::startpos().with_chess960(self.chess960)
        } else {
            let index = if self.random_order {
                rng.random_range(0..self.positions.len())
            } else {
                pair % self.positions.len()
            };
            read_position::<G>(&self.positions[index], self.chess960)
                .unwrap_or_else(|_| G::startpos().with_chess960(self.chess960))
        };
        let start = match self.divination {
            true => start.divination().unwrap_or(start),
            false => start,
        };
        let mut position = start.clone();
        let mut moves = Vec::new();
        for _ in 0..self.random_plies {
            let faces = position.chance_outcomes();
            if faces > 0 {
                position = position.resolve_chance(rng.random_range(0..faces));
            }
            let mut list = MoveList::new();
            position.generate(&mut list);
            let choices: Vec<G::Move> = list
                .iter()
                .copied()
                .filter(|&mv| !position.needs_agreement(mv))
                .collect();
            let Some(&mv) = choices.choose(&mut rng) else {
                break;
            };
            let next = position.play(mv);
            if next.outcome().is_some() {
                break;
            }
            moves.push(match position.chance_text() {
                Some(roll) => format!("{roll}:{}", position.move_text(mv)),
                None => position.move_text(mv),
            });
            position = next;
        }
        (start, moves)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn epd_and_fen_lines_load_and_random_plies_are_reproducible() {
        let dir = std::env::temp_dir().join(format!("arena-openings-{}", std::process::id()));
        std::fs::write(
            &dir,
            "# comment\nrnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n\
             r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - bm Bb5; id \"x\";\n",
        )
        .expect("write");
        let positions =
            OpeningBook::load::<augur_games::chess::Position>(&dir, false).expect("loads");
        let _ = std::fs::remove_file(&dir);
        assert_eq!(positions.len(), 2);
        let book = OpeningBook {
            positions,
            random_order: false,
            random_plies: 4,
            seed: 3,
            divination: false,
            chess960: false,
        };
        let (a, moves_a) = book.opening::<augur_games::chess::Position>(1);
        let (b, moves_b) = book.opening::<augur_games::chess::Position>(1);
        assert_eq!((a.fen(), &moves_a), (b.fen(), &moves_b));
        assert_eq!(moves_a.len(), 4);
        assert!(a.fen().starts_with("r1bqkbnr"));
    }

    #[test]
    fn divination_openings_roll_reproducibly() {
        let book = OpeningBook {
            positions: Vec::new(),
            random_order: false,
            random_plies: 6,
            seed: 9,
            divination: true,
            chess960: false,
        };
        let (start, moves) = book.opening::<augur_games::enochian::Position>(2);
        assert!(start.fen().ends_with(" ?"));
        assert_eq!(moves.len(), 6);
        assert!(moves.iter().all(|m| m.as_bytes()[1] == b':'), "{moves:?}");
        assert_eq!(book.opening::<augur_games::enochian::Position>(2).1, moves);
        let mut position = start;
        for text in &moves {
            position = augur_core::play_text(&position, text)
                .expect("legal")
                .position()
                .clone();
        }
    }
}
