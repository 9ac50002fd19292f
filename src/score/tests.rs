//! Counting tests over board pictures: `check_score(diagram, rules, komi, "B+3.5")`.
//!
//! Diagrams list rows from the top (the highest row) down: `X` / `O` live Black / White stones,
//! `x` / `o` stones judged dead, `.` empty.

use super::*;
use crate::board::Diagram;
use crate::game::RuleSet;
use crate::geom::{Move, Point};

/// A game set up from `diagram` (`board::diagram`), and its dead stones: the lowercase ones.
fn game(diagram: &str, rules: RuleSet, komi: f32) -> (Game, Bitboard) {
    let dead = Diagram::parse(diagram).expect("valid diagram").marked;
    let mut game = Game::from_diagram(diagram, rules.rules()).expect("valid setup");
    game.set_komi(komi);
    (game, dead)
}

fn check_score(diagram: &str, rules: RuleSet, komi: f32, expected: &str) {
    let (game, dead) = game(diagram, rules, komi);
    assert_eq!(
        result(&game, &dead).to_string(),
        expected,
        "{rules:?}, komi {komi}:\n{diagram}"
    );
}

/// The same diagram with the colours of all stones swapped.
fn swap_colors(diagram: &str) -> String {
    diagram
        .chars()
        .map(|c| match c {
            'X' => 'O',
            'O' => 'X',
            'x' => 'o',
            'o' => 'x',
            c => c,
        })
        .collect()
}

fn points(size: usize, names: &[&str]) -> Vec<Point> {
    names
        .iter()
        .map(|n| Point::parse(n, size).unwrap())
        .collect()
}

const DAME: &str = "
    . X . . O
    . X . . O
    . X . . O
    . X . . O
    . X . . O";

/// Black's eyeless B5-D5 and White's eyeless row 4 share the liberties A5 and E5: neither side
/// can fill one without self-atari. Black's row 3 wall owns rows 1-2.
const SEKI_NO_EYES: &str = "
    . X X X .
    O O O O O
    X X X X X
    . . . . .
    . . . . .";

/// Black's B7-F7 group (eye D7) and White's group (eye A5) share the liberties A7 and G7: a seki
/// with one eye each. Black's row 3 wall owns rows 1-2.
const SEKI_ONE_EYE_EACH: &str = "
    . X X . X X .
    O O X X X O O
    . O O O O O X
    O O X X X X X
    X X X X X X X
    . . . . . . .
    . . . . . . .";

const DEAD_IN_TERRITORY: &str = "
    . . . . .
    . . o . .
    X X X X X
    O O O O O
    . . . . .";

#[test]
fn dame_count_for_nobody() {
    // Black: 5 stones + 5 points on the A file; White: 5 stones; C and D files are dame.
    check_score(DAME, RuleSet::Chinese, 0.5, "B+4.5");
    // Territory: Black 5, White 0. Both sides have 5 stones on the board, so the counts agree.
    check_score(DAME, RuleSet::Japanese, 0.5, "B+4.5");
    let (game, dead) = game(DAME, RuleSet::Chinese, 0.5);
    let count = area(game.position(), &dead);
    assert_eq!(count.area, [10, 5]);
    assert_eq!(count.dame.count(), 10);
    assert_eq!(count.owner[Point::new(0, 2).index()], Some(Color::Black));
    assert_eq!(count.owner[Point::new(2, 2).index()], None);
    assert_eq!(count.owner[Point::new(4, 2).index()], Some(Color::White));
    assert!(seki_stones(game.position(), &dead).is_empty());
    let t = territory(game.position(), &dead);
    assert_eq!(t.territory, [5, 0]);
    assert!(t.seki.is_empty() && t.seki_eyes.is_empty());
}

#[test]
fn seki_without_eyes() {
    // Area: Black 3 + 5 stones + 10 points = 18, White 5 stones; A5 and E5 are dame.
    check_score(SEKI_NO_EYES, RuleSet::Chinese, 0.0, "B+13");
    // Territory: only Black's 10 points; stones in seki are not points under territory rules.
    check_score(SEKI_NO_EYES, RuleSet::Japanese, 0.0, "B+10");
    let (game, dead) = game(SEKI_NO_EYES, RuleSet::Japanese, 0.0);
    let seki = seki_stones(game.position(), &dead);
    assert_eq!(seki.count(), 8);
    for p in points(5, &["B5", "C5", "D5", "A4", "E4"]) {
        assert!(seki.contains(p), "{p} in seki");
    }
    assert!(
        !seki.contains(Point::new(0, 2)),
        "the wall is alive with territory"
    );
}

