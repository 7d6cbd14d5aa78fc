//! What the protocol session tests share: an output capture that waits for
//! lines, and a session writing into it.

#![allow(dead_code)]

use augur_protocol::{Output, Session};
use std::io::Write;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

#[derive(Clone, Default)]
pub struct Capture(Arc<Mutex<Vec<u8>>>);

impl Write for Capture {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().expect("capture lock").extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Capture {
    pub fn lines(&self) -> Vec<String> {
        String::from_utf8_lossy(&self.0.lock().expect("capture lock"))
            .lines()
            .map(str::to_string)
            .collect()
    }
    pub fn take(&self) -> Vec<String> {
        let lines = self.lines();
        self.0.lock().expect("capture lock").clear();
        lines
    }
    /// Waits until a line starting with `prefix` appears; returns all lines.
    pub fn wait_for(&self, prefix: &str, timeout: Duration) -> Vec<String> {
        let start = Instant::now();
        loop {
            let lines = self.lines();
            if lines.iter().any(|l| l.starts_with(prefix)) {
                return lines;
            }
            assert!(
                start.elapsed() < timeout,
                "no '{prefix}' line within {timeout:?}: {lines:?}"
            );
            std::thread::sleep(Duration::from_millis(1));
        }
    }
}

/// Sends `bad` and checks that it gave exactly one line, an
/// `info string error: ...` (bad input is refused with one clear error).
pub fn assert_one_error(s: &mut Session, out: &Capture, bad: &str) {
    s.handle_line(bad);
    let lines = out.take();
    assert_eq!(lines.len(), 1, "{bad}: {lines:?}");
    assert!(
        lines[0].starts_with("info string error: "),
        "{bad}: {lines:?}"
    );
}

pub fn session() -> (Session, Capture) {
    let capture = Capture::default();
    (Session::new(Output::new(capture.clone())), capture)
}

/// The position a test set with `position [fen <fen>] moves <moves>`,
/// played by the game itself (`None`: the game's standard start), so a
/// `bestmove` can be checked without asking the session.
pub fn position_after<G: augur_core::Game>(fen: Option<&str>, moves: &[&str]) -> G {
    let start = match fen {
        None => G::startpos(),
        Some(text) => G::from_fen(text).unwrap_or_else(|e| panic!("{text}: {e}")),
    };
    augur_core::replay(start, moves)
        .unwrap_or_else(|e| panic!("{moves:?}: {e}"))
        .position
}

/// Checks every `bestmove` line among `lines`: a legal move of `position`
/// (the position the `go` was sent for), written as the game writes it,
/// and a `ponder` move, if any, legal after it. Returns the moves; there
/// must be at least one.
pub fn legal_bestmoves<G: augur_core::Game>(position: &G, lines: &[String]) -> Vec<String> {
    let mut found = Vec::new();
    for line in lines.iter().filter(|l| l.starts_with("bestmove")) {
        let words: Vec<&str> = line.split(' ').collect();
        let (best, ponder) = match words[..] {
            ["bestmove", best] => (best, None),
            ["bestmove", best, "ponder", ponder] => (best, Some(ponder)),
            _ => panic!("malformed '{line}'"),
        };
        let mv = position
            .parse_move(best)
            .unwrap_or_else(|e| panic!("'{line}' in {}: {e}", position.fen()));
        assert_eq!(
            position.move_text(mv),
            best,
            "'{line}' in {}",
            position.fen()
        );
        if let Some(ponder) = ponder {
            let after = position.play(mv);
            let outcomes = after.chance_outcomes();
            let legal = if outcomes == 0 {
                after.parse_move(ponder).is_ok()
            } else {
                (0..outcomes).any(|i| after.resolve_chance(i).parse_move(ponder).is_ok())
            };
            assert!(legal, "'{line}': ponder not legal in {}", after.fen());
        }
        found.push(best.to_string());
    }
    assert!(!found.is_empty(), "no bestmove in {lines:?}");
    found
}
