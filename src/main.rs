//! The `tengen` binary: GTP engine (default), `tengen bench`, `tengen match`.
//!
//! Command-line parsing only: flags become a `gtp::Config`; this is the one place that exits.
//! The parser is hand-rolled (a dozen flags do not need a crate): `--flag value` or
//! `--flag=value`.
//!
//! Depends on: gtp, bench, referee, game, search, playout, time.

use std::process::ExitCode;
use std::time::Duration;
use tengen::game::RuleSet;
use tengen::gtp;
use tengen::search::tree::MAX_THREADS;

const HELP: &str = "\
tengen: a Monte Carlo Go engine speaking GTP version 2 on stdin/stdout.

Usage:
  tengen [OPTIONS]          serve GTP (the default)
  tengen bench [ARGS]       playouts per second on fixed positions (tengen bench --help)
  tengen match [ARGS]       play games between two GTP engines (tengen match --help)

Options:
  --rules NAME              chinese (default), japanese, aga, new_zealand, tromp-taylor;
                            sets ko rule, suicide, counting, default komi and handicap
                            compensation; GTP kgs-rules changes it later
  --komi K                  komi (default: the rules' own, 7.5 under Chinese rules); GTP komi
                            changes it; a komi once set survives any change of rules
  --size N                  board size before any GTP boardsize (2..25, default 19)
  --playouts N              playouts per move, whatever the time control (a clock still caps
                            the time)
  --time-per-move S         seconds per move, whatever the time control (a clock can shorten it)
  --default-playouts N      playouts per move when there is no time control and neither
                            option above is given (default 10000)
  --max-move-time S         no move thinks longer than S seconds, whatever the clock or the
                            options above say (default 120)
  --lag-margin S            seconds kept back from every time allowance for lag (default 1;
                            at most a quarter of a byo-yomi period)
  --resign-threshold X      resign when the best win rate is below X, 0..1 (default 0.1)
  --no-resign               never resign
  --lenient-play            GTP play accepts any move on an empty point (ko, superko and
                            suicide unchecked), for servers whose rules differ from ours
  --param NAME=VALUE        set one tunable number of the search (repeatable); GTP
                            `tengen-param` lists the names and values, and sets them too
  --seed N                  seed of the search's random numbers (default 1); reproducible
                            with --threads 1
  --threads N               threads searching one shared tree (default: every core, here {cores})
  --max-memory MIB          memory for the search tree in MiB (default 1024; nodes of 48
                            bytes); when it is full the search goes on without growing it
  --ponder                  think on the opponent's time after each genmove, keeping the
                            tree; any command stops it at once
  --playout-policy P        heavy (default: MoGo-style tactics and 3x3 shapes) or light
                            (uniformly random moves; faster, weaker; for comparisons)
  --gtp-log FILE            append every command received and reply sent to FILE
  -v, --verbose             log what the engine does to stderr (RUST_LOG overrides)
  -h, --help                print this help
  -V, --version             print the version

Logs go to stderr only; stdout carries nothing but GTP replies.
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("bench") => {
            init_logging(false);
            tengen::bench::run(&args[1..])
        }
        Some("match") => {
            init_logging(false);
            tengen::referee::run(&args[1..])
        }
        _ => match parse_gtp_options(&args) {
            Ok(Parsed::Help) => {
                print!(
                    "{}",
                    HELP.replace("{cores}", &default_threads().to_string())
                );
                Ok(())
            }
            Ok(Parsed::Version) => {
                println!("tengen {}", env!("CARGO_PKG_VERSION"));
                Ok(())
            }
            Ok(Parsed::Serve { config, verbose }) => {
                init_logging(verbose);
                gtp::serve(*config)
            }
            Err(e) => Err(format!("{e}\nTry 'tengen --help'.")),
        },
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tengen: {e}");
            ExitCode::FAILURE
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

enum Parsed {
    Help,
    Version,
    Serve {
        config: Box<gtp::Config>,
        verbose: bool,
    },
}

fn parse_gtp_options(args: &[String]) -> Result<Parsed, String> {
    let mut config = gtp::Config::default();
    config.search.threads = default_threads();
    let mut verbose = false;
    let mut i = 0;
    while i < args.len() {
        let arg = &args[i];
        i += 1;
        // `--flag=value` and `--flag value` both work.
        let (flag, inline) = match arg.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f, Some(v.to_string())),
            _ => (arg.as_str(), None),
        };
        let switch = matches!(
            flag,
            "-h" | "--help"
                | "-V"
                | "--version"
                | "-v"
                | "--verbose"
                | "--no-resign"
                | "--lenient-play"
                | "--ponder"
        );
        if switch && inline.is_some() {
            return Err(format!("{flag} takes no value"));
        }
        let mut value = |what: &str| -> Result<String, String> {
            if let Some(v) = inline.clone() {
                return Ok(v);
            }
            let v = args.get(i).cloned().ok_or(format!("{flag} needs {what}"))?;
            i += 1;
            Ok(v)
        };
        match flag {
            "-h" | "--help" => return Ok(Parsed::Help),
            "-V" | "--version" => return Ok(Parsed::Version),
            "-v" | "--verbose" => verbose = true,
            "--rules" => {
                let v = value("a ruleset")?;
                config.rules = v.parse::<RuleSet>().map_err(|e| e.to_string())?;
                config.rules_chosen = true;
            }
            "--komi" => config.komi = Some(number(flag, &value("a number")?)? as f32),
            "--size" => {
                let n: usize = integer(flag, &value("a board size")?)?;
                if !(tengen::geom::MIN_SIZE..=tengen::geom::MAX_SIZE).contains(&n) {
                    return Err(format!("--size {n}: sizes 2 to 25 are supported"));
                }
                config.board_size = n;
            }
            "--playouts" => config.playouts = Some(positive(flag, &value("a number")?)?),
            "--default-playouts" => config.default_playouts = positive(flag, &value("a number")?)?,
            "--time-per-move" => config.time_per_move = Some(duration(flag, &value("seconds")?)?),
            "--lag-margin" => config.budget.lag_margin = duration(flag, &value("seconds")?)?,
            "--max-move-time" => {
                let t = duration(flag, &value("seconds")?)?;
                if t.is_zero() {
                    return Err(format!("{flag} 0: a move needs some time"));
                }
                config.budget.max_move_time = t;
            }
            "--resign-threshold" => {
                let x = number(flag, &value("a win rate")?)?;
                if !(0.0..=1.0).contains(&x) {
                    return Err(format!("{flag} {x}: a win rate is between 0 and 1"));
                }
                config.search.resign_threshold = Some(x as f32);
            }
            "--no-resign" => config.search.resign_threshold = None,
            "--lenient-play" => config.lenient_play = true,
            "--param" => {
                let v = value("NAME=VALUE")?;
                let (name, x) = v
                    .split_once('=')
                    .ok_or(format!("--param {v}: write NAME=VALUE"))?;
                let x = number(flag, x)? as f32;
                config.search.set_param(name, x).map_err(|e| {
                    let names: Vec<&str> = config.search.params().iter().map(|(n, _)| *n).collect();
                    format!("--param {e}; the names are {}", names.join(", "))
                })?;
            }
            "--seed" => config.search.seed = integer(flag, &value("a number")?)?,
            "--threads" => {
                let n = positive(flag, &value("a number of threads")?)?;
                if n > MAX_THREADS as u64 {
                    return Err(format!("{flag} {n}: at most {MAX_THREADS}"));
                }
                config.search.threads = n as usize;
            }
            "--max-memory" => {
                let mib = positive(flag, &value("MiB")?)?;
                if mib > 1 << 22 {
                    return Err(format!("{flag} {mib}: at most 4 TiB"));
                }
                config.search.max_nodes = tengen::search::nodes_for_memory(mib as usize);
            }
            "--ponder" => config.ponder = true,
            "--playout-policy" => {
                config.search.playout_policy = value("light or heavy")?
                    .parse::<tengen::playout::PolicyKind>()
                    .map_err(|e| format!("{flag}: {e}"))?;
            }
            "--gtp-log" => config.gtp_log = Some(value("a file name")?.into()),
            _ => return Err(format!("unknown option {arg}")),
        }
    }
    Ok(Parsed::Serve {
        config: Box::new(config),
        verbose,
    })
}

/// Every core the process may use (`std::thread::available_parallelism`), at most
/// `MAX_THREADS`; 1 where it cannot be told.
fn default_threads() -> usize {
    std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(MAX_THREADS)
}

fn number(flag: &str, v: &str) -> Result<f64, String> {
    match v.parse::<f64>() {
        Ok(x) if x.is_finite() => Ok(x),
        _ => Err(format!("{flag} {v}: not a number")),
    }
}

fn integer<T: std::str::FromStr>(flag: &str, v: &str) -> Result<T, String> {
    v.parse()
        .map_err(|_| format!("{flag} {v}: not a whole number"))
}

fn positive(flag: &str, v: &str) -> Result<u64, String> {
    match integer::<u64>(flag, v)? {
        0 => Err(format!("{flag} 0: must be at least 1")),
        n => Ok(n),
    }
}

fn duration(flag: &str, v: &str) -> Result<Duration, String> {
    let s = number(flag, v)?;
    if !(0.0..=1e7).contains(&s) {
        return Err(format!("{flag} {v}: seconds from 0 to 10,000,000"));
    }
    Ok(Duration::from_secs_f64(s))
}
