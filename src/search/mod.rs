//! Monte Carlo tree search: UCT with RAVE over the playouts of `playout` (heavy by default).
//!
//! One search = many iterations of: descend the tree from the root by urgency (RAVE-mixed win
//! rate), expand a leaf that has been visited often enough, finish the game with a playout,
//! then update the win statistics along the path and the AMAF statistics of every sibling whose
//! move the same colour played later in the game.
//!
//! Threads: `Search` holds what the threads share (config, kept tree) and one `Worker` per
//! thread (generator, board, playout result and path buffers, priors' buffers and ladder
//! reader, ownership sums). `run` starts `Config::threads - 1` scoped threads beside the
//! caller's; they share the tree through its atomics (`tree.rs`: virtual loss, expansion by
//! compare-and-swap) and the `Shared` counters, and any thread that sees a limit stops them all.
//! One thread is exactly the single-threaded search: same seed, same moves.
//!
//! Invariants:
//! - The descent and the update never allocate (buffers are reserved once), never hash into
//!   maps, use no `dyn`; the clock is read once every `CLOCK_EVERY` iterations, not per move.
//! - The tree knows only simple ko (it runs on `PlayoutBoard`); superko is filtered at the root
//!   against `Game`, and `genmove` checks the move it returns against the game's full rules.
//! - Every random choice comes from the search's own seeded generator.
//!
//! Depends on: judge, playout, score, game, board, geom.

pub mod komi;
pub mod model;
pub mod prior;
pub mod report;
pub mod tree;

use crate::board::Bitboard;
use crate::game::{Game, Scoring};
use crate::geom::{by_board_size, Color, Move, Point, MAX_POINTS};
use crate::judge;
use crate::mailbox::PlayoutBoard;
use crate::param::{field, Param, Tunable};
use crate::playout::{self, PlayoutResult, PlayoutRng, Pool, Replies, POOL_MAX};
use crate::tactics::{FateDistances, FightAnswers, LadderReader, MoveFeatures};
use komi::{AdaptiveKomi, AdaptiveKomiConfig, KomiControl};
use model::MoveModel;
use prior::PriorConfig;
pub use report::{MoveInfo, Report, Reporter};
use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tree::{AmafStats, NodeId, Prior, Stats, Tree, MAX_THREADS};

/// What the search chose.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    Play(Move),
    Resign,
}

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
    /// order; 3000 was within the noise on 9×9, README ablation).
    pub rave_equivalence: f32,
    /// … on boards of 13×13 and more. Default 3000: 22–18 against 1000 in self-play on
    /// 19×19 (README ablation); Pachi uses 4000 there.
    pub rave_equivalence_large: f32,
    /// The share of a child's prior that also counts in its AMAF statistics (Pachi's
    /// `amaf_prior`): with RAVE's β near 1 for a child of few visits, its urgency is almost
    /// its AMAF value, so a prior that counts only beside the real visits steers little.
    /// Default 0: at 1 it went 107–93 in self-play on 9×9 at 2,000 playouts (+24 Elo, 95% CI
    /// −24 to +72; README ablation), within the noise.
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
    /// engine that may not resign otherwise throws its groups away: a 19×19 `--no-resign`
    /// game against GNU Go ended W+368.5). Default 0: 0.02 lost 9–21 in self-play on 9×9 at
    /// 2,000 playouts (−147 Elo, 95% CI −280 to −15), so it stays off until tuned (#3 notes).
    pub score_weight: f32,
    /// Dynamic komi of handicap games: points per handicap stone at the start (Pachi uses 7,
    /// its value of a handicap stone on 19×19). Default 0 (off): at 7 it went 50–50 in 100
    /// self-play games on 13×13 with 3 stones (README ablation); `--param
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
    /// How the end of the game is judged (dead stones, seki): the pass decision and
    /// `genmove_cleanup` use the same `judge::judge` as GTP's `final_score`.
    pub judge: judge::Config,
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
            dynkomi_per_stone: 0.0,
            dynkomi_moves: 200.0,
            adaptive_komi: AdaptiveKomiConfig::default(),
            playout_policy: playout::PolicyKind::Heavy,
            playout: playout::Config::default(),
            judge: judge::Config::default(),
            model: MoveModel::builtin(),
            model_large: MoveModel::builtin_large(),
        }
    }
}

impl Tunable for Config {
    const PARAMS: &'static [Param<Config>] = &[
        Param {
            name: "expand_threshold",
            get: |c| c.expand_threshold as f32,
            set: |c, v| {
                c.expand_threshold = v.round() as u32;
                Ok(())
            },
        },
        Param {
            name: "rave_equivalence",
            get: |c| c.rave_equivalence,
            set: |c, v| {
                c.rave_equivalence = v.max(1e-3);
                Ok(())
            },
        },
        Param {
            name: "rave_equivalence_large",
            get: |c| c.rave_equivalence_large,
            set: |c, v| {
                c.rave_equivalence_large = v.max(1e-3);
                Ok(())
            },
        },
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

/// Per point in [-1, 1], from Black's side, indexed by `Point::index`.
pub type Ownership = Vec<f32>;

/// How often (in iterations) the search loop reads the clock and checks for an early stop.
const CLOCK_EVERY: u64 = 32;
/// Playouts a stopped search still runs, so that the move it answers is not a blind one: a
/// script that pipes `genmove` and `quit` together still gets a real move (a few ms on 19×19).
const STOP_FLOOR: u64 = 256;
/// Longest path through the tree that a descent records.
const MAX_DEPTH: usize = 2 * MAX_POINTS;

/// What the last search looked like, for logging and for the GTP front end.
#[derive(Debug, Clone, Default)]
pub struct Summary {
    pub playouts: u64,
    pub elapsed: Duration,
    /// Win rate of the chosen move for the side that moves.
    pub win_rate: f32,
    /// Mean final margin of the playouts through the chosen move, in points, for the side that
    /// moves (komi and handicap compensation taken off, as the playouts count them): what
    /// KataGo calls `scoreLead`.
    pub score_lead: f32,
    /// The principal variation, most visited first.
    pub pv: Vec<Move>,
    /// Threads that searched.
    pub threads: usize,
    /// Nodes in the tree at the end.
    pub nodes: usize,
    /// The arena was full: some leaves were not expanded.
    pub tree_full: bool,
    /// Times the full tree was pruned to go on growing (`Config::recycle_fraction`).
    pub recycled: u32,
    /// Points of komi the side to move gave its opponent (negative: took) when the search
    /// ended: the adaptive komi (`komi.rs`); 0 when it is off. `win_rate` is measured with it.
    pub komi_given: i32,
}

/// Identifies the game state a kept tree was built for. The board size is part of it: the
/// hash of an empty board is 0 on every size, so moves and hash alone cannot tell an empty
/// 19×19 from an empty 9×9 (issue #6: a 19×19 tree reused on 9×9 played its off-board
/// points into the playout board and corrupted its chain lists, and the descent never ended).
struct TreeKey {
    size: usize,
    moves: Vec<(Color, Move)>,
    root_hash: u64,
    color: Color,
    komi: f32,
}

/// The search: its settings, the tree kept between moves, and one `Worker` per thread.
pub struct Search {
    config: Config,
    /// The tree of the last search, kept for reuse, with the state it belongs to.
    kept: Option<(Tree, TreeKey)>,
    /// `config.threads` workers (at least one). Worker 0 runs on the caller's thread, expands
    /// the root and samples `ownership`; its generator is seeded with `config.seed`, so that
    /// one thread searches exactly as the single-threaded search did.
    workers: Vec<Worker>,
    /// Sum of the workers' `owner_sum` after a search.
    owner_sum: Box<[i32; MAX_POINTS]>,
    summary: Summary,
    /// Armed by `inject_worker_panic`, taken by the next search.
    fault: Option<WorkerFault>,
    /// The adaptive komi of the last `genmove` for each colour (by `Color::index`; one engine
    /// may play both sides), while the game is in its middle.
    adaptive_komi: [Option<AdaptiveKomi>; 2],
}

/// What one thread owns: its generator and every buffer an iteration needs (no allocation
/// in the loop, no sharing but the tree).
struct Worker {
    rng: PlayoutRng,
    result: Box<PlayoutResult>,
    first_play: Box<[u8; MAX_POINTS]>,
    /// Per point with a `first_play`: the ply of that play, counted from the root's move
    /// (0); what weighted RAVE updates weigh by (`Config::amaf_decay`).
    first_ply: Box<[u16; MAX_POINTS]>,
    path: Vec<NodeId>,
    moves_buf: Vec<(Move, Prior)>,
    /// Reads ladders for the priors and the heavy playouts' escapes (its own board stack,
    /// reserved once; a `RefCell` because the playout policy holds it by shared reference).
    ladders: Box<RefCell<LadderReader>>,
    /// Common-fate-graph distances from the last move, for the prior (`prior::prior_of`).
    fate: Box<FateDistances>,
    /// The features of each candidate of an expansion, by point index, for the priors.
    features: Box<[MoveFeatures; MAX_POINTS]>,
    /// Sum of `result.owner` over this worker's playouts of the current search.
    owner_sum: Box<[i32; MAX_POINTS]>,
    /// The last good replies this worker's playouts learnt (`playout::Config::p_reply`),
    /// kept from search to search.
    replies: Box<Replies>,
    /// The moves of the current iteration, descent then playout, as mailbox points (0 a
    /// pass), after the two moves before the root: what `replies` learns from.
    sequence: Vec<u16>,
    /// The RAVE pool of the current iteration's playout (`fill_pool`).
    pool: Box<Pool>,
    /// Fault injection (`Search::inject_worker_panic`): panic once this many iterations of
    /// the current search are done (checked where the clock is read). `None` in every normal
    /// search.
    panic_after: Option<u64>,
}

/// A deliberate panic in a search thread, for the fault-injection tests (GTP `tengen-fault`,
/// only with `TENGEN_FAULT_INJECTION=1`): worker `worker` (0 = the caller's thread) panics
/// after `after` of its iterations of the next search, rounded up to `CLOCK_EVERY`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WorkerFault {
    pub worker: usize,
    pub after: u64,
}

