//! Syzygy probes against an independent prober: python-chess
//! (`tools/syzygy_reference.py`) places random positions of the materials
//! of the committed tables (tests/syzygy, made by the Syzygy generator)
//! and probes each for WDL and DTZ with its own pure-Python prober. Augur,
//! through pyrrhic-rs, must give the same verdict and the same distance to
//! zeroing for every one.

use augur_chess::Position;
use augur_chess::syzygy::{Syzygy, open};
use augur_core::{Game, Tablebase, Wdl};
use augur_suite::{python_reference, repo_root};
use std::sync::Arc;

fn tables() -> Arc<Syzygy> {
    let path = repo_root().join("tests").join("syzygy");
    let (tables, report) = open(&path.display().to_string()).expect("the test tables load");
    assert_eq!(
        report, "Found 6 tablebases (6 WDL, 6 DTZ), up to 4 pieces",
        "the committed tables"
    );
    tables.expect("tables were found")
}

fn wdl_value(wdl: Wdl) -> i32 {
    wdl.value()
}

#[test]
fn wdl_and_dtz_match_python_chess_on_random_positions() {
    let tables = tables();
    let mut compared = 0;
    let mut verdicts = [0usize; 5];
    for seed in [1, 2] {
        for line in python_reference("syzygy_reference.py", 200, seed).lines() {
            let fields: Vec<&str> = line.split('|').collect();
            let [fen, wdl, dtz] = fields[..] else {
                panic!("malformed reference line: {line}");
            };
            let position = Position::from_fen(fen).expect("python-chess wrote a legal FEN");
            let (wdl, dtz): (i32, i32) = (
                wdl.parse().expect("a WDL value"),
                dtz.parse().expect("a DTZ value"),
            );
            let ours = tables
                .probe_wdl(&position)
                .unwrap_or_else(|| panic!("no WDL for {fen}"));
            assert_eq!(wdl_value(ours), wdl, "WDL differs at {fen}");
            assert_eq!(
                tables.probe_dtz(&position),
                Some(dtz),
                "DTZ differs at {fen}"
            );
            verdicts[(wdl + 2) as usize] += 1;
            compared += 1;
        }
    }
    assert_eq!(compared, 400);
    // The sample holds wins, draws and losses.
    assert!(
        verdicts[0] > 20 && verdicts[2] > 20 && verdicts[4] > 20,
        "{verdicts:?}"
    );
}

#[test]
fn positions_outside_the_tables_are_not_probed() {
    let tables = tables();
    for fen in [
        // Five pieces: no table.
        "8/8/8/4k3/8/8/2QR4/4K3 w - - 0 1",
        // Castling rights: never in a table.
        "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1",
        // Four pieces, but KRvKN is not among the committed tables.
        "8/8/8/4k3/8/2n5/8/R3K3 w - - 0 1",
    ] {
        let position = Position::from_fen(fen).expect("a legal FEN");
        assert_eq!(tables.probe_wdl(&position), None, "{fen}");
        assert_eq!(tables.probe_dtz(&position), None, "{fen}");
        assert_eq!(tables.probe_root_dtz(&position), None, "{fen}");
    }
}

#[test]
fn root_moves_get_their_distance_to_zeroing() {
    let tables = tables();
    // White mates at once with Rh8; other rook moves win more slowly.
    let position = Position::from_fen("k7/8/1K6/8/8/8/8/7R w - - 0 1").expect("legal");
    let ranked = tables.probe_root_dtz(&position).expect("in the tables");
    let mut legal = augur_core::MoveList::new();
    position.generate(&mut legal);
    assert_eq!(ranked.len(), legal.len());
    let dtz_of = |text: &str| {
        let mv = position.parse_move(text).expect("legal move");
        ranked.iter().find(|r| r.mv == mv).expect("ranked").dtz
    };
    assert_eq!(dtz_of("h1h8"), 1, "mate is 1");
    assert!(dtz_of("h1h2") > 1, "a slower win");
    // Every root move wins here (the rook cannot be taken).
    assert!(ranked.iter().all(|r| r.dtz > 0));
    // A drawn root: the lone bishop.
    let draw = Position::from_fen("8/8/8/4k3/8/8/2B5/4K3 w - - 0 1").expect("legal");
    let ranked = tables.probe_root_dtz(&draw).expect("in the tables");
    assert!(ranked.iter().all(|r| r.dtz == 0));
}
