//! One browser tab's game: a protocol [`Session`] (the same code the UCI
//! loop runs) driven by JSON messages, with the game's move list. It runs
//! on a thread of its own; searches wait for a permit from [`Permits`].

use augur_protocol::output::json_string;
use augur_protocol::{Output, Session};
use serde_json::Value;
use std::io::Write;
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

/// The longest a search may take before the tab gives up on it.
const SEARCH_TIMEOUT: Duration = Duration::from_secs(120);
/// The longest `movetime` a page may ask for, in milliseconds.
pub const MAX_MOVETIME_MS: u64 = 60_000;
/// The deepest analysis a page may ask for.
pub const MAX_ANALYSIS_DEPTH: u64 = 30;

/// Counts searches running at once (at most one per core); the rest wait
/// their turn in arrival order.
pub struct Permits {
    state: Mutex<(usize, u64, u64)>,
    freed: Condvar,
}

impl Permits {
    /// `count` searches at once.
    pub fn new(count: usize) -> Self {
        Self {
            state: Mutex::new((count.max(1), 0, 0)),
            freed: Condvar::new(),
        }
    }

    /// Waits for a permit (first come, first served); it is returned when
    /// the guard is dropped.
    pub fn acquire(&self) -> PermitGuard<'_> {
        let mut state = self.state.lock().unwrap_or_else(|p| p.into_inner());
        let ticket = state.1;
        state.1 += 1;
        while state.0 == 0 || state.2 != ticket {
            state = self.freed.wait(state).unwrap_or_else(|p| p.into_inner());
        }
        state.0 -= 1;
        state.2 += 1;
        self.freed.notify_all();
        PermitGuard { permits: self }
    }
}

/// A search permit; dropping it frees it.
pub struct PermitGuard<'a> {
    permits: &'a Permits,
}

impl Drop for PermitGuard<'_> {
    fn drop(&mut self) {
        let mut state = self.permits.state.lock().unwrap_or_else(|p| p.into_inner());
        state.0 += 1;
        self.permits.freed.notify_all();
    }
}

/// Protocol lines written by the session, one message each.
struct LineSink {
    partial: Vec<u8>,
    lines: Sender<String>,
}

impl Write for LineSink {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.partial.extend_from_slice(bytes);
        while let Some(end) = self.partial.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = self.partial.drain(..=end).collect();
            let text = String::from_utf8_lossy(&line[..end]).into_owned();
            let _ = self.lines.send(text);
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// One tab's game.
pub struct Tab {
    session: Session,
    lines: Receiver<String>,
    variant: String,
    /// The position string the game started from (`None`: the start).
    start: Option<String>,
    moves: Vec<String>,
    permits: Arc<Permits>,
}

impl Tab {
    /// A new chess game from the start.
    pub fn new(permits: Arc<Permits>) -> Self {
        let (sender, lines) = channel();
        let session = Session::new(Output::new(LineSink {
            partial: Vec::new(),
            lines: sender,
        }));
        let mut tab = Self {
            session,
            lines,
            variant: "chess".to_string(),
            start: None,
            moves: Vec::new(),
            permits,
        };
        let _ = tab.command("position startpos");
        tab
    }

    /// Sends one protocol line and returns the error it caused, if any
    /// (commands other than `go` answer at once).
    fn command(&mut self, line: &str) -> Result<(), String> {
        self.drain();
        self.session.handle_line(line);
        let mut error = None;
        for line in self.lines.try_iter() {
            if let Some(message) = line.strip_prefix("info string error: ") {
                error.get_or_insert_with(|| message.to_string());
            }
        }
        error.map_or(Ok(()), Err)
    }

    fn drain(&self) {
        for _ in self.lines.try_iter() {}
    }

    /// Sets the session's position to the game's start and moves.
    fn sync_position(&mut self) -> Result<(), String> {
        let start = match &self.start {
            Some(position) => format!("position fen {position}"),
            None => "position startpos".to_string(),
        };
        let line = if self.moves.is_empty() {
            start
        } else {
            format!("{start} moves {}", self.moves.join(" "))
        };
        self.command(&line)
    }

