//! What real clients trip over, through the real binary: a finished game
//! still gets a score; a refused `position` is never answered with a move
//! of the position before it; castling rights a FEN cannot have are dropped
//! with a warning.

use augur_core::Game;
use augur_games::{Variant, with_game};
mod common;
use common::Augur;

/// Runs one session (the lines, then `quit`) and returns its output lines.
fn session(lines: &[&str]) -> Vec<String> {
    let mut engine = Augur::start();
    for line in lines {
        engine.send(line);
    }
    engine.quit_reading()
}

/// The score the engine must give a finished game of `variant` at `fen`
/// (after `moves`), from the rules crate's own verdict.
fn expected_score(variant: Variant, fen: &str, moves: &[&str]) -> &'static str {
    with_game!(variant, G => {
        let start = G::from_fen(fen).expect("valid position");
        let position = augur_core::replay(start, moves).expect("legal moves").position;
        let mut legal = augur_core::MoveList::new();
        position.generate(&mut legal);
        assert!(legal.is_empty(), "{variant} {fen}: the game is not over");
        match position.outcome().map(|o| o.winner) {
            Some(Some(winner)) if winner == position.team() => "cp 32000",
            Some(Some(_)) => "mate 0",
            _ => "cp 0",
        }
    })
}

#[test]
fn a_finished_game_gets_a_score_before_bestmove_none_in_every_game() {
    let cases: &[(Variant, &str, &[&str], &str)] = &[
        (
            Variant::Chess,
            "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1",
            &[],
            "mate 0",
        ),
        (
            Variant::Chess,
            "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
            &[],
            "cp 0",
        ),
        (Variant::Ultima, "8/8/8/8/8/1k6/b7/K7 w 0", &[], "mate 0"),
        (Variant::Ultima, "8/8/8/8/8/1k6/8/K1b5 w 0", &[], "cp 0"),
        (
            Variant::Oracle,
            "l7/8/8/8/8/8/1C6/C3L3 - - b 0 1",
            &[],
            "mate 0",
        ),
        (
            Variant::Oracle,
            "l7/8/2H5/8/8/8/8/1C2L3 - - b 0 1",
            &[],
            "cp 0",
        ),
        // Blue takes Yellow's King, the last King of Red+Yellow (Red is
        // frozen): Blue+Black have won, and Black moves next.
        (
            Variant::Enochian,
            "2yK4bK/2bR5/8/1rN6/8/8/8/kK7 b d r - -",
            &["c7c8"],
            "cp 32000",
        ),
    ];
    for &(variant, fen, moves, score) in cases {
        assert_eq!(
            expected_score(variant, fen, moves),
            score,
            "{variant} {fen}"
        );
        let position = if moves.is_empty() {
            format!("position fen {fen}")
        } else {
            format!("position fen {fen} moves {}", moves.join(" "))
        };
        let out = session(&[
            &format!("setoption name UCI_Variant value {variant}"),
            &position,
            "go depth 5",
        ]);
        let at = out
            .iter()
            .position(|l| l.starts_with("bestmove"))
            .unwrap_or_else(|| panic!("{variant} {fen}: no bestmove in {out:?}"));
        assert_eq!(out[at], "bestmove (none)", "{variant} {fen}");
        assert!(at > 0, "{variant} {fen}: no info line in {out:?}");
        assert_eq!(
            out[at - 1],
            format!("info depth 0 score {score}"),
            "{variant} {fen}"
        );
    }
}

#[test]
fn a_refused_position_is_never_answered_with_a_move_of_the_previous_one() {
    for variant in Variant::ALL {
        let out = session(&[
            &format!("setoption name UCI_Variant value {variant}"),
            "position startpos",
            "position fen this is not a position",
            "go depth 3",
            "isready",
        ]);
        let errors: Vec<&String> = out
            .iter()
            .filter(|l| l.starts_with("info string error"))
            .collect();
        assert_eq!(errors.len(), 2, "{variant}: {out:?}");
        assert!(
            errors[1].contains("the last position command was refused"),
            "{variant}: {out:?}"
        );
        let best: Vec<&String> = out.iter().filter(|l| l.starts_with("bestmove")).collect();
        assert_eq!(best, ["bestmove 0000"], "{variant}: {out:?}");
        // A valid position afterwards is searched again.
        let out = session(&[
            &format!("setoption name UCI_Variant value {variant}"),
            "position fen garbage",
            "position startpos",
            "go depth 2",
        ]);
        let best = out
            .iter()
            .find(|l| l.starts_with("bestmove"))
            .expect("bestmove");
        assert_ne!(best, "bestmove 0000", "{variant}");
    }
}

