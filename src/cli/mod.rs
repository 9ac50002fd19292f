//! The command line of the `tengen` binary: one `clap` parser for the GTP engine (the
//! default), `tengen bench`, `match`, `book`, `learn` and `net-data`, and the typed
//! configuration each yields (`gtp::Config`, `bench::Options`, `referee::Config`,
//! `book::build::Options`, `learn::Options`, `net::data::Options`).
//!
//! Every option is declared once, with its help line and default, in the `…Args` struct of
//! its command; every range check is a value parser below, so a bad value is
//! refused with the option's name and the reason before anything starts. As before clap, an
//! option given twice takes its last value (`args_override_self`), `--flag=value` and
//! `--flag value` both work, and negative numbers are values (`--komi -5.5`).
//!
//! **Invariant:** `parse` never prints and never exits: help, version and every error come
//! back as a `clap::Error` for `main`, the one place that prints them and exits.
//!
//! Depends on: gtp, bench, book, learn, net, referee, search, playout, time, game, geom.

#[cfg(test)]
mod tests;

use crate::bench;
use crate::book::{self, Book};
use crate::game::{handicap, RuleSet};
use crate::geom::{MAX_SIZE, MIN_SIZE};
use crate::gtp;
use crate::learn;
use crate::net;
use crate::net::Network;
use crate::playout::PolicyKind;
use crate::referee;
use crate::search;
use crate::search::model::MoveModel;
use crate::search::tree::MAX_THREADS;
use crate::time::BudgetConfig;
use clap::error::ErrorKind;
use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};
use std::ffi::OsString;
use std::fmt::Display;
use std::path::PathBuf;
use std::str::FromStr;
use std::time::Duration;

/// What the command line asks `main` to do.
#[derive(Debug)]
pub enum Invocation {
    /// Serve GTP on stdin/stdout; `verbose` is `-v` (info logs on stderr).
    Serve {
        config: Box<gtp::Config>,
        verbose: bool,
    },
    /// `tengen bench`.
    Bench(bench::Options),
    /// `tengen match`.
    Match(Box<referee::Config>),
    /// `tengen book`.
    Book(book::build::Options),
    /// `tengen learn`.
    Learn(learn::Options),
    /// `tengen net-data`.
    NetData(net::data::Options),
}

/// Parses the whole command line (program name first). The match seed, when `--seed` is
/// absent, is the clock's (`referee::clock_seed`).
pub fn parse<I, T>(args: I) -> Result<Invocation, clap::Error>
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    parse_with_seed(args, referee::clock_seed())
}

/// `parse` with the match seed to use when `--seed` is absent.
pub fn parse_with_seed<I, T>(args: I, default_seed: u64) -> Result<Invocation, clap::Error>
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let matches = Cli::command().try_get_matches_from(args)?;
    let cli = Cli::from_arg_matches(&matches)?;
    Ok(match cli.command {
        None => {
            let verbose = cli.engine.verbose;
            Invocation::Serve {
                config: Box::new(cli.engine.into_config()?),
                verbose,
            }
        }
        Some(Command::Bench(args)) => Invocation::Bench(args.into_options()),
        Some(Command::Match(args)) => Invocation::Match(Box::new(args.into_config(default_seed)?)),
        Some(Command::Book(args)) => Invocation::Book(args.into_options()),
        Some(Command::Learn(args)) => Invocation::Learn(args.into_options()),
        Some(Command::NetData(args)) => Invocation::NetData(net::data::Options {
            inputs: args.inputs,
            out: args.out,
        }),
    })
}

/// The help text of `tengen` (`tengen --help`), or of `tengen bench` / `tengen match` when
/// `subcommand` names one: for tests and documentation.
pub fn help(subcommand: Option<&str>) -> String {
    let mut command = Cli::command();
    match subcommand.and_then(|name| command.find_subcommand_mut(name)) {
        Some(sub) => sub.render_help().to_string(),
        None => command.render_help().to_string(),
    }
}

