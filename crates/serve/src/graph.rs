//! The evaluation graph: every position of a game scored by a short search
//! on an engine of its own (the game's engine keeps its table and its
//! moves), each score from the first team's point of view, for the page's
//! `graph` message.
//!
//! A position where the game has already ended scores `cp` 32000 when the
//! first team has won, -32000 when it has lost and 0 for a draw (there is
//! no move left to count a mate in). A position waiting for a roll of the
//! die (Enochian divination) scores the average over the die's faces, a
//! mate counted as [`WON`] less its length.

use augur_engine::{Config, Engine, Score, SearchLimits, Start, Variant};
use serde::Serialize;

/// Nodes searched per position: a 100-ply chess game takes a few seconds
/// in a debug build (500 nodes) and about as long in an optimised one
/// (20,000 nodes, a far better graph).
pub const GRAPH_NODES: u64 = if cfg!(debug_assertions) { 500 } else { 20_000 };
/// The table of the graph's engine, MB (its searches are short).
const GRAPH_HASH_MB: usize = 4;
/// The score of a position whose game the first team has already won.
pub const WON: i32 = 32_000;
/// The faces of the die (Enochian divination).
const DIE_FACES: u32 = 6;

/// One position's score: after `ply` moves of the game, from the first
/// team's point of view. JSON: `{"ply":3,"cp":-20}` or `{"ply":7,"mate":2}`.
#[derive(Serialize, Debug, Clone, Copy, PartialEq, Eq)]
pub struct GraphPoint {
    /// Moves played from the game's start (0: the start).
    pub ply: usize,
    /// The score, the first team's view.
    #[serde(flatten)]
    pub score: Score,
}

/// `score`, the side to move's view, seen by the first team (`first`
/// says whether the side to move belongs to it).
pub fn first_team_view(score: Score, first: bool) -> Score {
    match (score, first) {
        (score, true) => score,
        (Score::Cp(cp), false) => Score::Cp(-cp),
        (Score::Mate(moves), false) => Score::Mate(-moves),
    }
}

/// Scores every position of the game `variant` from `start` (`None`: the
/// standard start) through `moves` (the move list as the engine writes it;
/// a roll alone at its end is left out), searching each for about `nodes`
/// nodes. `interrupted` is asked before each position: when it answers
/// true the graph is abandoned (`Ok(None)`). Positions the engine cannot
/// search are left out.
pub fn scores(
    variant: Variant,
    start: Option<&str>,
    moves: &[String],
    nodes: u64,
    interrupted: &mut dyn FnMut() -> bool,
) -> Result<Option<Vec<GraphPoint>>, String> {
    let config = Config {
        hash_mb: GRAPH_HASH_MB,
        threads: 1,
        multipv: 1,
        ..Config::default()
    };
    let mut engine = Engine::with_config(variant, &config);
    let position = start.map_or(Start::Standard, |text| Start::Text(text.to_string()));
    engine.set_position(&position, &[])?;
    let first = engine
        .board()
        .teams
        .first()
        .cloned()
        .ok_or("the game has no teams")?;
    let played: Vec<&String> = moves.iter().filter(|m| !m.ends_with(':')).collect();
    let limits = SearchLimits {
        nodes: Some(nodes),
        ..SearchLimits::default()
    };
    let mut points = Vec::with_capacity(played.len() + 1);
    for ply in 0..=played.len() {
        if interrupted() {
            return Ok(None);
        }
        if ply > 0 {
            engine.play(played[ply - 1])?;
        }
        if let Some(score) = position_score(&mut engine, &first, &limits) {
            points.push(GraphPoint { ply, score });
        }
    }
    engine.release();
    Ok(Some(points))
}

/// The current position's score from the team `first`'s view: the
/// result when the game is over, else a search's (`None` when the search
/// fails).
fn position_score(engine: &mut Engine, first: &str, limits: &SearchLimits) -> Option<Score> {
    if let Some(result) = engine.outcome() {
        return Some(Score::Cp(match result.winner.as_deref() {
            None => 0,
            Some(winner) if winner == first => WON,
            Some(_) => -WON,
        }));
    }
    let (_, team) = engine.side_to_move();
    let score = if engine.awaiting_roll() {
        average_over_rolls(engine, limits)?
    } else {
        engine.search(limits).ok()?.score
    };
    Some(first_team_view(score, team == first))
}

/// The side to move's expected score before its roll: each face rolled
/// and searched with an even share of the nodes, the centipawns averaged.
fn average_over_rolls(engine: &mut Engine, limits: &SearchLimits) -> Option<Score> {
    let share = SearchLimits {
        nodes: limits.nodes.map(|n| (n / u64::from(DIE_FACES)).max(1)),
        ..limits.clone()
    };
    let mut total = 0i64;
    for face in 0..DIE_FACES {
        engine.roll(face).ok()?;
        let searched = engine.search(&share);
        engine.undo();
        total += i64::from(centipawns(searched.ok()?.score));
    }
    let average = total / i64::from(DIE_FACES);
    i32::try_from(average).ok().map(Score::Cp)
}