#[test]
fn stale_castling_rights_are_dropped_with_a_warning_and_the_new_position_is_searched() {
    let out = session(&[
        "position startpos moves e2e4 e7e5",
        "position fen r3k2r/8/8/8/8/8/8/R3K1R1 w KQkq - 0 1",
        "go depth 3",
        "d",
    ]);
    assert!(
        out.iter().any(|l| l
            == "info string warning: castling right 'K' dropped: its king or rook is not on its home square"),
        "{out:?}"
    );
    assert!(
        !out.iter().any(|l| l.starts_with("info string error")),
        "{out:?}"
    );
    let best = out
        .iter()
        .find(|l| l.starts_with("bestmove"))
        .expect("bestmove");
    let mv = best.split_whitespace().nth(1).expect("a move");
    let position = augur_games::chess::Position::from_fen("r3k2r/8/8/8/8/8/8/R3K1R1 w Qkq - 0 1")
        .expect("fen");
    assert!(
        position.parse_move(mv).is_ok(),
        "{best} is not legal in the new position"
    );
    assert!(
        out.iter()
            .any(|l| l.contains("r3k2r/8/8/8/8/8/8/R3K1R1 w Qkq - 0 1")),
        "{out:?}"
    );
}

/// One `info` line's depth, MultiPV index, score (mates beyond every
/// centipawn score) and first PV move; `None` for other lines and bounds.
fn multipv_line(line: &str) -> Option<(u32, usize, i64, String)> {
    if !line.starts_with("info depth ") || line.contains("bound") {
        return None;
    }
    let words: Vec<&str> = line.split_whitespace().collect();
    let after = |key: &str| {
        words
            .iter()
            .position(|w| *w == key)
            .and_then(|i| words.get(i + 1))
            .copied()
    };
    let depth = after("depth")?.parse().ok()?;
    let index = after("multipv")?.parse().ok()?;
    let score: i64 = match (after("cp"), after("mate")) {
        (Some(cp), _) => cp.parse().ok()?,
        (None, Some(mate)) => {
            let n: i64 = mate.parse().ok()?;
            if n > 0 { 1_000_000 - n } else { -1_000_000 - n }
        }
        _ => return None,
    };
    Some((depth, index, score, after("pv")?.to_string()))
}

/// Checks that every depth's lines are complete and best first, and that
/// `bestmove` is line 1 of the last set; returns the number of depths.
fn check_multipv(out: &[String], lines: usize, what: &str) -> usize {
    let mut sets: Vec<Vec<(u32, usize, i64, String)>> = Vec::new();
    for parsed in out.iter().filter_map(|l| multipv_line(l)) {
        if parsed.1 == 1 {
            sets.push(Vec::new());
        }
        if let Some(set) = sets.last_mut() {
            set.push(parsed);
        }
    }
    assert!(!sets.is_empty(), "{what}: no info lines in {out:?}");
    for set in &sets {
        assert_eq!(set.len(), lines, "{what}: an incomplete set {set:?}");
        assert!(set.iter().all(|l| l.0 == set[0].0), "{what}: {set:?}");
        assert!(
            set.windows(2).all(|w| w[0].2 >= w[1].2),
            "{what}: not best first: {set:?}"
        );
    }
    let best = out
        .iter()
        .find_map(|l| l.strip_prefix("bestmove "))
        .and_then(|rest| rest.split_whitespace().next())
        .expect("bestmove");
    let last = sets.last().expect("a set");
    assert_eq!(
        best, last[0].3,
        "{what}: bestmove is not line 1 of {last:?}"
    );
    sets.len()
}

/// Sends `lines`, reads until `bestmove`, then quits; the lines read.
fn until_bestmove(lines: &[String]) -> Vec<String> {
    let mut engine = Augur::start();
    for line in lines {
        engine.send(line);
    }
    let mut out = Vec::new();
    read_through_bestmove(&engine, &mut out);
    engine.quit();
    out
}

