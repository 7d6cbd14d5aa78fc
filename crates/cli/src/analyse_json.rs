//! The objects `augur analyse --json` prints, one per line, as serde types:
//! field names, order and value types are those `protocol.md` documents
//! ("`augur analyse`"); scripts read them.

use augur_engine::{BestMove, Bound, Score, SearchInfo};
use serde::Serialize;

/// The fields every line of a search shares (an `info` object, and each
/// entry of the final object's `lines`).
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct Line {
    depth: u32,
    seldepth: u32,
    multipv: usize,
    score: Score,
    bound: Option<Bound>,
    wdl: [u32; 3],
    pv: Vec<String>,
}

impl Line {
    /// The line of `info`.
    pub fn of(info: &SearchInfo) -> Self {
        Line {
            depth: info.depth,
            seldepth: info.seldepth,
            multipv: info.multipv,
            score: info.score,
            bound: info.bound,
            wdl: [info.wdl.win, info.wdl.draw, info.wdl.loss],
            pv: info.pv.iter().map(|m| m.text.clone()).collect(),
        }
    }
}

/// One object of `augur analyse --json` output.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum Report {
    /// A progress report.
    Info {
        /// The line searched.
        #[serde(flatten)]
        line: Line,
        /// Nodes searched.
        nodes: u64,
        /// Nodes a second.
        nps: u64,
        /// The table's fill, per mille.
        hashfull: u32,
        /// Time searched, in milliseconds.
        time_ms: u64,
    },
    /// The end of the search.
    Bestmove {
        /// The best move, `None` (JSON `null`) when there is none.
        bestmove: Option<String>,
        /// The expected reply.
        ponder: Option<String>,
        /// The best move's score.
        score: Score,
        /// The depth completed.
        depth: u32,
        /// Nodes searched.
        nodes: u64,
        /// Who moves at the root, as `go` names the clocks.
        to_move: String,
        /// The table's fill, per mille, at the last complete depth.
        hashfull: u32,
        /// Every `MultiPV` line of the last complete depth.
        lines: Vec<Line>,
    },
}

impl Report {
    /// The progress report for `info`.
    pub fn info(info: &SearchInfo) -> Self {
        Report::Info {
            line: Line::of(info),
            nodes: info.nodes,
            nps: info.nps,
            hashfull: info.hashfull,
            time_ms: info.time_ms,
        }
    }

    /// The end of a search with the last complete `lines`.
    pub fn bestmove(best: &BestMove, lines: &[SearchInfo], to_move: &str) -> Self {
        Report::Bestmove {
            bestmove: best.best.as_ref().map(|m| m.text.clone()),
            ponder: best.ponder.as_ref().map(|m| m.text.clone()),
            score: best.score,
            depth: best.depth,
            nodes: best.nodes,
            to_move: to_move.to_string(),
            hashfull: lines.last().map_or(0, |l| l.hashfull),
            lines: lines.iter().map(Line::of).collect(),
        }
    }

    /// The end when the root has no legal move (the game is over): no
    /// search, `score` the finished game's.
    pub fn finished(score: Score, to_move: &str) -> Self {
        Report::Bestmove {
            bestmove: None,
            ponder: None,
            score,
            depth: 0,
            nodes: 0,
            to_move: to_move.to_string(),
            hashfull: 0,
            lines: Vec::new(),
        }
    }

    /// The object as one line of JSON.
    pub fn to_json(&self) -> String {
        augur_engine::to_json(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_objects_keep_their_documented_shape() {
        let line = Line {
            depth: 2,
            seldepth: 4,
            multipv: 1,
            score: Score::Cp(47),
            bound: Some(Bound::Lower),
            wdl: [152, 812, 36],
            pv: vec!["g1f3".into(), "g8f6".into()],
        };
        let info = Report::Info {
            line: line.clone(),
            nodes: 350,
            nps: 350_000,
            hashfull: 1,
            time_ms: 1,
        };
        assert_eq!(
            info.to_json(),
            r#"{"type":"info","depth":2,"seldepth":4,"multipv":1,"score":{"cp":47},"bound":"lower","wdl":[152,812,36],"pv":["g1f3","g8f6"],"nodes":350,"nps":350000,"hashfull":1,"time_ms":1}"#
        );
        let best = Report::Bestmove {
            bestmove: Some("g1f3".into()),
            ponder: None,
            score: Score::Mate(-3),
            depth: 2,
            nodes: 350,
            to_move: "white".into(),
            hashfull: 0,
            lines: vec![line],
        };
        assert_eq!(
            best.to_json(),
            r#"{"type":"bestmove","bestmove":"g1f3","ponder":null,"score":{"mate":-3},"depth":2,"nodes":350,"to_move":"white","hashfull":0,"lines":[{"depth":2,"seldepth":4,"multipv":1,"score":{"cp":47},"bound":"lower","wdl":[152,812,36],"pv":["g1f3","g8f6"]}]}"#
        );
        assert_eq!(
            Report::finished(Score::Mate(0), "black").to_json(),
            r#"{"type":"bestmove","bestmove":null,"ponder":null,"score":{"mate":0},"depth":0,"nodes":0,"to_move":"black","hashfull":0,"lines":[]}"#
        );
    }
}