    /// Runs `go <limits>` and returns its `info` lines and `bestmove`.
    fn search(&mut self, limits: &str) -> Result<(Vec<String>, String), String> {
        let permits = Arc::clone(&self.permits);
        let _permit = permits.acquire();
        self.drain();
        self.session.handle_line(&format!("go {limits}"));
        let deadline = Instant::now() + SEARCH_TIMEOUT;
        let mut infos = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if line.starts_with("bestmove") => return Ok((infos, line)),
                Ok(line) => {
                    if let Some(message) = line.strip_prefix("info string error: ") {
                        return Err(message.to_string());
                    }
                    infos.push(line);
                }
                Err(RecvTimeoutError::Timeout) => {
                    self.session.handle_line("stop");
                }
                Err(RecvTimeoutError::Disconnected) => return Err("engine gone".into()),
            }
        }
    }

    /// The state message: the move list and the board.
    pub fn state(&self) -> String {
        let moves: Vec<String> = self.moves.iter().map(|m| json_string(m)).collect();
        format!(
            "{{\"type\":\"state\",\"variant\":{},\"start\":{},\"moves\":[{}],\"board\":{}}}",
            json_string(&self.variant),
            self.start
                .as_deref()
                .map_or("null".to_string(), json_string),
            moves.join(","),
            self.session.board_json()
        )
    }

    /// Handles one message from the page; returns the messages to send
    /// back. A bad message gets one `error` message and changes nothing.
    pub fn handle(&mut self, text: &str) -> Vec<String> {
        match self.dispatch(text) {
            Ok(replies) => replies,
            Err(message) => vec![error_message(&message)],
        }
    }

    fn dispatch(&mut self, text: &str) -> Result<Vec<String>, String> {
        let message: Value = serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
        let kind = message
            .get("type")
            .and_then(Value::as_str)
            .ok_or("a message needs a \"type\"")?;
        match kind {
            "state" => Ok(vec![self.state()]),
            "new" => {
                let variant = message
                    .get("variant")
                    .and_then(Value::as_str)
                    .unwrap_or("chess");
                let start = match message.get("position") {
                    None | Some(Value::Null) => None,
                    Some(Value::String(text)) => Some(text.clone()),
                    Some(_) => return Err("\"position\" must be a string".into()),
                };
                let moves: Vec<String> = match message.get("moves") {
                    None | Some(Value::Null) => Vec::new(),
                    Some(Value::Array(list)) => list
                        .iter()
                        .map(|m| m.as_str().map(str::to_string))
                        .collect::<Option<_>>()
                        .ok_or("\"moves\" must be strings")?,
                    Some(_) => return Err("\"moves\" must be a list".into()),
                };
                if moves.iter().chain(start.iter()).any(|t| t.contains('\n')) {
                    return Err("line breaks are not allowed".into());
                }
                let previous = (self.variant.clone(), self.start.clone(), self.moves.clone());
                if variant != self.variant {
                    self.command(&format!("setoption name UCI_Variant value {variant}"))?;
                    self.variant = variant.to_string();
                }
                self.command("ucinewgame")?;
                (self.start, self.moves) = (start, moves);
                if let Err(e) = self.sync_position() {
                    (self.variant, self.start, self.moves) = previous;
                    let _ = self.command(&format!(
                        "setoption name UCI_Variant value {}",
                        self.variant
                    ));
                    let _ = self.sync_position();
                    return Err(e);
                }
                Ok(vec![self.state()])
            }
            "move" => {
                let text = message
                    .get("move")
                    .and_then(Value::as_str)
                    .ok_or("a move message needs \"move\"")?;
                if text.contains(char::is_whitespace) {
                    return Err(format!("'{text}' is not one move"));
                }
                self.moves.push(text.to_string());
                if let Err(e) = self.sync_position() {
                    self.moves.pop();
                    let _ = self.sync_position();
                    return Err(e);
                }
                Ok(vec![self.state()])
            }
            "undo" => {
                let count = message.get("plies").and_then(Value::as_u64).unwrap_or(1);
                let keep = self.moves.len().saturating_sub(count as usize);
                self.moves.truncate(keep);
                self.sync_position()?;
                Ok(vec![self.state()])
            }
            "engine" => {
                let movetime = message
                    .get("movetime")
                    .and_then(Value::as_u64)
                    .unwrap_or(500)
                    .clamp(10, MAX_MOVETIME_MS);
                self.set_level(message.get("elo"))?;
                let (_, best) = self.search(&format!("movetime {movetime}"))?;
                let mv = best
                    .split_whitespace()
                    .nth(1)
                    .filter(|m| *m != "(none)" && *m != "0000")
                    .ok_or("the engine has no move (the game is over)")?
                    .to_string();
                self.moves.push(mv.clone());
                self.sync_position()?;
                Ok(vec![
                    format!("{{\"type\":\"engine_move\",\"move\":{}}}", json_string(&mv)),
                    self.state(),
                ])
            }
            "analyse" => {
                let depth = message
                    .get("depth")
                    .and_then(Value::as_u64)
                    .unwrap_or(12)
                    .clamp(1, MAX_ANALYSIS_DEPTH);
                self.set_level(None)?;
                self.command(&format!("setoption name MultiPV value {ANALYSIS_LINES}"))?;
                let searched = self.search(&format!("depth {depth}"));
                self.command("setoption name MultiPV value 1")?;
                let (infos, best) = searched?;
                let lines = analysis_lines(&infos);
                let last = infos
                    .iter()
                    .rev()
                    .find(|l| {
                        l.contains(" score ")
                            && (l.contains(" multipv 1 ") || !l.contains(" multipv "))
                    })
                    .cloned()
                    .unwrap_or_default();
                Ok(vec![format!(
                    "{{\"type\":\"analysis\",\"info\":{},\"bestmove\":{},\"lines\":[{}]}}",
                    json_string(&last),
                    json_string(best.split_whitespace().nth(1).unwrap_or("")),
                    lines.join(",")
                )])
            }
            "export" => {
                let pgn = crate::pgn::export(
                    &self.variant,
                    self.start.as_deref(),
                    &self.moves,
                    ["Person", "Augur"],
                )?;
                Ok(vec![format!(
                    "{{\"type\":\"export\",\"pgn\":{}}}",
                    json_string(&pgn)
                )])
            }
            other => Err(format!("unknown message type '{other}'")),
        }
    }

    /// Full strength for `None`/`null`, else `UCI_Elo` with
    /// `UCI_LimitStrength`.
    fn set_level(&mut self, elo: Option<&Value>) -> Result<(), String> {
        match elo.and_then(Value::as_u64) {
            Some(elo) => {
                self.command("setoption name UCI_LimitStrength value true")?;
                self.command(&format!("setoption name UCI_Elo value {elo}"))
            }
            None => self.command("setoption name UCI_LimitStrength value false"),
        }
    }
}

