//! Protocol abuse against the real binary, for every game: thousands of
//! seeded random command lines (valid, truncated, garbled, garbage, huge
//! numbers, interleaved `go`/`stop`/`position`/`setoption`/`ucinewgame`,
//! over-long lines, invalid UTF-8), each followed by `isready`. The process
//! must stay alive, answer every `isready`, never panic, and exit cleanly
//! on `quit`, also mid-search.
//!
//! The test keeps its own model of the session, decided from the lines it
//! sent and `protocol.md` alone (the command grammar of "UCI commands
//! (parsing)", `position` and the refused-position rule, `go`'s answers,
//! the options that choose the game and its start, Enochian rolls and
//! exchange offers), with positions played through the games' `Game`
//! trait. Against that model:
//!
//! - every `bestmove` answers the oldest `go` not yet answered, and is what
//!   that `go` must give: after a refused `position`, `0000`; with no legal
//!   move, `(none)`; for a declined exchange that was the army's only move,
//!   `0000`; otherwise a legal move of the position the `go` was sent for,
//!   written as that game writes it, among the `searchmoves` if any, not
//!   the declined exchange, with a `ponder` move legal after it. A
//!   `bestmove` that answers no `go`, or a `go` left unanswered at exit,
//!   fails;
//! - a `go` is refused (an `info string error`) exactly when the model says
//!   it must be: malformed, an Enochian roll not yet known, an illegal
//!   `searchmoves` move, or (the one race) sent while an earlier search
//!   had not yet printed its `bestmove`. A refused valid `go` fails, and so
//!   does an accepted invalid one;
//! - `position`, the game-choosing options and the exchange commands are
//!   accepted or refused as the model says.
//!
//! `AUGUR_ABUSE_LINES` sets the lines per game (default 2,500) and
//! `AUGUR_ABUSE_SEED` the seed, for longer runs:
//! `AUGUR_ABUSE_LINES=50000 cargo test --release -p augur-cli --test protocol_abuse`.

use augur_core::{Game, MoveList, replay};
use augur_games::{Variant, with_game};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

/// How long any answer may take (generous: CI machines are loaded).
const ANSWER_LIMIT: Duration = Duration::from_secs(60);
/// Lines per session before it ends with `quit`.
const SESSION_LINES: usize = 150;

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Counts of what one game's run did, printed for the record.
#[derive(Debug, Default)]
struct Counts {
    lines: usize,
    sessions: usize,
    /// `go` lines that started a search.
    searches: usize,
    /// Search answers checked: a legal move of the position searched.
    legal_bestmoves: usize,
    /// Fixed answers checked: `0000` after a refused position or a declined
    /// only move, `(none)` with no legal move.
    fixed_answers: usize,
    /// `go` refused, each for the reason the model gives.
    gos_malformed: usize,
    gos_while_searching: usize,
    gos_roll_unknown: usize,
    gos_searchmoves_illegal: usize,
    /// `go` after a refused `position`: an error and `bestmove 0000`.
    gos_without_position: usize,
    positions_accepted: usize,
    positions_refused: usize,
    errors: usize,
    quits_mid_search: usize,
    /// Garbled lines that became `quit` (they end their session).
    quit_lines: usize,
}

/// A `bestmove` the session owes: what it must be, and for which `go`.
struct Expected {
    /// The `go` and the position it was sent for (failure messages).
    what: String,
    /// Checks the text after `bestmove `.
    check: Check,
    /// Whether it answers a search (rather than a fixed answer).
    search: bool,
    /// Sent while an earlier search was still running: the engine may
    /// refuse it ("a search is already running"), then it is owed nothing.
    tentative: bool,
}

type Check = Box<dyn Fn(&str) -> Result<(), String>>;

fn fixed(answer: &'static str) -> Check {
    Box::new(move |text| {
        if text == answer {
            Ok(())
        } else {
            Err(format!("expected bestmove {answer}"))
        }
    })
}

struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    stderr: Receiver<String>,
    /// Every line read so far (for the failure message).
    transcript: Vec<String>,
    /// The answers owed, oldest first.
    expected: VecDeque<Expected>,
    errors: usize,
    legal_bestmoves: usize,
    fixed_answers: usize,
    /// The error lines of the last `read_until`.
    last_errors: Vec<String>,
}

