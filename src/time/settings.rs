//! Time settings: `TimeControl` and the parsing of what controllers send (`time_settings`,
//! `kgs-time_settings`, `kata-time_settings`, the numbers of `time_left`).

use std::fmt;
use std::time::Duration;

/// Longest time accepted from a controller: larger values are clamped (a year is plenty, and
/// it keeps `Duration::from_secs_f64` far from overflow).
pub(super) const MAX_SECONDS: f64 = 365.0 * 24.0 * 3600.0;

/// The time system of a game. `Clock::new` normalises degenerate settings: byo-yomi or
/// Canadian without overtime (no periods, no stones or an empty period) become `Absolute`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeControl {
    /// No limit: the caller falls back on its playout cap.
    None,
    /// Main time only; running out loses.
    Absolute { main: Duration },
    /// Main time, then `periods` periods of `period` each (Japanese byo-yomi): a move made
    /// within a period keeps it; each period used up is lost; losing the last loses the game.
    ByoYomi {
        main: Duration,
        period: Duration,
        periods: u32,
    },
    /// Main time, then `stones` moves in each `period` (Canadian), renewed after the
    /// `stones`-th move.
    Canadian {
        main: Duration,
        period: Duration,
        stones: u32,
    },
    /// Fischer: `main` at the start, `increment` added after each move (`kata-time_settings
    /// fischer` and `fischer-capped`, which gtp2ogs sends for OGS's Fischer games). The
    /// clock never exceeds `max_main` if given; no move may take more than `max_move`.
    Fischer {
        main: Duration,
        increment: Duration,
        max_main: Option<Duration>,
        max_move: Option<Duration>,
    },
}

/// Why `time_settings`, `kgs-time_settings` or `time_left` arguments were refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TimeSettingsError {
    /// The command takes `expected` numbers after the system name, but `found` were given.
    WrongArgCount { expected: usize, found: usize },
    /// An argument is not a finite number.
    NotANumber(String),
    /// `kgs-time_settings` or `kata-time_settings` with a system it does not know.
    UnknownSystem(String),
}

impl fmt::Display for TimeSettingsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeSettingsError::WrongArgCount { expected, found } => {
                write!(f, "expected {expected} arguments, found {found}")
            }
            TimeSettingsError::NotANumber(s) => write!(f, "not a number: {s}"),
            TimeSettingsError::UnknownSystem(s) => write!(f, "unknown time system: {s}"),
        }
    }
}

impl std::error::Error for TimeSettingsError {}

/// A finite number, integer or float, with surrounding spaces allowed.
fn parse_finite(s: &str) -> Result<f64, TimeSettingsError> {
    match s.trim().parse::<f64>() {
        Ok(x) if x.is_finite() => Ok(x),
        _ => Err(TimeSettingsError::NotANumber(s.to_string())),
    }
}

/// The system name of a `kgs-`/`kata-time_settings` command (lowercased: names are
/// case-insensitive) and the arguments after it.
fn split_system<S: AsRef<str>>(args: &[S]) -> Result<(String, &[S]), TimeSettingsError> {
    match args.split_first() {
        Some((system, rest)) => Ok((system.as_ref().to_ascii_lowercase(), rest)),
        None => Err(TimeSettingsError::WrongArgCount {
            expected: 1,
            found: 0,
        }),
    }
}

/// Parses a time in seconds as a controller sends it: integer or float; negatives clamp to 0
/// (old gtp2ogs sent negative main time), huge values to a year. NaN and infinities are errors.
pub fn parse_seconds(s: &str) -> Result<Duration, TimeSettingsError> {
    let x = parse_finite(s)?;
    Ok(Duration::from_secs_f64(x.clamp(0.0, MAX_SECONDS)))
}

/// Parses a count of stones or periods: integer or float (truncated); negatives clamp to 0.
pub fn parse_count(s: &str) -> Result<u32, TimeSettingsError> {
    let x = parse_finite(s)?;
    // `as` saturates: negatives become 0, huge values u32::MAX.
    Ok(x as u32)
}

fn expect_args<S: AsRef<str>>(args: &[S], expected: usize) -> Result<(), TimeSettingsError> {
    if args.len() == expected {
        Ok(())
    } else {
        Err(TimeSettingsError::WrongArgCount {
            expected,
            found: args.len(),
        })
    }
}

impl TimeControl {
    /// The control GTP's `time_settings main byo_yomi stones` means (times in seconds):
    /// `byo_yomi > 0 && stones == 0` is no limit (`0 1 0`, GoGui's reset); `byo_yomi == 0` is
    /// absolute time (`600 0 0`); otherwise Canadian, `stones` moves per `byo_yomi`. A `main`
    /// of 0 with overtime starts the clock directly in overtime (`0 10 1`: 10 s per move).
    /// `0 0 0` is read as no limit: literally a clock already run out, which no game can
    /// use, so a user who types it (Sabaki's start-up commands) means "no clock".
    pub fn from_time_settings(main: Duration, byo_yomi: Duration, stones: u32) -> TimeControl {
        if byo_yomi.is_zero() && main.is_zero() {
            TimeControl::None
        } else if byo_yomi.is_zero() {
            TimeControl::Absolute { main }
        } else if stones == 0 {
            TimeControl::None
        } else {
            TimeControl::Canadian {
                main,
                period: byo_yomi,
                stones,
            }
        }
    }

