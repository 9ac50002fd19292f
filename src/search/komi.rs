//! The komi a search's playouts count: the game's komi plus handicap compensation
//! (`playout_komi`), and the two kinds of dynamic komi on top of it.
//!
//! Linear dynamic komi (`dynamic_komi`), in handicap games: extra komi for White that shrinks
//! to 0 over the first moves (Pachi's "linear"). Off by default (`Config::dynkomi_per_stone`).
//!
//! Adaptive komi: on large boards, the komi a `genmove` search counts its playouts with
//! follows the search's own win rate (Baudiš 2011, "Balancing MCTS by dynamically adjusting
//! komi value"; Pachi's default `adaptive` dynamic komi, value-based).
//!
//! A Monte Carlo search maximises the probability of winning, not the margin. Far ahead,
//! every move wins and the search cannot tell a solid move from a slack one; far behind,
//! every move loses. On 19×19 against GNU Go most of tengen's wins were by 0.5 or 1.5 points
//! (docs/strength.md): a lead the search believes safe is given back until it is not, and then one
//! misjudged fight loses the game. Here, while the playouts through the root win more than
//! `green` of the time, the side to move gives its opponent one more point of komi; below
//! `red`, it takes one back (at most `max_taken` points in all). The search then always
//! plays for a margin it can still win by most of the time.
//!
//! - The step is taken every `interval` playouts, from the win rate of those playouts alone
//!   (not the root's running mean, which remembers the komi it was measured with).
//! - A ratchet: the komi given when the win rate last fell into the red zone is not given
//!   again in this game (the position showed it cannot afford it).
//! - Off in the opening (the first `LEAD_MOVES` moves of 19×19, scaled by area) and towards
//!   the end (`ENDGAME_MOVES_LEFT`): there the true komi decides, and the search must not
//!   fool itself about what wins.
//! - Only `genmove` searches use it. Pondering and analysis count with the game's komi, so
//!   that the win rates they report are the real ones.
//!
//! The state kept between moves is `AdaptiveKomi`; within a search, `KomiControl` holds it in
//! atomics that every thread reads at each playout (one load) and adds its outcome to (one
//! add).
//!
//! Depends on: search (Config), game, param, geom.

use super::Config;
use crate::game::{Game, Scoring};
use crate::geom::Color;
use crate::param::{field, within, Param, Tunable};
use std::sync::atomic::{AtomicI32, AtomicU64, Ordering};

/// Komi plus handicap compensation, as a playout's area count must beat it (White's points of
/// compensation count only under area counting; territory counting gives none), plus the
/// dynamic komi of handicap games.
pub(super) fn playout_komi(config: &Config, game: &Game) -> f32 {
    let compensation = match game.rules().scoring {
        Scoring::Area | Scoring::TrompTaylor => {
            game.rules().handicap_compensation.points(game.handicap())
        }
        Scoring::Territory => 0.0,
    };
    game.komi() + compensation + dynamic_komi(config, game)
}

/// Extra komi for White in a handicap game, shrinking linearly to 0 over the first
/// `dynkomi_moves` moves (scaled from 19×19 by the board's area), in whole points so that a
/// kept tree stays valid for a few moves. Pachi's "linear" dynamic komi: the handicap makes
/// every playout a win for Black (or a loss for White), and a search whose moves all win or
/// all lose cannot tell good moves from slack ones; the extra komi brings the win rates back
/// towards one half, for whichever side tengen plays, and vanishes as the game settles.
fn dynamic_komi(config: &Config, game: &Game) -> f32 {
    let stones = game.handicap();
    if stones < 2 {
        return 0.0;
    }
    let area = (game.size() * game.size()) as f32;
    let horizon = (config.dynkomi_moves * area / 361.0).max(1.0);
    let left = (1.0 - game.moves().len() as f32 / horizon).max(0.0);
    (config.dynkomi_per_stone * stones as f32 * left).round()
}

/// Moves of a 19×19 game (scaled by the board's area) before the komi adapts: the opening's
/// win rates are near one half anyway, and noisy.
const LEAD_MOVES: f32 = 20.0;

/// The komi stops adapting when, by Pachi's estimate, each side has this many moves or fewer
/// left to play: `(empty points - a fifth of the board) / 2`.
const ENDGAME_MOVES_LEFT: f32 = 30.0;

/// The settings (`search::Config`, `--param adaptive_komi_*`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AdaptiveKomiConfig {
    /// Adapt on boards of 13×13 and more (1) or never (0). Default 0: 21–19 in self-play on
    /// 19×19 at 1,500 playouts (docs/strength.md, ablation).
    pub large: f32,
    /// Give a point more when the win rate of the last `interval` playouts is at least this.
    pub green: f32,
    /// Take a point back when it is below this.
    pub red: f32,
    /// The most komi the side to move may take when behind, in points.
    pub max_taken: f32,
    /// Playouts between two steps.
    pub interval: f32,
}

impl Default for AdaptiveKomiConfig {
    fn default() -> AdaptiveKomiConfig {
        AdaptiveKomiConfig {
            large: 0.0,
            green: 0.5,
            red: 0.45,
            max_taken: 30.0,
            interval: 100.0,
        }
    }
}

