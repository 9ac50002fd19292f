//! Handicap placements: the fixed layouts of the GTP specification.
//!
//! Depends on: geom.

use crate::geom::Point;

/// The GTP `fixed_handicap` layout of `n` stones on a board of side `size`, or `None` when the
/// specification gives none (n < 2, too many stones for the size, or size < 7).
pub fn fixed_points(size: usize, n: usize) -> Option<Vec<Point>> {
    let _ = (size, n);
    todo!()
}
