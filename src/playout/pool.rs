//! The RAVE pool (Rimmel, Teytaud and Rolet 2010, "Biasing Monte-Carlo simulations through
//! RAVE values"): the few moves the tree's AMAF statistics rate best for each colour, near
//! where the playout starts, which the heavy policy plays now and then when its tactics and
//! shapes find nothing (`Config::p_pool_for`). The tree knows which points matter in this position; the playout's
//! local rules do not look that far.
//!
//! The search fills the pool before each playout (`search`, from the deepest nodes of the
//! descent that have enough visits); the playout only reads it. Mailbox points, as the
//! playout board's.
//!
//! Depends on: geom.

use crate::geom::Color;

/// The most moves a pool holds per colour.
pub const POOL_MAX: usize = 16;

/// Up to `POOL_MAX` mailbox points per colour (index 0 Black, 1 White).
#[derive(Debug, Clone, Default)]
pub struct Pool {
    moves: [[u16; POOL_MAX]; 2],
    len: [u8; 2],
}

impl Pool {
    /// Empties both colours' pools.
    pub fn clear(&mut self) {
        self.len = [0; 2];
    }

    /// Sets the pool of `color` to `moves` (at most `POOL_MAX` of them are kept).
    pub fn set(&mut self, color: Color, moves: impl IntoIterator<Item = u16>) {
        let index = color.index();
        let mut n = 0;
        for m in moves.into_iter().take(POOL_MAX) {
            self.moves[index][n] = m;
            n += 1;
        }
        self.len[index] = n as u8;
    }

    /// The pool of the colour whose playout code is `c` (1 Black, 2 White).
    #[inline(always)]
    pub(crate) fn of(&self, c: u8) -> &[u16] {
        let i = usize::from(c - 1);
        &self.moves[i][..usize::from(self.len[i])]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_colour_keeps_its_own_moves_up_to_the_cap() {
        let mut pool = Pool::default();
        assert!(pool.of(1).is_empty() && pool.of(2).is_empty());
        pool.set(Color::Black, [11, 12, 13]);
        pool.set(Color::White, 100..200);
        assert_eq!(pool.of(1), &[11, 12, 13]);
        assert_eq!(pool.of(2).len(), POOL_MAX);
        assert_eq!(pool.of(2)[0], 100);
        pool.clear();
        assert!(pool.of(1).is_empty() && pool.of(2).is_empty());
    }
}
