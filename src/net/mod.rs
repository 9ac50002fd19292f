//! The policy network: what a strong player would play here, for the priors of new nodes.
//!
//! - `planes`: a position as the network's input planes (one encoder for training and play).
//! - `network`: the weights (`Network::from_bytes`) and the forward pass, allocation-free.
//! - `data`: `tengen net-data`, game records → training positions for `train/train.py`.
//!
//! Depends on: playout (the board and ladder reader), sgf, board, game, geom.

pub mod data;
pub mod network;
pub mod planes;

pub use network::{Network, NetworkError, Scratch};
