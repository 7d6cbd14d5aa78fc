//! The arena playing Enochian chess end to end: Augur against the greedy
//! player with one engine process per team and per army, per-army clocks in
//! `go`, divination matches reproducible from the seed, and exchange offers
//! relayed (accepted and declined) through a scripted engine
//! (`tools/arena/tests/exchange_engine.py`, wrapping augur-greedy). Every
//! PGN is replayed with the rules crate.
//!
//! The binaries (augur-arena, augur-greedy, augur) are built on demand into
//! this test's target directory and profile.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use augur_core::Game;
use augur_enochian::Position;

/// The default start with the Yellow and Black Kings taken (both armies
/// frozen): each team holds one King, so `exchange` is legal.
const EXCHANGE_START: &str = "yQyByRyN2bPQbKQ/yPQyPByPRyPN2bPBbB/6bPRbR/6bPNbN/kNkPN6/kRkPR6/kBkPB2rPNrPRrPBrPQ/kQkPQ2rNrRrBrKQ b d yk - -";

fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The directory holding the binaries, built once per test run.
fn bins() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let exe = std::env::current_exe().expect("test executable");
        // target/<profile>/deps/<test>
        let profile_dir = exe
            .parent()
            .and_then(Path::parent)
            .expect("target/<profile>")
            .to_path_buf();
        let target = profile_dir.parent().expect("target dir");
        let mut cargo = Command::new(env!("CARGO"));
        cargo
            .args([
                "build",
                "-q",
                "-p",
                "augur-arena",
                "-p",
                "augur-greedy",
                "-p",
                "augur-cli",
                "--target-dir",
            ])
            .arg(target)
            .current_dir(repo_root());
        if profile_dir.file_name() == Some("release".as_ref()) {
            cargo.arg("--release");
        } else {
            cargo.args(["--profile", "test"]);
        }
        assert!(cargo.status().expect("cargo build").success());
        profile_dir
    })
}

fn bin(name: &str) -> String {
    bins().join(name).to_string_lossy().into_owned()
}

fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!(
        "augur-arena-enochian-{}-{name}",
        std::process::id()
    ))
}

fn arena(args: &[String]) -> String {
    let output = Command::new(bin("augur-arena"))
        .args(args)
        .output()
        .expect("run arena");
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        output.status.success(),
        "arena failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    stdout
}

fn args(words: &[&str]) -> Vec<String> {
    words.iter().map(|w| w.to_string()).collect()
}

/// The scripted engine around augur-greedy, with its own arguments.
fn scripted(name: &str, script_args: &[&str]) -> String {
    let script = repo_root().join("tools/arena/tests/exchange_engine.py");
    let mut spec = format!("name={name} cmd=python3 arg={}", script.display());
    for a in script_args {
        spec.push_str(&format!(" arg={a}"));
    }
    spec.push_str(&format!(" arg=-- arg={}", bin("augur-greedy")));
    spec
}

/// A PGN file's games as (tags, movetext without comments).
fn games(pgn: &str) -> Vec<(String, Vec<String>)> {
    let mut out = Vec::new();
    for game in pgn.split("[Event ").skip(1) {
        let (tags, text) = game.split_once("\n\n").expect("tags and moves");
        let mut moves = Vec::new();
        let mut depth = 0;
        let mut token = String::new();
        for c in text.chars().chain(std::iter::once(' ')) {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                c if depth == 0 && c.is_whitespace() => {
                    if !token.is_empty()
                        && !token.ends_with('.')
                        && !["1-0", "0-1", "1/2-1/2", "*"].contains(&token.as_str())
                    {
                        moves.push(token.clone());
                    }
                    token.clear();
                }
                c if depth == 0 => token.push(c),
                _ => {}
            }
        }
        out.push((tags.to_string(), moves));
    }
    out
}

fn tag<'a>(tags: &'a str, name: &str) -> &'a str {
    let start = format!("[{name} \"");
    let at = tags
        .find(&start)
        .unwrap_or_else(|| panic!("no {name} tag in {tags}"))
        + start.len();
    &tags[at..at + tags[at..].find('"').expect("tag end")]
}

/// Replays every game of a PGN with the rules crate; returns the rolls of
/// each game in order.
fn replay(pgn: &str) -> Vec<Vec<String>> {
    let mut all_rolls = Vec::new();
    for (tags, moves) in games(pgn) {
        assert_eq!(tag(&tags, "Variant"), "enochian");
        let mut position = Position::from_fen(tag(&tags, "FEN")).expect("FEN tag");
        let mut rolls = Vec::new();
        for text in &moves {
            if let Some((roll, _)) = text.split_once(':') {
                rolls.push(roll.to_string());
            }
            match augur_core::play_text(&position, text) {
                Ok(augur_core::Played::Move { after, .. }) => position = after,
                other => panic!("{text} in {tags}: {other:?}"),
            }
        }
        assert_eq!(
            moves.len(),
            tag(&tags, "PlyCount").parse::<usize>().expect("count")
        );
        all_rolls.push(rolls);
    }
    all_rolls
}

