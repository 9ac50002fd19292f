use super::diagram::DiagramError;
use super::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// The one way tests write positions: rows top-down, `X` black, `O` white, `.` empty.
fn board(diagram: &str) -> Position {
    let p = Position::from_diagram(diagram).expect("valid test diagram");
    p.verify().expect("consistent diagram position");
    p
}

fn pt(name: &str, size: usize) -> Point {
    Point::parse(name, size).expect("test vertex")
}

fn mv(name: &str, size: usize) -> Move {
    Move::parse(name, size).expect("test move")
}

fn points(names: &[&str], size: usize) -> Bitboard {
    names.iter().map(|n| pt(n, size)).collect()
}

/// Plays `color mv` on `before` (legal), checks the result against `after` and the invariants,
/// and returns the position and what the move did.
fn check_play(before: &str, color: Color, m: &str, after: &str) -> (Position, Played) {
    let mut p = board(before);
    let size = p.size();
    let played = p.try_play(color, mv(m, size), false).expect("legal move");
    p.verify().expect("invariants after the move");
    let want = board(after);
    assert_eq!(p.to_string(), want.to_string(), "after {color} {m}");
    assert_eq!(p.position_hash(), want.position_hash());
    assert_eq!(p.to_move(), color.opponent());
    (p, played)
}

/// Checks that `color mv` is refused with `err` and changes nothing.
fn check_illegal(p: &Position, color: Color, m: &str, allow_suicide: bool, err: PlayError) {
    let mut q = p.clone();
    let m = mv(m, p.size());
    assert_eq!(q.check(color, m, allow_suicide), Err(err));
    assert_eq!(q.try_play(color, m, allow_suicide), Err(err));
    assert_eq!(&q, p);
    q.verify().unwrap();
}

#[test]
fn diagram_round_trip() {
    let text = "\
. X O
X . O
. . .
";
    let p = board(text);
    assert_eq!(p.size(), 3);
    assert_eq!(p.to_string(), ". X O\nX . O\n. . .\n");
    assert_eq!(p.stone_at(pt("A2", 3)), Some(Color::Black));
    assert_eq!(p.stone_at(pt("C3", 3)), Some(Color::White));
    assert_eq!(p.stone_at(pt("A1", 3)), None);
    assert_eq!(p.n_chains(), 3);
    assert!(Position::from_diagram("X .\n. ").is_none(), "ragged");
    assert!(
        Position::from_diagram("X O\nO .").is_none(),
        "chain without liberty"
    );
    assert!(Position::from_diagram("X ?\n. .").is_none(), "unknown mark");
}

#[test]
fn diagrams_read_marks_spacing_and_refuse_with_a_reason() {
    let d = Diagram::parse("x O +\nB . w\n. . .").unwrap_err();
    assert_eq!(d, DiagramError::Character('w'));
    let d = Diagram::parse("\n  x O +\n  B . o\n\n  . . .\n").unwrap();
    assert_eq!(d.size, 3);
    assert_eq!(d.stones_of(Color::Black), [pt("A3", 3), pt("A2", 3)]);
    assert_eq!(d.stones_of(Color::White), [pt("B3", 3), pt("C2", 3)]);
    assert_eq!(d.marked, points(&["A3", "C2"], 3));
    // Packed and spaced rows read alike.
    assert_eq!(
        Diagram::parse("XO.\n...\n..."),
        Diagram::parse("X O .\n. . .\n. . .")
    );
    assert_eq!(Diagram::parse("X"), Err(DiagramError::Size(1)));
    assert_eq!(
        Diagram::parse(". .\n. . ."),
        Err(DiagramError::NotSquare { row: 2 })
    );
    assert_eq!(
        DiagramError::NotSquare { row: 2 }.to_string(),
        "row 2 is not as long as the board"
    );
}

#[test]
fn empty_board_basics() {
    let p = Position::new(19);
    assert_eq!(p.size(), 19);
    assert_eq!(p.to_move(), Color::Black);
    assert_eq!(p.empty_points().count(), 361);
    assert_eq!(p.position_hash(), 0);
    assert_eq!(p.situational_hash(), 0);
    assert_eq!(p.ko_point(), None);
    assert!(p.chain(pt("D4", 19)).is_empty());
    assert!(p.liberties(pt("D4", 19)).is_empty());
    let mut q = p.clone();
    q.set_to_move(Color::White);
    assert_eq!(q.situational_hash(), zobrist::WHITE_TO_MOVE);
    assert_eq!(q.position_hash(), 0);
}

