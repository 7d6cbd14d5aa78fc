//! `augur.Board`: one game's position and move stack, python-chess style.

use std::str::FromStr;
use std::sync::{Mutex, MutexGuard};

use augur_engine::describe::DieView;
use augur_engine::{Engine, MoveInfo, PerftEvent, Start, Variant};
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyAny;

use crate::errors::{IllegalMoveError, to_py};
use crate::moves::Move;
use crate::waiting::wait_for;

/// One entry of a board's stack: a move, or a roll of the die alone.
#[derive(Clone, Debug)]
enum Entry {
    Move(Move),
    Roll,
}

/// A position of one game and the moves that led to it from its start
/// (the game's own, or the position string given).
#[pyclass(module = "augur")]
pub struct Board {
    engine: Mutex<Engine>,
    variant: Variant,
    /// The position string started from (`None`: the game's start).
    start: Option<String>,
    entries: Vec<Entry>,
    /// Whether the other team declined this position's exchange of
    /// prisoners (Enochian): searches of it leave the offer out.
    declined: bool,
}

/// The game named `name`, or a `ValueError` listing the games.
pub fn variant_named(name: &str) -> PyResult<Variant> {
    Variant::from_str(name).map_err(|error| PyValueError::new_err(error.to_string()))
}

/// The engine's view of a serialisable value as plain Python values
/// (through JSON: dicts, lists, strings, numbers, None).
fn to_python<'py>(py: Python<'py>, value: &impl serde::Serialize) -> PyResult<Bound<'py, PyAny>> {
    let text = augur_engine::to_json(value);
    py.import("json")?.call_method1("loads", (text,))
}

impl Board {
    /// The engine, for reading.
    fn engine(&self) -> MutexGuard<'_, Engine> {
        // A panic while it was held leaves the engine as it was: use it.
        self.engine
            .lock()
            .unwrap_or_else(|poison| poison.into_inner())
    }

    /// The engine, for changing.
    fn engine_mut(&mut self) -> &mut Engine {
        self.engine
            .get_mut()
            .unwrap_or_else(|poison| poison.into_inner())
    }

    /// The game played.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Where the position starts from, as the engine takes it.
    pub fn start(&self) -> Start {
        match &self.start {
            Some(text) => Start::Text(text.clone()),
            None => Start::Standard,
        }
    }

    /// The move list from the start (rolls included), as the engine
    /// takes it.
    pub fn move_list(&self) -> Vec<String> {
        self.engine().moves()
    }

    /// Whether the other team declined this position's exchange of
    /// prisoners (`decline_exchange`).
    pub fn declined(&self) -> bool {
        self.declined
    }

    /// Every team's name, in the game's order.
    pub fn teams(&self) -> Vec<String> {
        self.engine().board().teams
    }

    /// The team to move.
    pub fn team(&self) -> String {
        self.engine().board().team
    }

    /// The legal move whose text is `text`.
    fn legal(&self, text: &str) -> Option<MoveInfo> {
        self.engine()
            .legal_moves()
            .into_iter()
            .find(|m| m.text == text)
    }

    /// The legal move written `text` in the game's readable notation.
    fn legal_by_notation(&self, text: &str) -> Option<MoveInfo> {
        self.engine()
            .legal_moves()
            .into_iter()
            .find(|m| m.notation == text)
    }

    /// Plays the move written `text` (with its roll before it, `4:h8h6Q`,
    /// in a game with dice), or written in the game's readable notation
    /// (`Nf3`, `b4:Qh8-f6` once the roll is drawn); on error nothing
    /// changes.
    fn play(&mut self, text: &str) -> PyResult<Move> {
        if let Some(info) = self.legal_by_notation(text).filter(|m| m.text != text) {
            return self.play(&info.text);
        }
        if let Some((roll, rest)) = text.split_once(':') {
            if rest.is_empty() {
                return Err(IllegalMoveError::new_err(format!(
                    "{text} is a roll alone, not a move: use Board.roll"
                )));
            }
            let engine = self.engine_mut();
            engine
                .play(&format!("{roll}:"))
                .map_err(|error| IllegalMoveError::new_err(error.to_string()))?;
            self.entries.push(Entry::Roll);
            self.declined = false;
            return self.play(rest).inspect_err(|_| {
                self.engine_mut().undo();
                self.entries.pop();
            });
        }
        let found = self.legal(text);
        let engine = self.engine_mut();
        engine
            .play(text)
            .map_err(|error| IllegalMoveError::new_err(error.to_string()))?;
        // Another spelling the engine accepts: named as it recorded it.
        let played = found.map(|info| Move::of(&info)).unwrap_or_else(|| {
            let recorded = engine.moves().last().cloned().unwrap_or_default();
            let text = match recorded.split_once(':') {
                Some((_, mv)) => mv.to_string(),
                None => recorded,
            };
            let notation = engine.notations().last().cloned().unwrap_or_default();
            Move::of(&MoveInfo {
                text,
                from: None,
                to: None,
                captures: Vec::new(),
                choices: Vec::new(),
                also_moves: Vec::new(),
                placed: Vec::new(),
                gives_check: engine.in_check(),
                notation,
            })
        });
        self.entries.push(Entry::Move(played.clone()));
        self.declined = false;
        Ok(played)
    }

    /// The move text of `mv`, a `Move` or a string.
    fn text_of(mv: &Bound<'_, PyAny>) -> PyResult<String> {
        if let Ok(m) = mv.downcast::<Move>() {
            return Ok(m.get().as_text().to_string());
        }
        mv.extract::<String>()
    }
}

