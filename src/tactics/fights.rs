//! Two-liberty fights (Pachi's "2lib" check): who should atari, extend or counter-atari
//! around a chain of two liberties, and what the heavy playouts' fight steps would answer to
//! the last move (`FightAnswers`, for the tree's priors and the move features).
//!
//! Depends on: mailbox, tactics::{liberties, eyes}, geom.

use super::eyes::nakade_answer;
use super::liberties::{adjacent, atari_liberty, is_bad_self_atari, two_liberties, PointSet};
use crate::geom::Point;
use crate::mailbox::{PlayoutBoard, BLACK, EMPTY, WHITE};

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

#[cfg(test)]
mod tests;
