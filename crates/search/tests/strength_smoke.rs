//! A deterministic strength smoke test: in each of the four games, a short
//! match at fixed depth (never time, so the result does not depend on the
//! machine) between a deep and a shallow search from openings chosen by a
//! seeded random generator, each opening played with both colours. The
//! deep side must score clearly more than the shallow one; a search that
//! has lost its way (wrong signs, broken pruning, a table that lies) does
//! not. Games are capped in length and adjudicated by material at the cap
//! (by the evaluation in chess, which has no material-only one).

mod common;

use augur_core::{Color, Evaluate, Game};
use augur_enochian::Element;
use augur_search::{Engine, Limits, SearchControl};
use common::{Rng, moves};

/// How a game of the match ended, from the deep side's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum GameResult {
    Win,
    Draw,
    Loss,
}

impl GameResult {
    /// Points in half-points (win 2, draw 1, loss 0).
    fn half_points(self) -> u32 {
        match self {
            GameResult::Win => 2,
            GameResult::Draw => 1,
            GameResult::Loss => 0,
        }
    }
}

/// A seeded opening: the position the engines start from and the keys of
/// the positions before it; `None` to draw another.
type Opening<G> = fn(&mut Rng) -> Option<(G, Vec<u64>)>;

/// What one game type needs for a match.
struct Match<G> {
    opening: Opening<G>,
    /// Openings, each played twice (the deep side with either team).
    openings: usize,
    deep: u32,
    shallow: u32,
    /// Plies after which the game is adjudicated.
    cap: usize,
    /// Lead (centipawns, by the material-only evaluation; chess has none
    /// and uses its full evaluation) that wins an adjudicated game.
    margin: i32,
}

/// Plays `plies` seeded random plies from the start; `None` if the game
/// ended on the way, or the opening is not `level` or leaves the side to
/// move in check.
fn random_opening<G: Game>(
    rng: &mut Rng,
    plies: usize,
    level: fn(&G) -> bool,
) -> Option<(G, Vec<u64>)> {
    let mut position = G::startpos();
    let mut history = Vec::new();
    for _ in 0..plies {
        let legal = moves(&position);
        if legal.is_empty() || position.outcome().is_some() {
            return None;
        }
        history.push(position.hash());
        position = position.play(legal[rng.below(legal.len())]);
    }
    let level = position.outcome().is_none() && level(&position) && !position.in_check();
    level.then_some((position, history))
}

/// No material has changed hands: the material-only evaluation is that of
/// the start (Ultima and Oracle chess have one).
fn same_material<G: Evaluate>(position: &G) -> bool {
    position.evaluate_material() == G::startpos().evaluate_material()
}

/// Plays one game from `start`; the deep engine plays `deep_team`.
fn play<G: Evaluate>(
    settings: &Match<G>,
    start: &G,
    earlier: &[u64],
    deep_team: Color,
    engines: &mut [Engine<G>; 2],
) -> (GameResult, usize) {
    for engine in engines.iter_mut() {
        engine.clear();
    }
    let mut position = start.clone();
    let mut history = earlier.to_vec();
    let from_deep = |winner: Option<Color>| match winner {
        None => GameResult::Draw,
        Some(team) if team == deep_team => GameResult::Win,
        Some(_) => GameResult::Loss,
    };
    for ply in 0..settings.cap {
        if let Some(outcome) = position.outcome_with_history(&history) {
            return (from_deep(outcome.winner), ply);
        }
        let deep = position.team() == deep_team;
        let limits = Limits {
            depth: Some(if deep {
                settings.deep
            } else {
                settings.shallow
            }),
            // An offer needs the other team's agreement; none is given.
            no_offers: true,
            ..Limits::default()
        };
        let engine = &mut engines[usize::from(!deep)];
        let result = engine.search(
            &position,
            &history,
            &limits,
            &SearchControl::new(false),
            &mut |_| {},
        );
        let mv = result.best_move.expect("a game not over has a move");
        assert!(position.is_legal(mv), "{}: illegal move", position.fen());
        history.push(position.hash());
        position = if position.needs_agreement(mv) {
            match position.declined_offer_pass() {
                Some((_, passed)) => passed,
                None => panic!("{}: an offer with other moves left", position.fen()),
            }
        } else {
            position.play(mv)
        };
    }
    if let Some(outcome) = position.outcome_with_history(&history) {
        return (from_deep(outcome.winner), settings.cap);
    }
    // Adjudicated: the material balance from the deep side's view.
    let material = position.evaluate_material();
    let for_deep = if position.team() == deep_team {
        material
    } else {
        -material
    };
    let result = if for_deep >= settings.margin {
        GameResult::Win
    } else if for_deep <= -settings.margin {
        GameResult::Loss
    } else {
        GameResult::Draw
    };
    (result, settings.cap)
}

