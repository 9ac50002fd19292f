//! Tests of the overhead estimate: exact from the engine, from whole-second reports, its rise
//! and decay, and the reports it must not learn from.

use crate::time::overhead::PRIOR;
use crate::time::tests::*;
use crate::time::*;

/// `moves` moves of `think` s each, charged `think + internal + external` by a controller
/// that reports main time rounded down to whole seconds before each move, as `tengen match`
/// and GTP do. Returns main time left.
fn play(
    o: &mut Overhead,
    main: f64,
    moves: usize,
    think: f64,
    internal: f64,
    external: f64,
) -> f64 {
    let mut left = main;
    for _ in 0..moves {
        o.report(secs(left.floor()), Duration::ZERO);
        o.note_move(secs(think + internal), secs(think));
        left -= think + internal + external;
    }
    o.report(secs(left.floor()), Duration::ZERO);
    left
}

fn close(d: Duration, x: f64, within: f64) -> bool {
    (d.as_secs_f64() - x).abs() <= within
}

/// The estimate after `n` moves of overhead `x` s from a fresh start: the window's other
/// moves are `PRIOR`.
fn after(n: usize, x: f64) -> f64 {
    (n as f64 * x + (16 - n) as f64 * PRIOR.as_secs_f64()) / 16.0
}

#[test]
fn the_prior_gives_way_a_sixteenth_a_move() {
    let mut o = Overhead::default();
    assert_eq!(o.estimate(), PRIOR);
    o.report(secs(100.0), Duration::ZERO);
    assert_eq!(o.estimate(), PRIOR);
    // A move of 1 s charged 1.3 s.
    o.note_move(secs(1.0), secs(1.0));
    o.report(secs(98.7), Duration::ZERO);
    assert!(
        close(o.estimate(), after(1, 0.3), 1e-6),
        "{:?}",
        o.estimate()
    );
    // Moves that thought no longer than they took cost nothing beyond: the first one's
    // mean with the prior decays by 0.95 a move.
    let mut o = Overhead::default();
    for _ in 0..16 {
        o.note_move(secs(0.5), secs(0.7));
    }
    let decayed = after(1, 0.0) * 0.95f64.powi(15);
    assert!(close(o.estimate(), decayed, 1e-4), "{:?}", o.estimate());
    for _ in 0..100 {
        o.note_move(secs(0.5), secs(0.7));
    }
    assert!(o.estimate() < secs(0.001), "{:?}", o.estimate());
}

#[test]
fn whole_second_reports_give_the_charge_within_a_sixteenth_of_a_second() {
    for (think, internal, external) in [(0.8, 0.0, 0.12), (0.37, 0.05, 0.3), (2.3, 0.2, 0.0)] {
        let mut o = Overhead::default();
        play(&mut o, 120.0, 40, think, internal, external);
        let truth = internal + external;
        // The decaying maximum keeps the window's mean at its highest: at most 1/16 s above.
        assert!(
            o.estimate().as_secs_f64() >= truth - 1.0 / 16.0
                && o.estimate().as_secs_f64() <= truth + 1.0 / 16.0 + 1e-6,
            "{think} {internal} {external}: {:?}",
            o.estimate()
        );
    }
}

#[test]
fn fractional_reports_are_exact() {
    let mut o = Overhead::default();
    let mut left = 60.0;
    for _ in 0..20 {
        o.report(secs(left), Duration::ZERO);
        o.note_move(secs(0.5), secs(0.5));
        left -= 0.5 + 0.25;
    }
    o.report(secs(left), Duration::ZERO);
    assert!(close(o.estimate(), 0.25, 1e-3), "{:?}", o.estimate());
}

#[test]
fn a_rise_shows_at_once_and_a_fall_is_believed_slowly() {
    let mut o = Overhead::default();
    for _ in 0..64 {
        o.note_move(secs(1.05), secs(1.0));
    }
    assert!(close(o.estimate(), 0.05, 1e-6), "{:?}", o.estimate());
    // The engine gets slow: 0.8 s a move. Two moves in, the mean of its last 4 shows half
    // of the rise.
    o.note_move(secs(1.8), secs(1.0));
    o.note_move(secs(1.8), secs(1.0));
    assert!(
        close(o.estimate(), (0.1 + 1.6) / 4.0, 1e-3),
        "{:?}",
        o.estimate()
    );
    for _ in 0..14 {
        o.note_move(secs(1.8), secs(1.0));
    }
    assert!(close(o.estimate(), 0.8, 1e-3));
    // Quiet again: 13 moves on, the estimate is still above half of the busy one.
    for _ in 0..13 {
        o.note_move(secs(1.05), secs(1.0));
    }
    assert!(o.estimate() > secs(0.4), "{:?}", o.estimate());
    for _ in 0..100 {
        o.note_move(secs(1.05), secs(1.0));
    }
    assert!(close(o.estimate(), 0.05, 1e-3), "{:?}", o.estimate());
    // A rise the controller alone sees (the pipe, the scheduler) shows through the mean of
    // 16: two moves of 0.8 s beyond, by 2/16 of the rise.
    let mut o = Overhead::default();
    let mut left = 100.0;
    for n in 0..66 {
        o.report(secs(left), Duration::ZERO);
        o.note_move(secs(1.0), secs(1.0));
        left -= if n < 64 { 1.05 } else { 1.8 };
    }
    o.report(secs(left), Duration::ZERO);
    assert!(
        close(o.estimate(), 0.05 + 2.0 * 0.75 / 16.0, 1e-3),
        "{:?}",
        o.estimate()
    );
}

