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
        "oracle" => ORACLE_POSITIONS,
        "enochian" => ENOCHIAN_POSITIONS,
        _ => CHESS_POSITIONS,
    }
}

/// The default bench depth of a game.
pub fn default_depth(variant: &str) -> u32 {
    match variant {
        "ultima" => 6,
        "oracle" => 9,
        "enochian" => 14,
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

/// Oracle chess bench positions: the start and positions from Augur's own
/// games (Priestess forms, ill-suited and lifeless bodies, full pools).
pub const ORACLE_POSITIONS: &[&str] = &[
    "cheplehc/ssssssss/8/8/8/8/SSSSSSSS/CHEPLEHC - - w 0 1",
    "1cep(h)lehc/sss1s1ss/2hs1s2/8/8/2H(s)5/SS()SSSSSS/1CEP(h)LEH(c)C() - - w 0 7",
    "c1ep(l)l()1hc/sssss()s1s/8/6s1/1S3e2/7S/1S()SS(h)SSS1/CH()E1LEH()C Hp hhsss w 3 12",
    "c2plehc/ses2ss()1/hs1ss2s/1H6/4S1H1/3S3S/SSS2SS1/C1EP(e)LE()1C - s w 4 16",
    "c()2lh()e1c/p(h)s()s1s()ss1/2h1e2s/4s3/8/3SS2S/S(c)SSS1SS1/C1EP(h)LE1C Hh hsss b 0 19",
    "c3l1c1/s()2s1se(h)1/p(eh)1s1s2s/7P(ee)/3SSh2/1SS()4S/S4SS()1/CH2E()H()LC SSeeh esssss w 1 28",
    "5s()1C/s()7/8/6s()1/4ss()2/cC()S1s()s()2/1S()1S()e()1s()1/1LE()E()le()2 PHHHHSSSSSpc cceeeehhhhssssssssssssss w 3 56",
    "c1eple()1c/ss()1ss1ss/h1s2s()2/5P(ehs)2/8/2H5/SSSSS()1S(c)h/C1EL1EH()C() ss sssss w 0 95",
];

/// Enochian chess bench positions: starting arrays in both directions.
/// (Divination searches average over rolls and grow about six times faster
/// per ply; they are measured by the criterion benches instead.)
pub const ENOCHIAN_POSITIONS: &[&str] = &[
    "yKQyByRyN2bPQbKQ/yPQyPByPRyPN2bPBbB/6bPRbR/6bPNbN/kNkPN6/kRkPR6/kBkPB2rPNrPRrPBrPQ/kKQkPQ2rNrRrBrKQ b d - - -",
    "yKRyByQyN2bPRbKR/yPRyPByPQyPN2bPBbB/6bPQbQ/6bPNbN/kNkPN6/kQkPQ6/kBkPB2rPNrPQrPBrPR/kKRkPR2rNrQrBrKR k d - - -",
    "yKNyRyByQ2bPNbKN/yPNyPRyPByPQ2bPRbR/6bPBbB/6bPQbQ/kQkPQ6/kBkPB6/kRkPR2rPQrPBrPRrPN/kKNkPN2rQrBrRrKN b w - - -",
];
