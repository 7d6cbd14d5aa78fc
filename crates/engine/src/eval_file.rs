//! The `EvalFile` option: the chess network read from a file at run time
//! instead of the embedded one.
//!
//! The value is a path (relative to the engine's working directory) or
//! `<embedded>` (also an empty value or `<empty>`, which some GUIs send
//! for an empty string) for the network built into the binary. The file
//! must be a regular file of at most [`MAX_NETWORK_FILE_BYTES`] in
//! Augur's network format (`docs/nnue.md`); anything else is refused and
//! the network in use stays.
//!
//! The choice belongs to the session's game slot, not to the process:
//! the slot's positions carry what they evaluate with
//! ([`augur_core::Evaluate::Evaluator`]), so two sessions (or engines) in
//! one process can evaluate with different networks. A game without a
//! choice of evaluation (every game but chess) still checks a file as the
//! chess network it names, so that every game accepts and refuses the same
//! values, and keeps its own evaluation; a chess game made later (a
//! `UCI_Variant` change) reads the file again.

use std::any::TypeId;

use augur_core::Evaluate;
use augur_games::chess::Position as Chess;

pub use augur_games::chess::nnue::MAX_NETWORK_FILE_BYTES;

/// The value that names the embedded network (the option's default).
pub const EMBEDDED_NETWORK_NAME: &str = "<embedded>";

/// Whether the option value `value` names the embedded network.
pub fn names_embedded(value: &str) -> bool {
    let value = value.trim();
    value.is_empty()
        || value.eq_ignore_ascii_case(EMBEDDED_NETWORK_NAME)
        || value.eq_ignore_ascii_case("<empty>")
}

/// What a position of `G` evaluates with when `EvalFile` is `value` (the
/// game's default for the embedded network; else the file read through
/// [`Evaluate::load_evaluator`]), with what was chosen, for an `info
/// string` line; or why not.
pub fn evaluator_for<G: Evaluate>(value: &str) -> Result<(G::Evaluator, String), String> {
    if names_embedded(value) {
        return Ok((
            G::default_evaluator(),
            "network: the embedded one".to_string(),
        ));
    }
    let path = value.trim();
    let evaluator = if has_no_choice::<G>() {
        // The file is checked as the chess network it names, then the
        // game's one evaluation is kept.
        Chess::load_evaluator(path).map(|_| G::default_evaluator())
    } else {
        G::load_evaluator(path)
    };
    let evaluator = evaluator.map_err(|e| format!("EvalFile '{path}': {e}"))?;
    Ok((evaluator, format!("network: {path}")))
}

/// Whether `G` evaluates one way only (its evaluator is `()`).
fn has_no_choice<G: Evaluate>() -> bool {
    TypeId::of::<G::Evaluator>() == TypeId::of::<()>()
}

#[cfg(test)]
mod tests {
    use super::*;
    use augur_games::chess::nnue::{Network, embedded_network};

    #[test]
    fn embedded_names() {
        for value in ["", "  ", "<embedded>", "<EMBEDDED>", "<empty>"] {
            assert!(names_embedded(value), "{value:?}");
        }
        for value in ["embedded.nnue", "net.nnue", "<embedded"] {
            assert!(!names_embedded(value), "{value:?}");
        }
    }

    /// Every game accepts and refuses the same values; chess keeps the
    /// network read, the others their one evaluation.
    #[test]
    fn every_game_checks_the_file_as_a_chess_network() {
        use augur_games::ultima::Position as Ultima;
        let dir = std::env::temp_dir().join(format!("augur-eval-file-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let zeroed = dir.join("zeroed.nnue");
        std::fs::write(&zeroed, Network::zeroed().to_bytes()).expect("write");
        let garbage = dir.join("garbage.nnue");
        std::fs::write(&garbage, b"not a network").expect("write");
        let zeroed_name = zeroed.display().to_string();
        let (network, chosen) = evaluator_for::<Chess>(&zeroed_name).expect("reads");
        assert_eq!(*network, Network::zeroed());
        assert_eq!(chosen, format!("network: {zeroed_name}"));
        assert_eq!(
            evaluator_for::<Ultima>(&format!(" {zeroed_name} ")),
            Ok(((), chosen))
        );
        let garbage_name = garbage.display().to_string();
        let chess_error = evaluator_for::<Chess>(&garbage_name).map(drop);
        assert!(chess_error.is_err());
        assert_eq!(
            evaluator_for::<Ultima>(&garbage_name).map(drop),
            chess_error
        );
        let embedded = evaluator_for::<Chess>("<empty>").expect("embedded");
        assert_eq!(
            embedded,
            (embedded_network(), "network: the embedded one".to_string())
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
