//! Tests of the per-move thinking time and of running the clock.

use crate::time::tests::*;
use crate::time::*;

#[test]
fn no_limit_has_no_budget() {
    let clock = Clock::new(gtp("0 1 0"));
    assert_eq!(
        clock.budget(&BudgetConfig::default(), MIDDLE_19),
        Budget::NoLimit
    );
    assert_eq!(Budget::NoLimit.duration(), None);
    // time_left under no limit is accepted and ignored.
    let mut clock = Clock::new(TimeControl::None);
    clock.time_left(secs(5.0), 0);
    clock.record_move(secs(100.0));
    assert_eq!(
        clock.budget(&BudgetConfig::default(), LATE_9),
        Budget::NoLimit
    );
}

#[test]
fn absolute_spreads_main_time_and_favours_the_middle_game() {
    let config = BudgetConfig::default();
    let clock = Clock::new(gtp("600 0 0"));
    let opening = limit(clock.budget(&config, OPENING_19));
    let middle = limit(clock.budget(&config, MIDDLE_19));
    // 19×19 from move 0: about 126 moves of ours, so a few seconds each.
    assert!(opening > secs(1.0) && opening < secs(6.0), "{opening:?}");
    assert!(middle > opening, "{middle:?} <= {opening:?}");
    assert!(middle < secs(600.0) * 1 / 10);
}

#[test]
fn absolute_running_low_never_exceeds_main_time_less_the_margin() {
    let config = BudgetConfig::default();
    let mut clock = Clock::new(gtp("600 0 0"));
    for main_left in [30.0, 5.0, 2.0, 1.5] {
        clock.time_left(secs(main_left), 0);
        for phase in [OPENING_19, MIDDLE_19, LATE_9] {
            let b = limit(clock.budget(&config, phase));
            assert!(b >= config.min_think);
            assert!(
                b <= secs(main_left) - config.lag_margin,
                "{main_left}s left: {b:?}"
            );
            assert!(b <= secs(main_left).mul_f64(config.max_main_fraction));
        }
    }
    // Less than the margin left: move at once, but never with a zero budget.
    clock.time_left(secs(0.5), 0);
    assert_eq!(
        clock.budget(&config, LATE_9),
        Budget::Limit(config.min_think)
    );
    clock.time_left(Duration::ZERO, 0);
    assert_eq!(
        clock.budget(&config, LATE_9),
        Budget::Limit(config.min_think)
    );
}

#[test]
fn absolute_record_move_runs_main_time_down_to_zero() {
    let mut clock = Clock::new(kgs("absolute 10"));
    clock.record_move(secs(4.0));
    assert_eq!(clock.main_left(), secs(6.0));
    clock.record_move(secs(7.0));
    assert_eq!(clock.main_left(), Duration::ZERO);
    assert!(!clock.in_overtime());
    clock.reset();
    assert_eq!(clock.main_left(), secs(10.0));
}

#[test]
fn byo_yomi_budget_never_exceeds_one_period_less_the_margin() {
    let config = BudgetConfig::default();
    for (period, periods) in [(30.0, 5), (10.0, 1), (60.0, 3), (2.0, 5)] {
        let mut clock = Clock::new(TimeControl::ByoYomi {
            main: Duration::ZERO,
            period: secs(period),
            periods,
        });
        assert!(clock.in_overtime(), "main 0 starts in byo-yomi");
        assert_eq!(clock.periods_left(), periods);
        for phase in [OPENING_19, MIDDLE_19, LATE_9] {
            let b = limit(clock.budget(&config, phase));
            let margin = config
                .lag_margin
                .min(secs(period * config.max_lag_fraction));
            assert!(b <= secs(period) - margin, "period {period}: {b:?}");
            assert!(
                b >= secs(period * 0.5),
                "period {period}: {b:?} wastes the period"
            );
        }
        // The same after KGS reports the period partly used, and with one period left.
        clock.time_left(secs(period / 2.0), 1);
        let b = limit(clock.budget(&config, MIDDLE_19));
        assert!(b < secs(period / 2.0), "{b:?}");
        assert!(b > Duration::ZERO);
    }
}