/// Raises `halt` if its thread unwinds: a worker that panics stops the others at their next
/// iteration, so the search ends (and the panic reaches the caller) at once, not at the
/// deadline or, for an analysis, at the next input line.
struct HaltOnPanic<'a>(&'a AtomicBool);

impl Drop for HaltOnPanic<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.store(true, Ordering::SeqCst);
        }
    }
}

/// The state of one search: the tree, the root and what the root may play. Read-only while
/// the threads search.
struct Root {
    board: PlayoutBoard,
    color: Color,
    /// Komi plus handicap compensation, as the playouts count it, and the adaptive komi.
    komi: KomiControl,
    /// Consecutive passes that ended the game record before the root.
    passes: u32,
    /// Per root child (in order): legal under the game's full rules.
    legal: Vec<bool>,
}

/// What the threads of one search share: the tree and root (read-only but for the tree's
/// atomics), the limits, and the counters that stop them all.
struct Shared<'a> {
    config: &'a Config,
    /// `Config::rave_equivalence` or `rave_equivalence_large`, by the root's board size.
    rave_equivalence: f32,
    tree: &'a Tree,
    root: &'a Root,
    stop: Option<&'a AtomicBool>,
    /// Playouts to run before the stop flag counts (`STOP_FLOOR`, or 0 for pondering).
    floor: u64,
    max_playouts: u64,
    /// When the search began, for its rate of playouts.
    start: Instant,
    deadline: Option<Instant>,
    /// Past the deadline, an undecided search goes on until this (`Limits::stretch`).
    stretch_deadline: Option<Instant>,
    /// Stop when the best move can no longer be overtaken in the playouts left: those of the
    /// cap, and those the time left allows at the rate so far (`playouts_in`). On for
    /// `genmove`'s searches; off for pondering and analysis, which search until stopped.
    early_stop: bool,
    /// Iterations begun (claimed against `max_playouts`).
    started: AtomicU64,
    /// Iterations finished.
    done: AtomicU64,
    /// Raised by the first thread to see a limit: every thread stops.
    halt: AtomicBool,
    /// Halt when the tree is full, for `Search::run` to prune it (node recycling).
    recycle: bool,
    /// Raised with `halt` by the thread that found the tree full while `recycle` is set.
    wants_room: AtomicBool,
}

