//! Tactics on the playout board: liberties, self-atari, captures and atari escapes.
//!
//! Shared by the heavy playout policy and (later, #7) the tree's priors. Everything works on
//! mailbox indices and reads the board's chain figures; nothing allocates, and the answers to
//! "how many liberties would this chain have" stop counting at a small cap.
//!
//! The fast path is arithmetic on the pseudo-liberties (count, sum, sum of squares): taking
//! the point `m` out of a chain's pseudo-liberties (`k` pairs if `k` of its stones touch `m`)
//! leaves figures that say, without walking the chain, whether the chain keeps no liberty,
//! exactly one (which one: the sum over the count) or at least two. The slow path,
//! `chain_liberties`, walks the chain's circular list and collects distinct liberties.
//!
//! Depends on: playout::board.

use super::board::{Chain, PlayoutBoard, BLACK, EMPTY, OFF_BOARD, WHITE};
use crate::geom::Point;

/// Up to `N` distinct points, in a fixed array.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PointSet<const N: usize> {
    pts: [u16; N],
    n: usize,
}

impl<const N: usize> PointSet<N> {
    pub(crate) fn new() -> PointSet<N> {
        PointSet { pts: [0; N], n: 0 }
    }

    /// Adds `m` unless present; returns false if and only if the set was full (and `m` new).
    #[inline(always)]
    pub(crate) fn insert(&mut self, m: usize) -> bool {
        if self.contains(m) {
            return true;
        }
        if self.n == N {
            return false;
        }
        self.pts[self.n] = m as u16;
        self.n += 1;
        true
    }

    #[inline(always)]
    pub(crate) fn contains(&self, m: usize) -> bool {
        self.pts[..self.n].iter().any(|&x| x as usize == m)
    }

    #[inline(always)]
    pub(crate) fn len(&self) -> usize {
        self.n
    }

    #[inline(always)]
    pub(crate) fn get(&self, i: usize) -> usize {
        self.pts[i] as usize
    }

    #[inline(always)]
    pub(crate) fn as_slice(&self) -> &[u16] {
        &self.pts[..self.n]
    }
}

/// The liberty of a chain in atari (its pseudo-liberties are all one point).
#[inline(always)]
pub(crate) fn atari_liberty(ch: &Chain) -> usize {
    debug_assert!(ch.libs > 0 && ch.in_atari());
    (ch.lib_sum / ch.libs as u32) as usize
}

/// Slow path: the distinct liberties of the chain headed at `h`, walking its stones, up to
/// `N` of them (the walk stops once `N` are found). Cost: four reads per stone walked.
pub(crate) fn chain_liberties<const N: usize>(b: &PlayoutBoard, h: usize) -> PointSet<N> {
    let s = b.stride_m();
    let mut libs = PointSet::<N>::new();
    let mut x = h;
    loop {
        for q in [x - 1, x + 1, x - s, x + s] {
            if b.color_m(q) == EMPTY && !libs.insert(q) {
                return libs;
            }
        }
        x = b.next_m(x);
        if x == h {
            return libs;
        }
    }
}

/// What a move would leave: the liberties of the chain through the new stone, counted up to
/// 2 (0, 1 or "2 or more"), and that chain's size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct AfterMove {
    /// Distinct liberties, capped at 2.
    pub(crate) libs: u8,
    /// The liberty when `libs == 1`.
    pub(crate) lib: usize,
    /// Stones in the new chain.
    pub(crate) size: u32,
}

