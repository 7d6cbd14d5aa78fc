//! augur-selfplay: plays Augur against itself and writes the positions of
//! each game labelled with its result, the data the Texel tuner reads
//! (`tools/tune`).
//!
//! Each game starts with a few random plies (seeded per game, so a run is
//! reproducible), then both sides search a fixed number of nodes per move.
//! Games end by the rules (mate, stalemate, repetition, 50 moves, dead
//! material), by adjudication when one side's score stays above 1000 cp for
//! 6 plies, or as a draw after 300 plies. Positions in check and positions
//! whose best move is a capture or promotion are skipped (the evaluation
//! should be fitted to quiet positions).
//!
//! Output: one line per position, `<FEN> | <result>`, result `1-0`, `0-1`
//! or `1/2-1/2` from White's point of view. With `--scores`, each line also
//! carries the search's score of the position, in centipawns from White's
//! point of view (mate scores clamped to ±3000): `<FEN> | <result> | <score>`,
//! the data the chess network trainer reads (`tools/nnue-train`).
//!
//! The chess network's data (`docs/nnue.md`) is made with `--scores` and
//! `--evaluation hand` (the games of the hand-written evaluation).
//!
//! Regenerate the tuning data and retune:
//! ```sh
//! cargo run --release -p augur-selfplay -- --games 4000 --nodes 4000 --out target/selfplay.txt
//! cargo run --release -p augur-tune -- --data target/selfplay.txt --epochs 400
//! ```

use augur_core::{Color, Evaluate, MoveList};
use augur_games::{Variant, with_game};
use augur_search::{Engine, Limits, SearchControl};
use clap::Parser;
use rand::prelude::*;
use rayon::prelude::*;
use std::io::Write;

/// Command-line arguments.
#[derive(Parser, Debug)]
#[command(about = "Self-play games for tuning data")]
struct Args {
    /// Number of games.
    #[arg(long, default_value_t = 1000)]
    games: usize,
    /// Nodes searched per move.
    #[arg(long, default_value_t = 4000)]
    nodes: u64,
    /// Random plies at the start of each game.
    #[arg(long, default_value_t = 8)]
    random_plies: usize,
    /// Seed of the random openings.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The index of the first game: a run plays games `first-game` to
    /// `first-game + games - 1` of its seed, so shards of one seed
    /// (`--first-game 0 --games 500`, `--first-game 500 --games 500`, ...)
    /// written one after the other are the file of one run.
    #[arg(long, default_value_t = 0)]
    first_game: usize,
    /// Worker threads (games in parallel).
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// The game: chess, ultima, oracle or enochian.
    #[arg(long, default_value_t)]
    variant: Variant,
    /// Output file.
    #[arg(long)]
    out: std::path::PathBuf,
    /// Enochian: divination games (the die, seeded per game, is rolled
    /// before every turn). Positions are recorded before the roll, as the
    /// evaluation meets them at chance nodes, captures or not.
    #[arg(long)]
    divination: bool,
    /// Also record each position's search score (White's view, centipawns).
    #[arg(long)]
    scores: bool,
    /// Chess: the evaluation searched with (default: the engine's,
    /// `Use NNUE`'s default).
    #[arg(long, value_enum)]
    evaluation: Option<Evaluation>,
}

/// Chess's two evaluations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Evaluation {
    /// The hand-written evaluation.
    Hand,
    /// The network.
    Network,
}

/// The largest score recorded with `--scores`: mate scores are clamped here.
const RECORDED_SCORE_LIMIT: i32 = 3000;

/// The start position: the game's own, or (`--divination`) the same with
/// the die pending, for games whose position string ends with the die.
fn start<G: Evaluate>(divination: bool) -> Result<G, String> {
    let start = G::startpos();
    if !divination {
        return Ok(start);
    }
    let fen = start.fen();
    match fen.rsplit_once(' ') {
        Some((head, "-")) => {
            let rolled = G::from_fen(&format!("{head} ?")).map_err(|e| e.to_string())?;
            if rolled.chance_outcomes() > 0 {
                return Ok(rolled);
            }
            Err(format!("{} has no dice", G::NAME))
        }
        _ => Err(format!("{} has no dice", G::NAME)),
    }
}

