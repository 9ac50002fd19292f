//! Monte Carlo tree search: UCT with RAVE over the playouts of `playout`.
//!
//! Depends on: playout, game, board, geom.

use crate::board::Bitboard;
use crate::game::Game;
use crate::geom::{Color, Move};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// What the search chose.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    Play(Move),
    Resign,
}

/// Search settings; GTP options edit a copy between searches.
#[derive(Debug, Clone)]
pub struct Config {
    /// Resign when the best move's win rate is below this (None: never resign).
    pub resign_threshold: Option<f32>,
    /// Seed of the random generator (reproducible searches).
    pub seed: u64,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            resign_threshold: Some(0.1),
            seed: 1,
        }
    }
}

/// When to stop a search: whichever limit comes first.
#[derive(Debug, Clone, Default)]
pub struct Limits {
    pub playouts: Option<u64>,
    pub time: Option<Duration>,
    /// Set by another thread to stop the search at once (`quit`, interrupt).
    pub stop: Option<Arc<AtomicBool>>,
}

/// Per point in [-1, 1], from Black's side, indexed by `Point::index`.
pub type Ownership = Vec<f32>;

pub struct Search {
    config: Config,
}

impl Search {
    pub fn new(config: Config) -> Search {
        Search { config }
    }

    pub fn config(&self) -> &Config {
        &self.config
    }

    pub fn set_config(&mut self, config: Config) {
        self.config = config;
    }

    /// Chooses a move for `color` in `game`. The move returned is legal under the game's full
    /// rules (superko included).
    pub fn genmove(&mut self, game: &Game, color: Color, limits: &Limits) -> Decision {
        let _ = (game, color, limits);
        todo!()
    }

    /// Like `genmove`, but never passes while stones of the opponent that the search believes
    /// dead remain on the board (`kgs-genmove_cleanup`): counts as under Tromp-Taylor.
    pub fn genmove_cleanup(&mut self, game: &Game, color: Color, limits: &Limits) -> Decision {
        let _ = (game, color, limits);
        todo!()
    }

    /// Stones judged dead in the current position (chains whose points the opponent owns at the
    /// end of most of `n_playouts` playouts).
    pub fn dead_stones(&mut self, game: &Game, n_playouts: usize) -> Bitboard {
        let _ = (game, n_playouts);
        todo!()
    }

    /// Ownership estimate of the current position from `n_playouts` playouts.
    pub fn ownership(&mut self, game: &Game, n_playouts: usize) -> Ownership {
        let _ = (game, n_playouts);
        todo!()
    }
}
