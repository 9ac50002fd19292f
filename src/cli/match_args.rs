//! The options of `tengen match` and the `referee::Config` they make.

use super::progress_args::ProgressArgs;
use super::values::{engine_command, komi, lag_range, seconds, shard, sprt, whole, EngineCommand};
use super::{invalid, Cli};
use crate::game::handicap;
use crate::geom::{MAX_SIZE, MIN_SIZE};
use crate::referee;
use clap::error::ErrorKind;
use clap::{Args, CommandFactory};
use std::path::PathBuf;
use std::time::Duration;

pub(super) const MATCH_NOTES: &str = "\
Each engine is a command line (program and arguments, split like a shell would, no shell
features) started as a child process speaking GTP on stdin/stdout. A program named exactly
`tengen` means this very binary. `{seed}` in a command is replaced by the game's seed: the
match seed plus twice the number of games before it, plus 1 for engine 2; an engine whose
command holds `{seed}` is started anew for each game, so that a game is the same whichever
run or shard plays it (the referee's `{seed}` is the match seed).

Campaigns (docs/match-campaigns.md):
  --json FILE writes the engines, the settings, every game (colours, seeds, result, errors)
  and the summary (win rate with its 95% interval, Elo with its interval, SPRT) as JSON.
  --games-from A --games-to B, or --shard I/N, plays only those game numbers, with the
  colours and seeds they have in the whole match; `tengen match --merge A.json B.json ...
  [--json OUT]` merges the shards' reports into one, refusing shards played with other
  settings or holding the same game. --sprt ELO0,ELO1[,ALPHA,BETA] stops the match once
  Wald's test of engine 1's score (a draw is half a win) accepts H0 (engine 1 is ELO0
  stronger) or H1 (ELO1 stronger); games already started are finished.

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
pub(super) struct MatchArgs {
    /// First engine (the one whose win rate and Elo are reported). Required, or --black.
    #[arg(long, value_name = "CMD", value_parser = engine_command, help_heading = "Engines",
          required_unless_present_any = ["black", "merge"], overrides_with = "black")]
    engine1: Option<EngineCommand>,

    /// Second engine. Required, or --white.
    #[arg(long, value_name = "CMD", value_parser = engine_command, help_heading = "Engines",
          required_unless_present_any = ["white", "merge"], overrides_with = "white")]
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

    #[command(flatten, next_help_heading = "Running")]
    progress: ProgressArgs,

    /// Write the result as JSON to FILE (written whole at the end): engines, settings, every
    /// game with its colours, seeds, result and errors, and the summary. Default: none.
    #[arg(long, value_name = "FILE", help_heading = "Campaigns")]
    json: Option<PathBuf>,

    /// Stop once the SPRT decides between H0 (engine 1 is ELO0 stronger) and H1 (ELO1
    /// stronger), ELO0 < ELO1; ALPHA and BETA, its error rates, are 0.05 unless given.
    /// Default: none, every game is played.
    #[arg(long, value_name = "ELO0,ELO1[,ALPHA,BETA]", value_parser = sprt,
          help_heading = "Campaigns")]
    sprt: Option<referee::stats::SprtBounds>,

    /// Play only games A to --games-to (default 1): a shard with the colours and seeds those
    /// games have in the whole match of --games games.
    #[arg(long, value_name = "A", value_parser = whole(1usize, 1_000_000),
          help_heading = "Campaigns")]
    games_from: Option<usize>,

    /// Play only games --games-from to B (default: --games).
    #[arg(long, value_name = "B", value_parser = whole(1usize, 1_000_000),
          help_heading = "Campaigns")]
    games_to: Option<usize>,

    /// Play only shard I of N: the I-th of N slices of equal size (within one game) of the
    /// --games games, e.g. 2/4. Default: every game.
    #[arg(long, value_name = "I/N", value_parser = shard, conflicts_with_all = ["games_from", "games_to"],
          help_heading = "Campaigns")]
    shard: Option<(usize, usize)>,

    /// Merge the JSON reports of a campaign's shards into one report (printed; written with
    /// --json) instead of playing: refused when they differ in settings or share a game.
    /// Default: none, a match is played.
    #[arg(long, value_name = "REPORT.json", num_args = 1.., help_heading = "Campaigns",
          conflicts_with_all = ["engine1", "engine2", "black", "white", "sprt", "shard",
                                "games_from", "games_to"])]
    merge: Vec<PathBuf>,
}

/// What `tengen match` was asked: a match, or the merge of reports.
#[derive(Debug)]
pub(super) enum MatchInvocation {
    Play(Box<referee::Config>),
    Merge {
        inputs: Vec<PathBuf>,
        json: Option<PathBuf>,
    },
}
impl MatchArgs {
    pub(super) fn into_invocation(self, default_seed: u64) -> Result<MatchInvocation, clap::Error> {
        if !self.merge.is_empty() {
            return Ok(MatchInvocation::Merge {
                inputs: self.merge,
                json: self.json,
            });
        }
        self.into_config(default_seed)
            .map(|c| MatchInvocation::Play(Box::new(c)))
    }

    /// The games this run plays, from 1, both ends included; None: all `--games`.
    fn slice(&self) -> Result<Option<(usize, usize)>, clap::Error> {
        let games = self.games;
        let (first, last) = match (self.shard, self.games_from, self.games_to) {
            (Some((i, n)), _, _) => {
                if n > games {
                    return Err(invalid(
                        "--shard",
                        &format!("{n} shards of {games} games: some would be empty"),
                    ));
                }
                (games * (i - 1) / n + 1, games * i / n)
            }
            (None, None, None) => return Ok(None),
            (None, from, to) => (from.unwrap_or(1), to.unwrap_or(games)),
        };
        if first > last || last > games {
            return Err(invalid(
                "--games-from/--games-to",
                &format!("games {first} to {last} are not a slice of 1 to {games}"),
            ));
        }
        Ok(Some((first, last)))
    }

    pub(super) fn into_config(self, default_seed: u64) -> Result<referee::Config, clap::Error> {
        let slice = self.slice()?;
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
            campaign: referee::Campaign {
                slice,
                json: self.json,
                sprt: self.sprt,
                progress: self.progress.mode(),
            },
        })
    }
}
