//! Protocol abuse against the real binary, for every game: thousands of
//! seeded random command lines (valid, truncated, garbled, garbage, huge
//! numbers, interleaved `go`/`stop`/`position`/`setoption`/`ucinewgame`,
//! over-long lines, invalid UTF-8), each followed by `isready`. The process
//! must stay alive, answer every `isready`, print exactly one `bestmove`
//! per `go` it accepted (a `go` is accepted when no `info string error`
//! answers it), never panic, and exit cleanly on `quit`, also mid-search.
//!
//! `AUGUR_ABUSE_LINES` sets the lines per game (default 2,500) and
//! `AUGUR_ABUSE_SEED` the seed, for longer runs:
//! `AUGUR_ABUSE_LINES=50000 cargo test --release -p augur-cli --test protocol_abuse`.

use augur_core::{Game, MoveList};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
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
    isready: usize,
    gos_accepted: usize,
    gos_refused: usize,
    /// `go` after a refused `position`: an error and `bestmove 0000`.
    gos_without_position: usize,
    bestmoves: usize,
    errors: usize,
    quits_mid_search: usize,
    /// Garbled lines that became `quit` (they end their session).
    quit_lines: usize,
}

struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    stderr: Receiver<String>,
    /// Every line read so far (for the failure message).
    transcript: Vec<String>,
    bestmoves: usize,
    errors: usize,
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
            bestmoves: 0,
            errors: 0,
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

    /// Reads lines until one satisfies `done`; returns whether an error line
    /// came before it (the error lines are kept in `last_errors`).
    fn read_until(&mut self, what: &str, done: impl Fn(&str) -> bool) -> bool {
        let deadline = Instant::now() + ANSWER_LIMIT;
        let mut error = false;
        self.last_errors.clear();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    if line.starts_with("bestmove") {
                        self.bestmoves += 1;
                    }
                    if line.starts_with("info string error") {
                        self.errors += 1;
                        error = true;
                        self.last_errors.push(line.clone());
                    }
                    let finished = done(&line);
                    self.transcript.push(line);
                    if finished {
                        return error;
                    }
                }
                Err(_) => self.fail(&format!("no {what} within {ANSWER_LIMIT:?}")),
            }
        }
    }

    /// Sends `isready` and waits for `readyok`; whether an error came first.
    fn sync(&mut self) -> bool {
        self.send(b"isready");
        self.read_until("readyok", |line| line == "readyok")
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

    /// Sends `quit` (unless already sent) and checks the exit: prompt,
    /// status 0, no panic on stderr, and `expected` bestmoves in all.
    fn quit(mut self, already_sent: bool, expected: usize) -> usize {
        if !already_sent {
            self.send(b"quit");
        }
        let deadline = Instant::now() + ANSWER_LIMIT;
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => {
                    // Lines printed before exiting (the last bestmove).
                    while let Ok(line) = self.lines.recv_timeout(Duration::from_millis(100)) {
                        if line.starts_with("bestmove") {
                            self.bestmoves += 1;
                        }
                        self.transcript.push(line);
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
        if self.bestmoves != expected {
            let found = self.bestmoves;
            self.fail(&format!(
                "{found} bestmove lines for {expected} accepted go commands"
            ));
        }
        self.bestmoves
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
    let words: Vec<&str> = text.split_whitespace().collect();
    matches!(words[..], ["setoption", "name", "Hash", "value", n]
        if n.parse::<u64>().is_ok_and(|mb| mb > 256))
}

/// Whether the engine reads `bytes` as a `go` that starts a search.
fn is_search_go(bytes: &[u8]) -> bool {
    let text = String::from_utf8_lossy(bytes);
    let mut words = text.split_whitespace();
    words.next() == Some("go") && words.next() != Some("perft")
}

/// Whether the engine reads `bytes` as `quit`.
fn is_quit(bytes: &[u8]) -> bool {
    let text = String::from_utf8_lossy(bytes);
    text.split_whitespace().collect::<Vec<_>>() == ["quit"]
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
        let mut expected = 0usize;
        engine.send(format!("setoption name UCI_Variant value {variant}").as_bytes());
        assert!(!engine.sync(), "choosing {variant} failed");
        let mut quit_sent = false;
        for _ in 0..SESSION_LINES.min(lines - counts.lines) {
            let mut line = any_line::<G>(&mut rng, variant, starts);
            if sets_a_large_hash(&line) {
                line = b"setoption name Hash value 256".to_vec();
            }
            counts.lines += 1;
            engine.send(&line);
            if is_quit(&line) {
                // A garbled line that became `quit`: the session ends here.
                quit_sent = true;
                counts.quit_lines += 1;
                break;
            }
            let refused = engine.sync();
            counts.isready += 1;
            if is_search_go(&line) {
                let no_position = engine
                    .last_errors
                    .iter()
                    .any(|e| e.contains("the last position command was refused"));
                if refused && no_position {
                    // After a refused position the go is answered with
                    // `bestmove 0000`, never a move of an older position.
                    counts.gos_without_position += 1;
                    expected += 1;
                } else if refused {
                    counts.gos_refused += 1;
                } else {
                    counts.gos_accepted += 1;
                    expected += 1;
                }
            }
        }
        if !quit_sent && rng.random_bool(0.5) {
            // Quit in the middle of a search: the search ends, prints its
            // move, and the process exits.
            engine.send(b"position startpos");
            engine.send(b"go infinite");
            if !engine.sync() {
                expected += 1;
                counts.quits_mid_search += 1;
            }
        }
        counts.errors += engine.errors;
        counts.bestmoves += engine.quit(quit_sent, expected);
    }
    eprintln!("{variant}: {counts:?}");
    counts
}

fn check(counts: &Counts) {
    assert_eq!(
        counts.bestmoves,
        counts.gos_accepted + counts.gos_without_position + counts.quits_mid_search
    );
    assert_eq!(counts.isready + counts.quit_lines, counts.lines);
    // The mix really exercised both paths.
    assert!(counts.gos_accepted > 50, "{counts:?}");
    assert!(counts.gos_refused > 20, "{counts:?}");
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
    check(&abuse::<augur_games::enochian::Position>(4));
}
