//! The search tree: an arena of `Node`s with each node's children allocated together.
//!
//! `Tree` does not know the rules or the board: it stores moves and statistics, and hands out
//! `NodeId`s. Expansion, selection and the update live in `search::mod`.
//!
//! Threads (the next step): `Stats` fields become `AtomicU32` (wins kept as fixed-point
//! integers) updated with relaxed ordering, a virtual loss is added to `visits` on the way
//! down and removed on the way up, and `expand` is guarded by a per-node state byte
//! (unexpanded → expanding → expanded, compare-and-swap) with the arena's length an
//! `AtomicUsize` bump pointer over a pre-reserved buffer. Nothing else changes shape.
//!
//! Depends on: geom.

use crate::geom::{Move, Point};

/// Index of a node in the arena. `u32` keeps `Node` small (see the size guard below).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct NodeId(pub u32);

/// Visits and wins, where wins count for the player who made the move into the node.
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub struct Stats {
    pub visits: u32,
    pub wins: f32,
}

impl Stats {
    pub fn add(&mut self, win: f32) {
        self.visits += 1;
        self.wins += win;
    }

    /// The win rate; 0.5 before any visit.
    pub fn value(&self) -> f32 {
        if self.visits == 0 {
            0.5
        } else {
            self.wins / self.visits as f32
        }
    }
}

/// What a new child is believed worth before any playout: `visits` virtual playouts at the
/// win rate `value`, from the heuristics of `search::prior`. Kept apart from the real `Stats`,
/// so that visit counts, the principal variation and the early stop read real playouts only.
/// Packed in 4 bytes (weight and value as 16-bit integers) to keep `Node` at 28 bytes.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Prior {
    visits: u16,
    /// Win rate in 1/65535ths.
    value: u16,
}

impl Prior {
    /// `visits` virtual playouts (rounded, at most 65535) won at the rate `value` (clamped
    /// into [0, 1]).
    pub fn new(visits: f32, value: f32) -> Prior {
        Prior {
            visits: visits.round().clamp(0.0, u16::MAX as f32) as u16,
            value: (value.clamp(0.0, 1.0) * u16::MAX as f32).round() as u16,
        }
    }

    pub fn visits(self) -> f32 {
        self.visits as f32
    }

    pub fn value(self) -> f32 {
        self.value as f32 / u16::MAX as f32
    }

    /// Virtual wins: `visits · value`.
    pub fn wins(self) -> f32 {
        self.visits() * self.value()
    }
}

/// Encodes a pass in `Node::mv`.
const PASS: u16 = u16::MAX;

/// One move of the tree and what the search learned about it.
///
/// Size-sensitive: a 19×19 search at 10k playouts/s grows the arena by ~3M nodes a minute.
/// 32 bytes: move and child count (4), first child (4), stats (8), AMAF (8), prior (4), score
/// sum (4).
#[derive(Clone, Debug)]
pub struct Node {
    /// The move into this node (`Point::index`, or `PASS`).
    mv: u16,
    /// Number of children; 0 until expanded.
    n_children: u16,
    /// Index of the first child; children are contiguous.
    first_child: u32,
    /// Real playouts through this node.
    pub stats: Stats,
    /// Virtual playouts given at expansion (see `Prior`).
    pub prior: Prior,
    /// All-moves-as-first statistics of this move, seen from the parent.
    pub amaf: Stats,
    /// Sum over the real playouts through this node of Black's area margin less komi: the
    /// score lead of analysis (`mean_score`).
    pub score_sum: f32,
}

const _: () = assert!(std::mem::size_of::<Node>() <= 32);

impl Node {
    fn new(mv: Move, prior: Prior) -> Node {
        Node {
            mv: match mv {
                Move::Play(p) => p.index() as u16,
                Move::Pass => PASS,
            },
            n_children: 0,
            first_child: 0,
            stats: Stats::default(),
            prior,
            amaf: Stats::default(),
            score_sum: 0.0,
        }
    }

    /// Black's mean margin (area less komi) over the real playouts through this node; 0
    /// before any.
    pub fn mean_score(&self) -> f32 {
        if self.stats.visits == 0 {
            0.0
        } else {
            self.score_sum / self.stats.visits as f32
        }
    }

    pub fn mv(&self) -> Move {
        if self.mv == PASS {
            Move::Pass
        } else {
            Move::Play(Point::from_index(self.mv as usize))
        }
    }

    pub fn is_expanded(&self) -> bool {
        self.n_children > 0
    }
}

/// The arena. Node 0 is the root.
pub struct Tree {
    nodes: Vec<Node>,
    /// Maximum number of nodes: expansion stops there (the search goes on from leaves).
    capacity: usize,
}

impl Tree {
    /// A tree with a root for the position before `mv` is chosen, reserving `capacity` nodes up
    /// front so that expansion never reallocates during a search.
    pub fn new(capacity: usize) -> Tree {
        let mut nodes = Vec::with_capacity(capacity.max(1));
        nodes.push(Node::new(Move::Pass, Prior::default()));
        Tree {
            nodes,
            capacity: capacity.max(1),
        }
    }

