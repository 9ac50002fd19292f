//! `Position::verify`: every invariant of the board, checked against a recomputation from
//! the stones alone (flood fills, a fresh hash). Slow: for tests and the differential test.

use super::{Bitboard, ChainId, Position};
use crate::geom::{Color, Point, MAX_POINTS};
use crate::zobrist;

impl Position {
    /// Checks every invariant of the module doc against a recomputation from the stones alone
    /// (flood fills, a fresh hash). Slow: for tests and the differential test.
    pub fn verify(&self) -> Result<(), String> {
        let size = self.size();
        let board = Bitboard::board_mask(size);
        let (black, white) = (self.stones[0], self.stones[1]);
        if black.intersects(&white) {
            return Err("a point holds both colours".into());
        }
        if !((black | white) - board).is_empty() {
            return Err("a stone lies off the board".into());
        }
        let empty = board - (black | white);
        let mut hash = 0;
        for color in Color::BOTH {
            for p in self.stones[color.index()] {
                hash ^= zobrist::stone(color, p);
            }
        }
        if hash != self.hash {
            return Err(format!("hash {:x} but stones give {:x}", self.hash, hash));
        }
        let mut n_seen_chains = 0;
        let mut seen = Bitboard::EMPTY;
        for p in black | white {
            let id = self.chain_of[p.index()];
            if id == ChainId::NONE {
                return Err(format!("stone on {p} has no chain"));
            }
            if seen.contains(p) {
                continue;
            }
            let color = if black.contains(p) { black } else { white };
            let component = Bitboard::from_point(p).component(color, size);
            seen |= component;
            n_seen_chains += 1;
            let chain = &self.chains[id.idx()];
            if chain.stones != component {
                return Err(format!("chain through {p} has wrong stones"));
            }
            if chain.liberties != component.neighbors(size) & empty {
                return Err(format!("chain through {p} has wrong liberties"));
            }
            if component.iter().any(|s| self.chain_of[s.index()] != id) {
                return Err(format!("chain through {p} has mixed ids"));
            }
        }
        if (0..MAX_POINTS).any(|i| {
            !(black | white).contains(Point::from_index(i)) && self.chain_of[i] != ChainId::NONE
        }) {
            return Err("an empty point has a chain".into());
        }
        if n_seen_chains != self.n_chains() {
            return Err(format!(
                "{} chains in use, {} on the board",
                self.n_chains(),
                n_seen_chains
            ));
        }
        if let Some(k) = self.ko {
            if !empty.contains(k) {
                return Err(format!("ko point {k} is not empty"));
            }
        }
        Ok(())
    }
}
