//! Eye shapes and nakade: the vital point of a small eye space, what a space of three to six
//! points is worth (`EyeShape`, also read by the judge through `eye_shape_by`), and the
//! sacrifice that leaves the capturer one eye.
//!
//! Depends on: mailbox, tactics::liberties.

use super::liberties::{adjacent, after_move, chain_liberties, PointSet};
use crate::mailbox::{PlayoutBoard, EMPTY, OFF_BOARD};

/// The nakade point of the eye space that the last move `last` (a stone of the side not to
/// move) borders, through its empty neighbours; 0 if none.
#[inline]
pub(crate) fn nakade_answer(b: &PlayoutBoard, last: usize) -> usize {
    // Pachi's filter: the last move's empty neighbours must all touch each other (diagonally
    // at least), as they do on the wall of one small space: at most two, not opposite. It
    // skips the flood for most moves, played in the open.
    let s = b.stride_m();
    let mut empties = [0usize; 2];
    let mut n = 0;
    for q in [last - 1, last + 1, last - s, last + s] {
        if b.color_m(q) == EMPTY {
            if n == 2 {
                return 0;
            }
            empties[n] = q;
            n += 1;
        }
    }
    match n {
        0 => 0,
        2 if empties[0].abs_diff(empties[1]) == 2 || empties[0].abs_diff(empties[1]) == 2 * s => 0,
        _ => nakade_point(b, empties[0], b.color_m(last)),
    }
}

/// The vital point of the small eye space of `owner` through the empty point `start`, or 0.
/// The space is the empty points connected to `start`, at most six, walled by `owner`'s
/// stones and the edge only (an enemy stone inside or on the wall: 0). Its vital point, by
/// shape (degree: neighbours inside the space; edges: adjacent pairs): three in a row or
/// bent, the middle (degree 2); the pyramid four, its centre (degree 3); the bulky five (a
/// square and one more: five edges), the point of degree 3; the crossed five, its centre
/// (degree 4); the rabbity six (six edges), the point of degree 4. Other shapes (two points,
/// the straight or bent four, the square four) have none to play. Playing there kills a
/// group that has nothing but this space (Pachi's nakade check; MoGo's playouts without it
/// let such groups live). Hot path: a flood of at most seven points.
pub(crate) fn nakade_point(b: &PlayoutBoard, start: usize, owner: u8) -> usize {
    const MAX_SPACE: usize = 6;
    let s = b.stride_m();
    let mut space = PointSet::<{ MAX_SPACE + 1 }>::new();
    space.insert(start);
    let mut i = 0;
    while i < space.len() {
        let x = space.get(i);
        for q in [x - 1, x + 1, x - s, x + s] {
            match b.color_m(q) {
                EMPTY => {
                    space.insert(q);
                    if space.len() > MAX_SPACE {
                        return 0;
                    }
                }
                col if col == owner || col == OFF_BOARD => {}
                _ => return 0,
            }
        }
        i += 1;
    }
    match eye_shape(b, space.as_slice()) {
        EyeShape::Vital(i) => space.get(i),
        _ => 0,
    }
}

/// What a small eye space (3 to 6 connected points) is worth to the group around it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EyeShape {
    /// Killed by a stone on the point at this index of the space (see `nakade_point`).
    Vital(usize),
    /// The square four: one eye, whatever is played.
    Square,
    /// Room for two eyes (the straight and bent fours, larger shapes), or too small to judge.
    Other,
}

/// Classifies `space` by its points' degrees (neighbours inside the space) and its number of
/// edges (adjacent pairs): see `nakade_point`.
fn eye_shape(b: &PlayoutBoard, space: &[u16]) -> EyeShape {
    eye_shape_by(space.len(), |i, j| {
        adjacent(b, space[i] as usize, space[j] as usize)
    })
}

/// `eye_shape` of a connected space of `n` points, `adjacent(i, j)` saying whether its
/// points `i` and `j` are neighbours (for the judge, which works on `Position`).
pub fn eye_shape_by(n: usize, adjacent: impl Fn(usize, usize) -> bool) -> EyeShape {
    const MAX_SPACE: usize = 6;
    if !(3..=MAX_SPACE).contains(&n) {
        return EyeShape::Other;
    }
    let mut degree = [0u8; MAX_SPACE];
    let mut edges = 0;
    for i in 0..n {
        for j in i + 1..n {
            if adjacent(i, j) {
                degree[i] += 1;
                degree[j] += 1;
                edges += 1;
            }
        }
    }
    let find = |d: u8| (0..n).find(|&i| degree[i] == d);
    let vital = match (n, edges) {
        (3, _) => find(2),
        (4, 4) => return EyeShape::Square,
        (4, _) => find(3),
        (5, _) => find(4).or(if edges == 5 { find(3) } else { None }),
        (6, 6) => find(4),
        _ => None,
    };
    vital.map_or(EyeShape::Other, EyeShape::Vital)
}

/// Returns true if and only if `c` playing the empty point `m` makes a chain of three to six
/// stones whose capture leaves the capturer an eye space of one eye (three in a row or bent,
/// the square, pyramid, bulky or crossed four and five, the rabbity six) and nothing else:
/// the enemy chains around are in atari on the same point. Such a self-atari is
/// a sacrifice that kills (the nakade is played after the capture), not a blunder: the
/// judge's playouts, which reject every other self-atari of two stones or more, need it to
/// kill a group whose last liberties are shared with a few enemy stones (Fuego's FX178: an
/// eyeless group of 18 stones with three liberties around one black stone, which GNU Go
/// counts dead and the playouts left alive). The caller has seen that the move is a
/// self-atari. Walks the chains next to `m` (at most six stones). Hot path only behind the
/// self-atari test, which is rare.
pub(crate) fn is_nakade_sacrifice(b: &PlayoutBoard, m: usize, c: u8) -> bool {
    let s = b.stride_m();
    let mut stones = PointSet::<7>::new();
    stones.insert(m);
    for q in [m - 1, m + 1, m - s, m + s] {
        if b.color_m(q) != c || stones.contains(q) {
            continue;
        }
        let mut x = q;
        loop {
            if !stones.insert(x) {
                return false;
            }
            x = b.next_m(x);
            if x == q {
                break;
            }
        }
    }
    // The set can hold 7: a chain of 7 fills it without failing an insert.
    let one_eye = match stones.len() {
        3..=6 => eye_shape(b, stones.as_slice()) != EyeShape::Other,
        _ => false,
    };
    if !one_eye {
        return false;
    }
    // The capturer must have nothing but the space: every enemy chain next to the new chain
    // or to its last liberty `lib` is left in atari on `lib` too, and `lib` has no other
    // empty neighbour. Otherwise the capturer keeps liberties (or an eye) elsewhere, as the
    // groups of a seki with an eye do, and the sacrifice only gives stones away.
    let a = after_move(b, m, c);
    if a.libs != 1 {
        return false;
    }
    let lib = a.lib;
    let enemy = c ^ 3;
    for &x in stones
        .as_slice()
        .iter()
        .chain(std::iter::once(&(lib as u16)))
    {
        let x = x as usize;
        for q in [x - 1, x + 1, x - s, x + s] {
            match b.color_m(q) {
                EMPTY if x == lib && q != m => return false,
                col if col == enemy => {
                    let libs = chain_liberties::<3>(b, b.head_m(q));
                    if libs
                        .as_slice()
                        .iter()
                        .any(|&l| l as usize != lib && l as usize != m)
                    {
                        return false;
                    }
                }
                _ => {}
            }
        }
    }
    true
}

#[cfg(test)]
mod tests;
