use super::layout::*;
use super::*;
use augur_core::{Game, MoveList, Square};
use rand::prelude::*;

/// Positions met in random playouts from the start and a few busy
/// positions (deterministic for a seed).
fn playout_positions(games: usize, seed: u64) -> Vec<Position> {
    let starts = [
        crate::STARTING_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    ];
    let mut rng = StdRng::seed_from_u64(seed);
    let mut out = Vec::new();
    for game in 0..games {
        let mut pos = Position::from_fen_detailed(starts[game % starts.len()]).expect("valid FEN");
        for _ in 0..200 {
            out.push(pos);
            let mut moves = MoveList::new();
            pos.generate(&mut moves);
            if moves.is_empty() || pos.halfmove_clock >= 100 {
                break;
            }
            pos = pos.play_unchecked(moves[rng.random_range(0..moves.len())]);
        }
    }
    out
}

/// The position mirrored top to bottom with the colours swapped (and the
/// side to move, castling rights and en passant square with them).
pub(crate) fn mirror(pos: &Position) -> Position {
    let fen = pos.fen();
    let fields: Vec<&str> = fen.split(' ').collect();
    let swap = |c: char| {
        if c.is_ascii_uppercase() {
            c.to_ascii_lowercase()
        } else {
            c.to_ascii_uppercase()
        }
    };
    let board: Vec<String> = fields[0]
        .split('/')
        .rev()
        .map(|rank| rank.chars().map(swap).collect())
        .collect();
    let side = if fields[1] == "w" { "b" } else { "w" };
    let castling: String = if fields[2] == "-" {
        "-".to_string()
    } else {
        let swapped: String = fields[2].chars().map(swap).collect();
        "KQkq".chars().filter(|&c| swapped.contains(c)).collect()
    };
    let en_passant = match Square::parse(fields[3]) {
        Some(square) => square.flip_rank().to_string(),
        None => "-".to_string(),
    };
    let text = format!(
        "{} {side} {castling} {en_passant} {} {}",
        board.join("/"),
        fields[4],
        fields[5]
    );
    Position::from_fen_detailed(&text).unwrap_or_else(|e| panic!("mirror of {fen}: {text}: {e}"))
}

#[test]
fn colour_symmetry_on_random_playouts() {
    let positions = playout_positions(60, 1);
    assert!(positions.len() > 5_000, "{}", positions.len());
    for pos in &positions {
        let mirrored = mirror(pos);
        assert_eq!(
            pos.evaluate_hand_written(),
            mirrored.evaluate_hand_written(),
            "{} vs {}",
            pos.fen(),
            mirrored.fen()
        );
        assert_eq!(evaluate_white(pos), -evaluate_white(&mirrored));
    }
}

#[test]
fn linear_features_reproduce_the_evaluation_exactly() {
    let positions = playout_positions(60, 2);
    for pos in &positions {
        let features = linear_features(pos);
        assert_eq!(features.phase, phase(pos));
        assert_eq!(
            features.evaluate(&DEFAULT_WEIGHTS),
            evaluate_white(pos),
            "{}",
            pos.fen()
        );
        // By hand, the way the tuner does it.
        let (mut mg, mut eg) = (0i64, 0i64);
        for &(index, coefficient) in &features.terms {
            let (m, e) = DEFAULT_WEIGHTS.pairs[index as usize];
            mg += i64::from(m) * i64::from(coefficient);
            eg += i64::from(e) * i64::from(coefficient);
        }
        let blended = (mg * i64::from(features.phase) + eg * i64::from(MAX_PHASE - features.phase))
            / i64::from(MAX_PHASE);
        assert_eq!(blended, i64::from(evaluate_white(pos)));
    }
}

#[test]
fn linear_features_hold_for_any_weights() {
    // Not only for the default weights: the features do not depend on them.
    let mut rng = StdRng::seed_from_u64(9);
    let mut weights = DEFAULT_WEIGHTS.clone();
    for pair in weights.pairs.iter_mut() {
        *pair = (rng.random_range(-200..200), rng.random_range(-200..200));
    }
    for pos in playout_positions(10, 3) {
        let expected = evaluate_traced(&pos, &weights, &mut NoTrace);
        assert_eq!(linear_features(&pos).evaluate(&weights), expected);
    }
}

#[test]
fn startpos_is_the_tempo_bonus() {
    let start = Position::startpos();
    assert_eq!(phase(&start), MAX_PHASE);
    assert_eq!(
        start.evaluate_hand_written(),
        DEFAULT_WEIGHTS.pairs[TEMPO].0
    );
    assert!(start.evaluate_hand_written().abs() < 40);
    let features = linear_features(&start);
    assert_eq!(features.terms, vec![(TEMPO as u16, 1)]);
}

