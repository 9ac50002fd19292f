//! The decision: what a finished search plays. `decide` resigns when clearly lost, passes
//! only when passing does not lose (by `judge::judge`, the count `final_score` gives), takes
//! off dead stones in atari and saves its own before passing, and never plays an illegal
//! move; `cleanup` is `genmove_cleanup`'s rule (capture every dead stone before passing).
//! Here too are the root's ranked moves and the principal variation (`variation`), which
//! analysis reports as well.
//!
//! Depends on: search (Config, Limits, Root, tree), judge, game, board, geom.

use super::tree::{NodeId, Tree};
use super::{Decision, Limits, Root, Search};
use crate::board::Bitboard;
use crate::game::{Game, Scoring};
use crate::geom::{Color, Move, Point};
use crate::judge;
use std::time::Instant;

/// Longest principal variation in the `Summary` (and the log).
const SUMMARY_PV: usize = 12;

impl Search {
    /// The most visited root move that is legal under the full rules.
    pub(super) fn best_child(&self, tree: &Tree, root: &Root) -> Option<NodeId> {
        root.legal_children(tree)
            .max_by_key(|&c| tree.node(c).visits())
    }

    /// Legal root moves, most visited first.
    fn ranked_root_moves(&self, tree: &Tree, root: &Root) -> Vec<Move> {
        let mut ranked: Vec<(u32, Move)> = root
            .legal_children(tree)
            .map(|c| (tree.node(c).visits(), tree.node(c).mv()))
            .collect();
        ranked.sort_by_key(|&(visits, _)| std::cmp::Reverse(visits));
        ranked.into_iter().map(|(_, mv)| mv).collect()
    }

    /// The principal variation of the search: the best root move (`best_child`), then the most
    /// visited reply at each level while it has real visits, `SUMMARY_PV` moves at most.
    pub(super) fn principal_variation(&self, tree: &Tree, root: &Root) -> Vec<Move> {
        match self.best_child(tree, root) {
            Some(best) => variation(tree, best, SUMMARY_PV)
                .map(|c| tree.node(c).mv())
                .collect(),
            None => Vec::new(),
        }
    }

    /// When a pass is in question (the opponent passed, or a third of the board or less is
    /// empty) and the search has a time limit, judges the position first and takes the
    /// judgment's time off the limit: the pass decision then costs no time after the
    /// deadline (2,000 judging playouts are ~0.1–0.3 s on 19×19, which a short byo-yomi period
    /// cannot spare). Otherwise `decide` judges only if it needs to.
    pub(super) fn judge_within(
        &self,
        game: &Game,
        root: &Root,
        limits: &Limits,
    ) -> (Option<judge::Judgment>, Limits) {
        let size = root.board.size();
        let late = root.passes >= 1 || root.board.n_empty() * 3 <= size * size;
        match limits.time {
            Some(time) if late => {
                let start = Instant::now();
                let judgment = judge::judge(game, &self.config.judge);
                let limits = Limits {
                    time: Some(time.saturating_sub(start.elapsed())),
                    ..limits.clone()
                };
                (Some(judgment), limits)
            }
            _ => (None, limits.clone()),
        }
    }

    /// Turns the finished search into a decision: resign when clearly lost, pass only when
    /// passing does not lose, and never an illegal move.
    pub(super) fn decide(
        &self,
        tree: &Tree,
        root: &Root,
        game: &Game,
        judged: Option<judge::Judgment>,
    ) -> Decision {
        let ranked = self.ranked_root_moves(tree, root);
        let best = match ranked.first() {
            Some(&mv) => mv,
            None => return Decision::Play(Move::Pass),
        };
        let best_id = self
            .best_child(tree, root)
            .expect("a ranked move has a node");
        let win_rate = tree.node(best_id).stats().value();
        let real_visits = self.summary.playouts;
        // A search that gave komi away measured a win rate below the true one: no resigning.
        if let Some(threshold) = self.config.resign_threshold {
            if win_rate < threshold && real_visits >= 500 && self.summary.komi_given <= 0 {
                return Decision::Resign;
            }
        }
        let color = root.color;
        // The same judgment as `final_score` (`judge::judge`): never pass believing one
        // result and then report another. Judged once, and only if a pass is in question.
        let judgment = std::cell::OnceCell::new();
        if let Some(j) = judged {
            let _ = judgment.set(j);
        }
        let judged = || judgment.get_or_init(|| judge::judge(game, &self.config.judge));
        let passing_wins = || judged().score(game) * color.sign() as f32 > 0.0;
        let opponent_passed = root.passes >= 1;
        let mut chosen = if best == Move::Pass {
            let other = ranked.iter().copied().find(|&mv| mv != Move::Pass);
            match other {
                Some(mv) if !passing_wins() => mv,
                _ => Move::Pass,
            }
        } else if opponent_passed
            && win_rate > 0.5
            && ranked.contains(&Move::Pass)
            && passing_wins()
        {
            // The opponent passed and the count says we win: end the game.
            Move::Pass
        } else {
            best
        };
        if chosen == Move::Pass {
            if let Some(mv) = instead_of_passing(game, color, judgment.get()) {
                chosen = mv;
            }
        }
        debug_assert!(game.check(color, chosen).is_ok());
        if game.check(color, chosen).is_ok() {
            Decision::Play(chosen)
        } else {
            log::error!("search chose illegal {chosen}; passing");
            Decision::Play(Move::Pass)
        }
    }

