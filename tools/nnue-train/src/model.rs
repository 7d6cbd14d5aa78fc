//! The network in floating point: forward and backward passes over a
//! batch (in parallel, one gradient buffer per worker), Adam updates with
//! weight clipping, and quantisation to the engine's file.
//!
//! The prediction is `sigmoid(out)`, where `out * SCALE` is the evaluation
//! in centipawns and `out` is read through the output bucket of the
//! sample's piece count (`output_bucket`); the target blends
//! `sigmoid(score / SCALE)` with the game's result (`wdl` of the result).
//! The loss is the squared error.

use augur_chess::nnue::{
    HIDDEN, INPUTS, Network, OUTPUT_BUCKETS, OUTPUT_WEIGHT_LIMIT, QA, QB, SCALE, output_bucket,
};
use rand::prelude::*;
use rayon::prelude::*;

use crate::data::Sample;

/// Hidden weights and biases stay within this, so the quantised sums fit
/// 16 bits (32 pieces x 1.98 x 255 < 2^15).
const HIDDEN_CLIP: f32 = 1.98;
/// Output weights stay within what the file allows.
const OUTPUT_CLIP: f32 = OUTPUT_WEIGHT_LIMIT as f32 / QB as f32;

/// All parameters, flat: hidden weights (input-major), hidden biases,
/// output weights (bucket by bucket, ours then theirs), output biases.
#[derive(Clone, Debug)]
pub struct Params(pub Vec<f32>);

const W1: usize = 0;
const B1: usize = INPUTS * HIDDEN;
const W2: usize = B1 + HIDDEN;
const B2: usize = W2 + OUTPUT_BUCKETS * 2 * HIDDEN;
/// Number of parameters.
pub const LEN: usize = B2 + OUTPUT_BUCKETS;

/// Where the output weights (ours, then theirs) of `bucket` start.
const fn output_weights(bucket: usize) -> usize {
    W2 + bucket * 2 * HIDDEN
}

impl Params {
    /// Small random weights from `seed`, zero biases.
    pub fn random(seed: u64) -> Params {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut p = vec![0.0f32; LEN];
        for w in &mut p[W1..B1] {
            *w = rng.random_range(-0.1..0.1);
        }
        for w in &mut p[W2..B2] {
            *w = rng.random_range(-0.1..0.1);
        }
        Params(p)
    }

    /// The floating-point weights of a quantised network: the start of a
    /// fine-tuning run (`--init`). Quantising the result gives `network`
    /// back exactly.
    pub fn from_network(network: &Network) -> Params {
        let mut p = vec![0.0f32; LEN];
        for (f, row) in network.feature_weights.iter().enumerate() {
            for (j, &w) in row.iter().enumerate() {
                p[W1 + f * HIDDEN + j] = f32::from(w) / QA as f32;
            }
        }
        for (j, &b) in network.feature_bias.iter().enumerate() {
            p[B1 + j] = f32::from(b) / QA as f32;
        }
        for (bucket, sides) in network.output_weights.iter().enumerate() {
            for (j, &w) in sides.iter().flatten().enumerate() {
                p[output_weights(bucket) + j] = f32::from(w) / QB as f32;
            }
            p[B2 + bucket] = network.output_bias[bucket] as f32 / (QA * QB) as f32;
        }
        Params(p)
    }

    /// Gives every dead hidden neuron (no input weight, no bias, no output
    /// weight: what a network read from a file with fewer neurons has)
    /// small random input weights from `seed`, so that training can grow
    /// it; its output weights stay zero, so the network still evaluates
    /// as before. Returns how many neurons were revived.
    pub fn revive_dead_neurons(&mut self, seed: u64) -> usize {
        let mut rng = StdRng::seed_from_u64(seed);
        let p = &mut self.0;
        let mut revived = 0;
        for j in 0..HIDDEN {
            let dead = p[B1 + j] == 0.0
                && (0..INPUTS).all(|f| p[W1 + f * HIDDEN + j] == 0.0)
                && (0..OUTPUT_BUCKETS * 2).all(|side| p[W2 + side * HIDDEN + j] == 0.0);
            if dead {
                for f in 0..INPUTS {
                    p[W1 + f * HIDDEN + j] = rng.random_range(-0.1..0.1);
                }
                revived += 1;
            }
        }
        revived
    }

    /// The hidden layer of one perspective.
    fn hidden(&self, inputs: impl Iterator<Item = usize>) -> [f32; HIDDEN] {
        let mut acc = [0f32; HIDDEN];
        acc.copy_from_slice(&self.0[B1..W2]);
        for f in inputs {
            let row = &self.0[W1 + f * HIDDEN..W1 + (f + 1) * HIDDEN];
            for (a, w) in acc.iter_mut().zip(row) {
                *a += w;
            }
        }
        acc
    }

