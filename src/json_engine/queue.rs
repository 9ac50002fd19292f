//! The turns waiting for a search, shared by the reader thread (which adds and terminates
//! them) and the search thread (which takes them one at a time).
//!
//! Order: the highest `priority` first, then the earliest query, then the lowest turn, as
//! KataGo's analysis threads take them. One turn is searched at a time (the search itself
//! runs on every `--threads`), so answers come in that order; `error` and `warning` lines,
//! written by the reader as it reads, may come before the answers of earlier queries.
//!
//! Memory: at most `MAX_TURNS` turns wait, and at most `MAX_MOVES` moves summed over the
//! queries of the waiting turns; a query past either is refused whole with an error.
//!
//! Depends on: json_engine (query).

use super::query::Query;
use std::cmp::Ordering as CmpOrdering;
use std::collections::BinaryHeap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};

/// Most turns waiting at once.
pub const MAX_TURNS: usize = 10_000;
/// Most moves summed over the queries of the waiting turns (each counted once per turn, and
/// at least `MOVES_PER_TURN`): a bound on what the waiting queries hold.
pub const MAX_MOVES: usize = 4_000_000;
/// What a turn counts towards `MAX_MOVES` beyond its query's moves: its start position.
const MOVES_PER_TURN: usize = 256;

/// One turn of one query, waiting or searched.
pub struct Job {
    pub query: Arc<Query>,
    pub turn: usize,
    pub priority: i64,
    /// Arrival order of the query.
    seq: u64,
}

impl Job {
    fn cost(&self) -> usize {
        self.query.moves.len() + MOVES_PER_TURN
    }

    fn key(&self) -> (i64, std::cmp::Reverse<u64>, std::cmp::Reverse<usize>) {
        (
            self.priority,
            std::cmp::Reverse(self.seq),
            std::cmp::Reverse(self.turn),
        )
    }
}

impl PartialEq for Job {
    fn eq(&self, other: &Job) -> bool {
        self.key() == other.key()
    }
}
impl Eq for Job {}
impl PartialOrd for Job {
    fn partial_cmp(&self, other: &Job) -> Option<CmpOrdering> {
        Some(self.cmp(other))
    }
}
impl Ord for Job {
    fn cmp(&self, other: &Job) -> CmpOrdering {
        self.key().cmp(&other.key())
    }
}

/// The turn being searched: its query id, turn and stop flag.
struct Running {
    id: String,
    turn: usize,
    stop: Arc<AtomicBool>,
}

struct State {
    waiting: BinaryHeap<Job>,
    /// Sum of the waiting jobs' `cost`.
    moves: usize,
    running: Option<Running>,
    /// No more queries will come (end of input).
    closed: bool,
    seq: u64,
}

/// The queue (see the module doc).
pub struct Queue {
    state: Mutex<State>,
    wake: Condvar,
}

impl Default for Queue {
    fn default() -> Queue {
        Queue {
            state: Mutex::new(State {
                waiting: BinaryHeap::new(),
                moves: 0,
                running: None,
                closed: false,
                seq: 0,
            }),
            wake: Condvar::new(),
        }
    }
}

impl Queue {
    fn lock(&self) -> MutexGuard<'_, State> {
        // A panic never happens under this lock; if one did, the state is still whole.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Adds every turn of `query`, or none (and says why) when the queue would pass its caps.
    pub fn push(&self, query: Query) -> Result<(), String> {
        let query = Arc::new(query);
        let mut state = self.lock();
        let turns = query.turns.len();
        let cost = turns * (query.moves.len() + MOVES_PER_TURN);
        if state.waiting.len() + turns > MAX_TURNS {
            return Err(format!(
                "too many turns waiting: at most {MAX_TURNS}; wait for answers or terminate some"
            ));
        }
        if state.moves + cost > MAX_MOVES {
            return Err(format!(
                "the waiting queries hold too many moves: at most {MAX_MOVES} in all; wait for \
                 answers or terminate some"
            ));
        }
        let seq = state.seq;
        state.seq += 1;
        state.moves += cost;
        for &(turn, priority) in &query.turns {
            state.waiting.push(Job {
                query: query.clone(),
                turn,
                priority,
                seq,
            });
        }
        drop(state);
        self.wake.notify_all();
        Ok(())
    }

    /// The next turn to search and its stop flag, once there is one; `None` when the input
    /// has ended and nothing waits. Marks it running until `done`.
    pub fn pop(&self) -> Option<(Job, Arc<AtomicBool>)> {
        let mut state = self.lock();
        loop {
            if let Some(next) = Self::take(&mut state) {
                return Some(next);
            }
            if state.closed {
                return None;
            }
            state = self.wake.wait(state).unwrap_or_else(|e| e.into_inner());
        }
    }

    /// As `pop`, without waiting: `None` when nothing waits now.
    pub fn try_pop(&self) -> Option<(Job, Arc<AtomicBool>)> {
        Self::take(&mut self.lock())
    }

    /// The first waiting turn, marked running.
    fn take(state: &mut State) -> Option<(Job, Arc<AtomicBool>)> {
        let job = state.waiting.pop()?;
        state.moves -= job.cost();
        let stop = Arc::new(AtomicBool::new(false));
        state.running = Some(Running {
            id: job.query.id.clone(),
            turn: job.turn,
            stop: stop.clone(),
        });
        Some((job, stop))
    }

    /// The running turn is answered.
    pub fn done(&self) {
        self.lock().running = None;
    }

    /// `terminate` (`id`) or `terminate_all` (`None`), for `turns` or every turn: stops the
    /// running turn if it matches (its answer then comes with what it found) and takes the
    /// matching waiting turns off the queue, returning them (each is owed a `noResults`
    /// answer).
    pub fn terminate(&self, id: Option<&str>, turns: Option<&[usize]>) -> Vec<(String, usize)> {
        let matches = |qid: &str, turn: usize| {
            id.is_none_or(|id| id == qid) && turns.is_none_or(|t| t.contains(&turn))
        };
        let mut state = self.lock();
        if let Some(r) = &state.running {
            if matches(&r.id, r.turn) {
                r.stop.store(true, Ordering::SeqCst);
            }
        }
        let waiting = std::mem::take(&mut state.waiting);
        let (gone, kept): (Vec<Job>, Vec<Job>) = waiting
            .into_iter()
            .partition(|j| matches(&j.query.id, j.turn));
        state.waiting = kept.into_iter().collect();
        state.moves -= gone.iter().map(Job::cost).sum::<usize>();
        let mut gone: Vec<Job> = gone;
        gone.sort_by(|a, b| b.cmp(a));
        gone.into_iter()
            .map(|j| (j.query.id.clone(), j.turn))
            .collect()
    }

    /// The input has ended: `pop` returns `None` once nothing waits. With `abandon`
    /// (`-quit-without-waiting`), the waiting turns are dropped unanswered and the running one
    /// stopped.
    pub fn close(&self, abandon: bool) {
        let mut state = self.lock();
        state.closed = true;
        if abandon {
            state.waiting.clear();
            state.moves = 0;
            if let Some(r) = &state.running {
                r.stop.store(true, Ordering::SeqCst);
            }
        }
        drop(state);
        self.wake.notify_all();
    }

    /// Turns waiting (for tests and logs).
    pub fn waiting(&self) -> usize {
        self.lock().waiting.len()
    }
}

#[cfg(test)]
mod tests;
