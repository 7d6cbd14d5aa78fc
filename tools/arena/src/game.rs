//! Playing one game between engines, with every move checked by our rules
//! crates. Illegal moves, crashes, hangs, malformed `bestmove` lines and
//! flag falls end the game against the offender with a recorded reason;
//! the game's own rules (mate, stalemate, repetition, move-count rules,
//! every variant's draws) and optional score adjudication end it otherwise.

use std::time::Duration;

use crate::engine::{EngineProcess, Failure, SearchReport};
use crate::timecontrol::{GameClock, Limit};
use crate::variant::ArenaGame;

/// Score-based adjudication (all optional).
#[derive(Clone, Copy, Debug, Default)]
pub struct Adjudication {
    /// Resign when the mover's score is at or below `-cp` for `moves`
    /// consecutive moves of that side, and the opponent agrees (its score at
    /// least `cp`).
    pub resign: Option<(i32, u32)>,
    /// Draw when both sides' scores stay within `cp` for `moves`
    /// consecutive plies after ply `after`.
    pub draw: Option<(i32, u32, usize)>,
    /// Draw after this many plies (excluding opening plies).
    pub max_plies: Option<usize>,
}

/// Settings of a game.
#[derive(Clone, Debug)]
pub struct GameSettings {
    /// The limit of each seat.
    pub limits: Vec<Limit>,
    /// Milliseconds an engine may overstep its clock before it loses.
    pub time_margin_ms: u64,
    /// Time allowed for a fixed-depth or fixed-nodes move before the engine
    /// counts as hung.
    pub hang_timeout: Duration,
    /// Score adjudication.
    pub adjudication: Adjudication,
}

/// One move of a game record.
#[derive(Clone, Debug)]
pub struct MoveRecord {
    /// The protocol move text.
    pub text: String,
    /// The mover's last report.
    pub report: SearchReport,
    /// Time taken.
    pub millis: u64,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// The winning seat, `None` for a draw.
    pub winner: Option<usize>,
    /// Why, in words (`checkmate`, `time forfeit`, `illegal move e2e5`, ...).
    pub reason: String,
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// The start position string.
    pub start: String,
    /// Opening moves given (protocol text), then played moves.
    pub opening: Vec<String>,
    /// The engines' moves.
    pub moves: Vec<MoveRecord>,
    /// The result.
    pub result: GameResult,
}

fn loss(seat: usize, reason: impl Into<String>) -> GameResult {
    GameResult {
        winner: Some(1 - seat.min(1)),
        reason: reason.into(),
    }
}

/// Plays one game. `engines[s]` plays seat `s`. Failures of an engine end
/// the game; they never stop the caller.
pub fn play<G: ArenaGame>(
    engines: &mut [EngineProcess],
    start: &G,
    opening: &[String],
    settings: &GameSettings,
) -> GameRecord {
    let mut record = GameRecord {
        start: start.fen(),
        opening: opening.to_vec(),
        moves: Vec::new(),
        result: GameResult {
            winner: None,
            reason: String::new(),
        },
    };
    let mut position = start.clone();
    let mut keys = Vec::new();
    let mut texts: Vec<String> = Vec::new();
    for text in opening {
        match position
            .parse_move(text)
            .ok()
            .and_then(|m| position.play(m))
        {
            Some(next) => {
                keys.push(position.hash());
                texts.push(text.clone());
                position = next;
            }
            None => {
                record.result = GameResult {
                    winner: None,
                    reason: format!("bad opening move {text}"),
                };
                return record;
            }
        }
    }
    for (seat, engine) in engines.iter_mut().enumerate() {
        if let Err(failure) = engine.new_game() {
            record.result = loss(seat, describe(&failure));
            return record;
        }
    }
    let mut clocks: Vec<GameClock> = settings.limits.iter().map(GameClock::new).collect();
    let mut resign_streak = [0u32; 2];
    let mut draw_streak = 0u32;
    loop {
        if let Some(outcome) = position.outcome_with_history(&keys) {
            let winner = outcome.winner.map(|team| team.index());
            record.result = GameResult {
                winner,
                reason: outcome.termination.to_string(),
            };
            return record;
        }
        if settings
            .adjudication
            .max_plies
            .is_some_and(|max| record.moves.len() >= max)
        {
            record.result = GameResult {
                winner: None,
                reason: "adjudication: maximum length".into(),
            };
            return record;
        }
        let seat = position.turn_seat();
        let limit = settings.limits[seat];
        let position_line = if texts.is_empty() {
            format!("position fen {}", record.start)
        } else {
            format!("position fen {} moves {}", record.start, texts.join(" "))
        };
        let (go, deadline) = go_command(&limit, &clocks, seat, settings);
        let answer = engines[seat].think(&position_line, &go, deadline);
        let (text, report, spent) = match answer {
            Ok(answer) => answer,
            Err(Failure::TimedOut) => {
                let reason = if matches!(limit, Limit::Clock { .. } | Limit::MoveTime(_)) {
                    "time forfeit"
                } else {
                    "stalled engine"
                };
                record.result = loss(seat, reason);
                return record;
            }
            Err(failure) => {
                record.result = loss(seat, describe(&failure));
                return record;
            }
        };
        if !clocks[seat].charge(&limit, spent.as_millis() as u64, settings.time_margin_ms) {
            record.result = loss(seat, "time forfeit");
            return record;
        }
        let mv = match position.parse_move(&text) {
            Ok(mv) => mv,
            Err(_) if text.is_empty() => {
                record.result = loss(seat, "malformed bestmove");
                return record;
            }
            Err(_) => {
                record.result = loss(seat, format!("illegal move {text}"));
                return record;
            }
        };
        let Some(next) = position.play(mv) else {
            record.result = loss(seat, format!("illegal move {text}"));
            return record;
        };
        record.moves.push(MoveRecord {
            text: text.clone(),
            report: report.clone(),
            millis: spent.as_millis() as u64,
        });
        keys.push(position.hash());
        texts.push(text);
        let mover_team = position.team().index();
        position = next;

        if let Some(result) = adjudicate(
            &settings.adjudication,
            &record,
            mover_team,
            &mut resign_streak,
            &mut draw_streak,
        ) {
            record.result = result;
            return record;
        }
    }
}

