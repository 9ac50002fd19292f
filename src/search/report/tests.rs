//! Reports: the ranked moves with their scores and variations, allowed moves, and the
//! reporter's schedule.

use super::super::tests::ring_in_atari;
use super::super::{Config, Decision, Limits, Restriction, Search};
use super::*;
use crate::game::Game;
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
    let report = search.analyze(
        &g,
        Color::Black,
        &playouts(600),
        None,
        &Restriction::default(),
    );
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
    let report = search.analyze(
        &g,
        Color::White,
        &playouts(600),
        None,
        &Restriction::default(),
    );
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
    let mut restriction = Restriction::default();
    restriction.avoid(Color::Black, &[c3], 1);
    let report = search.analyze(&g, Color::Black, &playouts(300), None, &restriction);
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

/// The root's figures, the spread of each move's scores and, when kept, each move's
/// ownership, on two threads.
#[test]
fn root_spread_and_ownership_per_move() {
    let g = ring_in_atari(Color::Black);
    let mut search = Search::new(super::super::tests::threads(2));
    search.set_moves_ownership(true);
    let limits = Limits {
        playouts: Some(800),
        stop_at_once: true,
        ..Limits::default()
    };
    let report = search.analyze(&g, Color::Black, &limits, None, &Restriction::default());
    assert_eq!(report.playouts, 800);
    assert_eq!(report.root.visits, 800, "{:?}", report.root);
    let best = &report.moves[0];
    assert_eq!(best.mv, Move::Play(Point::parse("C3", 5).unwrap()));
    // C3 wins Black the whole board, 25 − 7.5 points, in almost every playout. Not in all:
    // two threads on a loaded machine grow another tree than one thread does, and up to 9
    // playouts of 800 were seen to end otherwise (score 17.29, spread 1.28; in 8 of 30 runs
    // beside a training run); still far from the empty board's spread below. B2's ownership
    // was seen at 0.935 once in CI (the test binary's other tests on the same two cores).
    assert!((best.score_lead - 17.5).abs() < 1.0, "{best:?}");
    assert!(best.score_stdev < 3.0, "{best:?}");
    let own = best.ownership.as_ref().expect("kept");
    let b2 = Point::parse("B2", 5).unwrap().index();
    assert!(own[b2] > 0.9, "{}", own[b2]);
    // An empty board: the playouts' scores spread widely, every visited move has its map.
    let empty = Game::new(7, crate::game::Rules::default());
    let report = search.analyze(&empty, Color::Black, &limits, None, &Restriction::default());
    assert!(report.root.score_stdev > 5.0, "{:?}", report.root);
    assert!(report.moves[0].score_stdev > 1.0, "{:?}", report.moves[0]);
    for m in report.moves.iter().filter(|m| m.visits > 0) {
        assert!(m.score_stdev >= 0.0, "{m:?}");
        let own = m.ownership.as_ref().expect("kept for every visited move");
        assert_eq!(own.len(), crate::geom::MAX_POINTS);
        assert!(own.iter().all(|o| (-1.0..=1.0).contains(o)));
    }
    // Off again: nothing kept.
    search.set_moves_ownership(false);
    let report = search.analyze(
        &g,
        Color::Black,
        &playouts(100),
        None,
        &Restriction::default(),
    );
    assert!(report.moves.iter().all(|m| m.ownership.is_none()));
}
