//! augur-arena: engine-vs-engine matches and tournaments for every Augur
//! game (chess, Ultima, Oracle chess, Enochian chess). Engines are child
//! processes speaking our protocol (any UCI engine for standard chess);
//! every move is checked with our rules crates.
//!
//! ```sh
//! augur-arena --engine "name=new cmd=target/release/augur" \
//!             --engine "name=sf cmd=/usr/games/stockfish option.UCI_LimitStrength=true option.UCI_Elo=1500" \
//!             --games 20 --tc 2+0.05 --concurrency 2 --pgn match.pgn --json match.json
//! augur-arena --variant enochian --seats army --divination \
//!             --engine "name=augur cmd=target/release/augur" \
//!             --engine "name=greedy cmd=target/release/augur-greedy" --games 20 --tc 10+0.1
//! ```
//!
//! Enochian chess: a game pair swaps the teams (the first engine plays
//! Blue+Black, then Red+Yellow); results count per team. `--seats team`
//! (default) runs one process per team, `--seats army` one per army. Every
//! army has its own clock with the `--tc` base and increment; `go` carries
//! all four (`yellowtime .. blacktime yellowinc .. blackinc`) and a flag fall
//! loses for the army's team. `--divination` starts with a roll pending:
//! the arena rolls (seeded by `--seed` and the pair, so both games of a pair
//! see the same rolls) and sends `moves 4:h8h6Q .. 3:`. A `bestmove
//! exchange` is relayed: the other team's engine gets the same position and
//! `exchange offer movetime <min(--offer-ms, clock/20), at least 10>`, its
//! time charged to the answering army (the first unfrozen army of that team
//! after the mover in turn order); on `exchange accept` the exchange is
//! played, on `exchange decline` the offerer gets `exchange declined` and a
//! new `go` (offering again is an illegal move). Offers are PGN comments and
//! are counted in the summary.
//!
//! See README ("Arena") for every option and protocol.md for the records.

mod engine;
mod game;
mod openings;
mod pgn;
mod stats;
mod timecontrol;
mod tournament;
mod variant;

use clap::Parser;
use std::collections::HashMap;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, mpsc};
use std::time::Duration;

use augur_games::{Variant, with_game};
use engine::EngineSpec;
use game::{Adjudication, GameSettings};
use openings::OpeningBook;
use stats::{Pentanomial, Score, Sprt, SprtDecision, estimate, summary_line};
use timecontrol::Limit;
use tournament::{Finished, Format, Plan, schedule};
use variant::ArenaGame;

