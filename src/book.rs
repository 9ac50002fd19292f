//! The opening book: positions of the first moves and the move tengen's own long searches
//! chose there.
//!
//! At 10,000 playouts tengen's first move on an empty 9×9 board changes with the seed (C4,
//! G6, F5, E3, …: twelve seeds, ten different moves), where a search of a few hundred
//! thousand playouts settles on the centre. The opening is where a short search knows least
//! and a move costs most, so the book answers the first moves of 9×9 from searches run once,
//! offline, by `tengen book` (`build.rs`), and the engine's own search takes over where the
//! book ends. Fuego and MoGo kept 9×9 books for the same reason.
//!
//! A book is text (`book/book9.txt` is built in): a `size` and a `komi` line, then one entry
//! a line, `MOVES -> REPLY`, the moves played from the empty board (Black first, alternating;
//! none for the first move) and the reply for the side to move, with any comment after `#`.
//! Entries are stored by *position*, not by move order, in each of the 8 orientations of the
//! board: a game that reached the same stones in another order, or a mirror image of them,
//! finds its move.
//!
//! The book answers only on its own board size and komi, under area counting (it was built
//! with Chinese rules), and only a move the game's rules allow.
//!
//! Cold path: one lookup per `genmove` (8 hashes of the position).
//!
//! Depends on: search (the builder only), game, board, geom, zobrist.

pub mod build;
#[cfg(test)]
mod tests;

use crate::board::Position;
use crate::game::{Game, RuleSet, Scoring};
use crate::geom::{Color, Move, Point, Symmetry};
use crate::zobrist;
use fxhash::FxHashMap;
use std::fmt;

/// The book tengen uses unless told `--no-book`: 9×9, komi 7.5.
pub const BUILTIN_9X9: &str = include_str!("book/book9.txt");

/// Positions and the move to play in each.
#[derive(Debug, Clone, PartialEq)]
pub struct Book {
    size: usize,
    komi: f32,
    /// Canonical key of a position (`canonical`) → the move, in the canonical orientation.
    replies: FxHashMap<u64, Point>,
}

/// Why a book's text was refused: the line (from 1) and what is wrong with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BookError {
    pub line: usize,
    pub reason: String,
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "book line {}: {}", self.line, self.reason)
    }
}

impl std::error::Error for BookError {}

impl Book {
    /// An empty book for boards of side `size` and this komi.
    pub fn new(size: usize, komi: f32) -> Book {
        Book {
            size,
            komi,
            replies: FxHashMap::default(),
        }
    }

    /// The built-in 9×9 book (parsed once per process).
    pub fn builtin() -> Book {
        static BUILTIN: std::sync::OnceLock<Book> = std::sync::OnceLock::new();
        BUILTIN
            .get_or_init(|| Book::parse(BUILTIN_9X9).expect("the built-in book parses (tested)"))
            .clone()
    }

    pub fn size(&self) -> usize {
        self.size
    }

    pub fn komi(&self) -> f32 {
        self.komi
    }

    /// Number of positions (up to symmetry) the book answers.
    pub fn len(&self) -> usize {
        self.replies.len()
    }

    pub fn is_empty(&self) -> bool {
        self.replies.is_empty()
    }