impl Engine {
    fn start() -> Self {
        let mut child = Command::new(env!("CARGO_BIN_EXE_augur"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start augur");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let stderr_pipe = child.stderr.take().expect("stderr");
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let (sender, stderr) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr_pipe).lines().map_while(Result::ok) {
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        Self {
            child,
            stdin,
            lines,
            stderr,
            transcript: Vec::new(),
            expected: VecDeque::new(),
            errors: 0,
            legal_bestmoves: 0,
            fixed_answers: 0,
            last_errors: Vec::new(),
        }
    }

    fn send(&mut self, bytes: &[u8]) {
        self.transcript
            .push(format!("> {}", String::from_utf8_lossy(bytes)));
        let alive = self.stdin.write_all(bytes).is_ok()
            && self.stdin.write_all(b"\n").is_ok()
            && self.stdin.flush().is_ok();
        if !alive {
            self.fail("the engine closed its input (it died)");
        }
    }

    /// A `bestmove` line: it must answer the oldest `go` still owed.
    fn answer(&mut self, line: &str) {
        let Some(text) = line.strip_prefix("bestmove ") else {
            self.fail(&format!("malformed line '{line}'"));
        };
        let Some(owed) = self.expected.pop_front() else {
            self.fail(&format!("'{line}' answers no go"));
        };
        if let Err(why) = (owed.check)(text) {
            self.fail(&format!("'{line}' answering {}: {why}", owed.what));
        }
        if owed.search {
            self.legal_bestmoves += 1;
        } else {
            self.fixed_answers += 1;
        }
    }

    /// Reads lines until one satisfies `done`, checking each `bestmove`;
    /// the error lines met are kept in `last_errors`.
    fn read_until(&mut self, what: &str, done: impl Fn(&str) -> bool) {
        let deadline = Instant::now() + ANSWER_LIMIT;
        self.last_errors.clear();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    self.transcript.push(line.clone());
                    if line.starts_with("bestmove") {
                        self.answer(&line);
                    }
                    if line.starts_with("info string error") {
                        self.errors += 1;
                        self.last_errors.push(line.clone());
                    }
                    if done(&line) {
                        return;
                    }
                }
                Err(_) => self.fail(&format!("no {what} within {ANSWER_LIMIT:?}")),
            }
        }
    }

    /// Sends `isready` and waits for `readyok`.
    fn sync(&mut self) {
        self.send(b"isready");
        self.read_until("readyok", |line| line == "readyok");
    }

    fn fail(&mut self, why: &str) -> ! {
        let _ = self.child.kill();
        let tail: Vec<&String> = self.transcript.iter().rev().take(40).collect();
        let stderr: Vec<String> = self.stderr.try_iter().collect();
        panic!(
            "{why}\nlast lines (newest first):\n{}\nstderr:\n{}",
            tail.iter()
                .map(|l| l.as_str())
                .collect::<Vec<_>>()
                .join("\n"),
            stderr.join("\n")
        );
    }

    /// Sends `quit` (unless already sent) and checks the exit: status 0, no
    /// panic on stderr, and every `go` answered.
    fn quit(mut self, already_sent: bool) -> (usize, usize, usize) {
        if !already_sent {
            self.send(b"quit");
        }
        let deadline = Instant::now() + ANSWER_LIMIT;
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => {
                    // Lines printed before exiting (the last bestmove).
                    while let Ok(line) = self.lines.recv_timeout(Duration::from_millis(100)) {
                        self.transcript.push(line.clone());
                        if line.starts_with("bestmove") {
                            self.answer(&line);
                        }
                    }
                    let stderr: Vec<String> = self.stderr.try_iter().collect();
                    if !status.success() || stderr.iter().any(|l| l.contains("panicked")) {
                        self.fail(&format!("exit {status}, stderr {stderr:?}"));
                    }
                    break;
                }
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(5));
                }
                _ => self.fail("no exit after quit"),
            }
        }
        if let Some(owed) = self.expected.front() {
            let what = owed.what.clone();
            self.fail(&format!("no bestmove for {what}"));
        }
        (self.errors, self.legal_bestmoves, self.fixed_answers)
    }
}

/// A random legal line of play from `start`, as `position` text.
fn random_position<G: Game>(rng: &mut StdRng, starts: &[&str]) -> String {
    let (mut position, head) = if starts.is_empty() || rng.random_bool(0.4) {
        (G::startpos(), "position startpos".to_string())
    } else {
        let fen = starts[rng.random_range(0..starts.len())];
        match G::from_fen(fen) {
            Ok(p) => (p, format!("position fen {fen}")),
            Err(_) => (G::startpos(), "position startpos".to_string()),
        }
    };
    let plies = rng.random_range(0..24);
    let mut texts = Vec::new();
    for _ in 0..plies {
        let mut moves = MoveList::new();
        position.generate(&mut moves);
        if moves.is_empty() || position.chance_outcomes() > 0 {
            break;
        }
        let mv = moves[rng.random_range(0..moves.len())];
        texts.push(position.move_text(mv));
        position = position.play(mv);
    }
    if texts.is_empty() {
        head
    } else {
        format!("{head} moves {}", texts.join(" "))
    }
}

fn pick<'a>(rng: &mut StdRng, items: &[&'a str]) -> &'a str {
    items[rng.random_range(0..items.len())]
}

const HUGE: &[&str] = &[
    "99999999999999999999999",
    "18446744073709551615",
    "18446744073709551616",
    "9223372036854775807",
    "-9223372036854775808",
    "-1",
    "4294967296",
    "1e9",
    "0x10",
    "NaN",
];

