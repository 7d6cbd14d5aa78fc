//! Enochian chess through the protocol, driven in-process: variant and
//! array options, move lists with rolls, per-army clocks, divination,
//! exchange offers and answers, and bad input. Every `bestmove` a search
//! gives is checked to be a legal move of the position the test set
//! (played by the game itself, not read back from the session).

use augur_games::enochian::Position;
use augur_protocol::Session;
use std::time::{Duration, Instant};

mod common;
use common::{Capture, assert_one_error, legal_bestmoves, position_after, session};

fn enochian() -> (Session, Capture) {
    let (mut s, out) = session();
    s.handle_line("setoption name UCI_Variant value enochian");
    (s, out)
}

/// The position string `d` prints.
fn position_of(session: &mut Session, capture: &Capture) -> String {
    capture.take();
    session.handle_line("d");
    capture
        .take()
        .into_iter()
        .find_map(|l| l.strip_prefix("Position: ").map(str::to_string))
        .expect("d prints the position string")
}

fn bestmove(out: &Capture, seconds: u64) -> String {
    let lines = out.wait_for("bestmove", Duration::from_secs(seconds));
    let line = lines
        .iter()
        .find(|l| l.starts_with("bestmove"))
        .expect("bestmove line");
    line.split(' ').nth(1).expect("a move").to_string()
}

/// The search's move, checked legal in `position` (the one the test set).
fn legal_bestmove(out: &Capture, seconds: u64, position: &Position) -> String {
    let lines = out.wait_for("bestmove", Duration::from_secs(seconds));
    let moves = legal_bestmoves(position, &lines);
    assert_eq!(moves.len(), 1, "{lines:?}");
    moves[0].clone()
}

const START: &str = "yKQyByRyN2bPQbKQ/yPQyPByPRyPN2bPBbB/6bPRbR/6bPNbN/kNkPN6/kRkPR6/kBkPB2rPNrPRrPBrPQ/kKQkPQ2rNrRrBrKQ b d - - -";

#[test]
fn enochian_is_selected_and_every_command_works() {
    let (mut s, out) = session();
    s.handle_line("uci");
    let announced = out.take();
    assert!(announced.iter().any(|l| l.contains("var enochian")));
    assert!(
        announced
            .iter()
            .any(|l| l.starts_with("option name UCI_Enochian_Array type string"))
    );
    s.handle_line("setoption name UCI_Variant value enochian");
    s.handle_line("position startpos");
    assert_eq!(position_of(&mut s, &out), START);
    s.handle_line("go perft 3");
    out.wait_for("Nodes searched", Duration::from_secs(30));
    assert!(out.take().contains(&"Nodes searched: 747".to_string()));
    s.handle_line("position startpos moves h8f6Q e1d3");
    let fen = position_of(&mut s, &out);
    assert!(fen.ends_with(" k d - - -"), "{fen}");
    s.handle_line("d");
    let diagram = out.take();
    for army in ["Yellow", "Blue", "Red", "Black"] {
        assert!(
            diagram.iter().any(|l| l.trim_start().starts_with(army)),
            "{diagram:?}"
        );
    }
    s.handle_line("eval");
    let eval = out.take();
    for term in ["material", "frozen", "mobility", "king safety", "thrones"] {
        assert!(eval.iter().any(|l| l.contains(term)), "{term}: {eval:?}");
    }
    s.handle_line("go depth 4");
    let best = legal_bestmove(&out, 30, &position_after(None, &["h8f6Q", "e1d3"]));
    out.take();
    s.handle_line(&format!("position startpos moves h8f6Q e1d3 {best}"));
    assert!(out.take().is_empty(), "the engine's move {best} is legal");
    s.handle_line("bench depth 6");
    let first = out.take().last().cloned().expect("bench line");
    s.handle_line("bench depth 6");
    let second = out.take().last().cloned().expect("bench line");
    assert_eq!(first.split(' ').next(), second.split(' ').next());
}

