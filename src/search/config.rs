//! The search's settings: `Config` (one doc line per field, with its default and reason) and
//! its parameter table (`crate::param`), `Limits` (when one search stops), and the constants
//! the other files of `search` share.
//!
//! Depends on: param, judge, playout, search (komi, level, prior, model, tree), geom.

use super::komi::AdaptiveKomiConfig;
use super::level::Level;
use super::model::MoveModel;
use super::prior::PriorConfig;
use super::tree;
use crate::geom::MAX_POINTS;
use crate::judge;
use crate::net::{self, Network};
use crate::param::{count, field, within, Param, Tunable};
use crate::playout;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// Search settings; GTP options edit a copy between searches.
#[derive(Debug, Clone)]
pub struct Config {
    /// Resign when the best move's win rate is below this (None: never resign). Default 0.1:
    /// a tenth is lost often enough to be sure, and rarely enough not to resign won games.
    pub resign_threshold: Option<f32>,
    /// Seed of the random generator (reproducible searches). Default 1.
    pub seed: u64,
    /// Real visits a leaf needs before it is expanded. Default 2: expanding on the first visit
    /// doubles the tree for little gain.
    pub expand_threshold: u32,
    /// Weights of the priors given to every new child (`prior.rs`).
    pub prior: PriorConfig,
    /// RAVE equivalence on boards below 13×13: the number of real visits at which AMAF and
    /// real statistics weigh the same. Default 1000 (Pachi and Fuego use values of this
    /// order; 3000 was within the noise on 9×9, docs/strength.md, ablation).
    pub rave_equivalence: f32,
    /// … on boards of 13×13 and more. Default 3000: 22–18 against 1000 in self-play on
    /// 19×19 (docs/strength.md, ablation); Pachi uses 4000 there.
    pub rave_equivalence_large: f32,
    /// The share of a child's prior that also counts in its AMAF statistics (Pachi's
    /// `amaf_prior`): with RAVE's β near 1 for a child of few visits, its urgency is almost
    /// its AMAF value, so a prior that counts only beside the real visits steers little.
    /// Default 0: at 1 it went 107–93 in self-play on 9×9 at 2,000 playouts (+24 Elo, 95% CI
    /// −24 to +72; docs/strength.md, ablation), within the noise.
    pub amaf_prior: f32,
    /// Weighted RAVE updates (Fuego's `weight_rave_updates`): a playout's AMAF update of a
    /// node's child counts `1 + amaf_decay · (1 − 2d/L)` times, where d is how many moves
    /// after the child's own the point was first played and L the moves from there to the
    /// playout's end, so the moves near the node weigh more than those played at the end of
    /// a random game on a changed board. 0 is plain RAVE; 1 is Fuego's, from 2 down to 0.
    pub amaf_decay: f32,
    /// UCT exploration constant. Default 0: with RAVE and a prior, exploration comes from AMAF
    /// (Fuego's and Pachi's default), and the descent skips the square root per child.
    pub exploration: f32,
    /// Arena size in nodes (`tree::NODE_BYTES` = 48 bytes each; `nodes_for_memory` turns
    /// `--max-memory` into it). Default `DEFAULT_MAX_MEMORY_MIB` (1024 MiB, 22M nodes): the
    /// arena's pages are mapped only as nodes are written, so a short search costs little.
    pub max_nodes: usize,
    /// Threads searching the tree (1 to `tree::MAX_THREADS`). Default 1 here, so that a seeded
    /// search reproduces; the command line's default is every core (`--threads`).
    pub threads: usize,
    /// Reuse the subtree of the moves played since the last search. Default on.
    pub reuse_tree: bool,
    /// Node recycling: when the arena is full, the search pauses, prunes the tree to at
    /// most this fraction of its capacity (`Tree::prune`: the least visited nodes lose their
    /// children) and goes on growing it. Default 0.5; 0 never prunes (the search then goes on
    /// without expanding). Long analyses and pondering fill even the default 1 GiB (about
    /// 40 s of two threads on 19×19).
    pub recycle_fraction: f32,
    /// Weight of the final margin (as a fraction of the board's area) added to a playout's
    /// win/loss outcome, to rank moves when every move wins or every move loses (a lost
    /// engine that may not resign otherwise throws its stones away: a 19×19 `--no-resign`
    /// game against GNU Go ended W+368.5). Default 0: 0.02 lost 9–21 in self-play on 9×9 at
    /// 2,000 playouts (−147 Elo, 95% CI −280 to −15), so it stays off until tuned (#3 notes).
    pub score_weight: f32,
    /// Weight of the margin utility while a `genmove` search finds the game decided
    /// (`margin.rs`: the seki vital point when every move wins). Default 0.2: with the
    /// reading prior it won 192 of 200 against GNU Go level 10 on 9×9 at 10,000 playouts
    /// (96.0%, 92.3–98.0; 96.5% without either); 0.1 and 0.3 answered fewer of the reading
    /// cases (docs/reading.md). Boards below `geom::LARGE_BOARD`.
    pub decided_margin_weight: f32,
    /// The same on large boards. Default 0.2, with `prior_reading_large` (see there).
    pub decided_margin_weight_large: f32,
    /// Dynamic komi of handicap games: points per handicap stone at the start (Pachi uses 7,
    /// its value of a handicap stone on 19×19). Default 0 (off): at 7 it went 50–50 in 100
    /// self-play games on 13×13 with 3 stones (docs/strength.md, ablation); `--param
    /// dynkomi_per_stone=7` turns it on.
    pub dynkomi_per_stone: f32,
    /// … falling to 0 after this many moves on 19×19 (scaled by area). Default 200.
    pub dynkomi_moves: f32,
    /// Adaptive komi on large boards (`komi.rs`): `genmove` plays for a margin, not only
    /// for the win.
    pub adaptive_komi: AdaptiveKomiConfig,
    /// The playouts' policy. Default `Heavy` (MoGo's tactics and 3×3 shapes, issue 7);
    /// `Light` is uniformly random, faster and weaker.
    pub playout_policy: playout::PolicyKind,
    /// The heavy policy's probabilities and switches (see `playout::Config`).
    pub playout: playout::Config,
    /// The learned move model of the `learned` prior on boards below 13×13, and from 13×13
    /// (`model_large`). Default: the built-in ones (`MoveModel::builtin` and `builtin_large`);
    /// `--model FILE` sets both.
    pub model: &'static MoveModel,
    pub model_large: &'static MoveModel,
    /// The policy network of the `network` prior (`PriorConfig::network`). Default: the
    /// built-in one (`net::builtin`); `--network FILE` sets another.
    pub network: &'static Network,
    /// How the end of the game is judged (dead stones, seki): the pass decision and
    /// `genmove_cleanup` use the same `judge::judge` as GTP's `final_score`.
    pub judge: judge::Config,
    /// The strength level of `genmove` (`level.rs`: fewer playouts and a choice among good
    /// moves below the top). Default: the top, full strength.
    pub level: Level,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            resign_threshold: Some(0.1),
            seed: 1,
            expand_threshold: 2,
            prior: PriorConfig::default(),
            rave_equivalence: 1000.0,
            rave_equivalence_large: 3000.0,
            exploration: 0.0,
            amaf_prior: 0.0,
            amaf_decay: 0.0,
            max_nodes: nodes_for_memory(DEFAULT_MAX_MEMORY_MIB),
            threads: 1,
            reuse_tree: true,
            recycle_fraction: 0.5,
            score_weight: 0.0,
            decided_margin_weight: 0.2,
            decided_margin_weight_large: 0.2,
            dynkomi_per_stone: 0.0,
            dynkomi_moves: 200.0,
            adaptive_komi: AdaptiveKomiConfig::default(),
            playout_policy: playout::PolicyKind::Heavy,
            playout: playout::Config::default(),
            judge: judge::Config::default(),
            model: MoveModel::builtin(),
            model_large: MoveModel::builtin_large(),
            network: net::builtin(),
            level: Level::top(),
        }
    }
}