/// Draws any pending chance event (a die roll) with `rng`.
fn roll<G: Evaluate>(position: G, rng: &mut StdRng) -> G {
    match position.chance_outcomes() {
        0 => position,
        faces => position.resolve_chance(rng.random_range(0..faces)),
    }
}

fn play_game<G: Evaluate>(args: &Args, index: usize) -> Vec<String> {
    let mut rng = StdRng::seed_from_u64(
        args.seed
            .wrapping_mul(0x9E37_79B9)
            .wrapping_add(index as u64),
    );
    let Ok(mut position) = start::<G>(args.divination) else {
        return Vec::new();
    };
    let mut keys: Vec<u64> = Vec::new();
    for _ in 0..args.random_plies {
        position = roll(position, &mut rng);
        let mut moves = MoveList::new();
        position.generate(&mut moves);
        let Some(&mv) = moves.choose(&mut rng) else {
            return Vec::new();
        };
        keys.push(position.hash());
        position = position.play(mv);
    }
    if position.outcome().is_some() {
        return Vec::new();
    }
    let mut engine = Engine::<G>::new(8, 1, augur_games::search_config::<G>());
    if let Some(evaluation) = args.evaluation {
        engine.settings_mut().hand_evaluation = evaluation == Evaluation::Hand;
    }
    let mut recorded = Vec::new();
    let mut winning_streak = (Color::White, 0u32);
    let result = loop {
        // Divination: the position with the roll still to come is what
        // the evaluation meets at chance nodes, so that one is recorded.
        let pending = (position.chance_outcomes() > 0).then(|| position.fen());
        position = roll(position, &mut rng);
        if let Some(outcome) = position.outcome_with_history(&keys) {
            break outcome.winner;
        }
        if keys.len() >= 300 {
            break None;
        }
        let control = SearchControl::new(false);
        let limits = Limits {
            nodes: Some(args.nodes),
            ..Limits::default()
        };
        let found = engine.search(&position, &keys, &limits, &control, &mut |_| {});
        let Some(best) = found.best_move else {
            break None;
        };
        let team = position.team();
        if found.score.abs() >= 1000 {
            let leader = if found.score > 0 {
                team
            } else {
                team.opponent()
            };
            winning_streak = if winning_streak.0 == leader {
                (leader, winning_streak.1 + 1)
            } else {
                (leader, 1)
            };
            if winning_streak.1 >= 6 {
                break Some(leader);
            }
        } else {
            winning_streak.1 = 0;
        }
        let white_score = if team == Color::White {
            found.score
        } else {
            -found.score
        }
        .clamp(-RECORDED_SCORE_LIMIT, RECORDED_SCORE_LIMIT);
        let entry = |fen: String| {
            if args.scores {
                format!("{fen} | {{result}} | {white_score}")
            } else {
                format!("{fen} | {{result}}")
            }
        };
        if let Some(pending) = pending {
            if !position.in_check() {
                recorded.push(entry(pending));
            }
        } else if !position.in_check() && position.noisy_score(best).is_none() {
            recorded.push(entry(position.fen()));
        }
        keys.push(position.hash());
        position = position.play(best);
    };
    let label = match result {
        Some(Color::White) => "1-0",
        Some(Color::Black) => "0-1",
        None => "1/2-1/2",
    };
    recorded
        .into_iter()
        .map(|line| line.replacen("{result}", label, 1))
        .collect()
}

