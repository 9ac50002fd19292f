use super::*;
use crate::board::Position;
use crate::geom::{Move, Symmetry};

/// The planes of `pos` with `to_move` to play after the moves `last`.
fn planes_of_position(mut pos: Position, to_move: Color, last: [Option<Point>; 2]) -> Vec<f32> {
    pos.set_to_move(to_move);
    let mut board = PlayoutBoard::from_position(&pos);
    board.set_last_moves(last);
    let size = pos.size();
    let mut out = vec![0.0; PLANES * size * size];
    let mut ladders = LadderReader::new();
    encode(&board, &mut Chains::default(), &mut ladders, &mut out);
    out
}

/// The planes of a diagram with `to_move` to play, and the board's side.
fn planes_of(diagram: &str, to_move: Color, last: [Option<Point>; 2]) -> (Vec<f32>, usize) {
    let pos = Position::from_diagram(diagram).unwrap();
    let size = pos.size();
    (planes_of_position(pos, to_move, last), size)
}

fn at(planes: &[f32], size: usize, plane: usize, point: &str) -> bool {
    let Move::Play(p) = Move::parse(point, size).unwrap() else {
        panic!("{point} is no point")
    };
    planes[plane * size * size + p.row() * size + p.col()] == 1.0
}

/// The points of `plane` that are set, in GTP notation.
fn set_in(planes: &[f32], size: usize, plane: usize) -> Vec<String> {
    Point::all(size)
        .filter(|p| planes[plane * size * size + p.row() * size + p.col()] == 1.0)
        .map(|p| Move::Play(p).to_string())
        .collect()
}

#[test]
fn stones_and_liberties_are_seen_from_the_side_to_move() {
    let diagram = "\
        . . . . .
        . X O . .
        . X O . .
        . . X O .
        . . . . .";
    for (to_move, own, opp) in [(Color::Black, 0, 1), (Color::White, 1, 0)] {
        let (p, n) = planes_of(diagram, to_move, [None, None]);
        assert!(at(&p, n, own, "B4") && at(&p, n, opp, "C4"), "{to_move:?}");
        assert_eq!(
            set_in(&p, n, 18).len(),
            if to_move == Color::Black { 25 } else { 0 }
        );
    }
    let (p, n) = planes_of(diagram, Color::Black, [None, None]);
    // B4-B3: 5 liberties; C2: 2 (B2, C1); the white C4-C3: 3 (C5, D4, D3); D2: 3.
    assert!(at(&p, n, 5, "B4") && at(&p, n, 5, "B3"));
    assert!(at(&p, n, 4, "C2"));
    assert!(at(&p, n, 8, "C4") && at(&p, n, 8, "D2"));
    assert_eq!(set_in(&p, n, 2).len(), 25);
}

#[test]
fn a_move_shows_the_liberties_it_leaves_and_whether_it_captures() {
    let (p, n) = planes_of(
        "\
        . O X . .
        O X . . .
        . . . . .
        . . . . .
        . . . . .",
        Color::Black,
        [None, None],
    );
    // The white B5 has one liberty, A5: A5 captures it, and is left with one liberty (B5,
    // since A4 is white).
    assert!(at(&p, n, 12, "A5"));
    assert!(!at(&p, n, 12, "D5"));
    assert!(at(&p, n, 9, "A5"));
    // E1 in open space: 2 liberties (E2, D1).
    assert!(at(&p, n, 10, "E1"));
    assert!(at(&p, n, 11, "C3"));
}

#[test]
fn ko_and_suicide_points_are_marked_illegal_and_have_no_move_planes() {
    let diagram = "\
        . X O . .
        X O . O .
        . X O . .
        . . . . .
        . . . . .";
    // White to move: the points where White may not play are on plane 13 and on none of
    // the move planes 9-12, and they are exactly those `Position::check` refuses.
    let (p, n) = planes_of(diagram, Color::White, [None, None]);
    for point in set_in(&p, n, 13) {
        for plane in 9..=12 {
            assert!(!at(&p, n, plane, &point), "{point} on plane {plane}");
        }
    }
    let mut pos = Position::from_diagram(diagram).unwrap();
    pos.set_to_move(Color::White);
    for point in Point::all(n).filter(|&q| pos.stone_at(q).is_none()) {
        let legal = pos.check(Color::White, Move::Play(point), false).is_ok();
        assert_eq!(
            at(&p, n, 13, &Move::Play(point).to_string()),
            !legal,
            "{}",
            Move::Play(point)
        );
    }
}

#[test]
fn a_chain_caught_in_a_ladder_and_an_atari_that_works_are_marked() {
    let diagram = "\
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . O . . . .
        . O X O . . .
        . . . . . . .";
    let (p, n) = planes_of(diagram, Color::Black, [None, None]);
    // The black C2 is in atari (its one liberty is C1) and running to C1 on the edge dies.
    assert!(at(&p, n, 3, "C2"));
    assert!(
        at(&p, n, 16, "C2"),
        "the ladder plane: {:?}",
        set_in(&p, n, 16)
    );
    // For White to move, C1 captures and no own chain is in a ladder.
    let (p, n) = planes_of(diagram, Color::White, [None, None]);
    assert!(at(&p, n, 12, "C1"));
    assert!(set_in(&p, n, 16).is_empty());
}

#[test]
fn an_atari_that_starts_a_working_ladder_is_marked() {
    let diagram = "\
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . X . . . .
        . X O . . . .
        . . . . . . .";
    // The white C2 has two liberties. Black D2 drives it to the edge, where it dies; Black
    // C1 lets it out at D2.
    let (p, n) = planes_of(diagram, Color::Black, [None, None]);
    assert_eq!(set_in(&p, n, 17), vec!["D2"]);
}

#[test]
fn the_last_two_moves_have_their_planes() {
    let diagram = ". . .\n. X .\n. . O";
    let last = [Some(Point::new(2, 0)), Some(Point::new(1, 1))];
    let (p, n) = planes_of(diagram, Color::Black, last);
    assert_eq!(set_in(&p, n, 14), vec!["C1"]);
    assert_eq!(set_in(&p, n, 15), vec!["B2"]);
}

/// The planes of a turned board are the turned planes: the trainer's 8 symmetries are
/// honest only if this holds.
#[test]
fn encoding_commutes_with_the_symmetries_of_the_board() {
    let diagram = "\
        . . . . . . .
        . . X O . . .
        . X O . O . .
        . X O X . . .
        . . X O . . .
        . . . . X . .
        . . . . . . .";
    let pos = Position::from_diagram(diagram).unwrap();
    let n = pos.size();
    let last = [Some(Point::new(4, 1)), Some(Point::new(3, 2))];
    let (planes, _) = planes_of(diagram, Color::White, last);
    for sym in Symmetry::all() {
        let mut turned = Position::new(n);
        for p in Point::all(n) {
            if let Some(c) = pos.stone_at(p) {
                turned.place_stone(c, sym.apply(p, n)).unwrap();
            }
        }
        let turned_last = last.map(|m| m.map(|p| sym.apply(p, n)));
        let out = planes_of_position(turned, Color::White, turned_last);
        for plane in 0..PLANES {
            for p in Point::all(n) {
                let q = sym.apply(p, n);
                assert_eq!(
                    planes[plane * n * n + p.row() * n + p.col()],
                    out[plane * n * n + q.row() * n + q.col()],
                    "plane {plane} at {} under {sym:?}",
                    Move::Play(p)
                );
            }
        }
    }
}
