//! The network's input: a position as `PLANES` planes of `size × size` numbers, each 0 or 1,
//! from the side to move's point of view ("own" = the side to move). Training data
//! (`net::data`) and inference (`net::Network`) both encode with `encode`, so they cannot
//! disagree.
//!
//! | plane | meaning |
//! |---|---|
//! | 0, 1 | own stones, the opponent's stones |
//! | 2 | on the board (1 everywhere: the convolutions' zero padding marks the edge) |
//! | 3, 4, 5 | own chains with 1, 2, 3+ liberties |
//! | 6, 7, 8 | the opponent's chains with 1, 2, 3+ liberties |
//! | 9, 10, 11 | a legal own move here leaves its chain 1, 2, 3+ liberties |
//! | 12 | a legal own move here captures |
//! | 13 | an empty point where the side to move may not play (simple ko, suicide) |
//! | 14, 15 | the last move (the opponent's), the move before it (own) |
//! | 16 | own chains in atari that are caught in a ladder if they run |
//! | 17 | own moves that put an opponent chain in atari and catch it in a ladder |
//! | 18 | Black is to move (1 everywhere) |
//!
//! Passes and the moves before the last two leave no trace. Cold path for the search: once per
//! network evaluation (tens of microseconds against the network's milliseconds), and
//! allocation-free once its `Chains` are made.

use crate::board::Bitboard;
use crate::geom::{Color, Point, MAX_POINTS};
use crate::mailbox::PlayoutBoard;
use crate::tactics::LadderReader;

/// Input planes of the network.
pub const PLANES: usize = 19;

/// A liberty count as the planes see it: 1, 2, or 3 and more (0 for none).
fn capped(liberties: usize) -> usize {
    liberties.min(3)
}

/// No chain at a point (`Chains::chain_of`).
const NONE: u16 = u16::MAX;

/// The chains of a board with their exact liberties, as bitboards: what the planes read.
/// Rebuilt for each encoding from the playout board (whose liberties are pseudo-liberties);
/// its arrays are reserved once, so a rebuild allocates nothing.
#[derive(Clone)]
pub struct Chains {
    size: usize,
    stones: [Bitboard; 2],
    empty: Bitboard,
    chain_of: Box<[u16; MAX_POINTS]>,
    /// Each chain's stones and liberties.
    chains: Vec<(Bitboard, Bitboard)>,
}

impl std::fmt::Debug for Chains {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(
            f,
            "Chains({} on {}x{})",
            self.chains.len(),
            self.size,
            self.size
        )
    }
}

impl Default for Chains {
    fn default() -> Chains {
        Chains {
            size: 0,
            stones: [Bitboard::EMPTY; 2],
            empty: Bitboard::EMPTY,
            chain_of: Box::new([NONE; MAX_POINTS]),
            chains: Vec::with_capacity(MAX_POINTS),
        }
    }
}

impl Chains {
    /// Reads the stones and chains of `board`.
    pub fn read(&mut self, board: &PlayoutBoard) {
        let size = board.size();
        self.size = size;
        self.stones = [Bitboard::EMPTY; 2];
        for p in Point::all(size) {
            if let Some(c) = board.stone_at(p) {
                self.stones[c.index()].insert(p);
            }
        }
        self.empty = Bitboard::board_mask(size) - self.stones[0] - self.stones[1];
        self.chains.clear();
        self.chain_of.fill(NONE);
        for color in Color::BOTH {
            for chain in self.stones[color.index()].components(size) {
                let id = self.chains.len() as u16;
                chain.iter().for_each(|q| self.chain_of[q.index()] = id);
                self.chains
                    .push((chain, chain.neighbors(size) & self.empty));
            }
        }
    }

    fn chain(&self, p: Point) -> Option<&(Bitboard, Bitboard)> {
        self.chains.get(usize::from(self.chain_of[p.index()]))
    }

    fn stone_at(&self, p: Point) -> Option<Color> {
        Color::BOTH
            .into_iter()
            .find(|c| self.stones[c.index()].contains(p))
    }

    /// The liberties `color`'s chain through the empty point `p` would have after playing
    /// there, captures counted (0: suicide), and whether the move captures.
    fn after_move(&self, color: Color, p: Point) -> (usize, bool) {
        let size = self.size;
        let here = Bitboard::from_point(p);
        let mut stones = here;
        let mut liberties = here.neighbors(size) & self.empty;
        let mut captured = Bitboard::EMPTY;
        for q in p.neighbors(size) {
            let Some(&(chain, libs)) = self.chain(q) else {
                continue;
            };
            if self.stones[color.index()].contains(q) {
                stones |= chain;
                liberties |= libs;
            } else if libs == here {
                captured |= chain;
            }
        }
        liberties |= captured & stones.neighbors(size);
        liberties.remove(p);
        (liberties.count(), !captured.is_empty())
    }
}

/// Writes the planes of `board` (its side to move, ko point and last two moves) into `out`,
/// plane by plane, each row by row (`row * size + col`). `chains` is scratch space.
pub fn encode(
    board: &PlayoutBoard,
    chains: &mut Chains,
    ladders: &mut LadderReader,
    out: &mut [f32],
) {
    let size = board.size();
    let area = size * size;
    assert_eq!(out.len(), PLANES * area, "planes buffer of the wrong size");
    out.fill(0.0);
    chains.read(board);
    let own = board.to_move();
    let mut set = |plane: usize, p: Point| out[plane * area + p.row() * size + p.col()] = 1.0;
    let mut seen = Bitboard::EMPTY;
    for p in Point::all(size) {
        set(2, p);
        if own == Color::Black {
            set(18, p);
        }
        match chains.stone_at(p) {
            Some(c) => {
                let side = if c == own { 0 } else { 1 };
                let &(chain, liberties) = chains.chain(p).expect("a stone has its chain");
                set(side, p);
                set(3 * side + 2 + capped(liberties.count()), p);
                if c == own && !seen.contains(p) && liberties.count() == 1 {
                    seen |= chain;
                    if ladders.escape_fails(board, p) {
                        chain.iter().for_each(|q| set(16, q));
                    }
                }
            }
            None => {
                let (liberties, captures) = chains.after_move(own, p);
                if liberties == 0 || board.ko_point() == Some(p) {
                    set(13, p);
                    continue;
                }
                set(8 + capped(liberties), p);
                if captures {
                    set(12, p);
                }
                if ladders.atari_works(board, p) {
                    set(17, p);
                }
            }
        }
    }
    for (plane, p) in [14, 15].into_iter().zip(board.last_moves()) {
        if let Some(p) = p.filter(|p| p.is_on_board(size)) {
            set(plane, p);
        }
    }
}

#[cfg(test)]
mod tests;
