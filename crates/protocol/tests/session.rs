//! Protocol sessions driven in-process: every command, bad input, search
//! limits, determinism, and the latency of `isready` and `stop` mid-search.
//! Every `bestmove` a search gives is checked to be a legal move of the
//! position the test set (played by the game itself, not read back from
//! the session).

use augur_games::chess::Position as Chess;
use augur_games::oracle::Position as Oracle;
use augur_games::ultima::Position as Ultima;
use augur_protocol::{Flow, Session};
use std::time::{Duration, Instant};

mod common;
use common::{Capture, assert_one_error, legal_bestmoves, position_after, session};

fn fen_of(session: &mut Session, capture: &Capture) -> String {
    capture.take();
    session.handle_line("d");
    capture
        .take()
        .into_iter()
        .find_map(|l| l.strip_prefix("Fen: ").map(str::to_string))
        .expect("d prints the FEN")
}

#[test]
fn uci_handshake_lists_the_options() {
    let (mut s, out) = session();
    s.handle_line("uci");
    let lines = out.take();
    assert!(lines[0].starts_with("id name Augur"));
    assert!(lines[1].starts_with("id author"));
    for option in [
        "Hash",
        "Threads",
        "MultiPV",
        "Ponder",
        "Move Overhead",
        "Clear Hash",
        "UCI_Variant",
        "UCI_ShowWDL",
    ] {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("option name {option} type"))),
            "{option}"
        );
    }
    assert_eq!(lines.last().map(String::as_str), Some("uciok"));
    s.handle_line("isready");
    assert_eq!(out.take(), ["readyok"]);
}

#[test]
fn bad_input_gives_one_error_line_and_changes_nothing() {
    let (mut s, out) = session();
    s.handle_line("position startpos moves e2e4");
    let before = fen_of(&mut s, &out);
    for bad in [
        "go depth x",
        "go wtime 99999999999999999999999",
        "go searchmoves a1a1",
        "xyzzy",
        "position",
        "position fen",
        "position fen 8/8/8 w - - 0 1",
        "position startpos moves e2e4 e7e5 e1e8",
        "position startpos moves e2e4 zz",
        "setoption name Hash value -5",
        "setoption name Hash value 123456789",
        "setoption name NoSuchOption value 1",
        "setoption name UCI_Variant value checkers",
        "setoption name Threads value many",
        "isready now",
    ] {
        out.take();
        assert_eq!(s.handle_line(bad), Flow::Continue);
        let lines = out.take();
        assert_eq!(lines.len(), 1, "{bad}: {lines:?}");
        assert!(
            lines[0].starts_with("info string error: "),
            "{bad}: {lines:?}"
        );
        assert_eq!(fen_of(&mut s, &out), before, "{bad} changed the position");
    }
    s.handle_line("isready");
    assert_eq!(out.take(), ["readyok"]);
}

