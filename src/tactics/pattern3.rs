//! 3×3 patterns: is the empty point `m` the centre of a good shape for the side to move?
//!
//! The shapes are those of MoGo's playouts as published in Gelly, Wang, Munos and Teytaud,
//! "Modification of UCT with Patterns in Monte-Carlo Go" (INRIA RR-6062, 2006): hane, cut
//! (kiri: cut1; de: cut2) and edge shapes; the diagrams in `SHAPES` are this module's own
//! transcription of those descriptions. A shape matches in any of its 8 symmetries (rotations
//! and reflections), and a shape marked `both` also for the other colour (a vital point is
//! vital for both sides: a cut is also where to connect).
//!
//! Encoding: the 8 neighbours of `m`, each EMPTY/BLACK/WHITE/OFF_BOARD in 2 bits, make a
//! 16-bit code (neighbour `i` in bits `2i..2i+2`, `i` in `NEIGHBOURS` order). `TABLE` holds
//! one bit per code and colour to move, computed at compile time (`build`), so a match is
//! eight reads and one bit test: no hashing, no allocation.
//!
//! Depends on: mailbox, geom.

use crate::geom::Point;
use crate::mailbox::{PlayoutBoard, BLACK, EMPTY, OFF_BOARD, WHITE};

/// (dx, dy) of neighbour `i`: the top row left to right (dy = +1, up), the middle row's two,
/// then the bottom row. A shape's rows read the same way: row 0 is dy = +1.
const NEIGHBOURS: [(i32, i32); 8] = [
    (-1, 1),
    (0, 1),
    (1, 1),
    (-1, 0),
    (1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

/// A shape, seen by the player to move, who would play the centre `*`:
/// `M` a stone of the mover, `E` an enemy stone, `.` empty, `#` off the board, `?` anything,
/// `m` anything but a mover's stone, `e` anything but an enemy stone.
pub(crate) struct Shape {
    /// For test messages (and a future GTP listing of the shapes).
    #[allow(dead_code)]
    pub(crate) name: &'static str,
    pub(crate) rows: [&'static str; 3],
    /// Also matches with the colours swapped (a good point for either side).
    pub(crate) both: bool,
}

/// MoGo's shapes.
pub(crate) const SHAPES: &[Shape] = &[
    // Hane: a diagonal move against an enemy stone.
    Shape {
        name: "hane: enclosing",
        rows: ["MEM", ".*.", "???"],
        both: true,
    },
    Shape {
        name: "hane: non-cutting",
        rows: ["ME.", ".*.", "?.?"],
        both: true,
    },
    Shape {
        name: "hane: magari",
        rows: ["ME?", "M*.", "m.?"],
        both: true,
    },
    // Thin hane: only for the mover (the square on the stone in the paper's figure).
    Shape {
        name: "hane: thin",
        rows: ["MEE", ".*.", "?.?"],
        both: false,
    },
    // Cut1 (kiri): the enemy's diagonal pair cut at the centre, unless the centre is already
    // surrounded by enemy stones (then it is a self-atari, not a cut); a peep (a mover's stone
    // on the far side) is always a cut.
    Shape {
        name: "cut1: unprotected cut",
        rows: ["ME?", "E*e", "?e?"],
        both: true,
    },
    Shape {
        name: "cut1: peeping cut",
        rows: ["ME?", "E*M", "???"],
        both: true,
    },
    // Cut2 (de): pushing between two enemy stones that the mover's stone faces.
    Shape {
        name: "cut2: de",
        rows: ["?M?", "E*E", "eee"],
        both: true,
    },
    // Edge shapes: the bottom row is off the board.
    Shape {
        name: "edge: chase",
        rows: ["M.?", "E*?", "###"],
        both: true,
    },
    Shape {
        name: "edge: block side cut",
        rows: ["EM?", "M*E", "###"],
        both: true,
    },
    Shape {
        name: "edge: block side connection",
        rows: ["?M?", "m*E", "###"],
        both: true,
    },
    Shape {
        name: "edge: sagari",
        rows: ["?ME", "m*m", "###"],
        both: true,
    },
    Shape {
        name: "edge: side cut",
        rows: ["?EM", "M*E", "###"],
        both: true,
    },
];

/// Bit `code` of `TABLE[0]`: Black to play at a centre whose neighbours read `code` matches a
/// shape; `TABLE[1]` for White. 2 × 8 kB.
static TABLE: [[u64; 1024]; 2] = build(SHAPES);

/// The values (EMPTY, BLACK, WHITE, OFF_BOARD) a shape's character allows, as a 4-bit set.
const fn allowed(ch: u8, mover: u8) -> u8 {
    let enemy = mover ^ 3;
    match ch {
        b'.' => 1 << EMPTY,
        b'M' => 1 << mover,
        b'E' => 1 << enemy,
        b'#' => 1 << OFF_BOARD,
        b'?' => 0xf,
        b'm' => 0xf & !(1 << mover),
        b'e' => 0xf & !(1 << enemy),
        _ => panic!("bad shape character"),
    }
}

/// Symmetry `sym` (0..8) of (dx, dy): bit 0 swaps the axes, bit 1 mirrors x, bit 2 mirrors y.
const fn transform(sym: usize, dx: i32, dy: i32) -> (i32, i32) {
    let (mut x, mut y) = if sym & 1 != 0 { (dy, dx) } else { (dx, dy) };
    if sym & 2 != 0 {
        x = -x;
    }
    if sym & 4 != 0 {
        y = -y;
    }
    (x, y)
}

/// Sets in `table[player]` the bit of every code matching `shape` in symmetry `sym` with
/// `mover` at the centre: an odometer over the values each neighbour allows.
const fn add(table: &mut [[u64; 1024]; 2], shape: &Shape, sym: usize, mover: u8, player: usize) {
    let mut sets = [0u8; 8];
    let mut i = 0;
    while i < 8 {
        let (dx, dy) = transform(sym, NEIGHBOURS[i].0, NEIGHBOURS[i].1);
        let row = shape.rows[(1 - dy) as usize].as_bytes();
        sets[i] = allowed(row[(dx + 1) as usize], mover);
        assert!(sets[i] != 0);
        i += 1;
    }
    // Per neighbour, the allowed values' list and the odometer digit.
    let mut vals = [[0u8; 4]; 8];
    let mut n_vals = [0usize; 8];
    i = 0;
    while i < 8 {
        let mut v = 0;
        while v < 4 {
            if sets[i] & (1 << v) != 0 {
                vals[i][n_vals[i]] = v;
                n_vals[i] += 1;
            }
            v += 1;
        }
        i += 1;
    }
    let mut digit = [0usize; 8];
    loop {
        let mut code = 0usize;
        i = 0;
        while i < 8 {
            code |= (vals[i][digit[i]] as usize) << (2 * i);
            i += 1;
        }
        table[player][code >> 6] |= 1 << (code & 63);
        i = 0;
        while i < 8 {
            digit[i] += 1;
            if digit[i] < n_vals[i] {
                break;
            }
            digit[i] = 0;
            i += 1;
        }
        if i == 8 {
            return;
        }
    }
}

/// The table of `shapes` for both colours to move, all symmetries.
const fn build(shapes: &[Shape]) -> [[u64; 1024]; 2] {
    let mut table = [[0u64; 1024]; 2];
    let mut k = 0;
    while k < shapes.len() {
        let shape = &shapes[k];
        assert!(shape.rows[1].as_bytes()[1] == b'*');
        let mut sym = 0;
        while sym < 8 {
            // The shape for each mover; a `both` shape also with the other side to play.
            add(&mut table, shape, sym, BLACK, 0);
            add(&mut table, shape, sym, WHITE, 1);
            if shape.both {
                add(&mut table, shape, sym, WHITE, 0);
                add(&mut table, shape, sym, BLACK, 1);
            }
            sym += 1;
        }
        k += 1;
    }
    table
}

/// The 16-bit code of the 8 neighbours of `m`. Hot path: eight reads.
#[inline(always)]
pub(crate) fn code(b: &PlayoutBoard, m: usize) -> usize {
    let s = b.stride_m();
    let up = m + s;
    let down = m - s;
    (b.color_m(up - 1) as usize)
        | (b.color_m(up) as usize) << 2
        | (b.color_m(up + 1) as usize) << 4
        | (b.color_m(m - 1) as usize) << 6
        | (b.color_m(m + 1) as usize) << 8
        | (b.color_m(down - 1) as usize) << 10
        | (b.color_m(down) as usize) << 12
        | (b.color_m(down + 1) as usize) << 14
}

/// Returns true if and only if `c` (BLACK or WHITE) playing the empty point `m` makes one of
/// `SHAPES`. Hot path.
#[inline(always)]
pub(crate) fn matches(b: &PlayoutBoard, m: usize, c: u8) -> bool {
    debug_assert!(b.color_m(m) == EMPTY && (c == BLACK || c == WHITE));
    let code = code(b, m);
    (TABLE[(c - 1) as usize][code >> 6] >> (code & 63)) & 1 != 0
}

/// `code` with Black and White swapped (empty and off-board stay). Each 2-bit field is 1 or
/// 2 exactly when its two bits differ; those fields are flipped to the other.
pub(crate) fn swap_colours(code: u16) -> u16 {
    let differ = (code ^ (code >> 1)) & 0x5555;
    code ^ (differ | differ << 1)
}

/// The field permutation of each of the 8 symmetries of the square (`transform`):
/// `PERMUTATIONS[s][i]` is where neighbour `i` goes.
const PERMUTATIONS: [[usize; 8]; 8] = permutations();

const fn permutations() -> [[usize; 8]; 8] {
    let mut out = [[0; 8]; 8];
    let mut s = 0;
    while s < 8 {
        let mut i = 0;
        while i < 8 {
            let (x, y) = transform(s, NEIGHBOURS[i].0, NEIGHBOURS[i].1);
            let mut j = 0;
            while NEIGHBOURS[j].0 != x || NEIGHBOURS[j].1 != y {
                j += 1;
            }
            out[s][i] = j;
            i += 1;
        }
        s += 1;
    }
    out
}

/// `code` seen through symmetry `s` (0..8).
pub fn transform_code(code: u16, s: usize) -> u16 {
    let mut out = 0;
    for (i, &j) in PERMUTATIONS[s].iter().enumerate() {
        out |= ((code >> (2 * i)) & 3) << (2 * j);
    }
    out
}

/// The smallest of the 8 symmetric images of `code`: one class per shape whatever its
/// orientation, the key of a learned shape (`tactics::features`). Cold path.
pub fn canonical_shape(code: u16) -> u16 {
    (0..8)
        .map(|s| transform_code(code, s))
        .min()
        .unwrap_or(code)
}

impl PlayoutBoard {
    /// Returns true if and only if the side to move playing the empty point `p` makes one of
    /// `SHAPES`. For the tree's priors (cold path).
    pub fn makes_shape(&self, p: Point) -> bool {
        if !p.is_on_board(self.size()) {
            return false;
        }
        let m = self.to_mailbox(p);
        self.color_m(m) == EMPTY && matches(self, m, self.to_move_code())
    }
}

#[cfg(test)]
mod tests;
