//! Local reading: what the playouts miss because it needs the right two or three moves in
//! order (short capturing sequences, seki vital points, bent four, throw-ins).
//!
//! The reader plays a small local fight out by alpha-beta minimax on copies of the board
//! (copy-make from a stack of boards reserved once, as the ladder reader does; a 9×9 copy is
//! a few hundred bytes, cheaper than an undo log here), with a node cap. A fight is a `Goal`
//! (goal.rs):
//! - a **region**: a small space (at most `MAX_REGION` points, empty or holding attacker
//!   stones) closed by the defender's chains and the edge, where those chains have no
//!   liberty outside the space. Both sides play inside it or pass. The defender is dead when
//!   one of its chains is taken, alive when each of them has two liberties the attacker can
//!   never fill (points walled by those chains only: Benson's test on the local world), and
//!   in seki when two passes end the fight with attacker stones still inside.
//! - a **chain** with few liberties: the attacker plays its liberties (throw-ins and
//!   sacrifices included), the defender its liberties, the captures of the attacker's chains
//!   next to it in atari and the liberties of those with two (the counter-atari); both may
//!   pass. Dead when taken; alive with `ESCAPE_LIBERTIES` liberties or after two passes.
//!
//! Each read answers the defender's `Status` when it moves first and when the attacker does
//! (the side to move's other choice is a pass: tenuki), the moves that get the side to move
//! its best result when the two differ (the fight is *unsettled*: those moves settle it), and
//! whether the answer is proven (`exact`: no node cap or depth limit was met on the way; an
//! unproven leaf counts as seki, between the two sides' goals).
//!
//! Ko is simple ko (the board's); a pass clears it, so the side that may not retake can only
//! play elsewhere: a ko counts for the side that took it first, as if neither had threats.
//!
//! Used by the search's prior (`search::prior`, the settling moves of unsettled fights near
//! the last moves) and the judge (chains taken by force are dead; proven sekis are seki).
//! No allocation after `Reader::new` (boards and the transposition table, table.rs, are
//! reserved once).
//!
//! Depends on: mailbox, tactics::liberties, geom.

mod goal;
mod scan;
mod table;

use super::liberties::{chain_liberties, PointSet};
use crate::geom::{Color, Point};
use crate::mailbox::{PlayoutBoard, EMPTY, OFF_BOARD};
use goal::{Goal, Kind};
pub use scan::{Fight, Scope, Settling, CHAIN_CAP, REGION_CAP, ROOT_REGION_CAP};
use table::{Table, Window};

/// Largest region read (points, empty or holding attacker stones).
pub const MAX_REGION: usize = 12;
/// A chain with this many liberties has escaped (chain reading).
const ESCAPE_LIBERTIES: usize = 4;
/// Board copies on the stack: the deepest line read, in plies (passes included).
const DEPTH: usize = 40;
/// Region reads kept (a power of two).
const CACHE_LEN: usize = 1 << 10;
/// Most moves tried at one node (a region's points, or a chain fight's liberties).
const MAX_MOVES: usize = 16;

/// The defender's fate in a local fight.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    /// Its chains (one of them, for a region) are taken.
    Dead,
    /// It lives without two eyes beside attacker stones that live too (region reading), or
    /// the read was cut short (then `Reading::exact` is false).
    Seki,
    /// It lives: two eyes (region) or escaped (chain).
    Alive,
}

/// The answer of one read.
#[derive(Clone, Copy, Debug)]
pub struct Reading {
    /// The colour of the chains whose fate was read.
    pub defender: Color,
    /// Their status when the defender moves first, and when the attacker does.
    pub defender_first: Status,
    pub attacker_first: Status,
    /// True if and only if no node cap or depth limit cut the read.
    pub exact: bool,
    /// The defender's stones at stake.
    pub stones: u32,
    /// The moves that get the side to move its best result, when that is better than a pass
    /// (the fight is unsettled) or, in a region, when some local move does worse than a pass
    /// (a blunder to avoid: the bent four); empty otherwise.
    settling: PointSet<MAX_MOVES>,
    /// The board's mailbox stride, to name the settling moves' points.
    stride: u16,
}

