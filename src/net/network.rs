//! Inference: the policy network's forward pass on one position.
//!
//! The network (trained by `train/train.py`, which writes this format): an input convolution
//! 3×3 from `PLANES` planes to C channels, `blocks` residual blocks of two 3×3 convolutions,
//! ReLU after each convolution (after the skip sum in a block); batch norms are folded into
//! the convolutions' weights and biases by the exporter. The policy: a 1×1 convolution to one
//! logit per point, and a pass logit from a linear map of the channels' means; a softmax over
//! the legal points and pass.
//!
//! The 3×3 convolutions are Winograd's (`winograd`), on weights transformed once at load, and
//! the activations point-major (`[point][channel]`, channels padded to whole lanes). Buffers
//! live in a `Scratch` made once per worker: an evaluation allocates nothing.
//!
//! The file (`file.rs`): a header with the shape and two checksums, then the weights;
//! `Network::from_bytes` reads it and refuses, with one reason, anything else.

use super::planes::{Chains, PLANES};
use super::winograd::{self, Buffers, Winograd};
use crate::geom::MAX_POINTS;

mod file;

pub use file::{NetworkError, HEADER_BYTES, MAGIC};

/// A convolution with its bias, weights `[out][in·k·k]`.
#[derive(Debug, Clone)]
struct Conv {
    inputs: usize,
    outputs: usize,
    /// 3 or 1.
    kernel: usize,
    weights: Vec<f32>,
    bias: Vec<f32>,
}

/// A trained policy network.
#[derive(Debug, Clone)]
pub struct Network {
    channels: usize,
    input: Conv,
    /// Two convolutions per residual block.
    tower: Vec<[Conv; 2]>,
    point: Conv,
    pass_weights: Vec<f32>,
    pass_bias: f32,
    /// The input convolution and the tower's, in order, transformed for the forward pass.
    convs: Vec<Winograd>,
}

impl Network {
    /// Residual blocks and channels: the network's size.
    pub fn shape(&self) -> (usize, usize) {
        (self.tower.len(), self.channels)
    }

    /// Multiply-adds of one evaluation on a board of `size`.
    pub fn multiply_adds(&self, size: usize) -> usize {
        let n = size * size;
        let convs = std::iter::once(&self.input).chain(self.tower.iter().flatten());
        convs
            .chain(std::iter::once(&self.point))
            .map(|c| c.outputs * c.inputs * c.kernel * c.kernel * n)
            .sum()
    }

    /// The logits of every point (`row * size + col`) and of passing (last) for the planes
    /// `scratch.planes` of a board of `size`, into `scratch.logits`.
    pub fn forward(&self, scratch: &mut Scratch, size: usize) {
        let n = size * size;
        let c = winograd::stride(self.channels);
        scratch.fit(self.channels, size);
        let Scratch {
            planes,
            input,
            a,
            b,
            buffers,
            logits,
            ..
        } = scratch;
        // The planes, point-major.
        let padded = winograd::padded_side(size).pow(2);
        let p = winograd::stride(PLANES);
        let input = &mut input[..padded * p];
        for (i, point) in board_points(size).enumerate() {
            let at = point * p;
            for (plane, v) in input[at..at + PLANES].iter_mut().enumerate() {
                *v = planes[plane * n + i];
            }
        }
        let (a, b) = (&mut a[..padded * c], &mut b[..padded * c]);
        let (first, tower) = self.convs.split_first().expect("an input convolution");
        first.apply(input, a, size, false, buffers);
        for pair in tower.chunks_exact(2) {
            pair[0].apply(a, b, size, false, buffers);
            // The second convolution adds onto the block's input: a's values are the skip.
            pair[1].apply(b, a, size, true, buffers);
        }
        let logits = &mut logits[..n + 1];
        let (weights, bias) = (&self.point.weights, self.point.bias[0]);
        // The pass logit reads the channels' means: Σ w·mean = (Σ over points of w·x) / n.
        let mut pass = 0.0;
        for (l, point) in logits[..n].iter_mut().zip(board_points(size)) {
            let x = &a[point * c..point * c + self.channels];
            *l = bias + weights.iter().zip(x).map(|(w, x)| w * x).sum::<f32>();
            pass += self
                .pass_weights
                .iter()
                .zip(x)
                .map(|(w, x)| w * x)
                .sum::<f32>();
        }
        logits[n] = self.pass_bias + pass / n as f32;
    }
}

/// The indices in an activation of the board's points, row by row.
fn board_points(size: usize) -> impl Iterator<Item = usize> {
    (0..size).flat_map(move |y| (0..size).map(move |x| winograd::padded_point(size, x, y)))
}

/// The input convolution's and the tower's weights, transformed for `Winograd::apply`.
fn transform(input: &Conv, tower: &[[Conv; 2]]) -> Vec<Winograd> {
    let convs = std::iter::once(input).chain(tower.iter().flatten());
    convs
        .map(|c| Winograd::new(c.inputs, c.outputs, &c.weights, &c.bias))
        .collect()
}

/// The buffers of evaluations, reused: one per worker thread.
#[derive(Debug, Clone, Default)]
pub struct Scratch {
    /// The input, `PLANES` planes of `size²`: fill it with `planes::encode`.
    pub planes: Vec<f32>,
    /// The encoder's chains (`planes::encode`).
    pub chains: Chains,
    /// The planes as an activation (`winograd::Winograd::apply`: point-major, zero off the
    /// board).
    input: Vec<f32>,
    /// The activations: a block's input and skip, and its middle.
    a: Vec<f32>,
    b: Vec<f32>,
    buffers: Buffers,
    /// After `forward`: the `size² + 1` logits (pass last).
    pub logits: Vec<f32>,
    channels: usize,
    size: usize,
}

impl Scratch {
    /// Sizes the buffers for `channels` on a board of `size` (allocates only on a change).
    pub fn fit(&mut self, channels: usize, size: usize) {
        if (channels, size) == (self.channels, self.size) {
            return;
        }
        let n = size * size;
        self.planes.resize(PLANES * n, 0.0);
        // The activations' points off the board must be zero: nothing writes them after this.
        let padded = winograd::padded_side(size).pow(2);
        for (buffer, channels) in [
            (&mut self.input, PLANES),
            (&mut self.a, channels),
            (&mut self.b, channels),
        ] {
            buffer.clear();
            buffer.resize(winograd::stride(channels) * padded, 0.0);
        }
        self.buffers.fit(channels.max(PLANES), size);
        self.logits.resize(MAX_POINTS.max(n) + 1, 0.0);
        (self.channels, self.size) = (channels, size);
    }
}

#[cfg(test)]
mod tests;
