//! Engines in one process search exactly as engines in processes of their
//! own: two `augur_engine::Engine`s alive together, one with another
//! network, more lines and a smaller table, give the same reports and best
//! moves as two `augur` processes set up alike over the protocol.

mod common;

use augur_engine::{Config, Engine, Score, SearchEvent, SearchLimits, Start, Variant};
use augur_games::chess::nnue::{Network, embedded_network};
use common::Augur;

/// Positions searched, in order.
const POSITIONS: [&str; 2] = [
    "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
    "r3k2r/pppq1ppp/2n1bn2/3pp3/3PP3/2N1BN2/PPPQ1PPP/R3K2R w KQkq - 0 1",
];

/// What a search reported: each complete line's (depth, multipv, score,
/// nodes, pv), then the best move.
type Reports = (Vec<(u32, usize, String, u64, String)>, String);

/// The in-process engine's reports for `position`.
fn in_process(engine: &mut Engine, position: &str) -> Reports {
    engine
        .set_position(&Start::Text(position.to_string()), &[])
        .expect("a position");
    let (sender, events) = std::sync::mpsc::channel();
    let limits = SearchLimits {
        depth: Some(6),
        ..SearchLimits::default()
    };
    engine
        .start_search(&limits, move |event| {
            let _ = sender.send(event);
        })
        .expect("a search");
    engine.wait();
    let mut lines = Vec::new();
    let mut best = String::new();
    for event in events.try_iter() {
        match event {
            SearchEvent::Info(info) if info.bound.is_none() => {
                let score = match info.score {
                    Score::Cp(cp) => format!("cp {cp}"),
                    Score::Mate(n) => format!("mate {n}"),
                };
                let pv: Vec<String> = info.pv.iter().map(|m| m.text.clone()).collect();
                lines.push((info.depth, info.multipv, score, info.nodes, pv.join(" ")));
            }
            SearchEvent::Finished(result) => {
                best = result.best.map(|m| m.text).unwrap_or_default();
            }
            _ => {}
        }
    }
    (lines, best)
}

/// The word after `key` in `words`.
fn after<'a>(words: &[&'a str], key: &str) -> Option<&'a str> {
    let at = words.iter().position(|w| *w == key)?;
    words.get(at + 1).copied()
}

/// The `augur` process's reports for `position`.
fn in_a_process(augur: &mut Augur, position: &str) -> Reports {
    augur.send(&format!("position fen {position}"));
    augur.send("go depth 6");
    let mut lines = Vec::new();
    loop {
        let line = augur.next_line();
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.first() == Some(&"bestmove") {
            return (lines, words.get(1).unwrap_or(&"").to_string());
        }
        if line.contains("bound") || !line.contains(" pv ") {
            continue;
        }
        let number = |key: &str| {
            after(&words, key)
                .and_then(|n| n.parse::<u64>().ok())
                .unwrap_or(0)
        };
        let score_at = words.iter().position(|w| *w == "score").unwrap_or(0);
        let pv_at = words.iter().position(|w| *w == "pv").unwrap_or(words.len());
        lines.push((
            number("depth") as u32,
            number("multipv") as usize,
            words[score_at + 1..score_at + 3].join(" "),
            number("nodes"),
            words[pv_at + 1..].join(" "),
        ));
    }
}

#[test]
fn engines_in_one_process_search_as_processes_do() {
    let dir = std::env::temp_dir().join(format!("augur-processes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let file = dir.join("mirrored.nnue");
    let mirrored = Network {
        horizontal_mirror: true,
        ..embedded_network().get().clone()
    };
    std::fs::write(&file, mirrored.to_bytes()).expect("written");
    let file = file.display().to_string();

    let mut plain = Engine::new(Variant::Chess);
    let config = Config {
        hash_mb: 4,
        multipv: 2,
        use_network: true,
        ..Config::default()
    };
    let mut other = Engine::with_config(Variant::Chess, &config);
    other.set_evaluation_file(&file).expect("the network reads");

    let mut plain_process = Augur::start();
    let mut other_process = Augur::start();
    for line in [
        "setoption name Hash value 4".to_string(),
        "setoption name MultiPV value 2".to_string(),
        "setoption name Use NNUE value true".to_string(),
        format!("setoption name EvalFile value {file}"),
    ] {
        other_process.send(&line);
    }
    for position in POSITIONS {
        let (a, b) = (
            in_process(&mut plain, position),
            in_process(&mut other, position),
        );
        assert!(a.0.len() >= 6 && b.0.len() >= 12, "{a:?} {b:?}");
        assert_ne!(a, b, "the settings change the search");
        assert_eq!(a, in_a_process(&mut plain_process, position));
        assert_eq!(b, in_a_process(&mut other_process, position));
    }
    plain_process.quit();
    other_process.quit();
    let _ = std::fs::remove_dir_all(&dir);
}
