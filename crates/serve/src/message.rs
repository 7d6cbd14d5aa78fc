//! The server's messages to the page, as serde types: each is one JSON
//! object whose `type` comes first (`state`, `analysis`, `engine_move`,
//! `exchange_offer`, `exchange_declined`, `export`, `graph`, `error`), as
//! `protocol.md` ("`augur serve`") lists them; `crates/serve/assets/app.js`
//! reads them.

use crate::clock::ClockView;
use crate::graph::GraphPoint;
use augur_engine::{BoardView, GameResult, Score, SearchInfo};
use serde::Serialize;

/// A message to the page.
#[derive(Serialize, Debug)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ToPage<'a> {
    /// The game: its start, the move list, the clocks, how it ended and
    /// the board.
    State {
        /// The game's id (its page is `/game/<id>`).
        id: &'a str,
        /// The page's own settings stored with the game (`null`: none).
        settings: Option<&'a serde_json::Value>,
        /// The players' names by team, as the page named them.
        players: &'a std::collections::BTreeMap<String, String>,
        /// The game's name.
        variant: &'a str,
        /// The starting position when not the game's own start.
        start: Option<&'a str>,
        /// The moves played, as the protocol writes them.
        moves: &'a [String],
        /// The same entries in the game's readable notation (chess: SAN),
        /// one per entry of `moves`, in the same order.
        notation: &'a [String],
        /// Whether Enochian divination (dice rolled for the person) is on.
        divination: bool,
        /// The clocks, when the game has them.
        clock: Option<ClockView>,
        /// How the game ended off the board (resignation, time), if it did.
        over: Option<&'a GameResult>,
        /// Whether the engine offers the exchange of prisoners.
        offer: bool,
        /// The current position.
        board: &'a BoardView,
    },
    /// A running or finished analysis.
    Analysis {
        /// The best line's depth (`None` before the first report).
        depth: Option<u32>,
        /// The best line's score, the side to move's view.
        score: Option<Score>,
        /// The best move so far (final once the search ended; `None` when
        /// there is none).
        bestmove: Option<String>,
        /// The `MultiPV` lines, best first, as the engine reports them.
        lines: Vec<&'a SearchInfo>,
        /// Whether the search has ended.
        r#final: bool,
    },
    /// An earlier position of the game, asked for by `view` (the game
    /// itself is unchanged).
    View {
        /// How many plies (entries of the move list) were played to reach
        /// it.
        ply: u64,
        /// The position.
        board: &'a BoardView,
    },
    /// The engine's move (a `state` message follows).
    EngineMove {
        /// The move's text.
        r#move: &'a str,
    },
    /// The engine (the army to move) offers the exchange of prisoners; the
    /// page answers with `exchange_reply`.
    ExchangeOffer,
    /// The engine declined the person's offer of the exchange.
    ExchangeDeclined,
    /// The game as PGN.
    Export {
        /// The PGN text.
        pgn: String,
    },
    /// The evaluation graph: every position of the game scored from the
    /// first team's view, the start first.
    Graph {
        /// One score per position (`ply` 0 is the start).
        scores: &'a [GraphPoint],
    },
    /// A message could not be handled (nothing changed).
    Error {
        /// What went wrong.
        message: &'a str,
    },
}

impl ToPage<'_> {
    /// The message as one line of JSON.
    pub fn to_json(&self) -> String {
        augur_engine::to_json(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_message_names_its_type_first() {
        let cases = [
            (
                ToPage::Analysis {
                    depth: Some(1),
                    score: Some(Score::Cp(20)),
                    bestmove: Some("e2e4".into()),
                    lines: Vec::new(),
                    r#final: true,
                },
                r#"{"type":"analysis","depth":1,"score":{"cp":20},"bestmove":"e2e4","lines":[],"final":true}"#,
            ),
            (
                ToPage::EngineMove { r#move: "e2e4" },
                r#"{"type":"engine_move","move":"e2e4"}"#,
            ),
            (ToPage::ExchangeOffer, r#"{"type":"exchange_offer"}"#),
            (ToPage::ExchangeDeclined, r#"{"type":"exchange_declined"}"#),
            (
                ToPage::Export {
                    pgn: "[Event \"x\"]\n\n*".into(),
                },
                r#"{"type":"export","pgn":"[Event \"x\"]\n\n*"}"#,
            ),
            (
                ToPage::Graph {
                    scores: &[
                        GraphPoint {
                            ply: 0,
                            score: Score::Cp(20),
                        },
                        GraphPoint {
                            ply: 1,
                            score: Score::Mate(-3),
                        },
                    ],
                },
                r#"{"type":"graph","scores":[{"ply":0,"cp":20},{"ply":1,"mate":-3}]}"#,
            ),
            (
                ToPage::Error {
                    message: "bad \\ \"input\"",
                },
                r#"{"type":"error","message":"bad \\ \"input\""}"#,
            ),
        ];
        for (message, json) in cases {
            assert_eq!(message.to_json(), json);
        }
    }
}
