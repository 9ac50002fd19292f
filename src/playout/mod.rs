//! The hot path: `PlayoutBoard`, a cheaply copied board, and `run`, one random game to the end.
//!
//! `PlayoutBoard` (board.rs): simple ko only; no hash; no history (but the last two moves); no
//! heap allocation; suicide forbidden. `run` (run.rs): one playout with a `Policy` and the area
//! count at its end, as a `PlayoutResult`. Policies (policy.rs): `Light` (uniformly random legal
//! moves that do not fill the mover's own true eye) and `Heavy` (MoGo's: tactics around the
//! last move, 3×3 shapes, no bad self-atari), tuned by `Config`. tactics.rs: liberties,
//! self-atari, captures and escapes; pattern3.rs: the 3×3 shape table; ladder.rs: a ladder
//! reader on board copies, for the tree's priors (it owns a reserved stack of boards);
//! replies.rs: last good replies (LGRF-2), learnt from the search's playouts; pool.rs: the
//! RAVE pool, the moves the tree rates best, filled by the search before each playout.
//! `PlayoutRng` (rng.rs): a fast seeded generator for `run` (any `RngCore` works).
//!
//! Invariants: nothing here allocates, hashes into maps, uses `dyn` or reads the clock; every
//! random choice comes from the RNG passed in, so a seed reproduces a playout exactly.
//!
//! Depends on: board (loading a `Position`), geom.

mod board;
mod fate;
mod features;
mod ladder;
mod pattern3;
mod policy;
mod pool;
mod replies;
mod rng;
mod run;
mod tactics;

pub use board::PlayoutBoard;
pub use fate::FateDistances;
pub use features::{distance, Group, MoveFeatures, ALL_GROUPS, FEATURES_VERSION, GROUPS};
pub use ladder::LadderReader;
pub use pattern3::{canonical_shape, transform_code};
pub use policy::{Config, Heavy, Light, Policy, PolicyKind};
pub use pool::{Pool, POOL_MAX};
pub use replies::Replies;
pub use rng::PlayoutRng;
pub use run::{move_cap, run, run_with, Lent, PlayoutResult};
pub use tactics::{eye_shape_by, EyeShape, FightAnswers};

#[cfg(test)]
mod tests;
