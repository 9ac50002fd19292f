//! `Chain`: the figures of one chain of the playout board, kept at its head: pseudo-liberty
//! count, sum and sum of squares (atari iff `n·Σx² = (Σx)²`), and the stone count.

/// Per-chain figures, stored at the chain's head (any stone of the chain serves as head).
///
/// Tried and not taken: packing count, sum and sum of squares into one `u64` (bits 50..61,
/// 30..50, 0..30; no carries, since a chain has at most 1248 pseudo-liberties below 703), so
/// that each update is one add. Cachegrind over the bench's first 1000 playouts: −0.3%
/// instructions, no change in mispredictions; not worth the subtler bounds.
#[derive(Clone, Copy, Default, Debug)]
pub(crate) struct Chain {
    /// Pseudo-liberties: (stone, empty neighbour) pairs.
    pub(crate) libs: u16,
    /// Stones in the chain, to relabel the smaller side of a merge.
    pub(crate) size: u16,
    /// Sum of the mailbox indices of the pseudo-liberties.
    pub(crate) lib_sum: u32,
    /// Sum of their squares. Bounds: at most ~1300 pseudo-liberties below 703, so < 2^30.
    pub(crate) lib_sum_sq: u32,
}

impl Chain {
    /// Returns true if and only if every pseudo-liberty of the chain is the same point
    /// (or, never on a valid board, the chain has none).
    #[inline(always)]
    pub(crate) fn in_atari(&self) -> bool {
        let n = self.libs as u64;
        let s = self.lib_sum as u64;
        n * self.lib_sum_sq as u64 == s * s
    }

    #[inline(always)]
    pub(super) fn add_lib(&mut self, m: usize) {
        self.libs += 1;
        self.lib_sum += m as u32;
        self.lib_sum_sq += (m * m) as u32;
    }

    /// Wrapping, because the scratch chain (see `SCRATCH`) takes removals it never had.
    #[inline(always)]
    pub(super) fn remove_lib(&mut self, m: usize) {
        self.libs = self.libs.wrapping_sub(1);
        self.lib_sum = self.lib_sum.wrapping_sub(m as u32);
        self.lib_sum_sq = self.lib_sum_sq.wrapping_sub((m * m) as u32);
    }

    /// Wrapping, as `remove_lib`.
    #[inline(always)]
    pub(super) fn add_lib_wrapping(&mut self, m: usize) {
        self.libs = self.libs.wrapping_add(1);
        self.lib_sum = self.lib_sum.wrapping_add(m as u32);
        self.lib_sum_sq = self.lib_sum_sq.wrapping_add((m * m) as u32);
    }
}
