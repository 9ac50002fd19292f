//! The arena: statistics in fixed point, expansion once, reroot, prune, and concurrent
//! updates and expansions.

use super::*;

/// Weighted AMAF updates add their weight to the visits and weight × win to the wins; a
/// node about to wrap its AMAF count halves both instead, keeping the value.
#[test]
fn amaf_updates_add_their_weight_and_halve_before_wrapping() {
    let tree = Tree::new(1);
    let node = tree.node(Tree::ROOT);
    node.add_amaf(1.0, 1.5);
    node.add_amaf(0.0, 0.5);
    node.add_amaf(1.0, 0.25);
    assert_eq!(
        node.amaf(),
        AmafStats {
            visits: 2.25,
            wins: 1.75
        }
    );
    node.amaf_visits.store(AMAF_HALVE_AT, Relaxed);
    let wins = (AMAF_HALVE_AT as f64 / AMAF_SCALE as f64 * 0.75 * WIN_SCALE) as i64;
    node.amaf_wins.store(wins, Relaxed);
    node.add_amaf(1.0, 1.0);
    let amaf = node.amaf();
    assert!(node.amaf_visits.load(Relaxed) <= AMAF_HALVE_AT / 2 + 16);
    assert!((amaf.value() - 0.75).abs() < 1e-4, "{amaf:?}");
}

fn p(i: usize) -> Move {
    Move::Play(Point::from_index(i))
}

fn with(moves: &[Move], prior: Prior) -> Vec<(Move, Prior)> {
    moves.iter().map(|&mv| (mv, prior)).collect()
}

#[test]
fn expand_and_reroot_keep_statistics() {
    let tree = Tree::new(100);
    assert!(tree.expand(
        Tree::ROOT,
        &with(&[p(0), p(1), Move::Pass], Prior::default()),
    ));
    // A node of the sibling p(0) that the reroot drops, allocated before c1's children.
    let c0 = tree.child_by_move(Tree::ROOT, p(0)).unwrap();
    assert!(tree.expand(c0, &with(&[p(5)], Prior::new(9.0, 1.0))));
    tree.node(NodeId(4)).add(1.0, 9.0);
    let c1 = tree.child_by_move(Tree::ROOT, p(1)).unwrap();
    tree.node(c1).add(1.0, 3.5);
    assert!(tree.expand(c1, &with(&[p(2), p(3)], Prior::new(2.0, 0.5))));
    let c13 = tree.child_by_move(c1, p(3)).unwrap();
    tree.node(c13).add(0.0, -2.0);
    tree.node(c13).add_amaf(1.0, 1.0);
    assert_eq!(tree.len(), 7);

    let mut sub = tree;
    sub.reroot(c1, None);
    assert_eq!(sub.len(), 3);
    assert_eq!(sub.node(Tree::ROOT).stats().visits, 1);
    assert_eq!(sub.node(Tree::ROOT).score_mean(), 3.5);
    assert_eq!(sub.node(Tree::ROOT).mv(), p(1));
    let n3 = sub.child_by_move(Tree::ROOT, p(3)).unwrap();
    assert_eq!(
        sub.node(n3).stats(),
        Stats {
            visits: 1,
            wins: 0.0
        }
    );
    assert_eq!(
        sub.node(n3).amaf(),
        AmafStats {
            visits: 1.0,
            wins: 1.0
        }
    );
    assert_eq!(sub.node(n3).score_mean(), -2.0);
    assert_eq!(sub.node(n3).prior(), Prior::new(2.0, 0.5));
    assert!(!sub.node(n3).is_expanded());
    assert!(sub.child_by_move(Tree::ROOT, p(0)).is_none());
    // The tree has its whole capacity again, and grows like a new tree: a freed slot
    // that held another node comes back blank.
    assert_eq!(sub.capacity(), 100);
    assert!(sub.expand(n3, &with(&[p(4)], Prior::default())));
    assert_eq!(sub.len(), 4);
    let n4 = sub.child_by_move(n3, p(4)).unwrap();
    assert_eq!(sub.node(n4).stats(), Stats::default());
    assert_eq!(sub.node(n4).score_mean(), 0.0);
    assert!(!sub.node(n4).is_expanded());
}

/// The subtree at `id` as text, depth first: each node's move, visits and children.
fn describe(tree: &Tree, id: NodeId) -> String {
    let node = tree.node(id);
    let children: Vec<String> = tree.children(id).map(|c| describe(tree, c)).collect();
    format!("{}:{}[{}]", node.mv(), node.visits(), children.join(","))
}