#[pymethods]
impl Board {
    /// A board of `variant` (`augur.variants()` lists them) at `fen`, the
    /// game's position string (None: the game's start). Raises
    /// `InvalidPositionError` for a position string the game refuses.
    #[new]
    #[pyo3(signature = (variant="chess", fen=None))]
    fn new(variant: &str, fen: Option<String>) -> PyResult<Self> {
        let variant = variant_named(variant)?;
        let mut engine = Engine::new(variant);
        if let Some(text) = &fen {
            engine
                .set_position(&Start::Text(text.clone()), &[])
                .map_err(to_py)?;
        }
        Ok(Board {
            engine: Mutex::new(engine),
            variant,
            start: fen,
            entries: Vec::new(),
            declined: false,
        })
    }

    /// The game's name (`"chess"`, `"ultima"`, `"oracle"`, `"enochian"`).
    #[getter(variant)]
    fn variant_name(&self) -> String {
        self.variant.to_string()
    }

    /// The legal moves of the position (empty while a die must be rolled).
    #[getter]
    fn legal_moves(&self) -> Vec<Move> {
        self.engine().legal_moves().iter().map(Move::of).collect()
    }

    /// Plays `move` (a `Move` or its text). Raises `IllegalMoveError`, the
    /// board unchanged, when it is not legal here.
    #[pyo3(signature = (r#move))]
    fn push(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        let text = Self::text_of(r#move)?;
        self.play(&text).map(|_| ())
    }

    /// Plays the move written `text` (`"e2e4"`, `"h~g5f7xs"`) and returns
    /// it. Raises `IllegalMoveError`, the board unchanged, when it is not a
    /// legal move here.
    fn push_text(&mut self, text: &str) -> PyResult<Move> {
        self.play(text)
    }

    /// `push_text` under python-chess's name.
    fn push_uci(&mut self, uci: &str) -> PyResult<Move> {
        self.play(uci)
    }

    /// Takes back the last move and returns it; a die rolled after it is
    /// taken back too, one rolled before it stays. Raises `IndexError` when
    /// no move was pushed.
    fn pop(&mut self) -> PyResult<Move> {
        let Some(at) = self
            .entries
            .iter()
            .rposition(|e| matches!(e, Entry::Move(_)))
        else {
            return Err(PyIndexError::new_err("pop from empty move stack"));
        };
        let popped = self.entries.split_off(at);
        self.declined = false;
        let engine = self.engine_mut();
        for _ in &popped {
            let Some(text) = engine.undo() else { break };
            // A move after a roll is one entry with it (`4:h8h6Q`): the
            // roll is played again.
            if let Some((roll, rest)) = text.split_once(':')
                && !rest.is_empty()
            {
                engine.play(&format!("{roll}:")).map_err(to_py)?;
                break;
            }
        }
        match popped.into_iter().next() {
            Some(Entry::Move(m)) => Ok(m),
            _ => Err(PyIndexError::new_err("pop from empty move stack")),
        }
    }

    /// Enochian: the team not to move declined the exchange of prisoners
    /// offered here, so searches of this position leave the offer out
    /// (until a move is pushed or popped). Raises `IllegalMoveError` where
    /// no exchange is possible.
    fn decline_exchange(&mut self) -> PyResult<()> {
        self.engine_mut().decline_offer().map_err(to_py)?;
        self.declined = true;
        Ok(())
    }

    /// The last move pushed. Raises `IndexError` when none was.
    fn peek(&self) -> PyResult<Move> {
        self.entries
            .iter()
            .rev()
            .find_map(|e| match e {
                Entry::Move(m) => Some(m.clone()),
                Entry::Roll => None,
            })
            .ok_or_else(|| PyIndexError::new_err("peek at empty move stack"))
    }

    /// The moves pushed, oldest first (rolls left out: see `entries`).
    #[getter]
    fn move_stack(&self) -> Vec<Move> {
        self.entries
            .iter()
            .filter_map(|e| match e {
                Entry::Move(m) => Some(m.clone()),
                Entry::Roll => None,
            })
            .collect()
    }

    /// The move list from the start as the engine writes it: move texts,
    /// Enochian rolls as `"3:"` or joined to the move after them (`"4:h8h6Q"`).
    #[getter]
    fn entries(&self) -> Vec<String> {
        self.move_list()
    }

    /// A board of its own at the same start with the same moves.
    #[pyo3(signature = (*, stack=true))]
    fn copy(&self, stack: bool) -> PyResult<Self> {
        let mut engine = Engine::new(self.variant);
        let (start, moves, entries) = if stack {
            (self.start.clone(), self.move_list(), self.entries.clone())
        } else {
            (Some(self.fen()), Vec::new(), Vec::new())
        };
        let start_value = match &start {
            Some(text) => Start::Text(text.clone()),
            None => Start::Standard,
        };
        engine.set_position(&start_value, &moves).map_err(to_py)?;
        Ok(Board {
            engine: Mutex::new(engine),
            variant: self.variant,
            start,
            entries,
            declined: self.declined,
        })
    }

    fn __copy__(&self) -> PyResult<Self> {
        self.copy(true)
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyResult<Self> {
        self.copy(true)
    }

    /// The position string (FEN in chess; each game's own notation).
    fn fen(&self) -> String {
        self.engine().position_text()
    }

    /// The position string of the game's start.
    fn starting_fen(&self) -> String {
        self.engine().start_text()
    }

    /// Who moves: the team's name (`"white"`), the army's in Enochian
    /// chess.
    #[getter]
    fn turn(&self) -> String {
        self.engine().board().to_move
    }

    /// The team to move (the army's team in Enochian chess).
    #[getter(team)]
    fn team_name(&self) -> String {
        self.team()
    }

    /// Every team's name, in the game's order.
    #[getter(teams)]
    fn team_names(&self) -> Vec<String> {
        self.teams()
    }

    /// Whether the side to move is in check.
    fn is_check(&self) -> bool {
        self.engine().in_check()
    }

    /// Whether the legal move `move` checks. Raises `IllegalMoveError`
    /// when it is not legal here.
    #[pyo3(signature = (r#move))]
    fn gives_check(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        let text = Self::text_of(r#move)?;
        self.legal(&text)
            .map(|m| m.gives_check)
            .ok_or_else(|| IllegalMoveError::new_err(format!("illegal move {text}")))
    }

    /// Whether the legal move `move` takes anything. Raises
    /// `IllegalMoveError` when it is not legal here.
    #[pyo3(signature = (r#move))]
    fn is_capture(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        let text = Self::text_of(r#move)?;
        self.legal(&text)
            .map(|m| !m.captures.is_empty())
            .ok_or_else(|| IllegalMoveError::new_err(format!("illegal move {text}")))
    }

    /// Whether `move` (a `Move` or text) is legal here.
    #[pyo3(signature = (r#move))]
    fn is_legal(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        let text = Self::text_of(r#move)?;
        Ok(self.legal(&text).is_some())
    }

    /// Whether the game is over on the board.
    fn is_game_over(&self) -> bool {
        self.engine().outcome().is_some()
    }

    /// How the game ended (`Outcome`), or None while it goes on.
    fn outcome(&self) -> Option<Outcome> {
        let outcome = self.engine().outcome()?;
        Some(Outcome {
            winner: outcome.winner,
            termination: outcome.reason,
            teams: self.teams(),
        })
    }

    /// The piece on `square` (`"e4"`) as a dict (`square`, `text` as the
    /// position string writes it, `team`, `army`, `piece` in words,
    /// `pawn_of`, `partner`, `souls`, `lifeless`), or None when empty.
    fn piece_at<'py>(&self, py: Python<'py>, square: &str) -> PyResult<Option<Bound<'py, PyAny>>> {
        let view = self.engine().board();
        view.squares
            .iter()
            .find(|s| s.square == square)
            .map(|s| to_python(py, s))
            .transpose()
    }

    /// Every occupied square's piece, as `piece_at` gives it, by square.
    fn piece_map<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let view = self.engine().board();
        let map: std::collections::BTreeMap<&str, _> = view
            .squares
            .iter()
            .map(|s| (s.square.as_str(), s))
            .collect();
        to_python(py, &map)
    }

    /// The pools of captured material (Oracle chess): dicts with `name`,
    /// `team` and `contents` (`text`, `name`, `count`).
    #[getter]
    fn pools<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_python(py, &self.engine().board().pools)
    }

    /// The armies (Enochian chess): dicts with `name`, `letter`, `team`,
    /// `throne`, `king`, `frozen`, `controlled_by`.
    #[getter]
    fn armies<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_python(py, &self.engine().board().armies)
    }

