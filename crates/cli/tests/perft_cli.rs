//! The `augur perft` command through the real binary.

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
