use super::*;
use crate::game::{RuleSet, Rules};

/// A game from a diagram (rows top-down, `X` Black, `O` White, `.` empty) set up as stones,
/// with `to_move` to play.
pub(super) fn game(diagram: &str, komi: f32, to_move: Color) -> Game {
    let rows: Vec<&str> = diagram
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let size = rows.len();
    let mut g = Game::new(size, Rules::default());
    g.set_komi(komi);
    for (i, row) in rows.iter().enumerate() {
        let r = size - 1 - i;
        for (c, ch) in row.split_whitespace().enumerate() {
            let color = match ch {
                "X" => Color::Black,
                "O" => Color::White,
                _ => continue,
            };
            g.setup(color, &[Point::new(c, r)]).unwrap();
        }
    }
    if to_move == Color::White {
        g.try_play(Color::Black, Move::Pass).unwrap();
    }
    g
}

fn playouts(n: u64) -> Limits {
    Limits {
        playouts: Some(n),
        ..Limits::default()
    }
}

fn pt(s: &str, size: usize) -> Point {
    Point::parse(s, size).unwrap()
}

#[test]
fn self_play_on_small_boards_is_always_legal() {
    for size in 2..=7 {
        let mut g = Game::new(size, Rules::default());
        let mut search = Search::new(Config {
            seed: size as u64,
            ..Config::default()
        });
        let mut color = Color::Black;
        for _ in 0..3 * size * size {
            match search.genmove(&g, color, &playouts(300)) {
                Decision::Play(mv) => g.try_play(color, mv).expect("search moves are legal"),
                Decision::Resign => break,
            }
            if g.is_over() {
                break;
            }
            color = color.opponent();
        }
    }
}

#[test]
/// Black's ring and White's block are both in atari; whoever moves first captures.
fn captures_when_only_the_capture_wins() {
    let g = game(
        "X X X X X
         X O O O X
         X O . O X
         X O O O X
         X X X X .",
        7.5,
        Color::Black,
    );
    let mut search = Search::new(Config::default());
    assert_eq!(
        search.genmove(&g, Color::Black, &playouts(500)),
        Decision::Play(Move::Play(pt("C3", 5)))
    );
}

#[test]
fn passes_after_the_opponent_when_passing_wins() {
    let mut g = game(
        ". . X O .
         . . X O .
         . . X O .
         . . X O .
         . . X O .",
        0.5,
        Color::White,
    );
    g.try_play(Color::White, Move::Pass).unwrap();
    let mut search = Search::new(Config::default());
    assert_eq!(
        search.genmove(&g, Color::Black, &playouts(2000)),
        Decision::Play(Move::Pass)
    );
}

#[test]
fn resigns_a_hopeless_game_unless_told_not_to() {
    let g = game(
        ". X O . .
         . X O . .
         . X O . .
         . X O . .
         . X O . .",
        30.0,
        Color::Black,
    );
    let mut search = Search::new(Config::default());
    assert_eq!(
        search.genmove(&g, Color::Black, &playouts(2000)),
        Decision::Resign
    );
    let mut stubborn = Search::new(Config {
        resign_threshold: None,
        ..Config::default()
    });
    assert!(matches!(
        stubborn.genmove(&g, Color::Black, &playouts(2000)),
        Decision::Play(_)
    ));
}

/// A ko that Black takes; both sides pass (clearing the simple-ko point); White's retake would
/// repeat the position before Black's capture, which positional superko forbids.
#[test]
fn root_excludes_superko_moves_that_simple_ko_allows() {
    let mut g = game(
        ". . . . .
         . X O . .
         X O . O .
         . X O . .
         . . . . .",
        7.5,
        Color::Black,
    );
    g.try_play(Color::Black, Move::Play(pt("C3", 5))).unwrap(); // captures B3
    g.try_play(Color::White, Move::Pass).unwrap();
    g.try_play(Color::Black, Move::Pass).unwrap();
    let retake = Move::Play(pt("B3", 5));
    assert_eq!(
        g.check(Color::White, retake),
        Err(crate::board::PlayError::Superko)
    );
    let mut search = Search::new(Config::default());
    let (tree, root) = search.prepare(&g, Color::White);
    let i = tree
        .children_slice(Tree::ROOT)
        .iter()
        .position(|c| c.mv() == retake)
        .expect("the playout board allows the retake");
    assert!(!root.legal[i]);
    for seed in 1..5 {
        let mut search = Search::new(Config {
            seed,
            ..Config::default()
        });
        assert_ne!(
            search.genmove(&g, Color::White, &playouts(300)),
            Decision::Play(retake)
        );
    }
}

