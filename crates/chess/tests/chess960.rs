//! Chess960 (`UCI_Chess960`): castling with any rook, X-FEN and Shredder-FEN
//! castling fields, king-takes-rook move text. Perft against python-chess
//! (`tests/perft/chess960.perft`, written by `tools/chess960_perft.py`),
//! hash and text round trips on random games from many start arrays, and
//! the castling corners one by one.

use augur_chess::Position;
use augur_core::{Game, MoveList};
use augur_suite::{check_perft_file_with, check_random_playouts_with, repo_root};

fn read960(text: &str) -> Result<Position, String> {
    Position::from_fen_chess960(text)
        .map(|(position, _)| position)
        .map_err(|e| e.to_string())
}

fn pos960(text: &str) -> Position {
    read960(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn legal_texts(position: &Position) -> Vec<String> {
    let mut moves = MoveList::new();
    position.generate(&mut moves);
    let mut texts: Vec<String> = moves.iter().map(|&m| position.move_text(m)).collect();
    texts.sort();
    texts
}

/// The start array of Scharnagl number `n` (0-959), White's back rank.
fn start_array(n: usize) -> String {
    let mut rank = [' '; 8];
    let free = |rank: &mut [char; 8], mut index: usize, piece: char| {
        for square in rank.iter_mut() {
            if *square == ' ' {
                if index == 0 {
                    *square = piece;
                    return;
                }
                index -= 1;
            }
        }
    };
    let (n, light) = (n / 4, n % 4);
    rank[light * 2 + 1] = 'B';
    let (n, dark) = (n / 4, n % 4);
    rank[dark * 2] = 'B';
    let (n, queen) = (n / 6, n % 6);
    free(&mut rank, queen, 'Q');
    let knights = [
        (0, 1),
        (0, 2),
        (0, 3),
        (0, 4),
        (1, 2),
        (1, 3),
        (1, 4),
        (2, 3),
        (2, 4),
        (3, 4),
    ][n];
    free(&mut rank, knights.1, 'N');
    free(&mut rank, knights.0, 'N');
    for piece in ['R', 'K', 'R'] {
        free(&mut rank, 0, piece);
    }
    rank.iter().collect()
}

fn start_fen(n: usize) -> String {
    let white = start_array(n);
    format!(
        "{}/pppppppp/8/8/8/8/PPPPPPPP/{white} w KQkq - 0 1",
        white.to_ascii_lowercase()
    )
}

#[test]
fn perft_matches_python_chess() {
    let path = repo_root().join("tests/perft/chess960.perft");
    let checked = check_perft_file_with(&path, Some(20_000_000), read960);
    assert!(checked >= 31 * 4, "only {checked} counts checked");
}

#[test]
fn scharnagl_numbering_is_the_standard_one() {
    assert_eq!(start_array(518), "RNBQKBNR");
    assert_eq!(start_array(0), "BBQNNRKR");
}

#[test]
fn random_games_from_many_arrays_keep_hash_and_text() {
    let mut checked = 0;
    for n in (0..960).step_by(37) {
        let start = pos960(&start_fen(n));
        checked += check_random_playouts_with(&start, 6, 120, n as u64, read960);
    }
    assert!(checked > 10_000, "only {checked} positions");
}

#[test]
fn standard_start_in_chess960_mode() {
    let start = pos960("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!(start.fen(), Position::startpos().fen());
    assert_eq!(start.hash(), Position::startpos().hash());
    assert_eq!(augur_core::perft::perft(&start, 4), 197_281);
    let castles = pos960("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let texts = legal_texts(&castles);
    assert!(texts.contains(&"e1h1".to_string()) && texts.contains(&"e1a1".to_string()));
    assert!(!texts.contains(&"e1g1".to_string()));
    // Standard text is still understood when no normal move has it.
    assert_eq!(castles.parse_move("e1g1"), castles.parse_move("e1h1"));
    let standard = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").expect("valid");
    let texts = legal_texts(&standard);
    assert!(texts.contains(&"e1g1".to_string()) && !texts.contains(&"e1h1".to_string()));
    assert_eq!(standard.parse_move("e1h1"), standard.parse_move("e1g1"));
    // The same position either way; only the text differs.
    assert_eq!(castles.hash(), standard.hash());
}

#[test]
fn shredder_and_x_fen_fields() {
    // Shredder-FEN letters and X-FEN letters give the same position.
    let shredder = pos960("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
    let xfen = pos960("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9");
    assert_eq!(shredder, xfen);
    assert_eq!(
        shredder.fen(),
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9"
    );
    // A right whose rook is not the outermost on its side keeps its file.
    let inner = pos960("4k3/8/8/8/8/8/8/RR2K3 w B - 0 1");
    assert_eq!(inner.fen(), "4k3/8/8/8/8/8/8/RR2K3 w B - 0 1");
    assert_eq!(inner.castling_rooks()[1], augur_core::Square::parse("b1"));
    let outer = pos960("4k3/8/8/8/8/8/8/RR2K3 w Q - 0 1");
    assert_eq!(outer.castling_rooks()[1], augur_core::Square::parse("a1"));
    assert_ne!(inner.hash(), outer.hash(), "the rook is part of the key");
    // Malformed: a letter naming no rook is dropped with a warning; two
    // rights for one side, repeats and other characters are refused.
    let (_, warnings) = Position::from_fen_chess960("4k3/8/8/8/8/8/8/R3K3 w C - 0 1").expect("ok");
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    for bad in ["AB", "KH", "QQ", "K-", "KQx1", "I", "Ké", "éK", "\u{1F600}"] {
        let fen = format!("r3k2r/8/8/8/8/8/8/RR2K2R w {bad} - 0 1");
        assert!(Position::from_fen_chess960(&fen).is_err(), "{fen}");
    }
    // Outside Chess960 only the standard rights are kept.
    let (standard, warnings) =
        Position::from_fen_with_warnings("4k3/8/8/8/8/8/8/RR2K2R w HB - 0 1").expect("ok");
    assert_eq!(standard.fen(), "4k3/8/8/8/8/8/8/RR2K2R w K - 0 1");
    assert_eq!(warnings.len(), 1, "{warnings:?}");
}

#[test]
fn castling_corners() {
    // The king already on g1: only the rook moves.
    let on_g1 = pos960("r3k2r/8/8/8/8/8/8/R5KR w HAha - 0 1");
    let castle = on_g1.parse_move("g1h1").expect("castling");
    let after = on_g1.play(castle);
    assert_eq!(after.fen(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
    // The b1 rook shields the c1 king from the a1 rook: no castling with it.
    let shield = pos960("4k3/8/8/8/8/8/8/rRK4R w BH - 0 1");
    assert!(!legal_texts(&shield).contains(&"c1b1".to_string()));
    assert!(legal_texts(&shield).contains(&"c1h1".to_string()));
    // King and rook swap squares.
    let swap = pos960("1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w GBgb - 0 1");
    let after = swap.play(
        swap.parse_move("f1g1")
            .expect("castling, written king-takes-rook"),
    );
    assert_eq!(
        after.fen(),
        "1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3RK1 b kq - 1 1"
    );
    assert_eq!(after.hash(), after.recompute_hash());
    // A king that would cross an attacked square may not castle that way.
    let attacked = pos960("3r2k1/8/8/8/8/8/8/R5KR w HA - 0 1");
    let texts = legal_texts(&attacked);
    assert!(texts.contains(&"g1h1".to_string()) && !texts.contains(&"g1a1".to_string()));
    // Capturing a castling rook removes its right.
    let capture = pos960("1r2k3/8/8/8/8/8/8/1R2K2R b B - 0 1");
    let after = capture.play(capture.parse_move("b8b1").expect("capture"));
    assert_eq!(after.castling_rights().bits(), 0);
    // SAN names castling O-O / O-O-O and reads it back.
    let san = on_g1.san(castle);
    assert_eq!(san, "O-O");
    assert_eq!(on_g1.parse_san("O-O"), Some(castle));
    assert_eq!(on_g1.parse_san("Kh1"), None);
}

/// Random castling fields (letters, digits, signs, non-ASCII) never panic,
/// and what is accepted writes a field that reads back the same, in both
/// modes.
#[test]
fn random_castling_fields_never_panic() {
    let alphabet: Vec<char> = "KQkqABCDEFGHabcdefghIiXx-01 éß😀".chars().collect();
    let boards = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
        "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1",
        "4k3/8/8/8/8/8/8/RR2K2R",
        "r6r/4k3/8/8/8/8/4K3/R6R",
    ];
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut next = |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    let mut accepted = 0;
    for _ in 0..20_000 {
        let length = 1 + next(6);
        let field: String = (0..length)
            .map(|_| alphabet[next(alphabet.len())])
            .collect();
        let fen = format!("{} w {field} - 0 1", boards[next(boards.len())]);
        for chess960 in [false, true] {
            let read = |text: &str| {
                if chess960 {
                    Position::from_fen_chess960(text).map(|(p, _)| p)
                } else {
                    Position::from_fen_with_warnings(text).map(|(p, _)| p)
                }
            };
            if let Ok(position) = read(&fen) {
                accepted += 1;
                let again = read(&position.fen()).expect("own output");
                assert_eq!(again, position, "{fen}");
                assert_eq!(position.hash(), position.recompute_hash(), "{fen}");
            }
        }
    }
    assert!(accepted > 1_000, "only {accepted} accepted");
}