    /// `genmove_cleanup`'s rule over the search's `decision`: while stones of the opponent
    /// that `judge::judge` finds dead remain, never pass: play on a liberty of a dead chain
    /// (one that does not put itself in atari when there is one), or the best other move.
    /// With nothing left to capture, never play inside its own territory: pass.
    pub(super) fn cleanup(
        &self,
        tree: &Tree,
        root: &Root,
        game: &Game,
        decision: Decision,
    ) -> Decision {
        let color = root.color;
        let judgment = judge::judge(game, &self.config.judge);
        let dead = judgment.dead & game.position().stones(color.opponent());
        if dead.is_empty() {
            match decision {
                Decision::Play(Move::Play(p)) if judge::owns(game, &judgment, p) == Some(color) => {
                    Decision::Play(Move::Pass)
                }
                other => other,
            }
        } else {
            match decision {
                Decision::Play(Move::Play(p))
                    if !dead.contains(p) && !is_liberty_of(game, dead, p) =>
                {
                    capture_move(game, color, dead)
                        .map(Decision::Play)
                        .unwrap_or(decision)
                }
                Decision::Play(Move::Pass) | Decision::Resign => capture_move(game, color, dead)
                    .or_else(|| {
                        self.ranked_root_moves(tree, root)
                            .into_iter()
                            .find(|&mv| mv != Move::Pass)
                    })
                    .map_or(decision, Decision::Play),
                other => other,
            }
        }
    }
}

/// The principal variation from `node` (included): the most visited child at each level
/// while it has real visits, `max_len` nodes at most.
pub(super) fn variation(
    tree: &Tree,
    node: NodeId,
    max_len: usize,
) -> impl Iterator<Item = NodeId> + '_ {
    std::iter::successors(Some(node), |&n| {
        tree.children(n)
            .max_by_key(|&c| tree.node(c).visits())
            .filter(|&c| tree.node(c).visits() > 0)
    })
    .take(max_len)
}

/// The move to play rather than pass, if any: a capture of the opponent's stones that
/// `judgment` (when the position was judged) finds dead and that are already in atari, else,
/// under area counting, a move that saves a chain of `color` in atari.
fn instead_of_passing(
    game: &Game,
    color: Color,
    judgment: Option<&judge::Judgment>,
) -> Option<Move> {
    // Take off the opponent's dead stones that are already in atari: a pass leaves the
    // capture (often a ko) to the scorer, and another scorer may count it the other way (a
    // match game against GNU Go was disputed by 77 points over a dead chain in atari that
    // tengen passed beside). Finite: every capture removes stones.
    if let Some(judgment) = judgment {
        let pos = game.position();
        let in_atari = (judgment.dead & pos.stones(color.opponent()))
            .into_iter()
            .filter(|&p| pos.n_liberties(p) == 1)
            .fold(Bitboard::EMPTY, |mut b, p| {
                b.insert(p);
                b
            });
        if let Some(mv) = capture_move(game, color, in_atari) {
            return Some(mv);
        }
    }
    // Nor leave a stone of ours in atari that one move saves: under area counting the move
    // costs nothing, and the scorer may count the stone as captured (a match game against GNU
    // Go was disputed over a white stone in atari whose connection lay inside White's area:
    // W+0.5 by tengen's count, B+3.5 by GNU Go's). Finite: every such move adds a stone and
    // leaves the chain two liberties or more.
    if game.rules().scoring != Scoring::Territory {
        return saving_move(game, color);
    }
    None
}

/// Returns true if and only if `p` is a liberty of a chain of `dead`.
fn is_liberty_of(game: &Game, dead: Bitboard, p: Point) -> bool {
    p.neighbors(game.size()).any(|q| dead.contains(q))
}

/// A legal move of `color` on a liberty of a dead chain, preferring one that does not leave
/// the mover in atari (so that the dead stones cannot capture it), fewest liberties of the
/// dead chain first (the capture comes soonest).
fn capture_move(game: &Game, color: Color, dead: Bitboard) -> Option<Move> {
    let pos = game.position();
    let mut best: Option<(bool, usize, Move)> = None;
    for p in dead {
        let libs = pos.liberties(p);
        for lib in libs {
            let mv = Move::Play(lib);
            let Some(safe) = leaves_two_liberties(game, color, lib) else {
                continue;
            };
            let key = (!safe, libs.count(), mv);
            if best.is_none_or(|b| (key.0, key.1) < (b.0, b.1)) {
                best = Some(key);
            }
        }
    }
    best.map(|b| b.2)
}

/// Whether `color` playing at `p` leaves the chain there two liberties or more; `None` when
/// the move is illegal.
fn leaves_two_liberties(game: &Game, color: Color, p: Point) -> Option<bool> {
    game.check(color, Move::Play(p)).ok()?;
    let mut after = game.position().clone();
    Some(
        after
            .try_play(color, Move::Play(p), game.rules().suicide_allowed)
            .is_ok_and(|_| after.n_liberties(p) >= 2),
    )
}

/// A legal move of `color` on the last liberty of one of its chains in atari after which
/// that chain has two liberties or more (the largest chain first), if any.
fn saving_move(game: &Game, color: Color) -> Option<Move> {
    let pos = game.position();
    let mut best: Option<(usize, Move)> = None;
    for p in pos.stones(color) {
        if pos.n_liberties(p) != 1 {
            continue;
        }
        let Some(lib) = pos.liberties(p).into_iter().next() else {
            continue;
        };
        let stones = pos.chain(p).count();
        let saved = leaves_two_liberties(game, color, lib) == Some(true);
        if saved && best.is_none_or(|(n, _)| stones > n) {
            best = Some((stones, Move::Play(lib)));
        }
    }
    best.map(|(_, mv)| mv)
}

#[cfg(test)]
mod tests;
