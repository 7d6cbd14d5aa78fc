//! `SyzygyPath` values that load nothing, or that name broken tables:
//! missing folders and folders without tables are not errors (Stockfish
//! says `Found 0 tablebases`); corrupted or truncated tables are, with the
//! file named, and the prober never sees them.

use augur_chess::syzygy::open;
use augur_suite::repo_root;
use std::path::PathBuf;

/// A fresh folder under the system's temporary folder.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("augur-syzygy-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

#[test]
fn missing_or_empty_folders_load_nothing_without_error() {
    let empty = scratch("empty");
    std::fs::write(empty.join("README.txt"), "no tables here").expect("write");
    std::fs::write(empty.join("KQvK.txt"), "not a table either").expect("write");
    for path in [
        String::new(),
        "<empty>".to_string(),
        "./syzygy/".to_string(),
        "/no/such/folder:/nor/this/one".to_string(),
        empty.display().to_string(),
    ] {
        let (tables, report) = open(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
        assert!(tables.is_none(), "{path:?}");
        assert_eq!(report, "Found 0 tablebases", "{path:?}");
    }
    let _ = std::fs::remove_dir_all(empty);
}

#[test]
fn corrupted_and_truncated_tables_are_errors_naming_the_file() {
    let real = std::fs::read(repo_root().join("tests/syzygy/KRvK.rtbz")).expect("a real table");
    // The right size, the wrong start.
    let corrupted = scratch("corrupted");
    let mut bytes = real.clone();
    bytes[0] ^= 0xFF;
    std::fs::write(corrupted.join("KRvK.rtbz"), &bytes).expect("write");
    // Cut short.
    let truncated = scratch("truncated");
    std::fs::write(truncated.join("KRvK.rtbw"), &real[..100]).expect("write");
    // A DTZ file's content under a WDL name.
    let swapped = scratch("swapped");
    std::fs::write(swapped.join("KRvK.rtbw"), &real).expect("write");
    for (dir, file) in [
        (&corrupted, "KRvK.rtbz"),
        (&truncated, "KRvK.rtbw"),
        (&swapped, "KRvK.rtbw"),
    ] {
        // Among good folders too: the bad file is found wherever it is.
        let path = format!("/no/such/folder:{}", dir.display());
        let error = open(&path).err().unwrap_or_else(|| panic!("{path} loaded"));
        assert!(error.contains(file), "{error}");
        assert!(
            error.contains("corrupted") || error.contains("incomplete"),
            "{error}"
        );
    }
    for dir in [corrupted, truncated, swapped] {
        let _ = std::fs::remove_dir_all(dir);
    }
}

/// A table whose header reads but whose body is damaged loads, and the
/// prober's assertion on it becomes no answer: no panic reaches the
/// search, and nothing is probed afterwards.
#[test]
fn a_table_damaged_past_its_header_answers_nothing_and_never_panics() {
    use augur_core::{Game, Tablebase};
    let dir = scratch("damaged");
    let mut wdl = std::fs::read(repo_root().join("tests/syzygy/KRvK.rtbw")).expect("a real table");
    for byte in &mut wdl[8..] {
        *byte = 0xFF;
    }
    std::fs::write(dir.join("KRvK.rtbw"), &wdl).expect("write");
    std::fs::copy(
        repo_root().join("tests/syzygy/KRvK.rtbz"),
        dir.join("KRvK.rtbz"),
    )
    .expect("copy");
    let (tables, _) = open(&dir.display().to_string()).expect("the header reads");
    let tables = tables.expect("one table found");
    let position =
        augur_chess::Position::from_fen("8/8/8/4k3/8/8/8/R3K3 w - - 0 1").expect("a KRvK position");
    assert!(!tables.failed());
    assert_eq!(tables.probe_wdl(&position), None);
    assert!(tables.failed());
    assert_eq!(tables.probe_wdl(&position), None);
    assert!(tables.probe_root_dtz(&position).is_none());
    let _ = std::fs::remove_dir_all(dir);
}
