//! The options of the GTP engine (`tengen` with no command) and the `gtp::Config` they make.

use super::values::{
    at_least, book_file, finite, model_file, network_option, param, ratio, rule_set, seconds,
    whole, win_rate, word,
};
use super::{default_threads, invalid};
use crate::book::Book;
use crate::game::RuleSet;
use crate::geom::{MAX_SIZE, MIN_SIZE};
use crate::gtp;
use crate::playout::PolicyKind;
use crate::search;
use crate::search::level::{self, Level};
use crate::search::model::MoveModel;
use crate::search::tree::MAX_THREADS;
use crate::time::BudgetConfig;
use clap::Args;
use std::path::PathBuf;
use std::str::FromStr;
use std::time::Duration;

/// The options of the GTP engine (`tengen` with no command).
#[derive(Args, Debug)]
pub(super) struct EngineArgs {
    /// Rules: chinese (default), japanese, aga, new_zealand, tromp-taylor. Sets the ko rule,
    /// suicide, counting, default komi and handicap compensation; GTP kgs-rules changes it
    /// later, and a file's RU does not replace it at loadsgf.
    #[arg(long, value_name = "NAME", value_parser = rule_set)]
    rules: Option<RuleSet>,

    /// Komi (default: the rules' own, 7.5 under Chinese rules). GTP komi changes it; a komi
    /// once set survives any change of rules.
    #[arg(long, value_name = "K", value_parser = finite)]
    komi: Option<f64>,

    /// Board size before any GTP boardsize, 2 to 25.
    #[arg(long, value_name = "N", default_value_t = gtp::Config::default().board_size,
          value_parser = whole(MIN_SIZE, MAX_SIZE))]
    size: usize,

    /// Playouts per move, whatever the time control (a clock still caps the time). Default:
    /// none, see --default-playouts.
    #[arg(long, value_name = "N", value_parser = at_least(1u64))]
    playouts: Option<u64>,

    /// Seconds per move, whatever the time control (a clock can shorten it). Default: none.
    #[arg(long, value_name = "S", value_parser = seconds(0.0, 1e7), conflicts_with = "time_per_game")]
    time_per_move: Option<f64>,

    /// Seconds of thinking for each side's whole game (sudden death), when the controller
    /// sends no time_settings: tengen keeps this clock itself and spreads it as it would a
    /// real one (more in the middle game and on undecided moves). A time_settings replaces
    /// it. Default: none.
    #[arg(long, value_name = "S", value_parser = seconds(f64::MIN_POSITIVE, 1e7))]
    time_per_game: Option<f64>,

    /// Playouts per move when there is no time control and neither --playouts nor
    /// --time-per-move is given.
    #[arg(long, value_name = "N", default_value_t = gtp::Config::default().default_playouts,
          value_parser = at_least(1u64))]
    default_playouts: u64,

    /// No move thinks longer than S seconds, whatever the clock or the options above say;
    /// more than 0.
    #[arg(long, value_name = "S",
          default_value_t = BudgetConfig::default().max_move_time.as_secs_f64(),
          value_parser = seconds(f64::MIN_POSITIVE, 1e7))]
    max_move_time: f64,

    /// Seconds kept back from every time allowance for network lag (at most a quarter of a
    /// byo-yomi period).
    #[arg(long, value_name = "S",
          default_value_t = BudgetConfig::default().lag_margin.as_secs_f64(),
          value_parser = seconds(0.0, 1e7))]
    lag_margin: f64,

    /// A move still torn between its two best candidates at the end of its budget may think
    /// on until it has used F times its share of main time (never beyond a fifth of the main
    /// time left); 1 never stretches. From 1 to 10.
    #[arg(long, value_name = "F",
          default_value_t = BudgetConfig::default().stretch_factor,
          value_parser = ratio(1.0, 10.0))]
    stretch_factor: f64,

    /// Strength level, from 1 (a beginner's opponent) to 10 (full strength): below 10 each
    /// move searches fewer playouts (a cap on top of the clock and the options above, all
    /// threads together) and is drawn among the moves close to the best, never a self-atari
    /// of a big chain; it passes and resigns only when the full search would. GTP
    /// tengen-level N changes it during a game. The levels: docs/levels.md.
    #[arg(long, value_name = "N", default_value_t = level::TOP,
          value_parser = whole(1u32, level::TOP))]
    level: u32,

    /// Resign when the best win rate is below X, from 0 to 1.
    #[arg(long, value_name = "X", overrides_with = "no_resign",
          default_value_t = search::Config::default().resign_threshold.unwrap_or(0.0),
          value_parser = win_rate)]
    resign_threshold: f32,

    /// Never resign (the later of --no-resign and --resign-threshold counts).
    #[arg(long, overrides_with = "resign_threshold")]
    no_resign: bool,

    /// GTP play accepts any move on an empty point (ko, superko and suicide unchecked), for
    /// servers whose rules differ from ours.
    #[arg(long)]
    lenient_play: bool,

    /// Set one tunable number of the search (repeatable). Default: each its value in GTP
    /// tengen-param, which lists the names and values, and sets them too.
    #[arg(long = "param", value_name = "NAME=VALUE", value_parser = param)]
    params: Vec<(String, f32)>,

    /// Seed of the search's random numbers; reproducible with --threads 1.
    #[arg(long, value_name = "N", default_value_t = search::Config::default().seed,
          value_parser = whole(0u64, u64::MAX))]
    seed: u64,

    /// Threads searching one shared tree; the default is every core.
    #[arg(long, value_name = "N", default_value_t = default_threads(),
          value_parser = whole(1usize, MAX_THREADS))]
    threads: usize,

    /// Memory for the search tree in MiB (nodes of 48 bytes); when it is full the search
    /// prunes its least visited branches and goes on (`--param recycle_fraction`). At most
    /// 4194304 (4 TiB).
    #[arg(long, value_name = "MIB", default_value_t = search::DEFAULT_MAX_MEMORY_MIB,
          value_parser = whole(1usize, 1 << 22))]
    max_memory: usize,

    /// Think on the opponent's time after each genmove, keeping the tree; any command stops
    /// it at once.
    #[arg(long)]
    ponder: bool,

    /// Playouts: heavy (default: MoGo-style tactics and 3x3 shapes) or light (uniformly random
    /// moves; faster, weaker; for comparisons).
    #[arg(long, value_name = "P", value_parser = PolicyKind::from_str)]
    playout_policy: Option<PolicyKind>,

    /// Play the first moves from this opening book (made by `tengen book`). Default: the
    /// built-in one, which covers 9x9 at komi 7.5 under area counting.
    #[arg(long, value_name = "FILE", value_parser = book_file, overrides_with = "no_book")]
    book: Option<Book>,

    /// Never play from an opening book.
    #[arg(long, overrides_with = "book")]
    no_book: bool,

    /// Rate new moves with this learned move model (made by `tengen learn`) on every board
    /// size. Default: the built-in models.
    #[arg(long, value_name = "FILE", value_parser = model_file)]
    model: Option<&'static MoveModel>,

    /// Rate moves with this policy network (made by train/train.py) where the network prior
    /// is on: every size by default (--param prior_network=0 turns it off below 13x13,
    /// --param prior_network_large=0 from 13x13 up). Default: the built-in network.
    // Read by `into_config`, not by a value parser: a bad file is then one line of error.
    #[arg(long, value_name = "FILE")]
    network: Option<PathBuf>,

    /// What GTP version answers instead of tengen's own version (KataGo's -override-version):
    /// Lizzie wants 0.15 or more, e.g. --override-version 0.17. Default: tengen's version.
    #[arg(long, value_name = "V", value_parser = word)]
    override_version: Option<String>,

    /// For OGS through gtp2ogs: during each genmove, write the variation and win rate to
    /// stderr in KataGo's format, which gtp2ogs posts to the game.
    #[arg(long)]
    ogs_variations: bool,

    /// Append every command received and reply sent to FILE. Default: no log.
    #[arg(long, value_name = "FILE")]
    gtp_log: Option<PathBuf>,

    /// Log what the engine does to stderr (RUST_LOG overrides).
    #[arg(short, long)]
    pub(super) verbose: bool,
}

