//! Tests of parsing `time_settings`, `kgs-time_settings` and `kata-time_settings`.

use crate::time::settings::MAX_SECONDS;
use crate::time::tests::*;
use crate::time::*;

#[test]
fn time_settings_follow_gtp() {
    assert_eq!(gtp("0 1 0"), TimeControl::None);
    assert_eq!(gtp("5 1 0"), TimeControl::None);
    assert_eq!(gtp("0 0 0"), TimeControl::None);
    assert_eq!(gtp("0 0 5"), TimeControl::None);
    assert_eq!(gtp("600 0 0"), TimeControl::Absolute { main: secs(600.0) });
    assert_eq!(gtp("600 0 5"), TimeControl::Absolute { main: secs(600.0) });
    assert_eq!(
        gtp("300 30 5"),
        TimeControl::Canadian {
            main: secs(300.0),
            period: secs(30.0),
            stones: 5
        }
    );
    // gtp2ogs' fake Canadian for byo-yomi and for "simple" time.
    assert_eq!(
        gtp("1170 30 1"),
        TimeControl::Canadian {
            main: secs(1170.0),
            period: secs(30.0),
            stones: 1
        }
    );
    assert_eq!(
        gtp("2.5 0.5 1.0"),
        TimeControl::Canadian {
            main: secs(2.5),
            period: secs(0.5),
            stones: 1
        }
    );
}

#[test]
fn negative_values_clamp_to_zero() {
    assert_eq!(gtp("-30 0 0"), TimeControl::None);
    assert_eq!(kgs("absolute -30"), TimeControl::None);
    // A negative period is no period: absolute time.
    assert_eq!(gtp("60 -5 3"), TimeControl::Absolute { main: secs(60.0) });
    assert_eq!(gtp("60 5 -3"), TimeControl::None);
    assert_eq!(
        kgs("byoyomi -10 30 2"),
        TimeControl::ByoYomi {
            main: Duration::ZERO,
            period: secs(30.0),
            periods: 2
        }
    );
    // No periods left after clamping: absolute time.
    assert_eq!(
        kgs("byoyomi 60 30 -2"),
        TimeControl::Absolute { main: secs(60.0) }
    );
    assert_eq!(kgs("byoyomi 0 30 -2"), TimeControl::None);
    assert_eq!(parse_seconds("-12.5"), Ok(Duration::ZERO));
    assert_eq!(parse_count("-1"), Ok(0));
    assert_eq!(parse_seconds("1e300"), Ok(secs(MAX_SECONDS)));

    let mut clock = Clock::new(kgs("absolute 600"));
    clock.time_left(parse_seconds("-3").unwrap(), parse_count("-1").unwrap());
    assert_eq!(clock.main_left(), Duration::ZERO);
    assert_eq!(
        clock.budget(&BudgetConfig::default(), MIDDLE_19),
        Budget::Limit(BudgetConfig::default().min_think)
    );
}

#[test]
fn malformed_settings_are_typed_errors() {
    let parse = |s: &str| {
        let args: Vec<&str> = s.split_whitespace().collect();
        TimeControl::parse_time_settings(&args)
    };
    assert_eq!(
        parse("300 30"),
        Err(TimeSettingsError::WrongArgCount {
            expected: 3,
            found: 2
        })
    );
    assert_eq!(
        parse("300 x 5"),
        Err(TimeSettingsError::NotANumber("x".into()))
    );
    assert!(matches!(
        parse("nan 1 1"),
        Err(TimeSettingsError::NotANumber(_))
    ));
    assert!(matches!(
        parse("inf 1 1"),
        Err(TimeSettingsError::NotANumber(_))
    ));

    let kgs = |s: &str| {
        let args: Vec<&str> = s.split_whitespace().collect();
        TimeControl::parse_kgs_time_settings(&args)
    };
    assert_eq!(
        kgs("fischer 300 10"),
        Err(TimeSettingsError::UnknownSystem("fischer".into()))
    );
    assert!(matches!(
        kgs(""),
        Err(TimeSettingsError::WrongArgCount { .. })
    ));
    assert!(matches!(
        kgs("none 5"),
        Err(TimeSettingsError::WrongArgCount { .. })
    ));
    assert!(matches!(
        kgs("absolute"),
        Err(TimeSettingsError::WrongArgCount { .. })
    ));
    assert!(matches!(
        kgs("byoyomi 1 2"),
        Err(TimeSettingsError::WrongArgCount { .. })
    ));
    assert!(matches!(
        kgs("canadian 1 2 x"),
        Err(TimeSettingsError::NotANumber(_))
    ));
    // Errors print something a GTP reply can carry.
    assert_eq!(
        kgs("fischer 300 10").unwrap_err().to_string(),
        "unknown time system: fischer"
    );
}

