//! Generates the slider attack tables at build time.
//!
//! With BMI2 (and without the `force-magic` feature) the tables are indexed by
//! `pext(occupancy, mask)` and each cell holds the attack set packed into 16
//! bits along the square's rays (`pext(attacks, rays)`, unpacked with
//! `pdep`), so the table is a quarter of the size and stays in the L2 cache;
//! otherwise they are indexed by "fancy" magic multiplication, with magic
//! numbers searched here from a fixed seed, and hold the attack sets whole. Either way the result is a
//! plain `static` array in `$OUT_DIR/sliders.rs`: nothing is computed when the
//! engine starts.

use std::fmt::Write as _;
use std::path::PathBuf;

#[allow(dead_code)]
#[path = "src/prng.rs"]
mod prng;
use prng::SplitMix64;

const ROOK_DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

fn ray_attacks(square: usize, occupied: u64, dirs: &[(i32, i32); 4]) -> u64 {
    let mut attacks = 0u64;
    for &(df, dr) in dirs {
        let (mut file, mut rank) = ((square % 8) as i32, (square / 8) as i32);
        loop {
            file += df;
            rank += dr;
            if !(0..8).contains(&file) || !(0..8).contains(&rank) {
                break;
            }
            let bit = 1u64 << (rank * 8 + file);
            attacks |= bit;
            if occupied & bit != 0 {
                break;
            }
        }
    }
    attacks
}

/// The relevant-occupancy mask: the rays without their last square.
fn relevant_mask(square: usize, dirs: &[(i32, i32); 4]) -> u64 {
    let mut mask = 0u64;
    for &(df, dr) in dirs {
        let (mut file, mut rank) = ((square % 8) as i32, (square / 8) as i32);
        loop {
            let (nf, nr) = (file + df, rank + dr);
            let (nnf, nnr) = (nf + df, nr + dr);
            if !(0..8).contains(&nnf) || !(0..8).contains(&nnr) {
                break;
            }
            file = nf;
            rank = nr;
            mask |= 1u64 << (rank * 8 + file);
        }
    }
    mask
}

/// Software parallel-bit-extract: the bits of `value` under `mask`, packed
/// into the low bits in order.
fn extract(value: u64, mut mask: u64) -> u64 {
    let mut result = 0u64;
    let mut bit = 1u64;
    while mask != 0 {
        let lowest = mask & mask.wrapping_neg();
        if value & lowest != 0 {
            result |= bit;
        }
        mask &= mask - 1;
        bit <<= 1;
    }
    result
}

/// Software parallel-bit-deposit: spreads the low bits of `index` over `mask`.
fn deposit(index: u64, mut mask: u64) -> u64 {
    let mut result = 0u64;
    let mut bit = 1u64;
    while mask != 0 {
        let lowest = mask & mask.wrapping_neg();
        if index & bit != 0 {
            result |= lowest;
        }
        mask &= mask - 1;
        bit <<= 1;
    }
    result
}

struct Entry {
    mask: u64,
    rays: u64,
    magic: u64,
    shift: u32,
    offset: usize,
}

fn find_magic(square: usize, dirs: &[(i32, i32); 4], rng: &mut SplitMix64) -> (u64, Vec<u64>) {
    let mask = relevant_mask(square, dirs);
    let bits = mask.count_ones();
    let size = 1usize << bits;
    let occupancies: Vec<u64> = (0..size as u64).map(|i| deposit(i, mask)).collect();
    let attacks: Vec<u64> = occupancies
        .iter()
        .map(|&o| ray_attacks(square, o, dirs))
        .collect();
    let mut table = vec![0u64; size];
    let mut epoch = vec![0u32; size];
    let mut attempt = 0u32;
    loop {
        attempt += 1;
        // Sparse candidates (AND of three randoms) make good magics.
        let mut candidate = u64::MAX;
        for _ in 0..3 {
            let (r, next) = rng.next();
            *rng = next;
            candidate &= r;
        }
        if (mask.wrapping_mul(candidate) >> 56).count_ones() < 6 {
            continue;
        }
        let shift = 64 - bits;
        let mut ok = true;
        for (occ, att) in occupancies.iter().zip(&attacks) {
            let index = (occ.wrapping_mul(candidate) >> shift) as usize;
            if epoch[index] != attempt {
                epoch[index] = attempt;
                table[index] = *att;
            } else if table[index] != *att {
                ok = false;
                break;
            }
        }
        if ok {
            return (candidate, table);
        }
    }
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=src/prng.rs");
    let target_features = std::env::var("CARGO_CFG_TARGET_FEATURE").unwrap_or_default();
    let has_bmi2 = target_features.split(',').any(|f| f == "bmi2");
    let force_magic = std::env::var_os("CARGO_FEATURE_FORCE_MAGIC").is_some();
    let use_pext = has_bmi2 && !force_magic;

    let mut rng = SplitMix64::new(0xA0C0_5EED_0000_0001);
    let mut table: Vec<u64> = Vec::new();
    let mut out = String::new();
    for (name, dirs) in [("ROOK", &ROOK_DIRS), ("BISHOP", &BISHOP_DIRS)] {
        let mut entries = Vec::with_capacity(64);
        for square in 0..64 {
            let mask = relevant_mask(square, dirs);
            let offset = table.len();
            if use_pext {
                let bits = mask.count_ones();
                let rays = ray_attacks(square, 0, dirs);
                for index in 0..(1u64 << bits) {
                    let attacks = ray_attacks(square, deposit(index, mask), dirs);
                    table.push(extract(attacks, rays));
                }
                entries.push(Entry {
                    mask,
                    rays,
                    magic: 0,
                    shift: 0,
                    offset,
                });
            } else {
                let (magic, sub_table) = find_magic(square, dirs, &mut rng);
                table.extend_from_slice(&sub_table);
                entries.push(Entry {
                    mask,
                    rays: ray_attacks(square, 0, dirs),
                    magic,
                    shift: 64 - mask.count_ones(),
                    offset,
                });
            }
        }
        writeln!(
            out,
            "pub(crate) static {name}_ENTRIES: [SliderEntry; 64] = ["
        )
        .expect("writing to a String cannot fail");
        for e in &entries {
            writeln!(
                out,
                "    SliderEntry {{ mask: {:#018x}, rays: {:#018x}, magic: {:#018x}, shift: {}, offset: {} }},",
                e.mask, e.rays, e.magic, e.shift, e.offset
            )
            .expect("writing to a String cannot fail");
        }
        writeln!(out, "];").expect("writing to a String cannot fail");
    }
    writeln!(out, "pub(crate) const USE_PEXT: bool = {use_pext};")
        .expect("writing to a String cannot fail");
    // A rook's rays cover 14 squares and a bishop's at most 13: packed
    // cells fit 16 bits.
    let cell = if use_pext { "u16" } else { "u64" };
    assert!(!use_pext || table.iter().all(|&v| v <= u64::from(u16::MAX)));
    writeln!(
        out,
        "pub(crate) static SLIDER_TABLE: [{cell}; {}] = [",
        table.len()
    )
    .expect("writing to a String cannot fail");
    for chunk in table.chunks(8) {
        let line: Vec<String> = chunk.iter().map(|v| format!("{v:#x}")).collect();
        writeln!(out, "    {},", line.join(", ")).expect("writing to a String cannot fail");
    }
    writeln!(out, "];").expect("writing to a String cannot fail");
    let path = PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR is set by cargo"))
        .join("sliders.rs");
    std::fs::write(path, out).expect("writing the slider tables");
}