#[test]
fn byo_yomi_in_main_time_adds_a_share_of_main_time_to_one_period() {
    let config = BudgetConfig::default();
    let clock = Clock::new(kgs("byoyomi 600 30 5"));
    assert!(!clock.in_overtime());
    let b = limit(clock.budget(&config, MIDDLE_19));
    let period_only = config.usable(secs(30.0), clock.overhead());
    assert!(b > period_only, "{b:?}");
    // A little main time plus the first period, never more than both.
    assert!(b < period_only + secs(600.0).mul_f64(config.max_main_fraction));

    // `time_left C 0 0` at the end of main time: plan to move inside the first period.
    let mut clock = clock;
    clock.time_left(Duration::ZERO, 0);
    assert_eq!(clock.budget(&config, MIDDLE_19), Budget::Limit(period_only));
    assert_eq!(clock.periods_left(), 5);
}

#[test]
fn kgs_time_left_under_byo_yomi_counts_periods() {
    let mut clock = Clock::new(kgs("byoyomi 600 30 5"));
    // In main time: N = 0, T = main time left.
    clock.time_left(secs(287.0), 0);
    assert!(!clock.in_overtime());
    assert_eq!(clock.main_left(), secs(287.0));
    assert_eq!(clock.periods_left(), 5);
    // In byo-yomi: T = time left in the current period, N = periods left.
    clock.time_left(secs(25.0), 3);
    assert!(clock.in_overtime());
    assert_eq!(clock.main_left(), Duration::ZERO);
    assert_eq!(clock.periods_left(), 3);
    assert_eq!(clock.period_left(), secs(25.0));
    let b = limit(clock.budget(&BudgetConfig::default(), MIDDLE_19));
    assert!(b < secs(24.0) && b > secs(15.0), "{b:?}");
    assert_eq!(clock.to_string(), "byo-yomi 3 x 30s, 25.0s left");
}

#[test]
fn byo_yomi_record_move_goes_through_main_time_into_periods_and_loses_them() {
    let mut clock = Clock::new(kgs("byoyomi 60 10 3"));
    clock.record_move(secs(50.0));
    assert_eq!(clock.main_left(), secs(10.0));
    assert!(!clock.in_overtime());
    // 10 s of main time, then 5 s into the first period: the period is kept, and renews.
    clock.record_move(secs(15.0));
    assert!(clock.in_overtime());
    assert_eq!(clock.main_left(), Duration::ZERO);
    assert_eq!(clock.periods_left(), 3);
    assert_eq!(clock.period_left(), secs(10.0));
    // A move within the period keeps it.
    clock.record_move(secs(9.5));
    assert_eq!(clock.periods_left(), 3);
    assert_eq!(clock.period_left(), secs(10.0));
    // Exceeding one period loses it; the move ends inside the next, which renews.
    clock.record_move(secs(14.0));
    assert_eq!(clock.periods_left(), 2);
    assert_eq!(clock.period_left(), secs(10.0));
    // Two full periods exceeded: out of time, clamped.
    clock.record_move(secs(25.0));
    assert_eq!(clock.periods_left(), 0);
    assert_eq!(clock.period_left(), Duration::ZERO);
    let config = BudgetConfig::default();
    assert_eq!(
        clock.budget(&config, MIDDLE_19),
        Budget::Limit(config.min_think)
    );
    clock.reset();
    assert_eq!(clock.main_left(), secs(60.0));
    assert!(!clock.in_overtime());
}

#[test]
fn canadian_divides_the_period_by_the_stones_left() {
    let config = BudgetConfig::default();
    let mut clock = Clock::new(gtp("0 300 25"));
    assert!(clock.in_overtime());
    assert_eq!(clock.stones_left(), 25);
    // 12 s a stone, less a 1 s margin, times 0.85.
    let b = limit(clock.budget(&config, MIDDLE_19));
    assert_eq!(b, secs(11.0).mul_f64(0.85));
    // GoGui: time_left b 60 2 — 60 s for the last 2 stones.
    clock.time_left(secs(60.0), 2);
    let b = limit(clock.budget(&config, MIDDLE_19));
    assert!(
        b < secs(30.0) - config.lag_margin && b > secs(20.0),
        "{b:?}"
    );
    // Last stone with 3 s left.
    clock.time_left(secs(3.0), 1);
    let b = limit(clock.budget(&config, MIDDLE_19));
    assert!(b < secs(3.0) - secs(0.5) && b > secs(1.0), "{b:?}");
}