/// Engine-vs-engine matches and tournaments.
#[derive(Parser, Debug)]
#[command(name = "augur-arena", version, about)]
struct Args {
    /// The game: chess, ultima, oracle or enochian.
    #[arg(long, default_value_t)]
    variant: Variant,
    /// Enochian: one engine process per `team` (it plays both armies) or
    /// per `army` (each engine entry runs one process per army of its team).
    #[arg(long, default_value = "team")]
    seats: String,
    /// Enochian: divination mode. Starts have a roll pending; the arena
    /// rolls the die (seeded by --seed and the game pair) and sends every
    /// move with its roll (`4:h8h6Q`) and the mover's roll last (`3:`).
    #[arg(long)]
    divination: bool,
    /// Enochian: the most milliseconds an engine gets to answer an exchange
    /// offer (it gets min(this, its army's clock / 20), at least 10; the
    /// time is charged to the answering army's clock).
    #[arg(long, default_value_t = 1000)]
    offer_ms: u64,
    /// An engine: `name=N cmd=PATH [arg=A]... [option.NAME=VALUE]... [tc=TC|st=S|nodes=N|depth=D]`.
    #[arg(long = "engine", required = true)]
    engines: Vec<String>,
    /// match (engines 1 and 2), gauntlet (engine 1 against each other) or round-robin.
    #[arg(long, default_value = "match")]
    format: String,
    /// Games per pairing (rounded up to whole pairs).
    #[arg(long, default_value_t = 2)]
    games: usize,
    /// Default limit: `40/60+0.6`, `10+0.1`, `st=0.5`, `nodes=5000`, `depth=6`.
    #[arg(long, default_value = "10+0.1")]
    tc: String,
    /// Games played at the same time.
    #[arg(long, default_value_t = 1)]
    concurrency: usize,
    /// Chess960: openings may castle with any rook (X-FEN or Shredder-FEN),
    /// engines get `setoption name UCI_Chess960 value true`, moves are
    /// king-takes-rook, and the PGN says `Variant "Chess960"`. Without
    /// `--openings`, games start from the standard array.
    #[arg(long)]
    chess960: bool,
    /// File of start positions (FEN/EPD/position strings, one per line).
    #[arg(long)]
    openings: Option<std::path::PathBuf>,
    /// Take openings in random order (seeded) instead of in order.
    #[arg(long)]
    random_openings: bool,
    /// Random plies played after the opening position.
    #[arg(long, default_value_t = 0)]
    random_plies: usize,
    /// Seed for openings, random plies and (divination) dice.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Milliseconds an engine may overstep its clock.
    #[arg(long, default_value_t = 100)]
    time_margin: u64,
    /// Seconds a fixed-depth/nodes move may take before the engine counts as hung.
    #[arg(long, default_value_t = 60)]
    hang_timeout: u64,
    /// Resign adjudication `CP:MOVES`.
    #[arg(long)]
    resign: Option<String>,
    /// Draw adjudication `CP:PLIES:AFTER_PLY`.
    #[arg(long)]
    draw: Option<String>,
    /// Draw after this many plies.
    #[arg(long)]
    max_plies: Option<usize>,
    /// SPRT for a two-engine match: `elo0=0,elo1=5,alpha=0.05,beta=0.05`.
    #[arg(long)]
    sprt: Option<String>,
    /// Write the games here.
    #[arg(long)]
    pgn: Option<std::path::PathBuf>,
    /// Write a JSON summary here.
    #[arg(long)]
    json: Option<std::path::PathBuf>,
    /// PGN `Event` tag.
    #[arg(long, default_value = "Augur arena")]
    event: String,
}

/// Splits an engine spec into `key=value` items. Option names and values
/// may contain spaces (`option.Move Overhead=50`): a word that does not
/// start a new item (a known key followed by `=`) belongs to the item before.
fn spec_items(text: &str) -> Vec<String> {
    let starts_item = |word: &str| {
        [
            "name=", "cmd=", "arg=", "tc=", "st=", "nodes=", "depth=", "option.",
        ]
        .iter()
        .any(|k| word.starts_with(k))
    };
    let mut items: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match items.last_mut() {
            Some(last) if !starts_item(word) => {
                last.push(' ');
                last.push_str(word);
            }
            _ => items.push(word.to_string()),
        }
    }
    items
}

fn parse_engine(text: &str) -> Result<EngineSpec, String> {
    let mut spec = EngineSpec {
        name: String::new(),
        cmd: String::new(),
        args: Vec::new(),
        options: Vec::new(),
        limit: None,
    };
    for item in spec_items(text) {
        let token = item.as_str();
        let (key, value) = token
            .split_once('=')
            .ok_or_else(|| format!("engine: '{token}' is not key=value"))?;
        match key {
            "name" => spec.name = value.to_string(),
            "cmd" => spec.cmd = value.to_string(),
            "arg" => spec.args.push(value.to_string()),
            "tc" => spec.limit = Some(Limit::parse(value)?),
            "st" | "nodes" | "depth" => spec.limit = Some(Limit::parse(token)?),
            _ => match key.strip_prefix("option.") {
                Some(name) if !name.is_empty() => {
                    spec.options.push((name.to_string(), value.to_string()))
                }
                _ => return Err(format!("engine: unknown key '{key}'")),
            },
        }
    }
    if spec.cmd.is_empty() {
        return Err(format!("engine '{text}' has no cmd="));
    }
    if spec.name.is_empty() {
        spec.name = spec.cmd.rsplit('/').next().unwrap_or("engine").to_string();
    }
    Ok(spec)
}

fn parse_numbers<const N: usize>(text: &str, what: &str) -> Result<[f64; N], String> {
    let values: Vec<f64> = text
        .split(':')
        .map(|v| v.parse::<f64>())
        .collect::<Result<_, _>>()
        .map_err(|_| format!("bad {what} '{text}'"))?;
    values
        .try_into()
        .map_err(|_| format!("{what} takes {N} values separated by ':'"))
}

