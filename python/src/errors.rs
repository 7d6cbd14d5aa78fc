//! The module's exceptions, and the engine's errors as them.

use augur_engine::EngineError;
use pyo3::PyErr;
use pyo3::create_exception;
use pyo3::exceptions::{PyRuntimeError, PyValueError};

create_exception!(
    augur,
    InvalidPositionError,
    PyValueError,
    "A position string (FEN or the game's own notation) was refused."
);
create_exception!(
    augur,
    IllegalMoveError,
    PyValueError,
    "A move is not legal (or not one move) in the position."
);
create_exception!(
    augur,
    EngineFailure,
    PyRuntimeError,
    "The engine could not carry out a request (a setting, a search, a count)."
);

/// `error` as the Python exception of its kind, with the engine's message.
pub fn to_py(error: EngineError) -> PyErr {
    let text = error.to_string();
    match error {
        EngineError::Position(_) => InvalidPositionError::new_err(text),
        EngineError::Move(_) | EngineError::RollNeeded(_) | EngineError::NoExchange(_) => {
            IllegalMoveError::new_err(text)
        }
        EngineError::Busy(_) | EngineError::Setting(_) | EngineError::Failed(_) => {
            EngineFailure::new_err(text)
        }
    }
}
