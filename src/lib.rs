//! tengen: a classical Monte Carlo Go engine speaking GTP.
//!
//! Modules in reading order, lowest first. See ARCHITECTURE.md for the map and invariants.

pub mod geom;
pub mod zobrist;
pub mod board;
pub mod game;
pub mod score;
pub mod playout;
pub mod search;
pub mod time;
pub mod sgf;
pub mod gtp;
pub mod referee;
pub mod bench;
