//! `tengen book`: builds an opening book from long searches of tengen's own.
//!
//! Which positions need an entry: those a game can reach while one side has played only book
//! moves, since that side will look its next move up. So the builder walks the tree of
//! openings ply by ply, keeping for each position which colours are still *in book* (all
//! their moves so far were book moves). It searches every position it keeps; the most
//! visited move becomes the book's entry, and the children are:
//! - the book move itself (both colours keep their status), and
//! - when the opponent of the side to move is in book, the next best moves up to
//!   `branching[ply]` in all (the mover leaves the book; the opponent's next move must be
//!   in it). Moves that lead to the same position up to symmetry count once.
//!
//! So along the main line every ply branches, and along a side line only the plies of the
//! colour still in book answer one move while the other colour's branch. Positions reached
//! twice (transpositions, mirror images) are searched once.
//!
//! With a book to extend (`Options::extend`), its move stands wherever it has the position:
//! a deeper book keeps the choices already measured in games. Such a position is searched
//! only to rank the other moves to follow (when the opponent of the side to move is in
//! book), otherwise not at all.
//!
//! Depends on: search, game, geom.

use super::{canonical, color_of_ply, Book};
use crate::game::Game;
use crate::geom::{Move, Point};
use crate::search::{self, Limits, MoveInfo, Restriction, Search};
use fxhash::FxHashMap;

/// What `tengen book` builds (`cli` parses it from the command line).
#[derive(Debug, Clone, PartialEq)]
pub struct Options {
    /// Board side. Default 9.
    pub size: usize,
    /// Komi the searches play for. Default 7.5.
    pub komi: f32,
    /// Playouts of each search. Default 300,000.
    pub playouts: u64,
    /// Search threads. Default: every core.
    pub threads: usize,
    /// Seed of the searches.
    pub seed: u64,
    /// For each ply from the empty board, how many distinct moves are followed from a
    /// position whose next mover's opponent is in book (the book move included); its length
    /// is the number of plies the book covers. Default 15, 14, 4, 2: every first move of
    /// 9×9 up to symmetry (15), every answer to the book's first move (14), then the likeliest.
    pub branching: Vec<usize>,
    /// A book to extend (`--extend FILE`): its move stands wherever it has the position, so a
    /// deeper book keeps the choices already measured in games; its positions that need no
    /// ranking of other moves (the opponent of the side to move is out of book) are not
    /// searched again.
    pub extend: Option<Book>,
    /// The progress line on stderr (`--progress`, `--quiet`).
    pub progress: crate::progress::Mode,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            size: 9,
            komi: 7.5,
            playouts: 300_000,
            threads: 1,
            seed: 1,
            branching: vec![15, 14, 4, 2],
            extend: None,
            progress: crate::progress::Mode::Auto,
        }
    }
}

/// One searched position and what the search said of it.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    /// From the empty board, Black first.
    pub moves: Vec<Move>,
    /// The most visited move.
    pub reply: Point,
    /// Its visits, the search's playouts and its win rate for the side to move.
    pub visits: u32,
    pub playouts: u64,
    pub win_rate: f32,
}

impl Entry {
    /// An entry taken from the book being extended, without a search.
    fn kept(moves: &[Move], reply: Point) -> Entry {
        Entry {
            moves: moves.to_vec(),
            reply,
            visits: 0,
            playouts: 0,
            win_rate: f32::NAN,
        }
    }

    /// Whether the entry was kept from the book being extended (no search).
    pub fn is_kept(&self) -> bool {
        self.playouts == 0
    }

    /// The search's figures as the book's comment and the progress line give them.
    fn figures(&self) -> String {
        if self.is_kept() {
            "kept from the book extended".to_string()
        } else {
            format!("{}/{} {:.3}", self.visits, self.playouts, self.win_rate)
        }
    }

    /// The moves in GTP notation, separated by spaces.
    fn moves_text(&self) -> String {
        let words: Vec<String> = self.moves.iter().map(|m| m.to_string()).collect();
        words.join(" ")
    }
}

/// A position to search: the moves that reach it, and which colours are still in book
/// (indexed by `Color::index`).
struct Line {
    moves: Vec<Move>,
    in_book: [bool; 2],
}

