//! Ladders (征子, shicho): does a chain in atari die if it runs, and does an atari start a
//! ladder that captures?
//!
//! The reader plays the ladder out on copies of the board: the prey extends from its last
//! liberty (or escapes at once if it can capture a chain of the hunter's in atari); with three
//! or more liberties it is free, with one or none it is caught; with two, the hunter tries an
//! atari on each and the prey is caught if either works. Board copies come from a stack
//! reserved once (`LadderReader::new`), so reading allocates nothing; a node cap bounds the
//! work, and a read that hits it or the stack's depth counts as an escape (the optimistic
//! answer: a wrong "escapes" costs a prior, a wrong "caught" could throw a live chain away).
//!
//! Used by the tree's priors (`search::prior`), once per candidate next to a chain in atari or
//! with two liberties, and by the heavy playouts' escapes (`escapes_unless_caught`, with
//! `Config::escape_ladders`), only when running would leave the chain two liberties.
//!
//! Depends on: mailbox, tactics::liberties, geom.

use super::liberties::{chain_liberties, escapes_checked, PointSet};
use crate::geom::{Move, Point};
use crate::mailbox::{PlayoutBoard, EMPTY};

/// Plays per read; beyond it the prey is taken to escape. A ladder across a 19×19 board is
/// about 2·19 plays, and each hunter move tries at most two ataris.
const NODE_CAP: usize = 400;
/// Board copies on the stack: two per ladder step.
const DEPTH: usize = 96;

/// Reads ladders on copies of a `PlayoutBoard`. Holds its own stack of boards (about 2 MB).
pub struct LadderReader {
    boards: Vec<PlayoutBoard>,
    nodes: usize,
}

impl Default for LadderReader {
    fn default() -> LadderReader {
        LadderReader::new()
    }
}

impl LadderReader {
    pub fn new() -> LadderReader {
        LadderReader {
            boards: vec![PlayoutBoard::new(2); DEPTH],
            nodes: 0,
        }
    }

    /// Returns true if and only if the chain through `p`, which is in atari, is caught in a
    /// ladder when its owner runs (moves first, extending from its liberty).
    pub fn escape_fails(&mut self, board: &PlayoutBoard, p: Point) -> bool {
        let Some(prey) = board.stone_at(p) else {
            return false;
        };
        if !board.in_atari(p) {
            return false;
        }
        self.boards[0].copy_from(board);
        self.boards[0].set_to_move(prey);
        self.nodes = 0;
        let m = self.boards[0].to_mailbox(p);
        self.prey_is_caught(0, m)
    }

    /// Returns true if and only if the side to move playing the empty point `p` puts an enemy
    /// chain in atari (from two liberties) that is then caught in a ladder.
    pub fn atari_works(&mut self, board: &PlayoutBoard, p: Point) -> bool {
        if !board.is_legal(p) {
            return false;
        }
        let hunter = board.to_move();
        let prey = hunter.opponent();
        for q in p.neighbors(board.size()) {
            if board.stone_at(q) != Some(prey) {
                continue;
            }
            let h = board.head_m(board.to_mailbox(q));
            let libs = chain_liberties::<3>(board, h);
            if libs.len() != 2 || !libs.contains(board.to_mailbox(p)) {
                continue;
            }
            self.boards[0].copy_from(board);
            self.boards[0].play_unchecked(Move::Play(p));
            self.nodes = 1;
            let m = self.boards[0].to_mailbox(q);
            // The hunter's stone may have been captured back at once: not an atari then.
            if self.boards[0].color_m(m) == EMPTY {
                continue;
            }
            if self.prey_is_caught(0, m) {
                return true;
            }
        }
        false
    }

    /// `boards[depth]`: the prey (owner of the stone at `m`) to move, its chain in atari or
    /// not. True if the chain is caught.
    fn prey_is_caught(&mut self, depth: usize, m: usize) -> bool {
        if self.nodes > NODE_CAP || depth + 2 >= DEPTH {
            return false;
        }
        let b = &self.boards[depth];
        let prey = b.color_m(m);
        let h = b.head_m(m);
        let libs = chain_liberties::<2>(b, h);
        if libs.len() >= 2 {
            return false;
        }
        if captures_a_neighbour(b, h) {
            return false;
        }
        let lib = libs.get(0);
        if !b.is_legal_m(lib, prey) {
            return true;
        }
        self.play_on_copy(depth, lib);
        let b = &self.boards[depth + 1];
        let libs = chain_liberties::<3>(b, b.head_m(m));
        match libs.len() {
            0 | 1 => true,
            3 => false,
            _ => {
                let hunter = prey ^ 3;
                for i in 0..2 {
                    let a = libs.get(i);
                    if !self.boards[depth + 1].is_legal_m(a, hunter) {
                        continue;
                    }
                    self.play_on_copy(depth + 1, a);
                    if self.boards[depth + 2].color_m(m) == EMPTY
                        || self.prey_is_caught(depth + 2, m)
                    {
                        return true;
                    }
                }
                false
            }
        }
    }

    /// `boards[depth + 1]` = `boards[depth]` after its side to move plays `m`.
    fn play_on_copy(&mut self, depth: usize, m: usize) {
        let (done, rest) = self.boards.split_at_mut(depth + 1);
        rest[0].copy_from(&done[depth]);
        rest[0].play_m(m);
        self.nodes += 1;
    }
}

/// `tactics::escapes`, but extending to exactly two liberties only when `ladders` reads that
/// the chain is not then caught in a ladder. Reads on the playouts' hot path: a read starts
/// only when the extension leaves two liberties, and most end within a few plays.
pub(crate) fn escapes_unless_caught<const N: usize>(
    b: &PlayoutBoard,
    h: usize,
    ladders: &mut LadderReader,
    out: &mut PointSet<N>,
) {
    escapes_checked(b, h, out, || !ladders.escape_fails(b, b.to_point(h)));
}

/// Returns true if and only if some enemy chain next to the chain headed at `h` is in atari.
fn captures_a_neighbour(b: &PlayoutBoard, h: usize) -> bool {
    let s = b.stride_m();
    let enemy = b.color_m(h) ^ 3;
    let mut x = h;
    loop {
        for q in [x - 1, x + 1, x - s, x + s] {
            if b.color_m(q) == enemy && b.chain_of_head(b.head_m(q)).in_atari() {
                return true;
            }
        }
        x = b.next_m(x);
        if x == h {
            return false;
        }
    }
}

#[cfg(test)]
mod tests;
