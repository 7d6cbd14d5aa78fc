//! What Augur's fuzz targets check, generic over the four games: a position
//! string parser never panics, and what it accepts writes a canonical string
//! that reads back to the same position and hash, with an incremental key
//! equal to one rebuilt from scratch; move text never panics, and a move it
//! accepts is legal, round-trips and plays to a position whose key is
//! exact, and the readable notation likewise never panics and round-trips;
//! a live protocol session survives any lines; the web board's PGN import
//! reads back what it exports, a web board tab answers any
//! messages with JSON, and a chess network file that reads writes back to
//! the same network and evaluates within bounds.
//!
//! Run a target with `cargo +nightly fuzz run <target>` from `fuzz/` (see
//! docs/reliability.md).

use augur_core::{Game, MoveList};

/// Position-string round trip and key checks for arbitrary bytes.
pub fn position_text<G: Game>(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    check_position_text::<G>(text, |t| G::from_fen(t).ok());
    // The Chess960 reading too (the same as the standard one in the games
    // without that mode).
    check_position_text::<G>(text, |t| G::from_fen_chess960(t).ok().map(|(p, _)| p));
}

fn check_position_text<G: Game>(text: &str, read: impl Fn(&str) -> Option<G>) {
    let Some(position) = read(text) else {
        return;
    };
    let canonical = position.fen();
    let again =
        read(&canonical).unwrap_or_else(|| panic!("canonical output rejected: {canonical}"));
    assert_eq!(again.fen(), canonical, "canonical output is not stable");
    assert_eq!(
        position.hash(),
        position.recompute_hash(),
        "parsed key drifted"
    );
    assert_eq!(
        again.hash(),
        position.hash(),
        "re-read position has another key"
    );
    let mut moves = MoveList::new();
    position.generate(&mut moves);
    assert_eq!(position.count_moves(), moves.len() as u64);
    let _ = position.outcome();
}

/// Move text against the game's bench positions: the first byte picks the
/// position (and a die roll where the game has dice), the rest is the text.
pub fn move_text<G: Game>(data: &[u8]) {
    let starts = G::BENCH_POSITIONS;
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let Some(start) = starts.get(usize::from(pick) % starts.len().max(1)) else {
        return;
    };
    let Ok(mut position) = G::from_fen(start) else {
        panic!("fuzz start position rejected: {start}");
    };
    let outcomes = position.chance_outcomes();
    if outcomes > 0 {
        position = position.resolve_chance(u32::from(pick) % outcomes);
    }
    check_notation(&position, text);
    let Ok(mv) = position.parse_move(text) else {
        return;
    };
    assert!(position.is_legal(mv), "parsed an illegal move: {text}");
    let written = position.move_text(mv);
    assert_eq!(
        position.parse_move(&written),
        Ok(mv),
        "move text does not round-trip"
    );
    let child = position.play(mv);
    assert_eq!(
        child.hash(),
        child.recompute_hash(),
        "key drifted after {text}"
    );
}

/// The readable notation read from arbitrary text: never a panic, and a
/// move it accepts is legal and is written back as notation that reads to
/// the same move.
fn check_notation<G: Game>(position: &G, text: &str) {
    let Ok(mv) = position.parse_notation(text) else {
        return;
    };
    assert!(position.is_legal(mv), "notation read an illegal move: {text}");
    let written = position.notation(mv);
    assert_eq!(
        position.parse_notation(&written),
        Ok(mv),
        "notation does not round-trip: {text} -> {written}"
    );
}