/// The liberties (up to 2) and size of the chain `c` would make by playing the empty point
/// `m`, captures counted. Hot path (the heavy policy's self-atari test): no chain walk.
///
/// Captures: a captured enemy stone next to `m` becomes a liberty. When a captured chain has
/// two or more stones the result is "2 or more" without looking further (its other stones free
/// room around the new chain; a rare snapback-like shape can make this optimistic).
#[inline]
pub(crate) fn after_move(b: &PlayoutBoard, m: usize, c: u8) -> AfterMove {
    let s = b.stride_m();
    let nbs = [m - 1, m + 1, m - s, m + s];
    let enemy = c ^ 3;
    let mut libs = PointSet::<2>::new();
    let mut size = 1u32;
    let mut seen = [0usize; 4];
    let mut two = false;
    for (k, &q) in nbs.iter().enumerate() {
        let qc = b.color_m(q);
        if qc == EMPTY {
            two |= !libs.insert(q);
            continue;
        }
        if qc != c && qc != enemy {
            continue;
        }
        let h = b.head_m(q);
        if seen[..k].contains(&h) {
            continue;
        }
        seen[k] = h;
        let ch = b.chain_of_head(h);
        if qc == enemy {
            // An enemy chain touching `m` in atari has `m` as its liberty: `c` captures it.
            if ch.in_atari() {
                if ch.size >= 2 {
                    two = true;
                } else {
                    two |= !libs.insert(q);
                }
            }
            continue;
        }
        size += ch.size as u32;
        // The chain's pseudo-liberties without the pairs (its stone, m).
        let touching = nbs.iter().filter(|&&x| b.head_m(x) == h).count() as u32;
        let n = ch.libs as u32 - touching;
        if n == 0 {
            continue;
        }
        let m32 = m as u32;
        let sum = ch.lib_sum - touching * m32;
        let sum_sq = ch.lib_sum_sq - touching * m32 * m32;
        if n as u64 * sum_sq as u64 == sum as u64 * sum as u64 {
            two |= !libs.insert((sum / n) as usize);
        } else {
            two = true;
        }
    }
    let n_libs = if two { 2 } else { libs.len() as u8 };
    AfterMove {
        libs: n_libs,
        lib: if n_libs == 1 { libs.get(0) } else { 0 },
        size,
    }
}

/// Returns true if and only if `c` playing the empty point `m` would leave the new chain with
/// exactly one liberty (or none: suicide). A move with two empty neighbours never does: that
/// test first, as most moves have them.
#[inline(always)]
pub(crate) fn is_self_atari(b: &PlayoutBoard, m: usize, c: u8) -> bool {
    b.n_empty_nb(m) < 2 && after_move(b, m, c).libs < 2
}

impl PlayoutBoard {
    /// If the side to move playing the empty point `p` puts its new chain in atari (captures
    /// counted, as `after_move`), the number of stones of that chain; else `None`. For the
    /// tree's priors (cold path).
    pub fn self_atari_stones(&self, p: Point) -> Option<u32> {
        if !p.is_on_board(self.size()) {
            return None;
        }
        let m = self.to_mailbox(p);
        let c = self.to_move_code();
        if self.color_m(m) != EMPTY || !is_self_atari(self, m, c) {
            return None;
        }
        Some(after_move(self, m, c).size)
    }
}

/// Returns true if and only if `c` playing `m` is a self-atari of a chain of more than
/// `max_stones` stones. Smaller self-ataris (throw-ins, nakade) pass. Hot path.
#[inline(always)]
pub(crate) fn is_bad_self_atari(b: &PlayoutBoard, m: usize, c: u8, max_stones: u32) -> bool {
    if b.n_empty_nb(m) >= 2 {
        return false;
    }
    let a = after_move(b, m, c);
    a.libs < 2 && a.size > max_stones
}

/// Adds to `out` the moves that save the chain headed at `h` (in atari): capturing an
/// adjacent enemy chain in atari, or extending from the last liberty when that leaves two or
/// more. Legality is the caller's to check. Walks the chain (it is in atari, so rarely long).
pub(crate) fn escapes<const N: usize>(b: &PlayoutBoard, h: usize, out: &mut PointSet<N>) {
    escapes_checked(b, h, out, || true);
}

