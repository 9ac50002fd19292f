//! The command line of the `tengen` binary: one `clap` parser for the GTP engine (the
//! default), `tengen analysis`, `bench`, `match`, `book`, `learn`, `net-data` and `review`,
//! and the typed configuration each yields (`gtp::Config`, `json_engine::Config`,
//! `bench::Options`, `referee::Config`, `book::build::Options`, `learn::Options`,
//! `net::data::Options`, `review::Options`). KataGo's own arguments to `analysis` (`-model X`,
//! as KaTrain passes them) are taken out before clap reads the rest
//! (`analysis_args::katago_args`).
//!
//! Every option is declared once, with its help line and default, in the `…Args` struct of
//! its command; every range check is a value parser of `values.rs`, so a bad value is
//! refused with the option's name and the reason before anything starts. As before clap, an
//! option given twice takes its last value (`args_override_self`), `--flag=value` and
//! `--flag value` both work, and negative numbers are values (`--komi -5.5`).
//!
//! **Invariant:** `parse` never prints and never exits: help, version and every error come
//! back as a `clap::Error` for `main`, the one place that prints them and exits.
//!
//! Depends on: gtp, json_engine, bench, book, learn, net, referee, review, progress, search,
//! playout, time, game, geom.

mod analysis_args;
mod engine_args;
mod match_args;
mod offline_args;
mod progress_args;
mod review_args;
#[cfg(test)]
mod tests;
mod values;

use crate::bench;
use crate::book;
use crate::gtp;
use crate::json_engine;
use crate::learn;
use crate::net;
use crate::referee;
use crate::review;
use crate::search::tree::MAX_THREADS;
use analysis_args::{katago_args, AnalysisArgs, ANALYSIS_NOTES};
use clap::error::ErrorKind;
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use engine_args::EngineArgs;
use match_args::{MatchArgs, MatchInvocation, MATCH_NOTES};
use offline_args::{BenchArgs, BookArgs, LearnArgs, NetDataArgs, BENCH_NOTES, BOOK_NOTES};
use review_args::{ReviewArgs, REVIEW_NOTES};
use std::ffi::OsString;

/// What the command line asks `main` to do.
#[derive(Debug)]
pub enum Invocation {
    /// Serve GTP on stdin/stdout; `verbose` is `-v` (info logs on stderr).
    Serve {
        config: Box<gtp::Config>,
        verbose: bool,
    },
    /// `tengen analysis`; `verbose` is `-v`.
    Analysis {
        config: Box<json_engine::Config>,
        verbose: bool,
    },
    /// `tengen bench`.
    Bench(bench::Options),
    /// `tengen match`.
    Match(Box<referee::Config>),
    /// `tengen match --merge`: the shards' reports to merge, and where to write the result.
    MatchMerge {
        inputs: Vec<std::path::PathBuf>,
        json: Option<std::path::PathBuf>,
    },
    /// `tengen book`.
    Book(book::build::Options),
    /// `tengen learn`.
    Learn(learn::Options),
    /// `tengen net-data`.
    NetData(net::data::Options),
    /// `tengen review`.
    Review(review::Options),
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
    let mut args: Vec<OsString> = args.into_iter().map(Into::into).collect();
    let mut katago = Vec::new();
    if args.get(1).is_some_and(|a| a == "analysis") {
        let rest = args.split_off(2);
        let (own, theirs) = katago_args(rest);
        args.extend(own);
        katago = theirs;
    }
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
        Some(Command::Analysis(args)) => {
            let verbose = args.verbose;
            let config = args
                .into_config(katago)
                .map_err(|e| invalid("--param", &e))?;
            Invocation::Analysis {
                config: Box::new(config),
                verbose,
            }
        }
        Some(Command::Bench(args)) => Invocation::Bench(args.into_options()?),
        Some(Command::Match(args)) => match args.into_invocation(default_seed)? {
            MatchInvocation::Play(config) => Invocation::Match(config),
            MatchInvocation::Merge { inputs, json } => Invocation::MatchMerge { inputs, json },
        },
        Some(Command::Book(args)) => Invocation::Book(args.into_options()),
        Some(Command::Learn(args)) => Invocation::Learn(args.into_options()),
        Some(Command::NetData(args)) => Invocation::NetData(net::data::Options {
            inputs: args.inputs,
            out: args.out,
        }),
        Some(Command::Review(args)) => Invocation::Review(args.into_options()),
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
    /// KataGo's JSON analysis protocol on stdin/stdout (KaTrain and other review tools).
    #[command(
        long_about = None,
        after_help = ANALYSIS_NOTES,
        args_override_self = true,
        term_width = 100
    )]
    Analysis(AnalysisArgs),
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
        override_usage = "tengen match --engine1 CMD --engine2 CMD [OPTIONS]\n       \
                          tengen match --merge REPORT.json... [--json OUT.json]",
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
    /// Review a game: every position searched, the mistakes marked, a win-rate graph.
    #[command(
        long_about = None,
        after_help = REVIEW_NOTES,
        args_override_self = true,
        allow_negative_numbers = true,
        term_width = 100
    )]
    Review(ReviewArgs),
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
