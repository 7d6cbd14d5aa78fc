//! Writing protocol lines: a shared, line-atomic writer, and the shapes of
//! `info` and `bestmove` lines (Stockfish's field order).

use augur_core::{Evaluate, Game};
use augur_search::score::{ReportedScore, report};
use augur_search::{Bound, SearchInfo, SearchResult};
use std::fmt::Write as _;
use std::io::Write;
use std::sync::{Arc, Mutex};

/// Where protocol lines go; clones share the writer, and each line is
/// written and flushed whole.
#[derive(Clone)]
pub struct Output(Arc<Mutex<Box<dyn Write + Send>>>);

impl Output {
    /// Lines go to standard output.
    pub fn stdout() -> Self {
        Self::new(std::io::stdout())
    }

    /// Lines go to `writer`.
    pub fn new(writer: impl Write + Send + 'static) -> Self {
        Output(Arc::new(Mutex::new(Box::new(writer))))
    }

    /// Writes one line (a newline is added) and flushes. Write errors (a
    /// closed pipe) are ignored: the session goes on until `quit` or EOF.
    pub fn line(&self, text: &str) {
        let mut writer = match self.0.lock() {
            Ok(writer) => writer,
            Err(poisoned) => poisoned.into_inner(),
        };
        let _ = writeln!(writer, "{text}");
        let _ = writer.flush();
    }

    /// Writes `info string error: <message>`.
    pub fn error(&self, message: impl std::fmt::Display) {
        self.line(&format!("info string error: {message}"));
    }
}

/// Win/draw/loss per mille for a score, from a simple logistic model: a
/// +150 cp advantage is about even between win and draw.
pub fn wdl(score: i32) -> (u32, u32, u32) {
    match report(score) {
        ReportedScore::Mate(n) if n > 0 => (1000, 0, 0),
        ReportedScore::Mate(_) => (0, 0, 1000),
        ReportedScore::Centipawns(cp) => {
            let p = |x: f64| 1.0 / (1.0 + (-(x - 150.0) / 60.0).exp());
            let win = (1000.0 * p(f64::from(cp))).round() as u32;
            let loss = (1000.0 * p(f64::from(-cp))).round() as u32;
            let loss = loss.min(1000 - win);
            (win, 1000 - win - loss, loss)
        }
    }
}

/// The text of a line of moves, played from `root`.
pub fn line_text<G: Game>(root: &G, moves: &[G::Move]) -> Vec<String> {
    let mut position = root.clone();
    let mut texts = Vec::with_capacity(moves.len());
    for &mv in moves {
        texts.push(position.move_text(mv));
        position = position.play(mv);
    }
    texts
}

/// An `info` line for a search report.
pub fn info_line<G: Evaluate>(root: &G, info: &SearchInfo<G::Move>, show_wdl: bool) -> String {
    let mut line = format!(
        "info depth {} seldepth {} multipv {} score ",
        info.depth, info.seldepth, info.multipv
    );
    match report(info.score) {
        ReportedScore::Centipawns(cp) => {
            let _ = write!(line, "cp {cp}");
        }
        ReportedScore::Mate(n) => {
            let _ = write!(line, "mate {n}");
        }
    }
    match info.bound {
        Some(Bound::Lower) => line.push_str(" lowerbound"),
        Some(Bound::Upper) => line.push_str(" upperbound"),
        _ => {}
    }
    if show_wdl {
        let (w, d, l) = wdl(info.score);
        let _ = write!(line, " wdl {w} {d} {l}");
    }
    let millis = info.time.as_millis() as u64;
    let nps = info.nodes.saturating_mul(1000) / millis.max(1);
    let _ = write!(
        line,
        " nodes {} nps {nps} hashfull {} tbhits {} time {millis}",
        info.nodes, info.hashfull, info.tbhits
    );
    let pv = line_text(root, &info.pv);
    if !pv.is_empty() {
        let _ = write!(line, " pv {}", pv.join(" "));
    }
    line
}

/// The `info` line for a finished game (the side to move has no legal
/// move), so that clients get a score: `score mate 0` when the side to move
/// has lost (mated, or its team's Kings taken), `score cp 0` when the game
/// is drawn (stalemate, no army can move), and, where the side to move has
/// already won (Enochian chess: its team took both enemy Kings and it moves
/// next), `score cp 32000`, since UCI has no notation for a mate given.
pub fn finished_info_line<G: Game>(root: &G, show_wdl: bool) -> String {
    let (score, wdl) = match root.outcome() {
        Some(outcome) if outcome.winner == Some(root.team()) => ("cp 32000", "1000 0 0"),
        Some(outcome) if outcome.winner.is_some() => ("mate 0", "0 0 1000"),
        _ => ("cp 0", "0 1000 0"),
    };
    if show_wdl {
        format!("info depth 0 score {score} wdl {wdl}")
    } else {
        format!("info depth 0 score {score}")
    }
}

/// The `bestmove` line: `bestmove <move> [ponder <move>]`, or
/// `bestmove (none)` when the root has no legal move.
pub fn bestmove_line<G: Game>(root: &G, result: &SearchResult<G::Move>) -> String {
    let Some(best) = result.best_move else {
        return "bestmove (none)".to_string();
    };
    let mut line = format!("bestmove {}", root.move_text(best));
    if let Some(ponder) = result.ponder_move {
        let _ = write!(line, " ponder {}", root.play(best).move_text(ponder));
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wdl_is_per_mille_and_monotonic() {
        let mut previous_win = 0;
        for cp in (-1000..=1000).step_by(50) {
            let (w, d, l) = wdl(cp);
            assert_eq!(w + d + l, 1000);
            assert!(w >= previous_win);
            previous_win = w;
        }
        let (w, _, l) = wdl(0);
        assert_eq!(w, l);
    }
}
