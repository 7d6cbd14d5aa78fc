//! The network file: what `tools/nnue-train` writes and the engine embeds.
//!
//! Little-endian throughout: the magic `AUGURNN2`, the input count, the
//! hidden count and the output bucket count (`u32` each), the hidden
//! weights (`i16`, input by input), the hidden biases (`i16`), the output
//! weights (`i16`, bucket by bucket, each the side to move's then the
//! other side's), the output biases (`i32`, one per bucket), and nothing
//! after.
//!
//! `AUGURNN3` files have the same layout and read with horizontal
//! mirroring ([`Network::horizontal_mirror`]); `AUGURNN2` files without.
//!
//! The older `AUGURNN1` files (one output, no bucket count) still read:
//! their output weights and bias serve every bucket, so such a network
//! evaluates exactly as it did and can start a fine-tuning run.
//!
//! A file with fewer hidden neurons than this build (at least one) reads
//! with the missing neurons zero: they read no input and add nothing to
//! the output, so the network evaluates as it did and a larger network
//! can be grown from it (the trainer gives such dead neurons a random
//! start).

use std::fmt;

use super::{HIDDEN, INPUTS, Network, OUTPUT_BUCKETS};

/// The file's first bytes.
const MAGIC: &[u8; 8] = b"AUGURNN2";
/// The first bytes of a file read with horizontal mirroring.
const MAGIC_MIRRORED: &[u8; 8] = b"AUGURNN3";
/// The first bytes of a file with a single output (no buckets).
const MAGIC_SINGLE_OUTPUT: &[u8; 8] = b"AUGURNN1";
/// The largest output weight magnitude a file may hold: with it one
/// perspective's output sum cannot overflow 32 bits (`HIDDEN * 255² * 127
/// < 2³¹` for up to 256 neurons).
pub const OUTPUT_WEIGHT_LIMIT: i16 = 127;

/// Why a network file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetworkError {
    /// The file does not start with `AUGURNN2` (or `AUGURNN1`).
    Magic,
    /// The file's sizes do not fit this build's `768 -> HIDDEN x 2 -> 1 x
    /// OUTPUT_BUCKETS` (a file may have fewer hidden neurons, at least one).
    Shape {
        /// Inputs in the file.
        inputs: u32,
        /// Hidden neurons in the file.
        hidden: u32,
        /// Output buckets in the file.
        buckets: u32,
    },
    /// The file is shorter or longer than its sizes say.
    Length {
        /// Bytes expected.
        expected: usize,
        /// Bytes found.
        found: usize,
    },
    /// An output weight beyond [`OUTPUT_WEIGHT_LIMIT`].
    OutputWeight(i16),
}

impl fmt::Display for NetworkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetworkError::Magic => write!(
                f,
                "not an Augur network file (no AUGURNN2 or AUGURNN3 magic)"
            ),
            NetworkError::Shape {
                inputs,
                hidden,
                buckets,
            } => write!(
                f,
                "network is {inputs} -> {hidden} with {buckets} output buckets, \
                 this build reads {INPUTS} -> 1 to {HIDDEN} with {OUTPUT_BUCKETS}"
            ),
            NetworkError::Length { expected, found } => {
                write!(f, "network file has {found} bytes, expected {expected}")
            }
            NetworkError::OutputWeight(w) => write!(
                f,
                "output weight {w} beyond ±{OUTPUT_WEIGHT_LIMIT} (the sum could overflow)"
            ),
        }
    }
}

impl std::error::Error for NetworkError {}

/// The file size of a network with `hidden` neurons and `buckets` outputs
/// after a header of `header` bytes.
const fn file_len(header: usize, hidden: usize, buckets: usize) -> usize {
    header + 2 * (INPUTS * hidden + hidden + buckets * 2 * hidden) + 4 * buckets
}

/// What a network file's header says, its sizes checked against this build
/// and its length and output weights checked against its sizes.
struct Layout {
    /// Bytes before the hidden weights.
    header: usize,
    hidden: usize,
    buckets: usize,
    horizontal_mirror: bool,
}

