//! The exact position: stones as bitboards, chains with exact liberties, simple ko, hash.
//!
//! `Position` knows nothing of history: superko, prisoners over a game and undo live in
//! `game::Game`. It does not enforce turn order: the caller names the colour of each move.
//!
//! Depends on: geom, zobrist.

mod bitboard;

pub use bitboard::Bitboard;

use crate::geom::{Color, Move, Point};
use std::fmt;

/// Why a move is illegal. `Superko` is produced by `game::Game`, never by `Position`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayError {
    Occupied,
    Suicide,
    Ko,
    Superko,
    OffBoard,
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PlayError::Occupied => "point is occupied",
            PlayError::Suicide => "suicide",
            PlayError::Ko => "ko",
            PlayError::Superko => "superko",
            PlayError::OffBoard => "off board",
        })
    }
}

impl std::error::Error for PlayError {}

/// What a legal move did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Played {
    /// Enemy stones removed by the move.
    pub captured: Bitboard,
    /// Own stones removed by the move (suicide, only when the rules allow it).
    pub self_captured: Bitboard,
}

/// An exact Go position of side 2..=25.
#[derive(Clone, Debug)]
pub struct Position {
    size: usize,
}

impl Position {
    /// An empty board of side `size` (2..=25), Black to move.
    pub fn new(size: usize) -> Position {
        let _ = size;
        todo!()
    }

    pub fn size(&self) -> usize {
        self.size
    }

    pub fn stone_at(&self, p: Point) -> Option<Color> {
        let _ = p;
        todo!()
    }

    /// All stones of `color`.
    pub fn stones(&self, color: Color) -> Bitboard {
        let _ = color;
        todo!()
    }

    /// Empty points of the board.
    pub fn empty_points(&self) -> Bitboard {
        todo!()
    }

    /// The point the side to move may not play on because of simple ko.
    pub fn ko_point(&self) -> Option<Point> {
        todo!()
    }

    pub fn to_move(&self) -> Color {
        todo!()
    }

    pub fn set_to_move(&mut self, color: Color) {
        let _ = color;
        todo!()
    }

    /// Hash of the stones only (positional superko).
    pub fn position_hash(&self) -> u64 {
        todo!()
    }

    /// Hash of the stones and the side to move (situational superko).
    pub fn situational_hash(&self) -> u64 {
        todo!()
    }

    /// The stones of the chain through `p` (empty if `p` is empty).
    pub fn chain(&self, p: Point) -> Bitboard {
        let _ = p;
        todo!()
    }

    /// The liberties of the chain through `p` (empty if `p` is empty).
    pub fn liberties(&self, p: Point) -> Bitboard {
        let _ = p;
        todo!()
    }

    pub fn n_liberties(&self, p: Point) -> usize {
        self.liberties(p).count()
    }

    /// Checks `color` playing `mv` under simple ko, without changing anything.
    pub fn check(&self, color: Color, mv: Move, allow_suicide: bool) -> Result<(), PlayError> {
        let _ = (color, mv, allow_suicide);
        todo!()
    }

    /// Plays `mv` for `color` if legal under simple ko; on error nothing changes.
    /// Afterwards the opponent of `color` is to move.
    pub fn try_play(
        &mut self,
        color: Color,
        mv: Move,
        allow_suicide: bool,
    ) -> Result<Played, PlayError> {
        let _ = (color, mv, allow_suicide);
        todo!()
    }

    /// Puts a stone of `color` on the empty point `p` with no capture or ko logic (setup and
    /// handicap stones). The caller keeps the position valid (no chain without liberties).
    pub fn place_stone(&mut self, color: Color, p: Point) -> Result<(), PlayError> {
        let _ = (color, p);
        todo!()
    }
}
