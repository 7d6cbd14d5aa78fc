//! Analysis messages: the engine's `info` lines turned into the page's
//! `analysis` message (score, depth, best move and `MultiPV` lines).

use crate::message::ToPage;
use serde::Serialize;

/// Lines an analysis shows (`MultiPV`).
pub const ANALYSIS_LINES: usize = 3;

/// One line of an analysis (JSON `{"score":"cp 20","pv":"e2e4 e7e5"}`).
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct AnalysisLine {
    /// The score as the `info` line gives it (`cp 20`, `mate 3`).
    pub score: String,
    /// The principal variation's moves, space-separated.
    pub pv: String,
}

/// The last reported line of each `multipv` index, best first.
pub fn analysis_lines(infos: &[String]) -> Vec<AnalysisLine> {
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
        .map(|(score, pv)| AnalysisLine { score, pv })
        .collect()
}

/// The `analysis` message for the `info` lines so far; `best` is the best
/// move once the search has ended (`final` then true).
pub fn analysis_message(infos: &[String], best: Option<&str>) -> String {
    let last = infos
        .iter()
        .rev()
        .find(|l| l.contains(" score ") && (l.contains(" multipv 1 ") || !l.contains(" multipv ")))
        .map_or("", String::as_str);
    let first_move = || {
        let words: Vec<&str> = last.split_whitespace().collect();
        words
            .iter()
            .position(|w| *w == "pv")
            .and_then(|i| words.get(i + 1))
            .map_or(String::new(), |m| m.to_string())
    };
    let finished = best.is_some();
    let best = best.map_or_else(first_move, str::to_string);
    ToPage::Analysis {
        info: last,
        bestmove: best,
        lines: analysis_lines(infos),
        r#final: finished,
    }
    .to_json()
}