#[test]
fn canadian_record_move_renews_after_the_last_stone() {
    let mut clock = Clock::new(gtp("10 60 3"));
    // Main time runs out during the move: the move is the first stone of the period.
    clock.record_move(secs(15.0));
    assert!(clock.in_overtime());
    assert_eq!(clock.stones_left(), 2);
    assert_eq!(clock.period_left(), secs(55.0));
    clock.record_move(secs(20.0));
    assert_eq!(clock.stones_left(), 1);
    assert_eq!(clock.period_left(), secs(35.0));
    clock.record_move(secs(30.0));
    assert_eq!(clock.stones_left(), 3);
    assert_eq!(clock.period_left(), secs(60.0));
    // Overrunning the period clamps at zero until the block renews.
    clock.record_move(secs(100.0));
    assert_eq!(clock.stones_left(), 2);
    assert_eq!(clock.period_left(), Duration::ZERO);
    let config = BudgetConfig::default();
    assert_eq!(
        clock.budget(&config, MIDDLE_19),
        Budget::Limit(config.min_think)
    );
}

#[test]
fn canadian_time_left_zero_stones_means_main_time() {
    let mut clock = Clock::new(gtp("300 30 5"));
    clock.time_left(secs(120.0), 0);
    assert!(!clock.in_overtime());
    assert_eq!(clock.main_left(), secs(120.0));
    let b = limit(clock.budget(&BudgetConfig::default(), MIDDLE_19));
    assert!(b > BudgetConfig::default().usable(secs(6.0), Duration::ZERO));
    clock.time_left(secs(28.0), 4);
    assert!(clock.in_overtime());
    assert_eq!(clock.stones_left(), 4);
    assert_eq!(clock.to_string(), "canadian 4 stones in 28.0s");
}

#[test]
fn tiny_periods_still_give_a_positive_budget_below_the_period() {
    let config = BudgetConfig::default();
    assert_eq!(config.lag_margin, secs(1.0));
    for control in [gtp("0 1 1"), kgs("byoyomi 0 1 5"), gtp("0 5 5")] {
        let clock = Clock::new(control);
        let b = limit(clock.budget(&config, MIDDLE_19));
        assert!(b > secs(0.5), "{control:?}: {b:?}");
        assert!(b < secs(1.0), "{control:?}: {b:?}");
    }
    // Even a 0.1 s period keeps a margin and a positive budget.
    let clock = Clock::new(gtp("0 0.1 1"));
    let b = limit(clock.budget(&config, MIDDLE_19));
    assert!(b > Duration::ZERO && b < secs(0.1));
}

#[test]
fn degenerate_overtime_is_absolute_time() {
    let clock = Clock::new(TimeControl::ByoYomi {
        main: secs(60.0),
        period: secs(30.0),
        periods: 0,
    });
    assert_eq!(clock.control(), TimeControl::Absolute { main: secs(60.0) });
    let clock = Clock::new(TimeControl::Canadian {
        main: secs(60.0),
        period: Duration::ZERO,
        stones: 5,
    });
    assert_eq!(clock.control(), TimeControl::Absolute { main: secs(60.0) });
    // Periods sent under a system without them are accepted (KataGo would refuse).
    let mut clock = Clock::new(gtp("600 0 0"));
    clock.time_left(secs(100.0), 5);
    assert_eq!(clock.main_left(), secs(100.0));
}

#[test]
fn set_control_keeps_the_running_clock_when_unchanged() {
    let mut clock = Clock::new(gtp("300 30 5"));
    clock.record_move(secs(100.0));
    clock.set_control(gtp("300 30 5"));
    assert_eq!(clock.main_left(), secs(200.0));
    clock.set_control(gtp("300 30 1"));
    assert_eq!(clock.main_left(), secs(300.0));
}

