//! The arena end to end: a tiny Augur match whose PGN python-chess replays,
//! and broken engines (crash, hang, illegal move, empty bestmove) losing
//! with the right reason while the match goes on.

use std::path::PathBuf;
use std::process::Command;

fn target_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_augur-arena"))
        .parent()
        .expect("target dir")
        .to_path_buf()
}

fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The `augur` binary next to the arena's (built on demand when only this
/// package is being tested).
fn augur() -> String {
    let path = target_dir().join("augur");
    if !path.exists() {
        let status = Command::new(env!("CARGO"))
            .args(["build", "-p", "augur-cli", "--profile", "test"])
            .current_dir(repo_root())
            .status()
            .expect("cargo build");
        assert!(status.success());
    }
    path.to_string_lossy().into_owned()
}

fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("augur-arena-{}-{name}", std::process::id()))
}

fn arena(args: &[String]) -> (String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_augur-arena"))
        .args(args)
        .output()
        .expect("run arena");
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(output.status.success(), "arena failed:\n{stdout}\n{stderr}");
    (stdout, stderr)
}

/// python-chess replays all `games` games of `pgn` legally
/// (`tools/pgn_replay_check.py`).
fn assert_python_chess_replays(pgn: &std::path::Path, games: usize) {
    let replay = Command::new("python3")
        .arg(repo_root().join("tools/pgn_replay_check.py"))
        .arg(pgn)
        .output()
        .expect("python3 with python-chess");
    assert!(
        replay.status.success(),
        "{}",
        String::from_utf8_lossy(&replay.stderr)
    );
    let replayed = String::from_utf8_lossy(&replay.stdout);
    assert!(
        replayed.contains(&format!("{games} games replayed")),
        "{replayed}"
    );
}

#[test]
fn a_tiny_match_writes_pgn_that_python_chess_replays() {
    let (pgn, json) = (temp("tiny.pgn"), temp("tiny.json"));
    let augur = augur();
    let (stdout, _) = arena(&[
        "--engine".into(),
        format!("name=a cmd={augur} nodes=3000"),
        "--engine".into(),
        format!("name=b cmd={augur} nodes=1500 option.Hash=8"),
        "--games".into(),
        "2".into(),
        "--random-plies".into(),
        "6".into(),
        "--max-plies".into(),
        "160".into(),
        "--pgn".into(),
        pgn.to_string_lossy().into_owned(),
        "--json".into(),
        json.to_string_lossy().into_owned(),
    ]);
    assert!(stdout.contains("[2/2]"), "{stdout}");
    let summary = std::fs::read_to_string(&json).expect("json");
    assert!(summary.contains("\"games\":2"), "{summary}");
    assert_python_chess_replays(&pgn, 2);
    let text = std::fs::read_to_string(&pgn).expect("pgn");
    for tag in [
        "[Event ",
        "[White \"a\"]",
        "[Black \"b\"]",
        "[Result ",
        "[Termination ",
        "[PlyCount ",
    ] {
        assert!(text.contains(tag), "{tag} missing");
    }
    let _ = (std::fs::remove_file(pgn), std::fs::remove_file(json));
}

#[test]
fn an_oracle_match_runs_and_records_the_variant() {
    let (pgn, json) = (temp("oracle.pgn"), temp("oracle.json"));
    let augur = augur();
    let (stdout, _) = arena(&[
        "--variant".into(),
        "oracle".into(),
        "--engine".into(),
        format!("name=full cmd={augur} nodes=2000"),
        "--engine".into(),
        format!("name=material cmd={augur} depth=2 option.Material Only=true"),
        "--games".into(),
        "2".into(),
        "--random-plies".into(),
        "4".into(),
        "--pgn".into(),
        pgn.to_string_lossy().into_owned(),
        "--json".into(),
        json.to_string_lossy().into_owned(),
    ]);
    assert!(stdout.contains("[2/2]"), "{stdout}");
    let summary = std::fs::read_to_string(&json).expect("json");
    assert!(summary.contains("\"games\":2"), "{summary}");
    let text = std::fs::read_to_string(&pgn).expect("pgn");
    assert!(text.contains("[Variant \"oracle\"]"), "{text}");
    // Games start from the Oracle start (random plies are recorded as moves).
    assert!(!text.contains("illegal"), "{text}");
    let _ = (std::fs::remove_file(pgn), std::fs::remove_file(json));
}

