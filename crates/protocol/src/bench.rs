//! `bench`: a fixed set of positions searched to a fixed depth with a fresh
//! single-threaded engine. The node count is deterministic and serves as a
//! signature of the search; nodes per second measure speed.

/// Standard chess bench positions (openings, middlegames, endgames).
pub const CHESS_POSITIONS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 10",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 11",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "2r3k1/pp3ppp/4p3/3pP3/3P4/P4N2/1P3PPP/2R3K1 w - - 0 25",
    "6k1/5pp1/7p/8/8/7P/5PP1/3R2K1 w - - 0 40",
    "8/8/4k3/8/2P5/4K3/8/8 w - - 0 60",
    "r2q1rk1/ppp2ppp/2n1bn2/2bpp3/4P3/2PP1NP1/PP1NBP1P/R1BQ1RK1 b - - 0 9",
    "3r1rk1/1pq2ppp/p1n1p3/2b1P3/2B5/P1N2Q2/1P3PPP/R4RK1 w - - 0 17",
];

/// The default bench depth.
pub const DEFAULT_DEPTH: u32 = 11;

/// The bench positions of a game.
pub fn positions(variant: &str) -> &'static [&'static str] {
    match variant {
        "ultima" => ULTIMA_POSITIONS,
        _ => CHESS_POSITIONS,
    }
}

/// The default bench depth of a game.
pub fn default_depth(variant: &str) -> u32 {
    match variant {
        "ultima" => 6,
        _ => DEFAULT_DEPTH,
    }
}

/// Ultima bench positions: the start and the rules' capture diagrams.
pub const ULTIMA_POSITIONS: &[&str] = &[
    "rnbkqbnm/pppppppp/8/8/8/8/PPPPPPPP/MNBQKBNR w 0",
    "rnbkqbnm/pppppppp/8/8/4P3/8/PPPP1PPP/MNBQKBNR b 1",
    "7k/5ppp/2N5/2n5/3rB3/8/PPP5/K7 w 0",
    "8/2b4K/2q5/3p1N1p/8/8/2R5/k7 w 0",
    "2n4k/3r4/5b2/3p4/1m6/3b4/3N4/K7 b 0",
    "7k/8/8/3Qr3/8/8/8/K7 w 0",
    "7k/8/8/r3pP2/2n5/8/B7/K7 b 0",
];
