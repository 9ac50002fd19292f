//! The count of a game that ends inside the tree: when two passes in a descent end it, no
//! playout runs, and `area_score` counts the board as it stands, the way a playout's final
//! count does (`playout::run`), filling the same `PlayoutResult`. Under territory counting
//! `drop_seki_eyes` then takes the eyes of chains in seki out of either count.
//!
//! Depends on: playout, mailbox, geom.

use crate::geom::{Point, MAX_POINTS};
use crate::mailbox::{PlayoutBoard, GRID_LEN};
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

/// Territory counting (Japanese rules): the eyes of a chain in seki count for nobody. Takes
/// them out of `result` (score and owners) and returns the new score. At the end of a
/// playout the only empty points beside stones of both colours are those neither side may
/// fill without putting its own chain in atari: the shared liberties of a seki. So a chain
/// beside such a point is in seki, and an eye (an empty point counted for one colour) beside
/// such a chain counts for nobody. Called once a playout, only under territory counting:
/// fixed-size buffers, no allocation.
pub(super) fn drop_seki_eyes(board: &PlayoutBoard, result: &mut PlayoutResult) -> i32 {
    let size = board.size();
    // Per chain head (a mailbox index): beside a shared liberty.
    let mut in_seki = [false; GRID_LEN];
    let mut any = false;
    for p in Point::all(size) {
        if board.stone_at(p).is_some() || result.owner[p.index()] != 0 {
            continue;
        }
        let mut beside = [false; 2];
        for q in p.neighbors(size) {
            if let Some(c) = board.stone_at(q) {
                beside[c.index()] = true;
            }
        }
        if beside == [true, true] {
            for q in p.neighbors(size).filter(|&q| board.stone_at(q).is_some()) {
                in_seki[board.head_m(board.to_mailbox(q))] = true;
            }
            any = true;
        }
    }
    if any {
        for p in Point::all(size) {
            let own = result.owner[p.index()];
            if own == 0 || board.stone_at(p).is_some() {
                continue;
            }
            if p.neighbors(size)
                .any(|q| board.stone_at(q).is_some() && in_seki[board.head_m(board.to_mailbox(q))])
            {
                result.owner[p.index()] = 0;
                result.score -= i32::from(own);
            }
        }
    }
    result.score
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Color;
    use crate::mailbox::tests::{board_from, pt};
    use crate::playout::{run_with, Config, Lent, PolicyKind};
    use rand::rngs::SmallRng;
    use rand::SeedableRng;

    #[test]
    fn a_board_without_seki_keeps_its_count() {
        let b = board_from(
            ". X O . O
             X X O O O
             . X O . O
             X X O O O
             . X O O .",
            Color::Black,
        );
        let mut result = PlayoutResult::default();
        let area = area_score(&b, &mut result);
        assert_eq!(area, 10 - 15);
        assert_eq!(drop_seki_eyes(&b, &mut result), area);
        assert_eq!(result.owner[pt("A5", 5).index()], 1);
    }

    /// GNU Go's seki14 after White's vital point B2: Black's A3–B5 and C1–E2 live in seki with
    /// White's A1 and B2 (shared liberties A2 and B1; Black's eyes A4 and D1). However the
    /// playouts end, while the seki stands its two eyes count for nobody, and nothing else
    /// changes.
    #[test]
    fn the_eyes_of_a_seki_count_for_nobody() {
        let start = board_from(
            "X X . X . . . . .
             . O O X . X X X X
             O . O X X X . . .
             O O O X O X . . .
             X X O O O X X X X
             . X O . O O O O O
             X X O O O . O . .
             . O X X X O O O O
             O . X . X O . . .",
            Color::Black,
        );
        let config = Config::default();
        let mut rng = SmallRng::seed_from_u64(3);
        let mut result = PlayoutResult::default();
        let (a4, d1) = (pt("A4", 9).index(), pt("D1", 9).index());
        let mut seki_held = 0;
        for _ in 0..50 {
            let mut b = start.clone();
            run_with(
                PolicyKind::Heavy,
                &config,
                Lent::default(),
                &mut b,
                &mut rng,
                &mut result,
            );
            let area = result.score;
            let owner = result.owner;
            let held = b.stone_at(pt("A2", 9)).is_none() && b.stone_at(pt("B1", 9)).is_none();
            let counted = drop_seki_eyes(&b, &mut result);
            if held {
                seki_held += 1;
                assert_eq!((owner[a4], owner[d1]), (1, 1));
                assert_eq!((result.owner[a4], result.owner[d1]), (0, 0));
                assert_eq!(counted, area - 2);
            }
            let changed = (0..owner.len())
                .filter(|&i| owner[i] != result.owner[i])
                .count();
            assert_eq!(changed as i32, area - counted);
        }
        assert!(
            seki_held >= 40,
            "the seki held in {seki_held} of 50 playouts"
        );
    }
}
