//! Tests of the match clock: parsing the time controls and running each of them.

use crate::referee::clock::{MatchClock, TimeControl};
use crate::referee::tests::s;
use std::time::Duration;

#[test]
fn time_controls_parse_from_gtp_and_named_forms() {
    let p = |t: &str| TimeControl::parse(t);
    let canadian = p("300 30 5").unwrap();
    assert_eq!(
        canadian,
        TimeControl::Canadian {
            main: 300,
            period: 30,
            stones: 5
        }
    );
    assert_eq!(canadian.command(), "time_settings 300 30 5");
    assert_eq!(canadian.approximation(), None);
    assert_eq!(p("canadian:300:30:5"), Ok(canadian));
    assert_eq!(p("60 0 0"), Ok(TimeControl::Absolute { main: 60 }));
    assert_eq!(p("absolute:60"), Ok(TimeControl::Absolute { main: 60 }));
    assert_eq!(p("absolute:60").unwrap().command(), "time_settings 60 0 0");
    assert!(p("0 1 0").unwrap().is_unlimited());
    assert_eq!(p("0 1 0").unwrap().command(), "time_settings 0 1 0");
    assert_eq!(
        p("10,5,1"),
        Ok(TimeControl::Canadian {
            main: 10,
            period: 5,
            stones: 1
        })
    );
    // Japanese: M, P periods, B seconds each; announced in KGS's order (B before P).
    let byo_yomi = p("byoyomi:5:3:2").unwrap();
    assert_eq!(
        byo_yomi,
        TimeControl::ByoYomi {
            main: 5,
            period: 2,
            periods: 3
        }
    );
    assert_eq!(byo_yomi.command(), "kgs-time_settings byoyomi 5 2 3");
    assert_eq!(
        byo_yomi.approximation().as_deref(),
        Some("time_settings 5 2 1")
    );
    assert_eq!(byo_yomi.to_string(), "5 s + 3 x 2 s byo-yomi");
    let fischer = p("Fischer:10:1").unwrap();
    assert_eq!(
        fischer,
        TimeControl::Fischer {
            main: 10,
            increment: 1
        }
    );
    assert_eq!(fischer.command(), "kata-time_settings fischer 10 1");
    assert_eq!(
        fischer.approximation().as_deref(),
        Some("time_settings 10 1 1")
    );
    assert_eq!(fischer.name(), "fischer");
    for (bad, reason) in [
        ("10 5", "three numbers"),
        ("10 5 x", "not a whole number"),
        ("-1 5 1", "not a whole number"),
        ("byoyomi:5:3", "byoyomi:MAIN:PERIODS:PERIOD"),
        ("byoyomi:5:0:2", "at least 1"),
        ("canadian:5:0:2", "at least 1"),
        ("canadian:5:2:0", "at least 1"),
        ("fischer:10", "fischer:MAIN:INCREMENT"),
        ("absolute:1.5", "not a whole number"),
        ("hourglass:60", "unknown time system"),
    ] {
        let error = p(bad).unwrap_err();
        assert!(error.contains(reason), "{bad}: {error}");
    }
}

#[test]
fn clock_runs_main_time_then_canadian_periods() {
    let lag = s(0.2);
    let mut clock = MatchClock::new(TimeControl::parse("10 6 2").unwrap());
    assert_eq!(clock.time_left(false), (10, 0));
    assert_eq!(clock.allowance(), s(16.0));
    clock.charge(s(4.5), lag).unwrap();
    assert_eq!(clock.time_left(false), (5, 0));
    // Overruns main time by 2 s: byo-yomi starts, this move is its first stone.
    clock.charge(s(7.5), lag).unwrap();
    assert_eq!(clock.time_left(false), (4, 1));
    assert_eq!(clock.allowance(), s(4.0));
    // The second stone ends the period: a fresh one.
    clock.charge(s(3.0), lag).unwrap();
    assert_eq!(clock.time_left(false), (6, 2));
    // Within the lag allowance is forgiven; beyond it the flag falls.
    clock.charge(s(6.1), lag).unwrap();
    assert_eq!(clock.time_left(false), (0, 1));
    let flag = clock.charge(s(0.5), lag).unwrap_err();
    assert_eq!(flag.allowed, Duration::ZERO);
}