    /// Reads a book's text (see the module doc). Every line's moves must be legal in turn
    /// from the empty board, and its reply legal after them.
    pub fn parse(text: &str) -> Result<Book, BookError> {
        let mut size = None;
        let mut komi = None;
        let mut book = None;
        for (i, raw) in text.lines().enumerate() {
            let error = |reason: String| BookError {
                line: i + 1,
                reason,
            };
            let line = raw.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            if let Some(value) = line.strip_prefix("size ") {
                let n: usize = value.trim().parse().map_err(|_| error("bad size".into()))?;
                if !(crate::geom::MIN_SIZE..=crate::geom::MAX_SIZE).contains(&n) {
                    return Err(error(format!("size {n} out of range")));
                }
                size = Some(n);
                continue;
            }
            if let Some(value) = line.strip_prefix("komi ") {
                let k: f32 = value.trim().parse().map_err(|_| error("bad komi".into()))?;
                if !k.is_finite() {
                    return Err(error("bad komi".into()));
                }
                komi = Some(k);
                continue;
            }
            let (Some(size), Some(komi)) = (size, komi) else {
                return Err(error("an entry before the size and komi lines".into()));
            };
            let book = book.get_or_insert_with(|| Book::new(size, komi));
            let (moves, reply) = line
                .split_once("->")
                .ok_or_else(|| error("expected MOVES -> REPLY".into()))?;
            let mut game = book.new_game();
            for (ply, word) in moves.split_whitespace().enumerate() {
                let color = color_of_ply(ply);
                let mv = Move::parse(word, size).map_err(|e| error(format!("{word}: {e}")))?;
                game.try_play(color, mv)
                    .map_err(|e| error(format!("{color} {word}: {e}")))?;
            }
            let color = color_of_ply(moves.split_whitespace().count());
            let reply = reply.trim();
            let point = Point::parse(reply, size).map_err(|e| error(format!("{reply}: {e}")))?;
            game.check(color, Move::Play(point))
                .map_err(|e| error(format!("reply {color} {reply}: {e}")))?;
            book.insert(game.position(), color, point);
        }
        match (book, size, komi) {
            (Some(book), _, _) => Ok(book),
            (None, Some(size), Some(komi)) => Ok(Book::new(size, komi)),
            _ => Err(BookError {
                line: text.lines().count(),
                reason: "no size and komi lines".into(),
            }),
        }
    }

    /// An empty game of the book's size and komi under the rules it was built with.
    pub fn new_game(&self) -> Game {
        let mut game = Game::new(self.size, RuleSet::Chinese.rules());
        game.set_komi(self.komi);
        game
    }

    /// Records `reply` for `color` to move in `position` (replacing any earlier entry for it
    /// or a symmetric image of it).
    pub fn insert(&mut self, position: &Position, color: Color, reply: Point) {
        let (key, sym) = canonical(position, color);
        self.replies.insert(key, sym.apply(reply, self.size));
    }

    /// The book's move for `color` in the game as it stands, if the book has the position in
    /// some orientation, the game is played on the book's terms (size, komi, area counting)
    /// and the move is legal in it.
    pub fn lookup(&self, game: &Game, color: Color) -> Option<Point> {
        if game.size() != self.size
            || (game.komi() - self.komi).abs() > 1e-3
            || game.rules().scoring == Scoring::Territory
        {
            return None;
        }
        let (key, sym) = canonical(game.position(), color);
        let reply = sym.inverse().apply(*self.replies.get(&key)?, self.size);
        game.check(color, Move::Play(reply)).ok().map(|()| reply)
    }
}

/// The colour that moves at `ply` (from 0) of a game from the empty board: Black first.
pub fn color_of_ply(ply: usize) -> Color {
    if ply.is_multiple_of(2) {
        Color::Black
    } else {
        Color::White
    }
}

/// The key of `position` with `color` to move seen through `sym`: Zobrist keys of every
/// stone's image, and the side to move.
fn key(position: &Position, color: Color, sym: Symmetry) -> u64 {
    let size = position.size();
    let mut key = if color == Color::White {
        zobrist::WHITE_TO_MOVE
    } else {
        0
    };
    for c in Color::BOTH {
        for p in position.stones(c).iter() {
            key ^= zobrist::stone(c, sym.apply(p, size));
        }
    }
    key
}

/// The smallest key of the position over the 8 symmetries, and a symmetry that gives it: the
/// same for every orientation of the same stones.
pub fn canonical(position: &Position, color: Color) -> (u64, Symmetry) {
    Symmetry::all()
        .map(|sym| (key(position, color, sym), sym))
        .min_by_key(|&(k, _)| k)
        .expect("eight symmetries")
}
