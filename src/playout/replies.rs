//! Last good replies with forgetting (LGRF-2; Baier and Drake, "The Power of Forgetting",
//! 2010): the playouts learn, from the playouts before them, which answer to a move won.
//!
//! After each playout, every move of the winner is stored as the reply to the move before it
//! (and to the two moves before it); every move of the loser that is the stored reply to its
//! predecessor is forgotten. The heavy policy (`policy::Heavy`) plays the stored reply to the
//! last two moves, else to the last move, when it is acceptable. The tables carry what the
//! tree cannot: answers learnt deep in the playouts, where no node exists.
//!
//! Keys and replies are mailbox indices of the board they were learnt on (0: none); a
//! search worker owns one `Replies` and clears it when the board size changes and at a new
//! game (`Search::clear`, GTP `clear_board`): what one game's playouts learnt is no advice
//! for another's. No sharing between threads: each worker learns from its own playouts.
//!
//! Hot path: one lookup per playout move, one update per move of the sequence after it. No
//! allocation after `new`.
//!
//! Depends on: mailbox, geom.

use crate::geom::Color;
use crate::mailbox::{color_code, MAX_MAILBOX};

/// Both colours' last good replies: to the last move, and to the last two moves.
pub struct Replies {
    /// The board's stride the entries were learnt with (0: none learnt yet).
    stride: usize,
    /// `[colour - 1][prev]`: the reply of `colour` to the opponent's move `prev`.
    one: Box<[u16]>,
    /// `[colour - 1][prev2][prev]`: the reply of `colour` to its own `prev2` and the
    /// opponent's `prev`. 2 MiB for the largest board.
    two: Box<[u16]>,
}

impl Default for Replies {
    fn default() -> Replies {
        Replies::new()
    }
}

impl Replies {
    pub fn new() -> Replies {
        Replies {
            stride: 0,
            one: vec![0; 2 * MAX_MAILBOX].into_boxed_slice(),
            two: vec![0; 2 * MAX_MAILBOX * MAX_MAILBOX].into_boxed_slice(),
        }
    }

    /// Forgets everything if the tables were learnt on a board of another stride (another
    /// size), so that a reply always names a point of the board it is read on.
    pub fn fit(&mut self, stride: usize) {
        if self.stride != stride {
            self.clear();
            self.stride = stride;
        }
    }

    /// Forgets every reply.
    pub fn clear(&mut self) {
        self.one.fill(0);
        self.two.fill(0);
    }

