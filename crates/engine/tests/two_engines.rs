//! Engines in one process are engines of their own: each keeps its own
//! network, level, search parameters and settings, and every search gives exactly what the same engine
//! gives alone (as a process of its own would), whether the two search in
//! turn or at the same time.

use augur_engine::{Config, Engine, SearchLimits, Start, Strength, Variant};
use augur_games::chess::nnue::{Network, embedded_network};

/// Positions searched, in order.
const POSITIONS: [&str; 3] = [
    "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
    "r3k2r/pppq1ppp/2n1bn2/3pp3/3PP3/2N1BN2/PPPQ1PPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
];

/// What one search gave: its best move, score and node count.
type Outcome = (Option<String>, String, u64);

/// An engine's settings.
#[derive(Clone, Copy)]
enum Setup<'a> {
    /// The defaults.
    Plain,
    /// Full strength with the network in this file, two lines and a
    /// smaller table.
    Network(&'a str),
    /// A level (1800 Elo, its randomness seeded).
    Level,
    /// Other search parameters (tuning's late move reductions).
    Params,
}

fn engine(setup: Setup) -> Engine {
    match setup {
        Setup::Plain => Engine::new(Variant::Chess),
        Setup::Network(file) => {
            let config = Config {
                hash_mb: 4,
                multipv: 2,
                use_network: true,
                ..Config::default()
            };
            let mut engine = Engine::with_config(Variant::Chess, &config);
            engine.set_evaluation_file(file).expect("the network reads");
            engine
        }
        Setup::Level => {
            let config = Config {
                strength: Some(Strength::from_elo(1800)),
                seed: Some(7),
                ..Config::default()
            };
            Engine::with_config(Variant::Chess, &config)
        }
        Setup::Params => {
            let mut config = Config::default();
            config.search_params.set("LmrBase", 150).expect("in range");
            Engine::with_config(Variant::Chess, &config)
        }
    }
}

/// Searches `position` to a fixed depth.
fn search(engine: &mut Engine, position: &str) -> Outcome {
    engine
        .set_position(&Start::Text(position.to_string()), &[])
        .expect("a position");
    let limits = SearchLimits {
        depth: Some(7),
        ..SearchLimits::default()
    };
    let best = engine.search(&limits).expect("a search");
    (
        best.best.map(|m| m.text),
        format!("{:?}", best.score),
        best.nodes,
    )
}

/// Every position searched in turn by one engine.
fn alone(setup: Setup) -> Vec<Outcome> {
    let mut engine = engine(setup);
    POSITIONS.iter().map(|p| search(&mut engine, p)).collect()
}

#[test]
fn two_engines_differ_and_each_gives_what_it_gives_alone() {
    let dir = std::env::temp_dir().join(format!("augur-two-engines-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let file = dir.join("mirrored.nnue");
    let mirrored = Network {
        horizontal_mirror: true,
        ..embedded_network().get().clone()
    };
    std::fs::write(&file, mirrored.to_bytes()).expect("written");
    let file = file.display().to_string();

    let setups = [
        Setup::Plain,
        Setup::Network(&file),
        Setup::Level,
        Setup::Params,
    ];
    let by_itself: Vec<Vec<Outcome>> = setups.iter().map(|&s| alone(s)).collect();
    for (i, a) in by_itself.iter().enumerate() {
        for b in &by_itself[i + 1..] {
            assert_ne!(a, b, "each setting changes the searches");
        }
    }

    // In turn, all alive.
    let mut engines: Vec<Engine> = setups.iter().map(|&s| engine(s)).collect();
    let mut in_turn = vec![Vec::new(); setups.len()];
    for position in POSITIONS {
        for (engine, outcomes) in engines.iter_mut().zip(&mut in_turn).rev() {
            outcomes.push(search(engine, position));
        }
    }
    assert_eq!(in_turn, by_itself);

    // At the same time, on threads of their own.
    let at_once: Vec<Vec<Outcome>> = std::thread::scope(|scope| {
        let running: Vec<_> = setups
            .iter()
            .map(|&setup| scope.spawn(move || alone(setup)))
            .collect();
        running
            .into_iter()
            .map(|r| r.join().expect("a search thread"))
            .collect()
    });
    assert_eq!(at_once, by_itself);
    let _ = std::fs::remove_dir_all(&dir);
}
