//! The search tree: an arena of `Node`s with each node's children allocated together, shared
//! by the search's threads without a lock.
//!
//! `Tree` does not know the rules or the board: it stores moves and statistics, and hands out
//! `NodeId`s. Expansion and the update live in `search::worker`, selection in `search::select`.
//!
//! Threads: every field of a `Node` is an atomic, read and written with relaxed ordering
//! except the expansion state. Wins and score margins are fixed-point integers
//! (`WIN_SCALE`, `SCORE_SCALE`) so that an update is one `fetch_add`, never a retry loop.
//! A thread that descends through a node adds a virtual loss to it (an extra visit won by
//! nobody, in the urgency only) and takes it off in the update, so that threads spread over
//! the moves instead of all following the same line. Expansion is claimed by compare-and-swap
//! on the node's state (unexpanded → expanding → expanded, as Leela Zero's `ExpandState`):
//! exactly one thread writes a node's children; the children and their range are published by
//! the release store of `EXPANDED`, which readers load with acquire ordering. The arena is
//! one buffer allocated zeroed at its full capacity (the pages cost memory only once written)
//! with an atomic bump index: nothing reallocates while threads run, and the index never
//! passes the capacity.
//!
//! Depends on: geom.

use crate::geom::{Move, Point};
use std::sync::atomic::Ordering::{AcqRel, Acquire, Relaxed, Release};
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU16, AtomicU32, AtomicU8, AtomicUsize};

/// Index of a node in the arena. `u32` keeps `Node` small (see the size guard below).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct NodeId(pub u32);

/// Fixed-point units of one win: 2^16, so that win values of 0 and 1 (and the
/// `score_weight` nudges, to 1/65536) add exactly, and a node's wins fit an `i64` for 2^47
/// playouts.
pub const WIN_SCALE: f64 = 65536.0;
/// Fixed-point units of one point of score margin: 2^8 (margins are whole or half points
/// whenever komi is).
pub const SCORE_SCALE: f64 = 256.0;
/// Fixed-point units of one AMAF visit of weight 1: 2^4, so that the weights of weighted RAVE
/// updates (`search::Config::amaf_decay`, 0 to 2) add in one `fetch_add`, to 1/16.
pub const AMAF_SCALE: f32 = 16.0;
/// AMAF units past which a node halves its AMAF statistics (value kept) instead of letting
/// the `u32` wrap: 2^31 units are 134M playouts of weight 1, hours of analysis on one move.
const AMAF_HALVE_AT: u32 = 1 << 31;

/// A snapshot of visits and wins, where wins count for the player who made the move into the
/// node. Read from a `Node` with `Node::stats` / `Node::amaf`.
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub struct Stats {
    pub visits: u32,
    pub wins: f32,
}

impl Stats {
    /// The win rate; 0.5 before any visit.
    pub fn value(&self) -> f32 {
        if self.visits == 0 {
            0.5
        } else {
            self.wins / self.visits as f32
        }
    }
}

/// A snapshot of a move's all-moves-as-first statistics, seen from the parent: weighted
/// visits (each playout counts its update's weight, 1 unless `amaf_decay` is set) and wins.
/// Read with `Node::amaf`.
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub struct AmafStats {
    pub visits: f32,
    pub wins: f32,
}

impl AmafStats {
    /// The win rate; 0.5 before any visit.
    pub fn value(&self) -> f32 {
        if self.visits <= 0.0 {
            0.5
        } else {
            self.wins / self.visits
        }
    }
}

/// What a new child is believed worth before any playout: `visits` virtual playouts at the
/// win rate `value`, from the heuristics of `search::prior`. Kept apart from the real `Stats`,
/// so that visit counts, the principal variation and the early stop read real playouts only.
/// Packed in 4 bytes (weight and value as 16-bit integers).
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

    fn to_bits(self) -> u32 {
        (self.visits as u32) << 16 | self.value as u32
    }

    fn from_bits(bits: u32) -> Prior {
        Prior {
            visits: (bits >> 16) as u16,
            value: bits as u16,
        }
    }
}

/// Encodes a pass in `Node::mv`.
const PASS: u16 = u16::MAX;

/// Expansion states (`Node::state`).
const UNEXPANDED: u8 = 0;
const EXPANDING: u8 = 1;
const EXPANDED: u8 = 2;
/// A flag beside the state: the policy network's prior has been added to the children
/// (`Tree::try_claim_network`). Kept when the tree is compacted with the children.
const NETWORK: u8 = 0x80;