impl Tunable for Config {
    const PARAMS: &'static [Param<Config>] = &[
        count!("expand_threshold", expand_threshold, |v| v.round()),
        within!("rave_equivalence", rave_equivalence, 1e-3, f32::INFINITY),
        within!(
            "rave_equivalence_large",
            rave_equivalence_large,
            1e-3,
            f32::INFINITY
        ),
        field!("exploration", exploration),
        field!("amaf_prior", amaf_prior),
        Param {
            name: "amaf_decay",
            get: |c| c.amaf_decay,
            set: |c, v| {
                if v > 1.0 {
                    return Err(format!("amaf_decay: {v} is above 1"));
                }
                c.amaf_decay = v;
                Ok(())
            },
        },
        field!("score_weight", score_weight),
        within!("decided_margin_weight", decided_margin_weight, 0.0, 1.0),
        within!(
            "decided_margin_weight_large",
            decided_margin_weight_large,
            0.0,
            1.0
        ),
        field!("dynkomi_per_stone", dynkomi_per_stone),
        field!("dynkomi_moves", dynkomi_moves),
        Param {
            name: "recycle_fraction",
            get: |c| c.recycle_fraction,
            set: |c, v| {
                if v > 0.9 {
                    return Err(format!("recycle_fraction: {v} is above 0.9"));
                }
                c.recycle_fraction = v;
                Ok(())
            },
        },
    ];
}