/// `escapes`, extending to exactly two liberties only if `two_liberties_hold()` (e.g. the
/// ladder reader finds the chain is then not caught: `ladder::escapes_unless_caught`); it is
/// called only in that case.
#[inline(always)]
pub(crate) fn escapes_checked<const N: usize>(
    b: &PlayoutBoard,
    h: usize,
    out: &mut PointSet<N>,
    two_liberties_hold: impl FnOnce() -> bool,
) {
    let s = b.stride_m();
    let c = b.color_m(h);
    let enemy = c ^ 3;
    let mut x = h;
    loop {
        for q in [x - 1, x + 1, x - s, x + s] {
            if b.color_m(q) == enemy {
                let ch = b.chain_of_head(b.head_m(q));
                if ch.in_atari() {
                    out.insert(atari_liberty(&ch));
                }
            }
        }
        x = b.next_m(x);
        if x == h {
            break;
        }
    }
    let lib = atari_liberty(&b.chain_of_head(h));
    match after_move(b, lib, c).libs {
        0 | 1 => {}
        2 if !two_liberties_hold() => {}
        _ => {
            out.insert(lib);
        }
    }
}

/// The two liberties of the chain headed at `h` when it has exactly two; `None` otherwise.
/// Each liberty touches at most four stones of the chain, so a chain with more than eight
/// pseudo-liberties has three or more and is ruled out without a walk. Hot path (the heavy
/// policy's two-liberty step, a few chains per move).
#[inline]
pub(crate) fn two_liberties(b: &PlayoutBoard, h: usize) -> Option<[usize; 2]> {
    let ch = b.chain_of_head(h);
    if ch.libs > 8 || ch.in_atari() {
        return None;
    }
    let libs = chain_liberties::<3>(b, h);
    (libs.len() == 2).then(|| [libs.get(0), libs.get(1)])
}

/// Off-board neighbours of `m` (each counts as a stone of both colours in `n_color_nb`).
#[inline(always)]
fn edges_next_to(b: &PlayoutBoard, m: usize) -> u16 {
    b.n_color_nb(m, BLACK) + b.n_color_nb(m, WHITE) + b.n_empty_nb(m) - 4
}

/// Stones of colour `c` next to `m`, the edge not counted.
#[inline(always)]
fn stones_next_to(b: &PlayoutBoard, m: usize, c: u8) -> u16 {
    b.n_color_nb(m, c) - edges_next_to(b, m)
}

/// Returns true if and only if `q` and `r` are orthogonal neighbours.
#[inline(always)]
fn adjacent(b: &PlayoutBoard, q: usize, r: usize) -> bool {
    let d = q.abs_diff(r);
    d == 1 || d == b.stride_m()
}

/// A two-liberty chain of `owner` that cannot be put in danger: one liberty joins a friendly
/// chain out of atari and the other does too or has room of its own (Pachi's "miai" test:
/// attacking such a chain only wastes moves).
fn two_liberties_are_miai(b: &PlayoutBoard, h: usize, libs: [usize; 2], owner: u8) -> bool {
    let s = b.stride_m();
    let connects = |lib: usize| {
        [lib - 1, lib + 1, lib - s, lib + s].into_iter().any(|q| {
            b.color_m(q) == owner && b.head_m(q) != h && !b.chain_of_head(b.head_m(q)).in_atari()
        })
    };
    let has_room = |lib: usize, other: usize| {
        [lib - 1, lib + 1, lib - s, lib + s]
            .into_iter()
            .any(|q| q != other && b.color_m(q) == EMPTY)
    };
    let (a, z) = (libs[0], libs[1]);
    (connects(a) && (connects(z) || has_room(z, a))) || (connects(z) && has_room(a, z))
}

