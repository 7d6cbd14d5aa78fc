//! The running tally of a match or tournament and what the arena prints
//! and writes from it: the per-game progress line, the closing summary and
//! the `--json` summary. A one-machine run feeds it games as they finish;
//! `--merge` feeds it the games of unit results (`--pair`) in game order,
//! so both write the same summary for the same games.

use std::collections::{BTreeMap, HashMap};

use serde::{Deserialize, Serialize};

use crate::engine::EngineSpec;
use crate::stats::{Pentanomial, Score, Sprt, SprtDecision, estimate, summary_line};
use crate::tournament::Finished;

/// One finished game as the summary counts it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// Game number, from 1.
    pub number: usize,
    /// The game pair it belongs to, from 0.
    pub pair: usize,
    /// Engine indices by seat.
    pub seats: [usize; 2],
    /// The winning seat (0: White / first team), `None` for a draw.
    pub winner: Option<usize>,
    /// Why the game ended.
    pub reason: String,
    /// Exchange offers: made, accepted, declined.
    pub offers: [u32; 3],
    /// The PGN result token (`1-0`, `0-1`, `1/2-1/2`, `*`).
    pub result: String,
}

impl Outcome {
    /// The outcome of a finished game.
    pub fn of(done: &Finished) -> Self {
        let mut offers = [0u32; 3];
        for offer in &done.record.offers {
            offers[0] += 1;
            match offer.accepted {
                Some(true) => offers[1] += 1,
                Some(false) => offers[2] += 1,
                None => {}
            }
        }
        Outcome {
            number: done.job.number,
            pair: done.job.pair,
            seats: done.job.seats,
            winner: done.record.result.winner,
            reason: done.record.result.reason.clone(),
            offers,
            result: crate::pgn::result_token(&done.record).to_string(),
        }
    }
}

/// Scores, the pentanomial, terminations and offers so far.
pub struct Tally {
    /// Per pairing (lower engine index first): score from the first's view.
    pub scores: BTreeMap<(usize, usize), Score>,
    /// Game pairs of a two-engine match, from engine 0's view.
    pub pentanomial: Pentanomial,
    half_pairs: HashMap<usize, f64>,
    /// Games by termination reason.
    pub terminations: BTreeMap<String, u32>,
    /// Each engine's score over all its games.
    pub per_engine: Vec<Score>,
    /// Exchange offers: made, accepted, declined.
    pub offers: [u32; 3],
    /// Games counted.
    pub finished: usize,
    two_engine_match: bool,
}

impl Tally {
    /// An empty tally for `engines` engines; the pentanomial is kept for a
    /// two-engine match only.
    pub fn new(engines: usize, two_engine_match: bool) -> Self {
        Tally {
            scores: BTreeMap::new(),
            pentanomial: Pentanomial::new(),
            half_pairs: HashMap::new(),
            terminations: BTreeMap::new(),
            per_engine: vec![Score::new(0, 0, 0); engines],
            offers: [0; 3],
            finished: 0,
            two_engine_match,
        }
    }

    /// Counts one game; returns its pairing (lower engine index first).
    pub fn add(&mut self, outcome: &Outcome) -> (usize, usize) {
        self.finished += 1;
        let [white, black] = outcome.seats;
        *self.terminations.entry(outcome.reason.clone()).or_default() += 1;
        for (total, n) in self.offers.iter_mut().zip(outcome.offers) {
            *total += n;
        }
        let white_points = match outcome.winner {
            Some(0) => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        };
        let (first, second) = (white.min(black), white.max(black));
        let first_points = if first == white {
            white_points
        } else {
            1.0 - white_points
        };
        let score = self
            .scores
            .entry((first, second))
            .or_insert_with(|| Score::new(0, 0, 0));
        add_points(score, first_points);
        if let Some(s) = self.per_engine.get_mut(first) {
            add_points(s, first_points);
        }
        if let Some(s) = self.per_engine.get_mut(second) {
            add_points(s, 1.0 - first_points);
        }
        if self.two_engine_match {
            let engine0_points = if white == 0 {
                white_points
            } else {
                1.0 - white_points
            };
            if let Some(other) = self.half_pairs.remove(&outcome.pair) {
                self.pentanomial.add_pair(other, engine0_points);
            } else {
                self.half_pairs.insert(outcome.pair, engine0_points);
            }
        }
        (first, second)
    }
}