/// Plays the match; the deep side must score more than 70%.
fn deep_beats_shallow<G: Evaluate>(settings: Match<G>, seed: u64) {
    let started = std::time::Instant::now();
    let mut rng = Rng::new(seed);
    let mut engines = [common::engine::<G>(16, 1), common::engine::<G>(16, 1)];
    let mut results = Vec::new();
    let mut openings = 0;
    let mut plies = 0;
    let mut draws = 0;
    while openings < settings.openings {
        draws += 1;
        assert!(draws < 1_000, "{}: no level opening", G::NAME);
        let Some((start, history)) = (settings.opening)(&mut rng) else {
            continue;
        };
        openings += 1;
        for deep_team in Color::BOTH {
            let (result, length) = play(&settings, &start, &history, deep_team, &mut engines);
            results.push(result);
            plies += length;
        }
    }
    let points: u32 = results.iter().map(|r| r.half_points()).sum();
    let percent = points * 100 / (2 * results.len() as u32);
    println!(
        "{}: depth {} against depth {}: {results:?}, {percent}% in {:?}, {} plies",
        G::NAME,
        settings.deep,
        settings.shallow,
        started.elapsed(),
        plies
    );
    assert!(
        percent > 70,
        "{}: depth {} scored only {percent}% against depth {}: {results:?}",
        G::NAME,
        settings.deep,
        settings.shallow
    );
}

#[test]
fn chess_depth_6_beats_depth_2() {
    deep_beats_shallow::<augur_chess::Position>(
        Match {
            // Chess has no material-only evaluation: count the men.
            opening: |rng| random_opening(rng, 4, |p| p.board_pieces().len() == 32),
            openings: 4,
            deep: 6,
            shallow: 2,
            cap: 120,
            margin: 200,
        },
        1,
    );
}

#[test]
fn ultima_depth_5_beats_depth_2() {
    deep_beats_shallow::<augur_ultima::Position>(
        Match {
            opening: |rng| random_opening(rng, 4, same_material),
            openings: 3,
            deep: 5,
            shallow: 2,
            cap: 100,
            margin: 200,
        },
        2,
    );
}

#[test]
fn oracle_depth_6_beats_depth_2() {
    deep_beats_shallow::<augur_oracle::Position>(
        Match {
            opening: |rng| random_opening(rng, 4, same_material),
            openings: 3,
            deep: 6,
            shallow: 2,
            cap: 100,
            margin: 200,
        },
        3,
    );
}

#[test]
fn enochian_depth_6_beats_depth_2() {
    // Random plies in Enochian chess soon leave a King to be taken by the
    // army that moves next; the 32 starting arrays vary the game instead.
    deep_beats_shallow::<augur_enochian::Position>(
        Match {
            opening: |rng| {
                let element = |rng: &mut Rng| Element::ALL[rng.below(4)];
                let (setting, board) = (element(rng), element(rng));
                let array = augur_enochian::Position::array(setting, board, rng.below(2) == 0);
                Some((array, Vec::new()))
            },
            openings: 4,
            deep: 6,
            shallow: 2,
            cap: 200,
            margin: 300,
        },
        4,
    );
}