/// Adds to `out` the liberties of `owner`'s two-liberty chain `h` that `c` should play: for
/// the attacker an atari that is not a bad self-atari, for the owner an extension that gains
/// something (Pachi's `can_atari_group`, without the "cousin" approach moves). Of two
/// acceptable liberties, one that fills a lumpy spot (three or more of the mover's stones or
/// edges around it) gives way to the other.
fn two_liberty_moves<const N: usize>(
    b: &PlayoutBoard,
    libs: [usize; 2],
    owner: u8,
    c: u8,
    max_self_atari: u32,
    out: &mut PointSet<N>,
) {
    let mut found = [(0usize, false); 2];
    for i in 0..2 {
        let (lib, other) = (libs[i], libs[1 - i]);
        if !b.is_legal_m(lib, c) {
            continue;
        }
        // The owner extending to a point with no room: it gains at most one liberty.
        if c == owner && stones_next_to(b, lib, owner) == 1 {
            let room = b.n_empty_nb(lib);
            if room <= 1 || (room == 2 && adjacent(b, lib, other)) {
                continue;
            }
        }
        if is_bad_self_atari(b, lib, c, max_self_atari) {
            continue;
        }
        let lumpy = b.n_color_nb(lib, c) >= 3;
        found[i] = (lib, !lumpy);
    }
    match found {
        [(a, pa), (z, pz)] if a != 0 && z != 0 && pa != pz => {
            out.insert(if pa { a } else { z });
        }
        _ => {
            for (m, _) in found {
                if m != 0 {
                    out.insert(m);
                }
            }
        }
    }
}

/// Pachi's two-liberty check of the chain headed at `h` (two liberties `libs`), for `c` to
/// move: unless the chain is safe by miai, the atari (attacker) or the extension (owner); the
/// owner also captures an adjacent enemy chain in atari or ataris an adjacent two-liberty one
/// (the counter-attack of a capturing race). Hot path: walks the chain only as owner.
pub(crate) fn two_liberty_check<const N: usize>(
    b: &PlayoutBoard,
    h: usize,
    libs: [usize; 2],
    c: u8,
    max_self_atari: u32,
    out: &mut PointSet<N>,
) {
    let owner = b.color_m(h);
    if two_liberties_are_miai(b, h, libs, owner) {
        return;
    }
    two_liberty_moves(b, libs, owner, c, max_self_atari, out);
    if c != owner {
        return;
    }
    let s = b.stride_m();
    let enemy = owner ^ 3;
    let mut seen = PointSet::<8>::new();
    let mut x = h;
    loop {
        for q in [x - 1, x + 1, x - s, x + s] {
            if b.color_m(q) != enemy {
                continue;
            }
            let g = b.head_m(q);
            if seen.contains(g) || !seen.insert(g) {
                continue;
            }
            let ch = b.chain_of_head(g);
            if ch.in_atari() {
                let lib = atari_liberty(&ch);
                if b.is_legal_m(lib, c) {
                    out.insert(lib);
                }
            } else if let Some(glibs) = two_liberties(b, g) {
                two_liberty_moves(b, glibs, enemy, c, max_self_atari, out);
            }
        }
        x = b.next_m(x);
        if x == h {
            break;
        }
    }
}

/// Adds to `out` the side to move's answers to a two-liberty fight at the last move `last`
/// (a stone): `two_liberty_check` of the last move's chain and of every chain next to it
/// that has two liberties.
pub(crate) fn two_liberty_answers<const N: usize>(
    b: &PlayoutBoard,
    last: usize,
    max_self_atari: u32,
    out: &mut PointSet<N>,
) {
    let c = b.to_move_code();
    let s = b.stride_m();
    let mut heads = [b.head_m(last), 0, 0, 0, 0];
    if let Some(libs) = two_liberties(b, heads[0]) {
        two_liberty_check(b, heads[0], libs, c, max_self_atari, out);
    }
    for (k, q) in [last - 1, last + 1, last - s, last + s]
        .into_iter()
        .enumerate()
    {
        if b.color_m(q) != BLACK && b.color_m(q) != WHITE {
            continue;
        }
        let h = b.head_m(q);
        if heads[..=k].contains(&h) {
            continue;
        }
        heads[k + 1] = h;
        if let Some(libs) = two_liberties(b, h) {
            two_liberty_check(b, h, libs, c, max_self_atari, out);
        }
    }
}

/// What the heavy playouts' fight steps would answer to the last move, for the tree's
/// priors: the two-liberty moves (`two_liberty_answers`) and the nakade point.
#[derive(Clone, Debug, Default)]
pub struct FightAnswers {
    pub two_lib: smallvec::SmallVec<[Point; 16]>,
    pub nakade: Option<Point>,
}