#[test]
fn absolute_clock_flags_after_main_time() {
    let mut clock = MatchClock::new(TimeControl::parse("absolute:5").unwrap());
    assert_eq!(clock.allowance(), s(5.0));
    clock.charge(s(3.0), s(0.1)).unwrap();
    assert_eq!(clock.time_left(false), (2, 0));
    assert!(clock.charge(s(2.5), s(0.1)).is_err());
    clock.charge(s(2.05), s(0.1)).unwrap();
    assert_eq!(clock.time_left(false), (0, 0));
}

#[test]
fn byo_yomi_keeps_a_period_used_within_and_loses_those_exceeded() {
    let none = Duration::ZERO;
    let mut clock = MatchClock::new(TimeControl::parse("byoyomi:10:3:5").unwrap());
    // Main time: (main left, 0); the allowance is main time plus every period.
    assert_eq!(clock.time_left(false), (10, 0));
    assert_eq!(clock.allowance(), s(25.0));
    clock.charge(s(4.0), none).unwrap();
    assert_eq!(
        (clock.time_left(false), clock.allowance()),
        ((6, 0), s(21.0))
    );
    // 6 s of main time and 4 s of the first period: all three periods stay.
    clock.charge(s(10.0), none).unwrap();
    assert_eq!(clock.time_left(false), (5, 3), "(period, periods left)");
    assert_eq!(clock.allowance(), s(15.0));
    // Exactly one period: kept.
    clock.charge(s(5.0), none).unwrap();
    assert_eq!(clock.time_left(false), (5, 3));
    // 5.5 s exceeds the first period and ends in the second: one used up.
    clock.charge(s(5.5), none).unwrap();
    assert_eq!(clock.time_left(false), (5, 2));
    assert_eq!(clock.allowance(), s(10.0));
    // The engine told `time_settings 10 5 1` hears one stone, never the periods.
    assert_eq!(clock.time_left(true), (5, 1));
    // 9.9 s: ends in the last period.
    clock.charge(s(9.9), none).unwrap();
    assert_eq!(
        (clock.time_left(false), clock.allowance()),
        ((5, 1), s(5.0))
    );
    clock.charge(s(0.1), none).unwrap();
    // Exceeding the last period by more than the lag forgiven: the flag falls.
    let flag = clock.charge(s(5.3), s(0.2)).unwrap_err();
    assert_eq!(flag.allowed, s(5.0));
    // Within the forgiveness the last period is kept.
    clock.charge(s(5.2), s(0.2)).unwrap();
    assert_eq!(clock.time_left(false), (5, 1));

    // A move that uses up main time and several periods at once.
    let mut clock = MatchClock::new(TimeControl::parse("byoyomi:10:3:5").unwrap());
    clock.charge(s(21.0), none).unwrap();
    assert_eq!(clock.time_left(false), (5, 1));
    assert!(clock.charge(s(5.01), none).is_err());
    let mut clock = MatchClock::new(TimeControl::parse("byoyomi:10:3:5").unwrap());
    assert!(clock.charge(s(25.01), none).is_err());
    // No main time: the clock starts in its first period.
    let clock = MatchClock::new(TimeControl::parse("byoyomi:0:2:3").unwrap());
    assert_eq!(
        (clock.time_left(false), clock.allowance()),
        ((3, 2), s(6.0))
    );
}

#[test]
fn fischer_adds_the_increment_after_each_move() {
    let none = Duration::ZERO;
    let mut clock = MatchClock::new(TimeControl::parse("fischer:10:2").unwrap());
    assert_eq!(
        (clock.time_left(false), clock.allowance()),
        ((10, 0), s(10.0))
    );
    clock.charge(s(3.5), none).unwrap();
    assert_eq!(
        (clock.time_left(false), clock.allowance()),
        ((8, 0), s(8.5))
    );
    // The engine told `time_settings 10 2 1` hears the clock less one increment in main time.
    assert_eq!(clock.time_left(true), (6, 0));
    clock.charge(s(8.5), none).unwrap();
    assert_eq!(clock.allowance(), s(2.0), "only the increment left");
    assert_eq!(clock.time_left(false), (2, 0));
    assert_eq!(clock.time_left(true), (2, 1), "its last 'period'");
    // The flag falls exactly past the clock (plus what is forgiven).
    assert!(clock.charge(s(2.11), s(0.1)).is_err());
    clock.charge(s(2.1), s(0.1)).unwrap();
    assert_eq!(
        clock.allowance(),
        s(2.0),
        "a forgiven overrun leaves the clock at zero"
    );
}
