//! `Restriction`: moves barred from the search near the root, per player, as KataGo's
//! `avoidMoves` and `allowMoves` say (each entry a player, some moves and an `untilDepth`): a
//! move barred until depth D is never chosen by the descent at a tree depth below D, depth 0
//! being the root's move, 1 the reply, and so on. `Search::analyze` applies depth 0 to the
//! root's children (`Root::legal`) and `select` the deeper ones; the playouts below the tree
//! are free.
//!
//! Hot path: `bars` is one comparison when nothing is barred at that depth, else a load from
//! a fixed table; built once per search, it allocates nothing while the search runs.
//!
//! Depends on: geom.

use crate::geom::{Color, Move, Point, MAX_POINTS};

/// The index of pass in a row of `Restriction::until`, after every point's.
const PASS: usize = MAX_POINTS;

/// Per colour (`Color::index`), per move (`Point::index`, then pass at `PASS`): the depth
/// until which it is barred.
type Table = [[u16; MAX_POINTS + 1]; 2];

/// The moves barred, and to which depth (see the module doc). The default bars nothing.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct Restriction {
    /// `None` while nothing is barred (no allocation).
    until: Option<Box<Table>>,
    /// The largest depth in `until`: from this depth down nothing is barred.
    depth: u16,
}

impl std::fmt::Debug for Restriction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Restriction {{ depth: {} }}", self.depth)
    }
}

fn index(mv: Move) -> usize {
    match mv {
        Move::Play(p) => p.index(),
        Move::Pass => PASS,
    }
}

impl Restriction {
    /// Bars each of `moves` for `color` at every depth below `until_depth` (KataGo's
    /// `avoidMoves` entry); a move barred already stays barred to the deeper of the two.
    pub fn avoid(&mut self, color: Color, moves: &[Move], until_depth: u16) {
        let table = self.table(until_depth);
        for &mv in moves {
            let d = &mut table[color.index()][index(mv)];
            *d = (*d).max(until_depth);
        }
    }

    /// Bars every move of `color` but `moves` (pass included, unless listed) at every depth
    /// below `until_depth` (KataGo's `allowMoves` entry).
    pub fn allow_only(&mut self, color: Color, moves: &[Move], until_depth: u16) {
        let table = self.table(until_depth);
        let row = &mut table[color.index()];
        let before = *row;
        for d in row.iter_mut() {
            *d = (*d).max(until_depth);
        }
        for &mv in moves {
            row[index(mv)] = before[index(mv)];
        }
    }

    /// The table, made on first use, and `depth` raised to `until_depth`.
    fn table(&mut self, until_depth: u16) -> &mut Table {
        self.depth = self.depth.max(until_depth);
        self.until
            .get_or_insert_with(|| Box::new([[0; MAX_POINTS + 1]; 2]))
    }

    /// Returns true if and only if `color` may not play `mv` at tree depth `depth` (0: the
    /// root's move). Hot path.
    #[inline]
    pub fn bars(&self, color: Color, mv: Move, depth: usize) -> bool {
        if depth >= self.depth as usize {
            return false;
        }
        match &self.until {
            Some(table) => depth < table[color.index()][index(mv)] as usize,
            None => false,
        }
    }

    /// The depth from which nothing is barred (0: nothing is barred anywhere).
    pub fn depth(&self) -> usize {
        self.depth as usize
    }

    /// Returns true if and only if nothing is barred.
    pub fn is_empty(&self) -> bool {
        self.depth == 0
    }

    /// The points of `color` barred at `depth` on a board of side `size`, for tests and logs.
    pub fn barred_points(&self, color: Color, depth: usize, size: usize) -> Vec<Point> {
        (0..size)
            .flat_map(|row| (0..size).map(move |col| Point::new(col, row)))
            .filter(|&p| self.bars(color, Move::Play(p), depth))
            .collect()
    }
}

#[cfg(test)]
mod tests;
