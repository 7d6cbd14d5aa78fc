//! The `EvalFile` option: a chess network read at run time replaces the
//! embedded one for the session, the position already set is evaluated
//! with it at once, bad files change nothing, and `<embedded>` brings the
//! built-in network back.

use augur_games::chess::Position as Chess;
use augur_games::chess::nnue::{Network, embedded_network};
use augur_protocol::Session;
use std::time::Duration;

mod common;
use common::{Capture, legal_bestmoves, position_after, session};

/// The embedded network.
fn network() -> &'static Network {
    embedded_network().get()
}

/// The final evaluation `eval` prints, in centipawns.
fn evaluation(session: &mut Session, capture: &Capture) -> i32 {
    capture.take();
    session.handle_line("eval");
    let line = capture
        .take()
        .into_iter()
        .find_map(|l| {
            l.strip_prefix("Final evaluation: ")
                .map(|rest| rest.split_whitespace().next().unwrap_or("").to_string())
        })
        .expect("eval prints the final evaluation");
    let pawns: f64 = line.parse().expect("a number");
    (pawns * 100.0).round() as i32
}

#[test]
fn eval_file_chooses_the_network_and_refuses_bad_files() {
    let dir = std::env::temp_dir().join(format!("augur-eval-file-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    // The embedded network with its inputs cut off: it evaluates every
    // position alike, from the biases alone, so a hidden layer left over
    // from the embedded network would show.
    let mut flat = network().clone();
    for row in &mut flat.feature_weights {
        *row = [0; augur_games::chess::nnue::HIDDEN];
    }
    let flat_path = dir.join("flat.nnue");
    std::fs::write(&flat_path, flat.to_bytes()).expect("write");
    let garbage_path = dir.join("garbage.nnue");
    std::fs::write(&garbage_path, b"AUGURNN2 and then nothing useful").expect("write");

    let (mut s, out) = session();
    s.handle_line("uci");
    assert!(
        out.take()
            .iter()
            .any(|l| l == "option name EvalFile type string default <embedded>")
    );
    let moves = ["e2e4", "e7e5", "g1f3"];
    s.handle_line(&format!("position startpos moves {}", moves.join(" ")));
    let position: Chess = position_after(None, &moves);
    let embedded = evaluation(&mut s, &out);
    // Black to move: `eval` speaks for White.
    assert_eq!(embedded, -network().evaluate_from_scratch(&position));

    for bad in [
        "/nonexistent/augur.nnue".to_string(),
        dir.display().to_string(),
        garbage_path.display().to_string(),
    ] {
        s.handle_line(&format!("setoption name EvalFile value {bad}"));
        let lines = out.take();
        assert_eq!(lines.len(), 1, "{bad}: {lines:?}");
        assert!(
            lines[0].starts_with("info string error: EvalFile '"),
            "{lines:?}"
        );
        assert_eq!(evaluation(&mut s, &out), embedded, "{bad} changed nothing");
    }

    s.handle_line(&format!(
        "setoption name EvalFile value {}",
        flat_path.display()
    ));
    assert_eq!(
        out.take(),
        [format!("info string network: {}", flat_path.display())]
    );
    let flat_eval = -flat.evaluate_from_scratch(&position);
    assert_ne!(flat_eval, embedded, "the test needs networks that differ");
    assert_eq!(evaluation(&mut s, &out), flat_eval, "the set position");
    // Another session in the process keeps the embedded network.
    let (mut other, other_out) = session();
    other.handle_line(&format!("position startpos moves {}", moves.join(" ")));
    assert_eq!(
        evaluation(&mut other, &other_out),
        embedded,
        "another session"
    );
    s.handle_line("position startpos");
    assert_eq!(
        evaluation(&mut s, &out),
        flat.evaluate_from_scratch(&position_after::<Chess>(None, &[])),
        "a new position"
    );
    s.handle_line("go depth 3");
    let lines = out.wait_for("bestmove", Duration::from_secs(30));
    assert_eq!(
        legal_bestmoves(&position_after::<Chess>(None, &[]), &lines).len(),
        1,
        "{lines:?}"
    );

    // A bad file now keeps the loaded network, not the embedded one.
    s.handle_line(&format!("position startpos moves {}", moves.join(" ")));
    out.take();
    s.handle_line("setoption name EvalFile value /nonexistent/augur.nnue");
    assert_eq!(out.take().len(), 1);
    assert_eq!(evaluation(&mut s, &out), flat_eval);
    // Another game and back: chess is made again with the file read.
    for game in ["ultima", "chess"] {
        s.handle_line(&format!("setoption name UCI_Variant value {game}"));
    }
    s.handle_line(&format!("position startpos moves {}", moves.join(" ")));
    out.take();
    assert_eq!(evaluation(&mut s, &out), flat_eval, "chess made again");

    s.handle_line("setoption name EvalFile value <embedded>");
    assert_eq!(out.take(), ["info string network: the embedded one"]);
    assert_eq!(evaluation(&mut s, &out), embedded);
    // Loading the same file again reuses the network already held.
    s.handle_line(&format!(
        "setoption name EvalFile value {}",
        flat_path.display()
    ));
    assert_eq!(out.take().len(), 1);
    assert_eq!(evaluation(&mut s, &out), flat_eval);
    s.handle_line("setoption name EvalFile value");
    assert_eq!(out.take(), ["info string network: the embedded one"]);
    assert_eq!(evaluation(&mut s, &out), embedded);
    let _ = std::fs::remove_dir_all(&dir);
}
