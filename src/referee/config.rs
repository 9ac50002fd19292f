//! The command line of `tengen match`: options → `Config`, and the `--help` text.
//!
//! Depends on: geom (board size limits).

use super::client::split_command_line;
use super::clock::TimeSettings;
use crate::geom::{MAX_SIZE, MIN_SIZE};
use std::path::PathBuf;
use std::time::Duration;

pub const HELP: &str = "\
tengen match: plays games between two GTP engines and reports the result.

USAGE:
    tengen match --engine1 CMD --engine2 CMD [OPTIONS]

Each engine is a command line (program and arguments, split like a shell would, no shell
features) started as a child process speaking GTP on stdin/stdout. A program named exactly
`tengen` means this very binary. `{seed}` in a command is replaced by the match seed plus the
number of engines started before it, so engines that take a seed play different games.

ENGINES:
    --engine1 CMD         First engine (the one whose win rate and Elo are reported).
    --engine2 CMD         Second engine.
    --black CMD           Same as --engine1, but colours are fixed unless --alternate is given.
    --white CMD           Same as --engine2, likewise.
    --name1 NAME          Name of engine 1 in SGF PB/PW (default: its GTP `name` and `version`).
    --name2 NAME          Name of engine 2, likewise.
    --referee CMD         Engine that scores finished games: the game is replayed to it and its
                          `final_score` is the result (e.g. \"gnugo --mode gtp --chinese-rules\").
                          Without it, both engines are asked `final_score`: if they name the same
                          winner that is the result (the smaller margin is recorded); if only one
                          answers, its answer stands; if they name different winners the game is
                          DISPUTED: listed, written to SGF with RE[?], excluded from the win rate.

GAMES:
    --games N             Number of games (default 1).
    --size N              Board size, 2 to 25 (default 19). Alias: --boardsize.
    --komi K              Komi (default 7.5).
    --alternate           Engine 1 takes Black in odd-numbered games and White in even ones
                          (default with --engine1/--engine2).
    --no-alternate        Engine 1 always takes Black (default with --black/--white).
    --max-moves N         Move cap, passes included (default 3 x size x size); a game that
                          reaches it is scored as it stands, like one ended by two passes.
    --seed S              Match seed for `{seed}` (default: taken from the clock and printed).

TIME:
    --time \"M B S\"        GTP time_settings sent to both engines: M s main time, then B s for
                          every S stones (Canadian byo-yomi; \"M 0 0\" is absolute time). The
                          runner keeps each engine's clock, sends `time_left` before every
                          `genmove`, and an engine whose clock runs out loses on time (B+T/W+T).
    --lag SECS            Overrun forgiven per move for pipe and scheduling delays (default 0.5).
    --timeout SECS        Longest wait for any reply when no clock applies, `genmove` included
                          (default 60). An engine that does not answer in time forfeits the game.

RUNNING:
    --parallel K          Games played at once, each with its own engine processes (default 1).
                          Alias: --threads.
    --sgf-dir DIR         Write one SGF file per game, DIR/game-NNNN.sgf (created if missing).
    --show-stderr         Pass the engines' stderr through (default: discarded).
    --verbose, -v         Echo every GTP command and reply to stderr.
    --help, -h            Print this help.

RULES AND RESULTS:
    The runner checks every move with tengen's own rules (Chinese: no suicide, positional
    superko). An engine forfeits the game (B+F/W+F) when it plays an illegal move, answers
    `genmove` with something that is not a move, rejects a legal `play`, fails a setup command,
    crashes, or does not reply within --timeout. `resign` ends the game (B+R/W+R); two passes in
    a row end it and it is scored. Engines that fail are restarted for the next game.

OUTPUT (stdout):
    One line per game as it finishes (number, colours, result, winner, moves, time), any errors
    of that game indented below it, then a summary: games, wins per engine and per colour, draws,
    disputed games, engine 1's win rate with a 95% Wilson interval, the Elo difference with the
    interval mapped from it, average time per move of each engine, and every error listed.
";

/// Everything `tengen match` was asked to do. Engine commands are kept as words; `{seed}` is
/// substituted when each process starts.
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
    pub alternate: bool,
    pub max_moves: usize,
    pub seed: u64,
    pub time: Option<TimeSettings>,
    pub lag: Duration,
    pub timeout: Duration,
    pub parallel: usize,
    pub sgf_dir: Option<PathBuf>,
    pub show_stderr: bool,
    pub verbose: bool,
}

/// What the command line asks for.
#[derive(Debug, Clone, PartialEq)]
pub enum Invocation {
    Help,
    Match(Box<Config>),
}