    /// The raw output (`out * SCALE` centipawns) for one sample.
    pub fn output(&self, sample: &Sample) -> f32 {
        let ours = self.hidden(sample.ours());
        let theirs = self.hidden(sample.theirs());
        self.combine(bucket_of(sample), &ours, &theirs)
    }

    fn combine(&self, bucket: usize, ours: &[f32; HIDDEN], theirs: &[f32; HIDDEN]) -> f32 {
        let at = output_weights(bucket);
        let (w_ours, w_theirs) = self.0[at..at + 2 * HIDDEN].split_at(HIDDEN);
        let mut out = self.0[B2 + bucket];
        for ((&a, &b), (&wa, &wb)) in ours.iter().zip(theirs).zip(w_ours.iter().zip(w_theirs)) {
            out += activate(a) * wa + activate(b) * wb;
        }
        out
    }

    /// Adds the loss gradient of `sample` to `grad`; returns its loss.
    fn accumulate(&self, sample: &Sample, wdl: f32, grad: &mut [f32]) -> f32 {
        let ours = self.hidden(sample.ours());
        let theirs = self.hidden(sample.theirs());
        let bucket = bucket_of(sample);
        let prediction = sigmoid(self.combine(bucket, &ours, &theirs));
        let target = target(sample, wdl);
        let error = prediction - target;
        let g = 2.0 * error * prediction * (1.0 - prediction);
        grad[B2 + bucket] += g;
        let at = output_weights(bucket);
        let (w_ours, w_theirs) = self.0[at..at + 2 * HIDDEN].split_at(HIDDEN);
        let mut d_ours = [0f32; HIDDEN];
        let mut d_theirs = [0f32; HIDDEN];
        for j in 0..HIDDEN {
            grad[at + j] += g * activate(ours[j]);
            grad[at + HIDDEN + j] += g * activate(theirs[j]);
            d_ours[j] = g * w_ours[j] * slope(ours[j]);
            d_theirs[j] = g * w_theirs[j] * slope(theirs[j]);
        }
        for j in 0..HIDDEN {
            grad[B1 + j] += d_ours[j] + d_theirs[j];
        }
        spread(grad, sample.ours(), &d_ours);
        spread(grad, sample.theirs(), &d_theirs);
        error * error
    }

    /// The mean loss and gradient of a batch, summed over `workers`
    /// chunks in parallel.
    pub fn batch_gradient(&self, batch: &[&Sample], wdl: f32, workers: usize) -> (f32, Vec<f32>) {
        let chunk = batch.len().div_ceil(workers.max(1)).max(1);
        let parts: Vec<(f32, Vec<f32>)> = batch
            .par_chunks(chunk)
            .map(|part| {
                let mut grad = vec![0f32; LEN];
                let loss = part
                    .iter()
                    .map(|s| self.accumulate(s, wdl, &mut grad))
                    .sum();
                (loss, grad)
            })
            .collect();
        let n = batch.len().max(1) as f32;
        let mut total = vec![0f32; LEN];
        let mut loss = 0.0;
        for (l, g) in parts {
            loss += l;
            for (t, x) in total.iter_mut().zip(g) {
                *t += x;
            }
        }
        for t in &mut total {
            *t /= n;
        }
        (loss / n, total)
    }

    /// The mean loss over `samples` (no gradient).
    pub fn loss(&self, samples: &[Sample], wdl: f32) -> f32 {
        let sum: f64 = samples
            .par_iter()
            .map(|s| {
                let e = sigmoid(self.output(s)) - target(s, wdl);
                f64::from(e * e)
            })
            .sum();
        (sum / samples.len().max(1) as f64) as f32
    }

    /// Clips every weight into what quantisation can hold.
    pub fn clip(&mut self) {
        for w in &mut self.0[W1..W2] {
            *w = w.clamp(-HIDDEN_CLIP, HIDDEN_CLIP);
        }
        for w in &mut self.0[W2..B2] {
            *w = w.clamp(-OUTPUT_CLIP, OUTPUT_CLIP);
        }
    }

    /// The quantised network the engine reads.
    pub fn quantise(&self) -> Network {
        let q = |x: f32, scale: i32| (x * scale as f32).round() as i16;
        let mut network = Network::zeroed();
        for (f, row) in network.feature_weights.iter_mut().enumerate() {
            for (j, w) in row.iter_mut().enumerate() {
                *w = q(self.0[W1 + f * HIDDEN + j], QA);
            }
        }
        for (j, b) in network.feature_bias.iter_mut().enumerate() {
            *b = q(self.0[B1 + j], QA);
        }
        for (bucket, sides) in network.output_weights.iter_mut().enumerate() {
            for (j, w) in sides.iter_mut().flatten().enumerate() {
                *w = q(self.0[output_weights(bucket) + j], QB);
            }
            network.output_bias[bucket] = (self.0[B2 + bucket] * (QA * QB) as f32).round() as i32;
        }
        network
    }
}