fn main() -> std::process::ExitCode {
    let args = Args::parse();
    if let Err(e) = with_game!(args.variant, G => start::<G>(args.divination).map(drop)) {
        eprintln!("error: --divination: {e}");
        return std::process::ExitCode::from(2);
    }
    let pool = match rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.max(1))
        .build()
    {
        Ok(pool) => pool,
        Err(e) => {
            eprintln!("error: {e}");
            return std::process::ExitCode::from(2);
        }
    };
    let start = std::time::Instant::now();
    let games: Vec<Vec<String>> = pool.install(|| {
        (args.first_game..args.first_game + args.games)
            .into_par_iter()
            .map(|i| with_game!(args.variant, G => play_game::<G>(&args, i)))
            .collect()
    });
    let mut file = match std::fs::File::create(&args.out) {
        Ok(file) => std::io::BufWriter::new(file),
        Err(e) => {
            eprintln!("error: cannot create {}: {e}", args.out.display());
            return std::process::ExitCode::from(2);
        }
    };
    let mut positions = 0usize;
    let mut results = [0usize; 3];
    for game in &games {
        positions += game.len();
        if let Some(first) = game.first() {
            let index = if first.contains(" | 1-0") {
                0
            } else if first.contains(" | 0-1") {
                1
            } else {
                2
            };
            results[index] += 1;
        }
        for line in game {
            if writeln!(file, "{line}").is_err() {
                eprintln!("error: cannot write {}", args.out.display());
                return std::process::ExitCode::from(2);
            }
        }
    }
    let _ = file.flush();
    eprintln!(
        "{} games ({} white wins, {} black wins, {} draws), {positions} positions in {:.1} s",
        args.games,
        results[0],
        results[1],
        results[2],
        start.elapsed().as_secs_f64()
    );
    std::process::ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(divination: bool) -> Args {
        Args {
            games: 1,
            nodes: 300,
            random_plies: 4,
            seed: 3,
            first_game: 0,
            threads: 1,
            variant: Variant::default(),
            out: std::path::PathBuf::new(),
            divination,
            scores: false,
            evaluation: None,
        }
    }

    /// Divination games roll before every turn: each recorded position
    /// has its roll to come, and a game without dice cannot be asked for it.
    #[test]
    fn divination_games_record_rolled_positions() {
        let args = settings(true);
        let lines: Vec<String> = (0..4)
            .flat_map(|i| play_game::<augur_games::enochian::Position>(&args, i))
            .collect();
        assert!(lines.len() > 20, "{} positions", lines.len());
        for line in &lines {
            let (fen, result) = line.split_once(" | ").expect("position | result");
            assert!(["1-0", "0-1", "1/2-1/2"].contains(&result), "{line}");
            assert!(fen.ends_with(" ?"), "the roll to come: {line}");
        }
        assert!(start::<augur_games::chess::Position>(true).is_err());
        let plain = play_game::<augur_games::enochian::Position>(&settings(false), 0);
        assert!(plain.iter().all(|line| line.contains(" - | ")), "{plain:?}");
    }

    /// With `--scores` each line carries White's score after the result,
    /// within the clamp; without, it does not.
    #[test]
    fn chess_lines_carry_scores() {
        let mut args = settings(false);
        args.scores = true;
        args.evaluation = Some(Evaluation::Hand);
        let lines: Vec<String> = (0..3)
            .flat_map(|i| play_game::<augur_games::chess::Position>(&args, i))
            .collect();
        assert!(lines.len() > 30, "{} positions", lines.len());
        for line in &lines {
            let fields: Vec<&str> = line.split(" | ").collect();
            assert_eq!(fields.len(), 3, "{line}");
            assert!(["1-0", "0-1", "1/2-1/2"].contains(&fields[1]), "{line}");
            let score: i32 = fields[2].parse().expect("a score");
            assert!(score.abs() <= RECORDED_SCORE_LIMIT, "{line}");
        }
        args.scores = false;
        let plain = play_game::<augur_games::chess::Position>(&args, 0);
        assert!(
            plain.iter().all(|l| l.split(" | ").count() == 2),
            "{plain:?}"
        );
    }
}
