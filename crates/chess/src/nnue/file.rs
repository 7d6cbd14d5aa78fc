//! The network file: what `tools/nnue-train` writes and the engine embeds.
//!
//! Little-endian throughout: the magic `AUGURNN1`, the input and hidden
//! sizes (`u32` each), the hidden weights (`i16`, input by input), the
//! hidden biases (`i16`), the output weights (`i16`, the side to move's
//! then the other side's), the output bias (`i32`), and nothing after.

use std::fmt;

use super::{HIDDEN, INPUTS, Network};

/// The file's first bytes.
const MAGIC: &[u8; 8] = b"AUGURNN1";
/// The largest output weight magnitude a file may hold: with it the output
/// sum cannot overflow 32 bits (`2 * HIDDEN * 255² * 127 < 2³¹`).
pub const OUTPUT_WEIGHT_LIMIT: i16 = 127;

/// Why a network file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetworkError {
    /// The file does not start with `AUGURNN1`.
    Magic,
    /// The file's sizes are not this build's `768 -> HIDDEN`.
    Shape {
        /// Inputs in the file.
        inputs: u32,
        /// Hidden neurons in the file.
        hidden: u32,
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
            NetworkError::Magic => write!(f, "not an Augur network file (no AUGURNN1 magic)"),
            NetworkError::Shape { inputs, hidden } => write!(
                f,
                "network is {inputs} -> {hidden}, this build reads {INPUTS} -> {HIDDEN}"
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

/// The file size for this build's shape.
const FILE_LEN: usize = 8 + 4 + 4 + 2 * (INPUTS * HIDDEN + HIDDEN + 2 * HIDDEN) + 4;

impl Network {
    /// Reads a network file (format in the module docs).
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetworkError> {
        if bytes.get(..8) != Some(MAGIC.as_slice()) {
            return Err(NetworkError::Magic);
        }
        let word = |at: usize| -> u32 {
            let mut b = [0u8; 4];
            if let Some(s) = bytes.get(at..at + 4) {
                b.copy_from_slice(s);
            }
            u32::from_le_bytes(b)
        };
        let (inputs, hidden) = (word(8), word(12));
        if inputs as usize != INPUTS || hidden as usize != HIDDEN {
            return Err(NetworkError::Shape { inputs, hidden });
        }
        if bytes.len() != FILE_LEN {
            return Err(NetworkError::Length {
                expected: FILE_LEN,
                found: bytes.len(),
            });
        }
        let mut shorts = bytes[16..FILE_LEN - 4]
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]));
        let mut row = || {
            let mut r = [0i16; HIDDEN];
            for (slot, value) in r.iter_mut().zip(&mut shorts) {
                *slot = value;
            }
            r
        };
        let feature_weights = (0..INPUTS).map(|_| row()).collect();
        let feature_bias = row();
        let output_weights = [row(), row()];
        if let Some(&w) = output_weights
            .iter()
            .flatten()
            .find(|w| w.unsigned_abs() > OUTPUT_WEIGHT_LIMIT.unsigned_abs())
        {
            return Err(NetworkError::OutputWeight(w));
        }
        Ok(Network {
            feature_weights,
            feature_bias,
            output_weights,
            output_bias: word(FILE_LEN - 4) as i32,
        })
    }

    /// Writes the network file (format in the module docs).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(FILE_LEN);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&(INPUTS as u32).to_le_bytes());
        out.extend_from_slice(&(HIDDEN as u32).to_le_bytes());
        let rows = self
            .feature_weights
            .iter()
            .chain([&self.feature_bias])
            .chain(&self.output_weights);
        for value in rows.flatten() {
            out.extend_from_slice(&value.to_le_bytes());
        }
        out.extend_from_slice(&self.output_bias.to_le_bytes());
        out
    }
}