/// One move of the tree and what the search learned about it. All zeroes is a valid node (an
/// unexpanded, unvisited move at point 0 with no prior): the arena is allocated zeroed.
///
/// Size-sensitive: a 19×19 search at 10k playouts/s grows the arena by ~3M nodes a minute.
/// 48 bytes: wins, AMAF wins and score sum (8 each, fixed point), visits and AMAF visits (4
/// each), first child (4), prior (4), move and child count (4), state and virtual loss (2),
/// padding (2).
#[derive(Debug, Default)]
pub struct Node {
    /// Wins of real playouts, in 1/`WIN_SCALE`.
    wins: AtomicI64,
    /// AMAF wins (each times its update's weight), in 1/`WIN_SCALE`.
    amaf_wins: AtomicI64,
    /// Sum of the playouts' final margins (area minus komi) for the player who moved into the
    /// node, in 1/`SCORE_SCALE` points.
    score: AtomicI64,
    /// Real playouts through this node.
    visits: AtomicU32,
    /// All-moves-as-first playouts of this move, seen from the parent, each times its
    /// update's weight, in 1/`AMAF_SCALE`.
    amaf_visits: AtomicU32,
    /// Index of the first child; children are contiguous.
    first_child: AtomicU32,
    /// Virtual playouts given at expansion (`Prior::to_bits`).
    prior: AtomicU32,
    /// The move into this node (`Point::index`, or `PASS`).
    mv: AtomicU16,
    /// Number of children; 0 until expanded.
    n_children: AtomicU16,
    /// `UNEXPANDED`, `EXPANDING` or `EXPANDED`, with the `NETWORK` flag.
    state: AtomicU8,
    /// Threads between their descent through this node and their update of it.
    virtual_loss: AtomicU8,
}

const _: () = assert!(std::mem::size_of::<Node>() <= 48);

/// Bytes of one node, for the memory budget (`--max-memory`).
pub const NODE_BYTES: usize = std::mem::size_of::<Node>();

/// Most threads one tree serves: the virtual loss of a node is a `u8`.
pub const MAX_THREADS: usize = 128;

fn encode(mv: Move) -> u16 {
    match mv {
        Move::Play(p) => p.index() as u16,
        Move::Pass => PASS,
    }
}

impl Node {
    /// Makes this slot the unexpanded node of `mv` with no statistics. Every field is
    /// written: a slot freed by `Tree::reroot` still holds its old node.
    fn init(&self, mv: Move, prior: Prior) {
        for field in [&self.wins, &self.amaf_wins, &self.score] {
            field.store(0, Relaxed);
        }
        for field in [&self.visits, &self.amaf_visits, &self.first_child] {
            field.store(0, Relaxed);
        }
        self.n_children.store(0, Relaxed);
        self.state.store(UNEXPANDED, Relaxed);
        self.virtual_loss.store(0, Relaxed);
        self.mv.store(encode(mv), Relaxed);
        self.prior.store(prior.to_bits(), Relaxed);
    }

    /// Copies `other` into this slot, children left out.
    fn copy_from(&self, other: &Node) {
        for (a, b) in [
            (&self.wins, &other.wins),
            (&self.amaf_wins, &other.amaf_wins),
            (&self.score, &other.score),
        ] {
            a.store(b.load(Relaxed), Relaxed);
        }
        self.visits.store(other.visits.load(Relaxed), Relaxed);
        self.amaf_visits
            .store(other.amaf_visits.load(Relaxed), Relaxed);
        self.prior.store(other.prior.load(Relaxed), Relaxed);
        self.mv.store(other.mv.load(Relaxed), Relaxed);
    }

    pub fn mv(&self) -> Move {
        let mv = self.mv.load(Relaxed);
        if mv == PASS {
            Move::Pass
        } else {
            Move::Play(Point::from_index(mv as usize))
        }
    }

    /// Returns true if and only if the node's children are there to read.
    pub fn is_expanded(&self) -> bool {
        self.state.load(Acquire) & !NETWORK == EXPANDED
    }

    /// Adds `wins` virtual playouts, all won, to the prior (what a prior source adds after
    /// the expansion: the policy network's). Only the thread that claimed the node's network
    /// prior writes it; readers see the old prior or the new one.
    pub fn add_prior_wins(&self, wins: f32) {
        let old = self.prior();
        let visits = old.visits() + wins;
        if visits > 0.0 {
            let prior = Prior::new(visits, (old.wins() + wins) / visits);
            self.prior.store(prior.to_bits(), Relaxed);
        }
    }

