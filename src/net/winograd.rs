//! The network's 3×3 convolutions by Winograd's minimal filtering F(4×4, 3×3) (Lavin and Gray,
//! "Fast Algorithms for Convolutional Neural Networks", 2016), as Leela Zero and KataGo do on
//! the CPU: 4 times fewer multiplications than the direct convolution (2.25 a point and pair of
//! channels instead of 9), 3.6 times fewer on 19×19 once the board is padded to whole tiles.
//!
//! The board is cut into tiles of 4×4 output points; each reads a window of 6×6 input points
//! (the tile and a ring of one point, zero off the board). Per channel, a window `d` becomes
//! `V = Bᵀ d B` and a 3×3 kernel `g` becomes `U = G g Gᵀ` (once, at load): 36 numbers each, the
//! transform's elements. For each element e, the products of all tiles are one matrix product
//! `M[e] = V[e] · U[e]` (tiles × inputs times inputs × outputs), and a tile's 4×4 outputs are
//! `Aᵀ M A`, to which the bias, the residual skip and the ReLU are added before the store.
//!
//! Activations are point-major: `[point][channel]`, each point's channels padded with zeros to a
//! whole number of `LANES`, so every transform works on 8 channels at once, and the board in a
//! ring of zeros (`padded_side`), so no window reads outside. The products run on
//! a register-blocked kernel of up to 6 tiles × 16 outputs (`block`). The code is written once,
//! on lanes (`super::lanes`), and compiled twice: for AVX2 + FMA (chosen at run time when the
//! CPU has them) and for any CPU.
//!
//! Measured (docs/network.md, Speed): a 19×19 evaluation of the built-in network (6 blocks × 32
//! channels) takes 0.47 ms of CPU against 1.34 ms with im2col and `matrixmultiply`'s SGEMM;
//! one 32→32 convolution 36 µs, of which the products 19 µs and the transforms 9 µs.

use super::lanes::{Lanes, Portable, LANES};

/// Output points per side of a tile.
const TILE: usize = 4;
/// Input points per side of a tile's window, and per side of a transformed tile.
const WINDOW: usize = 6;
/// Numbers of a transformed tile or kernel.
const ELEMENTS: usize = WINDOW * WINDOW;
/// Tiles per block of the product kernel: 6 × 16 outputs hold 12 of AVX2's 16 registers.
const BLOCK_TILES: usize = 6;

/// Floats per point of an activation of `channels`: whole lanes.
pub(super) fn stride(channels: usize) -> usize {
    channels.div_ceil(LANES) * LANES
}

/// Tiles per side of a board of `size`.
fn tiles_per_side(size: usize) -> usize {
    size.div_ceil(TILE)
}

/// Points per side of an activation on a board of `size`: the board in a ring of zeros, and
/// more zeros past its last row and column where the tiles overhang it: every window reads inside.
pub(super) fn padded_side(size: usize) -> usize {
    tiles_per_side(size) * TILE + 2
}

/// The index of the board's point (x, y) in an activation.
pub(super) fn padded_point(size: usize, x: usize, y: usize) -> usize {
    (y + 1) * padded_side(size) + x + 1
}

/// `G`, which turns a 3×3 kernel into 6×6: `U = G g Gᵀ`.
const G: [[f64; 3]; WINDOW] = [
    [1.0 / 4.0, 0.0, 0.0],
    [-1.0 / 6.0, -1.0 / 6.0, -1.0 / 6.0],
    [-1.0 / 6.0, 1.0 / 6.0, -1.0 / 6.0],
    [1.0 / 24.0, 1.0 / 12.0, 1.0 / 6.0],
    [1.0 / 24.0, -1.0 / 12.0, 1.0 / 6.0],
    [0.0, 0.0, 1.0],
];

/// A 3×3 convolution with its bias, transformed for `apply`.
#[derive(Debug, Clone)]
pub(super) struct Winograd {
    inputs: usize,
    outputs: usize,
    /// `U[e][input][output]`, both channel counts padded to `stride` with zeros.
    weights: Vec<f32>,
    /// `[stride(outputs)]`, zeros past `outputs`.
    bias: Vec<f32>,
}