#[derive(Parser, Debug)]
#[command(
    name = "tengen",
    version,
    about = "tengen: a Monte Carlo Go engine speaking GTP version 2 on stdin/stdout.",
    after_help = "Logs go to stderr only; stdout carries nothing but GTP replies.",
    subcommand_value_name = "COMMAND",
    subcommand_help_heading = "Commands (tengen COMMAND --help for their options)",
    args_conflicts_with_subcommands = true,
    disable_help_subcommand = true,
    args_override_self = true,
    allow_negative_numbers = true,
    term_width = 100
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    engine: EngineArgs,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Playouts per second on fixed positions, with signatures to check refactors.
    #[command(
        long_about = None,
        after_help = BENCH_NOTES,
        args_override_self = true,
        term_width = 100
    )]
    Bench(BenchArgs),
    /// Play games between two GTP engines and report the result.
    #[command(
        override_usage = "tengen match --engine1 CMD --engine2 CMD [OPTIONS]",
        after_help = MATCH_NOTES,
        args_override_self = true,
        allow_negative_numbers = true,
        term_width = 100
    )]
    Match(Box<MatchArgs>),
    /// Build an opening book from long searches and print it.
    #[command(
        long_about = None,
        after_help = BOOK_NOTES,
        args_override_self = true,
        term_width = 100
    )]
    Book(BookArgs),
    /// Learn the move model of the priors from game records and print it.
    #[command(long_about = None, args_override_self = true, term_width = 100)]
    Learn(LearnArgs),
    /// Turn 19x19 game records into the policy network's training positions (train/train.py
    /// reads them).
    #[command(name = "net-data", long_about = None, args_override_self = true, term_width = 100)]
    NetData(NetDataArgs),
}

/// The options of the GTP engine (`tengen` with no command).
#[derive(Args, Debug)]
struct EngineArgs {
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
    /// is on (--param prior_network=W, off by default). Default: the built-in network.
    #[arg(long, value_name = "FILE", value_parser = network_file)]
    network: Option<&'static Network>,

    /// Append every command received and reply sent to FILE. Default: no log.
    #[arg(long, value_name = "FILE")]
    gtp_log: Option<PathBuf>,

    /// Log what the engine does to stderr (RUST_LOG overrides).
    #[arg(short, long)]
    verbose: bool,
}

impl EngineArgs {
    fn into_config(self) -> Result<gtp::Config, clap::Error> {
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
        config.search.seed = self.seed;
        config.search.threads = self.threads;
        config.search.max_nodes = search::nodes_for_memory(self.max_memory);
        config.ponder = self.ponder;
        if let Some(policy) = self.playout_policy {
            config.search.playout_policy = policy;
        }
        if let Some(network) = self.network {
            config.search.network = network;
        }
        if let Some(model) = self.model {
            config.search.model = model;
            config.search.model_large = model;
        }
        config.gtp_log = self.gtp_log;
        config.book = match (self.no_book, self.book) {
            (true, _) => None,
            (false, Some(book)) => Some(book),
            (false, None) => Some(Book::builtin()),
        };
        Ok(config)
    }
}

const BENCH_NOTES: &str = "\
From the empty board of each size, with a fixed seed, bench runs light playouts, then heavy
ones, for --seconds each, and prints playouts/s (also per CPU second), moves/s, the average
playout length and a signature of the first 1000 playouts (score sum and hash): a refactor that
changes the signature changed what the playouts do. Then Position::try_play replaying recorded
games, and the whole search as genmove runs it with one thread and with --threads threads.";

/// The options of `tengen bench`.
#[derive(Args, Debug)]
struct BenchArgs {
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
}

impl BenchArgs {
    fn into_options(self) -> bench::Options {
        bench::Options {
            seconds: self.seconds,
            sizes: self.size.map_or(vec![9, 13, 19], |n| vec![n]),
            threads: self.threads,
        }
    }
}