fn add_points(score: &mut Score, points: f64) {
    if points > 0.75 {
        score.wins += 1;
    } else if points < 0.25 {
        score.losses += 1;
    } else {
        score.draws += 1;
    }
}

/// The run's fixed facts the report needs.
pub struct Context<'a> {
    /// The engines.
    pub engines: &'a [EngineSpec],
    /// The SPRT, if any.
    pub sprt: Option<&'a Sprt>,
    /// Games scheduled.
    pub total: usize,
    /// Whether the game has armies (exchange offers are reported).
    pub armies: bool,
}

/// The progress line of a game just counted (`[3/10] game 3 a vs b: ...`).
pub fn progress_line(
    ctx: &Context<'_>,
    tally: &Tally,
    outcome: &Outcome,
    pairing: (usize, usize),
) -> String {
    let [white, black] = outcome.seats;
    let (first, second) = pairing;
    let score = tally.scores.get(&pairing).copied().unwrap_or_default();
    let name = |i: usize| ctx.engines.get(i).map_or("?", |e| e.name.as_str());
    let mut line = format!(
        "[{}/{}] game {} {} vs {}: {} ({}) | {} vs {}: {}",
        tally.finished,
        ctx.total,
        outcome.number,
        name(white),
        name(black),
        outcome.result,
        outcome.reason,
        name(first),
        name(second),
        summary_line(&score, &estimate(&score))
    );
    if let Some(sprt) = ctx.sprt {
        let (lower, upper) = sprt.bounds();
        line.push_str(&format!(
            ", LLR {:.2} ({lower:.2}, {upper:.2})",
            sprt.llr(&tally.pentanomial)
        ));
    }
    line
}

/// The closing summary printed after the last game.
pub fn closing_lines(
    ctx: &Context<'_>,
    tally: &Tally,
    decision: Option<SprtDecision>,
) -> Vec<String> {
    let name = |i: usize| ctx.engines.get(i).map_or("?", |e| e.name.as_str());
    let mut lines = vec![String::new()];
    for ((a, b), score) in &tally.scores {
        lines.push(format!(
            "{} vs {}: {}",
            name(*a),
            name(*b),
            summary_line(score, &estimate(score))
        ));
    }
    if !tally.two_engine_match {
        for (i, score) in tally.per_engine.iter().enumerate() {
            lines.push(format!(
                "{}: {}",
                name(i),
                summary_line(score, &estimate(score))
            ));
        }
    }
    if let Some(sprt) = ctx.sprt {
        let verdict = match decision {
            Some(SprtDecision::AcceptH1) => "H1 accepted",
            Some(SprtDecision::AcceptH0) => "H0 accepted",
            None => "no decision",
        };
        lines.push(format!(
            "SPRT elo0={} elo1={} alpha={} beta={}: LLR {:.2}, {verdict} after {} pairs",
            sprt.elo0,
            sprt.elo1,
            sprt.alpha,
            sprt.beta,
            sprt.llr(&tally.pentanomial),
            tally.pentanomial.pairs()
        ));
    }
    if ctx.armies {
        lines.push(format!(
            "exchange offers: {} (accepted {}, declined {})",
            tally.offers[0], tally.offers[1], tally.offers[2]
        ));
    }
    lines.push(format!(
        "terminations: {}",
        tally
            .terminations
            .iter()
            .map(|(k, v)| format!("{k}: {v}"))
            .collect::<Vec<_>>()
            .join(", ")
    ));
    lines
}

/// What the `--json` summary says about the run besides the tally.
pub struct JsonFacts<'a> {
    /// The game's name.
    pub variant: &'a str,
    /// `team` or `army`.
    pub seats: &'a str,
    /// Divination games.
    pub divination: bool,
    /// `match`, `gauntlet` or `round-robin` as given.
    pub format: &'a str,
}