/// Random trees whose nodes are expanded in no particular order (so the subtree's nodes
/// lie scattered through the arena): after `reroot` at any node, the tree reads exactly as
/// that subtree did, holds nothing else, and is whole (every expanded node's children
/// within the new length).
#[test]
fn reroot_keeps_exactly_the_subtree_wherever_its_nodes_lie() {
    let mut state = 12345u64;
    let mut next = move |n: usize| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) as usize % n
    };
    for _ in 0..50 {
        let tree = Tree::new(2000);
        while tree.len() < 1500 {
            let id = NodeId(next(tree.len()) as u32);
            let n = 1 + next(5);
            let moves: Vec<Move> = (0..n).map(|i| p(i + next(300))).collect();
            if tree.expand(id, &with(&moves, Prior::default())) {
                tree.node(id).add(1.0, 0.0);
            }
        }
        let root = NodeId(next(tree.len() / 4) as u32);
        let expected = describe(&tree, root);
        let size = expected.matches('[').count();
        let mut tree = tree;
        tree.reroot(root, None);
        assert_eq!(describe(&tree, Tree::ROOT), expected);
        assert_eq!(tree.len(), size);
        for i in 0..tree.len() as u32 {
            assert!(tree
                .children(NodeId(i))
                .all(|c| (c.0 as usize) < tree.len()));
        }
    }
}

/// A tree whose nodes have as many visits as their depth allows (a root of 4096, each
/// level a quarter): `prune` keeps the children of exactly the nodes with enough visits,
/// every statistic kept, and `prune_threshold` picks the smallest power of two that fits.
#[test]
fn prune_keeps_the_children_of_well_visited_nodes_only() {
    let tree = Tree::new(10_000);
    let mut id = 0;
    while tree.len() < 1 + 4 + 16 + 64 + 256 {
        let node = NodeId(id);
        assert!(tree.expand(node, &with(&[p(1), p(2), p(3), p(4)], Prior::default())));
        id += 1;
    }
    // Depth d has 4^d nodes of 4096 / 4^d visits: 4096, 1024, 256, 64, 16.
    let mut depth_of = vec![0u32; tree.len()];
    for i in 0..tree.len() as u32 {
        for c in tree.children(NodeId(i)) {
            depth_of[c.0 as usize] = depth_of[i as usize] + 1;
        }
        for _ in 0..4096 >> (2 * depth_of[i as usize]) {
            tree.node(NodeId(i)).add(1.0, 1.0);
        }
    }
    let before = describe(&tree, Tree::ROOT);
    // Everything: 341 nodes; visits >= 64 keep children: the root's 4, 16, 64 and 256.
    assert_eq!(tree.prune_threshold(341), Some(1));
    assert_eq!(tree.prune_threshold(340), Some(128));
    assert_eq!(tree.prune_threshold(85), Some(128));
    assert_eq!(tree.prune_threshold(21), Some(512));
    assert_eq!(tree.prune_threshold(5), Some(2048));
    assert_eq!(tree.prune_threshold(4), None);
    let mut tree = tree;
    assert_eq!(tree.prune(64), 341, "every node has 64 visits or more");
    assert_eq!(describe(&tree, Tree::ROOT), before);
    assert_eq!(
        tree.prune(65),
        85,
        "the nodes of 64 visits lose their children"
    );
    assert_eq!(
        tree.prune(1_000_000),
        5,
        "the root keeps its children whatever"
    );
    assert_eq!(tree.node(Tree::ROOT).visits(), 4096);
    for c in tree.children(Tree::ROOT) {
        assert_eq!(tree.node(c).visits(), 1024);
        assert!(!tree.node(c).is_expanded(), "a pruned node is a leaf again");
    }
    // And it grows again.
    let c = NodeId(1);
    assert!(tree.expand(c, &with(&[p(7)], Prior::default())));
    assert_eq!(tree.len(), 6);
}

#[test]
fn priors_round_trip_within_their_precision() {
    let prior = Prior::new(12.4, 0.3);
    assert_eq!(prior.visits(), 12.0);
    assert!((prior.value() - 0.3).abs() < 1e-4);
    assert!((prior.wins() - 3.6).abs() < 1e-3);
    assert_eq!(Prior::new(1e9, 7.0), Prior::new(65535.0, 1.0));
    assert_eq!(Prior::new(-3.0, f32::NAN).visits(), 0.0);
    assert_eq!(Prior::from_bits(prior.to_bits()), prior);
}

#[test]
fn arena_respects_its_reservation() {
    let tree = Tree::new(3);
    assert!(tree.has_room(2));
    assert!(!tree.is_full());
    assert!(!tree.has_room(3));
    assert!(tree.is_full());
    assert!(tree.expand(Tree::ROOT, &with(&[p(0), p(1)], Prior::default())));
    assert!(!tree.has_room(1));
    // No room: the claim is given back and nothing changes.
    let c0 = NodeId(1);
    assert!(!tree.expand(c0, &with(&[p(2)], Prior::default())));
    assert!(!tree.node(c0).is_expanded());
    assert_eq!(tree.len(), 3);
    assert!(
        tree.try_claim(c0),
        "a failed expansion gives its claim back"
    );
    let mut tree = tree;
    tree.reroot(Tree::ROOT, None);
    assert_eq!(tree.len(), 3);
    assert!(!tree.is_full(), "a reroot frees the arena");
}

