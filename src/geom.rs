//! Geometry of the board: colours, points, moves and Go notation.
//!
//! `Point` is an index in one fixed layout shared by every board size: `row * MAX_SIZE + col`,
//! row 0 at the bottom (GTP row 1), column 0 at the left (GTP column A). Boards smaller than
//! 25×25 use the lower-left corner of that layout. Types that want another layout internally
//! (the playout board pads its edges) convert at their boundary.
//!
//! Depends on: nothing.

use std::fmt;
use std::str::FromStr;

/// Largest board side: GTP names columns A–Z without I.
pub const MAX_SIZE: usize = 25;
/// Smallest board side tengen plays on.
pub const MIN_SIZE: usize = 2;
/// Boards of this side and more are *large*: the search and playout settings measured on
/// 19×19 apply to them (RAVE equivalence, the corner and common-fate-graph priors, filling
/// the board; Pachi's `board_large`), and boards below keep the settings measured on 9×9.
pub const LARGE_BOARD: usize = 13;

/// `small` on a board of `size` below `LARGE_BOARD`, `large` from it on: the one place a
/// setting with a small-board and a large-board value picks between them.
pub fn by_board_size<T>(size: usize, small: T, large: T) -> T {
    if size >= LARGE_BOARD {
        large
    } else {
        small
    }
}
/// Number of indices in the shared layout.
pub const MAX_POINTS: usize = MAX_SIZE * MAX_SIZE;

/// GTP column letters: A–Z without I.
const COLUMNS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    Black = 0,
    White = 1,
}

impl Color {
    pub const BOTH: [Color; 2] = [Color::Black, Color::White];

    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// 0 for Black, 1 for White: an index into per-colour arrays.
    pub fn index(self) -> usize {
        self as usize
    }

    /// +1 for Black, -1 for White: scores are from Black's side.
    pub fn sign(self) -> i32 {
        match self {
            Color::Black => 1,
            Color::White => -1,
        }
    }

    /// One letter, as SGF and `final_score` write it.
    pub fn letter(self) -> char {
        match self {
            Color::Black => 'B',
            Color::White => 'W',
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Black => "black",
            Color::White => "white",
        })
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseColorError;

impl fmt::Display for ParseColorError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid color")
    }
}

impl FromStr for Color {
    type Err = ParseColorError;
    /// `b`, `B`, `black`, `BLACK`, `w`, `white`… in any case.
    fn from_str(s: &str) -> Result<Color, ParseColorError> {
        match s.to_ascii_lowercase().as_str() {
            "b" | "black" => Ok(Color::Black),
            "w" | "white" => Ok(Color::White),
            _ => Err(ParseColorError),
        }
    }
}

/// A point of the board in the shared layout (see the module doc).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(u16);

impl Point {
    /// The point at column `col` (0 = A) and row `row` (0 = bottom).
    pub const fn new(col: usize, row: usize) -> Point {
        debug_assert!(col < MAX_SIZE && row < MAX_SIZE);
        Point((row * MAX_SIZE + col) as u16)
    }

