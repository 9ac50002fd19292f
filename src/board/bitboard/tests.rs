use super::*;

fn pts(size: usize, names: &[&str]) -> Bitboard {
    names
        .iter()
        .map(|n| Point::parse(n, size).expect("test vertex"))
        .collect()
}

#[test]
fn insert_remove_contains_count() {
    let mut b = Bitboard::EMPTY;
    assert!(b.is_empty());
    for i in [0, 63, 64, 127, 300, 624] {
        b.insert(Point::from_index(i));
    }
    assert_eq!(b.count(), 6);
    assert!(b.contains(Point::from_index(64)));
    assert!(!b.contains(Point::from_index(65)));
    b.remove(Point::from_index(64));
    b.remove(Point::from_index(65));
    assert_eq!(b.count(), 5);
    assert!(!b.is_empty());
}

#[test]
fn iter_ascends_and_first_is_lowest() {
    let idx = [5, 63, 64, 200, 511, 512, 624];
    let b: Bitboard = idx.iter().rev().map(|&i| Point::from_index(i)).collect();
    let got: Vec<usize> = b.iter().map(|p| p.index()).collect();
    assert_eq!(got, idx);
    assert_eq!(b.iter().len(), idx.len());
    assert_eq!(b.first(), Some(Point::from_index(5)));
    assert_eq!(Bitboard::EMPTY.first(), None);
    assert_eq!(Bitboard::EMPTY.iter().next(), None);
}

#[test]
fn operators() {
    let a = pts(9, &["A1", "B1", "C1"]);
    let b = pts(9, &["B1", "C1", "D1"]);
    assert_eq!(a & b, pts(9, &["B1", "C1"]));
    assert_eq!(a | b, pts(9, &["A1", "B1", "C1", "D1"]));
    assert_eq!(a ^ b, pts(9, &["A1", "D1"]));
    assert_eq!(a - b, pts(9, &["A1"]));
    assert_eq!(a.andnot(b), pts(9, &["A1"]));
    assert!(a.intersects(&b));
    assert!(!a.intersects(&pts(9, &["J9"])));
    assert_eq!((!a).count(), MAX_POINTS - 3);
    assert_eq!(!!a, a);
    let mut c = a;
    c |= b;
    c &= pts(9, &["A1", "D1", "E1"]);
    assert_eq!(c, pts(9, &["A1", "D1"]));
    c ^= pts(9, &["A1"]);
    c -= pts(9, &["E1"]);
    assert_eq!(c, pts(9, &["D1"]));
}

#[test]
fn board_masks_have_size_squared_points() {
    for size in 0..=MAX_SIZE {
        let m = Bitboard::board_mask(size);
        assert_eq!(m.count(), size * size);
        assert!(m.iter().all(|p| p.is_on_board(size)));
    }
    assert_eq!(Bitboard::board_mask(30), Bitboard::board_mask(25));
}

#[test]
fn expand_stays_in_rows_and_on_the_board() {
    // Corners and edges of several sizes: the dilation must equal the neighbour lists of geom.
    for size in [2, 5, 9, 19, 24, 25] {
        for p in Point::all(size) {
            let one = Bitboard::from_point(p);
            let mut want: Bitboard = p.neighbors(size).collect();
            assert_eq!(one.neighbors(size), want, "neighbours of {p} on {size}");
            want.insert(p);
            assert_eq!(one.expand(size), want, "dilation of {p} on {size}");
        }
    }
    // A whole column 24 must not leak into column 0 of the next row, nor column 0 into 24.
    let col24: Bitboard = (0..25).map(|r| Point::new(24, r)).collect();
    let col0: Bitboard = (0..25).map(|r| Point::new(0, r)).collect();
    assert!(!col24.expand(25).intersects(&col0));
    assert!(!col0.expand(25).intersects(&col24));
    assert_eq!(
        Bitboard::board_mask(25).expand(25),
        Bitboard::board_mask(25)
    );
}

#[test]
fn from_points_and_words() {
    let b = Bitboard::from_points(&[Point::from_index(64), Point::from_index(1)]);
    assert_eq!(b.words()[0], 2);
    assert_eq!(b.words()[1], 1);
    let mut e = Bitboard::EMPTY;
    e.extend(b);
    assert_eq!(e, b);
    assert_eq!((&b).into_iter().count(), 2);
}

#[test]
fn single_and_two_or_more() {
    let mut b = Bitboard::EMPTY;
    assert!(!b.is_single() && !b.has_two_or_more());
    b.insert(Point::from_index(70));
    assert!(b.is_single() && !b.has_two_or_more());
    b.insert(Point::from_index(71));
    assert!(!b.is_single() && b.has_two_or_more());
    b.remove(Point::from_index(71));
    b.insert(Point::from_index(600));
    assert!(!b.is_single() && b.has_two_or_more());
    b.remove(Point::from_index(70));
    assert!(b.is_single());
}

#[test]
fn component_floods_through_the_mask_only() {
    let size = 5;
    let p = |c, r| Point::new(c, r);
    // A wall down column C splits the board: the component of A1 stays on the left.
    let mut wall = Bitboard::default();
    for r in 0..size {
        wall.insert(p(2, r));
    }
    let open = Bitboard::board_mask(size) - wall;
    let left = Bitboard::from_point(p(0, 0)).component(open, size);
    assert_eq!(left.count(), 10);
    assert!(left.contains(p(1, 4)) && !left.contains(p(3, 0)));
    // A seed outside the mask gives nothing.
    assert!(Bitboard::from_point(p(2, 2))
        .component(open, size)
        .is_empty());
    // The wall splits the open points into two components of ten, left first.
    let parts: Vec<Bitboard> = open.components(size).collect();
    assert_eq!(parts, vec![left, open - left]);
    assert_eq!(parts[1].count(), 10);
    assert_eq!(Bitboard::EMPTY.components(size).count(), 0);
}