/// Lines an analysis shows (`MultiPV`).
const ANALYSIS_LINES: usize = 3;

/// The last reported line of each `multipv` index, best first, as JSON
/// objects `{"score":"cp 20","pv":"e2e4 e7e5"}`.
fn analysis_lines(infos: &[String]) -> Vec<String> {
    let mut lines: Vec<Option<(String, String)>> = vec![None; ANALYSIS_LINES];
    for info in infos {
        let words: Vec<&str> = info.split_whitespace().collect();
        let after = |key: &str| words.iter().position(|w| *w == key).map(|i| i + 1);
        let (Some(index), Some(score), Some(pv)) = (after("multipv"), after("score"), after("pv"))
        else {
            continue;
        };
        let Some(slot) = words
            .get(index)
            .and_then(|n| n.parse::<usize>().ok())
            .and_then(|n| n.checked_sub(1))
            .filter(|&n| n < ANALYSIS_LINES)
        else {
            continue;
        };
        let score = words
            .get(score..score + 2)
            .map(|w| w.join(" "))
            .unwrap_or_default();
        lines[slot] = Some((score, words[pv.min(words.len())..].join(" ")));
    }
    lines
        .into_iter()
        .flatten()
        .map(|(score, pv)| {
            format!(
                "{{\"score\":{},\"pv\":{}}}",
                json_string(&score),
                json_string(&pv)
            )
        })
        .collect()
}