/// A bounded `go` (or one that `stop` or a later command ends).
fn go_line(rng: &mut StdRng, variant: &str) -> String {
    let n = |rng: &mut StdRng, hi: u64| rng.random_range(0..=hi);
    match rng.random_range(0..10) {
        0 => format!("go depth {}", n(rng, 4)),
        1 => format!("go nodes {}", n(rng, 4000)),
        2 => format!("go movetime {}", n(rng, 40)),
        3 => format!(
            "go wtime {} btime {} winc {} binc {}",
            n(rng, 300),
            n(rng, 300),
            n(rng, 20),
            n(rng, 20)
        ),
        4 if variant == "enochian" => format!(
            "go yellowtime {} bluetime {} redtime {} blacktime {} yellowinc 5",
            n(rng, 200),
            n(rng, 200),
            n(rng, 200),
            n(rng, 200)
        ),
        4 => format!("go wtime {} btime 100 movestogo {}", n(rng, 200), n(rng, 3)),
        5 => "go infinite".to_string(),
        6 => format!("go ponder movetime {}", n(rng, 30)),
        7 => format!("go mate {}", n(rng, 3)),
        8 => format!("go depth {} searchmoves e2e4 a1a1", n(rng, 3)),
        _ => format!(
            "go {} {}",
            pick(rng, &["depth", "nodes", "movetime", "wtime", "mate"]),
            pick(rng, HUGE)
        ),
    }
}

/// One valid-looking command (some are refused by the engine, e.g. a
/// huge number or a move that does not exist here).
fn valid_line<G: Game>(rng: &mut StdRng, variant: &str, starts: &[&str]) -> String {
    match rng.random_range(0..100) {
        0..30 => random_position::<G>(rng, starts),
        30..55 => go_line(rng, variant),
        55..65 => "stop".to_string(),
        65..68 => "ucinewgame".to_string(),
        68..70 => "ponderhit".to_string(),
        70..78 => {
            let (name, value) = match rng.random_range(0..8) {
                0 => (
                    "Hash",
                    pick(rng, &["1", "2", "8", "32", "0", "65537"]).to_string(),
                ),
                1 => (
                    "Threads",
                    pick(rng, &["1", "2", "3", "4", "0", "1025"]).to_string(),
                ),
                2 => (
                    "MultiPV",
                    pick(rng, &["1", "2", "3", "0", "500"]).to_string(),
                ),
                3 => (
                    "Move Overhead",
                    pick(rng, &["0", "10", "30", "5001"]).to_string(),
                ),
                4 => (
                    "UCI_ShowWDL",
                    pick(rng, &["true", "false", "maybe"]).to_string(),
                ),
                5 => ("Ponder", pick(rng, &["true", "false"]).to_string()),
                6 => ("Hash", pick(rng, HUGE).to_string()),
                _ => ("Threads", pick(rng, HUGE).to_string()),
            };
            format!("setoption name {name} value {value}")
        }
        78..80 => "setoption name Clear Hash".to_string(),
        80..82 => "d".to_string(),
        82..84 => "eval".to_string(),
        84..86 => format!("go perft {}", rng.random_range(0..3)),
        86..88 if variant == "enochian" => pick(
            rng,
            &[
                "exchange offer movetime 5",
                "exchange declined",
                "setoption name UCI_Enochian_Divination value true",
                "setoption name UCI_Enochian_Divination value false",
                "position startpos moves 4:",
            ],
        )
        .to_string(),
        86..88 => "uci".to_string(),
        88 => "bench depth 1".to_string(),
        89 => "debug on".to_string(),
        90 => "setoption name UCI_Variant value chess".to_string(),
        91 => format!("setoption name UCI_Variant value {variant}"),
        92 => "quit now please".to_string(),
        _ => format!("position fen {}", pick(rng, HUGE)),
    }
}

/// Garbage bytes: printable noise, control bytes and invalid UTF-8.
fn garbage(rng: &mut StdRng) -> Vec<u8> {
    let len = rng.random_range(0..80);
    (0..len)
        .map(|_| match rng.random_range(0..4) {
            0 => rng.random_range(0x80..=0xFFu8),
            1 => rng.random_range(0..0x20u8),
            _ => rng.random_range(0x20..0x7Fu8),
        })
        .filter(|&b| b != b'\n')
        .collect()
}

/// One command line: valid, truncated, garbled, garbage or over-long.
fn any_line<G: Game>(rng: &mut StdRng, variant: &str, starts: &[&str]) -> Vec<u8> {
    let line = valid_line::<G>(rng, variant, starts).into_bytes();
    match rng.random_range(0..100) {
        0..60 => line,
        60..72 => {
            let cut = rng.random_range(0..=line.len());
            line[..cut].to_vec()
        }
        72..82 => {
            let mut bytes = line;
            for _ in 0..rng.random_range(1..4) {
                if bytes.is_empty() {
                    break;
                }
                let at = rng.random_range(0..bytes.len());
                bytes[at] = rng.random_range(0x20..0xFFu8);
            }
            bytes
        }
        82..92 => garbage(rng),
        92..95 => {
            // A valid line with a huge number or stray token spliced in.
            let mut text = String::from_utf8_lossy(&line).into_owned();
            text.push(' ');
            text.push_str(pick(rng, HUGE));
            text.into_bytes()
        }
        95..97 => vec![b'x'; rng.random_range(4_000..70_000)],
        _ => b"   \t ".to_vec(),
    }
}

