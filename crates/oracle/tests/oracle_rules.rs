//! Oracle chess rules, scenario by scenario (`docs/rules/oracle.md`): every move kind, the Lord-soul prohibitions,
//! check by figures and by souls, mate, stalemate, the draw rules, position
//! strings (each rejection) and move text.

use augur_core::{Color, Game, MoveError, MoveList, Termination};
use augur_oracle::{Body, Position, Soul};

fn pos(text: &str) -> Position {
    Position::from_fen(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn moves(position: &Position) -> Vec<String> {
    let mut list = MoveList::new();
    position.generate(&mut list);
    let mut texts: Vec<String> = list.iter().map(|&m| position.move_text(m)).collect();
    texts.sort();
    texts
}

fn has(position: &Position, text: &str) -> bool {
    moves(position).iter().any(|m| m == text)
}

fn after(position: &Position, text: &str) -> Position {
    let mv = position
        .parse_move(text)
        .unwrap_or_else(|e| panic!("{text} at {}: {e}", position.fen()));
    position.play(mv)
}

#[test]
fn start_position_has_the_27_moves_of_the_rulings() {
    let start = Position::startpos();
    let all = moves(&start);
    assert_eq!(all.len(), 27);
    for expected in [
        "b1c3", "g1h3", "e2e3", "a2a3", "l~e1d1", "l~e1d2xs", "l~e1f1xe", "c~a1a2xs", "c~a1b1xh",
        "e~c1b2xs", "e~f1g2xs", "h~b1d2xs", "h~g1e2xs",
    ] {
        assert!(all.contains(&expected.to_string()), "{expected} missing");
    }
    // No double step, no soul onto an empty square, no soldier soul moves.
    for absent in ["e2e4", "h~b1c3", "s~e2e3", "c~a1d1"] {
        assert!(!all.contains(&absent.to_string()), "{absent} present");
    }
    assert_eq!(
        start.parse_move("e2e4"),
        Err(MoveError::Illegal("e2e4".into()))
    );
}

#[test]
fn the_lord_soul_entering_the_priestess_leaves_a_lifeless_lord_body() {
    let p = after(&Position::startpos(), "l~e1d1");
    assert_eq!(
        p.fen(),
        "cheplehc/ssssssss/8/8/8/8/SSSSSSSS/CHEP(l)L()EHC - - b 1 1"
    );
    assert!(!p.cell("e1".parse_sq()).is_living());
}

trait ParseSquare {
    fn parse_sq(&self) -> augur_core::Square;
}

impl ParseSquare for str {
    fn parse_sq(&self) -> augur_core::Square {
        augur_core::Square::parse(self).expect("square")
    }
}

#[test]
fn lord_figure_fetches_each_class_in_its_earth_but_never_a_priestess() {
    let p = pos("4l3/8/8/8/8/8/8/4L3 PHS - w 0 1");
    let all = moves(&p);
    assert_eq!(all.len(), 15, "{all:?}");
    for m in ["e1e2", "e1e2+h", "e1e2+s", "e1d1+h"] {
        assert!(all.contains(&m.to_string()), "{m}");
    }
    assert!(!all.iter().any(|m| m.ends_with("+p")));
    let fetched = after(&p, "e1e2+h");
    assert_eq!(fetched.fen(), "4l3/8/8/8/8/8/4L3/4H()3 PS - b 0 1");
    // Black's earth is Black's: White cannot fetch from it.
    let p = pos("4l3/8/8/8/8/8/8/4L3 hs - w 0 1");
    assert_eq!(moves(&p).len(), 5);
}

#[test]
fn a_body_taken_changes_colour_and_cannot_be_fetched_in_the_same_move() {
    let p = pos("4l3/8/8/8/8/8/4h3/4L3 - - w 0 1");
    let all = moves(&p);
    assert!(all.contains(&"e1e2".to_string()));
    assert!(!all.iter().any(|m| m.contains('+')), "{all:?}");
    let taken = after(&p, "e1e2");
    assert_eq!(taken.fen(), "4l3/8/8/8/8/8/4L3/8 H h b 0 1");
    assert_eq!(taken.earth_count(Color::White, Body::Horse), 1);
    // Next move White may fetch it.
    let p = after(&after(&taken, "e8d8"), "e2e3+h");
    assert_eq!(p.cell("e2".parse_sq()).body(), Some(Body::Horse));
}

#[test]
fn priestess_summons_each_class_in_the_underworld_when_a_soul_leaves_her() {
    let p = pos("4l3/3H(h)4/8/8/3P(ce)4/8/8/4L3 - hs w 0 1");
    let all = moves(&p);
    for m in ["c~d4d7xh", "c~d4d7xh+h", "c~d4d7xh+s", "e~d4f6", "c~d4d1"] {
        let present = all.contains(&m.to_string());
        assert_eq!(present, m != "e~d4f6" && m != "c~d4d1", "{m}: {all:?}");
    }
    assert!(!all.iter().any(|m| m.ends_with("+e") || m.ends_with("+c")));
    // The soul taken by this move cannot be summoned back in it.
    let p = pos("4l3/3H(h)4/8/8/3P(ce)4/8/8/4L3 - s w 0 1");
    assert!(!has(&p, "c~d4d7xh+h"));
    assert!(has(&p, "c~d4d7xh+s"));
    let summoned = after(
        &pos("4l3/3H(h)4/8/8/3P(ce)4/8/8/4L3 - hs w 0 1"),
        "c~d4d7xh+s",
    );
    assert_eq!(summoned.fen(), "4l3/3H(c)4/8/8/3P(es)4/8/8/4L3 - hh b 0 1");
}

#[test]
fn a_soul_takes_each_distinct_class_a_body_hosts_and_may_also_go_in_if_there_is_room() {
    let p = pos("4l3/8/8/8/3p(ce)4/1H6/8/4L3 - - w 0 1");
    let into_d4: Vec<String> = moves(&p).into_iter().filter(|m| m.contains("d4")).collect();
    assert_eq!(into_d4, ["b3d4", "h~b3d4", "h~b3d4xc", "h~b3d4xe"]);
    let p = after(&p, "h~b3d4xe");
    assert_eq!(p.fen(), "4l3/8/8/8/3p(ch)4/1H()6/8/4L3 - e b 0 1");
    assert_eq!(p.quiet_plies(), 0);
}

#[test]
fn soldier_souls_go_straight_ahead_and_take_diagonally_forward() {
    let p = pos("4l3/8/8/3h1e()2/4S3/8/8/4L3 - - w 0 1");
    let all = moves(&p);
    for (m, legal) in [
        ("s~e4e5", false), // e5 is empty: a soul never stands on an empty square
        ("s~e4d5xh", true),
        ("s~e4f5", false), // going is straight ahead only
        ("e4d5", true),
        ("e4f5", true), // a figure takes a lifeless body too
        ("e4e5", true),
    ] {
        assert_eq!(all.contains(&m.to_string()), legal, "{m}: {all:?}");
    }
    let p = pos("4l3/8/8/4c()3/4S3/8/8/4L3 - - w 0 1");
    assert!(has(&p, "s~e4e5"));
    assert!(!has(&p, "e4e5"));
    // Black's soldier souls go down the board.
    let p = pos("4l3/8/8/4s3/3H()C()3/8/8/4L3 - - b 0 1");
    assert!(has(&p, "s~e5e4"));
    assert!(!has(&p, "s~e5d4"));
}

#[test]
fn soul_paths_are_blocked_by_souls_only_and_figure_paths_by_any_body() {
    let p = pos("4l3/8/4H()3/8/4s()3/8/8/C()3L3 - - w 0 1");
    let all = moves(&p);
    // The lifeless White Chariot body cannot move; nothing hosts a chariot soul.
    assert!(!all.iter().any(|m| m.starts_with("a1")));
    let p = pos("l7/4h()3/8/8/4S()3/8/8/4C2L - - w 0 1");
    let all = moves(&p);
    assert!(
        all.contains(&"c~e1e7".to_string()),
        "soul passes lifeless bodies"
    );
    assert!(all.contains(&"c~e1e4".to_string()));
    assert!(
        !all.contains(&"e1e7".to_string()),
        "figure is blocked by e4"
    );
    assert!(all.contains(&"e1e3".to_string()));
}

#[test]
fn a_lord_soul_never_enters_an_enemy_body_and_is_never_sent_to_the_underworld() {
    let p = pos("4l3/8/8/4c()3/3H()L3/8/8/8 - - w 0 1");
    assert!(!has(&p, "l~e4e5"));
    assert!(has(&p, "l~e4d4"));
    let p = pos("4l3/8/8/8/8/8/8/C3P(l)3 - - w 0 1");
    assert!(
        !moves(&p).iter().any(|m| m.contains("xl")),
        "{:?}",
        moves(&p)
    );
}

#[test]
fn check_by_figure_is_blocked_by_bodies_and_check_by_soul_by_souls() {
    // Black Chariot soul on e8 sees e1 through lifeless bodies: check.
    assert!(pos("4c3/8/8/4H()3/8/8/8/l3L3 - - w 0 1").in_check());
    // A soul on e4 blocks the soul and the body blocks the figure.
    assert!(!pos("4c3/8/8/4H3/8/8/8/l3L3 - - w 0 1").in_check());
    // A lifeless body blocks the figure but not the soul: still check.
    assert!(pos("4c3/8/8/4h()3/8/8/8/l3L3 - - w 0 1").in_check());
    // The enemy Lord soul never attacks (it may not enter our body)...
    assert!(!pos("8/8/8/8/8/8/4p(l)3/4P(l)3 - - w 0 1").in_check());
    // ...but the enemy Lord figure does, by taking the body.
    assert!(pos("8/8/8/8/8/8/4l3/4P(l)3 - - w 0 1").in_check());
    // A Soldier checks only diagonally forward.
    assert!(pos("4l3/8/8/8/8/3s4/4L3/8 - - w 0 1").in_check());
    assert!(!pos("4l3/8/8/8/8/4s3/4L3/8 - - w 0 1").in_check());
    assert!(pos("4l3/8/8/8/8/3h(s)4/4L3/8 - - w 0 1").in_check());
}

#[test]
fn a_move_that_leaves_the_lord_soul_attacked_is_illegal() {
    // The Horse on e2 shields e1 from the Chariot on e8: as a figure it may
    // not leave, and its soul may not leave either (the lifeless body still
    // blocks the Chariot figure, but the Chariot soul would see e1).
    let pinned = pos("4c2l/8/8/8/8/2C()5/4H3/4L3 - - w 0 1");
    assert!(!has(&pinned, "e2g3"));
    assert!(!has(&pinned, "h~e2c3"));
    let free = pos("7l/8/8/8/8/2C()5/4H3/4L3 - - w 0 1");
    assert!(has(&free, "e2g3"));
    assert!(has(&free, "h~e2c3"));
}

#[test]
fn checkmate_and_stalemate() {
    let mate = pos("l7/8/8/8/8/8/1C6/C3L3 - - b 0 1");
    assert!(mate.in_check());
    assert_eq!(moves(&mate), Vec::<String>::new());
    let outcome = mate.outcome().expect("over");
    assert_eq!(outcome.winner, Some(Color::White));
    assert_eq!(outcome.termination, Termination::Checkmate);
    let stale = pos("l7/8/2H5/8/8/8/8/1C2L3 - - b 0 1");
    assert!(!stale.in_check());
    assert_eq!(
        stale.outcome().map(|o| o.termination),
        Some(Termination::Stalemate)
    );
    // Mate takes precedence over the quiet rule and the round limit.
    let late = pos("l7/8/8/8/8/8/1C6/C3L3 - - b 64 300");
    assert_eq!(
        late.outcome().map(|o| o.termination),
        Some(Termination::Checkmate)
    );
    assert!(!late.is_rule_draw());
}

#[test]
fn promotion_needs_a_priestess_of_the_soldiers_colour_in_the_earth() {
    let p = pos("S3l3/8/8/8/8/8/8/4L3 P - w 5 1");
    assert!(has(&p, "p@a8"));
    let promoted = after(&p, "p@a8");
    assert_eq!(promoted.fen(), "P3l3/8/8/8/8/8/8/4L3 s s b 0 1");
    assert!(!has(&pos("S3l3/8/8/8/8/8/8/4L3 p - w 5 1"), "p@a8"));
    assert!(!has(&pos("4l3/S7/8/8/8/8/8/4L3 P - w 5 1"), "p@a7"));
}

#[test]
fn the_quiet_counter_resets_exactly_on_the_ruled_moves() {
    let start = Position::startpos();
    let quiet = |p: &Position, m: &str| after(p, m).quiet_plies();
    assert_eq!(quiet(&start, "b1c3"), 1); // figure goes
    assert_eq!(quiet(&start, "e2e3"), 0); // soldier figure
    assert_eq!(quiet(&start, "l~e1d1"), 1); // soul goes alone
    assert_eq!(quiet(&start, "c~a1a2xs"), 0); // soul takes a soul
    let p = pos("4l3/8/8/4c()3/4S3/8/8/4L3 - - w 7 1");
    assert_eq!(quiet(&p, "s~e4e5"), 0); // soldier soul
    let p = pos("4l3/8/8/8/8/8/8/4L3 H - w 7 1");
    assert_eq!(quiet(&p, "e1e2+h"), 0); // fetch
    assert_eq!(quiet(&p, "e1e2"), 8);
}

#[test]
fn draws_by_the_quiet_rule_the_round_limit_and_repetition() {
    let p = pos("4l3/8/8/8/8/8/8/4L3 - - w 64 10");
    assert_eq!(
        p.outcome().map(|o| o.termination),
        Some(Termination::MoveRule)
    );
    assert!(p.is_rule_draw());
    assert!(pos("4l3/8/8/8/8/8/8/4L3 - - w 63 10").outcome().is_none());
    assert!(!pos("4l3/8/8/8/8/8/8/4L3 - - w 63 10").is_rule_draw());
    assert!(!pos("4l3/8/8/8/8/8/8/4L3 - - b 0 256").is_rule_draw());
    assert!(pos("4l3/8/8/8/8/8/8/4L3 - - w 0 257").is_rule_draw());
    // A stalemate on the 64th quiet ply is a draw either way.
    assert!(pos("l7/8/2H5/8/8/8/8/1C2L3 - - b 64 1").is_rule_draw());
    let p = pos("4l3/8/8/8/8/8/8/4L3 - - w 0 257");
    assert_eq!(
        p.outcome().map(|o| o.termination),
        Some(Termination::Rule("round limit"))
    );
    assert!(pos("4l3/8/8/8/8/8/8/4L3 - - b 0 256").outcome().is_none());
    // After Black's 256th move the round limit is reached.
    let p = after(&pos("4l3/8/8/8/8/8/8/4L3 - - b 0 256"), "e8d8");
    assert_eq!(p.round(), 257);
    assert!(p.outcome().is_some());

    // Repetition: the start position recurs for the third time.
    let mut p = Position::startpos();
    let mut keys = Vec::new();
    for m in [
        "b1c3", "g8f6", "c3b1", "f6g8", "b1c3", "g8f6", "c3b1", "f6g8",
    ] {
        assert!(p.outcome_with_history(&keys).is_none());
        keys.push(p.hash());
        p = after(&p, m);
    }
    assert_eq!(
        p.outcome_with_history(&keys).map(|o| o.termination),
        Some(Termination::Repetition)
    );
    // A quiet reset in between restarts the count.
    let mut p = Position::startpos();
    let mut keys = Vec::new();
    for m in [
        "b1c3", "g8f6", "c3b1", "f6g8", "a2a3", "a7a6", "b1c3", "g8f6", "c3b1", "f6g8",
    ] {
        keys.push(p.hash());
        p = after(&p, m);
    }
    assert!(p.outcome_with_history(&keys).is_none());
}

#[test]
fn position_strings_are_rejected_with_a_reason() {
    let cases = [
        (
            "cheplehc/ssssssss/8/8/8/8/SSSSSSSS/CHEPLEHC - - w 0",
            "6 fields",
        ),
        (
            "cheplehc/ssssssss/8/8/8/SSSSSSSS/CHEPLEHC - - w 0 1",
            "8 ranks",
        ),
        (
            "chepkehc/ssssssss/8/8/8/8/SSSSSSSS/CHEPLEHC - - w 0 1",
            "unexpected character",
        ),
        (
            "cheplehc/ssssssss/8/8/8/8/SSSSSSSS/CHEP(p)LEHC - - w 0 1",
            "soul letter",
        ),
        ("4l3/8/8/8/8/8/8/C(cc)3L3 - - w 0 1", "more than 1 soul"),
        ("4l3/8/8/8/8/8/8/P(cehs)3L3 - - w 0 1", "more than 3 souls"),
        ("4l3/8/8/8/8/8/8/4L2P(ce - - w 0 1", "unclosed"),
        ("4l3/8/8/8/8/8/8/4L3 Ll - w 0 1", "Lord bodies"),
        (
            "4l3/8/8/8/8/8/8/4L3 - sssssssssssssssss w 0 1",
            "Soldier souls",
        ),
        ("8/8/8/8/8/8/8/4L3 - - w 0 1", "Black controls 0 Lord souls"),
        (
            "8/8/8/8/8/8/8/P(l)3L3 - - w 0 1",
            "White controls 2 Lord souls",
        ),
        ("4l3/8/8/8/8/8/8/4C()3 - l w 0 1", "White controls 0"),
        ("4l3/8/8/8/8/8/8/4C2L - - w 0 1", "not to move is in check"),
        ("4l3/8/8/8/8/8/8/4L3 - - x 0 1", "side to move"),
        ("4l3/8/8/8/8/8/8/4L3 - - w q 1", "quiet count"),
        ("4l3/8/8/8/8/8/8/4L3 - - w 0 0", "at least 1"),
        ("4l3/8/8/8/8/8/8/4L3 - - w 0 99999", "larger than"),
        ("4l3/8/8/8/8/8/8/4L3 X - w 0 1", "body letter"),
        ("4l3/8/8/8/8/8/8/4L3 - p w 0 1", "soul letter"),
        ("4l3/8/8/8/8/8/8/4L4 - - w 0 1", "more than 8 squares"),
        ("4l3/8/8/8/8/8/8/4L2 - - w 0 1", "does not have 8 squares"),
        ("4l3/8/8/8/8/8/8/44 - - w 0 1", "bad run"),
    ];
    for (text, reason) in cases {
        match Position::from_fen(text) {
            Ok(_) => panic!("accepted {text}"),
            Err(e) => assert!(
                e.to_string().contains(reason),
                "{text}: {e} (wanted '{reason}')"
            ),
        }
    }
}

#[test]
fn position_strings_are_written_canonically() {
    let p = pos("4l3/8/8/8/8/8/8/H(h)P()C()L4 ssCH cse w 3 7");
    assert_eq!(p.fen(), "4l3/8/8/8/8/8/8/HPC()L4 CHss ces w 3 7");
    let p = pos("4l3/8/8/8/8/8/8/P(hce)3L3 - - w 0 1");
    assert_eq!(p.fen(), "4l3/8/8/8/8/8/8/P(ceh)3L3 - - w 0 1");
    assert_eq!(p.cell("a1".parse_sq()).count(Soul::Horse), 1);
}

#[test]
fn move_text_is_parsed_exactly() {
    let start = Position::startpos();
    for garbage in [
        "",
        "e2",
        "e2e",
        "e9e3",
        "x~e1e2",
        "l~e1",
        "l~e1d2xq",
        "e2e3+p",
        "e2e3xs",
        "p@",
        "p@i9",
        "l~e1d2+",
        "l~e1d2+cc",
        "é2e3",
    ] {
        assert!(
            matches!(start.parse_move(garbage), Err(MoveError::Syntax(_))),
            "{garbage:?} should be a syntax error"
        );
    }
    assert!(matches!(
        start.parse_move("h~b1c3"),
        Err(MoveError::Illegal(_))
    ));
    assert!(matches!(
        start.parse_move("e1e2+h"),
        Err(MoveError::Illegal(_))
    ));
}
