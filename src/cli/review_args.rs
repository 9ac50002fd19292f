//! The options of `tengen review`.

use super::default_threads;
use super::progress_args::ProgressArgs;
use super::values::{at_least, komi, rule_set, seconds, whole};
use crate::game::RuleSet;
use crate::review;
use crate::search::tree::MAX_THREADS;
use clap::Args;
use std::path::PathBuf;

pub(super) const REVIEW_NOTES: &str = "\
Searches every position of the game's main line (setup and handicap stones, komi and rules as
the file says) and writes OUT: the game with a comment on every move (Black's win rate and
score lead after it, what it lost against the best move, the best move and its variation),
BM/DO on the moves that lost 5% or more of their side's win rate, TE on an only good move,
the best line as a variation, HO on each side's three biggest mistakes, and Sabaki's own
win-rate graph (SBKV). The win-rate graph is drawn beside OUT as an SVG picture.
Example: tengen review game.sgf -o game-review.sgf --playouts 5000";

/// The options of `tengen review`.
#[derive(Args, Debug)]
pub(super) struct ReviewArgs {
    /// The game record (SGF) to review; only its main line is read. Required.
    #[arg(value_name = "GAME.sgf")]
    input: PathBuf,

    /// The reviewed game (SGF) to write. Required.
    #[arg(long, short = 'o', value_name = "OUT.sgf", required = true)]
    output: PathBuf,

    /// The win-rate graph (SVG) to write (default: OUT with the extension .svg).
    #[arg(long, value_name = "FILE")]
    graph: Option<PathBuf>,

    /// Playouts of each position's search (default 2000 unless --seconds is given; with
    /// both, whichever comes first).
    #[arg(long, value_name = "N", value_parser = at_least(1u64))]
    playouts: Option<u64>,

    /// Seconds of each position's search, more than 0 and at most 3600 (default: no time
    /// limit, the playouts only).
    #[arg(long, value_name = "S", value_parser = seconds(f64::MIN_POSITIVE, 3600.0))]
    seconds: Option<f64>,

    /// Search threads; the default is every core.
    #[arg(long, value_name = "N", default_value_t = default_threads(),
          value_parser = whole(1usize, MAX_THREADS))]
    threads: usize,

    /// Seed of the searches (with --threads 1, the same review every time).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = whole(0u64, u64::MAX))]
    seed: u64,

    /// Komi to review under instead of the file's KM (default: the file's, else the rules').
    #[arg(long, value_name = "K", value_parser = komi)]
    komi: Option<f32>,

    /// Rules to review under instead of the file's RU (default: the file's, else Chinese).
    #[arg(long, value_name = "NAME", value_parser = rule_set)]
    rules: Option<RuleSet>,

    #[command(flatten)]
    progress: ProgressArgs,
}

impl ReviewArgs {
    pub(super) fn into_options(self) -> review::Options {
        review::Options {
            input: self.input,
            output: self.output,
            graph: self.graph,
            playouts: self.playouts,
            seconds: self.seconds,
            threads: self.threads,
            seed: self.seed,
            komi: self.komi,
            rules: self.rules,
            progress: self.progress.mode(),
        }
    }
}
