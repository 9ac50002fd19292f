//! `Bitboard`: one bit per point of the shared 25×25 layout (see `geom`).
//!
//! Depends on: geom.

use crate::geom::Point;

/// A set of points.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Bitboard([u64; 10]);

impl Bitboard {
    pub fn is_empty(&self) -> bool {
        todo!()
    }
    pub fn count(&self) -> usize {
        todo!()
    }
    pub fn contains(&self, p: Point) -> bool {
        let _ = p;
        todo!()
    }
    pub fn insert(&mut self, p: Point) {
        let _ = p;
        todo!()
    }
    pub fn remove(&mut self, p: Point) {
        let _ = p;
        todo!()
    }
    /// The points in increasing index order.
    pub fn iter(&self) -> impl Iterator<Item = Point> + '_ {
        std::iter::empty()
    }
}
