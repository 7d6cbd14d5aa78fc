//! Writing protocol lines: a shared, line-atomic writer, and the shapes of
//! `info` and `bestmove` lines (Stockfish's field order).

use augur_engine::{BestMove, Bound, Evaluation, FinalScore, Score, SearchInfo, Wdl};
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

/// An `info` line for a search report.
pub fn info_line(info: &SearchInfo, show_wdl: bool) -> String {
    let mut line = format!(
        "info depth {} seldepth {} multipv {} score {}",
        info.depth,
        info.seldepth,
        info.multipv,
        score_text(info.score)
    );
    match info.bound {
        Some(Bound::Lower) => line.push_str(" lowerbound"),
        Some(Bound::Upper) => line.push_str(" upperbound"),
        None => {}
    }
    if show_wdl {
        let Wdl { win, draw, loss } = info.wdl;
        let _ = write!(line, " wdl {win} {draw} {loss}");
    }
    let _ = write!(
        line,
        " nodes {} nps {} hashfull {} tbhits {} time {}",
        info.nodes, info.nps, info.hashfull, info.tbhits, info.time_ms
    );
    if !info.pv.is_empty() {
        let pv: Vec<&str> = info.pv.iter().map(|m| m.text.as_str()).collect();
        let _ = write!(line, " pv {}", pv.join(" "));
    }
    line
}

/// A score as `info` lines write it: `cp 20`, `mate -3`.
pub fn score_text(score: Score) -> String {
    match score {
        Score::Cp(cp) => format!("cp {cp}"),
        Score::Mate(n) => format!("mate {n}"),
    }
}

/// The `info` line for a finished game (the side to move has no legal
/// move), so that clients get a score: `score mate 0` when the side to move
/// has lost (mated, or its team's Kings taken), `score cp 0` when the game
/// is drawn (stalemate, no army can move), and, where the side to move has
/// already won (Enochian chess: its team took both enemy Kings and it moves
/// next), `score cp 32000`, since UCI has no notation for a mate given.
pub fn finished_info_line(end: FinalScore, show_wdl: bool) -> String {
    let score = score_text(end.score());
    let wdl = match end {
        FinalScore::Won => "1000 0 0",
        FinalScore::Lost => "0 0 1000",
        FinalScore::Drawn => "0 1000 0",
    };
    if show_wdl {
        format!("info depth 0 score {score} wdl {wdl}")
    } else {
        format!("info depth 0 score {score}")
    }
}

/// The `bestmove` line: `bestmove <move> [ponder <move>]`, or
/// `bestmove (none)` when the root has no legal move.
pub fn bestmove_line(best: &BestMove) -> String {
    let Some(mv) = &best.best else {
        return "bestmove (none)".to_string();
    };
    match &best.ponder {
        Some(ponder) => format!("bestmove {} ponder {}", mv.text, ponder.text),
        None => format!("bestmove {}", mv.text),
    }
}

/// The `eval` output: the hand-written evaluation's terms, then the
/// evaluation searched with.
pub fn eval_text(evaluation: &Evaluation) -> String {
    let pawns = |cp: i32| f64::from(cp) / 100.0;
    let mut text = String::from(
        "       Term    |  First | Second |  Total\n---------------+--------+--------+-------\n",
    );
    for term in &evaluation.terms {
        let _ = writeln!(
            text,
            "{:>14} | {:>6.2} | {:>6.2} | {:>6.2}",
            term.name,
            pawns(term.first),
            pawns(term.second),
            pawns(term.first - term.second)
        );
    }
    if let Some(network) = evaluation.network {
        let _ = write!(
            text,
            "\nNetwork evaluation: {:+.2}\nHand-written evaluation: {:+.2}",
            pawns(network),
            pawns(evaluation.hand_written)
        );
    }
    let _ = write!(
        text,
        "\nFinal evaluation: {:+.2} (first team's view; White in chess)",
        pawns(evaluation.used)
    );
    text
}