/// Reads lines into `out` up to and including `bestmove`.
fn read_through_bestmove(engine: &Augur, out: &mut Vec<String>) {
    loop {
        let line = engine.next_line();
        let done = line.starts_with("bestmove");
        out.push(line);
        if done {
            break;
        }
    }
}

#[test]
fn multipv_lines_are_best_first_at_every_depth_in_every_game() {
    for (variant, depth) in [
        (Variant::Chess, 8),
        (Variant::Ultima, 5),
        (Variant::Oracle, 6),
        (Variant::Enochian, 8),
    ] {
        let out = until_bestmove(&[
            format!("setoption name UCI_Variant value {variant}"),
            "setoption name MultiPV value 4".to_string(),
            "position startpos".to_string(),
            format!("go depth {depth}"),
        ]);
        let depths = check_multipv(&out, 4, &format!("{variant}"));
        assert_eq!(depths, depth as usize, "{variant}");
    }
}

#[test]
fn a_search_stopped_mid_depth_reports_a_complete_sorted_set_last() {
    for variant in Variant::ALL {
        let out = until_bestmove(&[
            format!("setoption name UCI_Variant value {variant}"),
            "setoption name MultiPV value 3".to_string(),
            "position startpos".to_string(),
            "go nodes 30000".to_string(),
        ]);
        check_multipv(&out, 3, &format!("{variant} go nodes"));
        // The last set carries the final node count (at least the limit).
        let last = out
            .iter()
            .rev()
            .find(|l| l.starts_with("info depth"))
            .expect("info");
        let nodes: u64 = last
            .split_whitespace()
            .skip_while(|w| *w != "nodes")
            .nth(1)
            .and_then(|n| n.parse().ok())
            .expect("nodes");
        assert!(nodes >= 30_000, "{variant}: {last}");
    }
}

#[test]
fn choosing_a_game_announces_it_as_fairy_stockfish_does() {
    for variant in Variant::ALL {
        let out = session(&[&format!("setoption name UCI_Variant value {variant}")]);
        let start = with_game!(variant, G => G::startpos().fen());
        assert_eq!(
            out,
            [format!(
                "info string variant {variant} files 8 ranks 8 pocket 0 template fairy startpos {start}"
            )],
            "{variant}"
        );
    }
}

#[test]
fn root_moves_are_reported_after_the_first_second() {
    // An infinite search, so that the test does not depend on when the
    // iterations happen to start: some root move begins after the first
    // second whatever the machine's speed.
    let mut engine = Augur::start();
    engine.send("position startpos");
    let sent = std::time::Instant::now();
    engine.send("go infinite");
    let mut out = Vec::new();
    while !out.iter().any(|l: &String| l.contains(" currmove ")) {
        out.push(engine.next_line());
        assert!(sent.elapsed().as_secs() < 20, "no currmove: {out:?}");
    }
    // Nothing before the first second: the line was written after it.
    assert!(
        sent.elapsed() >= std::time::Duration::from_secs(1),
        "{out:?}"
    );
    assert!(out[0].starts_with("info depth 1 "), "{out:?}");
    engine.send("stop");
    read_through_bestmove(&engine, &mut out);
    engine.quit();
    let start = augur_games::chess::Position::startpos();
    let currmoves: Vec<&String> = out.iter().filter(|l| l.contains(" currmove ")).collect();
    assert!(!currmoves.is_empty(), "{out:?}");
    for line in currmoves {
        let words: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(words[..2], ["info", "depth"], "{line}");
        assert_eq!(words[3], "currmove", "{line}");
        assert!(start.parse_move(words[4]).is_ok(), "{line}");
        assert_eq!(words[5], "currmovenumber", "{line}");
        let number: usize = words[6].parse().expect("currmovenumber");
        assert!((1..=20).contains(&number), "{line}");
    }
}

/// The depths reported and the move played for `lines` ending in a `go`.
fn depths_and_move(lines: &[String]) -> (u32, String) {
    let out = until_bestmove(lines);
    let deepest = out
        .iter()
        .filter_map(|l| multipv_line(l))
        .map(|l| l.0)
        .max()
        .unwrap_or(0);
    let best = out
        .iter()
        .find_map(|l| l.strip_prefix("bestmove "))
        .and_then(|rest| rest.split_whitespace().next())
        .expect("bestmove")
        .to_string();
    (deepest, best)
}

