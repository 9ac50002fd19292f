//! One search thread: `Worker` owns its generator and every buffer an iteration needs, and
//! runs the loop of iterations (`search`) until any thread sees a limit. An iteration
//! (`iterate`) is: `descend` the tree by `select`, expanding a leaf visited often enough
//! (`expand`, with the priors of `children_of`); `finish` the game with a playout (or count it,
//! when two passes in the tree ended it); `record` the outcome: ownership, adaptive komi, last
//! good replies, and `update` of the path's statistics and its siblings' AMAF statistics.
//!
//! Invariant: the loop never allocates (buffers are reserved once), never hashes into maps,
//! uses no `dyn`, and reads the clock once every `CLOCK_EVERY` iterations.
//!
//! Depends on: search (Config, Shared, select, stop, count, prior, report, tree), playout,
//! geom.

use super::config::{CLOCK_EVERY, MAX_DEPTH};
use super::count::{area_score, drop_seki_eyes};
use super::margin;
use super::move_owners::MoveOwners;
use super::prior;
use super::report::{self, Reporter};
use super::run::Shared;
use super::select::select;
use super::tree::{NodeId, Prior, Tree};
use super::Config;
use crate::geom::{by_board_size, Color, Move, Point, MAX_POINTS};
use crate::mailbox::PlayoutBoard;
use crate::net::{self, cache::PolicyCache};
use crate::playout::{self, PlayoutResult, PlayoutRng, Pool, Replies, POOL_MAX};
use crate::tactics::{
    FateDistances, FightAnswers, LadderReader, MoveFeatures, Reader, Scope, Settling,
};
use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// What one thread owns: its generator and every buffer an iteration needs (no allocation
/// in the loop, no sharing but the tree).
pub(super) struct Worker {
    pub(super) rng: PlayoutRng,
    pub(super) result: Box<PlayoutResult>,
    pub(super) first_play: Box<[u8; MAX_POINTS]>,
    /// Per point with a `first_play`: the ply of that play, counted from the root's move
    /// (0); what weighted RAVE updates weigh by (`Config::amaf_decay`).
    pub(super) first_ply: Box<[u16; MAX_POINTS]>,
    pub(super) path: Vec<NodeId>,
    pub(super) moves_buf: Vec<(Move, Prior)>,
    /// Reads ladders for the priors and the heavy playouts' escapes (its own board stack,
    /// reserved once; a `RefCell` because the playout policy holds it by shared reference).
    pub(super) ladders: Box<RefCell<LadderReader>>,
    /// Common-fate-graph distances from the last move, for the prior (`prior::prior_of`).
    pub(super) fate: Box<FateDistances>,
    /// Reads the fights near the last moves for the reading priors (its own board stack
    /// and table, reserved once), and what it found for the current expansion.
    pub(super) reader: Box<Reader>,
    pub(super) settling: Box<Settling>,
    /// The features of each candidate of an expansion, by point index, for the priors.
    pub(super) features: Box<[MoveFeatures; MAX_POINTS]>,
    /// Sum of `result.owner` over this worker's playouts of the current search.
    pub(super) owner_sum: Box<[i32; MAX_POINTS]>,
    /// The same per root move, when the search keeps it (`Search::set_moves_ownership`).
    pub(super) move_owners: MoveOwners,
    /// The last good replies this worker's playouts learnt (`playout::Config::p_reply`),
    /// kept from search to search.
    pub(super) replies: Box<Replies>,
    /// The moves of the current iteration, descent then playout, as mailbox points (0 a
    /// pass), after the two moves before the root: what `replies` learns from.
    pub(super) sequence: Vec<u16>,
    /// The RAVE pool of the current iteration's playout (`fill_pool`).
    pub(super) pool: Box<Pool>,
    /// The policy network's buffers (`net::policy`), sized at the first evaluation.
    pub(super) network: Box<net::Scratch>,
    /// The policies this worker's network evaluations gave, kept from search to search;
    /// made at the first evaluation (`net::cache::PolicyCache`).
    pub(super) policies: Option<Box<PolicyCache>>,
    /// Fault injection (`Search::inject_worker_panic`): panic once this many iterations of
    /// the current search are done (checked where the clock is read). `None` in every normal
    /// search.
    pub(super) panic_after: Option<u64>,
}

