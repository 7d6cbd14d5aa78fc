//! Oracle moves and boards described for boards and scripts
//! ([`augur_core::MoveShape`], [`augur_core::BoardDetails`]): read from the
//! packed move, the cells and the pools, never from text.

use augur_core::{
    BoardDetails, ChoiceKind, MoveChoice, MoveShape, PieceKind, Pool, PoolEntry, Square,
    SquareDetails,
};

use crate::moves::{MoveKind, OracleMove};
use crate::position::Position;
use crate::types::{Body, Color, Soul};

/// A body class in words.
const fn body_name(body: Body) -> &'static str {
    match body {
        Body::Lord => "lord",
        Body::Priestess => "priestess",
        Body::Chariot => "chariot",
        Body::Elephant => "elephant",
        Body::Horse => "horse",
        Body::Soldier => "soldier",
    }
}

/// A soul class in words.
const fn soul_name(soul: Soul) -> &'static str {
    match soul {
        Soul::Lord => "lord",
        Soul::Chariot => "chariot",
        Soul::Elephant => "elephant",
        Soul::Horse => "horse",
        Soul::Soldier => "soldier",
    }
}

/// A choice of a soul class.
fn soul_choice(kind: ChoiceKind, soul: Soul) -> MoveChoice {
    MoveChoice {
        kind,
        text: soul.letter().to_string(),
        piece: soul_name(soul).to_string(),
    }
}

/// A choice of a body class.
fn body_choice(kind: ChoiceKind, body: Body) -> MoveChoice {
    MoveChoice {
        kind,
        text: body.letter().to_string(),
        piece: body_name(body).to_string(),
    }
}

/// A body's letter with its colour's case.
fn body_text(color: Color, body: Body) -> String {
    match color {
        Color::White => body.letter().to_ascii_uppercase().to_string(),
        Color::Black => body.letter().to_string(),
    }
}

impl Position {
    /// What the legal move `mv` does.
    ///
    /// - A figure going or taking moves its body from `from` to `to`;
    ///   a taken body is `captured`; a Lord figure's fetch is a
    ///   [`ChoiceKind::Fetch`] of the body class, `placed` on `from`.
    /// - A soul going alone or taking moves that soul only (a
    ///   [`ChoiceKind::Mover`] of its class): both bodies stay. The soul
    ///   it takes is a [`ChoiceKind::Taken`] and its body's square
    ///   `captured`; a Priestess's summon is a [`ChoiceKind::Summon`],
    ///   `placed` on `from`.
    /// - A promotion has `from` and `to` on the Soldier's square and a
    ///   [`ChoiceKind::Promotion`] to the (lifeless) Priestess body.
    pub(crate) fn shape_of(&self, mv: OracleMove) -> MoveShape {
        let (from, to) = (mv.from(), mv.to());
        let mut shape = MoveShape::step(from, to);
        match mv.kind() {
            MoveKind::Figure => {
                if !self.cell(to).is_empty() {
                    shape.captured.push(to);
                }
                if let Some(body) = mv.fetched() {
                    shape.choices.push(body_choice(ChoiceKind::Fetch, body));
                    shape.placed.push(from);
                }
            }
            MoveKind::Soul => {
                shape
                    .choices
                    .push(soul_choice(ChoiceKind::Mover, mv.soul_class()));
                if let Some(taken) = mv.taken() {
                    shape.captured.push(to);
                    shape.choices.push(soul_choice(ChoiceKind::Taken, taken));
                }
                if let Some(summoned) = mv.summoned() {
                    shape
                        .choices
                        .push(soul_choice(ChoiceKind::Summon, summoned));
                    shape.placed.push(from);
                }
            }
            MoveKind::Promotion => {
                shape
                    .choices
                    .push(body_choice(ChoiceKind::Promotion, Body::Priestess));
            }
        }
        shape
    }

    /// The board in typed values: each body's colour and class, the souls
    /// it hosts and whether it is lifeless; the earth of each colour (the
    /// bodies each side may fetch, with the colour they have there) and the
    /// underworld.
    pub(crate) fn details(&self) -> BoardDetails {
        let squares = self
            .occupied()
            .into_iter()
            .filter_map(|square| self.square_details(square))
            .collect();
        let earth = |color: Color| Pool {
            name: "earth".to_string(),
            team: Some(color),
            contents: Body::ALL
                .into_iter()
                .filter(|&body| self.earth_count(color, body) > 0)
                .map(|body| PoolEntry {
                    text: body_text(color, body),
                    name: body_name(body).to_string(),
                    count: self.earth_count(color, body),
                })
                .collect(),
        };
        let underworld = Pool {
            name: "underworld".to_string(),
            team: None,
            contents: Soul::ALL
                .into_iter()
                .filter(|&soul| self.underworld_count(soul) > 0)
                .map(|soul| PoolEntry {
                    text: soul.letter().to_string(),
                    name: soul_name(soul).to_string(),
                    count: self.underworld_count(soul),
                })
                .collect(),
        };
        BoardDetails {
            squares,
            team_to_move: self.side,
            seat_to_move: None,
            frozen: Vec::new(),
            pools: vec![earth(Color::White), earth(Color::Black), underworld],
            armies: Vec::new(),
            direction: None,
            die: None,
        }
    }

    /// The body on `square` in typed values, `None` on an empty square.
    fn square_details(&self, square: Square) -> Option<SquareDetails> {
        let cell = self.cell(square);
        let body = cell.body()?;
        let souls = Soul::ALL
            .into_iter()
            .flat_map(|soul| (0..cell.count(soul)).map(move |_| soul_name(soul).to_string()))
            .collect();
        Some(SquareDetails {
            square,
            text: self.square_token(square)?,
            team: cell.color(),
            seat: None,
            piece: PieceKind::named(body_name(body)),
            partner: None,
            souls,
            lifeless: cell.souls() == 0,
        })
    }
}
