//! The objects `augur analyse --json` prints, one per line, as serde types:
//! field names, order and value types are those `protocol.md` documents
//! ("`augur analyse`"); scripts read them.

use augur_core::Game;
use augur_protocol::output::{line_text, wdl};
use augur_search::score::{ReportedScore, report};
use augur_search::{Bound, SearchInfo, SearchResult};
use serde::Serialize;

/// A score from the side to move's view: `{"cp":x}` or `{"mate":n}`.
#[derive(Serialize, Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Score {
    /// Centipawns.
    Cp(i32),
    /// Moves to mate (negative: being mated).
    Mate(i32),
}

impl Score {
    /// The reported form of a search score.
    pub fn of(score: i32) -> Self {
        match report(score) {
            ReportedScore::Centipawns(cp) => Score::Cp(cp),
            ReportedScore::Mate(n) => Score::Mate(n),
        }
    }
}

/// Which side of an aspiration window a score fell out of.
#[derive(Serialize, Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum JsonBound {
    /// The score is at least this.
    Lower,
    /// The score is at most this.
    Upper,
}

/// The fields every line of a search shares (an `info` object, and each
/// entry of the final object's `lines`).
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct Line {
    depth: u32,
    seldepth: u32,
    multipv: usize,
    score: Score,
    bound: Option<JsonBound>,
    wdl: [u32; 3],
    pv: Vec<String>,
}

impl Line {
    /// The line of `info`, its moves written from `root`.
    pub fn of<G: Game>(root: &G, info: &SearchInfo<G::Move>) -> Self {
        let (w, d, l) = wdl(info.score);
        Line {
            depth: info.depth,
            seldepth: info.seldepth,
            multipv: info.multipv,
            score: Score::of(info.score),
            bound: match info.bound {
                Some(Bound::Lower) => Some(JsonBound::Lower),
                Some(Bound::Upper) => Some(JsonBound::Upper),
                _ => None,
            },
            wdl: [w, d, l],
            pv: line_text(root, &info.pv),
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
        to_move: &'static str,
        /// The table's fill, per mille, at the last complete depth.
        hashfull: u32,
        /// Every `MultiPV` line of the last complete depth.
        lines: Vec<Line>,
    },
}

impl Report {
    /// The progress report for `info`.
    pub fn info<G: Game>(root: &G, info: &SearchInfo<G::Move>) -> Self {
        let millis = info.time.as_millis() as u64;
        Report::Info {
            line: Line::of(root, info),
            nodes: info.nodes,
            nps: info.nodes.saturating_mul(1000) / millis.max(1),
            hashfull: info.hashfull,
            time_ms: millis,
        }
    }

    /// The end of a search of `root` with the last complete `lines`.
    pub fn bestmove<G: Game>(
        root: &G,
        result: &SearchResult<G::Move>,
        lines: &[SearchInfo<G::Move>],
        to_move: &'static str,
    ) -> Self {
        Report::Bestmove {
            bestmove: result.best_move.map(|m| root.move_text(m)),
            ponder: result
                .best_move
                .zip(result.ponder_move)
                .map(|(best, ponder)| root.play(best).move_text(ponder)),
            score: Score::of(result.score),
            depth: result.depth,
            nodes: result.nodes,
            to_move,
            hashfull: lines.last().map_or(0, |l| l.hashfull),
            lines: lines.iter().map(|info| Line::of(root, info)).collect(),
        }
    }

    /// The end when the root has no legal move (the game is over): no
    /// search, `score` the finished game's.
    pub fn finished(score: Score, to_move: &'static str) -> Self {
        Report::Bestmove {
            bestmove: None,
            ponder: None,
            score,
            depth: 0,
            nodes: 0,
            to_move,
            hashfull: 0,
            lines: Vec::new(),
        }
    }

    /// The object as one line of JSON.
    pub fn to_json(&self) -> String {
        augur_protocol::view::to_json(self)
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
            bound: Some(JsonBound::Lower),
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
            to_move: "white",
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
