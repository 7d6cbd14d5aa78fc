//! The incremental Zobrist key equals the recomputed one, FEN round-trips and
//! move text round-trips, over random playouts.

use augur_chess::Position;
use augur_core::Game;
use augur_suite::check_random_playouts;

#[test]
fn random_playouts_from_the_start_keep_the_hash_exact() {
    let checked = check_random_playouts(&Position::startpos(), 400, 250, 0xC4E55);
    assert!(checked > 20_000, "only {checked} positions");
}

#[test]
fn random_playouts_from_tactical_positions_keep_the_hash_exact() {
    for fen in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    ] {
        let start = Position::from_fen(fen).expect("valid FEN");
        check_random_playouts(&start, 100, 200, 7);
    }
}
