//! Where `place_free_handicap` puts its stones when the GTP fixed layout does not cover the
//! request (more than 9 stones, or boards under 7×7), and the star points `showboard` marks.
//!
//! The stones start from the largest fixed layout that fits, then each further stone goes to
//! the point farthest from every stone already placed, preferring points off the first two
//! lines: spread-out stones on the third and fourth lines are what a human would choose, and
//! the rule is deterministic, so a controller sees the same answer every time.
//!
//! Depends on: game::handicap, geom.

use crate::game::handicap;
use crate::geom::Point;

/// `n` distinct points of a board of side `size` for a free handicap of `n` stones; the caller
/// checks that 2 <= n < size².
pub fn free_handicap(size: usize, n: usize) -> Vec<Point> {
    if let Some(points) = handicap::fixed_points(size, n) {
        return points;
    }
    let mut chosen: Vec<Point> = (2..=n.min(9))
        .rev()
        .find_map(|k| handicap::fixed_points(size, k))
        .unwrap_or_default();
    // Points on this line from the edge or farther in are preferred (third line on 7×7 and
    // up, second on smaller boards).
    let inner_line = if size >= 7 { 2 } else { 1 };
    let points: Vec<Point> = Point::all(size).collect();
    let center = (size as i64 - 1) as f64 / 2.0;
    // Squared distance from each point to the nearest chosen stone; without any stone yet, the
    // first stone goes nearest the centre.
    let mut nearest: Vec<i64> = points
        .iter()
        .map(|p| {
            let (dc, dr) = (p.col() as f64 - center, p.row() as f64 - center);
            1_000_000 - (4.0 * (dc * dc + dr * dr)) as i64
        })
        .collect();
    let dist2 = |a: Point, b: Point| {
        let (dc, dr) = (
            a.col() as i64 - b.col() as i64,
            a.row() as i64 - b.row() as i64,
        );
        dc * dc + dr * dr
    };
    let update = |nearest: &mut Vec<i64>, stone: Point| {
        for (i, &p) in points.iter().enumerate() {
            nearest[i] = nearest[i].min(dist2(p, stone));
        }
    };
    for &stone in &chosen {
        update(&mut nearest, stone);
    }
    while chosen.len() < n {
        let best = points
            .iter()
            .enumerate()
            .filter(|(_, p)| !chosen.contains(p))
            .max_by_key(|&(i, &p)| {
                (
                    p.edge_distance(size) >= inner_line,
                    nearest[i],
                    std::cmp::Reverse(i),
                )
            })
            .map(|(_, &p)| p);
        let Some(stone) = best else { break };
        chosen.push(stone);
        update(&mut nearest, stone);
    }
    chosen
}

/// Returns true if and only if `p` is a star point of a board of side `size`: the corners'
/// 4-4 points (3-3 under 13×13), the sides' midpoints on odd boards from 13×13, and the centre
/// of odd boards.
pub fn is_star_point(size: usize, p: Point) -> bool {
    if size < 7 {
        return false;
    }
    let line = if size >= 13 { 3 } else { 2 };
    let mid = (size % 2 == 1).then_some(size / 2);
    let on = |x: usize| x == line || x == size - 1 - line || (size >= 13 && Some(x) == mid);
    let (c, r) = (p.col(), p.row());
    (on(c) && on(r)) || (Some(c) == mid && Some(r) == mid)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn star_points_of_the_usual_boards() {
        let stars = |size| {
            Point::all(size)
                .filter(|&p| is_star_point(size, p))
                .map(|p| p.to_string())
                .collect::<Vec<_>>()
        };
        assert_eq!(stars(9), ["C3", "G3", "E5", "C7", "G7"]);
        assert_eq!(stars(19).len(), 9);
        assert!(stars(19).contains(&"K10".to_string()));
        assert!(stars(19).contains(&"D16".to_string()));
        assert_eq!(stars(13).len(), 9);
        assert_eq!(stars(5), Vec::<String>::new());
    }

    #[test]
    fn edge_distance_counts_lines() {
        assert_eq!(Point::new(0, 5).edge_distance(19), 0);
        assert_eq!(Point::new(3, 3).edge_distance(19), 3);
        assert_eq!(Point::new(9, 9).edge_distance(19), 9);
        assert_eq!(Point::new(18, 9).edge_distance(19), 0);
    }
}
