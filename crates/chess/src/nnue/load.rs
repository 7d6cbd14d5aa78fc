//! Reading a network file at run time (the `EvalFile` option): the file
//! checks, then the network interned ([`super::intern`]).

use std::io::Read;
use std::path::Path;

use super::{Network, NetworkRef, intern};

/// The largest network file read (this build's files are about 200 kB).
pub const MAX_NETWORK_FILE_BYTES: u64 = 16 << 20;

/// Reads the network file at `path` and gives the held network equal to
/// it ([`super::intern`]), or why not: not a regular file, larger than
/// [`MAX_NETWORK_FILE_BYTES`], not a network this build reads, or too
/// many networks held already.
pub fn load_network(path: &Path) -> Result<NetworkRef, String> {
    intern(read_network_file(path)?)
}

/// Reads and checks a network file.
pub fn read_network_file(path: &Path) -> Result<Network, String> {
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
    fn unreadable_files_are_refused_with_a_reason() {
        let missing = read_network_file(Path::new("/nonexistent/augur-net.nnue"));
        assert!(missing.is_err());
        let directory = read_network_file(Path::new("/"));
        assert_eq!(directory.err().as_deref(), Some("not a regular file"));
        let dir = std::env::temp_dir().join(format!("augur-network-file-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let garbage = dir.join("garbage.nnue");
        std::fs::write(&garbage, b"not a network").expect("write");
        let error = read_network_file(&garbage).expect_err("garbage refused");
        assert!(error.contains("AUGURNN2"), "{error}");
        let truncated = dir.join("truncated.nnue");
        let mut bytes = Network::zeroed().to_bytes();
        bytes.pop();
        std::fs::write(&truncated, &bytes).expect("write");
        let error = read_network_file(&truncated).expect_err("truncated refused");
        assert!(error.contains("bytes"), "{error}");
        let whole = dir.join("zeroed.nnue");
        std::fs::write(&whole, Network::zeroed().to_bytes()).expect("write");
        assert_eq!(read_network_file(&whole), Ok(Network::zeroed()));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