const BOOK_NOTES: &str = "\
Searches the empty board and the openings a game can reach while one side still plays book
moves, one position after another, and prints the book (the format src/book/book9.txt uses)
on stdout; a line per position searched goes to stderr. The built-in 9x9 book was made with
`tengen book --threads 2 > src/book/book9.txt`.";

/// The options of `tengen book`.
#[derive(Args, Debug)]
struct BookArgs {
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
}

impl BookArgs {
    fn into_options(self) -> book::build::Options {
        book::build::Options {
            size: self.size,
            komi: self.komi as f32,
            playouts: self.playouts,
            threads: self.threads,
            seed: self.seed,
            branching: self.branching.0,
            extend: self.extend,
        }
    }
}

/// The options of `tengen learn`.
#[derive(Args, Debug)]
struct LearnArgs {
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
}

/// The options of `tengen net-data`.
#[derive(Args, Debug)]
struct NetDataArgs {
    /// SGF files, or directories whose .sgf files (at any depth) are read, in order of path;
    /// one game in ten (the games `tengen learn` holds out) goes to held_out.bin. Required.
    #[arg(value_name = "SGF_OR_DIR", required = true)]
    inputs: Vec<std::path::PathBuf>,

    /// The directory to write train.bin and held_out.bin into (made if missing). Required.
    #[arg(long, value_name = "DIR", required = true)]
    out: std::path::PathBuf,
}

impl LearnArgs {
    fn into_options(self) -> learn::Options {
        learn::Options {
            inputs: self.inputs,
            iterations: self.iterations,
            skip_moves: self.skip_moves,
            player: self.player,
        }
    }
}

/// `--book FILE`: a book's text, read and checked before the engine starts.
fn book_file(path: &str) -> Result<Book, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    Book::parse(&text).map_err(|e| format!("{path}: {e}"))
}

/// `--model`: a model file, read once and kept for the life of the process (the searches
/// borrow it).
fn model_file(path: &str) -> Result<&'static MoveModel, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let model = MoveModel::parse(&text).map_err(|e| format!("{path}: {e}"))?;
    Ok(Box::leak(Box::new(model)))
}

/// `--network`: a network file, read and checked once and kept for the life of the process.
/// At most `MAX_NETWORK_BYTES`, so a wrong path (a disk image, a device) is refused rather
/// than read into memory.
fn network_file(path: &str) -> Result<&'static Network, String> {
    const MAX_NETWORK_BYTES: u64 = 256 << 20;
    let file = std::fs::File::open(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let meta = file
        .metadata()
        .map_err(|e| format!("cannot read {path}: {e}"))?;
    if !meta.is_file() || meta.len() > MAX_NETWORK_BYTES {
        return Err(format!(
            "{path}: not a regular file of at most {} MiB",
            MAX_NETWORK_BYTES >> 20
        ));
    }
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let network = Network::from_bytes(&bytes).map_err(|e| format!("{path}: {e}"))?;
    Ok(Box::leak(Box::new(network)))
}

/// The value of `--branching` (clap takes a `Vec` field for a repeated option).
#[derive(Clone, Debug)]
struct Branching(Vec<usize>);

/// `--branching`: whole numbers from 1 to 400, comma-separated, at most 20 of them.
fn branching(s: &str) -> Result<Branching, String> {
    let values: Vec<usize> = s
        .split(',')
        .map(|v| match v.trim().parse::<usize>() {
            Ok(n) if (1..=400).contains(&n) => Ok(n),
            _ => Err(format!("{v:?} is not a whole number from 1 to 400")),
        })
        .collect::<Result<_, _>>()?;
    if values.len() > 20 {
        return Err("at most 20 plies".into());
    }
    Ok(Branching(values))
}

