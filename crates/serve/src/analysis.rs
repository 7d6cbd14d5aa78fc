//! Analysis messages: the engine's search reports turned into the page's
//! `analysis` message (the best line's depth and score, the best move and
//! the `MultiPV` lines).

use crate::message::ToPage;
use augur_engine::{SearchInfo, to_json};

/// Lines an analysis shows (`MultiPV`).
pub const ANALYSIS_LINES: usize = 3;

/// The latest exact report of each `MultiPV` line, best first.
#[derive(Default, Debug, Clone)]
pub struct AnalysisLines {
    lines: Vec<Option<SearchInfo>>,
}

impl AnalysisLines {
    /// Keeps `info` as its line's latest (bounds from aspiration fails are
    /// left out: their line is not a result).
    pub fn add(&mut self, info: SearchInfo) {
        let Some(index) = info.multipv.checked_sub(1).filter(|&i| i < ANALYSIS_LINES) else {
            return;
        };
        if info.bound.is_some() {
            return;
        }
        if self.lines.len() <= index {
            self.lines.resize(index + 1, None);
        }
        self.lines[index] = Some(info);
    }

    /// The lines, best first.
    pub fn lines(&self) -> Vec<&SearchInfo> {
        self.lines.iter().flatten().collect()
    }

    /// The `analysis` message; `best` is the best move once the search has
    /// ended (`final` then true), else the first move of the best line.
    pub fn message(&self, best: Option<Option<&str>>) -> String {
        let lines = self.lines();
        let top = lines.first();
        let finished = best.is_some();
        let bestmove = match best {
            Some(best) => best.map(str::to_string),
            None => top.and_then(|l| l.pv.first()).map(|m| m.text.clone()),
        };
        to_json(&ToPage::Analysis {
            depth: top.map(|l| l.depth),
            score: top.map(|l| l.score),
            bestmove,
            lines,
            r#final: finished,
        })
    }
}