/// Whether `bytes` begins with `magic`.
const fn starts_with(bytes: &[u8], magic: &[u8; 8]) -> bool {
    if bytes.len() < magic.len() {
        return false;
    }
    let mut i = 0;
    while i < magic.len() {
        if bytes[i] != magic[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// The little-endian `u32` at `at` (0 past the end).
const fn word(bytes: &[u8], at: usize) -> u32 {
    if bytes.len() < at + 4 {
        return 0;
    }
    u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
}

/// Checks a network file's header, length and output weights; a `const fn`
/// so that the embedded file is checked when the engine is compiled.
const fn layout(bytes: &[u8]) -> Result<Layout, NetworkError> {
    let (header, buckets, horizontal_mirror) = if starts_with(bytes, MAGIC) {
        (20, word(bytes, 16), false)
    } else if starts_with(bytes, MAGIC_MIRRORED) {
        (20, word(bytes, 16), true)
    } else if starts_with(bytes, MAGIC_SINGLE_OUTPUT) {
        (16, 1, false)
    } else {
        return Err(NetworkError::Magic);
    };
    let (inputs, hidden) = (word(bytes, 8), word(bytes, 12));
    if inputs as usize != INPUTS
        || hidden == 0
        || hidden as usize > HIDDEN
        || !(buckets == 1 || buckets as usize == OUTPUT_BUCKETS)
    {
        return Err(NetworkError::Shape {
            inputs,
            hidden,
            buckets,
        });
    }
    let (hidden, buckets) = (hidden as usize, buckets as usize);
    let expected = file_len(header, hidden, buckets);
    if bytes.len() != expected {
        return Err(NetworkError::Length {
            expected,
            found: bytes.len(),
        });
    }
    // The output weights lie between the hidden layer and the biases.
    let mut at = header + 2 * (INPUTS * hidden + hidden);
    let end = expected - 4 * buckets;
    while at < end {
        let weight = i16::from_le_bytes([bytes[at], bytes[at + 1]]);
        if weight.unsigned_abs() > OUTPUT_WEIGHT_LIMIT.unsigned_abs() {
            return Err(NetworkError::OutputWeight(weight));
        }
        at += 2;
    }
    Ok(Layout {
        header,
        hidden,
        buckets,
        horizontal_mirror,
    })
}

/// Fails the build when the network file the engine embeds (the default
/// one, or `make EVALFILE=...`'s) is not one this build reads: evaluated
/// as a constant, with a message for each reason.
pub(crate) const fn check_embedded(bytes: &[u8]) {
    match layout(bytes) {
        Ok(_) => {}
        Err(NetworkError::Magic) => panic!(
            "the network to embed (EVALFILE) is not an Augur network file: no AUGURNN1/2/3 magic"
        ),
        Err(NetworkError::Shape { .. }) => panic!(
            "the network to embed (EVALFILE) has sizes this build does not read (see docs/nnue.md)"
        ),
        Err(NetworkError::Length { .. }) => {
            panic!("the network to embed (EVALFILE) is shorter or longer than its header says")
        }
        Err(NetworkError::OutputWeight(_)) => {
            panic!("the network to embed (EVALFILE) has an output weight beyond ±127")
        }
    }
}

impl Network {
    /// Reads a network file (format in the module docs).
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetworkError> {
        let Layout {
            header,
            hidden,
            buckets,
            horizontal_mirror,
        } = layout(bytes)?;
        let expected = file_len(header, hidden, buckets);
        let biases_at = expected - 4 * buckets;
        let mut shorts = bytes[header..biases_at]
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]));
        let mut row = || {
            let mut r = [0i16; HIDDEN];
            for (slot, value) in r.iter_mut().take(hidden).zip(&mut shorts) {
                *slot = value;
            }
            r
        };
        let feature_weights = (0..INPUTS).map(|_| row()).collect();
        let feature_bias = row();
        let stored: Vec<[[i16; HIDDEN]; 2]> = (0..buckets).map(|_| [row(), row()]).collect();
        let biases: Vec<i32> = (0..buckets)
            .map(|b| word(bytes, biases_at + 4 * b) as i32)
            .collect();
        // A single-output file serves every bucket.
        let pick = |bucket: usize| bucket.min(buckets - 1);
        Ok(Network {
            feature_weights,
            feature_bias,
            output_weights: std::array::from_fn(|b| stored[pick(b)]),
            output_bias: std::array::from_fn(|b| biases[pick(b)]),
            horizontal_mirror,
        })
    }

    /// Writes the network file (`AUGURNN2`, or `AUGURNN3` with horizontal
    /// mirroring; format in the module docs).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(file_len(20, HIDDEN, OUTPUT_BUCKETS));
        out.extend_from_slice(if self.horizontal_mirror {
            MAGIC_MIRRORED
        } else {
            MAGIC
        });
        for size in [INPUTS, HIDDEN, OUTPUT_BUCKETS] {
            out.extend_from_slice(&(size as u32).to_le_bytes());
        }
        let rows = self
            .feature_weights
            .iter()
            .chain([&self.feature_bias])
            .chain(self.output_weights.iter().flatten());
        for value in rows.flatten() {
            out.extend_from_slice(&value.to_le_bytes());
        }
        for bias in self.output_bias {
            out.extend_from_slice(&bias.to_le_bytes());
        }
        out
    }
}