/// The output bucket a sample is read through.
#[inline(always)]
fn bucket_of(sample: &Sample) -> usize {
    output_bucket(u32::from(sample.count))
}

/// Adds `d` to the hidden-weight gradient row of each input.
fn spread(grad: &mut [f32], inputs: impl Iterator<Item = usize>, d: &[f32; HIDDEN]) {
    for f in inputs {
        let row = &mut grad[W1 + f * HIDDEN..W1 + (f + 1) * HIDDEN];
        for (r, &dj) in row.iter_mut().zip(d) {
            *r += dj;
        }
    }
}

/// The loss of the hand-written evaluation on `samples`, read as the
/// network's output is (`sigmoid(eval / SCALE)`): the baseline to beat.
pub fn hand_loss(samples: &[Sample], wdl: f32) -> f32 {
    let sum: f64 = samples
        .iter()
        .map(|s| {
            let e = sigmoid(s.hand / SCALE as f32) - target(s, wdl);
            f64::from(e * e)
        })
        .sum();
    (sum / samples.len().max(1) as f64) as f32
}

/// Squared clipped ReLU.
#[inline(always)]
fn activate(x: f32) -> f32 {
    let c = x.clamp(0.0, 1.0);
    c * c
}

/// The derivative of [`activate`].
#[inline(always)]
fn slope(x: f32) -> f32 {
    if x > 0.0 && x < 1.0 { 2.0 * x } else { 0.0 }
}

/// The logistic function: a score (in units of `SCALE`) as a win probability.
#[inline(always)]
pub(crate) fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// The training target: `wdl` of the result, the rest the score's.
fn target(sample: &Sample, wdl: f32) -> f32 {
    wdl * sample.result + (1.0 - wdl) * sigmoid(sample.score / SCALE as f32)
}

/// Adam's moments.
pub struct Adam {
    m: Vec<f32>,
    v: Vec<f32>,
    t: i32,
}

impl Adam {
    /// Fresh moments.
    pub fn new() -> Adam {
        Adam {
            m: vec![0.0; LEN],
            v: vec![0.0; LEN],
            t: 0,
        }
    }