impl PlayoutBoard {
    /// The answers of the heavy playouts' fight steps to the last move (none after a pass),
    /// for the side to move, self-ataris of more than `max_self_atari` stones left out. Cold
    /// path: once per expansion of the tree.
    pub fn fight_answers(&self, max_self_atari: u32) -> FightAnswers {
        let mut answers = FightAnswers::default();
        let last = self.last_m();
        if last == 0 {
            return answers;
        }
        let c = self.to_move_code();
        let mut moves = PointSet::<16>::new();
        two_liberty_answers(self, last, max_self_atari, &mut moves);
        for &m in moves.as_slice() {
            if self.is_candidate_m(m as usize, c) {
                answers.two_lib.push(self.to_point(m as usize));
            }
        }
        let v = nakade_answer(self, last);
        if v != 0 && self.is_candidate_m(v, c) {
            answers.nakade = Some(self.to_point(v));
        }
        answers
    }
}

/// The nakade point of the eye space that the last move `last` (a stone of the side not to
/// move) borders, through its empty neighbours; 0 if none.
#[inline]
pub(crate) fn nakade_answer(b: &PlayoutBoard, last: usize) -> usize {
    // Pachi's filter: the last move's empty neighbours must all touch each other (diagonally
    // at least), as they do on the wall of one small space: at most two, not opposite. It
    // skips the flood for most moves, played in the open.
    let s = b.stride_m();
    let mut empties = [0usize; 2];
    let mut n = 0;
    for q in [last - 1, last + 1, last - s, last + s] {
        if b.color_m(q) == EMPTY {
            if n == 2 {
                return 0;
            }
            empties[n] = q;
            n += 1;
        }
    }
    match n {
        0 => 0,
        2 if empties[0].abs_diff(empties[1]) == 2 || empties[0].abs_diff(empties[1]) == 2 * s => 0,
        _ => nakade_point(b, empties[0], b.color_m(last)),
    }
}

/// The vital point of the small eye space of `owner` through the empty point `start`, or 0.
/// The space is the empty points connected to `start`, at most six, walled by `owner`'s
/// stones and the edge only (an enemy stone inside or on the wall: 0). Its vital point, by
/// shape (degree: neighbours inside the space; edges: adjacent pairs): three in a row or
/// bent, the middle (degree 2); the pyramid four, its centre (degree 3); the bulky five (a
/// square and one more: five edges), the point of degree 3; the crossed five, its centre
/// (degree 4); the rabbity six (six edges), the point of degree 4. Other shapes (two points,
/// the straight or bent four, the square four) have none to play. Playing there kills a
/// group that has nothing but this space (Pachi's nakade check; MoGo's playouts without it
/// let such groups live). Hot path: a flood of at most seven points.
pub(crate) fn nakade_point(b: &PlayoutBoard, start: usize, owner: u8) -> usize {
    const MAX_SPACE: usize = 6;
    let s = b.stride_m();
    let mut space = PointSet::<{ MAX_SPACE + 1 }>::new();
    space.insert(start);
    let mut i = 0;
    while i < space.len() {
        let x = space.get(i);
        for q in [x - 1, x + 1, x - s, x + s] {
            match b.color_m(q) {
                EMPTY => {
                    space.insert(q);
                    if space.len() > MAX_SPACE {
                        return 0;
                    }
                }
                col if col == owner || col == OFF_BOARD => {}
                _ => return 0,
            }
        }
        i += 1;
    }
    match eye_shape(b, space.as_slice()) {
        EyeShape::Vital(i) => space.get(i),
        _ => 0,
    }
}

/// What a small eye space (3 to 6 connected points) is worth to the group around it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EyeShape {
    /// Killed by a stone on the point at this index of the space (see `nakade_point`).
    Vital(usize),
    /// The square four: one eye, whatever is played.
    Square,
    /// Room for two eyes (the straight and bent fours, larger shapes), or too small to judge.
    Other,
}

/// Classifies `space` by its points' degrees (neighbours inside the space) and its number of
/// edges (adjacent pairs): see `nakade_point`.
fn eye_shape(b: &PlayoutBoard, space: &[u16]) -> EyeShape {
    eye_shape_by(space.len(), |i, j| {
        adjacent(b, space[i] as usize, space[j] as usize)
    })
}

