//! `augur.Engine`: in-process searches of a board's position.

use std::sync::Mutex;
use std::sync::mpsc::Receiver;

use augur_engine::{
    Config, Engine as GameEngine, Score as EngineScore, SearchEvent, SearchInfo, SearchLimits,
    SearchStart, Variant,
};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::analysis::Analysis;
use crate::board::{Board, variant_named};
use crate::errors::to_py;
use crate::moves::Move;
use crate::score::PovScore;
use crate::waiting::wait_for;

/// A search engine with its own table and threads. It searches any
/// board given to it: a board of another game switches it to that game
/// (same settings, a fresh table).
#[pyclass(module = "augur")]
pub struct Engine {
    /// The engine searched with (an analysis reaches it through here).
    pub(crate) engine: Mutex<GameEngine>,
    config: Config,
}

/// How a search began: running, or not needed (a position without one).
pub(crate) enum Started {
    /// The search runs; its events follow.
    Running,
    /// No search: the game is over (the score), or the one move is forced
    /// (boxed: a move is large beside `Running`).
    Without(EngineScore, Box<Option<Move>>),
}

/// The search limits asked for (`time` in seconds); none at all is an
/// infinite search, which runs until stopped.
pub(crate) fn limits_of(
    depth: Option<u32>,
    nodes: Option<u64>,
    time: Option<f64>,
    mate: Option<u32>,
) -> PyResult<SearchLimits> {
    let movetime_ms = match time {
        Some(seconds) if !(seconds.is_finite() && seconds >= 0.0) => {
            return Err(PyValueError::new_err("time is a number of seconds, >= 0"));
        }
        Some(seconds) => Some(((seconds * 1000.0).round() as u64).max(1)),
        None => None,
    };
    let infinite = depth.is_none() && nodes.is_none() && movetime_ms.is_none() && mate.is_none();
    Ok(SearchLimits {
        depth,
        nodes,
        movetime_ms,
        mate,
        infinite,
        ..SearchLimits::default()
    })
}

/// How a search ended: the lines it reported, or a position without one.
enum Searched {
    /// The last report of each line, by `multipv` index.
    Lines(Vec<SearchInfo>),
    /// No search: the game is over, or the one move is forced.
    Without(EngineScore, Option<Move>),
}

impl Engine {
    fn engine_mut(&mut self) -> &mut GameEngine {
        self.engine
            .get_mut()
            .unwrap_or_else(|poison| poison.into_inner())
    }

    /// Sets the engine up for `board`'s game and position with `multipv`
    /// lines (a search still running, an abandoned analysis's, is stopped
    /// first) and returns it.
    fn set_up(&mut self, board: &Board, multipv: usize) -> PyResult<&mut GameEngine> {
        let wanted = Config {
            multipv: multipv.max(1),
            ..self.config.clone()
        };
        let variant = board.variant();
        let current = self.engine_mut();
        if current.searching() {
            current.stop();
        }
        current.wait();
        if current.variant() != variant {
            *current = GameEngine::with_config(variant, &wanted);
        } else if *current.config() != wanted {
            current.configure(&wanted).map_err(to_py)?;
        }
        self.config = wanted;
        let engine = self.engine_mut();
        engine
            .set_position(&board.start(), &board.move_list())
            .map_err(to_py)?;
        if board.declined() {
            engine.decline_offer().map_err(to_py)?;
        }
        Ok(engine)
    }

    /// Starts a search of `board`'s position within `limits` with
    /// `multipv` lines; its events come through the receiver.
    fn start(
        &mut self,
        board: &Board,
        limits: &SearchLimits,
        multipv: usize,
    ) -> PyResult<(Started, Receiver<SearchEvent>)> {
        let engine = self.set_up(board, multipv)?;
        let (sender, receiver) = std::sync::mpsc::channel();
        let start = engine
            .start_search(limits, move |event| {
                let _ = sender.send(event);
            })
            .map_err(to_py)?;
        let started = match start {
            SearchStart::Running => Started::Running,
            SearchStart::NoPosition => {
                return Err(to_py(augur_engine::EngineError::Position(
                    augur_engine::NO_POSITION.to_string(),
                )));
            }
            SearchStart::GameOver(end) => Started::Without(end.score(), Box::new(None)),
            SearchStart::Forced(pass) => {
                Started::Without(EngineScore::Cp(0), Box::new(Some(Move::of(&pass))))
            }
        };
        Ok((started, receiver))
    }

