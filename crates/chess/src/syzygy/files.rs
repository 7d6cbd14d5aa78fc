//! Finding Syzygy table files in the folders of a `SyzygyPath`, and
//! checking them before the prober maps them: a name the tables use
//! (`KBNvK.rtbw`), the size every complete table has (16 more than a
//! multiple of 64) and the magic bytes at its start. What the checks
//! refuse is an error naming the file; missing folders are not.

use std::collections::HashSet;
use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};

/// The first four bytes of a WDL table (`.rtbw`).
const WDL_MAGIC: [u8; 4] = [0x71, 0xE8, 0x23, 0x5D];
/// The first four bytes of a DTZ table (`.rtbz`).
const DTZ_MAGIC: [u8; 4] = [0xD7, 0x66, 0x0C, 0xA5];
/// The most pieces a Syzygy table holds.
pub(crate) const MAX_PIECES: u32 = 7;
/// The piece letters of a table name after the kings, in the tables' order
/// (queen first), and the roles they stand for in a [`material_key`].
const LETTERS: [(char, usize); 5] = [('Q', 4), ('R', 3), ('B', 2), ('N', 1), ('P', 0)];

/// The tables found in a `SyzygyPath`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Found {
    /// WDL tables found (each material once, whatever folder it is in).
    pub wdl: usize,
    /// DTZ tables found.
    pub dtz: usize,
    /// The most pieces (kings included) of a WDL table found.
    pub largest: u32,
    /// The material keys ([`material_key`]) of the WDL tables found, for
    /// both colour assignments.
    pub keys: HashSet<u32>,
    /// The same for the DTZ tables found.
    pub dtz_keys: HashSet<u32>,
}

/// Counts of pawns, knights, bishops, rooks and queens (by role index,
/// three bits each) of the two sides, first side in the high bits: a key
/// the searcher compares with a position's material before it probes.
pub(crate) fn material_key(first: [u32; 5], second: [u32; 5]) -> u32 {
    let pack = |counts: [u32; 5]| {
        counts
            .iter()
            .enumerate()
            .fold(0u32, |key, (role, &n)| key | (n.min(7) << (3 * role)))
    };
    (pack(first) << 15) | pack(second)
}

/// The piece counts of the two sides of a table name's stem (`KBNvK`),
/// or `None` when it is not one.
fn parse_stem(stem: &str) -> Option<([u32; 5], [u32; 5])> {
    let (a, b) = stem.split_once('v')?;
    let side = |text: &str| -> Option<[u32; 5]> {
        let rest = text.strip_prefix('K')?;
        let mut counts = [0u32; 5];
        for c in rest.chars() {
            let &(_, role) = LETTERS.iter().find(|(letter, _)| *letter == c)?;
            counts[role] += 1;
        }
        Some(counts)
    };
    Some((side(a)?, side(b)?))
}

/// The folders of a `SyzygyPath` (separated by `:`, or `;` on Windows),
/// empty ones left out; `<empty>` and the empty string name none.
pub(crate) fn folders(path: &str) -> Vec<PathBuf> {
    let path = path.trim();
    if path.is_empty() || path == "<empty>" {
        return Vec::new();
    }
    let separator = if cfg!(windows) { ';' } else { ':' };
    path.split(separator)
        .map(str::trim)
        .filter(|folder| !folder.is_empty())
        .map(PathBuf::from)
        .collect()
}

/// Checks one table file: its size and its magic bytes.
fn check_file(file: &Path, magic: &[u8; 4]) -> Result<(), String> {
    let shown = file.display();
    let size = fs::metadata(file)
        .map_err(|e| format!("cannot read tablebase file {shown}: {e}"))?
        .len();
    if size % 64 != 16 {
        return Err(format!(
            "tablebase file {shown} is incomplete or corrupted ({size} bytes)"
        ));
    }
    let mut head = [0u8; 4];
    fs::File::open(file)
        .and_then(|mut f| f.read_exact(&mut head))
        .map_err(|e| format!("cannot read tablebase file {shown}: {e}"))?;
    if &head != magic {
        return Err(format!(
            "tablebase file {shown} is corrupted (not a Syzygy table)"
        ));
    }
    Ok(())
}

/// Finds and checks the tables in the folders of `path`. Missing folders
/// are skipped; a table that fails the checks is an error.
pub(crate) fn find(path: &str) -> Result<Found, String> {
    let mut found = Found::default();
    let mut wdl_seen = HashSet::new();
    let mut dtz_seen = HashSet::new();
    for folder in folders(path) {
        let Ok(entries) = fs::read_dir(&folder) else {
            continue; // A missing folder holds no tables (not an error).
        };
        let mut names: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
        names.sort();
        for file in names {
            let (Some(stem), Some(extension)) = (
                file.file_stem().and_then(|s| s.to_str()),
                file.extension().and_then(|s| s.to_str()),
            ) else {
                continue;
            };
            let Some((first, second)) = parse_stem(stem) else {
                continue;
            };
            let pieces = 2 + first.iter().sum::<u32>() + second.iter().sum::<u32>();
            if pieces > MAX_PIECES {
                continue;
            }
            match extension {
                "rtbw" => {
                    check_file(&file, &WDL_MAGIC)?;
                    if wdl_seen.insert(stem.to_string()) {
                        found.wdl += 1;
                        found.largest = found.largest.max(pieces);
                        found.keys.insert(material_key(first, second));
                        found.keys.insert(material_key(second, first));
                    }
                }
                "rtbz" => {
                    check_file(&file, &DTZ_MAGIC)?;
                    if dtz_seen.insert(stem.to_string()) {
                        found.dtz += 1;
                        found.dtz_keys.insert(material_key(first, second));
                        found.dtz_keys.insert(material_key(second, first));
                    }
                }
                _ => {}
            }
        }
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_names_give_their_material() {
        assert_eq!(
            parse_stem("KBNvK"),
            Some(([0, 1, 1, 0, 0], [0, 0, 0, 0, 0]))
        );
        assert_eq!(
            parse_stem("KQPvKR"),
            Some(([1, 0, 0, 0, 1], [0, 0, 0, 1, 0]))
        );
        for bad in ["KXvK", "QvK", "KRK", "notes"] {
            assert_eq!(parse_stem(bad), None, "{bad}");
        }
        assert_ne!(
            material_key([0, 0, 0, 1, 0], [0; 5]),
            material_key([0; 5], [0, 0, 0, 1, 0])
        );
    }

    #[test]
    fn paths_split_into_folders() {
        assert!(folders("").is_empty());
        assert!(folders("<empty>").is_empty());
        if !cfg!(windows) {
            assert_eq!(
                folders("./syzygy/: /tb/6 :"),
                vec![PathBuf::from("./syzygy/"), PathBuf::from("/tb/6")]
            );
        }
    }
}
