//! The policy network: what a strong player would play here, for the priors of new nodes.
//!
//! - `planes`: a position as the network's input planes (one encoder for training and play).
//! - `network`: the weights (`Network::from_bytes`) and the forward pass, allocation-free.
//! - `cache`: policies already computed, by position key, per search worker.
//! - `winograd`: the 3×3 convolutions (Winograd F(4×4, 3×3)) of the forward pass; `lanes`: the
//!   eight `f32` lanes they compute on (AVX2 + FMA when the CPU has them, plain arrays else).
//! - `data`: `tengen net-data`, game records → training positions for `train/train.py`.
//!
//! - `policy`: a position's move probabilities; `builtin`: the network built into the binary.
//!
//! Depends on: mailbox (the board), tactics (the ladder reader), zobrist, sgf, board, game, geom.

pub mod cache;
pub mod data;
mod lanes;
pub mod network;
pub mod planes;
mod winograd;

pub use network::{Network, NetworkError, Scratch};

use crate::mailbox::PlayoutBoard;
use crate::tactics::LadderReader;
use std::sync::OnceLock;

/// The built-in network's file (`train/train.py` made it; `docs/network.md` is its card).
const BUILTIN: &[u8] = include_bytes!("policy.bin");

/// The built-in network, read once per process.
pub fn builtin() -> &'static Network {
    static NETWORK: OnceLock<Network> = OnceLock::new();
    NETWORK.get_or_init(|| Network::from_bytes(BUILTIN).expect("the built-in network loads"))
}

/// The network's move probabilities for `board` (its side to move and last two moves):
/// `size² + 1` values (pass last) in `scratch.logits`, summing to 1 over the points where
/// the side to move may play and pass (0 elsewhere). Allocates nothing once `scratch` fits.
pub fn policy(
    network: &Network,
    board: &PlayoutBoard,
    ladders: &mut LadderReader,
    scratch: &mut Scratch,
) {
    let size = board.size();
    let n = size * size;
    scratch.fit(network.shape().1, size);
    planes::encode(board, &mut scratch.chains, ladders, &mut scratch.planes);
    network.forward(scratch, size);
    // Illegal points and stones get no probability: plane 2 is the board, 0 and 1 the stones,
    // 13 the empty points where the side to move may not play.
    let (planes, logits) = (&scratch.planes, &mut scratch.logits[..n + 1]);
    let playable = |i: usize| planes[i] == 0.0 && planes[n + i] == 0.0 && planes[13 * n + i] == 0.0;
    let max = (0..=n)
        .filter(|&i| i == n || playable(i))
        .map(|i| logits[i])
        .fold(f32::NEG_INFINITY, f32::max);
    let mut sum = 0.0;
    for (i, l) in logits.iter_mut().enumerate() {
        *l = if i == n || playable(i) {
            (*l - max).exp()
        } else {
            0.0
        };
        sum += *l;
    }
    logits.iter_mut().for_each(|l| *l /= sum);
}
