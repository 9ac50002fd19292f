//! The komi: linear dynamic komi, the adaptive komi's steps and ratchet, and a search that
//! adapts it.

use super::super::tests::{game, playouts, pt};
use super::*;
use crate::game::Rules;
use crate::geom::{Move, Point};
use crate::search::Search;

fn config() -> AdaptiveKomiConfig {
    AdaptiveKomiConfig {
        large: 1.0,
        interval: 10.0,
        ..AdaptiveKomiConfig::default()
    }
}

fn window(control: &KomiControl, wins: u32) {
    for i in 0..10 {
        control.record(i < wins);
    }
}

#[test]
fn the_side_ahead_gives_komi_and_the_side_behind_takes_it() {
    let control = KomiControl::new(config(), 7.5, Color::Black, None, true);
    window(&control, 9);
    window(&control, 7);
    assert_eq!(control.state().given, 2);
    assert_eq!(control.black_komi(), 9.5, "Black gives White two points");
    window(&control, 1);
    window(&control, 1);
    window(&control, 1);
    assert_eq!(control.state().given, -1);
    assert_eq!(control.black_komi(), 6.5);

    let white = KomiControl::new(config(), 7.5, Color::White, None, true);
    window(&white, 10);
    assert_eq!(white.black_komi(), 6.5, "White gives Black a point");
}

#[test]
fn the_yellow_zone_keeps_the_komi() {
    let control = KomiControl::new(config(), 7.5, Color::Black, None, true);
    window(&control, 9);
    window(&control, 4); // 0.4 < red 0.45: one back, and the ratchet set at 1
    window(&control, 9);
    assert_eq!(control.state().given, 0, "the ratchet stops it below 1");
    let yellow = AdaptiveKomiConfig {
        green: 0.6,
        ..config()
    };
    let control = KomiControl::new(yellow, 7.5, Color::Black, None, true);
    window(&control, 5); // 0.5: between red and green
    assert_eq!(control.state().given, 0);
}

#[test]
fn the_komi_taken_is_bounded() {
    let bounded = AdaptiveKomiConfig {
        max_taken: 3.0,
        ..config()
    };
    let control = KomiControl::new(bounded, 7.5, Color::White, None, true);
    for _ in 0..10 {
        window(&control, 0);
    }
    assert_eq!(control.state().given, -3);
    assert_eq!(
        control.black_komi(),
        10.5,
        "White takes three points at most"
    );
}

#[test]
fn the_state_carries_to_the_next_search_of_the_same_colour_only() {
    let first = KomiControl::new(config(), 7.5, Color::Black, None, true);
    window(&first, 10);
    window(&first, 10);
    let kept = Some(first.state());
    let next = KomiControl::new(config(), 7.5, Color::Black, kept, true);
    assert_eq!(next.black_komi(), 9.5);
    let other = KomiControl::new(config(), 7.5, Color::White, kept, true);
    assert_eq!(other.black_komi(), 7.5);
    let inactive = KomiControl::new(config(), 7.5, Color::Black, kept, false);
    assert_eq!(inactive.black_komi(), 7.5);
    window(&inactive, 10);
    assert_eq!(
        inactive.black_komi(),
        7.5,
        "an inactive search never adapts"
    );
}

#[test]
fn it_applies_on_large_boards_between_the_opening_and_the_endgame() {
    let c = config();
    assert!(c.applies(19, 50, 300));
    assert!(!c.applies(19, 10, 350), "opening");
    assert!(
        !c.applies(19, 250, 120),
        "endgame: (120 - 72) / 2 = 24 moves left"
    );
    assert!(!c.applies(9, 20, 60), "small board");
    let off = AdaptiveKomiConfig::default();
    assert!(!off.applies(19, 50, 300), "off by default");
}

#[test]
fn dynamic_komi_shrinks_linearly_in_handicap_games() {
    let config = Config {
        dynkomi_per_stone: 7.0,
        ..Config::default()
    };
    let mut g = Game::new(19, Rules::default());
    assert_eq!(dynamic_komi(&config, &g), 0.0);
    let stones: Vec<Point> = ["D4", "Q16", "D16", "Q4"]
        .iter()
        .map(|s| Point::parse(s, 19).unwrap())
        .collect();
    g.set_handicap(&stones).unwrap();
    assert_eq!(dynamic_komi(&config, &g), 28.0);
    let mut color = Color::White;
    for i in 0..100 {
        let p = Point::new(i % 19, 6 + i / 19);
        g.try_play(color, Move::Play(p)).unwrap();
        color = color.opponent();
    }
    assert_eq!(dynamic_komi(&config, &g), 14.0);
    for _ in 0..100 {
        g.try_play(color, Move::Pass).unwrap();
        color = color.opponent();
    }
    assert_eq!(dynamic_komi(&config, &g), 0.0);
    let off = Config {
        dynkomi_per_stone: 0.0,
        ..Config::default()
    };
    assert_eq!(dynamic_komi(&off, &g), 0.0);
}

/// 13×13, Black ahead by 18.5 (walls on the 7th and 5th lines, the 6th dame) after ten
/// moves inside the two areas: the adaptive komi's middle game.
fn black_far_ahead() -> Game {
    let row = |c: char| {
        format!(
            "{}\n",
            [c; 13]
                .iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        )
    };
    let mut diagram = String::new();
    for r in 0..13 {
        diagram += &row(match r {
            6 => 'X',
            8 => 'O',
            _ => '.',
        });
    }
    let mut g = game(&diagram, 7.5, Color::Black);
    for col in ["A", "C", "E", "G", "J"] {
        g.try_play(Color::Black, Move::Play(pt(&format!("{col}13"), 13)))
            .unwrap();
        g.try_play(Color::White, Move::Play(pt(&format!("{col}1"), 13)))
            .unwrap();
    }
    g
}

#[test]
fn the_adaptive_komi_has_the_side_ahead_give_points_and_the_side_behind_take_them() {
    let g = black_far_ahead();
    let mut config = Config::default();
    config.adaptive_komi.large = 1.0;
    let mut search = Search::new(config);
    search.genmove(&g, Color::Black, &playouts(1500));
    let given = search.summary().komi_given;
    assert!(given > 0, "Black, ahead, gave {given}");
    search.genmove(&g, Color::Black, &playouts(1500));
    assert!(
        search.summary().komi_given > given,
        "the next search goes on from {given}"
    );
    search.genmove(&g, Color::White, &playouts(1500));
    assert!(search.summary().komi_given < 0, "White, behind, takes komi");
    assert!(
        search.summary().win_rate > 0.05,
        "White's win rate is measured with the komi it took"
    );

    search.clear();
    search.genmove(&g, Color::Black, &playouts(300));
    assert!(
        search.summary().komi_given <= 3,
        "a new game starts again from 0"
    );

    let mut off = Search::new(Config::default());
    off.genmove(&g, Color::Black, &playouts(1500));
    assert_eq!(off.summary().komi_given, 0, "off by default");
}
