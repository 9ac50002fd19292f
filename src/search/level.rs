//! Strength levels (`--level N`, GTP `tengen-level N`): from 1, a beginner's opponent, to
//! `TOP`, full strength (the default). The one table of what each level does is `LEVELS`.
//!
//! A level below the top weakens `genmove` in two ways and keeps it a player:
//! - **Fewer playouts**: its cap (`Level::cap`) comes on top of the limits the options and the
//!   clock give; the clock still rules when it is shorter, and the cap counts the playouts of
//!   every thread (`--threads`).
//! - **A choice among good moves** (`choose`): the move is drawn among the root's moves whose
//!   visits and win rate are close enough to the most visited move's, with weights
//!   `(visits / best visits)^(1 / temperature)`, from the search's own generator seeded by
//!   `Config::seed`, so a game with `--threads 1` and a seed is reproduced.
//!
//! What a level never changes: it never plays an illegal move, never a self-atari of a chain of
//! `BIG_CHAIN` stones or more (`is_absurd`, checked on every move it may draw, the search's own
//! best included; when every move left is one, it passes), and it passes and resigns only when
//! the full search would: when its own search leads to a pass or a resignation, or to a win
//! rate below the resignation threshold, the same tree is searched on within the full limits
//! (`Search::run_at_level`) and the full decision stands if it passes or resigns; if it plays
//! on, the level's own draw is played. Analysis, `kgs-genmove_cleanup` and `review` always
//! search at full strength.
//!
//! Depends on: search (Config, Limits, Root, tree, decide), judge, playout, game, board, geom.

use super::config::DEFAULT_PLAYOUTS;
use super::report::Reporter;
use super::tree::{Tree, MAX_THREADS};
use super::worker::worker_seed;
use super::{Decision, Limits, Root, Search};
use crate::game::Game;
use crate::geom::{Color, Move};
use crate::judge;
use crate::playout::PlayoutRng;
use rand::{Rng, RngCore};
use std::time::Instant;

/// One strength level: what its `genmove` searches and how it chooses.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Level {
    /// 1 (weakest) to `TOP`.
    pub number: u32,
    /// The most playouts one move searches; `None`: as the limits say (full strength).
    pub playouts: Option<u64>,
    /// The draw's temperature: a move's weight is `(visits / best visits)^(1 / temperature)`;
    /// 0 always plays the most visited move.
    pub temperature: f32,
    /// Only moves whose win rate (with its prior, as the search sees it) is at most this
    /// below the most visited move's may be drawn.
    pub tolerance: f32,
    /// … and only moves with at least this share of the most visited move's visits (and one
    /// visit at least).
    pub min_share: f32,
}

/// The number of the full-strength level, what tengen plays with no `--level`.
pub const TOP: u32 = 10;

/// A chain of this many stones or more is never put in atari by its own move below the top
/// level (`is_absurd`). Three: a sacrifice of one or two stones (a throw-in, a nakade
/// shape) can be right, a bigger one almost never is at these strengths.
pub const BIG_CHAIN: usize = 3;

const fn level(
    number: u32,
    playouts: u64,
    temperature: f32,
    tolerance: f32,
    min_share: f32,
) -> Level {
    Level {
        number,
        playouts: Some(playouts),
        temperature,
        tolerance,
        min_share,
    }
}

/// Every level, weakest first: each step doubles the playouts (about 100 Elo a doubling in
/// this range of Monte Carlo engines) and narrows the choice. Calibrated by games in
/// docs/levels.md.
pub const LEVELS: [Level; TOP as usize] = [
    level(1, 16, 2.0, 0.30, 0.0),
    level(2, 32, 1.5, 0.25, 0.0),
    level(3, 64, 1.2, 0.20, 0.02),
    level(4, 128, 1.0, 0.15, 0.03),
    level(5, 256, 0.8, 0.12, 0.05),
    level(6, 512, 0.6, 0.09, 0.07),
    level(7, 1000, 0.45, 0.06, 0.10),
    level(8, 2000, 0.3, 0.04, 0.15),
    level(9, 4000, 0.2, 0.02, 0.20),
    Level {
        number: TOP,
        playouts: None,
        temperature: 0.0,
        tolerance: 0.0,
        min_share: 1.0,
    },
];

/// A level number outside 1 to `TOP`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NoSuchLevel(pub i64);