#[test]
fn position_with_moves_and_fen() {
    let (mut s, out) = session();
    s.handle_line("position startpos moves e2e4 e7e5 g1f3");
    assert_eq!(
        fen_of(&mut s, &out),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    );
    s.handle_line("position fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1 moves e1g1");
    assert_eq!(fen_of(&mut s, &out), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
}

#[test]
fn go_depth_prints_info_lines_and_exactly_one_bestmove() {
    let (mut s, out) = session();
    s.handle_line("position startpos");
    s.handle_line("go depth 6");
    let lines = out.wait_for("bestmove", Duration::from_secs(30));
    assert_eq!(
        lines.iter().filter(|l| l.starts_with("bestmove")).count(),
        1
    );
    legal_bestmoves(&position_after::<Chess>(None, &[]), &lines);
    let infos: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert_eq!(infos.len(), 6, "{lines:?}");
    for (depth, info) in infos.iter().enumerate() {
        let expected = format!("info depth {} seldepth ", depth + 1);
        assert!(info.starts_with(&expected), "{info}");
        for field in [
            " multipv 1 ",
            " score ",
            " nodes ",
            " nps ",
            " hashfull ",
            " time ",
            " pv ",
        ] {
            assert!(info.contains(field), "{info} lacks {field}");
        }
    }
    s.handle_line("quit");
}

#[test]
fn node_limited_searches_are_deterministic() {
    let run = || {
        let (mut s, out) = session();
        s.handle_line("ucinewgame");
        s.handle_line("position startpos moves d2d4 g8f6 c2c4");
        s.handle_line("go nodes 20000");
        let lines = out.wait_for("bestmove", Duration::from_secs(30));
        let last_info = lines
            .iter()
            .rev()
            .find(|l| l.starts_with("info depth"))
            .cloned()
            .expect("info");
        legal_bestmoves(
            &position_after::<Chess>(None, &["d2d4", "g8f6", "c2c4"]),
            &lines,
        );
        let best = lines
            .iter()
            .find(|l| l.starts_with("bestmove"))
            .cloned()
            .expect("bestmove");
        (last_info.split(" nps ").next().map(str::to_string), best)
    };
    let first = run();
    assert_eq!(first, run());
}

#[test]
fn isready_and_stop_are_answered_quickly_during_an_infinite_search() {
    let (mut s, out) = session();
    s.handle_line("position startpos");
    s.handle_line("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    let start = Instant::now();
    s.handle_line("isready");
    // Latency is measured by tools/uci_latency.py; here only behaviour.
    out.wait_for("readyok", Duration::from_secs(10));
    let ready = start.elapsed();
    assert!(
        !out.lines().iter().any(|l| l.starts_with("bestmove")),
        "bestmove before stop"
    );
    let start = Instant::now();
    s.handle_line("stop");
    out.wait_for("bestmove", Duration::from_secs(10));
    let stopped = start.elapsed();
    eprintln!("isready answered in {ready:?}, stop gave bestmove in {stopped:?}");
    assert_eq!(
        out.lines()
            .iter()
            .filter(|l| l.starts_with("bestmove"))
            .count(),
        1
    );
    legal_bestmoves(&position_after::<Chess>(None, &[]), &out.lines());
}

#[test]
fn ponder_then_ponderhit_plays_on_the_clock() {
    let (mut s, out) = session();
    s.handle_line("position startpos moves e2e4");
    s.handle_line("go ponder wtime 1000 btime 1000");
    std::thread::sleep(Duration::from_millis(100));
    assert!(
        !out.lines().iter().any(|l| l.starts_with("bestmove")),
        "bestmove while pondering"
    );
    s.handle_line("ponderhit");
    let lines = out.wait_for("bestmove", Duration::from_secs(20));
    legal_bestmoves(&position_after::<Chess>(None, &["e2e4"]), &lines);
}

#[test]
fn multipv_reports_distinct_lines() {
    let (mut s, out) = session();
    s.handle_line("setoption name MultiPV value 3");
    s.handle_line("position startpos");
    s.handle_line("go depth 5");
    let lines = out.wait_for("bestmove", Duration::from_secs(30));
    legal_bestmoves(&position_after::<Chess>(None, &[]), &lines);
    let last: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth 5 "))
        .collect();
    assert_eq!(last.len(), 3, "{lines:?}");
    let firsts: std::collections::HashSet<&str> = last
        .iter()
        .filter_map(|l| l.split(" pv ").nth(1)?.split(' ').next())
        .collect();
    assert_eq!(firsts.len(), 3);
    for k in 1..=3 {
        assert!(last.iter().any(|l| l.contains(&format!(" multipv {k} "))));
    }
}

#[test]
fn finds_short_mates() {
    let (mut s, out) = session();
    s.handle_line(
        "position fen r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
    );
    s.handle_line("go mate 1");
    let lines = out.wait_for("bestmove", Duration::from_secs(30));
    assert!(
        lines.iter().any(|l| l.contains("score mate 1")),
        "{lines:?}"
    );
    assert!(lines.iter().any(|l| l == "bestmove h5f7"), "{lines:?}");
    out.take();
    s.handle_line("position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
    s.handle_line("go depth 6");
    let lines = out.wait_for("bestmove", Duration::from_secs(30));
    legal_bestmoves(
        &position_after::<Chess>(Some("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"), &[]),
        &lines,
    );
    assert!(
        lines.iter().any(|l| l.starts_with("bestmove d1d8")),
        "{lines:?}"
    );
}

#[test]
fn no_legal_move_gives_bestmove_none() {
    let (mut s, out) = session();
    s.handle_line("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    s.handle_line("go depth 3");
    let lines = out.wait_for("bestmove", Duration::from_secs(5));
    assert!(lines.contains(&"bestmove (none)".to_string()), "{lines:?}");
}

#[test]
fn go_perft_prints_divide_and_the_total() {
    let (mut s, out) = session();
    s.handle_line("position startpos");
    s.handle_line("go perft 3");
    out.wait_for("Nodes searched", Duration::from_secs(30));
    let lines = out.take();
    assert_eq!(
        lines
            .iter()
            .filter(|l| l.len() > 6 && l.contains(": ") && !l.starts_with("info"))
            .count(),
        20 + 1
    );
    assert!(lines.contains(&"Nodes searched: 8902".to_string()));
}

/// A long `go perft` streams each root move's count as it is counted,
/// answers `isready` at once while it counts, and ends on `stop` with what
/// it counted, after which the session goes on.
#[test]
fn go_perft_streams_answers_isready_and_stops() {
    let (mut s, out) = session();
    s.handle_line("position startpos");
    // Perft 8 from the start: 84,998,978,956 leaves, hours of counting.
    s.handle_line("go perft 8");
    let waited = Instant::now();
    s.handle_line("isready");
    let lines = out.wait_for("readyok", Duration::from_secs(5));
    assert!(waited.elapsed() < Duration::from_secs(2), "{lines:?}");
    assert!(!lines.iter().any(|l| l.starts_with("Nodes searched")));
    s.handle_line("stop");
    let lines = out.wait_for("info string perft 8 stopped", Duration::from_secs(10));
    assert!(
        !lines.iter().any(|l| l.starts_with("Nodes searched")),
        "{lines:?}"
    );
    let stopped = lines
        .iter()
        .find(|l| l.starts_with("info string perft 8 stopped"))
        .expect("stopped line");
    assert!(stopped.contains(" of 20 root moves counted"), "{stopped}");
    out.take();
    s.handle_line("go perft 2");
    let lines = out.wait_for("Nodes searched", Duration::from_secs(10));
    assert!(
        lines.contains(&"Nodes searched: 400".to_string()),
        "{lines:?}"
    );
    // The root moves come one line each before the total, each once.
    let counts: Vec<&String> = lines.iter().filter(|l| l.ends_with(": 20")).collect();
    assert_eq!(counts.len(), 20, "{lines:?}");
}

/// Commands after `go perft` (but `isready`, `stop`, `quit`) wait for it
/// to end, as where perft holds the session: nothing is cut short.
#[test]
fn commands_after_go_perft_wait_for_its_whole_output() {
    let (mut s, out) = session();
    s.handle_line("position startpos");
    s.handle_line("go perft 4");
    s.handle_line("position startpos moves e2e4");
    s.handle_line("go perft 1");
    s.handle_line("go depth 2");
    let lines = out.wait_for("bestmove", Duration::from_secs(30));
    let totals: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("Nodes searched"))
        .collect();
    assert_eq!(totals, ["Nodes searched: 197281", "Nodes searched: 20"]);
    assert!(!lines.iter().any(|l| l.contains("error")), "{lines:?}");
}

/// The first root move's count is printed before the last is counted.
#[test]
fn go_perft_prints_each_count_as_soon_as_it_is_known() {
    let (mut s, out) = session();
    s.handle_line("position startpos");
    // Perft 7: 3,195,901,860 leaves, seconds of counting; b1a3's share
    // (the first root move) is under 4% of them.
    s.handle_line("go perft 7");
    let lines = out.wait_for("b1a3: ", Duration::from_secs(120));
    assert!(lines.contains(&"b1a3: 120142144".to_string()), "{lines:?}");
    assert!(!lines.iter().any(|l| l.starts_with("Nodes searched")));
    s.handle_line("quit");
}

#[test]
fn bench_node_count_is_a_signature() {
    let count = || {
        let (mut s, out) = session();
        s.handle_line("bench depth 5");
        out.take().last().cloned().expect("bench line")
    };
    let first = count();
    assert!(
        first.ends_with(" nps") && first.contains(" nodes "),
        "{first}"
    );
    let nodes = |line: &str| line.split(' ').next().map(str::to_string);
    assert_eq!(nodes(&first), nodes(&count()));
}

#[test]
fn eval_and_display_print_tables() {
    let (mut s, out) = session();
    s.handle_line("setoption name Use NNUE value true");
    s.handle_line("eval");
    let lines = out.take();
    assert!(lines.iter().any(|l| l.contains("material")));
    let value = |lines: &[String], head: &str| {
        lines
            .iter()
            .find_map(|l| l.strip_prefix(head))
            .and_then(|rest| rest.split(' ').next())
            .map(str::to_string)
    };
    // Chess has a network; `Use NNUE` picks the evaluation searched with.
    let network = value(&lines, "Network evaluation: ").expect("network line");
    let hand = value(&lines, "Hand-written evaluation: ").expect("hand line");
    assert_ne!(network, hand);
    assert_eq!(value(&lines, "Final evaluation: "), Some(network.clone()));
    s.handle_line("setoption name Use NNUE value false");
    s.handle_line("eval");
    let lines = out.take();
    assert_eq!(value(&lines, "Final evaluation: "), Some(hand.clone()));
    // A limited strength searches with the hand-written evaluation, the
    // one its levels were calibrated with, whatever `Use NNUE` says.
    s.handle_line("setoption name Use NNUE value true");
    s.handle_line("setoption name Skill Level value 3");
    s.handle_line("eval");
    let lines = out.take();
    assert_eq!(value(&lines, "Final evaluation: "), Some(hand));
    s.handle_line("setoption name Skill Level value 20");
    s.handle_line("eval");
    let lines = out.take();
    assert_eq!(value(&lines, "Final evaluation: "), Some(network));
    s.handle_line("d");
    let lines = out.take();
    assert!(lines.iter().any(|l| l.starts_with("Key: ")));
}

#[test]
fn options_take_effect_between_searches() {
    let (mut s, out) = session();
    for line in [
        "setoption name Hash value 32",
        "setoption name Threads value 2",
        "setoption name Clear Hash",
        "setoption name UCI_ShowWDL value true",
        "setoption name Move Overhead value 50",
    ] {
        s.handle_line(line);
    }
    assert!(out.take().is_empty());
    s.handle_line("position startpos");
    s.handle_line("go depth 5");
    let lines = out.wait_for("bestmove", Duration::from_secs(30));
    assert!(lines.iter().any(|l| l.contains(" wdl ")), "{lines:?}");
    legal_bestmoves(&position_after::<Chess>(None, &[]), &lines);
}

#[test]
fn ultima_is_selected_with_uci_variant_and_every_command_works() {
    let (mut s, out) = session();
    s.handle_line("uci");
    assert!(
        out.take()
            .iter()
            .any(|l| l.contains("UCI_Variant type combo") && l.contains("var ultima"))
    );
    s.handle_line("setoption name UCI_Variant value ultima");
    s.handle_line("position startpos");
    assert_eq!(
        fen_of_ultima(&mut s, &out),
        "rnbkqbnm/pppppppp/8/8/8/8/PPPPPPPP/MNBQKBNR w 0"
    );
    s.handle_line("go perft 2");
    out.wait_for("Nodes searched", Duration::from_secs(30));
    assert!(out.take().contains(&"Nodes searched: 944".to_string()));
    s.handle_line("position startpos moves e2e4 e7e5");
    assert_eq!(
        fen_of_ultima(&mut s, &out),
        "rnbkqbnm/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/MNBQKBNR w 2"
    );
    s.handle_line("position startpos moves e2e9");
    assert!(out.take()[0].starts_with("info string error: "));
    // After a refused position, go never answers for the old one.
    s.handle_line("go depth 3");
    let lines = out.wait_for("bestmove", Duration::from_secs(30));
    assert_eq!(lines.last().map(String::as_str), Some("bestmove 0000"));
    out.take();
    s.handle_line("position startpos moves e2e4 e7e5");
    s.handle_line("go depth 3");
    let lines = out.wait_for("bestmove", Duration::from_secs(30));
    assert!(
        lines.iter().any(|l| l.starts_with("info depth 3 ")),
        "{lines:?}"
    );
    legal_bestmoves(&position_after::<Ultima>(None, &["e2e4", "e7e5"]), &lines);
    s.handle_line("eval");
    assert!(out.take().iter().any(|l| l.contains("immobilization")));
    s.handle_line("bench depth 3");
    let first = out.take().last().cloned().expect("bench line");
    s.handle_line("bench depth 3");
    let second = out.take().last().cloned().expect("bench line");
    assert_eq!(first.split(' ').next(), second.split(' ').next());
    s.handle_line("setoption name UCI_Variant value chess");
    s.handle_line("position startpos");
    assert!(fen_of(&mut s, &out).starts_with("rnbqkbnr/"));
}

#[test]
fn oracle_is_selected_with_uci_variant_and_every_command_works() {
    let (mut s, out) = session();
    s.handle_line("uci");
    assert!(
        out.take()
            .iter()
            .any(|l| l.contains("UCI_Variant type combo") && l.contains("var oracle"))
    );
    s.handle_line("setoption name UCI_Variant value oracle");
    s.handle_line("position startpos");
    assert_eq!(
        fen_of_ultima(&mut s, &out),
        "cheplehc/ssssssss/8/8/8/8/SSSSSSSS/CHEPLEHC - - w 0 1"
    );
    s.handle_line("go perft 2");
    out.wait_for("Nodes searched", Duration::from_secs(30));
    assert!(out.take().contains(&"Nodes searched: 729".to_string()));
    s.handle_line("position startpos moves l~e1d1 e7e6 b1c3");
    assert_eq!(
        fen_of_ultima(&mut s, &out),
        "cheplehc/ssss1sss/4s3/8/8/2H5/SSSSSSSS/C1EP(l)L()EHC - - b 1 2"
    );
    // Bad input: one error line, the position stays as it was.
    for bad in [
        "position startpos moves e2e4",
        "position startpos moves h~b1c3",
        "position startpos moves e1e2+p",
        "position fen cheplehc/ssssssss/8/8/8/8/SSSSSSSS/CHEPLEHC - - w 0",
        "position fen 8/8/8/8/8/8/8/P(l)3L3 - - w 0 1",
    ] {
        assert_one_error(&mut s, &out, bad);
    }
    assert!(fen_of_ultima(&mut s, &out).ends_with(" b 1 2"));
    s.handle_line("go depth 3");
    let lines = out.wait_for("bestmove", Duration::from_secs(30));
    assert_eq!(lines.last().map(String::as_str), Some("bestmove 0000"));
    out.take();
    s.handle_line("position startpos moves l~e1d1 e7e6 b1c3");
    s.handle_line("go depth 3");
    let lines = out.wait_for("bestmove", Duration::from_secs(30));
    assert!(
        lines.iter().any(|l| l.starts_with("info depth 3 ")),
        "{lines:?}"
    );
    legal_bestmoves(
        &position_after::<Oracle>(None, &["l~e1d1", "e7e6", "b1c3"]),
        &lines,
    );
    let best = lines
        .last()
        .expect("bestmove")
        .split(' ')
        .nth(1)
        .expect("move")
        .to_string();
    out.take();
    s.handle_line(&format!("position startpos moves l~e1d1 e7e6 b1c3 {best}"));
    let reply = out.take();
    assert!(
        reply.is_empty(),
        "the engine's move {best} is legal: {reply:?}"
    );
    s.handle_line("eval");
    let eval = out.take();
    for term in ["material", "pools", "mobility", "lord safety"] {
        assert!(eval.iter().any(|l| l.contains(term)), "{term}: {eval:?}");
    }
    s.handle_line("bench depth 3");
    let first = out.take().last().cloned().expect("bench line");
    s.handle_line("bench depth 3");
    let second = out.take().last().cloned().expect("bench line");
    assert_eq!(first.split(' ').next(), second.split(' ').next());
    s.handle_line("setoption name UCI_Variant value chess");
    s.handle_line("position startpos");
    assert!(fen_of(&mut s, &out).starts_with("rnbqkbnr/"));
}

/// An Oracle middlegame where quiet soul moves keep giving check.
const SOUL_CHECKS: &str =
    "3cl()e2/sss(l)1s()1ss/2es4/2h3h1/2P(ch)5/2H1L()3/SSSS(l)SS()S()S/C1E1CE2 Pchs ssssss b 9 24";

#[test]
fn oracle_search_ends_in_positions_full_of_soul_checks() {
    // A middlegame where quiet soul moves keep giving check: depth 1 once
    // never finished (the quiescence search followed check chains).
    let (mut s, out) = session();
    s.handle_line("setoption name UCI_Variant value oracle");
    s.handle_line(&format!("position fen {SOUL_CHECKS}"));
    s.handle_line("go depth 6");
    let lines = out.wait_for("bestmove", Duration::from_secs(60));
    legal_bestmoves(&position_after::<Oracle>(Some(SOUL_CHECKS), &[]), &lines);
    let nodes: u64 = lines
        .iter()
        .filter_map(|l| l.split(" nodes ").nth(1))
        .filter_map(|rest| rest.split(' ').next()?.parse().ok())
        .max()
        .expect("info lines with nodes");
    assert!(nodes < 2_000_000, "{nodes} nodes to depth 6");
}

fn fen_of_ultima(session: &mut Session, capture: &Capture) -> String {
    capture.take();
    session.handle_line("d");
    capture
        .take()
        .into_iter()
        .find_map(|l| l.strip_prefix("Position: ").map(str::to_string))
        .expect("d prints the position")
}

/// Regression (protocol abuse test): clocks near `i64::MAX` overflowed the
/// time budget and the search thread panicked, so no `bestmove` came.
#[test]
fn huge_clocks_still_give_one_bestmove() {
    let max = i64::MAX;
    for go in [
        format!("go wtime {max} btime {max} winc {max} binc {max} movetime 50"),
        format!("go wtime {max} btime 1000 winc {max} binc 0 depth 3"),
        format!("go wtime {max} btime {max} movestogo 1 depth 3"),
    ] {
        let (mut s, out) = session();
        s.handle_line("position startpos moves e2e4");
        s.handle_line(&go);
        let lines = out.wait_for("bestmove", Duration::from_secs(30));
        assert!(
            !lines.iter().any(|l| l.starts_with("info string error")),
            "{go}: {lines:?}"
        );
        assert_eq!(
            lines.iter().filter(|l| l.starts_with("bestmove")).count(),
            1,
            "{go}"
        );
        legal_bestmoves(&position_after::<Chess>(None, &["e2e4"]), &lines);
    }
}
