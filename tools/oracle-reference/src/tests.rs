//! Unit tests: reference perft counts, every move kind on small hand-built
//! positions (expected move lists derived by hand from the rulings), check,
//! mate, stalemate, counters, draws, position-string rejections and
//! canonical output.

use super::*;

fn pos(text: &str) -> Position {
    Position::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn sq(text: &str) -> Square {
    Square::parse(text).unwrap()
}

/// Sorted texts of all legal moves.
fn all_moves(text: &str) -> Vec<String> {
    let mut v: Vec<String> = legal_moves(&pos(text))
        .iter()
        .map(|m| m.to_string())
        .collect();
    v.sort();
    v
}

/// Sorted texts of the legal moves leaving `from`.
fn moves_from(text: &str, from: &str) -> Vec<String> {
    let f = sq(from);
    let mut v: Vec<String> = legal_moves(&pos(text))
        .iter()
        .filter(|m| m.from() == f)
        .map(|m| m.to_string())
        .collect();
    v.sort();
    v
}

/// Sorted texts of the candidate moves (before the check test) leaving `from`.
fn candidates_from(text: &str, from: &str) -> Vec<String> {
    let f = sq(from);
    let mut v: Vec<String> = candidate_moves(&pos(text))
        .iter()
        .filter(|m| m.from() == f)
        .map(|m| m.to_string())
        .collect();
    v.sort();
    v
}

fn sorted(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// The position string after playing `mv` (by text) in `text`.
fn after(text: &str, mv: &str) -> String {
    let p = pos(text);
    let m = find_move(&p, mv).unwrap_or_else(|e| panic!("{e}"));
    play(&p, &m).to_string()
}

fn rejected(text: &str, needle: &str) {
    match Position::parse(text) {
        Ok(p) => panic!("{text} was accepted as {p}"),
        Err(e) => assert!(
            e.contains(needle),
            "{text}: error '{e}' does not mention '{needle}'"
        ),
    }
}

// ---------------------------------------------------------------------------
// Perft from the start position
// ---------------------------------------------------------------------------

#[test]
fn start_perft_depths_1_to_4() {
    let p = pos(START);
    assert_eq!(perft(&p, 1), 27);
    assert_eq!(perft(&p, 2), 729);
    assert_eq!(perft(&p, 3), 20434);
    assert_eq!(perft(&p, 4), 573928);
}

#[test]
#[ignore = "about 35 s in release mode"]
fn start_perft_depth_5() {
    assert_eq!(perft(&pos(START), 5), 16654834);
}

#[test]
fn start_moves_by_hand() {
    // 8 Soldier steps, 4 Horse jumps, and 15 soul moves: the Lord soul into
    // the lifeless Priestess and onto the four neighbouring souls, Chariot and
    // Elephant souls onto their first blocking souls, Horse souls onto d2/e2.
    let expected = sorted(&[
        "a2a3", "b2b3", "c2c3", "d2d3", "e2e3", "f2f3", "g2g3", "h2h3", "b1a3", "b1c3", "g1f3",
        "g1h3", "l~e1d1", "l~e1d2xs", "l~e1e2xs", "l~e1f2xs", "l~e1f1xe", "c~a1a2xs", "c~a1b1xh",
        "c~h1h2xs", "c~h1g1xh", "e~c1b2xs", "e~c1d2xs", "e~f1e2xs", "e~f1g2xs", "h~b1d2xs",
        "h~g1e2xs",
    ]);
    assert_eq!(all_moves(START), expected);
    assert!(!in_check(&pos(START)));
    let d = divide(&pos(START), 2);
    assert_eq!(d.len(), 27);
    assert_eq!(d.iter().map(|(_, n)| n).sum::<u64>(), 729);
}

// ---------------------------------------------------------------------------
// Move kinds 1 and 2: a figure goes / takes
// ---------------------------------------------------------------------------

#[test]
fn chariot_figure_goes_and_takes_and_its_soul_moves() {
    // White Chariot d4; white lifeless Horse d6 (blocks the figure, not the
    // soul); black lifeless Soldier b4 (taken by the figure, entered by the
    // soul); black Soldier figure d2 (taken by either).
    let p = "7l/8/3H()4/8/1s()1C4/8/3s4/L7 - - w 0 1";
    let expected = sorted(&[
        "d4d5", "d4d3", "d4d2", "d4c4", "d4b4", "d4e4", "d4f4", "d4g4", "d4h4", "c~d4d6", "c~d4b4",
        "c~d4d2xs",
    ]);
    assert_eq!(moves_from(p, "d4"), expected);
    // Taking: the body goes to the earth switching colour, its soul below.
    assert_eq!(after(p, "d4d2"), "7l/8/3H()4/8/1s()6/8/3C4/L7 S s b 0 1");
    assert_eq!(after(p, "d4b4"), "7l/8/3H()4/8/1C6/8/3s4/L7 S - b 0 1");
}

#[test]
fn priestess_figure_moves_by_the_union_of_its_souls() {
    // A Goddess on an empty board: rook 14 + bishop 13 + knight 8.
    let p = "l7/8/8/8/3P(ceh)4/8/7L/8 - - w 0 1";
    let m = moves_from(p, "d4");
    assert_eq!(m.len(), 35, "{m:?}");
    for t in ["d4d8", "d4a4", "d4a1", "d4g7", "d4e6", "d4b3", "d4f5"] {
        assert!(m.contains(&t.to_string()), "{t} missing");
    }
    // Two Elephant souls and a Horse soul: the union counts each square once.
    let p = "4l3/8/8/8/8/8/8/P(eeh)6L - - w 0 1";
    let expected = sorted(&[
        "a1b2", "a1c3", "a1d4", "a1e5", "a1f6", "a1g7", "a1h8", "a1b3", "a1c2",
    ]);
    assert_eq!(moves_from(p, "a1"), expected);
    // A Queen is blocked by bodies and takes enemy bodies only.
    let p = "4l3/8/8/8/8/1s6/S7/3P(ce)L3 - - w 0 1";
    let expected = sorted(&[
        "d1a1", "d1b1", "d1c1", "d1d2", "d1d3", "d1d4", "d1d5", "d1d6", "d1d7", "d1d8", "d1c2",
        "d1b3", "d1e2", "d1f3", "d1g4", "d1h5",
    ]);
    assert_eq!(
        moves_from(p, "d1")
            .into_iter()
            .filter(|m| !m.contains('~'))
            .collect::<Vec<_>>(),
        expected
    );
}

#[test]
fn soldier_figure_steps_forward_and_takes_diagonally() {
    // e5 empty: go; d5 enemy lifeless body: take; f5 friendly body: nothing.
    let p = "7l/8/8/3e()1H()2/4S3/8/8/L7 - - w 0 1";
    assert_eq!(moves_from(p, "e4"), sorted(&["e4d5", "e4e5"]));
    // No double step from the second rank.
    let p = "7l/8/8/8/8/8/4S3/L7 - - w 0 1";
    assert_eq!(moves_from(p, "e2"), sorted(&["e2e3"]));
    // Blocked straight ahead by an enemy body: a Soldier does not take forward.
    let p = "7l/8/8/4s3/4S3/8/8/L7 - - w 0 1";
    assert_eq!(moves_from(p, "e4"), Vec::<String>::new());
    // Black Soldiers go down.
    let p = "7l/8/8/3s4/4C3/8/8/L7 - - b 0 1";
    assert_eq!(moves_from(p, "d5"), sorted(&["d5d4", "d5e4", "s~d5e4xc"]));
}

#[test]
fn ill_suited_and_lifeless_bodies_do_not_move_as_bodies() {
    // White Chariot body hosting an Elephant soul: only the soul moves (and
    // finds no body to go into, the own Lord soul on a1 being untakeable);
    // the lifeless Horse has no move at all.
    let p = "l7/8/8/8/3C(e)4/8/8/L6H() - - w 0 1";
    assert_eq!(moves_from(p, "d4"), Vec::<String>::new());
    assert_eq!(moves_from(p, "g1"), Vec::<String>::new());
    // Give the Elephant soul a target: it moves, the body still does not.
    let p = "l7/8/8/8/3C(e)4/8/1E()6/L6H() - - w 0 1";
    assert_eq!(moves_from(p, "d4"), sorted(&["e~d4b2"]));
}

// ---------------------------------------------------------------------------
// Move kind 3: a soul goes alone; move kind 4: a soul takes a soul
// ---------------------------------------------------------------------------

#[test]
fn soul_passes_lifeless_bodies_and_stops_at_souls() {
    // Elephant figure a1 cannot move (b2 friendly). Its soul passes the
    // lifeless bodies b2 (friendly) and c3 (enemy), may enter either, and
    // stops at d4, which hosts a soul (full: take only). e5 is out of reach.
    let p = "7l/8/8/4p3/3S4/2h()5/1C()6/E6L - - w 0 1";
    assert_eq!(
        moves_from(p, "a1"),
        sorted(&["e~a1b2", "e~a1c3", "e~a1d4xs"])
    );
    // After entering the enemy body the soul is Black's.
    let q = pos(&after(p, "e~a1c3"));
    assert_eq!(
        q.at(sq("c3")).unwrap().souls[SoulClass::Elephant.index()],
        1
    );
    assert_eq!(q.at(sq("c3")).unwrap().colour, Colour::Black);
    assert_eq!(q.at(sq("a1")).unwrap().soul_count(), 0);
    assert_eq!(q.quiet, 1);
}

#[test]
fn soul_entering_an_enemy_body_belongs_to_the_enemy() {
    // The Chariot soul may enter the black lifeless Elephant d4, but there it
    // would be Black's and attack the white Lord soul on d1: illegal. The
    // friendly lifeless Chariot d6 is fine; the own Lord soul is never taken.
    let p = "7l/8/3C()4/3C4/3e()4/8/8/3L4 - - w 0 1";
    let souls: Vec<String> = moves_from(p, "d5")
        .into_iter()
        .filter(|m| m.contains('~'))
        .collect();
    assert_eq!(souls, sorted(&["c~d5d6"]));
    assert!(candidates_from(p, "d5").contains(&"c~d5d4".to_string()));
    assert!(!candidates_from(p, "d5").contains(&"c~d5d1xl".to_string()));
}

#[test]
fn soldier_soul_forward_is_by_the_colour_of_the_body_it_leaves() {
    // A Soldier soul in a white Priestess (ill-suited) goes up into a body
    // with room (d5) and takes up-diagonally onto a soul (c5). It neither
    // takes a lifeless body diagonally (e5) nor moves backwards (d3, e3).
    let p = "7l/8/8/2hc()C()3/3P(s)4/3S()h3/8/L7 - - w 0 1";
    assert_eq!(moves_from(p, "d4"), sorted(&["s~d4c5xh", "s~d4d5"]));
    // A Soldier soul in a black Horse body goes down.
    let p = "7l/8/4c()H2/4h(s)3/3EC()3/8/8/L7 - - b 0 1";
    assert_eq!(moves_from(p, "e5"), sorted(&["s~e5d4xe", "s~e5e4"]));
}

#[test]
fn soul_takes_each_distinct_class_of_hosted_soul() {
    // A full black Priestess with two Chariot souls and an Elephant soul:
    // one move per distinct class.
    let p = "7l/8/8/8/C2p(cce)4/8/8/7L - - w 0 1";
    let souls: Vec<String> = moves_from(p, "a4")
        .into_iter()
        .filter(|m| m.contains('~'))
        .collect();
    assert_eq!(souls, sorted(&["c~a4d4xc", "c~a4d4xe"]));
    // With room, the soul may also go in without taking.
    let p = "7l/8/8/8/C2p(ce)4/8/8/7L - - w 0 1";
    let souls: Vec<String> = moves_from(p, "a4")
        .into_iter()
        .filter(|m| m.contains('~'))
        .collect();
    assert_eq!(souls, sorted(&["c~a4d4", "c~a4d4xc", "c~a4d4xe"]));
    // The taken soul goes below, the body keeps its colour, the mover's
    // old body is left lifeless.
    assert_eq!(after(p, "c~a4d4xe"), "7l/8/8/8/C()2p(cc)4/8/8/7L - e b 0 1");
}

#[test]
fn soul_take_onto_a_friendly_body() {
    // The Horse soul takes the white Soldier soul on e2 (move kind 4 onto a
    // friendly body); the Soldier body is now an ill-suited Soldier body
    // hosting a Horse soul.
    assert_eq!(
        after(START, "h~g1e2xs"),
        "cheplehc/ssssssss/8/8/8/8/SSSSS(h)SSS/CHEPLEH()C - s b 0 1"
    );
}

// ---------------------------------------------------------------------------
// The Lord soul prohibitions
// ---------------------------------------------------------------------------

#[test]
fn lord_soul_never_enters_an_enemy_body() {
    // d1: black lifeless Priestess (room); f2: black Horse figure. The Lord
    // soul may enter the friendly lifeless Chariot e2 only.
    let p = "4l3/8/8/8/8/8/4C()h2/3pL3 - - w 0 1";
    let c = candidates_from(p, "e1");
    assert!(c.contains(&"l~e1e2".to_string()));
    assert!(!c.contains(&"l~e1d1".to_string()));
    assert!(!c.iter().any(|m| m.starts_with("l~e1f2")));
    // Lord figure: d1 take is illegal (the Horse covers d1), d2/f1 go, f2 take.
    assert_eq!(
        moves_from(p, "e1"),
        sorted(&["e1d2", "e1f1", "e1f2", "l~e1e2"])
    );
}

#[test]
fn own_lord_soul_is_never_sent_to_the_underworld() {
    // The white Lord soul lives in a Priestess with a Chariot soul. The
    // white Chariot soul a1 may go in, or take the Chariot soul, never the
    // Lord soul.
    let p = "7l/8/8/8/8/8/8/C3P(cl)3 - - w 0 1";
    let souls: Vec<String> = moves_from(p, "a1")
        .into_iter()
        .filter(|m| m.contains('~'))
        .collect();
    assert_eq!(souls, sorted(&["c~a1e1", "c~a1e1xc"]));
    assert!(!candidates_from(p, "a1").contains(&"c~a1e1xl".to_string()));
}

// ---------------------------------------------------------------------------
// Move kind 5: Lord fetch; move kind 6: Priestess summon
// ---------------------------------------------------------------------------

#[test]
fn lord_fetches_each_class_of_its_colour_except_priestess() {
    // White earth: Priestess, Chariot, Horse; black earth: Horse, Soldier.
    // d2 holds a black lifeless Soldier (taken: it becomes a white Soldier
    // in the earth, but too late to be fetched by this move). f2 holds a
    // white lifeless Horse (the Lord soul may enter it, without fetching).
    let p = "4l3/8/8/8/8/8/3s()1H()2/4L3 PCHhs - w 3 1";
    let expected = sorted(&[
        "e1d1", "e1d1+c", "e1d1+h", "e1d2", "e1d2+c", "e1d2+h", "e1e2", "e1e2+c", "e1e2+h", "e1f1",
        "e1f1+c", "e1f1+h", "l~e1f2",
    ]);
    assert_eq!(moves_from(p, "e1"), expected);
    assert_eq!(
        after(p, "e1d2+c"),
        "4l3/8/8/8/8/8/3L1H()2/4C()3 PHShs - b 0 1"
    );
    assert_eq!(after(p, "e1e2"), "4l3/8/8/8/8/8/3s()LH()2/8 PCHhs - b 4 1");
    // A Lord body can be fetched, too (Black's Lord soul lives in a
    // Priestess, so only two Lord bodies exist).
    let p = "4p(l)3/8/8/8/8/8/8/4L3 L - w 0 1";
    assert_eq!(after(p, "e1e2+l"), "4p(l)3/8/8/8/8/8/4L3/4L()3 - - b 0 1");
}

#[test]
fn a_lord_soul_outside_a_lord_body_fetches_nothing() {
    // Lord soul in a Priestess: the Priestess is ill-suited, does not move,
    // and the soul moving alone does not fetch.
    let p = "4l3/8/8/8/8/8/3C()4/4P(l)3 C - w 0 1";
    assert_eq!(moves_from(p, "e1"), sorted(&["l~e1d2"]));
}

#[test]
fn priestess_summons_each_class_in_the_underworld() {
    // White Amazon d1, underworld: one Chariot and one Elephant soul. Both
    // souls may leave; each leaving gives the plain move plus one summon per
    // class. The Soldier soul taken on e3 cannot come back in the same move.
    let p = "7l/8/8/8/3S()4/4s3/8/3P(ch)3L - ce w 0 1";
    let souls: Vec<String> = moves_from(p, "d1")
        .into_iter()
        .filter(|m| m.contains('~'))
        .collect();
    assert_eq!(
        souls,
        sorted(&[
            "c~d1d4",
            "c~d1d4+c",
            "c~d1d4+e",
            "h~d1e3xs",
            "h~d1e3xs+c",
            "h~d1e3xs+e",
        ])
    );
    assert_eq!(
        after(p, "c~d1d4+e"),
        "7l/8/8/8/3S(c)4/4s3/8/3P(eh)3L - c b 0 1"
    );
    assert_eq!(
        after(p, "h~d1e3xs+c"),
        "7l/8/8/8/3S()4/4s(h)3/8/3P(cc)3L - es b 0 1"
    );
    // The Priestess figure's own moves never summon.
    assert!(
        moves_from(p, "d1")
            .iter()
            .filter(|m| !m.contains('~'))
            .all(|m| !m.contains('+'))
    );
    // A soul leaving a body that is not a Priestess summons nothing.
    let p = "7l/8/8/4p3/3S4/2h()5/1C()6/E6L - c w 0 1";
    assert_eq!(
        moves_from(p, "a1"),
        sorted(&["e~a1b2", "e~a1c3", "e~a1d4xs"])
    );
}

// ---------------------------------------------------------------------------
// Move kind 7: promotion
// ---------------------------------------------------------------------------

#[test]
fn soldier_on_last_rank_promotes_with_a_priestess_of_its_colour_in_the_earth() {
    let p = "l3S3/8/8/8/8/8/8/L7 P - w 5 10";
    assert_eq!(moves_from(p, "e8"), sorted(&["p@e8"]));
    assert_eq!(after(p, "p@e8"), "l3P3/8/8/8/8/8/8/L7 s s b 0 10");
    // Only a black Priestess in the earth: no promotion for White.
    let p = "l3S3/8/8/8/8/8/8/L7 p - w 5 10";
    assert_eq!(moves_from(p, "e8"), Vec::<String>::new());
    // Not on the last rank: no promotion.
    let p = "l7/4S3/8/8/8/8/8/L7 P - w 5 10";
    assert_eq!(moves_from(p, "e7"), sorted(&["e7e8"]));
    // An ill-suited Soldier body on the last rank does not promote.
    let p = "4S(c)3/8/8/8/8/8/8/L6l P - w 5 10";
    assert!(!moves_from(p, "e8").contains(&"p@e8".to_string()));
    // Black promotes on rank 1; the round advances after Black's move.
    let p = "l7/8/8/8/8/8/8/4s2L p - b 5 10";
    assert_eq!(moves_from(p, "e1"), sorted(&["p@e1"]));
    assert_eq!(after(p, "p@e1"), "l7/8/8/8/8/8/8/4p2L S s w 0 11");
}

// ---------------------------------------------------------------------------
// Check
// ---------------------------------------------------------------------------

#[test]
fn check_by_figure_and_by_soul_and_blocking() {
    // Chariot figure on the open file: check.
    assert!(in_check(&pos("l7/8/8/4c3/8/8/8/4L3 - - w 0 1")));
    // A lifeless body blocks the figure but not its soul: still check.
    assert!(in_check(&pos("l7/8/8/4c3/8/4C()3/8/4L3 - - w 0 1")));
    // A body hosting a soul blocks both: no check.
    assert!(!in_check(&pos("l7/8/8/4c3/8/4E3/8/4L3 - - w 0 1")));
    // A soul in an ill-suited body gives check by itself.
    assert!(in_check(&pos("l7/8/8/4h(c)3/8/8/8/4L3 - - w 0 1")));
    // A Soldier soul in a black body attacks diagonally downwards only.
    assert!(in_check(&pos("l7/8/8/8/8/8/3p(s)4/4L3 - - w 0 1")));
    assert!(!in_check(&pos("l7/8/8/8/8/8/4p(s)3/4L3 - - w 0 1")));
    assert!(!in_check(&pos("l7/8/8/8/8/8/4L3/3p(s)4 - - w 0 1")));
    // A Soldier figure attacks diagonally, not straight ahead.
    assert!(in_check(&pos("l7/8/8/8/8/8/3s4/4L3 - - w 0 1")));
    assert!(!in_check(&pos("l7/8/8/8/8/8/4s3/4L3 - - w 0 1")));
}

#[test]
fn lord_figure_attacks_but_a_lord_soul_never_does() {
    // The white Lord soul is in a Priestess, so it attacks nothing; the
    // black Lord figure on e3 could take that Priestess: check.
    assert!(in_check(&pos("8/8/8/8/8/4l3/3P(l)4/8 - - w 0 1")));
    assert!(!in_check(&pos("8/8/8/8/4l3/8/3P(l)4/8 - - w 0 1")));
    // Two Lord souls in adjacent Priestesses: neither attacks the other.
    assert!(!in_check(&pos("8/8/8/8/8/8/3p(l)4/4P(l)3 - - w 0 1")));
    // A black Lord soul in a Priestess next to the white Lord figure is
    // attacked by that figure (Black to move is in check).
    assert!(in_check(&pos("8/8/8/8/8/8/3p(l)4/4L3 - - b 0 1")));
    // ... and with White to move the string is rejected.
    rejected("8/8/8/8/8/8/3p(l)4/4L3 - - w 0 1", "not to move");
}

#[test]
fn a_pinned_piece_still_gives_check() {
    // The black Horse f3 may not legally move (it shields its Lord soul on
    // h3 from the Chariot a3), but it still attacks e1.
    let p = "8/8/8/8/8/C4h1l/8/4L3 - - w 0 1";
    assert!(in_check(&pos(p)));
    // Out of check: the Lord steps aside (not to d2, which the Horse also
    // covers), the Chariot takes the Horse, or the Chariot soul takes the
    // Horse soul (and, now Black's, attacks only the f-file and rank 3).
    assert_eq!(
        all_moves(p),
        sorted(&["a3f3", "c~a3f3xh", "e1d1", "e1e2", "e1f1", "e1f2"])
    );
}

#[test]
fn moves_that_leave_the_lord_soul_attacked_are_illegal() {
    // The white Elephant e2 shields e1 from the black Chariot e8: moving
    // the figure exposes the Lord; moving its soul out (into the lifeless
    // Horse c4) leaves a lifeless body on e2, which stops the Chariot figure
    // but not the Chariot soul.
    let p = "l3c3/8/8/8/2H()5/8/4E3/4L3 - - w 0 1";
    assert!(candidates_from(p, "e2").contains(&"e~e2c4".to_string()));
    assert!(candidates_from(p, "e2").contains(&"e2d3".to_string()));
    assert_eq!(moves_from(p, "e2"), Vec::<String>::new());
    // The white Lord soul may not walk into the lifeless Priestess d1,
    // where the black Horse c3 (figure and soul) could take it; e2 is
    // covered too; d2 and f1 are free.
    let p = "l7/8/8/8/8/2h5/8/3PL3 - - w 0 1";
    let m = moves_from(p, "e1");
    assert!(!m.contains(&"l~e1d1".to_string()));
    assert!(!m.contains(&"e1e2".to_string()));
    assert!(m.contains(&"e1f1".to_string()));
    assert!(m.contains(&"e1d2".to_string()));
}

// ---------------------------------------------------------------------------
// Mate, stalemate, draws, counters
// ---------------------------------------------------------------------------

#[test]
fn checkmate_and_stalemate() {
    let mate = "c6l/1c6/8/8/8/8/8/L7 - - w 0 1";
    assert!(in_check(&pos(mate)));
    assert!(all_moves(mate).is_empty());
    assert_eq!(status(&pos(mate)), Status::Checkmate);
    assert_eq!(perft(&pos(mate), 3), 0);
    let stale = "1c5l/8/8/8/8/8/7c/L7 - - w 0 1";
    assert!(!in_check(&pos(stale)));
    assert!(all_moves(stale).is_empty());
    assert_eq!(status(&pos(stale)), Status::Stalemate);
    // A friendly lifeless body on a2 gives the Lord soul a body to go into,
    // but the Chariot soul a8 sees through it (and the Chariot figure would
    // take it): still mate, now given by the soul alone.
    assert_eq!(
        status(&pos("c6l/1c6/8/8/8/8/C()7/L7 - - w 0 1")),
        Status::Checkmate
    );
    // Mate and stalemate beat the draw rules.
    assert_eq!(
        status(&pos("c6l/1c6/8/8/8/8/8/L7 - - w 64 300")),
        Status::Checkmate
    );
    assert_eq!(
        status(&pos("1c5l/8/8/8/8/8/7c/L7 - - w 99 257")),
        Status::Stalemate
    );
}

#[test]
fn mate_by_a_soul_through_a_lifeless_body() {
    // The lifeless body a5 stops the Chariot figure a8 but not its soul,
    // which gives check and covers a2; b1 and b2 are covered by b7.
    assert_eq!(
        status(&pos("c6l/1c6/8/C()7/8/8/8/L7 - - w 0 1")),
        Status::Checkmate
    );
    // A soul on a5 blocks the soul: the Lord may go to a2.
    assert_eq!(
        status(&pos("c6l/1c6/8/S7/8/8/8/L7 - - w 0 1")),
        Status::Ongoing
    );
}

#[test]
fn draw_rules() {
    let base = |quiet: u32, side: char, round: u32| {
        status(&pos(&format!(
            "4l3/8/8/8/8/8/8/4L3 - - {side} {quiet} {round}"
        )))
    };
    assert_eq!(base(63, 'w', 1), Status::Ongoing);
    assert_eq!(base(64, 'w', 1), Status::QuietDraw);
    assert_eq!(base(256, 'b', 256), Status::QuietDraw);
    assert_eq!(base(0, 'b', 256), Status::Ongoing);
    assert_eq!(base(0, 'w', 257), Status::RoundLimitDraw);
    assert_eq!(base(64, 'w', 257), Status::QuietDraw);
    // Black's 256th move ends round 256.
    let p = "4l3/8/8/8/8/8/8/4L3 - - b 0 256";
    assert_eq!(after(p, "e8e7"), "8/4l3/8/8/8/8/8/4L3 - - w 1 257");
    // Perft ignores the draw rules.
    assert_eq!(perft(&pos("4l3/8/8/8/8/8/8/4L3 - - w 64 300"), 1), 5);
}

#[test]
fn quiet_counter_and_round() {
    let p = "cheplehc/ssssssss/8/8/8/8/SSSSSSSS/CHEPLEHC - - w 10 7";
    // A non-Soldier figure goes: +1, round unchanged after White.
    let q = after(p, "g1f3");
    assert!(q.ends_with(" b 11 7"), "{q}");
    // After Black's move the round advances.
    let r = after(&q, "g8f6");
    assert!(r.ends_with(" w 12 8"), "{r}");
    // A Soldier figure goes: reset.
    assert!(after(p, "e2e3").ends_with(" b 0 7"));
    // A non-Soldier soul goes alone: +1.
    assert!(after(p, "l~e1d1").ends_with(" b 11 7"));
    // A soul takes a soul: reset.
    assert!(after(p, "h~g1e2xs").ends_with(" b 0 7"));
    // A Soldier soul goes alone: reset.
    let s = "4l3/8/8/8/8/4P3/4S3/4L3 - - w 10 7";
    assert_eq!(moves_from(s, "e2"), sorted(&["s~e2e3"]));
    assert_eq!(after(s, "s~e2e3"), "4l3/8/8/8/8/4P(s)3/4S()3/4L3 - - b 0 7");
    // A figure takes: reset (the chariot test has the take).
    let t = "7l/8/8/8/3C4/8/3s4/L7 - - w 9 2";
    assert!(after(t, "d4d2").ends_with(" b 0 2"));
    assert!(after(t, "d4d3").ends_with(" b 10 2"));
    // Lord goes without fetch: +1; with fetch: reset.
    let f = "4l3/8/8/8/8/8/8/4L3 C - w 9 2";
    assert!(after(f, "e1e2").ends_with(" b 10 2"));
    assert!(after(f, "e1e2+c").ends_with(" b 0 2"));
    // Summon: reset; the same soul move without summon: +1.
    let m = "7l/8/8/8/3S()4/8/8/3P(c)3L - e w 9 2";
    assert!(after(m, "c~d1d4").ends_with(" b 10 2"));
    assert!(after(m, "c~d1d4+e").ends_with(" b 0 2"));
    // Promotion: reset (see the promotion test).
}

// ---------------------------------------------------------------------------
// Position strings
// ---------------------------------------------------------------------------

#[test]
fn canonical_output_round_trips() {
    assert_eq!(pos(START).to_string(), START);
    let cases = [
        // Redundant parentheses and soul order are normalised.
        (
            "4l3/8/8/8/8/8/8/2P()C(c)L3 - - w 0 1",
            "4l3/8/8/8/8/8/8/2PCL3 - - w 0 1",
        ),
        (
            "4l3/8/8/8/8/8/8/2P(ec)P(l)4 - - w 0 1",
            "4l3/8/8/8/8/8/8/2P(ce)P(l)4 - - w 0 1",
        ),
        // Earth: White's bodies first, each side in L P C E H S order.
        (
            "4l3/8/8/8/8/8/8/4L3 shCHp - w 0 1",
            "4l3/8/8/8/8/8/8/4L3 CHphs - w 0 1",
        ),
        // Underworld in l c e h s order; numbers without leading zeros;
        // any whitespace between fields.
        (
            "  4l3/8/8/8/8/8/8/4L3   -  sec  b 007 0012 ",
            "4l3/8/8/8/8/8/8/4L3 - ces b 7 12",
        ),
        // Lifeless non-Priestess bodies, ill-suited bodies, Goddess.
        (
            "4l3/8/8/8/8/8/P(hce)s(c)S()5/4L3 - - w 0 1",
            "4l3/8/8/8/8/8/P(ceh)s(c)S()5/4L3 - - w 0 1",
        ),
    ];
    for (input, canonical) in cases {
        assert_eq!(pos(input).to_string(), canonical);
        assert_eq!(pos(canonical).to_string(), canonical);
        assert_eq!(pos(canonical), pos(input));
    }
}

#[test]
fn random_games_round_trip_and_stay_valid() {
    // Deterministic pseudo-random games from the start: every reached
    // position re-parses to itself, no move text repeats, the side that
    // just moved is never in check, and find_move finds every move.
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for _game in 0..12 {
        let mut p = pos(START);
        for _ply in 0..160 {
            let text = p.to_string();
            assert_eq!(pos(&text), p, "{text}");
            let moves = legal_moves(&p);
            let mut texts: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
            let n = texts.len();
            texts.sort();
            texts.dedup();
            assert_eq!(texts.len(), n, "duplicate move in {text}");
            if moves.is_empty() {
                break;
            }
            let m = moves[(next() % moves.len() as u64) as usize];
            assert_eq!(find_move(&p, &m.to_string()), Ok(m));
            p = play(&p, &m);
        }
    }
}

#[test]
fn find_move_rejects_illegal_text() {
    let p = pos(START);
    assert!(find_move(&p, "e2e4").is_err());
    assert!(find_move(&p, "l~e1d1+c").is_err());
    assert!(find_move(&p, "nonsense").is_err());
    assert!(find_move(&p, "e2e3").is_ok());
}

#[test]
fn reject_lord_soul_counts() {
    // White controls no Lord soul.
    rejected(
        "4l3/8/8/8/8/8/8/4C3 - - w 0 1",
        "White controls 0 Lord souls",
    );
    rejected(
        "4l3/8/8/8/8/8/8/4L()3 - - w 0 1",
        "White controls 0 Lord souls",
    );
    // White controls two (Black none).
    rejected(
        "4c3/8/8/8/8/8/8/3P(l)L3 - - w 0 1",
        "White controls 2 Lord souls",
    );
    // A Lord soul in a black body is Black's: Black controls two.
    rejected(
        "4p(l)3/8/8/8/8/8/8/4p(l)3 - - w 0 1",
        "White controls 0 Lord souls",
    );
    rejected(
        "4c3/8/8/8/8/8/8/4L3 - - w 0 1",
        "Black controls 0 Lord souls",
    );
}

#[test]
fn reject_capacity() {
    rejected("4l3/8/8/8/8/8/8/3C(ce)L3 - - w 0 1", "capacity");
    rejected("4l3/8/8/8/8/8/8/3P(cehs)L3 - - w 0 1", "capacity");
    rejected("4l3/8/8/8/8/8/8/3L(ll)4 - - w 0 1", "capacity");
}

#[test]
fn reject_totals() {
    // Bodies (board and earth together).
    rejected("4l3/8/8/8/8/8/8/3L()L3 l - w 0 1", "Lord bodies");
    rejected("4l3/8/8/8/8/8/8/PP2L3 p - w 0 1", "Priestess bodies");
    rejected("4l3/8/8/8/8/8/8/C()C()C()L4 cc - w 0 1", "Chariot bodies");
    rejected("4l3/8/8/8/8/8/8/E()E()E()L4 Ee - w 0 1", "Elephant bodies");
    rejected("4l3/8/8/8/8/8/8/H()H()H()L4 hH - w 0 1", "Horse bodies");
    rejected(
        "4l3/8/8/S()S()S()S()S()S()S()S()/S()S()S()S()S()S()S()S()/8/8/4L3 s - w 0 1",
        "Soldier bodies",
    );
    // Souls (board and underworld together).
    rejected("4l3/8/8/8/8/8/8/4L3 - l w 0 1", "Lord souls");
    rejected("4l3/8/8/8/8/8/8/P(ccc)3L3 - cc w 0 1", "Chariot souls");
    rejected("4l3/8/8/8/8/8/8/P(eee)3L3 - ee w 0 1", "Elephant souls");
    rejected("4l3/8/8/8/8/8/8/P(hhh)3L3 - hh w 0 1", "Horse souls");
    rejected(
        "4l3/8/8/8/8/8/8/P(sss)3L3 - ssssssssssssss w 0 1",
        "Soldier souls",
    );
    // At the limits the strings are accepted.
    pos("4l3/8/8/8/8/8/8/P(ccc)3L3 - c w 0 1");
    pos("4l3/8/8/8/8/8/8/C()C()C()L4 c - w 0 1");
}

#[test]
fn reject_side_not_to_move_in_check() {
    rejected("4l3/8/8/8/8/8/4C3/7L - - w 0 1", "not to move");
    // With Black to move the same board is fine (Black is in check).
    assert!(in_check(&pos("4l3/8/8/8/8/8/4C3/7L - - b 0 1")));
    // Check by a soul counts too.
    rejected("4l3/8/8/8/8/8/4H(c)3/7L - - w 0 1", "not to move");
}

#[test]
fn reject_syntax_errors() {
    let ok = "4l3/8/8/8/8/8/8/4L3 - - w 0 1";
    pos(ok);
    let bad = [
        ("", "6 fields"),
        ("4l3/8/8/8/8/8/8/4L3 - - w 0", "6 fields"),
        ("4l3/8/8/8/8/8/8/4L3 - - w 0 1 x", "6 fields"),
        ("4l3/8/8/8/8/8/4L3 - - w 0 1", "8 ranks"),
        ("4l3/8/8/8/8/8/8/8/4L3 - - w 0 1", "8 ranks"),
        ("4l4/8/8/8/8/8/8/4L3 - - w 0 1", "more than 8"),
        ("4l2/8/8/8/8/8/8/4L3 - - w 0 1", "7 squares"),
        ("4k3/8/8/8/8/8/8/4L3 - - w 0 1", "unexpected character 'k'"),
        ("4l3/8/8/8/8/8/8/4L03 - - w 0 1", "1 to 8"),
        ("4l3/8/8/8/8/8/8/4L9 - - w 0 1", "1 to 8"),
        ("4l3/8/8/8/8/8/8/4L12 - - w 0 1", "two digits"),
        ("4l3/8/8/8/8/8/8/4L2C(c - - w 0 1", "unclosed"),
        ("4l3/8/8/8/8/8/8/4L2C(p) - - w 0 1", "not a soul letter"),
        ("4l3/8/8/8/8/8/8/4L2P(C) - - w 0 1", "not a soul letter"),
        (
            "4l3/8/8/8/8/8/8/4L2(c) - - w 0 1",
            "unexpected character '('",
        ),
        ("4l3/8/8/8/8/8/8/4L3 X - w 0 1", "earth"),
        ("4l3/8/8/8/8/8/8/4L3 -C - w 0 1", "earth"),
        ("4l3/8/8/8/8/8/8/4L3 - C w 0 1", "underworld"),
        ("4l3/8/8/8/8/8/8/4L3 - p w 0 1", "underworld"),
        ("4l3/8/8/8/8/8/8/4L3 - -- w 0 1", "underworld"),
        ("4l3/8/8/8/8/8/8/4L3 - - W 0 1", "side"),
        ("4l3/8/8/8/8/8/8/4L3 - - x 0 1", "side"),
        ("4l3/8/8/8/8/8/8/4L3 - - w -1 1", "quiet"),
        ("4l3/8/8/8/8/8/8/4L3 - - w +1 1", "quiet"),
        ("4l3/8/8/8/8/8/8/4L3 - - w a 1", "quiet"),
        ("4l3/8/8/8/8/8/8/4L3 - - w 0 0", "round must be at least 1"),
        ("4l3/8/8/8/8/8/8/4L3 - - w 0 99999999999", "too large"),
        ("4l3/8/8/8/8/8/8/4L3 - - w 0 1.5", "round"),
    ];
    for (text, needle) in bad {
        rejected(text, needle);
    }
}
