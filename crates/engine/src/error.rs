//! Why the engine refused a request. Each error's text is one line for
//! people (the protocol prints it after `info string error: `).

use std::fmt;

/// A request the engine could not carry out; nothing was changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineError {
    /// The position string or a move of the move list was refused.
    Position(String),
    /// A move is not legal (or not one move) in the current position.
    Move(String),
    /// A search or count is running.
    Busy(&'static str),
    /// The die of the army to move has not been rolled.
    RollNeeded(&'static str),
    /// There is no offer of an exchange of prisoners to answer.
    NoExchange(&'static str),
    /// A setting could not be applied (a table, a file).
    Setting(String),
    /// A search, count or bench could not run or failed.
    Failed(String),
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::Position(text)
            | EngineError::Move(text)
            | EngineError::Setting(text)
            | EngineError::Failed(text) => f.write_str(text),
            EngineError::Busy(text)
            | EngineError::RollNeeded(text)
            | EngineError::NoExchange(text) => f.write_str(text),
        }
    }
}

impl std::error::Error for EngineError {}

impl From<EngineError> for String {
    fn from(error: EngineError) -> String {
        error.to_string()
    }
}