impl Reading {
    const EMPTY: Reading = Reading {
        defender: Color::Black,
        defender_first: Status::Seki,
        attacker_first: Status::Seki,
        exact: false,
        stones: 0,
        settling: PointSet::EMPTY,
        stride: 0,
    };

    /// Returns true if and only if the result depends on who moves first.
    pub fn is_unsettled(&self) -> bool {
        self.defender_first != self.attacker_first
    }

    /// The settling moves (see the field).
    pub fn settling(&self) -> impl Iterator<Item = Point> + '_ {
        let s = self.stride as usize;
        self.settling
            .as_slice()
            .iter()
            .map(move |&m| Point::new((m as usize - 1) % s, (m as usize - 1) / s - 1))
    }
}

/// A node's value: the status, whether it is proven (no cap or depth limit met below), and
/// whether it holds whatever line led to the node (no superko skip below).
#[derive(Clone, Copy, Debug)]
struct Value {
    status: Status,
    exact: bool,
    repeats: u8,
}

/// `Value::repeats` when no move below was skipped for repeating a position of the line.
const NO_REPEAT: u8 = u8::MAX;

impl Value {
    /// A leaf cut short: seki, between the two sides' goals.
    const UNPROVEN: Value = Value {
        status: Status::Seki,
        exact: false,
        repeats: NO_REPEAT,
    };

    fn proven(status: Status) -> Value {
        Value {
            status,
            exact: true,
            repeats: NO_REPEAT,
        }
    }
}

/// Reads local fights on copies of a `PlayoutBoard`, from a stack reserved once (about 1 MB).
pub struct Reader {
    boards: Vec<PlayoutBoard>,
    table: Table,
    nodes: usize,
    cap: usize,
    goal: Goal,
    /// Region reads done, by a hash of the region's state (`region_key`).
    cache: Vec<(u64, Reading)>,
    /// The transposition key of each board of the current line (region reading), to stop
    /// a line that repeats a position (a ko cycle): it counts as unproven seki.
    path: [u64; DEPTH],
    /// The depth on the line of the position the last skipped move repeated.
    repeated: u8,
}

impl Default for Reader {
    fn default() -> Reader {
        Reader::new()
    }
}

impl Reader {
    pub fn new() -> Reader {
        Reader {
            boards: vec![PlayoutBoard::new(2); DEPTH],
            table: Table::new(),
            nodes: 0,
            cap: 0,
            goal: Goal::default(),
            path: [0; DEPTH],
            repeated: NO_REPEAT,
            cache: vec![(0, Reading::EMPTY); CACHE_LEN],
        }
    }

