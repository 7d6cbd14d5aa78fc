//! The board view's JSON is the web board's wire format: these tests pin it
//! byte for byte (field names, order, value types) and check escaping.

use super::*;
use crate::{Engine, Start};

/// The view of `position` (a `position` command's arguments: `fen <text>`
/// or `startpos`, then `moves ...`) in `variant`, with the diagram left out
/// (its drawing is the game's `d` output, tested with the games).
fn view(variant: &str, position: &str) -> BoardView {
    let mut engine = Engine::new(variant.parse().expect("a game"));
    let (start, moves) = match position.split_once(" moves ") {
        Some((start, moves)) => (
            start,
            moves.split_whitespace().map(str::to_string).collect(),
        ),
        None => (position, Vec::new()),
    };
    let start = match start.strip_prefix("fen ") {
        Some(text) => Start::Text(text.to_string()),
        None => Start::Standard,
    };
    engine.set_position(&start, &moves).expect("a position");
    let mut view = engine.board();
    assert!(!view.diagram.is_empty());
    view.diagram = String::new();
    view
}

/// The fields of a view that say the position in text (the first wire
/// format), parsed: the described moves, squares, pools, armies, direction
/// and die are pinned by tests of their own.
fn text_fields(view: &BoardView) -> serde_json::Value {
    let mut value = serde_json::to_value(view).expect("a view serialises");
    if let Some(object) = value.as_object_mut() {
        for described in ["moves", "squares", "pools", "armies", "direction", "die"] {
            assert!(object.remove(described).is_some(), "{described}");
        }
    }
    value
}

/// `json` parsed.
fn parsed(json: &str) -> serde_json::Value {
    serde_json::from_str(json).expect("valid JSON")
}

/// Yellow's and Black's Kings are taken: their armies are frozen, and
/// Blue, to move, may offer the exchange of prisoners.
const ENOCHIAN_EXCHANGE: &str = "yQyByRyN2bPQbKQ/yPQyPByPRyPN2bPBbB/6bPRbR/6bPNbN/kNkPN6/kRkPR6/kBkPB2rPNrPRrPBrPQ/kQkPQ2rNrRrBrKQ b d yk - -";

