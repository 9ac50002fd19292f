//! Tree reuse: the root's legal moves, its last moves, the kept subtree, and the trees that
//! must never be reused (another board size, a root the board refuses).

use super::super::tests::{game, playouts, pt, threads};
use super::*;
use crate::game::{RuleSet, Rules};
use crate::search::tree::Prior;
use crate::search::{Config, Decision};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

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
fn root_board_knows_the_last_two_moves_of_the_game() {
    let mut g = game(
        ". . . . .
         . . . . .
         . . . . .
         . . . . .
         . . . . .",
        7.5,
        Color::Black,
    );
    let mut search = Search::new(Config::default());
    assert_eq!(
        search.prepare(&g, Color::Black).1.board.last_moves(),
        [None, None]
    );
    g.try_play(Color::Black, Move::Play(pt("C3", 5))).unwrap();
    g.try_play(Color::White, Move::Play(pt("D4", 5))).unwrap();
    let (_, root) = search.prepare(&g, Color::Black);
    assert_eq!(
        root.board.last_moves(),
        [Some(pt("D4", 5)), Some(pt("C3", 5))]
    );
    g.try_play(Color::Black, Move::Pass).unwrap();
    let (_, root) = search.prepare(&g, Color::White);
    assert_eq!(root.board.last_moves(), [None, Some(pt("D4", 5))]);
}

#[test]
fn keeps_the_subtree_of_the_moves_played() {
    let mut g = Game::new(9, Rules::default());
    // Light playouts, no learned prior and no network: the reply E5 below is one this search
    // is known to visit (with heavy playouts, the learned prior or the network the first move
    // differs and E5 may get no visit).
    let mut config = Config {
        playout_policy: crate::playout::PolicyKind::Light,
        ..Config::default()
    };
    config.set_param("prior_learned", 0.0).unwrap();
    config.set_param("prior_network", 0.0).unwrap();
    let mut search = Search::new(config);
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
    assert!(reused.node(Tree::ROOT).stats().visits > 0);

    // A different history drops the tree.
    let other = Game::new(9, Rules::default());
    search.genmove(&other, Color::Black, &playouts(200));
    // Same moves from another start position: the hashes differ.
    let mut g2 = Game::new(9, RuleSet::Japanese.rules());
    g2.setup(Color::White, &[pt("E5", 9)]).unwrap();
    g2.try_play(Color::Black, Move::Play(pt("A1", 9))).unwrap();
    assert!(search.reused_tree(&g2, Color::White, g2.komi()).is_none());
}

/// The playouts count a seki's eyes by the game's counting (`Root::seki_eyes_count`), so a
/// tree gathered under area counting is not reused under territory counting, nor the other
/// way round, though the position and the komi are the same.
#[test]
fn a_tree_from_another_counting_is_never_reused() {
    let mut search = Search::new(Config::default());
    let mut g = Game::new(9, Rules::default());
    search.genmove(&g, Color::Black, &playouts(300));
    let komi = playout_komi(&search.config, &g);
    g.set_rules(RuleSet::Japanese.rules());
    assert!(search.reused_tree(&g, Color::Black, komi).is_none());

    let g = Game::new(9, Rules::default());
    search.genmove(&g, Color::Black, &playouts(300));
    assert!(search.reused_tree(&g, Color::Black, komi).is_some());
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
    let tree = Tree::new(100);
    assert!(tree.expand(
        Tree::ROOT,
        &[
            (Move::Play(Point::new(15, 15)), Prior::default()),
            (Move::Pass, Prior::default()),
        ],
    ));
    let board = PlayoutBoard::new(9);
    assert!(!root_fits_board(&tree, &board));
    let board = PlayoutBoard::new(19);
    assert!(root_fits_board(&tree, &board));
}

/// Pondering on the opponent's move keeps the tree: once the opponent plays a move the
/// ponder search looked at, the next search starts from its subtree.
#[test]
fn pondering_keeps_the_tree_for_the_next_move() {
    let mut g = Game::new(9, Rules::default());
    g.try_play(Color::Black, Move::Play(pt("E5", 9))).unwrap();
    let stop = Arc::new(AtomicBool::new(false));
    let mut search = Search::new(threads(2));
    let raiser = {
        let stop = stop.clone();
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(300));
            stop.store(true, Ordering::SeqCst);
        })
    };
    search.ponder(&g, Color::White, stop, Duration::from_secs(60));
    raiser.join().unwrap();
    let pondered = search.summary().playouts;
    assert!(pondered > 0);
    let (tree, _) = search.kept.as_ref().unwrap();
    let reply = tree
        .children(Tree::ROOT)
        .max_by_key(|&c| tree.node(c).visits())
        .map(|c| tree.node(c).mv())
        .unwrap();
    g.try_play(Color::White, reply).unwrap();
    let komi = playout_komi(search.config(), &g);
    let reused = search
        .reused_tree(&g, Color::Black, komi)
        .expect("the reply is in the tree");
    assert!(reused.node(Tree::ROOT).stats().visits > 0);
}