    /// The points of the region of the last `read_region` that found one.
    pub fn region_points<'a>(
        &'a self,
        board: &'a PlayoutBoard,
    ) -> impl Iterator<Item = Point> + 'a {
        self.goal
            .points()
            .iter()
            .map(|&m| board.to_point(m as usize))
    }

    /// Nodes visited by the last read.
    pub fn nodes(&self) -> usize {
        self.nodes
    }

    /// Reads the region of `defender` through the empty point `p` (see the module doc), with
    /// at most `cap` nodes; `None` if there is no such region: more than `MAX_REGION`
    /// points, a wall of both colours, or a wall chain with a liberty outside.
    pub fn read_region(
        &mut self,
        board: &PlayoutBoard,
        p: Point,
        defender: Color,
        cap: usize,
    ) -> Option<Reading> {
        if !p.is_on_board(board.size()) {
            return None;
        }
        let goal = Goal::region(board, board.to_mailbox(p), defender)?;
        // A region is a closed world: its points, their colours, the side to move and the
        // ko decide the read, which the cache keeps across searches.
        let key = region_key(board, &goal, cap);
        let slot = &self.cache[(key as usize) & (CACHE_LEN - 1)];
        if slot.0 == key {
            self.nodes = 0;
            self.goal = goal;
            return Some(slot.1);
        }
        let reading = self.read(board, goal, cap);
        self.cache[(key as usize) & (CACHE_LEN - 1)] = (key, reading);
        Some(reading)
    }

    /// Reads the capture of the chain through `p`, which must have at most three
    /// liberties, with at most `cap` nodes; `None` for an empty point or a chain with more.
    pub fn read_chain(&mut self, board: &PlayoutBoard, p: Point, cap: usize) -> Option<Reading> {
        if !p.is_on_board(board.size()) {
            return None;
        }
        let goal = Goal::chain(board, board.to_mailbox(p))?;
        Some(self.read(board, goal, cap))
    }

    /// The read proper: every move of the side to move (and its pass) in full.
    fn read(&mut self, board: &PlayoutBoard, goal: Goal, cap: usize) -> Reading {
        self.goal = goal;
        self.nodes = 0;
        self.cap = cap;
        self.boards[0].copy_from(board);
        self.path[0] = self.key(0, 0);
        let b = &self.boards[0];
        let mover = b.to_move_code();
        let defending = mover == self.goal.defender;
        let stones = self.goal.stones(b);
        let mut reading = Reading {
            defender: code_color(self.goal.defender),
            defender_first: Status::Seki,
            attacker_first: Status::Seki,
            exact: false,
            stones,
            settling: PointSet::new(),
            stride: board.stride_m() as u16,
        };
        if let Some(s) = self.terminal(0, 0) {
            reading.defender_first = s;
            reading.attacker_first = s;
            reading.exact = true;
            return reading;
        }
        let moves = self.moves(0);
        let mut values = [(0u16, Status::Seki); MAX_MOVES];
        let mut all_exact = true;
        let mut best: Option<Status> = None;
        let mut best_exact = false;
        let mut n_values = 0;
        // Each move in the full window: the settling moves are those equal to the best.
        for &m in moves.as_slice() {
            let Some(Value {
                status: v,
                exact: e,
                ..
            }) = self.child(0, m as usize, 0, Window::FULL)
            else {
                continue;
            };
            values[n_values] = (m, v);
            n_values += 1;
            all_exact &= e;
            if best.is_none_or(|b| prefers(defending, v, b)) {
                best = Some(v);
                best_exact = e;
            } else if best == Some(v) {
                best_exact |= e;
            }
        }
        let Value {
            status: pass,
            exact: pass_exact,
            ..
        } = self.tenuki().unwrap_or(Value::UNPROVEN);
        let best = match best {
            Some(b) if !prefers(defending, pass, b) => b,
            _ => pass,
        };
        let ideal = if defending {
            Status::Alive
        } else {
            Status::Dead
        };
        reading.exact = pass_exact && ((best == ideal && best_exact) || all_exact);
        if defending {
            (reading.defender_first, reading.attacker_first) = (best, pass);
        } else {
            (reading.defender_first, reading.attacker_first) = (pass, best);
        }
        // The moves matter when the best beats playing elsewhere, or (in a region) when
        // some local move does worse than playing elsewhere: a blunder to steer clear of
        // (the bent four: White's wrong self-atari lets Black live).
        let blunder = self.goal.kind == Kind::Region
            && values[..n_values]
                .iter()
                .any(|&(_, v)| prefers(defending, pass, v));
        if best != pass || blunder {
            for &(m, v) in &values[..n_values] {
                if v == best {
                    reading.settling.insert(m as usize);
                }
            }
        }
        reading
    }

    /// The value when the side to move of `boards[0]` plays elsewhere: the opponent moves
    /// next, and a pass of its own does not end the fight (a pass at the root is not an
    /// offer to stop, only a way to ask who wins when the other side moves first).
    fn tenuki(&mut self) -> Option<Value> {
        let (done, rest) = self.boards.split_at_mut(1);
        rest[0].copy_from(&done[0]);
        rest[0].pass();
        self.solve(1, 0, Window::FULL)
    }

    /// The value of the side to move of `boards[depth]` playing `m` (0: pass), `passes`
    /// the passes just before, within `window`; `None` if the move repeats a position of
    /// the line.
    fn child(&mut self, depth: usize, m: usize, passes: u8, window: Window) -> Option<Value> {
        let (done, rest) = self.boards.split_at_mut(depth + 1);
        rest[0].copy_from(&done[depth]);
        if m == 0 {
            rest[0].pass();
            self.solve(depth + 1, passes + 1, window)
        } else {
            rest[0].play_m(m);
            self.solve(depth + 1, 0, window)
        }
    }

    /// Minimax value of `boards[depth]` for the defender, by alpha-beta within `window`.
    /// The defender maximises (`Dead` < `Seki` < `Alive`), the attacker minimises; a side
    /// stops at a result the other side will not allow (its bound in `window`) or at its
    /// ideal one. So a value outside the window is a bound (at least it for the defender's
    /// cut, at most it for the attacker's), which the table keeps as such.
    ///
    /// A move that repeats a position of the line is illegal (superko, which ends ko
    /// cycles). A value is stored only if every such skip below it repeated this position or
    /// one after it: a line that reaches this position in another way and plays on alike
    /// meets the same repetitions, so the value holds whatever came before. (Storing only
    /// values with no skip below at all lost most of a 10-point corner's values to its
    /// recaptures.) `None` if this position repeats one of the line, whose depth is then in
    /// `self.repeated`.
    ///
    /// Root reads of GNU Go's seki positions: seki12 17,297 nodes and seki13 76,006 (25 ms);
    /// with the window and the rule of no skip at all, 65,794 and more than 80,000; with
    /// neither, 4.4M and more than 5M (`cargo test --release --test it root_reads --
    /// --nocapture`).
    fn solve(&mut self, depth: usize, passes: u8, window: Window) -> Option<Value> {
        self.nodes += 1;
        if let Some(s) = self.terminal(depth, passes) {
            return Some(Value::proven(s));
        }
        let key = self.key(depth, passes);
        if key != 0 {
            if let Some(j) = self.path[..depth].iter().position(|&k| k == key) {
                self.repeated = j as u8;
                return None;
            }
        }
        if let Some(v) = self.table.lookup(key, window) {
            return Some(Value::proven(v));
        }
        if depth + 1 >= DEPTH || self.nodes >= self.cap {
            return Some(Value::UNPROVEN);
        }
        self.path[depth] = key;
        let defending = self.boards[depth].to_move_code() == self.goal.defender;
        let moves = self.moves(depth);
        let mut best: Option<Status> = None;
        let mut inner = window;
        let mut exact = true;
        let seen_from_above = |repeats: u8| {
            if repeats as usize >= depth {
                NO_REPEAT
            } else {
                repeats
            }
        };
        let mut repeats = NO_REPEAT;
        for &m in moves.as_slice().iter().chain(std::iter::once(&0)) {
            let passes = if m == 0 { passes } else { 0 };
            let Some(v) = self.child(depth, m as usize, passes, inner) else {
                repeats = repeats.min(self.repeated);
                continue;
            };
            exact &= v.exact;
            repeats = repeats.min(v.repeats);
            if best.is_none_or(|b| prefers(defending, v.status, b)) {
                best = Some(v.status);
            }
            if !v.exact {
                // An unproven value neither cuts nor narrows the window.
                continue;
            }
            if window.cuts(defending, v.status) {
                let repeats = seen_from_above(v.repeats);
                if repeats == NO_REPEAT {
                    self.table.store(key, v.status, window);
                }
                return Some(Value { repeats, ..v });
            }
            inner = inner.narrowed(defending, v.status);
        }
        let Some(status) = best else {
            return Some(Value::UNPROVEN);
        };
        let repeats = seen_from_above(repeats);
        if exact && repeats == NO_REPEAT {
            self.table.store(key, status, window);
        }
        Some(Value {
            status,
            exact,
            repeats,
        })
    }

    /// The result when `boards[depth]` ends the fight: a defender chain taken (dead), the
    /// defender alive by the goal's test, or two passes.
    fn terminal(&self, depth: usize, passes: u8) -> Option<Status> {
        let b = &self.boards[depth];
        let g = &self.goal;
        if g.defender_taken(b) {
            return Some(Status::Dead);
        }
        if g.defender_lives(b) {
            return Some(Status::Alive);
        }
        (passes >= 2).then(|| g.at_rest(b))
    }

    /// The moves of the side to move at `boards[depth]`, pass excepted, best first.
    fn moves(&self, depth: usize) -> PointSet<MAX_MOVES> {
        let b = &self.boards[depth];
        let mut scored = [(0i32, 0u16); MAX_MOVES];
        let mut n = 0;
        let c = b.to_move_code();
        let mut push = |m: usize| {
            if n < MAX_MOVES
                && !scored[..n].iter().any(|x| x.1 as usize == m)
                && b.is_legal_m(m, c)
                && !fills_own_eye(b, m, c)
            {
                scored[n] = (move_score(b, m, c), m as u16);
                n += 1;
            }
        };
        self.goal.for_each_move(b, &mut push);
        scored[..n].sort_unstable_by_key(|x| std::cmp::Reverse(x.0));
        let mut out = PointSet::new();
        for &(_, m) in &scored[..n] {
            out.insert(m as usize);
        }
        out
    }

    /// The transposition key of `boards[depth]` (region reading only; 0 otherwise).
    fn key(&self, depth: usize, passes: u8) -> u64 {
        if self.goal.kind != Kind::Region {
            return 0;
        }
        let b = &self.boards[depth];
        let mut k = 1u64;
        for &m in self.goal.points() {
            debug_assert!(self.goal.points().len() <= 16);
            k = k << 2 | b.color_m(m as usize) as u64;
        }
        let ko = b
            .ko_point()
            .map_or(0, |p| 1 + b.to_mailbox(p) as u64 % 1024);
        let k = k ^ (ko << 40) ^ ((b.to_move_code() as u64) << 52) ^ ((passes.min(1) as u64) << 55);
        // The region's identity: the table outlives a read (a closed world's proven values
        // hold for ever), so reads of the same region share it.
        (k ^ self.goal.identity()).max(1)
    }
}

