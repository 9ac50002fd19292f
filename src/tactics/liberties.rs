//! Liberties, self-atari, captures and escapes on the playout board.
//!
//! Shared by the heavy playout policy, the tree's priors and the move features. Everything
//! works on mailbox indices and reads the board's chain figures; nothing allocates, and the
//! answers to "how many liberties would this chain have" stop counting at a small cap.
//!
//! The fast path is arithmetic on the pseudo-liberties (count, sum, sum of squares): taking
//! the point `m` out of a chain's pseudo-liberties (`k` pairs if `k` of its stones touch `m`)
//! leaves figures that say, without walking the chain, whether the chain keeps no liberty,
//! exactly one (which one: the sum over the count) or at least two. The slow path,
//! `chain_liberties`, walks the chain's circular list and collects distinct liberties.
//!
//! Depends on: mailbox, geom.

use crate::geom::Point;
use crate::mailbox::{Chain, PlayoutBoard, EMPTY};

/// Up to `N` distinct points, in a fixed array.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PointSet<const N: usize> {
    pts: [u16; N],
    n: usize,
}

impl<const N: usize> PointSet<N> {
    pub(crate) const EMPTY: PointSet<N> = PointSet { pts: [0; N], n: 0 };

    pub(crate) fn new() -> PointSet<N> {
        PointSet::EMPTY
    }

    /// Adds `m` unless present; returns false if and only if the set was full (and `m` new).
    #[inline(always)]
    pub(crate) fn insert(&mut self, m: usize) -> bool {
        if self.contains(m) {
            return true;
        }
        if self.n == N {
            return false;
        }
        self.pts[self.n] = m as u16;
        self.n += 1;
        true
    }

    #[inline(always)]
    pub(crate) fn contains(&self, m: usize) -> bool {
        self.pts[..self.n].iter().any(|&x| x as usize == m)
    }

    #[inline(always)]
    pub(crate) fn len(&self) -> usize {
        self.n
    }

    #[inline(always)]
    pub(crate) fn get(&self, i: usize) -> usize {
        self.pts[i] as usize
    }

    #[inline(always)]
    pub(crate) fn as_slice(&self) -> &[u16] {
        &self.pts[..self.n]
    }
}

/// The liberty of a chain in atari (its pseudo-liberties are all one point).
#[inline(always)]
pub(crate) fn atari_liberty(ch: &Chain) -> usize {
    debug_assert!(ch.libs > 0 && ch.in_atari());
    (ch.lib_sum / ch.libs as u32) as usize
}

/// Slow path: the distinct liberties of the chain headed at `h`, walking its stones, up to
/// `N` of them (the walk stops once `N` are found). Cost: four reads per stone walked.
pub(crate) fn chain_liberties<const N: usize>(b: &PlayoutBoard, h: usize) -> PointSet<N> {
    let s = b.stride_m();
    let mut libs = PointSet::<N>::new();
    let mut x = h;
    loop {
        for q in [x - 1, x + 1, x - s, x + s] {
            if b.color_m(q) == EMPTY && !libs.insert(q) {
                return libs;
            }
        }
        x = b.next_m(x);
        if x == h {
            return libs;
        }
    }
}

/// What a move would leave: the liberties of the chain through the new stone, counted up to
/// 2 (0, 1 or "2 or more"), and that chain's size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct AfterMove {
    /// Distinct liberties, capped at 2.
    pub(crate) libs: u8,
    /// The liberty when `libs == 1`.
    pub(crate) lib: usize,
    /// Stones in the new chain.
    pub(crate) size: u32,
}

/// The liberties (up to 2) and size of the chain `c` would make by playing the empty point
/// `m`, captures counted. Hot path (the heavy policy's self-atari test): no chain walk.
///
/// Captures: a captured enemy stone next to `m` becomes a liberty. When a captured chain has
/// two or more stones the result is "2 or more" without looking further (its other stones free
/// room around the new chain; a rare snapback-like shape can make this optimistic).
#[inline]
pub(crate) fn after_move(b: &PlayoutBoard, m: usize, c: u8) -> AfterMove {
    let s = b.stride_m();
    let nbs = [m - 1, m + 1, m - s, m + s];
    let enemy = c ^ 3;
    let mut libs = PointSet::<2>::new();
    let mut size = 1u32;
    let mut seen = [0usize; 4];
    let mut two = false;
    for (k, &q) in nbs.iter().enumerate() {
        let qc = b.color_m(q);
        if qc == EMPTY {
            two |= !libs.insert(q);
            continue;
        }
        if qc != c && qc != enemy {
            continue;
        }
        let h = b.head_m(q);
        if seen[..k].contains(&h) {
            continue;
        }
        seen[k] = h;
        let ch = b.chain_of_head(h);
        if qc == enemy {
            // An enemy chain touching `m` in atari has `m` as its liberty: `c` captures it.
            if ch.in_atari() {
                if ch.size >= 2 {
                    two = true;
                } else {
                    two |= !libs.insert(q);
                }
            }
            continue;
        }
        size += ch.size as u32;
        // The chain's pseudo-liberties without the pairs (its stone, m).
        let touching = nbs.iter().filter(|&&x| b.head_m(x) == h).count() as u32;
        let n = ch.libs as u32 - touching;
        if n == 0 {
            continue;
        }
        let m32 = m as u32;
        let sum = ch.lib_sum - touching * m32;
        let sum_sq = ch.lib_sum_sq - touching * m32 * m32;
        if n as u64 * sum_sq as u64 == sum as u64 * sum as u64 {
            two |= !libs.insert((sum / n) as usize);
        } else {
            two = true;
        }
    }
    let n_libs = if two { 2 } else { libs.len() as u8 };
    AfterMove {
        libs: n_libs,
        lib: if n_libs == 1 { libs.get(0) } else { 0 },
        size,
    }
}

