//! The `tengen` binary: GTP engine (default), `tengen analysis`, `tengen bench`, `tengen
//! match`, `tengen book`, `tengen learn`, `tengen net-data`, `tengen review`.
//!
//! The command line is parsed by `tengen::cli` (one `clap` parser for all five); this file
//! prints what the parser says (help and version to stdout, errors to stderr), starts what it
//! asked for, and is the one place that exits: 0 on success, help and version, 1 on any error.
//!
//! Depends on: cli, gtp, bench, referee, book, learn.

use std::process::ExitCode;
use tengen::cli::{self, Invocation};

fn main() -> ExitCode {
    let invocation = match cli::parse(std::env::args_os()) {
        Ok(invocation) => invocation,
        Err(e) => {
            // Help and version go to stdout and succeed; every other error goes to stderr.
            let _ = e.print();
            return if e.use_stderr() {
                ExitCode::FAILURE
            } else {
                ExitCode::SUCCESS
            };
        }
    };
    let result = match invocation {
        Invocation::Serve { config, verbose } => {
            init_logging(verbose);
            tengen::gtp::serve(*config)
        }
        Invocation::Analysis { config, verbose } => {
            init_logging(verbose);
            tengen::json_engine::run(*config)
        }
        Invocation::Bench(options) => {
            init_logging(false);
            tengen::bench::run(&options)
        }
        Invocation::Match(config) => {
            init_logging(false);
            tengen::referee::run(*config)
        }
        Invocation::MatchMerge { inputs, json } => {
            init_logging(false);
            tengen::referee::merge(&inputs, json.as_deref())
        }
        Invocation::Book(options) => {
            init_logging(false);
            tengen::book::build::run(&options)
        }
        Invocation::Learn(options) => {
            init_logging(true);
            tengen::learn::run(&options).map(|model| print!("{model}"))
        }
        Invocation::NetData(options) => {
            init_logging(true);
            tengen::net::data::run(&options).map(|report| eprintln!("{report}"))
        }
        Invocation::Review(options) => {
            init_logging(false);
            tengen::review::run(&options).map(|reviewed| print_review(&options, &reviewed))
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tengen: {e}");
            ExitCode::FAILURE
        }
    }
}

/// What `tengen review` wrote, and each side's biggest mistakes.
fn print_review(options: &tengen::review::Options, reviewed: &tengen::review::Reviewed) {
    println!(
        "{} moves reviewed: {} and {}",
        reviewed.moves,
        options.output.display(),
        reviewed.graph.display()
    );
    for color in tengen::geom::Color::BOTH {
        for mistake in tengen::review::biggest(&reviewed.mistakes, color) {
            println!("{mistake}");
        }
    }
}

/// Logs to stderr at warn level by default, info with `--verbose`; RUST_LOG overrides both.
fn init_logging(verbose: bool) {
    let default = if verbose { "info" } else { "warn" };
    let _ = env_logger::Builder::from_env(env_logger::Env::default().default_filter_or(default))
        .target(env_logger::Target::Stderr)
        .try_init();
}