fn parse_sprt(text: &str) -> Result<Sprt, String> {
    let mut sprt = Sprt {
        elo0: 0.0,
        elo1: 5.0,
        alpha: 0.05,
        beta: 0.05,
    };
    for part in text.split(',') {
        let (key, value) = part
            .split_once('=')
            .ok_or_else(|| format!("sprt: '{part}' is not key=value"))?;
        let value: f64 = value
            .parse()
            .map_err(|_| format!("sprt: bad number '{value}'"))?;
        match key.trim() {
            "elo0" => sprt.elo0 = value,
            "elo1" => sprt.elo1 = value,
            "alpha" => sprt.alpha = value,
            "beta" => sprt.beta = value,
            other => return Err(format!("sprt: unknown key '{other}'")),
        }
    }
    if !(sprt.elo1 > sprt.elo0
        && (0.0..0.5).contains(&sprt.alpha)
        && (0.0..0.5).contains(&sprt.beta)
        && sprt.alpha > 0.0
        && sprt.beta > 0.0)
    {
        return Err("sprt: need elo1 > elo0 and 0 < alpha, beta < 0.5".into());
    }
    Ok(sprt)
}

/// Today's date as YYYY.MM.DD (UTC).
fn today() -> String {
    let days = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400) as i64;
    // Civil-from-days (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