const MATCH_NOTES: &str = "\
Each engine is a command line (program and arguments, split like a shell would, no shell
features) started as a child process speaking GTP on stdin/stdout. A program named exactly
`tengen` means this very binary. `{seed}` in a command is replaced by the match seed plus the
number of engines started before it, so engines that take a seed play different games.

Rules and results:
  The runner checks every move with tengen's own rules (Chinese: no suicide, positional
  superko). An engine forfeits the game (B+F/W+F) when it plays an illegal move, answers
  `genmove` with something that is not a move, rejects a legal `play`, fails a setup command,
  crashes, or does not reply within --timeout. `resign` ends the game (B+R/W+R); two passes in
  a row end it and it is scored. Engines that fail are restarted for the next game.

Output (stdout):
  One line per game as it finishes (number, colours, result, winner, moves, time), any errors
  of that game indented below it, then a summary: games, wins per engine and per colour, draws,
  disputed games, engine 1's win rate with a 95% Wilson interval, the Elo difference with the
  interval mapped from it, average time per move of each engine (as measured, without
  --add-lag), and every error listed. Under a clock, also each engine's losses on time and
  its smallest margin (allowance less time taken, added lag included; negative for an
  overrun that --lag forgave).

Time systems (--time), all in whole seconds:
  \"M B S\"          GTP time_settings: M main, then B per S stones; \"M 0 0\" absolute, \"M B 0\"
                   no limit. Announced with time_settings M B S.
  absolute:M       M for the game. Announced with time_settings M 0 0.
  canadian:M:B:S   M main, then B for every S stones. Announced with time_settings M B S.
  byoyomi:M:P:B    Japanese: M main, then P periods of B; a move within a period keeps it,
                   an overrun uses periods up, exceeding the last loses. Announced with
                   kgs-time_settings byoyomi M B P; time_left gives (main left, 0), then
                   (B, periods left), as KGS does.
  fischer:M:I      M at the start, I added after each move. Announced with
                   kata-time_settings fischer M I; time_left gives (clock left, 0).
  An engine that answers ? to kgs-/kata-time_settings (GNU Go does) is told an
  approximation, time_settings M B 1 or time_settings M I 1, with time_left to match, and
  the game line notes it; the runner's clock still applies the real system to it.";

