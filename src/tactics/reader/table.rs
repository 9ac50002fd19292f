//! The reader's transposition table: proven values of region states, exact or bounds of
//! the alpha-beta window they were searched in, and that window.
//!
//! Region reading only: a region's local state (its points, side to move, ko, a pass) is the
//! whole state of its closed world, so proven values stay true and the table is kept from
//! read to read (the key carries the region's identity). Reserved once, never grown.

use super::Status;

/// Entries (a power of two).
const TABLE_LEN: usize = 1 << 14;

/// One entry of the transposition table: a region state's proven value, exact or a bound
/// (`BOUND_*` in the high bits of `value`, the `Status` in the low two).
#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    value: u8,
}

/// The table: `TABLE_LEN` entries, one per slot, the newest value of a slot kept (an exact
/// value over a bound of the same key).
pub(super) struct Table {
    entries: Vec<Entry>,
}

impl Table {
    pub(super) fn new() -> Table {
        Table {
            entries: vec![Entry::default(); TABLE_LEN],
        }
    }

    /// The stored value of `key` if it decides the node within `window`: an exact value,
    /// or a bound the window cuts at.
    pub(super) fn lookup(&self, key: u64, window: Window) -> Option<Status> {
        if key == 0 {
            return None;
        }
        let e = &self.entries[slot(key)];
        if e.key != key {
            return None;
        }
        let status = status_of(e.value & 3);
        match e.value >> 2 {
            BOUND_EXACT => Some(status),
            BOUND_LOWER => (status >= window.beta).then_some(status),
            _ => (status <= window.alpha).then_some(status),
        }
    }

    /// Stores `status`, the proven value of `key` searched within `window`: exact inside
    /// the window, a bound outside it.
    pub(super) fn store(&mut self, key: u64, status: Status, window: Window) {
        if key == 0 {
            return;
        }
        // The full window's ends are exact: nothing lies beyond `Alive` or below `Dead`.
        let bound = if status >= window.beta && status != Status::Alive {
            BOUND_LOWER
        } else if status <= window.alpha && status != Status::Dead {
            BOUND_UPPER
        } else {
            BOUND_EXACT
        };
        let e = &mut self.entries[slot(key)];
        // An exact value is worth more than a bound of the same position.
        if e.key == key && e.value >> 2 == BOUND_EXACT && bound != BOUND_EXACT {
            return;
        }
        *e = Entry {
            key,
            value: status as u8 | bound << 2,
        };
    }
}

/// The table's kinds of value: exact, at least (a defender's cut), at most (an attacker's).
const BOUND_EXACT: u8 = 0;
const BOUND_LOWER: u8 = 1;
const BOUND_UPPER: u8 = 2;

fn status_of(v: u8) -> Status {
    match v {
        0 => Status::Dead,
        1 => Status::Seki,
        _ => Status::Alive,
    }
}

/// The alpha-beta window of a node: the defender already has `alpha` elsewhere on the line
/// and the attacker `beta`. A value at or below `alpha` is worth no more to the defender
/// than what it has (so it is only an upper bound), one at or above `beta` no more to the
/// attacker (a lower bound). The full window, `Dead` to `Alive`, leaves every value exact.
#[derive(Clone, Copy, Debug)]
pub(super) struct Window {
    alpha: Status,
    beta: Status,
}

impl Window {
    pub(super) const FULL: Window = Window {
        alpha: Status::Dead,
        beta: Status::Alive,
    };

    /// Whether a proven value `v` at a node of the defender (if `defending`) or the
    /// attacker ends the node: the other side has a result as good for it elsewhere (or
    /// `v` is the side's ideal result: the full window's ends).
    pub(super) fn cuts(self, defending: bool, v: Status) -> bool {
        if defending {
            v >= self.beta
        } else {
            v <= self.alpha
        }
    }

    /// The window for the node's next children once the side to move has `v` (never a
    /// cut, so `alpha` stays below `beta`).
    pub(super) fn narrowed(self, defending: bool, v: Status) -> Window {
        if defending {
            Window {
                alpha: self.alpha.max(v),
                ..self
            }
        } else {
            Window {
                beta: self.beta.min(v),
                ..self
            }
        }
    }
}

fn slot(key: u64) -> usize {
    (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 40) as usize & (TABLE_LEN - 1)
}