/// A tree node for node, children ranges included.
fn copy_into(from: &Tree, to: &mut Tree) {
    for i in 0..from.len() {
        let (a, b) = (&to.nodes[i], &from.nodes[i]);
        a.copy_from(b);
        a.first_child.store(b.first_child.load(Relaxed), Relaxed);
        a.n_children.store(b.n_children.load(Relaxed), Relaxed);
        a.state.store(b.state.load(Relaxed), Relaxed);
    }
    to.len.store(from.len(), Relaxed);
}

/// A binary tree 12 levels deep, built breadth first; rerooted with the stop flag up it
/// keeps the first 1023 nodes' children: the top ten levels, whole, with their statistics.
#[test]
fn a_subtree_copy_cut_short_is_a_whole_shallower_tree() {
    let tree = Tree::new(10_000);
    let mut id = 0;
    while tree.len() < 8191 {
        assert!(tree.expand(
            NodeId(id),
            &with(&[p(2 * id as usize % 600), Move::Pass], Prior::default())
        ));
        tree.node(NodeId(id)).add(1.0, 1.0);
        id += 1;
    }
    let mut whole = Tree::new(10_000);
    copy_into(&tree, &mut whole);
    whole.reroot(Tree::ROOT, None);
    assert_eq!(whole.len(), 8191);
    let stop = AtomicBool::new(true);
    let mut sub = Tree::new(10_000);
    copy_into(&tree, &mut sub);
    sub.reroot(Tree::ROOT, Some(&stop));
    assert_eq!(sub.len(), 1 + 2 * 1023);
    for k in 0..sub.len() as u32 {
        let (new, old) = (sub.node(NodeId(k)), tree.node(NodeId(k)));
        // Breadth first from the root: the same ids as the original's, which was built
        // breadth first too.
        assert_eq!(new.mv(), old.mv());
        assert_eq!(new.stats(), old.stats());
        let children: Vec<u32> = sub.children(NodeId(k)).map(|c| c.0).collect();
        if k < 1023 {
            assert_eq!(children, vec![2 * k + 1, 2 * k + 2]);
        } else {
            assert!(children.is_empty() && !new.is_expanded());
        }
    }
}

#[test]
fn a_node_is_expanded_once() {
    let tree = Tree::new(10);
    assert!(tree.expand(Tree::ROOT, &with(&[p(0)], Prior::default())));
    assert!(!tree.expand(Tree::ROOT, &with(&[p(1)], Prior::default())));
    assert_eq!(tree.children_slice(Tree::ROOT).len(), 1);
    assert_eq!(tree.len(), 2);
}

#[test]
fn fixed_point_statistics_add_exactly() {
    let tree = Tree::new(1);
    let node = tree.node(Tree::ROOT);
    for i in 0..1000 {
        node.add(
            (i % 3 == 0) as u8 as f32,
            if i % 2 == 0 { 7.5 } else { -0.5 },
        );
        node.add_amaf((i % 4 == 0) as u8 as f32, 1.0);
    }
    assert_eq!(
        node.stats(),
        Stats {
            visits: 1000,
            wins: 334.0
        }
    );
    assert_eq!(
        node.amaf(),
        AmafStats {
            visits: 1000.0,
            wins: 250.0
        }
    );
    assert_eq!(node.score_mean(), 3.5);
    // The score nudges are kept to 1/65536 of a win.
    let tree = Tree::new(1);
    let node = tree.node(Tree::ROOT);
    node.add(1.0 + 0.02 * 0.3, 0.0);
    assert!((node.stats().wins - 1.006).abs() < 2e-5);
    node.add(-0.01, 0.0);
    assert!((node.stats().wins - 0.996).abs() < 2e-5);
}

#[test]
fn virtual_loss_added_and_removed_leaves_the_statistics() {
    let tree = Tree::new(1);
    let node = tree.node(Tree::ROOT);
    node.add(1.0, 2.0);
    node.add_amaf(0.0, 1.0);
    let (stats, amaf, score) = (node.stats(), node.amaf(), node.score_mean());
    node.add_virtual_loss();
    node.add_virtual_loss();
    assert_eq!(node.virtual_loss(), 2);
    assert_eq!(node.stats(), stats, "a virtual loss is not a real visit");
    node.remove_virtual_loss();
    node.remove_virtual_loss();
    assert_eq!(node.virtual_loss(), 0);
    assert_eq!(node.stats(), stats);
    assert_eq!(node.amaf(), amaf);
    assert_eq!(node.score_mean(), score);
}

