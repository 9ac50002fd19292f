//! Tactics on board pictures (`X` Black, `O` White, top row first; columns A.., no I).

use super::*;
use crate::geom::Color;
use crate::playout::board::{BLACK, WHITE};
use crate::playout::tests::{board_from, check_invariants, pt};

fn m(b: &PlayoutBoard, s: &str) -> usize {
    b.to_mailbox(pt(s, b.size()))
}

fn names(b: &PlayoutBoard, set: &[u16]) -> Vec<String> {
    let mut v: Vec<String> = set
        .iter()
        .map(|&x| b.to_point(x as usize).to_string())
        .collect();
    v.sort();
    v
}

#[test]
fn liberties_of_a_chain_exact_and_capped() {
    let b = board_from(
        "
        . . . . .
        . . . . .
        . . O . .
        . O X X .
        . . O . .
        ",
        Color::Black,
    );
    let h = b.head_m(m(&b, "C2"));
    let all = chain_liberties::<8>(&b, h);
    assert_eq!(names(&b, all.as_slice()), ["D1", "D3", "E2"]);
    assert_eq!(chain_liberties::<2>(&b, h).len(), 2);
    // A lone stone with four liberties, counted once each.
    let h = b.head_m(m(&b, "C3"));
    assert_eq!(chain_liberties::<8>(&b, h).len(), 3);
}

#[test]
fn atari_liberty_from_the_pseudo_liberties() {
    let b = board_from(
        "
        . . . . .
        . . . . .
        . . . . .
        . . . . .
        . O X O .
        ",
        Color::White,
    );
    let ch = b.chain_of_head(b.head_m(m(&b, "C1")));
    assert!(ch.in_atari());
    assert_eq!(atari_liberty(&ch), m(&b, "C2"));
}

#[test]
fn self_atari_of_a_big_chain_is_bad_a_throw_in_is_not() {
    let b = board_from(
        "
        . . . . .
        . . . . .
        O O O . .
        X X O . .
        . . O . .
        ",
        Color::Black,
    );
    // Black A1 joins A2-B2 (liberties A1, B1): three stones left with B1 alone.
    let a = after_move(&b, m(&b, "A1"), BLACK);
    assert_eq!((a.libs, a.lib, a.size), (1, m(&b, "B1"), 3));
    assert!(is_self_atari(&b, m(&b, "A1"), BLACK));
    assert!(is_bad_self_atari(&b, m(&b, "A1"), BLACK, 2));
    assert!(!is_bad_self_atari(&b, m(&b, "A1"), BLACK, 3));
    // White A1 is a throw-in: one stone in atari, allowed.
    assert!(is_self_atari(&b, m(&b, "A1"), WHITE));
    assert!(!is_bad_self_atari(&b, m(&b, "A1"), WHITE, 2));
    // White B1 joins the wall: many liberties.
    assert_eq!(after_move(&b, m(&b, "B1"), WHITE).libs, 2);
    assert!(!is_self_atari(&b, m(&b, "B1"), WHITE));
    // Two empty neighbours: never a self-atari.
    assert!(!is_self_atari(&b, m(&b, "D4"), BLACK));
}

#[test]
fn captures_count_as_liberties() {
    let b = board_from(
        "
        . . . . .
        . . . . .
        O O O . .
        X X O . .
        . O O . .
        ",
        Color::White,
    );
    // White A1 takes two stones: not a self-atari.
    assert!(!is_self_atari(&b, m(&b, "A1"), WHITE));
    // Black A1 would be suicide: no liberty at all.
    assert_eq!(after_move(&b, m(&b, "A1"), BLACK).libs, 0);
    assert!(is_bad_self_atari(&b, m(&b, "A1"), BLACK, 2));

    // Taking one stone leaves that point as the only liberty (a ko-like shape).
    let b = board_from(
        "
        . . . . .
        . . . . .
        . . . . .
        X O . . .
        . X O . .
        ",
        Color::White,
    );
    let a = after_move(&b, m(&b, "A1"), WHITE);
    assert_eq!((a.libs, a.lib, a.size), (1, m(&b, "B1"), 1));
}

#[test]
fn chain_touching_the_point_twice_loses_both_pairs() {
    let b = board_from(
        "
        . . . . .
        . . . . .
        O O O O .
        X . X O .
        X X X O .
        ",
        Color::Black,
    );
    // The black chain's only liberty is B2, which it touches three times: filling it is
    // suicide; White B2 captures five stones.
    let a = after_move(&b, m(&b, "B2"), BLACK);
    assert_eq!((a.libs, a.size), (0, 6));
    assert_eq!(after_move(&b, m(&b, "B2"), WHITE).libs, 2);
}