/// The buffers of `Winograd::apply`, reused: transformed inputs and the products.
#[derive(Debug, Clone, Default)]
pub(super) struct Buffers {
    /// `V[tile][e][input]`.
    transformed: Vec<f32>,
    /// `M[tile][e][output]`.
    products: Vec<f32>,
}

impl Buffers {
    /// Sizes the buffers for convolutions of at most `channels` inputs and outputs on a board
    /// of `size`.
    pub(super) fn fit(&mut self, channels: usize, size: usize) {
        let len = ELEMENTS * tiles_per_side(size).pow(2) * stride(channels);
        self.transformed.resize(len, 0.0);
        self.products.resize(len, 0.0);
    }
}

impl Winograd {
    /// Transforms `weights` (`[outputs][inputs][3][3]`) and `bias` (`[outputs]`).
    pub(super) fn new(inputs: usize, outputs: usize, weights: &[f32], bias: &[f32]) -> Winograd {
        assert!(weights.len() == outputs * inputs * 9 && bias.len() == outputs);
        let (ins, outs) = (stride(inputs), stride(outputs));
        let mut transformed = vec![0.0; ELEMENTS * ins * outs];
        for o in 0..outputs {
            for i in 0..inputs {
                let g = &weights[(o * inputs + i) * 9..][..9];
                // G g (6×3), then (G g) Gᵀ (6×6), in f64 so the weights round once.
                let mut gg = [[0.0f64; 3]; WINDOW];
                for (a, row) in gg.iter_mut().enumerate() {
                    for (c, v) in row.iter_mut().enumerate() {
                        *v = (0..3).map(|b| G[a][b] * f64::from(g[b * 3 + c])).sum();
                    }
                }
                for a in 0..WINDOW {
                    for b in 0..WINDOW {
                        let u: f64 = (0..3).map(|c| gg[a][c] * G[b][c]).sum();
                        transformed[((a * WINDOW + b) * ins + i) * outs + o] = u as f32;
                    }
                }
            }
        }
        let mut padded = vec![0.0; outs];
        padded[..outputs].copy_from_slice(bias);
        Winograd {
            inputs,
            outputs,
            weights: transformed,
            bias: padded,
        }
    }

