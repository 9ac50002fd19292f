//! Counting a finished position: area (数子), territory (数目) and Tromp-Taylor.
//!
//! Never mutates anything. Scores are from Black's side: positive means Black is ahead.
//!
//! Depends on: game, board, geom.

mod result;

pub use result::GameResult;

use crate::board::Bitboard;
use crate::game::Game;

/// The count of a game, with the given stones judged dead (ignored under Tromp-Taylor), under
/// the game's rules, komi and handicap compensation. Positive = Black ahead.
pub fn score(game: &Game, dead: &Bitboard) -> f32 {
    let _ = (game, dead);
    todo!()
}
