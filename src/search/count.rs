//! The count of a game that ends inside the tree: when two passes in a descent end it, no
//! playout runs, and `area_score` counts the board as it stands, the way a playout's final
//! count does (`playout::run`), filling the same `PlayoutResult`.
//!
//! Depends on: playout, geom.

use crate::geom::{Point, MAX_POINTS};
use crate::mailbox::PlayoutBoard;
use crate::playout::PlayoutResult;

/// Counts the board as it stands (every stone alive; an empty region belongs to the colour
/// that alone borders it): used when two passes in the tree end the game. Fills
/// `result.owner` the way a playout does. Rare, but on the descent's path: fixed-size buffers,
/// no allocation.
pub(super) fn area_score(board: &PlayoutBoard, result: &mut PlayoutResult) -> i32 {
    let size = board.size();
    result.owner.fill(0);
    result.first_play.fill(0);
    let mut visited = [false; MAX_POINTS];
    let mut region = [Point::from_index(0); MAX_POINTS];
    let mut score = 0;
    for p in Point::all(size) {
        if let Some(c) = board.stone_at(p) {
            result.owner[p.index()] = c.sign() as i8;
            score += c.sign();
            continue;
        }
        if visited[p.index()] {
            continue;
        }
        // Flood the empty region through p; `region[..len]` is its points, a stack as we go.
        visited[p.index()] = true;
        region[0] = p;
        let (mut len, mut next) = (1, 0);
        let mut borders = [false; 2];
        while next < len {
            let q = region[next];
            next += 1;
            for r in q.neighbors(size) {
                match board.stone_at(r) {
                    Some(c) => borders[c.index()] = true,
                    None if !visited[r.index()] => {
                        visited[r.index()] = true;
                        region[len] = r;
                        len += 1;
                    }
                    None => {}
                }
            }
        }
        let owner = match borders {
            [true, false] => 1,
            [false, true] => -1,
            _ => 0,
        };
        for q in &region[..len] {
            result.owner[q.index()] = owner as i8;
        }
        score += owner * len as i32;
    }
    result.score = score;
    score
}
