//! The run of one search (`Search::run`): `config.threads` workers on one tree, worker 0 on
//! the caller's thread and the others on scoped threads, sharing `Shared`. A run is a series of
//! phases: the workers search until a limit, or until the arena is full; then, with no thread
//! in the tree, the tree is pruned (node recycling, `Config::recycle_fraction`) and the next
//! phase goes on where the last one stopped. At the end the workers' ownership sums are added
//! up and the `Summary` written.
//!
//! Depends on: search (Config, Limits, Root, Worker, tree, decide), geom.

use super::config::{DEFAULT_PLAYOUTS, STOP_FLOOR};
use super::report::Reporter;
use super::spread::ScoreSpread;
use super::tree::{self, Tree};
use super::worker::Worker;
use super::{Config, Limits, Root, Search, Summary};
use crate::geom::by_board_size;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// What the threads of one search share: the tree and root (read-only but for the tree's
/// atomics), the limits, and the counters that stop them all.
pub(super) struct Shared<'a> {
    pub(super) config: &'a Config,
    /// `Config::rave_equivalence` or `rave_equivalence_large`, by the root's board size.
    pub(super) rave_equivalence: f32,
    pub(super) tree: &'a Tree,
    pub(super) root: &'a Root,
    /// The spread of the playouts' scores per root move (`spread.rs`).
    pub(super) spread: &'a ScoreSpread,
    pub(super) stop: Option<&'a AtomicBool>,
    /// Playouts to run before the stop flag counts (`STOP_FLOOR`, or 0 for pondering).
    pub(super) floor: u64,
    pub(super) max_playouts: u64,
    /// When the search began, for its rate of playouts.
    pub(super) start: Instant,
    pub(super) deadline: Option<Instant>,
    /// Past the deadline, an undecided search goes on until this (`Limits::stretch`).
    pub(super) stretch_deadline: Option<Instant>,
    /// Stop when the best move can no longer be overtaken in the playouts left: those of the
    /// cap, and those the time left allows at the rate so far (`playouts_in`). On for
    /// `genmove`'s searches; off for pondering and analysis, which search until stopped.
    pub(super) early_stop: bool,
    /// Iterations begun (claimed against `max_playouts`).
    pub(super) started: AtomicU64,
    /// Iterations finished.
    pub(super) done: AtomicU64,
    /// Raised by the first thread to see a limit: every thread stops.
    pub(super) halt: AtomicBool,
    /// Halt when the tree is full, for `Search::run` to prune it (node recycling).
    pub(super) recycle: bool,
    /// Raised with `halt` by the thread that found the tree full while `recycle` is set.
    pub(super) wants_room: AtomicBool,
}

impl<'a> Shared<'a> {
    /// The shared state of a phase of a search that began at `start` and has run `done`
    /// playouts; `recycle`: halt when the tree is full, for `Search::run` to prune it.
    #[allow(clippy::too_many_arguments)]
    fn new(
        config: &'a Config,
        tree: &'a Tree,
        root: &'a Root,
        spread: &'a ScoreSpread,
        limits: &'a Limits,
        start: Instant,
        done: u64,
        recycle: bool,
    ) -> Shared<'a> {
        let max_playouts = match (limits.playouts, limits.time) {
            (Some(n), _) => n,
            (None, Some(_)) => u64::MAX,
            (None, None) => DEFAULT_PLAYOUTS,
        };
        Shared {
            config,
            rave_equivalence: by_board_size(
                root.board.size(),
                config.rave_equivalence,
                config.rave_equivalence_large,
            ),
            tree,
            root,
            spread,
            stop: limits.stop.as_deref(),
            floor: if limits.stop_at_once { 0 } else { STOP_FLOOR },
            max_playouts,
            start,
            deadline: limits.time.map(|t| start + t),
            stretch_deadline: limits
                .time
                .zip(limits.stretch)
                .map(|(t, s)| start + s.max(t)),
            early_stop: !limits.stop_at_once,
            started: AtomicU64::new(done),
            done: AtomicU64::new(done),
            halt: AtomicBool::new(false),
            recycle,
            wants_room: AtomicBool::new(false),
        }
    }
}

