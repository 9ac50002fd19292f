//! Ownership per root move (KataGo's `includeMovesOwnership`): for each root move, the sum
//! of the owner of every point over the playouts through it, and their count.
//!
//! Off unless asked (`Search::set_moves_ownership`): then each worker keeps its own sums
//! (no sharing, no atomics: one row of `MAX_POINTS` additions per playout, beside the
//! whole-board sum every playout already makes), allocated once and cleared before each
//! search; `Search::run` adds them up at the end, as it does the whole-board ownership.
//!
//! Depends on: geom.

use crate::geom::{Move, MAX_POINTS};

/// Rows of sums, one per root move slot (`Point::index`, pass last).
const SLOTS: usize = MAX_POINTS + 1;

fn slot_of(mv: Move) -> usize {
    match mv {
        Move::Play(p) => p.index(),
        Move::Pass => MAX_POINTS,
    }
}

/// The sums of one worker, or of a whole search.
#[derive(Default)]
pub struct MoveOwners {
    /// `SLOTS × MAX_POINTS` owner sums (Black +1, White −1 per playout); empty while off.
    sums: Vec<i32>,
    /// Playouts per slot.
    counts: Vec<u32>,
}

impl MoveOwners {
    /// Returns true if and only if the sums are kept.
    pub fn is_on(&self) -> bool {
        !self.counts.is_empty()
    }

    /// Keeps the sums (allocating them the first time) or drops them; cleared either way.
    pub fn set(&mut self, on: bool) {
        if on {
            self.sums.resize(SLOTS * MAX_POINTS, 0);
            self.counts.resize(SLOTS, 0);
            self.sums.fill(0);
            self.counts.fill(0);
        } else {
            *self = MoveOwners::default();
        }
    }

    /// One playout through the root move `mv` that ended with `owner` (per point, Black
    /// positive). Hot path when on: one row of additions, no allocation.
    pub fn add(&mut self, mv: Move, owner: &[i8; MAX_POINTS]) {
        if !self.is_on() {
            return;
        }
        let slot = slot_of(mv);
        self.counts[slot] += 1;
        let row = &mut self.sums[slot * MAX_POINTS..(slot + 1) * MAX_POINTS];
        for (sum, &o) in row.iter_mut().zip(owner.iter()) {
            *sum += o as i32;
        }
    }

    /// Adds `other`'s sums to these (both on).
    pub fn merge(&mut self, other: &MoveOwners) {
        for (a, &b) in self.sums.iter_mut().zip(&other.sums) {
            *a += b;
        }
        for (a, &b) in self.counts.iter_mut().zip(&other.counts) {
            *a += b;
        }
    }

    /// The mean owner of each point (by `Point::index`, Black positive) over the playouts
    /// through `mv`; `None` while off or before any such playout.
    pub fn of(&self, mv: Move) -> Option<Vec<f32>> {
        let slot = slot_of(mv);
        let n = *self.counts.get(slot)?;
        (n > 0).then(|| {
            self.sums[slot * MAX_POINTS..(slot + 1) * MAX_POINTS]
                .iter()
                .map(|&s| s as f32 / n as f32)
                .collect()
        })
    }
}

#[cfg(test)]
mod tests;