/// The seed of worker `index`: the search's own for worker 0, else a splitmix64 mix of both
/// (wyrand's streams from nearby seeds overlap, so the index is not simply added).
pub(super) fn worker_seed(seed: u64, index: usize) -> u64 {
    fn splitmix(x: u64) -> u64 {
        let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    if index == 0 {
        seed
    } else {
        splitmix(seed ^ splitmix(index as u64))
    }
}

/// Raises `halt` if its thread unwinds: a worker that panics stops the others at their next
/// iteration, so the search ends (and the panic reaches the caller) at once, not at the
/// deadline or, for an analysis, at the next input line.
struct HaltOnPanic<'a>(&'a AtomicBool);

impl Drop for HaltOnPanic<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.store(true, Ordering::SeqCst);
        }
    }
}

impl Worker {
    pub(super) fn new(seed: u64) -> Worker {
        Worker {
            rng: PlayoutRng::new(seed),
            result: Box::default(),
            first_play: Box::new([0; MAX_POINTS]),
            first_ply: Box::new([0; MAX_POINTS]),
            path: Vec::with_capacity(MAX_DEPTH),
            moves_buf: Vec::with_capacity(MAX_POINTS + 1),
            ladders: Box::default(),
            fate: Box::default(),
            reader: Box::default(),
            settling: Box::default(),
            features: Box::new([MoveFeatures::default(); MAX_POINTS]),
            owner_sum: Box::new([0; MAX_POINTS]),
            move_owners: MoveOwners::default(),
            replies: Box::default(),
            sequence: Vec::with_capacity(2 + MAX_DEPTH + 3 * MAX_POINTS),
            pool: Box::default(),
            network: Box::default(),
            policies: None,
            panic_after: None,
        }
    }

    /// Fills `moves_buf` with the candidate moves of `board` and pass, each with its prior.
    /// `whole_board`: read the fights of the whole board (the root), not only those near
    /// the last two moves.
    pub(super) fn children_of(
        &mut self,
        config: &Config,
        board: &PlayoutBoard,
        last: Option<Point>,
        whole_board: bool,
    ) {
        self.read_settling(config, board, whole_board);
        self.moves_buf.clear();
        let buf = &mut self.moves_buf;
        let ladders = self.ladders.get_mut();
        // The fights are read for the fight priors (off by default) and the learned model's
        // features; with neither, not at all.
        let learned = config.prior.learned_weight(board.size()) > 0.0;
        let fights = if config.prior.two_lib > 0.0 || config.prior.nakade > 0.0 || learned {
            board.fight_answers(config.playout.max_self_atari_stones)
        } else {
            FightAnswers::default()
        };
        let fate = &mut self.fate;
        match last {
            Some(l) if config.prior.fate_applies(board.size()) => {
                board.fate_distances(l, config.prior.fate.len() as u8, fate)
            }
            _ => fate.clear(),
        }
        let fate = &*fate;
        let settling = &*self.settling;
        // Each candidate's features (the tactics read once for both kinds of prior), and the
        // sum of the learned model's strengths, which each move's probability divides by.
        let features = &mut self.features;
        let mut total = 0.0f32;
        let model = by_board_size(board.size(), config.model, config.model_large);
        board.for_each_candidate(|p| {
            let f = board.move_features(ladders, &fights, p);
            if learned {
                total += model.gamma(&f);
            }
            features[p.index()] = f;
        });
        let config = &config.prior;
        board.for_each_candidate(|p| {
            let f = &features[p.index()];
            let p_learned = if learned { model.gamma(f) / total } else { 0.0 };
            buf.push((
                Move::Play(p),
                prior::prior_of(
                    config, board, p, f, &fights, fate, settling, last, p_learned,
                ),
            ));
        });
        buf.push((Move::Pass, prior::prior_of_pass(config, board)));
    }

