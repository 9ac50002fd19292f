use super::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

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
                for (x, o) in out.iter_mut().enumerate() {
                    *o = (x + dx)
                        .checked_sub(1)
                        .and_then(|sx| src.get(sx))
                        .copied()
                        .unwrap_or(0.0);
                }
            }
        }
    }
}

/// The direct convolution the engine used before Winograd (and PyTorch's test vectors
/// checked): im2col, then one SGEMM of the weights `[outputs][inputs·9]` by the columns.
/// Planar (`[channel][point]`) input and output; `out = relu(conv + bias (+ out))`.
fn direct(
    (inputs, outputs): (usize, usize),
    weights: &[f32],
    bias: &[f32],
    input: &[f32],
    out: &mut [f32],
    size: usize,
    residual: bool,
) {
    let n = size * size;
    let k = inputs * 9;
    let mut columns = vec![0.0; k * n];
    im2col(input, inputs, size, &mut columns);
    for (ch, &b) in bias.iter().enumerate() {
        for x in &mut out[ch * n..(ch + 1) * n] {
            *x = if residual { *x + b } else { b };
        }
    }
    // SAFETY: weights hold outputs·k floats, columns k·n and out outputs·n, each row-major
    // with the strides given; out overlaps neither.
    unsafe {
        matrixmultiply::sgemm(
            outputs,
            k,
            n,
            1.0,
            weights.as_ptr(),
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
    out.iter_mut().for_each(|x| *x = x.max(0.0));
}

/// The index in an activation of the board's point `p` (row by row).
fn point(size: usize, p: usize) -> usize {
    padded_point(size, p % size, p / size)
}

/// Planar `[channels][size²]` to an activation, zero off the board and past `channels`.
fn activation(planar: &[f32], channels: usize, size: usize) -> Vec<f32> {
    let (s, n) = (stride(channels), size * size);
    let mut out = vec![0.0; padded_side(size).pow(2) * s];
    for ch in 0..channels {
        for p in 0..n {
            out[point(size, p) * s + ch] = planar[ch * n + p];
        }
    }
    out
}

/// The Winograd convolution (through `apply`, and through the baseline code when `baseline`)
/// against the direct one, on random weights, biases, inputs and skips: the largest
/// difference over the largest output must stay under 1e-4.
fn compare(inputs: usize, outputs: usize, size: usize, residual: bool, baseline: bool, seed: u64) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut random = |len: usize, scale: f32| -> Vec<f32> {
        (0..len).map(|_| rng.gen_range(-scale..scale)).collect()
    };
    let n = size * size;
    let weights = random(outputs * inputs * 9, 0.5);
    let bias = random(outputs, 0.5);
    let input = random(inputs * n, 1.0);
    let skip = random(outputs * n, 1.0);
    let mut want = skip.clone();
    direct(
        (inputs, outputs),
        &weights,
        &bias,
        &input,
        &mut want,
        size,
        residual,
    );
    let conv = Winograd::new(inputs, outputs, &weights, &bias);
    let mut buffers = Buffers::default();
    buffers.fit(inputs.max(outputs), size);
    let input = activation(&input, inputs, size);
    let mut got = activation(&skip, outputs, size);
    if baseline {
        conv.apply_with::<Portable>(&input, &mut got, size, residual, &mut buffers);
    } else {
        conv.apply(&input, &mut got, size, residual, &mut buffers);
    }
    let scale = want.iter().fold(0.0f32, |m, x| m.max(x.abs()));
    assert!(scale > 0.1, "a degenerate case");
    let s = stride(outputs);
    let mut on_board = vec![false; got.len()];
    for p in 0..n {
        on_board[point(size, p) * s..][..outputs].fill(true);
    }
    assert!(
        got.iter().zip(&on_board).all(|(&x, &on)| on || x == 0.0),
        "an activation stays zero off the board and in its padding"
    );
    for ch in 0..outputs {
        for p in 0..n {
            let (g, w) = (got[point(size, p) * s + ch], want[ch * n + p]);
            assert!(
                (g - w).abs() <= 1e-4 * scale,
                "{inputs}→{outputs} on {size}×{size}, residual {residual}, baseline {baseline}: \
                 channel {ch}, point {p}: {g} against {w} (scale {scale})"
            );
        }
    }
}

#[test]
fn winograd_equals_the_direct_convolution_on_every_board_size() {
    for size in 1..=25 {
        for residual in [false, true] {
            compare(32, 32, size, residual, false, size as u64);
        }
    }
}

#[test]
fn winograd_equals_the_direct_convolution_for_odd_channel_counts() {
    // The input convolution (19 planes), the test network's 8 channels, channels that fill
    // neither a lane nor a block of 16, and more channels than one block.
    let shapes = [(19, 32), (8, 8), (5, 13), (19, 3), (40, 24), (64, 48)];
    for (k, &(inputs, outputs)) in shapes.iter().enumerate() {
        for size in [9, 13, 19, 4, 7] {
            compare(inputs, outputs, size, k % 2 == 1, false, 100 + size as u64);
        }
    }
}

/// The baseline code (no AVX2), which this CPU may never run otherwise.
#[test]
fn the_baseline_code_equals_the_direct_convolution() {
    for (size, inputs, outputs) in [(19, 32, 32), (13, 19, 32), (9, 5, 13), (2, 8, 8)] {
        for residual in [false, true] {
            compare(inputs, outputs, size, residual, true, 200 + size as u64);
        }
    }
}