    /// Parses the arguments of `time_settings M B S`.
    pub fn parse_time_settings<S: AsRef<str>>(
        args: &[S],
    ) -> Result<TimeControl, TimeSettingsError> {
        expect_args(args, 3)?;
        Ok(TimeControl::from_time_settings(
            parse_seconds(args[0].as_ref())?,
            parse_seconds(args[1].as_ref())?,
            parse_count(args[2].as_ref())?,
        ))
    }

    /// Parses the arguments of `kgs-time_settings`: `none`, `absolute M`, `byoyomi M P N`
    /// (N periods of P seconds) or `canadian M P S` (S stones per P seconds; read like
    /// `time_settings`, so `canadian M P 0` is no limit). The system name is case-insensitive.
    pub fn parse_kgs_time_settings<S: AsRef<str>>(
        args: &[S],
    ) -> Result<TimeControl, TimeSettingsError> {
        let (system, rest) = split_system(args)?;
        match system.as_str() {
            "none" => {
                expect_args(rest, 0)?;
                Ok(TimeControl::None)
            }
            "absolute" => {
                expect_args(rest, 1)?;
                // Read like `time_settings M 0 0`, so `absolute 0` is no limit too.
                Ok(TimeControl::from_time_settings(
                    parse_seconds(rest[0].as_ref())?,
                    Duration::ZERO,
                    0,
                ))
            }
            "byoyomi" => {
                expect_args(rest, 3)?;
                let main = parse_seconds(rest[0].as_ref())?;
                let period = parse_seconds(rest[1].as_ref())?;
                let periods = parse_count(rest[2].as_ref())?;
                Ok(if period.is_zero() || periods == 0 {
                    // No overtime: absolute time, read like `time_settings M 0 0`.
                    TimeControl::from_time_settings(main, Duration::ZERO, 0)
                } else {
                    TimeControl::ByoYomi {
                        main,
                        period,
                        periods,
                    }
                })
            }
            "canadian" => TimeControl::parse_time_settings(rest),
            other => Err(TimeSettingsError::UnknownSystem(other.to_string())),
        }
    }

    /// The systems `kata-time_settings` accepts, as `kata-list_time_settings` lists them
    /// (gtp2ogs sends Fischer as `fischer-capped` when the list has it).
    pub const KATA_SYSTEMS: &'static [&'static str] = &[
        "none",
        "absolute",
        "byoyomi",
        "canadian",
        "fischer",
        "fischer-capped",
    ];

    /// Parses the arguments of KataGo's `kata-time_settings`: the four systems of
    /// `kgs-time_settings`, `fischer M I` (M seconds, I added after each move) and
    /// `fischer-capped M I MAX_MAIN MAX_MOVE`, where a negative cap means none (gtp2ogs sends
    /// `fischer-capped M I MAX -1`). A Fischer clock without increment is absolute time.
    pub fn parse_kata_time_settings<S: AsRef<str>>(
        args: &[S],
    ) -> Result<TimeControl, TimeSettingsError> {
        let (system, rest) = split_system(args)?;
        let cap = |s: &str| -> Result<Option<Duration>, TimeSettingsError> {
            let x = parse_finite(s)?;
            Ok((x >= 0.0).then(|| Duration::from_secs_f64(x.min(MAX_SECONDS))))
        };
        let fischer = |main: Duration, increment: Duration, max_main, max_move| {
            if increment.is_zero() {
                TimeControl::from_time_settings(main, Duration::ZERO, 0)
            } else {
                TimeControl::Fischer {
                    main,
                    increment,
                    max_main,
                    max_move,
                }
            }
        };
        match system.as_str() {
            "fischer" => {
                expect_args(rest, 2)?;
                Ok(fischer(
                    parse_seconds(rest[0].as_ref())?,
                    parse_seconds(rest[1].as_ref())?,
                    None,
                    None,
                ))
            }
            "fischer-capped" => {
                expect_args(rest, 4)?;
                Ok(fischer(
                    parse_seconds(rest[0].as_ref())?,
                    parse_seconds(rest[1].as_ref())?,
                    cap(rest[2].as_ref())?,
                    cap(rest[3].as_ref())?,
                ))
            }
            _ => TimeControl::parse_kgs_time_settings(args),
        }
    }

    /// The same control with overtime that cannot happen removed: byo-yomi with no periods or
    /// an empty period, Canadian with no stones or an empty period, become `Absolute`.
    pub fn normalized(self) -> TimeControl {
        match self {
            TimeControl::ByoYomi {
                main,
                period,
                periods,
            } if periods == 0 || period.is_zero() => TimeControl::Absolute { main },
            TimeControl::Canadian {
                main,
                period,
                stones,
            } if stones == 0 || period.is_zero() => TimeControl::Absolute { main },
            other => other,
        }
    }

    /// Main time at the start of the game (zero for `None`).
    pub fn main(self) -> Duration {
        match self {
            TimeControl::None => Duration::ZERO,
            TimeControl::Absolute { main }
            | TimeControl::ByoYomi { main, .. }
            | TimeControl::Canadian { main, .. }
            | TimeControl::Fischer { main, .. } => main,
        }
    }
}

#[cfg(test)]
mod tests;
