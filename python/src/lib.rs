//! augur-python: `import augur`, Augur's engine for Python (PyO3).
//!
//! Boards in python-chess's idiom for every game Augur plays
//! ([`board::Board`]: legal moves, push and pop, position strings, check
//! and outcome, pieces, pools, armies, dice, perft) and in-process searches
//! ([`engine::Engine`]: `analyse` returning InfoDicts, `play`), all through
//! the game-erased `augur-engine` API. Searches and perft counts release
//! the GIL and stop on Ctrl-C. `docs/python.md` documents every call;
//! `python/augur.pyi` types them.
//!
//! Built by maturin (`pip install ./python`), which turns on the
//! `extension-module` feature; a plain `cargo build` links against
//! libpython instead.

mod analysis;
mod board;
mod engine;
mod errors;
mod moves;
mod score;
mod waiting;

use pyo3::prelude::*;

/// The names of the games Augur plays (`Board(variant=...)` takes them).
#[pyfunction]
fn variants() -> Vec<String> {
    augur_engine::Variant::ALL
        .iter()
        .map(|v| v.to_string())
        .collect()
}

/// Checks a position string of `variant` as the engine reads it: `None`
/// when it is a valid position, else the engine's reason (the text
/// `InvalidPositionError` would carry).
#[pyfunction]
#[pyo3(signature = (variant, fen))]
fn validate_fen(variant: &str, fen: &str) -> PyResult<Option<String>> {
    let variant = board::variant_named(variant)?;
    let mut engine = augur_engine::Engine::new(variant);
    Ok(engine
        .set_position(&augur_engine::Start::Text(fen.to_string()), &[])
        .err()
        .map(|error| error.to_string()))
}

/// Augur's engine for chess, Ultima, Oracle chess and Enochian chess:
/// `Board` (positions and moves in python-chess's idiom), `Move`, and
/// `Engine` (in-process searches). See docs/python.md.
#[pymodule]
#[pyo3(name = "augur")]
fn augur_module(module: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = module.py();
    module.add("__version__", env!("CARGO_PKG_VERSION"))?;
    module.add_function(wrap_pyfunction!(variants, module)?)?;
    module.add_function(wrap_pyfunction!(validate_fen, module)?)?;
    module.add_class::<board::Board>()?;
    module.add_class::<board::Outcome>()?;
    module.add_class::<moves::Move>()?;
    module.add_class::<engine::Engine>()?;
    module.add_class::<analysis::Analysis>()?;
    module.add_class::<score::Score>()?;
    module.add_class::<score::PovScore>()?;
    module.add(
        "InvalidPositionError",
        py.get_type::<errors::InvalidPositionError>(),
    )?;
    module.add(
        "IllegalMoveError",
        py.get_type::<errors::IllegalMoveError>(),
    )?;
    module.add("EngineFailure", py.get_type::<errors::EngineFailure>())?;
    Ok(())
}
