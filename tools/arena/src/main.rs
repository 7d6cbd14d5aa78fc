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
mod report;
mod stats;
mod timecontrol;
mod tournament;
mod unit;
mod variant;

use clap::Parser;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, mpsc};
use std::time::Duration;

use augur_games::{Variant, with_game};
use engine::EngineSpec;
use game::{Adjudication, GameSettings};
use openings::OpeningBook;
use report::{Context, JsonFacts, Outcome, Tally};
use stats::Sprt;
use timecontrol::Limit;
use tournament::{Finished, Format, Plan, schedule};
use unit::{Unit, UnitGame};
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
    /// Play only game pair N of the schedule (from 0: its opening, colours
    /// or teams swapped, the pair's dice) and write a unit result: JSON to
    /// `--json` (or stdout), the two games to `--pgn`.
    #[arg(long, value_name = "N", conflicts_with = "merge")]
    pair: Option<usize>,
    /// Play nothing: read unit results (`--pair` JSON files, or directories
    /// of them) and write the PGN, JSON and summary a one-machine run with
    /// the same arguments writes (the games in order, up to an SPRT
    /// decision).
    #[arg(long, value_name = "UNIT", num_args = 1..)]
    merge: Vec<std::path::PathBuf>,
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
    let ctx = Context {
        engines: &engines,
        sprt: sprt.as_ref(),
        total,
        armies: G::SEAT_TEAMS.len() > 2,
    };
    let facts = JsonFacts {
        variant: variant.name(),
        seats: if army_seats { "army" } else { "team" },
        divination: args.divination,
        format: &args.format,
    };
    let mut pgn_file = match &args.pgn {
        Some(path) => {
            Some(std::fs::File::create(path).map_err(|e| format!("{}: {e}", path.display()))?)
        }
        None => None,
    };
    let mut tally = Tally::new(engines.len(), format == Format::Match);
    let mut decision = None;
    // Counts one game: prints its line, appends its PGN, updates the SPRT.
    let mut take = |outcome: &Outcome, pgn: &str| -> Result<bool, String> {
        let pairing = tally.add(outcome);
        if let Some(file) = pgn_file.as_mut() {
            file.write_all(pgn.as_bytes())
                .map_err(|e| format!("writing PGN: {e}"))?;
        }
        println!("{}", report::progress_line(&ctx, &tally, outcome, pairing));
        if let Some(sprt) = &sprt
            && decision.is_none()
        {
            decision = sprt.decision(&tally.pentanomial);
        }
        Ok(decision.is_some())
    };

    if !args.merge.is_empty() {
        // Unit results, in game order, up to an SPRT decision.
        for game in unit::load_games(&args.merge, &jobs)? {
            if take(&game.outcome, &game.pgn)? {
                break;
            }
        }
    } else {
        let date = today();
        let pgn_of = |done: &Finished| {
            let [white, black] = done.job.seats;
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
            pgn::write_game::<G>(&header, &done.record)
        };
        let jobs = match args.pair {
            Some(pair) => {
                let mine: Vec<_> = jobs.into_iter().filter(|j| j.pair == pair).collect();
                if mine.is_empty() {
                    return Err(format!(
                        "--pair {pair}: the schedule has pairs 0 to {}",
                        total.div_ceil(2).saturating_sub(1)
                    ));
                }
                mine
            }
            None => jobs,
        };
        let plan = Arc::new(Plan {
            engines: engines.clone(),
            variant,
            limit,
            settings,
            book,
            army_seats,
        });
        let stop = Arc::new(AtomicBool::new(false));
        let (tx, rx) = mpsc::channel();
        let runner = {
            let (plan, stop) = (Arc::clone(&plan), Arc::clone(&stop));
            let concurrency = args.concurrency;
            std::thread::spawn(move || tournament::run::<G>(plan, jobs, concurrency, stop, tx))
        };
        let mut unit_games = Vec::new();
        // `_dealt` is dropped at the end of each turn: the game's thread
        // then goes on.
        for (done, _dealt) in rx {
            let outcome = Outcome::of(&done);
            let pgn = pgn_of(&done);
            if args.pair.is_some() {
                unit_games.push(UnitGame { outcome, pgn });
                continue;
            }
            if take(&outcome, &pgn)? {
                stop.store(true, Ordering::Relaxed);
            }
        }
        let _ = runner.join();
        if let Some(pair) = args.pair {
            return write_unit(args, pair, unit_games);
        }
    }

    for line in report::closing_lines(&ctx, &tally, decision) {
        println!("{line}");
    }
    if let Some(path) = &args.json {
        let json = report::summary_json(&ctx, &facts, &tally, decision);
        std::fs::write(path, json).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(())
}

/// Writes a unit result (`--pair`): its games in game order, as JSON to
/// `--json` (or stdout) and their PGN to `--pgn`.
fn write_unit(args: &Args, pair: usize, mut games: Vec<UnitGame>) -> Result<(), String> {
    games.sort_by_key(|g| g.outcome.number);
    if let Some(path) = &args.pgn {
        let text: String = games.iter().map(|g| g.pgn.as_str()).collect();
        std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    let json =
        serde_json::to_string(&Unit { pair, games }).map_err(|e| format!("unit result: {e}"))?;
    match &args.json {
        Some(path) => {
            std::fs::write(path, json + "\n").map_err(|e| format!("{}: {e}", path.display()))
        }
        None => {
            println!("{json}");
            Ok(())
        }
    }
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