#[test]
fn off_board_and_occupied_are_refused() {
    let p = board(
        "\
. . .
. X .
. . .
",
    );
    check_illegal(&p, Color::White, "B2", false, PlayError::Occupied);
    check_illegal(&p, Color::Black, "B2", true, PlayError::Occupied);
    let mut q = p.clone();
    for bad in [Point::new(3, 0), Point::new(0, 3), Point::new(24, 24)] {
        assert_eq!(
            q.try_play(Color::White, Move::Play(bad), true),
            Err(PlayError::OffBoard)
        );
        assert_eq!(
            q.play_lenient(Color::White, Move::Play(bad)),
            Err(PlayError::OffBoard)
        );
        assert_eq!(q.place_stone(Color::White, bad), Err(PlayError::OffBoard));
        assert_eq!(
            q.hash_after(Color::White, Move::Play(bad), true),
            Err(PlayError::OffBoard)
        );
    }
    assert_eq!(q, p);
}

#[test]
fn liberties_are_exact() {
    let p = board(
        "\
. . . . .
. X X O .
. X . . .
. . . . .
. . . . .
",
    );
    let b = pt("B4", 5);
    assert_eq!(p.chain(b), points(&["B4", "C4", "B3"], 5));
    assert_eq!(
        p.liberties(b),
        points(&["B5", "C5", "A4", "A3", "C3", "B2"], 5)
    );
    assert_eq!(p.n_liberties(pt("D4", 5)), 3);
    assert!(!p.in_atari(b));
}

#[test]
fn single_stone_captured_in_the_corner() {
    let (p, played) = check_play(
        "\
. . . . .
. . . . .
. . . . .
. . . . .
O X . . .
",
        Color::Black,
        "A2",
        "\
. . . . .
. . . . .
. . . . .
X . . . .
. X . . .
",
    );
    assert_eq!(played.captured, points(&["A1"], 5));
    assert!(played.self_captured.is_empty());
    assert_eq!(p.ko_point(), None);
    assert_eq!(p.liberties(pt("A2", 5)), points(&["A3", "A1", "B2"], 5));
    assert_eq!(p.liberties(pt("B1", 5)), points(&["A1", "C1", "B2"], 5));
}

#[test]
fn group_captured_on_the_edge_and_in_the_far_corner() {
    let (_, played) = check_play(
        "\
. . . . .
. . . . .
. . . . .
. X X . .
. O O X .
",
        Color::Black,
        "A1",
        "\
. . . . .
. . . . .
. . . . .
. X X . .
X . . X .
",
    );
    assert_eq!(played.captured, points(&["B1", "C1"], 5));
    let (_, played) = check_play(
        "\
. . . X O
. . . X O
. . . X O
. . . . .
. . . . .
",
        Color::Black,
        "E2",
        "\
. . . X .
. . . X .
. . . X .
. . . . X
. . . . .
",
    );
    assert_eq!(played.captured, points(&["E5", "E4", "E3"], 5));
}

#[test]
fn several_chains_captured_at_once() {
    let (p, played) = check_play(
        "\
. . . . .
. X . X .
X O . O X
. X . X .
. . . . .
",
        Color::Black,
        "C3",
        "\
. . . . .
. X . X .
X . X . X
. X . X .
. . . . .
",
    );
    assert_eq!(played.captured, points(&["B3", "D3"], 5));
    // Two stones captured: no ko, even though C3 is a lone stone.
    assert_eq!(p.ko_point(), None);
    assert_eq!(
        p.liberties(pt("C3", 5)),
        points(&["B3", "D3", "C4", "C2"], 5)
    );
}

#[test]
fn capture_beats_suicide() {
    // Black A5 has no liberty of its own but takes B5: a capture, not a suicide.
    let before = "\
. O X . .
O X . . .
. . . . .
. . . . .
. . . . .
";
    let (p, played) = check_play(
        before,
        Color::Black,
        "A5",
        "\
X . X . .
O X . . .
. . . . .
. . . . .
. . . . .
",
    );
    assert_eq!(played.captured, points(&["B5"], 5));
    // ... and it is a ko: White may not retake at once.
    assert_eq!(p.ko_point(), Some(pt("B5", 5)));
    check_illegal(&p, Color::White, "B5", false, PlayError::Ko);
    check_illegal(&p, Color::White, "B5", true, PlayError::Ko);
    // The ko binds White only: Black may fill it.
    assert!(p.check(Color::Black, mv("B5", 5), false).is_ok());
}

