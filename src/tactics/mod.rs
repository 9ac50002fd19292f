//! What the playouts, the priors and the judge all read of a `PlayoutBoard` (Pachi keeps
//! `tactics/` apart from `playout/` the same way): liberties, self-atari, captures and
//! escapes (liberties.rs); two-liberty fights and the fight answers to the last move
//! (fights.rs); eye shapes and nakade (eyes.rs); ladders, read on board copies from a stack
//! reserved once (ladder.rs); common-fate-graph distances (fate.rs, the priors only); the 3×3
//! shape table (pattern3.rs); local reading of small fights, seki and bent four (reader.rs); and the features of a move for the learned model (features.rs).
//!
//! Invariants: nothing here allocates after `LadderReader::new`, hashes into maps, uses `dyn`
//! or reads the clock; what the heavy playouts call is on their hot path (said at each
//! function). Nothing here knows of policies, the tree or `Game`.
//!
//! Depends on: mailbox, geom.

mod eyes;
mod fate;
mod features;
mod fights;
pub(crate) mod ladder;
pub(crate) mod liberties;
pub(crate) mod pattern3;
mod reader;

pub use eyes::{eye_shape_by, EyeShape};
pub(crate) use eyes::{is_nakade_sacrifice, nakade_answer};
pub use fate::FateDistances;
pub use features::{distance, Feature, MoveFeatures, ALL_FEATURES, FEATURES_VERSION, N_FEATURES};
pub(crate) use fights::two_liberty_answers;
pub use fights::FightAnswers;
pub use ladder::LadderReader;
pub(crate) use liberties::{atari_liberty, escapes, is_bad_self_atari, PointSet};
pub use pattern3::{canonical_shape, transform_code};
pub use reader::{
    Fight, Reader, Reading, Scope, Settling, Status, CHAIN_CAP, MAX_REGION, REGION_CAP,
    ROOT_REGION_CAP,
};
