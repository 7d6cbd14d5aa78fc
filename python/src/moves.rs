//! `augur.Move`: one move of any game, named by its text.

use augur_engine::MoveInfo;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// A move: its text (as `str()` and `uci()` give it), its squares, what it
/// takes and what it chooses. Moves compare and hash by their text.
#[pyclass(module = "augur", frozen, eq, hash)]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    text: String,
    from: Option<String>,
    to: Option<String>,
    captures: Vec<String>,
    /// (kind, text, piece in words) of each choice.
    choices: Vec<(String, String, String)>,
    also_moves: Vec<(String, String)>,
    placed: Vec<String>,
    gives_check: bool,
    notation: String,
}

impl Move {
    /// The move the engine described as `info`.
    pub fn of(info: &MoveInfo) -> Self {
        Move {
            text: info.text.clone(),
            from: info.from.clone(),
            to: info.to.clone(),
            captures: info.captures.clone(),
            choices: info
                .choices
                .iter()
                .map(|c| (c.kind.to_string(), c.text.clone(), c.piece.clone()))
                .collect(),
            also_moves: info
                .also_moves
                .iter()
                .map(|a| (a.from.clone(), a.to.clone()))
                .collect(),
            placed: info.placed.clone(),
            gives_check: info.gives_check,
            notation: info.notation.clone(),
        }
    }

    /// The move's text.
    pub fn as_text(&self) -> &str {
        &self.text
    }

    /// Whether the side to move after it is in check.
    pub fn checks(&self) -> bool {
        self.gives_check
    }
}

#[pymethods]
impl Move {
    /// The move text, as the protocol and `Board.push_text` take it.
    fn uci(&self) -> &str {
        &self.text
    }

    /// The move in its game's readable notation, written in the position
    /// it is played from (chess: SAN `Nf3`; Ultima `Qc2-c6`; Oracle chess
    /// `h~g1xe2/s`; Enochian `b4:Qh8-f6`). `Board.push_text` takes it too.
    #[getter]
    fn notation(&self) -> &str {
        &self.notation
    }

    /// The move text.
    #[getter(text)]
    fn text_getter(&self) -> &str {
        &self.text
    }

    /// The square the moving piece leaves (`"e2"`), or None for a move
    /// without squares (Enochian chess's `exchange`).
    #[getter(from_square)]
    fn source_square(&self) -> Option<&str> {
        self.from.as_deref()
    }

    /// The square it arrives on, or None.
    #[getter(to_square)]
    fn target_square(&self) -> Option<&str> {
        self.to.as_deref()
    }

    /// Every square whose piece the move takes (Ultima's withdrawals and
    /// pincers, en passant, ...).
    #[getter]
    fn captures(&self) -> Vec<String> {
        self.captures.clone()
    }

    /// The promotion piece's letter (chess), or None.
    #[getter]
    fn promotion(&self) -> Option<&str> {
        self.choices
            .iter()
            .find(|(kind, _, _)| kind == "promotion")
            .map(|(_, text, _)| text.as_str())
    }

    /// What the mover chose besides the squares, in the order the text
    /// writes them: dicts with `kind`, `text` and `piece` (in words).
    #[getter]
    fn choices<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        self.choices
            .iter()
            .map(|(kind, text, piece)| {
                let choice = PyDict::new(py);
                choice.set_item("kind", kind)?;
                choice.set_item("text", text)?;
                choice.set_item("piece", piece)?;
                Ok(choice)
            })
            .collect()
    }

    /// Other pieces that move with this one (castling's rook), as
    /// (from, to) pairs.
    #[getter]
    fn also_moves(&self) -> Vec<(String, String)> {
        self.also_moves.clone()
    }

    /// Squares besides `to_square` where a piece appears or changes.
    #[getter]
    fn placed(&self) -> Vec<String> {
        self.placed.clone()
    }

    fn __str__(&self) -> &str {
        &self.text
    }

    fn __repr__(&self) -> String {
        format!("<augur.Move {}>", self.text)
    }
}
