//! Time control: the clock of each colour and the per-move budget. Pure: no clock reads here;
//! the caller measures elapsed time and passes it in.
//!
//! Depends on: nothing.

use std::time::Duration;

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum TimeControl {
    /// No limit.
    None,
    /// Main time only; running out loses.
    Absolute { main: Duration },
    /// Main time, then `periods` periods of `period` each (Japanese byo-yomi).
    ByoYomi { main: Duration, period: Duration, periods: u32 },
    /// Main time, then `stones` moves in each `period` (Canadian).
    Canadian { main: Duration, period: Duration, stones: u32 },
}

/// One colour's clock.
#[derive(Debug, Clone)]
pub struct Clock {}

/// How the budget is computed; every field has a default.
#[derive(Debug, Clone)]
pub struct BudgetConfig {
    /// Kept back from every allowance for network lag and process overhead.
    pub lag_margin: Duration,
}

impl Clock {
    pub fn new(control: TimeControl) -> Clock {
        let _ = control;
        todo!()
    }

    /// GTP `time_left`: `time` left in the current period (or main time), `stones` the GTP
    /// meaning (stones left in the Canadian period; 0 while in main time).
    pub fn time_left(&mut self, time: Duration, stones: u32) {
        let _ = (time, stones);
        todo!()
    }

    /// Records a move of ours that took `elapsed`, for when the controller sends no time_left.
    pub fn record_move(&mut self, elapsed: Duration) {
        let _ = elapsed;
        todo!()
    }

    /// Time to think about the next move; `moves_left` estimates the moves this colour still
    /// has to play. None = no limit.
    pub fn budget(&self, config: &BudgetConfig, moves_left: u32) -> Option<Duration> {
        let _ = (config, moves_left);
        todo!()
    }
}