/// The seed of worker `index`: the search's own for worker 0, else a splitmix64 mix of both
/// (wyrand's streams from nearby seeds overlap, so the index is not simply added).
fn worker_seed(seed: u64, index: usize) -> u64 {
    fn splitmix(x: u64) -> u64 {
        let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    if index == 0 {
        seed
    } else {
        splitmix(seed ^ splitmix(index as u64))
    }
}

/// Arena nodes that fit in `mib` MiB (`--max-memory`).
pub fn nodes_for_memory(mib: usize) -> usize {
    mib.saturating_mul(1 << 20) / tree::NODE_BYTES
}

impl Search {
    pub fn new(config: Config) -> Search {
        let mut search = Search {
            config,
            kept: None,
            workers: Vec::new(),
            owner_sum: Box::new([0; MAX_POINTS]),
            summary: Summary::default(),
            fault: None,
            adaptive_komi: [None; 2],
        };
        search.fit_workers();
        search
    }

    /// As many workers as `config.threads` (1 to `MAX_THREADS`), new ones seeded by index.
    fn fit_workers(&mut self) {
        let n = self.config.threads.clamp(1, MAX_THREADS);
        self.workers.truncate(n);
        while self.workers.len() < n {
            let index = self.workers.len();
            self.workers
                .push(Worker::new(worker_seed(self.config.seed, index)));
        }
    }

    pub fn config(&self) -> &Config {
        &self.config
    }

    pub fn set_config(&mut self, config: Config) {
        if config.seed != self.config.seed {
            for (i, w) in self.workers.iter_mut().enumerate() {
                w.rng = PlayoutRng::new(worker_seed(config.seed, i));
            }
        }
        self.config = config;
        self.fit_workers();
        self.kept = None;
    }

    /// Fault injection: the next search's worker `fault.worker` panics after `fault.after`
    /// iterations (see `WorkerFault`). The panic ends every worker of that search and
    /// unwinds out of it; the `Search` should then be dropped (its tree is gone).
    /// Returns false (and arms nothing) when there is no such worker.
    pub fn inject_worker_panic(&mut self, fault: WorkerFault) -> bool {
        let exists = fault.worker < self.workers.len();
        if exists {
            self.fault = Some(fault);
        }
        exists
    }

    /// Forgets the kept tree, the playouts' last good replies and the adaptive komi (e.g.
    /// after `clear_board`).
    pub fn clear(&mut self) {
        self.kept = None;
        self.adaptive_komi = [None; 2];
        for w in &mut self.workers {
            w.replies.clear();
        }
    }

    /// What the last search did.
    pub fn summary(&self) -> &Summary {
        &self.summary
    }

    /// Chooses a move for `color` in `game`. The move returned is legal under the game's full
    /// rules (superko included). Passes only when no other move is legal or when passing does
    /// not lose (by the count with the dead stones this search estimates).
    pub fn genmove(&mut self, game: &Game, color: Color, limits: &Limits) -> Decision {
        self.genmove_reporting(game, color, limits, None)
    }

    /// `genmove` that also reports the search as it goes (`*-genmove_analyze`).
    pub fn genmove_reporting(
        &mut self,
        game: &Game,
        color: Color,
        limits: &Limits,
        reporter: Option<&mut Reporter>,
    ) -> Decision {
        let (mut tree, mut root) = self.prepare(game, color);
        let adapting = self.config.adaptive_komi.applies(
            game.size(),
            game.moves().len(),
            root.board.n_empty(),
        );
        root.komi = KomiControl::new(
            self.config.adaptive_komi,
            root.komi.komi(),
            color,
            self.adaptive_komi[color.index()],
            adapting,
        );
        let (judged, limits) = self.judge_within(game, &root, limits);
        self.run(&mut tree, &root, &limits, reporter);
        self.adaptive_komi[color.index()] = adapting.then(|| root.komi.state());
        let decision = self.decide(&tree, &root, game, judged);
        self.keep(tree, game, color);
        decision
    }

    /// When a pass is in question (the opponent passed, or a third of the board or less is
    /// empty) and the search has a time limit, judges the position first and takes the
    /// judgment's time off the limit: the pass decision then costs no time after the
    /// deadline (2,000 judging playouts are ~0.1–0.3 s on 19×19, which a short byo-yomi period
    /// cannot spare). Otherwise `decide` judges only if it needs to.
    fn judge_within(
        &self,
        game: &Game,
        root: &Root,
        limits: &Limits,
    ) -> (Option<judge::Judgment>, Limits) {
        let size = root.board.size();
        let late = root.passes >= 1 || root.board.n_empty() * 3 <= size * size;
        match limits.time {
            Some(time) if late => {
                let start = Instant::now();
                let judgment = judge::judge(game, &self.config.judge);
                let limits = Limits {
                    time: Some(time.saturating_sub(start.elapsed())),
                    ..limits.clone()
                };
                (Some(judgment), limits)
            }
            _ => (None, limits.clone()),
        }
    }

    /// Searches the position of `game` for `color` (the opponent, after our move) until the
    /// stop flag is raised or `limit` has passed, keeping the tree for the next `genmove`:
    /// pondering. The stop flag ends it at once (no `STOP_FLOOR`). Chooses nothing.
    pub fn ponder(&mut self, game: &Game, color: Color, stop: Arc<AtomicBool>, limit: Duration) {
        if stop.load(Ordering::SeqCst) {
            // Input is already waiting: leave the kept tree as it is.
            return;
        }
        let (mut tree, root) = self.prepare_until(game, color, Some(&stop));
        let limits = Limits {
            playouts: None,
            time: Some(limit),
            stop: Some(stop),
            stop_at_once: true,
            stretch: None,
        };
        self.run(&mut tree, &root, &limits, None);
        self.keep(tree, game, color);
    }

    /// Like `genmove`, but never passes while stones of the opponent that `judge::judge` finds
    /// dead remain on the board (`kgs-genmove_cleanup`): it then plays on a liberty of a dead
    /// chain (one that does not put itself in atari when there is one), or the best other
    /// move. With nothing left to capture it never plays inside its own territory: it passes.
    pub fn genmove_cleanup(&mut self, game: &Game, color: Color, limits: &Limits) -> Decision {
        let (mut tree, root) = self.prepare(game, color);
        self.run(&mut tree, &root, limits, None);
        let decision = self.decide(&tree, &root, game, None);
        let judgment = judge::judge(game, &self.config.judge);
        let dead = judgment.dead & game.position().stones(color.opponent());
        let decision = if dead.is_empty() {
            match decision {
                Decision::Play(Move::Play(p)) if judge::owns(game, &judgment, p) == Some(color) => {
                    Decision::Play(Move::Pass)
                }
                other => other,
            }
        } else {
            match decision {
                Decision::Play(Move::Play(p))
                    if !dead.contains(p) && !is_liberty_of(game, dead, p) =>
                {
                    capture_move(game, color, dead)
                        .map(Decision::Play)
                        .unwrap_or(decision)
                }
                Decision::Play(Move::Pass) | Decision::Resign => capture_move(game, color, dead)
                    .or_else(|| {
                        self.ranked_root_moves(&tree, &root)
                            .into_iter()
                            .find(|&mv| mv != Move::Pass)
                    })
                    .map_or(decision, Decision::Play),
                other => other,
            }
        };
        self.keep(tree, game, color);
        decision
    }

    /// Stones judged dead in the current position by `judge::judge` with `n_playouts`.
    pub fn dead_stones(&mut self, game: &Game, n_playouts: usize) -> Bitboard {
        let config = judge::Config {
            playouts: n_playouts,
            ..self.config.judge.clone()
        };
        judge::judge(game, &config).dead
    }

    /// Ownership estimate of the current position from `n_playouts` playouts.
    pub fn ownership(&mut self, game: &Game, n_playouts: usize) -> Ownership {
        let n = self.sample_ownership(game, n_playouts);
        self.owner_sum
            .iter()
            .map(|&s| s as f32 / n.max(1) as f32)
            .collect()
    }

    /// Runs plain playouts from the game's position into `owner_sum` (on worker 0); returns
    /// their number.
    fn sample_ownership(&mut self, game: &Game, n_playouts: usize) -> u64 {
        let board = PlayoutBoard::from_position(game.position());
        let mut work = Box::new(board.clone());
        self.owner_sum.fill(0);
        let w = &mut self.workers[0];
        for _ in 0..n_playouts {
            work.copy_from(&board);
            playout::run_with(
                self.config.playout_policy,
                &self.config.playout,
                playout::Lent::default(),
                &mut work,
                &mut w.rng,
                &mut w.result,
            );
            for (sum, &o) in self.owner_sum.iter_mut().zip(w.result.owner.iter()) {
                *sum += o as i32;
            }
        }
        self.summary.playouts = n_playouts as u64;
        n_playouts as u64
    }

    /// Builds the root: the kept subtree when the game continued from the last search, else a
    /// new tree. The root is expanded, and each child checked against the full rules.
    fn prepare(&mut self, game: &Game, color: Color) -> (Tree, Root) {
        self.prepare_until(game, color, None)
    }

    /// `prepare`, with the kept tree's reroot cut short when `stop` is raised (pondering:
    /// the next command must not wait for it).
    fn prepare_until(
        &mut self,
        game: &Game,
        color: Color,
        stop: Option<&AtomicBool>,
    ) -> (Tree, Root) {
        let mut board = PlayoutBoard::from_position(game.position());
        board.set_to_move(color);
        board.set_last_moves(last_two_moves(game));
        let komi = playout_komi(&self.config, game);
        let passes = game
            .moves()
            .iter()
            .rev()
            .take(2)
            .take_while(|(_, mv)| *mv == Move::Pass)
            .count() as u32;
        // Room for the root's children whatever `max_nodes` says.
        let capacity = self.config.max_nodes.max(MAX_POINTS + 2);
        let tree = self
            .reused_tree_until(game, color, komi, stop)
            .filter(|tree| root_fits_board(tree, &board))
            .unwrap_or_else(|| Tree::new(capacity));
        let [last, _] = board.last_moves();
        if !tree.node(Tree::ROOT).is_expanded() {
            let w = &mut self.workers[0];
            w.children_of(&self.config, &board, last);
            let expanded = tree.expand(Tree::ROOT, &w.moves_buf);
            debug_assert!(expanded, "a tree of {} nodes", tree.len());
        }
        let legal = tree
            .children_slice(Tree::ROOT)
            .iter()
            .map(|c| game.check(color, c.mv()).is_ok())
            .collect();
        let root = Root {
            board,
            color,
            komi: KomiControl::new(self.config.adaptive_komi, komi, color, None, false),
            passes,
            legal,
        };
        (tree, root)
    }

    /// The kept tree's subtree for the current game, if the game went on from the kept root
    /// by moves the tree has (alternating colours) and the rest of the state is the same.
    #[cfg(test)]
    fn reused_tree(&mut self, game: &Game, color: Color, komi: f32) -> Option<Tree> {
        self.reused_tree_until(game, color, komi, None)
    }

    /// `reused_tree`, rerooted in place (`Tree::reroot`, cut short when `stop` is raised). The
    /// same position (pondering resumed after a command) reuses the tree as it is.
    fn reused_tree_until(
        &mut self,
        game: &Game,
        color: Color,
        komi: f32,
        stop: Option<&AtomicBool>,
    ) -> Option<Tree> {
        let (tree, key) = self.kept.take()?;
        if !self.config.reuse_tree || key.komi != komi || key.size != game.size() {
            return None;
        }
        let moves = game.moves();
        let extra = moves.get(key.moves.len()..)?;
        if moves[..key.moves.len()] != key.moves[..] || extra.len() > 8 {
            return None;
        }
        let mut replay = game.clone();
        for _ in 0..extra.len() {
            replay.undo().ok()?;
        }
        if replay.position().position_hash() != key.root_hash {
            return None;
        }
        let mut node = Tree::ROOT;
        let mut mover = key.color;
        for &(c, mv) in extra {
            if c != mover {
                return None;
            }
            node = tree.child_by_move(node, mv)?;
            mover = mover.opponent();
        }
        if mover != color {
            return None;
        }
        if tree.capacity() != self.config.max_nodes.max(MAX_POINTS + 2) {
            return None;
        }
        let mut tree = tree;
        if !extra.is_empty() {
            tree.reroot(node, stop);
        }
        Some(tree)
    }

    /// Keeps the tree for the next search.
    fn keep(&mut self, tree: Tree, game: &Game, color: Color) {
        let komi = playout_komi(&self.config, game);
        self.kept = Some((
            tree,
            TreeKey {
                size: game.size(),
                moves: game.moves().to_vec(),
                root_hash: game.position().position_hash(),
                color,
                komi,
            },
        ));
    }

    /// The search: `config.threads` workers on one tree (worker 0 on this thread), until the
    /// playout cap, the deadline, the early stop or the stop flag. `reporter`, if any, is
    /// polled by worker 0 where it reads the clock.
    fn run(
        &mut self,
        tree: &mut Tree,
        root: &Root,
        limits: &Limits,
        mut reporter: Option<&mut Reporter>,
    ) {
        let start = Instant::now();
        let max_playouts = match (limits.playouts, limits.time) {
            (Some(n), _) => n,
            (None, Some(_)) => u64::MAX,
            (None, None) => DEFAULT_PLAYOUTS,
        };
        let deadline = limits.time.map(|t| start + t);
        let stretch_deadline = limits
            .time
            .zip(limits.stretch)
            .map(|(t, s)| start + s.max(t));
        let rave_equivalence = by_board_size(
            root.board.size(),
            self.config.rave_equivalence,
            self.config.rave_equivalence_large,
        );
        // A root with one legal child needs no search.
        let n_legal = root.legal.iter().filter(|&&l| l).count();
        let fault = self.fault.take();
        for (i, w) in self.workers.iter_mut().enumerate() {
            w.owner_sum.fill(0);
            w.panic_after = fault.filter(|f| f.worker == i).map(|f| f.after);
            w.replies.fit(root.board.stride_m());
        }
        let mut done = 0;
        let mut recycled = 0;
        let mut recycle = self.config.recycle_fraction > 0.0;
        // Phases: the search runs until a limit, or until the tree is full; then the tree is
        // pruned (no thread in it) and the next phase goes on where the last one stopped.
        if n_legal > 1 {
            loop {
                let shared = Shared {
                    config: &self.config,
                    rave_equivalence,
                    tree: &*tree,
                    root,
                    stop: limits.stop.as_deref(),
                    floor: if limits.stop_at_once { 0 } else { STOP_FLOOR },
                    max_playouts,
                    start,
                    deadline,
                    stretch_deadline,
                    early_stop: !limits.stop_at_once,
                    started: AtomicU64::new(done),
                    done: AtomicU64::new(done),
                    halt: AtomicBool::new(false),
                    recycle,
                    wants_room: AtomicBool::new(false),
                };
                let (first, others) = self
                    .workers
                    .split_first_mut()
                    .expect("a search has a worker");
                if others.is_empty() {
                    first.search(&shared, reporter.as_deref_mut());
                } else {
                    std::thread::scope(|s| {
                        for (i, w) in others.iter_mut().enumerate() {
                            let shared = &shared;
                            std::thread::Builder::new()
                                .name(format!("search-{}", i + 1))
                                .spawn_scoped(s, move || w.search(shared, None))
                                .expect("spawning a search thread");
                        }
                        first.search(&shared, reporter.as_deref_mut());
                    });
                }
                done = shared.done.load(Ordering::Relaxed);
                if !shared.wants_room.load(Ordering::Relaxed) {
                    break;
                }
                // Pruning reads the whole arena (about 10 ns a node, measured on 19×19): not
                // when the deadline would come first; the search then goes on without expanding.
                let cost = Duration::from_nanos(10 * tree.len() as u64);
                if deadline.is_some_and(|d| Instant::now() + 2 * cost >= d) {
                    recycle = false;
                    continue;
                }
                let target =
                    (tree.capacity() as f64 * self.config.recycle_fraction as f64) as usize;
                match tree.prune_threshold(target) {
                    Some(min_visits) => {
                        let before = tree.len();
                        let pruning = Instant::now();
                        tree.prune(min_visits);
                        recycled += 1;
                        log::info!(
                            "tree full at {before} nodes: pruned to {} (children kept from {min_visits} visits) in {:.3} s",
                            tree.len(),
                            pruning.elapsed().as_secs_f64()
                        );
                    }
                    None => recycle = false,
                }
            }
        }
        self.owner_sum.fill(0);
        for w in &self.workers {
            for (sum, &o) in self.owner_sum.iter_mut().zip(w.owner_sum.iter()) {
                *sum += o;
            }
        }
        let elapsed = start.elapsed();
        self.summary = Summary {
            playouts: done,
            elapsed,
            win_rate: 0.5,
            score_lead: 0.0,
            pv: Vec::new(),
            threads: self.workers.len(),
            nodes: tree.len(),
            tree_full: tree.is_full(),
            recycled,
            komi_given: root.komi.given(),
        };
        self.summary.pv = self.principal_variation(tree, root);
        if let Some(best) = self.best_child(tree, root) {
            self.summary.win_rate = tree.node(best).stats().value();
            self.summary.score_lead = tree.node(best).score_mean();
        }
        if self.summary.tree_full {
            log::info!(
                "tree full at {} nodes ({} bytes each; --max-memory): the search went on without expanding",
                tree.len(),
                tree::NODE_BYTES
            );
        }
        log::info!(
            "{} playouts in {:.2}s ({:.0}/s, {} threads), {} nodes, win rate {:.3}, score {:+.1}, komi given {}, pv {}",
            done,
            elapsed.as_secs_f64(),
            done as f64 / elapsed.as_secs_f64().max(1e-9),
            self.summary.threads,
            tree.len(),
            self.summary.win_rate,
            self.summary.score_lead,
            self.summary.komi_given,
            self.summary
                .pv
                .iter()
                .map(|m| m.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        );
    }

    /// The most visited root move that is legal under the full rules.
    fn best_child(&self, tree: &Tree, root: &Root) -> Option<NodeId> {
        tree.children(Tree::ROOT)
            .zip(&root.legal)
            .filter(|(_, &legal)| legal)
            .max_by_key(|(c, _)| tree.node(*c).visits())
            .map(|(c, _)| c)
    }

    /// Legal root moves, most visited first.
    fn ranked_root_moves(&self, tree: &Tree, root: &Root) -> Vec<Move> {
        let mut ranked: Vec<(u32, Move)> = tree
            .children_slice(Tree::ROOT)
            .iter()
            .zip(&root.legal)
            .filter(|(_, &legal)| legal)
            .map(|(c, _)| (c.visits(), c.mv()))
            .collect();
        ranked.sort_by_key(|&(visits, _)| std::cmp::Reverse(visits));
        ranked.into_iter().map(|(_, mv)| mv).collect()
    }

    fn principal_variation(&self, tree: &Tree, root: &Root) -> Vec<Move> {
        let mut pv = Vec::new();
        let mut node = match self.best_child(tree, root) {
            Some(c) => c,
            None => return pv,
        };
        loop {
            pv.push(tree.node(node).mv());
            match tree.children(node).max_by_key(|&c| tree.node(c).visits()) {
                Some(c) if tree.node(c).visits() > 0 && pv.len() < 12 => node = c,
                _ => break,
            }
        }
        pv
    }
    /// Turns the finished search into a decision: resign when clearly lost, pass only when
    /// passing does not lose, and never an illegal move.
    fn decide(
        &self,
        tree: &Tree,
        root: &Root,
        game: &Game,
        judged: Option<judge::Judgment>,
    ) -> Decision {
        let ranked = self.ranked_root_moves(tree, root);
        let best = match ranked.first() {
            Some(&mv) => mv,
            None => return Decision::Play(Move::Pass),
        };
        let best_id = self
            .best_child(tree, root)
            .expect("a ranked move has a node");
        let win_rate = tree.node(best_id).stats().value();
        let real_visits = self.summary.playouts;
        // A search that gave komi away measured a win rate below the true one: no resigning.
        if let Some(threshold) = self.config.resign_threshold {
            if win_rate < threshold && real_visits >= 500 && self.summary.komi_given <= 0 {
                return Decision::Resign;
            }
        }
        let color = root.color;
        // The same judgment as `final_score` (`judge::judge`): never pass believing one
        // result and then report another. Judged once, and only if a pass is in question.
        let judgment = std::cell::OnceCell::new();
        if let Some(j) = judged {
            let _ = judgment.set(j);
        }
        let judged = || judgment.get_or_init(|| judge::judge(game, &self.config.judge));
        let passing_wins = || judged().score(game) * color.sign() as f32 > 0.0;
        let opponent_passed = root.passes >= 1;
        let mut chosen = if best == Move::Pass {
            let other = ranked.iter().copied().find(|&mv| mv != Move::Pass);
            match other {
                Some(mv) if !passing_wins() => mv,
                _ => Move::Pass,
            }
        } else if opponent_passed
            && win_rate > 0.5
            && ranked.contains(&Move::Pass)
            && passing_wins()
        {
            // The opponent passed and the count says we win: end the game.
            Move::Pass
        } else {
            best
        };
        // Before passing, take off the opponent's dead stones that are already in atari: a
        // pass leaves the capture (often a ko) to the scorer, and another scorer may count it
        // the other way (a match game against GNU Go was disputed by 77 points over a dead
        // group in atari that tengen passed beside). Finite: every capture removes stones.
        if chosen == Move::Pass {
            if let Some(judgment) = judgment.get() {
                let pos = game.position();
                let in_atari = (judgment.dead & pos.stones(color.opponent()))
                    .into_iter()
                    .filter(|&p| pos.n_liberties(p) == 1)
                    .fold(Bitboard::EMPTY, |mut b, p| {
                        b.insert(p);
                        b
                    });
                if let Some(mv) = capture_move(game, color, in_atari) {
                    chosen = mv;
                }
            }
        }
        // Nor leave a stone of ours in atari that one move saves: under area counting the
        // move costs nothing, and the scorer may count the stone as captured (a match game
        // against GNU Go was disputed over a white stone in atari whose connection lay
        // inside White's area: W+0.5 by tengen's count, B+3.5 by GNU Go's). Finite: every
        // such move adds a stone and leaves the chain two liberties or more.
        if chosen == Move::Pass && game.rules().scoring != Scoring::Territory {
            if let Some(mv) = saving_move(game, color) {
                chosen = mv;
            }
        }
        debug_assert!(game.check(color, chosen).is_ok());
        if game.check(color, chosen).is_ok() {
            Decision::Play(chosen)
        } else {
            log::error!("search chose illegal {chosen}; passing");
            Decision::Play(Move::Pass)
        }
    }
}

impl Worker {
    fn new(seed: u64) -> Worker {
        Worker {
            rng: PlayoutRng::new(seed),
            result: Box::default(),
            first_play: Box::new([0; MAX_POINTS]),
            first_ply: Box::new([0; MAX_POINTS]),
            path: Vec::with_capacity(MAX_DEPTH),
            moves_buf: Vec::with_capacity(MAX_POINTS + 1),
            ladders: Box::default(),
            fate: Box::default(),
            features: Box::new([MoveFeatures::default(); MAX_POINTS]),
            owner_sum: Box::new([0; MAX_POINTS]),
            replies: Box::default(),
            sequence: Vec::with_capacity(2 + MAX_DEPTH + 3 * MAX_POINTS),
            pool: Box::default(),
            panic_after: None,
        }
    }

    /// Fills `moves_buf` with the candidate moves of `board` and pass, each with its prior.
    fn children_of(&mut self, config: &Config, board: &PlayoutBoard, last: Option<Point>) {
        self.moves_buf.clear();
        let buf = &mut self.moves_buf;
        let ladders = self.ladders.get_mut();
        // The fights are read for the fight priors (off by default) and the learned model's
        // features; with neither, not at all.
        let learned = config.prior.learned_weight(board.size()) > 0.0;
        let fights = if config.prior.two_lib > 0.0 || config.prior.nakade > 0.0 || learned {
            board.fight_answers(config.playout.max_self_atari_stones)
        } else {
            FightAnswers::default()
        };
        let fate = &mut self.fate;
        match last {
            Some(l) if config.prior.fate_applies(board.size()) => {
                board.fate_distances(l, config.prior.fate.len() as u8, fate)
            }
            _ => fate.clear(),
        }
        let fate = &*fate;
        // Each candidate's features (the tactics read once for both kinds of prior), and the
        // sum of the learned model's strengths, which each move's probability divides by.
        let features = &mut self.features;
        let mut total = 0.0f32;
        let model = by_board_size(board.size(), config.model, config.model_large);
        board.for_each_candidate(|p| {
            let f = board.move_features(ladders, &fights, p);
            if learned {
                total += model.gamma(&f);
            }
            features[p.index()] = f;
        });
        let config = &config.prior;
        board.for_each_candidate(|p| {
            let f = &features[p.index()];
            let p_learned = if learned { model.gamma(f) / total } else { 0.0 };
            buf.push((
                Move::Play(p),
                prior::prior_of(config, board, p, f, &fights, fate, last, p_learned),
            ));
        });
        buf.push((Move::Pass, prior::prior_of_pass(config, board)));
    }

    /// This thread's search loop: iterations until any thread sees a limit. The only place
    /// that reads the clock, once every `CLOCK_EVERY` of this thread's iterations; there it
    /// also polls `reporter` (worker 0's only), with this worker's ownership sums.
    fn search(&mut self, s: &Shared, mut reporter: Option<&mut Reporter>) {
        let _halt_on_panic = HaltOnPanic(&s.halt);
        // The descent's board, overwritten from the root's at each iteration.
        let mut board = Box::new(s.root.board.clone());
        let mut mine = 0u64;
        loop {
            if s.halt.load(Ordering::Relaxed) {
                break;
            }
            if let Some(stop) = s.stop {
                if stop.load(Ordering::Relaxed) && s.done.load(Ordering::Relaxed) >= s.floor {
                    s.halt.store(true, Ordering::Relaxed);
                    break;
                }
            }
            if s.started.fetch_add(1, Ordering::Relaxed) >= s.max_playouts {
                s.halt.store(true, Ordering::Relaxed);
                break;
            }
            board.copy_from(&s.root.board);
            self.iterate(s, &mut board);
            s.done.fetch_add(1, Ordering::Relaxed);
            mine += 1;
            if mine.is_multiple_of(CLOCK_EVERY) {
                if self.panic_after.is_some_and(|n| mine >= n) {
                    self.panic_after = None;
                    panic!("deliberate panic in a search worker after {mine} iterations (fault injection)");
                }
                let now = Instant::now();
                // Past the deadline, an undecided search thinks on to its stretch deadline,
                // which then also bounds the playouts left for the early stop.
                let past = s.deadline.is_some_and(|d| now >= d);
                let stretching = past
                    && s.stretch_deadline.is_some_and(|e| now < e)
                    && undecided(s.tree, s.root);
                let late = past && !stretching;
                let horizon = if stretching {
                    s.stretch_deadline
                } else {
                    s.deadline
                };
                if let Some(r) = reporter.as_deref_mut() {
                    let done = s.done.load(Ordering::Relaxed);
                    report::poll(r, now, s.tree, s.root, done, &self.owner_sum, mine);
                }
                let mut remaining = s
                    .max_playouts
                    .saturating_sub(s.started.load(Ordering::Relaxed));
                if let Some(deadline) = horizon {
                    let done = s.done.load(Ordering::Relaxed);
                    let in_time = playouts_in(done, now - s.start, deadline - now.min(deadline));
                    remaining = remaining.min(in_time);
                }
                if late || (s.early_stop && decided(s.tree, s.root, remaining)) {
                    s.halt.store(true, Ordering::Relaxed);
                    break;
                }
                if s.recycle && s.tree.is_full() {
                    s.wants_room.store(true, Ordering::Relaxed);
                    s.halt.store(true, Ordering::Relaxed);
                    break;
                }
            }
        }
    }

    /// One descent, playout and update. Hot path: no allocation.
    fn iterate(&mut self, s: &Shared, board: &mut PlayoutBoard) {
        let (tree, root) = (s.tree, s.root);
        let mut node = Tree::ROOT;
        let mut passes = root.passes;
        self.path.clear();
        self.path.push(node);
        let learn_replies = s.config.playout.p_reply_for(board.size()) > 0.0;
        self.sequence.clear();
        if learn_replies {
            self.sequence
                .extend([board.last2_m() as u16, board.last_m() as u16]);
        }
        let mut game_over = false;
        loop {
            if !tree.node(node).is_expanded() {
                // A leaf: expand it once visited enough, unless another thread is at it (or
                // the arena is full); then the playout starts here.
                let ready = tree.node(node).visits() >= s.config.expand_threshold;
                if !ready || !self.expand(s, node, board) {
                    break;
                }
            }
            let child = select(s, node);
            let mv = tree.node(child).mv();
            // The tree's moves are legal on the board they were expanded from, so this never
            // fires; it is here so that no tree, however it came about, can feed the board an
            // illegal move (which corrupts its chain lists: issue #6). One load in the
            // common case (an empty neighbour), once per tree level.
            if let Move::Play(p) = mv {
                if !board.is_legal(p) {
                    debug_assert!(false, "tree move {p} illegal on the descent's board");
                    break;
                }
            }
            board.play_unchecked(mv);
            if learn_replies {
                self.sequence.push(board.last_m() as u16);
            }
            passes = if mv == Move::Pass { passes + 1 } else { 0 };
            node = child;
            if self.path.len() == MAX_DEPTH - 1 {
                break;
            }
            tree.node(node).add_virtual_loss();
            self.path.push(node);
            if passes >= 2 {
                game_over = true;
                break;
            }
        }
        // The move into path[i] is ply i - 1; the playout's turn t is ply tree_plies + t.
        let tree_plies = self.path.len() - 1;
        let mut plies = tree_plies;
        let score = if game_over {
            self.first_play.fill(0);
            area_score(board, &mut self.result)
        } else {
            let pooled = s.config.playout.p_pool_for(board.size()) > 0.0;
            if pooled {
                fill_pool(
                    tree,
                    &self.path,
                    root.color,
                    &s.config.playout,
                    board,
                    &mut self.pool,
                );
            }
            playout::run_with(
                s.config.playout_policy,
                &s.config.playout,
                playout::Lent {
                    replies: learn_replies.then_some(&*self.replies),
                    ladders: Some(&*self.ladders),
                    pool: pooled.then_some(&*self.pool),
                },
                board,
                &mut self.rng,
                &mut self.result,
            );
            if learn_replies {
                let r = &self.result;
                self.sequence.extend_from_slice(&r.moves[..r.n_turns]);
            }
            self.first_play.copy_from_slice(&self.result.first_play);
            if s.config.amaf_decay > 0.0 {
                let r = &self.result;
                plies += r.n_turns;
                for (ply, &turn) in self.first_ply.iter_mut().zip(r.first_turn.iter()) {
                    *ply = tree_plies as u16 + turn;
                }
            }
            self.result.score
        };
        for (sum, &o) in self.owner_sum.iter_mut().zip(self.result.owner.iter()) {
            *sum += o as i32;
        }
        // The margin by the game's komi, for the score estimates; the win by the adaptive komi.
        let margin = score as f32 - root.komi.komi();
        let black_wins = score as f32 > root.komi.black_komi();
        root.komi.record(black_wins == (root.color == Color::Black));
        if learn_replies {
            let winner = if black_wins {
                Color::Black
            } else {
                Color::White
            };
            // sequence[0] is the move before the root's last: the root's mover played it.
            self.replies.learn(&self.sequence, root.color, winner, 2);
        }
        let area = (root.board.size() * root.board.size()) as f32;
        let black_value = if black_wins { 1.0 } else { 0.0 }
            + s.config.score_weight * (margin / area).clamp(-1.0, 1.0);
        self.update(
            tree,
            root.color,
            black_value,
            margin,
            s.config.amaf_decay,
            plies,
        );
    }

    /// Expands `node` with the candidate moves of `board`; false when the arena is full or
    /// another thread has claimed the node.
    fn expand(&mut self, s: &Shared, node: NodeId, board: &PlayoutBoard) -> bool {
        // A full arena is known before any prior is computed: at most one child per empty
        // point, and pass.
        if !s.tree.has_room(board.n_empty() + 1) || !s.tree.try_claim(node) {
            return false;
        }
        let last = s.tree.node(node).mv().point();
        self.children_of(s.config, board, last);
        s.tree.expand_claimed(node, &self.moves_buf)
    }

    /// Adds the outcome to every node of the path (taking off this thread's virtual loss) and
    /// the AMAF outcome to every sibling whose point the mover at its parent played first
    /// later in the game. `black_value` is the playout's outcome for Black: 1 for a win, 0
    /// for a loss, nudged by the score (`Config::score_weight`); White's is `1 - black_value`.
    /// `black_margin` is Black's area minus komi.
    /// `amaf_decay` weighs the AMAF updates by how soon after a node each move came
    /// (`Config::amaf_decay`; 0: every update weighs 1), of the `plies` the iteration played
    /// from the root, tree and playout together.
    fn update(
        &mut self,
        tree: &Tree,
        root_color: Color,
        black_value: f32,
        black_margin: f32,
        amaf_decay: f32,
        plies: usize,
    ) {
        let depth = self.path.len();
        // Colour of the player who moves at path[i]: root_color at even depths.
        let mover_at = |i: usize| {
            if i.is_multiple_of(2) {
                root_color
            } else {
                root_color.opponent()
            }
        };
        let win_for = |c: Color| match c {
            Color::Black => black_value,
            Color::White => 1.0 - black_value,
        };
        let margin_for = |c: Color| match c {
            Color::Black => black_margin,
            Color::White => -black_margin,
        };
        // Bottom-up, so that `first_play` holds the first mover of each point among the moves
        // made at or below the parent being updated.
        for i in (0..depth).rev() {
            let id = self.path[i];
            let node = tree.node(id);
            if i > 0 {
                // path[i] was reached by a move of mover_at(i - 1).
                let c = mover_at(i - 1);
                node.add(win_for(c), margin_for(c));
                node.remove_virtual_loss();
                if let Move::Play(p) = node.mv() {
                    self.first_play[p.index()] = 1 + c.index() as u8;
                    self.first_ply[p.index()] = (i - 1) as u16;
                }
            } else {
                let c = mover_at(0).opponent();
                node.add(win_for(c), margin_for(c));
            }
            if !node.is_expanded() {
                continue;
            }
            let mover = mover_at(i);
            let mark = 1 + mover.index() as u8;
            let win = win_for(mover);
            // The children's moves are ply i; the weight falls linearly over the plies
            // from there to the end (`span`, at least 1 when any child was played).
            let span = plies.saturating_sub(i).max(1) as f32;
            for child in tree.children_slice(id) {
                if let Move::Play(p) = child.mv() {
                    if self.first_play[p.index()] == mark {
                        let weight = if amaf_decay > 0.0 {
                            let after = self.first_ply[p.index()] as f32 - i as f32;
                            1.0 + amaf_decay * (1.0 - 2.0 * after / span)
                        } else {
                            1.0
                        };
                        child.add_amaf(win, weight);
                    }
                }
            }
        }
    }
}

/// Fills the RAVE pool for a playout from `board`, the end of the descent `path` (from the
/// root, where `root_color` moves): for each colour, the best `pool_size` children by AMAF
/// value (among those with `POOL_MIN_AMAF` AMAF visits or more) of the deepest node of the
/// path where that colour moves and that has `pool_min_visits` visits; empty for a colour
/// without such a node. Hot path, once per iteration: one scan of two nodes' children, no
/// allocation.
fn fill_pool(
    tree: &Tree,
    path: &[NodeId],
    root_color: Color,
    config: &playout::Config,
    board: &PlayoutBoard,
    pool: &mut Pool,
) {
    /// AMAF visits a child needs to enter the pool: fewer say little of its value.
    const POOL_MIN_AMAF: f32 = 20.0;
    let k = (config.pool_size as usize).clamp(1, POOL_MAX);
    pool.clear();
    for (parity, color) in [root_color, root_color.opponent()].into_iter().enumerate() {
        // path[i] has the root's colour to move at even i.
        let deepest = path
            .iter()
            .enumerate()
            .rev()
            .filter(|(i, _)| i % 2 == parity)
            .map(|(_, &id)| id)
            .find(|&id| {
                let n = tree.node(id);
                n.is_expanded() && n.visits() >= config.pool_min_visits
            });
        let Some(id) = deepest else { continue };
        // The best k so far, best first.
        let mut best = [(0.0f32, 0u16); POOL_MAX];
        let mut n = 0;
        for child in tree.children_slice(id) {
            let Move::Play(p) = child.mv() else { continue };
            let amaf = child.amaf();
            if amaf.visits < POOL_MIN_AMAF {
                continue;
            }
            let value = amaf.value();
            if n == k && value <= best[k - 1].0 {
                continue;
            }
            let mut i = n.min(k - 1);
            while i > 0 && best[i - 1].0 < value {
                best[i] = best[i - 1];
                i -= 1;
            }
            best[i] = (value, board.to_mailbox(p) as u16);
            n = (n + 1).min(k);
        }
        pool.set(color, best[..n].iter().map(|&(_, m)| m));
    }
}

/// The child of `node` with the highest urgency (RAVE-mixed value plus exploration).
/// Hot path: once per tree level per iteration.
fn select(s: &Shared, node: NodeId) -> NodeId {
    let tree = s.tree;
    let parent_visits = tree.node(node).visits().max(1) as f32;
    let log_parent = parent_visits.ln();
    let children = tree.children_slice(node);
    let first = tree.children(node).next().expect("expanded node").0;
    let mut best = 0usize;
    let mut best_urgency = f32::NEG_INFINITY;
    for (i, c) in children.iter().enumerate() {
        if node == Tree::ROOT && !s.root.legal[i] {
            continue;
        }
        let u = urgency(
            s.config,
            s.rave_equivalence,
            c.stats(),
            c.virtual_loss(),
            c.prior(),
            c.amaf(),
            log_parent,
        );
        if u > best_urgency {
            best_urgency = u;
            best = i;
        }
    }
    NodeId(first + best as u32)
}

/// The urgency of a child: its win rate with the prior's virtual playouts counted as real
/// ones and each thread now below it counted as a lost visit (the virtual loss), mixed with
/// its AMAF win rate by RAVE's β, plus the UCT term if configured.
fn urgency(
    config: &Config,
    rave_equivalence: f32,
    stats: Stats,
    virtual_loss: u32,
    prior: Prior,
    amaf: AmafStats,
    log_parent: f32,
) -> f32 {
    let n_prior = stats.visits as f32 + virtual_loss as f32 + prior.visits();
    let n = n_prior.max(1.0);
    let q = if n_prior > 0.0 {
        (stats.wins + prior.wins()) / n_prior
    } else {
        0.5
    };
    // The AMAF statistics, with `amaf_prior` of the prior's virtual playouts.
    let an = amaf.visits + config.amaf_prior * prior.visits();
    let value = if an > 0.0 {
        let amaf_value = (amaf.wins + config.amaf_prior * prior.wins()) / an;
        let beta = an / (an + n + n * an / rave_equivalence);
        (1.0 - beta) * q + beta * amaf_value
    } else {
        q
    };
    if config.exploration > 0.0 {
        value + config.exploration * (log_parent / n).sqrt()
    } else {
        value
    }
}

/// The visits of the two most visited legal root moves.
fn two_most_visited(tree: &Tree, root: &Root) -> (u32, u32) {
    let mut first = 0u32;
    let mut second = 0u32;
    for (c, &legal) in tree.children_slice(Tree::ROOT).iter().zip(&root.legal) {
        if !legal {
            continue;
        }
        let v = c.visits();
        if v > first {
            second = first;
            first = v;
        } else if v > second {
            second = v;
        }
    }
    (first, second)
}

/// Returns true if and only if the most visited root move can no longer be overtaken in
/// `remaining` playouts.
fn decided(tree: &Tree, root: &Root, remaining: u64) -> bool {
    let (first, second) = two_most_visited(tree, root);
    (first - second) as u64 > remaining
}

/// The second move has at least this fraction of the first's visits: the search is still
/// choosing between them. Pachi thinks longer below a ratio of 2.5 between them; 0.5 (a ratio
/// of 2) stretches fewer moves, since every stretch takes time from later ones.
const UNDECIDED_RATIO: f64 = 0.5;

/// Returns true if and only if the two most visited root moves are close
/// (`UNDECIDED_RATIO`): the search should think on while its stretch allows.
fn undecided(tree: &Tree, root: &Root) -> bool {
    let (first, second) = two_most_visited(tree, root);
    is_close(first, second)
}

fn is_close(first: u32, second: u32) -> bool {
    first > 0 && f64::from(second) >= UNDECIDED_RATIO * f64::from(first)
}
/// The playouts a search that has run `done` in `elapsed` will run in `left` more at the
/// same rate, with a margin of a quarter for a rate that varies (playouts get shorter as the
/// game goes on, threads start late). Cold path: once per `CLOCK_EVERY` iterations.
fn playouts_in(done: u64, elapsed: Duration, left: Duration) -> u64 {
    let rate = done as f64 / elapsed.as_secs_f64().max(1e-3);
    (1.25 * rate * left.as_secs_f64()).ceil() as u64
}

/// Returns true if and only if `p` is a liberty of a chain of `dead`.
fn is_liberty_of(game: &Game, dead: Bitboard, p: Point) -> bool {
    p.neighbors(game.size()).any(|q| dead.contains(q))
}

/// A legal move of `color` on a liberty of a dead chain, preferring one that does not leave
/// the mover in atari (so that the dead stones cannot capture it), fewest liberties of the
/// dead chain first (the capture comes soonest).
fn capture_move(game: &Game, color: Color, dead: Bitboard) -> Option<Move> {
    let pos = game.position();
    let mut best: Option<(bool, usize, Move)> = None;
    for p in dead {
        let libs = pos.liberties(p);
        for lib in libs {
            let mv = Move::Play(lib);
            let Some(safe) = leaves_two_liberties(game, color, lib) else {
                continue;
            };
            let key = (!safe, libs.count(), mv);
            if best.is_none_or(|b| (key.0, key.1) < (b.0, b.1)) {
                best = Some(key);
            }
        }
    }
    best.map(|b| b.2)
}

/// Whether `color` playing at `p` leaves the chain there two liberties or more; `None` when
/// the move is illegal.
fn leaves_two_liberties(game: &Game, color: Color, p: Point) -> Option<bool> {
    game.check(color, Move::Play(p)).ok()?;
    let mut after = game.position().clone();
    Some(
        after
            .try_play(color, Move::Play(p), game.rules().suicide_allowed)
            .is_ok_and(|_| after.n_liberties(p) >= 2),
    )
}

/// A legal move of `color` on the last liberty of one of its chains in atari after which
/// that chain has two liberties or more (the largest chain first), if any.
fn saving_move(game: &Game, color: Color) -> Option<Move> {
    let pos = game.position();
    let mut best: Option<(usize, Move)> = None;
    for p in pos.stones(color) {
        if pos.n_liberties(p) != 1 {
            continue;
        }
        let Some(lib) = pos.liberties(p).into_iter().next() else {
            continue;
        };
        let stones = pos.chain(p).count();
        let saved = leaves_two_liberties(game, color, lib) == Some(true);
        if saved && best.is_none_or(|(n, _)| stones > n) {
            best = Some((stones, Move::Play(lib)));
        }
    }
    best.map(|(_, mv)| mv)
}

/// Returns true if and only if every move of the (expanded) root of `tree` is a pass or a
/// legal move on `board`: a kept tree is only reused for the position it was built on.
fn root_fits_board(tree: &Tree, board: &PlayoutBoard) -> bool {
    tree.children_slice(Tree::ROOT)
        .iter()
        .all(|c| match c.mv() {
            Move::Pass => true,
            Move::Play(p) => board.is_legal(p),
        })
}

/// The game's last two moves, most recent first (`None` for a pass or no move), for the root
/// board: the priors, the move features and the heavy playouts answer them.
fn last_two_moves(game: &Game) -> [Option<Point>; 2] {
    let mut recent = game.moves().iter().rev().map(|&(_, mv)| mv.point());
    [recent.next().flatten(), recent.next().flatten()]
}

/// Komi plus handicap compensation, as a playout's area count must beat it (White's points of
/// compensation count only under area counting; territory counting gives none), plus the
/// dynamic komi of handicap games.
fn playout_komi(config: &Config, game: &Game) -> f32 {
    let compensation = match game.rules().scoring {
        Scoring::Area | Scoring::TrompTaylor => {
            game.rules().handicap_compensation.points(game.handicap())
        }
        Scoring::Territory => 0.0,
    };
    game.komi() + compensation + dynamic_komi(config, game)
}

/// Extra komi for White in a handicap game, shrinking linearly to 0 over the first
/// `dynkomi_moves` moves (scaled from 19×19 by the board's area), in whole points so that a
/// kept tree stays valid for a few moves. Pachi's "linear" dynamic komi: the handicap makes
/// every playout a win for Black (or a loss for White), and a search whose moves all win or
/// all lose cannot tell good moves from slack ones; the extra komi brings the win rates back
/// towards one half, for whichever side tengen plays, and vanishes as the game settles.
fn dynamic_komi(config: &Config, game: &Game) -> f32 {
    let stones = game.handicap();
    if stones < 2 {
        return 0.0;
    }
    let area = (game.size() * game.size()) as f32;
    let horizon = (config.dynkomi_moves * area / 361.0).max(1.0);
    let left = (1.0 - game.moves().len() as f32 / horizon).max(0.0);
    (config.dynkomi_per_stone * stones as f32 * left).round()
}

/// Counts the board as it stands (every stone alive; an empty region belongs to the colour
/// that alone borders it): used when two passes in the tree end the game. Fills
/// `result.owner` the way a playout does. Rare, but on the descent's path: fixed-size buffers,
/// no allocation.
fn area_score(board: &PlayoutBoard, result: &mut PlayoutResult) -> i32 {
    let size = board.size();
    result.owner.fill(0);
    result.first_play.fill(0);
    let mut visited = [false; MAX_POINTS];
    let mut region = [Point::from_index(0); MAX_POINTS];
    let mut score = 0;
    for p in Point::all(size) {
        if let Some(c) = board.stone_at(p) {
            result.owner[p.index()] = c.sign() as i8;
            score += c.sign();
            continue;
        }
        if visited[p.index()] {
            continue;
        }
        // Flood the empty region through p; `region[..len]` is its points, a stack as we go.
        visited[p.index()] = true;
        region[0] = p;
        let (mut len, mut next) = (1, 0);
        let mut borders = [false; 2];
        while next < len {
            let q = region[next];
            next += 1;
            for r in q.neighbors(size) {
                match board.stone_at(r) {
                    Some(c) => borders[c.index()] = true,
                    None if !visited[r.index()] => {
                        visited[r.index()] = true;
                        region[len] = r;
                        len += 1;
                    }
                    None => {}
                }
            }
        }
        let owner = match borders {
            [true, false] => 1,
            [false, true] => -1,
            _ => 0,
        };
        for q in &region[..len] {
            result.owner[q.index()] = owner as i8;
        }
        score += owner * len as i32;
    }
    result.score = score;
    score
}

#[cfg(test)]
mod tests;
