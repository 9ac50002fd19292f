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
use super::move_owners::MoveOwners;
use super::spread::ScoreSpread;
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
    /// Standard deviation of the final margins of this search's playouts through the move
    /// (`spread.rs`); 0 when this search has not visited it.
    pub score_stdev: f32,
    /// Mean owner of each point over this search's playouts through the move (Black
    /// positive, by `Point::index`), when the search keeps it
    /// (`Search::set_moves_ownership`) and has visited the move.
    pub ownership: Option<Ownership>,
}

impl MoveInfo {
    /// A lower confidence bound of the win rate: the normal approximation, 1.96 standard
    /// errors below it (Leela Zero's `lcb` is in the same spirit); 0 for an unvisited move.
    pub fn lcb(&self) -> f32 {
        if self.visits == 0 {
            return 0.0;
        }
        let p = self.win_rate;
        p - 1.96 * (p * (1.0 - p) / self.visits as f32).sqrt()
    }
}

/// The root as a whole, for the side to move (KataGo's `rootInfo`).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RootInfo {
    /// Real playouts through the root, a kept subtree's included.
    pub visits: u32,
    /// Win rate of the side to move over those playouts; 0.5 before any.
    pub win_rate: f32,
    /// Mean final margin of those playouts for the side to move.
    pub score_lead: f32,
    /// Standard deviation of the final margins of this search's playouts.
    pub score_stdev: f32,
}

/// A snapshot of the search, most visited move first.
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    /// The side to move at the root.
    pub color: Color,
    /// Playouts of this search so far.
    pub playouts: u64,
    /// The root's own statistics.
    pub root: RootInfo,
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

/// The ownership sums a report is made from: the whole board's over `playouts` playouts, and
/// each root move's (when kept).
pub(super) struct Owners<'a> {
    pub(super) all: &'a [i32; MAX_POINTS],
    pub(super) playouts: u64,
    pub(super) by_move: &'a MoveOwners,
}

/// The search loop's hook: sends a report to `reporter` if one is due at `now`, with the
/// ownership of `owners`. Cold path (once per `CLOCK_EVERY` iterations of one thread; builds
/// a report only every interval).
pub(super) fn poll(
    reporter: &mut Reporter,
    now: Instant,
    tree: &Tree,
    root: &Root,
    done: u64,
    owners: Owners,
    spread: &ScoreSpread,
) {
    if reporter.due(now) {
        let report = report(tree, root, done, owners, spread);
        (reporter.sink)(&report);
    }
}

/// The report of the search at the root of `tree` after `done` playouts, with the ownership
/// of `owners` and the spread of scores of `spread`.
pub(super) fn report(
    tree: &Tree,
    root: &Root,
    done: u64,
    owners: Owners,
    spread: &ScoreSpread,
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
                score_stdev: spread.of(node.mv()).stdev,
                ownership: owners.by_move.of(node.mv()),
            }
        })
        .collect();
    moves.sort_by(|a, b| b.visits.cmp(&a.visits).then(b.prior.total_cmp(&a.prior)));
    for (i, m) in moves.iter_mut().enumerate() {
        m.order = i;
    }
    let n = owners.playouts.max(1) as f32;
    let ownership = owners.all.iter().map(|&s| s as f32 / n).collect();
    // The root's wins and margins count for the player who moved into it: the opponent.
    let top = tree.node(Tree::ROOT);
    let stats = top.stats();
    let root_info = RootInfo {
        visits: stats.visits,
        win_rate: if stats.visits == 0 {
            0.5
        } else {
            1.0 - stats.value()
        },
        score_lead: -top.score_mean() + 0.0,
        score_stdev: spread.total().stdev,
    };
    Report {
        color: root.color,
        playouts: done,
        root: root_info,
        moves,
        ownership,
    }
}

#[cfg(test)]
mod tests;