#[test]
fn an_extra_queen_is_worth_more_than_700() {
    for (fen, sign) in [
        (
            "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            1,
        ),
        (
            "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
            -1,
        ),
        ("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", 1),
        ("3qk3/8/8/8/8/8/8/4K3 w - - 0 1", -1),
    ] {
        let pos = Position::from_fen_detailed(fen).expect("valid FEN");
        assert!(
            sign * pos.evaluate_hand_written() > 700,
            "{fen}: {}",
            pos.evaluate_hand_written()
        );
    }
}

#[test]
fn eval_terms_add_up_to_the_evaluation() {
    let names: Vec<_> = Position::startpos()
        .eval_terms()
        .iter()
        .map(|t| t.name)
        .collect();
    assert_eq!(
        names,
        [
            "material",
            "psqt",
            "mobility",
            "pawns",
            "passed",
            "king safety",
            "pieces",
            "tempo"
        ]
    );
    for pos in playout_positions(20, 4) {
        let terms = pos.eval_terms();
        let total: i32 = terms.iter().map(|t| t.first - t.second).sum();
        assert_eq!(total, evaluate_white(&pos), "{}", pos.fen());
        let tempo = &terms[7];
        match pos.side_to_move() {
            Color::White => assert_eq!(tempo.second, 0),
            Color::Black => assert_eq!(tempo.first, 0),
        }
    }
    let queen_up = Position::from_fen_detailed("4k3/8/8/8/8/8/8/3QK3 w - - 0 1").expect("valid");
    let material = &queen_up.eval_terms()[0];
    assert_eq!(material.second, 0);
    assert!(material.first > 700);
}

fn mv(pos: &Position, text: &str) -> Move {
    pos.parse_move(text).expect("legal move")
}

#[test]
fn noisy_scores_order_captures_and_promotions() {
    // White pawn on d4 can take a queen on e5; the white queen on a5 can
    // take a pawn on a7.
    let pos = Position::from_fen_detailed("4k3/p7/8/Q3q3/3P4/8/8/7K w - - 0 1").expect("valid");
    let pxq = pos.noisy_score(mv(&pos, "d4e5")).expect("capture");
    let qxp = pos.noisy_score(mv(&pos, "a5a7")).expect("capture");
    let qxq = pos.noisy_score(mv(&pos, "a5e5")).expect("capture");
    assert!(pxq > qxq && qxq > qxp, "{pxq} {qxq} {qxp}");
    assert_eq!(pos.noisy_score(mv(&pos, "d4d5")), None);
    assert_eq!(pos.noisy_score(mv(&pos, "h1g1")), None);

    let ep = Position::from_fen_detailed("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2").expect("valid");
    assert!(ep.noisy_score(mv(&ep, "e5d6")).is_some());

    let castle = Position::from_fen_detailed("4k3/8/8/8/8/8/8/4K2R w K - 0 1").expect("valid");
    assert_eq!(castle.noisy_score(mv(&castle, "e1g1")), None);

    let promo = Position::from_fen_detailed("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1").expect("valid");
    let queen = promo.noisy_score(mv(&promo, "a7a8q")).expect("promotion");
    let queen_capture = promo.noisy_score(mv(&promo, "a7b8q")).expect("promotion");
    let knight = promo.noisy_score(mv(&promo, "a7a8n")).expect("promotion");
    let rook = promo.noisy_score(mv(&promo, "a7a8r")).expect("promotion");
    let bishop = promo.noisy_score(mv(&promo, "a7a8b")).expect("promotion");
    assert!(queen_capture > queen && queen > pxq);
    assert!(knight < qxp && rook < qxp && bishop < qxp);
}

#[test]
fn non_pawn_material_is_the_side_to_moves() {
    let white_only = Position::from_fen_detailed("4k3/p7/8/8/8/8/8/3NK3 w - - 0 1").expect("valid");
    assert!(white_only.has_non_pawn_material());
    let black_to_move =
        Position::from_fen_detailed("4k3/p7/8/8/8/8/8/3NK3 b - - 0 1").expect("valid");
    assert!(!black_to_move.has_non_pawn_material());
    assert!(
        !Position::from_fen_detailed("4k3/8/8/8/8/8/P7/4K3 w - - 0 1")
            .expect("valid")
            .has_non_pawn_material()
    );
}