    /// One step of size `lr` along `grad`, then the clip.
    pub fn step(&mut self, params: &mut Params, grad: &[f32], lr: f32) {
        const B1: f32 = 0.9;
        const B2: f32 = 0.999;
        self.t += 1;
        let c1 = 1.0 - B1.powi(self.t);
        let c2 = 1.0 - B2.powi(self.t);
        for (((p, &g), m), v) in params
            .0
            .iter_mut()
            .zip(grad)
            .zip(&mut self.m)
            .zip(&mut self.v)
        {
            *m = B1 * *m + (1.0 - B1) * g;
            *v = B2 * *v + (1.0 - B2) * g * g;
            *p -= lr * (*m / c1) / ((*v / c2).sqrt() + 1e-8);
        }
        params.clip();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::parse_line;

    /// The analytic gradient agrees with finite differences of the loss on
    /// every output parameter, every hidden bias and the active inputs'
    /// hidden weights.
    #[test]
    fn gradients_match_finite_differences() {
        let sample = parse_line("r3k2r/8/8/3q4/8/2N5/8/R3K2R w - - 0 1 | 1-0 | 150")
            .expect("a position")
            .expect("valid");
        let mut params = Params::random(3);
        // Lift the hidden layer into the squared part's working range.
        for b in &mut params.0[B1..W2] {
            *b = 0.3;
        }
        let wdl = 0.3;
        let (_, grad) = params.batch_gradient(&[&sample], wdl, 1);
        let loss_at = |p: &Params| f64::from(p.loss(std::slice::from_ref(&sample), wdl));
        let mut checked: Vec<usize> = (W2..LEN).collect();
        checked.extend(B1..W2);
        for f in sample.ours().chain(sample.theirs()) {
            checked.extend((0..HIDDEN).step_by(17).map(|j| W1 + f * HIDDEN + j));
        }
        let h = 1e-3f32;
        for &i in &checked {
            let mut up = params.clone();
            up.0[i] += h;
            let mut down = params.clone();
            down.0[i] -= h;
            let numeric = (loss_at(&up) - loss_at(&down)) / (2.0 * f64::from(h));
            let analytic = f64::from(grad[i]);
            assert!(
                (numeric - analytic).abs() <= 2e-5 + 0.02 * analytic.abs(),
                "parameter {i}: analytic {analytic}, numeric {numeric}"
            );
        }
        let bucket = bucket_of(&sample);
        assert_eq!(bucket, 1, "seven pieces");
        assert!(
            grad[B2 + bucket].abs() > 1e-4,
            "the sample has a gradient at all"
        );
        assert_eq!(grad[B2], 0.0, "another bucket's bias has none");
    }

    /// A network read back for fine-tuning quantises to itself.
    #[test]
    fn from_network_round_trips_through_quantisation() {
        let mut params = Params::random(5);
        for (i, b) in params.0[B1..W2].iter_mut().enumerate() {
            *b = 0.01 * i as f32 - 0.5;
        }
        for (bucket, b) in params.0[B2..].iter_mut().enumerate() {
            *b = -0.37 + 0.1 * bucket as f32;
        }
        let network = params.quantise();
        let back = Params::from_network(&network).quantise();
        assert_eq!(back.to_bytes(), network.to_bytes());
        assert_ne!(network.output_bias[0], 0, "the bias survives the trip");
        assert_ne!(
            network.output_weights[0],
            network.output_weights[OUTPUT_BUCKETS - 1],
            "each bucket keeps its own weights"
        );
    }

    /// The trainer reads a position as the engine does, with horizontal
    /// mirroring too: the same network's output agrees with the engine's
    /// integer evaluation to within its rounding, whichever side each
    /// king stands on and whichever side is to move.
    #[test]
    fn the_trainer_reads_positions_as_the_engine_does() {
        use augur_chess::Position;
        let fens = [
            "r4rk1/pp3ppp/2n5/3p4/8/2N2N2/PPP2PPP/2KR3R w - - 0 1",
            "r4rk1/pp3ppp/2n5/3p4/8/2N2N2/PPP2PPP/2KR3R b - - 0 1",
            "2kr3r/ppp2ppp/2n5/8/3P4/5N2/PPP2PPP/R4RK1 w - - 0 1",
            "2kr3r/ppp2ppp/2n5/8/3P4/5N2/PPP2PPP/R4RK1 b - - 0 1",
            "8/5pk1/8/3K4/8/8/8/8 w - - 0 1",
        ];
        for horizontal_mirror in [false, true] {
            let network = Network {
                horizontal_mirror,
                ..augur_chess::nnue::embedded_network().get().clone()
            };
            let params = Params::from_network(&network);
            let mut differ = 0;
            for fen in fens {
                let line = format!("{fen} | 1/2-1/2 | 0");
                let sample = parse_line(&line).expect("a position").expect("valid");
                let sample = if horizontal_mirror {
                    sample
                } else {
                    sample.without_flips()
                };
                let position = Position::from_fen_detailed(fen).expect("valid");
                let engine = network.evaluate_from_scratch(&position) as f32;
                let trainer = params.output(&sample) * SCALE as f32;
                assert!(
                    (engine - trainer).abs() <= 2.0,
                    "{fen}: {engine} against {trainer}"
                );
                let plain = Network {
                    horizontal_mirror: false,
                    ..network.clone()
                };
                differ += usize::from(plain.evaluate_from_scratch(&position) as f32 != engine);
            }
            assert_eq!(
                differ > 0,
                horizontal_mirror,
                "only mirroring reads them otherwise"
            );
        }
    }

    /// Dead neurons (as a smaller network's file reads) get random input
    /// weights and keep zero output weights: the evaluation is unchanged,
    /// live neurons are untouched.
    #[test]
    fn dead_neurons_are_revived_without_changing_the_output() {
        let mut params = Params::random(9);
        let dead = [3, HIDDEN - 1];
        for &j in &dead {
            params.0[B1 + j] = 0.0;
            for f in 0..INPUTS {
                params.0[W1 + f * HIDDEN + j] = 0.0;
            }
            for side in 0..OUTPUT_BUCKETS * 2 {
                params.0[W2 + side * HIDDEN + j] = 0.0;
            }
        }
        let before = params.clone();
        assert_eq!(params.revive_dead_neurons(4), dead.len());
        for j in 0..HIDDEN {
            let column = |p: &Params| {
                (0..INPUTS)
                    .map(|f| p.0[W1 + f * HIDDEN + j])
                    .collect::<Vec<_>>()
            };
            if dead.contains(&j) {
                assert!(
                    column(&params).iter().any(|&w| w != 0.0),
                    "neuron {j} revived"
                );
            } else {
                assert_eq!(column(&params), column(&before), "neuron {j} untouched");
            }
        }
        assert_eq!(params.0[W2..], before.0[W2..], "no output weight changes");
        assert_eq!(params.revive_dead_neurons(4), 0, "nothing is dead any more");
    }
}
