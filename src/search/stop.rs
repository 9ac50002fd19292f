//! When a search stops: the stop flag (after its floor), the playout cap, the deadline, the
//! early stop (the best move can no longer be overtaken in the playouts left) and the stretch
//! (past the deadline, an undecided search thinks on). Every thread asks `claim_iteration`
//! before each iteration and `stops_at` at each clock check; the first that sees a limit halts
//! them all.
//!
//! Depends on: search (Root, Shared, tree, config).

use super::run::Shared;
use super::tree::Tree;
use super::Root;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

impl Shared<'_> {
    /// Claims one iteration against the playout cap. Returns false (and halts every thread)
    /// when the search stops first: halted by another thread, the stop flag raised after the
    /// floor, or the cap reached.
    pub(super) fn claim_iteration(&self) -> bool {
        if self.halt.load(Ordering::Relaxed) {
            return false;
        }
        if let Some(stop) = self.stop {
            if stop.load(Ordering::Relaxed) && self.done.load(Ordering::Relaxed) >= self.floor {
                self.halt.store(true, Ordering::Relaxed);
                return false;
            }
        }
        if self.started.fetch_add(1, Ordering::Relaxed) >= self.max_playouts {
            self.halt.store(true, Ordering::Relaxed);
            return false;
        }
        true
    }

    /// At a thread's clock check (`now`): returns true if and only if the search stops here
    /// (and then halts every thread): past the deadline and not stretching, decided early, or
    /// the tree full while node recycling is on (then also asks `Search::run` for room).
    /// Cold path: once per `CLOCK_EVERY` iterations of a thread.
    pub(super) fn stops_at(&self, now: Instant) -> bool {
        // Past the deadline, an undecided search thinks on to its stretch deadline, which
        // then also bounds the playouts left for the early stop.
        let past = self.deadline.is_some_and(|d| now >= d);
        let stretching = past
            && self.stretch_deadline.is_some_and(|e| now < e)
            && undecided(self.tree, self.root);
        let late = past && !stretching;
        let horizon = if stretching {
            self.stretch_deadline
        } else {
            self.deadline
        };
        let mut remaining = self
            .max_playouts
            .saturating_sub(self.started.load(Ordering::Relaxed));
        if let Some(deadline) = horizon {
            let done = self.done.load(Ordering::Relaxed);
            let in_time = playouts_in(done, now - self.start, deadline - now.min(deadline));
            remaining = remaining.min(in_time);
        }
        if late || (self.early_stop && decided(self.tree, self.root, remaining)) {
            self.halt.store(true, Ordering::Relaxed);
            return true;
        }
        if self.recycle && self.tree.is_full() {
            self.wants_room.store(true, Ordering::Relaxed);
            self.halt.store(true, Ordering::Relaxed);
            return true;
        }
        false
    }
}

/// The visits of the two most visited legal root moves.
fn two_most_visited(tree: &Tree, root: &Root) -> (u32, u32) {
    let mut first = 0u32;
    let mut second = 0u32;
    for c in root.legal_children(tree) {
        let v = tree.node(c).visits();
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

/// Returns true if and only if `second` visits are at least `UNDECIDED_RATIO` of `first`.
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

#[cfg(test)]
mod tests;