#[test]
fn escapes_extend_or_capture() {
    // Extending from B1 reaches two liberties.
    let b = board_from(
        "
        . . . . .
        . . . . .
        . O . . .
        O X O . .
        . . . . .
        ",
        Color::Black,
    );
    let mut out = PointSet::<16>::new();
    escapes(&b, b.head_m(m(&b, "B2")), &mut out);
    assert_eq!(names(&b, out.as_slice()), ["B1"]);

    // Extending to B1 gains nothing: no escape.
    let b = board_from(
        "
        . . . . .
        . . . . .
        . O . . .
        O X O . .
        O . O . .
        ",
        Color::Black,
    );
    let mut out = PointSet::<16>::new();
    escapes(&b, b.head_m(m(&b, "B2")), &mut out);
    assert_eq!(out.len(), 0);

    // Capturing A2 (in atari at A1) saves B2 too.
    let b = board_from(
        "
        . . . . .
        . . . . .
        X O . . .
        O X O . .
        . . . . .
        ",
        Color::Black,
    );
    check_invariants(&b);
    let mut out = PointSet::<16>::new();
    escapes(&b, b.head_m(m(&b, "B2")), &mut out);
    assert_eq!(names(&b, out.as_slice()), ["A1", "B1"]);
}

#[test]
fn point_set_keeps_distinct_points_up_to_its_cap() {
    let mut s = PointSet::<2>::new();
    assert!(s.insert(7));
    assert!(s.insert(7));
    assert!(s.insert(9));
    assert!(!s.insert(11));
    assert_eq!(s.as_slice(), [7, 9]);
    assert!(s.contains(9) && !s.contains(11));
}

/// `two_liberty_check` of the chain through `at`, for the side to move of `b`.
fn two_lib_moves(b: &PlayoutBoard, at: &str) -> Vec<String> {
    let h = b.head_m(m(b, at));
    let libs = two_liberties(b, h).expect("a two-liberty chain");
    let mut out = PointSet::<16>::new();
    two_liberty_check(b, h, libs, b.to_move_code(), 2, &mut out);
    names(b, out.as_slice())
}

#[test]
fn two_liberties_exactly() {
    let b = board_from(
        "
        . . . . .
        . . . . .
        . X . . .
        X O . . .
        . . X X X
        ",
        Color::Black,
    );
    let libs = two_liberties(&b, b.head_m(m(&b, "B2"))).unwrap();
    assert_eq!(names(&b, &libs.map(|x| x as u16)), ["B1", "C2"]);
    assert!(two_liberties(&b, b.head_m(m(&b, "A2"))).is_some());
    // Three liberties and more: none.
    assert!(two_liberties(&b, b.head_m(m(&b, "B3"))).is_none());
    assert!(two_liberties(&b, b.head_m(m(&b, "C1"))).is_none());
}

#[test]
fn the_attacker_ataris_a_two_liberty_chain() {
    // White's B2 has two liberties, B1 and C2; both ataris are sound for Black.
    let b = board_from(
        "
        . . . . .
        . . . . .
        . X . . .
        X O . . .
        . . X X X
        ",
        Color::Black,
    );
    assert_eq!(two_lib_moves(&b, "B2"), ["B1", "C2"]);
}

#[test]
fn the_owner_extends_but_not_into_a_dead_end() {
    // Black's C2 has liberties C1 and D2; either extension gains room.
    let b = board_from(
        "
        . . . . .
        . . . . .
        . . O . .
        . O X . .
        . . . . .
        ",
        Color::Black,
    );
    assert_eq!(two_lib_moves(&b, "C2"), ["C1", "D2"]);
    // Black's B1 has liberties A1 (no room at all) and C1 (one new liberty, C2): both
    // extensions are hopeless, and White has no chain short of liberties next to it.
    let b = board_from(
        "
        . . . . .
        . . . . .
        . . . . .
        O O . . .
        . X . O .
        ",
        Color::Black,
    );
    assert_eq!(two_lib_moves(&b, "B1"), Vec::<String>::new());
}

#[test]
fn a_chain_safe_by_miai_is_left_alone() {
    // White's C3 has liberties C4 and D3: C4 joins the safe stone C5, and D3 has room.
    let b = board_from(
        "
        . . O . .
        . X . . .
        . X O . .
        . . X . .
        . . . . .
        ",
        Color::Black,
    );
    assert_eq!(two_lib_moves(&b, "C3"), Vec::<String>::new());
    // Without C5 the same chain is fair game.
    let b = board_from(
        "
        . . . . .
        . X . . .
        . X O . .
        . . X . .
        . . . . .
        ",
        Color::Black,
    );
    assert_eq!(two_lib_moves(&b, "C3"), ["C4", "D3"]);
}

#[test]
fn the_owner_captures_a_neighbour_in_atari() {
    // Black's A2-B2 has liberties B1 and C2, and White's A1 next to it is in atari: B1
    // captures it (an extension there alone would gain nothing), C2 extends.
    let b = board_from(
        "
        . . . . .
        . . . . .
        O O O . .
        X X . . .
        O . . . .
        ",
        Color::Black,
    );
    assert_eq!(two_lib_moves(&b, "B2"), ["B1", "C2"]);
}

