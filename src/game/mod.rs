//! `Game`: a `Position` plus its record: moves, earlier hashes (superko), prisoners, undo.
//!
//! Depends on: board, geom.

pub mod handicap;
pub mod rules;

pub use rules::{KoRule, RuleSet, Rules, Scoring};

use crate::board::{PlayError, Position};
use crate::geom::{Color, Move, Point};

/// A game in progress: the position, how it came about, and the rules it is played under.
#[derive(Clone, Debug)]
pub struct Game {
    position: Position,
}

/// Why `undo` refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CannotUndo;

impl Game {
    /// An empty board of side `size`, Black to move, no handicap.
    pub fn new(size: usize, rules: Rules) -> Game {
        let _ = (size, rules);
        todo!()
    }

    pub fn position(&self) -> &Position {
        &self.position
    }
    pub fn size(&self) -> usize {
        self.position.size()
    }
    pub fn rules(&self) -> &Rules {
        todo!()
    }
    /// Changes the rules (komi is not part of `Rules`, see `komi`).
    pub fn set_rules(&mut self, rules: Rules) {
        let _ = rules;
        todo!()
    }
    pub fn komi(&self) -> f32 {
        todo!()
    }
    pub fn set_komi(&mut self, komi: f32) {
        let _ = komi;
        todo!()
    }
    pub fn to_move(&self) -> Color {
        self.position.to_move()
    }

    /// Checks `color` playing `mv` under the full rules (suicide, ko rule with superko).
    pub fn check(&self, color: Color, mv: Move) -> Result<(), PlayError> {
        let _ = (color, mv);
        todo!()
    }

    /// Plays `mv` for `color` under the full rules; on error nothing changes.
    pub fn try_play(&mut self, color: Color, mv: Move) -> Result<(), PlayError> {
        let _ = (color, mv);
        todo!()
    }

    /// Plays `mv` for `color` on any empty point, ignoring ko and superko and allowing suicide
    /// (the lenient `play` of server bridges whose referee may use other rules).
    pub fn play_lenient(&mut self, color: Color, mv: Move) -> Result<(), PlayError> {
        let _ = (color, mv);
        todo!()
    }

    /// Takes back the last move, restoring stones, hash, ko point, prisoners and side to move.
    pub fn undo(&mut self) -> Result<(), CannotUndo> {
        todo!()
    }

    /// The moves played since the setup, in order.
    pub fn moves(&self) -> &[(Color, Move)] {
        todo!()
    }

    /// Stones of the opponent that `color` has captured during the game.
    pub fn prisoners(&self, color: Color) -> usize {
        let _ = color;
        todo!()
    }

    /// Number of handicap stones placed with `set_handicap`.
    pub fn handicap(&self) -> usize {
        todo!()
    }

    /// Places handicap stones for Black on an empty board with no moves; White is then to move.
    pub fn set_handicap(&mut self, points: &[Point]) -> Result<(), PlayError> {
        let _ = points;
        todo!()
    }

    /// Adds setup stones (SGF AB/AW) before any move has been played.
    pub fn setup(&mut self, color: Color, points: &[Point]) -> Result<(), PlayError> {
        let _ = (color, points);
        todo!()
    }

    /// Returns true if and only if the last two moves were passes.
    pub fn is_over(&self) -> bool {
        todo!()
    }

    /// Returns true if and only if the position after `color` plays `mv` repeats an earlier one
    /// under the game's ko rule (always false under `KoRule::Simple`).
    pub fn is_superko(&self, color: Color, mv: Move) -> bool {
        let _ = (color, mv);
        todo!()
    }
}
