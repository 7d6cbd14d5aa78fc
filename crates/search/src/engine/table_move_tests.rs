//! A table move is used only when it is a legal move of the position
//! (and an allowed one at the root): the table is filled with corrupt
//! entries, each naming a move that is not legal where it is stored.

use super::test_rig::{CHESS, Rig};
use super::*;
use crate::tt::TableEntry;
use augur_chess::Position;

type Move = <Position as Game>::Move;

const ROOT: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn legal(position: &Position) -> Vec<Move> {
    let mut list = MoveList::new();
    position.generate(&mut list);
    list.iter().copied().collect()
}

fn fen(text: &str) -> Position {
    Position::from_fen(text).expect("valid FEN")
}

/// A real move of another position that is not legal in `position`
/// (a plausible code, wrong here), picked by the key.
fn foreign_code(position: &Position) -> u32 {
    let donors = [
        Position::startpos(),
        fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1"),
        fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1"),
    ];
    let here = legal(position);
    let codes: Vec<u32> = donors
        .iter()
        .flat_map(legal)
        .filter(|mv| !here.contains(mv))
        .map(Position::encode_move)
        .collect();
    codes[(position.hash() % codes.len() as u64) as usize]
}

/// Writes a deep entry naming an illegal move for `position` and every
/// position up to `plies` below it.
fn plant(table: &TranspositionTable, position: &Position, plies: u32) {
    let key = position.hash();
    let bound = [Bound::Exact, Bound::Lower, Bound::Upper][(key % 3) as usize];
    table.store(
        key,
        TableEntry {
            mv: foreign_code(position),
            score: (key % 2001) as i32 - 1000,
            depth: 200,
            bound,
        },
    );
    if plies > 0 {
        for mv in legal(position) {
            plant(table, &position.play(mv), plies - 1);
        }
    }
}

fn assert_legal_line(root: &Position, line: &[Move]) {
    let mut position = *root;
    for &mv in line {
        assert!(position.is_legal(mv), "{line:?}");
        position = position.play(mv);
    }
}

#[test]
fn corrupt_table_moves_are_never_played() {
    let root = fen(ROOT);
    for threads in [1, 3] {
        let mut engine = Engine::<Position>::new(4, threads, CHESS);
        for depth in [1, 2, 5] {
            plant(&engine.searcher().tt, &root, 2);
            let limits = Limits {
                depth: Some(depth),
                ..Limits::default()
            };
            let mut lines = Vec::new();
            let result = engine.search(
                &root,
                &[],
                &limits,
                &SearchControl::new(false),
                &mut |info| lines.push(info.pv.clone()),
            );
            let best = result.best_move.expect("a move");
            assert!(root.is_legal(best));
            if let Some(ponder) = result.ponder_move {
                assert!(root.play(best).is_legal(ponder));
            }
            for line in &lines {
                assert_legal_line(&root, line);
            }
        }
    }
}

#[test]
fn a_table_move_outside_searchmoves_is_never_played() {
    let root = fen(ROOT);
    let moves = legal(&root);
    let allowed = vec![moves[3], moves[7]];
    let mut engine = Engine::<Position>::new(4, 1, CHESS);
    for depth in [1, 4] {
        plant(&engine.searcher().tt, &root, 1);
        // The root's entry names a legal move `searchmoves` leaves out.
        engine.searcher().tt.store(
            root.hash(),
            TableEntry {
                mv: Position::encode_move(moves[0]),
                score: 900,
                depth: 200,
                bound: Bound::Exact,
            },
        );
        let limits = Limits {
            depth: Some(depth),
            search_moves: allowed.clone(),
            ..Limits::default()
        };
        let result = engine.search(&root, &[], &limits, &SearchControl::new(false), &mut |_| {});
        assert!(allowed.contains(&result.best_move.expect("a move")));
    }
}

/// The move a search plays when it is abandoned before its first
/// iteration ends (a clock with nothing left), with `entry` stored for
/// the root.
fn abandoned_search_move(root: &Position, allowed: &[Move], entry: Option<u32>) -> Move {
    let mut rig = Rig::new(false);
    if let Some(code) = entry {
        rig.table.store(
            root.hash(),
            TableEntry {
                mv: code,
                score: 0,
                depth: 9,
                bound: Bound::Lower,
            },
        );
    }
    let mut worker = rig.worker::<Position>(Role::Main, true);
    worker.allowed = allowed.to_vec();
    worker.aborted = true;
    let limits = Limits {
        search_moves: allowed.to_vec(),
        ..Limits::default()
    };
    let result = iterate(&mut worker, root, &limits, None, 1, &mut |_| {});
    assert_eq!(result.depth, 0);
    result.best_move.expect("a move")
}

#[test]
fn an_abandoned_search_plays_the_table_move_only_if_allowed() {
    let root = fen(ROOT);
    let moves = legal(&root);
    let allowed = vec![moves[5], moves[9], moves[11]];
    // Allowed: the table's move is played.
    let code = Position::encode_move(moves[9]);
    assert_eq!(abandoned_search_move(&root, &allowed, Some(code)), moves[9]);
    // Legal but left out, illegal, or no entry: the first allowed move.
    for entry in [
        Some(Position::encode_move(moves[0])),
        Some(foreign_code(&root)),
        None,
    ] {
        assert_eq!(abandoned_search_move(&root, &allowed, entry), moves[5]);
    }
}
