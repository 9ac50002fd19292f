//! SGF text ⇄ `SgfGame`: size, komi, rules, handicap, setup stones, the main line's moves,
//! result and player names. Never plays moves: legality is the caller's business.
//!
//! Reading splits the work with the `sgf-parse` crate: `read.rs` walks the text (`lex.rs`, a
//! small lexer that counts lines for error messages) and follows the main line of the first
//! game tree; each property of interest is then typed by `sgf_parse::go::Prop::new` (numbers,
//! points, compressed point lists like `AB[aa:cc]`, text). The crate's own tree parser is not
//! used, because its `SgfNode` tree drops recursively: a file of a million nested nodes (1 MiB
//! of `;`) overflows the stack, an abort that `catch_unwind` cannot catch. Walking the text
//! keeps memory and stack flat whatever the nesting.
//!
//! What is read, and how:
//! - SZ: square boards of side 2..=25 (default 19); `SZ[19:13]` and other sizes are errors.
//! - Setup (AB, AW, AE) anywhere on the main line before the first move is merged into
//!   `SgfGame::setup` (GNU Go's files put it in the second node); setup after a move is an
//!   error (`SetupAfterMoves`), since an `SgfGame` is setup-then-moves. PL likewise sets
//!   `to_play` before the first move and is ignored after it.
//! - B/W: `[]`, and `[tt]` on boards up to 19×19, are passes. Two moves in one node is an error.
//! - KM, HA, RU, RE, PB, PW, DT: game information, read on any node of the main line.
//! - Limits: at most `MAX_TEXT_BYTES` of text and `MAX_MOVES` moves.
//! - Text before the first `(` (mail headers, a byte-order mark) and after the first game
//!   tree is ignored.
//!
//! Writing: `write` (the game alone); `write_marked_up` (`markup.rs`) adds what a review
//! says on each node: comments, move annotations, marks and alternative lines.
//!
//! Depends on: geom.

mod files;
mod lex;
mod markup;
mod read;
#[cfg(test)]
mod tests;
mod write;

pub use files::{files_under, read_file};
pub use markup::{write_marked_up, Line, Markup, MoveAnnotation};
pub use write::write;

use crate::geom::{Color, Move, Point, MAX_SIZE, MIN_SIZE};
use read::read_first_game;
use std::fmt;

/// Largest SGF text read: a long commented game is well under 100 KiB.
pub const MAX_TEXT_BYTES: usize = 1 << 20;
/// Most moves read from a main line.
pub const MAX_MOVES: usize = 10_000;

/// One game as SGF records it. Knows nothing of legality; `parse` returns `setup` sorted by
/// colour (Black first) then `Point::index`, and text fields trimmed, with line breaks as
/// spaces and empty ones as `None`; `write` keeps `setup` in the order given.
#[derive(Debug, Clone, PartialEq)]
pub struct SgfGame {
    /// Board side, 2..=25.
    pub size: usize,
    /// KM.
    pub komi: Option<f32>,
    /// RU, as written ("Chinese", "Japanese", "GOE"…).
    pub rules: Option<String>,
    /// HA: handicap stones; 0 when absent. The stones themselves are in `setup`.
    pub handicap: usize,
    /// Setup stones (AB, AW, less AE) placed before the first move.
    pub setup: Vec<(Color, Point)>,
    /// PL before the first move: who plays first after the setup.
    pub to_play: Option<Color>,
    /// Moves of the main line.
    pub moves: Vec<(Color, Move)>,
    /// RE, as written ("B+3.5", "W+R", "0", "Void"…).
    pub result: Option<String>,
    /// PB.
    pub black_name: Option<String>,
    /// PW.
    pub white_name: Option<String>,
    /// DT, as written ("2024-05-01").
    pub date: Option<String>,
}

impl SgfGame {
    /// The setup stones of `color`, in `setup`'s order.
    pub fn setup_points(&self, color: Color) -> Vec<Point> {
        self.setup
            .iter()
            .filter(|&&(c, _)| c == color)
            .map(|&(_, p)| p)
            .collect()
    }
}

