//! Tactics on board pictures (`X` Black, `O` White, top row first; columns A.., no I).

use super::*;
use crate::geom::Color;
use crate::mailbox::tests::{board_from, check_invariants, pt};
use crate::mailbox::{BLACK, WHITE};

pub(crate) fn m(b: &PlayoutBoard, s: &str) -> usize {
    b.to_mailbox(pt(s, b.size()))
}

pub(crate) fn names(b: &PlayoutBoard, set: &[u16]) -> Vec<String> {
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
