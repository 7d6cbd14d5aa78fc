//! Playing one game between engines, with every move checked by our rules
//! crates. Illegal moves, crashes, hangs, malformed `bestmove` lines and
//! flag falls end the game against the offender with a recorded reason;
//! the game's own rules (mate, stalemate, repetition, move-count rules,
//! every variant's draws) and optional score adjudication end it otherwise.
//! Games with armies (Enochian chess) run a clock per army, roll the dice of
//! divination games, and relay agreement offers (the exchange of prisoners)
//! to the other team's engine.

use std::time::Duration;

use rand::prelude::*;

use crate::engine::{EngineProcess, Failure, SearchReport};
use crate::timecontrol::{GameClock, Limit};
use crate::variant::ArenaGame;
use augur_core::{Played, play_text};

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
    /// The limit of each team's engine (index 0: `Color::White`).
    pub limits: Vec<Limit>,
    /// Milliseconds an engine may overstep its clock before it loses.
    pub time_margin_ms: u64,
    /// Time allowed for a fixed-depth or fixed-nodes move before the engine
    /// counts as hung.
    pub hang_timeout: Duration,
    /// Score adjudication.
    pub adjudication: Adjudication,
    /// The most milliseconds an engine is given to answer an exchange offer
    /// (it gets `min(this, its army's clock / 20)`, at least 10).
    pub offer_ms_cap: u64,
    /// Chess960 games (engines get `UCI_Chess960`; PGN says so).
    pub chess960: bool,
    /// Seed of the dice (divination games).
    pub dice_seed: u64,
}

/// One move of a game record.
#[derive(Clone, Debug)]
pub struct MoveRecord {
    /// The protocol move text, with its roll (`4:h8h6Q`) in divination games.
    pub text: String,
    /// The mover's last report.
    pub report: SearchReport,
    /// Time taken (both searches when an offer was declined in between).
    pub millis: u64,
    /// The mover's team.
    pub team: usize,
}

/// An agreement offer (Enochian's exchange of prisoners) relayed between
/// the teams.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OfferRecord {
    /// Index in [`GameRecord::moves`] of the move played after the answer
    /// (the exchange itself when accepted).
    pub ply: usize,
    /// The offering army.
    pub offering: usize,
    /// The army whose engine answered (its clock paid).
    pub answering: usize,
    /// The answer; `None` when none came (the game ended).
    pub accepted: Option<bool>,
    /// Time the answer took.
    pub millis: u64,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// The winning team (0: `Color::White`), `None` for a draw.
    pub winner: Option<usize>,
    /// Why, in words (`checkmate`, `time forfeit`, `illegal move e2e5`, ...).
    pub reason: String,
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// The start position string.
    pub start: String,
    /// Whether the game is Chess960 (castling by any rook).
    pub chess960: bool,
    /// Opening moves given (protocol text, with rolls in divination games).
    pub opening: Vec<String>,
    /// The engines' moves.
    pub moves: Vec<MoveRecord>,
    /// Agreement offers, in order.
    pub offers: Vec<OfferRecord>,
    /// The result.
    pub result: GameResult,
}

fn loss(team: usize, reason: impl Into<String>) -> GameResult {
    GameResult {
        winner: Some(1 - team.min(1)),
        reason: reason.into(),
    }
}

/// The `position` line: the start, the moves so far and, when the army to
/// move has rolled, the roll alone at the end (`moves 4:h8h6Q 3:`).
fn position_line(start: &str, texts: &[String], roll: Option<&str>) -> String {
    let mut line = format!("position fen {start}");
    if !texts.is_empty() || roll.is_some() {
        line.push_str(" moves");
        for text in texts {
            line.push(' ');
            line.push_str(text);
        }
        if let Some(roll) = roll {
            line.push_str(&format!(" {roll}:"));
        }
    }
    line
}

/// Reads an engine's answer in `position`: the move, or why it is not one.
/// A roll prefix is accepted when it repeats the roll; the pass of an army
/// whose only move is the exchange only once its offer was `declined`.
fn read_answer<G: ArenaGame>(
    position: &G,
    text: &str,
    declined: bool,
) -> Result<(G::Move, G), String> {
    if text.is_empty() {
        return Err("malformed bestmove".to_string());
    }
    let illegal = || format!("illegal move {text}");
    let Ok(Played::Move { before, mv, after }) = play_text(position, text) else {
        return Err(illegal());
    };
    // The engine may not choose the roll, nor pass on its own.
    let own_pass = position
        .declined_offer_pass()
        .is_some_and(|(pass, _)| pass == mv);
    if before.hash() != position.hash() || (own_pass && !declined) {
        return Err(illegal());
    }
    Ok((mv, after))
}

