//! When a search stops: the stop flag and its floor, the early stop of a timed search, and
//! the stretch of an undecided one.

use super::super::config::{CLOCK_EVERY, STOP_FLOOR};
use super::super::tests::{pt, ring_in_atari, threads};
use super::*;
use crate::game::{Game, Rules};
use crate::geom::{Color, Move};
use crate::search::{Config, Decision, Limits, Search};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

#[test]
fn stop_flag_ends_a_search_after_the_floor() {
    let g = Game::new(19, Rules::default());
    let stop = Arc::new(AtomicBool::new(true));
    let mut search = Search::new(Config::default());
    let limits = Limits {
        playouts: Some(u64::MAX),
        time: None,
        stop: Some(stop),
        stop_at_once: false,
        stretch: None,
    };
    let decision = search.genmove(&g, Color::Black, &limits);
    assert!(matches!(decision, Decision::Play(_)));
    assert!(search.summary().playouts <= STOP_FLOOR);
}

/// With the stop flag up, a ponder search (`stop_at_once`) runs no playout at all, where a
/// genmove runs its floor.
#[test]
fn a_raised_stop_flag_ends_pondering_at_once() {
    let g = Game::new(9, Rules::default());
    let stop = Arc::new(AtomicBool::new(true));
    let mut search = Search::new(threads(2));
    search.ponder(&g, Color::Black, stop.clone(), Duration::from_secs(60));
    assert_eq!(search.summary().playouts, 0);
    let limits = Limits {
        playouts: Some(u64::MAX),
        stop: Some(stop),
        ..Limits::default()
    };
    search.genmove(&g, Color::Black, &limits);
    let done = search.summary().playouts;
    assert!((STOP_FLOOR..STOP_FLOOR + 2).contains(&done), "{done}");
}

#[test]
fn playouts_in_the_time_left_at_the_rate_so_far() {
    let s = Duration::from_secs;
    // 1,000 a second, two seconds left, a quarter's margin.
    assert_eq!(playouts_in(1000, s(1), s(2)), 2500);
    assert_eq!(playouts_in(1000, s(1), s(0)), 0);
    // No time elapsed yet: a huge rate, not a division by zero.
    assert!(playouts_in(10, Duration::ZERO, s(1)) >= 10_000);
}

/// A search with only a time limit stops once the best move can no longer be overtaken in
/// the time left: here the capture wins every playout, so the search ends well before its
/// deadline (by the rate of its own playouts, so the machine's load does not matter).
#[test]
fn a_timed_search_stops_once_the_best_move_is_settled() {
    let g = ring_in_atari(Color::Black);
    let mut search = Search::new(threads(1));
    let limit = Duration::from_secs(4);
    let limits = Limits {
        time: Some(limit),
        ..Limits::default()
    };
    assert_eq!(
        search.genmove(&g, Color::Black, &limits),
        Decision::Play(Move::Play(pt("C3", 5)))
    );
    let elapsed = search.summary().elapsed;
    assert!(elapsed < limit * 4 / 5, "{elapsed:?} of {limit:?}");
    // Pondering has no early stop: it searches until its stop flag or its time.
    let stop = Arc::new(AtomicBool::new(false));
    let mut g = g;
    g.try_play(Color::Black, Move::Play(pt("C3", 5))).unwrap();
    search.ponder(&g, Color::White, stop, Duration::from_millis(300));
    assert!(search.summary().elapsed >= Duration::from_millis(300));
}

#[test]
fn two_close_moves_count_as_undecided() {
    assert!(is_close(10, 5) && is_close(10, 9) && is_close(1, 1));
    assert!(!is_close(10, 4) && !is_close(0, 0) && !is_close(100, 0));
}

/// A search past its deadline (time zero) stops at its first clock check, unless its two best
/// moves are close and it has a stretch: then it thinks on while they stay close.
#[test]
fn an_undecided_search_thinks_on_within_its_stretch() {
    let run = |g: &Game, color: Color, stretch: Option<Duration>| {
        // Without the empty-corner prior, the learned prior and the network (both know the
        // corner openings), the playouts' board filling and the last good replies, which
        // single out a few points of the empty board early on.
        let mut config = Config::default();
        config.prior.empty_corner = 0.0;
        config.prior.learned_large = 0.0;
        config.prior.network_large = 0.0;
        config.playout.fill_board_tries = 0;
        config.playout.p_reply_large = 0.0;
        let mut search = Search::new(config);
        let limits = Limits {
            playouts: Some(4000),
            time: Some(Duration::ZERO),
            stretch,
            ..Limits::default()
        };
        search.genmove(g, color, &limits);
        search.summary().playouts
    };
    let empty = Game::new(19, Rules::default());
    let long = Some(Duration::from_secs(60));
    assert!(run(&empty, Color::Black, None) <= CLOCK_EVERY + 1);
    // The empty 19×19 board has hundreds of moves of nearly equal value.
    assert!(run(&empty, Color::Black, long) > 4 * CLOCK_EVERY);
    // The capture of the block wins every playout: no reason to think on.
    let ring = ring_in_atari(Color::Black);
    assert!(run(&ring, Color::Black, long) <= 4 * CLOCK_EVERY);
}
