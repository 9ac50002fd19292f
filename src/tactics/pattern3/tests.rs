//! The 3×3 shapes on board pictures, in every symmetry and with the colours swapped.

use super::*;
use crate::geom::{Color, Point};
use crate::mailbox::tests::{board_from, pt};

/// Whether the side `to_move` playing `at` on `picture` makes a shape.
fn shape_at(picture: &str, to_move: Color, at: &str) -> bool {
    let b = board_from(picture, to_move);
    let mm = b.to_mailbox(pt(at, b.size()));
    matches(&b, mm, board_colour(to_move))
}

fn board_colour(c: Color) -> u8 {
    match c {
        Color::Black => BLACK,
        Color::White => WHITE,
    }
}

/// A 5×5 picture (rows top first, one string per row) in symmetry `sym`, colours swapped if
/// asked: the board's own rotations and reflections, which move the edge rows too.
fn transformed(rows: &[Vec<char>], sym: usize, swap: bool) -> String {
    let n = rows.len() as i32;
    let mut out = vec![vec!['.'; n as usize]; n as usize];
    for (r, row) in rows.iter().enumerate() {
        for (c, &ch) in row.iter().enumerate() {
            // Centred coordinates, y up.
            let (x, y) = (c as i32 - n / 2, n / 2 - r as i32);
            let (tx, ty) = transform(sym, x, y);
            let ch = match (ch, swap) {
                ('X', true) => 'O',
                ('O', true) => 'X',
                (ch, _) => ch,
            };
            out[(n / 2 - ty) as usize][(tx + n / 2) as usize] = ch;
        }
    }
    out.iter()
        .map(|r| r.iter().collect::<String>() + "\n")
        .collect()
}

/// A concrete 5×5 picture of `shape` with Black (X) as the mover, centred on C3, or on C1 for
/// an edge shape; wildcards become empty points, which they all allow. Returns the picture and
/// the centre.
fn instance(shape: &Shape) -> (Vec<Vec<char>>, Point) {
    let edge = shape.rows[2] == "###";
    let mut rows = vec![vec!['.'; 5]; 5];
    // Picture row of the shape's top row.
    let top = if edge { 3 } else { 1 };
    for (i, srow) in shape.rows.iter().enumerate() {
        if edge && i == 2 {
            continue;
        }
        for (j, ch) in srow.chars().enumerate() {
            rows[top + i][1 + j] = match ch {
                'M' => 'X',
                'E' => 'O',
                _ => '.',
            };
        }
    }
    let centre = if edge {
        Point::new(2, 0)
    } else {
        Point::new(2, 2)
    };
    (rows, centre)
}

/// The point `p` of a 5×5 board after symmetry `sym` (as `transformed` moves stones).
fn moved(p: Point, sym: usize) -> String {
    let (tx, ty) = transform(sym, p.col() as i32 - 2, p.row() as i32 - 2);
    Point::new((tx + 2) as usize, (ty + 2) as usize).to_string()
}

#[test]
fn every_shape_matches_in_all_symmetries_and_for_both_colours() {
    for shape in SHAPES {
        let (rows, centre) = instance(shape);
        for sym in 0..8 {
            for swap in [false, true] {
                let picture = transformed(&rows, sym, swap);
                let at = moved(centre, sym);
                let (mover, other) = if swap {
                    (Color::White, Color::Black)
                } else {
                    (Color::Black, Color::White)
                };
                assert!(
                    shape_at(&picture, mover, &at),
                    "{} sym {sym} swap {swap}: {mover} at {at}\n{picture}",
                    shape.name
                );
                if shape.both {
                    assert!(shape_at(&picture, other, &at), "{} for {other}", shape.name);
                }
            }
        }
    }
}

