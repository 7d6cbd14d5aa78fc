//! `augur.Analysis`: a search's reports as they arrive, python-chess's
//! `SimpleAnalysisResult` idiom.

use std::sync::Mutex;
use std::sync::mpsc::{Receiver, RecvTimeoutError};

use augur_engine::{Engine as GameEngine, SearchEvent, SearchInfo};
use pyo3::exceptions::PyStopIteration;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::engine::{Engine, Started, info_dict};
use crate::errors::EngineFailure;
use crate::moves::Move;
use crate::score::PovScore;
use crate::waiting::POLL;

/// What is still to come from the search.
enum Coming {
    /// Reports through the receiver, until the last event.
    Reports(Receiver<SearchEvent>),
    /// One report made without a search (game over, forced move).
    Once(augur_engine::Score, Option<Move>),
    /// Nothing: the search has ended.
    Ended,
}

/// A running search of an `Engine`: iterating it yields each report (an
/// InfoDict, as `Engine.analyse` returns) as it arrives, until the search
/// ends. `stop()` ends the search; as a context manager it stops on exit.
#[pyclass(module = "augur")]
pub struct Analysis {
    engine: Py<Engine>,
    coming: Mutex<Coming>,
    /// The team to move, and every team, for the scores' points of view.
    turn: String,
    teams: Vec<String>,
    /// The last report of the first line.
    info: Mutex<Option<Py<PyDict>>>,
}

/// How one wait for the next report ended.
enum Heard {
    Report(Box<SearchInfo>),
    Ended,
    Interrupted(PyErr),
    Lost,
}

impl Analysis {
    /// The analysis of the search `started` on `engine`, whose events come
    /// through `receiver`.
    pub(crate) fn new(
        engine: Py<Engine>,
        started: Started,
        receiver: Receiver<SearchEvent>,
        turn: String,
        teams: Vec<String>,
    ) -> Self {
        let coming = match started {
            Started::Running => Coming::Reports(receiver),
            Started::Without(score, forced) => Coming::Once(score, *forced),
        };
        Analysis {
            engine,
            coming: Mutex::new(coming),
            turn,
            teams,
            info: Mutex::new(None),
        }
    }

    /// What is to come, for changing.
    fn coming(&self) -> std::sync::MutexGuard<'_, Coming> {
        self.coming
            .lock()
            .unwrap_or_else(|poison| poison.into_inner())
    }

    /// Runs `with` on the engine (not while another call has it).
    fn with_engine(&self, py: Python<'_>, with: impl FnOnce(&Mutex<GameEngine>)) {
        if let Ok(engine) = self.engine.bind(py).try_borrow() {
            with(&engine.engine);
        }
    }
}

/// Waits with the GIL released for the next report of the search on
/// `engine` through `receiver`, hearing Ctrl-C (which stops the search).
fn next_report(
    py: Python<'_>,
    engine: &Mutex<GameEngine>,
    receiver: &mut Receiver<SearchEvent>,
) -> Heard {
    let lock = || engine.lock().unwrap_or_else(|poison| poison.into_inner());
    py.allow_threads(move || {
        loop {
            match receiver.recv_timeout(POLL) {
                Ok(SearchEvent::Info(info)) => return Heard::Report(Box::new(info)),
                Ok(SearchEvent::CurrentMove { .. }) => continue,
                Ok(SearchEvent::Finished(_) | SearchEvent::Failed(_)) => {
                    lock().wait();
                    return Heard::Ended;
                }
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => return Heard::Lost,
            }
            if let Err(error) = Python::with_gil(|py| py.check_signals()) {
                let mut engine = lock();
                engine.stop();
                engine.wait();
                return Heard::Interrupted(error);
            }
        }
    })
}

#[pymethods]
impl Analysis {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    /// The next report, waiting for it (GIL released; Ctrl-C stops the
    /// search with `KeyboardInterrupt`); `StopIteration` once the search
    /// has ended.
    fn __next__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let mut coming = self.coming();
        let heard = match &mut *coming {
            Coming::Ended => return Err(PyStopIteration::new_err(())),
            Coming::Once(score, forced) => {
                let dict = PyDict::new(py);
                dict.set_item(
                    "score",
                    PovScore::new(*score, self.turn.clone(), self.teams.clone()),
                )?;
                dict.set_item("pv", forced.iter().cloned().collect::<Vec<_>>())?;
                dict.set_item("depth", 0)?;
                *coming = Coming::Ended;
                self.remember(&dict);
                return Ok(dict);
            }
            Coming::Reports(receiver) => {
                let engine =
                    self.engine.bind(py).try_borrow().map_err(|_| {
                        EngineFailure::new_err("the engine is busy with another call")
                    })?;
                next_report(py, &engine.engine, receiver)
            }
        };
        match heard {
            Heard::Report(info) => {
                let dict = info_dict(py, &info, &self.turn, &self.teams)?;
                if info.multipv <= 1 {
                    self.remember(&dict);
                }
                Ok(dict)
            }
            Heard::Ended => {
                *coming = Coming::Ended;
                Err(PyStopIteration::new_err(()))
            }
            Heard::Interrupted(error) => {
                *coming = Coming::Ended;
                Err(error)
            }
            Heard::Lost => {
                *coming = Coming::Ended;
                Err(EngineFailure::new_err(
                    "the search ended without its last report",
                ))
            }
        }
    }

    /// The last report of the first line yielded so far (None before one).
    #[getter]
    fn info(&self, py: Python<'_>) -> Option<Py<PyDict>> {
        self.info
            .lock()
            .unwrap_or_else(|poison| poison.into_inner())
            .as_ref()
            .map(|dict| dict.clone_ref(py))
    }

    /// Asks the search to stop: iteration ends after its last report.
    fn stop(&self, py: Python<'_>) {
        self.with_engine(py, |engine| {
            engine
                .lock()
                .unwrap_or_else(|poison| poison.into_inner())
                .stop()
        });
    }

    fn __enter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    /// Stops the search.
    fn __exit__(
        &self,
        py: Python<'_>,
        _kind: &Bound<'_, PyAny>,
        _value: &Bound<'_, PyAny>,
        _traceback: &Bound<'_, PyAny>,
    ) -> bool {
        self.stop(py);
        false
    }
}

impl Analysis {
    /// Keeps `dict` as the latest report (`info`).
    fn remember(&self, dict: &Bound<'_, PyDict>) {
        *self
            .info
            .lock()
            .unwrap_or_else(|poison| poison.into_inner()) = Some(dict.clone().unbind());
    }
}

impl Drop for Analysis {
    /// An analysis dropped unfinished stops its search.
    fn drop(&mut self) {
        if matches!(*self.coming(), Coming::Reports(_)) {
            Python::with_gil(|py| self.stop(py));
        }
    }
}