#[test]
fn null_moves_keep_the_hash_exact() {
    let in_check = Position::from_fen_detailed("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1").expect("valid");
    assert!(in_check.play_null().is_none());

    let ep = Position::from_fen_detailed("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2").expect("valid");
    let passed = ep.play_null().expect("not in check");
    assert_eq!(passed.en_passant_square(), None);
    assert_eq!(passed.side_to_move(), Color::Black);
    assert_eq!(passed.halfmove_clock(), 1);
    assert_eq!(passed.hash(), passed.recompute_hash());
    assert_ne!(passed.hash(), ep.hash());

    let mut checked = 0;
    for pos in playout_positions(30, 5) {
        match pos.play_null() {
            None => assert!(pos.in_check()),
            Some(next) => {
                checked += 1;
                assert_eq!(next.hash(), next.recompute_hash(), "{}", pos.fen());
                assert_eq!(next.side_to_move(), pos.side_to_move().opponent());
                assert!(!next.in_check());
                let reread = Position::from_fen_detailed(&next.fen()).expect("own FEN");
                assert_eq!(reread, next, "{}", pos.fen());
                // Passing twice gives the position back (but for the
                // clocks and a lost en passant right).
                let back = next.play_null().expect("not in check");
                assert_eq!(back.mailbox, pos.mailbox);
                if pos.en_passant_square().is_none() {
                    assert_eq!(back.hash(), pos.hash());
                }
            }
        }
    }
    assert!(checked > 1_000);
}

#[test]
fn layout_names_and_families() {
    let names: Vec<String> = (0..NUM_WEIGHTS)
        .map(|i| weight_name(i).expect("named"))
        .collect();
    let unique: std::collections::HashSet<_> = names.iter().collect();
    assert_eq!(unique.len(), NUM_WEIGHTS);
    assert_eq!(weight_name(NUM_WEIGHTS), None);
    assert_eq!(names[PSQT + 64 + 28], "psqt.knight.e4");
    assert_eq!(names[SAFE_CHECK], "king.safe_check.knight");
    assert_eq!(names[KING_ZONE_ATTACK + 4], "king.zone_attack.queen");
    assert_eq!(names[PASSED + 6], "passed.rank7");
    assert_eq!(Family::of(MATERIAL), Family::Material);
    assert_eq!(Family::of(MOBILITY_QUEEN + 27), Family::Mobility);
    assert_eq!(Family::of(PASSED_KING_THEIRS + 7), Family::Passed);
    assert_eq!(Family::of(HANGING), Family::Pieces);
    assert_eq!(Family::of(TEMPO), Family::Tempo);
    // Family ranges are contiguous and in order.
    let order: Vec<usize> = (0..NUM_WEIGHTS).map(|i| Family::of(i) as usize).collect();
    assert!(order.windows(2).all(|w| w[0] <= w[1]));
}

#[test]
fn terms_on_known_positions() {
    // White: isolated doubled pawns on the c-file and a passed pawn on a6.
    let pos = Position::from_fen_detailed("4k3/8/P7/8/2P5/2P5/8/4K3 w - - 0 1").expect("valid");
    let features = linear_features(&pos);
    let coefficient = |index: usize| {
        features
            .terms
            .iter()
            .find(|&&(i, _)| i as usize == index)
            .map_or(0, |&(_, c)| c)
    };
    assert_eq!(coefficient(PAWN_DOUBLED), 1);
    assert_eq!(coefficient(PAWN_ISOLATED), 3);
    assert_eq!(coefficient(PASSED + 5), 1); // a6
    assert_eq!(coefficient(PASSED + 3), 1); // c4, the front c-pawn
    assert_eq!(coefficient(PASSED + 2), 0); // c3 is behind it
    assert_eq!(coefficient(PASSED_FREE + 5), 1);
    assert_eq!(coefficient(MATERIAL), 3);
    assert_eq!(features.phase, 0);
}

/// Evaluations per second on playout positions (run with
/// `cargo test --release -p augur-chess eval_speed -- --ignored --nocapture`).
#[test]
#[ignore]
fn eval_speed() {
    let positions = playout_positions(400, 6);
    let started = std::time::Instant::now();
    let mut sum = 0i64;
    let rounds = 50;
    for _ in 0..rounds {
        for pos in &positions {
            sum += i64::from(std::hint::black_box(pos).evaluate_hand_written());
        }
    }
    let elapsed = started.elapsed().as_secs_f64();
    let count = (rounds * positions.len()) as f64;
    println!(
        "{} evaluations in {elapsed:.3}s: {:.2}M/s (checksum {sum})",
        count,
        count / elapsed / 1e6
    );
}

