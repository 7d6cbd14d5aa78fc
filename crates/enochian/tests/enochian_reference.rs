//! The fast Enochian generator against the independent slow one
//! (`tools/enochian-reference`, written from the rulings page alone) on
//! positions from random games over all 32 starting arrays, normal and
//! divination, some starting with one King of each team taken (the
//! exchange is open) and some with one army Kingless and controlled by its
//! ally's King out in the middle of the board, biased towards the rare
//! events (Kings taken, thrones seized, exchanges, privileged promotions):
//! same canonical position string, same legal moves, same position after
//! every move, same check status, same end status.
//!
//! The die is compared too. The reference's `play` gives the army now to
//! move the roll it is handed; Augur's move leaves that roll unknown (`?`,
//! asserted after every move of a divination game) and the test then draws
//! the same roll, so the two full position strings must be equal, die
//! field included. Only where the game is decided does Augur keep `?` (no
//! roll is drawn there), and then the reference must have no legal move.
//! Counts of each rare event are asserted, among them moves compared that
//! take a controlling King (and one whose ally has no King of its own, so
//! that the ally freezes again).

use augur_core::{Color, Game, MoveList};
use augur_enochian::{Army, Die, Element, EnochianMove, Kind, Position};
use augur_enochian_reference as reference;
use rand::prelude::*;

/// The events the cross-check must see, in report order. The last two
/// count moves compared (any legal move of a position visited), the
/// others moves played and positions visited.
const EVENTS: [&str; 10] = [
    "King taken",
    "position with a frozen army",
    "throne seized",
    "exchange played",
    "privileged promotion",
    "stalemated army passed over",
    "lost turn (divination)",
    "position in check",
    "controlling King taken",
    "controlling King of a Kingless army taken",
];

/// The pieces on the reference's board (a shared throne holds two).
fn reference_pieces(p: &reference::Position) -> usize {
    reference::Square::all()
        .filter_map(|sq| p.at(sq))
        .map(|cell| 1 + usize::from(cell.partner.is_some()))
        .sum()
}

fn status_of(p: &Position) -> reference::Status {
    if p.kings_of(Color::White) == 0 {
        reference::Status::Won(reference::Team::RedYellow)
    } else if p.kings_of(Color::Black) == 0 {
        reference::Status::Won(reference::Team::BlueBlack)
    } else if p.bare_kings_draw() || p.is_decided() {
        reference::Status::Draw
    } else {
        reference::Status::Ongoing
    }
}

/// The position string without its die field.
fn without_die(text: &str) -> &str {
    text.rsplit_once(' ').map_or(text, |(head, _)| head)
}

/// The position string Augur must write after a move, from the
/// reference's: the same, die included (the roll the army now to move
/// was given), except that where the game is decided (the reference has
/// no legal move) Augur draws no roll and keeps `?` (its extension).
fn expected_after(ours: &Position, theirs: &reference::Position) -> String {
    let text = theirs.to_string();
    if ours.die() == Die::Pending {
        assert!(
            reference::legal_moves(theirs).is_empty(),
            "no roll drawn at {ours} although the game goes on ({text})"
        );
        format!("{} ?", without_die(&text))
    } else {
        text
    }
}

/// `start` (a starting array) with one army's King taken and the army
/// controlled by its ally, whose King has left its own throne (the partner
/// stays) for the middle of the board, where it is soon attacked: Yellow
/// controlled by Red's King on d5, or Black by Blue's King on e4.
fn controlled_start(start: &Position, yellow: bool) -> Position {
    let (taken, controller, control, rank, row) = if yellow {
        ("yK", "rK", "ry", 3, "3rK2")
    } else {
        ("kK", "bK", "bk", 4, "2bK3")
    };
    let text =
        start
            .to_string()
            .replacen(taken, &taken[..1], 1)
            .replacen(controller, &controller[..1], 1);
    let fields: Vec<&str> = text.split(' ').collect();
    let mut ranks: Vec<String> = fields[0].split('/').map(String::from).collect();
    // In every array rank 5 is empty up to Blue's g5 and h5, and rank 4
    // after Black's a4 and b4.
    ranks[rank] = ranks[rank].replacen('6', row, 1);
    let controlled = format!(
        "{} {} {} - {control} -",
        ranks.join("/"),
        fields[1],
        fields[2]
    );
    Position::from_fen(&controlled).unwrap_or_else(|e| panic!("{controlled}: {e}"))
}