#[test]
fn kgs_time_settings_cover_the_four_systems() {
    assert_eq!(kgs("none"), TimeControl::None);
    assert_eq!(kgs("NONE"), TimeControl::None);
    assert_eq!(
        kgs("absolute 600"),
        TimeControl::Absolute { main: secs(600.0) }
    );
    assert_eq!(
        kgs("byoyomi 600 30 5"),
        TimeControl::ByoYomi {
            main: secs(600.0),
            period: secs(30.0),
            periods: 5
        }
    );
    assert_eq!(
        kgs("canadian 600 300 25"),
        TimeControl::Canadian {
            main: secs(600.0),
            period: secs(300.0),
            stones: 25
        }
    );
    // Read like time_settings: no stones is no limit.
    assert_eq!(kgs("canadian 600 300 0"), TimeControl::None);
}

#[test]
fn kata_time_settings_read_every_system_as_gtp2ogs_sends_it() {
    assert_eq!(kata("none"), TimeControl::None);
    assert_eq!(kata("absolute 600"), kgs("absolute 600"));
    assert_eq!(kata("byoyomi 600 30 5"), kgs("byoyomi 600 30 5"));
    assert_eq!(kata("canadian 600 300 25"), kgs("canadian 600 300 25"));
    assert_eq!(kata("fischer 300 5"), FISCHER_300_5);
    assert_eq!(kata("FISCHER 300 5"), FISCHER_300_5);
    // gtp2ogs: `kata-time_settings fischer-capped <initial> <increment> <max_time> -1`.
    assert_eq!(
        kata("fischer-capped 300 5 600 -1"),
        TimeControl::Fischer {
            main: secs(300.0),
            increment: secs(5.0),
            max_main: Some(secs(600.0)),
            max_move: None,
        }
    );
    assert_eq!(
        kata("fischer-capped 300.5 5 -1 20"),
        TimeControl::Fischer {
            main: secs(300.5),
            increment: secs(5.0),
            max_main: None,
            max_move: Some(secs(20.0)),
        }
    );
    // No increment: absolute time.
    assert_eq!(
        kata("fischer 300 0"),
        TimeControl::Absolute { main: secs(300.0) }
    );
    assert_eq!(kata("fischer 0 0"), TimeControl::None);
    for system in TimeControl::KATA_SYSTEMS {
        let args = match *system {
            "none" => vec![],
            "absolute" => vec!["60"],
            "fischer" => vec!["60", "1"],
            "fischer-capped" => vec!["60", "1", "-1", "-1"],
            _ => vec!["60", "10", "1"],
        };
        let mut words = vec![*system];
        words.extend(args);
        assert!(
            TimeControl::parse_kata_time_settings(&words).is_ok(),
            "{system}"
        );
    }
}

#[test]
fn malformed_kata_time_settings_are_typed_errors() {
    let err = |args: &str| {
        let args: Vec<&str> = args.split_whitespace().collect();
        TimeControl::parse_kata_time_settings(&args).unwrap_err()
    };
    assert_eq!(
        err("fischer 300"),
        TimeSettingsError::WrongArgCount {
            expected: 2,
            found: 1
        }
    );
    assert_eq!(
        err("fischer-capped 300 5 600"),
        TimeSettingsError::WrongArgCount {
            expected: 4,
            found: 3
        }
    );
    assert_eq!(
        err("fischer 300 x"),
        TimeSettingsError::NotANumber("x".into())
    );
    assert_eq!(
        err("fischer-capped 300 5 nan -1"),
        TimeSettingsError::NotANumber("nan".into())
    );
    assert_eq!(
        err("hourglass 300"),
        TimeSettingsError::UnknownSystem("hourglass".into())
    );
}