/// Evaluations per second on opening and middlegame positions (the first 30
/// plies of random games from the start).
#[test]
#[ignore]
fn eval_speed_middlegame() {
    let mut rng = StdRng::seed_from_u64(7);
    let mut positions = Vec::new();
    for _ in 0..1000 {
        let mut pos = Position::startpos();
        for _ in 0..30 {
            let mut moves = MoveList::new();
            pos.generate(&mut moves);
            if moves.is_empty() {
                break;
            }
            pos = pos.play_unchecked(moves[rng.random_range(0..moves.len())]);
            positions.push(pos);
        }
    }
    let started = std::time::Instant::now();
    let mut sum = 0i64;
    let rounds = 100;
    for _ in 0..rounds {
        for pos in &positions {
            sum += i64::from(std::hint::black_box(pos).evaluate_hand_written());
        }
    }
    let elapsed = started.elapsed().as_secs_f64();
    let count = (rounds * positions.len()) as f64;
    println!(
        "{} middlegame evaluations in {elapsed:.3}s: {:.2}M/s (checksum {sum})",
        count,
        count / elapsed / 1e6
    );
}

/// The pawn and outpost terms counted square by square, the slow obvious
/// way, for one side: (doubled, isolated, backward, passed by rank,
/// outposts (knight, bishop)).
fn reference_pawn_terms(pos: &Position, color: Color) -> (i32, i32, i32, [i32; 8], (i32, i32)) {
    let ours = pos.pieces(color, Role::Pawn);
    let theirs = pos.pieces(color.opponent(), Role::Pawn);
    let ahead = |from: Square, to: Square| match color {
        Color::White => to.rank() > from.rank(),
        Color::Black => to.rank() < from.rank(),
    };
    let near_file = |a: Square, b: Square| a.file().abs_diff(b.file()) <= 1;
    let (mut doubled, mut isolated, mut backward) = (0, 0, 0);
    let mut passed = [0; 8];
    for sq in ours {
        let rank = if color == Color::White {
            sq.rank()
        } else {
            7 - sq.rank()
        } as usize;
        let is_doubled = ours.iter().any(|o| o.file() == sq.file() && ahead(sq, o));
        let neighbours: Vec<Square> = ours
            .iter()
            .filter(|o| o.file().abs_diff(sq.file()) == 1)
            .collect();
        doubled += i32::from(is_doubled);
        if neighbours.is_empty() {
            isolated += 1;
        } else {
            let stop = Square::new(if color == Color::White {
                sq.index() as u8 + 8
            } else {
                sq.index() as u8 - 8
            });
            let stop_attacked = theirs.iter().any(|t| {
                augur_core::attacks::pawn_attacks(t, color == Color::Black).contains(stop)
            });
            if neighbours.iter().all(|&n| ahead(sq, n)) && stop_attacked {
                backward += 1;
            }
        }
        if !is_doubled && !theirs.iter().any(|t| near_file(sq, t) && ahead(sq, t)) {
            passed[rank] += 1;
        }
    }
    let mut outposts = (0, 0);
    for (role, count) in [
        (Role::Knight, &mut outposts.0),
        (Role::Bishop, &mut outposts.1),
    ] {
        for sq in pos.pieces(color, role) {
            let rank = if color == Color::White {
                sq.rank()
            } else {
                7 - sq.rank()
            };
            let supported = ours
                .iter()
                .any(|o| augur_core::attacks::pawn_attacks(o, color == Color::White).contains(sq));
            let attackable = theirs
                .iter()
                .any(|t| t.file().abs_diff(sq.file()) == 1 && ahead(sq, t));
            if (3..=5).contains(&rank) && supported && !attackable {
                *count += 1;
            }
        }
    }
    (doubled, isolated, backward, passed, outposts)
}

#[test]
fn set_wise_pawn_terms_match_a_square_by_square_count() {
    for pos in playout_positions(40, 8) {
        let features = linear_features(&pos);
        let coefficient = |index: usize| {
            features
                .terms
                .iter()
                .find(|&&(i, _)| i as usize == index)
                .map_or(0, |&(_, c)| i32::from(c))
        };
        let white = reference_pawn_terms(&pos, Color::White);
        let black = reference_pawn_terms(&pos, Color::Black);
        let fen = pos.fen();
        assert_eq!(coefficient(PAWN_DOUBLED), white.0 - black.0, "{fen}");
        assert_eq!(coefficient(PAWN_ISOLATED), white.1 - black.1, "{fen}");
        assert_eq!(coefficient(PAWN_BACKWARD), white.2 - black.2, "{fen}");
        for rank in 0..8 {
            assert_eq!(
                coefficient(PASSED + rank),
                white.3[rank] - black.3[rank],
                "{fen}"
            );
        }
        assert_eq!(coefficient(KNIGHT_OUTPOST), white.4.0 - black.4.0, "{fen}");
        assert_eq!(coefficient(BISHOP_OUTPOST), white.4.1 - black.4.1, "{fen}");
    }
}