    pub const ROOT: NodeId = NodeId(0);

    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    pub fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id.0 as usize]
    }

    pub fn node_mut(&mut self, id: NodeId) -> &mut Node {
        &mut self.nodes[id.0 as usize]
    }

    /// The ids of the children of `id`.
    pub fn children(&self, id: NodeId) -> impl Iterator<Item = NodeId> {
        let n = &self.nodes[id.0 as usize];
        (n.first_child..n.first_child + n.n_children as u32).map(NodeId)
    }

    pub fn children_slice(&self, id: NodeId) -> &[Node] {
        let n = &self.nodes[id.0 as usize];
        let start = n.first_child as usize;
        &self.nodes[start..start + n.n_children as usize]
    }

    pub fn children_slice_mut(&mut self, id: NodeId) -> &mut [Node] {
        let n = &self.nodes[id.0 as usize];
        let start = n.first_child as usize;
        let len = n.n_children as usize;
        &mut self.nodes[start..start + len]
    }

    /// Returns true if and only if `n` more nodes fit in the reserved arena.
    pub fn has_room(&self, n: usize) -> bool {
        self.nodes.len() + n <= self.capacity
    }

    /// Gives `id` the children `moves`, each with its prior. The caller checks `has_room`
    /// first; the arena never grows past its reservation.
    pub fn expand(&mut self, id: NodeId, moves: &[(Move, Prior)]) {
        debug_assert!(self.has_room(moves.len()));
        debug_assert!(!moves.is_empty() && moves.len() <= u16::MAX as usize);
        let first = self.nodes.len() as u32;
        self.nodes
            .extend(moves.iter().map(|&(mv, prior)| Node::new(mv, prior)));
        let node = &mut self.nodes[id.0 as usize];
        node.first_child = first;
        node.n_children = moves.len() as u16;
    }

    /// The child of `id` reached by `mv`, if the tree has it.
    pub fn child_by_move(&self, id: NodeId, mv: Move) -> Option<NodeId> {
        self.children(id).find(|&c| self.node(c).mv() == mv)
    }

    /// A new tree whose root is the subtree at `id`, with the same capacity. Cold path: runs
    /// once per move, between searches.
    pub fn subtree(&self, id: NodeId) -> Tree {
        let mut nodes = Vec::with_capacity(self.capacity);
        let mut root = self.nodes[id.0 as usize].clone();
        root.n_children = 0;
        nodes.push(root);
        // Breadth-first copy: `queue[k]` is the old id of new node k.
        let mut queue = vec![id.0];
        let mut k = 0;
        while k < queue.len() && nodes.len() < self.capacity {
            let old = &self.nodes[queue[k] as usize];
            let n = old.n_children as usize;
            if n > 0 && nodes.len() + n <= self.capacity {
                let first_new = nodes.len() as u32;
                for c in 0..n as u32 {
                    let mut child = self.nodes[(old.first_child + c) as usize].clone();
                    child.n_children = 0;
                    nodes.push(child);
                    queue.push(old.first_child + c);
                }
                nodes[k].first_child = first_new;
                nodes[k].n_children = n as u16;
            }
            k += 1;
        }
        Tree {
            nodes,
            capacity: self.capacity,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(i: usize) -> Move {
        Move::Play(Point::from_index(i))
    }

    fn with(moves: &[Move], prior: Prior) -> Vec<(Move, Prior)> {
        moves.iter().map(|&mv| (mv, prior)).collect()
    }

    #[test]
    fn expand_and_reroot_keep_statistics() {
        let mut tree = Tree::new(100);
        tree.expand(
            Tree::ROOT,
            &with(&[p(0), p(1), Move::Pass], Prior::default()),
        );
        let c1 = tree.child_by_move(Tree::ROOT, p(1)).unwrap();
        tree.node_mut(c1).stats.add(1.0);
        tree.expand(c1, &with(&[p(2), p(3)], Prior::new(2.0, 0.5)));
        let c13 = tree.child_by_move(c1, p(3)).unwrap();
        tree.node_mut(c13).stats.add(0.0);
        assert_eq!(tree.len(), 6);

        let sub = tree.subtree(c1);
        assert_eq!(sub.len(), 3);
        assert_eq!(sub.node(Tree::ROOT).stats.visits, 1);
        let n3 = sub.child_by_move(Tree::ROOT, p(3)).unwrap();
        assert_eq!(
            sub.node(n3).stats,
            Stats {
                visits: 1,
                wins: 0.0
            }
        );
        assert_eq!(sub.node(n3).prior, Prior::new(2.0, 0.5));
        assert!(sub.child_by_move(Tree::ROOT, p(0)).is_none());
    }

    #[test]
    fn priors_round_trip_within_their_precision() {
        let prior = Prior::new(12.4, 0.3);
        assert_eq!(prior.visits(), 12.0);
        assert!((prior.value() - 0.3).abs() < 1e-4);
        assert!((prior.wins() - 3.6).abs() < 1e-3);
        assert_eq!(Prior::new(1e9, 7.0), Prior::new(65535.0, 1.0));
        assert_eq!(Prior::new(-3.0, f32::NAN).visits(), 0.0);
    }

    #[test]
    fn arena_respects_its_reservation() {
        let mut tree = Tree::new(3);
        assert!(tree.has_room(2));
        assert!(!tree.has_room(3));
        tree.expand(Tree::ROOT, &with(&[p(0), p(1)], Prior::default()));
        assert!(!tree.has_room(1));
        let sub = tree.subtree(Tree::ROOT);
        assert_eq!(sub.len(), 3);
    }
}
