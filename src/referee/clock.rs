//! The referee's clocks: the time system of a match (`TimeControl`: absolute, Canadian,
//! Japanese byo-yomi, Fischer), how it is announced to an engine, and one engine's clock
//! during a game (`MatchClock`), reported with GTP `time_left`.
//!
//! Pure: the caller measures each move (and adds any simulated network lag) and passes the
//! elapsed time in. This is the referee's side of the clock; the engine's own budget lives in
//! `crate::time`, which the runner does not use so that a bug there cannot hide a loss on time.
//! The runner always keeps the real system, even for an engine that was only told an
//! approximation of it (`TimeControl::approximation`).
//!
//! `time_left COLOR TIME N` follows what the servers send (CLIENTS.md §4.4, §5.2, §7):
//! - absolute, Fischer: TIME = clock left, N = 0;
//! - Canadian: in main time (main left, 0); in overtime (time left in the period, stones left);
//! - Japanese byo-yomi under `kgs-time_settings`: in main time (main left, 0); in overtime
//!   (time left in the current period, periods left) — KGS's use of the stones field;
//! - approximations, read by the engine as Canadian with 1 stone: byo-yomi told as
//!   `time_settings M B 1` gets (main left, 0), then (B, 1); Fischer told as
//!   `time_settings M I 1` gets (left − I, 0) while left > I, then (left, 1), as gtp2ogs does.
//!
//! Depends on: nothing.

use std::fmt;
use std::time::Duration;

/// The time system of a match, in whole seconds as GTP has them. Deliberately has no capped
/// Fischer and no per-move limit: the runner plays the four systems servers use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeControl {
    /// GTP `time_settings M B 0` with B > 0: no time limit. Announced; no clock is kept.
    Unlimited { main: u32, byo_yomi: u32 },
    /// Main time only.
    Absolute { main: u32 },
    /// Main time, then `period` seconds for every `stones` moves, renewed after the last one.
    Canadian { main: u32, period: u32, stones: u32 },
    /// Japanese byo-yomi: main time, then `periods` periods of `period` seconds. A move made
    /// within a period keeps it; each period a move exceeds is used up; the flag falls when
    /// a move exceeds the last one.
    ByoYomi {
        main: u32,
        period: u32,
        periods: u32,
    },
    /// Fischer: `main` at the start and `increment` added after each move, without a cap.
    Fischer { main: u32, increment: u32 },
}

impl TimeControl {
    /// GTP's `time_settings M B S`: `B = 0, S = 0` is absolute, `B > 0, S = 0` no limit,
    /// anything else Canadian.
    pub fn from_gtp(main: u32, byo_yomi: u32, stones: u32) -> TimeControl {
        if byo_yomi == 0 && stones == 0 {
            TimeControl::Absolute { main }
        } else if stones == 0 {
            TimeControl::Unlimited { main, byo_yomi }
        } else {
            TimeControl::Canadian {
                main,
                period: byo_yomi,
                stones,
            }
        }
    }

