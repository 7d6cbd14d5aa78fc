//! Shared helpers for Augur's integration tests: the `.perft` file format,
//! game-generic checks (random playouts with hash verification) that
//! every variant's tests reuse, and writing a board field from its squares.

pub mod notation;
pub mod shapes;

use augur_core::{Evaluate, Game, MoveList, MoveStaging};
use rand::prelude::*;
use std::path::{Path, PathBuf};

/// One position of a `.perft` file with its expected counts.
#[derive(Clone, Debug)]
pub struct PerftRecord {
    /// The record's `id`.
    pub id: String,
    /// The position string (`epd` line).
    pub position: String,
    /// `(depth, nodes)` pairs.
    pub counts: Vec<(u32, u64)>,
}

/// The repository root (where `tests/` lives).
pub fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Runs a python-chess reference script from `tools/` with
/// `--positions <count> --seed <seed> --out <file>` and returns what it wrote.
pub fn python_reference(script: &str, count: usize, seed: u64) -> String {
    let out =
        std::env::temp_dir().join(format!("augur-{script}-{seed}-{}.txt", std::process::id()));
    let status = std::process::Command::new("python3")
        .arg(repo_root().join("tools").join(script))
        .args([
            "--positions",
            &count.to_string(),
            "--seed",
            &seed.to_string(),
            "--out",
        ])
        .arg(&out)
        .status()
        .expect("python3 must be installed (the suite needs python-chess: pip install chess)");
    assert!(
        status.success(),
        "tools/{script} failed (is python-chess installed? pip install chess)"
    );
    let text = std::fs::read_to_string(&out).expect("reference output");
    let _ = std::fs::remove_file(&out);
    text
}