/// The options of `tengen match`.
#[derive(Args, Debug)]
struct MatchArgs {
    /// First engine (the one whose win rate and Elo are reported). Required, or --black.
    #[arg(long, value_name = "CMD", value_parser = engine_command, help_heading = "Engines",
          required_unless_present = "black", overrides_with = "black")]
    engine1: Option<EngineCommand>,

    /// Second engine. Required, or --white.
    #[arg(long, value_name = "CMD", value_parser = engine_command, help_heading = "Engines",
          required_unless_present = "white", overrides_with = "white")]
    engine2: Option<EngineCommand>,

    /// Same as --engine1 (one of the two is required), but colours are fixed unless
    /// --alternate is given.
    #[arg(long, value_name = "CMD", value_parser = engine_command, help_heading = "Engines",
          overrides_with = "engine1")]
    black: Option<EngineCommand>,

    /// Same as --engine2 (one of the two is required), likewise.
    #[arg(long, value_name = "CMD", value_parser = engine_command, help_heading = "Engines",
          overrides_with = "engine2")]
    white: Option<EngineCommand>,

    /// Name of engine 1 in SGF PB/PW (default: its GTP name and version).
    #[arg(long, value_name = "NAME", help_heading = "Engines")]
    name1: Option<String>,

    /// Name of engine 2 (default: its GTP name and version).
    #[arg(long, value_name = "NAME", help_heading = "Engines")]
    name2: Option<String>,

    /// Engine that scores finished games: the game is replayed to it and its final_score is
    /// the result (e.g. "gnugo --mode gtp --chinese-rules"). Without it (the default), both
    /// engines are asked final_score: if they name the same winner that is the result (the
    /// smaller margin is recorded); if only one answers, its answer stands; if they name
    /// different winners the game is DISPUTED: listed, written to SGF with RE[?], excluded
    /// from the win rate.
    #[arg(long, value_name = "CMD", value_parser = engine_command, help_heading = "Engines")]
    referee: Option<EngineCommand>,

    /// Number of games, 1 to 1000000.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = whole(1usize, 1_000_000),
          help_heading = "Games")]
    games: usize,

    /// Board size, 2 to 25.
    #[arg(long, value_name = "N", default_value_t = 19, visible_alias = "boardsize",
          value_parser = whole(MIN_SIZE, MAX_SIZE), help_heading = "Games")]
    size: usize,

    /// Komi, from -1000 to 1000.
    #[arg(long, value_name = "K", default_value_t = 7.5, value_parser = komi,
          help_heading = "Games")]
    komi: f32,

    /// Fixed handicap stones for Black, placed with GTP fixed_handicap on both engines (and
    /// the referee), White moving first; 0 for none, else 2 to 9 (2 to 4 on even sizes and
    /// 7x7). Use it with a small komi, e.g. --komi 0.5.
    #[arg(long, value_name = "N", default_value_t = 0, value_parser = whole(0usize, 9),
          help_heading = "Games")]
    handicap: usize,

    /// Engine 1 takes Black in odd-numbered games and White in even ones (the default with
    /// --engine1/--engine2).
    #[arg(long, overrides_with = "no_alternate", help_heading = "Games")]
    alternate: bool,

    /// Engine 1 always takes Black (the default with --black/--white).
    #[arg(long, overrides_with = "alternate", help_heading = "Games")]
    no_alternate: bool,

    /// Move cap, passes included, 1 to 1000000 (default: 3 x size x size); a game that
    /// reaches it is scored as it stands, like one ended by two passes.
    #[arg(long, value_name = "N", value_parser = whole(1usize, 1_000_000), help_heading = "Games")]
    max_moves: Option<usize>,

    /// Match seed for {seed} (default: taken from the clock and printed).
    #[arg(long, value_name = "S", value_parser = whole(0u64, u64::MAX), help_heading = "Games")]
    seed: Option<u64>,

    /// Time system of both engines, in whole seconds (see "Time systems" below): "M B S"
    /// (GTP time_settings: M main time, then B for every S stones; "M 0 0" absolute),
    /// absolute:M, canadian:M:B:S, byoyomi:M:P:B (Japanese: M, then P periods of B) or
    /// fischer:M:I (M, plus I after each move). The runner keeps each engine's clock, sends
    /// time_left before every genmove, and an engine whose clock runs out loses on time
    /// (B+T/W+T). Default: no clock.
    #[arg(long, value_name = "SYSTEM", value_parser = referee::TimeControl::parse,
          help_heading = "Time")]
    time: Option<referee::TimeControl>,

    /// Simulated network lag: a time drawn uniformly from MIN to MAX seconds (one number:
    /// always that) is added to every genmove reply of every engine before its clock is
    /// charged, as a distant server would measure it. Drawn from the match seed. Default: none.
    #[arg(long, value_name = "\"MIN MAX\"", value_parser = lag_range, help_heading = "Time")]
    add_lag: Option<(Duration, Duration)>,

    /// Write one tab-separated line per genmove under a clock to FILE: game, move, engine,
    /// colour, time taken (added lag included), lag added, allowance at the start of the move,
    /// allowance after it ("flag" if the flag fell). Default: none.
    #[arg(long, value_name = "FILE", help_heading = "Time")]
    time_log: Option<PathBuf>,

    /// Overrun forgiven per move for pipe and scheduling delays, in seconds: a move that
    /// exceeds its allowance by no more than this does not lose (the clock stays at zero).
    /// Separate from --add-lag, which is charged.
    #[arg(long, value_name = "SECS", default_value_t = 0.5, value_parser = seconds(0.0, 1e9),
          help_heading = "Time")]
    lag: f64,

    /// Longest wait in seconds for any reply when no clock applies, genmove included; more
    /// than 0. An engine that does not answer in time forfeits the game.
    #[arg(long, value_name = "SECS", default_value_t = 60.0,
          value_parser = seconds(f64::MIN_POSITIVE, 1e9), help_heading = "Time")]
    timeout: f64,

    /// Games played at once, each with its own engine processes, 1 to 256.
    #[arg(long, value_name = "K", default_value_t = 1, visible_alias = "threads",
          value_parser = whole(1usize, 256), help_heading = "Running")]
    parallel: usize,

    /// Write one SGF file per game, DIR/game-NNNN.sgf (created if missing). Default: none.
    #[arg(long, value_name = "DIR", help_heading = "Running")]
    sgf_dir: Option<PathBuf>,

    /// Pass the engines' stderr through (default: discarded).
    #[arg(long, help_heading = "Running")]
    show_stderr: bool,

    /// Echo every GTP command and reply to stderr.
    #[arg(short, long, help_heading = "Running")]
    verbose: bool,
}

