//! What `tengen match` was asked to do: `Config`, built by `cli` from the command line.
//!
//! Depends on: nothing but its sibling `clock`.

use super::clock::TimeControl;
use std::path::PathBuf;
use std::time::Duration;

/// Everything `tengen match` was asked to do (`cli` parses it from the command line; each
/// field's default and meaning are in `tengen match --help`). Engine commands are kept as words;
/// `{seed}` is substituted when each process starts.
#[derive(Debug, Clone, PartialEq)]
pub struct Config {
    pub engine1: Vec<String>,
    pub engine2: Vec<String>,
    pub referee: Option<Vec<String>>,
    pub name1: Option<String>,
    pub name2: Option<String>,
    pub games: usize,
    pub size: usize,
    pub komi: f32,
    /// Fixed handicap stones for Black (`--handicap`), 0 for none; otherwise from 2 to
    /// `game::handicap::max_fixed(size)`, which `cli` checks.
    pub handicap: usize,
    pub alternate: bool,
    pub max_moves: usize,
    pub seed: u64,
    pub time: Option<TimeControl>,
    /// Overrun forgiven per move (`--lag`).
    pub lag: Duration,
    /// Simulated network lag (`--add-lag`): a time drawn uniformly from this range, from the
    /// match seed, is added to every `genmove` reply before the clock is charged.
    pub add_lag: Option<(Duration, Duration)>,
    /// One line per `genmove` (`--time-log`).
    pub time_log: Option<PathBuf>,
    pub timeout: Duration,
    pub parallel: usize,
    pub sgf_dir: Option<PathBuf>,
    pub show_stderr: bool,
    pub verbose: bool,
}