    /// Real visits and wins.
    pub fn stats(&self) -> Stats {
        Stats {
            visits: self.visits.load(Relaxed),
            wins: (self.wins.load(Relaxed) as f64 / WIN_SCALE) as f32,
        }
    }

    /// All-moves-as-first visits and wins of this move, seen from the parent.
    pub fn amaf(&self) -> AmafStats {
        AmafStats {
            visits: self.amaf_visits.load(Relaxed) as f32 / AMAF_SCALE,
            wins: (self.amaf_wins.load(Relaxed) as f64 / WIN_SCALE) as f32,
        }
    }

    pub fn visits(&self) -> u32 {
        self.visits.load(Relaxed)
    }

    pub fn prior(&self) -> Prior {
        Prior::from_bits(self.prior.load(Relaxed))
    }

    /// Threads now between their descent through this node and their update.
    pub fn virtual_loss(&self) -> u32 {
        self.virtual_loss.load(Relaxed) as u32
    }

    /// The mean final margin of the playouts through this node, in points, for the player who
    /// moved into it (komi taken off); 0 before any visit.
    pub fn score_mean(&self) -> f32 {
        let visits = self.visits.load(Relaxed);
        if visits == 0 {
            0.0
        } else {
            (self.score.load(Relaxed) as f64 / SCORE_SCALE / visits as f64) as f32
        }
    }

    /// One real playout through this node, won `win` (0 to 1, nudged by the score) with
    /// the final margin `margin`, both for the player who moved into the node.
    pub fn add(&self, win: f32, margin: f32) {
        self.visits.fetch_add(1, Relaxed);
        self.wins
            .fetch_add((win as f64 * WIN_SCALE).round() as i64, Relaxed);
        self.score
            .fetch_add((margin as f64 * SCORE_SCALE).round() as i64, Relaxed);
    }

    /// One all-moves-as-first playout of this move, won `win` by its mover, counted
    /// `weight` times (0 to 2; 1 for plain RAVE).
    pub fn add_amaf(&self, win: f32, weight: f32) {
        // The wins take the weight as the visits count it (to 1/16), so that a value stays
        // within [0, 1].
        let units = (weight * AMAF_SCALE).round() as u32;
        let weight = units as f64 / AMAF_SCALE as f64;
        let before = self.amaf_visits.fetch_add(units, Relaxed);
        self.amaf_wins
            .fetch_add((win as f64 * weight * WIN_SCALE).round() as i64, Relaxed);
        if before >= AMAF_HALVE_AT {
            // Racy against another thread's update of this node, which may be lost or
            // halved: harmless at this many visits, where one update moves nothing.
            self.amaf_visits.store((before + units) / 2, Relaxed);
            self.amaf_wins
                .store(self.amaf_wins.load(Relaxed) / 2, Relaxed);
        }
    }

    /// A thread descends through this node: until `remove_virtual_loss`, the urgency counts
    /// one more visit, lost.
    pub fn add_virtual_loss(&self) {
        self.virtual_loss.fetch_add(1, Relaxed);
    }

    pub fn remove_virtual_loss(&self) {
        self.virtual_loss.fetch_sub(1, Relaxed);
    }
}

/// The arena. Node 0 is the root.
pub struct Tree {
    nodes: Box<[Node]>,
    /// Nodes in use: the bump index, never above `nodes.len()`.
    len: AtomicUsize,
    /// An expansion found the arena full (the search goes on from leaves).
    full: AtomicBool,
}

impl Tree {
    /// A tree with a root for the position before `mv` is chosen, allocating `capacity` nodes
    /// up front (zeroed: the operating system maps the pages as they are first written) so
    /// that expansion never reallocates during a search.
    pub fn new(capacity: usize) -> Tree {
        let capacity = capacity.max(1);
        // SAFETY: every field of `Node` is an atomic integer, for which all zero bits is a
        // valid value; all zeroes is the node `Node::default()`.
        let nodes = unsafe { Box::<[Node]>::new_zeroed_slice(capacity).assume_init() };
        nodes[0].init(Move::Pass, Prior::default());
        Tree {
            nodes,
            len: AtomicUsize::new(1),
            full: AtomicBool::new(false),
        }
    }

    pub const ROOT: NodeId = NodeId(0);

