//! The reserve: main time kept back in sudden death (absolute time, and Fischer whose
//! increment does not cover a move's overhead) to pay the overhead of the moves still to come.
//!
//! Every move costs its thinking plus its overhead (`Overhead`): the pipe, a loaded machine,
//! the engine's work outside its search. Late in a long game each move's share of main time
//! shrinks, but its overhead does not; once the share is below it, main time drains by the
//! overhead every move and runs out. So the budget spreads only main time less the reserve,
//! `reserve_moves` × (overhead + `min_think`), and once main time is down to the reserve
//! every move thinks `min_think`: the reserve then lasts `reserve_moves` more moves.
//!
//! `reserve_moves` plans for a game of `RESERVE_LENGTH_PER_POINT` × the board's points (451
//! moves on 19×19, 101 on 9×9), far beyond the expected length (`GamePhase::our_moves_left`)
//! but for a rare long game, and past that for at least a quarter again of the moves played
//! (or `MIN_MOVES_LEFT_PER_POINT` of the points): the longer a game has gone, the longer it
//! may go on. docs/reliability.md has the figures.
//!
//! Byo-yomi and Canadian keep no reserve: running out of main time is no loss there, and a
//! period's budget already takes the overhead off (`BudgetConfig::usable`).

use super::budget::MIN_MOVES_LEFT_PER_POINT;
use super::{BudgetConfig, Clock, GamePhase, TimeControl};
use std::time::Duration;

/// The reserve plans for a game of this many moves (both colours) per point of the board.
const RESERVE_LENGTH_PER_POINT: f64 = 1.25;
/// However long the game has gone, the reserve covers at least this fraction of the moves
/// played so far (both colours).
const RESERVE_GROWTH: f64 = 0.25;

impl GamePhase {
    /// Our moves whose overhead the reserve pays: half of the moves until a game of
    /// `RESERVE_LENGTH_PER_POINT` × points, or of `RESERVE_GROWTH` × the moves played, or of
    /// `MIN_MOVES_LEFT_PER_POINT` × points, whichever is most; at least 1.
    pub fn reserve_moves(self) -> u32 {
        let points = (self.board_size.clamp(2, 25) * self.board_size.clamp(2, 25)) as f64;
        let played = self.moves_played as f64;
        let left = (points * RESERVE_LENGTH_PER_POINT - played)
            .max(played * RESERVE_GROWTH)
            .max(points * MIN_MOVES_LEFT_PER_POINT);
        ((left / 2.0).ceil().min(f64::from(u32::MAX)) as u32).max(1)
    }
}

impl Clock {
    /// The main time kept back from the budget (module doc): `phase.reserve_moves()` times
    /// what a move costs that the increment does not give back, its overhead and `min_think`
    /// (Fischer: less the part of the increment the budget leaves unspent). Zero without a
    /// time limit and under byo-yomi and Canadian; never more than main time left.
    pub fn reserve(&self, config: &BudgetConfig, phase: GamePhase) -> Duration {
        let overhead = self.overhead();
        let per_move = match self.control {
            TimeControl::None | TimeControl::ByoYomi { .. } | TimeControl::Canadian { .. } => {
                return Duration::ZERO
            }
            TimeControl::Absolute { .. } => overhead + config.min_think,
            TimeControl::Fischer { increment, .. } => {
                let unspent = increment.saturating_sub(config.usable(increment, overhead));
                (overhead + config.min_think).saturating_sub(unspent)
            }
        };
        per_move
            .saturating_mul(phase.reserve_moves())
            .min(self.main_left)
    }
}

#[cfg(test)]
mod tests;
