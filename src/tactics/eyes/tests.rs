//! Eye shapes and nakade on board pictures (`X` Black, `O` White, top row first; columns A.., no I).

use super::*;
use crate::geom::Color;
use crate::mailbox::tests::board_from;
use crate::mailbox::{BLACK, WHITE};
use crate::tactics::liberties::is_bad_self_atari;
use crate::tactics::liberties::tests::m;

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