/// `nakade_point` of White's eye space through `at`, as a name ("-" for none).
fn vital(b: &PlayoutBoard, at: &str) -> String {
    match nakade_point(b, m(b, at), WHITE) {
        0 => "-".to_string(),
        v => b.to_point(v).to_string(),
    }
}

#[test]
fn nakade_vital_points_by_shape() {
    let b = board_from(
        "
        . . . . . . .
        . . . . . . .
        O O O O O O O
        . . . O . . .
        O O O O O . O
        O . . . O O O
        O O O O O O O
        ",
        Color::Black,
    );
    // Straight threes: B2-D2 (middle C2), A4-C4 (middle B4); E4-G4 with F3: a pyramid four
    // (centre F4).
    assert_eq!(vital(&b, "B2"), "C2");
    assert_eq!(vital(&b, "A4"), "B4");
    assert_eq!(vital(&b, "G4"), "F4");
    let b = board_from(
        "
        . . . . . . .
        O O O O . . .
        . . . O . . .
        . . O O . . .
        O O O . . . .
        . . O O O O O
        . . . O . . .
        ",
        Color::Black,
    );
    // Bulky fives: A5 B5 C5 A4 B4 (vital B5) and A2 B2 A1 B1 C1 (vital B1); a bent three
    // is a straight three for this purpose: E1-G1, middle F1.
    assert_eq!(vital(&b, "A5"), "B5");
    assert_eq!(vital(&b, "C1"), "B1");
    assert_eq!(vital(&b, "G1"), "F1");
    // The open top right is no eye space.
    assert_eq!(vital(&b, "G7"), "-");
    // A crossed five (centre) and a rabbity six (its point of degree 4).
    let b = board_from(
        "
        O O O O O O O
        O O . O O O O
        O . . . O . O
        O O . O . . .
        O O O O O . .
        O O O O O O O
        O O O O O O O
        ",
        Color::Black,
    );
    assert_eq!(vital(&b, "C6"), "C5");
    assert_eq!(vital(&b, "F5"), "F4");
}

#[test]
fn nakade_needs_a_small_space_walled_by_the_owner() {
    let b = board_from(
        "
        . . . . .
        O O O O O
        . . X O .
        O O O O .
        . . . . .
        ",
        Color::Black,
    );
    // A3-B3 touches Black's C3: not White's eye space alone.
    assert_eq!(vital(&b, "A3"), "-");
    // E3 opens onto the whole bottom row: too big.
    assert_eq!(vital(&b, "E3"), "-");
    // The square four and two points have no vital point to play.
    let b = board_from(
        "
        . . . . .
        O O O O O
        O . O O .
        O O O O O
        . . O . .
        ",
        Color::Black,
    );
    assert_eq!(vital(&b, "B4"), "-");
    let b = board_from(
        "
        . . . . .
        . . . . .
        O O O . .
        . . O . .
        . . O . .
        ",
        Color::Black,
    );
    assert_eq!(vital(&b, "A1"), "-");
}

#[test]
fn a_sacrifice_that_leaves_one_eye_is_a_nakade_sacrifice() {
    // Black A4 puts A4-A5-B5 in atari on C5, and the white group around has no liberty but
    // C5: White must capture, and the bent three it gets back is killed at A5.
    let diagram = "
        X X . O X
        . O O O X
        O O X X X
        X X X . .
        . . . . .
        ";
    let b = board_from(diagram, Color::Black);
    let a4 = m(&b, "A4");
    assert!(is_bad_self_atari(&b, a4, BLACK, 2));
    assert!(is_nakade_sacrifice(&b, a4, BLACK));
    // With a liberty at E4 the white group lives on after the capture: a plain blunder.
    let b = board_from(
        &diagram.replacen("O X\n        O O X", "O .\n        O O X", 1),
        Color::Black,
    );
    assert_eq!(b.color_m(m(&b, "E4")), EMPTY);
    assert!(is_bad_self_atari(&b, a4, BLACK, 2));
    assert!(!is_nakade_sacrifice(&b, a4, BLACK));
}

#[test]
fn a_sacrifice_of_a_straight_four_is_not_a_nakade_sacrifice() {
    // Black D5 puts A5-D5 and the white row below in atari on E5 together, but the straight
    // four White gets back after the capture is two eyes.
    let b = board_from(
        "
        X X X . .
        O O O O O
        X X X X X
        . . . . .
        . . . . .
        ",
        Color::Black,
    );
    let d5 = m(&b, "D5");
    assert!(is_bad_self_atari(&b, d5, BLACK, 2));
    assert!(!is_nakade_sacrifice(&b, d5, BLACK));
}
