//! Oracle chess's readable notation ([`Game::notation`]): the rules page's
//! move examples written out, every legal move of random positions read
//! back from its notation and no two sharing one, and the body hosting the
//! Lord soul in danger exactly when in check.

use augur_core::{Game, Square};
use augur_oracle::Position;
use augur_suite::notation::check_notations;
use augur_suite::shapes::random_positions;
use augur_suite::{read_perft_file, repo_root};

fn sq(name: &str) -> Square {
    Square::parse(name).unwrap_or_else(|| panic!("bad square {name}"))
}

fn position(text: &str) -> Position {
    Position::from_fen(text).unwrap_or_else(|e| panic!("{e}"))
}

/// The notation of the move written `text` in `fen`, checked to read back.
fn written(fen: &str, text: &str) -> String {
    let position = position(fen);
    let mv = position.parse_move(text).unwrap_or_else(|e| panic!("{e}"));
    let notation = position.notation(mv);
    assert_eq!(position.parse_notation(&notation), Ok(mv), "{notation}");
    notation
}

#[test]
fn the_rules_pages_moves_written_out() {
    let start = "cheplehc/ssssssss/8/8/8/8/SSSSSSSS/CHEPLEHC - - w 0 1";
    assert_eq!(written(start, "b1c3"), "Hb1-c3");
    assert_eq!(written(start, "e2e3"), "Se2-e3");
    assert_eq!(written(start, "l~e1d1"), "l~e1-d1");
    assert_eq!(written(start, "h~g1e2xs"), "h~g1xe2/s");
    assert_eq!(written("4l3/8/8/8/8/8/4h3/4L3 - - w 0 1", "e1e2"), "Le1xe2");
    let soldier = "4l3/8/8/3h1e()2/4S3/8/8/4L3 - - w 0 1";
    assert_eq!(written(soldier, "e4d5"), "Se4xd5");
    assert_eq!(written(soldier, "e4f5"), "Se4xf5");
    assert_eq!(written(soldier, "e4e5"), "Se4-e5");
    let into_black = "4l3/8/8/4c()3/4S3/8/8/4L3 - - w 0 1";
    assert_eq!(written(into_black, "s~e4e5"), "s~e4-e5");
    let queen = "4l3/8/8/8/3p(ce)4/1H6/8/4L3 - - w 0 1";
    assert_eq!(written(queen, "b3d4"), "Hb3xd4");
    assert_eq!(written(queen, "h~b3d4"), "h~b3-d4");
    assert_eq!(written(queen, "h~b3d4xc"), "h~b3xd4/c");
    assert_eq!(written(queen, "h~b3d4xe"), "h~b3xd4/e");
    let earth = "4l3/8/8/8/8/8/8/4L3 PHS - w 0 1";
    assert_eq!(written(earth, "e1e2"), "Le1-e2");
    assert_eq!(written(earth, "e1e2+h"), "Le1-e2,H@e1");
    assert_eq!(written(earth, "e1e2+s"), "Le1-e2,S@e1");
    let summon = "4l3/3H4/8/8/3P(ce)4/8/8/4L3 - hs w 0 1";
    assert_eq!(written(summon, "c~d4d7xh"), "c~d4xd7/h");
    assert_eq!(written(summon, "c~d4d7xh+s"), "c~d4xd7/h,s@d4");
    assert_eq!(written("S3l3/8/8/8/8/8/8/4L3 P - w 5 1", "p@a8"), "Sa8=P");
    // The rules page's checkmate, one move before.
    let mate = "l7/8/8/8/8/8/1C6/1C2L3 - - w 0 1";
    assert_eq!(written(mate, "b1a1"), "Cb1-a1#");
    let position_of = position;
    let checked = position_of("4c3/8/8/4H()3/8/8/8/l3L3 - - w 0 1");
    assert_eq!(checked.royal_in_danger(), [sq("e1")]);
    assert!(
        position_of("4c3/8/8/4H3/8/8/8/l3L3 - - w 0 1")
            .royal_in_danger()
            .is_empty()
    );
    let queen = position_of(queen);
    assert!(queen.parse_notation("h~b3xd4/h").is_err());
    assert!(queen.parse_notation("h~b3d4xc").is_err());
}

#[test]
fn notation_round_trips_and_is_unique_over_random_games() {
    let mut starts = vec![Position::startpos()];
    for record in read_perft_file(&repo_root().join("tests/perft/oracle.perft")) {
        starts.push(position(&record.position));
    }
    let positions = random_positions(&starts, 4, 80, 8);
    let (mut moves, mut souls, mut riders, mut checks) = (0, 0, 0, 0);
    for position in &positions {
        for (_, text) in check_notations(position) {
            moves += 1;
            souls += usize::from(text.contains('~'));
            riders += usize::from(text.contains('@'));
            checks += usize::from(text.ends_with('+') || text.ends_with('#'));
        }
        let danger = position.royal_in_danger();
        assert_eq!(
            !danger.is_empty(),
            position.in_check(),
            "{}",
            position.fen()
        );
    }
    assert!(
        moves > 50_000 && souls > 5_000 && riders > 100 && checks > 100,
        "{moves} moves, {souls} soul moves, {riders} fetches or summons, {checks} checks"
    );
}
