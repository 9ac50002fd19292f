//! Policies already computed, keyed by what the network sees: a direct-mapped table per
//! worker, so a position the tree reaches twice (a transposition, or the same position in
//! the next search after the tree was cut) costs one evaluation.
//!
//! The key is the Zobrist hash of the stones, the side to move, the simple-ko point and the
//! last two moves: everything the input planes (`planes::encode`) are a function of. The
//! table holds `entries` policies of `size² + 1` floats; a new policy overwrites whatever
//! shared its slot. Sized once; `get` and `insert` allocate nothing.

use crate::geom::{Color, Point, MAX_POINTS};
use crate::mailbox::PlayoutBoard;
use crate::net::Network;
use crate::zobrist;

/// Policies kept per worker: 2,048 × 362 floats = 2.9 MB on 19×19.
pub const ENTRIES: usize = 2048;

/// A direct-mapped table of policies.
#[derive(Debug, Clone)]
pub struct PolicyCache {
    /// The key in each slot; 0 for none (a real key of 0 is simply never cached).
    keys: Vec<u64>,
    /// `stride` floats per slot.
    policies: Vec<f32>,
    stride: usize,
    /// The network the policies came from, by address: another network clears the table.
    network: usize,
    /// Lookups that found their policy, and those that did not.
    pub hits: u64,
    pub misses: u64,
}

impl PolicyCache {
    /// An empty table of `entries` slots (a power of two) for `network`'s policies, on boards
    /// up to the largest size.
    pub fn new(entries: usize, network: &Network) -> PolicyCache {
        assert!(entries.is_power_of_two());
        let stride = MAX_POINTS + 1;
        PolicyCache {
            keys: vec![0; entries],
            policies: vec![0.0; entries * stride],
            stride,
            network: network as *const Network as usize,
            hits: 0,
            misses: 0,
        }
    }

    /// Empties the table if its policies came from another network than `network`.
    pub fn fit(&mut self, network: &Network) {
        let address = network as *const Network as usize;
        if address != self.network {
            self.keys.fill(0);
            self.network = address;
        }
    }

    fn slot(&self, key: u64) -> usize {
        // The key's high bits are as random as its low ones (Zobrist keys are splitmix output).
        (key >> 32) as usize & (self.keys.len() - 1)
    }

    /// Copies the policy cached for `key` into `out` (its first `out.len()` values) and
    /// returns true, or returns false.
    pub fn get(&mut self, key: u64, out: &mut [f32]) -> bool {
        let slot = self.slot(key);
        if key != 0 && self.keys[slot] == key {
            self.hits += 1;
            let start = slot * self.stride;
            out.copy_from_slice(&self.policies[start..start + out.len()]);
            true
        } else {
            self.misses += 1;
            false
        }
    }

    /// Keeps `policy` (at most `MAX_POINTS + 1` values) for `key`.
    pub fn insert(&mut self, key: u64, policy: &[f32]) {
        let slot = self.slot(key);
        self.keys[slot] = key;
        self.policies[slot * self.stride..slot * self.stride + policy.len()]
            .copy_from_slice(policy);
    }
}

/// The cache key of `board`: the Zobrist hash of its stones, the side to move, its simple-ko
/// point, its last two moves and its size. O(size²): a microsecond against the network's
/// milliseconds.
pub fn key(board: &PlayoutBoard) -> u64 {
    let size = board.size();
    let mut hash = (size as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    for p in Point::all(size) {
        if let Some(color) = board.stone_at(p) {
            hash ^= zobrist::stone(color, p);
        }
    }
    if board.to_move() == Color::White {
        hash ^= zobrist::WHITE_TO_MOVE;
    }
    // Points are mixed in by distinct odd multipliers, so (ko, last, before) are told apart.
    let extras = [
        board.ko_point(),
        board.last_moves()[0],
        board.last_moves()[1],
    ];
    for (i, p) in extras.into_iter().enumerate() {
        let code = p.map_or(0, |p| p.index() as u64 + 1);
        hash ^= code.wrapping_mul(
            [
                0xD6E8_FEB8_6659_FD93,
                0xA076_1D64_78BD_642F,
                0xE703_7ED1_A0B4_28DB,
            ][i],
        );
    }
    hash
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Move;

    fn board_after(moves: &[(usize, usize)]) -> PlayoutBoard {
        let mut board = PlayoutBoard::new(9);
        for &(row, col) in moves {
            board.play_unchecked(Move::Play(Point::new(col, row)));
        }
        board
    }

    #[test]
    fn key_tells_apart_what_the_planes_see() {
        let a = board_after(&[(2, 2), (6, 6), (2, 6)]);
        let b = board_after(&[(2, 6), (6, 6), (2, 2)]);
        // The same stones and side to move, but a different move before the last.
        assert_ne!(key(&a), key(&b));
        let c = board_after(&[(2, 2), (6, 6), (2, 6)]);
        assert_eq!(key(&a), key(&c));
        let mut d = board_after(&[(2, 2), (6, 6), (2, 6)]);
        d.set_to_move(Color::Black);
        assert_ne!(key(&a), key(&d));
        assert_ne!(key(&PlayoutBoard::new(9)), key(&PlayoutBoard::new(13)));
    }

    #[test]
    fn cache_returns_what_was_inserted_until_overwritten() {
        let network = crate::net::builtin();
        let mut cache = PolicyCache::new(4, network);
        let policy: Vec<f32> = (0..82).map(|i| i as f32).collect();
        let mut out = vec![0.0; 82];
        assert!(!cache.get(1 << 40, &mut out));
        cache.insert(1 << 40, &policy);
        assert!(cache.get(1 << 40, &mut out));
        assert_eq!(out, policy);
        // Same slot (the high bits agree modulo 4), another key: it replaces the first.
        cache.insert((1 << 40) | 1, &policy[..10]);
        assert!(!cache.get(1 << 40, &mut out));
        assert_eq!((cache.hits, cache.misses), (1, 2));
        // The same network keeps the table; another empties it.
        cache.fit(network);
        assert!(cache.get((1 << 40) | 1, &mut out[..10]));
        let other = network.clone();
        cache.fit(&other);
        assert!(!cache.get((1 << 40) | 1, &mut out[..10]));
    }
}
