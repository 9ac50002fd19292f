//! The hot path: `PlayoutBoard`, a cheaply copied board, and `run`, one random game to the end.
//!
//! `PlayoutBoard` (board.rs): simple ko only; no hash; no history; no heap allocation; suicide
//! forbidden. `run` (run.rs): a light playout (uniformly random legal moves that do not fill
//! the mover's own true eye) and the area count at its end, as a `PlayoutResult`.
//! `PlayoutRng` (rng.rs): a fast seeded generator for `run` (any `RngCore` works).
//!
//! Invariants: nothing here allocates, hashes into maps, uses `dyn` or reads the clock; every
//! random choice comes from the RNG passed in, so a seed reproduces a playout exactly.
//!
//! Depends on: board (loading a `Position`), geom.

mod board;
mod rng;
mod run;

pub use board::PlayoutBoard;
pub use rng::PlayoutRng;
pub use run::{move_cap, run, PlayoutResult};

#[cfg(test)]
mod tests;