    pub const fn from_index(idx: usize) -> Point {
        debug_assert!(idx < MAX_POINTS);
        Point(idx as u16)
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    pub const fn col(self) -> usize {
        self.0 as usize % MAX_SIZE
    }

    pub const fn row(self) -> usize {
        self.0 as usize / MAX_SIZE
    }

    /// Lines between the point and the nearest edge of a board of side `size` (0 on the
    /// first line).
    pub fn edge_distance(self, size: usize) -> usize {
        self.col()
            .min(self.row())
            .min(size - 1 - self.col())
            .min(size - 1 - self.row())
    }

    /// Returns true if and only if the point lies on a board of side `size`.
    pub const fn is_on_board(self, size: usize) -> bool {
        self.col() < size && self.row() < size
    }

    /// The orthogonal neighbours on a board of side `size`. Cold path: the board and the
    /// playout board keep their own tables.
    pub fn neighbors(self, size: usize) -> impl Iterator<Item = Point> {
        let (c, r) = (self.col() as isize, self.row() as isize);
        [(c - 1, r), (c + 1, r), (c, r - 1), (c, r + 1)]
            .into_iter()
            .filter(move |&(c, r)| c >= 0 && r >= 0 && (c as usize) < size && (r as usize) < size)
            .map(|(c, r)| Point::new(c as usize, r as usize))
    }

    /// The diagonal neighbours on a board of side `size`.
    pub fn diagonals(self, size: usize) -> impl Iterator<Item = Point> {
        let (c, r) = (self.col() as isize, self.row() as isize);
        [
            (c - 1, r - 1),
            (c + 1, r - 1),
            (c - 1, r + 1),
            (c + 1, r + 1),
        ]
        .into_iter()
        .filter(move |&(c, r)| c >= 0 && r >= 0 && (c as usize) < size && (r as usize) < size)
        .map(|(c, r)| Point::new(c as usize, r as usize))
    }

    /// Every point of a board of side `size`, row by row from A1.
    pub fn all(size: usize) -> impl Iterator<Item = Point> {
        (0..size).flat_map(move |r| (0..size).map(move |c| Point::new(c, r)))
    }

    /// Parses a GTP vertex (`D4`, `d4`; no I) that must lie on a board of side `size`.
    /// `pass` is not a point: use `Move::parse`.
    pub fn parse(s: &str, size: usize) -> Result<Point, ParseMoveError> {
        let bytes = s.as_bytes();
        if bytes.len() < 2 || bytes.len() > 3 {
            return Err(ParseMoveError::Syntax);
        }
        let letter = bytes[0].to_ascii_uppercase();
        let col = COLUMNS
            .iter()
            .position(|&c| c == letter)
            .ok_or(ParseMoveError::Syntax)?;
        let digits = &s[1..];
        if !digits.bytes().all(|b| b.is_ascii_digit()) || digits.starts_with('0') {
            return Err(ParseMoveError::Syntax);
        }
        let row: usize = digits.parse().map_err(|_| ParseMoveError::Syntax)?;
        if row == 0 || row > MAX_SIZE {
            return Err(ParseMoveError::Syntax);
        }
        let p = Point::new(col, row - 1);
        if p.is_on_board(size) {
            Ok(p)
        } else {
            Err(ParseMoveError::OffBoard)
        }
    }
}

/// GTP notation, uppercase: `D4`, `T19`.
impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", COLUMNS[self.col()] as char, self.row() + 1)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParseMoveError {
    /// Not a vertex at all.
    Syntax,
    /// A well-formed vertex outside the current board.
    OffBoard,
}

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ParseMoveError::Syntax => "invalid vertex",
            ParseMoveError::OffBoard => "vertex off board",
        })
    }
}

/// A move: a stone on a point, or a pass. Resignation is not a move (see `search::Decision`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    Play(Point),
    Pass,
}

impl Move {
    /// Parses a GTP move: a vertex or `pass`, in any case.
    pub fn parse(s: &str, size: usize) -> Result<Move, ParseMoveError> {
        if s.eq_ignore_ascii_case("pass") {
            Ok(Move::Pass)
        } else {
            Point::parse(s, size).map(Move::Play)
        }
    }

    pub fn point(self) -> Option<Point> {
        match self {
            Move::Play(p) => Some(p),
            Move::Pass => None,
        }
    }
}

/// GTP notation: `D4` or `pass`.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Play(p) => p.fmt(f),
            Move::Pass => f.write_str("pass"),
        }
    }
}

/// One of the 8 symmetries of a square board (the dihedral group): bit 0 swaps the axes, then
/// bit 1 mirrors the columns and bit 2 the rows. The opening book uses them to find a
/// position in any orientation. Cold path.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Symmetry(u8);

impl Symmetry {
    /// The identity.
    pub const IDENTITY: Symmetry = Symmetry(0);

    /// All eight, the identity first.
    pub fn all() -> impl Iterator<Item = Symmetry> {
        (0..8).map(Symmetry)
    }

    /// The image of `p` on a board of side `size`.
    pub fn apply(self, p: Point, size: usize) -> Point {
        let (mut col, mut row) = (p.col(), p.row());
        if self.0 & 1 != 0 {
            std::mem::swap(&mut col, &mut row);
        }
        if self.0 & 2 != 0 {
            col = size - 1 - col;
        }
        if self.0 & 4 != 0 {
            row = size - 1 - row;
        }
        Point::new(col, row)
    }