/// Reads a `.perft` file: records of `id`, `epd` and `perft <depth> <nodes>`
/// lines, separated by blank lines; `#` starts a comment line.
pub fn read_perft_file(path: &Path) -> Vec<PerftRecord> {
    let text =
        std::fs::read_to_string(path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
    let mut records = Vec::new();
    let mut current: Option<PerftRecord> = None;
    for (number, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line.split_once(' ').unwrap_or((line, ""));
        match key {
            "id" => {
                records.extend(current.take());
                current = Some(PerftRecord {
                    id: value.to_string(),
                    position: String::new(),
                    counts: Vec::new(),
                });
            }
            "epd" => current.as_mut().expect("epd before id").position = value.to_string(),
            "perft" => {
                let mut parts = value.split_whitespace();
                let depth = parts.next().and_then(|d| d.parse().ok());
                let nodes = parts.next().and_then(|n| n.parse().ok());
                match (depth, nodes) {
                    (Some(d), Some(n)) => current
                        .as_mut()
                        .expect("perft before id")
                        .counts
                        .push((d, n)),
                    _ => panic!("{}:{}: bad perft line", path.display(), number + 1),
                }
            }
            _ => panic!("{}:{}: unknown key {key}", path.display(), number + 1),
        }
    }
    records.extend(current);
    records
}

/// Checks every record of a `.perft` file whose expected count is at most
/// `node_budget` (all of them with `None`). Returns how many counts it checked.
pub fn check_perft_file<G: Game>(path: &Path, node_budget: Option<u64>) -> usize {
    check_perft_file_with(path, node_budget, |text| {
        G::from_fen(text).map_err(|e| e.to_string())
    })
}

/// [`check_perft_file`], reading each record's position with `read`
/// (e.g. in Chess960 mode).
pub fn check_perft_file_with<G: Game>(
    path: &Path,
    node_budget: Option<u64>,
    read: impl Fn(&str) -> Result<G, String>,
) -> usize {
    let records = read_perft_file(path);
    assert!(!records.is_empty(), "{} has no records", path.display());
    let mut checked = 0;
    let mut failures = Vec::new();
    for record in &records {
        let position = read(&record.position)
            .unwrap_or_else(|e| panic!("{}: {e} ({})", record.id, record.position));
        for &(depth, expected) in &record.counts {
            if node_budget.is_some_and(|budget| expected > budget) {
                continue;
            }
            let found = augur_core::perft::perft(&position, depth);
            if found != expected {
                failures.push(format!(
                    "{} depth {depth}: expected {expected}, found {found}",
                    record.id
                ));
            }
            checked += 1;
        }
    }
    assert!(
        failures.is_empty(),
        "perft mismatches:\n{}",
        failures.join("\n")
    );
    checked
}

/// Plays `games` random games of at most `max_plies` plies from `start` and
/// checks at every position that the incremental hash equals the recomputed
/// one, that the position string round-trips to the same position and hash,
/// and that `count_moves` agrees with `generate`. Returns positions checked.
pub fn check_random_playouts<G: Evaluate>(
    start: &G,
    games: usize,
    max_plies: usize,
    seed: u64,
) -> usize {
    check_random_playouts_with(start, games, max_plies, seed, |text| {
        G::from_fen(text).map_err(|e| e.to_string())
    })
}

/// [`check_random_playouts`], re-reading position strings with `read`
/// (e.g. in Chess960 mode).
pub fn check_random_playouts_with<G: Evaluate>(
    start: &G,
    games: usize,
    max_plies: usize,
    seed: u64,
    read: impl Fn(&str) -> Result<G, String>,
) -> usize {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut checked = 0;
    for _ in 0..games {
        let mut position = start.clone();
        for _ in 0..max_plies {
            let outcomes = position.chance_outcomes();
            if outcomes > 0 {
                position = position.resolve_chance(rng.random_range(0..outcomes));
            }
            assert_eq!(
                position.hash(),
                position.recompute_hash(),
                "incremental hash drifted at {}",
                position.fen()
            );
            let fen = position.fen();
            let reread = read(&fen).unwrap_or_else(|e| panic!("own output rejected: {fen}: {e}"));
            assert_eq!(reread.fen(), fen, "position string does not round-trip");
            assert_eq!(
                reread.hash(),
                position.hash(),
                "re-read position has another hash: {fen}"
            );
            // State kept up to date move by move (Oracle's material, say)
            // must equal the same state built from the position string.
            assert_eq!(
                reread.evaluate(),
                position.evaluate(),
                "re-read position evaluates differently: {fen}"
            );
            let mut moves = MoveList::new();
            position.generate(&mut moves);
            assert_eq!(
                position.count_moves(),
                moves.len() as u64,
                "count_moves disagrees at {fen}"
            );
            let legal: Vec<G::Move> = moves.iter().copied().collect();
            check_search_generators(&position, &legal);
            checked += 1;
            let Some(&mv) = moves.choose(&mut rng) else {
                break;
            };
            let text = position.move_text(mv);
            assert_eq!(
                position.parse_move(&text),
                Ok(mv),
                "move text does not round-trip: {text} at {fen}"
            );
            position = position.play(mv);
        }
    }
    checked
}

/// The search's generators against the legal moves of `position`
/// (`legal`, from [`Game::generate`]): the pseudo-legal moves that
/// [`Game::play_pseudo`] accepts are exactly the legal ones, each leading to
/// the position [`Game::play`] gives (and [`Game::play_pseudo_into`] to the
/// same, evaluated alike); the noisy moves are legal, each once;
/// the noisy pseudo-legal moves it accepts are exactly the noisy ones; and
/// [`Game::pseudo_move`] names only moves of the pseudo-legal list; in a game
/// that stages its moves without ranking the rest ([`Game::MOVE_STAGING`]),
/// every move `noisy_score` ranks is generated as noisy; and a quiet list
/// ([`Game::generate_quiet_pseudo`]), where the game has one, holds the
/// pseudo-legal moves the noisy list does not. Returns the noisy moves,
/// for the caller to compare with the noisy subset of `legal` by its own
/// definition.
pub fn check_search_generators<G: Evaluate>(position: &G, legal: &[G::Move]) -> Vec<G::Move> {
    let fen = position.fen();
    let sorted = |mut moves: Vec<String>| {
        moves.sort();
        moves
    };
    let text = |moves: &[G::Move]| sorted(moves.iter().map(|&m| position.move_text(m)).collect());
    let accepted = |moves: &MoveList<G::Move>| -> Vec<G::Move> {
        moves
            .iter()
            .copied()
            .filter(|&m| {
                // Written over a slot holding another position, as the
                // search's slot does.
                let mut into = Some(position.clone());
                position.play_pseudo_into(m, &mut into);
                match position.play_pseudo(m) {
                    Some(after) => {
                        let played = position.play(m);
                        assert_eq!(after.fen(), played.fen(), "play_pseudo differs at {fen}");
                        assert_eq!(after.hash(), played.hash(), "play_pseudo key at {fen}");
                        let into = into.expect("play_pseudo_into plays what play_pseudo plays");
                        assert_eq!(into.fen(), played.fen(), "play_pseudo_into at {fen}");
                        assert_eq!(into.hash(), played.hash(), "play_pseudo_into key at {fen}");
                        assert_eq!(
                            into.evaluate(),
                            played.evaluate(),
                            "play_pseudo_into evaluates differently at {fen}"
                        );
                        true
                    }
                    None => {
                        assert!(
                            into.is_none(),
                            "play_pseudo_into plays an illegal move at {fen}"
                        );
                        false
                    }
                }
            })
            .collect()
    };
    let mut pseudo = MoveList::new();
    position.generate_pseudo(&mut pseudo);
    assert_eq!(
        text(&accepted(&pseudo)),
        text(legal),
        "accepted pseudo-legal moves are not the legal moves at {fen}"
    );
    // The table move's shortcut names only moves of the pseudo-legal list,
    // each by its own code.
    for &mv in pseudo.iter() {
        if let Some(found) = position.pseudo_move(G::encode_move(mv)) {
            assert!(found == mv, "pseudo_move names another move at {fen}");
        }
    }
    for code in 0..1 << 12 {
        if let Some(found) = position.pseudo_move(code) {
            assert!(
                pseudo.contains(&found) && G::encode_move(found) == code,
                "pseudo_move({code}) names a move outside the list at {fen}"
            );
        }
    }
    let mut noisy = MoveList::new();
    position.generate_noisy(&mut noisy);
    let noisy: Vec<G::Move> = noisy.iter().copied().collect();
    let noisy_text = text(&noisy);
    let mut unique = noisy_text.clone();
    unique.dedup();
    assert_eq!(unique, noisy_text, "a noisy move twice at {fen}");
    assert!(
        noisy.iter().all(|m| legal.contains(m)),
        "an illegal noisy move at {fen}"
    );
    // Every move generated as noisy is ranked as noisy. (Not the reverse in
    // every game: Oracle ranks fetching a body and summoning a soul with the
    // noisy moves but leaves them out of quiescence.)
    for &mv in &noisy {
        assert!(
            position.noisy_score(mv).is_some(),
            "{} is generated as noisy but ranked quiet at {fen}",
            position.move_text(mv)
        );
    }
    let mut noisy_pseudo = MoveList::new();
    position.generate_noisy_pseudo(&mut noisy_pseudo);
    if G::MOVE_STAGING == (MoveStaging::NoisyFirst { rank_rest: false }) {
        // The staged search orders the other moves as quiet ones.
        for &mv in pseudo.iter() {
            assert!(
                position.noisy_score(mv).is_none() || noisy_pseudo.contains(&mv),
                "{} is ranked noisy but not generated as noisy at {fen}",
                position.move_text(mv)
            );
        }
    }
    assert_eq!(
        text(&accepted(&noisy_pseudo)),
        noisy_text,
        "accepted noisy pseudo-legal moves are not the noisy moves at {fen}"
    );
    let mut quiet = MoveList::new();
    if position.generate_quiet_pseudo(&mut quiet) {
        // The quiet list is the rest of the pseudo-legal list: with the
        // noisy pseudo-legal moves, each pseudo-legal move once.
        let mut split: Vec<String> = text(&quiet.iter().copied().collect::<Vec<_>>());
        split.extend(text(&noisy_pseudo.iter().copied().collect::<Vec<_>>()));
        let all: Vec<G::Move> = pseudo.iter().copied().collect();
        assert_eq!(
            sorted(split),
            text(&all),
            "the quiet and noisy lists do not split the pseudo-legal moves at {fen}"
        );
    } else {
        assert!(quiet.is_empty(), "no quiet list, yet moves at {fen}");
    }
    noisy
}

/// The board field of a position string from its 64 squares' tokens
/// (index `rank * 8 + file`, a1 first; an empty string for an empty
/// square): ranks 8 to 1 separated by `/`, runs of empty squares as digits.
pub fn board_field(cells: &[String]) -> String {
    assert_eq!(cells.len(), 64, "a board has 64 squares");
    let ranks: Vec<String> = cells
        .chunks(8)
        .rev()
        .map(|row| {
            let mut out = String::new();
            let mut empty = 0;
            for cell in row {
                if cell.is_empty() {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    out.push_str(&empty.to_string());
                    empty = 0;
                }
                out.push_str(cell);
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            out
        })
        .collect();
    ranks.join("/")
}
