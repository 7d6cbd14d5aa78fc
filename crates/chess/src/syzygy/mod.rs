//! Syzygy endgame tablebases for chess, probed with the pure-Rust
//! pyrrhic-rs crate (MIT; a port of Fathom and Pyrrhic, themselves from
//! Ronald de Man's probing code). `docs/tablebases.md` tells how to use
//! them and why this crate.
//!
//! [`load`] finds and checks the tables of a `SyzygyPath` (`files.rs`) and
//! hands them to the prober. pyrrhic-rs keeps its tables in one global
//! state, so a process holds one set of tables at a time: loading the
//! same path again shares the set already loaded, and a different path
//! replaces it once no engine holds the old one. Four quirks of
//! pyrrhic-rs 0.2.0 are worked around here rather than met at run time:
//! it would count every table name as found (so the largest table and the
//! material covered are taken from the files found here, and only that
//! material is probed), it would be unusable for good after a path
//! without tables (so such a path never reaches it), it forgets a
//! material's WDL table once its DTZ table fails to open (so a root whose
//! DTZ table is missing is ranked by WDL without trying it), and it prints
//! its own complaint about incomplete files (so files are checked first).

mod adapter;
mod files;
mod probe;

use augur_core::LoadedTablebases;
use pyrrhic_rs::{TBError, TableBases};
use std::sync::{Arc, Mutex, Weak};

pub use probe::Syzygy;

/// The tables loaded in this process, if any engine still holds them.
static LOADED: Mutex<Option<Weak<Syzygy>>> = Mutex::new(None);

/// Loads the Syzygy tables in the folders of `path` (separated by `:`)
/// for the search: [`open`], as the game's tablebases.
pub fn load(path: &str) -> Result<LoadedTablebases<crate::Position>, String> {
    let (tables, report) = open(path)?;
    Ok(LoadedTablebases {
        tables: tables.map(|t| t as Arc<dyn augur_core::Tablebase<crate::Position>>),
        report,
    })
}

/// Opens the Syzygy tables in the folders of `path` (separated by `:`),
/// with what was found in words. Missing folders and folders without
/// tables open nothing, which is not an error (the words say `Found 0
/// tablebases`); a corrupted or unreadable table is. Another path's
/// tables still held by an engine in this process are an error too
/// (pyrrhic-rs holds one set at a time).
pub fn open(path: &str) -> Result<(Option<Arc<Syzygy>>, String), String> {
    let path = path.trim();
    if path.contains('\0') {
        return Err("SyzygyPath must not contain a NUL character".to_string());
    }
    let found = files::find(path)?;
    if found.wdl == 0 {
        return Ok((None, "Found 0 tablebases".to_string()));
    }
    let report = format!(
        "Found {} tablebases ({} WDL, {} DTZ), up to {} pieces",
        found.wdl, found.wdl, found.dtz, found.largest
    );
    let mut loaded = LOADED.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(existing) = loaded.as_ref().and_then(Weak::upgrade) {
        if existing.path() == path {
            return Ok((Some(existing), report));
        }
        return Err(format!(
            "the tablebases of '{}' are still in use in this process; SyzygyPath '{path}' was not loaded",
            existing.path()
        ));
    }
    // Only the folders that exist reach the prober, joined as it splits them.
    let existing: Vec<String> = files::folders(path)
        .into_iter()
        .filter(|folder| folder.is_dir())
        .map(|folder| folder.display().to_string())
        .collect();
    // The last holder of the previous tables may still be freeing them
    // (its handle is gone, the prober not yet free): wait a little.
    let mut tries = 0;
    let tables = loop {
        match TableBases::new(existing.join(":")) {
            Err(TBError::AlreadyInitialized) if tries < 200 => {
                tries += 1;
                std::thread::sleep(std::time::Duration::from_millis(5));
            }
            other => break other,
        }
    }
    .map_err(|e| match e {
        TBError::AlreadyInitialized | TBError::NotSingleton => {
            "the tablebase prober is already in use in this process".to_string()
        }
        other => format!("could not load the tablebases in '{path}': {other:?}"),
    })?;
    let syzygy = Arc::new(Syzygy::new(
        tables,
        found.keys,
        found.dtz_keys,
        found.largest,
        report.clone(),
        path.to_string(),
    ));
    *loaded = Some(Arc::downgrade(&syzygy));
    Ok((Some(syzygy), report))
}