impl Tunable for AdaptiveKomiConfig {
    const PARAMS: &'static [Param<AdaptiveKomiConfig>] = &[
        field!("adaptive_komi_large", large),
        field!("adaptive_komi_green", green),
        field!("adaptive_komi_red", red),
        field!("adaptive_komi_max_taken", max_taken),
        within!("adaptive_komi_interval", interval, 1.0, f32::INFINITY),
    ];
}

impl AdaptiveKomiConfig {
    /// Whether a search of a game of `size` after `moves_played` moves, with `n_empty` empty
    /// points, adapts its komi.
    pub fn applies(&self, size: usize, moves_played: usize, n_empty: usize) -> bool {
        let area = (size * size) as f32;
        let moves_left = (n_empty as f32 - area / 5.0) / 2.0;
        self.large > 0.0
            && size >= crate::geom::LARGE_BOARD
            && moves_played as f32 > LEAD_MOVES * area / 361.0
            && moves_left > ENDGAME_MOVES_LEFT
    }
}

/// What the adaptive komi remembers from one search to the next, in one game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AdaptiveKomi {
    /// The colour the komi was last adapted for; the state belongs to it.
    color: Color,
    /// Points of komi `color` gives its opponent (negative: takes).
    given: i32,
    /// `color` gives less than this (`i32::MAX`: no ratchet yet).
    ratchet: i32,
}

/// The adaptive komi during one search, shared by its threads.
pub struct KomiControl {
    /// The side to move at the root, for whom `given` counts.
    color: Color,
    /// The game's komi as the playouts count it (handicap compensation included).
    komi: f32,
    /// Adapting in this search; if not, `given` stays 0.
    active: bool,
    given: AtomicI32,
    ratchet: AtomicI32,
    /// Playouts since the last step (high 32 bits) and how many of them `color` won (low).
    window: AtomicU64,
    config: AdaptiveKomiConfig,
}

impl KomiControl {
    /// A search for the side to move `color` with the game's komi `komi`, from the state of
    /// the last search (`None` or another colour's: a fresh start); `active` is false for a
    /// search that counts with the true komi only.
    pub fn new(
        config: AdaptiveKomiConfig,
        komi: f32,
        color: Color,
        kept: Option<AdaptiveKomi>,
        active: bool,
    ) -> KomiControl {
        let state = kept
            .filter(|k| k.color == color && active)
            .unwrap_or(AdaptiveKomi {
                color,
                given: 0,
                ratchet: i32::MAX,
            });
        KomiControl {
            color,
            komi,
            active,
            given: AtomicI32::new(state.given),
            ratchet: AtomicI32::new(state.ratchet),
            window: AtomicU64::new(0),
            config,
        }
    }

    /// The komi Black's area must beat in this playout. Hot path: one relaxed load.
    #[inline]
    pub fn black_komi(&self) -> f32 {
        let given = self.given.load(Ordering::Relaxed) as f32;
        match self.color {
            Color::Black => self.komi + given,
            Color::White => self.komi - given,
        }
    }

    /// Counts a playout the side to move won (or not) at the current komi; every `interval`
    /// playouts, steps the komi. Hot path: one atomic add, and the step once per window.
    #[inline]
    pub fn record(&self, won: bool) {
        if !self.active {
            return;
        }
        let before = self
            .window
            .fetch_add((1 << 32) | won as u64, Ordering::Relaxed);
        if (before >> 32) + 1 == self.config.interval as u64 {
            // Only the thread that completed the window steps; the window may hold a few
            // more playouts of other threads by the time it is taken.
            let window = self.window.swap(0, Ordering::Relaxed);
            let (n, wins) = (window >> 32, window & 0xffff_ffff);
            self.step(wins as f32 / n.max(1) as f32);
        }
    }

    fn step(&self, win_rate: f32) {
        let mut given = self.given.load(Ordering::Relaxed);
        let mut ratchet = self.ratchet.load(Ordering::Relaxed);
        if win_rate < self.config.red {
            if given > 0 {
                ratchet = given;
            }
            given -= 1;
        } else if win_rate >= self.config.green {
            given = (given + 1).min(ratchet.saturating_sub(1));
        }
        given = given.max(-(self.config.max_taken as i32));
        self.given.store(given, Ordering::Relaxed);
        self.ratchet.store(ratchet, Ordering::Relaxed);
    }

    /// The state to keep for the next search (after this one ended).
    pub fn state(&self) -> AdaptiveKomi {
        AdaptiveKomi {
            color: self.color,
            given: self.given.load(Ordering::Relaxed),
            ratchet: self.ratchet.load(Ordering::Relaxed),
        }
    }

    /// Points of komi the side to move gives its opponent now (negative: takes).
    pub fn given(&self) -> i32 {
        self.given.load(Ordering::Relaxed)
    }

    /// The game's komi as the playouts count it.
    pub fn komi(&self) -> f32 {
        self.komi
    }
}

#[cfg(test)]
mod tests;
