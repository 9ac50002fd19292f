//! tengen: a classical Monte Carlo Go engine speaking GTP.
//!
//! Modules in reading order, lowest first. See ARCHITECTURE.md for the map and invariants.

pub mod bench;
pub mod board;
pub mod book;
pub mod cli;
pub mod game;
pub mod geom;
pub mod gtp;
pub mod judge;
pub mod learn;
pub mod mailbox;
pub mod net;
pub mod param;
pub mod playout;
pub mod referee;
pub mod score;
pub mod search;
pub mod sgf;
pub mod tactics;
pub mod time;
pub mod zobrist;