/// Milliseconds for answering an offer: `min(cap, clock / 20)` on a clock,
/// `min(cap, movetime)` at a fixed time per move, else `cap`; at least 10.
pub fn offer_ms(limit: &Limit, clock: &GameClock, cap: u64) -> u64 {
    let ms = match *limit {
        Limit::Clock { .. } => cap.min(clock.remaining_ms.max(0) as u64 / 20),
        Limit::MoveTime(ms) => cap.min(ms),
        Limit::Nodes(_) | Limit::Depth(_) => cap,
    };
    ms.max(10)
}

/// An army's name with a capital (`Blue`).
pub fn army_title<G: ArenaGame>(army: usize) -> String {
    let name = G::SEAT_NAMES.get(army).copied().unwrap_or("?");
    let mut chars = name.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Plays one game. `engines` are the running processes and
/// `engine_of_army[a]` the one that plays army `a` (both armies of a team
/// may share one). Failures of an engine end the game against its team;
/// they never stop the caller.
pub fn play<G: ArenaGame>(
    engines: &mut [EngineProcess],
    engine_of_army: &[usize],
    start: &G,
    opening: &[String],
    settings: &GameSettings,
) -> GameRecord {
    let mut record = GameRecord {
        start: start.fen(),
        chess960: settings.chess960,
        opening: opening.to_vec(),
        moves: Vec::new(),
        offers: Vec::new(),
        result: GameResult {
            winner: None,
            reason: String::new(),
        },
    };
    let mut position = start.clone();
    let mut keys = Vec::new();
    let mut texts: Vec<String> = Vec::new();
    for text in opening {
        match play_text(&position, text) {
            Ok(Played::Move { before, after, .. }) => {
                keys.push(before.hash());
                texts.push(text.clone());
                position = after;
            }
            Ok(Played::Roll(_)) | Err(_) => {
                record.result = GameResult {
                    winner: None,
                    reason: format!("bad opening move {text}"),
                };
                return record;
            }
        }
    }
    for (army, &index) in engine_of_army.iter().enumerate() {
        if engine_of_army[..army].contains(&index) {
            continue;
        }
        if let Err(failure) = engines[index].new_game() {
            record.result = loss(G::SEAT_TEAMS[army].index(), describe(&failure));
            return record;
        }
    }
    let team_limit = |army: usize| settings.limits[G::SEAT_TEAMS[army].index()];
    let mut clocks: Vec<GameClock> = (0..G::SEAT_TEAMS.len())
        .map(|army| GameClock::new(&team_limit(army)))
        .collect();
    let mut dice = StdRng::seed_from_u64(settings.dice_seed);
    let margin = settings.time_margin_ms;
    let mut resign_streak = [0u32; 2];
    let mut draw_streak = 0u32;
    loop {
        let faces = position.chance_outcomes();
        if faces > 0 {
            position = position.resolve_chance(dice.random_range(0..faces));
        }
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
        let army = position.army_to_move();
        let team = G::SEAT_TEAMS[army].index();
        let process = engine_of_army[army];
        let limit = team_limit(army);
        let roll = position.chance_text();
        let line = position_line(&record.start, &texts, roll.as_deref());
        let think = |engines: &mut [EngineProcess],
                     clocks: &[GameClock],
                     before: &[&str]|
         -> Result<(String, SearchReport, u64), GameResult> {
            let (go, deadline) = go_command::<G>(&settings.limits, clocks, army, settings);
            match engines[process].think_after(before, &go, deadline) {
                Ok((text, report, spent)) => Ok((text, report, spent.as_millis() as u64)),
                Err(Failure::TimedOut) => Err(loss(
                    team,
                    if matches!(limit, Limit::Clock { .. } | Limit::MoveTime(_)) {
                        "time forfeit"
                    } else {
                        "stalled engine"
                    },
                )),
                Err(failure) => Err(loss(team, describe(&failure))),
            }
        };
        let (mut text, mut report, mut millis) = match think(engines, &clocks, &[&line]) {
            Ok(answer) => answer,
            Err(result) => {
                record.result = result;
                return record;
            }
        };
        let mut answer = read_answer(&position, &text, false);
        let offered = matches!(&answer, Ok((mv, _)) if position.needs_agreement(*mv));
        if offered {
            // The offer's search is charged without an increment; the
            // move that follows gets the increment.
            if !clocks[army].charge_time(&limit, millis, margin) {
                record.result = loss(team, "time forfeit");
                return record;
            }
            let answering = position.answering_army();
            let (answer_team, answer_limit) =
                (G::SEAT_TEAMS[answering].index(), team_limit(answering));
            let ms = offer_ms(&answer_limit, &clocks[answering], settings.offer_ms_cap);
            let deadline = match answer_limit {
                Limit::Clock { .. } => {
                    Duration::from_millis(clocks[answering].remaining_ms.max(0) as u64 + margin)
                }
                _ => settings
                    .hang_timeout
                    .max(Duration::from_millis(2 * ms + margin)),
            };
            let mut offer = OfferRecord {
                ply: record.moves.len(),
                offering: army,
                answering,
                accepted: None,
                millis: 0,
            };
            let reply = engines[engine_of_army[answering]].answer_offer(&line, ms, deadline);
            let accepted = match reply {
                Ok((accepted, took)) => {
                    offer.millis = took.as_millis() as u64;
                    offer.accepted = Some(accepted);
                    record.offers.push(offer);
                    if !clocks[answering].charge_time(&answer_limit, offer.millis, margin) {
                        record.result = loss(answer_team, "time forfeit (exchange offer)");
                        return record;
                    }
                    accepted
                }
                Err(failure) => {
                    record.offers.push(offer);
                    record.result = loss(
                        answer_team,
                        match failure {
                            Failure::TimedOut if matches!(answer_limit, Limit::Clock { .. }) => {
                                "time forfeit (exchange offer)".to_string()
                            }
                            Failure::TimedOut => "no answer to an exchange offer".to_string(),
                            other => describe(&other),
                        },
                    );
                    return record;
                }
            };
            let charged = if accepted {
                0
            } else {
                let again = think(engines, &clocks, &[&line, "exchange declined"]);
                let (second, second_report, second_ms) = match again {
                    Ok(answer) => answer,
                    Err(result) => {
                        record.result = result;
                        return record;
                    }
                };
                // An army whose only move was the declined offer passes.
                answer = read_answer(&position, &second, true);
                if matches!(&answer, Ok((mv, _)) if position.needs_agreement(*mv)) {
                    answer = Err(format!(
                        "illegal move {second} (offered again after a decline)"
                    ));
                }
                (text, report) = (second, second_report);
                millis += second_ms;
                second_ms
            };
            if !clocks[army].charge(&limit, charged, margin) {
                record.result = loss(team, "time forfeit");
                return record;
            }
        } else if !clocks[army].charge(&limit, millis, margin) {
            record.result = loss(team, "time forfeit");
            return record;
        }
        let (_, next) = match answer {
            Ok(answer) => answer,
            Err(reason) => {
                record.result = loss(team, reason);
                return record;
            }
        };
        let text = match &roll {
            Some(roll) if !text.contains(':') => format!("{roll}:{text}"),
            _ => text,
        };
        record.moves.push(MoveRecord {
            text: text.clone(),
            report,
            millis,
            team,
        });
        keys.push(position.hash());
        texts.push(text);
        position = next;

        if let Some(result) = adjudicate(
            &settings.adjudication,
            &record,
            team,
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

/// The `go` line for `army` and how long to wait for its answer. Clocks:
/// `wtime`/`btime` in two-player games, every army's own clock
/// (`yellowtime ... blackinc`) in Enochian chess.
fn go_command<G: ArenaGame>(
    limits: &[Limit],
    clocks: &[GameClock],
    army: usize,
    settings: &GameSettings,
) -> (String, Duration) {
    let margin = Duration::from_millis(settings.time_margin_ms);
    let limit = limits[G::SEAT_TEAMS[army].index()];
    match limit {
        Limit::Clock { .. } => {
            let time = |a: usize| clocks.get(a).map_or(0, |c| c.remaining_ms.max(0));
            let inc = |a: usize| match limits[G::SEAT_TEAMS[a].index()] {
                Limit::Clock { increment_ms, .. } => increment_ms,
                _ => 0,
            };
            let mut go = if clocks.len() == 2 {
                format!(
                    "go wtime {} btime {} winc {} binc {}",
                    time(0),
                    time(1),
                    inc(0),
                    inc(1)
                )
            } else {
                let mut go = "go".to_string();
                for (a, name) in G::SEAT_NAMES.iter().enumerate() {
                    go.push_str(&format!(" {name}time {}", time(a)));
                }
                for (a, name) in G::SEAT_NAMES.iter().enumerate() {
                    go.push_str(&format!(" {name}inc {}", inc(a)));
                }
                go
            };
            if let Some(mtg) = clocks[army].moves_to_go(&limit) {
                go.push_str(&format!(" movestogo {mtg}"));
            }
            (
                go,
                Duration::from_millis(clocks[army].remaining_ms.max(0) as u64) + margin,
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
    // The opponent's latest score (in Enochian chess a team may move twice
    // in a row).
    let previous = record
        .moves
        .iter()
        .rev()
        .find(|m| m.team != mover)
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