    /// Searches `board`'s position within the limits with `multipv` lines.
    #[allow(clippy::too_many_arguments)]
    fn run(
        &mut self,
        py: Python<'_>,
        board: &Board,
        depth: Option<u32>,
        nodes: Option<u64>,
        time: Option<f64>,
        mate: Option<u32>,
        multipv: usize,
    ) -> PyResult<(Searched, Option<Move>)> {
        if depth.is_none() && nodes.is_none() && time.is_none() && mate.is_none() {
            return Err(PyValueError::new_err(
                "give a limit: depth, nodes, time (seconds) or mate",
            ));
        }
        let limits = limits_of(depth, nodes, time, mate)?;
        let (started, receiver) = self.start(board, &limits, multipv)?;
        if let Started::Without(score, forced) = started {
            return Ok((Searched::Without(score, (*forced).clone()), *forced));
        }
        let engine = self.engine_mut();
        let mut lines: Vec<SearchInfo> = Vec::new();
        let best = wait_for(py, engine, receiver, move |event| match event {
            SearchEvent::Info(info) => {
                // Keep a line's last exact report (a bound only until then).
                match lines.iter_mut().find(|l| l.multipv == info.multipv) {
                    Some(line) if info.bound.is_none() || line.bound.is_some() => *line = info,
                    Some(_) => {}
                    None => lines.push(info),
                }
                None
            }
            SearchEvent::CurrentMove { .. } => None,
            SearchEvent::Finished(best) | SearchEvent::Failed(best) => {
                let mut found = std::mem::take(&mut lines);
                found.sort_by_key(|l| l.multipv);
                Some((found, best.best.as_ref().map(Move::of)))
            }
        })?;
        Ok((Searched::Lines(best.0), best.1))
    }
}

/// One line as python-chess's InfoDict.
pub(crate) fn info_dict<'py>(
    py: Python<'py>,
    info: &SearchInfo,
    turn: &str,
    teams: &[String],
) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item(
        "score",
        PovScore::new(info.score, turn.to_string(), teams.to_vec()),
    )?;
    dict.set_item("pv", info.pv.iter().map(Move::of).collect::<Vec<_>>())?;
    dict.set_item("depth", info.depth)?;
    dict.set_item("seldepth", info.seldepth)?;
    dict.set_item("multipv", info.multipv)?;
    dict.set_item("nodes", info.nodes)?;
    dict.set_item("nps", info.nps)?;
    dict.set_item("time", info.time_ms as f64 / 1000.0)?;
    dict.set_item("hashfull", info.hashfull)?;
    dict.set_item("tbhits", info.tbhits)?;
    dict.set_item("wdl", (info.wdl.win, info.wdl.draw, info.wdl.loss))?;
    match info.bound {
        Some(augur_engine::Bound::Lower) => dict.set_item("lowerbound", true)?,
        Some(augur_engine::Bound::Upper) => dict.set_item("upperbound", true)?,
        None => {}
    }
    Ok(dict)
}

#[pymethods]
impl Engine {
    /// An engine for `variant` with a `hash_mb` MB table and `threads`
    /// search threads; `seed` makes a limited strength's play replayable,
    /// `elo` limits the strength.
    #[new]
    #[pyo3(signature = (variant="chess", *, hash_mb=16, threads=1, elo=None, seed=None))]
    fn new(
        variant: &str,
        hash_mb: usize,
        threads: usize,
        elo: Option<u32>,
        seed: Option<u64>,
    ) -> PyResult<Self> {
        let variant: Variant = variant_named(variant)?;
        if hash_mb == 0 || threads == 0 {
            return Err(PyValueError::new_err("hash_mb and threads are at least 1"));
        }
        let strength = elo.map(augur_engine::Strength::from_elo);
        let config = Config {
            hash_mb,
            threads,
            strength,
            seed,
            ..Config::default()
        };
        Ok(Engine {
            engine: Mutex::new(GameEngine::with_config(variant, &config)),
            config,
        })
    }