/// An `error` message.
pub fn error_message(message: &str) -> String {
    format!(
        "{{\"type\":\"error\",\"message\":{}}}",
        json_string(message)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tab() -> Tab {
        Tab::new(Arc::new(Permits::new(1)))
    }

    fn parse(reply: &str) -> Value {
        serde_json::from_str(reply).expect("valid JSON")
    }

    #[test]
    fn moves_are_checked_by_the_engine_and_bad_ones_change_nothing() {
        let mut tab = tab();
        let state = parse(&tab.handle(r#"{"type":"move","move":"e2e4"}"#)[0]);
        assert_eq!(state["moves"], serde_json::json!(["e2e4"]));
        assert_eq!(state["board"]["to_move"], "Black");
        assert_eq!(state["board"]["legal"].as_array().map(Vec::len), Some(20));
        for bad in [
            r#"{"type":"move","move":"e2e4"}"#,
            r#"{"type":"move","move":"e7e5 d2d4"}"#,
            r#"{"type":"move"}"#,
            r#"{"type":"fly"}"#,
            r#"not json"#,
            r#"{"type":"new","variant":"checkers"}"#,
            r#"{"type":"new","position":"8/8/8/8/8/8/8/8 w - - 0 1"}"#,
        ] {
            let replies = tab.handle(bad);
            assert_eq!(replies.len(), 1, "{bad}");
            assert_eq!(parse(&replies[0])["type"], "error", "{bad}");
            let state = parse(&tab.state());
            assert_eq!(state["moves"], serde_json::json!(["e2e4"]), "{bad}");
            assert_eq!(state["variant"], "chess", "{bad}");
        }
    }

    #[test]
    fn the_engine_answers_and_undo_takes_back_in_every_game() {
        for variant in ["chess", "ultima", "oracle", "enochian"] {
            let mut tab = tab();
            let state =
                parse(&tab.handle(&format!(r#"{{"type":"new","variant":"{variant}"}}"#))[0]);
            assert_eq!(state["board"]["variant"], variant);
            let replies = tab.handle(r#"{"type":"engine","movetime":50}"#);
            let engine = parse(&replies[0]);
            assert_eq!(engine["type"], "engine_move", "{variant}: {replies:?}");
            let mv = engine["move"].as_str().expect("move").to_string();
            let first = parse(&state.to_string());
            assert!(
                first["board"]["legal"]
                    .as_array()
                    .is_some_and(|l| l.iter().any(|m| m == &Value::String(mv.clone()))),
                "{variant}: {mv} is not legal"
            );
            let after = parse(&replies[1]);
            assert_eq!(after["moves"], serde_json::json!([mv]));
            let undone = parse(&tab.handle(r#"{"type":"undo"}"#)[0]);
            assert_eq!(undone["moves"], serde_json::json!([]));
            assert_eq!(undone["board"]["position"], first["board"]["position"]);
        }
    }

    #[test]
    fn chess_boards_list_their_pieces_and_a_mate_has_a_result() {
        let mut tab = tab();
        let state = parse(
            &tab.handle(
                r#"{"type":"new","variant":"chess","moves":["f2f3","e7e5","g2g4","d8h4"]}"#,
            )[0],
        );
        let board = &state["board"];
        assert_eq!(board["pieces"].as_array().map(Vec::len), Some(32));
        assert_eq!(board["result"]["winner"], "Black");
        assert_eq!(board["legal"], serde_json::json!([]));
        let analysis = parse(&tab.handle(r#"{"type":"analyse","depth":3}"#)[0]);
        assert_eq!(analysis["type"], "analysis");
        // A live position: three lines, best first, each starting with a
        // legal move.
        let mut fresh = Tab::new(Arc::new(Permits::new(1)));
        let state = parse(&fresh.state());
        let analysis = parse(&fresh.handle(r#"{"type":"analyse","depth":4}"#)[0]);
        let lines = analysis["lines"].as_array().expect("lines");
        assert_eq!(lines.len(), 3, "{analysis}");
        let legal = state["board"]["legal"].as_array().expect("legal");
        for line in lines {
            let first = line["pv"]
                .as_str()
                .and_then(|p| p.split(' ').next())
                .expect("pv");
            assert!(legal.iter().any(|m| m == first), "{first}");
        }
        assert_eq!(
            lines[0]["pv"].as_str().and_then(|p| p.split(' ').next()),
            analysis["bestmove"].as_str()
        );
    }
}
