//! The thinking time for one move: `Budget`, `GamePhase`, `BudgetConfig`, and `Clock::budget`
//! and `Clock::stretch`, pure functions of the clock, the phase and the config.

use super::{Clock, TimeControl};
use std::time::Duration;

/// The thinking time for one move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Budget {
    /// No time limit: the caller uses its playout cap.
    NoLimit,
    /// Think for at most this long; never zero.
    Limit(Duration),
}

impl Budget {
    /// `None` for no limit: the shape of `search::Limits::time`.
    pub fn duration(self) -> Option<Duration> {
        match self {
            Budget::NoLimit => None,
            Budget::Limit(d) => Some(d),
        }
    }
}

/// How far the game has gone, which shapes how main time is spread.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GamePhase {
    /// Board side: 9, 13, 19…
    pub board_size: usize,
    /// Moves played so far by both colours, passes included (handicap stones excluded).
    pub moves_played: usize,
}

/// Expected game length in moves of both colours, as a fraction of the board's points
/// (19×19: 253, 9×9: 57). Untuned; typical of engine games with few passes.
const GAME_LENGTH_PER_POINT: f64 = 0.7;
/// However long the game has gone, assume at least this fraction of the board's points is
/// still to be played (both colours), so that main time late in a long game is never spent
/// in a few moves (19×19: 60 moves, 9×9: 13).
pub(super) const MIN_MOVES_LEFT_PER_POINT: f64 = 1.0 / 6.0;

impl GamePhase {
    pub fn new(board_size: usize, moves_played: usize) -> GamePhase {
        GamePhase {
            board_size,
            moves_played,
        }
    }

    /// Estimated moves this colour still has to play; at least 1.
    pub fn our_moves_left(self) -> u32 {
        let points = (self.board_size.clamp(2, 25) * self.board_size.clamp(2, 25)) as f64;
        let length = points * GAME_LENGTH_PER_POINT;
        let left = (length - self.moves_played as f64).max(points * MIN_MOVES_LEFT_PER_POINT);
        ((left / 2.0).ceil() as u32).max(1)
    }

    /// Weight of this move's share of main time: less in the opening, where moves are
    /// easier, more in the middle game where the fights are. Untuned.
    fn weight(self) -> f64 {
        let points = (self.board_size.clamp(2, 25) * self.board_size.clamp(2, 25)) as f64;
        let progress = self.moves_played as f64 / (points * GAME_LENGTH_PER_POINT);
        if progress < 0.1 {
            0.7
        } else if progress < 0.6 {
            1.3
        } else {
            1.0
        }
    }
}

/// How the budget is computed; every field has a default.
#[derive(Debug, Clone, PartialEq)]
pub struct BudgetConfig {
    /// Kept back from every allowance for a lag spike: from a byo-yomi period or a Canadian
    /// stone's share, and once from main time left (never from each move's share of it: the
    /// overhead a move usually costs is learnt, `Clock::overhead`, and kept back in full).
    /// Default 1 s: KGS and OGS charge the round trip to the engine.
    pub lag_margin: Duration,
    /// The lag margin never exceeds this fraction of a period, so that a 1 s period still
    /// leaves time to think. Default 0.25. The learnt overhead is never capped.
    pub max_lag_fraction: f64,
    /// The budget never drops below this, even when less time is left: moving at once beats
    /// losing on time. Default 10 ms.
    pub min_think: Duration,
    /// One move uses at most this fraction of the main time left. Default 0.2.
    pub max_main_fraction: f64,
    /// Fraction of a byo-yomi period (or of a Canadian stone's share), after the lag margin,
    /// that one move may use; the rest absorbs the search overshooting its budget. Default 0.85.
    pub period_fraction: f64,
    /// No move thinks longer than this, whatever the clock says (`--max-move-time`): a clock
    /// of a year shared over the moves left would otherwise give one move days. Default 120 s,
    /// longer than any move needs and shorter than anyone waits.
    pub max_move_time: Duration,
    /// A move whose search is still choosing between its two best moves at the end of its
    /// budget may think on until its share of main time is this many times larger
    /// (`Clock::stretch`), never beyond `max_main_fraction` of main time. Default 2. Overtime
    /// never stretches: its allowance is already all a move may use.
    pub stretch_factor: f64,
}

impl Default for BudgetConfig {
    fn default() -> BudgetConfig {
        BudgetConfig {
            lag_margin: Duration::from_secs(1),
            max_lag_fraction: 0.25,
            min_think: Duration::from_millis(10),
            max_main_fraction: 0.2,
            period_fraction: 0.85,
            max_move_time: Duration::from_secs(120),
            stretch_factor: 2.0,
        }
    }
}

impl BudgetConfig {
    /// The usable part of an allowance `t` that renews (a byo-yomi period, a Canadian
    /// stone's share, a Fischer increment) when a move's overhead is `overhead`: `t` less the
    /// lag margin (at most `max_lag_fraction` of `t`) or the overhead, whichever is larger,
    /// times `period_fraction`.
    pub(super) fn usable(&self, t: Duration, overhead: Duration) -> Duration {
        let margin = self
            .lag_margin
            .min(t.mul_f64(clamp01(self.max_lag_fraction)))
            .max(overhead);
        t.saturating_sub(margin)
            .mul_f64(clamp01(self.period_fraction))
    }
}

