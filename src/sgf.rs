//! SGF text ⇄ `SgfGame`: size, komi, rules, setup stones, moves, result. A thin adapter over the
//! `sgf-parse` crate; never plays moves.
//!
//! Depends on: geom.

use crate::geom::{Color, Move, Point};

#[derive(Debug, Clone, Default, PartialEq)]
pub struct SgfGame {
    pub size: usize,
    pub komi: Option<f32>,
    pub rules: Option<String>,
    pub handicap: usize,
    /// Setup stones (AB, AW) of the root.
    pub setup: Vec<(Color, Point)>,
    /// Moves of the main line.
    pub moves: Vec<(Color, Move)>,
    pub result: Option<String>,
    pub black_name: Option<String>,
    pub white_name: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SgfError(pub String);

impl std::fmt::Display for SgfError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Reads the first game of an SGF collection.
pub fn parse(text: &str) -> Result<SgfGame, SgfError> {
    let _ = text;
    todo!()
}

/// Writes a game as SGF text (FF[4], GM[1]).
pub fn write(game: &SgfGame) -> String {
    let _ = game;
    todo!()
}