/// Returns true if and only if `c` playing the empty point `m` would leave the new chain with
/// exactly one liberty (or none: suicide). A move with two empty neighbours never does: that
/// test first, as most moves have them.
#[inline(always)]
pub(crate) fn is_self_atari(b: &PlayoutBoard, m: usize, c: u8) -> bool {
    b.n_empty_nb(m) < 2 && after_move(b, m, c).libs < 2
}

impl PlayoutBoard {
    /// If the side to move playing the empty point `p` puts its new chain in atari (captures
    /// counted, as `after_move`), the number of stones of that chain; else `None`. For the
    /// tree's priors (cold path).
    pub fn self_atari_stones(&self, p: Point) -> Option<u32> {
        if !p.is_on_board(self.size()) {
            return None;
        }
        let m = self.to_mailbox(p);
        let c = self.to_move_code();
        if self.color_m(m) != EMPTY || !is_self_atari(self, m, c) {
            return None;
        }
        Some(after_move(self, m, c).size)
    }
}

/// Returns true if and only if `c` playing `m` is a self-atari of a chain of more than
/// `max_stones` stones. Smaller self-ataris (throw-ins, nakade) pass. Hot path.
#[inline(always)]
pub(crate) fn is_bad_self_atari(b: &PlayoutBoard, m: usize, c: u8, max_stones: u32) -> bool {
    if b.n_empty_nb(m) >= 2 {
        return false;
    }
    let a = after_move(b, m, c);
    a.libs < 2 && a.size > max_stones
}

/// Adds to `out` the moves that save the chain headed at `h` (in atari): capturing an
/// adjacent enemy chain in atari, or extending from the last liberty when that leaves two or
/// more. Legality is the caller's to check. Walks the chain (it is in atari, so rarely long).
pub(crate) fn escapes<const N: usize>(b: &PlayoutBoard, h: usize, out: &mut PointSet<N>) {
    escapes_checked(b, h, out, || true);
}

/// `escapes`, extending to exactly two liberties only if `two_liberties_hold()` (e.g. the
/// ladder reader finds the chain is then not caught: `ladder::escapes_unless_caught`); it is
/// called only in that case.
#[inline(always)]
pub(crate) fn escapes_checked<const N: usize>(
    b: &PlayoutBoard,
    h: usize,
    out: &mut PointSet<N>,
    two_liberties_hold: impl FnOnce() -> bool,
) {
    let s = b.stride_m();
    let c = b.color_m(h);
    let enemy = c ^ 3;
    let mut x = h;
    loop {
        for q in [x - 1, x + 1, x - s, x + s] {
            if b.color_m(q) == enemy {
                let ch = b.chain_of_head(b.head_m(q));
                if ch.in_atari() {
                    out.insert(atari_liberty(&ch));
                }
            }
        }
        x = b.next_m(x);
        if x == h {
            break;
        }
    }
    let lib = atari_liberty(&b.chain_of_head(h));
    match after_move(b, lib, c).libs {
        0 | 1 => {}
        2 if !two_liberties_hold() => {}
        _ => {
            out.insert(lib);
        }
    }
}

/// The two liberties of the chain headed at `h` when it has exactly two; `None` otherwise.
/// Each liberty touches at most four stones of the chain, so a chain with more than eight
/// pseudo-liberties has three or more and is ruled out without a walk. Hot path (the heavy
/// policy's two-liberty step, a few chains per move).
#[inline]
pub(crate) fn two_liberties(b: &PlayoutBoard, h: usize) -> Option<[usize; 2]> {
    let ch = b.chain_of_head(h);
    if ch.libs > 8 || ch.in_atari() {
        return None;
    }
    let libs = chain_liberties::<3>(b, h);
    (libs.len() == 2).then(|| [libs.get(0), libs.get(1)])
}

/// Returns true if and only if `q` and `r` are orthogonal neighbours.
#[inline(always)]
pub(super) fn adjacent(b: &PlayoutBoard, q: usize, r: usize) -> bool {
    let d = q.abs_diff(r);
    d == 1 || d == b.stride_m()
}

#[cfg(test)]
pub(crate) mod tests;
