//! A decided game plays for the margin.
//!
//! A Monte Carlo search maximises the probability of winning. Once every move wins (or every
//! move loses) it cannot tell the move that keeps a seki or kills a bent four from a move
//! elsewhere that gives those points away: in GNU Go's seki regression (`seki06`: White wins
//! whatever it plays) tengen played C9, which wins, where the vital point B2 wins by 14 more
//! points. KataGo always adds a score utility to the win; here it is added only while the game
//! is decided for the search, so that close games are searched for the win alone:
//!
//! - *decided*: after `MIN_VISITS` playouts through the root, the side to move wins more than
//!   `DECIDED` of them, or less than `1 - DECIDED`;
//! - the utility of a playout's margin `m` is `weight · (2/π) · atan((m - c) / s)`, where `c`
//!   is the root's mean margin so far (the margin the search expects: a point gained around
//!   it is worth most, a point far from it little) and `s = SCALE_PER_SIDE · side`, half the
//!   board's side in points (4.5 on 9×9, 9.5 on 19×19).
//!
//! The utility is added to the playout's win (0 or 1) for Black, as `Config::score_weight`'s
//! linear term is, so a node's value may leave [0, 1] by at most `weight`. Only `genmove`
//! searches use it (`Root::margin_weight`, from `Config::decided_margin_weight` below 13×13
//! and `decided_margin_weight_large` above): the win rates that analysis reports stay the
//! real ones.
//!
//! Depends on: search (tree).

use super::tree::Tree;

/// Root playouts before the root's win rate may call the game decided.
const MIN_VISITS: u32 = 256;
/// The root mover's win rate above which (or below one minus which) the game is decided.
const DECIDED: f32 = 0.9;
/// The utility's scale, per point of the board's side.
const SCALE_PER_SIDE: f32 = 0.5;

/// The margin utility of one playout for Black: Black's final margin `black_margin` (komi
/// taken off), on a board of side `size`, with the tree as it stands. 0 while the game is not
/// decided or `weight` is 0. Hot path: two relaxed loads of the root's statistics and an
/// `atan` per playout, only when `weight` is not 0.
#[inline]
pub(super) fn black_utility(
    weight: f32,
    tree: &Tree,
    root_is_black: bool,
    black_margin: f32,
    size: usize,
) -> f32 {
    if weight == 0.0 {
        return 0.0;
    }
    let root = tree.node(Tree::ROOT);
    let stats = root.stats();
    if stats.visits < MIN_VISITS {
        return 0.0;
    }
    // The root's statistics count for the player who moved into it: the root mover's
    // opponent.
    let mover_wins = 1.0 - stats.value();
    if (1.0 - DECIDED..=DECIDED).contains(&mover_wins) {
        return 0.0;
    }
    let opponent_margin = root.score_mean();
    let black_center = if root_is_black {
        -opponent_margin
    } else {
        opponent_margin
    };
    utility(weight, black_margin - black_center, size)
}

/// `weight · (2/π) · atan(excess / s)`: the utility of a margin `excess` points above the
/// expected one, in (-weight, weight).
fn utility(weight: f32, excess: f32, size: usize) -> f32 {
    let scale = SCALE_PER_SIDE * size as f32;
    weight * std::f32::consts::FRAC_2_PI * (excess / scale).atan()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Move;
    use crate::search::tree::Prior;

    /// A tree whose root has `visits` playouts won `wins` by the player who moved into it,
    /// with mean margin `margin` for that player.
    fn root_with(visits: u32, wins: u32, margin: f32) -> Tree {
        let tree = Tree::new(16);
        tree.expand(Tree::ROOT, &[(Move::Pass, Prior::new(0.0, 0.5))]);
        let root = tree.node(Tree::ROOT);
        for i in 0..visits {
            root.add(if i < wins { 1.0 } else { 0.0 }, margin);
        }
        tree
    }

    #[test]
    fn nothing_while_the_game_is_open_or_the_weight_is_zero() {
        // The root mover (Black) wins half: open.
        let open = root_with(1000, 500, 0.0);
        assert_eq!(black_utility(0.3, &open, true, 20.0, 9), 0.0);
        // Decided, but too few playouts yet.
        let young = root_with(100, 0, -10.0);
        assert_eq!(black_utility(0.3, &young, true, 20.0, 9), 0.0);
        let decided = root_with(1000, 20, -10.0);
        assert_eq!(black_utility(0.0, &decided, true, 20.0, 9), 0.0);
    }

    #[test]
    fn a_decided_game_rewards_margin_above_the_expected_one() {
        // White moved into the root and wins 2% of its playouts: Black, to move, wins 98%,
        // expecting to win by 10 points.
        let tree = root_with(1000, 20, -10.0);
        let at_center = black_utility(0.3, &tree, true, 10.0, 9);
        assert!(at_center.abs() < 1e-3, "{at_center}");
        let more = black_utility(0.3, &tree, true, 24.0, 9);
        let less = black_utility(0.3, &tree, true, -4.0, 9);
        assert!(more > 0.1 && more < 0.3, "{more}");
        assert!(
            (more + less).abs() < 1e-5,
            "odd around the center: {more} {less}"
        );
        // The same with colours swapped: White to move wins 98% by 10 (the root's statistics
        // are then Black's, who moved into it); White winning by 24 is Black's loss.
        let tree = root_with(1000, 20, -10.0);
        let white_view = black_utility(0.3, &tree, false, -24.0, 9);
        assert!((white_view + more).abs() < 1e-5, "{white_view} {more}");
    }

    #[test]
    fn a_lost_game_plays_for_the_margin_too() {
        // Black wins 5%: decided the other way; losing by less is better.
        let tree = root_with(1000, 950, 20.0);
        let closer = black_utility(0.3, &tree, true, -5.0, 19);
        let farther = black_utility(0.3, &tree, true, -40.0, 19);
        assert!(closer > 0.0 && farther < 0.0, "{closer} {farther}");
    }

    #[test]
    fn the_utility_is_bounded_by_its_weight() {
        for excess in [-1000.0, -10.0, 0.0, 10.0, 1000.0] {
            for size in [9, 13, 19] {
                assert!(utility(0.25, excess, size).abs() < 0.25);
            }
        }
    }
}