#[test]
fn hane_shapes() {
    let enclosing = "
        . . . . .
        . X O X .
        . . . . .
        . . . . .
        . . . . .
        ";
    assert!(shape_at(enclosing, Color::Black, "C3"));
    // The same stones one row lower leave C3 with no shape.
    let far = "
        . . . . .
        . . . . .
        . . . . .
        . X O X .
        . . . . .
        ";
    assert!(!shape_at(far, Color::Black, "C4"));
    let non_cutting = "
        . . . . .
        . X O . .
        . . . . .
        . . . . .
        . . . . .
        ";
    assert!(shape_at(non_cutting, Color::Black, "C3"));
    // A black stone below the centre is no longer MoGo's non-cutting hane.
    let blocked = "
        . . . . .
        . X O . .
        . . . . .
        . . X . .
        . . . . .
        ";
    assert!(!shape_at(blocked, Color::Black, "C3"));
    let magari = "
        . . . . .
        . X O . .
        . X . . .
        . . . . .
        . . . . .
        ";
    assert!(shape_at(magari, Color::Black, "C3"));
    // Thin hane: for the side whose stone is on the diagonal only.
    let thin = "
        . . . . .
        . X O O .
        . . . . .
        . . . . .
        . . . . .
        ";
    assert!(shape_at(thin, Color::Black, "C3"));
    assert!(!shape_at(thin, Color::White, "C3"));
}

#[test]
fn cut_shapes() {
    let cut1 = "
        . . . . .
        . X O . .
        . O . . .
        . . . . .
        . . . . .
        ";
    assert!(shape_at(cut1, Color::Black, "C3"));
    assert!(
        shape_at(cut1, Color::White, "C3"),
        "connecting is as urgent"
    );
    // Enemy stones on three sides: filling C3 is no cut.
    let surrounded = "
        . . . . .
        . X O . .
        . O . O .
        . . . . .
        . . . . .
        ";
    assert!(!shape_at(surrounded, Color::Black, "C3"));
    // ...unless a black stone peeps from the far side.
    let peep = "
        . . . . .
        . X O . .
        . O . X .
        . . . . .
        . . . . .
        ";
    assert!(shape_at(peep, Color::Black, "C3"));
    let cut2 = "
        . . . . .
        . . X . .
        . O . O .
        . . . . .
        . . . . .
        ";
    assert!(shape_at(cut2, Color::Black, "C3"));
    // With a white stone below, pushing in is no longer de.
    let cut2_blocked = "
        . . . . .
        . . X . .
        . O . O .
        . O . . .
        . . . . .
        ";
    assert!(!shape_at(cut2_blocked, Color::Black, "C3"));
}

#[test]
fn edge_shapes() {
    let chase = "
        . . . . .
        . . . . .
        . . . . .
        . X . . .
        . O . . .
        ";
    assert!(shape_at(chase, Color::Black, "C1"));
    let sagari = "
        . . . . .
        . . . . .
        . . . . .
        . . X O .
        . . . . .
        ";
    assert!(shape_at(sagari, Color::Black, "C1"));
    let side_cut = "
        . . . . .
        . . . . .
        . . . . .
        . . O X .
        . X . O .
        ";
    assert!(shape_at(side_cut, Color::Black, "C1"));
}

#[test]
fn empty_surroundings_match_nothing() {
    let empty = "
        . . . . .
        . . . . .
        . . . . .
        . . . . .
        . . . . .
        ";
    for at in ["A1", "C1", "C3", "E5"] {
        assert!(!shape_at(empty, Color::Black, at));
        assert!(!shape_at(empty, Color::White, at));
    }
}

#[test]
fn table_counts_are_symmetric_in_colour() {
    // Swapping the colours of a code maps Black's matches onto White's one for one.
    let swap = |code: usize| {
        let mut out = 0;
        for i in 0..8 {
            let v = (code >> (2 * i)) & 3;
            let v = if v == 1 || v == 2 { v ^ 3 } else { v };
            out |= v << (2 * i);
        }
        out
    };
    let bit = |t: usize, code: usize| (TABLE[t][code >> 6] >> (code & 63)) & 1;
    let mut n = 0;
    for code in 0..65536 {
        assert_eq!(bit(0, code), bit(1, swap(code)), "code {code:#06x}");
        n += bit(0, code);
    }
    assert!(n > 100, "{n} codes match for Black");
}