    /// Parses `--time`: GTP's `"M B S"` (spaces or commas, read as `from_gtp`), or one of
    /// `absolute:M`, `canadian:M:B:S` (B s for every S stones), `byoyomi:M:P:B` (P periods of
    /// B s) and `fischer:M:I` (I s added after each move); all whole seconds.
    pub fn parse(text: &str) -> Result<TimeControl, String> {
        let number = |f: &str| {
            f.trim()
                .parse::<u32>()
                .map_err(|_| format!("{f:?} is not a whole number"))
        };
        let at_least_1 = |f: &str, what: &str| match number(f)? {
            0 => Err(format!("{what} must be at least 1")),
            n => Ok(n),
        };
        if let Some((system, rest)) = text.trim().split_once(':') {
            let fields: Vec<&str> = rest.split(':').collect();
            let wrong = |form: &str| Err(format!("{system} is written {form}, got {text:?}"));
            return match (system.to_ascii_lowercase().as_str(), fields.as_slice()) {
                ("absolute", [m]) => Ok(TimeControl::Absolute { main: number(m)? }),
                ("absolute", _) => wrong("absolute:MAIN"),
                ("canadian", [m, b, s]) => Ok(TimeControl::Canadian {
                    main: number(m)?,
                    period: at_least_1(b, "the period")?,
                    stones: at_least_1(s, "the stones per period")?,
                }),
                ("canadian", _) => wrong("canadian:MAIN:PERIOD:STONES"),
                ("byoyomi", [m, p, b]) => Ok(TimeControl::ByoYomi {
                    main: number(m)?,
                    periods: at_least_1(p, "the number of periods")?,
                    period: at_least_1(b, "the period")?,
                }),
                ("byoyomi", _) => wrong("byoyomi:MAIN:PERIODS:PERIOD"),
                ("fischer", [m, i]) => Ok(TimeControl::Fischer {
                    main: number(m)?,
                    increment: number(i)?,
                }),
                ("fischer", _) => wrong("fischer:MAIN:INCREMENT"),
                _ => Err(format!(
                    "unknown time system {system:?} (absolute, canadian, byoyomi or fischer)"
                )),
            };
        }
        let fields: Vec<&str> = text
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|f| !f.is_empty())
            .collect();
        let [m, b, s] = fields.as_slice() else {
            return Err(format!(
                "three numbers \"MAIN BYO_YOMI STONES\" or SYSTEM:… wanted, got {text:?}"
            ));
        };
        Ok(TimeControl::from_gtp(number(m)?, number(b)?, number(s)?))
    }

    /// Returns true if and only if there is no time limit (no clock is kept).
    pub fn is_unlimited(&self) -> bool {
        matches!(self, TimeControl::Unlimited { .. })
    }

    /// The command that announces the system: plain `time_settings` for the systems GTP has,
    /// `kgs-time_settings byoyomi M B P` (KGS's argument order: period time, then periods)
    /// and `kata-time_settings fischer M I` for the others.
    pub fn command(&self) -> String {
        match *self {
            TimeControl::Unlimited { main, byo_yomi } => {
                format!("time_settings {main} {byo_yomi} 0")
            }
            TimeControl::Absolute { main } => format!("time_settings {main} 0 0"),
            TimeControl::Canadian {
                main,
                period,
                stones,
            } => format!("time_settings {main} {period} {stones}"),
            TimeControl::ByoYomi {
                main,
                period,
                periods,
            } => format!("kgs-time_settings byoyomi {main} {period} {periods}"),
            TimeControl::Fischer { main, increment } => {
                format!("kata-time_settings fischer {main} {increment}")
            }
        }
    }

    /// The plain `time_settings` sent instead when an engine answers `?` to `command()`
    /// (GNU Go does): Canadian with one stone per period, never more generous than the real
    /// system. None for the systems `command()` already sends as `time_settings`.
    pub fn approximation(&self) -> Option<String> {
        match *self {
            TimeControl::ByoYomi { main, period, .. } => {
                Some(format!("time_settings {main} {period} 1"))
            }
            TimeControl::Fischer { main, increment } => {
                Some(format!("time_settings {main} {increment} 1"))
            }
            _ => None,
        }
    }

    /// The system's name, as in `--time`: `absolute`, `canadian`, `byoyomi`, `fischer`, `none`.
    pub fn name(&self) -> &'static str {
        match self {
            TimeControl::Unlimited { .. } => "none",
            TimeControl::Absolute { .. } => "absolute",
            TimeControl::Canadian { .. } => "canadian",
            TimeControl::ByoYomi { .. } => "byoyomi",
            TimeControl::Fischer { .. } => "fischer",
        }
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TimeControl::Unlimited { .. } => f.write_str("no time limit"),
            TimeControl::Absolute { main } => write!(f, "{main} s absolute"),
            TimeControl::Canadian {
                main,
                period,
                stones,
            } => write!(f, "{main} s + {period} s per {stones} stones"),
            TimeControl::ByoYomi {
                main,
                period,
                periods,
            } => write!(f, "{main} s + {periods} x {period} s byo-yomi"),
            TimeControl::Fischer { main, increment } => {
                write!(f, "{main} s + {increment} s per move (Fischer)")
            }
        }
    }
}

/// The flag fell: the move took `took`, and only `allowed` (plus the lag allowance) was left.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Flagged {
    pub took: Duration,
    pub allowed: Duration,
}

fn secs(s: u32) -> Duration {
    Duration::from_secs(u64::from(s))
}

/// One engine's clock during one game. Does not apply when the control is unlimited.
#[derive(Debug, Clone)]
pub struct MatchClock {
    control: TimeControl,
    /// Main time left (the whole clock under Fischer); zero once in overtime.
    main_left: Duration,
    /// True once main time is used up and byo-yomi or Canadian periods run.
    overtime: bool,
    /// Canadian: time left in the current period.
    period_left: Duration,
    /// Canadian: stones still to play in the current period.
    stones_left: u32,
    /// Byo-yomi: periods left, the current one included.
    periods_left: u32,
}

impl MatchClock {
    /// A fresh clock. Byo-yomi without main time starts in its first period.
    pub fn new(control: TimeControl) -> MatchClock {
        let main = match control {
            TimeControl::Unlimited { main, .. }
            | TimeControl::Absolute { main }
            | TimeControl::Canadian { main, .. }
            | TimeControl::ByoYomi { main, .. }
            | TimeControl::Fischer { main, .. } => main,
        };
        let mut clock = MatchClock {
            control,
            main_left: secs(main),
            overtime: false,
            period_left: Duration::ZERO,
            stones_left: 0,
            periods_left: 0,
        };
        if main == 0 && matches!(control, TimeControl::ByoYomi { .. }) {
            clock.enter_overtime();
        }
        clock
    }