#[test]
fn seki_eyes_count_under_area_not_under_territory() {
    // Area: Black 7 + 13 stones + eye D7 + 14 points = 35; White 11 stones + eye A5 = 12;
    // the shared liberties A7 and G7 are dame. 35 - 12 = 23.
    check_score(SEKI_ONE_EYE_EACH, RuleSet::Chinese, 0.0, "B+23");
    // Territory: Black's 14 points only. The eyes D7 and A5 belong to groups in seki and count
    // for nobody, and stones never count. The 9 points between the counts are Black's 20 stones
    // minus White's 11 (stones count under area only) plus the two seki eyes, which cancel.
    check_score(SEKI_ONE_EYE_EACH, RuleSet::Japanese, 0.0, "B+14");
    let (game, dead) = game(SEKI_ONE_EYE_EACH, RuleSet::Japanese, 0.0);
    let t = territory(game.position(), &dead);
    assert_eq!(t.territory, [14, 0]);
    assert_eq!(t.seki.count(), 7 + 11);
    assert_eq!(t.seki_eyes.count(), 2);
    for p in points(7, &["D7", "A5"]) {
        assert!(t.seki_eyes.contains(p));
        assert_eq!(t.owner[p.index()], None);
    }
    assert!(
        !t.seki.contains(Point::new(0, 2)),
        "Black's wall is not in seki"
    );
    // Area counting gives the eyes to their owners.
    let a = area(game.position(), &dead);
    assert_eq!(
        a.owner[Point::parse("D7", 7).unwrap().index()],
        Some(Color::Black)
    );
    assert_eq!(
        a.owner[Point::parse("A5", 7).unwrap().index()],
        Some(Color::White)
    );
    assert_eq!(a.dame.count(), 2);
}

#[test]
fn dead_stones_inside_territory() {
    // Area: Black 5 stones + 10 points (the dead stone's point included) = 15, White 10.
    check_score(DEAD_IN_TERRITORY, RuleSet::Chinese, 0.5, "B+4.5");
    // Territory: Black 10 points + 1 prisoner (the dead stone) = 11, White 5. The dead stone is
    // worth one point more under territory counting: it is a prisoner, while under area
    // counting removing it only gives back the point it stood on.
    check_score(DEAD_IN_TERRITORY, RuleSet::Japanese, 0.5, "B+5.5");
    let (game, dead) = game(DEAD_IN_TERRITORY, RuleSet::Japanese, 0.5);
    let t = territory(game.position(), &dead);
    assert_eq!(t.territory, [10, 5]);
    assert_eq!(t.dead, [0, 1]);
    assert_eq!(t.points(Color::Black), 11);
    assert_eq!(t.owner[Point::new(2, 3).index()], Some(Color::Black));
}

#[test]
fn tromp_taylor_ignores_dead_stones() {
    // Every stone is alive: the white stone on C4 makes rows 4-5 dame, and counts for White.
    // Black 5; White 1 + 5 + 5 = 11.
    check_score(DEAD_IN_TERRITORY, RuleSet::TrompTaylor, 0.0, "W+6");
    // With no dead stones marked, Tromp-Taylor and Chinese counting agree.
    check_score(DAME, RuleSet::TrompTaylor, 0.5, "B+4.5");
    check_score(SEKI_ONE_EYE_EACH, RuleSet::TrompTaylor, 0.0, "B+23");
}

#[test]
fn prisoners_count_under_territory_only() {
    let setup = "
        . X . . .
        X O X . .
        X . X X X
        O O O O O
        . . . . .";
    let expect = |rules: RuleSet, expected: &str| {
        let (mut game, dead) = game(setup, rules, 0.0);
        game.try_play(Color::Black, Move::Play(Point::parse("B3", 5).unwrap()))
            .expect("B3 captures B4");
        assert_eq!(game.prisoners(Color::Black), 1);
        assert_eq!(result(&game, &dead).to_string(), expected, "{rules:?}");
    };
    // Black: 8 stones, 7 points (A5, B4, and C5-E5, D4, E4); White: 5 stones, 5 points.
    expect(RuleSet::Chinese, "B+5");
    // Territory: Black 7 + 1 prisoner = 8, White 5.
    expect(RuleSet::Japanese, "B+3");
}

