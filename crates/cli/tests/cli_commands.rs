//! The `augur perft`, `analyse` and `bench` commands through the real binary.

use std::process::{Command, Output};

fn augur(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_augur"))
        .args(args)
        .output()
        .expect("run augur")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn divide_prints_each_root_move_then_the_total() {
    let output = augur(&["perft", "3", "--divide"]);
    assert!(output.status.success());
    let text = stdout(&output);
    let counts: Vec<(String, u64)> = text
        .lines()
        .filter_map(|line| {
            let (mv, n) = line.split_once(": ")?;
            Some((mv.to_string(), n.parse().ok()?))
        })
        .filter(|(mv, _)| mv.len() == 4)
        .collect();
    assert_eq!(counts.len(), 20);
    assert!(counts.contains(&("e2e4".to_string(), 600)));
    assert_eq!(counts.iter().map(|(_, n)| n).sum::<u64>(), 8902);
    assert!(text.contains("Nodes searched: 8902"));
    assert!(text.contains("Mnps"));
}

#[test]
fn threads_and_fen_give_the_same_counts() {
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    for threads in ["1", "2", "3"] {
        let output = augur(&["perft", "3", "--fen", kiwipete, "--threads", threads]);
        assert!(output.status.success());
        assert!(
            stdout(&output).contains("Nodes searched: 97862"),
            "threads {threads}"
        );
    }
}

#[test]
fn malformed_input_gives_one_error_line_and_a_nonzero_exit() {
    for args in [
        &["perft", "3", "--fen", "not a fen"][..],
        &["perft", "3", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1"],
        &[
            "perft",
            "3",
            "--fen",
            "4k3/8/8/8/8/8/8/4K2R b - - 0 1 extra",
        ],
    ] {
        let output = augur(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.starts_with("error: invalid position"), "{stderr}");
        assert!(!stderr.contains("panicked"));
    }
    for args in [
        &["perft", "x"][..],
        &["perft", "-1"],
        &["perft", "99"],
        &["perft", "3", "--threads", "0"],
    ] {
        let output = augur(args);
        assert!(!output.status.success(), "{args:?}");
        assert!(!String::from_utf8_lossy(&output.stderr).contains("panicked"));
    }
}

#[test]
fn analyse_prints_progress_and_a_result_as_text_and_json() {
    let output = augur(&["analyse", "--depth", "5", "--multipv", "2"]);
    assert!(output.status.success());
    let text = stdout(&output);
    assert!(
        text.lines()
            .any(|l| l.starts_with("info depth 5 ") && l.contains(" multipv 2 ")),
        "{text}"
    );
    assert!(
        text.lines()
            .last()
            .is_some_and(|l| l.starts_with("bestmove ")),
        "{text}"
    );

    let fen = "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1";
    let output = augur(&["analyse", "--fen", fen, "--movetime", "200", "--json"]);
    assert!(output.status.success());
    let text = stdout(&output);
    for line in text.lines() {
        assert!(line.starts_with('{') && line.ends_with('}'), "{line}");
    }
    let last = text.lines().last().expect("a result line");
    assert!(
        last.contains("\"type\":\"bestmove\"") && last.contains("\"bestmove\":\"d1d8\""),
        "{last}"
    );
    assert!(text.contains("\"score\":{\"mate\":1}"), "{text}");

    let output = augur(&["analyse", "--fen", "garbage"]);
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn bench_prints_a_deterministic_signature() {
    let run = || {
        let output = augur(&["bench", "--depth", "6"]);
        assert!(output.status.success());
        let text = stdout(&output);
        let last = text.lines().last().expect("summary").to_string();
        assert!(last.ends_with(" nps"), "{last}");
        last.split(' ').next().map(str::to_string)
    };
    assert_eq!(run(), run());
}

/// The search's node signature at depth 6 in each game: the nodes
/// `bench` visits depend on every pruning, reduction, extension, ordering
/// and evaluation term, so any change to what the engine plays changes
/// them. A change that alters the search on purpose updates these numbers
/// (and quotes the new `bench` figures in its commit message, as OpenBench
/// asks); an unintended change, such as a mutated reduction formula that
/// no behaviour test notices, fails here.
#[test]
fn bench_signatures_are_pinned() {
    for (variant, signature) in [
        ("chess", "35444"),
        ("ultima", "61559"),
        ("oracle", "89388"),
        ("enochian", "5966"),
    ] {
        let output = augur(&["bench", "--depth", "6", "--variant", variant]);
        assert!(output.status.success());
        let text = stdout(&output);
        let last = text.lines().last().expect("summary");
        assert_eq!(
            last.split(' ').next(),
            Some(signature),
            "{variant}: the search changed ({last}); if on purpose, update the signature"
        );
    }
}

#[test]
fn perft_plays_ultima_too() {
    let output = augur(&["perft", "3", "--variant", "ultima"]);
    assert!(output.status.success());
    assert!(stdout(&output).contains("Nodes searched: 42762"));
    let output = augur(&["perft", "1", "--variant", "checkers"]);
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn perft_analyse_and_bench_play_oracle_too() {
    let output = augur(&["perft", "3", "--variant", "oracle"]);
    assert!(output.status.success());
    assert!(stdout(&output).contains("Nodes searched: 20434"));
    let output = augur(&["analyse", "--variant", "oracle", "--depth", "3", "--json"]);
    assert!(output.status.success());
    assert!(
        stdout(&output)
            .lines()
            .last()
            .is_some_and(|l| l.contains("\"type\":\"bestmove\""))
    );
    let output = augur(&["bench", "--variant", "oracle", "--depth", "3"]);
    assert!(output.status.success());
    assert!(
        stdout(&output)
            .lines()
            .last()
            .is_some_and(|l| l.ends_with(" nps"))
    );
    let output = augur(&[
        "perft",
        "2",
        "--variant",
        "oracle",
        "--fen",
        "8/8/8/8/8/8/8/4L3 - - w 0 1",
    ]);
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn analyse_and_bench_play_ultima_too() {
    let output = augur(&["analyse", "--variant", "ultima", "--depth", "3", "--json"]);
    assert!(output.status.success());
    assert!(
        stdout(&output)
            .lines()
            .last()
            .is_some_and(|l| l.contains("\"type\":\"bestmove\""))
    );
    let output = augur(&["bench", "--variant", "ultima", "--depth", "3"]);
    assert!(output.status.success());
    assert!(
        stdout(&output)
            .lines()
            .last()
            .is_some_and(|l| l.ends_with(" nps"))
    );
    for args in [
        &["bench", "--variant", "checkers"][..],
        &["analyse", "--variant", "checkers"],
    ] {
        assert_eq!(augur(args).status.code(), Some(2), "{args:?}");
    }
}

#[test]
fn analyse_for_scripts_moves_nodes_mated_sides_and_every_line() {
    // A mated side: mate 0, never cp 0; no search.
    let output = augur(&[
        "analyse",
        "--fen",
        "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1",
        "--json",
    ]);
    assert!(output.status.success());
    let text = stdout(&output);
    assert_eq!(text.lines().count(), 1, "{text}");
    assert!(text.contains("\"score\":{\"mate\":0}"), "{text}");
    assert!(text.contains("\"bestmove\":null"), "{text}");
    assert!(text.contains("\"to_move\":\"black\""), "{text}");
    // Moves from the start, a node limit and two lines in the final object.
    let output = augur(&[
        "analyse",
        "--moves",
        "e2e4 e7e5",
        "--nodes",
        "5000",
        "--multipv",
        "2",
        "--json",
    ]);
    assert!(output.status.success());
    let last = stdout(&output).lines().last().expect("result").to_string();
    assert!(last.contains("\"to_move\":\"white\""), "{last}");
    assert_eq!(last.matches("\"multipv\":").count(), 2, "{last}");
    assert!(
        last.contains("\"wdl\":[") && last.contains("\"bound\":null"),
        "{last}"
    );
    let nodes: u64 = last
        .split("\"nodes\":")
        .nth(1)
        .and_then(|rest| rest.split(',').next())
        .and_then(|n| n.parse().ok())
        .expect("nodes");
    assert!((5_000..6_000).contains(&nodes), "{last}");
    // An illegal move in --moves is refused.
    let output = augur(&["analyse", "--moves", "e2e5"]);
    assert_eq!(output.status.code(), Some(2));
    // --depth takes what `go depth` takes.
    assert_eq!(
        augur(&["analyse", "--depth", "255", "--nodes", "100"])
            .status
            .code(),
        Some(0)
    );
    assert_eq!(augur(&["analyse", "--depth", "256"]).status.code(), Some(2));
}

#[test]
fn analyse_refuses_an_enochian_army_whose_roll_is_not_known() {
    let pending = "yKQyByRyN2bPQbKQ/yPQyPByPRyPN2bPBbB/6bPRbR/6bPNbN/kNkPN6/kRkPR6/kBkPB2rPNrPRrPBrPQ/kKQkPQ2rNrRrBrKQ b d - - ?";
    let output = augur(&["analyse", "--variant", "enochian", "--fen", pending]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stdout(&output).is_empty());
    assert!(String::from_utf8_lossy(&output.stderr).contains("roll"));
    // With the roll given at the end of the moves, it searches; the army
    // to move is named.
    let output = augur(&[
        "analyse",
        "--variant",
        "enochian",
        "--fen",
        pending,
        "--moves",
        "4:",
        "--depth",
        "3",
        "--json",
    ]);
    assert!(output.status.success());
    let last = stdout(&output).lines().last().expect("result").to_string();
    assert!(last.contains("\"to_move\":\"blue\""), "{last}");
}

#[test]
fn a_mistyped_subcommand_is_an_error_naming_the_subcommands() {
    for args in [
        &["perfft", "5"][..],
        &["version"],
        &["benchh"],
        &["Go depth 3"],
    ] {
        let output = augur(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}: {}", stdout(&output));
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains("unrecognized subcommand"), "{stderr}");
        assert!(
            stderr.contains("uci, perft, bench, analyse, serve"),
            "{stderr}"
        );
    }
    let output = augur(&["perfft", "5"]);
    assert!(String::from_utf8_lossy(&output.stderr).contains("'perft'"));
}

#[test]
fn protocol_lines_as_arguments_still_run_as_a_session() {
    let output = augur(&[
        "isready",
        "position startpos moves e2e4",
        "go depth 2",
        "quit",
    ]);
    assert!(output.status.success());
    let text = stdout(&output);
    assert!(text.contains("readyok"), "{text}");
    assert!(text.lines().any(|l| l.starts_with("bestmove ")), "{text}");
}

#[test]
fn perft_divide_prints_each_root_move_while_counting_the_rest() {
    use std::io::{BufRead, BufReader};
    // Perft 7 takes seconds; its first root move under 4% of that.
    let mut child = Command::new(env!("CARGO_BIN_EXE_augur"))
        .args(["perft", "7", "--divide"])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("run augur");
    let stdout = child.stdout.take().expect("stdout");
    let mut first = String::new();
    BufReader::new(stdout)
        .read_line(&mut first)
        .expect("read a line");
    let still_counting = child.try_wait().expect("status").is_none();
    let _ = child.kill();
    let _ = child.wait();
    assert_eq!(first.trim_end(), "b1a3: 120142144");
    assert!(still_counting, "the first line came only at the end");
}
