//! The referee's clocks: GTP `time_settings M B S` (main time, then Canadian byo-yomi of B
//! seconds for S stones), kept by the runner for each engine and reported with `time_left`.
//!
//! Pure: the caller measures each move and passes the elapsed time in. This is the referee's
//! side of the clock; the engine's own budget lives in `crate::time`, which the runner does not
//! use so that a bug there cannot hide a loss on time.
//!
//! Depends on: nothing.

use std::fmt;
use std::time::Duration;

/// GTP `time_settings main_time byo_yomi_time byo_yomi_stones`, in whole seconds as the
/// protocol has them. Per the GTP spec, `B > 0, S = 0` means no time limit and `B = 0, S = 0`
/// means absolute time (main time only).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TimeSettings {
    pub main: u32,
    pub byo_yomi: u32,
    pub stones: u32,
}

impl TimeSettings {
    /// Parses `"M B S"` (three whole numbers of seconds / stones, separated by spaces or commas).
    pub fn parse(text: &str) -> Result<TimeSettings, String> {
        let fields: Vec<&str> = text
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|f| !f.is_empty())
            .collect();
        let [m, b, s] = fields.as_slice() else {
            return Err(format!(
                "three numbers \"MAIN BYO_YOMI STONES\" wanted, got {text:?}"
            ));
        };
        let number = |f: &str| {
            f.parse::<u32>()
                .map_err(|_| format!("{f:?} is not a whole number"))
        };
        Ok(TimeSettings {
            main: number(m)?,
            byo_yomi: number(b)?,
            stones: number(s)?,
        })
    }

    /// Returns true if and only if these settings mean "no time limit" under the GTP spec.
    pub fn is_unlimited(&self) -> bool {
        self.byo_yomi > 0 && self.stones == 0
    }

    /// Returns true if and only if there is no byo-yomi after the main time.
    pub fn is_absolute(&self) -> bool {
        self.byo_yomi == 0 && self.stones == 0
    }

    /// The GTP command that announces these settings.
    pub fn command(&self) -> String {
        format!(
            "time_settings {} {} {}",
            self.main, self.byo_yomi, self.stones
        )
    }
}

impl fmt::Display for TimeSettings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_unlimited() {
            f.write_str("no time limit")
        } else if self.is_absolute() {
            write!(f, "{} s absolute", self.main)
        } else {
            write!(
                f,
                "{} s + {} s per {} stones",
                self.main, self.byo_yomi, self.stones
            )
        }
    }
}

/// The flag fell: the move took `took`, and only `allowed` (plus the lag allowance) was left.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Flagged {
    pub took: Duration,
    pub allowed: Duration,
}

/// One engine's clock during one game. Does not apply when the settings are unlimited.
#[derive(Debug, Clone)]
pub struct MatchClock {
    settings: TimeSettings,
    /// Main time left; zero once in byo-yomi.
    main_left: Duration,
    /// Some((time left in the period, stones left to play in it)) once in byo-yomi.
    period: Option<(Duration, u32)>,
}

impl MatchClock {
    pub fn new(settings: TimeSettings) -> MatchClock {
        MatchClock {
            settings,
            main_left: Duration::from_secs(u64::from(settings.main)),
            period: None,
        }
    }

    fn fresh_period(&self) -> (Duration, u32) {
        (
            Duration::from_secs(u64::from(self.settings.byo_yomi)),
            self.settings.stones,
        )
    }

    /// The arguments of GTP `time_left COLOR TIME STONES`: whole seconds left (rounded down, so
    /// the engine never believes it has more than it has) and stones left in the byo-yomi
    /// period (0 while in main time, as the spec says).
    pub fn time_left(&self) -> (u64, u32) {
        match self.period {
            None => (self.main_left.as_secs(), 0),
            Some((left, stones)) => (left.as_secs(), stones),
        }
    }

    /// How long the next move may take before the flag falls (not counting the lag allowance):
    /// the main time plus, if there is byo-yomi, one period.
    pub fn allowance(&self) -> Duration {
        match self.period {
            Some((left, _)) => left,
            None if self.settings.is_absolute() => self.main_left,
            None => self.main_left + self.fresh_period().0,
        }
    }

    /// Charges a move that took `took`. A move may overrun by up to `lag` (pipe and scheduling
    /// delays the engine cannot see) without losing; beyond that the flag falls.
    pub fn charge(&mut self, took: Duration, lag: Duration) -> Result<(), Flagged> {
        let allowed = self.allowance();
        if took > allowed + lag {
            return Err(Flagged { took, allowed });
        }
        let mut rest = took;
        if self.period.is_none() {
            if rest <= self.main_left {
                self.main_left -= rest;
                return Ok(());
            }
            rest -= self.main_left;
            self.main_left = Duration::ZERO;
            if self.settings.is_absolute() {
                // Overran by no more than the lag: the clock stays at zero.
                return Ok(());
            }
            self.period = Some(self.fresh_period());
        }
        let Some((left, stones)) = self.period else {
            return Ok(());
        };
        let left = left.saturating_sub(rest);
        let stones = stones.saturating_sub(1);
        self.period = Some(if stones == 0 {
            self.fresh_period()
        } else {
            (left, stones)
        });
        Ok(())
    }
}
