//! Two-liberty fights on board pictures (`X` Black, `O` White, top row first; columns A.., no I).

use super::*;
use crate::geom::Color;
use crate::mailbox::tests::board_from;
use crate::tactics::liberties::tests::{m, names};

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
