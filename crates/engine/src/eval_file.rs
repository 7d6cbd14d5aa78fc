//! The `EvalFile` option: the chess network read from a file at run time
//! instead of the embedded one.
//!
//! The value is a path (relative to the engine's working directory) or
//! `<embedded>` (also an empty value or `<empty>`, which some GUIs send
//! for an empty string) for the network built into the binary. The file
//! must be a regular file of at most [`MAX_NETWORK_FILE_BYTES`] in
//! Augur's network format (`docs/nnue.md`); anything else is refused and
//! the current network stays. The choice is process-wide.

use std::io::Read;
use std::path::Path;

use augur_games::chess::nnue::{self, Network};

/// The value that names the embedded network (the option's default).
pub const EMBEDDED_NETWORK_NAME: &str = "<embedded>";

/// The largest network file read (this build's files are about 200 kB).
pub const MAX_NETWORK_FILE_BYTES: u64 = 16 << 20;

/// Whether the option value `value` names the embedded network.
pub fn names_embedded(value: &str) -> bool {
    let value = value.trim();
    value.is_empty()
        || value.eq_ignore_ascii_case(EMBEDDED_NETWORK_NAME)
        || value.eq_ignore_ascii_case("<empty>")
}

/// Makes the network `value` names the current one, or explains why not
/// (nothing changes then). On success, what was chosen, for an `info
/// string` line.
pub fn choose_network(value: &str) -> Result<String, String> {
    if names_embedded(value) {
        nnue::use_embedded_network();
        return Ok("network: the embedded one".to_string());
    }
    let path = value.trim();
    let network = read_network(Path::new(path)).map_err(|e| format!("EvalFile '{path}': {e}"))?;
    nnue::use_network(network).map_err(|e| format!("EvalFile '{path}': {e}"))?;
    Ok(format!("network: {path}"))
}

/// Reads and checks a network file.
fn read_network(path: &Path) -> Result<Network, String> {
    // Checked before opening: opening a pipe would wait for a writer.
    let metadata = std::fs::metadata(path).map_err(|e| e.to_string())?;
    if !metadata.is_file() {
        return Err("not a regular file".to_string());
    }
    let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    let mut bytes = Vec::new();
    file.take(MAX_NETWORK_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| e.to_string())?;
    if bytes.len() as u64 > MAX_NETWORK_FILE_BYTES {
        return Err(format!(
            "larger than {MAX_NETWORK_FILE_BYTES} bytes: not a network file"
        ));
    }
    Network::from_bytes(&bytes).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_names() {
        for value in ["", "  ", "<embedded>", "<EMBEDDED>", "<empty>"] {
            assert!(names_embedded(value), "{value:?}");
        }
        for value in ["embedded.nnue", "net.nnue", "<embedded"] {
            assert!(!names_embedded(value), "{value:?}");
        }
    }

    #[test]
    fn unreadable_files_are_refused_with_a_reason() {
        let missing = read_network(Path::new("/nonexistent/augur-net.nnue"));
        assert!(missing.is_err());
        let directory = read_network(Path::new("/"));
        assert_eq!(directory.err().as_deref(), Some("not a regular file"));
        let dir = std::env::temp_dir().join(format!("augur-eval-file-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let garbage = dir.join("garbage.nnue");
        std::fs::write(&garbage, b"not a network").expect("write");
        let error = read_network(&garbage).expect_err("garbage refused");
        assert!(error.contains("AUGURNN2"), "{error}");
        let truncated = dir.join("truncated.nnue");
        let mut bytes = Network::zeroed().to_bytes();
        bytes.pop();
        std::fs::write(&truncated, &bytes).expect("write");
        let error = read_network(&truncated).expect_err("truncated refused");
        assert!(error.contains("bytes"), "{error}");
        let whole = dir.join("zeroed.nnue");
        std::fs::write(&whole, Network::zeroed().to_bytes()).expect("write");
        assert_eq!(read_network(&whole), Ok(Network::zeroed()));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