fn run<G: ArenaGame>(args: &Args) -> Result<(), String> {
    let variant = args.variant;
    let engines: Vec<EngineSpec> = args
        .engines
        .iter()
        .map(|e| parse_engine(e))
        .collect::<Result<_, _>>()?;
    let format = match args.format.as_str() {
        "match" => Format::Match,
        "gauntlet" => Format::Gauntlet,
        "round-robin" | "roundrobin" => Format::RoundRobin,
        other => return Err(format!("unknown format '{other}'")),
    };
    if engines.len() < 2 || (format == Format::Match && engines.len() != 2) {
        return Err(
            "a match needs exactly 2 engines; gauntlet and round-robin need at least 2".into(),
        );
    }
    let limit = Limit::parse(&args.tc)?;
    let sprt = args.sprt.as_deref().map(parse_sprt).transpose()?;
    if sprt.is_some() && format != Format::Match {
        return Err("--sprt needs a two-engine match".into());
    }
    let adjudication = Adjudication {
        resign: args
            .resign
            .as_deref()
            .map(|t| parse_numbers::<2>(t, "--resign"))
            .transpose()?
            .map(|[cp, n]| (cp as i32, n as u32)),
        draw: args
            .draw
            .as_deref()
            .map(|t| parse_numbers::<3>(t, "--draw"))
            .transpose()?
            .map(|[cp, n, a]| (cp as i32, n as u32, a as usize)),
        max_plies: args.max_plies,
    };
    let positions = match &args.openings {
        Some(path) => OpeningBook::load::<G>(path, args.chess960)?,
        None => Vec::new(),
    };
    let book = OpeningBook {
        positions,
        random_order: args.random_openings,
        random_plies: args.random_plies,
        seed: args.seed,
        divination: args.divination,
        chess960: args.chess960,
    };
    let settings = GameSettings {
        limits: Vec::new(),
        time_margin_ms: args.time_margin,
        hang_timeout: Duration::from_secs(args.hang_timeout.max(1)),
        adjudication,
        offer_ms_cap: args.offer_ms,
        dice_seed: 0,
        chess960: args.chess960,
    };
    let army_seats = match args.seats.as_str() {
        "team" => false,
        "army" if G::SEAT_TEAMS.len() > 2 => true,
        "army" => {
            return Err(format!(
                "--seats army needs a game with armies ({variant} has none)"
            ));
        }
        other => return Err(format!("unknown --seats '{other}' (team or army)")),
    };
    if args.chess960 && !variant.is_standard() {
        return Err(format!("--chess960 needs chess ({variant} is not)"));
    }
    if args.divination && G::startpos().divination().is_none() {
        return Err(format!(
            "--divination needs a game with dice ({variant} has none)"
        ));
    }
    let jobs = schedule(format, engines.len(), args.games.div_ceil(2).max(1));
    let total = jobs.len();
    let plan = Arc::new(Plan {
        engines: engines.clone(),
        variant,
        limit,
        settings,
        book,
        army_seats,
    });
    let stop = Arc::new(AtomicBool::new(false));
    let (tx, rx) = mpsc::channel::<Finished>();
    let runner = {
        let (plan, stop) = (Arc::clone(&plan), Arc::clone(&stop));
        let concurrency = args.concurrency;
        std::thread::spawn(move || tournament::run::<G>(plan, jobs, concurrency, stop, tx))
    };

    let mut pgn_file = match &args.pgn {
        Some(path) => {
            Some(std::fs::File::create(path).map_err(|e| format!("{}: {e}", path.display()))?)
        }
        None => None,
    };
    let date = today();
    // Per pairing (lower index first): score from the first engine's view.
    let mut scores: HashMap<(usize, usize), Score> = HashMap::new();
    let mut pentanomial = Pentanomial::new();
    let mut half_pairs: HashMap<usize, f64> = HashMap::new();
    let mut terminations: HashMap<String, u32> = HashMap::new();
    let mut per_engine = vec![Score::new(0, 0, 0); engines.len()];
    // Exchange offers: made, accepted, declined.
    let mut offers = [0u32; 3];
    let mut finished = 0usize;
    let mut decision = None;
    for done in rx {
        finished += 1;
        let [white, black] = done.job.seats;
        let result = &done.record.result;
        *terminations.entry(result.reason.clone()).or_default() += 1;
        for offer in &done.record.offers {
            offers[0] += 1;
            match offer.accepted {
                Some(true) => offers[1] += 1,
                Some(false) => offers[2] += 1,
                None => {}
            }
        }
        let white_points = match result.winner {
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
        let score = scores
            .entry((first, second))
            .or_insert_with(|| Score::new(0, 0, 0));
        add_points(score, first_points);
        add_points(&mut per_engine[first], first_points);
        add_points(&mut per_engine[second], 1.0 - first_points);
        if format == Format::Match {
            let engine0_points = if white == 0 {
                white_points
            } else {
                1.0 - white_points
            };
            if let Some(other) = half_pairs.remove(&done.job.pair) {
                pentanomial.add_pair(other, engine0_points);
            } else {
                half_pairs.insert(done.job.pair, engine0_points);
            }
        }
        if let Some(file) = pgn_file.as_mut() {
            let header = pgn::PgnHeader {
                event: &args.event,
                round: done.job.number,
                players: [&engines[white].name, &engines[black].name],
                time_control: engines[white].limit.unwrap_or(limit).pgn_tag(),
                date: &date,
                extra: extra_tags::<G>(
                    [&engines[white].name, &engines[black].name],
                    army_seats,
                    args.divination,
                ),
            };
            file.write_all(pgn::write_game::<G>(&header, &done.record).as_bytes())
                .map_err(|e| format!("writing PGN: {e}"))?;
        }
        let est = estimate(score);
        let mut line = format!(
            "[{finished}/{total}] game {} {} vs {}: {} ({}) | {} vs {}: {}",
            done.job.number,
            engines[white].name,
            engines[black].name,
            pgn::result_token(&done.record),
            result.reason,
            engines[first].name,
            engines[second].name,
            summary_line(score, &est)
        );
        if let Some(sprt) = &sprt {
            let (lower, upper) = sprt.bounds();
            let _ = std::fmt::Write::write_fmt(
                &mut line,
                format_args!(
                    ", LLR {:.2} ({lower:.2}, {upper:.2})",
                    sprt.llr(&pentanomial)
                ),
            );
            if decision.is_none() {
                decision = sprt.decision(&pentanomial);
                if decision.is_some() {
                    stop.store(true, Ordering::Relaxed);
                }
            }
        }
        println!("{line}");
    }
    let _ = runner.join();

    println!();
    for ((a, b), score) in &scores {
        println!(
            "{} vs {}: {}",
            engines[*a].name,
            engines[*b].name,
            summary_line(score, &estimate(score))
        );
    }
    if format != Format::Match {
        for (i, score) in per_engine.iter().enumerate() {
            println!(
                "{}: {}",
                engines[i].name,
                summary_line(score, &estimate(score))
            );
        }
    }
    if let Some(sprt) = &sprt {
        let verdict = match decision {
            Some(SprtDecision::AcceptH1) => "H1 accepted",
            Some(SprtDecision::AcceptH0) => "H0 accepted",
            None => "no decision",
        };
        println!(
            "SPRT elo0={} elo1={} alpha={} beta={}: LLR {:.2}, {verdict} after {} pairs",
            sprt.elo0,
            sprt.elo1,
            sprt.alpha,
            sprt.beta,
            sprt.llr(&pentanomial),
            pentanomial.pairs()
        );
    }
    let mut reasons: Vec<_> = terminations.iter().collect();
    reasons.sort();
    if G::SEAT_TEAMS.len() > 2 {
        println!(
            "exchange offers: {} (accepted {}, declined {})",
            offers[0], offers[1], offers[2]
        );
    }
    println!(
        "terminations: {}",
        reasons
            .iter()
            .map(|(k, v)| format!("{k}: {v}"))
            .collect::<Vec<_>>()
            .join(", ")
    );

    if let Some(path) = &args.json {
        let pairings: Vec<String> = scores
            .iter()
            .map(|((a, b), s)| {
                let e = estimate(s);
                format!(
                    "{{\"first\":{},\"second\":{},\"wins\":{},\"draws\":{},\"losses\":{},\"score\":{:.4},\"elo\":{:.1},\"error95\":{:.1},\"los\":{:.4}}}",
                    json_string(&engines[*a].name), json_string(&engines[*b].name), s.wins, s.draws, s.losses, s.ratio(),
                    finite(e.elo), finite(e.error95), e.los
                )
            })
            .collect();
        let sprt_json = match &sprt {
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
                    sprt.llr(&pentanomial),
                    pentanomial.counts
                )
            }
            None => "null".to_string(),
        };
        let terms: Vec<String> = reasons
            .iter()
            .map(|(k, v)| format!("{}:{v}", json_string(k)))
            .collect();
        let json = format!(
            "{{\"variant\":{},\"seats\":{},\"divination\":{},\"format\":{},\"games\":{finished},\"scheduled\":{total},\"pairings\":[{}],\"sprt\":{sprt_json},\"terminations\":{{{}}},\"exchange_offers\":{{\"offers\":{},\"accepted\":{},\"declined\":{}}}}}\n",
            json_string(variant.name()),
            json_string(if army_seats { "army" } else { "team" }),
            args.divination,
            json_string(&args.format),
            pairings.join(","),
            terms.join(","),
            offers[0],
            offers[1],
            offers[2]
        );
        std::fs::write(path, json).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(())
}

