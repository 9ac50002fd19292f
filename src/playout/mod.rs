//! The hot path: `run`, one random game to the end on a `mailbox::PlayoutBoard`, and the
//! policies that choose its moves.
//!
//! `run` (run.rs): one playout with a `Policy` and the area count at its end, as a
//! `PlayoutResult`. Policies (policy.rs): `Light` (uniformly random legal moves that do not
//! fill the mover's own true eye) and `Heavy` (MoGo's: the tactics of `tactics` around the last
//! move, 3×3 shapes, no bad self-atari), tuned by `Config`. replies.rs: last good replies
//! (LGRF-2), learnt from the search's playouts; pool.rs: the RAVE pool, the moves the tree
//! rates best, filled by the search before each playout. `PlayoutRng` (rng.rs): a fast seeded
//! generator for `run` (any `RngCore` works).
//!
//! Invariants: nothing here allocates, hashes into maps, uses `dyn` or reads the clock; every
//! random choice comes from the RNG passed in, so a seed reproduces a playout exactly.
//!
//! Depends on: tactics, mailbox, param, geom.

mod policy;
mod pool;
mod replies;
mod rng;
mod run;

pub use policy::{Config, Heavy, Light, Policy, PolicyKind};
pub use pool::{Pool, POOL_MAX};
pub use replies::Replies;
pub use rng::PlayoutRng;
pub use run::{move_cap, run, run_with, Lent, PlayoutResult};

#[cfg(test)]
pub(crate) mod tests;
