//! Time control: the settings (`TimeControl`), one colour's clock (`Clock`) and the per-move
//! thinking time (`Clock::budget`).
//!
//! Pure: nothing here reads the clock. The GTP front end measures how long a move took and
//! passes the `Duration` in (`Clock::record_move`), or copies what the controller says
//! (`Clock::time_left`). Every function is total: malformed numbers become a
//! `TimeSettingsError` at parse time, and odd states (negative times, stones with no periods,
//! a clock already run out) are clamped, never rejected, because a `? ` to `time_left` makes
//! some controllers drop the game (CLIENTS.md §7).
//!
//! Which meaning `time_left C T N` has depends on the control (CLIENTS.md §7):
//! - Canadian: GTP's, T = time left in the period, N = stones left in it; N = 0 in main time.
//! - Japanese byo-yomi (only reachable through `kgs-time_settings`): KGS's, T = time left in
//!   the current period, N = periods left; N = 0 in main time.
//! - Absolute and Fischer: T = time left on the clock; N is ignored.
//! - None: ignored; the controller said there is no limit.
//!
//! Files: `mod.rs` the `Clock` and its running state (`time_left`, `record_move`,
//! `record_search`); `settings.rs` `TimeControl` and the parsing of `time_settings`,
//! `kgs-time_settings`, `kata-time_settings`; `budget.rs` the per-move thinking time (`Budget`,
//! `GamePhase`, `BudgetConfig`, `Clock::budget`, `Clock::stretch`); `overhead.rs` what a move
//! costs beyond its thinking, learnt from the controller's reports (`Overhead`); `reserve.rs`
//! the main time kept back in sudden death to pay that overhead on the moves still to come.
//!
//! Depends on: nothing.

#[cfg(test)]
mod tests;

mod budget;
mod overhead;
mod reserve;
mod settings;

pub use budget::{Budget, BudgetConfig, GamePhase};
pub use overhead::Overhead;
pub use settings::{parse_count, parse_seconds, TimeControl, TimeSettingsError};

use std::fmt;
use std::time::Duration;

/// One colour's clock: the control and what is left of it. Knows nothing of the board; does
/// not flag a loss on time (the controller does), it only clamps at zero.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Clock {
    control: TimeControl,
    /// Main time left; zero once in overtime.
    main_left: Duration,
    /// True once main time is used up and periods (or Canadian blocks) run.
    in_overtime: bool,
    /// Byo-yomi: periods left, the current one included; 0 = out of time.
    periods_left: u32,
    /// Canadian: stones still to play in the current period.
    stones_left: u32,
    /// Time left in the current period (byo-yomi or Canadian).
    period_left: Duration,
    /// What a move costs beyond its thinking, learnt from the moves so far; kept by `reset`
    /// and `set_control`, since it belongs to the machine and the connection, not the game.
    overhead: Overhead,
}

impl Clock {
    /// A fresh clock at the start of a game. A control with a main time of zero and overtime
    /// starts in overtime.
    pub fn new(control: TimeControl) -> Clock {
        let control = control.normalized();
        let mut clock = Clock {
            control,
            main_left: control.main(),
            in_overtime: false,
            periods_left: 0,
            stones_left: 0,
            period_left: Duration::ZERO,
            overhead: Overhead::default(),
        };
        if clock.has_overtime() && clock.main_left.is_zero() {
            clock.enter_overtime();
        }
        clock
    }

    /// Back to the start of the game (`clear_board`), keeping what was learnt of the overhead.
    pub fn reset(&mut self) {
        self.restart(self.control);
    }

    /// Adopts `control` for a new game; keeps the running state when the control is the same,
    /// because gtp2ogs resends `time_settings` before every `genmove`. Keeps what was learnt
    /// of the overhead either way.
    pub fn set_control(&mut self, control: TimeControl) {
        if control.normalized() != self.control {
            self.restart(control);
        }
    }

