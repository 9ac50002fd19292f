//! The options of the small offline commands: `tengen bench`, `book`, `learn` and `net-data`.

use super::default_threads;
use super::progress_args::ProgressArgs;
use super::values::{
    at_least, book_file, branching, finite, network_option, seconds, whole, Branching,
};
use crate::bench;
use crate::book::{self, Book};
use crate::geom::{MAX_SIZE, MIN_SIZE};
use crate::learn;
use crate::search::tree::MAX_THREADS;
use clap::Args;
use std::path::PathBuf;

pub(super) const BENCH_NOTES: &str = "\
From the empty board of each size, with a fixed seed, bench runs light playouts, then heavy
ones, for --seconds each, and prints playouts/s (also per CPU second), moves/s, the average
playout length and a signature of the first 1000 playouts (score sum and hash): a refactor that
changes the signature changed what the playouts do. Then Position::try_play replaying recorded
games, and the whole search as genmove runs it with one thread and with --threads threads.";

/// The options of `tengen bench`.
#[derive(Args, Debug)]
pub(super) struct BenchArgs {
    /// Seconds of each measurement, more than 0 and at most 3600.
    #[arg(long, value_name = "S", default_value_t = 2.0,
          value_parser = seconds(f64::MIN_POSITIVE, 3600.0))]
    seconds: f64,

    /// Measure this board size only, 2 to 25 (default: 9, 13 and 19 in turn).
    #[arg(long, value_name = "N", value_parser = whole(MIN_SIZE, MAX_SIZE))]
    size: Option<usize>,

    /// Threads of the second whole-search line (1: no second line); the default is every
    /// core.
    #[arg(long, value_name = "N", default_value_t = default_threads(),
          value_parser = whole(1usize, MAX_THREADS))]
    threads: usize,

    /// Measure this policy network (made by train/train.py) in the network line and the
    /// searches. Default: the built-in network.
    #[arg(long, value_name = "FILE")]
    network: Option<PathBuf>,
}

impl BenchArgs {
    pub(super) fn into_options(self) -> Result<bench::Options, clap::Error> {
        let network = match &self.network {
            Some(path) => network_option(path)?,
            None => crate::net::builtin(),
        };
        Ok(bench::Options {
            seconds: self.seconds,
            sizes: self.size.map_or(vec![9, 13, 19], |n| vec![n]),
            threads: self.threads,
            network,
        })
    }
}

pub(super) const BOOK_NOTES: &str = "\
Searches the empty board and the openings a game can reach while one side still plays book
moves, one position after another, and prints the book (the format src/book/book9.txt uses)
on stdout; a line per position searched goes to stderr. The built-in 9x9 book was made with
`tengen book --threads 2 > src/book/book9.txt`.";

/// The options of `tengen book`.
#[derive(Args, Debug)]
pub(super) struct BookArgs {
    /// Board size, 2 to 25.
    #[arg(long, value_name = "N", default_value_t = book::build::Options::default().size,
          value_parser = whole(MIN_SIZE, MAX_SIZE))]
    size: usize,

    /// Komi the searches play for (the book answers only at this komi).
    #[arg(long, value_name = "K", default_value_t = book::build::Options::default().komi as f64,
          value_parser = finite)]
    komi: f64,

    /// Playouts of each position's search.
    #[arg(long, value_name = "N", default_value_t = book::build::Options::default().playouts,
          value_parser = at_least(1u64))]
    playouts: u64,

    /// Moves followed at each ply where the opponent of the side to move is in book, the
    /// book move included, comma-separated; as many plies as numbers.
    #[arg(long, value_name = "N,N,...", default_value = "15,14,4,2", value_parser = branching)]
    branching: Branching,

    /// Search threads; the default is every core.
    #[arg(long, value_name = "N", default_value_t = default_threads(),
          value_parser = whole(1usize, MAX_THREADS))]
    threads: usize,

    /// Seed of the searches.
    #[arg(long, value_name = "N", default_value_t = book::build::Options::default().seed,
          value_parser = whole(0u64, u64::MAX))]
    seed: u64,

    /// A book to extend: its moves stand wherever it has the position, and its positions
    /// that need no other move ranked are not searched again (e.g. one more ply on the
    /// built-in book: --extend src/book/book9.txt --branching 15,14,4,2,2). Default: none,
    /// a new book.
    #[arg(long, value_name = "FILE", value_parser = book_file)]
    extend: Option<Book>,

    #[command(flatten)]
    progress: ProgressArgs,
}

impl BookArgs {
    pub(super) fn into_options(self) -> book::build::Options {
        book::build::Options {
            size: self.size,
            komi: self.komi as f32,
            playouts: self.playouts,
            threads: self.threads,
            seed: self.seed,
            branching: self.branching.0,
            extend: self.extend,
            progress: self.progress.mode(),
        }
    }
}

/// The options of `tengen learn`.
#[derive(Args, Debug)]
pub(super) struct LearnArgs {
    /// SGF files, or directories whose .sgf files (at any depth) are read, in order of path;
    /// one game in ten is held out to measure the model's prediction. Required.
    #[arg(value_name = "SGF_OR_DIR", required = true)]
    inputs: Vec<std::path::PathBuf>,

    /// Sweeps of the MM algorithm over every feature.
    #[arg(long, value_name = "N", default_value_t = learn::Options::default().iterations,
          value_parser = whole(1usize, 1000))]
    iterations: usize,

    /// Moves of each record left out at its start (self-play openings repeat).
    #[arg(long, value_name = "N", default_value_t = learn::Options::default().skip_moves,
          value_parser = whole(0usize, 1000))]
    skip_moves: usize,

    /// Learn only the moves of the player whose name (SGF PB/PW) contains NAME, ignoring case
    /// (e.g. tengen, to learn what its own searches chose); the other side's moves are still
    /// played. Records without such a player are skipped. Default: both sides' moves.
    #[arg(long, value_name = "NAME")]
    player: Option<String>,

    #[command(flatten)]
    progress: ProgressArgs,
}

/// The options of `tengen net-data`.
#[derive(Args, Debug)]
pub(super) struct NetDataArgs {
    /// SGF files, or directories whose .sgf files (at any depth) are read, in order of path;
    /// one game in ten (the games `tengen learn` holds out) goes to held_out.bin. Required.
    #[arg(value_name = "SGF_OR_DIR", required = true)]
    pub(super) inputs: Vec<std::path::PathBuf>,

    /// The directory to write train.bin and held_out.bin into (made if missing). Required.
    #[arg(long, value_name = "DIR", required = true)]
    pub(super) out: std::path::PathBuf,
}

impl LearnArgs {
    pub(super) fn into_options(self) -> learn::Options {
        learn::Options {
            inputs: self.inputs,
            iterations: self.iterations,
            skip_moves: self.skip_moves,
            player: self.player,
            progress: self.progress.mode(),
        }
    }
}
