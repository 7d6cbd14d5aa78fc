//! Tournaments: a two-engine match, a gauntlet (the first engine against
//! each other) or a round-robin, played as game pairs (same opening, colours
//! swapped; in Enochian chess the teams swapped), `concurrency` games at a
//! time, with one engine process per team or (`--seats army`) per army. Results stream back to the
//! caller as they finish; an SPRT can stop a match early (games under way
//! finish, no new ones start). A thread starts its next game only once the
//! caller has dealt with its last one, so a stop decided on that game is
//! always seen (one game at a time, a run stops at the same game every
//! time).

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Sender};
use std::sync::{Arc, Mutex};

use crate::engine::{EngineProcess, EngineSpec};
use crate::game::{GameRecord, GameResult, GameSettings, play};
use crate::openings::OpeningBook;
use crate::timecontrol::Limit;
use crate::variant::ArenaGame;
use augur_games::Variant;

/// The shape of a tournament.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Engines 0 and 1.
    Match,
    /// Engine 0 against each other engine.
    Gauntlet,
    /// Every engine against every other.
    RoundRobin,
}

/// One scheduled game.
#[derive(Clone, Debug)]
pub struct Job {
    /// Game number, from 1.
    pub number: usize,
    /// The pair it belongs to (same opening, colours swapped).
    pub pair: usize,
    /// Engine indices by seat.
    pub seats: [usize; 2],
}

/// A finished game with its schedule entry.
#[derive(Clone, Debug)]
pub struct Finished {
    /// What was scheduled.
    pub job: Job,
    /// What happened.
    pub record: GameRecord,
}

/// The schedule: for each pairing, `pairs_per_pairing` pairs of games.
pub fn schedule(format: Format, engines: usize, pairs_per_pairing: usize) -> Vec<Job> {
    let pairings: Vec<(usize, usize)> = match format {
        Format::Match => vec![(0, 1)],
        Format::Gauntlet => (1..engines).map(|j| (0, j)).collect(),
        Format::RoundRobin => (0..engines)
            .flat_map(|i| (i + 1..engines).map(move |j| (i, j)))
            .collect(),
    };
    let mut jobs = Vec::new();
    let mut pair = 0;
    for round in 0..pairs_per_pairing {
        for &(a, b) in &pairings {
            let _ = round;
            for seats in [[a, b], [b, a]] {
                jobs.push(Job {
                    number: jobs.len() + 1,
                    pair,
                    seats,
                });
            }
            pair += 1;
        }
    }
    jobs
}

/// Everything a worker needs to play games.
pub struct Plan {
    /// The engines.
    pub engines: Vec<EngineSpec>,
    /// The game (`UCI_Variant`).
    pub variant: Variant,
    /// The default limit (engines may override theirs).
    pub limit: Limit,
    /// Settings shared by all games (limits are filled in per game).
    pub settings: GameSettings,
    /// Openings.
    pub book: OpeningBook,
    /// One engine process per army (`--seats army`) instead of per team.
    pub army_seats: bool,
}

/// The seed of the dice of game pair `pair`: both games of a pair see the
/// same sequence of rolls.
pub fn dice_seed(seed: u64, pair: usize) -> u64 {
    (seed ^ 0xD1CE_D1CE_D1CE_D1CE)
        .wrapping_add((pair as u64 + 1).wrapping_mul(0xA076_1D64_78BD_642F))
}

