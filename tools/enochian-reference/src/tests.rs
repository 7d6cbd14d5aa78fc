//! Reference perft counts and hand-checked positions for every rule.

use crate::*;

fn pos(text: &str) -> Position {
    Position::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Sorted move texts of a position string.
fn moves(text: &str) -> Vec<String> {
    let mut v: Vec<String> = legal_moves(&pos(text))
        .iter()
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

/// Plays the move with text `mv` and prints the resulting position.
fn after(text: &str, mv: &str, roll: u8) -> String {
    let p = pos(text);
    let m = find_move(&p, mv).unwrap_or_else(|| panic!("{mv} not legal in {text}"));
    play(&p, &m, roll).to_string()
}

// ---------------------------------------------------------------- perft

#[test]
fn perft_default_start() {
    let p = pos(START);
    let expected = [9u64, 82, 747, 6805, 80931];
    for (d, &n) in expected.iter().enumerate() {
        assert_eq!(perft(&p, d as u32 + 1), n, "depth {}", d + 1);
    }
}

#[test]
fn perft_default_start_depth_6() {
    assert_eq!(perft(&pos(START), 6), 939431);
}

#[test]
fn perft_earth_of_earth_clockwise() {
    let p = start_position("earth", "earth", true);
    let expected = [11u64, 122, 1353, 15005];
    for (d, &n) in expected.iter().enumerate() {
        assert_eq!(perft(&p, d as u32 + 1), n, "depth {}", d + 1);
    }
}

#[test]
fn divide_sums_to_perft() {
    let p = pos(START);
    let d = divide(&p, 3);
    assert_eq!(d.len(), 9);
    assert_eq!(d.iter().map(|(_, n)| n).sum::<u64>(), 747);
    assert!(divide(&p, 1).iter().all(|(_, n)| *n == 1));
}

// ---------------------------------------------------------------- strings

#[test]
fn start_is_water_of_water_clockwise() {
    assert_eq!(start_position("water", "water", true).to_string(), START);
    assert_eq!(pos(START).to_string(), START);
}

#[test]
fn all_32_arrays_round_trip() {
    let mut seen = std::collections::HashSet::new();
    for s in ELEMENTS {
        for b in ELEMENTS {
            for cw in [true, false] {
                let p = start_position(s, b, cw);
                let text = p.to_string();
                assert_eq!(pos(&text), p, "{text}");
                assert_eq!(pos(&text).to_string(), text);
                assert!(seen.insert(text));
            }
        }
    }
    assert_eq!(seen.len(), 32);
}

#[test]
fn arrays_first_mover_and_setting() {
    // Earth of Earth: R with the King, B, Q, N; Black first.
    assert_eq!(
        start_position("earth", "earth", true).to_string(),
        "yKRyByQyN2bPRbKR/yPRyPByPQyPN2bPBbB/6bPQbQ/6bPNbN/kNkPN6/kQkPQ6/kBkPB2rPNrPQrPBrPR/kKRkPR2rNrQrBrKR k d - - -"
    );
    // Fire of Air: N with the King, R, B, Q; Yellow first, widdershins.
    assert_eq!(
        start_position("fire", "air", false).to_string(),
        "yKNyRyByQ2bPNbKN/yPNyPRyPByPQ2bPRbR/6bPBbB/6bPQbQ/kQkPQ6/kBkPB6/kRkPR2rPQrPBrPRrPN/kKNkPN2rQrBrRrKN y w - - -"
    );
    // Air of Fire (Earth/Fire column: B, R, N, Q); Red first.
    let p = start_position("air", "fire", true);
    assert_eq!(p.to_move(), Army::Red);
    assert!(p.to_string().starts_with("yKByRyNyQ"));
}

#[test]
fn non_canonical_input_is_printed_canonically() {
    let p = pos("  yK6bK/8/8/8/8/8/8/kK6rK   b  d  - - -  ");
    assert_eq!(p.to_string(), "yK6bK/8/8/8/8/8/8/kK6rK b d - - -");
    let p = pos("yR6bK/8/8/8/8/kR7/8/7rK b d ky - -");
    assert_eq!(p.to_string(), "yR6bK/8/8/8/8/kR7/8/7rK b d yk - -");
}

#[test]
fn malformed_input_is_rejected() {
    let bad = [
        "",
        "yK6bK/8/8/8/8/8/8/kK6rK b d - -",
        "yK6bK/8/8/8/8/8/8/kK6rK b d - - - x",
        "yK6bK/8/8/8/8/8/8 b d - - -",
        "yK7bK/8/8/8/8/8/8/kK6rK b d - - -",
        "yK5bK/8/8/8/8/8/8/kK6rK b d - - -",
        "yK6bK/8/8/8/8/8/8/kK15rK b d - - -",
        "yK6bK/8/8/8/8/8/8/kK06rK b d - - -",
        "yK6bK/8/8/8/8/8/8/kK6rK x d - - -",
        "yK6bK/8/8/8/8/8/8/kK6rK b c - - -",
        "yK6bK/8/8/8/8/8/8/kK6rK b d - - 7",
        "yK6bK/8/8/8/8/8/8/kK6rK b d - - 0",
        "yK6bK/8/8/8/8/8/8/kK6rK b d yy - -",
        "yK6bK/8/8/8/8/8/8/kK6rK b d - yb -",
        "yK6bK/8/8/8/8/8/8/kK6rK b d - yrr -",
        "yP6bK/8/8/8/8/8/8/kK6rK b d y - -",
        "yPK6bK/8/8/8/8/8/8/kK6rK b d y - -",
        "yKK6bK/8/8/8/8/8/8/kK6rK b d - - -",
        "xK6bK/8/8/8/8/8/8/kK6rK b d - - -",
        "y6bK/8/8/8/8/8/8/kK6rK b d - - -",
        "yKyK6bK/8/8/8/8/8/8/kK5rK b d - - -",
        "yK6bK/8/8/8/8/8/8/kK6rK b d y - -",
        "yK6bK/8/8/8/8/8/8/k7 b d - - -",
        "7bK/8/8/8/8/8/8/kK6rK b d - - -",
        "7bK/8/8/8/8/8/8/kK6rK b d y ry -",
        "1yKQ5bK/8/8/8/8/8/8/kK6rK b d - - -",
        "yKQyQyQyQyQyQyQbK/yQyQ6/8/8/8/8/8/kK6rK b d - - -",
    ];
    for b in bad {
        assert!(Position::parse(b).is_err(), "accepted: {b}");
    }
}

#[test]
fn parse_never_panics_and_round_trips() {
    // Deterministic mutations of a few strings: every accepted one prints
    // back to a string that parses to the same position.
    let seeds = [
        START,
        "yKPQ6bK/8/8/8/8/8/8/kK3yQ2rK b d - - -",
        "7bK/8/8/8/4rPN3/7kR/8/kK6yK k d - yr 4",
        "yR4yR1bR/8/5rN2/8/8/8/8/kK6rK k d yb - -",
    ];
    let alphabet: Vec<char> = "ybrkKQRBNP12345678/ -,dw0".chars().collect();
    let mut state = 12345u64;
    let mut next = |n: usize| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((state >> 33) as usize) % n
    };
    for seed in seeds {
        let chars: Vec<char> = seed.chars().collect();
        for _ in 0..3000 {
            let mut c = chars.clone();
            for _ in 0..1 + next(3) {
                let i = next(c.len());
                match next(3) {
                    0 => {
                        c.remove(i);
                    }
                    1 => c[i] = alphabet[next(alphabet.len())],
                    _ => c.insert(i, alphabet[next(alphabet.len())]),
                }
            }
            let text: String = c.into_iter().collect();
            if let Ok(p) = Position::parse(&text) {
                let printed = p.to_string();
                assert_eq!(pos(&printed), p, "{text}");
                let _ = legal_moves(&p);
                let _ = status(&p);
            }
        }
    }
}

// ---------------------------------------------------------------- pieces

#[test]
fn start_moves() {
    assert_eq!(
        moves(START),
        sorted(&[
            "g5f5", "g6f6", "g7f7", "g8f8", "h5f4", "h5f6", "h5g3", "h8f6Q", "h8f8Q"
        ])
    );
    assert!(!in_check(&pos(START)));
    assert_eq!(status(&pos(START)), Status::Ongoing);
}

#[test]
fn queen_leaps_and_takes_a_shared_throne_with_a_queen_partner() {
    let text = "yKQ6bK/8/2bQ5/8/8/8/8/kK6rK b d - - -";
    assert_eq!(
        moves(text),
        sorted(&[
            "c6a8", "c6c8", "c6e8", "c6a6", "c6e6", "c6a4", "c6c4", "c6e4", "h8g8", "h8g7", "h8h7"
        ])
    );
    // Both the King and the Queen go; Yellow freezes.
    assert_eq!(after(text, "c6a8", 1), "bQ6bK/8/8/8/8/8/8/kK6rK r d y - -");
}

#[test]
fn queen_never_takes_queen_bishop_never_bishop() {
    // Blue Queen c6: Yellow Queen a8 and Red Queen a4 are out of bounds, the
    // Red Bishop e4 is not. Blue Bishop c2: the Red Bishop e4 is out of
    // bounds, the Red Queen b3 is not.
    let text = "yQ3yK2bK/8/2bQ5/8/rQ3rB3/1rQ6/2bB5/kK6rK b d - - -";
    let m = moves(text);
    assert!(!m.contains(&"c6a8".to_string()));
    assert!(!m.contains(&"c6a4".to_string()));
    assert!(m.contains(&"c6e4".to_string()));
    assert!(!m.contains(&"c2e4".to_string()));
    assert!(m.contains(&"c2d3".to_string()));
    assert!(m.contains(&"c2b3".to_string()));
}

#[test]
fn pawns_of_each_army_move_their_own_way() {
    // Yellow pawn d5 goes down, takes c4/e4; Blue pawn e6 goes left.
    let text = "yK6bK/8/4bPQ3/3yPR4/2bN1rR3/8/8/kK6rK y d - - -";
    let m = moves(text);
    assert!(m.contains(&"d5d4".to_string()));
    assert!(m.contains(&"d5c4".to_string()));
    assert!(!m.contains(&"d5e4".to_string())); // own team (Red)
    assert!(!m.contains(&"d5e6".to_string())); // backwards
    let text = "yK6bK/8/4bPQ3/3yPR4/8/8/8/kK6rK b d - - -";
    let m = moves(text);
    assert!(m.contains(&"e6d6".to_string()));
    assert!(m.contains(&"e6d5".to_string()));
    assert!(!m.contains(&"e6d7".to_string()));
}

// ---------------------------------------------------------------- frozen

#[test]
fn frozen_pieces_block_neither_move_nor_attack_nor_are_taken() {
    let text = "1bR2yR2bK/8/8/8/8/6yR1/8/kK6rK b d y - -";
    assert_eq!(
        moves(text),
        sorted(&[
            "b8a8", "b8c8", "b8d8", "b8b7", "b8b6", "b8b5", "b8b4", "b8b3", "b8b2", "b8b1", "h8g8",
            "h8g7", "h8h7"
        ])
    );
}

#[test]
fn a_frozen_army_named_to_move_is_skipped() {
    let text = "1bR2yR2bK/8/8/8/8/6yR1/8/kK6rK y d y - -";
    assert_eq!(pos(text).to_move(), Army::Blue);
    // ... and it is skipped after a move (widdershins: b -> y -> k).
    let text = "1bR2yR2bK/8/8/8/8/6yR1/8/kK6rK b w y - -";
    assert_eq!(
        after(text, "h8h7", 1),
        "1bR2yR3/7bK/8/8/8/6yR1/8/kK6rK k w y - -"
    );
}

#[test]
fn taking_a_king_freezes_its_army() {
    let text = "yK6bK/8/8/7bR/8/8/8/kK6rK b d - - -";
    assert_eq!(after(text, "h5h1", 1), "yK6bK/8/8/8/8/8/8/kK6bR k d r - -");
}

// ---------------------------------------------------------------- check

#[test]
fn king_in_check_with_moves_must_move() {
    let text = "yK6bK/8/8/bR7/8/7rR/8/kK5rK1 b d - - -";
    assert!(in_check(&pos(text)));
    // h7 is attacked too, but the King is already in check.
    assert_eq!(moves(text), sorted(&["h8g8", "h8g7", "h8h7"]));
}

#[test]
fn king_in_check_without_moves_lets_other_pieces_move() {
    // Blue King h8 boxed in by its own blocked pieces, checked by the
    // Red Queen f6 (leap). The Blue Rook on a5 may move.
    let text = "yK5bPQbK/6bPQbR/5rQ2/bR7/8/8/8/kK6rK b d - - -";
    let p = pos(text);
    assert!(in_check(&p));
    let m = moves(text);
    assert!(m.iter().all(|t| !t.starts_with("h8")));
    assert!(m.contains(&"a5a1".to_string()) || m.contains(&"a5a2".to_string()));
    assert!(m.contains(&"h7h6".to_string()));
}

#[test]
fn king_may_not_step_onto_attacked_squares() {
    let text = "yK6bK/8/8/8/8/6rR1/8/kK5rK1 b d - - -";
    assert!(!in_check(&pos(text)));
    assert_eq!(moves(text), sorted(&["h8h7"]));
}

#[test]
fn check_ignores_frozen_attackers_and_sees_partners() {
    // The Yellow Queen partner on a8 attacks c6.
    let text = "yKQ7/8/2bK5/8/8/8/8/kK6rK b d - - -";
    assert!(in_check(&pos(text)));
    // Frozen Yellow rook on c1 does not check the Blue King on c6.
    let text = "8/8/2bK5/8/8/8/8/kK1yR4rK b d y - -";
    assert!(!in_check(&pos(text)));
}

#[test]
fn stalemated_army_is_skipped() {
    // Red King h1: g1, g2 attacked by the Rook g7, h2 by the Rook a2.
    let text = "yK6bK/6bR1/8/8/8/8/bR7/kK6rK b d - - -";
    assert_eq!(pos(text).to_move(), Army::Blue);
    let red = "yK6bK/6bR1/8/8/8/8/bR7/kK6rK r d - - -";
    assert_eq!(pos(red).to_move(), Army::Black);
    assert_eq!(
        after(text, "h8h7", 1),
        "yK7/6bRbK/8/8/8/8/bR7/kK6rK k d - - -"
    );
    // The Rook leaving rank 2 frees h2: Red moves next.
    assert_eq!(
        after(text, "a2a3", 1),
        "yK6bK/6bR1/8/8/8/bR7/8/kK6rK r d - - -"
    );
}

// ---------------------------------------------------------------- thrones

#[test]
fn shared_throne_partner_moves() {
    let text = "yKB6bK/8/8/8/8/8/8/kK6rK y d - - -";
    assert_eq!(
        moves(text),
        sorted(&[
            "a8b8", "a8a7", "a8b7", "a8b7B", "a8c6B", "a8d5B", "a8e4B", "a8f3B", "a8g2B"
        ])
    );
    assert_eq!(
        after(text, "a8b7B", 1),
        "yK6bK/1yB6/8/8/8/8/8/kK6rK b d - - -"
    );
    assert_eq!(
        after(text, "a8b7", 1),
        "yB6bK/1yK6/8/8/8/8/8/kK6rK b d - - -"
    );
}

#[test]
fn seizing_a_frozen_allys_throne_revives_it() {
    let text = "7bK/8/8/8/8/8/4rPN1yK1/kK7 y d r - -";
    assert_eq!(moves(text).len(), 8);
    let next = after(text, "g2h1", 1);
    assert_eq!(next, "7bK/8/8/8/8/8/4rPN3/kK6yK b d - yr -");
    // Red now moves on its own turn.
    assert_eq!(
        after(&next, "h8h7", 1),
        "8/7bK/8/8/8/8/4rPN3/kK6yK r d - yr -"
    );
    assert_eq!(
        moves("8/7bK/8/8/8/8/4rPN3/kK6yK r d - yr -"),
        sorted(&["e2e3"])
    );
}

#[test]
fn controlling_king_taken_control_returns_to_the_allys_own_king() {
    let text = "7bK/8/8/8/4rK3/7kR/8/kK6yK k d - yr -";
    assert_eq!(after(text, "h3h1", 1), "7bK/8/8/8/4rK3/8/8/kK6kR b d y - -");
}

#[test]
fn controlling_king_taken_without_the_allys_king_freezes_it_again() {
    let text = "7bK/8/8/8/4rPN3/7kR/8/kK6yK k d - yr -";
    let next = pos(&after(text, "h3h1", 1));
    assert_eq!(next.to_string(), "7bK/8/8/8/4rPN3/8/8/kK6kR b d yr - -");
    assert_eq!(status(&next), Status::Won(Team::BlueBlack));
    assert!(legal_moves(&next).is_empty());
    assert_eq!(perft(&next, 2), 0);
}

#[test]
fn taking_a_controlled_armys_own_king_freezes_it() {
    // Yellow King on h1 controls Red, whose King e4 the Blue Rook takes.
    let text = "7bK/8/8/8/bR3rK3/8/8/kK6yK b d - yr -";
    assert_eq!(after(text, "a4e4", 1), "7bK/8/8/8/4bR3/8/8/kK6yK k d r - -");
}

// ---------------------------------------------------------------- exchange

#[test]
fn exchange_returns_both_kings() {
    let text = "yR6bK/8/8/8/8/kR7/8/7rK b d yk - -";
    assert_eq!(moves(text), sorted(&["exchange", "h8g8", "h8g7", "h8h7"]));
    // Yellow's throne is occupied: a7 is attacked by the (unfrozen) Black
    // Rook, so b7 (a7 < b7 < b8 at distance 1). Black's throne is empty.
    assert_eq!(
        after(text, "exchange", 1),
        "yR6bK/1yK6/8/8/8/kR7/8/kK6rK r d - - -"
    );
}

#[test]
fn exchange_with_both_thrones_occupied() {
    // Yellow and Blue return (Black to move). Yellow's throne a8 holds its
    // frozen Rook: a7 is the first square at distance 1 and is not attacked.
    // Blue's throne h8 holds its frozen Rook: at distance 1, g7 (54) comes
    // before h7 (55) and g8 (62); h7 is attacked by the Red Knight f6, g8 by
    // the (now unfrozen) Yellow Rook f8, g7 by nothing: g7.
    let text = "yR4yR1bR/8/5rN2/8/8/8/8/kK6rK k d yb - -";
    assert_eq!(moves(text), sorted(&["a1a2", "a1b1", "a1b2", "exchange"]));
    assert_eq!(
        after(text, "exchange", 1),
        "yR4yR1bR/yK5bK1/5rN2/8/8/8/8/kK6rK y d - - -"
    );
    // With a Red Rook on g3 guarding the g-file, g7 is attacked too, as
    // are h7 (Knight) and g8: every square at distance 1. At distance 2, in
    // a1..h8 order: f6 (occupied), g6 (g-file), h6 (free): h6.
    let text = "yR4yR1bR/8/5rN2/8/8/6rR1/8/kK6rK k d yb - -";
    assert_eq!(
        after(text, "exchange", 1),
        "yR4yR1bR/yK7/5rN1bK/8/8/6rR1/8/kK6rK y d - - -"
    );
}

#[test]
fn exchange_not_in_check_with_king_moves_nor_in_divination() {
    // Blue King h8 checked by the Red Rook h3.
    let text = "yR6bK/8/8/8/8/kR6rR/8/6rK1 b d yk - -";
    assert!(!moves(text).contains(&"exchange".to_string()));
    let text = "yR6bK/8/8/8/8/kR7/8/7rK b d yk - 1";
    assert!(!moves(text).contains(&"exchange".to_string()));
}

// ---------------------------------------------------------------- promotion

#[test]
fn normal_promotion_to_the_pawns_type() {
    let text = "yK6bK/8/8/8/8/8/4yPN3/kK1yR4rK y d - - -";
    let m = moves(text);
    assert!(m.contains(&"e2e1n".to_string()));
    assert!(!m.contains(&"e2e1q".to_string()));
    assert!(!m.contains(&"e2e1".to_string()));
}

#[test]
fn privileged_promotion_demotes_the_throne_partner() {
    let text = "yKQ6bK/8/8/8/8/8/4yPN3/kK6rK y d - - -";
    assert_eq!(
        moves(text),
        sorted(&[
            "a8b8", "a8a7", "a8b7", "a8c8Q", "a8a6Q", "a8c6Q", "e2e1q", "e2e1r", "e2e1b", "e2e1n"
        ])
    );
    let next = after(text, "e2e1q", 1);
    assert_eq!(next, "yKPQ6bK/8/8/8/8/8/8/kK3yQ2rK b d - - -");
    // The pawn partner leaves as a8a7P.
    let yellow = "yKPQ6bK/8/8/8/8/8/8/kK3yQ2rK y d - - -";
    assert!(moves(yellow).contains(&"a8a7P".to_string()));
    // Promoting to a Rook demotes nothing.
    assert_eq!(
        after(text, "e2e1r", 1),
        "yKQ6bK/8/8/8/8/8/8/kK3yR2rK b d - - -"
    );
}

#[test]
fn demoted_pawn_on_its_promotion_line_cannot_move() {
    let text = "yK6bK/8/8/8/8/8/4yPN3/kK1yB4rK y d - - -";
    let next = after(text, "e2e1b", 1);
    assert_eq!(next, "yK6bK/8/8/8/8/8/8/kK1yPB1yB2rK b d - - -");
    let yellow = "yK6bK/8/8/8/8/8/8/kK1yPB1yB2rK y d - - -";
    assert!(moves(yellow).iter().all(|m| !m.starts_with("c1")));
}

#[test]
fn privileged_needs_the_own_king() {
    // Red without its King (controlled by Yellow): Queen + pawn only.
    let text = "7bK/3rPN4/8/8/8/8/8/kK1rQ3yK1 r d - yr -";
    let m = moves(text);
    assert!(m.contains(&"d7d8n".to_string()));
    assert!(!m.contains(&"d7d8q".to_string()));
}

// ---------------------------------------------------------------- status

#[test]
fn draws() {
    let four = pos("yK6bK/8/8/8/8/8/8/kK6rK b d - - -");
    assert_eq!(status(&four), Status::Draw);
    assert_eq!(perft(&four, 2), 9); // perft ignores draws
    let bare_team = pos("yKQ6bK/8/8/8/8/8/8/kK6rK b d - - -");
    assert_eq!(status(&bare_team), Status::Draw);
    let not_bare = pos("yKQ6bKQ/8/8/8/8/8/8/kK6rK b d - - -");
    assert_eq!(status(&not_bare), Status::Ongoing);
}

#[test]
fn no_army_can_move_is_a_draw() {
    // Red and Blue Kings walled in by frozen Yellow and Black pieces. In a
    // normal game each team has one King, so `exchange` is the only move.
    let normal = "6kRbK/6kRkR/8/8/8/8/6yRyR/6yRrK b d yk - -";
    assert_eq!(moves(normal), sorted(&["exchange"]));
    assert_eq!(status(&pos(normal)), Status::Ongoing);
    // In divination mode there is no exchange: nobody can move.
    let div = "6kRbK/6kRkR/8/8/8/8/6yRyR/6yRrK b d yk - 3";
    let p = pos(div);
    assert_eq!(p.to_string(), div);
    assert!(legal_moves(&p).is_empty());
    assert_eq!(status(&p), Status::Draw);
    assert_eq!(perft(&p, 3), 0);
}

// ---------------------------------------------------------------- divination

#[test]
fn divination_die_filters_and_lost_turns() {
    let board = START.split(' ').next().unwrap();
    let with = |d: u8| format!("{board} b d - - {d}");
    assert_eq!(moves(&with(5)), sorted(&["0000"]));
    assert_eq!(moves(&with(3)), sorted(&["0000"]));
    assert_eq!(moves(&with(4)), sorted(&["h8f6Q", "h8f8Q"]));
    assert_eq!(moves(&with(2)), sorted(&["h5f4", "h5f6", "h5g3"]));
    assert_eq!(moves(&with(6)), sorted(&["g5f5", "g6f6", "g7f7", "g8f8"]));
    // 1: the King cannot move, so the pawns.
    assert_eq!(moves(&with(1)), moves(&with(6)));
    // A lost turn passes the turn; Red gets the next roll.
    assert_eq!(after(&with(5), "0000", 2), format!("{board} r d - - 2"));
    // perft: first ply by the die, later plies over all six rolls.
    let p = pos(&with(4));
    assert_eq!(perft(&p, 1), 2);
    let red_counts: u64 = (1..=6)
        .map(|r| perft(&pos(&format!("{board} r d - - {r}")), 1))
        .sum();
    // After either Queen leap Red's options are those of the start.
    assert_eq!(perft(&p, 2), 2 * red_counts);
}

#[test]
fn divination_king_may_step_into_check() {
    let normal = "yK6bK/8/8/8/8/6rR1/8/kK5rK1 b d - - -";
    assert_eq!(moves(normal), sorted(&["h8h7"]));
    let div = "yK6bK/8/8/8/8/6rR1/8/kK5rK1 b d - - 1";
    assert_eq!(moves(div), sorted(&["h8g8", "h8g7", "h8h7"]));
    // In check, any piece may move: the Rook on a5 with a 5.
    let div = "yK6bK/8/8/bR7/8/7rR/8/kK5rK1 b d - - 5";
    assert!(moves(div).contains(&"a5a2".to_string()));
}

#[test]
fn divination_army_without_any_move_gets_no_roll() {
    // Red: King h1 walled in by its own pawns, which are blocked by frozen
    // Yellow rooks; it has no move at all and is skipped.
    let text = "7bK/8/8/8/8/6yRyR/6rPNrPN/kK5rPNrK b d y - 3";
    assert_eq!(moves(text), sorted(&["0000"]));
    assert_eq!(
        after(text, "0000", 5),
        "7bK/8/8/8/8/6yRyR/6rPNrPN/kK5rPNrK k d y - 5"
    );
    assert_eq!(
        moves("7bK/8/8/8/8/6yRyR/6rPNrPN/kK5rPNrK k d y - 5"),
        sorted(&["0000"])
    );
    // Named to move, Red is skipped too, keeping the die.
    assert_eq!(
        pos("7bK/8/8/8/8/6yRyR/6rPNrPN/kK5rPNrK r d y - 2").to_string(),
        "7bK/8/8/8/8/6yRyR/6rPNrPN/kK5rPNrK k d y - 2"
    );
}