impl Search {
    /// The search: `config.threads` workers on one tree (worker 0 on this thread), until the
    /// playout cap, the deadline, the early stop or the stop flag. `reporter`, if any, is
    /// polled by worker 0 where it reads the clock.
    pub(super) fn run(
        &mut self,
        tree: &mut Tree,
        root: &Root,
        limits: &Limits,
        mut reporter: Option<&mut Reporter>,
    ) {
        let start = Instant::now();
        self.ready_workers(root);
        self.spread.clear();
        let mut done = 0;
        let mut recycled = 0;
        // A root with one legal child needs no search to choose, but an analysis (which stops
        // only when told) still measures it; with none, there is nothing to search.
        let n_legal = root.legal.iter().filter(|&&l| l).count();
        if n_legal > 1 || (n_legal == 1 && limits.stop_at_once) {
            let mut recycle = self.config.recycle_fraction > 0.0;
            // Phases: the search runs until a limit, or until the tree is full; then the tree
            // is pruned (no thread in it) and the next phase goes on where the last one stopped.
            loop {
                let shared = Shared::new(
                    &self.config,
                    tree,
                    root,
                    &self.spread,
                    limits,
                    start,
                    done,
                    recycle,
                );
                run_phase(&mut self.workers, &shared, reporter.as_deref_mut());
                done = shared.done.load(Ordering::Relaxed);
                if !shared.wants_room.load(Ordering::Relaxed) {
                    break;
                }
                let deadline = shared.deadline;
                if self.prune_for_room(tree, deadline) {
                    recycled += 1;
                } else {
                    recycle = false;
                }
            }
        }
        self.summarize(tree, root, start, done, recycled);
    }

    /// Readies the workers for a search from `root`: ownership sums cleared, the armed fault
    /// (if any) given to its worker, the last good replies fitted to the board.
    fn ready_workers(&mut self, root: &Root) {
        let fault = self.fault.take();
        for (i, w) in self.workers.iter_mut().enumerate() {
            w.owner_sum.fill(0);
            w.move_owners.set(self.moves_ownership);
            w.panic_after = fault.filter(|f| f.worker == i).map(|f| f.after);
            w.replies.fit(root.board.stride_m());
        }
    }

    /// Node recycling between two phases: prunes the full `tree` to `recycle_fraction` of its
    /// capacity (`Tree::prune`: the least visited nodes lose their children). Returns false,
    /// pruning nothing, when the pruning would not end well before `deadline` or nothing can
    /// be pruned: the search then goes on without expanding.
    fn prune_for_room(&self, tree: &mut Tree, deadline: Option<Instant>) -> bool {
        // Pruning reads the whole arena (about 10 ns a node, measured on 19×19): not when the
        // deadline would come first.
        let cost = Duration::from_nanos(10 * tree.len() as u64);
        if deadline.is_some_and(|d| Instant::now() + 2 * cost >= d) {
            return false;
        }
        let target = (tree.capacity() as f64 * self.config.recycle_fraction as f64) as usize;
        let Some(min_visits) = tree.prune_threshold(target) else {
            return false;
        };
        let before = tree.len();
        let pruning = Instant::now();
        tree.prune(min_visits);
        log::info!(
            "tree full at {before} nodes: pruned to {} (children kept from {min_visits} visits) in {:.3} s",
            tree.len(),
            pruning.elapsed().as_secs_f64()
        );
        true
    }

    /// After the last phase: adds up the workers' ownership sums, writes the summary of the
    /// search that began at `start` and ran `done` playouts, and logs it.
    fn summarize(&mut self, tree: &Tree, root: &Root, start: Instant, done: u64, recycled: u32) {
        self.owner_sum.fill(0);
        self.move_owners.set(self.moves_ownership);
        for w in &self.workers {
            self.move_owners.merge(&w.move_owners);
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
            score_stdev: 0.0,
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
            self.summary.score_stdev = self.spread.of(tree.node(best).mv()).stdev;
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
        let caches = self.workers.iter().filter_map(|w| w.policies.as_deref());
        let (hits, misses) = caches.fold((0, 0), |(h, m), c| (h + c.hits, m + c.misses));
        if hits + misses > 0 {
            log::info!("network: {misses} evaluations and {hits} policies from the cache so far");
        }
    }
}

/// One phase: every worker searches the tree until a limit (or a full tree), worker 0 on this
/// thread with `reporter`, the others on scoped threads.
fn run_phase(workers: &mut [Worker], shared: &Shared, reporter: Option<&mut Reporter>) {
    let (first, others) = workers.split_first_mut().expect("a search has a worker");
    if others.is_empty() {
        first.search(shared, reporter);
    } else {
        std::thread::scope(|s| {
            for (i, w) in others.iter_mut().enumerate() {
                std::thread::Builder::new()
                    .name(format!("search-{}", i + 1))
                    .spawn_scoped(s, move || w.search(shared, None))
                    .expect("spawning a search thread");
            }
            first.search(shared, reporter);
        });
    }
}

#[cfg(test)]
mod tests;
