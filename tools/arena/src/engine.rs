//! An engine as a child process speaking the UCI-style protocol: start-up
//! handshake, options, one search at a time with a deadline, and failure
//! reports (crash, hang, garbage) instead of errors that stop the match.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use crate::timecontrol::Limit;
use augur_games::Variant;

/// How to start and configure one engine.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineSpec {
    /// Name used in results and PGN.
    pub name: String,
    /// Program to run.
    pub cmd: String,
    /// Its arguments.
    pub args: Vec<String>,
    /// `setoption` pairs sent after `uci`.
    pub options: Vec<(String, String)>,
    /// A search limit for this engine only (else the match's).
    pub limit: Option<Limit>,
}

/// Why an engine did not deliver a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The process exited or closed its output.
    Crashed(String),
    /// No answer before the deadline.
    TimedOut,
}

/// The last search report of a move.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SearchReport {
    /// Score in centipawns from the mover's view (mates as +/- 100000 - n).
    pub score_cp: Option<i32>,
    /// Mate distance in moves, if a mate score was given.
    pub mate: Option<i32>,
    /// Depth reached.
    pub depth: Option<u32>,
}

/// A running engine.
pub struct EngineProcess {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

/// Time allowed for start-up answers (`uciok`, `readyok`).
const HANDSHAKE: Duration = Duration::from_secs(20);

impl EngineProcess {
    /// Starts the engine, waits for `uciok`, sets its options (and
    /// `UCI_Variant` unless the game is chess, `UCI_Chess960` for Chess960
    /// games), and waits for `readyok`.
    pub fn start(spec: &EngineSpec, variant: Variant, chess960: bool) -> Result<Self, String> {
        let mut child = Command::new(&spec.cmd)
            .args(&spec.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {} ({}): {e}", spec.name, spec.cmd))?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                match line {
                    Ok(line) => {
                        if tx.send(line).is_err() {
                            break;
                        }
                    }
                    Err(_) => break,
                }
            }
        });
        let mut engine = EngineProcess {
            child,
            stdin,
            lines: rx,
        };
        engine
            .send("uci")
            .map_err(|e| format!("{}: {e:?}", spec.name))?;
        engine
            .wait_for("uciok", HANDSHAKE)
            .map_err(|e| format!("{}: no uciok: {e:?}", spec.name))?;
        if !variant.is_standard() {
            engine
                .send(&format!("setoption name UCI_Variant value {variant}"))
                .map_err(|e| format!("{e:?}"))?;
        }
        if chess960 {
            engine
                .send("setoption name UCI_Chess960 value true")
                .map_err(|e| format!("{e:?}"))?;
        }
        for (name, value) in &spec.options {
            engine
                .send(&format!("setoption name {name} value {value}"))
                .map_err(|e| format!("{e:?}"))?;
        }
        engine
            .sync()
            .map_err(|e| format!("{}: no readyok: {e:?}", spec.name))?;
        Ok(engine)
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) -> Result<(), Failure> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| Failure::Crashed(format!("write failed: {e}")))
    }

    /// Waits for a line starting with `prefix`; returns the lines before it
    /// and the line itself.
    fn wait_for(
        &mut self,
        prefix: &str,
        limit: Duration,
    ) -> Result<(Vec<String>, String), Failure> {
        let deadline = Instant::now() + limit;
        let mut before = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if line.trim_start().starts_with(prefix) => return Ok((before, line)),
                Ok(line) => before.push(line),
                Err(RecvTimeoutError::Timeout) => return Err(Failure::TimedOut),
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(Failure::Crashed("the engine closed its output".into()));
                }
            }
        }
    }

    /// `isready` / `readyok`.
    pub fn sync(&mut self) -> Result<(), Failure> {
        self.send("isready")?;
        self.wait_for("readyok", HANDSHAKE).map(|_| ())
    }

    /// Starts a new game.
    pub fn new_game(&mut self) -> Result<(), Failure> {
        self.send("ucinewgame")?;
        self.sync()
    }

    /// Sends the lines `before` (the position, then `exchange declined`
    /// after a declined offer) and `go`, and waits for `bestmove` until
    /// `limit`. Returns the move text (first token after `bestmove`), the
    /// last report, and the time taken.
    pub fn think_after(
        &mut self,
        before: &[&str],
        go: &str,
        limit: Duration,
    ) -> Result<(String, SearchReport, Duration), Failure> {
        for line in before {
            self.send(line)?;
        }
        let start = Instant::now();
        self.send(go)?;
        let result = self.wait_for("bestmove", limit);
        let elapsed = start.elapsed();
        let (infos, line) = result?;
        let text = line.split_whitespace().nth(1).unwrap_or("").to_string();
        Ok((text, last_report(&infos), elapsed))
    }

    /// Asks the engine whether its team accepts the exchange offered in
    /// `position` (the offering army to move): sends the position and
    /// `exchange offer movetime <movetime_ms>`, and waits until `limit` for
    /// `exchange accept` or `exchange decline`. Returns the answer (true:
    /// accept) and the time taken.
    pub fn answer_offer(
        &mut self,
        position: &str,
        movetime_ms: u64,
        limit: Duration,
    ) -> Result<(bool, Duration), Failure> {
        self.send(position)?;
        let start = Instant::now();
        self.send(&format!("exchange offer movetime {movetime_ms}"))?;
        let deadline = start + limit;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let (_, line) = self.wait_for("exchange", left)?;
            match line.split_whitespace().collect::<Vec<_>>()[..] {
                ["exchange", "accept"] => return Ok((true, start.elapsed())),
                ["exchange", "decline"] => return Ok((false, start.elapsed())),
                _ => continue,
            }
        }
    }

    /// Whether the process is still running.
    pub fn alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// Asks the engine to quit, then kills it if it has not.
    pub fn quit(mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if !self.alive() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        if self.alive() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

/// The score and depth of the last `info` line that has a score.
pub fn last_report(lines: &[String]) -> SearchReport {
    let mut report = SearchReport::default();
    for line in lines.iter().rev() {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        if tokens.first() != Some(&"info") {
            continue;
        }
        let value = |key: &str| {
            tokens
                .iter()
                .position(|t| *t == key)
                .and_then(|i| tokens.get(i + 1))
        };
        let Some(kind_at) = tokens.iter().position(|t| *t == "score") else {
            continue;
        };
        match (
            tokens.get(kind_at + 1),
            tokens.get(kind_at + 2).and_then(|v| v.parse::<i32>().ok()),
        ) {
            (Some(&"cp"), Some(cp)) => report.score_cp = Some(cp),
            (Some(&"mate"), Some(n)) => {
                report.mate = Some(n);
                report.score_cp = Some(if n > 0 { 100_000 - n } else { -100_000 - n });
            }
            _ => continue,
        }
        report.depth = value("depth").and_then(|d| d.parse().ok());
        break;
    }
    report
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reports_come_from_the_last_scored_info() {
        let lines: Vec<String> = [
            "info depth 3 score cp 20 pv e2e4",
            "info depth 4 seldepth 7 multipv 1 score mate -3 nodes 100 pv e2e4",
            "info string hello",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let report = last_report(&lines);
        assert_eq!(report.mate, Some(-3));
        assert_eq!(report.depth, Some(4));
        assert!(report.score_cp.is_some_and(|s| s < -90_000));
        assert_eq!(
            last_report(&["info depth 2 score cp 15".to_string()]).score_cp,
            Some(15)
        );
    }
}
