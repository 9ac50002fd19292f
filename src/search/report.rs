//! What a running search looks like from outside: `Report` (one `MoveInfo` per legal root
//! move, and the ownership so far), built from the tree's root, and `Reporter`, the schedule
//! and sink that worker 0 polls where it reads the clock (one call, `report::poll`).
//!
//! Nothing here formats text or writes anywhere: the sink is the caller's (GTP's `lz-analyze`,
//! `kata-analyze` and GoGui commands format a `Report` themselves).
//!
//! Sign conventions: `win_rate` and `score_lead` are for the side to move at the root (the
//! analysed colour), as every analysis client expects; `ownership` is Black's, as everywhere
//! else in tengen.
//!
//! Depends on: search (tree, Root, decide), geom.

use super::decide::variation;
use super::tree::{NodeId, Tree};
use super::{Ownership, Root};
use crate::geom::{Color, Move, MAX_POINTS};
use std::time::{Duration, Instant};

/// Longest principal variation reported per move.
const MAX_PV: usize = 20;

/// One legal root move as the search sees it.
#[derive(Debug, Clone, PartialEq)]
pub struct MoveInfo {
    pub mv: Move,
    /// Real playouts through the move.
    pub visits: u32,
    /// Win rate for the side to move; 0.5 before any visit.
    pub win_rate: f32,
    /// The share of this move in the root's prior wins (`Prior::wins`), in [0, 1], summing to
    /// 1 over the legal moves: tengen's stand-in for a policy probability.
    pub prior: f32,
    /// Rank: 0 for the most visited move.
    pub order: usize,
    /// The move, then the most visited reply at each level while it has real visits.
    pub pv: Vec<Move>,
    /// Real visits of each node of `pv`.
    pub pv_visits: Vec<u32>,
    /// Mean area margin of the playouts through the move, komi taken off, for the side to
    /// move (`Node::score_mean`).
    pub score_lead: f32,
}

/// A snapshot of the search, most visited move first.
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    /// The side to move at the root.
    pub color: Color,
    /// Playouts of this search so far.
    pub playouts: u64,
    /// Every legal root move, by visits (then prior) descending; `order` is the index.
    pub moves: Vec<MoveInfo>,
    /// Mean owner of each point over this search's playouts (Black positive, by
    /// `Point::index`); all zero before any playout.
    pub ownership: Ownership,
}

/// When to report and to whom. The first report is due one `interval` after the first poll.
pub struct Reporter<'a> {
    interval: Duration,
    next: Option<Instant>,
    sink: &'a mut dyn FnMut(&Report),
}

impl<'a> Reporter<'a> {
    /// Reports every `interval` (at least 10 ms) to `sink`.
    pub fn new(interval: Duration, sink: &'a mut dyn FnMut(&Report)) -> Reporter<'a> {
        Reporter {
            interval: interval.max(Duration::from_millis(10)),
            next: None,
            sink,
        }
    }

    /// Returns true if and only if a report is due at `now`; schedules the next one.
    fn due(&mut self, now: Instant) -> bool {
        match self.next {
            None => {
                self.next = Some(now + self.interval);
                false
            }
            Some(next) if now >= next => {
                // From now, not from `next`: a slow sink never causes a burst of reports.
                self.next = Some(now + self.interval);
                true
            }
            Some(_) => false,
        }
    }
}

/// The search loop's hook: sends a report to `reporter` if one is due at `now`, with the
/// ownership of `owner_sum` over `owner_playouts` playouts. Cold path (once per `CLOCK_EVERY`
/// iterations of one thread; builds a report only every interval).
pub(super) fn poll(
    reporter: &mut Reporter,
    now: Instant,
    tree: &Tree,
    root: &Root,
    done: u64,
    owner_sum: &[i32; MAX_POINTS],
    owner_playouts: u64,
) {
    if reporter.due(now) {
        let report = report(tree, root, done, owner_sum, owner_playouts);
        (reporter.sink)(&report);
    }
}

/// The report of the search at the root of `tree` after `done` playouts, with the ownership
/// of `owner_sum` over `owner_playouts` playouts.
pub(super) fn report(
    tree: &Tree,
    root: &Root,
    done: u64,
    owner_sum: &[i32; MAX_POINTS],
    owner_playouts: u64,
) -> Report {
    let legal: Vec<NodeId> = root.legal_children(tree).collect();
    let prior_total: f32 = legal.iter().map(|&c| tree.node(c).prior().wins()).sum();
    let mut moves: Vec<MoveInfo> = legal
        .iter()
        .map(|&c| {
            let node = tree.node(c);
            let line: Vec<NodeId> = variation(tree, c, MAX_PV).collect();
            MoveInfo {
                mv: node.mv(),
                visits: node.visits(),
                win_rate: node.stats().value(),
                prior: if prior_total > 0.0 {
                    node.prior().wins() / prior_total
                } else {
                    1.0 / legal.len() as f32
                },
                order: 0,
                pv: line.iter().map(|&n| tree.node(n).mv()).collect(),
                pv_visits: line.iter().map(|&n| tree.node(n).visits()).collect(),
                // A root child's margin is already the root mover's.
                score_lead: node.score_mean(),
            }
        })
        .collect();
    moves.sort_by(|a, b| b.visits.cmp(&a.visits).then(b.prior.total_cmp(&a.prior)));
    for (i, m) in moves.iter_mut().enumerate() {
        m.order = i;
    }
    let n = owner_playouts.max(1) as f32;
    let ownership = owner_sum.iter().map(|&s| s as f32 / n).collect();
    Report {
        color: root.color,
        playouts: done,
        moves,
        ownership,
    }
}

#[cfg(test)]
mod tests;
