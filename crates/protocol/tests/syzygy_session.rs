//! `SyzygyPath` and the other Syzygy options in a session: a path that
//! loads nothing is not an error, one with tables says what it found, a
//! corrupted table is one error line and the session goes on, and a
//! search of a position in the tables reports `tbhits` and the tablebase
//! score in centipawns, as Stockfish 15.1 does. (A file of its own: the
//! prober holds one set of tables per process.)

use std::time::Duration;

mod common;
use common::{assert_one_error, session};

const TABLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/syzygy");

fn field(line: &str, name: &str) -> Option<i64> {
    let mut words = line.split_whitespace();
    words.find(|w| *w == name)?;
    words.next()?.parse().ok()
}

#[test]
fn syzygy_options_load_tables_and_searches_report_them() {
    let (mut s, out) = session();
    s.handle_line("uci");
    let lines = out.take();
    for option in [
        "option name SyzygyPath type string default <empty>",
        "option name SyzygyProbeDepth type spin default 1 min 1 max 100",
        "option name Syzygy50MoveRule type check default true",
        "option name SyzygyProbeLimit type spin default 7 min 0 max 7",
    ] {
        assert!(lines.iter().any(|l| l == option), "{option}: {lines:?}");
    }

    // lichess-bot's default: a folder that does not exist.
    s.handle_line("setoption name SyzygyPath value ./syzygy/");
    assert_eq!(out.take(), ["info string Found 0 tablebases"]);

    s.handle_line(&format!("setoption name SyzygyPath value {TABLES}"));
    assert_eq!(
        out.take(),
        ["info string Found 6 tablebases (6 WDL, 6 DTZ), up to 4 pieces"]
    );

    // King and rook against king: the root is in the tables.
    s.handle_line("position fen 8/8/8/8/4k3/8/8/R3K3 w - - 0 1");
    s.handle_line("go depth 4");
    let lines = out.wait_for("bestmove", Duration::from_secs(30));
    let infos: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert!(!infos.is_empty(), "{lines:?}");
    for info in &infos {
        assert!(info.contains(" score cp 8795 "), "{info}");
        assert!(!info.contains("bound"), "{info}");
        let hits = field(info, "tbhits").unwrap_or_else(|| panic!("no tbhits: {info}"));
        assert!(hits >= 14, "a hit per root move: {info}");
        // Stockfish's order: hashfull, tbhits, time.
        assert!(info.contains(" hashfull ") && info.find(" tbhits ") < info.find(" time "));
    }
    out.take();

    // A probe limit of 0: no root probe, no hits, a search score.
    s.handle_line("setoption name SyzygyProbeLimit value 0");
    s.handle_line("go depth 3");
    let lines = out.wait_for("bestmove", Duration::from_secs(30));
    for info in lines.iter().filter(|l| l.starts_with("info depth")) {
        assert_eq!(field(info, "tbhits"), Some(0), "{info}");
        assert!(!info.contains(" score cp 8795 "), "{info}");
    }
    out.take();

    // Out-of-range values: one error line each, nothing changes.
    for bad in [
        "setoption name SyzygyProbeDepth value 0",
        "setoption name SyzygyProbeLimit value 8",
        "setoption name Syzygy50MoveRule value maybe",
    ] {
        assert_one_error(&mut s, &out, bad);
    }

    // A corrupted table: one error, the tables are dropped, the session
    // goes on.
    let broken = std::env::temp_dir().join(format!("augur-broken-tb-{}", std::process::id()));
    std::fs::create_dir_all(&broken).expect("a scratch folder");
    std::fs::write(broken.join("KQvK.rtbw"), [0u8; 80]).expect("write");
    s.handle_line(&format!(
        "setoption name SyzygyPath value {}",
        broken.display()
    ));
    let lines = out.take();
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(
        lines[0].starts_with("info string error: ") && lines[0].contains("KQvK.rtbw"),
        "{lines:?}"
    );
    s.handle_line("isready");
    assert_eq!(out.take(), ["readyok"]);
    let _ = std::fs::remove_dir_all(broken);

    // Other games are unaffected, and chess finds its tables again after.
    s.handle_line(&format!("setoption name SyzygyPath value {TABLES}"));
    s.handle_line("setoption name SyzygyProbeLimit value 7");
    s.handle_line("setoption name UCI_Variant value ultima");
    s.handle_line("position startpos");
    s.handle_line("go depth 2");
    let lines = out.wait_for("bestmove", Duration::from_secs(30));
    for info in lines.iter().filter(|l| l.starts_with("info depth")) {
        assert_eq!(field(info, "tbhits"), Some(0), "{info}");
    }
    out.take();
    s.handle_line("setoption name UCI_Variant value chess");
    s.handle_line("position fen 8/8/8/8/4k3/8/8/R3K3 w - - 0 1");
    s.handle_line("go depth 2");
    let lines = out.wait_for("bestmove", Duration::from_secs(30));
    assert!(
        lines.iter().any(|l| l.contains(" score cp 8795 ")),
        "{lines:?}"
    );
    out.take();
    // Chess960 positions without castling rights are the same endgames.
    s.handle_line("setoption name UCI_Chess960 value true");
    s.handle_line("position fen 8/8/8/8/4k3/8/8/R3K3 w - - 0 1");
    s.handle_line("go depth 2");
    let lines = out.wait_for("bestmove", Duration::from_secs(30));
    assert!(
        lines.iter().any(|l| l.contains(" score cp 8795 ")),
        "{lines:?}"
    );
    s.handle_line("quit");
}

#[test]
fn lichess_bot_default_options_are_all_accepted() {
    // The `uci_options` of lichess-bot's shipped config.yml.default, as
    // python-chess sends them.
    let (mut s, out) = session();
    for line in [
        "setoption name Move Overhead value 100",
        "setoption name Threads value 4",
        "setoption name Hash value 512",
        "setoption name SyzygyPath value ./syzygy/",
        "setoption name UCI_ShowWDL value true",
        "setoption name Ponder value true",
    ] {
        s.handle_line(line);
    }
    s.handle_line("isready");
    let lines = out.wait_for("readyok", Duration::from_secs(30));
    assert_eq!(
        lines,
        ["info string Found 0 tablebases", "readyok"],
        "no error for any of them"
    );
    s.handle_line("position startpos moves e2e4");
    s.handle_line("go depth 3");
    let lines = out.wait_for("bestmove", Duration::from_secs(30));
    assert!(
        lines.iter().any(|l| l.starts_with("info depth 3 ")
            && l.contains(" wdl ")
            && l.contains(" tbhits 0 ")),
        "{lines:?}"
    );
    s.handle_line("quit");
}