/// Whether `bytes` would set a valid but large `Hash` (a truncated huge
/// number can read as 18446 MB). The engine refuses what the machine cannot
/// hold (tested in augur-search); here it would only make the test slow on
/// a machine with that much memory free.
fn sets_a_large_hash(bytes: &[u8]) -> bool {
    let text = String::from_utf8_lossy(bytes);
    let words: Vec<&str> = text.split_ascii_whitespace().collect();
    matches!(words[..], ["setoption", "name", hash, "value", n]
        if hash.eq_ignore_ascii_case("hash") && n.parse::<u64>().is_ok_and(|mb| mb > 256))
}

// ---------------------------------------------------------------------------
// The test's model of the session.
// ---------------------------------------------------------------------------

/// What a `go` must give in the model's position.
enum GoAnswer {
    /// The last `position` was refused: an error and `bestmove 0000`.
    NoPosition,
    /// An Enochian roll not yet known: an error, no search.
    RollUnknown,
    /// The army's only move, the exchange, was declined: `bestmove 0000`.
    DeclinedPass,
    /// No legal move: `bestmove (none)`.
    GameOver,
    /// A `searchmoves` move is not legal: an error, no search.
    SearchmovesIllegal,
    /// A search, whose answer this checks.
    Search(Check),
}

/// One game's part of the model: what `startpos` means, the position set,
/// and the session rules that depend on it.
trait Tracker {
    /// `position [startpos | fen <fen>] moves ...`; whether it is accepted.
    fn set_position(&mut self, fen: Option<&str>, moves: &[String]) -> bool;
    /// A new meaning for `startpos` (Enochian options); the position is
    /// set to it.
    fn restart(&mut self, start: Option<String>);
    fn set_chess960(&mut self, on: bool);
    fn go(&self, searchmoves: &[String]) -> GoAnswer;
    /// Whether an exchange (a move needing the other team's agreement) is
    /// legal in the position held.
    fn agreement_possible(&self) -> bool;
    fn decline(&mut self);
    /// The position held, for messages.
    fn describe(&self) -> String;
}

struct Track<G: Game> {
    start: Option<G>,
    position: G,
    refused: bool,
    declined: bool,
    chess960: bool,
}

impl<G: Game> Track<G> {
    /// A fresh game (`UCI_Variant`): `start` (if any) is what `startpos`
    /// means, and the position held until the next `position` (the
    /// Enochian array and divination the options chose).
    fn new(start: Option<String>, chess960: bool) -> Self {
        let start = start.and_then(|text| G::from_fen(&text).ok());
        Track {
            position: start
                .clone()
                .unwrap_or_else(G::startpos)
                .with_chess960(chess960),
            start,
            refused: false,
            declined: false,
            chess960,
        }
    }

    fn legal(&self) -> Vec<G::Move> {
        let mut moves = MoveList::new();
        self.position.generate(&mut moves);
        moves.iter().copied().collect()
    }
}

/// Whether `text` is a legal move of `position`, written as the game
/// writes it; the move.
fn legal_text<G: Game>(position: &G, text: &str) -> Result<G::Move, String> {
    let mv = position
        .parse_move(text)
        .map_err(|e| format!("not legal in {}: {e}", position.fen()))?;
    let canonical = position.move_text(mv);
    if canonical != text {
        return Err(format!("written '{canonical}' in {}", position.fen()));
    }
    Ok(mv)
}

impl<G: Game> Tracker for Track<G> {
    fn set_position(&mut self, fen: Option<&str>, moves: &[String]) -> bool {
        let read = match fen {
            None => Ok(self
                .start
                .clone()
                .unwrap_or_else(G::startpos)
                .with_chess960(self.chess960)),
            Some(text) if self.chess960 => G::from_fen_chess960(text).map(|(p, _)| p),
            Some(text) => G::from_fen_with_warnings(text).map(|(p, _)| p),
        };
        let replayed = read
            .ok()
            .and_then(|start| replay(start, moves).ok())
            .map(|r| r.position);
        self.refused = replayed.is_none();
        if let Some(position) = replayed {
            self.position = position;
            self.declined = false;
        }
        !self.refused
    }

    fn restart(&mut self, start: Option<String>) {
        self.start = start.and_then(|text| G::from_fen(&text).ok());
        self.set_position(None, &[]);
    }

    fn set_chess960(&mut self, on: bool) {
        self.chess960 = on;
        self.position = self.position.clone().with_chess960(on);
    }