    pub fn len(&self) -> usize {
        self.len.load(Relaxed)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The most nodes the arena holds.
    pub fn capacity(&self) -> usize {
        self.nodes.len()
    }

    /// Returns true if and only if an expansion found no room since the tree was made.
    pub fn is_full(&self) -> bool {
        self.full.load(Relaxed)
    }

    pub fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id.0 as usize]
    }

    /// The ids of the children of `id` (none unless expanded).
    pub fn children(&self, id: NodeId) -> impl Iterator<Item = NodeId> {
        let (first, n) = self.range(id);
        (first..first + n as u32).map(NodeId)
    }

    /// The children of `id` (empty unless expanded).
    pub fn children_slice(&self, id: NodeId) -> &[Node] {
        let (first, n) = self.range(id);
        &self.nodes[first as usize..first as usize + n]
    }

    fn range(&self, id: NodeId) -> (u32, usize) {
        let node = &self.nodes[id.0 as usize];
        if !node.is_expanded() {
            return (0, 0);
        }
        (
            node.first_child.load(Relaxed),
            node.n_children.load(Relaxed) as usize,
        )
    }

    /// Returns true if and only if `n` more nodes fit in the arena now.
    pub fn has_room(&self, n: usize) -> bool {
        let room = self.len() + n <= self.capacity();
        if !room {
            self.full.store(true, Relaxed);
        }
        room
    }

    /// Claims the expansion of `id` for the calling thread: true for exactly one caller per
    /// node (until `expand_claimed` gives the claim back for lack of room).
    pub fn try_claim(&self, id: NodeId) -> bool {
        self.node(id)
            .state
            .compare_exchange(UNEXPANDED, EXPANDING, Acquire, Relaxed)
            .is_ok()
    }

    /// Claims the policy network's prior of the expanded node `id`: true for exactly one
    /// caller per node (kept through compaction, so it is never added twice).
    pub fn try_claim_network(&self, id: NodeId) -> bool {
        let state = &self.node(id).state;
        state.load(Acquire) == EXPANDED && state.fetch_or(NETWORK, AcqRel) & NETWORK == 0
    }

    /// Gives `id`, claimed by this thread with `try_claim`, the children `moves`, each with
    /// its prior, and publishes them. When the arena has no room for them, gives the claim
    /// back and returns false: the arena never grows past its allocation.
    pub fn expand_claimed(&self, id: NodeId, moves: &[(Move, Prior)]) -> bool {
        let node = self.node(id);
        debug_assert_eq!(node.state.load(Relaxed), EXPANDING);
        debug_assert!(!moves.is_empty() && moves.len() <= u16::MAX as usize);
        let n = moves.len();
        let capacity = self.capacity();
        let Ok(first) = self.len.fetch_update(Relaxed, Relaxed, |len| {
            (len + n <= capacity).then_some(len + n)
        }) else {
            self.full.store(true, Relaxed);
            node.state.store(UNEXPANDED, Release);
            return false;
        };
        for (slot, &(mv, prior)) in self.nodes[first..first + n].iter().zip(moves) {
            slot.init(mv, prior);
        }
        node.first_child.store(first as u32, Relaxed);
        node.n_children.store(n as u16, Relaxed);
        node.state.store(EXPANDED, Release);
        true
    }

    /// `try_claim` then `expand_claimed`: false if another thread has the node or the arena
    /// is full.
    pub fn expand(&self, id: NodeId, moves: &[(Move, Prior)]) -> bool {
        self.try_claim(id) && self.expand_claimed(id, moves)
    }

    /// The child of `id` reached by `mv`, if the tree has it.
    pub fn child_by_move(&self, id: NodeId, mv: Move) -> Option<NodeId> {
        self.children(id).find(|&c| self.node(c).mv() == mv)
    }

    /// Makes the subtree at `id` the whole tree, in place (see `compact`). Cold path: runs
    /// once per move, between searches. No second arena is ever allocated, so the tree's
    /// memory stays within its one allocation (`--max-memory`), also while a move's subtree
    /// is kept.
    ///
    /// When `stop` is raised (checked every 1024 expanded nodes) the scan ends at once: the
    /// nodes reached so far keep their children, the others become leaves: still a whole
    /// tree, only smaller.
    pub fn reroot(&mut self, id: NodeId, stop: Option<&AtomicBool>) {
        let mut cut = false;
        self.compact(id, |_, k| {
            cut = cut || (k % 1024 == 1023 && stop.is_some_and(|s| s.load(Relaxed)));
            !cut
        });
    }

    /// Frees room in a full tree (node recycling): every node keeps its place in the tree,
    /// but only the root and the nodes with at least `min_visits` real visits keep their
    /// children; the others become leaves again (with their statistics), to be expanded anew
    /// if the search comes back to them. Returns the number of nodes left. Runs between
    /// phases of a search, with no thread in the tree.
    pub fn prune(&mut self, min_visits: u32) -> usize {
        self.compact(Tree::ROOT, |node, k| k == 0 || node.visits() >= min_visits);
        self.len()
    }

    /// The smallest power of two such that `prune` with it leaves at most `target` nodes, or
    /// None when even the root's children alone are more. Visits only grow towards the root
    /// (a node has at least its children's visits), so the nodes kept for a threshold are
    /// those counted here: the root, and the children of every node that reaches it.
    pub fn prune_threshold(&self, target: usize) -> Option<u32> {
        // `children[b]`: children of the expanded nodes other than the root whose visits
        // have their highest bit at `b`.
        let mut children = [0usize; 33];
        for i in 1..self.len() {
            let (_, n) = self.range(NodeId(i as u32));
            if n > 0 {
                let visits = self.nodes[i].visits().max(1);
                children[32 - visits.leading_zeros() as usize] += n;
            }
        }
        let mut kept = 1 + self.range(Tree::ROOT).1 + children.iter().sum::<usize>();
        for (bit, &n) in children.iter().enumerate() {
            if kept <= target {
                return Some(1u32 << (bit.max(1) - 1));
            }
            kept -= n;
        }
        (kept <= target).then_some(u32::MAX)
    }

    /// Keeps the subtree at `root`, where a kept node keeps its children if and only if
    /// `keeps_children(node, k)` says so (`k` counts the expanded nodes asked before it, the
    /// root first); the others become leaves. The kept nodes slide down to the front of the
    /// arena in the order they were allocated (the new root first); the rest is free again.
    ///
    /// Why sliding works: a node's children are allocated after it, so one forward scan marks
    /// everything kept, and moving the kept nodes down in index order never overwrites one not
    /// yet moved. A node's new index is the number of kept nodes below it, read from a bitmap
    /// and a count per 64 nodes (under 0.2 bytes a node, freed on return). A kept node keeps
    /// its children exactly when its first child is kept: only its own choice marks them.
    fn compact(&mut self, root: NodeId, mut keeps_children: impl FnMut(&Node, usize) -> bool) {
        let len = self.len();
        let words = len.div_ceil(64);
        let set = |bits: &mut [u64], i: usize| bits[i / 64] |= 1 << (i % 64);
        let get = |bits: &[u64], i: usize| bits[i / 64] >> (i % 64) & 1 == 1;
        // `kept`: the nodes of the new tree.
        let mut kept = vec![0u64; words];
        set(&mut kept, root.0 as usize);
        let mut k = 0;
        for i in root.0 as usize..len {
            if !get(&kept, i) {
                continue;
            }
            let (first, n) = self.range(NodeId(i as u32));
            if n == 0 {
                continue;
            }
            let keep = keeps_children(&self.nodes[i], k);
            k += 1;
            if keep {
                for c in first as usize..first as usize + n {
                    set(&mut kept, c);
                }
            }
        }
        // `below[w]`: kept nodes in the words before `w`.
        let mut below = Vec::with_capacity(words);
        let mut total = 0u32;
        for word in &kept {
            below.push(total);
            total += word.count_ones();
        }
        let new_index = |j: usize| {
            let w = j / 64;
            below[w] + (kept[w] & ((1u64 << (j % 64)) - 1)).count_ones()
        };
        let mut dest = 0;
        for j in 0..len {
            if !get(&kept, j) {
                continue;
            }
            let (first, n) = self.range(NodeId(j as u32));
            let (to, from) = (&self.nodes[dest], &self.nodes[j]);
            let network = from.state.load(Relaxed) & NETWORK;
            if dest != j {
                to.copy_from(from);
            }
            to.virtual_loss.store(0, Relaxed);
            if n > 0 && get(&kept, first as usize) {
                to.first_child.store(new_index(first as usize), Relaxed);
                to.n_children.store(n as u16, Relaxed);
                to.state.store(EXPANDED | network, Release);
            } else {
                to.first_child.store(0, Relaxed);
                to.n_children.store(0, Relaxed);
                to.state.store(UNEXPANDED, Release);
            }
            dest += 1;
        }
        debug_assert_eq!(dest, total as usize);
        self.len.store(dest, Relaxed);
        self.full.store(false, Relaxed);
    }
}

#[cfg(test)]
mod tests;
