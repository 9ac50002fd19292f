use super::*;

fn mv(text: &str) -> Move {
    Move::parse(text, 9).unwrap()
}

#[test]
fn nothing_is_barred_by_default() {
    let r = Restriction::default();
    assert!(r.is_empty());
    assert!(!r.bars(Color::Black, mv("E5"), 0));
    assert!(!r.bars(Color::White, Move::Pass, 0));
}

#[test]
fn an_avoided_move_is_barred_below_its_depth_for_its_player_only() {
    let mut r = Restriction::default();
    r.avoid(Color::Black, &[mv("E5"), Move::Pass], 3);
    r.avoid(Color::Black, &[mv("E5")], 1);
    assert_eq!(r.depth(), 3);
    for depth in 0..3 {
        assert!(r.bars(Color::Black, mv("E5"), depth));
        assert!(r.bars(Color::Black, Move::Pass, depth));
        assert!(!r.bars(Color::White, mv("E5"), depth));
        assert!(!r.bars(Color::Black, mv("D4"), depth));
    }
    assert!(!r.bars(Color::Black, mv("E5"), 3));
    assert_eq!(
        r.barred_points(Color::Black, 0, 9),
        vec![mv("E5").point().unwrap()]
    );
}

#[test]
fn allow_only_bars_every_other_move_pass_included_until_its_depth() {
    let mut r = Restriction::default();
    r.allow_only(Color::White, &[mv("C3"), mv("G7")], 2);
    assert!(!r.bars(Color::White, mv("C3"), 0));
    assert!(!r.bars(Color::White, mv("G7"), 1));
    assert!(r.bars(Color::White, mv("E5"), 1));
    assert!(r.bars(Color::White, Move::Pass, 0));
    assert!(!r.bars(Color::White, mv("E5"), 2));
    assert!(!r.bars(Color::Black, mv("E5"), 0));
    assert_eq!(r.barred_points(Color::White, 0, 9).len(), 79);
}

/// A search of Black's moves on an empty 9×9 board with `restriction`: every variation of
/// the report, each move with its depth and mover.
fn variations(restriction: &Restriction) -> Vec<Vec<(usize, Color, Move)>> {
    use crate::game::{Game, Rules};
    use crate::search::tests::playouts;
    use crate::search::{Config, Search};
    let mut game = Game::new(9, Rules::default());
    game.set_komi(7.0);
    let config = Config {
        threads: 1,
        ..Config::default()
    };
    let mut limits = playouts(3000);
    limits.stop_at_once = true;
    let report = Search::new(config).analyze(&game, Color::Black, &limits, None, restriction);
    report
        .moves
        .iter()
        .filter(|m| m.visits > 0)
        .map(|m| {
            m.pv.iter()
                .enumerate()
                .map(|(depth, &mv)| {
                    let mover = if depth % 2 == 0 {
                        Color::Black
                    } else {
                        Color::White
                    };
                    (depth, mover, mv)
                })
                .collect()
        })
        .collect()
}

/// The centre's nine points and the four 3-3 points of 9×9: the moves a search of the empty
/// board plays first.
fn natural_moves() -> Vec<Move> {
    [
        "D4", "E4", "F4", "D5", "E5", "F5", "D6", "E6", "F6", "C3", "G3", "C7", "G7",
    ]
    .iter()
    .map(|m| mv(m))
    .collect()
}

#[test]
fn no_variation_holds_a_move_barred_at_its_depth() {
    let natural = natural_moves();
    let mut r = Restriction::default();
    r.avoid(Color::Black, &natural, 3);
    r.avoid(Color::White, &natural, 4);
    // Without the restriction the search plays them at those depths: the test can fail.
    let free = variations(&Restriction::default());
    assert!(free
        .iter()
        .flatten()
        .any(|&(depth, mover, m)| r.bars(mover, m, depth) && depth > 0));
    let restricted = variations(&r);
    assert!(restricted.iter().any(|pv| pv.len() >= 4), "{restricted:?}");
    for pv in &restricted {
        for &(depth, mover, m) in pv {
            assert!(!r.bars(mover, m, depth), "{m} at depth {depth} in {pv:?}");
        }
    }
    // Below the restriction's depth the moves come back.
    assert!(restricted
        .iter()
        .flatten()
        .any(|&(depth, _, m)| depth >= 4 && natural.contains(&m)));
}

#[test]
fn allow_only_keeps_every_variation_to_the_moves_allowed_until_its_depth() {
    let allowed = [mv("C3"), mv("G7")];
    let mut r = Restriction::default();
    r.allow_only(Color::Black, &allowed, 3);
    let restricted = variations(&r);
    assert!(!restricted.is_empty());
    assert!(restricted.iter().any(|pv| pv.len() >= 3), "{restricted:?}");
    for pv in &restricted {
        for &(depth, mover, m) in pv {
            if mover == Color::Black && depth < 3 {
                assert!(allowed.contains(&m), "{m} at depth {depth} in {pv:?}");
            }
        }
    }
}

#[test]
fn one_allowed_move_is_still_searched_and_reported() {
    let mut r = Restriction::default();
    r.allow_only(Color::Black, &[mv("C3")], 1);
    let restricted = variations(&r);
    assert_eq!(restricted.len(), 1);
    assert_eq!(restricted[0][0].2, mv("C3"));
}