/// The protocol session fed arbitrary lines. Searches are bounded so a
/// fuzz input cannot ask for an hour of thinking: every `go` becomes the
/// same line with a node limit, `go perft` keeps at most depth 3, bench
/// runs at depth 2, `genfens` asks for at most 3 positions.
pub fn protocol_session(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let mut session = augur_protocol::Session::new(augur_protocol::Output::new(std::io::sink()));
    for line in text.lines().take(64) {
        let words: Vec<&str> = line.split_ascii_whitespace().collect();
        let line = match words.first() {
            Some(&"go") if words.contains(&"perft") => {
                if words.iter().any(|w| w.parse::<u32>().is_ok_and(|d| d > 3)) {
                    continue;
                }
                line.to_string()
            }
            Some(&"go") => format!("go nodes 2000 {}", strip_limits(&words[1..])),
            Some(&"bench") => "bench depth 2".to_string(),
            Some(&"genfens")
                if words
                    .get(1)
                    .and_then(|n| n.parse::<u32>().ok())
                    .is_some_and(|n| n > 3) =>
            {
                continue;
            }
            Some(&"exchange") if line.contains("offer") => "exchange offer movetime 5".to_string(),
            _ => line.to_string(),
        };
        if session.handle_line(&line) == augur_protocol::Flow::Quit {
            return;
        }
        if line.starts_with("go") {
            session.handle_line("stop");
        }
    }
    session.end_of_input();
}

/// The `go` words without their search limits (keeps clocks and
/// `searchmoves`, so those parsers are still exercised).
fn strip_limits(words: &[&str]) -> String {
    let mut kept = Vec::new();
    let mut skip_value = false;
    for &w in words {
        if skip_value {
            skip_value = false;
            continue;
        }
        match w {
            "depth" | "nodes" | "movetime" | "mate" => skip_value = true,
            "infinite" | "ponder" => {}
            _ => kept.push(w),
        }
    }
    kept.join(" ")
}

/// PGN import: no panic; an imported game exports to PGN that imports back
/// to the same game.
pub fn pgn_import(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(game) = augur_serve::pgn::import(text) else {
        return;
    };
    let pgn = augur_serve::pgn::export(
        &game.variant,
        game.start.as_deref(),
        &game.moves,
        ["a", "b"],
    )
    .unwrap_or_else(|e| panic!("an imported game does not export: {e}"));
    let again = augur_serve::pgn::import(&pgn)
        .unwrap_or_else(|e| panic!("an exported game does not import: {e}\n{pgn}"));
    // The export always names the start of games other than chess, so
    // only the game and its moves must come back unchanged.
    assert_eq!(
        (&again.variant, &again.moves),
        (&game.variant, &game.moves),
        "{pgn}"
    );
}

/// A web board tab fed up to 32 messages (one per line; messages that
/// start a search are left out, to keep runs fast): every reply is a JSON
/// object with a `type`, and the state stays JSON.
pub fn web_board(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let permits = std::sync::Arc::new(augur_serve::permits::Permits::new(1));
    let mut tab = augur_serve::tab::Tab::new(permits);
    for line in text.lines().take(32) {
        if ["engine", "analyse", "exchange"]
            .iter()
            .any(|w| line.contains(w))
        {
            continue;
        }
        for reply in tab.handle(line) {
            let value: serde_json::Value =
                serde_json::from_str(&reply).unwrap_or_else(|e| panic!("{e}: {reply}"));
            assert!(value["type"].is_string(), "{reply}");
        }
    }
    let state: serde_json::Value = serde_json::from_str(&tab.state()).expect("state is JSON");
    assert_eq!(state["type"], "state");
}

/// A chess network file (`EvalFile`): reading never panics; an accepted
/// file writes a file that reads back to the same network, and the network
/// evaluates the bench positions within the evaluation limit (no overflow,
/// whatever the weights).
pub fn network_file(data: &[u8]) {
    use augur_games::chess::Position as Chess;
    use augur_games::chess::nnue::{EVALUATION_LIMIT, Network};
    let Ok(network) = Network::from_bytes(data) else {
        return;
    };
    let again = Network::from_bytes(&network.to_bytes());
    assert!(
        again.as_ref() == Ok(&network),
        "written network does not read back"
    );
    for fen in <Chess as Game>::BENCH_POSITIONS {
        let Ok(position) = Chess::from_fen(fen) else {
            panic!("bench position rejected: {fen}");
        };
        let score = network.evaluate_from_scratch(&position);
        assert!(score.abs() <= EVALUATION_LIMIT, "{score} beyond the limit");
    }
}
