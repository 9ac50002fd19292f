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
//! Where each part lives (one concern a file, as KataGo's `cpp/search/`; each `impl Search`
//! block sits with its concern):
//! - `mod.rs`: the entry points (`Search::new`, `genmove`, `genmove_reporting`,
//!   `genmove_cleanup`, `ponder`, `analyze`, `dead_stones`, `clear`), the public types
//!   (`Search`, `Decision`, `Summary`, `WorkerFault`, `Ownership`) and `Root`, the state a
//!   search starts from, with its one iterator over the legal root moves (`legal_children`).
//! - `config.rs`: `Config` and its parameter table, `Limits`, the constants of the search.
//! - `reuse.rs`: `prepare` (the root, from the kept tree when it fits) and `keep`.
//! - `run.rs`: `run`: its phases, node recycling, the `Summary`; `Shared`, what threads share.
//! - `worker.rs`: `Worker`: a thread's loop, `iterate` (descend, finish, record), `expand`,
//!   `children_of` (the priors of new children), `update`, `fill_pool`.
//! - `select.rs`: `select` and `urgency` (UCT with RAVE).
//! - `stop.rs`: when a search stops: stop flag, playout cap, deadline, early stop, stretch.
//! - `decide.rs`: `decide` (resign, pass, the move), `cleanup`, the ranked root moves and the
//!   principal variation (`variation`, which analysis reports too).
//! - `komi.rs`: the komi of the playouts, the linear dynamic komi and the adaptive komi.
//! - `margin.rs`: the margin utility a playout adds to its win while the game is decided.
//! - `level.rs`: the strength levels: the table, `genmove`'s playout cap and choice below the
//!   top (`run_at_level`).
//! - `count.rs`: `area_score`, the count of a game that two passes end in the tree.
//! - `report.rs`: `Report`, `MoveInfo`, `Reporter`: the search seen from outside.
//! - `tree.rs`: the arena of nodes; `prior.rs`: the priors of new children; `model.rs`: the
//!   learned move model, one of their sources.
//! - Tests sit beside their concern (`decide/tests.rs`, ...); `tests.rs` holds the entry
//!   points' tests and the helpers they share.
//!
//! Depends on: judge, playout, score, game, board, geom.

mod config;
mod count;
mod decide;
pub mod komi;
pub mod level;
mod margin;
pub mod model;
mod move_owners;
pub mod prior;
pub mod report;
pub mod restriction;
mod reuse;
mod run;
mod select;
pub mod spread;
mod stop;
pub mod tree;
mod worker;

pub use config::{nodes_for_memory, Config, Limits, DEFAULT_MAX_MEMORY_MIB, DEFAULT_PLAYOUTS};
pub use level::Level;
pub use report::{MoveInfo, Report, Reporter, RootInfo};
pub use restriction::Restriction;

use crate::board::Bitboard;
use crate::game::Game;
use crate::geom::{by_board_size, Color, Move, MAX_POINTS};
use crate::judge;
use crate::mailbox::PlayoutBoard;
use crate::playout::PlayoutRng;
use komi::{AdaptiveKomi, KomiControl};
use reuse::TreeKey;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tree::{NodeId, Tree, MAX_THREADS};
use worker::{worker_seed, Worker};

/// What the search chose.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    Play(Move),
    Resign,
}

/// Per point in [-1, 1], from Black's side, indexed by `Point::index`.
pub type Ownership = Vec<f32>;

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
    /// Standard deviation of the final margins of this search's playouts through the chosen
    /// move (`spread.rs`), KataGo's `scoreStdev`.
    pub score_stdev: f32,
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

/// The search: its settings, the tree kept between moves, and one `Worker` per thread.
pub struct Search {
    config: Config,
    /// The tree of the last search, kept for reuse, with the state it belongs to.
    kept: Option<(Tree, TreeKey)>,
    /// `config.threads` workers (at least one). Worker 0 runs on the caller's thread and
    /// expands the root; its generator is seeded with `config.seed`, so that one thread
    /// searches exactly as the single-threaded search did.
    workers: Vec<Worker>,
    /// Sum of the workers' `owner_sum` after a search (`Report::ownership`).
    owner_sum: Box<[i32; MAX_POINTS]>,
    /// The spread of the final scores of this search's playouts, per root move.
    spread: spread::ScoreSpread,
    /// Keep the ownership per root move (`set_moves_ownership`).
    moves_ownership: bool,
    /// Sum of the workers' ownership per root move after a search, when kept.
    move_owners: move_owners::MoveOwners,
    summary: Summary,
    /// Armed by `inject_worker_panic`, taken by the next search.
    fault: Option<WorkerFault>,
    /// The adaptive komi of the last `genmove` for each colour (by `Color::index`; one engine
    /// may play both sides), while the game is in its middle.
    adaptive_komi: [Option<AdaptiveKomi>; 2],
    /// The draws of `config.level` below the top (`level.rs`), seeded by `config.seed`.
    level_rng: PlayoutRng,
}

/// A deliberate panic in a search thread, for the fault-injection tests (GTP `tengen-fault`,
/// only with `TENGEN_FAULT_INJECTION=1`): worker `worker` (0 = the caller's thread) panics
/// after `after` of its iterations of the next search, rounded up to `CLOCK_EVERY`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WorkerFault {
    pub worker: usize,
    pub after: u64,
}