/// Builds the book of `options`, searching one position after another; `progress` hears of
/// each entry as it is found. Every entry's moves are legal from the empty board.
pub fn build(options: &Options, progress: &mut dyn FnMut(&Entry)) -> Vec<Entry> {
    let book = Book::new(options.size, options.komi);
    let mut config = search::Config {
        seed: options.seed,
        threads: options.threads,
        reuse_tree: false,
        resign_threshold: None,
        ..search::Config::default()
    };
    // The searches run one at a time; a tree of 256 MiB holds 5.6M nodes, more than a
    // search of a few hundred thousand playouts grows.
    config.max_nodes = search::nodes_for_memory(256);
    let mut search = Search::new(config);
    let limits = Limits {
        playouts: Some(options.playouts),
        ..Limits::default()
    };
    let mut entries = Vec::new();
    let mut lines = vec![Line {
        moves: Vec::new(),
        in_book: [true, true],
    }];
    for &branching in &options.branching {
        // Positions of the next ply by canonical key, so that a transposition is searched
        // once (with the union of its lines' book status).
        let mut next: FxHashMap<u64, Line> = FxHashMap::default();
        let mut order = Vec::new();
        for line in lines {
            let mut game = book.new_game();
            for (i, &mv) in line.moves.iter().enumerate() {
                game.try_play(color_of_ply(i), mv)
                    .expect("the builder follows legal moves");
            }
            let color = color_of_ply(line.moves.len());
            let kept = options
                .extend
                .as_ref()
                .and_then(|old| old.lookup(&game, color));
            let opponent_in_book = line.in_book[color.opponent().index()];
            let (entry, ranked) = match kept {
                Some(reply) if !opponent_in_book => (Entry::kept(&line.moves, reply), Vec::new()),
                _ => {
                    search.clear();
                    let report =
                        search.analyze(&game, color, &limits, None, &Restriction::default());
                    let best = report.moves.first().and_then(|m| match m.mv {
                        Move::Play(p) => Some(p),
                        Move::Pass => None,
                    });
                    let Some(reply) = kept.or(best) else {
                        continue;
                    };
                    let figures = report.moves.iter().find(|m| m.mv == Move::Play(reply));
                    let entry = Entry {
                        moves: line.moves.clone(),
                        reply,
                        visits: figures.map_or(0, |m| m.visits),
                        playouts: report.playouts,
                        win_rate: figures.map_or(f32::NAN, |m| m.win_rate),
                    };
                    (entry, report.moves)
                }
            };
            let reply = entry.reply;
            progress(&entry);
            entries.push(entry);
            for (key, child) in children(&game, &line, &ranked, reply, branching) {
                match next.get_mut(&key) {
                    Some(known) => {
                        known.in_book[0] |= child.in_book[0];
                        known.in_book[1] |= child.in_book[1];
                    }
                    None => {
                        order.push(key);
                        next.insert(key, child);
                    }
                }
            }
        }
        lines = order
            .into_iter()
            .filter_map(|key| next.remove(&key))
            .collect();
    }
    entries
}

/// The lines that follow `line` (whose position is `game`), with the canonical key of each
/// position: the book move `reply`, and when the opponent of the side to move is in book,
/// the next most visited of `ranked` up to `branching` distinct positions in all.
fn children(
    game: &Game,
    line: &Line,
    ranked: &[MoveInfo],
    reply: Point,
    branching: usize,
) -> Vec<(u64, Line)> {
    let color = color_of_ply(line.moves.len());
    let opponent_in_book = line.in_book[color.opponent().index()];
    let wanted = if opponent_in_book {
        branching.max(1)
    } else {
        1
    };
    let others = ranked
        .iter()
        .map(|info| info.mv)
        .filter(|&mv| mv != Move::Play(reply));
    let mut children: Vec<(u64, Line)> = Vec::new();
    for mv in std::iter::once(Move::Play(reply)).chain(others) {
        if children.len() == wanted {
            break;
        }
        let mut after = game.clone();
        if mv == Move::Pass || after.try_play(color, mv).is_err() {
            continue;
        }
        let key = canonical(after.position(), color.opponent()).0;
        if children.iter().any(|&(k, _)| k == key) {
            continue;
        }
        let mut in_book = line.in_book;
        in_book[color.index()] &= mv == Move::Play(reply);
        let mut moves = line.moves.clone();
        moves.push(mv);
        children.push((key, Line { moves, in_book }));
    }
    children
}

/// The book's text: the `size` and `komi` lines, then one line per entry with the search's
/// figures as a comment (what `Book::parse` reads).
pub fn to_text(options: &Options, entries: &[Entry]) -> String {
    let branching: Vec<String> = options.branching.iter().map(|b| b.to_string()).collect();
    let extend = if options.extend.is_some() {
        " --extend EARLIER-BOOK"
    } else {
        ""
    };
    let mut text = format!(
        "# tengen opening book: `tengen book --size {} --komi {} --playouts {} --branching {}{extend}`\n\
         # MOVES -> REPLY   # visits of the reply / playouts, its win rate for the side to move\n\
         size {}\nkomi {}\n",
        options.size,
        options.komi,
        options.playouts,
        branching.join(","),
        options.size,
        options.komi
    );
    for e in entries {
        let moves = e.moves_text();
        let arrow = if moves.is_empty() { "->" } else { " ->" };
        text.push_str(&format!("{moves}{arrow} {}   # {}\n", e.reply, e.figures()));
    }
    text
}

/// `tengen book`: builds the book, one line on stderr per position searched (below a count of
/// the positions searched and the time, on a terminal), and prints its text on stdout.
pub fn run(options: &Options) -> Result<(), String> {
    let progress = crate::progress::Progress::new(options.progress, None, "positions searched");
    let mut searched = 0usize;
    let entries = build(options, &mut |e| {
        searched += 1;
        progress.suspend(|| {
            eprintln!(
                "{searched:4}  {:<24} -> {:<4} {}",
                e.moves_text(),
                e.reply.to_string(),
                e.figures()
            )
        });
        progress.step();
    });
    progress.finish();
    print!("{}", to_text(options, &entries));
    Ok(())
}
