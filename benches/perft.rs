//! Move-generation speed, single-threaded: for every game, perft from the
//! start and from positions that exercise its special moves (Kiwipete in
//! chess, full pools in Oracle chess, a rolled die in Enochian chess).
// `criterion_group!` defines an undocumented public function.
#![allow(missing_docs)]

use augur_core::Game;
use augur_core::perft::perft;
use augur_games::{Variant, with_game};
use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

/// One benchmark: perft of `fen` (the start when `None`) to `depth`, which
/// must count `nodes`.
struct Case {
    variant: Variant,
    name: &'static str,
    fen: Option<&'static str>,
    depth: u32,
    nodes: u64,
}

const CASES: &[Case] = &[
    Case {
        variant: Variant::Chess,
        name: "startpos-5",
        fen: None,
        depth: 5,
        nodes: 4_865_609,
    },
    Case {
        variant: Variant::Chess,
        name: "kiwipete-4",
        fen: Some("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
        depth: 4,
        nodes: 4_085_603,
    },
    Case {
        variant: Variant::Ultima,
        name: "startpos-4",
        fen: None,
        depth: 4,
        nodes: 1_849_895,
    },
    Case {
        variant: Variant::Oracle,
        name: "startpos-4",
        fen: None,
        depth: 4,
        nodes: 573_928,
    },
    // A middlegame with both pools full of tokens (fetches and summons).
    Case {
        variant: Variant::Oracle,
        name: "summon-ready-3",
        fen: Some("c2plehc/ses2ss()1/hs1ss2s/1H6/4S1H1/3S3S/SSS2SS1/C1EP(e)LE()1C - s w 4 16"),
        depth: 3,
        nodes: 106_357,
    },
    Case {
        variant: Variant::Enochian,
        name: "startpos-6",
        fen: None,
        depth: 6,
        nodes: 939_431,
    },
    // Divination: the Queen rolled; every later ply sums the six rolls.
    Case {
        variant: Variant::Enochian,
        name: "divination-4",
        fen: Some(
            "yKQyByRyN2bPQbKQ/yPQyPByPRyPN2bPBbB/6bPRbR/6bPNbN/kNkPN6/kRkPR6/kBkPB2rPNrPRrPBrPQ/kKQkPQ2rNrRrBrKQ b d - - 4",
        ),
        depth: 4,
        nodes: 6_870,
    },
];

fn bench_case<G: Game>(group: &mut BenchmarkGroup<'_, WallTime>, case: &Case) {
    let position = match case.fen {
        Some(fen) => G::from_fen(fen).expect("bench position"),
        None => G::startpos(),
    };
    group.throughput(Throughput::Elements(case.nodes));
    group.bench_function(case.name, |b| {
        b.iter(|| {
            let count = perft(black_box(&position), case.depth);
            assert_eq!(count, case.nodes);
            count
        })
    });
}

fn perft_benches(c: &mut Criterion) {
    for variant in Variant::ALL {
        let mut group = c.benchmark_group(format!("{variant}-perft"));
        group.sample_size(10);
        for case in CASES.iter().filter(|case| case.variant == variant) {
            with_game!(variant, G => bench_case::<G>(&mut group, case));
        }
        group.finish();
    }
}

criterion_group!(benches, perft_benches);
criterion_main!(benches);
