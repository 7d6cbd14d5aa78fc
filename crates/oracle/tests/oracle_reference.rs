//! The fast Oracle generator against the independent slow one
//! (`tools/oracle-reference`, written from the rulings page alone) on
//! positions from random games biased towards the rare move kinds (fetch,
//! summon, promotion, takes): same legal moves, same position after every
//! move, same check status, same end-of-game status.

use augur_core::{Game, MoveList, Termination};
use augur_oracle::{MoveKind, OracleMove, Position};
use augur_oracle_reference as reference;
use rand::prelude::*;

/// The move kinds the cross-check must see, in report order.
const KINDS: [&str; 8] = [
    "figure goes",
    "figure takes",
    "soul goes",
    "soul takes",
    "fetch",
    "summon",
    "promotion",
    "soul leaves a Lord",
];

/// Which of [`KINDS`] a move belongs to (a fetch is also a figure move, a
/// summon also a soul move).
fn kinds_of(position: &Position, mv: OracleMove) -> Vec<usize> {
    let mut kinds = Vec::new();
    match mv.kind() {
        MoveKind::Figure => {
            kinds.push(if position.cell(mv.to()).is_empty() {
                0
            } else {
                1
            });
            if mv.fetched().is_some() {
                kinds.push(4);
            }
        }
        MoveKind::Soul => {
            kinds.push(if mv.taken().is_some() { 3 } else { 2 });
            if mv.summoned().is_some() {
                kinds.push(5);
            }
            if position.cell(mv.from()).body() == Some(augur_oracle::Body::Lord) {
                kinds.push(7);
            }
        }
        MoveKind::Promotion => kinds.push(6),
    }
    kinds
}

/// A weight for choosing the next move: rare kinds are preferred so the
/// games reach full pools, Priestess forms and promotions.
fn weight(kinds: &[usize]) -> f64 {
    kinds
        .iter()
        .map(|&k| [1.0, 6.0, 1.0, 3.0, 8.0, 8.0, 50.0, 1.0][k])
        .fold(0.0, f64::max)
}

/// Whether `mv` moves a Soldier figure (pushing them on reaches promotions).
fn mv_is_soldier_figure(position: &Position, mv: OracleMove) -> bool {
    mv.kind() == MoveKind::Figure
        && position.cell(mv.from()).body() == Some(augur_oracle::Body::Soldier)
}

fn status_of(position: &Position) -> reference::Status {
    match position.outcome().map(|o| o.termination) {
        None => reference::Status::Ongoing,
        Some(Termination::Checkmate) => reference::Status::Checkmate,
        Some(Termination::Stalemate) => reference::Status::Stalemate,
        Some(Termination::MoveRule) => reference::Status::QuietDraw,
        Some(_) => reference::Status::RoundLimitDraw,
    }
}

#[test]
fn fast_and_reference_generators_agree_on_random_game_positions() {
    let mut rng = StdRng::seed_from_u64(0x0A4C_1E06);
    let mut positions = 0usize;
    let mut kind_counts = [0usize; KINDS.len()];
    let (mut in_check, mut ended, mut with_pools) = (0usize, 0usize, 0usize);
    while positions < 20_000 {
        let mut position = Position::startpos();
        for _ in 0..rng.random_range(10..220) {
            let text = position.fen();
            let slow = reference::Position::parse(&text)
                .unwrap_or_else(|e| panic!("reference rejects {text}: {e}"));
            assert_eq!(slow.to_string(), text, "canonical strings differ");
            let mut fast_moves = MoveList::new();
            position.generate(&mut fast_moves);
            let mut ours: Vec<String> = fast_moves.iter().map(|&m| position.move_text(m)).collect();
            let slow_moves = reference::legal_moves(&slow);
            let mut theirs: Vec<String> = slow_moves.iter().map(|m| m.to_string()).collect();
            ours.sort();
            theirs.sort();
            assert_eq!(ours, theirs, "legal moves differ at {text}");
            assert_eq!(
                position.in_check(),
                reference::in_check(&slow),
                "check differs at {text}"
            );
            assert_eq!(
                status_of(&position),
                reference::status(&slow),
                "status differs at {text}"
            );
            for mv in &slow_moves {
                let after_slow = reference::play(&slow, mv).to_string();
                let fast = position
                    .parse_move(&mv.to_string())
                    .expect("same move list");
                let after_fast = position.play(fast);
                assert_eq!(after_fast.fen(), after_slow, "move {mv} differs at {text}");
                assert_eq!(
                    after_fast.hash(),
                    after_fast.recompute_hash(),
                    "hash after {mv} at {text}"
                );
            }
            // The search's generators: pseudo-legal moves filtered by
            // `play_pseudo` are the legal ones; the directly generated noisy
            // moves are exactly the legal moves `is_noisy` names.
            let legal: Vec<OracleMove> = fast_moves.iter().copied().collect();
            let noisy = augur_suite::check_search_generators(&position, &legal);
            let expected: Vec<OracleMove> = legal
                .iter()
                .copied()
                .filter(|&m| position.is_noisy(m))
                .collect();
            assert_eq!(noisy.len(), expected.len(), "noisy moves differ at {text}");
            assert!(
                expected.iter().all(|m| noisy.contains(m)),
                "noisy moves differ at {text}"
            );
            positions += 1;
            in_check += usize::from(position.in_check());
            with_pools += usize::from(!text.contains(" - - "));
            let weighted: Vec<(OracleMove, f64)> = fast_moves
                .iter()
                .map(|&m| {
                    let kinds = kinds_of(&position, m);
                    for &k in &kinds {
                        kind_counts[k] += 1;
                    }
                    let mut w = weight(&kinds);
                    if mv_is_soldier_figure(&position, m) {
                        w = w.max(4.0);
                    }
                    if m.kind() == MoveKind::Figure
                        && position.cell(m.to()).body() == Some(augur_oracle::Body::Priestess)
                    {
                        w = w.max(40.0);
                    }
                    (m, w)
                })
                .collect();
            let Ok(&(mv, _)) = weighted.choose_weighted(&mut rng, |(_, w)| *w) else {
                ended += 1;
                break;
            };
            position = position.play(mv);
        }
    }
    let report: Vec<String> = KINDS
        .iter()
        .zip(kind_counts)
        .map(|(name, n)| format!("{name} {n}"))
        .collect();
    eprintln!(
        "{positions} positions ({in_check} in check, {with_pools} with tokens in the pools, {ended} games ended by mate or stalemate); legal moves by kind: {}",
        report.join(", ")
    );
    assert!(in_check > 100, "{in_check} positions in check");
    for (name, n) in KINDS.iter().zip(kind_counts) {
        let wanted = if *name == "promotion" { 30 } else { 500 };
        assert!(n >= wanted, "only {n} {name} moves seen");
    }
}
