//! Enochian chess rules, one scenario per rule of `docs/rules/enochian.md`:
//! the check rule, taking bans, thrones (sharing, partner moves, taking,
//! seizing, control, and its end when the controlling King is taken),
//! freezing (frozen pieces block, cannot be taken, cover no square and give
//! no check, in the move generator and the evaluation alike), the exchange
//! of prisoners, privileged pawns and demotion, stalemated armies passed
//! over, divination (the die reset after every kind of move; rolls set,
//! confirmed and ignored), the end of the game, Augur's 200-ply rule (the
//! quiet counter, which the position string does not carry), the move that
//! needs the other team's consent, position-string rejections and move
//! text.

use augur_core::{Color, Evaluate, Game, MoveError, MoveList, Termination};
use augur_enochian::{Army, EVAL_NAMES, Element, Position, QUIET_LIMIT, START};

/// A board field from (square, piece) pairs, e.g. `("e5", "bK")`.
fn board(pieces: &[(&str, &str)]) -> String {
    let mut cells = vec![String::new(); 64];
    for (square, piece) in pieces {
        let b = square.as_bytes();
        let index = usize::from(b[1] - b'1') * 8 + usize::from(b[0] - b'a');
        cells[index] = (*piece).to_string();
    }
    augur_suite::board_field(&cells)
}

