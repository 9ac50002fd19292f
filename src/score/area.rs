//! Area counting (数子): stones on the board + empty points surrounded by one colour.
//!
//! Depends on: board, geom.

use super::regions::Regions;
use crate::board::{Bitboard, Position};
use crate::geom::{Color, Point};

/// The area of each side, dead stones removed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AreaCount {
    /// Live stones + surrounded points of Black (index 0) and White (index 1).
    pub area: [usize; 2],
    /// Who each point counts for, indexed by `Point::index` (length `MAX_POINTS`): the colour of
    /// a live stone, or of the only colour around an empty point. None for dame (points that
    /// touch both colours, e.g. the shared liberties of a seki) and off the board.
    pub owner: Vec<Option<Color>>,
    /// The points of the board that count for nobody.
    pub dame: Bitboard,
}

impl AreaCount {
    /// The points `color` counts.
    pub fn points(&self, color: Color) -> usize {
        self.area[color.index()]
    }

    /// Black's area minus White's, before komi.
    pub fn margin(&self) -> f32 {
        self.points(Color::Black) as f32 - self.points(Color::White) as f32
    }
}

/// Counts the area of both sides with the stones of `dead` removed. An empty region bordered by
/// one colour counts for it, also when it is an eye of a group in seki; regions touching both
/// colours are dame and count for nobody.
pub fn area(pos: &Position, dead: &Bitboard) -> AreaCount {
    let regions = Regions::new(pos, dead);
    let mut owner = regions.live.clone();
    for region in &regions.regions {
        if let Some(c) = region.owner() {
            for &p in &region.points {
                owner[p.index()] = Some(c);
            }
        }
    }
    let mut area = [0; 2];
    let mut dame = Bitboard::default();
    for p in Point::all(pos.size()) {
        match owner[p.index()] {
            Some(c) => area[c.index()] += 1,
            None => dame.insert(p),
        }
    }
    AreaCount { area, owner, dame }
}