impl EngineArgs {
    pub(super) fn into_config(self) -> Result<gtp::Config, clap::Error> {
        let mut config = gtp::Config::default();
        if let Some(rules) = self.rules {
            config.rules = rules;
            config.rules_chosen = true;
        }
        config.komi = self.komi.map(|k| k as f32);
        config.board_size = self.size;
        config.playouts = self.playouts;
        config.time_per_move = self.time_per_move.map(Duration::from_secs_f64);
        config.time_per_game = self.time_per_game.map(Duration::from_secs_f64);
        config.default_playouts = self.default_playouts;
        config.budget.max_move_time = Duration::from_secs_f64(self.max_move_time);
        config.budget.lag_margin = Duration::from_secs_f64(self.lag_margin);
        config.budget.stretch_factor = self.stretch_factor;
        config.search.resign_threshold = (!self.no_resign).then_some(self.resign_threshold);
        config.lenient_play = self.lenient_play;
        for (name, value) in &self.params {
            // `param` checked the name and value already; this cannot fail.
            config
                .search
                .set_param(name, *value)
                .map_err(|e| invalid("--param", &e))?;
        }
        config.search.level =
            Level::new(self.level.into()).map_err(|e| invalid("--level", &e.to_string()))?;
        config.search.seed = self.seed;
        config.search.threads = self.threads;
        config.search.max_nodes = search::nodes_for_memory(self.max_memory);
        config.ponder = self.ponder;
        if let Some(policy) = self.playout_policy {
            config.search.playout_policy = policy;
        }
        if let Some(path) = &self.network {
            config.search.network = network_option(path)?;
        }
        if let Some(model) = self.model {
            config.search.model = model;
            config.search.model_large = model;
        }
        config.gtp_log = self.gtp_log;
        config.ogs_variations = self.ogs_variations;
        config.version = self.override_version;
        config.book = match (self.no_book, self.book) {
            (true, _) => None,
            (false, Some(book)) => Some(book),
            (false, None) => Some(Book::builtin()),
        };
        Ok(config)
    }
}