fn describe(failure: &Failure) -> String {
    match failure {
        Failure::Crashed(why) => format!("engine crashed ({why})"),
        Failure::TimedOut => "engine did not answer".to_string(),
    }
}

fn go_command(
    limit: &Limit,
    clocks: &[GameClock],
    seat: usize,
    settings: &GameSettings,
) -> (String, Duration) {
    let margin = Duration::from_millis(settings.time_margin_ms);
    match *limit {
        Limit::Clock { increment_ms, .. } => {
            let (white, black) = (
                clocks[0].remaining_ms.max(0),
                clocks.get(1).map_or(0, |c| c.remaining_ms.max(0)),
            );
            let mut go =
                format!("go wtime {white} btime {black} winc {increment_ms} binc {increment_ms}");
            if let Some(mtg) = clocks[seat].moves_to_go(limit) {
                go.push_str(&format!(" movestogo {mtg}"));
            }
            (
                go,
                Duration::from_millis(clocks[seat].remaining_ms.max(0) as u64) + margin,
            )
        }
        Limit::MoveTime(ms) => (
            format!("go movetime {ms}"),
            Duration::from_millis(ms) + margin,
        ),
        Limit::Nodes(n) => (format!("go nodes {n}"), settings.hang_timeout),
        Limit::Depth(d) => (format!("go depth {d}"), settings.hang_timeout),
    }
}

fn adjudicate(
    rules: &Adjudication,
    record: &GameRecord,
    mover: usize,
    resign_streak: &mut [u32; 2],
    draw_streak: &mut u32,
) -> Option<GameResult> {
    let score = record.moves.last()?.report.score_cp;
    let previous = record
        .moves
        .iter()
        .rev()
        .nth(1)
        .and_then(|m| m.report.score_cp);
    if let Some((cp, moves)) = rules.resign {
        match score {
            Some(s) if s <= -cp && previous.is_some_and(|p| p >= cp) => resign_streak[mover] += 1,
            _ => resign_streak[mover] = 0,
        }
        if resign_streak[mover] >= moves {
            return Some(GameResult {
                winner: Some(1 - mover),
                reason: "adjudication: resignation".into(),
            });
        }
    }
    if let Some((cp, plies, after)) = rules.draw {
        match score {
            Some(s) if s.abs() <= cp && record.moves.len() > after => *draw_streak += 1,
            _ => *draw_streak = 0,
        }
        if *draw_streak >= plies {
            return Some(GameResult {
                winner: None,
                reason: "adjudication: draw".into(),
            });
        }
    }
    None
}
