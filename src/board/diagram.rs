//! `Diagram`: a board drawn in text, the one format that `Position::from_diagram`,
//! `Game::from_diagram` and every unit test's picture of a position read.
//!
//! Rows top-down (the first line is the highest row); `X` (or `B`) a black stone, `O` (or `W`)
//! a white one; lowercase `x` / `o` the same stones *marked* (the scoring tests mark the stones
//! judged dead); `.` or `+` an empty point. Spaces are ignored, and so are blank lines, so a
//! diagram may be indented and spaced (`X O .`) or packed (`XO.`). The board side is the
//! number of rows; every row must have that many points.
//!
//! Depends on: geom, board::Bitboard.

use super::Bitboard;
use crate::geom::{Color, Point, MAX_SIZE, MIN_SIZE};
use std::fmt;

/// The stones of a diagram, in reading order. Knows no rules: a diagram may draw a chain
/// without liberties (`Position::from_diagram` refuses it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagram {
    pub size: usize,
    pub stones: Vec<(Color, Point)>,
    /// The stones drawn in lowercase.
    pub marked: Bitboard,
}

/// Why a text is not a diagram.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DiagramError {
    /// The number of rows is not a board size we support.
    Size(usize),
    /// Row `row` (1-based, from the top) does not have one point per row.
    NotSquare { row: usize },
    /// A character that is no stone and no empty point.
    Character(char),
}

impl fmt::Display for DiagramError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DiagramError::Size(n) => write!(f, "{n} rows: sizes {MIN_SIZE} to {MAX_SIZE}"),
            DiagramError::NotSquare { row } => write!(f, "row {row} is not as long as the board"),
            DiagramError::Character(c) => write!(f, "{c:?} is no stone and no empty point"),
        }
    }
}

impl std::error::Error for DiagramError {}

impl Diagram {
    pub fn parse(text: &str) -> Result<Diagram, DiagramError> {
        let rows: Vec<Vec<char>> = text
            .lines()
            .map(|l| l.chars().filter(|c| !c.is_whitespace()).collect::<Vec<_>>())
            .filter(|r| !r.is_empty())
            .collect();
        let size = rows.len();
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(DiagramError::Size(size));
        }
        let mut diagram = Diagram {
            size,
            stones: Vec::new(),
            marked: Bitboard::default(),
        };
        for (i, row) in rows.iter().enumerate() {
            if row.len() != size {
                return Err(DiagramError::NotSquare { row: i + 1 });
            }
            for (col, &c) in row.iter().enumerate() {
                let p = Point::new(col, size - 1 - i);
                let color = match c {
                    'X' | 'x' | 'B' => Color::Black,
                    'O' | 'o' | 'W' => Color::White,
                    '.' | '+' => continue,
                    _ => return Err(DiagramError::Character(c)),
                };
                diagram.stones.push((color, p));
                if c.is_lowercase() {
                    diagram.marked.insert(p);
                }
            }
        }
        Ok(diagram)
    }

    /// The points of `color`'s stones.
    pub fn stones_of(&self, color: Color) -> Vec<Point> {
        self.stones
            .iter()
            .filter(|(c, _)| *c == color)
            .map(|&(_, p)| p)
            .collect()
    }
}
