//! Tree reuse: `Search::prepare` builds the root of a search, from the subtree of the tree
//! kept by the last search when the game went on from it (`reused_tree_until`), else from a
//! new tree; `keep` stores the tree after a search with the state it belongs to (`TreeKey`).
//!
//! Invariant: a kept tree is reused only for the same board size, komi and history, and only
//! when every root move is legal on the new root's board (`root_fits_board`; issue #6).
//!
//! Depends on: search (Config, Root, Worker, komi, tree), game, playout, geom.

use super::komi::{playout_komi, KomiControl};
use super::tree::Tree;
use super::{Restriction, Root, Search};
use crate::game::{Game, Scoring};
use crate::geom::{Color, Move, Point, MAX_POINTS};
use crate::mailbox::PlayoutBoard;
use std::sync::atomic::AtomicBool;

/// Identifies the game state a kept tree was built for. The board size is part of it: the
/// hash of an empty board is 0 on every size, so moves and hash alone cannot tell an empty
/// 19×19 from an empty 9×9 (issue #6: a 19×19 tree reused on 9×9 played its off-board
/// points into the playout board and corrupted its chain lists, and the descent never ended).
pub(super) struct TreeKey {
    size: usize,
    moves: Vec<(Color, Move)>,
    root_hash: u64,
    color: Color,
    komi: f32,
    /// The counting the statistics were gathered under (`Root::seki_eyes_count`).
    seki_eyes_count: bool,
}

impl Search {
    /// Builds the root: the kept subtree when the game continued from the last search, else a
    /// new tree. The root is expanded, and each child checked against the full rules.
    pub(super) fn prepare(&mut self, game: &Game, color: Color) -> (Tree, Root) {
        self.prepare_until(game, color, None)
    }

    /// `prepare`, with the kept tree's reroot cut short when `stop` is raised (pondering:
    /// the next command must not wait for it).
    pub(super) fn prepare_until(
        &mut self,
        game: &Game,
        color: Color,
        stop: Option<&AtomicBool>,
    ) -> (Tree, Root) {
        let mut board = PlayoutBoard::from_position(game.position());
        board.set_to_move(color);
        board.set_last_moves(last_two_moves(game));
        let komi = playout_komi(&self.config, game);
        let passes = game
            .moves()
            .iter()
            .rev()
            .take(2)
            .take_while(|(_, mv)| *mv == Move::Pass)
            .count() as u32;
        // Room for the root's children whatever `max_nodes` says.
        let capacity = self.config.max_nodes.max(MAX_POINTS + 2);
        let tree = self
            .reused_tree_until(game, color, komi, stop)
            .filter(|tree| root_fits_board(tree, &board))
            .unwrap_or_else(|| Tree::new(capacity));
        let [last, _] = board.last_moves();
        if !tree.node(Tree::ROOT).is_expanded() {
            let w = &mut self.workers[0];
            w.children_of(&self.config, &board, last, true);
            let expanded = tree.expand(Tree::ROOT, &w.moves_buf);
            debug_assert!(expanded, "a tree of {} nodes", tree.len());
        }
        let legal = tree
            .children_slice(Tree::ROOT)
            .iter()
            .map(|c| game.check(color, c.mv()).is_ok())
            .collect();
        let root = Root {
            board,
            color,
            komi: KomiControl::new(self.config.adaptive_komi, komi, color, None, false),
            passes,
            legal,
            restriction: Restriction::default(),
            margin_weight: 0.0,
            seki_eyes_count: seki_eyes_count(game),
        };
        (tree, root)
    }

    /// The kept tree's subtree for the current game, if the game went on from the kept root
    /// by moves the tree has (alternating colours) and the rest of the state is the same.
    #[cfg(test)]
    pub(super) fn reused_tree(&mut self, game: &Game, color: Color, komi: f32) -> Option<Tree> {
        self.reused_tree_until(game, color, komi, None)
    }

    /// `reused_tree`, rerooted in place (`Tree::reroot`, cut short when `stop` is raised). The
    /// same position (pondering resumed after a command) reuses the tree as it is.
    fn reused_tree_until(
        &mut self,
        game: &Game,
        color: Color,
        komi: f32,
        stop: Option<&AtomicBool>,
    ) -> Option<Tree> {
        let (tree, key) = self.kept.take()?;
        if !self.config.reuse_tree
            || key.komi != komi
            || key.size != game.size()
            || key.seki_eyes_count != seki_eyes_count(game)
        {
            return None;
        }
        let moves = game.moves();
        let extra = moves.get(key.moves.len()..)?;
        if moves[..key.moves.len()] != key.moves[..] || extra.len() > 8 {
            return None;
        }
        let mut replay = game.clone();
        for _ in 0..extra.len() {
            replay.undo().ok()?;
        }
        if replay.position().position_hash() != key.root_hash {
            return None;
        }
        let mut node = Tree::ROOT;
        let mut mover = key.color;
        for &(c, mv) in extra {
            if c != mover {
                return None;
            }
            node = tree.child_by_move(node, mv)?;
            mover = mover.opponent();
        }
        if mover != color {
            return None;
        }
        if tree.capacity() != self.config.max_nodes.max(MAX_POINTS + 2) {
            return None;
        }
        let mut tree = tree;
        if !extra.is_empty() {
            tree.reroot(node, stop);
        }
        Some(tree)
    }

    /// Keeps the tree for the next search.
    pub(super) fn keep(&mut self, tree: Tree, game: &Game, color: Color) {
        let komi = playout_komi(&self.config, game);
        self.kept = Some((
            tree,
            TreeKey {
                size: game.size(),
                moves: game.moves().to_vec(),
                root_hash: game.position().position_hash(),
                color,
                komi,
                seki_eyes_count: seki_eyes_count(game),
            },
        ));
    }
}

/// Returns true if and only if every move of the (expanded) root of `tree` is a pass or a
/// legal move on `board`: a kept tree is only reused for the position it was built on.
fn root_fits_board(tree: &Tree, board: &PlayoutBoard) -> bool {
    tree.children_slice(Tree::ROOT)
        .iter()
        .all(|c| match c.mv() {
            Move::Pass => true,
            Move::Play(p) => board.is_legal(p),
        })
}

/// Whether the eyes of a chain in seki count for their owner: they do under area counting,
/// not under territory counting (Japanese rules, `../shared/RULES.md`).
fn seki_eyes_count(game: &Game) -> bool {
    game.rules().scoring != Scoring::Territory
}

/// The game's last two moves, most recent first (`None` for a pass or no move), for the root
/// board: the priors, the move features and the heavy playouts answer them.
fn last_two_moves(game: &Game) -> [Option<Point>; 2] {
    let mut recent = game.moves().iter().rev().map(|&(_, mv)| mv.point());
    [recent.next().flatten(), recent.next().flatten()]
}

#[cfg(test)]
mod tests;