/// `--chess960` with an openings file of start arrays: both colours of
/// each array, `Variant "Chess960"` in the PGN, and python-chess replays
/// every game (castling included) as Chess960.
#[test]
fn a_chess960_match_from_an_openings_file_replays_in_python_chess() {
    let (pgn, json) = (temp("960.pgn"), temp("960.json"));
    let augur = augur();
    let openings = repo_root().join("tools/arena/openings/chess960.epd");
    let (stdout, _) = arena(&[
        "--chess960".into(),
        "--openings".into(),
        openings.to_string_lossy().into_owned(),
        "--engine".into(),
        format!("name=a cmd={augur} nodes=3000"),
        "--engine".into(),
        format!("name=b cmd={augur} nodes=1500"),
        "--games".into(),
        "4".into(),
        "--max-plies".into(),
        "120".into(),
        "--pgn".into(),
        pgn.to_string_lossy().into_owned(),
        "--json".into(),
        json.to_string_lossy().into_owned(),
    ]);
    assert!(stdout.contains("[4/4]"), "{stdout}");
    let text = std::fs::read_to_string(&pgn).expect("pgn");
    assert!(text.contains("[Variant \"Chess960\"]"), "{text}");
    // The first two openings of the file, each played with both colours.
    for fen in [
        "qrnbnkbr/pppppppp/8/8/8/8/PPPPPPPP/QRNBNKBR w KQkq - 0 1",
        "rbbnknrq/pppppppp/8/8/8/8/PPPPPPPP/RBBNKNRQ w KQkq - 0 1",
    ] {
        assert_eq!(text.matches(fen).count(), 2, "{fen}\n{text}");
    }
    assert!(!text.contains("illegal"), "{text}");
    assert_python_chess_replays(&pgn, 4);
    let _ = (std::fs::remove_file(pgn), std::fs::remove_file(json));
}

#[test]
fn broken_engines_lose_with_the_right_reason_and_the_match_goes_on() {
    let augur = augur();
    let broken = repo_root().join("tools/test-engines/broken_engine.py");
    for (mode, reason) in [
        ("crash", "engine crashed"),
        ("hang", "time forfeit"),
        ("illegal", "illegal move a1a1"),
        ("garbage", "malformed bestmove"),
    ] {
        let json = temp(&format!("{mode}.json"));
        let (stdout, _) = arena(&[
            "--engine".into(),
            format!("name=augur cmd={augur} nodes=500"),
            "--engine".into(),
            format!(
                "name=broken cmd=python3 arg={} arg=--mode arg={mode} arg=--after arg=3",
                broken.display()
            ),
            "--games".into(),
            "2".into(),
            "--tc".into(),
            "st=1".into(),
            "--time-margin".into(),
            "1000".into(),
            "--json".into(),
            json.to_string_lossy().into_owned(),
        ]);
        let summary = std::fs::read_to_string(&json).expect("json");
        let _ = std::fs::remove_file(&json);
        assert!(
            summary.contains("\"games\":2"),
            "{mode}: {summary}\n{stdout}"
        );
        assert!(
            summary.contains("\"wins\":2"),
            "{mode}: augur should win both: {summary}\n{stdout}"
        );
        assert!(
            summary.contains(reason),
            "{mode}: no '{reason}' in {summary}\n{stdout}"
        );
    }
}

#[test]
fn bad_arguments_are_one_line_errors() {
    for args in [
        vec!["--engine", "name=x"],
        vec!["--engine", "cmd=a", "--engine", "cmd=b", "--tc", "fast"],
        vec![
            "--engine",
            "cmd=a",
            "--engine",
            "cmd=b",
            "--sprt",
            "elo0=5,elo1=0",
        ],
        vec![
            "--engine",
            "cmd=a",
            "--engine",
            "cmd=b",
            "--variant",
            "checkers",
        ],
        vec![
            "--engine",
            "cmd=a",
            "--engine",
            "cmd=b",
            "--variant",
            "ultima",
            "--chess960",
        ],
        vec![
            "--engine",
            "cmd=/nonexistent/engine",
            "--engine",
            "cmd=/nonexistent/other",
            "--format",
            "triangle",
        ],
    ] {
        let output = Command::new(env!("CARGO_BIN_EXE_augur-arena"))
            .args(&args)
            .output()
            .expect("run");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.starts_with("error: ") && !stderr.contains("panicked"),
            "{args:?}: {stderr}"
        );
    }
}

