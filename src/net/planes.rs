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
//! network evaluation (tens of microseconds against the network's milliseconds).

use crate::board::{Bitboard, Position};
use crate::geom::{Color, Point};
use crate::mailbox::PlayoutBoard;
use crate::tactics::LadderReader;

/// Input planes of the network.
pub const PLANES: usize = 19;

/// A liberty count as the planes see it: 1, 2, or 3 and more (0 for none).
fn capped(liberties: usize) -> usize {
    liberties.min(3)
}

/// The liberties `color`'s chain through the empty point `p` would have after playing there,
/// captures counted; 0 if the move is suicide.
pub fn liberties_after(pos: &Position, color: Color, p: Point) -> (usize, bool) {
    let size = pos.size();
    let here = Bitboard::from_point(p);
    let empty = pos.empty_points();
    let mut stones = here;
    let mut liberties = here.neighbors(size) & empty;
    let mut captured = Bitboard::EMPTY;
    for q in p.neighbors(size) {
        match pos.stone_at(q) {
            Some(c) if c == color => {
                stones |= pos.chain(q);
                liberties |= pos.liberties(q);
            }
            Some(_) if pos.liberties(q) == here => captured |= pos.chain(q),
            _ => {}
        }
    }
    liberties |= captured & stones.neighbors(size);
    liberties.remove(p);
    (liberties.count(), !captured.is_empty())
}

/// Writes the planes of `pos` (the side to move is `pos.to_move()`) into `out`, plane by
/// plane, each row by row (`row * size + col`). `board` is the same position as a playout
/// board, for the ladder reader; `last` the last two moves, the most recent first.
pub fn encode(
    pos: &Position,
    board: &PlayoutBoard,
    last: [Option<Point>; 2],
    ladders: &mut LadderReader,
    out: &mut [f32],
) {
    let size = pos.size();
    let area = size * size;
    assert_eq!(out.len(), PLANES * area, "planes buffer of the wrong size");
    out.fill(0.0);
    let own = pos.to_move();
    let mut set = |plane: usize, p: Point| out[plane * area + p.row() * size + p.col()] = 1.0;
    let mut seen = Bitboard::EMPTY;
    for p in Point::all(size) {
        set(2, p);
        if own == Color::Black {
            set(18, p);
        }
        match pos.stone_at(p) {
            Some(c) => {
                let side = if c == own { 0 } else { 1 };
                set(side, p);
                set(3 * side + 2 + capped(pos.n_liberties(p)), p);
                if c == own && !seen.contains(p) && pos.in_atari(p) {
                    let chain = pos.chain(p);
                    seen |= chain;
                    if ladders.escape_fails(board, p) {
                        chain.iter().for_each(|q| set(16, q));
                    }
                }
            }
            None => {
                let (liberties, captures) = liberties_after(pos, own, p);
                let ko = pos.ko_point() == Some(p);
                if liberties == 0 || ko {
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
    for (plane, p) in [14, 15].into_iter().zip(last) {
        if let Some(p) = p.filter(|p| p.is_on_board(size)) {
            set(plane, p);
        }
    }
}

#[cfg(test)]
mod tests;
