//! Selection: which child a descent follows. `select` takes the child of highest `urgency`,
//! the RAVE mix of its win rate (prior and virtual loss counted) and its AMAF win rate, plus
//! the UCT term when `Config::exploration` is above 0. At the root only the moves legal under
//! the game's full rules compete (`Root::legal`); below it, none that the root's
//! `Restriction` bars at that depth.
//!
//! Depends on: search (Config, Shared, tree).

use super::run::Shared;
use super::tree::{AmafStats, NodeId, Prior, Stats, Tree};
use super::Config;

/// The child of `node`, at tree depth `depth` (0: the root), with the highest urgency
/// (RAVE-mixed value plus exploration), among those the root's restriction lets its mover
/// play at that depth: `None` when it bars them all. Hot path: once per tree level per
/// iteration.
pub(super) fn select(s: &Shared, node: NodeId, depth: usize) -> Option<NodeId> {
    let tree = s.tree;
    let parent_visits = tree.node(node).visits().max(1) as f32;
    let log_parent = parent_visits.ln();
    let children = tree.children_slice(node);
    let first = tree.children(node).next().expect("expanded node").0;
    let restriction = &s.root.restriction;
    let restricted = depth > 0 && depth < restriction.depth();
    let mover = s.root.mover_at(depth);
    let mut best = None;
    let mut best_urgency = f32::NEG_INFINITY;
    for (i, c) in children.iter().enumerate() {
        if node == Tree::ROOT && !s.root.legal[i] {
            continue;
        }
        if restricted && restriction.bars(mover, c.mv(), depth) {
            continue;
        }
        let u = urgency(
            s.config,
            s.rave_equivalence,
            c.stats(),
            c.virtual_loss(),
            c.prior(),
            c.amaf(),
            log_parent,
        );
        if u > best_urgency || best.is_none() {
            best_urgency = u;
            best = Some(i);
        }
    }
    best.map(|i| NodeId(first + i as u32))
}

/// The urgency of a child: its win rate with the prior's virtual playouts counted as real
/// ones and each thread now below it counted as a lost visit (the virtual loss), mixed with
/// its AMAF win rate by RAVE's β, plus the UCT term if configured.
fn urgency(
    config: &Config,
    rave_equivalence: f32,
    stats: Stats,
    virtual_loss: u32,
    prior: Prior,
    amaf: AmafStats,
    log_parent: f32,
) -> f32 {
    let n_prior = stats.visits as f32 + virtual_loss as f32 + prior.visits();
    let n = n_prior.max(1.0);
    let q = if n_prior > 0.0 {
        (stats.wins + prior.wins()) / n_prior
    } else {
        0.5
    };
    // The AMAF statistics, with `amaf_prior` of the prior's virtual playouts.
    let an = amaf.visits + config.amaf_prior * prior.visits();
    let value = if an > 0.0 {
        let amaf_value = (amaf.wins + config.amaf_prior * prior.wins()) / an;
        let beta = an / (an + n + n * an / rave_equivalence);
        (1.0 - beta) * q + beta * amaf_value
    } else {
        q
    };
    if config.exploration > 0.0 {
        value + config.exploration * (log_parent / n).sqrt()
    } else {
        value
    }
}

#[cfg(test)]
mod tests;