/// PGN tags naming who played what in games with armies (Enochian):
/// `BlueBlack`/`RedYellow` (the teams: White/Black of the PGN), one tag per
/// army (`BlueArmy`, ...), `Seats`, and `Divination` when on.
fn extra_tags<G: ArenaGame>(
    players: [&str; 2],
    army_seats: bool,
    divination: bool,
) -> Vec<(String, String)> {
    let mut tags = Vec::new();
    if G::SEAT_TEAMS.len() <= 2 {
        return tags;
    }
    for (tag, player) in G::TEAM_NAMES.iter().zip(players) {
        tags.push((tag.to_string(), player.to_string()));
    }
    for army in 0..G::SEAT_TEAMS.len() {
        tags.push((
            format!("{}Army", game::army_title::<G>(army)),
            players[G::SEAT_TEAMS[army].index()].to_string(),
        ));
    }
    tags.push((
        "Seats".to_string(),
        if army_seats { "army" } else { "team" }.to_string(),
    ));
    if divination {
        tags.push(("Divination".to_string(), "true".to_string()));
    }
    tags
}

fn finite(x: f64) -> f64 {
    if x.is_finite() {
        x
    } else {
        x.signum() * 9999.0
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

fn main() -> std::process::ExitCode {
    let args = Args::parse();
    let result = with_game!(args.variant, G => run::<G>(&args));
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::ExitCode::from(2)
        }
    }
}

/// `text` as a JSON string literal (quotes, backslashes and control
/// characters escaped). The `--json` summary is still assembled by hand;
/// moving it to serde types is a later step of the serde refactor.
fn json_string(text: &str) -> String {
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