impl Default for SgfGame {
    /// An empty 19×19 game.
    fn default() -> SgfGame {
        SgfGame {
            size: 19,
            komi: None,
            rules: None,
            handicap: 0,
            setup: Vec::new(),
            to_play: None,
            moves: Vec::new(),
            result: None,
            black_name: None,
            white_name: None,
            date: None,
        }
    }
}

/// Why SGF text was not read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SgfError {
    /// Line of the text (from 1) where the problem was found; `None` for the file as a whole.
    pub line: Option<usize>,
    pub kind: SgfErrorKind,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SgfErrorKind {
    /// The text is longer than `MAX_TEXT_BYTES`.
    TooLarge { bytes: usize },
    /// No `(` at all.
    NoGameTree,
    /// The text ends inside a property value or before the game tree is closed.
    UnexpectedEnd,
    /// Not SGF at this point; says what was found.
    Syntax(String),
    /// GM other than 1.
    NotGo(String),
    /// SZ with two different sides.
    NonSquare { width: u32, height: u32 },
    /// SZ outside 2..=25.
    UnsupportedSize(u32),
    /// A value that does not fit its property (a move `B[a]`, a komi `KM[six]`…).
    InvalidValue { property: String, value: String },
    /// A point outside the board.
    OffBoard { property: String, value: String },
    /// B and W (or two of either) in one node.
    TwoMoves,
    /// AB, AW or AE after the first move of the main line.
    SetupAfterMoves,
    /// More than `MAX_MOVES` moves.
    TooManyMoves,
}

impl fmt::Display for SgfErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SgfErrorKind::TooLarge { bytes } => {
                write!(
                    f,
                    "file too large ({bytes} bytes, at most {MAX_TEXT_BYTES})"
                )
            }
            SgfErrorKind::NoGameTree => f.write_str("no game tree: not an SGF file"),
            SgfErrorKind::UnexpectedEnd => f.write_str("unexpected end of file"),
            SgfErrorKind::Syntax(what) => write!(f, "syntax error: {what}"),
            SgfErrorKind::NotGo(gm) => write!(f, "not a game of Go (GM[{gm}])"),
            SgfErrorKind::NonSquare { width, height } => {
                write!(f, "board {width}x{height} is not square")
            }
            SgfErrorKind::UnsupportedSize(n) => {
                write!(f, "board size {n} not supported ({MIN_SIZE} to {MAX_SIZE})")
            }
            SgfErrorKind::InvalidValue { property, value } => {
                write!(f, "invalid value {property}[{value}]")
            }
            SgfErrorKind::OffBoard { property, value } => {
                write!(f, "point off the board in {property}[{value}]")
            }
            SgfErrorKind::TwoMoves => f.write_str("two moves in one node"),
            SgfErrorKind::SetupAfterMoves => {
                f.write_str("setup stones (AB/AW/AE) after the first move are not supported")
            }
            SgfErrorKind::TooManyMoves => write!(f, "more than {MAX_MOVES} moves"),
        }
    }
}

impl fmt::Display for SgfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "line {line}: {}", self.kind),
            None => self.kind.fmt(f),
        }
    }
}

impl std::error::Error for SgfError {}

impl SgfError {
    fn at(line: usize, kind: SgfErrorKind) -> SgfError {
        SgfError {
            line: Some(line),
            kind,
        }
    }
}

/// Reads the first game of an SGF collection.
pub fn parse(text: &str) -> Result<SgfGame, SgfError> {
    if text.len() > MAX_TEXT_BYTES {
        return Err(SgfError {
            line: None,
            kind: SgfErrorKind::TooLarge { bytes: text.len() },
        });
    }
    read_first_game(text)
}

/// Reads the first game of an SGF collection from raw bytes: UTF-8 if they are valid UTF-8,
/// else ISO-8859-1 (`CA[ISO8859_1]`, older files). Moves are ASCII either way; only names
/// depend on the guess.
pub fn parse_bytes(bytes: &[u8]) -> Result<SgfGame, SgfError> {
    if bytes.len() > MAX_TEXT_BYTES {
        return Err(SgfError {
            line: None,
            kind: SgfErrorKind::TooLarge { bytes: bytes.len() },
        });
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => read_first_game(text),
        Err(_) => {
            let text: String = bytes.iter().map(|&b| b as char).collect();
            read_first_game(&text)
        }
    }
}