/// A hash of what decides a region read: its points and their colours, the side to move,
/// the ko point, the board's size and the node cap. Never 0.
fn region_key(b: &PlayoutBoard, goal: &Goal, cap: usize) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    let mut mix = |x: u64| {
        h = (h ^ x).wrapping_mul(0x0000_0100_0000_01b3);
    };
    for &m in goal.points() {
        mix(m as u64 * 4 + b.color_m(m as usize) as u64);
    }
    mix(goal.defender as u64);
    mix(b.to_move_code() as u64);
    mix(b.ko_point().map_or(0, |p| 1 + b.to_mailbox(p) as u64));
    mix(b.size() as u64);
    mix(cap as u64);
    h | 1
}

/// Whether the defender (if `defending`, else the attacker) prefers `a` to `b`.
fn prefers(defending: bool, a: Status, b: Status) -> bool {
    if defending {
        a > b
    } else {
        a < b
    }
}

/// A point all of whose neighbours are stones of one chain of `c` (or the edge): a real eye,
/// which `c` never fills in a local fight.
fn fills_own_eye(b: &PlayoutBoard, m: usize, c: u8) -> bool {
    if b.n_color_nb(m, c) != 4 {
        return false;
    }
    let s = b.stride_m();
    let mut head = 0;
    for q in [m - 1, m + 1, m - s, m + s] {
        if b.color_m(q) == OFF_BOARD {
            continue;
        }
        let h = b.head_m(q);
        if head != 0 && h != head {
            return false;
        }
        head = h;
    }
    true
}

/// Move ordering: captures first, then points with more empty neighbours (vital points of
/// an eye space have the most), then ataris.
fn move_score(b: &PlayoutBoard, m: usize, c: u8) -> i32 {
    let s = b.stride_m();
    let mut score = 4 * b.n_empty_nb(m) as i32;
    for q in [m - 1, m + 1, m - s, m + s] {
        let qc = b.color_m(q);
        if qc == (c ^ 3) {
            let libs = chain_liberties::<3>(b, b.head_m(q));
            score += match libs.len() {
                1 => 100,
                2 => 10,
                _ => 0,
            };
        }
    }
    score
}

fn code_color(c: u8) -> Color {
    if c == crate::mailbox::BLACK {
        Color::Black
    } else {
        Color::White
    }
}

/// Whether `m` is empty (for the goal's move lists).
#[inline]
fn is_empty(b: &PlayoutBoard, m: usize) -> bool {
    b.color_m(m) == EMPTY
}

#[cfg(test)]
mod tests;