fn weight(p: &Position, mv: EnochianMove) -> f64 {
    if mv.is_exchange() {
        return 400.0;
    }
    if mv.is_lost_turn() {
        return 1.0;
    }
    let mut w: f64 = 1.0;
    if let Some(victim) = p.army_at(mv.to()) {
        w = if p.pieces(victim, Kind::King).contains(mv.to()) {
            25.0
        } else {
            8.0
        };
    }
    if mv.promotion().is_some() {
        w = w.max(40.0);
    }
    if mv.kind() == Kind::Pawn {
        w = w.max(2.0);
    }
    if mv.kind() == Kind::King && mv.to() == p.to_move().ally().throne() {
        w = w.max(30.0);
    }
    w
}

/// The armies passed over by a move although they were not frozen.
fn stalemated_passed(before: &Position, after: &Position) -> u64 {
    let mut army = before.to_move().next(before.clockwise());
    let mut n = 0;
    while army != after.to_move() && army != before.to_move() {
        if !after.is_frozen(army) {
            n += 1;
        }
        army = army.next(before.clockwise());
    }
    n
}

fn play_both(
    ours: &Position,
    theirs: &reference::Position,
    mv: EnochianMove,
    theirs_mv: &reference::Move,
    roll: u8,
) -> (Position, reference::Position) {
    let played = ours.play(mv);
    // The die's cycle: a divination move leaves the next army's roll
    // unknown (`?`, six outcomes), and the roll is then drawn.
    if ours.die().divination() {
        assert_eq!(
            played.die(),
            Die::Pending,
            "the die was not reset by {mv} at {ours}"
        );
    } else {
        assert_eq!(played.die(), Die::Off, "{mv} at {ours}");
    }
    let next = if played.chance_outcomes() > 0 {
        played.resolve_chance(u32::from(roll) - 1)
    } else {
        played
    };
    (next, reference::play(theirs, theirs_mv, roll))
}