#[test]
fn bad_enochian_input_gives_one_error_line_and_changes_nothing() {
    let (mut s, out) = enochian();
    s.handle_line("position startpos moves h8f6Q");
    let before = position_of(&mut s, &out);
    for bad in [
        "position startpos moves h8h7",
        "position startpos moves h8f6",
        "position startpos moves 4:h8f6Q",
        "position startpos moves exchange",
        "position fen 8/8/8/8/8/8/8/8 b d - - -",
        "position fen yK7/8/8/8/8/8/8/7bK b d - - -",
        "exchange offer",
        "exchange declined",
        "exchange maybe",
        "setoption name UCI_Enochian_Array value water of mud",
        "setoption name UCI_Enochian_Divination value perhaps",
        "go bluetime",
        "go redtime x",
    ] {
        assert_one_error(&mut s, &out, bad);
        assert_eq!(
            position_of(&mut s, &out),
            before,
            "{bad} changed the position"
        );
    }
}

#[test]
fn the_array_option_selects_the_start_position() {
    let (mut s, out) = enochian();
    s.handle_line("setoption name UCI_Enochian_Array value Earth of Earth");
    s.handle_line("position startpos");
    let fen = position_of(&mut s, &out);
    assert!(fen.starts_with("yKRyByQyN2bPRbKR/"), "{fen}");
    assert!(fen.ends_with(" k d - - -"), "{fen}");
    s.handle_line("go perft 2");
    out.wait_for("Nodes searched", Duration::from_secs(30));
    assert!(out.take().contains(&"Nodes searched: 122".to_string()));
    s.handle_line("setoption name UCI_Enochian_Array value earth-of-earth-w");
    s.handle_line("position startpos");
    assert!(position_of(&mut s, &out).ends_with(" k w - - -"));
}

#[test]
fn choosing_the_game_last_holds_the_array_and_dice_the_options_chose() {
    let (mut s, out) = session();
    s.handle_line("setoption name UCI_Enochian_Array value Earth of Earth");
    s.handle_line("setoption name UCI_Enochian_Divination value true");
    s.handle_line("setoption name UCI_Variant value enochian");
    // No `position` yet: the game held is the chosen start, die unrolled.
    let fen = position_of(&mut s, &out);
    assert!(fen.starts_with("yKRyByQyN2bPRbKR/"), "{fen}");
    assert!(fen.ends_with(" k d - - ?"), "{fen}");
}

#[test]
fn each_army_uses_its_own_clock() {
    let (mut s, out) = enochian();
    s.handle_line("position startpos");
    // Blue to move with 40 ms left: it must answer long before the other
    // armies' hour would suggest.
    let start = Instant::now();
    s.handle_line(
        "go yellowtime 3600000 bluetime 40 redtime 3600000 blacktime 3600000 yellowinc 0 blueinc 0 redinc 0 blackinc 0",
    );
    legal_bestmove(&out, 20, &position_after(None, &[]));
    assert!(
        start.elapsed() < Duration::from_secs(15),
        "{:?}",
        start.elapsed()
    );
}

#[test]
fn divination_needs_the_roll_and_loses_turns_without_a_movable_piece() {
    let (mut s, out) = enochian();
    s.handle_line("setoption name UCI_Enochian_Divination value true");
    s.handle_line("position startpos");
    assert!(position_of(&mut s, &out).ends_with(" ?"));
    s.handle_line("go depth 2");
    let lines = out.take();
    assert!(
        lines.len() == 1 && lines[0].starts_with("info string error: "),
        "{lines:?}"
    );
    // Roll 5: no Blue Rook can move.
    s.handle_line("position startpos moves 5:");
    s.handle_line("go depth 3");
    assert_eq!(bestmove(&out, 20), "0000");
    out.take();
    // Roll 4: the Queen; then Red rolls 6 and moves a pawn; Black rolls 2.
    s.handle_line("position startpos moves 4:h8f6Q 6:e2e3 2:");
    assert!(position_of(&mut s, &out).ends_with(" k d - - 2"));
    s.handle_line("go depth 3");
    let divination = format!("{} ?", START.strip_suffix(" -").expect("die field"));
    let rolled = position_after(Some(&divination), &["4:h8f6Q", "6:e2e3", "2:"]);
    let best = legal_bestmove(&out, 30, &rolled);
    out.take();
    s.handle_line(&format!("position startpos moves 4:h8f6Q 6:e2e3 2:{best}"));
    assert!(out.take().is_empty(), "{best} is a Knight move");
    // A roll may only end the list, and every move needs its roll.
    for bad in [
        "position startpos moves 4: h8f6Q",
        "position startpos moves 4:h8f6Q e2e3",
        "position startpos moves 7:h8f6Q",
        "position startpos moves 4:h8h7",
    ] {
        s.handle_line(bad);
        let lines = out.take();
        assert!(
            lines.len() == 1 && lines[0].starts_with("info string error: "),
            "{bad}: {lines:?}"
        );
    }
}