    /// Fills `settling` with the moves that settle the unsettled local fights of `board` next
    /// to its last two moves (on the whole board at the root), by reading, when the reading
    /// priors are on; else leaves it empty.
    fn read_settling(&mut self, config: &Config, board: &PlayoutBoard, whole_board: bool) {
        let settling = &mut *self.settling;
        settling.clear();
        if !config.prior.reads(board.size()) {
            return;
        }
        let mut near = [Point::new(0, 0); 2];
        let mut n = 0;
        for p in board.last_moves().into_iter().flatten() {
            near[n] = p;
            n += 1;
        }
        let scope = Scope {
            regions: config.prior.reading_weight(board.size()) != 0.0,
            chains: config.prior.reading_chains != 0.0,
            whole_board,
        };
        self.reader.settle(board, &near[..n], scope, settling);
    }

    /// This thread's search loop: iterations until any thread sees a limit. The only place
    /// that reads the clock, once every `CLOCK_EVERY` of this thread's iterations; there it
    /// also polls `reporter` (worker 0's only), with this worker's ownership sums.
    pub(super) fn search(&mut self, s: &Shared, mut reporter: Option<&mut Reporter>) {
        let _halt_on_panic = HaltOnPanic(&s.halt);
        // The descent's board, overwritten from the root's at each iteration.
        let mut board = Box::new(s.root.board.clone());
        let mut mine = 0u64;
        while s.claim_iteration() {
            board.copy_from(&s.root.board);
            self.iterate(s, &mut board);
            s.done.fetch_add(1, Ordering::Relaxed);
            mine += 1;
            if mine.is_multiple_of(CLOCK_EVERY) {
                if self.panic_after.is_some_and(|n| mine >= n) {
                    self.panic_after = None;
                    panic!("deliberate panic in a search worker after {mine} iterations (fault injection)");
                }
                let now = Instant::now();
                if let Some(r) = reporter.as_deref_mut() {
                    let done = s.done.load(Ordering::Relaxed);
                    let owners = report::Owners {
                        all: &self.owner_sum,
                        playouts: mine,
                        by_move: &self.move_owners,
                    };
                    report::poll(r, now, s.tree, s.root, done, owners, s.spread);
                }
                if s.stops_at(now) {
                    break;
                }
            }
        }
    }

    /// One descent, playout and update. Hot path: no allocation.
    fn iterate(&mut self, s: &Shared, board: &mut PlayoutBoard) {
        let learn_replies = s.config.playout.p_reply_for(board.size()) > 0.0;
        self.sequence.clear();
        if learn_replies {
            self.sequence
                .extend([board.last2_m() as u16, board.last_m() as u16]);
        }
        let game_over = self.descend(s, board, learn_replies);
        let (score, plies) = self.finish(s, board, game_over, learn_replies);
        self.record(s, score, plies, learn_replies);
    }

    /// Descends from the root by `select` into `path`, playing each move on `board` (and
    /// into `sequence` when `learn_replies`) and adding a virtual loss to each node below the
    /// root; a leaf visited often enough is expanded on the way. Returns true if and only if
    /// two passes in a row ended the game in the tree. Hot path: no allocation.
    fn descend(&mut self, s: &Shared, board: &mut PlayoutBoard, learn_replies: bool) -> bool {
        let tree = s.tree;
        let mut node = Tree::ROOT;
        let mut passes = s.root.passes;
        self.path.clear();
        self.path.push(node);
        loop {
            if !tree.node(node).is_expanded() {
                // A leaf: expand it once visited enough, unless another thread is at it (or
                // the arena is full); then the playout starts here.
                let ready = tree.node(node).visits() >= s.config.expand_threshold;
                if !ready || !self.expand(s, node, board) {
                    return false;
                }
            }
            if s.config.prior.network_weight(board.size()) > 0.0
                && tree.node(node).visits() as f32 >= s.config.prior.network_visits
                && tree.try_claim_network(node)
            {
                self.add_network_prior(s, node, board);
            }
            // Every child barred (an analysis's restriction): the playout starts here.
            let Some(child) = select(s, node, self.path.len() - 1) else {
                return false;
            };
            let mv = tree.node(child).mv();
            // The tree's moves are legal on the board they were expanded from, so this never
            // fires; it is here so that no tree, however it came about, can feed the board an
            // illegal move (which corrupts its chain lists: issue #6). One load in the
            // common case (an empty neighbour), once per tree level.
            if let Move::Play(p) = mv {
                if !board.is_legal(p) {
                    debug_assert!(false, "tree move {p} illegal on the descent's board");
                    return false;
                }
            }
            board.play_unchecked(mv);
            if learn_replies {
                self.sequence.push(board.last_m() as u16);
            }
            passes = if mv == Move::Pass { passes + 1 } else { 0 };
            node = child;
            if self.path.len() == MAX_DEPTH - 1 {
                return false;
            }
            tree.node(node).add_virtual_loss();
            self.path.push(node);
            if passes >= 2 {
                return true;
            }
        }
    }