#[test]
fn a_report_covering_several_moves_spreads_their_charge() {
    let mut o = Overhead::default();
    o.report(secs(100.0), Duration::ZERO);
    for _ in 0..4 {
        o.note_move(secs(1.0), secs(1.0));
    }
    // Four moves of 1 s charged 6 s: 0.5 s a move beyond.
    o.report(secs(94.0), Duration::ZERO);
    assert!(
        close(o.estimate(), after(4, 0.5), 1e-6),
        "{:?}",
        o.estimate()
    );
}

#[test]
fn reports_that_hide_the_charge_teach_nothing() {
    // `blind` sees the same moves and no report.
    let mut o = Overhead::default();
    let mut blind = Overhead::default();
    let both = |o: &mut Overhead, blind: &mut Overhead| {
        o.note_move(secs(0.1), secs(0.1));
        blind.note_move(secs(0.1), secs(0.1));
    };
    // Main time at zero: a controller that clamps there charged less than the move took.
    o.report(secs(1.0), Duration::ZERO);
    both(&mut o, &mut blind);
    o.report(Duration::ZERO, Duration::ZERO);
    assert_eq!(o.estimate(), blind.estimate());
    // A clock that went up (a new game without clear_board).
    both(&mut o, &mut blind);
    o.report(secs(300.0), Duration::ZERO);
    both(&mut o, &mut blind);
    o.report(secs(600.0), Duration::ZERO);
    assert_eq!(o.estimate(), blind.estimate());
    // No report before the move: nothing to compare with.
    o.forget_report();
    both(&mut o, &mut blind);
    o.report(secs(10.0), Duration::ZERO);
    assert_eq!(o.estimate(), blind.estimate());
    // But a report after a move does teach.
    both(&mut o, &mut blind);
    o.report(secs(5.0), Duration::ZERO);
    assert!(o.estimate() > blind.estimate());
}

#[test]
fn fischer_increments_are_credited_before_the_charge_is_taken() {
    let mut clock = Clock::new(FISCHER_300_5);
    clock.time_left(secs(100.0), 0);
    clock.record_search(secs(2.0), secs(2.0));
    // 100 - 2 - 0.4 + 5
    clock.time_left(secs(102.6), 0);
    assert!(
        close(clock.overhead(), after(1, 0.4), 1e-6),
        "{:?}",
        clock.overhead()
    );
    // fischer-capped: a clock at its cap says nothing of the charge.
    let mut capped = Clock::new(kata("fischer-capped 300 5 302 -1"));
    capped.time_left(secs(300.0), 0);
    capped.record_search(secs(1.0), secs(1.0));
    capped.time_left(secs(302.0), 0);
    assert!(close(capped.overhead(), after(1, 0.0), 1e-6));
}

#[test]
fn the_clock_learns_in_main_time_only_and_keeps_it_across_games() {
    let mut clock = Clock::new(kgs("byoyomi 60 10 3"));
    clock.time_left(secs(60.0), 0);
    clock.record_search(secs(1.0), secs(1.0));
    clock.time_left(secs(58.0), 0);
    assert!(close(clock.overhead(), after(1, 1.0), 1e-6));
    // In byo-yomi the period renews: its reports teach nothing.
    clock.time_left(secs(10.0), 3);
    clock.record_search(secs(1.0), secs(1.0));
    clock.time_left(secs(1.0), 3);
    assert!(
        clock.overhead() <= secs(after(1, 1.0)),
        "{:?}",
        clock.overhead()
    );
    // A new game, or a new control, keeps the overhead but not the last report.
    let mut clock = Clock::new(gtp("120 0 0"));
    clock.time_left(secs(50.0), 0);
    clock.record_search(secs(1.0), secs(0.5));
    let learnt = clock.overhead();
    assert!(learnt > PRIOR, "{learnt:?}");
    clock.reset();
    assert_eq!(clock.main_left(), secs(120.0));
    assert_eq!(clock.overhead(), learnt);
    clock.time_left(secs(120.0), 0);
    assert_eq!(clock.overhead(), learnt);
    clock.set_control(gtp("300 0 0"));
    assert_eq!(clock.overhead(), learnt);
    // No time limit: nothing to learn.
    let mut none = Clock::new(TimeControl::None);
    none.record_search(secs(9.0), secs(1.0));
    assert_eq!(none.overhead(), PRIOR);
}