    /// How many replies are stored, in both tables (a scan: for tests).
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.one
            .iter()
            .chain(self.two.iter())
            .filter(|&&m| m != 0)
            .count()
    }

    #[cfg(test)]
    pub(crate) fn is_empty(&self) -> bool {
        self.len() == 0
    }

    #[inline(always)]
    fn one_index(colour: u8, prev: usize) -> usize {
        (colour as usize - 1) * MAX_MAILBOX + prev
    }

    #[inline(always)]
    fn two_index(colour: u8, prev2: usize, prev: usize) -> usize {
        ((colour as usize - 1) * MAX_MAILBOX + prev2) * MAX_MAILBOX + prev
    }

    /// The reply of `colour` (BLACK or WHITE) to `prev2` (its own move before the last; 0
    /// for a pass or none) and `prev` (the opponent's last move, not 0): the two-move reply
    /// if one is stored, else the one-move reply; 0 if neither is.
    #[inline(always)]
    pub(crate) fn reply(&self, colour: u8, prev2: usize, prev: usize) -> usize {
        if prev2 != 0 {
            let m = self.two[Self::two_index(colour, prev2, prev)];
            if m != 0 {
                return m as usize;
            }
        }
        self.one[Self::one_index(colour, prev)] as usize
    }

    /// Learns from one game: `moves` in order (mailbox indices, 0 for a pass), the first
    /// played by `first_mover`; `winner` won it. Moves before `from` are context only (the
    /// game's moves before the search's root): they key replies but are not learnt as ones.
    pub(crate) fn learn(&mut self, moves: &[u16], first_mover: Color, winner: Color, from: usize) {
        let (first_mover, winner) = (color_code(first_mover), color_code(winner));
        let start = from.max(1);
        // The mover of moves[i] is `first_mover` at even i (a pass is a move).
        let mut mover = if start.is_multiple_of(2) {
            first_mover
        } else {
            first_mover ^ 3
        };
        for i in start..moves.len() {
            let (m, prev) = (moves[i], moves[i - 1] as usize);
            if m != 0 && prev != 0 {
                let prev2 = if i >= 2 { moves[i - 2] as usize } else { 0 };
                let one = Self::one_index(mover, prev);
                if mover == winner {
                    self.one[one] = m;
                    if prev2 != 0 {
                        self.two[Self::two_index(mover, prev2, prev)] = m;
                    }
                } else {
                    if self.one[one] == m {
                        self.one[one] = 0;
                    }
                    if prev2 != 0 {
                        let two = Self::two_index(mover, prev2, prev);
                        if self.two[two] == m {
                            self.two[two] = 0;
                        }
                    }
                }
            }
            mover ^= 3;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Color::{Black, White};

    // Mailbox points stand for moves here; only their identity matters.
    const A: u16 = 30;
    const B: u16 = 31;
    const C: u16 = 32;
    const D: u16 = 33;

    #[test]
    fn the_winner_learns_its_replies_to_one_and_two_moves() {
        let mut r = Replies::new();
        // Black A, White B, Black C: Black won.
        r.learn(&[A, B, C], Black, Black, 0);
        assert_eq!(r.reply(BLACK_CODE, A as usize, B as usize), C as usize);
        assert_eq!(
            r.reply(BLACK_CODE, 0, B as usize),
            C as usize,
            "one-move reply"
        );
        assert_eq!(
            r.reply(BLACK_CODE, D as usize, B as usize),
            C as usize,
            "falls back"
        );
        // The loser's move B (White's answer to A) is not learnt.
        assert_eq!(r.reply(WHITE_CODE, 0, A as usize), 0);
    }

    #[test]
    fn the_loser_forgets_a_reply_it_played_and_keeps_others() {
        let mut r = Replies::new();
        r.learn(&[A, B, C], Black, Black, 0);
        // Black answers B with D and loses: C stays.
        r.learn(&[A, B, D], Black, White, 0);
        assert_eq!(r.reply(BLACK_CODE, A as usize, B as usize), C as usize);
        // Black answers B with C and loses: forgotten, in both tables.
        r.learn(&[A, B, C], Black, White, 0);
        assert_eq!(r.reply(BLACK_CODE, A as usize, B as usize), 0);
        assert_eq!(r.reply(BLACK_CODE, 0, B as usize), 0);
    }

    #[test]
    fn context_moves_key_replies_but_are_not_learnt() {
        let mut r = Replies::new();
        // The game's moves A (White) and B (Black) before the root; White then plays C and wins.
        r.learn(&[A, B, C], White, White, 2);
        assert_eq!(r.reply(WHITE_CODE, A as usize, B as usize), C as usize);
        assert_eq!(r.reply(BLACK_CODE, 0, A as usize), 0, "B is context");
    }

    #[test]
    fn passes_neither_key_nor_are_learnt() {
        let mut r = Replies::new();
        r.learn(&[A, 0, C, B, 0], Black, Black, 0);
        // C answered a pass: not learnt; B answered C, but White lost.
        assert!(r.is_empty());
        r.learn(&[A, 0, C, B, 0], Black, White, 0);
        assert_eq!(r.reply(WHITE_CODE, 0, C as usize), B as usize);
        assert_eq!(
            r.two.iter().filter(|&&m| m != 0).count(),
            0,
            "prev2 was a pass"
        );
    }

    #[test]
    fn another_board_size_forgets_everything() {
        let mut r = Replies::new();
        r.fit(11);
        r.learn(&[A, B, C], Black, Black, 0);
        r.fit(11);
        assert_eq!(r.reply(BLACK_CODE, A as usize, B as usize), C as usize);
        r.fit(21);
        assert!(r.is_empty());
    }

    const BLACK_CODE: u8 = 1;
    const WHITE_CODE: u8 = 2;
}