#[test]
fn a_chess_checkmate_is_pinned_field_for_field() {
    let view = view("chess", "fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
    assert_eq!(
        text_fields(&view),
        parsed(concat!(
            r#"{"variant":"chess","position":"7k/6Q1/6K1/8/8/8/8/8 b - - 0 1","#,
            r#""to_move":"Black","team":"Black","teams":["White","Black"],"#,
            r#""seats":["White","Black"],"awaiting_roll":false,"legal":[],"check":["h8"],"#,
            r#""pieces":[{"square":"g6","piece":"K"},{"square":"g7","piece":"Q"},"#,
            r#"{"square":"h8","piece":"k"}],"frozen":[],"diagram":"","#,
            r#""result":{"winner":"White","reason":"checkmate"}}"#,
        ))
    );
    assert!(view.moves.is_empty());
    assert_eq!(
        serde_json::to_string(&view.squares[2]).expect("JSON"),
        concat!(
            r#"{"square":"h8","text":"k","team":"Black","army":null,"piece":"king","#,
            r#""pawn_of":null,"partner":null,"souls":[],"lifeless":false}"#
        )
    );
    assert!(view.pools.is_empty() && view.armies.is_empty());
    assert_eq!((view.direction, view.die), (None, None));
}

#[test]
fn a_chess_position_in_play_has_legal_moves_and_a_null_result() {
    let view = view("chess", "fen 7k/8/6K1/8/8/8/8/6Q1 w - - 0 1");
    assert_eq!(
        text_fields(&view),
        parsed(concat!(
            r#"{"variant":"chess","position":"7k/8/6K1/8/8/8/8/6Q1 w - - 0 1","#,
            r#""to_move":"White","team":"White","teams":["White","Black"],"#,
            r#""seats":["White","Black"],"awaiting_roll":false,"#,
            r#""legal":["g6f5","g6g5","g6h5","g6f6","g6h6","g6f7","g1f2","g1h2","#,
            r#""g1e3","g1d4","g1c5","g1b6","g1a7","g1a1","g1b1","g1c1","g1d1","#,
            r#""g1e1","g1f1","g1h1","g1g2","g1g3","g1g4","g1g5"],"check":[],"#,
            r#""pieces":[{"square":"g1","piece":"Q"},{"square":"g6","piece":"K"},"#,
            r#"{"square":"h8","piece":"k"}],"frozen":[],"diagram":"","result":null}"#,
        ))
    );
    let texts: Vec<&str> = view.moves.iter().map(|m| m.text.as_str()).collect();
    assert_eq!(texts, view.legal);
    let checking: Vec<&str> = view
        .moves
        .iter()
        .filter(|m| m.gives_check)
        .map(|m| m.text.as_str())
        .collect();
    // The h-file and the long diagonal to h8.
    assert_eq!(checking, ["g1h2", "g1d4", "g1a1", "g1h1"]);
    assert_eq!(
        serde_json::to_string(&view.moves[6]).expect("JSON"),
        concat!(
            r#"{"text":"g1f2","from":"g1","to":"f2","captures":[],"choices":[],"#,
            r#""also_moves":[],"placed":[],"gives_check":false,"notation":"Qf2"}"#
        )
    );
}

#[test]
fn an_enochian_position_names_its_seats_and_frozen_squares() {
    let view = view("enochian", &format!("fen {ENOCHIAN_EXCHANGE}"));
    let piece = |square: &str, piece: &str| format!(r#"{{"square":"{square}","piece":"{piece}"}}"#);
    let pieces = [
        ("a1", "kQ"),
        ("b1", "kPQ"),
        ("e1", "rN"),
        ("f1", "rR"),
        ("g1", "rB"),
        ("h1", "rKQ"),
        ("a2", "kB"),
        ("b2", "kPB"),
        ("e2", "rPN"),
        ("f2", "rPR"),
        ("g2", "rPB"),
        ("h2", "rPQ"),
        ("a3", "kR"),
        ("b3", "kPR"),
        ("a4", "kN"),
        ("b4", "kPN"),
        ("g5", "bPN"),
        ("h5", "bN"),
        ("g6", "bPR"),
        ("h6", "bR"),
        ("a7", "yPQ"),
        ("b7", "yPB"),
        ("c7", "yPR"),
        ("d7", "yPN"),
        ("g7", "bPB"),
        ("h7", "bB"),
        ("a8", "yQ"),
        ("b8", "yB"),
        ("c8", "yR"),
        ("d8", "yN"),
        ("g8", "bPQ"),
        ("h8", "bKQ"),
    ]
    .map(|(square, name)| piece(square, name))
    .join(",");
    let expected = format!(
        "{}{ENOCHIAN_EXCHANGE}{}{pieces}{}",
        r#"{"variant":"enochian","position":""#,
        concat!(
            r#"","to_move":"blue","team":"BlueBlack","teams":["BlueBlack","RedYellow"],"#,
            r#""seats":["yellow","blue","red","black"],"awaiting_roll":false,"#,
            r#""legal":["h8f6Q","h8f8Q","h5g3","h5f4","h5f6","g5f5","g6f6","g7f7","g8f8","exchange"],"#,
            r#""check":[],"#,
            r#""pieces":["#,
        ),
        concat!(
            r#"],"frozen":["a1","b1","a2","b2","a3","b3","a4","b4","a7","b7","c7","d7","#,
            r#""a8","b8","c8","d8"],"diagram":"","result":null}"#,
        ),
    );
    assert_eq!(text_fields(&view), parsed(&expected));
    let army = |name: &str| {
        view.armies
            .iter()
            .find(|a| a.name == name)
            .expect("an army")
    };
    assert!(army("yellow").frozen && army("black").frozen);
    assert!(!army("blue").frozen && !army("red").frozen);
    assert_eq!(army("blue").king.as_deref(), Some("h8"));
    assert_eq!(army("yellow").king, None);
    assert_eq!(view.direction, Some("clockwise"));
    let exchange = view
        .moves
        .iter()
        .find(|m| m.text == "exchange")
        .expect("the exchange");
    assert_eq!((exchange.from.as_ref(), exchange.to.as_ref()), (None, None));
    assert!(!exchange.placed.is_empty());
}

#[test]
fn text_needing_escapes_comes_back_unchanged() {
    let awkward = "a \"quoted\" \\ back\\slash\nnew line\ttab \u{1} control, é ♞";
    let view = BoardView {
        variant: awkward.into(),
        position: awkward.into(),
        to_move: "White".into(),
        team: "White".into(),
        teams: vec!["White".into(), "Black".into()],
        seats: vec!["White".into(), "Black".into()],
        awaiting_roll: true,
        legal: vec![awkward.into()],
        moves: Vec::new(),
        pieces: vec![PieceOnSquare {
            square: "e4".into(),
            piece: awkward.into(),
        }],
        frozen: vec![],
        squares: Vec::new(),
        pools: Vec::new(),
        armies: Vec::new(),
        direction: None,
        die: None,
        diagram: awkward.into(),
        result: Some(GameResult {
            winner: None,
            reason: awkward.into(),
        }),
        check: Vec::new(),
    };
    let json = view.to_json();
    assert!(!json.contains('\n'), "one line: {json}");
    let back: serde_json::Value = serde_json::from_str(&json).expect("valid JSON");
    for text in [
        &back["variant"],
        &back["position"],
        &back["legal"][0],
        &back["pieces"][0]["piece"],
        &back["diagram"],
        &back["result"]["reason"],
    ] {
        assert_eq!(text.as_str(), Some(awkward), "{json}");
    }
    assert_eq!(back["result"]["winner"], serde_json::Value::Null);
    assert_eq!(back["awaiting_roll"], serde_json::Value::Bool(true));
}

#[test]
fn a_real_diagram_survives_the_round_trip() {
    let mut engine = Engine::new(crate::Variant::Chess);
    engine.play("e2e4").expect("legal");
    let view = engine.board();
    assert!(view.diagram.contains('\n'));
    let back: serde_json::Value = serde_json::from_str(&view.to_json()).expect("valid JSON");
    assert_eq!(back["diagram"].as_str(), Some(view.diagram.as_str()));
    assert_eq!(back["pieces"].as_array().map(Vec::len), Some(32));
}