/// Plays `jobs` on `concurrency` threads, sending each finished game to
/// `results` with a token the caller drops once it has dealt with the
/// game (the thread waits for that before its next game). Stops taking new
/// jobs once `stop` is set.
pub fn run<G: ArenaGame>(
    plan: Arc<Plan>,
    jobs: Vec<Job>,
    concurrency: usize,
    stop: Arc<AtomicBool>,
    results: Sender<(Finished, Sender<()>)>,
) {
    let queue = Arc::new(Mutex::new(VecDeque::from(jobs)));
    let workers: Vec<_> = (0..concurrency.max(1))
        .map(|_| {
            let (queue, plan, stop, results) = (
                Arc::clone(&queue),
                Arc::clone(&plan),
                Arc::clone(&stop),
                results.clone(),
            );
            std::thread::spawn(move || {
                loop {
                    if stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let job = match queue.lock() {
                        Ok(mut queue) => queue.pop_front(),
                        Err(_) => None,
                    };
                    let Some(job) = job else { break };
                    let record = play_job::<G>(&plan, &job);
                    let (dealt, done) = mpsc::channel::<()>();
                    if results.send((Finished { job, record }, dealt)).is_err() {
                        break;
                    }
                    // Returns when the caller drops its token.
                    let _ = done.recv();
                }
            })
        })
        .collect();
    for worker in workers {
        let _ = worker.join();
    }
}

/// Which engine process plays each army, and how many processes there
/// are: one per team (`engine_of_army[a]` is the army's team), or one per
/// army.
pub fn seating<G: ArenaGame>(army_seats: bool) -> Vec<usize> {
    if army_seats {
        (0..G::SEAT_TEAMS.len()).collect()
    } else {
        G::SEAT_TEAMS.iter().map(|t| t.index()).collect()
    }
}

/// Plays one game with freshly started engines (so a crashed or hung engine
/// is replaced for the next game).
fn play_job<G: ArenaGame>(plan: &Plan, job: &Job) -> GameRecord {
    let (start, opening) = plan.book.opening::<G>(job.pair);
    let engine_of_army = seating::<G>(plan.army_seats);
    let processes = engine_of_army.iter().max().map_or(0, |&m| m + 1);
    // The team each process plays for.
    let mut process_team = vec![0; processes];
    for (army, &process) in engine_of_army.iter().enumerate() {
        process_team[process] = G::SEAT_TEAMS[army].index();
    }
    let mut engines = Vec::with_capacity(processes);
    for &team in &process_team {
        match EngineProcess::start(
            &plan.engines[job.seats[team]],
            plan.variant,
            plan.settings.chess960,
        ) {
            Ok(engine) => engines.push(engine),
            Err(why) => {
                return GameRecord {
                    start: start.fen(),
                    chess960: plan.settings.chess960,
                    opening,
                    moves: Vec::new(),
                    offers: Vec::new(),
                    result: GameResult {
                        winner: Some(1 - team),
                        reason: format!("engine failed to start: {why}"),
                    },
                };
            }
        }
    }
    let mut settings = plan.settings.clone();
    settings.limits = job
        .seats
        .iter()
        .map(|&i| plan.engines[i].limit.unwrap_or(plan.limit))
        .collect();
    settings.dice_seed = dice_seed(plan.book.seed, job.pair);
    let record = play::<G>(&mut engines, &engine_of_army, &start, &opening, &settings);
    for engine in engines {
        engine.quit();
    }
    record
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schedules_pair_colours_and_cover_every_pairing() {
        let jobs = schedule(Format::Match, 2, 3);
        assert_eq!(jobs.len(), 6);
        assert_eq!(jobs[0].seats, [0, 1]);
        assert_eq!(jobs[1].seats, [1, 0]);
        assert_eq!(jobs[1].pair, jobs[0].pair);
        assert_eq!(schedule(Format::RoundRobin, 4, 1).len(), 12);
        let gauntlet = schedule(Format::Gauntlet, 4, 2);
        assert_eq!(gauntlet.len(), 12);
        assert!(gauntlet.iter().all(|j| j.seats.contains(&0)));
    }

    #[test]
    fn seats_are_teams_or_armies() {
        assert_eq!(seating::<augur_games::chess::Position>(false), vec![0, 1]);
        assert_eq!(
            seating::<augur_games::enochian::Position>(false),
            vec![1, 0, 1, 0]
        );
        assert_eq!(
            seating::<augur_games::enochian::Position>(true),
            vec![0, 1, 2, 3]
        );
        assert_ne!(dice_seed(1, 0), dice_seed(1, 1));
        assert_ne!(dice_seed(1, 0), dice_seed(2, 0));
    }
}