    /// A fresh clock of `control` with this one's overhead.
    fn restart(&mut self, control: TimeControl) {
        let mut overhead = std::mem::take(&mut self.overhead);
        overhead.forget_report();
        *self = Clock::new(control);
        self.overhead = overhead;
    }

    /// The estimated overhead of the next move: what the controller will charge beyond the
    /// time the search thinks (`Overhead::estimate`).
    pub fn overhead(&self) -> Duration {
        self.overhead.estimate()
    }

    /// The control, normalised (see `TimeControl::normalized`).
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// Main time left; zero in overtime.
    pub fn main_left(&self) -> Duration {
        self.main_left
    }

    /// Returns true if and only if main time is used up and overtime runs.
    pub fn in_overtime(&self) -> bool {
        self.in_overtime
    }

    /// Byo-yomi periods left, the current one included (0 if out of time or not byo-yomi).
    pub fn periods_left(&self) -> u32 {
        self.periods_left
    }

    /// Canadian stones left to play in the current period (0 if not in Canadian overtime).
    pub fn stones_left(&self) -> u32 {
        self.stones_left
    }

    /// Time left in the current period (zero in main time).
    pub fn period_left(&self) -> Duration {
        self.period_left
    }

    fn has_overtime(&self) -> bool {
        matches!(
            self.control,
            TimeControl::ByoYomi { .. } | TimeControl::Canadian { .. }
        )
    }

    /// Main time is over: the first period starts, full.
    fn enter_overtime(&mut self) {
        self.main_left = Duration::ZERO;
        self.in_overtime = true;
        match self.control {
            TimeControl::ByoYomi {
                period, periods, ..
            } => {
                self.periods_left = periods;
                self.period_left = period;
            }
            TimeControl::Canadian { period, stones, .. } => {
                self.stones_left = stones;
                self.period_left = period;
            }
            TimeControl::None | TimeControl::Absolute { .. } | TimeControl::Fischer { .. } => {}
        }
    }

    /// `time_left`: `time` left in the current period (or in main time), and `n` with the
    /// meaning of the control (module doc): stones left under Canadian, periods left under
    /// byo-yomi, 0 in main time. Never fails; accepts values that contradict the control.
    pub fn time_left(&mut self, time: Duration, n: u32) {
        self.learn_from_report(time, n);
        match self.control {
            TimeControl::None => {}
            TimeControl::Absolute { .. } | TimeControl::Fischer { .. } => self.main_left = time,
            TimeControl::ByoYomi { .. } | TimeControl::Canadian { .. } if n == 0 => {
                // `time_left C 0 0` at the end of main time (some peers) stays here, with
                // no main time: the budget then plans for the first period.
                self.in_overtime = false;
                self.main_left = time;
                self.period_left = Duration::ZERO;
                self.periods_left = 0;
                self.stones_left = 0;
                if let TimeControl::ByoYomi { periods, .. } = self.control {
                    self.periods_left = periods;
                }
            }
            TimeControl::ByoYomi { .. } => {
                self.in_overtime = true;
                self.main_left = Duration::ZERO;
                self.periods_left = n;
                self.period_left = time;
            }
            TimeControl::Canadian { .. } => {
                self.in_overtime = true;
                self.main_left = Duration::ZERO;
                self.stones_left = n;
                self.period_left = time;
            }
        }
    }

    /// Learns the overhead from a `time_left` report in main time (absolute, Fischer, or the
    /// main time of byo-yomi and Canadian, `n` = 0): what the controller charged since the last.
    fn learn_from_report(&mut self, time: Duration, n: u32) {
        match self.control {
            TimeControl::None => {}
            TimeControl::Absolute { .. } => self.overhead.report(time, Duration::ZERO),
            // fischer-capped: a clock at its cap hides what the move was charged.
            TimeControl::Fischer {
                max_main: Some(cap),
                ..
            } if time >= cap => self.overhead.forget_report(),
            TimeControl::Fischer { increment, .. } => self.overhead.report(time, increment),
            TimeControl::ByoYomi { .. } | TimeControl::Canadian { .. } if n == 0 => {
                self.overhead.report(time, Duration::ZERO)
            }
            TimeControl::ByoYomi { .. } | TimeControl::Canadian { .. } => {
                self.overhead.forget_report()
            }
        }
    }

