//! `genfens` the way OpenBench's client runs it: every command-line
//! argument is a protocol line (`augur "genfens N seed S book None " "quit"`),
//! and the positions are the `info string genfens <position>` lines.

use augur_core::{Game, MoveList};
use augur_games::{Variant, with_game};
use std::collections::HashSet;
use std::process::Command;

/// The positions printed for `lines`, read as OpenBench reads them.
fn genfens(lines: &[String]) -> Vec<String> {
    let output = Command::new(env!("CARGO_BIN_EXE_augur"))
        .args(lines)
        .output()
        .expect("run augur");
    assert!(output.status.success());
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .filter(|l| l.starts_with("info string genfens "))
        .filter_map(|l| {
            l.split_once("genfens ")
                .map(|(_, p)| p.trim_end().to_string())
        })
        .collect()
}

fn openbench_lines(variant: Variant, count: u32, seed: u64, book: &str) -> Vec<String> {
    let mut lines = Vec::new();
    if !variant.is_standard() {
        lines.push(format!("setoption name UCI_Variant value {variant}"));
    }
    // OpenBench's command has a trailing space when it has no extra words.
    lines.push(format!("genfens {count} seed {seed} book {book} "));
    lines.push("quit".to_string());
    lines
}

/// Every position reads, goes on, and has a legal move.
fn check_positions<G: Game>(positions: &[String]) {
    for text in positions {
        let position = G::from_fen(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(position.fen(), *text);
        assert!(position.outcome().is_none(), "{text} is over");
        let mut moves = MoveList::new();
        position.generate(&mut moves);
        assert!(!moves.is_empty(), "{text}");
    }
}

#[test]
fn genfens_gives_distinct_legal_positions_reproducibly_in_every_game() {
    for variant in Variant::ALL {
        let first = genfens(&openbench_lines(variant, 20, 12345, "None"));
        assert_eq!(first.len(), 20, "{variant}");
        assert_eq!(
            first.iter().collect::<HashSet<_>>().len(),
            20,
            "{variant}: duplicates"
        );
        with_game!(variant, G => check_positions::<G>(&first));
        let again = genfens(&openbench_lines(variant, 20, 12345, "None"));
        assert_eq!(first, again, "{variant}: not reproducible");
        let other = genfens(&openbench_lines(variant, 20, 54321, "None"));
        assert_ne!(first, other, "{variant}: the seed changes nothing");
    }
}

#[test]
fn chess_positions_convert_to_epd_as_openbench_does() {
    for fen in genfens(&openbench_lines(Variant::Chess, 10, 7, "None")) {
        // OpenBench: the first four fields, then hmvc and fmvn from the last two.
        let fields: Vec<&str> = fen.split_whitespace().collect();
        assert_eq!(fields.len(), 6, "{fen}");
        assert!(fields[4].parse::<u32>().is_ok() && fields[5].parse::<u32>().is_ok());
    }
}

#[test]
fn genfens_starts_from_a_book_and_reports_a_missing_one() {
    let dir = std::env::temp_dir().join(format!("augur-genfens-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let book = dir.join("book.epd");
    std::fs::write(
        &book,
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - hmvc 2; fmvn 3;\n",
    )
    .expect("write book");
    let path = book.to_string_lossy().into_owned();
    let positions = genfens(&openbench_lines(Variant::Chess, 5, 1, &path));
    assert_eq!(positions.len(), 5);
    check_positions::<augur_games::chess::Position>(&positions);
    // The same seed from the start gives other positions.
    let from_start = genfens(&openbench_lines(Variant::Chess, 5, 1, "None"));
    assert!(positions.iter().all(|p| !from_start.contains(p)));
    let _ = std::fs::remove_dir_all(&dir);
    let output = Command::new(env!("CARGO_BIN_EXE_augur"))
        .args(["genfens 5 seed 1 book /no/such/book.epd", "quit"])
        .output()
        .expect("run augur");
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.contains("info string error: genfens: cannot read book"),
        "{text}"
    );
}

/// OpenBench's FRC workloads: with `UCI_Chess960` on, a book of Chess960
/// start arrays is read with castling by any rook, and every position
/// written reads back in Chess960 mode (X-FEN) and still comes from the book.
#[test]
fn genfens_reads_a_chess960_book_under_uci_chess960() {
    let book = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tools/arena/openings/chess960.epd")
        .to_string_lossy()
        .into_owned();
    let lines = vec![
        "setoption name UCI_Chess960 value true".to_string(),
        format!("genfens 8 seed 3 book {book} "),
        "quit".to_string(),
    ];
    let positions = genfens(&lines);
    assert_eq!(positions.len(), 8);
    let mut chess960_rights = 0;
    for text in &positions {
        let (position, warnings) = <augur_games::chess::Position as Game>::from_fen_chess960(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        assert!(warnings.is_empty(), "{text}: {warnings:?}");
        assert_eq!(position.fen(), *text);
        // Castling rights only Chess960 has: standard reading drops them.
        let (_, dropped) = <augur_games::chess::Position as Game>::from_fen_with_warnings(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        chess960_rights += usize::from(!dropped.is_empty());
    }
    assert!(chess960_rights >= 4, "{positions:?}");
    // OpenBench never sets the option: a book line whose castling only
    // Chess960 reads is a Chess960 position by itself, so the same
    // positions come out, rights kept.
    let unset = genfens(&[format!("genfens 8 seed 3 book {book} "), "quit".to_string()]);
    assert_eq!(unset, positions);
}

/// Shredder-FEN castling fields (rook files) keep their rights without
/// `UCI_Chess960`, and a standard line in a mixed book stays standard.
#[test]
fn genfens_keeps_shredder_fen_castling_rights_without_uci_chess960() {
    let dir = std::env::temp_dir().join(format!("augur-genfens-960-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let book = dir.join("shredder.epd");
    std::fs::write(
        &book,
        "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1\n\
         nrkbbqrn/pppppppp/8/8/8/8/PPPPPPPP/NRKBBQRN w GBgb - 0 1\n",
    )
    .expect("write book");
    let path = book.to_string_lossy().into_owned();
    let positions = genfens(&[
        format!("genfens 12 seed 5 book {path} "),
        "quit".to_string(),
    ]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(positions.len(), 12);
    let mut with_rights = 0;
    for text in &positions {
        let castling = text.split_whitespace().nth(2).unwrap_or("-");
        with_rights += usize::from(castling != "-");
        let (position, warnings) = <augur_games::chess::Position as Game>::from_fen_chess960(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        assert!(warnings.is_empty(), "{text}: {warnings:?}");
        assert_eq!(position.fen(), *text);
    }
    // Eight or nine random plies rarely move both kings and all four rooks.
    assert!(with_rights >= 9, "{positions:?}");
}