/// Yellow and Black have lost their Kings: the exchange is open.
const EXCHANGE: &str = "yQyByRyN2bPQbKQ/yPQyPByPRyPN2bPBbB/6bPRbR/6bPNbN/kNkPN6/kRkPR6/kBkPB2rPNrPRrPBrPQ/kQkPQ2rNrRrBrKQ b d yk - -";

#[test]
fn exchange_offers_are_answered_and_a_declined_offer_is_not_repeated() {
    let (mut s, out) = enochian();
    s.handle_line(&format!("position fen {EXCHANGE}"));
    s.handle_line("go perft 1");
    out.wait_for("Nodes searched", Duration::from_secs(30));
    assert!(out.take().iter().any(|l| l.starts_with("exchange: 1")));
    s.handle_line("exchange offer movetime 100");
    let lines = out.take();
    let answers: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("exchange "))
        .collect();
    assert_eq!(answers.len(), 1, "{lines:?}");
    assert!(answers[0] == "exchange accept" || answers[0] == "exchange decline");
    s.handle_line("exchange declined");
    assert!(out.take().is_empty());
    s.handle_line("go depth 3");
    let best = legal_bestmove(&out, 30, &position_after(Some(EXCHANGE), &[]));
    assert_ne!(best, "exchange");
    // A new position forgets the decline.
    s.handle_line(&format!("position fen {EXCHANGE} moves exchange"));
    // Thrones a8 and a1 are occupied: the Kings go to the nearest empty
    // squares no enemy attacks (a6, and c1), and both armies unfreeze.
    let fen = position_of(&mut s, &out);
    assert!(
        fen.contains("/yK5bPRbR/") && fen.contains("/kQkPQkK1rN"),
        "{fen}"
    );
    assert!(fen.ends_with(" r d - - -"), "{fen}");
}

/// Found by the soak: Black's only move is the exchange (its King is taken
/// and it has no pieces). After the offer is declined it passes: `go`
/// answers `bestmove 0000`, and `0000` is accepted in the move list.
#[test]
fn an_army_whose_only_move_was_declined_passes() {
    const ONLY_EXCHANGE: &str = "8/8/7yR/3rK4/8/8/8/bK7 k d - ry,bk -";
    let (mut s, out) = enochian();
    s.handle_line(&format!("position fen {ONLY_EXCHANGE}"));
    s.handle_line("go depth 3");
    assert_eq!(bestmove(&out, 30), "exchange");
    s.handle_line("exchange declined");
    out.take();
    s.handle_line("go depth 3");
    assert_eq!(bestmove(&out, 30), "0000");
    // Without a decline the pass is not the engine's answer, but a move
    // list may record it; it hands the turn on.
    s.handle_line(&format!("position fen {ONLY_EXCHANGE} moves 0000"));
    let after = position_of(&mut s, &out);
    assert_eq!(after, "8/8/7yR/3rK4/8/8/8/bK7 y d - ry,bk -");
    assert!(!out.lines().iter().any(|l| l.contains("error")));
    // Where the army has a move of its own, `0000` is illegal.
    out.take();
    s.handle_line(&format!("position fen {START} moves 0000"));
    assert!(
        out.take()
            .iter()
            .any(|l| l.starts_with("info string error: illegal move '0000'")),
    );
}