    /// Searches `board` within the limits (`time` in seconds; at least one
    /// limit) and returns an InfoDict (`multipv=1`) or a list of them, best
    /// first: `score` (a `PovScore`), `pv` (list of `Move`), `depth`,
    /// `seldepth`, `nodes`, `nps`, `time`, `hashfull`, `tbhits`, `multipv`,
    /// `wdl` (win, draw, loss per mille for the side to move). The GIL is
    /// released while it runs; Ctrl-C stops it with `KeyboardInterrupt`.
    #[pyo3(signature = (board, *, depth=None, nodes=None, time=None, mate=None, multipv=1))]
    #[allow(clippy::too_many_arguments)]
    fn analyse<'py>(
        &mut self,
        py: Python<'py>,
        board: PyRef<'_, Board>,
        depth: Option<u32>,
        nodes: Option<u64>,
        time: Option<f64>,
        mate: Option<u32>,
        multipv: usize,
    ) -> PyResult<Bound<'py, PyAny>> {
        let turn = board.team();
        let teams = board.teams();
        let (searched, _) = self.run(py, &board, depth, nodes, time, mate, multipv)?;
        let dicts = match searched {
            Searched::Lines(lines) => lines
                .iter()
                .map(|info| info_dict(py, info, &turn, &teams))
                .collect::<PyResult<Vec<_>>>()?,
            Searched::Without(score, forced) => {
                let dict = PyDict::new(py);
                dict.set_item("score", PovScore::new(score, turn.clone(), teams.clone()))?;
                dict.set_item("pv", forced.into_iter().collect::<Vec<_>>())?;
                dict.set_item("depth", 0)?;
                vec![dict]
            }
        };
        if multipv <= 1 {
            match dicts.into_iter().next() {
                Some(dict) => Ok(dict.into_any()),
                None => Ok(PyDict::new(py).into_any()),
            }
        } else {
            Ok(PyList::new(py, dicts)?.into_any())
        }
    }

    /// Starts a search of `board` within the limits (as `analyse`; none at
    /// all: until stopped) and returns an `Analysis`: iterating it yields
    /// each report as an InfoDict as it arrives, until the search ends;
    /// `stop()` ends it (iteration ends after the last report); as a
    /// context manager it stops on leaving. Starting another search with
    /// this engine stops it.
    #[pyo3(signature = (board, *, depth=None, nodes=None, time=None, mate=None, multipv=1))]
    #[allow(clippy::too_many_arguments)]
    fn analysis(
        slf: &Bound<'_, Self>,
        board: PyRef<'_, Board>,
        depth: Option<u32>,
        nodes: Option<u64>,
        time: Option<f64>,
        mate: Option<u32>,
        multipv: usize,
    ) -> PyResult<Analysis> {
        let limits = limits_of(depth, nodes, time, mate)?;
        let (started, receiver) = slf.borrow_mut().start(&board, &limits, multipv)?;
        Ok(Analysis::new(
            slf.clone().unbind(),
            started,
            receiver,
            board.team(),
            board.teams(),
        ))
    }

    /// Searches `board` within the limits (as `analyse`) and returns the
    /// move to play, or None when the game is over.
    #[pyo3(signature = (board, *, depth=None, nodes=None, time=None, mate=None))]
    fn play(
        &mut self,
        py: Python<'_>,
        board: PyRef<'_, Board>,
        depth: Option<u32>,
        nodes: Option<u64>,
        time: Option<f64>,
        mate: Option<u32>,
    ) -> PyResult<Option<Move>> {
        let (_, best) = self.run(py, &board, depth, nodes, time, mate, 1)?;
        Ok(best)
    }

    /// Enochian's exchange of prisoners: whether the team not to move in
    /// `board` accepts the exchange offered there, searching both
    /// continuations for `time` seconds each (GIL released). Raises
    /// `IllegalMoveError` where no exchange is possible.
    #[pyo3(signature = (board, *, time=0.3))]
    fn answer_exchange(
        &mut self,
        py: Python<'_>,
        board: PyRef<'_, Board>,
        time: f64,
    ) -> PyResult<bool> {
        let movetime_ms = limits_of(None, None, Some(time), None)?
            .movetime_ms
            .unwrap_or(1);
        let engine = self.set_up(&board, 1)?;
        let answer = py
            .allow_threads(|| engine.answer_offer(movetime_ms))
            .map_err(to_py)?;
        Ok(answer.accept)
    }

    /// The game the engine is set up for.
    #[getter]
    fn variant(&self) -> String {
        self.engine
            .lock()
            .map(|e| e.variant().to_string())
            .unwrap_or_default()
    }

    /// Forgets what searches learnt (a new game).
    fn new_game(&mut self) {
        self.engine_mut().new_game();
    }
}