    /// `out = relu(conv(input) + bias)`, or with `residual`, `out = relu(out + conv(input) +
    /// bias)`, on a board of `size`: `input` and `out` are activations, point-major
    /// (`[padded_side²][stride]`, zero off the board), and `out` stays zero off the board.
    pub(super) fn apply(
        &self,
        input: &[f32],
        out: &mut [f32],
        size: usize,
        residual: bool,
        buffers: &mut Buffers,
    ) {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") && std::arch::is_x86_feature_detected!("fma")
        {
            // SAFETY: this CPU has AVX2 and FMA.
            unsafe { self.apply_avx2(input, out, size, residual, buffers) };
            return;
        }
        self.apply_with::<Portable>(input, out, size, residual, buffers);
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,fma")]
    fn apply_avx2(
        &self,
        input: &[f32],
        out: &mut [f32],
        size: usize,
        residual: bool,
        buffers: &mut Buffers,
    ) {
        self.apply_with::<super::lanes::Avx2>(input, out, size, residual, buffers);
    }

    /// `apply`, on `L`'s lanes.
    #[inline(always)]
    fn apply_with<L: Lanes>(
        &self,
        input: &[f32],
        out: &mut [f32],
        size: usize,
        residual: bool,
        buffers: &mut Buffers,
    ) {
        let (ins, outs) = (stride(self.inputs), stride(self.outputs));
        let tiles = tiles_per_side(size).pow(2);
        let n = padded_side(size).pow(2);
        assert!(input.len() == n * ins && out.len() == n * outs);
        let transformed = &mut buffers.transformed[..ELEMENTS * tiles * ins];
        let products = &mut buffers.products[..ELEMENTS * tiles * outs];
        transform_input::<L>(input, ins, size, transformed);
        for e in 0..ELEMENTS {
            multiply::<L>(
                &transformed[e * ins..],
                &self.weights[e * ins * outs..][..ins * outs],
                &mut products[e * outs..],
                tiles,
                ins,
                outs,
            );
        }
        transform_output::<L>(products, &self.bias, out, size, residual);
    }
}

/// `Bᵀ d` for a column `d` of a window (and, on rows, `d B`).
#[inline(always)]
fn input_1d<L: Lanes>([d0, d1, d2, d3, d4, d5]: [L; WINDOW]) -> [L; WINDOW] {
    let (s12, s34) = (d4 - d2 * 4.0, d3 - d1 * 4.0);
    let (t12, t34) = (d4 - d2, (d3 - d1) * 2.0);
    [
        d0 * 4.0 - d2 * 5.0 + d4,
        s12 + s34,
        s12 - s34,
        t12 + t34,
        t12 - t34,
        d1 * 4.0 - d3 * 5.0 + d5,
    ]
}

/// `Aᵀ m` for a column `m` of a transformed tile (and, on rows, `m A`).
#[inline(always)]
fn output_1d<L: Lanes>([m0, m1, m2, m3, m4, m5]: [L; WINDOW]) -> [L; TILE] {
    let (p12, n12, p34, n34) = (m1 + m2, m1 - m2, m3 + m4, m3 - m4);
    [
        m0 + p12 + p34,
        n12 + n34 * 2.0,
        p12 + p34 * 4.0,
        n12 + n34 * 8.0 + m5,
    ]
}

/// Column `c` of a 6-row array.
#[inline(always)]
fn column<L: Copy, const N: usize>(rows: &[[L; N]; WINDOW], c: usize) -> [L; WINDOW] {
    [
        rows[0][c], rows[1][c], rows[2][c], rows[3][c], rows[4][c], rows[5][c],
    ]
}

/// The lanes at `from`, `from[step..]`, … `from[5 · step..]`.
#[inline(always)]
fn load_row<L: Lanes>(from: &[f32], step: usize) -> [L; WINDOW] {
    let mut row = [L::zero(); WINDOW];
    for (c, lanes) in row.iter_mut().enumerate() {
        *lanes = L::load(&from[c * step..]);
    }
    row
}

/// `V[tile][e][channel]` of the activation `input` (`ins` floats a point).
#[inline(always)]
fn transform_input<L: Lanes>(input: &[f32], ins: usize, size: usize, transformed: &mut [f32]) {
    let (side, padded) = (tiles_per_side(size), padded_side(size));
    for (t, transformed) in transformed.chunks_exact_mut(ELEMENTS * ins).enumerate() {
        // The window's top left corner, in the padding's coordinates.
        let corner = (t / side) * TILE * padded + (t % side) * TILE;
        for g in (0..ins).step_by(LANES) {
            // Each row of the window times B, then Bᵀ times each column of that.
            let mut rows = [[L::zero(); WINDOW]; WINDOW];
            for (j, row) in rows.iter_mut().enumerate() {
                *row = input_1d(load_row(&input[((corner + j * padded) * ins + g)..], ins));
            }
            for c in 0..WINDOW {
                let column = input_1d(column(&rows, c));
                for (j, v) in column.iter().enumerate() {
                    v.store(&mut transformed[(j * WINDOW + c) * ins + g..]);
                }
            }
        }
    }
}

/// The tiles' outputs `Aᵀ M A` plus `bias` (plus `out`'s values with `residual`), through a
/// ReLU, into the board's points of the activation `out`.
#[inline(always)]
fn transform_output<L: Lanes>(
    products: &[f32],
    bias: &[f32],
    out: &mut [f32],
    size: usize,
    residual: bool,
) {
    let outs = bias.len();
    let side = tiles_per_side(size);
    for (t, products) in products.chunks_exact(ELEMENTS * outs).enumerate() {
        let (y0, x0) = ((t / side) * TILE, (t % side) * TILE);
        for g in (0..outs).step_by(LANES) {
            // Each row of the transformed tile times A, then Aᵀ times each column of that;
            // the tiles' overhang is dropped.
            let mut rows = [[L::zero(); TILE]; WINDOW];
            for (j, row) in rows.iter_mut().enumerate() {
                *row = output_1d(load_row(&products[j * WINDOW * outs + g..], outs));
            }
            let bias = L::load(&bias[g..]);
            for x in 0..TILE.min(size - x0) {
                let column = output_1d(column(&rows, x));
                for (y, v) in column.iter().enumerate().take(size - y0) {
                    let at = padded_point(size, x0 + x, y0 + y) * outs + g;
                    let sum = if residual {
                        *v + bias + L::load(&out[at..])
                    } else {
                        *v + bias
                    };
                    sum.relu().store(&mut out[at..]);
                }
            }
        }
    }
}

/// One element's products for every tile: `m = v · u`, `u` a row-major matrix `ins` × `outs`,
/// `v` and `m` a row per tile, `ELEMENTS` rows apart (tile-major buffers). Blocks of up to
/// `BLOCK_TILES` tiles (balanced: 25 tiles are 5 blocks of 5) times 16 outputs (8 for the last
/// of an odd number of lanes).
#[inline(always)]
fn multiply<L: Lanes>(v: &[f32], u: &[f32], m: &mut [f32], tiles: usize, ins: usize, outs: usize) {
    let blocks = tiles.div_ceil(BLOCK_TILES);
    let mut t0 = 0;
    for b in 0..blocks {
        let rows = (tiles - t0).div_ceil(blocks - b);
        let v = &v[t0 * ELEMENTS * ins..];
        let m = &mut m[t0 * ELEMENTS * outs..];
        let mut o = 0;
        while o < outs {
            let wide = outs - o >= 2 * LANES;
            let (u, m) = (&u[o..], &mut m[o..]);
            match (rows, wide) {
                (1, true) => block::<L, 1, 2>(v, u, m, ins, outs),
                (2, true) => block::<L, 2, 2>(v, u, m, ins, outs),
                (3, true) => block::<L, 3, 2>(v, u, m, ins, outs),
                (4, true) => block::<L, 4, 2>(v, u, m, ins, outs),
                (5, true) => block::<L, 5, 2>(v, u, m, ins, outs),
                (6, true) => block::<L, 6, 2>(v, u, m, ins, outs),
                (1, false) => block::<L, 1, 1>(v, u, m, ins, outs),
                (2, false) => block::<L, 2, 1>(v, u, m, ins, outs),
                (3, false) => block::<L, 3, 1>(v, u, m, ins, outs),
                (4, false) => block::<L, 4, 1>(v, u, m, ins, outs),
                (5, false) => block::<L, 5, 1>(v, u, m, ins, outs),
                _ => block::<L, 6, 1>(v, u, m, ins, outs),
            }
            o += if wide { 2 * LANES } else { LANES };
        }
        t0 += rows;
    }
}

/// `R` tiles × `Q` lanes of outputs: the accumulators stay in registers while the `ins`
/// products stream through (a broadcast input times a row of weights). The hot loop: on 19×19
/// (5 × 16 blocks), about 95 GFLOP/s of CPU time on this project's machine; `matrixmultiply`
/// ran the same small products at a third to a half of its rate on the im2col product. `v`: the R tiles' rows,
/// `ELEMENTS · ins` apart; `u` and `m` start at the block's first output, `m`'s rows
/// `ELEMENTS · outs` apart.
#[inline(always)]
fn block<L: Lanes, const R: usize, const Q: usize>(
    v: &[f32],
    u: &[f32],
    m: &mut [f32],
    ins: usize,
    outs: usize,
) {
    let mut rows: [&[f32]; R] = [&[]; R];
    for (r, row) in rows.iter_mut().enumerate() {
        *row = &v[r * ELEMENTS * ins..][..ins];
    }
    let mut acc = [[L::zero(); Q]; R];
    for i in 0..ins {
        let w = &u[i * outs..i * outs + Q * LANES];
        let mut lanes = [L::zero(); Q];
        for (q, lanes) in lanes.iter_mut().enumerate() {
            *lanes = L::load(&w[q * LANES..]);
        }
        for r in 0..R {
            let x = L::splat(rows[r][i]);
            for q in 0..Q {
                acc[r][q] = x.mul_add(lanes[q], acc[r][q]);
            }
        }
    }
    for (r, acc) in acc.iter().enumerate() {
        for (q, acc) in acc.iter().enumerate() {
            acc.store(&mut m[r * ELEMENTS * outs + q * LANES..]);
        }
    }
}

#[cfg(test)]
mod tests;