fn position(pieces: &[(&str, &str)], rest: &str) -> Position {
    let text = format!("{} {rest}", board(pieces));
    Position::from_fen(&text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn moves(p: &Position) -> Vec<String> {
    let mut list = MoveList::new();
    p.generate(&mut list);
    let mut texts: Vec<String> = list.iter().map(|&m| p.move_text(m)).collect();
    texts.sort();
    texts
}

fn play(p: &Position, text: &str) -> Position {
    let mv = p
        .parse_move(text)
        .unwrap_or_else(|e| panic!("{e} at {}", p.fen()));
    p.play(mv)
}

/// The four Kings in their corners (apart from those a test moves).
const KINGS: [(&str, &str); 4] = [("a8", "yK"), ("h8", "bK"), ("h1", "rK"), ("a1", "kK")];

#[test]
fn a_king_in_check_that_can_move_must_move() {
    let p = position(
        &[
            KINGS[0],
            ("e5", "bK"),
            ("h5", "bN"),
            KINGS[2],
            ("e1", "rR"),
            KINGS[3],
        ],
        "b d - - -",
    );
    assert!(p.king_attacked(p.to_move()));
    // Onto attacked squares too (e4, e6 are on the Rook's file).
    assert_eq!(
        moves(&p),
        [
            "e5d4", "e5d5", "e5d6", "e5e4", "e5e6", "e5f4", "e5f5", "e5f6"
        ]
    );
}

/// A King in check with no step (boxed in by its own pieces) obliges
/// nothing: every other piece may move, and the searcher does not treat
/// the position as check (no evasion search).
#[test]
fn a_boxed_in_king_in_check_leaves_the_army_free() {
    let p = position(
        &[
            KINGS[0],
            KINGS[1],
            ("g8", "bN"),
            ("g7", "bR"),
            ("h7", "bPN"),
            KINGS[2],
            ("f7", "rN"),
            KINGS[3],
        ],
        "b d - - -",
    );
    assert!(p.king_attacked(p.to_move()));
    assert!(!p.in_check());
    let all = moves(&p);
    assert!(all.iter().all(|m| !m.starts_with("h8")), "{all:?}");
    assert!(all.contains(&"g8f6".to_string()), "{all:?}");
    assert!(all.contains(&"g7g1".to_string()), "{all:?}");
}

#[test]
fn a_king_not_in_check_avoids_attacked_squares_and_others_may_expose_it() {
    let p = position(
        &[
            KINGS[0],
            ("e5", "bK"),
            ("h5", "bN"),
            KINGS[2],
            ("d1", "rR"),
            KINGS[3],
        ],
        "b d - - -",
    );
    assert!(!p.king_attacked(p.to_move()));
    let all = moves(&p);
    let king: Vec<&String> = all.iter().filter(|m| m.starts_with("e5")).collect();
    assert_eq!(king, ["e5e4", "e5e6", "e5f4", "e5f5", "e5f6"]);
    assert!(all.contains(&"h5f6".to_string()));
}

#[test]
fn a_king_in_check_that_cannot_move_lets_other_pieces_move() {
    let p = position(
        &[
            KINGS[0],
            ("h8", "bK"),
            ("g8", "bPQ"),
            ("g7", "bPB"),
            ("h7", "bB"),
            ("f7", "rN"),
            KINGS[2],
            KINGS[3],
        ],
        "b d - - -",
    );
    assert!(p.king_attacked(p.to_move()));
    let all = moves(&p);
    assert!(!all.iter().any(|m| m.starts_with("h8")));
    assert!(all.contains(&"g8f7".to_string()), "{all:?}");
    assert!(all.contains(&"g8f8".to_string()));
}

#[test]
fn queens_never_take_queens_nor_bishops_bishops_but_a_throne_counts_as_its_king() {
    let p = position(
        &[
            KINGS[0],
            ("h8", "bKQ"),
            ("d6", "bQ"),
            ("e5", "bB"),
            ("a5", "bQ"),
            KINGS[2],
            ("d4", "rQ"),
            ("f6", "rQ"),
            ("c3", "rB"),
            KINGS[3],
        ],
        "r d - - -",
    );
    let all = moves(&p);
    assert!(!all.contains(&"d4d6".to_string()), "Queen took a Queen");
    assert!(!all.contains(&"c3e5".to_string()), "Bishop took a Bishop");
    assert!(all.contains(&"c3a5".to_string()), "Bishop may take a Queen");
    assert!(
        all.contains(&"f6h8".to_string()),
        "a Queen takes a King+Queen throne"
    );
    assert!(all.contains(&"f6d8".to_string()), "Queens leap");
}

#[test]
fn no_piece_takes_its_own_team() {
    // Red and Yellow are allies.
    let p = position(
        &[
            KINGS[0],
            ("e6", "yN"),
            KINGS[1],
            KINGS[2],
            ("e2", "rR"),
            KINGS[3],
        ],
        "r d - - -",
    );
    let all = moves(&p);
    assert!(!all.contains(&"e2e6".to_string()));
    assert!(all.contains(&"e2e5".to_string()));
}

#[test]
fn the_throne_partner_leaves_with_its_letter_and_taking_the_throne_takes_both() {
    let start = Position::startpos();
    let all = moves(&start);
    assert!(all.contains(&"h8f6Q".to_string()) && all.contains(&"h8f8Q".to_string()));
    assert_eq!(all.len(), 9);
    let after = play(&start, "h8f6Q");
    assert!(
        after.fen().starts_with("yKQyByRyN2bPQbK/"),
        "{}",
        after.fen()
    );

    let p = position(
        &[
            KINGS[0],
            ("h8", "bKQ"),
            ("e4", "bN"),
            ("h1", "rK"),
            ("h3", "rR"),
            KINGS[3],
        ],
        "r d - - -",
    );
    let after = play(&p, "h3h8");
    let fields: Vec<String> = after.fen().split(' ').map(String::from).collect();
    assert!(fields[0].starts_with("yK6rR/"), "{}", after.fen());
    assert_eq!(fields[3], "b", "Blue froze: {}", after.fen());
    // Frozen pieces block and cannot be taken (that they do not attack is
    // asserted by the frozen-army tests further down).
    let red = position(
        &[
            KINGS[0],
            ("e8", "bN"),
            ("h1", "rK"),
            ("e1", "rR"),
            ("e4", "bN"),
            KINGS[3],
        ],
        "r d b - -",
    );
    let all = moves(&red);
    assert!(!all.contains(&"e1e4".to_string()) && !all.contains(&"e1e5".to_string()));
    assert!(all.contains(&"e1e3".to_string()));
}

#[test]
fn seizing_the_throne_revives_a_frozen_ally_until_the_controller_is_taken() {
    // Blue's King was taken (Blue frozen); Black's King, in check from the
    // Bishop, may step onto the attacked throne h8.
    let p = position(
        &[
            KINGS[0],
            ("g6", "bN"),
            ("g7", "kK"),
            ("h1", "rK"),
            ("b8", "rR"),
            ("e5", "rB"),
        ],
        "k d b - -",
    );
    let seized = play(&p, "g7h8");
    assert!(seized.fen().ends_with(" - kb -"), "{}", seized.fen());
    // Now Red moves: the Rook takes the controlling King on h8.
    let red = Position::from_fen(&seized.fen().replacen(" y ", " r ", 1)).expect("valid");
    assert_eq!(red.fen().split(' ').nth(1), Some("r"));
    let taken = play(&red, "b8h8");
    // Black froze, and Blue (whose own King is gone) froze again.
    assert!(taken.fen().ends_with(" bk - -"), "{}", taken.fen());
    assert_eq!(
        taken.outcome().map(|o| (o.winner, o.termination)),
        Some((Some(Color::Black), Termination::Rule("both Kings taken")))
    );
}

#[test]
fn exchange_of_prisoners_returns_the_kings_to_thrones_or_the_nearest_safe_square() {
    // Yellow and Black lost their Kings; a1 is occupied and b1 attacked.
    let p = position(
        &[
            ("b8", "yN"),
            KINGS[1],
            ("h1", "rK"),
            ("e1", "rR"),
            ("a1", "rN"),
            ("c4", "kB"),
        ],
        "b d yk - -",
    );
    let all = moves(&p);
    assert!(all.contains(&"exchange".to_string()));
    let after = play(&p, "exchange");
    let fen = after.fen();
    let fields: Vec<&str> = fen.split(' ').collect();
    assert_eq!(fields[3], "-", "both armies unfroze: {}", after.fen());
    assert!(fields[0].starts_with("yKyN5bK/"), "{}", after.fen());
    assert!(fields[0].ends_with("/kK7/rN3rR2rK"), "{}", after.fen());
    // A King in check that can move may not exchange.
    let check = position(
        &[
            ("b8", "yN"),
            ("h8", "bK"),
            ("h1", "rK"),
            ("h3", "rR"),
            ("c4", "kB"),
        ],
        "b d yk - -",
    );
    assert!(check.king_attacked(check.to_move()));
    assert!(!moves(&check).contains(&"exchange".to_string()));
}

/// The promotions Red's pawn on c7 may choose with Red's King on h1, the
/// other Kings, and Red's `others` (square, piece).
fn red_c7_promotions(others: &[(&'static str, &'static str)]) -> Vec<String> {
    let mut pieces = vec![KINGS[0], KINGS[1], ("h1", "rK"), ("c7", "rPN"), KINGS[3]];
    pieces.extend_from_slice(others);
    moves(&position(&pieces, "r d - - -"))
        .into_iter()
        .filter(|m| m.starts_with("c7c8"))
        .collect()
}

#[test]
fn privileged_pawns_choose_and_demote() {
    // Red is King + Queen + pawn: the pawn chooses, and a second Queen
    // demotes the first to a pawn of the Queen where it stands.
    assert_eq!(
        red_c7_promotions(&[("e4", "rQ")]),
        ["c7c8b", "c7c8n", "c7c8q", "c7c8r"]
    );
    let p = position(
        &[
            KINGS[0],
            KINGS[1],
            ("h1", "rK"),
            ("e4", "rQ"),
            ("c7", "rPN"),
            KINGS[3],
        ],
        "r d - - -",
    );
    let after = play(&p, "c7c8q");
    assert!(after.fen().contains("4rPQ3"), "{}", after.fen());
    // A normal pawn (Red has a Rook too) becomes its own type only.
    assert_eq!(red_c7_promotions(&[("a3", "rR"), ("e4", "rQ")]), ["c7c8n"]);
    // King + Queen + Bishop + pawn is not one of the three privileged
    // armies either.
    assert_eq!(red_c7_promotions(&[("a3", "rB"), ("e4", "rQ")]), ["c7c8n"]);
    // A demoted throne partner becomes a pawn partner and leaves as `P`.
    let yellow = position(
        &[("a8", "yKB"), ("e2", "yPN"), KINGS[1], KINGS[2], KINGS[3]],
        "y d - - -",
    );
    let after = play(&yellow, "e2e1b");
    assert!(after.fen().starts_with("yKPB6bK/"), "{}", after.fen());
    assert!(after.fen().contains("/kK3yB2rK "), "{}", after.fen());
    let again = Position::from_fen(&after.fen().replacen(" b ", " y ", 1)).expect("valid");
    assert!(moves(&again).contains(&"a8a7P".to_string()));
    // A demoted pawn on its own promotion line cannot move.
    let stuck = position(
        &[
            KINGS[0],
            KINGS[1],
            ("h1", "rK"),
            ("c8", "rQ"),
            ("e7", "rPR"),
            KINGS[3],
        ],
        "r d - - -",
    );
    let after = play(&stuck, "e7e8q");
    assert!(after.fen().starts_with("yK1rPQ1rQ2bK/"), "{}", after.fen());
    let red = Position::from_fen(&after.fen().replacen(" y ", " r ", 1)).expect("valid");
    assert!(!moves(&red).iter().any(|m| m.starts_with("c8")));
}

#[test]
fn armies_that_cannot_move_are_passed_over() {
    // Blue's King is boxed in by frozen Yellow pieces: Blue is stalemated.
    let p = position(
        &[
            ("g8", "yN"),
            ("g7", "yPQ"),
            ("h7", "yB"),
            ("h8", "bK"),
            ("h1", "rK"),
            ("a1", "kK"),
            ("d4", "kN"),
        ],
        "k d y - -",
    );
    let after = play(&p, "d4e6");
    assert_eq!(after.fen().split(' ').nth(1), Some("r"), "{}", after.fen());
    // A position naming the stalemated army gives the turn on.
    let named = position(
        &[
            ("g8", "yN"),
            ("g7", "yPQ"),
            ("h7", "yB"),
            ("h8", "bK"),
            ("h1", "rK"),
            ("a1", "kK"),
            ("d4", "kN"),
        ],
        "b d y - -",
    );
    assert_eq!(named.fen().split(' ').nth(1), Some("r"));
}

#[test]
fn divination_restricts_moves_to_the_rolled_piece() {
    let text = START.strip_suffix(" -").expect("start ends with the die");
    let with = |roll: u8| Position::from_fen(&format!("{text} {roll}")).expect("valid");
    // 4: the Queen (the throne partner h8).
    assert_eq!(moves(&with(4)), ["h8f6Q", "h8f8Q"]);
    // 5: no Blue Rook can move: the turn is lost.
    assert_eq!(moves(&with(5)), ["0000"]);
    // 1: the King cannot move, so a pawn moves instead.
    assert_eq!(moves(&with(1)), moves(&with(6)));
    assert!(!moves(&with(6)).is_empty());
    // After a move the next roll is pending: six equally likely outcomes.
    let after = play(&with(4), "h8f6Q");
    assert_eq!(after.chance_outcomes(), 6);
    assert!(after.fen().ends_with(" ?"));
    // In divination a King may step into check.
    let king = position(
        &[KINGS[0], ("e5", "bK"), KINGS[2], ("d1", "rR"), KINGS[3]],
        "b d - - 1",
    );
    assert!(moves(&king).contains(&"e5d5".to_string()));
}

/// The searcher's null move passes the turn in a normal game, never in a
/// divination game: there the roll restricts the army to one kind of
/// piece and passing is often better than every move it allows.
#[test]
fn the_null_move_exists_only_without_dice() {
    use augur_core::Evaluate;
    let normal = Position::startpos();
    let passed = normal.play_null().expect("a normal game may pass");
    assert_ne!(passed.to_move(), normal.to_move());
    let text = START.strip_suffix(" -").expect("start ends with the die");
    for roll in ["1", "4", "6", "?"] {
        let rolled = Position::from_fen(&format!("{text} {roll}")).expect("valid");
        assert!(rolled.play_null().is_none(), "roll {roll}");
    }
}

#[test]
fn the_game_ends_when_both_kings_of_a_team_are_taken_or_kings_are_bare() {
    let p = position(
        &[
            ("c7", "bR"),
            KINGS[1],
            ("c8", "yK"),
            KINGS[2],
            ("b5", "rN"),
            KINGS[3],
        ],
        "b d - - -",
    );
    assert_eq!(p.outcome(), None);
    let with_red_frozen = position(
        &[("c7", "bR"), KINGS[1], ("c8", "yK"), ("b5", "rN"), KINGS[3]],
        "b d r - -",
    );
    let won = play(&with_red_frozen, "c7c8");
    assert_eq!(won.outcome().and_then(|o| o.winner), Some(Color::White));
    assert!(moves(&won).is_empty(), "perft stops at a decided game");
    let bare = position(
        &[KINGS[0], KINGS[1], ("h2", "rK"), ("g4", "rN"), KINGS[3]],
        "r d - - -",
    );
    assert_eq!(
        bare.outcome().map(|o| o.termination),
        Some(Termination::InsufficientMaterial)
    );
}

#[test]
fn all_thirty_two_arrays_have_names_and_the_default_is_water_of_water() {
    let default = Position::array_by_name("water of water").expect("named");
    assert_eq!(default.fen(), START);
    let mut seen = std::collections::HashSet::new();
    for setting in Element::ALL {
        for board in Element::ALL {
            for direction in ["clockwise", "widdershins"] {
                let name = format!("{} of {} {direction}", setting.name(), board.name());
                let p = Position::array_by_name(&name).expect("named");
                assert_eq!(Position::from_fen(&p.fen()).expect("valid").fen(), p.fen());
                seen.insert(p.fen());
            }
        }
    }
    // Pieces differ by setting and by the board pair; the mover by board.
    assert_eq!(seen.len(), 32);
    assert!(Position::array_by_name("mud of water").is_err());
}

#[test]
fn bad_position_strings_are_rejected_with_a_reason() {
    let start = START.to_string();
    let cases = [
        ("", "expected 6 fields"),
        ("8/8/8/8/8/8/8 b d - - -", "8 ranks"),
        ("9/8/8/8/8/8/8/8 b d - - -", "more than 8 squares"),
        ("yKyK6/8/8/8/8/8/8/8 y d - - -", "Kings"),
        ("x7/8/8/8/8/8/8/8 y d - - -", "unexpected 'x'"),
        ("yP7/8/8/8/8/8/8/8 y d - - -", "pawn"),
        ("yX7/8/8/8/8/8/8/8 y d - - -", "followed by"),
        ("1yKQ6/8/8/8/8/8/8/8 y d - - -", "own throne"),
        (&start.replace(" b d ", " q d "), "army to move"),
        (&start.replace(" b d ", " b x "), "direction"),
        (&start.replace(" - - -", " y - -"), "frozen but its King"),
        (&start.replace(" - - -", " - yb -"), "only an ally"),
        (&start.replace(" - - -", " - - 7"), "die"),
        ("yK7/8/8/8/8/8/8/7bK b d - - -", "must be frozen"),
    ];
    for (text, reason) in cases {
        let error = Position::from_fen(text).expect_err(text);
        assert!(error.reason.contains(reason), "{text}: {}", error.reason);
    }
}

#[test]
fn malformed_and_illegal_move_text_are_told_apart() {
    let p = Position::startpos();
    for text in ["", "h8", "h8h9", "z1a1", "h8f6QQ", "exchang"] {
        assert!(
            matches!(p.parse_move(text), Err(MoveError::Syntax(_))),
            "{text}"
        );
    }
    for text in ["h8h7", "exchange", "0000", "h8f6", "a1a2"] {
        assert!(
            matches!(p.parse_move(text), Err(MoveError::Illegal(_))),
            "{text}"
        );
    }
}

/// An army whose only legal move is the exchange passes when the other
/// team declines; an army with any move of its own never does.
#[test]
fn a_declined_exchange_with_nothing_else_to_play_is_a_pass() {
    let only_exchange = Position::from_fen("8/8/7yR/3rK4/8/8/8/bK7 k d - ry,bk -").expect("valid");
    assert_eq!(moves(&only_exchange), vec!["exchange".to_string()]);
    let (pass, next) = only_exchange
        .declined_offer_pass()
        .expect("the declined army passes");
    assert_eq!(only_exchange.move_text(pass), "0000");
    assert_eq!(next.fen(), "8/8/7yR/3rK4/8/8/8/bK7 y d - ry,bk -");
    assert_eq!(
        next.hash(),
        Position::from_fen(&next.fen()).expect("valid").hash()
    );
    assert!(
        Position::from_fen(START)
            .expect("valid")
            .declined_offer_pass()
            .is_none()
    );
}

// ---------------------------------------------------------------------------
// Frozen armies do not attack ("its pieces neither move, attack nor can be
// taken"), asserted directly.
// ---------------------------------------------------------------------------

/// The eight squares around e5, sorted as move texts from e5.
const E5_STEPS: [&str; 8] = [
    "e5d4", "e5d5", "e5d6", "e5e4", "e5e6", "e5f4", "e5f5", "e5f6",
];

/// The King steps Blue's King on e5 has.
fn king_steps(p: &Position) -> Vec<String> {
    moves(p)
        .into_iter()
        .filter(|m| m.starts_with("e5"))
        .collect()
}

/// Blue's King on e5 (to move, with a Knight on h5) and one Red piece; Red
/// frozen (its King taken) or playing (its King on e8). The other Kings
/// stand where no piece here reaches them or the squares around them
/// (Yellow's on a8, Black's on h3).
fn blue_king_and_red(square: &'static str, piece: &'static str, red_frozen: bool) -> Position {
    let mut pieces = vec![
        KINGS[0],
        ("e5", "bK"),
        ("h5", "bN"),
        ("h3", "kK"),
        (square, piece),
    ];
    if !red_frozen {
        pieces.push(("e8", "rK"));
    }
    position(&pieces, if red_frozen { "b d r - -" } else { "b d - - -" })
}

/// The evaluation's King features of Blue and Black's team: squares around
/// its Kings attacked, and Kings attacked. The evaluation must read
/// attacks as the rules do.
fn king_features(p: &Position) -> (i32, i32) {
    let index = |name: &str| {
        EVAL_NAMES
            .iter()
            .position(|n| *n == name)
            .unwrap_or_else(|| panic!("no feature {name}"))
    };
    let features = p.eval_features(Color::White);
    (
        features[index("King zone squares attacked")],
        features[index("King attacked")],
    )
}

/// Each Red piece covers some squares next to Blue's King (by its own
/// pattern, from the rules: the Queen leaps exactly two squares, the pawn
/// takes one step diagonally forward, up for Red). Playing, it keeps the
/// King off them; frozen, it covers nothing.
#[test]
fn a_king_may_step_onto_squares_only_frozen_pieces_cover() {
    let cases: [(&str, &str, &[&str]); 5] = [
        ("d1", "rR", &["e5d4", "e5d5", "e5d6"]),
        ("b1", "rB", &["e5e4", "e5f5"]),
        ("c3", "rN", &["e5d5", "e5e4"]),
        ("c4", "rQ", &["e5e4", "e5e6"]),
        ("c3", "rPQ", &["e5d4"]),
    ];
    for (square, piece, covered) in cases {
        let playing = blue_king_and_red(square, piece, false);
        assert!(
            !playing.king_attacked(playing.to_move()),
            "{piece} {square}"
        );
        let expected: Vec<&str> = E5_STEPS
            .into_iter()
            .filter(|s| !covered.contains(s))
            .collect();
        assert_eq!(
            king_steps(&playing),
            expected,
            "{piece} on {square}, playing"
        );
        assert_eq!(king_features(&playing), (covered.len() as i32, 0));
        let frozen = blue_king_and_red(square, piece, true);
        assert!(!frozen.king_attacked(frozen.to_move()));
        assert_eq!(king_steps(&frozen), E5_STEPS, "{piece} on {square}, frozen");
        assert_eq!(
            king_features(&frozen),
            (0, 0),
            "{piece} on {square}, frozen"
        );
    }
}

/// A frozen piece aimed at the King gives no check: the King is not
/// attacked and the army may move any piece; the same piece playing
/// checks, and then only the King moves.
#[test]
fn a_frozen_piece_gives_no_check() {
    let cases = [
        ("e1", "rR"),
        ("b2", "rB"),
        ("d3", "rN"),
        ("c5", "rQ"),
        ("d4", "rPQ"),
    ];
    for (square, piece) in cases {
        let playing = blue_king_and_red(square, piece, false);
        assert!(playing.king_attacked(Army::Blue), "{piece} on {square}");
        assert!(playing.in_check());
        assert!(
            moves(&playing).iter().all(|m| m.starts_with("e5")),
            "{piece} on {square}: only the King moves in check"
        );
        assert_eq!(king_features(&playing).1, 1, "{piece} on {square}");
        let frozen = blue_king_and_red(square, piece, true);
        assert!(
            !frozen.king_attacked(Army::Blue),
            "frozen {piece} on {square}"
        );
        assert!(!frozen.in_check());
        let all = moves(&frozen);
        assert!(all.contains(&"h5f6".to_string()), "{piece}: {all:?}");
        // The frozen piece itself stands as terrain: not a target.
        assert!(!all.iter().any(|m| m.ends_with(square)), "{piece}: {all:?}");
        assert_eq!(king_features(&frozen), (0, 0), "frozen {piece} on {square}");
    }
}

/// Blue's King on e5 and Knight on g3 facing Red's King on h1 and Rook on
/// d1 (the Knight can take the King), with Yellow's and Black's Kings.
const RED_ROOK_ON_D1: [(&str, &str); 6] = [
    KINGS[0],
    ("e5", "bK"),
    ("g3", "bN"),
    ("h1", "rK"),
    ("d1", "rR"),
    KINGS[3],
];

/// Taking a King stops its army attacking at once: the Red Rook kept
/// Blue's King off the d-file until Blue's Knight took the Red King.
#[test]
fn taking_a_king_stops_its_army_attacking_at_once() {
    let p = position(&RED_ROOK_ON_D1, "b d - - -");
    let covered = ["e5d4", "e5d5", "e5d6"];
    assert!(
        king_steps(&p)
            .iter()
            .all(|m| !covered.contains(&m.as_str()))
    );
    let taken = play(&p, "g3h1");
    let fen = taken.fen();
    let fields: Vec<&str> = fen.split(' ').collect();
    assert_eq!(fields[3], "r", "Red froze: {fen}");
    // Red is passed over: Black moves next.
    assert_eq!(fields[1], "k", "{fen}");
    // Blue to move again in the same position: the d-file is open.
    let again = Position::from_fen(&fen.replacen(" k d ", " b d ", 1)).expect("valid");
    assert_eq!(king_steps(&again), E5_STEPS, "{}", again.fen());
}

// ---------------------------------------------------------------------------
// Control ends with the controlling King: "If the controlling King is
// taken, control goes back to the ally's own King if it is on the board;
// otherwise the ally freezes again."
// ---------------------------------------------------------------------------

/// The position string's fields after `mv`: (army to move, frozen,
/// control).
fn state_after(p: &Position, mv: &str) -> (Position, [String; 3]) {
    let after = play(p, mv);
    let fen = after.fen();
    let fields: Vec<String> = fen.split(' ').map(String::from).collect();
    (
        after,
        [fields[1].clone(), fields[3].clone(), fields[4].clone()],
    )
}

/// Red's King, controlling Yellow (whose King was taken) from off the
/// throne, is taken by a Blue Rook: Red freezes, and Yellow, Kingless,
/// freezes again; nothing is controlled any more and Blue and Black win.
#[test]
fn a_kingless_army_freezes_again_when_its_controller_is_taken_off_the_throne() {
    let p = position(
        &[
            ("b6", "yR"),
            ("c7", "yPN"),
            KINGS[1],
            ("e1", "bR"),
            ("e4", "rK"),
            ("g2", "rN"),
            KINGS[3],
        ],
        "b d - ry -",
    );
    assert!(!p.is_frozen(Army::Yellow));
    assert_eq!(p.controller(Army::Yellow), Some(Army::Red));
    let (after, [to_move, frozen, control]) = state_after(&p, "e1e4");
    assert_eq!(frozen, "yr", "{}", after.fen());
    assert_eq!(control, "-", "{}", after.fen());
    assert!(after.is_frozen(Army::Yellow) && after.is_frozen(Army::Red));
    assert_eq!(after.controller(Army::Yellow), None);
    // Neither Red nor Yellow is the army to move: Black is.
    assert_eq!(to_move, "k", "{}", after.fen());
    assert_eq!(
        after.outcome().map(|o| (o.winner, o.termination)),
        Some((Some(Color::White), Termination::Rule("both Kings taken")))
    );
    // The refrozen Yellow pieces are terrain for the reading of the string.
    let again = Position::from_fen(&after.fen()).expect("the string reads back");
    assert_eq!(again.fen(), after.fen());
}

/// Black's King controls Blue (Kingless) and is taken by a Yellow pawn:
/// Black and Blue freeze, and the turn passes over both of them.
#[test]
fn a_kingless_army_freezes_again_when_its_controller_is_taken_by_a_pawn() {
    let p = position(
        &[
            KINGS[0],
            ("c5", "yPQ"),
            ("h6", "bR"),
            ("g7", "bPB"),
            KINGS[2],
            ("d4", "kK"),
            ("a3", "kN"),
        ],
        "y d - kb -",
    );
    assert_eq!(p.controller(Army::Blue), Some(Army::Black));
    // Blue, controlled, has moves of its own while Black's King lives.
    let blue = Position::from_fen(&p.fen().replacen(" y d ", " b d ", 1)).expect("valid");
    assert_eq!(blue.to_move(), Army::Blue);
    assert!(!moves(&blue).is_empty());
    let (after, [to_move, frozen, control]) = state_after(&p, "c5d4");
    assert_eq!(frozen, "bk", "{}", after.fen());
    assert_eq!(control, "-", "{}", after.fen());
    // Blue (next after Yellow) is frozen again: Red is to move.
    assert_eq!(to_move, "r", "{}", after.fen());
    assert!(
        after
            .frozen_squares()
            .contains(&augur_core::Square::parse("h6").expect("square"))
    );
}

/// The same capture with the ally's own King on the board: control goes
/// back to it and the ally plays on, unfrozen.
#[test]
fn control_goes_back_to_the_allys_own_king_when_it_is_on_the_board() {
    let p = position(
        &[
            ("c6", "yK"),
            ("b6", "yR"),
            KINGS[1],
            ("e1", "bR"),
            ("e4", "rK"),
            KINGS[3],
        ],
        "b d - ry -",
    );
    assert_eq!(p.controller(Army::Yellow), Some(Army::Red));
    let (after, [to_move, frozen, control]) = state_after(&p, "e1e4");
    assert_eq!(frozen, "r", "only Red froze: {}", after.fen());
    assert_eq!(control, "-", "{}", after.fen());
    assert!(!after.is_frozen(Army::Yellow));
    assert_eq!(to_move, "k", "{}", after.fen());
    assert_eq!(after.outcome(), None, "Yellow's King plays on");
    // Yellow moves after Black.
    let yellow = play(&after, "a1a2");
    assert_eq!(yellow.to_move(), Army::Yellow, "{}", yellow.fen());
    assert!(!moves(&yellow).is_empty());
}

/// Divination: after every move (a capture that takes a King, a move
/// whose turn passes over a frozen army, a lost turn) the army now to move
/// has not rolled: the die field is `?` with six outcomes, and a roll
/// then sets it.
#[test]
fn the_die_is_reset_after_every_kind_of_move() {
    let unrolled = |p: &Position, what: &str| {
        assert!(p.fen().ends_with(" ?"), "{what}: {}", p.fen());
        assert_eq!(p.chance_outcomes(), 6, "{what}");
        assert!(moves(p).is_empty(), "{what}: no move before the roll");
        for roll in 1..=6u32 {
            let rolled = p.resolve_chance(roll - 1);
            assert!(rolled.fen().ends_with(&format!(" {roll}")), "{what}");
            assert_eq!(rolled.chance_outcomes(), 0);
        }
    };
    // Roll 2 (Knight): Blue's Knight takes Red's King; Red freezes and
    // Black is next.
    let p = position(&RED_ROOK_ON_D1, "b d - - 2");
    let taken = play(&p, "g3h1");
    assert_eq!(taken.to_move(), Army::Black, "{}", taken.fen());
    unrolled(&taken, "after a King taken");
    // Red already frozen: Blue's Knight move passes over Red to Black.
    let p = position(
        &[KINGS[0], ("e5", "bK"), ("g3", "bN"), ("d1", "rR"), KINGS[3]],
        "b d r - 2",
    );
    let passed = play(&p, "g3f5");
    assert_eq!(passed.to_move(), Army::Black, "{}", passed.fen());
    unrolled(&passed, "after a turn passed over a frozen army");
    // Roll 5 at the start: no Blue Rook can move, the turn is lost.
    let text = START.strip_suffix(" -").expect("start ends with the die");
    let lost = play(
        &Position::from_fen(&format!("{text} 5")).expect("valid"),
        "0000",
    );
    unrolled(&lost, "after a lost turn");
}

/// Pieces in a square's token (army letter, then `K`, `Q`, `B`, `R`, `N`
/// or `P` and its type for each piece; a shared throne holds two), and
/// whether the first is a pawn.
fn token_pieces(token: &str) -> (usize, bool) {
    let letters: Vec<char> = token.chars().skip(1).collect();
    let pawns = letters.iter().filter(|&&c| c == 'P').count();
    (letters.len() - pawns, letters.first() == Some(&'P'))
}

fn board_pieces(p: &Position) -> usize {
    (0..64u8)
        .filter_map(|i| p.board_piece(augur_core::Square::new(i)))
        .map(|token| token_pieces(&token).0)
        .sum()
}

/// Augur's 200-ply rule (rule choice 8) counts plies since the last
/// capture, pawn move or exchange; a lost turn counts. The counter is not
/// in the position string, so it is followed here over random games,
/// normal and divination, from the board alone: every position agrees
/// with the count, and is a rule draw exactly when its outcome is a draw.
#[test]
fn the_quiet_counter_follows_captures_pawn_moves_and_exchanges() {
    use rand::prelude::*;
    let mut rng = StdRng::seed_from_u64(200);
    let text = START.strip_suffix(" -").expect("start ends with the die");
    let (mut resets, mut lost_turns) = (0, 0);
    for game in 0..60 {
        let die = if game % 2 == 0 { "-" } else { "?" };
        let mut p = Position::from_fen(&format!("{text} {die}")).expect("start");
        let mut quiet = 0;
        for _ in 0..400 {
            if p.chance_outcomes() > 0 {
                p = p.resolve_chance(rng.random_range(0..6));
            }
            assert_eq!(p.quiet_plies(), quiet, "{}", p.fen());
            assert_eq!(p.reversible_plies(), quiet, "{}", p.fen());
            let drawn = p.outcome().is_some_and(|o| o.winner.is_none());
            assert_eq!(p.is_rule_draw(), drawn, "{}", p.fen());
            let mut list = MoveList::new();
            p.generate(&mut list);
            let Some(&mv) = list.choose(&mut rng) else {
                break;
            };
            let text = p.move_text(mv);
            let pawn = text
                .get(..2)
                .and_then(augur_core::Square::parse)
                .and_then(|from| p.board_piece(from))
                .is_some_and(|token| token_pieces(&token).1);
            let next = p.play(mv);
            let taken = board_pieces(&next) < board_pieces(&p);
            if text == "exchange" || pawn || taken {
                quiet = 0;
                resets += 1;
            } else {
                quiet += 1;
                lost_turns += usize::from(text == "0000");
            }
            p = next;
        }
    }
    assert!(resets > 1000 && lost_turns > 20, "{resets} {lost_turns}");
}

/// Without captures or pawn moves, the 200th quiet ply draws the game.
#[test]
fn two_hundred_quiet_plies_draw() {
    let mut p = position(
        &[
            KINGS[0],
            KINGS[1],
            KINGS[2],
            KINGS[3],
            ("d4", "bN"),
            ("e5", "rN"),
        ],
        "b d - - -",
    );
    for ply in 0..QUIET_LIMIT {
        assert_eq!(p.quiet_plies(), ply);
        assert!(!p.is_rule_draw(), "ply {ply}: {}", p.fen());
        assert_eq!(p.outcome(), None, "ply {ply}");
        let mut list = MoveList::new();
        p.generate(&mut list);
        let quiet_move = list
            .iter()
            .copied()
            .find(|&m| p.board_piece(m.to()).is_none())
            .expect("a move to an empty square");
        p = p.play(quiet_move);
    }
    assert!(p.is_rule_draw());
    let outcome = p.outcome().expect("drawn");
    assert_eq!(
        (outcome.winner, outcome.termination),
        (None, Termination::MoveRule)
    );
}

/// Rolls exist only in divination games and only as 1-6; a roll already
/// in the position is confirmed, never replaced; ignoring a pending roll
/// lets every piece move (the moves of all six rolls but the lost turn),
/// and leaves a rolled die alone.
#[test]
fn rolls_are_checked_set_written_and_ignored() {
    let text = START.strip_suffix(" -").expect("start ends with the die");
    let normal = Position::startpos();
    assert!(normal.with_roll(3).is_none());
    assert!(normal.apply_chance_text("3").is_err());
    assert_eq!(normal.chance_text(), None);
    let pending = Position::from_fen(&format!("{text} ?")).expect("divination start");
    assert!(pending.with_roll(0).is_none());
    assert!(pending.with_roll(7).is_none());
    assert_eq!(pending.chance_text(), None);
    let mut every_rolled_move = Vec::new();
    for roll in 1..=6u8 {
        let rolled = pending.with_roll(roll).expect("a roll of 1-6");
        assert_eq!(rolled.chance_text(), Some(roll.to_string()));
        assert_eq!(
            pending
                .apply_chance_text(&roll.to_string())
                .map(|p| p.fen()),
            Ok(rolled.fen())
        );
        assert_eq!(
            rolled.apply_chance_text(&roll.to_string()).map(|p| p.fen()),
            Ok(rolled.fen())
        );
        let other = roll % 6 + 1;
        assert!(rolled.apply_chance_text(&other.to_string()).is_err());
        assert_eq!(rolled.ignore_chance().fen(), rolled.fen());
        every_rolled_move.extend(moves(&rolled));
    }
    let any = pending.ignore_chance();
    assert_eq!(any.chance_outcomes(), 0);
    every_rolled_move.retain(|m| m != "0000");
    every_rolled_move.sort();
    every_rolled_move.dedup();
    assert_eq!(moves(&any), every_rolled_move);
}

/// Only the exchange needs the other team's consent.
#[test]
fn only_the_exchange_needs_agreement() {
    let p = Position::from_fen("8/8/7yR/3rK4/8/8/8/bK7 y d - ry,bk -").expect("valid");
    let mut list = MoveList::new();
    p.generate(&mut list);
    let needing: Vec<String> = list
        .iter()
        .filter(|&&m| p.needs_agreement(m))
        .map(|&m| p.move_text(m))
        .collect();
    assert_eq!(needing, vec!["exchange".to_string()]);
    assert_eq!(list.len(), 15);
}

/// The searcher searches twin rolls once, so twins must play on exactly
/// alike: over random divination games, two rolls of one position share
/// an outcome key exactly when they allow the same moves, and then every
/// move leads to the same position (same key). Roll 1 with the King stuck
/// twins roll 6 (pawns), and all rolls that lose the turn are twins.
#[test]
fn rolls_share_an_outcome_key_exactly_when_they_play_on_alike() {
    use rand::prelude::*;
    let mut rng = StdRng::seed_from_u64(0x7715);
    let text = START.strip_suffix(" -").expect("start ends with the die");
    let start = Position::from_fen(&format!("{text} ?")).expect("divination start");
    let (mut nodes, mut twins, mut king_fallbacks) = (0, 0, 0);
    for _ in 0..120 {
        let mut p = start.clone();
        for _ in 0..120 {
            if p.chance_outcomes() == 0 {
                break;
            }
            nodes += 1;
            let outcomes: Vec<Position> = (0..6).map(|i| p.resolve_chance(i)).collect();
            let lists: Vec<Vec<String>> = outcomes.iter().map(moves).collect();
            // The keys found without drawing the rolls, and what the
            // searcher assumes of every roll (`OUTCOMES_EVALUATE_ALIKE`).
            let mut keys = [(0, 0); 6];
            p.outcome_keys(&mut keys);
            for (outcome, key) in outcomes.iter().zip(keys) {
                assert_eq!(key, (outcome.hash(), outcome.outcome_key()), "{}", p.fen());
                assert_eq!(outcome.evaluate(), p.evaluate(), "{}", p.fen());
                assert_eq!(outcome.evaluation_key(), p.evaluation_key());
                assert_eq!(outcome.in_check(), p.in_check());
                assert_eq!(outcome.is_rule_draw(), p.is_rule_draw());
                assert_eq!(outcome.is_decided(), p.is_decided());
            }
            for i in 0..6 {
                for j in 0..i {
                    let same_key = outcomes[i].outcome_key() == outcomes[j].outcome_key();
                    assert_eq!(
                        same_key,
                        lists[i] == lists[j],
                        "rolls {} and {}: {}",
                        j + 1,
                        i + 1,
                        p.fen()
                    );
                    if same_key {
                        twins += 1;
                        king_fallbacks += usize::from(j == 0 && i == 5 && lists[i] != ["0000"]);
                        let mut list = MoveList::new();
                        outcomes[i].generate(&mut list);
                        for &mv in &list {
                            let twin_move = outcomes[j]
                                .parse_move(&outcomes[i].move_text(mv))
                                .expect("the twin has the move");
                            assert_eq!(
                                outcomes[i].play(mv).hash(),
                                outcomes[j].play(twin_move).hash()
                            );
                        }
                    }
                }
            }
            p = outcomes[rng.random_range(0..6)].clone();
            let mut list = MoveList::new();
            p.generate(&mut list);
            let Some(&mv) = list.choose(&mut rng) else {
                break;
            };
            p = p.play(mv);
        }
    }
    assert!(
        nodes > 5000 && twins > 1000 && king_fallbacks > 100,
        "{nodes} {twins} {king_fallbacks}"
    );
}
