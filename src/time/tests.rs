//! Helpers shared by the tests of `settings` and `budget`.

use super::*;

pub(super) fn secs(x: f64) -> Duration {
    Duration::from_secs_f64(x)
}

pub(super) fn limit(b: Budget) -> Duration {
    match b {
        Budget::Limit(d) => d,
        Budget::NoLimit => panic!("expected a limit, got no limit"),
    }
}

pub(super) fn gtp(args: &str) -> TimeControl {
    let args: Vec<&str> = args.split_whitespace().collect();
    TimeControl::parse_time_settings(&args).unwrap()
}

pub(super) fn kgs(args: &str) -> TimeControl {
    let args: Vec<&str> = args.split_whitespace().collect();
    TimeControl::parse_kgs_time_settings(&args).unwrap()
}

pub(super) const OPENING_19: GamePhase = GamePhase {
    board_size: 19,
    moves_played: 0,
};
pub(super) const MIDDLE_19: GamePhase = GamePhase {
    board_size: 19,
    moves_played: 100,
};
pub(super) const LATE_9: GamePhase = GamePhase {
    board_size: 9,
    moves_played: 70,
};

pub(super) fn kata(args: &str) -> TimeControl {
    let args: Vec<&str> = args.split_whitespace().collect();
    TimeControl::parse_kata_time_settings(&args).unwrap()
}

pub(super) const FISCHER_300_5: TimeControl = TimeControl::Fischer {
    main: Duration::from_secs(300),
    increment: Duration::from_secs(5),
    max_main: None,
    max_move: None,
};
