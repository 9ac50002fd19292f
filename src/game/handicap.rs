//! Handicap placements: the fixed layouts of the GTP specification (GTP v2, section 4.1.1 and
//! the `fixed_handicap` command).
//!
//! The layout, for 19×19 (other sizes move the same pattern): 2 = D4 Q16; 3 adds D16; 4 adds
//! Q4; 6 = the four corners + D10 Q10; 8 = those + K4 K16; 5, 7 and 9 add the centre K10 to
//! 4, 6 and 8. Corner and side stones sit on the 4th line from 13×13 up and on the 3rd line
//! below. Only odd sizes from 9×9 have a centre line for 5–9 stones; 7×7 and even sizes take
//! 2–4 stones; sizes below 7×7 take none.
//!
//! Depends on: geom.

use crate::geom::{Point, MAX_SIZE};

/// The largest `n` that `fixed_points(size, n)` accepts, or 0 when it accepts none.
pub fn max_fixed(size: usize) -> usize {
    match size {
        s if !(7..=MAX_SIZE).contains(&s) => 0,
        s if s % 2 == 1 && s >= 9 => 9,
        _ => 4,
    }
}

/// The GTP `fixed_handicap` layout of `n` stones on a board of side `size`, or `None` when the
/// specification gives none (n < 2, too many stones for the size, or size < 7).
/// The points come in the specification's order.
pub fn fixed_points(size: usize, n: usize) -> Option<Vec<Point>> {
    if n < 2 || n > max_fixed(size) {
        return None;
    }
    let low = if size >= 13 { 3 } else { 2 };
    let high = size - 1 - low;
    let mid = size / 2;
    // (column, row), row 0 at the bottom: D4, Q16, D16, Q4 on 19×19.
    let corners = [(low, low), (high, high), (low, high), (high, low)];
    // D10, Q10, then K4, K16.
    let sides = [(low, mid), (high, mid), (mid, low), (mid, high)];
    let with_centre = n >= 5 && n % 2 == 1;
    let n_sides = n.saturating_sub(4 + usize::from(with_centre));
    let mut points: Vec<Point> = corners
        .iter()
        .take(n.min(4))
        .chain(&sides[..n_sides])
        .map(|&(c, r)| Point::new(c, r))
        .collect();
    if with_centre {
        points.push(Point::new(mid, mid));
    }
    debug_assert_eq!(points.len(), n);
    Some(points)
}

#[cfg(test)]
mod tests;