#[test]
fn suicide_of_one_stone() {
    let p = board(
        "\
. O . . .
O . . . .
. . . . .
. . . . .
. . . . .
",
    );
    check_illegal(&p, Color::Black, "A5", false, PlayError::Suicide);
    let mut q = p.clone();
    let played = q.try_play(Color::Black, mv("A5", 5), true).unwrap();
    q.verify().unwrap();
    assert_eq!(played.self_captured, points(&["A5"], 5));
    assert!(played.captured.is_empty());
    assert_eq!(q.to_string(), p.to_string());
    assert_eq!(q.position_hash(), p.position_hash());
    assert_eq!(q.to_move(), Color::White);
    assert_eq!(q.liberties(pt("B5", 5)), points(&["A5", "C5", "B4"], 5));
    // White filling its own eye there is fine.
    assert!(p.check(Color::White, mv("A5", 5), false).is_ok());
}

#[test]
fn suicide_of_a_group() {
    let p = board(
        "\
X . O . .
O O . . .
. . . . .
. . . . .
. . . . .
",
    );
    check_illegal(&p, Color::Black, "B5", false, PlayError::Suicide);
    assert_eq!(
        p.hash_after(Color::Black, mv("B5", 5), false),
        Err(PlayError::Suicide)
    );
    let mut q = p.clone();
    let played = q.try_play(Color::Black, mv("B5", 5), true).unwrap();
    q.verify().unwrap();
    assert_eq!(played.self_captured, points(&["A5", "B5"], 5));
    assert_eq!(
        q.to_string(),
        board(
            "\
. . O . .
O O . . .
. . . . .
. . . . .
. . . . .
"
        )
        .to_string()
    );
    assert_eq!(
        q.liberties(pt("A4", 5)),
        points(&["A5", "B5", "A3", "B3", "C4"], 5)
    );
    assert_eq!(
        Ok(q.position_hash()),
        p.hash_after(Color::Black, mv("B5", 5), true)
    );
}

#[test]
fn simple_ko_is_released_by_a_move_elsewhere() {
    let mut p = board(
        "\
. . . . .
. . . . .
. X O . .
X O . O .
. X O . .
",
    );
    // Black takes the ko at C2.
    let played = p.try_play(Color::Black, mv("C2", 5), false).unwrap();
    assert_eq!(played.captured, points(&["B2"], 5));
    assert_eq!(p.ko_point(), Some(pt("B2", 5)));
    check_illegal(&p, Color::White, "B2", false, PlayError::Ko);
    // A ko threat elsewhere, an answer, then the retake is legal.
    p.try_play(Color::White, mv("E5", 5), false).unwrap();
    assert_eq!(p.ko_point(), None);
    p.try_play(Color::Black, mv("E4", 5), false).unwrap();
    let played = p.try_play(Color::White, mv("B2", 5), false).unwrap();
    assert_eq!(played.captured, points(&["C2"], 5));
    assert_eq!(p.ko_point(), Some(pt("C2", 5)));
    p.verify().unwrap();
    // A pass also releases the ko.
    p.try_play(Color::Black, Move::Pass, false).unwrap();
    assert_eq!(p.ko_point(), None);
    assert_eq!(p.to_move(), Color::White);
}

#[test]
fn snapback_is_not_a_ko() {
    let mut p = board(
        "\
. . . . .
. . . . .
O O . . .
X X O . .
. . O . .
",
    );
    // White throws in at A1, Black takes it, White takes back three stones.
    p.try_play(Color::White, mv("A1", 5), false).unwrap();
    let played = p.try_play(Color::Black, mv("B1", 5), false).unwrap();
    assert_eq!(played.captured, points(&["A1"], 5));
    assert_eq!(p.ko_point(), None, "capturer joined a chain: not a ko");
    let played = p.try_play(Color::White, mv("A1", 5), false).unwrap();
    assert_eq!(played.captured, points(&["A2", "B2", "B1"], 5));
    p.verify().unwrap();
    assert_eq!(
        p.to_string(),
        board(
            "\
. . . . .
. . . . .
O O . . .
. . O . .
O . O . .
"
        )
        .to_string()
    );
}