/// `eye_shape` of a connected space of `n` points, `adjacent(i, j)` saying whether its
/// points `i` and `j` are neighbours (for the judge, which works on `Position`).
pub fn eye_shape_by(n: usize, adjacent: impl Fn(usize, usize) -> bool) -> EyeShape {
    const MAX_SPACE: usize = 6;
    if !(3..=MAX_SPACE).contains(&n) {
        return EyeShape::Other;
    }
    let mut degree = [0u8; MAX_SPACE];
    let mut edges = 0;
    for i in 0..n {
        for j in i + 1..n {
            if adjacent(i, j) {
                degree[i] += 1;
                degree[j] += 1;
                edges += 1;
            }
        }
    }
    let find = |d: u8| (0..n).find(|&i| degree[i] == d);
    let vital = match (n, edges) {
        (3, _) => find(2),
        (4, 4) => return EyeShape::Square,
        (4, _) => find(3),
        (5, _) => find(4).or(if edges == 5 { find(3) } else { None }),
        (6, 6) => find(4),
        _ => None,
    };
    vital.map_or(EyeShape::Other, EyeShape::Vital)
}

/// Returns true if and only if `c` playing the empty point `m` makes a chain of three to six
/// stones whose capture leaves the capturer an eye space of one eye (three in a row or bent,
/// the square, pyramid, bulky or crossed four and five, the rabbity six) and nothing else:
/// the enemy chains around are in atari on the same point. Such a self-atari is
/// a sacrifice that kills (the nakade is played after the capture), not a blunder: the
/// judge's playouts, which reject every other self-atari of two stones or more, need it to
/// kill a group whose last liberties are shared with a few enemy stones (Fuego's FX178: an
/// eyeless group of 18 stones with three liberties around one black stone, which GNU Go
/// counts dead and the playouts left alive). The caller has seen that the move is a
/// self-atari. Walks the chains next to `m` (at most six stones). Hot path only behind the
/// self-atari test, which is rare.
pub(crate) fn is_nakade_sacrifice(b: &PlayoutBoard, m: usize, c: u8) -> bool {
    let s = b.stride_m();
    let mut stones = PointSet::<7>::new();
    stones.insert(m);
    for q in [m - 1, m + 1, m - s, m + s] {
        if b.color_m(q) != c || stones.contains(q) {
            continue;
        }
        let mut x = q;
        loop {
            if !stones.insert(x) {
                return false;
            }
            x = b.next_m(x);
            if x == q {
                break;
            }
        }
    }
    // The set can hold 7: a chain of 7 fills it without failing an insert.
    let one_eye = match stones.len() {
        3..=6 => eye_shape(b, stones.as_slice()) != EyeShape::Other,
        _ => false,
    };
    if !one_eye {
        return false;
    }
    // The capturer must have nothing but the space: every enemy chain next to the new chain
    // or to its last liberty `lib` is left in atari on `lib` too, and `lib` has no other
    // empty neighbour. Otherwise the capturer keeps liberties (or an eye) elsewhere, as the
    // groups of a seki with an eye do, and the sacrifice only gives stones away.
    let a = after_move(b, m, c);
    if a.libs != 1 {
        return false;
    }
    let lib = a.lib;
    let enemy = c ^ 3;
    for &x in stones
        .as_slice()
        .iter()
        .chain(std::iter::once(&(lib as u16)))
    {
        let x = x as usize;
        for q in [x - 1, x + 1, x - s, x + s] {
            match b.color_m(q) {
                EMPTY if x == lib && q != m => return false,
                col if col == enemy => {
                    let libs = chain_liberties::<3>(b, b.head_m(q));
                    if libs
                        .as_slice()
                        .iter()
                        .any(|&l| l as usize != lib && l as usize != m)
                    {
                        return false;
                    }
                }
                _ => {}
            }
        }
    }
    true
}

#[cfg(test)]
mod tests;
