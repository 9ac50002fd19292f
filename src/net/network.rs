//! Inference: the policy network's forward pass on one position.
//!
//! The network (trained by `train/train.py`, which writes this format): an input convolution
//! 3×3 from `PLANES` planes to C channels, `blocks` residual blocks of two 3×3 convolutions,
//! ReLU after each convolution (after the skip sum in a block); batch norms are folded into
//! the convolutions' weights and biases by the exporter. The policy: a 1×1 convolution to one
//! logit per point, and a pass logit from a linear map of the channels' means; a softmax over
//! the legal points and pass.
//!
//! Each 3×3 convolution is one matrix product (im2col): the 9 shifted copies of the input
//! (`[C_in·9][N]`, N the points) times the weights (`[C_out][C_in·9]`), by `matrixmultiply`'s
//! SGEMM. Buffers live in a `Scratch` made once per worker: an evaluation allocates nothing.
//!
//! The file (`file.rs`): a header with the shape and two checksums, then the weights;
//! `Network::from_bytes` reads it and refuses, with one reason, anything else.

use super::planes::{Chains, PLANES};
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
        let c = self.channels;
        scratch.fit(c, size);
        let Scratch {
            planes,
            columns,
            a,
            b,
            logits,
            ..
        } = scratch;
        conv3x3(
            &self.input,
            &planes[..PLANES * n],
            columns,
            &mut a[..c * n],
            size,
            false,
        );
        relu(&mut a[..c * n]);
        for [first, second] in &self.tower {
            conv3x3(first, &a[..c * n], columns, &mut b[..c * n], size, false);
            relu(&mut b[..c * n]);
            // The second convolution adds onto the block's input: a's values are the skip.
            conv3x3(second, &b[..c * n], columns, &mut a[..c * n], size, true);
            relu(&mut a[..c * n]);
        }
        let trunk = &a[..c * n];
        let logits = &mut logits[..n + 1];
        logits[..n].fill(self.point.bias[0]);
        for (ch, w) in self.point.weights.iter().enumerate() {
            for (l, x) in logits[..n].iter_mut().zip(&trunk[ch * n..(ch + 1) * n]) {
                *l += w * x;
            }
        }
        let mut pass = self.pass_bias;
        for (ch, w) in self.pass_weights.iter().enumerate() {
            let mean = trunk[ch * n..(ch + 1) * n].iter().sum::<f32>() / n as f32;
            pass += w * mean;
        }
        logits[n] = pass;
    }
}

/// The buffers of evaluations, reused: one per worker thread.
#[derive(Debug, Clone, Default)]
pub struct Scratch {
    /// The input, `PLANES` planes of `size²`: fill it with `planes::encode`.
    pub planes: Vec<f32>,
    /// The encoder's chains (`planes::encode`).
    pub chains: Chains,
    columns: Vec<f32>,
    a: Vec<f32>,
    b: Vec<f32>,
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
        self.columns.resize(9 * channels.max(PLANES) * n, 0.0);
        self.a.resize(channels * n, 0.0);
        self.b.resize(channels * n, 0.0);
        self.logits.resize(MAX_POINTS.max(n) + 1, 0.0);
        (self.channels, self.size) = (channels, size);
    }
}

/// im2col for a 3×3 convolution with zero padding: row `(ch·9 + k)` of `columns` is input
/// channel ch shifted by the k-th offset of the kernel.
fn im2col(input: &[f32], channels: usize, size: usize, columns: &mut [f32]) {
    let n = size * size;
    for ch in 0..channels {
        let plane = &input[ch * n..(ch + 1) * n];
        for k in 0..9 {
            let (dy, dx) = (k / 3, k % 3);
            let row = &mut columns[(ch * 9 + k) * n..(ch * 9 + k + 1) * n];
            for y in 0..size {
                let out = &mut row[y * size..(y + 1) * size];
                let sy = y + dy;
                if sy < 1 || sy > size {
                    out.fill(0.0);
                    continue;
                }
                let src = &plane[(sy - 1) * size..sy * size];
                // x in the output reads src[x + dx - 1].
                match dx {
                    0 => {
                        out[0] = 0.0;
                        out[1..].copy_from_slice(&src[..size - 1]);
                    }
                    1 => out.copy_from_slice(src),
                    _ => {
                        out[..size - 1].copy_from_slice(&src[1..]);
                        out[size - 1] = 0.0;
                    }
                }
            }
        }
    }
}

/// `out = conv(input) + bias`, or with `add`, `out += conv(input) + bias` (a residual sum).
fn conv3x3(
    conv: &Conv,
    input: &[f32],
    columns: &mut [f32],
    out: &mut [f32],
    size: usize,
    add: bool,
) {
    let n = size * size;
    assert!(input.len() == conv.inputs * n && out.len() == conv.outputs * n);
    for (ch, &bias) in conv.bias.iter().enumerate() {
        let plane = &mut out[ch * n..(ch + 1) * n];
        if add {
            plane.iter_mut().for_each(|x| *x += bias);
        } else {
            plane.fill(bias);
        }
    }
    let k = conv.inputs * 9;
    im2col(input, conv.inputs, size, &mut columns[..k * n]);
    // SAFETY: the weights hold outputs·k floats, columns k·n and out outputs·n (asserted
    // above), each row-major with the strides given; out overlaps neither.
    unsafe {
        matrixmultiply::sgemm(
            conv.outputs,
            k,
            n,
            1.0,
            conv.weights.as_ptr(),
            k as isize,
            1,
            columns.as_ptr(),
            n as isize,
            1,
            1.0,
            out.as_mut_ptr(),
            n as isize,
            1,
        );
    }
}

fn relu(x: &mut [f32]) {
    x.iter_mut().for_each(|v| *v = v.max(0.0));
}

#[cfg(test)]
mod tests;