/// Parses the arguments after `match`. `default_seed` is used when `--seed` is absent.
pub fn parse_args(args: &[String], default_seed: u64) -> Result<Invocation, String> {
    let mut engine1 = None;
    let mut engine2 = None;
    let mut fixed_colours = false;
    let mut alternate = None;
    let mut referee = None;
    let mut name1 = None;
    let mut name2 = None;
    let mut games = 1;
    let mut size = 19;
    let mut komi = 7.5f32;
    let mut max_moves = None;
    let mut seed = default_seed;
    let mut time = None;
    let mut lag = Duration::from_millis(500);
    let mut timeout = Duration::from_secs(60);
    let mut parallel = 1;
    let mut sgf_dir = None;
    let mut show_stderr = false;
    let mut verbose = false;

    let mut i = 0;
    while i < args.len() {
        let arg = args[i].as_str();
        i += 1;
        let (option, inline) = match arg.split_once('=') {
            Some((o, v)) if o.starts_with("--") => (o, Some(v.to_string())),
            _ => (arg, None),
        };
        let has_value = !matches!(
            option,
            "--help"
                | "-h"
                | "--alternate"
                | "--no-alternate"
                | "--show-stderr"
                | "--verbose"
                | "-v"
        );
        let value = if has_value {
            match inline {
                Some(v) => v,
                None => {
                    let v = args
                        .get(i)
                        .ok_or_else(|| format!("{option} needs a value"))?
                        .clone();
                    i += 1;
                    v
                }
            }
        } else if inline.is_some() {
            return Err(format!("{option} takes no value"));
        } else {
            String::new()
        };
        match option {
            "--help" | "-h" => return Ok(Invocation::Help),
            "--engine1" => engine1 = Some(split_command_line(&value)?),
            "--engine2" => engine2 = Some(split_command_line(&value)?),
            "--black" => {
                engine1 = Some(split_command_line(&value)?);
                fixed_colours = true;
            }
            "--white" => {
                engine2 = Some(split_command_line(&value)?);
                fixed_colours = true;
            }
            "--referee" => referee = Some(split_command_line(&value)?),
            "--name1" => name1 = Some(value),
            "--name2" => name2 = Some(value),
            "--games" => games = number(option, &value, 1, 1_000_000)?,
            "--size" | "--boardsize" => size = number(option, &value, MIN_SIZE, MAX_SIZE)?,
            "--komi" => {
                komi = value
                    .parse::<f32>()
                    .ok()
                    .filter(|k| k.is_finite() && k.abs() <= 1000.0)
                    .ok_or_else(|| format!("--komi: {value:?} is not a komi"))?;
            }
            "--alternate" => alternate = Some(true),
            "--no-alternate" => alternate = Some(false),
            "--max-moves" => max_moves = Some(number(option, &value, 1, 1_000_000)?),
            "--seed" => seed = number(option, &value, 0, u64::MAX)?,
            "--time" => time = Some(TimeSettings::parse(&value)?),
            "--lag" => lag = seconds(option, &value)?,
            "--timeout" => timeout = seconds(option, &value)?,
            "--parallel" | "--threads" => parallel = number(option, &value, 1, 256)?,
            "--sgf-dir" => sgf_dir = Some(PathBuf::from(value)),
            "--show-stderr" => show_stderr = true,
            "--verbose" | "-v" => verbose = true,
            _ => return Err(format!("unknown option {arg} (see tengen match --help)")),
        }
    }
    let engine1 = engine1.ok_or("--engine1 is required (see tengen match --help)")?;
    let engine2 = engine2.ok_or("--engine2 is required (see tengen match --help)")?;
    if timeout.is_zero() {
        return Err("--timeout must be positive".to_string());
    }
    Ok(Invocation::Match(Box::new(Config {
        engine1,
        engine2,
        referee,
        name1,
        name2,
        games,
        size,
        komi,
        alternate: alternate.unwrap_or(!fixed_colours),
        max_moves: max_moves.unwrap_or(3 * size * size),
        seed,
        time,
        lag,
        timeout,
        parallel,
        sgf_dir,
        show_stderr,
        verbose,
    })))
}

fn number<T>(option: &str, value: &str, min: T, max: T) -> Result<T, String>
where
    T: std::str::FromStr + PartialOrd + std::fmt::Display + Copy,
{
    match value.parse::<T>() {
        Ok(n) if n >= min && n <= max => Ok(n),
        _ => Err(format!(
            "{option}: {value:?} is not a whole number from {min} to {max}"
        )),
    }
}

fn seconds(option: &str, value: &str) -> Result<Duration, String> {
    value
        .parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && *s >= 0.0 && *s < 1e9)
        .map(Duration::from_secs_f64)
        .ok_or_else(|| format!("{option}: {value:?} is not a number of seconds"))
}