#[test]
fn budget_is_never_zero_whatever_the_state() {
    let config = BudgetConfig::default();
    let controls = [
        TimeControl::Absolute {
            main: Duration::ZERO,
        },
        gtp("1 0 0"),
        gtp("0 0.01 1"),
        kgs("byoyomi 0 0.01 1"),
        kgs("byoyomi 1 1 1"),
        gtp("3 1 25"),
    ];
    for control in controls {
        let mut clock = Clock::new(control);
        for _ in 0..50 {
            for phase in [OPENING_19, MIDDLE_19, LATE_9] {
                let b = limit(clock.budget(&config, phase));
                assert!(b >= config.min_think, "{control:?}: {b:?}");
            }
            clock.record_move(secs(0.7));
        }
    }
    // A config with silly fractions still never panics nor gives zero.
    let silly = BudgetConfig {
        lag_margin: secs(5.0),
        max_lag_fraction: f64::NAN,
        min_think: secs(0.01),
        max_main_fraction: 7.0,
        period_fraction: -1.0,
        max_move_time: secs(60.0),
        stretch_factor: f64::INFINITY,
    };
    let clock = Clock::new(kgs("byoyomi 100 10 3"));
    assert!(limit(clock.budget(&silly, MIDDLE_19)) >= silly.min_think);
    assert!(clock
        .stretch(&silly, MIDDLE_19)
        .is_none_or(|s| s <= silly.max_move_time));
}

#[test]
fn moves_left_estimate_is_sane() {
    assert_eq!(OPENING_19.our_moves_left(), 127);
    assert!(MIDDLE_19.our_moves_left() < 127);
    // Late in a long game, still a reserve of moves.
    assert_eq!(GamePhase::new(19, 400).our_moves_left(), 31);
    assert_eq!(GamePhase::new(9, 200).our_moves_left(), 7);
    // Out-of-range sizes are clamped, not trusted.
    assert!(GamePhase::new(0, 0).our_moves_left() >= 1);
    assert!(GamePhase::new(1000, 0).our_moves_left() <= 220);
}

/// Issue #6: a main time of a year shared over the moves left gave one move days. Whatever
/// the clock says, no move thinks longer than `max_move_time`.
#[test]
fn no_clock_gives_a_move_more_than_the_ceiling() {
    let config = BudgetConfig::default();
    for control in [
        "time_settings 1e20 30 1",
        "time_settings 2147483648 2147483648 2147483648",
        "kgs-time_settings canadian 1e99 1 1",
        "kgs-time_settings byoyomi 1e30 1e30 5",
        "kgs-time_settings absolute 1e12",
    ] {
        let words: Vec<String> = control
            .split_whitespace()
            .skip(1)
            .map(String::from)
            .collect();
        let parsed = if control.starts_with("kgs") {
            TimeControl::parse_kgs_time_settings(&words)
        } else {
            TimeControl::parse_time_settings(&words)
        };
        let clock = Clock::new(parsed.unwrap_or_else(|e| panic!("{control}: {e}")));
        for phase in [OPENING_19, MIDDLE_19, LATE_9] {
            let b = limit(clock.budget(&config, phase));
            assert!(b <= config.max_move_time, "{control}: {b:?}");
            assert!(b >= config.max_move_time / 2, "{control}: only {b:?}");
        }
    }
    // time_left with an absurd main time.
    let mut clock = Clock::new(TimeControl::parse_time_settings(&["30", "5", "1"]).unwrap());
    clock.time_left(Duration::from_secs_f64(1e15), 0);
    assert!(limit(clock.budget(&config, MIDDLE_19)) <= config.max_move_time);
}

#[test]
fn fischer_record_move_credits_the_increment_after_the_move() {
    let mut clock = Clock::new(FISCHER_300_5);
    assert_eq!(clock.main_left(), secs(300.0));
    clock.record_move(secs(10.0));
    assert_eq!(clock.main_left(), secs(295.0));
    clock.record_move(secs(1.0));
    assert_eq!(clock.main_left(), secs(299.0));
    // A move longer than the clock: empty, then the increment.
    clock.record_move(secs(1000.0));
    assert_eq!(clock.main_left(), secs(5.0));
    assert!(!clock.in_overtime());
    // The cap of fischer-capped holds the clock down.
    let mut capped = Clock::new(kata("fischer-capped 300 5 302 -1"));
    capped.record_move(secs(1.0));
    assert_eq!(capped.main_left(), secs(302.0));
    // time_left sets the clock whatever the stones say.
    clock.time_left(secs(42.0), 0);
    assert_eq!(clock.main_left(), secs(42.0));
    clock.time_left(secs(43.0), 1);
    assert_eq!(clock.main_left(), secs(43.0));
}

