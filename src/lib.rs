//! tengen: a classical Monte Carlo Go engine speaking GTP.
//!
//! Modules lowest first: each may use only modules listed above it (the arrows of
//! ARCHITECTURE.md, checked by tests/it/tidy.rs). See ARCHITECTURE.md for the map and
//! invariants.

// Blank lines part the list into layers, which rustfmt keeps in order; each layer uses only
// the layers above it.
pub mod atomic_write;
pub mod geom;
pub mod param;
pub mod progress;
pub mod time;

pub mod sgf;
pub mod zobrist;

pub mod board;

pub mod game;
pub mod mailbox;

pub mod score;
pub mod tactics;

pub mod playout;

pub mod judge;
pub mod net;

pub mod search;

// The front ends: `tengen bench`, `book`, `learn`, `review`, the GTP engine, KataGo's JSON
// analysis protocol (`tengen analysis`), `tengen match`, and the command line that starts them.
pub mod bench;
pub mod book;
pub mod learn;
pub mod review;

pub mod gtp;
pub mod json_engine;
pub mod referee;

pub mod cli;