    /// Adds the policy network's prior to the children of `node`, whose position `board` is
    /// (`prior::network_wins` for each child's probability). Once per node: the caller holds
    /// the claim. Cold path: a node reaches `network_visits` once; the scratch is reused.
    fn add_network_prior(&mut self, s: &Shared, node: NodeId, board: &PlayoutBoard) {
        let size = board.size();
        let len = size * size + 1;
        let policies = self.policies.get_or_insert_with(|| {
            Box::new(PolicyCache::new(net::cache::ENTRIES, s.config.network))
        });
        policies.fit(s.config.network);
        let key = net::cache::key(board);
        let scratch = &mut self.network;
        scratch.fit(s.config.network.shape().1, size);
        if !policies.get(key, &mut scratch.logits[..len]) {
            net::policy(s.config.network, board, self.ladders.get_mut(), scratch);
            policies.insert(key, &scratch.logits[..len]);
        }
        // The moves reading says settle a local fight (as `children_of` found them when it
        // expanded the node) stand beside the network's first choice. Read again rather than
        // kept per node: the region reads come from the reader's cache, and a node is rated
        // once, where keeping them would cost every node of the tree memory.
        let config = &s.config.prior;
        if config.network_settling > 0.0 {
            self.read_settling(s.config, board, node == Tree::ROOT);
        } else {
            self.settling.clear();
        }
        let probabilities = &self.network.logits;
        let probability = |mv: Move| probabilities[net::data::move_index(mv, size)];
        let top = s
            .tree
            .children(node)
            .map(|child| probability(s.tree.node(child).mv()))
            .fold(0.0f32, f32::max);
        for child in s.tree.children(node) {
            let mv = s.tree.node(child).mv();
            let settles = mv.point().is_some_and(|p| self.settling.settles(p));
            let p = prior::network_probability(config, probability(mv), top, settles);
            let wins = prior::network_wins(config, size, p);
            s.tree.node(child).add_prior_wins(wins);
        }
    }

    /// Finishes the game from the end of the descent: counts `board` as it stands when
    /// `game_over`, else runs a playout (with the RAVE pool and the last good replies when
    /// they are on). Fills `result`, `first_play` and, for weighted RAVE, `first_ply`.
    /// Returns Black's area score and the plies played from the root (the playout's counted
    /// only for weighted RAVE, the one reader). Hot path: no allocation.
    fn finish(
        &mut self,
        s: &Shared,
        board: &mut PlayoutBoard,
        game_over: bool,
        learn_replies: bool,
    ) -> (i32, usize) {
        // The move into path[i] is ply i - 1; the playout's turn t is ply tree_plies + t.
        let tree_plies = self.path.len() - 1;
        if game_over {
            self.first_play.fill(0);
            area_score(board, &mut self.result);
            return (self.count(s, board), tree_plies);
        }
        let mut plies = tree_plies;
        let pooled = s.config.playout.p_pool_for(board.size()) > 0.0;
        if pooled {
            fill_pool(
                s.tree,
                &self.path,
                s.root.color,
                &s.config.playout,
                board,
                &mut self.pool,
            );
        }
        playout::run_with(
            s.config.playout_policy,
            &s.config.playout,
            playout::Lent {
                replies: learn_replies.then_some(&*self.replies),
                ladders: Some(&*self.ladders),
                pool: pooled.then_some(&*self.pool),
            },
            board,
            &mut self.rng,
            &mut self.result,
        );
        if learn_replies {
            let r = &self.result;
            self.sequence.extend_from_slice(&r.moves[..r.n_turns]);
        }
        self.first_play.copy_from_slice(&self.result.first_play);
        if s.config.amaf_decay > 0.0 {
            let r = &self.result;
            plies += r.n_turns;
            for (ply, &turn) in self.first_ply.iter_mut().zip(r.first_turn.iter()) {
                *ply = tree_plies as u16 + turn;
            }
        }
        (self.count(s, board), plies)
    }