    fn go(&self, searchmoves: &[String]) -> GoAnswer {
        if self.refused {
            return GoAnswer::NoPosition;
        }
        if self.position.chance_outcomes() > 0 {
            return GoAnswer::RollUnknown;
        }
        if self.declined && self.position.declined_offer_pass().is_some() {
            return GoAnswer::DeclinedPass;
        }
        if self.legal().is_empty() {
            return GoAnswer::GameOver;
        }
        let mut only = Vec::new();
        for text in searchmoves {
            match self.position.parse_move(text) {
                Ok(mv) => only.push(mv),
                Err(_) => return GoAnswer::SearchmovesIllegal,
            }
        }
        let position = self.position.clone();
        let declined = self.declined;
        GoAnswer::Search(Box::new(move |text: &str| {
            let words: Vec<&str> = text.split(' ').collect();
            let (best, ponder) = match words[..] {
                [best] => (best, None),
                [best, "ponder", ponder] => (best, Some(ponder)),
                _ => return Err("malformed".to_string()),
            };
            let mv = legal_text(&position, best)?;
            if !only.is_empty() && !only.contains(&mv) {
                return Err("not among the searchmoves".to_string());
            }
            if declined && position.needs_agreement(mv) {
                return Err("the exchange offered again after it was declined".to_string());
            }
            if let Some(ponder) = ponder {
                let after = position.play(mv);
                let outcomes = after.chance_outcomes();
                let legal = if outcomes > 0 {
                    (0..outcomes).any(|i| legal_text(&after.resolve_chance(i), ponder).is_ok())
                } else {
                    legal_text(&after, ponder).is_ok()
                };
                if !legal {
                    return Err(format!("ponder {ponder} is not legal in {}", after.fen()));
                }
            }
            Ok(())
        }))
    }

    fn agreement_possible(&self) -> bool {
        self.legal()
            .into_iter()
            .any(|mv| self.position.needs_agreement(mv))
    }

    fn decline(&mut self) {
        self.declined = true;
    }

    fn describe(&self) -> String {
        if self.refused {
            format!("(refused; held {})", self.position.fen())
        } else {
            self.position.fen()
        }
    }
}

/// The session as the test's lines left it.
struct Model {
    variant: Variant,
    chess960: bool,
    divination: bool,
    /// The position string of the Enochian array `startpos` means.
    array: String,
    game: Box<dyn Tracker>,
}

impl Model {
    fn new() -> Self {
        let mut model = Model {
            variant: Variant::Chess,
            chess960: false,
            divination: false,
            array: augur_games::enochian::Position::startpos().fen(),
            game: Box::new(Track::<augur_games::chess::Position>::new(None, false)),
        };
        model.switch(Variant::Chess);
        model
    }

    /// What `startpos` means in `variant`, when an option chooses it.
    fn start_for(&self, variant: Variant) -> Option<String> {
        (variant == Variant::Enochian).then(|| {
            if self.divination {
                // The array before the first roll.
                let head = self.array.rsplit_once(' ').map_or("", |(h, _)| h);
                format!("{head} ?")
            } else {
                self.array.clone()
            }
        })
    }

    /// `UCI_Variant`: a fresh game at its start.
    fn switch(&mut self, variant: Variant) {
        self.variant = variant;
        let start = self.start_for(variant);
        let chess960 = self.chess960;
        self.game = with_game!(variant, G => {
            Box::new(Track::<G>::new(start, chess960)) as Box<dyn Tracker>
        });
    }

    /// An Enochian start option changed: in Enochian chess the position is
    /// set to the new start.
    fn restart(&mut self) {
        if self.variant == Variant::Enochian {
            let start = self.start_for(Variant::Enochian);
            self.game.restart(start);
        }
    }
}

// ---------------------------------------------------------------------------
// Reading a line as the session does (`protocol.md`, "UCI commands").
// ---------------------------------------------------------------------------

/// What the model makes of one line.
enum Parsed {
    Quit,
    Position {
        fen: Option<String>,
        moves: Vec<String>,
    },
    /// A `go` that asks for a search.
    Go {
        searchmoves: Vec<String>,
    },
    /// `go perft N`.
    Perft,
    SetOption {
        name: String,
        value: Option<String>,
    },
    NewGame,
    ExchangeOffer,
    ExchangeDeclined,
    /// A `go`, `position`, `setoption` or `exchange` line the grammar
    /// rejects: an error naming the command.
    Malformed(&'static str),
    /// Anything else: nothing the model follows.
    Other,
}

/// A decimal integer (optional sign, digits only) in `min..=max`.
fn integer_in(text: &str, min: i128, max: i128) -> bool {
    let digits = text.strip_prefix(['+', '-']).unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return false;
    }
    let mut value: i128 = 0;
    for b in digits.bytes() {
        match value
            .checked_mul(10)
            .and_then(|v| v.checked_add(i128::from(b - b'0')))
        {
            Some(v) => value = v,
            None => return false,
        }
    }
    if text.starts_with('-') {
        value = -value;
    }
    (min..=max).contains(&value)
}

