//! Helpers shared by the search behaviour tests: driving an engine to a
//! fixed depth, and an independent brute-force solver over a game's own
//! move generator (plain minimax over who wins, no pruning heuristics, no
//! table), against which the engine's mate scores are checked.

#![allow(dead_code)] // each test file uses a different part

use augur_core::{Color, Evaluate, Game, MoveList};
use augur_search::score::MATE;
use augur_search::{
    Engine, Limits, SearchConfig, SearchControl, SearchInfo, SearchResult, Switches,
};

/// How Augur searches `G`: every optional technique on in chess, none in
/// the other games, as the game registry says
/// (`augur_games::Variant::search_config`, whose own test checks the same;
/// the registry depends on this crate, so these tests cannot ask it).
pub fn config<G: Game>() -> SearchConfig {
    if G::NAME == <augur_chess::Position as Game>::NAME {
        SearchConfig::with_switches(Switches::ALL)
    } else {
        SearchConfig::default()
    }
}

/// An engine for `G` with a `hash_mb` table and `threads` threads that
/// searches as Augur searches `G` ([`config`]).
pub fn engine<G: Evaluate>(hash_mb: usize, threads: usize) -> Engine<G> {
    Engine::new(hash_mb, threads, config::<G>())
}

/// Limits of a search to `depth` plies.
pub fn depth<M: Default>(depth: u32) -> Limits<M> {
    Limits {
        depth: Some(depth),
        ..Limits::default()
    }
}

/// Reads a position string the test wrote, or fails the test.
pub fn position<G: Game>(text: &str) -> G {
    G::from_fen(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The legal moves of `position`.
pub fn moves<G: Game>(position: &G) -> Vec<G::Move> {
    let mut list = MoveList::new();
    position.generate(&mut list);
    list.iter().copied().collect()
}

/// Runs `limits` on `root` with `engine`; returns the result and every
/// progress report.
pub fn run<G: Evaluate>(
    engine: &mut Engine<G>,
    root: &G,
    limits: &Limits<G::Move>,
) -> (SearchResult<G::Move>, Vec<SearchInfo<G::Move>>) {
    let mut infos = Vec::new();
    let result = engine.search(root, &[], limits, &SearchControl::new(false), &mut |info| {
        infos.push(info.clone())
    });
    (result, infos)
}

/// Whether `team` can force the game's end with its win within `plies`
/// plies from `position`, whatever the other team does. Moves that need
/// the other team's agreement are left out (no position used here has
/// them).
pub fn wins_within<G: Game>(position: &G, team: Color, plies: u32) -> bool {
    if let Some(outcome) = position.outcome() {
        return outcome.winner == Some(team);
    }
    if plies == 0 {
        return false;
    }
    let moves = moves(position);
    assert!(
        moves.iter().all(|&m| !position.needs_agreement(m)),
        "{}: the solver does not model agreements",
        position.fen()
    );
    let wins = |&m: &G::Move| wins_within(&position.play(m), team, plies - 1);
    if position.team() == team {
        moves.iter().any(wins)
    } else {
        moves.iter().all(wins)
    }
}

/// The fewest plies in which the team to move forces its win, searching up
/// to `max` plies.
pub fn fastest_win<G: Game>(position: &G, max: u32) -> Option<u32> {
    let team = position.team();
    (1..=max).find(|&plies| wins_within(position, team, plies))
}

/// The internal score of a win `plies` plies from the root.
pub fn win_score(plies: u32) -> i32 {
    MATE - plies as i32
}

/// A small seeded random number generator (SplitMix64), so that the tests
/// choose the same "random" openings and positions on every run.
pub struct Rng(u64);

impl Rng {
    /// A generator from `seed`.
    pub fn new(seed: u64) -> Self {
        Self(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}