    /// Black's score of the finished `board` (counted into `result`) under the game's
    /// counting: under territory counting the eyes of chains in seki count for nobody.
    fn count(&mut self, s: &Shared, board: &PlayoutBoard) -> i32 {
        if s.root.seki_eyes_count {
            self.result.score
        } else {
            drop_seki_eyes(board, &mut self.result)
        }
    }

    /// Records the outcome of an iteration whose game ended with Black's area `score`,
    /// `plies` from the root: this worker's ownership sums, the adaptive komi's window, the
    /// last good replies (when `learn_replies`) and the tree (`update`).
    fn record(&mut self, s: &Shared, score: i32, plies: usize, learn_replies: bool) {
        let root = s.root;
        for (sum, &o) in self.owner_sum.iter_mut().zip(self.result.owner.iter()) {
            *sum += o as i32;
        }
        // The margin by the game's komi, for the score estimates; the win by the adaptive komi.
        let margin = score as f32 - root.komi.komi();
        if let Some(&first) = self.path.get(1) {
            let mv = s.tree.node(first).mv();
            s.spread.record(mv, margin);
            self.move_owners.add(mv, &self.result.owner);
        }
        let black_wins = score as f32 > root.komi.black_komi();
        root.komi.record(black_wins == (root.color == Color::Black));
        if learn_replies {
            let winner = if black_wins {
                Color::Black
            } else {
                Color::White
            };
            // sequence[0] is the move before the root's last: the root's mover played it.
            self.replies.learn(&self.sequence, root.color, winner, 2);
        }
        let area = (root.board.size() * root.board.size()) as f32;
        let black_value = if black_wins { 1.0 } else { 0.0 }
            + s.config.score_weight * (margin / area).clamp(-1.0, 1.0)
            + margin::black_utility(
                root.margin_weight,
                s.tree,
                root.color == Color::Black,
                margin,
                root.board.size(),
            );
        self.update(
            s.tree,
            root.color,
            black_value,
            margin,
            s.config.amaf_decay,
            plies,
        );
    }

    /// Expands `node` with the candidate moves of `board`; false when the arena is full or
    /// another thread has claimed the node.
    fn expand(&mut self, s: &Shared, node: NodeId, board: &PlayoutBoard) -> bool {
        // A full arena is known before any prior is computed: at most one child per empty
        // point, and pass.
        if !s.tree.has_room(board.n_empty() + 1) || !s.tree.try_claim(node) {
            return false;
        }
        let last = s.tree.node(node).mv().point();
        self.children_of(s.config, board, last, false);
        s.tree.expand_claimed(node, &self.moves_buf)
    }