#[test]
fn fischer_budget_credits_the_increment_and_never_exceeds_the_clock_less_the_margin() {
    let config = BudgetConfig::default();
    let absolute = Clock::new(TimeControl::Absolute { main: secs(300.0) });
    let fischer = Clock::new(FISCHER_300_5);
    for phase in [OPENING_19, MIDDLE_19, LATE_9] {
        let without = limit(absolute.budget(&config, phase));
        let with = limit(fischer.budget(&config, phase));
        // The increment comes back after the move: most of it is spent on this one.
        assert!(
            with > without + secs(3.0),
            "{phase:?}: {with:?} vs {without:?}"
        );
    }
    let mut clock = Clock::new(FISCHER_300_5);
    for left in [60.0, 10.0, 5.0, 3.0, 1.5, 1.0, 0.5, 0.0] {
        clock.time_left(secs(left), 0);
        for phase in [OPENING_19, MIDDLE_19, LATE_9] {
            let b = limit(clock.budget(&config, phase));
            assert!(b >= config.min_think);
            assert!(
                b <= secs(left)
                    .saturating_sub(config.lag_margin)
                    .max(config.min_think),
                "{left}s left: {b:?}"
            );
        }
    }
    // fischer-capped's longest move.
    let capped = Clock::new(kata("fischer-capped 3000 30 -1 4"));
    assert!(limit(capped.budget(&config, MIDDLE_19)) <= secs(4.0));
}

#[test]
fn stretch_doubles_the_share_of_main_time_within_every_bound() {
    let config = BudgetConfig::default();
    // Absolute, plenty left: twice the share, less the same margin.
    let clock = Clock::new(gtp("600 0 0"));
    for phase in [OPENING_19, MIDDLE_19, LATE_9] {
        let b = limit(clock.budget(&config, phase));
        let s = clock.stretch(&config, phase).expect("stretches");
        assert!(s > b && s < b * 3, "{phase:?}: {s:?} vs {b:?}");
        assert!(s <= secs(600.0).mul_f64(config.max_main_fraction));
    }
    // Running low: never past main time less the margin, and none once the share is capped.
    let mut clock = Clock::new(gtp("600 0 0"));
    for left in [30.0, 5.0, 2.0, 1.5, 0.5, 0.0] {
        clock.time_left(secs(left), 0);
        for phase in [OPENING_19, MIDDLE_19, LATE_9] {
            if let Some(s) = clock.stretch(&config, phase) {
                assert!(s <= secs(left) - config.lag_margin, "{left}s: {s:?}");
                assert!(s <= secs(left).mul_f64(config.max_main_fraction));
            }
        }
    }
    // Byo-yomi: in main time the share stretches, the period does not; in overtime nothing.
    let clock = Clock::new(kgs("byoyomi 600 30 5"));
    let b = limit(clock.budget(&config, MIDDLE_19));
    let s = clock.stretch(&config, MIDDLE_19).unwrap();
    assert!(s > b && s < b + (b - config.usable(secs(30.0), clock.overhead())) * 2);
    let mut clock = clock;
    clock.time_left(secs(25.0), 3);
    assert_eq!(clock.stretch(&config, MIDDLE_19), None);
    let mut canadian = Clock::new(kgs("canadian 0 300 25"));
    canadian.time_left(secs(200.0), 10);
    assert!(canadian.in_overtime());
    assert_eq!(canadian.stretch(&config, MIDDLE_19), None);
    // No limit, or a factor of 1: no stretch.
    assert_eq!(
        Clock::new(TimeControl::None).stretch(&config, MIDDLE_19),
        None
    );
    let flat = BudgetConfig {
        stretch_factor: 1.0,
        ..config.clone()
    };
    assert_eq!(Clock::new(gtp("600 0 0")).stretch(&flat, MIDDLE_19), None);
    // Fischer: within the clock and fischer-capped's longest move.
    let capped = Clock::new(kata("fischer-capped 3000 30 -1 4"));
    assert!(capped
        .stretch(&config, MIDDLE_19)
        .is_none_or(|s| s <= secs(4.0)));
    let mut fischer = Clock::new(FISCHER_300_5);
    fischer.time_left(secs(3.0), 0);
    for phase in [OPENING_19, MIDDLE_19, LATE_9] {
        if let Some(s) = fischer.stretch(&config, phase) {
            assert!(s <= secs(3.0) - config.lag_margin, "{s:?}");
        }
    }
}