/// The `--json` summary (one line).
pub fn summary_json(
    ctx: &Context<'_>,
    facts: &JsonFacts<'_>,
    tally: &Tally,
    decision: Option<SprtDecision>,
) -> String {
    let name = |i: usize| ctx.engines.get(i).map_or("?", |e| e.name.as_str());
    let pairings: Vec<String> = tally
        .scores
        .iter()
        .map(|((a, b), s)| {
            let e = estimate(s);
            format!(
                "{{\"first\":{},\"second\":{},\"wins\":{},\"draws\":{},\"losses\":{},\"score\":{:.4},\"elo\":{:.1},\"error95\":{:.1},\"los\":{:.4}}}",
                json_string(name(*a)),
                json_string(name(*b)),
                s.wins,
                s.draws,
                s.losses,
                s.ratio(),
                finite(e.elo),
                finite(e.error95),
                e.los
            )
        })
        .collect();
    let sprt_json = match ctx.sprt {
        Some(sprt) => {
            let (lower, upper) = sprt.bounds();
            let verdict = match decision {
                Some(SprtDecision::AcceptH1) => "\"H1\"",
                Some(SprtDecision::AcceptH0) => "\"H0\"",
                None => "null",
            };
            format!(
                "{{\"elo0\":{},\"elo1\":{},\"alpha\":{},\"beta\":{},\"llr\":{:.4},\"lower\":{lower:.4},\"upper\":{upper:.4},\"pentanomial\":{:?},\"decision\":{verdict}}}",
                sprt.elo0,
                sprt.elo1,
                sprt.alpha,
                sprt.beta,
                sprt.llr(&tally.pentanomial),
                tally.pentanomial.counts
            )
        }
        None => "null".to_string(),
    };
    let terms: Vec<String> = tally
        .terminations
        .iter()
        .map(|(k, v)| format!("{}:{v}", json_string(k)))
        .collect();
    format!(
        "{{\"variant\":{},\"seats\":{},\"divination\":{},\"format\":{},\"games\":{},\"scheduled\":{},\"pairings\":[{}],\"sprt\":{sprt_json},\"terminations\":{{{}}},\"exchange_offers\":{{\"offers\":{},\"accepted\":{},\"declined\":{}}}}}\n",
        json_string(facts.variant),
        json_string(facts.seats),
        facts.divination,
        json_string(facts.format),
        tally.finished,
        ctx.total,
        pairings.join(","),
        terms.join(","),
        tally.offers[0],
        tally.offers[1],
        tally.offers[2]
    )
}

fn finite(x: f64) -> f64 {
    if x.is_finite() {
        x
    } else {
        x.signum() * 9999.0
    }
}

/// `text` as a JSON string literal (quotes, backslashes and control
/// characters escaped). The `--json` summary is still assembled by hand;
/// moving it to serde types is a later step of the serde refactor.
pub fn json_string(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outcome(number: usize, seats: [usize; 2], winner: Option<usize>) -> Outcome {
        Outcome {
            number,
            pair: (number - 1) / 2,
            seats,
            winner,
            reason: if winner.is_some() {
                "checkmate"
            } else {
                "draw"
            }
            .into(),
            offers: [0; 3],
            result: match winner {
                Some(0) => "1-0",
                Some(_) => "0-1",
                None => "1/2-1/2",
            }
            .into(),
        }
    }

    /// A pair counts in the pentanomial once both games are in, from
    /// engine 0's view whatever its colour.
    #[test]
    fn pairs_count_from_the_first_engines_view() {
        let mut tally = Tally::new(2, true);
        tally.add(&outcome(1, [0, 1], Some(0)));
        assert_eq!(tally.pentanomial.pairs(), 0);
        tally.add(&outcome(2, [1, 0], Some(1)));
        assert_eq!(tally.pentanomial.counts, [0, 0, 0, 0, 1]);
        tally.add(&outcome(3, [0, 1], None));
        tally.add(&outcome(4, [1, 0], Some(0)));
        assert_eq!(tally.pentanomial.counts, [0, 1, 0, 0, 1]);
        assert_eq!(tally.scores[&(0, 1)], Score::new(2, 1, 1));
        assert_eq!(tally.terminations["checkmate"], 3);
        assert_eq!(tally.finished, 4);
    }
}
