//! Without the distance-to-zeroing tables (only the `.rtbw` files of
//! tests/syzygy in a folder), the root is ranked by the WDL tables, as
//! Stockfish falls back to: the moves that keep the win are still the only
//! ones searched, and since only WDL ranked a winning root, the search
//! goes on probing. (A file of its own: the prober holds one set of
//! tables per process.)

mod common;

use augur_chess::Position;
use augur_core::Game;
use augur_search::score::TB_WIN;
use common::{depth, position, run};

#[test]
fn the_wdl_tables_rank_the_root_when_dtz_is_missing() {
    let source = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/syzygy");
    let folder = std::env::temp_dir().join(format!("augur-wdl-only-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&folder);
    std::fs::create_dir_all(&folder).expect("a scratch folder");
    for entry in std::fs::read_dir(source).expect("the test tables") {
        let path = entry.expect("an entry").path();
        if path.extension().is_some_and(|e| e == "rtbw") {
            let name = path.file_name().expect("a file name");
            std::fs::copy(&path, folder.join(name)).expect("copy");
        }
    }
    let loaded =
        augur_chess::syzygy::load(&folder.display().to_string()).expect("the WDL tables load");
    assert_eq!(
        loaded.report,
        "Found 6 tablebases (6 WDL, 0 DTZ), up to 4 pieces"
    );
    let mut engine = common::engine::<Position>(16, 1);
    engine.set_tablebases(loaded.tables);
    for (fen, winning) in [
        ("8/8/8/4k3/8/8/2P5/2K5 w - - 0 1", "c1b2"),
        ("8/8/8/8/3k4/8/6P1/4K3 w - - 0 1", "e1f2"),
        ("1k6/8/8/8/5P2/8/8/3K4 w - - 0 1", "d1e2"),
    ] {
        let root: Position = position(fen);
        engine.clear();
        let (result, infos) = run(&mut engine, &root, &depth(6));
        let best = result.best_move.map(|m| root.move_text(m));
        assert_eq!(best.as_deref(), Some(winning), "{fen}");
        let last = infos.last().expect("a report");
        assert_eq!(last.score, TB_WIN, "{fen}");
        // Root hits (a hit per root move) and probes in the tree after.
        let legal = common::moves(&root).len() as u64;
        assert!(last.tbhits > legal, "{fen}: {} hits", last.tbhits);
    }
    drop(engine);
    let _ = std::fs::remove_dir_all(folder);
}
