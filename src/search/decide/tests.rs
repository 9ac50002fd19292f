//! The decision on board pictures: the capture that wins, passing when it wins, resigning,
//! `genmove_cleanup`, and the captures and saves before a pass.

use super::super::tests::{game, playouts, pt, ring_in_atari, SETTLED_5X5};
use crate::geom::{Color, Move};
use crate::search::{Config, Decision, Search};

#[test]
/// Black's ring and White's block are both in atari; whoever moves first captures.
fn captures_when_only_the_capture_wins() {
    let g = ring_in_atari(Color::Black);
    let mut search = Search::new(Config::default());
    assert_eq!(
        search.genmove(&g, Color::Black, &playouts(500)),
        Decision::Play(Move::Play(pt("C3", 5)))
    );
}

#[test]
fn passes_after_the_opponent_when_passing_wins() {
    let mut g = game(SETTLED_5X5, 0.5, Color::White);
    g.try_play(Color::White, Move::Pass).unwrap();
    let mut search = Search::new(Config::default());
    assert_eq!(
        search.genmove(&g, Color::Black, &playouts(2000)),
        Decision::Play(Move::Pass)
    );
}

#[test]
fn resigns_a_hopeless_game_unless_told_not_to() {
    let g = game(
        ". X O . .
         . X O . .
         . X O . .
         . X O . .
         . X O . .",
        30.0,
        Color::Black,
    );
    let mut search = Search::new(Config::default());
    assert_eq!(
        search.genmove(&g, Color::Black, &playouts(2000)),
        Decision::Resign
    );
    let mut stubborn = Search::new(Config {
        resign_threshold: None,
        ..Config::default()
    });
    assert!(matches!(
        stubborn.genmove(&g, Color::Black, &playouts(2000)),
        Decision::Play(_)
    ));
}

#[test]
fn cleanup_removes_dead_stones_before_passing() {
    let mut g = game(
        ". . X O .
         . O X O .
         . . X O .
         . . X O .
         . . X O .",
        0.5,
        Color::White,
    );
    g.try_play(Color::White, Move::Pass).unwrap();
    let mut search = Search::new(Config::default());
    let dead = search.dead_stones(&g, 1000);
    assert!(dead.contains(pt("B4", 5)));
    assert!(!dead.contains(pt("C4", 5)));
    assert!(!dead.contains(pt("D4", 5)));
    let decision = search.genmove_cleanup(&g, Color::Black, &playouts(1000));
    assert!(
        matches!(decision, Decision::Play(Move::Play(_))),
        "{decision:?}"
    );
}

#[test]
fn before_passing_it_captures_dead_stones_in_atari() {
    // Black passed and White wins by far, but Black's D5, dead inside White's area, is in
    // atari: White takes it off (D4) rather than pass and leave it to the scorer. Once it is
    // gone, White passes.
    let mut g = game(
        "
        . . . . . . .
        . O O O O O .
        . O O X O O .
        . O O . O O .
        O O O O O O O
        X X X X X X X
        . . . . . . .",
        7.5,
        Color::White,
    );
    let mut search = Search::new(Config::default());
    let capture = Move::Play(pt("D4", 7));
    assert_eq!(
        search.genmove(&g, Color::White, &playouts(500)),
        Decision::Play(capture)
    );
    g.try_play(Color::White, capture).unwrap();
    g.try_play(Color::Black, Move::Pass).unwrap();
    assert_eq!(
        search.genmove(&g, Color::White, &playouts(500)),
        Decision::Play(Move::Pass)
    );
}

#[test]
fn before_passing_it_saves_its_own_stones_in_atari() {
    // Black passed and White wins by far, but White's D3, among Black's stones, is in atari
    // with its last liberty inside White's area: White connects (D4), which costs nothing
    // under area counting, rather than pass and leave the stone to the scorer. Then it
    // passes.
    let mut g = game(
        "
        . . . . . . .
        . O O O O O .
        . O O O O O .
        O O O . O O O
        X X X O X X X
        . . . X . . .
        . . . . . . .",
        7.5,
        Color::White,
    );
    let mut search = Search::new(Config::default());
    let connect = Move::Play(pt("D4", 7));
    assert_eq!(
        search.genmove(&g, Color::White, &playouts(500)),
        Decision::Play(connect)
    );
    g.try_play(Color::White, connect).unwrap();
    g.try_play(Color::Black, Move::Pass).unwrap();
    assert_eq!(
        search.genmove(&g, Color::White, &playouts(500)),
        Decision::Play(Move::Pass)
    );
}