/// An engine's command line split into words (`referee::split_command_line`).
#[derive(Debug, Clone)]
struct EngineCommand(Vec<String>);

impl MatchArgs {
    fn into_config(self, default_seed: u64) -> Result<referee::Config, clap::Error> {
        let fixed_colours = self.black.is_some() || self.white.is_some();
        let missing = |option: &str| {
            Cli::command().error(
                ErrorKind::MissingRequiredArgument,
                format!("{option} is required (see tengen match --help)"),
            )
        };
        let engine1 = self
            .engine1
            .or(self.black)
            .ok_or_else(|| missing("--engine1"))?;
        let engine2 = self
            .engine2
            .or(self.white)
            .ok_or_else(|| missing("--engine2"))?;
        if self.handicap == 1 || self.handicap > handicap::max_fixed(self.size) {
            return Err(invalid(
                "--handicap",
                &format!(
                    "{} stones have no fixed layout on {}x{} (0, or 2 to {})",
                    self.handicap,
                    self.size,
                    self.size,
                    handicap::max_fixed(self.size)
                ),
            ));
        }
        let alternate = if self.alternate {
            true
        } else if self.no_alternate {
            false
        } else {
            !fixed_colours
        };
        Ok(referee::Config {
            engine1: engine1.0,
            engine2: engine2.0,
            referee: self.referee.map(|c| c.0),
            name1: self.name1,
            name2: self.name2,
            games: self.games,
            size: self.size,
            komi: self.komi,
            handicap: self.handicap,
            alternate,
            max_moves: self.max_moves.unwrap_or(3 * self.size * self.size),
            seed: self.seed.unwrap_or(default_seed),
            time: self.time,
            lag: Duration::from_secs_f64(self.lag),
            add_lag: self.add_lag,
            time_log: self.time_log,
            timeout: Duration::from_secs_f64(self.timeout),
            parallel: self.parallel,
            sgf_dir: self.sgf_dir,
            show_stderr: self.show_stderr,
            verbose: self.verbose,
        })
    }
}

/// Every core the process may use (`std::thread::available_parallelism`), at most
/// `MAX_THREADS`; 1 where it cannot be told. The default of `--threads` (engine and bench).
pub fn default_threads() -> usize {
    std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(MAX_THREADS)
}

/// A value that `cli` cannot check in its parsers, as clap's own error.
fn invalid(option: &str, reason: &str) -> clap::Error {
    Cli::command().error(ErrorKind::ValueValidation, format!("{option}: {reason}"))
}

// Value parsers: each returns the reason a value is refused; clap adds the option and value.

/// A whole number from `min` to `max`.
fn whole<T>(min: T, max: T) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync
where
    T: FromStr + PartialOrd + Display + Copy + Send + Sync,
{
    move |s| match s.parse::<T>() {
        Ok(n) if n >= min && n <= max => Ok(n),
        _ => Err(format!("not a whole number from {min} to {max}")),
    }
}