/// `go` keywords: `None` for a flag, `Some((min, max))` for an integer;
/// `searchmoves` and `perft` are handled apart.
fn go_keyword(token: &str) -> Option<Option<(i128, i128)>> {
    let i64_range = Some((i128::from(i64::MIN), i128::from(i64::MAX)));
    Some(match token {
        "wtime" | "btime" | "winc" | "binc" | "yellowtime" | "bluetime" | "redtime"
        | "blacktime" | "yellowinc" | "blueinc" | "redinc" | "blackinc" => i64_range,
        "movestogo" | "mate" => Some((1, i128::from(u32::MAX))),
        "movetime" => Some((0, i128::from(u64::MAX))),
        "depth" => Some((1, 255)),
        "nodes" => Some((1, i128::from(u64::MAX))),
        "perft" => Some((0, 64)),
        "infinite" | "ponder" => None,
        "searchmoves" => None,
        _ => return None,
    })
}

fn parse_go(tokens: &[&str]) -> Parsed {
    let mut seen: Vec<&str> = Vec::new();
    let mut searchmoves = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let token = tokens[i];
        let Some(arg) = go_keyword(token) else {
            return Parsed::Malformed("go");
        };
        if seen.contains(&token) {
            return Parsed::Malformed("go");
        }
        seen.push(token);
        i += 1;
        if token == "searchmoves" {
            while i < tokens.len() && go_keyword(tokens[i]).is_none() {
                searchmoves.push(tokens[i].to_string());
                i += 1;
            }
            if searchmoves.is_empty() {
                return Parsed::Malformed("go");
            }
        } else if let Some((min, max)) = arg {
            if i == tokens.len() || !integer_in(tokens[i], min, max) {
                return Parsed::Malformed("go");
            }
            i += 1;
        }
    }
    if seen.contains(&"perft") {
        if seen.len() > 1 {
            return Parsed::Malformed("go");
        }
        return Parsed::Perft;
    }
    Parsed::Go { searchmoves }
}

fn parse_position(tokens: &[&str]) -> Parsed {
    let (fen, rest) = match tokens.first() {
        Some(&"startpos") => match tokens.get(1) {
            None => (None, &tokens[1..]),
            Some(&"moves") => (None, &tokens[2..]),
            Some(_) => return Parsed::Malformed("position"),
        },
        Some(&"fen") => {
            let end = tokens.iter().position(|&t| t == "moves");
            let fields = &tokens[1..end.unwrap_or(tokens.len())];
            if fields.is_empty() {
                return Parsed::Malformed("position");
            }
            let rest = end.map_or(&tokens[tokens.len()..], |e| &tokens[e + 1..]);
            (Some(fields.join(" ")), rest)
        }
        _ => return Parsed::Malformed("position"),
    };
    if rest.contains(&"moves") {
        return Parsed::Malformed("position");
    }
    Parsed::Position {
        fen,
        moves: rest.iter().map(|t| t.to_string()).collect(),
    }
}

fn parse_setoption(tokens: &[&str]) -> Parsed {
    if tokens.first() != Some(&"name") {
        return Parsed::Malformed("setoption");
    }
    let rest = &tokens[1..];
    let (name, value) = match rest.iter().position(|&t| t == "value") {
        Some(at) => (&rest[..at], Some(rest[at + 1..].join(" "))),
        None => (rest, None),
    };
    if name.is_empty() {
        return Parsed::Malformed("setoption");
    }
    Parsed::SetOption {
        name: name.join(" "),
        value,
    }
}

fn parse_exchange(tokens: &[&str]) -> Parsed {
    match tokens {
        ["declined"] => Parsed::ExchangeDeclined,
        ["offer"] => Parsed::ExchangeOffer,
        ["offer", "movetime", n] if integer_in(n, 1, 3_600_000) => Parsed::ExchangeOffer,
        _ => Parsed::Malformed("exchange"),
    }
}

/// The line as the session reads it: bytes as UTF-8 (invalid sequences
/// replaced), split at ASCII whitespace.
fn parse_line(bytes: &[u8]) -> Parsed {
    let text = String::from_utf8_lossy(bytes);
    let tokens: Vec<&str> = text.split_ascii_whitespace().collect();
    match tokens.split_first() {
        Some((&"quit", [])) => Parsed::Quit,
        Some((&"ucinewgame", [])) => Parsed::NewGame,
        Some((&"go", rest)) => parse_go(rest),
        Some((&"position", rest)) => parse_position(rest),
        Some((&"setoption", rest)) => parse_setoption(rest),
        Some((&"exchange", rest)) => parse_exchange(rest),
        _ => Parsed::Other,
    }
}

/// A check option's value, as `protocol.md` reads it.
fn check_value(value: Option<&str>) -> Option<bool> {
    match value.map(str::trim) {
        Some("true") => Some(true),
        Some("false") => Some(false),
        _ => None,
    }
}

