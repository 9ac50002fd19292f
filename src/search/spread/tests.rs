use super::*;
use crate::geom::Point;

#[test]
fn spread_of_known_margins() {
    let spread = ScoreSpread::default();
    let d4 = Move::Play(Point::new(3, 3));
    // 2, 4, 4, 4, 5, 5, 7, 9: mean 5, population standard deviation 2.
    for m in [2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0] {
        spread.record(d4, m);
    }
    let s = spread.of(d4);
    assert_eq!(s.playouts, 8);
    assert!((s.mean - 5.0).abs() < 1e-6, "{s:?}");
    assert!((s.stdev - 2.0).abs() < 1e-6, "{s:?}");
    // Negated margins (the other colour's view) spread the same.
    let pass = Move::Pass;
    for m in [-2.5, 2.5] {
        spread.record(pass, m);
    }
    assert!((spread.of(pass).stdev - 2.5).abs() < 1e-6);
    assert_eq!(spread.total().playouts, 10);
    spread.clear();
    assert_eq!(spread.of(d4), Spread::default());
    assert_eq!(spread.total().playouts, 0);
}

#[test]
fn the_total_merges_the_moves() {
    let spread = ScoreSpread::default();
    spread.record(Move::Play(Point::new(0, 0)), -1.0);
    spread.record(Move::Play(Point::new(1, 0)), 1.0);
    let t = spread.total();
    assert_eq!(t.playouts, 2);
    assert!(t.mean.abs() < 1e-6 && (t.stdev - 1.0).abs() < 1e-6, "{t:?}");
}
