//! The worker: last good replies kept between searches, the RAVE pool, and weighted AMAF
//! updates.

use super::super::tests::{playouts, pt};
use super::*;
use crate::game::{Game, Rules};
use crate::search::tree::AmafStats;
use crate::search::{Restriction, Search};

/// The playouts learn last good replies on 13×13 (not on 9×9, where they are off), keep them
/// from search to search, and forget them at a new game.
#[test]
fn last_good_replies_are_learnt_on_large_boards_and_forgotten_at_a_new_game() {
    let mut search = Search::new(Config::default());
    search.genmove(
        &Game::new(9, Rules::default()),
        Color::Black,
        &playouts(300),
    );
    assert!(search.workers[0].replies.is_empty());
    let mut g = Game::new(13, Rules::default());
    search.genmove(&g, Color::Black, &playouts(300));
    assert!(!search.workers[0].replies.is_empty());
    g.try_play(Color::Black, Move::Play(pt("D4", 13))).unwrap();
    search.genmove(&g, Color::White, &playouts(300));
    assert!(!search.workers[0].replies.is_empty());
    search.clear();
    assert!(search.workers[0].replies.is_empty());
}

/// The RAVE pool takes, for each colour, the children with the best AMAF values of the
/// deepest node of the descent where that colour moves and that has enough visits; children
/// with few AMAF visits stay out, whatever their value.
#[test]
fn the_pool_holds_the_best_amaf_moves_of_the_deepest_visited_node_of_each_colour() {
    let board = PlayoutBoard::new(9);
    let mv = |s: &str| Move::Play(pt(s, 9));
    let mb = |s: &str| board.to_mailbox(pt(s, 9)) as u16;
    let tree = Tree::new(1000);
    let amaf = |id: NodeId, visits: u32, wins: u32| {
        for i in 0..visits {
            tree.node(id)
                .add_amaf(if i < wins { 1.0 } else { 0.0 }, 1.0);
        }
    };
    let children = |parent: NodeId, points: &[&str]| {
        let moves: Vec<_> = points
            .iter()
            .map(|&s| (mv(s), Prior::default()))
            .chain([(Move::Pass, Prior::default())])
            .collect();
        assert!(tree.expand(parent, &moves));
        points
            .iter()
            .map(|&s| tree.child_by_move(parent, mv(s)).unwrap())
            .collect::<Vec<_>>()
    };
    let visit = |id: NodeId, n: u32| {
        for _ in 0..n {
            tree.node(id).add(1.0, 0.0);
        }
    };
    // Black to move at the root: C3 60%, D4 80%, E5 70%, F6 90% of only 10 AMAF visits.
    let root_kids = children(Tree::ROOT, &["C3", "D4", "E5", "F6"]);
    for (&id, (visits, wins)) in root_kids
        .iter()
        .zip([(50, 30), (50, 40), (50, 35), (10, 9)])
    {
        amaf(id, visits, wins);
    }
    visit(Tree::ROOT, 60);
    let config = playout::Config {
        pool_size: 2,
        pool_min_visits: 50,
        ..playout::Config::default()
    };
    let d4 = root_kids[1];
    let pool_after_d4 = || {
        let mut pool = Pool::default();
        fill_pool(
            &tree,
            &[Tree::ROOT, d4],
            Color::Black,
            &config,
            &board,
            &mut pool,
        );
        pool
    };
    let pool = pool_after_d4();
    assert_eq!(pool.of(1), &[mb("D4"), mb("E5")]);
    assert!(
        pool.of(2).is_empty(),
        "D4 is not expanded: no pool for White"
    );

    // White moves at D4, now expanded and visited enough: White's pool comes from it.
    let d4_kids = children(d4, &["G7", "H8"]);
    amaf(d4_kids[0], 40, 10);
    amaf(d4_kids[1], 40, 30);
    visit(d4, 49);
    let pool = pool_after_d4();
    assert!(pool.of(2).is_empty(), "49 visits are not enough");
    visit(d4, 1);
    let pool = pool_after_d4();
    assert_eq!(pool.of(1), &[mb("D4"), mb("E5")]);
    assert_eq!(pool.of(2), &[mb("H8"), mb("G7")]);
}