/// A score as centipawns, a mate as [`WON`] less its length.
fn centipawns(score: Score) -> i32 {
    match score {
        Score::Cp(cp) => cp,
        Score::Mate(moves) if moves > 0 => WON - moves,
        Score::Mate(moves) => -WON - moves,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_string).collect()
    }

    fn graph(variant: Variant, start: Option<&str>, list: &str) -> Vec<GraphPoint> {
        scores(variant, start, &moves(list), GRAPH_NODES, &mut || false)
            .expect("scored")
            .expect("not interrupted")
    }

    fn cp(point: &GraphPoint) -> i32 {
        match point.score {
            Score::Cp(cp) => cp,
            Score::Mate(moves) => panic!("a mate in {moves} at ply {}", point.ply),
        }
    }

    #[test]
    fn one_score_per_position_from_the_start_on() {
        let points = graph(Variant::Chess, None, "e2e4 e7e5 g1f3 b8c6");
        assert_eq!(points.len(), 5);
        assert_eq!(
            points.iter().map(|p| p.ply).collect::<Vec<_>>(),
            [0, 1, 2, 3, 4]
        );
    }

    #[test]
    fn scores_are_the_first_teams_view_whoever_moves() {
        // White has a queen more; Black and White to move alike.
        let white_ahead = graph(
            Variant::Chess,
            Some("4k3/8/8/8/8/8/8/3QK3 w - - 0 1"),
            "e1f2 e8f8",
        );
        assert_eq!(white_ahead.len(), 3);
        for point in &white_ahead {
            assert!(cp(point) > 500, "{point:?}");
        }
        // Black has the queen: every score is negative.
        let black_ahead = graph(
            Variant::Chess,
            Some("3qk3/8/8/8/8/8/8/4K3 b - - 0 1"),
            "e8f7 e1f2",
        );
        for point in &black_ahead {
            assert!(cp(point) < -500, "{point:?}");
        }
    }

    #[test]
    fn a_mate_is_counted_for_its_side_and_the_end_scores_the_winner() {
        // Black to move is mated in one (Qh4 after f3, g4); then White is
        // mated.
        let points = graph(Variant::Chess, None, "f2f3 e7e5 g2g4 d8h4");
        assert_eq!(points.len(), 5);
        assert_eq!(points[3].score, Score::Mate(-1), "{points:?}");
        assert_eq!(points[4].score, Score::Cp(-WON));
        // White mates in one: from the first team's view a positive mate.
        let points = graph(
            Variant::Chess,
            Some("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"),
            "a1a8",
        );
        assert_eq!(points[0].score, Score::Mate(1));
        assert_eq!(points[1].score, Score::Cp(WON));
    }

    #[test]
    fn an_interruption_abandons_the_graph() {
        let mut asked = 0;
        let result = scores(
            Variant::Chess,
            None,
            &moves("e2e4 e7e5"),
            GRAPH_NODES,
            &mut || {
                asked += 1;
                asked > 1
            },
        );
        assert_eq!(result, Ok(None));
        assert_eq!(asked, 2);
    }

    #[test]
    fn a_bad_move_is_an_error() {
        let result = scores(Variant::Chess, None, &moves("e2e5"), 10, &mut || false);
        assert!(result.is_err());
    }

    #[test]
    fn points_are_json_with_their_ply_first() {
        let point = GraphPoint {
            ply: 3,
            score: Score::Mate(-2),
        };
        assert_eq!(augur_engine::to_json(&point), r#"{"ply":3,"mate":-2}"#);
    }

    #[test]
    fn every_game_and_a_divination_game_is_scored_at_every_ply() {
        let mut starts: Vec<(Variant, Option<String>)> =
            Variant::ALL.iter().map(|&v| (v, None)).collect();
        starts.push((Variant::Enochian, Variant::Enochian.divination_start()));
        for (variant, start) in starts {
            let mut engine = Engine::new(variant);
            let position = start.clone().map_or(Start::Standard, Start::Text);
            engine.set_position(&position, &[]).expect("start");
            for _ in 0..3 {
                if engine.awaiting_roll() {
                    engine.roll(2).expect("roll");
                }
                let mv = engine.legal_moves()[0].text.clone();
                engine.play(&mv).expect("legal");
            }
            let moves = engine.moves();
            let points = scores(variant, start.as_deref(), &moves, 300, &mut || false)
                .expect("scored")
                .expect("not interrupted");
            assert_eq!(points.len(), 4, "{variant:?} {moves:?}: {points:?}");
        }
    }
}