fn assert_clean(stdout: &str, pgn: &str) {
    for bad in [
        "illegal",
        "crashed",
        "forfeit",
        "stalled",
        "failed",
        "did not answer",
    ] {
        assert!(!stdout.contains(bad), "{bad}: {stdout}");
        assert!(!pgn.contains(bad), "{bad}: {pgn}");
    }
}

#[test]
fn augur_against_greedy_per_team_and_per_army() {
    for seats in ["team", "army"] {
        let pgn = temp(&format!("{seats}.pgn"));
        let stdout = arena(
            &[
                args(&["--variant", "enochian", "--seats", seats, "--engine"]),
                vec![format!("name=augur cmd={} nodes=300", bin("augur"))],
                args(&["--engine"]),
                vec![format!("name=greedy cmd={}", bin("augur-greedy"))],
                args(&[
                    "--games",
                    "2",
                    "--concurrency",
                    "2",
                    "--random-plies",
                    "2",
                    "--max-plies",
                    "300",
                    "--pgn",
                ]),
                vec![pgn.to_string_lossy().into_owned()],
            ]
            .concat(),
        );
        assert!(stdout.contains("[2/2]"), "{stdout}");
        assert!(stdout.contains("exchange offers: "), "{stdout}");
        let text = std::fs::read_to_string(&pgn).expect("pgn");
        let _ = std::fs::remove_file(&pgn);
        assert_clean(&stdout, &text);
        assert_eq!(text.matches("[Variant \"enochian\"]").count(), 2);
        assert!(text.contains(&format!("[Seats \"{seats}\"]")), "{text}");
        let parsed = games(&text);
        // Colours (teams) swap within the pair.
        assert_eq!(
            tag(&parsed[0].0, "BlueBlack"),
            tag(&parsed[1].0, "RedYellow")
        );
        assert_eq!(
            tag(&parsed[0].0, "BlueArmy"),
            tag(&parsed[0].0, "BlackArmy")
        );
        replay(&text);
    }
}

#[test]
fn per_army_clocks_reach_the_engines() {
    let (pgn, log) = (temp("clock.pgn"), temp("clock.log"));
    let log_arg = log.to_string_lossy().into_owned();
    let stdout = arena(
        &[
            args(&["--variant", "enochian", "--seats", "army", "--engine"]),
            vec![format!("name=augur cmd={}", bin("augur"))],
            args(&["--engine"]),
            vec![scripted("greedy", &["--log", &log_arg])],
            // Clocks generous enough that a loaded machine loses no game
            // on time (the greedy player's wrapper spends its start-up
            // latency on its clock): only the `go` keys are checked.
            args(&["--tc", "20+0.2", "--games", "2", "--concurrency", "2"]),
            args(&["--max-plies", "24", "--pgn"]),
            vec![pgn.to_string_lossy().into_owned()],
        ]
        .concat(),
    );
    let text = std::fs::read_to_string(&pgn).expect("pgn");
    let sent = std::fs::read_to_string(&log).expect("log");
    let _ = (std::fs::remove_file(&pgn), std::fs::remove_file(&log));
    assert_clean(&stdout, &text);
    assert!(text.contains("[TimeControl \"20+0.2\"]"), "{text}");
    let go = sent
        .lines()
        .find(|l| l.starts_with("go "))
        .expect("a go line");
    for key in [
        "yellowtime",
        "bluetime",
        "redtime",
        "blacktime",
        "yellowinc",
        "blueinc",
        "redinc",
        "blackinc",
    ] {
        assert!(go.contains(key), "{go}");
    }
    replay(&text);
}

#[test]
fn divination_matches_repeat_from_the_seed() {
    let run = |name: &str| {
        let pgn = temp(name);
        let stdout = arena(
            &[
                args(&[
                    "--variant",
                    "enochian",
                    "--divination",
                    "--seed",
                    "11",
                    "--engine",
                ]),
                vec![format!("name=g1 cmd={} option.Seed=1", bin("augur-greedy"))],
                args(&["--engine"]),
                vec![format!("name=g2 cmd={} option.Seed=2", bin("augur-greedy"))],
                args(&[
                    "--games",
                    "2",
                    "--random-plies",
                    "3",
                    "--max-plies",
                    "200",
                    "--pgn",
                ]),
                vec![pgn.to_string_lossy().into_owned()],
            ]
            .concat(),
        );
        let text = std::fs::read_to_string(&pgn).expect("pgn");
        let _ = std::fs::remove_file(&pgn);
        assert_clean(&stdout, &text);
        text
    };
    let strip = |pgn: &str| -> Vec<(String, Vec<String>)> {
        games(pgn)
            .into_iter()
            .map(|(tags, moves)| {
                let tags: Vec<&str> = tags.lines().filter(|l| !l.starts_with("[Date")).collect();
                (tags.join("\n"), moves)
            })
            .collect()
    };
    let (first, second) = (run("div1.pgn"), run("div2.pgn"));
    assert!(first.contains("[Divination \"true\"]"), "{first}");
    assert!(first.contains(" ?\"]"), "a start with the roll pending");
    assert_eq!(strip(&first), strip(&second));
    let rolls = replay(&first);
    // Every move carries its roll, and both games of the pair roll alike.
    let moves = &games(&first)[0].1;
    assert_eq!(rolls[0].len(), moves.len());
    let common = rolls[0].len().min(rolls[1].len());
    assert_eq!(rolls[0][..common], rolls[1][..common]);

    // Augur in a divination game, one process per army.
    let pgn = temp("div-augur.pgn");
    let stdout = arena(
        &[
            args(&[
                "--variant",
                "enochian",
                "--divination",
                "--seats",
                "army",
                "--engine",
            ]),
            vec![format!("name=augur cmd={} nodes=300", bin("augur"))],
            args(&["--engine"]),
            vec![format!("name=greedy cmd={}", bin("augur-greedy"))],
            args(&["--games", "2", "--max-plies", "300", "--pgn"]),
            vec![pgn.to_string_lossy().into_owned()],
        ]
        .concat(),
    );
    let text = std::fs::read_to_string(&pgn).expect("pgn");
    let _ = std::fs::remove_file(&pgn);
    assert_clean(&stdout, &text);
    replay(&text);
}