    /// The image of a move: a pass stays a pass.
    pub fn apply_move(self, mv: Move, size: usize) -> Move {
        match mv {
            Move::Play(p) => Move::Play(self.apply(p, size)),
            Move::Pass => Move::Pass,
        }
    }

    /// The symmetry that undoes this one. Undoing "swap, then mirror columns" mirrors the
    /// rows first (the swap turned rows into columns), then swaps.
    pub fn inverse(self) -> Symmetry {
        if self.0 & 1 == 0 {
            self
        } else {
            Symmetry(1 | (self.0 & 2) << 1 | (self.0 & 4) >> 1)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vertices_round_trip_and_skip_i() {
        for size in MIN_SIZE..=MAX_SIZE {
            for p in Point::all(size) {
                let text = p.to_string();
                assert!(!text.starts_with('I'));
                assert_eq!(Point::parse(&text, size), Ok(p));
                assert_eq!(Point::parse(&text.to_ascii_lowercase(), size), Ok(p));
            }
        }
        assert_eq!(Point::parse("J1", 19), Ok(Point::new(8, 0)));
        assert_eq!(Point::parse("T19", 19), Ok(Point::new(18, 18)));
        assert_eq!(Point::parse("I5", 19), Err(ParseMoveError::Syntax));
        assert_eq!(Point::parse("K10", 9), Err(ParseMoveError::OffBoard));
        assert_eq!(Point::parse("A0", 9), Err(ParseMoveError::Syntax));
        assert_eq!(Point::parse("A01", 9), Err(ParseMoveError::Syntax));
        assert_eq!(Point::parse("A26", 25), Err(ParseMoveError::Syntax));
        assert_eq!(Point::parse("", 9), Err(ParseMoveError::Syntax));
        assert_eq!(Point::parse("é4", 9), Err(ParseMoveError::Syntax));
        assert_eq!(Move::parse("PASS", 9), Ok(Move::Pass));
        assert_eq!(Move::Pass.to_string(), "pass");
    }

    #[test]
    fn colors_parse_in_any_case() {
        for s in ["b", "B", "black", "Black", "BLACK"] {
            assert_eq!(s.parse(), Ok(Color::Black));
        }
        for s in ["w", "W", "white", "WHITE"] {
            assert_eq!(s.parse(), Ok(Color::White));
        }
        assert!("x".parse::<Color>().is_err());
        assert!("".parse::<Color>().is_err());
    }

    #[test]
    fn neighbours_stay_on_board() {
        let corner = Point::new(0, 0);
        assert_eq!(corner.neighbors(9).count(), 2);
        assert_eq!(Point::new(4, 4).neighbors(9).count(), 4);
        assert_eq!(Point::new(8, 4).neighbors(9).count(), 3);
        assert_eq!(Point::new(4, 4).diagonals(9).count(), 4);
        assert_eq!(corner.diagonals(9).count(), 1);
    }

    #[test]
    fn symmetries_are_bijections_undone_by_their_inverse() {
        for size in [2, 5, 9, 19] {
            for sym in Symmetry::all() {
                let mut seen = std::collections::HashSet::new();
                for p in Point::all(size) {
                    let q = sym.apply(p, size);
                    assert!(q.is_on_board(size));
                    assert!(seen.insert(q), "{sym:?} maps two points to {q}");
                    assert_eq!(sym.inverse().apply(q, size), p, "{sym:?} on {size}");
                }
            }
        }
        // Eight different images of an asymmetric point: the group has no duplicates.
        let images: std::collections::HashSet<Point> = Symmetry::all()
            .map(|s| s.apply(Point::new(1, 3), 9))
            .collect();
        assert_eq!(images.len(), 8);
        assert_eq!(
            Symmetry::IDENTITY.apply(Point::new(1, 3), 9),
            Point::new(1, 3)
        );
        assert_eq!(
            Symmetry::all().nth(1).unwrap().apply_move(Move::Pass, 9),
            Move::Pass
        );
    }
}
