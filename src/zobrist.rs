//! Zobrist keys, computed at compile time: no init call, the same keys in every run.
//!
//! Depends on: geom.

use crate::geom::{Color, Point, MAX_POINTS};

/// splitmix64: a tiny, well-mixed generator usable in `const fn`.
const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

const fn make_keys() -> [[u64; MAX_POINTS]; 2] {
    let mut keys = [[0u64; MAX_POINTS]; 2];
    let mut state = 0x7465_6E67_656E_u64; // "tengen"
    let mut c = 0;
    while c < 2 {
        let mut i = 0;
        while i < MAX_POINTS {
            let (s, k) = splitmix(state);
            state = s;
            keys[c][i] = k;
            i += 1;
        }
        c += 1;
    }
    keys
}

static STONE_KEYS: [[u64; MAX_POINTS]; 2] = make_keys();

/// XORed into the hash when White is to move: turns the position hash into a situational one.
pub const WHITE_TO_MOVE: u64 = splitmix(0x5349_5455_4154_494F).1;

/// The key of a stone of `color` on `p`.
#[inline]
pub fn stone(color: Color, p: Point) -> u64 {
    STONE_KEYS[color.index()][p.index()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_distinct_and_nonzero() {
        let mut all: Vec<u64> = STONE_KEYS.iter().flatten().copied().collect();
        all.push(WHITE_TO_MOVE);
        assert!(all.iter().all(|&k| k != 0));
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), 2 * MAX_POINTS + 1);
    }
}