/// Depth 6 against depth 2 is hundreds of Elo apart: the SPRT must accept
/// H1 long before the 200-game budget (about a minute; run with --ignored).
#[test]
#[ignore = "plays dozens of games: run with --ignored"]
fn sprt_stops_early_with_the_right_decision() {
    let augur = augur();
    let (stdout, _) = arena(&[
        "--engine".into(),
        format!("name=depth6 cmd={augur} depth=6"),
        "--engine".into(),
        format!("name=depth2 cmd={augur} depth=2"),
        "--games".into(),
        "200".into(),
        "--random-plies".into(),
        "8".into(),
        "--concurrency".into(),
        "2".into(),
        "--sprt".into(),
        "elo0=0,elo1=50,alpha=0.05,beta=0.05".into(),
    ]);
    let verdict = stdout
        .lines()
        .find(|l| l.starts_with("SPRT"))
        .expect("SPRT line");
    assert!(verdict.contains("H1 accepted"), "{stdout}");
    let played = stdout.lines().filter(|l| l.starts_with('[')).count();
    assert!(played < 60, "no early stop: {played} games");
}

/// A PGN without the move times of its comments (`{+0.31/2 0.004s}`), the
/// one part of a game that differs between two runs of it.
fn without_times(pgn: &str) -> String {
    pgn.split('\n')
        .map(|line| {
            line.split(' ')
                .filter(|word| {
                    !(word.ends_with("s}")
                        && word
                            .trim_end_matches("s}")
                            .parse::<f64>()
                            .is_ok_and(|_| word.contains('.')))
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Game pairs played one at a time (`--pair`) and merged in any order
/// (`--merge`) give the one-machine run's PGN, JSON summary and lines,
/// Enochian divination included (the pair's dice).
#[test]
fn units_merged_are_the_one_machine_run() {
    let augur = augur();
    for variant in ["chess", "enochian"] {
        let mut args = vec![
            "--variant".to_string(),
            variant.into(),
            "--engine".into(),
            format!("name=deep cmd={augur} depth=3"),
            "--engine".into(),
            format!("name=shallow cmd={augur} depth=1"),
            "--games".into(),
            "6".into(),
            "--seed".into(),
            "9".into(),
            "--random-plies".into(),
            "2".into(),
            "--max-plies".into(),
            "80".into(),
        ];
        if variant == "enochian" {
            args.push("--divination".into());
        }
        let with = |extra: &[String]| [args.clone(), extra.to_vec()].concat();
        let path = |name: &str| temp(&format!("{variant}-{name}"));
        let s = |p: &PathBuf| p.to_string_lossy().into_owned();
        let (one_pgn, one_json) = (path("one.pgn"), path("one.json"));
        let (one_out, _) = arena(&with(&[
            "--pgn".into(),
            s(&one_pgn),
            "--json".into(),
            s(&one_json),
        ]));
        let units: Vec<PathBuf> = (0..3).map(|p| path(&format!("unit{p}.json"))).collect();
        for (pair, unit) in units.iter().enumerate().rev() {
            arena(&with(&[
                "--pair".into(),
                pair.to_string(),
                "--json".into(),
                s(unit),
            ]));
        }
        let (merged_pgn, merged_json) = (path("merged.pgn"), path("merged.json"));
        let mut merge = with(&["--merge".into(), s(&units[2]), s(&units[0]), s(&units[1])]);
        merge.extend([
            "--pgn".into(),
            s(&merged_pgn),
            "--json".into(),
            s(&merged_json),
        ]);
        let (merged_out, _) = arena(&merge);
        let read = |p: &PathBuf| std::fs::read_to_string(p).expect("output");
        assert_eq!(merged_out, one_out);
        assert_eq!(read(&merged_json), read(&one_json));
        assert_eq!(
            without_times(&read(&merged_pgn)),
            without_times(&read(&one_pgn))
        );
        assert_eq!(read(&merged_pgn).matches("[Round ").count(), 6);
        // A pair left out is an error, not a shorter match.
        let gap = Command::new(env!("CARGO_BIN_EXE_augur-arena"))
            .args(with(&["--merge".into(), s(&units[0]), s(&units[2])]))
            .output()
            .expect("run arena");
        assert!(!gap.status.success());
        assert!(String::from_utf8_lossy(&gap.stderr).contains("missing"));
        for file in [one_pgn, one_json, merged_pgn, merged_json]
            .iter()
            .chain(&units)
        {
            let _ = std::fs::remove_file(file);
        }
    }
}