#[test]
fn capturing_a_lone_stone_with_two_liberties_left_is_not_a_ko() {
    let mut p = board(
        "\
. . . . .
. . . . .
. X . . .
X O X . .
. . . . .
",
    );
    let played = p.try_play(Color::Black, mv("B1", 5), false).unwrap();
    assert_eq!(played.captured, points(&["B2"], 5));
    assert_eq!(p.ko_point(), None);
}

#[test]
fn place_stone_builds_chains_without_captures() {
    let mut p = Position::new(5);
    p.set_to_move(Color::White);
    p.place_stone(Color::Black, pt("A1", 5)).unwrap();
    p.place_stone(Color::Black, pt("A2", 5)).unwrap();
    p.place_stone(Color::White, pt("B1", 5)).unwrap();
    assert_eq!(
        p.place_stone(Color::White, pt("B1", 5)),
        Err(PlayError::Occupied)
    );
    assert_eq!(p.to_move(), Color::White);
    p.verify().unwrap();
    assert_eq!(p.liberties(pt("A1", 5)), points(&["A3", "B2"], 5));
    // Careless placement may leave a chain without liberties: no capture, but it is detectable.
    p.place_stone(Color::White, pt("B2", 5)).unwrap();
    p.place_stone(Color::White, pt("A3", 5)).unwrap();
    assert!(!p.all_chains_have_liberties());
    assert_eq!(p.stone_at(pt("A1", 5)), Some(Color::Black));
}

/// Random games on several sizes: the incremental chains, liberties and hash always equal a
/// recomputation, illegal moves change nothing, `hash_after` predicts `try_play`.
#[test]
fn random_games_keep_every_invariant() {
    let mut rng = SmallRng::seed_from_u64(7);
    for (size, n_games) in [(2, 40), (3, 40), (5, 20), (9, 6), (19, 2), (25, 1)] {
        for _ in 0..n_games {
            let allow_suicide = rng.gen_bool(0.3);
            let mut p = Position::new(size);
            let mut color = Color::Black;
            for _ in 0..size * size * 3 {
                let m = if rng.gen_ratio(1, 50) {
                    Move::Pass
                } else {
                    // Sometimes off the board, to exercise the errors.
                    let lim = if rng.gen_ratio(1, 20) { 25 } else { size };
                    Move::Play(Point::new(rng.gen_range(0..lim), rng.gen_range(0..lim)))
                };
                let before = p.clone();
                let predicted = p.hash_after(color, m, allow_suicide);
                let checked = p.check(color, m, allow_suicide);
                match p.try_play(color, m, allow_suicide) {
                    Ok(played) => {
                        assert_eq!(checked, Ok(()));
                        assert_eq!(predicted, Ok(p.position_hash()));
                        assert_eq!(p.to_move(), color.opponent());
                        let gone = played.captured | played.self_captured;
                        assert!(
                            (gone & (p.stones(Color::Black) | p.stones(Color::White))).is_empty()
                        );
                        assert_eq!(
                            before.empty_points().count() + gone.count(),
                            p.empty_points().count() + usize::from(m != Move::Pass)
                        );
                        color = color.opponent();
                    }
                    Err(e) => {
                        assert_eq!(checked, Err(e));
                        assert_eq!(p, before);
                        if e != PlayError::Ko {
                            assert_eq!(predicted, Err(e));
                        }
                    }
                }
                if let Err(msg) = p.verify() {
                    panic!("{msg} after {color:?} {m} on\n{p}");
                }
            }
        }
    }
}

#[test]
fn lenient_play_ignores_ko_and_allows_suicide() {
    let mut p = board(
        "\
. O X . .
O X . . .
. . . . .
. . . . .
. . . . .
",
    );
    p.try_play(Color::Black, mv("A5", 5), false).unwrap();
    assert_eq!(p.ko_point(), Some(pt("B5", 5)));
    let played = p.play_lenient(Color::White, mv("B5", 5)).unwrap();
    assert_eq!(played.captured, points(&["A5"], 5));
    p.verify().unwrap();
    assert_eq!(
        p.play_lenient(Color::Black, mv("B5", 5)),
        Err(PlayError::Occupied)
    );
}

#[test]
#[cfg(target_pointer_width = "64")]
fn size_of_position() {
    // Reported in ARCHITECTURE.md; keep the module doc in step when this changes.
    assert_eq!(std::mem::size_of::<Position>(), 1480);
}
