//! The engine API's promises, one test each: bad input changes nothing and
//! says why; moves, rolls and take-backs keep the move list as the
//! protocol writes it; searches answer in typed events.

use augur_engine::{
    Engine, EngineError, FinalScore, SearchEvent, SearchLimits, SearchStart, Start, Variant,
};

fn depth(plies: u32) -> SearchLimits {
    SearchLimits {
        depth: Some(plies),
        ..SearchLimits::default()
    }
}

#[test]
fn an_illegal_move_or_position_changes_nothing_and_says_why() {
    let mut engine = Engine::new(Variant::Chess);
    engine.play("e2e4").expect("legal");
    let before = (engine.position_text(), engine.moves());
    let error = engine.play("e2e4").expect_err("the pawn has left");
    assert!(matches!(error, EngineError::Move(_)), "{error:?}");
    assert!(error.to_string().contains("e2e4"), "{error}");
    assert_eq!((engine.position_text(), engine.moves()), before);
    let refused = engine.set_position(&Start::Text("not a position".into()), &[]);
    assert!(matches!(refused, Err(EngineError::Position(_))));
    assert_eq!((engine.position_text(), engine.moves()), before);
    // After a refused position a search has nothing to search.
    let started = engine.start_search(&depth(2), |_| {}).expect("answered");
    assert_eq!(started, SearchStart::NoPosition);
    assert!(engine.play("e7e5").is_err());
    engine
        .set_position(&Start::Standard, &["d2d4".to_string()])
        .expect("the start");
    assert_eq!(engine.moves(), ["d2d4"]);
}

#[test]
fn undo_takes_back_moves_one_at_a_time() {
    let mut engine = Engine::new(Variant::Oracle);
    let start = engine.position_text();
    let first = engine.legal_moves()[0].text.clone();
    engine.play(&first).expect("legal");
    let after_one = engine.position_text();
    let second = engine.legal_moves()[0].text.clone();
    engine.play(&second).expect("legal");
    assert_eq!(engine.undo().as_deref(), Some(second.as_str()));
    assert_eq!(engine.position_text(), after_one);
    assert_eq!(engine.undo().as_deref(), Some(first.as_str()));
    assert_eq!(engine.position_text(), start);
    assert_eq!(engine.undo(), None);
}

#[test]
fn a_roll_then_a_move_is_one_entry_of_the_move_list() {
    let mut engine = Engine::new(Variant::Enochian);
    let start = engine.start_text();
    let (board, _) = start.rsplit_once(' ').expect("fields");
    engine
        .set_position(&Start::Text(format!("{board} ?")), &[])
        .expect("a divination start");
    assert!(engine.awaiting_roll());
    let error = engine
        .start_search(&depth(1), |_| {})
        .expect_err("no roll yet");
    assert!(matches!(error, EngineError::RollNeeded(_)));
    let roll = engine.roll(3).expect("a roll");
    assert_eq!(roll, "4:");
    assert!(!engine.awaiting_roll());
    let mv = engine.legal_moves()[0].text.clone();
    engine.play(&mv).expect("legal");
    assert_eq!(engine.moves(), [format!("4:{mv}")]);
    // The next army rolls before it moves.
    assert!(engine.awaiting_roll());
    assert_eq!(engine.undo(), Some(format!("4:{mv}")));
    assert!(engine.awaiting_roll());
}

#[test]
fn a_search_reports_in_order_and_ends_once() {
    let mut engine = Engine::new(Variant::Chess);
    let (sender, events) = std::sync::mpsc::channel();
    let started = engine
        .start_search(&depth(5), move |event| {
            let _ = sender.send(event);
        })
        .expect("a search");
    assert_eq!(started, SearchStart::Running);
    engine.wait();
    let events: Vec<SearchEvent> = events.try_iter().collect();
    let ends = events
        .iter()
        .filter(|e| matches!(e, SearchEvent::Finished(_) | SearchEvent::Failed(_)))
        .count();
    assert_eq!(ends, 1);
    assert!(matches!(events.last(), Some(SearchEvent::Finished(_))));
    let depths: Vec<u32> = events
        .iter()
        .filter_map(|e| match e {
            SearchEvent::Info(info) if info.bound.is_none() => Some(info.depth),
            _ => None,
        })
        .collect();
    assert_eq!(depths, [1, 2, 3, 4, 5]);
    let Some(SearchEvent::Finished(best)) = events.last() else {
        unreachable!("checked above")
    };
    let legal: Vec<String> = engine.legal_moves().into_iter().map(|m| m.text).collect();
    let best = best.best.as_ref().expect("a move");
    assert!(legal.contains(&best.text));
}

#[test]
fn a_finished_game_is_not_searched() {
    let mut engine = Engine::new(Variant::Chess);
    let moves = ["f2f3", "e7e5", "g2g4", "d8h4"].map(String::from);
    engine
        .set_position(&Start::Standard, &moves)
        .expect("a mate");
    let outcome = engine.outcome().expect("over");
    assert_eq!(outcome.winner.as_deref(), Some("Black"));
    assert_eq!(outcome.reason, "checkmate");
    let started = engine.start_search(&depth(3), |_| {}).expect("answered");
    assert_eq!(started, SearchStart::GameOver(FinalScore::Lost));
}
