//! Ladders on board pictures: caught at the edge, broken by a stone on the way, and a prey
//! that escapes by capturing.

use super::*;
use crate::geom::Color;
use crate::mailbox::tests::{board_from, pt};

/// White E5 in atari (its liberty is F5), with Black's ladder shape around it: running to F5
/// starts a staircase towards the upper right edge. `breaker` is put on the way as a White
/// stone, if any.
fn ladder(breaker: Option<&str>) -> PlayoutBoard {
    let mut rows = vec![
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . X . . . .",
        ". . . X O . . . .",
        ". . . . X X . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
    ]
    .into_iter()
    .map(String::from)
    .collect::<Vec<_>>();
    if let Some(b) = breaker {
        let p = pt(b, 9);
        let row = 8 - p.row();
        let mut cells: Vec<&str> = rows[row].split(' ').collect();
        cells[p.col()] = "O";
        rows[row] = cells.join(" ");
    }
    board_from(&rows.join("\n"), Color::White)
}

#[test]
fn a_ladder_to_the_edge_catches_the_runner() {
    let b = ladder(None);
    assert!(b.in_atari(pt("E5", 9)));
    let mut reader = LadderReader::new();
    assert!(reader.escape_fails(&b, pt("E5", 9)));
}

#[test]
fn a_stone_on_the_way_breaks_the_ladder() {
    let mut reader = LadderReader::new();
    for breaker in ["G7", "H8", "F6"] {
        let b = ladder(Some(breaker));
        assert!(!reader.escape_fails(&b, pt("E5", 9)), "breaker {breaker}");
    }
    // A stone far from the path does not.
    let b = ladder(Some("B8"));
    assert!(reader.escape_fails(&b, pt("E5", 9)));
}

#[test]
fn a_runner_that_can_capture_escapes() {
    // Black E6 is itself in atari (White D6, E7 and E5 around it): White captures at F6.
    let b = board_from(
        ". . . . . . . . .
         . . . . . . . . .
         . . . . O . . . .
         . . . O X . . . .
         . . . X O . . . .
         . . . . X X . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .",
        Color::White,
    );
    assert!(b.in_atari(pt("E5", 9)));
    assert!(b.in_atari(pt("E6", 9)));
    let mut reader = LadderReader::new();
    assert!(!reader.escape_fails(&b, pt("E5", 9)));
}

#[test]
fn an_atari_that_starts_a_working_ladder() {
    // The ladder shape without Black E4: White E5 has two liberties, E4 and F5.
    let b = board_from(
        ". . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . X . . . .
         . . . X O . . . .
         . . . . . X . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .",
        Color::Black,
    );
    let mut reader = LadderReader::new();
    assert!(reader.atari_works(&b, pt("E4", 9)));
    // A point that is no atari at all.
    assert!(!reader.atari_works(&b, pt("A1", 9)));
    // With a White stone on the staircase to the upper right, the same atari fails.
    let b = board_from(
        ". . . . . . . . .
         . . . . . . . . .
         . . . . . . O . .
         . . . . X . . . .
         . . . X O . . . .
         . . . . . X . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .",
        Color::Black,
    );
    assert!(!reader.atari_works(&b, pt("E4", 9)));
}

#[test]
fn chains_not_in_atari_are_not_caught() {
    let b = ladder(None);
    let mut reader = LadderReader::new();
    assert!(!reader.escape_fails(&b, pt("E6", 9)));
    assert!(!reader.escape_fails(&b, pt("A1", 9)));
}
