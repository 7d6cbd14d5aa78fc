//! Perft: counting the leaf nodes of the legal move tree, the standard check
//! of a move generator. Generic over [`Game`]; the last ply is bulk-counted
//! with [`Game::count_moves`].

use crate::game::Game;
use crate::movelist::MoveList;
use rayon::prelude::*;

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
    let mut moves = MoveList::new();
    position.generate(&mut moves);
    if depth == 0 {
        return Vec::new();
    }
    moves
        .iter()
        .map(|&mv| (mv, perft(&position.play_to_count(mv), depth - 1)))
        .collect()
}

/// [`divide`] on `threads` worker threads (root moves shared out by rayon's
/// work stealing). `threads` of 0 or 1 runs on the calling thread.
pub fn divide_parallel<G: Game>(position: &G, depth: u32, threads: usize) -> Vec<(G::Move, u64)> {
    if threads <= 1 || depth <= 1 {
        return divide(position, depth);
    }
    let mut moves = MoveList::new();
    position.generate(&mut moves);
    let run = || -> Vec<(G::Move, u64)> {
        moves
            .par_iter()
            .with_max_len(1)
            .map(|&mv| (mv, perft(&position.play_to_count(mv), depth - 1)))
            .collect()
    };
    match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool.install(run),
        Err(_) => divide(position, depth),
    }
}
