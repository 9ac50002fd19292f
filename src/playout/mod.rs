//! The hot path: `PlayoutBoard`, a cheaply copied board, and `run`, one random game to the end.
//!
//! `PlayoutBoard`: simple ko only; no hash; no history; no heap allocation; suicide forbidden.
//!
//! Depends on: board, geom.

use crate::board::Position;
use crate::geom::{Color, Move, Point, MAX_POINTS};

/// A board for playouts and tree descent, loaded from a `Position`.
#[derive(Clone)]
pub struct PlayoutBoard {}

impl PlayoutBoard {
    /// The same stones, ko point and side to move as `pos`.
    pub fn from_position(pos: &Position) -> PlayoutBoard {
        let _ = pos;
        todo!()
    }
    pub fn size(&self) -> usize {
        todo!()
    }
    pub fn to_move(&self) -> Color {
        todo!()
    }
    pub fn stone_at(&self, p: Point) -> Option<Color> {
        let _ = p;
        todo!()
    }
    /// Returns true if and only if the side to move may play `p` (empty, not simple ko, not
    /// suicide). Hot path.
    pub fn is_legal(&self, p: Point) -> bool {
        let _ = p;
        todo!()
    }
    /// Returns true if and only if `p` is an empty point that is a true eye of `color`.
    pub fn is_true_eye(&self, p: Point, color: Color) -> bool {
        let _ = (p, color);
        todo!()
    }
    /// Plays a move for the side to move, which must be legal (`debug_assert!` only). Hot path.
    pub fn play_unchecked(&mut self, mv: Move) {
        let _ = mv;
        todo!()
    }
    /// Calls `f` with every legal point for the side to move that does not fill its own true eye.
    pub fn for_each_candidate(&self, mut f: impl FnMut(Point)) {
        let _ = &mut f;
        todo!()
    }
}

/// What a playout reports to the search.
pub struct PlayoutResult {
    /// Black's area minus White's at the end, komi not included.
    pub score: i32,
    /// Per point (`Point::index`): +1 Black owns it at the end, -1 White, 0 nobody.
    pub owner: [i8; MAX_POINTS],
    /// Per point: which colour first played there during the playout (0 none, 1 Black, 2 White).
    pub first_play: [u8; MAX_POINTS],
    /// Moves played in the playout.
    pub n_moves: usize,
}

impl Default for PlayoutResult {
    fn default() -> PlayoutResult {
        PlayoutResult {
            score: 0,
            owner: [0; MAX_POINTS],
            first_play: [0; MAX_POINTS],
            n_moves: 0,
        }
    }
}

/// Plays uniformly random non-eye-filling legal moves from `board` until two passes or the
/// move cap, then counts. Hot path: no heap allocation.
pub fn run<R: rand::RngCore>(board: &mut PlayoutBoard, rng: &mut R, result: &mut PlayoutResult) {
    let _ = (board, rng, result);
    todo!()
}
