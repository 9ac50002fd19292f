//! What a read is about (`Goal`): a region closed by the defender's chains, or one chain
//! with few liberties. Finding them on a board, their moves, and their end tests.

use super::{is_empty, ESCAPE_LIBERTIES, MAX_REGION};
use crate::geom::Color;
use crate::mailbox::{color_code, PlayoutBoard, EMPTY, OFF_BOARD};
use crate::tactics::liberties::{chain_liberties, PointSet};

/// Most defender chains a goal follows.
const MAX_CHAINS: usize = 8;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) enum Kind {
    #[default]
    Region,
    Chain,
}

/// The fight a read is about.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Goal {
    pub(super) kind: Kind,
    /// BLACK or WHITE.
    pub(super) defender: u8,
    /// Region: its points. Chain: unused.
    points: [u16; MAX_REGION],
    n_points: usize,
    /// One stone of each defender chain at the start (chain: the one chain).
    reps: [u16; MAX_CHAINS],
    n_reps: usize,
}

impl Goal {
    /// The region of `defender` through the empty point `start`: the empty points and
    /// attacker stones connected to it, closed by `defender`'s stones and the edge, at most
    /// `MAX_REGION` of them, whose wall chains (at most `MAX_CHAINS`) have every liberty
    /// inside. `None` otherwise.
    pub(super) fn region(b: &PlayoutBoard, start: usize, defender: Color) -> Option<Goal> {
        let def = color_code(defender);
        if b.color_m(start) != EMPTY {
            return None;
        }
        let s = b.stride_m();
        let mut g = Goal {
            kind: Kind::Region,
            defender: def,
            ..Goal::default()
        };
        g.points[0] = start as u16;
        g.n_points = 1;
        // Flood, then add the wall chains' liberties outside the region and flood again,
        // until every wall chain has its liberties inside (a group's several eyes make one
        // region) or the region is too big.
        let mut i = 0;
        loop {
            while i < g.n_points {
                let x = g.points[i] as usize;
                for q in [x - 1, x + 1, x - s, x + s] {
                    let qc = b.color_m(q);
                    if qc == OFF_BOARD || g.points().contains(&(q as u16)) {
                        continue;
                    }
                    if qc == def {
                        let h = b.head_m(q);
                        if !g.reps[..g.n_reps]
                            .iter()
                            .any(|&r| b.head_m(r as usize) == h)
                        {
                            if g.n_reps == MAX_CHAINS {
                                return None;
                            }
                            g.reps[g.n_reps] = h as u16;
                            g.n_reps += 1;
                        }
                        continue;
                    }
                    g.push(q)?;
                }
                i += 1;
            }
            let n = g.n_points;
            for k in 0..g.n_reps {
                let libs = chain_liberties::<{ MAX_REGION + 1 }>(b, g.reps[k] as usize);
                for &l in libs.as_slice() {
                    if !g.points().contains(&l) {
                        g.push(l as usize)?;
                    }
                }
            }
            if g.n_points == n {
                break;
            }
        }
        if g.n_reps == 0 {
            return None;
        }
        Some(g)
    }

    /// The chain through the stone `m`, if it has at most three liberties.
    pub(super) fn chain(b: &PlayoutBoard, m: usize) -> Option<Goal> {
        let c = b.color_m(m);
        if c == EMPTY || c == OFF_BOARD {
            return None;
        }
        let h = b.head_m(m);
        if chain_liberties::<4>(b, h).len() > 3 {
            return None;
        }
        let mut g = Goal {
            kind: Kind::Chain,
            defender: c,
            ..Goal::default()
        };
        g.reps[0] = m as u16;
        g.n_reps = 1;
        Some(g)
    }

    /// Adds `m` to the region; `None` if it is full.
    fn push(&mut self, m: usize) -> Option<()> {
        if self.n_points == MAX_REGION {
            return None;
        }
        self.points[self.n_points] = m as u16;
        self.n_points += 1;
        Some(())
    }

    /// A hash of the region's points in order (its identity in the transposition table).
    pub(super) fn identity(&self) -> u64 {
        let mut h = 0x9e37_79b9_7f4a_7c15u64;
        for &m in self.points() {
            h = (h ^ m as u64)
                .wrapping_mul(0x0000_0100_0000_01b3)
                .rotate_left(29);
        }
        h
    }