    /// Records a move of ours, as `record_move`, and learns from it: it took `elapsed`, of
    /// which its search thought `thought` within the time it was given (`Overhead`). The
    /// time between is overhead: judging, tree reuse, the search overshooting its deadline.
    pub fn record_search(&mut self, elapsed: Duration, thought: Duration) {
        if self.control != TimeControl::None {
            self.overhead.note_move(elapsed, thought);
        }
        self.record_move(elapsed);
    }

    /// Records a move of ours that took `elapsed`, for controllers that never send
    /// `time_left` (gogui-twogtp, Sabaki with `time_settings`). Main time runs down first; the
    /// rest goes to overtime: under byo-yomi each period exceeded is lost and a move made
    /// within a period renews it; under Canadian the period runs down and renews after its
    /// last stone. Running out clamps at zero (0 periods, or an empty period).
    pub fn record_move(&mut self, elapsed: Duration) {
        let mut rest = elapsed;
        match self.control {
            TimeControl::None => return,
            TimeControl::Absolute { .. } => {
                self.main_left = self.main_left.saturating_sub(rest);
                return;
            }
            TimeControl::Fischer {
                increment,
                max_main,
                ..
            } => {
                // The increment is added after the move, once the time it took is off.
                let left = self.main_left.saturating_sub(rest) + increment;
                self.main_left = max_main.map_or(left, |cap| left.min(cap));
                return;
            }
            TimeControl::ByoYomi { .. } | TimeControl::Canadian { .. } => {}
        }
        if !self.in_overtime {
            if rest <= self.main_left {
                self.main_left -= rest;
                return;
            }
            rest -= self.main_left;
            self.enter_overtime();
        }
        match self.control {
            TimeControl::ByoYomi { period, .. } => {
                while self.periods_left > 0 && rest > self.period_left {
                    rest -= self.period_left;
                    self.periods_left -= 1;
                    self.period_left = period;
                }
                self.period_left = if self.periods_left == 0 {
                    Duration::ZERO
                } else {
                    period
                };
            }
            TimeControl::Canadian { period, stones, .. } => {
                self.period_left = self.period_left.saturating_sub(rest);
                self.stones_left = self.stones_left.saturating_sub(1);
                if self.stones_left == 0 {
                    self.stones_left = stones;
                    self.period_left = period;
                }
            }
            TimeControl::None | TimeControl::Absolute { .. } | TimeControl::Fischer { .. } => {}
        }
    }
}

/// For logs: `main 287.0s`, `byo-yomi 3 x 30s, 25.0s left`, `canadian 5 stones in 120.0s`.
impl fmt::Display for Clock {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.control {
            TimeControl::None => f.write_str("no limit"),
            _ if !self.in_overtime => write!(f, "main {:.1}s", self.main_left.as_secs_f64()),
            TimeControl::ByoYomi { period, .. } => write!(
                f,
                "byo-yomi {} x {:.0}s, {:.1}s left",
                self.periods_left,
                period.as_secs_f64(),
                self.period_left.as_secs_f64()
            ),
            TimeControl::Canadian { .. } => write!(
                f,
                "canadian {} stones in {:.1}s",
                self.stones_left,
                self.period_left.as_secs_f64()
            ),
            // Never in overtime: shown as main time above.
            TimeControl::Fischer { .. } => write!(f, "main {:.1}s", self.main_left.as_secs_f64()),
            TimeControl::Absolute { .. } => f.write_str("out of time"),
        }
    }
}