/// Clamps a fraction from a config into [0, 1]; NaN counts as 0.
fn clamp01(x: f64) -> f64 {
    if x.is_nan() {
        0.0
    } else {
        x.clamp(0.0, 1.0)
    }
}

impl Clock {
    /// Time to think about the next move: a pure function of the clock, the game phase and
    /// the config. Never zero (at least `config.min_think`). A move is charged its thinking
    /// plus its overhead (`Clock::overhead`, learnt), so:
    ///
    /// - None: no limit.
    /// - Absolute: main time less the reserve (`Clock::reserve`: the overhead of the moves
    ///   still to come) spread over the moves expected to remain, weighted towards the middle
    ///   game, at most `max_main_fraction` of it, and never more than main time left less this
    ///   move's overhead and the lag margin. Once main time is down to the reserve,
    ///   `min_think`.
    /// - Byo-yomi in overtime: the usable part of the current period (`BudgetConfig::usable`),
    ///   so never more than one period less the margin or the overhead.
    /// - Canadian in overtime: the usable part of the time left divided by the stones left.
    /// - Byo-yomi or Canadian in main time: what one move of overtime would get, plus a share
    ///   of main time as under Absolute. A move that outlasts main time then finishes inside
    ///   the first period, which byo-yomi renews and Canadian budgets for.
    /// - Fischer: a share of the clock as under Absolute (less a reserve if the increment
    ///   does not cover the overhead) plus the usable part of the increment (it comes back
    ///   after the move), never more than the clock less the overhead and the lag margin, nor
    ///   `max_move`.
    pub fn budget(&self, config: &BudgetConfig, phase: GamePhase) -> Budget {
        match self.control {
            TimeControl::None => Budget::NoLimit,
            _ => Budget::Limit(self.think(config, self.main_share(config, phase))),
        }
    }

    /// The longest the next move may think when its search is still undecided at the end of
    /// `budget`: the budget with the move's share of main time times `stretch_factor`, but no
    /// more than `max_main_fraction` of main time, and within every other bound of `budget`
    /// (lag margin, main time left, `max_move`, `max_move_time`). None when it would not be
    /// longer than the budget: no time limit, overtime, or a share already at its cap. The
    /// fraction applies to main time less the reserve, as the share does.
    pub fn stretch(&self, config: &BudgetConfig, phase: GamePhase) -> Option<Duration> {
        if self.control == TimeControl::None {
            return None;
        }
        let share = self.main_share(config, phase);
        let factor = if config.stretch_factor.is_finite() {
            config.stretch_factor.clamp(1.0, 10.0)
        } else {
            1.0
        };
        let spendable = self.main_left - self.reserve(config, phase);
        let cap = spendable.mul_f64(clamp01(config.max_main_fraction));
        let longer = self.think(config, share.mul_f64(factor).min(cap.max(share)));
        (longer > self.think(config, share)).then_some(longer)
    }

    /// `budget`'s time with `share` as this move's share of main time.
    fn think(&self, config: &BudgetConfig, share: Duration) -> Duration {
        let overhead = self.overhead();
        let usable = |t: Duration| config.usable(t, overhead);
        // What this move may cost in sudden death: the clock less a lag spike.
        let clock = self
            .main_left
            .saturating_sub(overhead)
            .saturating_sub(config.lag_margin);
        let think = match self.control {
            TimeControl::None => Duration::ZERO,
            TimeControl::Absolute { .. } => share.min(clock),
            TimeControl::ByoYomi { period, .. } => {
                if self.in_overtime {
                    if self.periods_left == 0 {
                        Duration::ZERO
                    } else {
                        usable(self.period_left.min(period))
                    }
                } else {
                    usable(period) + share
                }
            }
            TimeControl::Canadian { period, stones, .. } => {
                if self.in_overtime {
                    usable(self.period_left / self.stones_left.max(1))
                } else {
                    usable(period / stones.max(1)) + share
                }
            }
            TimeControl::Fischer {
                increment,
                max_move,
                ..
            } => {
                let think = (share + usable(increment)).min(clock);
                max_move.map_or(think, |cap| think.min(usable(cap)))
            }
        };
        think.min(config.max_move_time).max(config.min_think)
    }

    /// This move's share of the main time left less the reserve: spread over our expected
    /// moves, weighted by the phase, capped at `max_main_fraction`.
    fn main_share(&self, config: &BudgetConfig, phase: GamePhase) -> Duration {
        let spendable = (self.main_left - self.reserve(config, phase)).as_secs_f64();
        let even = spendable / phase.our_moves_left() as f64;
        let cap = spendable * clamp01(config.max_main_fraction);
        Duration::from_secs_f64((even * phase.weight()).min(cap).max(0.0))
    }
}

#[cfg(test)]
mod tests;
