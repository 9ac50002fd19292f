//! The options of `tengen analysis` (KataGo's JSON analysis protocol) and the
//! `json_engine::Config` they make; `katago_args`, which takes KataGo's own arguments
//! (`-model X -config Y …`, as KaTrain passes them) out of the command line before clap reads
//! it.

use super::default_threads;
use super::values::{at_least, param, seconds, whole};
use crate::json_engine;
use crate::search;
use crate::search::tree::MAX_THREADS;
use clap::Args;
use std::ffi::OsString;
use std::time::Duration;

pub(super) const ANALYSIS_NOTES: &str = "\
Reads one JSON query a line on stdin and writes one JSON answer a line on stdout, as KataGo's
analysis engine (its docs/Analysis_Engine.md): what KaTrain and other review tools speak. The
fields tengen reads and what each answer holds: docs/analysis-clients.md. KataGo's own
arguments (-model FILE, -config FILE, -override-config TEXT, -human-model FILE) are accepted
and ignored, with one line on stderr; -quit-without-waiting drops the waiting queries at the
end of input instead of answering them.";

/// KataGo's single-dash options that take a value: accepted and ignored.
const KATAGO_VALUE_OPTIONS: &[&str] = &[
    "-model",
    "-config",
    "-override-config",
    "-human-model",
    "-analysis-threads",
];
/// KataGo's single-dash flag that `tengen analysis` honours.
pub(super) const QUIT_WITHOUT_WAITING: &str = "-quit-without-waiting";

/// Splits the arguments after `analysis` into tengen's own and KataGo's (each KataGo option
/// with its value), so that clap never sees `-model`. Only the exact names above count.
pub(super) fn katago_args(args: Vec<OsString>) -> (Vec<OsString>, Vec<String>) {
    let mut own = Vec::new();
    let mut katago = Vec::new();
    let mut iter = args.into_iter();
    while let Some(arg) = iter.next() {
        let text = arg.to_string_lossy().to_string();
        if text == QUIT_WITHOUT_WAITING {
            katago.push(text);
        } else if KATAGO_VALUE_OPTIONS.contains(&text.as_str()) {
            katago.push(text);
            if let Some(value) = iter.next() {
                katago.push(value.to_string_lossy().to_string());
            }
        } else {
            own.push(arg);
        }
    }
    (own, katago)
}

/// The options of `tengen analysis`.
#[derive(Args, Debug)]
pub(super) struct AnalysisArgs {
    /// Playouts of a turn whose query gives no maxVisits.
    #[arg(long, value_name = "N", default_value_t = json_engine::Config::default().max_visits,
          value_parser = at_least(1u64))]
    max_visits: u64,

    /// The longest search of one turn in seconds, whatever the query asks (its maxTime may
    /// shorten it).
    #[arg(long, value_name = "S",
          default_value_t = json_engine::Config::default().max_time.as_secs_f64(),
          value_parser = seconds(f64::MIN_POSITIVE, 1e7))]
    max_time: f64,

    /// Threads searching one shared tree; the default is every core.
    #[arg(long, value_name = "N", default_value_t = default_threads(),
          value_parser = whole(1usize, MAX_THREADS))]
    threads: usize,

    /// Memory for the search tree in MiB (nodes of 48 bytes).
    #[arg(long, value_name = "MIB", default_value_t = search::DEFAULT_MAX_MEMORY_MIB,
          value_parser = whole(1usize, 1 << 22))]
    max_memory: usize,

    /// Seed of the search's random numbers.
    #[arg(long, value_name = "N", default_value_t = search::Config::default().seed,
          value_parser = whole(0u64, u64::MAX))]
    seed: u64,

    /// Set one tunable number of the search (repeatable), as for the GTP engine. Default: each
    /// its value in GTP tengen-param.
    #[arg(long = "param", value_name = "NAME=VALUE", value_parser = param)]
    params: Vec<(String, f32)>,

    /// Log what the engine does to stderr (RUST_LOG overrides).
    #[arg(short, long)]
    pub(super) verbose: bool,
}

impl AnalysisArgs {
    /// The configuration, with KataGo's arguments `katago` (see `katago_args`).
    pub(super) fn into_config(self, katago: Vec<String>) -> Result<json_engine::Config, String> {
        let mut search = search::Config::default();
        for (name, value) in &self.params {
            search.set_param(name, *value)?;
        }
        search.seed = self.seed;
        search.threads = self.threads;
        search.max_nodes = search::nodes_for_memory(self.max_memory);
        let quit_without_waiting = katago.iter().any(|a| a == QUIT_WITHOUT_WAITING);
        Ok(json_engine::Config {
            search,
            max_visits: self.max_visits,
            max_time: Duration::from_secs_f64(self.max_time),
            quit_without_waiting,
            ignored_args: katago
                .into_iter()
                .filter(|a| a != QUIT_WITHOUT_WAITING)
                .collect(),
            visits_limit: None,
        })
    }
}
