//! The eye shapes the judge reads by itself, where the playouts are known to go wrong: a
//! killing shape with an enemy stone on its vital point (`vital_stone_inside`) and the bent
//! four in the corner (`is_bent_four_in_corner`).
//!
//! Depends on: playout (the eye shapes of its nakade rule), board, geom.

use crate::board::Bitboard;
use crate::geom::Point;
use crate::tactics;

/// Returns true if and only if the eye space `region` (three to six points) is a shape of one
/// eye with a vital point (three in a row or bent, the pyramid four, the bulky and crossed
/// fives, the rabbity six: `tactics::eye_shape_by`) and `inside`, the enemy stones in it, is
/// one stone on that point. The owner cannot make two eyes there whoever moves first: each
/// stone he adds or captures leaves a smaller killing shape. The playouts often miss it:
/// the owner fills around the stone and captures it before the enemy answers inside (GNU Go
/// and tengen disagreed on such a corner, a bulky five, at the end of a 19×19 game).
pub(super) fn vital_stone_inside(region: Bitboard, inside: Bitboard, size: usize) -> bool {
    if !(3..=6).contains(&region.count()) || inside.count() != 1 {
        return false;
    }
    let (shape, points) = eye_shape(region, size);
    matches!(shape, tactics::EyeShape::Vital(v) if inside.contains(points[v]))
}

/// The shape of the eye space `space` (`tactics::eye_shape_by`), with its points in the order
/// the shape's vital index refers to.
pub(super) fn eye_shape(space: Bitboard, size: usize) -> (tactics::EyeShape, Vec<Point>) {
    let points: Vec<Point> = space.iter().collect();
    let shape = tactics::eye_shape_by(points.len(), |i, j| {
        Bitboard::from_point(points[i])
            .neighbors(size)
            .contains(points[j])
    });
    (shape, points)
}

/// Returns true if and only if `region` is the eye space of a bent four in the corner: four
/// points, a corner point, the next two along one edge and the next one along the other
/// (A1 B1 C1 A2 or A1 A2 A3 B1, and their mirror images). A group whose only eye space this
/// is dies: the opponent takes the vital point and wins the ko once the ko threats are gone
/// (the Japanese rules call it dead as it stands). Playouts, which do not remove ko threats
/// first, often let it live.
pub(super) fn is_bent_four_in_corner(region: Bitboard, size: usize) -> bool {
    if region.count() != 4 {
        return false;
    }
    let last = size - 1;
    for (corner_col, dc) in [(0isize, 1isize), (last as isize, -1)] {
        for (corner_row, dr) in [(0isize, 1isize), (last as isize, -1)] {
            let at = |col: isize, row: isize| Point::new(col as usize, row as usize);
            let along_row = [
                at(corner_col, corner_row),
                at(corner_col + dc, corner_row),
                at(corner_col + 2 * dc, corner_row),
                at(corner_col, corner_row + dr),
            ];
            let along_col = [
                at(corner_col, corner_row),
                at(corner_col, corner_row + dr),
                at(corner_col, corner_row + 2 * dr),
                at(corner_col + dc, corner_row),
            ];
            for shape in [along_row, along_col] {
                if shape.iter().all(|&p| region.contains(p)) {
                    return true;
                }
            }
        }
    }
    false
}