    /// Adds the outcome to every node of the path (taking off this thread's virtual loss) and
    /// the AMAF outcome to every sibling whose point the mover at its parent played first
    /// later in the game. `black_value` is the playout's outcome for Black: 1 for a win, 0
    /// for a loss, nudged by the score (`Config::score_weight`); White's is `1 - black_value`.
    /// `black_margin` is Black's area minus komi.
    /// `amaf_decay` weighs the AMAF updates by how soon after a node each move came
    /// (`Config::amaf_decay`; 0: every update weighs 1), of the `plies` the iteration played
    /// from the root, tree and playout together.
    fn update(
        &mut self,
        tree: &Tree,
        root_color: Color,
        black_value: f32,
        black_margin: f32,
        amaf_decay: f32,
        plies: usize,
    ) {
        let depth = self.path.len();
        // Colour of the player who moves at path[i]: root_color at even depths.
        let mover_at = |i: usize| {
            if i.is_multiple_of(2) {
                root_color
            } else {
                root_color.opponent()
            }
        };
        let win_for = |c: Color| match c {
            Color::Black => black_value,
            Color::White => 1.0 - black_value,
        };
        let margin_for = |c: Color| match c {
            Color::Black => black_margin,
            Color::White => -black_margin,
        };
        // Bottom-up, so that `first_play` holds the first mover of each point among the moves
        // made at or below the parent being updated.
        for i in (0..depth).rev() {
            let id = self.path[i];
            let node = tree.node(id);
            if i > 0 {
                // path[i] was reached by a move of mover_at(i - 1).
                let c = mover_at(i - 1);
                node.add(win_for(c), margin_for(c));
                node.remove_virtual_loss();
                if let Move::Play(p) = node.mv() {
                    self.first_play[p.index()] = 1 + c.index() as u8;
                    self.first_ply[p.index()] = (i - 1) as u16;
                }
            } else {
                let c = mover_at(0).opponent();
                node.add(win_for(c), margin_for(c));
            }
            if !node.is_expanded() {
                continue;
            }
            let mover = mover_at(i);
            let mark = 1 + mover.index() as u8;
            let win = win_for(mover);
            // The children's moves are ply i; the weight falls linearly over the plies
            // from there to the end (`span`, at least 1 when any child was played).
            let span = plies.saturating_sub(i).max(1) as f32;
            for child in tree.children_slice(id) {
                if let Move::Play(p) = child.mv() {
                    if self.first_play[p.index()] == mark {
                        let weight = if amaf_decay > 0.0 {
                            let after = self.first_ply[p.index()] as f32 - i as f32;
                            1.0 + amaf_decay * (1.0 - 2.0 * after / span)
                        } else {
                            1.0
                        };
                        child.add_amaf(win, weight);
                    }
                }
            }
        }
    }
}

/// Fills the RAVE pool for a playout from `board`, the end of the descent `path` (from the
/// root, where `root_color` moves): for each colour, the best `pool_size` children by AMAF
/// value (among those with `POOL_MIN_AMAF` AMAF visits or more) of the deepest node of the
/// path where that colour moves and that has `pool_min_visits` visits; empty for a colour
/// without such a node. Hot path, once per iteration: one scan of two nodes' children, no
/// allocation.
fn fill_pool(
    tree: &Tree,
    path: &[NodeId],
    root_color: Color,
    config: &playout::Config,
    board: &PlayoutBoard,
    pool: &mut Pool,
) {
    /// AMAF visits a child needs to enter the pool: fewer say little of its value.
    const POOL_MIN_AMAF: f32 = 20.0;
    let k = (config.pool_size as usize).clamp(1, POOL_MAX);
    pool.clear();
    for (parity, color) in [root_color, root_color.opponent()].into_iter().enumerate() {
        // path[i] has the root's colour to move at even i.
        let deepest = path
            .iter()
            .enumerate()
            .rev()
            .filter(|(i, _)| i % 2 == parity)
            .map(|(_, &id)| id)
            .find(|&id| {
                let n = tree.node(id);
                n.is_expanded() && n.visits() >= config.pool_min_visits
            });
        let Some(id) = deepest else { continue };
        // The best k so far, best first.
        let mut best = [(0.0f32, 0u16); POOL_MAX];
        let mut n = 0;
        for child in tree.children_slice(id) {
            let Move::Play(p) = child.mv() else { continue };
            let amaf = child.amaf();
            if amaf.visits < POOL_MIN_AMAF {
                continue;
            }
            let value = amaf.value();
            if n == k && value <= best[k - 1].0 {
                continue;
            }
            let mut i = n.min(k - 1);
            while i > 0 && best[i - 1].0 < value {
                best[i] = best[i - 1];
                i -= 1;
            }
            best[i] = (value, board.to_mailbox(p) as u16);
            n = (n + 1).min(k);
        }
        pool.set(color, best[..n].iter().map(|&(_, m)| m));
    }
}

#[cfg(test)]
mod tests;
