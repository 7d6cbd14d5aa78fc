//! `make EVALFILE=<path>` embeds another network: the build script reads
//! `AUGUR_EVALFILE`, and a file the engine cannot read fails the build
//! with a message saying why (never an engine evaluating everything as 0).
//! Each case compiles the chess crate in its own target folder.

use std::path::{Path, PathBuf};
use std::process::Command;

/// `cargo check -p augur-chess` with `AUGUR_EVALFILE` set to `network`;
/// returns whether it passed and what it printed on stderr.
fn check_with(network: &Path, target: &Path) -> (bool, String) {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let output = Command::new(env!("CARGO"))
        .args(["check", "--quiet", "-p", "augur-chess", "--lib"])
        .current_dir(&workspace)
        .env("AUGUR_EVALFILE", network)
        .env("CARGO_TARGET_DIR", target)
        .output()
        .expect("run cargo");
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn an_evalfile_that_is_no_augur_network_fails_the_build_saying_why() {
    let dir = std::env::temp_dir().join(format!("augur-evalfile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let target = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("evalfile-check");
    let embedded =
        std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("nets/augur-chess.nnue"))
            .expect("read the network");

    // Another valid network (the embedded one, renamed) builds.
    let valid = dir.join("valid.nnue");
    std::fs::write(&valid, &embedded).expect("write");
    let (passed, stderr) = check_with(&valid, &target);
    assert!(passed, "{stderr}");

    // Not a network at all.
    let garbage = dir.join("garbage.nnue");
    std::fs::write(&garbage, b"this is not a network").expect("write");
    let (passed, stderr) = check_with(&garbage, &target);
    assert!(!passed);
    assert!(stderr.contains("is not an Augur network file"), "{stderr}");

    // A real network cut short.
    let truncated = dir.join("truncated.nnue");
    std::fs::write(&truncated, &embedded[..embedded.len() - 2]).expect("write");
    let (passed, stderr) = check_with(&truncated, &target);
    assert!(!passed);
    assert!(
        stderr.contains("shorter or longer than its header"),
        "{stderr}"
    );

    // A path that does not exist.
    let (passed, stderr) = check_with(&dir.join("missing.nnue"), &target);
    assert!(!passed);
    assert!(stderr.contains("cannot be read"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}
