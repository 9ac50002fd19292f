//! `Overhead`: what a move costs beyond the time the engine thought about it, learnt from the
//! moves of the game (and the games before it).
//!
//! A move's overhead is everything the controller charged that was not thinking inside the
//! budget: the pipe both ways and the scheduling of a loaded machine (only the controller sees
//! those), and the engine's own work outside its search (tree reuse, judging the position,
//! the search's overshoot of its deadline). Two sources, per move of ours:
//! - at once, from the engine (`note_move`): the move's time less the time its search
//!   thought within the plan, measured exactly;
//! - at the next `time_left` (`report`): the drop of main time since the last report less
//!   the move's own time, spread over the moves between the reports. Controllers send whole
//!   seconds (GTP's `time_left` takes an integer), so one drop is up to 1 s off; over a window
//!   of `WINDOW` moves the drops add up to the true sum within 1 s, since every report's
//!   rounding but the window's first and last cancels.
//!
//! The estimate is the mean over the last `WINDOW` moves, kept as a decaying maximum
//! (`DECAY` a move): a rise (a build starts beside the engine) shows within a few moves, a
//! fall is believed slowly. The window starts full of `PRIOR`, so that the first few moves,
//! whose reports are each up to 1 s off, move the estimate by a sixteenth of what they say.
//! What the engine measures itself is exact, and late in a game it rises at once (judging
//! the position before each move begins when a third of the board is left): so the estimate
//! is never below the mean of the engine's own part over the last `RECENT` moves.
//!
//! Pure: reads no clock; the caller passes the durations in. Depends on: nothing.

use std::time::Duration;

/// Moves in the mean. 16: the rounding of whole-second reports costs at most 1/16 s a move.
const WINDOW: usize = 16;
/// Moves in the mean of the engine's own, exact, part.
const RECENT: usize = 4;
/// What the maximum keeps a move: 0.95, a half-life of 14 moves.
const DECAY: f64 = 0.95;
/// The overhead assumed before the first move has been measured: a pipe and an idle machine.
/// Small, so that a short clock is not held back for a guess (`--time-per-game 2` on 9×9);
/// a slow engine shows within `RECENT` moves, long before the late game needs the reserve.
pub const PRIOR: Duration = Duration::from_millis(20);

/// Microseconds, signed: one move's overhead measured from whole-second reports can be
/// negative (the report rounded down before the move and up after it).
type Micros = i64;

/// The overhead of the last moves and where the last `time_left` left main time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Overhead {
    /// The overhead of the last `WINDOW` moves, move `m` at `m % WINDOW`; `PRIOR` for those
    /// before the first.
    window: [Micros; WINDOW],
    /// The decaying maximum of the window's mean; None before the first move.
    peak: Option<Micros>,
    /// The engine's own part of the last `RECENT` moves' overhead, move `m` at `m % RECENT`;
    /// `PRIOR` for those before the first.
    recent: [Micros; RECENT],
    /// Moves measured since the start.
    moves: u64,
    /// Main time at the last `time_left` in main time, and our moves since then with their
    /// time as the engine measured it. None after a report in overtime or a new game.
    anchor: Option<Anchor>,
}

impl Default for Overhead {
    fn default() -> Overhead {
        Overhead {
            window: [micros(PRIOR); WINDOW],
            peak: None,
            recent: [micros(PRIOR); RECENT],
            moves: 0,
            anchor: None,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Anchor {
    main: Duration,
    moves: u32,
    elapsed: Duration,
}

impl Overhead {
    /// The estimated overhead of the next move: never negative, `PRIOR` before any move.
    pub fn estimate(&self) -> Duration {
        match self.peak {
            None => PRIOR,
            Some(peak) => {
                let own = self.recent.iter().sum::<Micros>() / RECENT as Micros;
                Duration::from_micros(peak.max(own).max(0) as u64)
            }
        }
    }

    /// A move of ours took `elapsed` (as the engine measured it) of which its search thought
    /// `thought` within the plan; the rest is overhead.
    pub fn note_move(&mut self, elapsed: Duration, thought: Duration) {
        let own = micros(elapsed.saturating_sub(thought));
        self.recent[(self.moves % RECENT as u64) as usize] = own;
        self.window[(self.moves % WINDOW as u64) as usize] = own;
        self.moves += 1;
        let decayed = self.peak.map(|p| (p as f64 * DECAY) as Micros);
        self.raise(decayed);
        if let Some(anchor) = self.anchor.as_mut() {
            anchor.moves += 1;
            anchor.elapsed = anchor.elapsed.saturating_add(elapsed);
        }
    }

    /// `time_left` in main time: `main` left, with `increment` (Fischer) credited after each
    /// move. What the controller charged the moves since the last report, beyond their own
    /// time, is added to them. Skipped when nothing can be learnt: no earlier report, no move
    /// since, main time at zero (a controller that clamps there charges less than the move
    /// took) or a clock that went up more than the increments (a new game).
    pub fn report(&mut self, main: Duration, increment: Duration) {
        if let Some(anchor) = self.anchor {
            // Only measured moves still in the window take their part.
            let moves = u64::from(anchor.moves).min(WINDOW as u64).min(self.moves);
            let credited = anchor
                .main
                .saturating_add(increment.saturating_mul(anchor.moves));
            if moves > 0 && !main.is_zero() && main <= credited {
                let charged = credited - main;
                let beyond = micros(charged) - micros(anchor.elapsed);
                let each = beyond / Micros::from(anchor.moves);
                for m in self.moves - moves..self.moves {
                    let slot = &mut self.window[(m % WINDOW as u64) as usize];
                    *slot = slot.saturating_add(each);
                }
                self.raise(self.peak);
            }
        }
        self.anchor = Some(Anchor {
            main,
            moves: 0,
            elapsed: Duration::ZERO,
        });
    }

    /// A report outside main time, or a new game: the next report has nothing to compare with.
    pub fn forget_report(&mut self) {
        self.anchor = None;
    }

    /// The peak becomes the larger of `floor` and the window's mean.
    fn raise(&mut self, floor: Option<Micros>) {
        let mean = self.window.iter().sum::<Micros>() / WINDOW as Micros;
        self.peak = Some(floor.map_or(mean, |f| f.max(mean)));
    }
}

fn micros(d: Duration) -> Micros {
    d.as_micros().min(Micros::MAX as u128) as Micros
}

#[cfg(test)]
mod tests;