    /// The region's points (empty for a chain goal).
    pub(super) fn points(&self) -> &[u16] {
        &self.points[..self.n_points]
    }

    /// The defender's stones at stake on `b` (the start of the read).
    pub(super) fn stones(&self, b: &PlayoutBoard) -> u32 {
        let mut n = 0;
        for &r in &self.reps[..self.n_reps] {
            let h = b.head_m(r as usize);
            n += b.chain_of_head(h).size as u32;
        }
        n
    }

    /// Returns true if and only if one of the defender's chains was taken.
    pub(super) fn defender_taken(&self, b: &PlayoutBoard) -> bool {
        self.reps[..self.n_reps]
            .iter()
            .any(|&r| b.color_m(r as usize) != self.defender)
    }

    /// Returns true if and only if the defender lives whatever the attacker does: region,
    /// every chain of the wall has two liberties walled in by the wall's chains alone (the
    /// attacker can play there only by capturing, which it never can while each chain keeps
    /// two: Benson's test on the local world); chain, it has `ESCAPE_LIBERTIES` liberties.
    pub(super) fn defender_lives(&self, b: &PlayoutBoard) -> bool {
        match self.kind {
            Kind::Chain => {
                let h = b.head_m(self.reps[0] as usize);
                chain_liberties::<ESCAPE_LIBERTIES>(b, h).len() >= ESCAPE_LIBERTIES
            }
            Kind::Region => {
                let mut heads = PointSet::<MAX_CHAINS>::new();
                for &r in &self.reps[..self.n_reps] {
                    heads.insert(b.head_m(r as usize));
                }
                heads.as_slice().iter().all(|&h| {
                    let libs = chain_liberties::<{ MAX_REGION + 1 }>(b, h as usize);
                    let walled = libs
                        .as_slice()
                        .iter()
                        .filter(|&&l| self.walled_by(b, l as usize, &heads))
                        .count();
                    walled >= 2
                })
            }
        }
    }

    /// Every on-board neighbour of the empty point `m` is a stone of one of `heads`' chains.
    fn walled_by(&self, b: &PlayoutBoard, m: usize, heads: &PointSet<MAX_CHAINS>) -> bool {
        let s = b.stride_m();
        [m - 1, m + 1, m - s, m + s].into_iter().all(|q| {
            let qc = b.color_m(q);
            qc == OFF_BOARD || (qc == self.defender && heads.contains(b.head_m(q)))
        })
    }

    /// The result after two passes, the defender standing: a region with attacker stones
    /// still inside is seki, one without is alive (the attacker had nothing left to try);
    /// a chain is alive.
    pub(super) fn at_rest(&self, b: &PlayoutBoard) -> super::Status {
        let attacker = self.defender ^ 3;
        match self.kind {
            Kind::Region
                if self
                    .points()
                    .iter()
                    .any(|&m| b.color_m(m as usize) == attacker) =>
            {
                super::Status::Seki
            }
            _ => super::Status::Alive,
        }
    }

    /// Calls `f` with the candidate points of the side to move (legality is the caller's):
    /// region, its empty points; chain, the chain's liberties, and for the defender the
    /// liberties of the attacker's chains next to it with one or two liberties.
    pub(super) fn for_each_move(&self, b: &PlayoutBoard, f: &mut impl FnMut(usize)) {
        match self.kind {
            Kind::Region => {
                for &m in self.points() {
                    if is_empty(b, m as usize) {
                        f(m as usize);
                    }
                }
            }
            Kind::Chain => {
                let h = b.head_m(self.reps[0] as usize);
                for &l in chain_liberties::<4>(b, h).as_slice() {
                    f(l as usize);
                }
                if b.to_move_code() != self.defender {
                    return;
                }
                let s = b.stride_m();
                let attacker = self.defender ^ 3;
                let mut x = h;
                loop {
                    for q in [x - 1, x + 1, x - s, x + s] {
                        if b.color_m(q) == attacker {
                            let libs = chain_liberties::<3>(b, b.head_m(q));
                            if libs.len() <= 2 {
                                for &l in libs.as_slice() {
                                    f(l as usize);
                                }
                            }
                        }
                    }
                    x = b.next_m(x);
                    if x == h {
                        break;
                    }
                }
            }
        }
    }
}
