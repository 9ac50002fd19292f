//! `Bitboard`: one bit per point of the shared 25×25 layout (see `geom`).
//!
//! Bit `p.index()` of the 640-bit array (10 × u64, 15 bits unused) is point `p`. The layout has
//! no padding, so a shift by one column wraps from column 24 of one row to column 0 of the next:
//! `expand` masks those columns out, and `board_mask(size)` clips everything to a smaller board.
//!
//! **Invariant:** the 15 bits above index 624 are always zero (every constructor and operator
//! keeps them so), which is why `count` and `iter` need no mask.
//!
//! Depends on: geom.

use crate::geom::{Point, MAX_POINTS, MAX_SIZE};
use std::ops::{
    BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub, SubAssign,
};

/// Number of 64-bit words.
const WORDS: usize = 10;

/// A set of points. `Copy`, 80 bytes; every operation is branch-free over the 10 words.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Bitboard([u64; WORDS]);

const _: () = assert!(std::mem::size_of::<Bitboard>() == 80);
const _: () = assert!(WORDS * 64 >= MAX_POINTS);

/// The points of a board of side `size`, for every size 0..=25.
static BOARD_MASKS: [Bitboard; MAX_SIZE + 1] = make_board_masks();

/// Every point of the layout (all 625 bits).
const ALL: Bitboard = make_rect(MAX_SIZE, MAX_SIZE, 0);
/// Every point except column 0: the targets of a shift by +1 that did not wrap.
const NOT_COL_0: Bitboard = make_rect(MAX_SIZE, MAX_SIZE, 1);
/// Every point except column 24: the targets of a shift by −1 that did not wrap.
const NOT_COL_24: Bitboard = make_rect(MAX_SIZE - 1, MAX_SIZE, 0);

/// Points with `first_col <= col < cols` and `row < rows`.
const fn make_rect(cols: usize, rows: usize, first_col: usize) -> Bitboard {
    let mut words = [0u64; WORDS];
    let mut r = 0;
    while r < rows {
        let mut c = first_col;
        while c < cols {
            let i = r * MAX_SIZE + c;
            words[i / 64] |= 1 << (i % 64);
            c += 1;
        }
        r += 1;
    }
    Bitboard(words)
}

const fn make_board_masks() -> [Bitboard; MAX_SIZE + 1] {
    let mut masks = [Bitboard([0; WORDS]); MAX_SIZE + 1];
    let mut s = 0;
    while s <= MAX_SIZE {
        masks[s] = make_rect(s, s, 0);
        s += 1;
    }
    masks
}

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard([0; WORDS]);

    /// The points of a board of side `size` (clamped to 25).
    #[inline]
    pub fn board_mask(size: usize) -> Bitboard {
        BOARD_MASKS[size.min(MAX_SIZE)]
    }

    /// The set holding `p` alone.
    #[inline]
    pub fn from_point(p: Point) -> Bitboard {
        let mut b = Bitboard::EMPTY;
        b.insert(p);
        b
    }

    /// The set of the given points.
    pub fn from_points(points: &[Point]) -> Bitboard {
        points.iter().copied().collect()
    }

    /// The raw words, bit `i % 64` of word `i / 64` being point index `i`.
    #[inline]
    pub fn words(&self) -> &[u64; WORDS] {
        &self.0
    }

    /// Returns true if and only if the set has no point.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// Number of points in the set.
    #[inline]
    pub fn count(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Returns true if and only if the set has exactly one point. Cheaper than `count() == 1`
    /// on targets without a popcount instruction (the x86-64 baseline): it stops at the second
    /// non-zero word.
    #[inline]
    pub fn is_single(&self) -> bool {
        let mut seen = false;
        for &w in &self.0 {
            if w != 0 {
                if seen || w & (w - 1) != 0 {
                    return false;
                }
                seen = true;
            }
        }
        seen
    }

    /// Returns true if and only if the set has two points or more (see `is_single`).
    #[inline]
    pub fn has_two_or_more(&self) -> bool {
        let mut seen = false;
        for &w in &self.0 {
            if w != 0 {
                if seen || w & (w - 1) != 0 {
                    return true;
                }
                seen = true;
            }
        }
        false
    }

    /// Returns true if and only if `p` is in the set (never for a point outside the layout).
    #[inline]
    pub fn contains(&self, p: Point) -> bool {
        let i = p.index();
        i < MAX_POINTS && self.0[i / 64] >> (i % 64) & 1 != 0
    }

    /// Adds `p`; a point outside the 25×25 layout (a bug upstream) is ignored rather than
    /// allowed to break the invariant on the spare bits.
    #[inline]
    pub fn insert(&mut self, p: Point) {
        let i = p.index();
        debug_assert!(i < MAX_POINTS);
        if i < MAX_POINTS {
            self.0[i / 64] |= 1 << (i % 64);
        }
    }

    #[inline]
    pub fn remove(&mut self, p: Point) {
        let i = p.index();
        if i < MAX_POINTS {
            self.0[i / 64] &= !(1 << (i % 64));
        }
    }

    /// Returns true if and only if the two sets share a point.
    #[inline]
    pub fn intersects(&self, other: &Bitboard) -> bool {
        self.0.iter().zip(other.0.iter()).any(|(a, b)| a & b != 0)
    }

    /// The lowest point of the set, if any.
    #[inline]
    pub fn first(&self) -> Option<Point> {
        self.0
            .iter()
            .enumerate()
            .find(|(_, &w)| w != 0)
            .map(|(i, &w)| Point::from_index(i * 64 + w.trailing_zeros() as usize))
    }

    /// The points in increasing index order.
    #[inline]
    pub fn iter(&self) -> Iter {
        Iter {
            words: self.0,
            word: 0,
        }
    }

    /// Every point moved by `+k` indices (0 < k < 64), bits beyond the layout dropped.
    #[inline]
    fn shl(&self, k: u32) -> Bitboard {
        let w = &self.0;
        let mut out = [0u64; WORDS];
        out[0] = w[0] << k;
        for i in 1..WORDS {
            out[i] = w[i] << k | w[i - 1] >> (64 - k);
        }
        Bitboard(out) & ALL
    }

    /// Every point moved by `−k` indices (0 < k < 64), bits below 0 dropped.
    #[inline]
    fn shr(&self, k: u32) -> Bitboard {
        let w = &self.0;
        let mut out = [0u64; WORDS];
        for i in 0..WORDS - 1 {
            out[i] = w[i] >> k | w[i + 1] << (64 - k);
        }
        out[WORDS - 1] = w[WORDS - 1] >> k;
        Bitboard(out)
    }

    /// The orthogonal neighbours of the set on a board of side `size`, without the set itself.
    #[inline]
    pub fn neighbors(&self, size: usize) -> Bitboard {
        self.expand(size) - *self
    }

    /// The points of `mask` connected to the points of `self & mask` (flood fill by
    /// repeated dilation): a chain from one stone and the stones of its colour, an empty
    /// region from one empty point and the empty points.
    pub fn component(&self, mask: Bitboard, size: usize) -> Bitboard {
        let mut set = *self & mask;
        loop {
            let grown = set.expand(size) & mask;
            if grown == set {
                return set;
            }
            set = grown;
        }
    }

    /// The connected components of the set (orthogonal adjacency), each once, in the order
    /// of their first points.
    pub fn components(self, size: usize) -> impl Iterator<Item = Bitboard> {
        let mut rest = self;
        std::iter::from_fn(move || {
            let region = Bitboard::from_point(rest.first()?).component(rest, size);
            rest -= region;
            Some(region)
        })
    }

    /// Dilation: the set together with its orthogonal neighbours on a board of side `size`.
    /// Rows never wrap (column masks), and the result is clipped to the board.
    #[inline]
    pub fn expand(&self, size: usize) -> Bitboard {
        let right = self.shl(1) & NOT_COL_0;
        let left = self.shr(1) & NOT_COL_24;
        let up = self.shl(MAX_SIZE as u32);
        let down = self.shr(MAX_SIZE as u32);
        (*self | right | left | up | down) & Bitboard::board_mask(size)
    }
}