impl std::fmt::Display for NoSuchLevel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "no level {}: levels go from 1 to {TOP}", self.0)
    }
}

impl std::error::Error for NoSuchLevel {}

impl Level {
    /// Level `number`, 1 to `TOP`.
    pub fn new(number: i64) -> Result<Level, NoSuchLevel> {
        usize::try_from(number)
            .ok()
            .and_then(|n| n.checked_sub(1))
            .and_then(|i| LEVELS.get(i))
            .copied()
            .ok_or(NoSuchLevel(number))
    }

    /// Full strength.
    pub fn top() -> Level {
        LEVELS[TOP as usize - 1]
    }

    pub fn is_top(&self) -> bool {
        self.number == TOP
    }

    /// `limits` with this level's playout cap: at most `playouts` of them, however many the
    /// limits allow (`DEFAULT_PLAYOUTS` when they set neither playouts nor time), and no
    /// stretch past the deadline. The time limit and the stop flag stay.
    pub fn cap(&self, limits: &Limits) -> Limits {
        let Some(cap) = self.playouts else {
            return limits.clone();
        };
        let allowed = match (limits.playouts, limits.time) {
            (Some(n), _) => n,
            (None, Some(_)) => u64::MAX,
            (None, None) => DEFAULT_PLAYOUTS,
        };
        Limits {
            playouts: Some(allowed.min(cap)),
            stretch: None,
            ..limits.clone()
        }
    }
}

impl Default for Level {
    fn default() -> Level {
        Level::top()
    }
}

/// A root move as the choice sees it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Candidate {
    /// Real visits.
    pub visits: u32,
    /// Win rate for the mover, its prior included.
    pub value: f32,
}

/// Whether `c` may be drawn at `level` beside `best`: visited, with enough of the best's
/// visits and a win rate within the tolerance. The best itself always may.
pub fn eligible(level: &Level, best: &Candidate, c: &Candidate) -> bool {
    c.visits >= 1
        && c.visits as f32 >= level.min_share * best.visits as f32
        && c.value >= best.value - level.tolerance
}

/// The index of the move to play among `candidates`, of which `best` is the most visited:
/// `best` at a temperature of 0 (the top level), else a draw among the `eligible` ones with
/// weights `(visits / best visits)^(1 / temperature)`.
pub fn choose<R: RngCore>(
    level: &Level,
    candidates: &[Candidate],
    best: usize,
    rng: &mut R,
) -> usize {
    if level.temperature <= 0.0 || candidates[best].visits == 0 {
        return best;
    }
    let top = candidates[best];
    let weight = |c: &Candidate| {
        if eligible(level, &top, c) {
            (c.visits as f64 / top.visits as f64).powf(1.0 / level.temperature as f64)
        } else {
            0.0
        }
    };
    let total: f64 = candidates.iter().map(weight).sum();
    let mut x = rng.gen::<f64>() * total;
    for (i, c) in candidates.iter().enumerate() {
        let w = weight(c);
        if w > 0.0 && x < w {
            return i;
        }
        x -= w;
    }
    best
}

/// Whether `color` playing `mv` in `game` leaves a chain of `BIG_CHAIN` stones or more in
/// atari (a self-atari, or a chain in atari run on without a second liberty), is a suicide,
/// or is illegal: a move no level below the top plays.
pub fn is_absurd(game: &Game, color: Color, mv: Move) -> bool {
    let Move::Play(p) = mv else {
        return false;
    };
    if game.check(color, mv).is_err() {
        return true;
    }
    let mut after = game.position().clone();
    match after.try_play(color, mv, game.rules().suicide_allowed) {
        // A suicide (where the rules allow it) throws stones away too.
        Ok(_) => {
            after.stone_at(p) != Some(color)
                || (after.n_liberties(p) == 1 && after.chain(p).count() >= BIG_CHAIN)
        }
        Err(_) => true,
    }
}

/// The generator of the level's draws: its own stream of `seed`, apart from the workers'.
pub(super) fn level_rng(seed: u64) -> PlayoutRng {
    PlayoutRng::new(worker_seed(seed, MAX_THREADS))
}