#[test]
fn fast_and_reference_generators_agree_on_random_game_positions() {
    let mut rng = StdRng::seed_from_u64(0xE40C_0007);
    let mut counts = [0u64; EVENTS.len()];
    let mut positions = 0u64;
    let mut moves_compared = 0u64;
    let mut game = 0u64;
    while positions < 15_000 {
        game += 1;
        let setting = Element::ALL[rng.random_range(0..4)];
        let board = Element::ALL[rng.random_range(0..4)];
        let mut ours = Position::array(setting, board, rng.random_bool(0.5));
        let divination = game.is_multiple_of(3);
        if game % 3 == 1 && game % 2 == 1 {
            // Yellow and Black have lost their Kings (one per team): the
            // exchange of prisoners is open from the first move.
            let text = ours
                .to_string()
                .replacen("yK", "y", 1)
                .replacen("kK", "k", 1);
            let fields: Vec<&str> = text.split(' ').collect();
            let frozen = format!("{} {} {} yk - -", fields[0], fields[1], fields[2]);
            ours = Position::from_fen(&frozen).expect("exchange start");
        } else if game % 6 == 2 || game % 6 == 3 {
            // One army Kingless and controlled, in normal and divination
            // games: the controlling King is soon taken.
            ours = controlled_start(&ours, game % 4 < 2);
        }
        if divination {
            let text = ours.to_string();
            let roll = rng.random_range(1..=6u8);
            let head = text.rsplit_once(' ').map_or(text.as_str(), |(h, _)| h);
            ours = Position::from_fen(&format!("{head} {roll}")).expect("divination start");
        }
        for _ply in 0..300 {
            let text = ours.to_string();
            // A decided divination game keeps its roll pending (`?`, an
            // Augur extension); the reference wants a roll there.
            let given = match text.strip_suffix(" ?") {
                Some(head) => format!("{head} 1"),
                None => text.clone(),
            };
            let theirs = reference::Position::parse(&given)
                .unwrap_or_else(|e| panic!("reference rejects {given}: {e}"));
            assert_eq!(theirs.to_string(), given, "canonical strings differ");
            positions += 1;
            let mut list = MoveList::new();
            ours.generate(&mut list);
            let mut our_texts: Vec<String> = list.iter().map(|m| m.to_string()).collect();
            our_texts.sort();
            let their_moves = reference::legal_moves(&theirs);
            let mut their_texts: Vec<String> = their_moves.iter().map(|m| m.to_string()).collect();
            their_texts.sort();
            assert_eq!(our_texts, their_texts, "legal moves differ at {text}");
            assert_eq!(
                ours.king_attacked(ours.to_move()),
                reference::in_check(&theirs),
                "check differs at {text}"
            );
            assert_eq!(
                status_of(&ours),
                reference::status(&theirs),
                "status differs at {text}"
            );
            if ours.king_attacked(ours.to_move()) {
                counts[7] += 1;
            }
            if Army::ALL.iter().any(|&a| ours.is_frozen(a)) {
                counts[1] += 1;
            }
            if list.is_empty() {
                break;
            }
            let roll = rng.random_range(1..=6u8);
            // The search's generators: the noisy moves are exactly the
            // reference's moves that take a piece or promote.
            let legal: Vec<EnochianMove> = list.iter().copied().collect();
            let mut noisy: Vec<String> = augur_suite::check_search_generators(&ours, &legal)
                .iter()
                .map(|m| m.to_string())
                .collect();
            noisy.sort();
            let mut taking_or_promoting: Vec<String> = their_moves
                .iter()
                .filter(|m| {
                    matches!(
                        m,
                        reference::Move::Step {
                            promotion: Some(_),
                            ..
                        }
                    ) || reference_pieces(&reference::play(&theirs, m, roll))
                        < reference_pieces(&theirs)
                })
                .map(|m| m.to_string())
                .collect();
            taking_or_promoting.sort();
            assert_eq!(noisy, taking_or_promoting, "noisy moves differ at {text}");
            // Every move: the same position after it.
            for &mv in list.iter() {
                let their_mv = their_moves
                    .iter()
                    .find(|m| m.to_string() == mv.to_string())
                    .expect("same move lists");
                if let Some(victim) = ours.army_at(mv.to())
                    && !mv.is_exchange()
                    && !mv.is_lost_turn()
                    && ours.pieces(victim, Kind::King).contains(mv.to())
                    && ours.controller(victim.ally()) == Some(victim)
                {
                    counts[8] += 1;
                    if ours.king(victim.ally()).is_none() {
                        counts[9] += 1;
                    }
                }
                let (a, b) = play_both(&ours, &theirs, mv, their_mv, roll);
                assert_eq!(
                    a.to_string(),
                    expected_after(&a, &b),
                    "positions differ after {mv} at {text} (roll {roll})"
                );
                moves_compared += 1;
            }
            let weights: Vec<f64> = list.iter().map(|&m| weight(&ours, m)).collect();
            let index = (0..list.len())
                .collect::<Vec<_>>()
                .choose_weighted(&mut rng, |&i| weights[i])
                .copied()
                .unwrap_or(0);
            let mv = list[index];
            let their_mv = their_moves
                .iter()
                .find(|m| m.to_string() == mv.to_string())
                .expect("same move lists");
            if let Some(victim) = ours.army_at(mv.to())
                && !mv.is_exchange()
                && !mv.is_lost_turn()
                && ours.pieces(victim, Kind::King).contains(mv.to())
            {
                counts[0] += 1;
            }
            if !mv.is_exchange()
                && !mv.is_lost_turn()
                && mv.kind() == Kind::King
                && mv.to() == ours.to_move().ally().throne()
            {
                counts[2] += 1;
            }
            if mv.is_exchange() {
                counts[3] += 1;
            }
            if mv.promotion().is_some()
                && list
                    .iter()
                    .filter(|m| m.from() == mv.from() && m.to() == mv.to())
                    .count()
                    > 1
            {
                counts[4] += 1;
            }
            if mv.is_lost_turn() {
                counts[6] += 1;
            }
            let (next, _) = play_both(&ours, &theirs, mv, their_mv, roll);
            if matches!(ours.die(), Die::Off) {
                counts[5] += stalemated_passed(&ours, &next);
            }
            ours = next;
        }
    }
    let report: Vec<String> = EVENTS
        .iter()
        .zip(counts)
        .map(|(name, n)| format!("{name}: {n}"))
        .collect();
    println!(
        "{positions} positions from {game} games, {moves_compared} moves compared; {}",
        report.join(", ")
    );
    let minimum = [100, 1000, 20, 10, 3, 5, 100, 100, 20, 15];
    for ((name, n), min) in EVENTS.iter().zip(counts).zip(minimum) {
        assert!(
            n >= min,
            "only {n} of '{name}' (want {min}): {}",
            report.join(", ")
        );
    }
}