#[test]
fn strength_levels_search_shallower_and_vary_their_moves_in_every_game() {
    for variant in Variant::ALL {
        let game = format!("setoption name UCI_Variant value {variant}");
        let legal = with_game!(variant, G => {
            let start = G::startpos();
            let mut moves = augur_core::MoveList::new();
            start.generate(&mut moves);
            moves.iter().map(|&m| start.move_text(m)).collect::<Vec<_>>()
        });
        // Skill Level 0 (1000 Elo) searches one ply; UCI_Elo 1500, four
        // (the anchors in augur_search::strength).
        let (depth, best) = depths_and_move(&[
            game.clone(),
            "setoption name Skill Level value 0".into(),
            "position startpos".into(),
            "go depth 30".into(),
        ]);
        assert_eq!(depth, 1, "{variant}");
        assert!(legal.contains(&best), "{variant}: {best}");
        let (depth, _) = depths_and_move(&[
            game.clone(),
            "setoption name UCI_LimitStrength value true".into(),
            "setoption name UCI_Elo value 1500".into(),
            "position startpos".into(),
            "go depth 30".into(),
        ]);
        assert_eq!(depth, 4, "{variant}");
    }
    // The weakest level varies its choice between searches; full strength
    // at a fixed depth does not.
    let mut lines = vec!["setoption name UCI_LimitStrength value true".to_string()];
    lines.push("setoption name UCI_Elo value 1000".into());
    let mut weak = std::collections::HashSet::new();
    for _ in 0..12 {
        lines.push("position startpos".into());
        lines.push("go depth 30".into());
        weak.insert(depths_and_move(&lines).1);
        lines.truncate(2);
    }
    assert!(weak.len() > 1, "{weak:?}");
}

/// `UCI_Chess960`: Shredder-FEN and X-FEN positions, castling written
/// king-takes-rook in `bestmove` and in move lists, and back to standard
/// text when the option is turned off.
#[test]
fn chess960_positions_and_castling_text() {
    // Every root move is reported (MultiPV above the move count).
    let out = session(&[
        "uci",
        "setoption name UCI_Chess960 value true",
        "setoption name MultiPV value 30",
        "position fen 1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1",
        "go depth 1",
        "position fen 1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1 moves e1b1 e8g8",
        "d",
        "setoption name UCI_Chess960 value false",
        "setoption name MultiPV value 40",
        "position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        "go depth 1",
    ]);
    assert!(
        out.iter()
            .any(|l| l == "option name UCI_Chess960 type check default false"),
        "{out:?}"
    );
    let root_moves = |from: usize| -> Vec<String> {
        out[from..]
            .iter()
            .take_while(|l| !l.starts_with("bestmove"))
            .filter_map(|l| l.split(" pv ").nth(1))
            .map(|pv| pv.split(' ').next().unwrap_or("").to_string())
            .collect()
    };
    let first = root_moves(0);
    assert!(
        first.contains(&"e1b1".to_string()) && first.contains(&"e1g1".to_string()),
        "{first:?}"
    );
    // After both sides castled: the Shredder position was read, the moves
    // replayed king-takes-rook (Black's king-side castle with the g8 rook).
    assert!(
        out.iter()
            .any(|l| l == "Fen: 1r3rk1/pppppppp/8/8/8/8/PPPPPPPP/2KR2R1 w - - 2 2"),
        "{out:?}"
    );
    let last_go = out
        .iter()
        .rposition(|l| l.starts_with("bestmove"))
        .expect("bestmove");
    let start = out[..last_go]
        .iter()
        .rposition(|l| l.starts_with("bestmove"))
        .expect("first bestmove")
        + 1;
    let standard = root_moves(start);
    assert!(
        standard.contains(&"e1g1".to_string()) && standard.contains(&"e1c1".to_string()),
        "{standard:?}"
    );
    assert!(!standard.contains(&"e1h1".to_string()), "{standard:?}");
    assert!(
        !out.iter().any(|l| l.starts_with("info string error")),
        "{out:?}"
    );
}