/// The root of one search: its board, colour and komi, and which of its children may be
/// played. Read-only while the threads search.
struct Root {
    board: PlayoutBoard,
    color: Color,
    /// Komi plus handicap compensation, as the playouts count it, and the adaptive komi.
    komi: KomiControl,
    /// Consecutive passes that ended the game record before the root.
    passes: u32,
    /// Per root child (in order): legal under the game's full rules (and, for an analysis,
    /// not barred at depth 0 by `restriction`: `Search::analyze`).
    legal: Vec<bool>,
    /// The moves barred near the root (an analysis's `avoidMoves`/`allowMoves`); `select`
    /// applies it below the root.
    restriction: Restriction,
    /// Weight of the margin utility of a decided game (`margin.rs`): the config's for a
    /// `genmove`, 0 for analysis and pondering.
    margin_weight: f32,
    /// False under territory counting: a playout's count then takes the eyes of chains in
    /// seki out (`count::drop_seki_eyes`), as the game's count will.
    seki_eyes_count: bool,
}

impl Root {
    /// The colour that moves at tree depth `depth` (0: the root's move).
    fn mover_at(&self, depth: usize) -> Color {
        if depth.is_multiple_of(2) {
            self.color
        } else {
            self.color.opponent()
        }
    }

    /// The root's children that may be played: legal under the game's full rules (and
    /// allowed, for an analysis), in the tree's order. The one filter of the root's children
    /// by `legal`, but for `select`'s hot loop.
    fn legal_children<'a>(&'a self, tree: &'a Tree) -> impl Iterator<Item = NodeId> + 'a {
        tree.children(Tree::ROOT)
            .zip(&self.legal)
            .filter(|(_, &legal)| legal)
            .map(|(c, _)| c)
    }
}

impl Search {
    pub fn new(config: Config) -> Search {
        let mut search = Search {
            level_rng: level::level_rng(config.seed),
            config,
            kept: None,
            workers: Vec::new(),
            owner_sum: Box::new([0; MAX_POINTS]),
            spread: spread::ScoreSpread::default(),
            moves_ownership: false,
            move_owners: move_owners::MoveOwners::default(),
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
            self.level_rng = level::level_rng(config.seed);
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

    /// Keeps the ownership of each root move in the searches that follow (KataGo's
    /// `includeMovesOwnership`: `MoveInfo::ownership`), or stops keeping it (the default:
    /// it adds a row of additions to every playout).
    pub fn set_moves_ownership(&mut self, on: bool) {
        self.moves_ownership = on;
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
        root.margin_weight = by_board_size(
            game.size(),
            self.config.decided_margin_weight,
            self.config.decided_margin_weight_large,
        );
        let (judged, limits) = self.judge_within(game, &root, limits);
        let decision = self.run_at_level(&mut tree, &root, game, &limits, judged, reporter);
        self.adaptive_komi[color.index()] = adapting.then(|| root.komi.state());
        self.keep(tree, game, color);
        decision
    }

    /// Searches `color`'s moves in `game` on the opponent's time, keeping the tree:
    /// pondering. The stop flag ends it at once (no `STOP_FLOOR`). Chooses nothing.
    /// Below the top level it does nothing: a pondered tree would give the level's next
    /// move far more than its playouts.
    pub fn ponder(&mut self, game: &Game, color: Color, stop: Arc<AtomicBool>, limit: Duration) {
        if stop.load(Ordering::SeqCst) || !self.config.level.is_top() {
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
    /// Like `genmove`, but never passes while stones of the opponent that `judge::judge` finds
    /// dead remain on the board (`kgs-genmove_cleanup`): it then plays on a liberty of a dead
    /// chain (one that does not put itself in atari when there is one), or the best other
    /// move. With nothing left to capture it never plays inside its own territory: it passes.
    pub fn genmove_cleanup(&mut self, game: &Game, color: Color, limits: &Limits) -> Decision {
        let (mut tree, root) = self.prepare(game, color);
        self.run(&mut tree, &root, limits, None);
        let decision = self.decide(&tree, &root, game, None);
        let decision = self.cleanup(&tree, &root, game, decision);
        self.keep(tree, game, color);
        decision
    }

    /// Analysis: searches `color`'s moves in `game` until `limits` stop it, reporting through
    /// `reporter`, and returns the final report. No move `restriction` bars is searched at
    /// the depth it bars it (`avoid`/`allow`): the root's barred moves are neither searched
    /// nor reported, and no variation holds a barred move at a barred depth. Chooses and
    /// plays nothing; keeps the tree for the next search, as `genmove` does, but a kept tree
    /// is not reused under a restriction below the root (its barred lines may have visits).
    pub fn analyze(
        &mut self,
        game: &Game,
        color: Color,
        limits: &Limits,
        reporter: Option<&mut Reporter>,
        restriction: &Restriction,
    ) -> Report {
        if restriction.depth() > 1 {
            self.kept = None;
        }
        let (mut tree, mut root) = self.prepare(game, color);
        for (legal, child) in root.legal.iter_mut().zip(tree.children_slice(Tree::ROOT)) {
            *legal &= !restriction.bars(color, child.mv(), 0);
        }
        root.restriction = restriction.clone();
        self.run(&mut tree, &root, limits, reporter);
        let done = self.summary.playouts;
        let owners = report::Owners {
            all: &self.owner_sum,
            playouts: done,
            by_move: &self.move_owners,
        };
        let report = report::report(&tree, &root, done, owners, &self.spread);
        self.keep(tree, game, color);
        report
    }

    /// Stones judged dead in the current position by `judge::judge` with `n_playouts`.
    pub fn dead_stones(&mut self, game: &Game, n_playouts: usize) -> Bitboard {
        let config = judge::Config {
            playouts: n_playouts,
            ..self.config.judge.clone()
        };
        judge::judge(game, &config).dead
    }
}

#[cfg(test)]
mod tests;