/// What the model expects the engine to say about a line.
enum Verdict {
    /// Nothing the model follows.
    Any,
    /// No error.
    Accepted,
    /// An error containing this text.
    Refused(String),
}

/// Sends one line (then `isready`) and checks the engine against the
/// model, which it then brings up to date. Returns whether the line was
/// `quit`.
fn step(engine: &mut Engine, model: &mut Model, counts: &mut Counts, line: &[u8]) -> bool {
    let parsed = parse_line(line);
    // Whether an earlier search may still be running when this line
    // arrives (its bestmove not read yet).
    let searching = !engine.expected.is_empty();
    let shown = String::from_utf8_lossy(line).into_owned();
    let mut pushed = false;
    let mut starts_search = false;
    let verdict = match &parsed {
        Parsed::Quit => {
            engine.send(line);
            counts.quit_lines += 1;
            return true;
        }
        Parsed::Malformed(command) => Verdict::Refused(format!("error: {command}:")),
        Parsed::Go { searchmoves } => {
            let what = format!("'{shown}' in {}", model.game.describe());
            let (verdict, owed) = match model.game.go(searchmoves) {
                GoAnswer::NoPosition => (
                    Verdict::Refused("the last position command was refused".into()),
                    Some((fixed("0000"), false)),
                ),
                GoAnswer::RollUnknown => (
                    Verdict::Refused("the roll for the army to move is not known".into()),
                    None,
                ),
                GoAnswer::DeclinedPass => (Verdict::Accepted, Some((fixed("0000"), false))),
                GoAnswer::GameOver => (Verdict::Accepted, Some((fixed("(none)"), false))),
                GoAnswer::SearchmovesIllegal => {
                    (Verdict::Refused("error: searchmoves:".into()), None)
                }
                GoAnswer::Search(check) => (Verdict::Accepted, Some((check, true))),
            };
            if let Some((check, search)) = owed {
                starts_search = search;
                engine.expected.push_back(Expected {
                    what,
                    check,
                    search,
                    tentative: searching,
                });
                pushed = true;
            }
            verdict
        }
        // A valid `go perft` counts in whatever position is held.
        Parsed::Perft => Verdict::Accepted,
        Parsed::Position { .. } | Parsed::NewGame => Verdict::Any,
        Parsed::SetOption { name, value } => {
            let value = value.as_deref();
            let valid = match name.to_ascii_lowercase().as_str() {
                "uci_variant" => Some(value.unwrap_or("").parse::<Variant>().is_ok()),
                "uci_chess960" | "uci_enochian_divination" => Some(check_value(value).is_some()),
                "uci_enochian_array" => Some(
                    augur_games::enochian::Position::array_by_name(
                        value.map(str::trim).unwrap_or(""),
                    )
                    .is_ok(),
                ),
                _ => None,
            };
            match valid {
                Some(true) => Verdict::Accepted,
                Some(false) => Verdict::Refused("error: option".into()),
                None => Verdict::Any,
            }
        }
        Parsed::ExchangeOffer | Parsed::ExchangeDeclined => {
            if model.game.agreement_possible() {
                Verdict::Accepted
            } else {
                Verdict::Refused("no exchange is possible".into())
            }
        }
        Parsed::Other => Verdict::Any,
    };
    engine.send(line);
    engine.sync();
    let errors = engine.last_errors.clone();

    // The one race: a go sent before the last search's bestmove came.
    if matches!(parsed, Parsed::Go { .. })
        && errors.len() == 1
        && errors[0].contains("a search is already running")
    {
        if !searching {
            engine.fail(&format!("'{shown}' refused although no search was running"));
        }
        if pushed && !engine.expected.pop_back().is_some_and(|e| e.tentative) {
            engine.fail(&format!("'{shown}' refused but answered"));
        }
        counts.gos_while_searching += 1;
        return false;
    }
    for owed in engine.expected.iter_mut() {
        owed.tentative = false;
    }

    // The position commands: the model decides, the engine must agree.
    let verdict = match &parsed {
        Parsed::Position { fen, moves } => {
            if model.game.set_position(fen.as_deref(), moves) {
                counts.positions_accepted += 1;
                Verdict::Accepted
            } else {
                counts.positions_refused += 1;
                Verdict::Refused("error:".into())
            }
        }
        Parsed::NewGame => {
            model.game.set_position(None, &[]);
            Verdict::Accepted
        }
        _ => verdict,
    };
    match &verdict {
        Verdict::Any => {}
        Verdict::Accepted => {
            if !errors.is_empty() {
                engine.fail(&format!(
                    "'{shown}' was refused ({errors:?}); the model ({}) accepts it",
                    model.game.describe()
                ));
            }
        }
        Verdict::Refused(why) => {
            if !errors.iter().any(|e| e.contains(why.as_str())) {
                engine.fail(&format!(
                    "'{shown}' should be refused with '{why}' ({}), got {errors:?}",
                    model.game.describe()
                ));
            }
        }
    }

    // Bring the model up to date.
    match parsed {
        Parsed::Go { .. } => match verdict {
            Verdict::Accepted if starts_search => counts.searches += 1,
            Verdict::Refused(why) if why.contains("position") => {
                counts.gos_without_position += 1;
            }
            Verdict::Refused(why) if why.contains("roll") => counts.gos_roll_unknown += 1,
            Verdict::Refused(_) => counts.gos_searchmoves_illegal += 1,
            _ => {}
        },
        Parsed::Malformed("go") => counts.gos_malformed += 1,
        Parsed::SetOption { name, value } if matches!(verdict, Verdict::Accepted) => {
            let value = value.as_deref();
            match name.to_ascii_lowercase().as_str() {
                "uci_variant" => {
                    let variant = value.unwrap_or("").parse().expect("checked above");
                    model.switch(variant);
                }
                "uci_chess960" => {
                    model.chess960 = check_value(value).expect("checked above");
                    model.game.set_chess960(model.chess960);
                }
                "uci_enochian_divination" => {
                    model.divination = check_value(value).expect("checked above");
                    model.restart();
                }
                "uci_enochian_array" => {
                    model.array = augur_games::enochian::Position::array_by_name(
                        value.map(str::trim).unwrap_or(""),
                    )
                    .expect("checked above")
                    .fen();
                    model.restart();
                }
                _ => {}
            }
        }
        Parsed::ExchangeDeclined if matches!(verdict, Verdict::Accepted) => model.game.decline(),
        _ => {}
    }
    false
}