    fn enter_overtime(&mut self) {
        self.main_left = Duration::ZERO;
        self.overtime = true;
        match self.control {
            TimeControl::Canadian { period, stones, .. } => {
                self.period_left = secs(period);
                self.stones_left = stones;
            }
            TimeControl::ByoYomi { periods, .. } => self.periods_left = periods,
            _ => {}
        }
    }

    /// The arguments of GTP `time_left COLOR TIME N` (module doc): whole seconds, rounded
    /// down so that the engine never believes it has more than it has. `approximated` is true
    /// when the engine was told `TimeControl::approximation()` instead of the real system.
    pub fn time_left(&self, approximated: bool) -> (u64, u32) {
        match self.control {
            TimeControl::Unlimited { .. } | TimeControl::Absolute { .. } => {
                (self.main_left.as_secs(), 0)
            }
            TimeControl::Canadian { .. } if self.overtime => {
                (self.period_left.as_secs(), self.stones_left)
            }
            TimeControl::Canadian { .. } => (self.main_left.as_secs(), 0),
            TimeControl::ByoYomi { period, .. } if self.overtime => (
                u64::from(period),
                if approximated { 1 } else { self.periods_left },
            ),
            TimeControl::ByoYomi { .. } => (self.main_left.as_secs(), 0),
            TimeControl::Fischer { increment, .. } if approximated => {
                let left = self.main_left.as_secs();
                if left > u64::from(increment) {
                    (left - u64::from(increment), 0)
                } else {
                    (left, 1)
                }
            }
            TimeControl::Fischer { .. } => (self.main_left.as_secs(), 0),
        }
    }

    /// How long the next move may take before the flag falls (not counting the lag
    /// allowance): absolute and Fischer the clock; Canadian main time plus one period, or
    /// what is left of the period; byo-yomi main time plus every period left.
    pub fn allowance(&self) -> Duration {
        match self.control {
            TimeControl::Unlimited { .. }
            | TimeControl::Absolute { .. }
            | TimeControl::Fischer { .. } => self.main_left,
            TimeControl::Canadian { .. } if self.overtime => self.period_left,
            TimeControl::Canadian { period, .. } => self.main_left + secs(period),
            TimeControl::ByoYomi {
                period, periods, ..
            } => {
                let periods = if self.overtime {
                    self.periods_left
                } else {
                    periods
                };
                self.main_left + secs(period) * periods
            }
        }
    }

    /// Charges a move that took `took` (network lag included). A move may overrun its
    /// allowance by up to `lag` (pipe and scheduling delays the engine cannot see) without
    /// losing: the clock then stays at zero, or on its last period; beyond that the flag falls.
    pub fn charge(&mut self, took: Duration, lag: Duration) -> Result<(), Flagged> {
        let allowed = self.allowance();
        if took > allowed + lag {
            return Err(Flagged { took, allowed });
        }
        match self.control {
            TimeControl::Unlimited { .. } | TimeControl::Absolute { .. } => {
                self.main_left = self.main_left.saturating_sub(took);
            }
            TimeControl::Fischer { increment, .. } => {
                self.main_left = self.main_left.saturating_sub(took) + secs(increment);
            }
            TimeControl::Canadian { period, stones, .. } => {
                let mut rest = took;
                if !self.overtime {
                    if rest <= self.main_left {
                        self.main_left -= rest;
                        return Ok(());
                    }
                    rest -= self.main_left;
                    self.enter_overtime();
                }
                self.period_left = self.period_left.saturating_sub(rest);
                self.stones_left = self.stones_left.saturating_sub(1);
                if self.stones_left == 0 {
                    self.period_left = secs(period);
                    self.stones_left = stones;
                }
            }
            TimeControl::ByoYomi { period, .. } => {
                let mut rest = took;
                if !self.overtime {
                    if rest < self.main_left {
                        self.main_left -= rest;
                        return Ok(());
                    }
                    rest -= self.main_left;
                    self.enter_overtime();
                }
                // The periods this move reached: the last of them is kept, the others are
                // used up (a move that ends exactly at the end of a period stays in it).
                let reached = rest.as_nanos().div_ceil(secs(period).as_nanos().max(1));
                let used_up = u32::try_from(reached.saturating_sub(1)).unwrap_or(u32::MAX);
                self.periods_left = self.periods_left.saturating_sub(used_up).max(1);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