#[test]
fn keeps_the_subtree_of_the_moves_played() {
    let mut g = Game::new(9, Rules::default());
    // Light playouts: the reply E5 below is one this search is known to visit (with heavy
    // playouts the first move differs and E5 may get no visit).
    let mut search = Search::new(Config {
        playout_policy: crate::playout::PolicyKind::Light,
        ..Config::default()
    });
    let Decision::Play(mv) = search.genmove(&g, Color::Black, &playouts(3000)) else {
        panic!("resigned an empty board")
    };
    g.try_play(Color::Black, mv).unwrap();
    let reply = Move::Play(pt("E5", 9));
    let reply = if g.check(Color::White, reply).is_ok() {
        reply
    } else {
        Move::Play(pt("C3", 9))
    };
    g.try_play(Color::White, reply).unwrap();
    let komi = g.komi() + 0.0;
    let reused = search.reused_tree(&g, Color::Black, komi);
    // The reply may have had too few visits to be expanded; the root of the reused tree is the
    // node reached by the two moves, with their statistics.
    let reused = reused.expect("the tree had both moves");
    assert!(reused.node(Tree::ROOT).stats.visits > 0);

    // A different history drops the tree.
    let other = Game::new(9, Rules::default());
    search.genmove(&other, Color::Black, &playouts(200));
    // Same moves from another start position: the hashes differ.
    let mut g2 = Game::new(9, RuleSet::Japanese.rules());
    g2.setup(Color::White, &[pt("E5", 9)]).unwrap();
    g2.try_play(Color::Black, Move::Play(pt("A1", 9))).unwrap();
    assert!(search.reused_tree(&g2, Color::White, g2.komi()).is_none());
}

#[test]
fn cleanup_removes_dead_stones_before_passing() {
    let mut g = game(
        ". . X O .
         . O X O .
         . . X O .
         . . X O .
         . . X O .",
        0.5,
        Color::White,
    );
    g.try_play(Color::White, Move::Pass).unwrap();
    let mut search = Search::new(Config::default());
    let dead = search.dead_stones(&g, 1000);
    assert!(dead.contains(pt("B4", 5)));
    assert!(!dead.contains(pt("C4", 5)));
    assert!(!dead.contains(pt("D4", 5)));
    let decision = search.genmove_cleanup(&g, Color::Black, &playouts(1000));
    assert!(
        matches!(decision, Decision::Play(Move::Play(_))),
        "{decision:?}"
    );
}

#[test]
fn stop_flag_ends_a_search_after_the_floor() {
    let g = Game::new(19, Rules::default());
    let stop = Arc::new(AtomicBool::new(true));
    let mut search = Search::new(Config::default());
    let limits = Limits {
        playouts: Some(u64::MAX),
        time: None,
        stop: Some(stop),
    };
    let decision = search.genmove(&g, Color::Black, &limits);
    assert!(matches!(decision, Decision::Play(_)));
    assert!(search.summary().playouts <= STOP_FLOOR);
}

/// Issue #6: the hash of an empty board is 0 on every size, so a tree kept from an empty
/// 19×19 once passed for the tree of an empty 9×9; its off-board moves corrupted the descent's
/// board and the search never ended. The other way round, a 9×9 tree confined a 19×19 search
/// to the 9×9 corner.
#[test]
fn a_tree_from_another_board_size_is_never_reused() {
    for (first, second) in [(19, 9), (9, 19), (2, 5), (5, 3), (25, 19)] {
        let mut search = Search::new(Config::default());
        search.genmove(
            &Game::new(first, Rules::default()),
            Color::Black,
            &playouts(500),
        );
        let g = Game::new(second, Rules::default());
        assert!(
            search.reused_tree(&g, Color::Black, g.komi()).is_none(),
            "{first}x{first} tree offered for {second}x{second}"
        );
        search.genmove(&g, Color::Black, &playouts(500));
        let (tree, _) = search.kept.as_ref().expect("a kept tree");
        let root_moves: Vec<Move> = tree
            .children_slice(Tree::ROOT)
            .iter()
            .map(|c| c.mv())
            .collect();
        // Every point of the empty board, and pass.
        assert_eq!(root_moves.len(), second * second + 1, "{first} -> {second}");
        assert!(root_moves.iter().all(|&mv| match mv {
            Move::Pass => true,
            Move::Play(p) => p.is_on_board(second),
        }));
    }
}

/// A tree whose root moves the board refuses (however it came about) is dropped, not searched.
#[test]
fn a_kept_tree_that_does_not_fit_the_board_is_dropped() {
    let mut tree = Tree::new(100);
    tree.expand(
        Tree::ROOT,
        &[
            (Move::Play(Point::new(15, 15)), Prior::default()),
            (Move::Pass, Prior::default()),
        ],
    );
    let board = PlayoutBoard::new(9);
    assert!(!root_fits_board(&tree, &board));
    let board = PlayoutBoard::new(19);
    assert!(root_fits_board(&tree, &board));
}

#[test]
fn dynamic_komi_shrinks_linearly_in_handicap_games() {
    let config = Config {
        dynkomi_per_stone: 7.0,
        ..Config::default()
    };
    let mut g = Game::new(19, Rules::default());
    assert_eq!(dynamic_komi(&config, &g), 0.0);
    let stones: Vec<Point> = ["D4", "Q16", "D16", "Q4"]
        .iter()
        .map(|s| pt(s, 19))
        .collect();
    g.set_handicap(&stones).unwrap();
    assert_eq!(dynamic_komi(&config, &g), 28.0);
    let mut color = Color::White;
    for i in 0..100 {
        let p = Point::new(i % 19, 6 + i / 19);
        g.try_play(color, Move::Play(p)).unwrap();
        color = color.opponent();
    }
    assert_eq!(dynamic_komi(&config, &g), 14.0);
    for _ in 0..100 {
        g.try_play(color, Move::Pass).unwrap();
        color = color.opponent();
    }
    assert_eq!(dynamic_komi(&config, &g), 0.0);
    let off = Config {
        dynkomi_per_stone: 0.0,
        ..Config::default()
    };
    assert_eq!(dynamic_komi(&off, &g), 0.0);
}