impl Search {
    /// `genmove`'s search and decision at `config.level`: the full search at the top level;
    /// below it, a search within the level's cap and the level's draw (`draw`) in place of
    /// the search's favourite, unless that search leads to a pass, a resignation or a win
    /// rate below the resignation threshold: then the tree is searched on within `limits`
    /// (the time already spent taken off) and the full decision stands when it passes or
    /// resigns; when it plays its favourite, the level's draw from its own search is played
    /// instead, so the full search decides only whether to pass or resign.
    pub(super) fn run_at_level(
        &mut self,
        tree: &mut Tree,
        root: &Root,
        game: &Game,
        limits: &Limits,
        judged: Option<judge::Judgment>,
        mut reporter: Option<&mut Reporter>,
    ) -> Decision {
        let level = self.config.level;
        if level.is_top() {
            self.run(tree, root, limits, reporter);
            return self.decide(tree, root, game, judged);
        }
        let start = Instant::now();
        self.run(tree, root, &level.cap(limits), reporter.as_deref_mut());
        let decision = self.decide(tree, root, game, judged.clone());
        let losing = self
            .config
            .resign_threshold
            .is_some_and(|t| self.summary.win_rate < t);
        let drawn = self.draw(tree, root, game);
        let favourite = self.best_child(tree, root).map(|c| tree.node(c).mv());
        let decision = match decision {
            Decision::Play(mv @ Move::Play(_)) if !losing => {
                let absurd = is_absurd(game, root.color, mv);
                replace_favourite(decision, mv, absurd, favourite, drawn)
            }
            _ => {
                let spent = start.elapsed();
                let rest = Limits {
                    time: limits.time.map(|t| t.saturating_sub(spent)),
                    stretch: limits.stretch.map(|t| t.saturating_sub(spent)),
                    ..limits.clone()
                };
                log::info!("level {}: the full search decides", level.number);
                self.run(tree, root, &rest, reporter);
                let full = self.decide(tree, root, game, judged);
                let favourite = self.best_child(tree, root).map(|c| tree.node(c).mv());
                match full {
                    Decision::Play(mv @ Move::Play(_)) => {
                        let drawn = drawn.or_else(|| self.draw(tree, root, game));
                        let absurd = is_absurd(game, root.color, mv);
                        replace_favourite(full, mv, absurd, favourite, drawn)
                    }
                    other => other,
                }
            }
        };
        self.summary.elapsed = start.elapsed();
        if let (Decision::Play(mv), Some(f)) = (decision, favourite) {
            if mv != f {
                log::info!("level {}: {mv} drawn instead of {f}", level.number);
            }
        }
        decision
    }

    /// The level's draw (`choose`) among the root's moves the search visited that are not
    /// `is_absurd`, the most visited of them as the best; `None` when there is none.
    fn draw(&mut self, tree: &Tree, root: &Root, game: &Game) -> Option<Move> {
        let color = root.color;
        let (moves, candidates): (Vec<Move>, Vec<Candidate>) = root
            .legal_children(tree)
            .map(|c| tree.node(c))
            .filter(|n| n.mv() != Move::Pass && n.visits() > 0)
            .filter(|n| !is_absurd(game, color, n.mv()))
            .map(|n| {
                let (stats, prior) = (n.stats(), n.prior());
                let visits = stats.visits as f32 + prior.visits();
                let value = if visits > 0.0 {
                    (stats.wins + prior.wins()) / visits
                } else {
                    0.5
                };
                let visits = stats.visits;
                (n.mv(), Candidate { visits, value })
            })
            .unzip();
        let best = (0..candidates.len()).max_by_key(|&i| candidates[i].visits)?;
        let level = self.config.level;
        Some(moves[choose(&level, &candidates, best, &mut self.level_rng)])
    }
}

/// `decision` (a move `mv`, `absurd` by `is_absurd`) with the level's `drawn` move in place of
/// the search's `favourite`; a move `decide` chose for another reason (a capture rather than a
/// pass) stands, unless it is absurd: with nothing to draw (every move left fills the last
/// liberties of a lost group of its own, say) a level passes rather than play it.
fn replace_favourite(
    decision: Decision,
    mv: Move,
    absurd: bool,
    favourite: Option<Move>,
    drawn: Option<Move>,
) -> Decision {
    match drawn {
        Some(drawn) if favourite == Some(mv) => Decision::Play(drawn),
        _ if absurd => Decision::Play(Move::Pass),
        _ => decision,
    }
}

#[cfg(test)]
mod tests;
