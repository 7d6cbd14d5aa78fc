//! What a long search reports beyond its completed depths: the root moves
//! (a GUI's `currmove` lines), none in the first second, then only root
//! moves, numbered from 1 in the order each iteration tries them, and only
//! from the main thread; and the bounds of failed aspiration windows
//! (`lowerbound` / `upperbound` lines), none in the first second.

mod common;

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use augur_chess::Position;
use augur_core::Game;
use augur_search::{Limits, SearchControl};
use common::{moves, position};

/// A middlegame position with a large tree (no search ends early here).
const BUSY: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// One report: when it came, the iteration's depth, the move's code and
/// its number.
type Report = (Duration, u32, u32, usize);

#[test]
fn root_moves_are_reported_after_a_second_by_the_main_thread_only() {
    let root: Position = position(BUSY);
    let codes: Vec<u32> = moves(&root)
        .into_iter()
        .map(Position::encode_move)
        .collect();
    let reports: Arc<Mutex<Vec<Report>>> = Arc::default();
    let sink = Arc::clone(&reports);
    let started = Instant::now();
    let control = SearchControl::with_root_progress(
        false,
        Box::new(move |depth, code, number| {
            if let Ok(mut reports) = sink.lock() {
                reports.push((started.elapsed(), depth, code, number));
            }
        }),
    );
    // Two threads: a helper must not report.
    let mut engine = common::engine::<Position>(16, 2);
    // An infinite search, stopped once a few root moves are reported: when
    // the first root move starts after the first second depends on the
    // machine, so no fixed time is sure to see one.
    let limits = Limits {
        infinite: true,
        ..Limits::default()
    };
    let watched = Arc::clone(&reports);
    let result = std::thread::scope(|scope| {
        scope.spawn(|| {
            let deadline = Instant::now() + Duration::from_secs(30);
            while watched.lock().map_or(0, |r| r.len()) < 3 && Instant::now() < deadline {
                std::thread::sleep(Duration::from_millis(10));
            }
            control.stop();
        });
        engine.search(&root, &[], &limits, &control, &mut |_| {})
    });
    assert!(result.best_move.is_some());

    let reports = reports.lock().expect("reports").clone();
    assert!(
        reports.len() >= 3,
        "root moves reported in 30 s: {reports:?}"
    );
    let mut last: Option<(u32, usize)> = None;
    for &(at, depth, code, number) in &reports {
        assert!(at >= Duration::from_secs(1), "reported at {at:?}");
        assert!(codes.contains(&code), "code {code} is no root move");
        assert!((1..=codes.len()).contains(&number), "number {number}");
        // One thread walks the root list in order: within an iteration the
        // numbers rise one by one (or start again from 1 when the window
        // is widened); a new iteration starts again from 1.
        if let Some((last_depth, last_number)) = last {
            if depth == last_depth {
                assert!(number == last_number + 1 || number == 1, "{reports:?}");
            } else {
                assert!(depth > last_depth && number == 1, "{reports:?}");
            }
        }
        last = Some((depth, number));
    }
}

#[test]
fn no_window_bound_is_reported_in_the_first_second() {
    // Quick searches whose windows fail: the score leaps when a mate or a
    // won piece comes into view at depth 5 or more.
    for text in [BUSY, "kB6/6PR/8/2N5/7K/8/1r4pp/8 w - - 0 1"] {
        let root: Position = position(text);
        let mut engine = common::engine::<Position>(16, 1);
        let (result, infos) = common::run(&mut engine, &root, &common::depth(11));
        assert_eq!(result.depth, 11);
        for info in infos.iter().filter(|i| i.bound.is_some()) {
            assert!(info.time >= Duration::from_secs(1), "{text}: {info:?}");
        }
    }
}