/// Weighted RAVE updates (`amaf_decay`): in one update of a root whose playout ran 10 plies,
/// a child whose point was first played by the root's mover at ply 0 counts `1 + d`, one
/// first played at ply 8 counts `1 + d·(1 − 16/10)`; at 0 both count 1; the opponent's
/// points count for nobody.
#[test]
fn weighted_amaf_updates_count_the_moves_near_the_node_more() {
    let tree = Tree::new(100);
    let mv = |s: &str| Move::Play(pt(s, 9));
    let moves: Vec<_> = ["C3", "D4", "E5"]
        .iter()
        .map(|&s| (mv(s), Prior::default()))
        .collect();
    assert!(tree.expand(Tree::ROOT, &moves));
    let kid = |s: &str| tree.child_by_move(Tree::ROOT, mv(s)).unwrap();
    let update = |decay: f32| {
        let mut worker = Worker::new(1);
        worker.path.clear();
        worker.path.push(Tree::ROOT);
        // Black (the root's mover) played C3 first at ply 0 and D4 at ply 8; White E5.
        for (s, color, ply) in [("C3", 1, 0), ("D4", 1, 8), ("E5", 2, 3)] {
            worker.first_play[pt(s, 9).index()] = color;
            worker.first_ply[pt(s, 9).index()] = ply;
        }
        let before = |s: &str| tree.node(kid(s)).amaf();
        let (c3, d4, e5) = (before("C3"), before("D4"), before("E5"));
        worker.update(&tree, Color::Black, 1.0, 5.0, decay, 10);
        let gained = |s: &str, was: AmafStats| {
            let now = tree.node(kid(s)).amaf();
            (now.visits - was.visits, now.wins - was.wins)
        };
        (gained("C3", c3), gained("D4", d4), gained("E5", e5))
    };
    let (c3, d4, e5) = update(0.0);
    assert_eq!((c3, d4, e5), ((1.0, 1.0), (1.0, 1.0), (0.0, 0.0)));
    let (c3, d4, e5) = update(1.0);
    assert_eq!(c3, (2.0, 2.0));
    // 1 − 0.6 = 0.4, kept to 1/16 of a visit.
    assert!((d4.0 - 0.4).abs() <= 1.0 / 16.0, "{d4:?}");
    assert_eq!(d4.1, d4.0, "won: the wins take the weight the visits count");
    assert_eq!(e5, (0.0, 0.0));
    let (c3, d4, _) = update(0.5);
    assert_eq!(c3, (1.5, 1.5));
    assert!((d4.0 - 0.7).abs() <= 1.0 / 16.0, "{d4:?}");
}

/// With the network prior on, the root's children get the network's wins once the root has
/// `network_visits` visits: the network's first choice gains prior share, and with the
/// weight at 0 nothing changes.
#[test]
fn the_network_prior_raises_the_share_of_the_networks_first_choice() {
    let game = Game::new(9, Rules::default());
    let share = |weight: f32, mv: Move| {
        let mut config = Config::default();
        config.prior.network = weight;
        config.prior.network_visits = 1.0;
        config.threads = 1;
        let report = Search::new(config).analyze(
            &game,
            Color::Black,
            &playouts(300),
            None,
            &Restriction::default(),
        );
        report
            .moves
            .iter()
            .find(|m| m.mv == mv)
            .map_or(0.0, |m| m.prior)
    };
    let mut scratch = net::Scratch::default();
    let board = PlayoutBoard::new(9);
    net::policy(
        net::builtin(),
        &board,
        &mut LadderReader::new(),
        &mut scratch,
    );
    let first = (0..81)
        .max_by(|&a, &b| scratch.logits[a].total_cmp(&scratch.logits[b]))
        .unwrap();
    let first = Move::Play(Point::new(first % 9, first / 9));
    let (off, on) = (share(0.0, first), share(300.0, first));
    assert!(on > off, "{first}: prior share {off} without, {on} with");
}
