//! The search's entry points and the helpers its tests share: games from diagrams, limits.

use super::*;
use crate::game::Rules;
use crate::geom::Point;

/// A game from a diagram (`board::diagram`: rows top-down, `X` Black, `O` White, `.` empty)
/// set up as stones, with `to_move` to play (White after a pass of Black's).
pub(super) fn game(diagram: &str, komi: f32, to_move: Color) -> Game {
    let mut g = Game::from_diagram(diagram, Rules::default()).expect("valid test diagram");
    g.set_komi(komi);
    if to_move == Color::White {
        g.try_play(Color::Black, Move::Pass).unwrap();
    }
    g
}

pub(super) fn playouts(n: u64) -> Limits {
    Limits {
        playouts: Some(n),
        ..Limits::default()
    }
}

pub(super) fn pt(s: &str, size: usize) -> Point {
    Point::parse(s, size).unwrap()
}

/// Black's ring and White's block inside it, both in atari, komi 7.5, `to_move` to play:
/// Black's C3 captures the block (and wins every playout), White's E1 the ring.
pub(super) fn ring_in_atari(to_move: Color) -> Game {
    game(
        "X X X X X
         X O O O X
         X O . O X
         X O O O X
         X X X X .",
        7.5,
        to_move,
    )
}

pub(super) fn threads(n: usize) -> Config {
    Config {
        threads: n,
        ..Config::default()
    }
}

/// A settled 5×5 board: Black owns the A–C files (15 points), White the D–E files (10).
pub(super) const SETTLED_5X5: &str = "
    . . X O .
    . . X O .
    . . X O .
    . . X O .
    . . X O .";

#[test]
fn self_play_on_small_boards_is_always_legal() {
    for size in 2..=7 {
        let mut g = Game::new(size, Rules::default());
        let mut search = Search::new(Config {
            seed: size as u64,
            ..Config::default()
        });
        let mut color = Color::Black;
        for _ in 0..3 * size * size {
            match search.genmove(&g, color, &playouts(300)) {
                Decision::Play(mv) => g.try_play(color, mv).expect("search moves are legal"),
                Decision::Resign => break,
            }
            if g.is_over() {
                break;
            }
            color = color.opponent();
        }
    }
}
