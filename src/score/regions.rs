//! `Regions`: the board after dead stones are taken off, cut into live chains and the empty
//! regions between them. The common ground of area and territory counting.
//!
//! Cold path (once per count): plain flood fills over `Point` indices, no bitboard tricks.
//!
//! Depends on: board, geom.

use crate::board::{Bitboard, Position};
use crate::geom::{Color, Point, MAX_POINTS};

/// Marks a point that belongs to no region (a live stone, or off the board).
const NONE: u16 = u16::MAX;

/// One maximal connected set of points that hold no live stone (empty points and dead stones).
#[derive(Debug, Clone)]
pub(super) struct Region {
    pub points: Vec<Point>,
    /// Whether the region touches live stones of Black (index 0) and of White (index 1).
    pub borders: [bool; 2],
}

impl Region {
    /// The colour that surrounds the region alone; None for dame (both colours) or for a board
    /// with no live stone at all.
    pub fn owner(&self) -> Option<Color> {
        match self.borders {
            [true, false] => Some(Color::Black),
            [false, true] => Some(Color::White),
            _ => None,
        }
    }
}

/// Live stones, live chains and empty regions of a position with its dead stones removed.
#[derive(Debug, Clone)]
pub(super) struct Regions {
    pub size: usize,
    /// Colour of the live stone on each point, indexed by `Point::index`.
    pub live: Vec<Option<Color>>,
    /// Region id of each point that holds no live stone (`NONE` otherwise).
    region_id: Vec<u16>,
    pub regions: Vec<Region>,
    /// Chain id of each live stone (`NONE` otherwise).
    chain_id: Vec<u16>,
    /// Live chains: colour and stones.
    pub chains: Vec<(Color, Vec<Point>)>,
}

impl Regions {
    /// Cuts `pos` into regions, with the stones in `dead` taken off (points of `dead` that hold no
    /// stone are ignored).
    pub fn new(pos: &Position, dead: &Bitboard) -> Regions {
        let size = pos.size();
        let mut live = vec![None; MAX_POINTS];
        for p in Point::all(size) {
            if let Some(c) = pos.stone_at(p) {
                if !dead.contains(p) {
                    live[p.index()] = Some(c);
                }
            }
        }
        let mut regions = Regions {
            size,
            live,
            region_id: vec![NONE; MAX_POINTS],
            regions: Vec::new(),
            chain_id: vec![NONE; MAX_POINTS],
            chains: Vec::new(),
        };
        regions.fill();
        regions
    }

    fn fill(&mut self) {
        let size = self.size;
        let mut stack = Vec::new();
        for start in Point::all(size) {
            let i = start.index();
            match self.live[i] {
                None if self.region_id[i] == NONE => {
                    let id = self.regions.len() as u16;
                    let mut region = Region {
                        points: Vec::new(),
                        borders: [false; 2],
                    };
                    self.region_id[i] = id;
                    stack.push(start);
                    while let Some(p) = stack.pop() {
                        region.points.push(p);
                        for q in p.neighbors(size) {
                            match self.live[q.index()] {
                                Some(c) => region.borders[c.index()] = true,
                                None if self.region_id[q.index()] == NONE => {
                                    self.region_id[q.index()] = id;
                                    stack.push(q);
                                }
                                None => {}
                            }
                        }
                    }
                    self.regions.push(region);
                }
                Some(color) if self.chain_id[i] == NONE => {
                    let id = self.chains.len() as u16;
                    let mut stones = Vec::new();
                    self.chain_id[i] = id;
                    stack.push(start);
                    while let Some(p) = stack.pop() {
                        stones.push(p);
                        for q in p.neighbors(size) {
                            if self.live[q.index()] == Some(color)
                                && self.chain_id[q.index()] == NONE
                            {
                                self.chain_id[q.index()] = id;
                                stack.push(q);
                            }
                        }
                    }
                    self.chains.push((color, stones));
                }
                _ => {}
            }
        }
    }

    /// The region of a point that holds no live stone.
    pub fn region_of(&self, p: Point) -> Option<usize> {
        match self.region_id[p.index()] {
            NONE => None,
            id => Some(id as usize),
        }
    }

    /// The live chain of a point that holds a live stone.
    pub fn chain_of(&self, p: Point) -> Option<usize> {
        match self.chain_id[p.index()] {
            NONE => None,
            id => Some(id as usize),
        }
    }
}