#[test]
fn exchange_offers_are_relayed() {
    let start = temp("exchange.txt");
    std::fs::write(&start, format!("{EXCHANGE_START}\n")).expect("write");
    let start_arg = start.to_string_lossy().into_owned();
    // Accepted: the offer is played, in both games of the pair (Blue offers
    // first, then Red).
    let (pgn, json) = (temp("accept.pgn"), temp("accept.json"));
    let stdout = arena(
        &[
            args(&[
                "--variant",
                "enochian",
                "--openings",
                &start_arg,
                "--engine",
            ]),
            vec![scripted("offerer", &["--offers", "1"])],
            args(&["--engine"]),
            vec![scripted("acceptor", &["--answer", "accept"])],
            args(&[
                "--tc",
                "5+0.05",
                "--games",
                "2",
                "--max-plies",
                "200",
                "--pgn",
            ]),
            vec![pgn.to_string_lossy().into_owned()],
            args(&["--json"]),
            vec![json.to_string_lossy().into_owned()],
        ]
        .concat(),
    );
    let text = std::fs::read_to_string(&pgn).expect("pgn");
    let summary = std::fs::read_to_string(&json).expect("json");
    let _ = (std::fs::remove_file(&pgn), std::fs::remove_file(&json));
    assert_clean(&stdout, &text);
    assert!(
        stdout.contains("exchange offers: 2 (accepted 2, declined 0)"),
        "{stdout}"
    );
    assert!(
        summary.contains("\"exchange_offers\":{\"offers\":2,\"accepted\":2,\"declined\":0}"),
        "{summary}"
    );
    assert!(
        text.contains("{exchange offered by Blue, accepted by Red"),
        "{text}"
    );
    assert!(
        text.contains("{exchange offered by Red, accepted by Blue"),
        "{text}"
    );
    assert_eq!(
        games(&text)
            .iter()
            .filter(|(_, moves)| moves.iter().any(|m| m == "exchange"))
            .count(),
        2
    );
    replay(&text);

    // Declined (augur-greedy always declines), one process per army: the
    // offerer is told and plays a normal move instead.
    let (pgn, log) = (temp("decline.pgn"), temp("decline.log"));
    let log_arg = log.to_string_lossy().into_owned();
    let stdout = arena(
        &[
            args(&[
                "--variant",
                "enochian",
                "--seats",
                "army",
                "--openings",
                &start_arg,
            ]),
            args(&["--engine"]),
            vec![scripted("offerer", &["--offers", "1", "--log", &log_arg])],
            args(&["--engine"]),
            vec![format!("name=greedy cmd={}", bin("augur-greedy"))],
            args(&[
                "--tc",
                "5+0.05",
                "--games",
                "2",
                "--max-plies",
                "200",
                "--pgn",
            ]),
            vec![pgn.to_string_lossy().into_owned()],
        ]
        .concat(),
    );
    let text = std::fs::read_to_string(&pgn).expect("pgn");
    let sent = std::fs::read_to_string(&log).expect("log");
    let _ = [&pgn, &log, &start].map(std::fs::remove_file);
    assert_clean(&stdout, &text);
    assert!(
        stdout.contains("exchange offers: 2 (accepted 0, declined 2)"),
        "{stdout}"
    );
    assert!(
        text.contains("{exchange offered by Blue, declined by Red"),
        "{text}"
    );
    assert!(
        text.contains("{exchange offered by Red, declined by Blue"),
        "{text}"
    );
    let lines: Vec<&str> = sent.lines().collect();
    let at = lines
        .iter()
        .position(|l| *l == "exchange declined")
        .expect("the offerer hears the decline");
    assert!(lines[at - 1].starts_with("position fen "));
    assert!(lines[at + 1].starts_with("go yellowtime "));
    assert!(
        games(&text)
            .iter()
            .all(|(_, m)| !m.contains(&"exchange".to_string()))
    );
    replay(&text);
}