fn abuse<G: Game>(seed: u64) -> Counts {
    let variant = G::NAME;
    let lines = env_number("AUGUR_ABUSE_LINES", 2_500) as usize;
    let seed = env_number("AUGUR_ABUSE_SEED", seed);
    let starts = G::BENCH_POSITIONS;
    let mut rng = StdRng::seed_from_u64(seed);
    let mut counts = Counts::default();
    while counts.lines < lines {
        counts.sessions += 1;
        let mut engine = Engine::start();
        let mut model = Model::new();
        let choose = format!("setoption name UCI_Variant value {variant}");
        step(&mut engine, &mut model, &mut counts, choose.as_bytes());
        let mut quit_sent = false;
        for _ in 0..SESSION_LINES.min(lines - counts.lines) {
            let mut line = any_line::<G>(&mut rng, variant, starts);
            if sets_a_large_hash(&line) {
                line = b"setoption name Hash value 256".to_vec();
            }
            counts.lines += 1;
            if step(&mut engine, &mut model, &mut counts, &line) {
                // A garbled line that became `quit`: the session ends here.
                quit_sent = true;
                break;
            }
        }
        if !quit_sent && rng.random_bool(0.5) {
            // Quit in the middle of a search: the search ends, prints its
            // move, and the process exits.
            // First end any search still running, so that this `go` is
            // never refused as one sent during a search.
            engine.send(b"stop");
            while !engine.expected.is_empty() {
                engine.read_until("bestmove", |line| line.starts_with("bestmove"));
            }
            let before = counts.searches;
            step(&mut engine, &mut model, &mut counts, b"position startpos");
            step(&mut engine, &mut model, &mut counts, b"go infinite");
            counts.quits_mid_search += counts.searches - before;
        }
        let (errors, legal, fixed) = engine.quit(quit_sent);
        counts.errors += errors;
        counts.legal_bestmoves += legal;
        counts.fixed_answers += fixed;
    }
    eprintln!("{variant}: {counts:?}");
    counts
}

/// The mix really exercised every path.
fn check(counts: &Counts) {
    assert!(counts.searches > 50, "{counts:?}");
    assert!(counts.legal_bestmoves > 50, "{counts:?}");
    assert!(counts.fixed_answers > 5, "{counts:?}");
    assert!(counts.gos_malformed > 20, "{counts:?}");
    assert!(counts.gos_without_position > 5, "{counts:?}");
    assert!(counts.gos_searchmoves_illegal > 5, "{counts:?}");
    assert!(counts.positions_accepted > 100, "{counts:?}");
    assert!(counts.positions_refused > 50, "{counts:?}");
    assert!(counts.quits_mid_search > 0, "{counts:?}");
    assert!(counts.errors > counts.lines / 10, "{counts:?}");
}

#[test]
fn abuse_chess() {
    check(&abuse::<augur_games::chess::Position>(1));
}

#[test]
fn abuse_ultima() {
    check(&abuse::<augur_games::ultima::Position>(2));
}

#[test]
fn abuse_oracle() {
    check(&abuse::<augur_games::oracle::Position>(3));
}

#[test]
fn abuse_enochian() {
    let counts = abuse::<augur_games::enochian::Position>(4);
    check(&counts);
    // Divination was switched on at times: a go before the roll was refused.
    assert!(counts.gos_roll_unknown > 0, "{counts:?}");
}
