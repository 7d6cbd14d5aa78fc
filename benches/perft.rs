//! Move-generation speed: perft(5) from the start and perft(4) from Kiwipete
//! (the reference workloads), and Ultima perft(4) from the start,
//! single-threaded.

use augur_chess::Position;
use augur_core::perft::perft;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

fn chess_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("chess-perft");
    group.sample_size(10);
    let cases = [
        ("startpos-5", Position::startpos(), 5, 4_865_609u64),
        (
            "kiwipete-4",
            Position::from_fen(
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            )
            .expect("Kiwipete FEN"),
            4,
            4_085_603,
        ),
    ];
    for (name, position, depth, nodes) in cases {
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(name, |b| {
            b.iter(|| {
                let count = perft(black_box(&position), depth);
                assert_eq!(count, nodes);
                count
            })
        });
    }
    group.finish();
}

fn ultima_perft(c: &mut Criterion) {
    use augur_core::Game;
    let mut group = c.benchmark_group("ultima-perft");
    group.sample_size(10);
    let start = augur_ultima::Position::startpos();
    group.throughput(Throughput::Elements(1_849_895));
    group.bench_function("startpos-4", |b| {
        b.iter(|| {
            let count = perft(black_box(&start), 4);
            assert_eq!(count, 1_849_895);
            count
        })
    });
    group.finish();
}

fn oracle_perft(c: &mut Criterion) {
    use augur_core::Game;
    let mut group = c.benchmark_group("oracle-perft");
    group.sample_size(10);
    let start = augur_oracle::Position::startpos();
    group.throughput(Throughput::Elements(573_928));
    group.bench_function("startpos-4", |b| {
        b.iter(|| {
            let count = perft(black_box(&start), 4);
            assert_eq!(count, 573_928);
            count
        })
    });
    // A middlegame with both pools full of tokens (fetches and summons).
    let pools = augur_oracle::Position::from_fen(
        "c2plehc/ses2ss()1/hs1ss2s/1H6/4S1H1/3S3S/SSS2SS1/C1EP(e)LE()1C - s w 4 16",
    )
    .expect("bench position");
    group.throughput(Throughput::Elements(106_357));
    group.bench_function("summon-ready-3", |b| {
        b.iter(|| {
            let count = perft(black_box(&pools), 3);
            assert_eq!(count, 106_357);
            count
        })
    });
    group.finish();
}

fn enochian_perft(c: &mut Criterion) {
    use augur_core::Game;
    let mut group = c.benchmark_group("enochian-perft");
    group.sample_size(10);
    let start = augur_enochian::Position::startpos();
    group.throughput(Throughput::Elements(939_431));
    group.bench_function("startpos-6", |b| {
        b.iter(|| {
            let count = perft(black_box(&start), 6);
            assert_eq!(count, 939_431);
            count
        })
    });
    // Divination: the Queen rolled; every later ply sums the six rolls.
    let dice = augur_enochian::Position::from_fen(
        "yKQyByRyN2bPQbKQ/yPQyPByPRyPN2bPBbB/6bPRbR/6bPNbN/kNkPN6/kRkPR6/kBkPB2rPNrPRrPBrPQ/kKQkPQ2rNrRrBrKQ b d - - 4",
    )
    .expect("bench position");
    group.throughput(Throughput::Elements(6_870));
    group.bench_function("divination-4", |b| {
        b.iter(|| {
            let count = perft(black_box(&dice), 4);
            assert_eq!(count, 6_870);
            count
        })
    });
    group.finish();
}

criterion_group!(
    benches,
    chess_perft,
    ultima_perft,
    oracle_perft,
    enochian_perft
);
criterion_main!(benches);
