//! What `tengen match` was asked to do: `Config`, built by `cli` from the command line.
//!
//! Depends on: progress, and its siblings `clock` and `stats`.

use super::clock::TimeControl;
use super::stats::SprtBounds;
use crate::progress::Mode;
use std::ops::RangeInclusive;
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
    pub campaign: Campaign,
}

/// What a campaign adds to a match (`docs/match-campaigns.md`): the slice of its games that
/// this run plays, the JSON report, the SPRT that may stop it early, the progress bar.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Campaign {
    /// The game numbers this run plays, from 1, both ends included (`--games-from`,
    /// `--games-to`, `--shard`); None: all of them.
    pub slice: Option<(usize, usize)>,
    /// Write the result as JSON to this file (`--json`).
    pub json: Option<PathBuf>,
    /// Stop once this test decides (`--sprt`).
    pub sprt: Option<SprtBounds>,
    pub progress: Mode,
}

impl Config {
    /// The game numbers this run plays: its slice, else 1 to `games`.
    pub fn game_numbers(&self) -> RangeInclusive<usize> {
        let (first, last) = self.campaign.slice.unwrap_or((1, self.games));
        first..=last
    }
}