#[test]
fn handicap_compensation_by_rules() {
    // Two handicap stones on B3 and D3, then Black completes row 3 and White row 2: Black has
    // 5 stones + 10 points, White 5 stones + 5 points.
    let expect = |rules: RuleSet, expected: &str| {
        let mut game = Game::new(5, rules.rules());
        game.set_komi(0.5);
        game.set_handicap(&points(5, &["B3", "D3"])).unwrap();
        assert_eq!(game.handicap(), 2);
        let moves = ["A2", "A3", "B2", "C3", "C2", "E3", "D2", "pass", "E2"];
        let mut color = Color::White;
        for m in moves {
            game.try_play(color, Move::parse(m, 5).unwrap()).unwrap();
            color = color.opponent();
        }
        assert_eq!(
            result(&game, &Bitboard::default()).to_string(),
            expected,
            "{rules:?}"
        );
    };
    // Area 15 - 10 = 5, minus komi 0.5, minus 2 points for 2 stones.
    expect(RuleSet::Chinese, "B+2.5");
    // AGA gives N - 1 = 1 point.
    expect(RuleSet::Aga, "B+3.5");
    // Territory 10 - 5 = 5, minus komi, no compensation.
    expect(RuleSet::Japanese, "B+4.5");
}

#[test]
fn swapping_colors_negates_the_score() {
    let rulesets = RuleSet::ALL;
    for diagram in [DAME, SEKI_NO_EYES, SEKI_ONE_EYE_EACH, DEAD_IN_TERRITORY] {
        for rules in rulesets {
            let (game, dead) = game(diagram, rules, 0.0);
            let (swapped, swapped_dead) = game_swapped(diagram, rules);
            let s = score(&game, &dead);
            assert_ne!(s, 0.0, "{rules:?}: a test that could fail\n{diagram}");
            assert_eq!(score(&swapped, &swapped_dead), -s, "{rules:?}\n{diagram}");
        }
    }
}

fn game_swapped(diagram: &str, rules: RuleSet) -> (Game, Bitboard) {
    game(&swap_colors(diagram), rules, 0.0)
}

#[test]
fn empty_board_is_a_tie_before_komi() {
    let g = Game::new(9, RuleSet::Chinese.rules());
    let none = Bitboard::default();
    let a = area(g.position(), &none);
    assert_eq!(a.area, [0, 0]);
    assert_eq!(a.dame.count(), 81);
    let mut g = g;
    g.set_komi(0.0);
    assert_eq!(result(&g, &none), GameResult::Score(0.0));
    assert_eq!(result(&g, &none).to_string(), "0");
}

#[test]
fn dead_marks_on_empty_points_are_ignored() {
    let (game, _) = game(DAME, RuleSet::Chinese, 0.5);
    let mut dead = Bitboard::default();
    dead.insert(Point::new(2, 2)); // empty
    dead.insert(Point::new(24, 24)); // off this board
    assert_eq!(score(&game, &dead), 4.5);
}

#[test]
fn two_eyed_groups_next_to_open_dame_are_not_seki() {
    // Both groups touch the open C file, but each has two eyes or more (Black A5, A3, A1;
    // White E5, E3): independently alive, so their eyes are territory. A rule that refused
    // territory to every group touching a dame would give 0 - 0 here, "W+0.5".
    let diagram = "
        . X . O .
        X X . O O
        . X . O .
        X X . O O
        . X . O O";
    check_score(diagram, RuleSet::Japanese, 0.5, "B+0.5");
    // Area: Black 7 stones + 3 eyes, White 8 stones + 2 eyes.
    check_score(diagram, RuleSet::Chinese, 0.5, "W+0.5");
    let (game, dead) = game(diagram, RuleSet::Japanese, 0.5);
    assert!(seki_stones(game.position(), &dead).is_empty());
}
