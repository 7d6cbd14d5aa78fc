//! `genfens`: distinct, legal, roughly balanced start positions for test
//! books, the way OpenBench's data-generation and book workloads ask for
//! them (`./augur "genfens N seed S book None" "quit"`, reading the
//! `info string genfens <position>` lines).
//!
//! Each position is a start (the game's, or a random line of the book)
//! followed by [`MIN_PLIES`] or one more random legal plies (rolls drawn at
//! random in divination games, never an exchange offer). It is kept when
//! the game is not over, it was not produced before, and a short search
//! (a fresh table, [`CHECK_NODES`] nodes) scores it within
//! [`BALANCE_CP`] of equal. Everything is drawn from one generator seeded
//! by `S`, and the search is deterministic, so a seed always gives the
//! same positions.

use std::collections::HashSet;

use augur_core::{Evaluate, MoveList};
use augur_search::{Engine, Limits, SearchConfig, SearchControl};
use rand::prelude::*;

/// What `genfens` is asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GenFensParams {
    /// How many positions (1 to 100,000).
    pub count: u32,
    /// The seed: the same seed gives the same positions.
    pub seed: u64,
    /// A file of positions (one a line, EPD or the game's position string)
    /// to start from; `None` for the game's start.
    pub book: Option<String>,
}

/// Random plies played from the start (one more half of the time).
pub const MIN_PLIES: usize = 8;
/// Nodes of the balance check.
pub const CHECK_NODES: u64 = 2_000;
/// The largest score (centipawns, either side) a kept position may have.
pub const BALANCE_CP: i32 = 200;
/// Tries per position asked for before giving up.
const TRIES_PER_POSITION: usize = 200;

/// The positions of a book file: one a line, the game's position string or
/// EPD (the first four fields, for chess books with operations after them).
/// A line whose castling rights only Chess960 reads (X-FEN `KQkq` with the
/// king off its standard square, Shredder-FEN rook files such as `HEhe`) is
/// a Chess960 position by itself, whatever `chess960` (`UCI_Chess960`) says:
/// it keeps its rights and is written in X-FEN. With `chess960`, every line
/// is read as `UCI_Chess960` reads positions (Chess960 and double Chess960
/// books).
pub fn read_book<G: Evaluate>(path: &str, chess960: bool) -> Result<Vec<G>, String> {
    let read = |text: &str| read_book_line::<G>(text, chess960);
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("genfens: cannot read book '{path}': {e}"))?;
    let positions: Vec<G> = text
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .filter_map(|line| {
            read(line).or_else(|| {
                let epd: Vec<&str> = line.split_whitespace().take(4).collect();
                read(&epd.join(" "))
            })
        })
        .collect();
    if positions.is_empty() {
        return Err(format!(
            "genfens: no position of this game in book '{path}'"
        ));
    }
    Ok(positions)
}

/// One book line as [`read_book`] reads it: in standard chess mode unless
/// `chess960` is on or the standard reading would drop castling rights that
/// the Chess960 reading keeps.
pub fn read_book_line<G: Evaluate>(text: &str, chess960: bool) -> Option<G> {
    let as_chess960 = G::from_fen_chess960(text).ok();
    if chess960 {
        return as_chess960.map(|(p, _)| p.with_chess960(true));
    }
    match (G::from_fen_with_warnings(text), as_chess960) {
        // A standard line: nothing to repair.
        (Ok((standard, dropped)), _) if dropped.is_empty() => Some(standard),
        // Rights only Chess960 has: the line is a Chess960 position.
        (_, Some((position, repaired))) if repaired.is_empty() => {
            Some(position.with_chess960(true))
        }
        (Ok((standard, _)), _) => Some(standard),
        (Err(_), other) => other.map(|(p, _)| p.with_chess960(true)),
    }
}

/// Up to `count` positions from `starts` (the game's start when empty),
/// checked by searches configured by `search`,
/// each handed to `emit` as its position string as soon as it is found.
/// Returns how many were found (fewer than `count` only when the tries run
/// out).
pub fn generate<G: Evaluate>(
    search: SearchConfig,
    count: usize,
    seed: u64,
    starts: &[G],
    default_start: &G,
    emit: &mut dyn FnMut(&str),
) -> usize {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut engine = Engine::<G>::new(16, 1, search);
    let mut seen = HashSet::new();
    let mut found = 0;
    let mut tries = count.saturating_mul(TRIES_PER_POSITION);
    while found < count && tries > 0 {
        tries -= 1;
        let start = starts.choose(&mut rng).unwrap_or(default_start);
        let plies = MIN_PLIES + usize::from(rng.random_bool(0.5));
        let Some(position) = random_walk(start, plies, &mut rng) else {
            continue;
        };
        let text = position.fen();
        if seen.contains(&text) {
            continue;
        }
        engine.clear();
        let limits = Limits {
            nodes: Some(CHECK_NODES),
            ..Limits::default()
        };
        let control = SearchControl::new(false);
        let result = engine.search(&position, &[], &limits, &control, &mut |_| {});
        if result.best_move.is_none() || result.score.abs() > BALANCE_CP {
            continue;
        }
        emit(&text);
        seen.insert(text);
        found += 1;
    }
    found
}

/// `plies` random legal plies from `start`; `None` when the game ends (or
/// only an agreement move is left) on the way or at the end.
fn random_walk<G: Evaluate>(start: &G, plies: usize, rng: &mut StdRng) -> Option<G> {
    let mut position = start.clone();
    for ply in 0..=plies {
        let outcomes = position.chance_outcomes();
        if outcomes > 0 {
            position = position.resolve_chance(rng.random_range(0..outcomes));
        }
        if position.outcome().is_some() {
            return None;
        }
        let mut moves = MoveList::new();
        position.generate(&mut moves);
        let own: Vec<G::Move> = moves
            .iter()
            .copied()
            .filter(|&m| !position.needs_agreement(m))
            .collect();
        if ply == plies {
            // The kept position must have a move of its own.
            return (!own.is_empty()).then_some(position);
        }
        position = position.play(*own.choose(rng)?);
    }
    None
}
