//! Perft: counting the leaf nodes of the legal move tree, the standard check
//! of a move generator. Generic over [`Game`]; the last ply is bulk-counted
//! with [`Game::count_moves`].

use crate::game::Game;
use crate::movelist::MoveList;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

/// The number of leaf nodes `depth` plies below `position`. A pending
/// chance event (a die roll) is not a ply: its outcomes' counts are summed.
pub fn perft<G: Game>(position: &G, depth: u32) -> u64 {
    if let Some(leaves) = position.count_leaves(depth) {
        return leaves;
    }
    let outcomes = position.chance_outcomes();
    if outcomes > 0 && depth > 0 {
        return (0..outcomes)
            .map(|i| perft(&position.resolve_chance(i), depth))
            .sum();
    }
    match depth {
        0 => 1,
        1 => position.count_moves(),
        _ => {
            let mut moves = MoveList::new();
            position.generate(&mut moves);
            moves
                .iter()
                .map(|&mv| perft(&position.play_to_count(mv), depth - 1))
                .sum()
        }
    }
}

/// Perft split by root move: each legal move with the leaf count below it,
/// in generation order. Single-threaded.
pub fn divide<G: Game>(position: &G, depth: u32) -> Vec<(G::Move, u64)> {
    divide_parallel(position, depth, 1)
}

/// [`divide`] on `threads` worker threads (root moves shared out).
/// `threads` of 0 or 1 runs on the calling thread.
pub fn divide_parallel<G: Game>(position: &G, depth: u32, threads: usize) -> Vec<(G::Move, u64)> {
    let mut counts = Vec::new();
    divide_streaming(
        position,
        depth,
        threads,
        &AtomicBool::new(false),
        &mut |mv, n| counts.push((mv, n)),
    );
    counts
}

/// Below this many plies a subtree is counted without looking at the stop
/// flag (a few thousand nodes at most in chess: microseconds).
const STOP_CHECK_DEPTH: u32 = 4;

/// [`perft`] that gives up (`None`) once `stop` is set, looking at it at
/// every node at least [`STOP_CHECK_DEPTH`] plies above the leaves.
pub fn perft_until<G: Game>(position: &G, depth: u32, stop: &AtomicBool) -> Option<u64> {
    if depth < STOP_CHECK_DEPTH {
        return Some(perft(position, depth));
    }
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    let outcomes = position.chance_outcomes();
    if outcomes > 0 {
        return (0..outcomes).try_fold(0u64, |total, i| {
            Some(total + perft_until(&position.resolve_chance(i), depth, stop)?)
        });
    }
    let mut moves = MoveList::new();
    position.generate(&mut moves);
    moves.iter().try_fold(0u64, |total, &mv| {
        Some(total + perft_until(&position.play_to_count(mv), depth - 1, stop)?)
    })
}

/// Perft split by root move, streamed: `on_count` hears each legal move with
/// the leaf count below it as soon as it and every move before it are
/// counted, in generation order, so a caller can print while the rest is
/// counted. Root moves are shared out over `threads` threads (0 or 1: the
/// calling thread alone). Returns whether every root move was counted:
/// `false` once `stop` is set, after which `on_count` hears nothing more.
/// Nothing is counted at depth 0.
pub fn divide_streaming<G: Game>(
    position: &G,
    depth: u32,
    threads: usize,
    stop: &AtomicBool,
    on_count: &mut dyn FnMut(G::Move, u64),
) -> bool {
    if depth == 0 {
        return true;
    }
    let mut list = MoveList::new();
    position.generate(&mut list);
    let moves: Vec<G::Move> = list.iter().copied().collect();
    let count = |index: usize| perft_until(&position.play_to_count(moves[index]), depth - 1, stop);
    if threads <= 1 || moves.len() <= 1 {
        for (index, &mv) in moves.iter().enumerate() {
            match count(index) {
                Some(nodes) => on_count(mv, nodes),
                None => return false,
            }
        }
        return true;
    }
    let next = AtomicUsize::new(0);
    let (sender, counted) = mpsc::channel::<(usize, Option<u64>)>();
    std::thread::scope(|scope| {
        for _ in 0..threads.min(moves.len()) {
            let sender = sender.clone();
            let (next, count, total) = (&next, &count, moves.len());
            scope.spawn(move || {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= total {
                        break;
                    }
                    let nodes = count(index);
                    if sender.send((index, nodes)).is_err() || nodes.is_none() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        // Counts that arrive early wait for the moves before them.
        let mut results = vec![None; moves.len()];
        let mut told = 0;
        let mut complete = true;
        for (index, nodes) in counted {
            match nodes {
                Some(nodes) => results[index] = Some(nodes),
                None => complete = false,
            }
            while complete && let Some(Some(nodes)) = results.get(told) {
                on_count(moves[told], *nodes);
                told += 1;
            }
        }
        complete && told == moves.len()
    })
}