impl Config {
    /// Every tunable number by name, with its value: what `--param` and GTP `tengen-param`
    /// accept (the search's own, then the adaptive komi's, the priors' and the playouts').
    pub fn params(&self) -> Vec<(&'static str, f32)> {
        let mut params = self.param_values();
        params.extend(self.adaptive_komi.param_values());
        params.extend(self.prior.param_values());
        params.extend(self.playout.param_values());
        params
    }

    /// Sets the number called `name` (see `params`); an error says why not.
    pub fn set_param(&mut self, name: &str, value: f32) -> Result<(), String> {
        if !value.is_finite() {
            return Err(format!("{name}: {value} is not a finite number"));
        }
        if value < 0.0 {
            return Err(format!("{name}: {value} is negative"));
        }
        self.set_param_named(name, value)
            .or_else(|| self.adaptive_komi.set_param_named(name, value))
            .or_else(|| self.prior.set_param_named(name, value))
            .or_else(|| self.playout.set_param_named(name, value))
            .unwrap_or_else(|| Err(format!("unknown parameter {name}")))
    }
}

/// When to stop a search: whichever limit comes first. With no limit at all the search runs
/// `DEFAULT_PLAYOUTS` playouts.
#[derive(Debug, Clone, Default)]
pub struct Limits {
    pub playouts: Option<u64>,
    pub time: Option<Duration>,
    /// Set by another thread to stop the search (`quit`, interrupt), after `STOP_FLOOR`
    /// playouts unless `stop_at_once`.
    pub stop: Option<Arc<AtomicBool>>,
    /// The stop flag ends the search at once, with no floor (pondering: the reply to the
    /// next command must not wait).
    pub stop_at_once: bool,
    /// The longest the search may think, from its start, when at `time` its two most visited
    /// moves are still close (`undecided`); at least `time`, or ignored. None: stop at
    /// `time`. The clock's `Clock::stretch` gives it.
    pub stretch: Option<Duration>,
}

/// The tree's default memory budget (`--max-memory`), in MiB.
pub const DEFAULT_MAX_MEMORY_MIB: usize = 1024;

/// Playouts of a search given no limit.
pub const DEFAULT_PLAYOUTS: u64 = 10_000;

/// How often (in iterations) the search loop reads the clock and checks for an early stop.
pub(super) const CLOCK_EVERY: u64 = 32;
/// Playouts a stopped search still runs, so that the move it answers is not a blind one: a
/// script that pipes `genmove` and `quit` together still gets a real move (a few ms on 19×19).
pub(super) const STOP_FLOOR: u64 = 256;
/// Longest path through the tree that a descent records.
pub(super) const MAX_DEPTH: usize = 2 * MAX_POINTS;

/// Arena nodes that fit in `mib` MiB (`--max-memory`).
pub fn nodes_for_memory(mib: usize) -> usize {
    mib.saturating_mul(1 << 20) / tree::NODE_BYTES
}
