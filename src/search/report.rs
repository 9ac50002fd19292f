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
mod tests {
    use super::super::tests::ring_in_atari;
    use super::super::{Config, Decision, Limits, Search};
    use super::*;
    use crate::geom::Point;

    fn playouts(n: u64) -> Limits {
        Limits {
            playouts: Some(n),
            ..Limits::default()
        }
    }

    #[test]
    fn a_report_ranks_the_winning_capture_first_with_its_score() {
        let g = ring_in_atari(Color::Black);
        let mut search = Search::new(Config::default());
        let report = search.analyze(&g, Color::Black, &playouts(600), None, &|_| true);
        assert_eq!(report.color, Color::Black);
        // The search may stop early once C3 cannot be overtaken.
        assert!((1..=600).contains(&report.playouts));
        let best = &report.moves[0];
        assert_eq!(best.mv, Move::Play(Point::parse("C3", 5).unwrap()));
        assert_eq!(best.order, 0);
        assert!(best.win_rate > 0.8, "{best:?}");
        // Black owns the whole board after the capture: 25 points less 7.5 komi.
        assert!(best.score_lead > 5.0, "{best:?}");
        assert_eq!(best.pv[0], best.mv);
        assert_eq!(best.pv.len(), best.pv_visits.len());
        assert_eq!(best.pv_visits[0], best.visits);
        assert!(best.pv_visits.windows(2).all(|w| w[0] >= w[1]));
        let total: u64 = report.moves.iter().map(|m| m.visits as u64).sum();
        assert!(total <= report.playouts);
        let prior: f32 = report.moves.iter().map(|m| m.prior).sum();
        assert!((prior - 1.0).abs() < 1e-3, "{prior}");
        assert!(report.moves.windows(2).all(|w| w[0].visits >= w[1].visits));
        assert!(report.moves.iter().enumerate().all(|(i, m)| m.order == i));
        // C3 is Black's in most playouts; ownership is Black's side.
        let c3 = Point::parse("C3", 5).unwrap().index();
        assert!(report.ownership[c3] > 0.5, "{}", report.ownership[c3]);
    }

    #[test]
    fn win_rate_and_score_lead_are_the_side_to_move() {
        // White to move captures Black's ring at E1 and owns the board: 25 + 7.5 points.
        let g = ring_in_atari(Color::White);
        let mut search = Search::new(Config::default());
        let report = search.analyze(&g, Color::White, &playouts(600), None, &|_| true);
        assert_eq!(report.color, Color::White);
        let best = &report.moves[0];
        assert_eq!(best.mv, Move::Play(Point::parse("E1", 5).unwrap()));
        assert!(best.score_lead > 20.0, "{best:?}");
        assert!(best.win_rate > 0.8, "{best:?}");
        // E1 is White's in most playouts: negative from Black's side.
        let e1 = Point::parse("E1", 5).unwrap().index();
        assert!(report.ownership[e1] < -0.5, "{}", report.ownership[e1]);
    }

    #[test]
    fn moves_not_allowed_are_neither_searched_nor_reported() {
        let g = ring_in_atari(Color::Black);
        let c3 = Move::Play(Point::parse("C3", 5).unwrap());
        let mut search = Search::new(Config::default());
        let report = search.analyze(&g, Color::Black, &playouts(300), None, &|mv| mv != c3);
        assert_eq!(report.moves.len(), 1);
        assert_eq!(report.moves[0].mv, Move::Pass);
        // The restriction lasts one analysis: the next genmove plays C3.
        let decision = search.genmove(&g, Color::Black, &playouts(300));
        assert_eq!(decision, Decision::Play(c3));
    }

    #[test]
    fn a_reporter_does_not_change_the_search() {
        let g = ring_in_atari(Color::Black);
        let quiet = Search::new(Config::default()).genmove(&g, Color::Black, &playouts(400));
        let mut n_reports = 0;
        let mut sink = |r: &Report| {
            assert!(!r.moves.is_empty());
            n_reports += 1;
        };
        let mut reporter = Reporter::new(Duration::ZERO, &mut sink);
        let reported = Search::new(Config::default()).genmove_reporting(
            &g,
            Color::Black,
            &playouts(400),
            Some(&mut reporter),
        );
        assert_eq!(quiet, reported);
        assert!(matches!(reported, Decision::Play(_)));
    }

    #[test]
    fn reports_are_due_every_interval_after_the_first_poll() {
        let mut sink = |_: &Report| {};
        let mut r = Reporter::new(Duration::from_millis(100), &mut sink);
        let t0 = Instant::now();
        assert!(!r.due(t0));
        assert!(!r.due(t0 + Duration::from_millis(50)));
        assert!(r.due(t0 + Duration::from_millis(100)));
        assert!(!r.due(t0 + Duration::from_millis(150)));
        // Late by far: one report, not a burst.
        assert!(r.due(t0 + Duration::from_millis(1000)));
        assert!(!r.due(t0 + Duration::from_millis(1050)));
    }

    #[test]
    fn the_interval_has_a_floor() {
        let mut sink = |_: &Report| {};
        let mut r = Reporter::new(Duration::ZERO, &mut sink);
        let t0 = Instant::now();
        assert!(!r.due(t0));
        assert!(!r.due(t0 + Duration::from_millis(5)));
        assert!(r.due(t0 + Duration::from_millis(10)));
    }
}