#[test]
fn concurrent_updates_lose_nothing() {
    let tree = Tree::new(1);
    let node = tree.node(Tree::ROOT);
    std::thread::scope(|s| {
        for t in 0..4 {
            s.spawn(move || {
                for i in 0..10_000 {
                    node.add_virtual_loss();
                    node.add(((i + t) % 2) as f32, 1.0);
                    node.add_amaf(1.0, 1.0);
                    node.remove_virtual_loss();
                }
            });
        }
    });
    assert_eq!(
        node.stats(),
        Stats {
            visits: 40_000,
            wins: 20_000.0
        }
    );
    assert_eq!(
        node.amaf(),
        AmafStats {
            visits: 40000.0,
            wins: 40_000.0
        }
    );
    assert_eq!(node.score_mean(), 1.0);
    assert_eq!(node.virtual_loss(), 0);
}

/// Many threads race to expand the same nodes, level by level: each node gets its
/// children from exactly one thread, the children of a node are contiguous and hold the
/// moves given, and the arena never passes its capacity, also once it is full.
#[test]
fn concurrent_expansion_claims_each_node_once() {
    const THREADS: usize = 4;
    let capacity = 1 + 8 + 64 + 300; // room for the root's 8, their 64, then part of a level
    let tree = Tree::new(capacity);
    let wins: Vec<AtomicU32> = (0..capacity).map(|_| AtomicU32::new(0)).collect();
    std::thread::scope(|s| {
        for t in 0..THREADS {
            let (tree, wins) = (&tree, &wins);
            s.spawn(move || {
                let moves: Vec<(Move, Prior)> =
                    (0..8).map(|i| (p(i + 8 * t), Prior::default())).collect();
                // Every thread walks every node that exists, over and over, expanding
                // what it can, until the arena stops growing.
                for _ in 0..4 {
                    let mut id = 0;
                    while id < tree.len() {
                        if tree.expand(NodeId(id as u32), &moves) {
                            wins[id].fetch_add(1, Relaxed);
                        }
                        assert!(tree.len() <= capacity);
                        id += 1;
                    }
                }
            });
        }
    });
    assert!(tree.len() <= capacity);
    assert!(tree.is_full());
    let mut expanded = 0;
    let mut children_seen = vec![0u32; capacity];
    for (id, won) in wins.iter().enumerate().take(tree.len()) {
        let node = tree.node(NodeId(id as u32));
        let won = won.load(Relaxed);
        assert_eq!(
            won,
            node.is_expanded() as u32,
            "node {id} expanded {won} times"
        );
        if node.is_expanded() {
            expanded += 1;
            let children: Vec<NodeId> = tree.children(NodeId(id as u32)).collect();
            assert_eq!(children.len(), 8);
            assert!(children.windows(2).all(|w| w[1].0 == w[0].0 + 1));
            // One thread's moves, in its order.
            let first = tree.node(children[0]).mv().point().unwrap().index();
            assert_eq!(first % 8, 0);
            for (i, c) in children.iter().enumerate() {
                assert_eq!(tree.node(*c).mv(), p(first + i));
                children_seen[c.0 as usize] += 1;
            }
        }
    }
    // Every node but the root is the child of exactly one node.
    assert_eq!(children_seen[0], 0);
    assert!(children_seen[1..tree.len()].iter().all(|&n| n == 1));
    assert_eq!(tree.len(), 1 + 8 * expanded);
}

/// The network's prior is claimed once per expanded node, survives compaction with the
/// children, and adds wins to a child's prior.
#[test]
fn the_network_prior_is_claimed_once_and_adds_wins() {
    let tree = Tree::new(100);
    let moves = [
        (Move::Pass, Prior::new(10.0, 0.5)),
        (Move::Play(Point::new(1, 1)), Prior::default()),
    ];
    assert!(!tree.try_claim_network(Tree::ROOT), "not expanded yet");
    assert!(tree.expand(Tree::ROOT, &moves));
    assert!(tree.try_claim_network(Tree::ROOT));
    assert!(!tree.try_claim_network(Tree::ROOT));
    assert!(tree.node(Tree::ROOT).is_expanded());
    let child = tree.children(Tree::ROOT).next().unwrap();
    tree.node(child).add_prior_wins(10.0);
    let prior = tree.node(child).prior();
    assert_eq!(prior.visits(), 20.0);
    assert!((prior.value() - 0.75).abs() < 1e-3, "{}", prior.value());
    let empty = tree.children(Tree::ROOT).nth(1).unwrap();
    tree.node(empty).add_prior_wins(4.0);
    assert_eq!(tree.node(empty).prior().visits(), 4.0);
    assert_eq!(tree.node(empty).prior().value(), 1.0);
}