/// A whole number of at least `min`.
fn at_least<T>(min: T) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync
where
    T: FromStr + PartialOrd + Display + Copy + Send + Sync,
{
    move |s| match s.parse::<T>() {
        Ok(n) if n >= min => Ok(n),
        _ => Err(format!("not a whole number of at least {min}")),
    }
}

/// Any finite number.
fn finite(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(x) if x.is_finite() => Ok(x),
        _ => Err("not a number".to_string()),
    }
}

/// Seconds from `min` to `max` (`f64::MIN_POSITIVE` for "more than 0").
fn seconds(min: f64, max: f64) -> impl Fn(&str) -> Result<f64, String> + Clone + Send + Sync {
    move |s| match finite(s) {
        Ok(x) if (min..=max).contains(&x) => Ok(x),
        _ if min > 0.0 => Err(format!("not a number of seconds above 0, at most {max}")),
        _ => Err(format!("not a number of seconds from {min} to {max}")),
    }
}

/// A finite number from `min` to `max` that is not a time (a factor).
fn ratio(min: f64, max: f64) -> impl Fn(&str) -> Result<f64, String> + Clone + Send + Sync {
    move |s| match finite(s) {
        Ok(x) if (min..=max).contains(&x) => Ok(x),
        _ => Err(format!("not a number from {min} to {max}")),
    }
}

/// `--add-lag`: "MIN MAX" (or "MIN,MAX", or one number), seconds from 0 to 60, MIN ≤ MAX.
fn lag_range(s: &str) -> Result<(Duration, Duration), String> {
    let fields: Vec<&str> = s
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|f| !f.is_empty())
        .collect();
    let parse = |f: &str| match finite(f) {
        Ok(x) if (0.0..=60.0).contains(&x) => Ok(Duration::from_secs_f64(x)),
        _ => Err(format!("{f:?} is not a number of seconds from 0 to 60")),
    };
    match fields.as_slice() {
        [x] => parse(x).map(|d| (d, d)),
        [min, max] => match (parse(min)?, parse(max)?) {
            (min, max) if min <= max => Ok((min, max)),
            _ => Err("MIN is larger than MAX".to_string()),
        },
        _ => Err("one or two numbers of seconds, \"MIN MAX\", wanted".to_string()),
    }
}

/// A win rate, from 0 to 1.
fn win_rate(s: &str) -> Result<f32, String> {
    match finite(s) {
        Ok(x) if (0.0..=1.0).contains(&x) => Ok(x as f32),
        _ => Err("a win rate is a number from 0 to 1".to_string()),
    }
}

/// The match's komi: a finite number from -1000 to 1000.
fn komi(s: &str) -> Result<f32, String> {
    match finite(s) {
        Ok(k) if k.abs() <= 1000.0 => Ok(k as f32),
        _ => Err("not a komi (a number from -1000 to 1000)".to_string()),
    }
}

fn rule_set(s: &str) -> Result<RuleSet, String> {
    s.parse::<RuleSet>()
        .map_err(|e| format!("{e} (chinese, japanese, aga, new_zealand or tromp-taylor)"))
}

/// `NAME=VALUE` of `--param`, checked against the search's names and ranges.
fn param(s: &str) -> Result<(String, f32), String> {
    let (name, value) = s.split_once('=').ok_or("write NAME=VALUE")?;
    let value = finite(value)? as f32;
    let mut config = search::Config::default();
    config.set_param(name, value).map_err(|e| {
        let names: Vec<&str> = config.params().iter().map(|(n, _)| *n).collect();
        format!("{e}; the names are {}", names.join(", "))
    })?;
    Ok((name.to_string(), value))
}

fn engine_command(s: &str) -> Result<EngineCommand, String> {
    referee::split_command_line(s).map(EngineCommand)
}