/// Iterator over the points of a `Bitboard`, lowest index first: one `trailing_zeros` per point.
#[derive(Clone, Debug)]
pub struct Iter {
    words: [u64; WORDS],
    word: usize,
}

impl Iterator for Iter {
    type Item = Point;

    #[inline]
    fn next(&mut self) -> Option<Point> {
        while self.word < WORDS {
            let w = self.words[self.word];
            if w != 0 {
                self.words[self.word] = w & (w - 1);
                return Some(Point::from_index(
                    self.word * 64 + w.trailing_zeros() as usize,
                ));
            }
            self.word += 1;
        }
        None
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n: usize = self.words[self.word.min(WORDS)..]
            .iter()
            .map(|w| w.count_ones() as usize)
            .sum();
        (n, Some(n))
    }
}

impl ExactSizeIterator for Iter {}

impl IntoIterator for Bitboard {
    type Item = Point;
    type IntoIter = Iter;
    fn into_iter(self) -> Iter {
        Iter {
            words: self.0,
            word: 0,
        }
    }
}

impl IntoIterator for &Bitboard {
    type Item = Point;
    type IntoIter = Iter;
    fn into_iter(self) -> Iter {
        self.iter()
    }
}

impl FromIterator<Point> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Point>>(iter: I) -> Bitboard {
        let mut b = Bitboard::EMPTY;
        for p in iter {
            b.insert(p);
        }
        b
    }
}

impl Extend<Point> for Bitboard {
    fn extend<I: IntoIterator<Item = Point>>(&mut self, iter: I) {
        for p in iter {
            self.insert(p);
        }
    }
}

macro_rules! word_op {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, |$a:ident, $b:ident| $e:expr) => {
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $method(self, rhs: Bitboard) -> Bitboard {
                let mut out = [0u64; WORDS];
                for i in 0..WORDS {
                    let ($a, $b) = (self.0[i], rhs.0[i]);
                    out[i] = $e;
                }
                Bitboard(out)
            }
        }
        impl $assign_trait for Bitboard {
            #[inline]
            fn $assign_method(&mut self, rhs: Bitboard) {
                *self = $trait::$method(*self, rhs);
            }
        }
    };
}

word_op!(BitAnd, bitand, BitAndAssign, bitand_assign, |a, b| a & b);
word_op!(BitOr, bitor, BitOrAssign, bitor_assign, |a, b| a | b);
word_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, |a, b| a ^ b);
// `a - b` is "a and not b".
word_op!(Sub, sub, SubAssign, sub_assign, |a, b| a & !b);

/// The complement within the 625 points of the layout (not within a smaller board: combine
/// with `board_mask`).
impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        ALL - self
    }
}

impl Bitboard {
    /// `self` without the points of `other` (the same as `self - other`).
    #[inline]
    pub fn andnot(self, other: Bitboard) -> Bitboard {
        self - other
    }
}

#[cfg(test)]
mod tests;
