//! A game record's stones before its first move, placed on a `Game`: the one reading of SGF's
//! handicap (`HA` with as many black `AB` stones) and setup stones (`AB`/`AW`) and `PL`, for
//! `loadsgf` and `tengen review` alike.

use super::Game;
use crate::geom::{Color, Point};
use crate::sgf::SgfGame;

/// Places `record`'s handicap or setup stones and its player to move on `game` (a new game of
/// the record's size). A handicap is `HA` ≥ 2 with exactly that many stones, all black; any
/// other stones are setup stones. The error names the property at fault.
pub fn place_setup(game: &mut Game, record: &SgfGame) -> Result<(), String> {
    let all_black = record.setup.iter().all(|&(c, _)| c == Color::Black);
    if record.handicap >= 2 && all_black && record.setup.len() == record.handicap {
        let points: Vec<Point> = record.setup.iter().map(|&(_, p)| p).collect();
        game.set_handicap(&points)
            .map_err(|e| format!("handicap: {e}"))?;
    } else {
        for color in Color::BOTH {
            let points = record.setup_points(color);
            if !points.is_empty() {
                game.setup(color, &points)
                    .map_err(|e| format!("setup: {e}"))?;
            }
        }
    }
    if let Some(color) = record.to_play {
        game.set_to_move(color).map_err(|e| format!("PL: {e}"))?;
    }
    Ok(())
}
