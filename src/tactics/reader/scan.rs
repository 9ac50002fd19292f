//! Finding the fights to read: the regions and chains with few liberties near some points
//! (the last moves) or on the whole board, and the moves that settle the unsettled ones.

use super::{Reader, Reading};
use crate::geom::{Color, Point};
use crate::mailbox::{PlayoutBoard, BLACK, EMPTY, WHITE};
use crate::tactics::liberties::chain_liberties;

/// Node cap of one region read near the last moves (once per expansion of the tree; the
/// reader's cache keeps the answers).
pub const REGION_CAP: usize = 2_000;
/// Node cap of one region read of a whole-board scan (once per search, at the root): seki13,
/// the largest of GNU Go's seki cases, takes 76,006 nodes (25 ms).
pub const ROOT_REGION_CAP: usize = 200_000;
/// Node cap of one chain read.
pub const CHAIN_CAP: usize = 300;
/// Most settling moves kept by a scan.
const MAX_SETTLING: usize = 24;
/// A chain is read when it has at most this many liberties.
const CHAIN_LIBERTIES: usize = 2;

/// What a scan reads: regions, chains, or both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scope {
    pub regions: bool,
    pub chains: bool,
    /// The whole board, not only near the given points.
    pub whole_board: bool,
}

/// The settling moves a scan found, for the side to move.
#[derive(Clone, Debug, Default)]
pub struct Settling {
    moves: [(u16, u8); MAX_SETTLING],
    n: usize,
    /// Reads done and nodes visited by the scan (for `tengen bench`).
    pub reads: u32,
    pub nodes: u64,
}

/// Where a settling move comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fight {
    /// A region: eye space, seki, bent four.
    Region,
    /// A chain with few liberties: a capturing race, a throw-in, a sacrifice.
    Chain,
}

impl Settling {
    pub fn clear(&mut self) {
        self.n = 0;
        self.reads = 0;
        self.nodes = 0;
    }

    /// Returns true if and only if `p` settles a fight of kind `fight` (`p.index()` order
    /// is not kept: the list is short).
    pub fn contains(&self, p: Point, fight: Fight) -> bool {
        self.moves[..self.n]
            .iter()
            .any(|&(i, k)| i as usize == p.index() && k == fight as u8)
    }

    /// Returns true if and only if `p` settles a fight of either kind.
    pub fn settles(&self, p: Point) -> bool {
        self.moves[..self.n]
            .iter()
            .any(|&(i, _)| i as usize == p.index())
    }

    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    fn add(&mut self, reading: &Reading, fight: Fight) {
        for p in reading.settling() {
            let entry = (p.index() as u16, fight as u8);
            if self.n < MAX_SETTLING && !self.moves[..self.n].contains(&entry) {
                self.moves[self.n] = entry;
                self.n += 1;
            }
        }
    }
}

impl Reader {
    /// Adds to `out` the settling moves of the unsettled fights near `near` (the regions
    /// through the empty points within one step, diagonals included, and the chains of at
    /// most two liberties through or next to each point), or on the whole board, as `scope`
    /// says. Cost: a flood per starting point, and a read per fight found, each
    /// capped (`REGION_CAP` or `ROOT_REGION_CAP`, `CHAIN_CAP` nodes; a region read again in
    /// the same state comes from the cache).
    pub fn settle(
        &mut self,
        board: &PlayoutBoard,
        near: &[Point],
        scope: Scope,
        out: &mut Settling,
    ) {
        let mut seen = Seen::default();
        let n = board.size();
        if scope.whole_board {
            for p in Point::all(n) {
                let m = board.to_mailbox(p);
                self.settle_at(board, m, ROOT_REGION_CAP, scope, &mut seen, out);
            }
            return;
        }
        let s = board.stride_m();
        for p in near {
            if !p.is_on_board(n) {
                continue;
            }
            let m = board.to_mailbox(*p);
            for q in [
                m,
                m - 1,
                m + 1,
                m - s,
                m + s,
                m - s - 1,
                m - s + 1,
                m + s - 1,
                m + s + 1,
            ] {
                self.settle_at(board, q, REGION_CAP, scope, &mut seen, out);
            }
        }
    }

    /// Reads the fights through the mailbox point `m` not read yet: the regions of both
    /// colours through it when it is empty, the chain through it when it has few liberties.
    fn settle_at(
        &mut self,
        board: &PlayoutBoard,
        m: usize,
        region_cap: usize,
        scope: Scope,
        seen: &mut Seen,
        out: &mut Settling,
    ) {
        match board.color_m(m) {
            EMPTY if scope.regions => {
                for (k, color) in [(0, Color::Black), (1, Color::White)] {
                    if seen.test_and_set(m, k) {
                        continue;
                    }
                    let p = board.to_point(m);
                    if let Some(r) = self.read_region(board, p, color, region_cap) {
                        // Every point of the region is now seen for this defender.
                        for &q in self.goal.points() {
                            seen.test_and_set(q as usize, k);
                        }
                        out.reads += 1;
                        out.nodes += self.nodes as u64;
                        out.add(&r, Fight::Region);
                    }
                }
            }
            BLACK | WHITE if scope.chains => {
                let h = board.head_m(m);
                if seen.test_and_set(h, 2) {
                    return;
                }
                if chain_liberties::<{ CHAIN_LIBERTIES + 1 }>(board, h).len() > CHAIN_LIBERTIES {
                    return;
                }
                let p = board.to_point(m);
                if let Some(r) = self.read_chain(board, p, CHAIN_CAP) {
                    out.reads += 1;
                    out.nodes += self.nodes as u64;
                    out.add(&r, Fight::Chain);
                }
            }
            _ => {}
        }
    }
}

/// Mailbox points already read, three bits each: as an empty point of a Black region, of
/// a White region, and as a chain head.
#[derive(Default)]
struct Seen([[u64; 16]; 3]);

impl Seen {
    fn test_and_set(&mut self, m: usize, k: usize) -> bool {
        let (w, bit) = ((m >> 6) & 15, 1u64 << (m & 63));
        let was = self.0[k][w] & bit != 0;
        self.0[k][w] |= bit;
        was
    }
}
