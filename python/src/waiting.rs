//! Waiting for the engine's thread (a search, a perft count) with the GIL
//! released, hearing Ctrl-C.

use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::Duration;

use augur_engine::Engine;
use pyo3::prelude::*;

use crate::errors::EngineFailure;

/// How often a wait looks for a signal (Ctrl-C).
pub const POLL: Duration = Duration::from_millis(50);

/// Hears `receiver`'s events, passing each to `on_event`, until it answers
/// `Some`: that is returned once the engine's work has ended. The GIL is
/// released meanwhile (other Python threads run); every [`POLL`] the
/// interpreter's signal handlers run, and when one raises (Ctrl-C:
/// `KeyboardInterrupt`) the work is stopped and the exception returned.
pub fn wait_for<E: Send, T: Send>(
    py: Python<'_>,
    engine: &mut Engine,
    receiver: Receiver<E>,
    mut on_event: impl FnMut(E) -> Option<T> + Send,
) -> PyResult<T> {
    py.allow_threads(move || {
        loop {
            match receiver.recv_timeout(POLL) {
                Ok(event) => {
                    if let Some(done) = on_event(event) {
                        engine.wait();
                        return Ok(done);
                    }
                    continue;
                }
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => {
                    engine.wait();
                    return Err(EngineFailure::new_err(
                        "the engine's work ended without an answer",
                    ));
                }
            }
            if let Err(error) = Python::with_gil(|py| py.check_signals()) {
                engine.stop();
                engine.wait();
                return Err(error);
            }
        }
    })
}
