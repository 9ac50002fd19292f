//! The spread of the playouts' final scores, per root move: what KataGo calls `scoreStdev`.
//!
//! A node keeps the sum of its playouts' margins (`Node::score_mean`) but not their squares:
//! 8 more bytes a node would break the 48-byte budget of `tree::Node` for a figure only the
//! root's children need. `ScoreSpread` keeps, for each root move of the current search, the
//! count, sum and sum of squares of the final margins of the playouts through it, in fixed
//! point, one relaxed `fetch_add` each (three per playout, on the chosen move's slot): no
//! allocation, no lock. The root's spread is the merge of its moves' (every playout goes
//! through exactly one root move).
//!
//! Only this search's playouts count: a subtree kept from the last move keeps its mean but
//! not its spread, so a move not visited again reports a spread of 0.
//!
//! Depends on: geom.

use crate::geom::{Move, MAX_POINTS};
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering::Relaxed};

/// Fixed-point units of one point of margin: quarter points, so that every margin of a komi
/// in quarter points adds exactly, and squares of margins up to `game::MAX_KOMI` plus a board
/// (about 10,625 points, 42,500 units, 1.8e9 squared units) add up for 5e9 playouts in an i64.
const SCALE: f64 = 4.0;

/// One root move's playouts: count, sum and sum of squares of the margins, in `SCALE` units.
#[derive(Default)]
struct Slot {
    n: AtomicU64,
    sum: AtomicI64,
    sum_sq: AtomicI64,
}

/// Count, mean and standard deviation of a set of margins.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Spread {
    pub playouts: u64,
    pub mean: f32,
    /// Population standard deviation; 0 without playouts.
    pub stdev: f32,
}

/// The slots of one search, by move (`Point::index`, pass last).
pub struct ScoreSpread {
    slots: Box<[Slot]>,
}

impl Default for ScoreSpread {
    fn default() -> ScoreSpread {
        ScoreSpread {
            slots: (0..=MAX_POINTS).map(|_| Slot::default()).collect(),
        }
    }
}

fn slot_of(mv: Move) -> usize {
    match mv {
        Move::Play(p) => p.index(),
        Move::Pass => MAX_POINTS,
    }
}

impl ScoreSpread {
    /// Forgets every playout (before a search; no thread in it).
    pub fn clear(&self) {
        for s in self.slots.iter() {
            s.n.store(0, Relaxed);
            s.sum.store(0, Relaxed);
            s.sum_sq.store(0, Relaxed);
        }
    }

    /// One playout through the root move `mv` that ended with the margin `margin` (either
    /// colour's view: the spread is the same). Hot path: three relaxed atomic adds.
    pub fn record(&self, mv: Move, margin: f32) {
        let s = &self.slots[slot_of(mv)];
        let x = (margin as f64 * SCALE).round() as i64;
        s.n.fetch_add(1, Relaxed);
        s.sum.fetch_add(x, Relaxed);
        s.sum_sq.fetch_add(x.wrapping_mul(x), Relaxed);
    }

    /// The spread of the playouts through the root move `mv`.
    pub fn of(&self, mv: Move) -> Spread {
        let s = &self.slots[slot_of(mv)];
        spread(
            s.n.load(Relaxed),
            s.sum.load(Relaxed),
            s.sum_sq.load(Relaxed),
        )
    }

    /// The spread of every playout of the search (all root moves merged).
    pub fn total(&self) -> Spread {
        let (mut n, mut sum, mut sum_sq) = (0u64, 0i64, 0i64);
        for s in self.slots.iter() {
            n += s.n.load(Relaxed);
            sum = sum.wrapping_add(s.sum.load(Relaxed));
            sum_sq = sum_sq.wrapping_add(s.sum_sq.load(Relaxed));
        }
        spread(n, sum, sum_sq)
    }
}

fn spread(n: u64, sum: i64, sum_sq: i64) -> Spread {
    if n == 0 {
        return Spread::default();
    }
    let n_f = n as f64;
    let mean = sum as f64 / n_f;
    // Threads add the three sums one after the other: a reader may see one playout more in
    // one of them, which can make the variance a hair negative.
    let variance = (sum_sq as f64 / n_f - mean * mean).max(0.0);
    Spread {
        playouts: n,
        mean: (mean / SCALE) as f32,
        stdev: (variance.sqrt() / SCALE) as f32,
    }
}

#[cfg(test)]
mod tests;