    /// The direction of play (Enochian chess), else None.
    #[getter]
    fn direction(&self) -> Option<&'static str> {
        self.engine().board().direction
    }

    /// The die (games with dice): None, `"not_rolled"` or the number rolled.
    #[getter]
    fn die<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        Ok(match self.engine().board().die {
            None => None,
            Some(DieView::NotRolled) => Some("not_rolled".into_pyobject(py)?.into_any()),
            Some(DieView::Rolled(face)) => Some(face.into_pyobject(py)?.into_any()),
        })
    }

    /// Whether the side to move must roll the die first (`roll`).
    #[getter]
    fn awaiting_roll(&self) -> bool {
        self.engine().awaiting_roll()
    }

    /// Rolls the die for the army to move: `face` is the number rolled
    /// (1 to 6 in Enochian chess). Returns the roll's text (`"3:"`).
    fn roll(&mut self, face: u32) -> PyResult<String> {
        let index = face
            .checked_sub(1)
            .ok_or_else(|| PyValueError::new_err("a die's faces count from 1"))?;
        let text = self.engine_mut().roll(index).map_err(to_py)?;
        self.entries.push(Entry::Roll);
        self.declined = false;
        Ok(text)
    }

    /// The number of move sequences `depth` plies deep (perft). Ctrl-C
    /// stops the count and raises `KeyboardInterrupt`.
    fn perft(&mut self, py: Python<'_>, depth: u32) -> PyResult<u64> {
        let (sender, receiver) = std::sync::mpsc::channel();
        let engine = self.engine_mut();
        engine
            .start_perft(depth, move |event| {
                let _ = sender.send(event);
            })
            .map_err(to_py)?;
        wait_for(py, engine, receiver, |event| match event {
            PerftEvent::Done(report) => Some(report.nodes),
            _ => None,
        })
    }

    /// The position drawn in text.
    fn __str__(&self) -> String {
        self.engine().diagram()
    }

    fn __repr__(&self) -> String {
        format!(
            "augur.Board({:?}, {:?})",
            self.variant.to_string(),
            self.fen()
        )
    }
}

/// How a game ended.
#[pyclass(module = "augur", frozen, get_all)]
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The winning team's name, or None for a draw.
    winner: Option<String>,
    /// Why it ended (`"checkmate"`, `"stalemate"`, ...).
    termination: String,
    /// Every team's name, in the game's order.
    teams: Vec<String>,
}

#[pymethods]
impl Outcome {
    /// `"1-0"`, `"0-1"` or `"1/2-1/2"` (the first team's result first).
    fn result(&self) -> &'static str {
        match &self.winner {
            None => "1/2-1/2",
            Some(team) if self.teams.first() == Some(team) => "1-0",
            Some(_) => "0-1",
        }
    }

    fn __repr__(&self) -> String {
        format!(
            "Outcome(winner={:?}, termination={:?})",
            self.winner, self.termination
        )
    }
}
