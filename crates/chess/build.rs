//! Chooses the network file the engine embeds: the one `AUGUR_EVALFILE`
//! names (what `make EVALFILE=<path>` sets), or `nets/augur-chess.nnue`.
//! The file is checked when it is compiled in (`nnue/registry.rs`).

use std::path::PathBuf;

fn main() {
    println!("cargo::rerun-if-env-changed=AUGUR_EVALFILE");
    let default = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("nets/augur-chess.nnue");
    let path = match std::env::var("AUGUR_EVALFILE") {
        Ok(named) if !named.is_empty() => match std::fs::canonicalize(&named) {
            Ok(path) if path.is_file() => path,
            Ok(_) => {
                println!("cargo::error=EVALFILE '{named}' is not a file");
                return;
            }
            Err(error) => {
                println!("cargo::error=EVALFILE '{named}' cannot be read: {error}");
                return;
            }
        },
        _ => default,
    };
    println!("cargo::rerun-if-changed={}", path.display());
    println!("cargo::rustc-env=AUGUR_EMBEDDED_NETWORK={}", path.display());
}
