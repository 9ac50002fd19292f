//! The value parsers of the options, and the values they make that are not the program's
//! own types.

use crate::book::Book;
use crate::game::RuleSet;
use crate::net::Network;
use crate::referee;
use crate::referee::stats::SprtBounds;
use crate::search;
use crate::search::model::MoveModel;
use std::fmt::Display;
use std::io::Read;
use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

// Value parsers: each returns the reason a value is refused; clap adds the option and value.

/// A whole number from `min` to `max`.
pub(super) fn whole<T>(min: T, max: T) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync
where
    T: FromStr + PartialOrd + Display + Copy + Send + Sync,
{
    move |s| match s.parse::<T>() {
        Ok(n) if n >= min && n <= max => Ok(n),
        _ => Err(format!("not a whole number from {min} to {max}")),
    }
}

/// A whole number of at least `min`.
pub(super) fn at_least<T>(min: T) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync
where
    T: FromStr + PartialOrd + Display + Copy + Send + Sync,
{
    move |s| match s.parse::<T>() {
        Ok(n) if n >= min => Ok(n),
        _ => Err(format!("not a whole number of at least {min}")),
    }
}

/// Any finite number.
pub(super) fn finite(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(x) if x.is_finite() => Ok(x),
        _ => Err("not a number".to_string()),
    }
}

/// Seconds from `min` to `max` (`f64::MIN_POSITIVE` for "more than 0").
pub(super) fn seconds(
    min: f64,
    max: f64,
) -> impl Fn(&str) -> Result<f64, String> + Clone + Send + Sync {
    move |s| match finite(s) {
        Ok(x) if (min..=max).contains(&x) => Ok(x),
        _ if min > 0.0 => Err(format!("not a number of seconds above 0, at most {max}")),
        _ => Err(format!("not a number of seconds from {min} to {max}")),
    }
}

/// A finite number from `min` to `max` that is not a time (a factor).
pub(super) fn ratio(
    min: f64,
    max: f64,
) -> impl Fn(&str) -> Result<f64, String> + Clone + Send + Sync {
    move |s| match finite(s) {
        Ok(x) if (min..=max).contains(&x) => Ok(x),
        _ => Err(format!("not a number from {min} to {max}")),
    }
}

/// `--add-lag`: "MIN MAX" (or "MIN,MAX", or one number), seconds from 0 to 60, MIN ≤ MAX.
pub(super) fn lag_range(s: &str) -> Result<(Duration, Duration), String> {
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
pub(super) fn win_rate(s: &str) -> Result<f32, String> {
    match finite(s) {
        Ok(x) if (0.0..=1.0).contains(&x) => Ok(x as f32),
        _ => Err("a win rate is a number from 0 to 1".to_string()),
    }
}

/// The match's komi: a finite number from -1000 to 1000.
pub(super) fn komi(s: &str) -> Result<f32, String> {
    match finite(s) {
        Ok(k) if k.abs() <= 1000.0 => Ok(k as f32),
        _ => Err("not a komi (a number from -1000 to 1000)".to_string()),
    }
}

pub(super) fn rule_set(s: &str) -> Result<RuleSet, String> {
    s.parse::<RuleSet>()
        .map_err(|e| format!("{e} (chinese, japanese, aga, new_zealand or tromp-taylor)"))
}

/// One word of printable text (a GTP `version` answer): no space, no control character.
pub(super) fn word(s: &str) -> Result<String, String> {
    if s.is_empty() || s.chars().any(|c| c.is_whitespace() || c.is_control()) {
        Err("not one word of printable text".into())
    } else {
        Ok(s.to_string())
    }
}

/// `NAME=VALUE` of `--param`, checked against the search's names and ranges.
pub(super) fn param(s: &str) -> Result<(String, f32), String> {
    let (name, value) = s.split_once('=').ok_or("write NAME=VALUE")?;
    let value = finite(value)? as f32;
    let mut config = search::Config::default();
    config.set_param(name, value).map_err(|e| {
        let names: Vec<&str> = config.params().iter().map(|(n, _)| *n).collect();
        format!("{e}; the names are {}", names.join(", "))
    })?;
    Ok((name.to_string(), value))
}

/// An engine's command line split into words (`referee::split_command_line`).
#[derive(Debug, Clone)]
pub(super) struct EngineCommand(pub(super) Vec<String>);

pub(super) fn engine_command(s: &str) -> Result<EngineCommand, String> {
    referee::split_command_line(s).map(EngineCommand)
}

/// `--book FILE`: a book's text, read and checked before the engine starts.
pub(super) fn book_file(path: &str) -> Result<Book, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    Book::parse(&text).map_err(|e| format!("{path}: {e}"))
}

/// `--model`: a model file, read once and kept for the life of the process (the searches
/// borrow it).
pub(super) fn model_file(path: &str) -> Result<&'static MoveModel, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let model = MoveModel::parse(&text).map_err(|e| format!("{path}: {e}"))?;
    Ok(Box::leak(Box::new(model)))
}

/// `--network` (the engine's and the bench's): a network file, read and checked once and
/// kept for the life of the process; an error is `--network PATH: reason` on one line.
pub(super) fn network_option(path: &Path) -> Result<&'static Network, clap::Error> {
    network_file(path).map_err(|e| {
        clap::Error::raw(
            clap::error::ErrorKind::ValueValidation,
            format!("--network {e}\n"),
        )
    })
}

/// A network file; an error is `PATH: reason` on one line. At most `MAX_NETWORK_BYTES`, so a
/// wrong path (a disk image, a device) is refused rather than read into memory.
fn network_file(path: &Path) -> Result<&'static Network, String> {
    const MAX_NETWORK_BYTES: u64 = 256 << 20;
    let shown = path.display();
    let cannot = |e: std::io::Error| format!("{shown}: cannot read it: {e}");
    let file = std::fs::File::open(path).map_err(cannot)?;
    let meta = file.metadata().map_err(cannot)?;
    if !meta.is_file() || meta.len() > MAX_NETWORK_BYTES {
        return Err(format!(
            "{shown}: not a regular file of at most {} MiB",
            MAX_NETWORK_BYTES >> 20
        ));
    }
    let mut bytes = Vec::new();
    file.take(MAX_NETWORK_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(cannot)?;
    let network = Network::from_bytes(&bytes).map_err(|e| format!("{shown}: {e}"))?;
    Ok(Box::leak(Box::new(network)))
}

/// The value of `--branching` (clap takes a `Vec` field for a repeated option).
#[derive(Clone, Debug)]
pub(super) struct Branching(pub(super) Vec<usize>);

/// `--branching`: whole numbers from 1 to 400, comma-separated, at most 20 of them.
pub(super) fn branching(s: &str) -> Result<Branching, String> {
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

/// `--sprt ELO0,ELO1[,ALPHA,BETA]`: ELO0 < ELO1, finite; ALPHA and BETA in (0, 0.5), 0.05 when
/// absent.
pub(super) fn sprt(s: &str) -> Result<SprtBounds, String> {
    let numbers: Vec<f64> = s
        .split(',')
        .map(|x| finite(x.trim()))
        .collect::<Result<_, _>>()
        .map_err(|_| "ELO0,ELO1[,ALPHA,BETA]: numbers wanted".to_string())?;
    let (elo0, elo1, alpha, beta) = match numbers[..] {
        [elo0, elo1] => (elo0, elo1, 0.05, 0.05),
        [elo0, elo1, alpha, beta] => (elo0, elo1, alpha, beta),
        _ => return Err("two or four numbers wanted: ELO0,ELO1[,ALPHA,BETA]".to_string()),
    };
    if elo0 >= elo1 {
        return Err(format!("ELO0 ({elo0}) must be below ELO1 ({elo1})"));
    }
    if elo0.abs() > 2000.0 || elo1.abs() > 2000.0 {
        return Err("Elo bounds from -2000 to 2000".to_string());
    }
    if !(alpha > 0.0 && alpha < 0.5 && beta > 0.0 && beta < 0.5) {
        return Err("ALPHA and BETA must be above 0 and below 0.5".to_string());
    }
    Ok(SprtBounds {
        elo0,
        elo1,
        alpha,
        beta,
    })
}

/// `--shard I/N`: 1 <= I <= N <= 10000.
pub(super) fn shard(s: &str) -> Result<(usize, usize), String> {
    let wanted = || format!("{s:?}: I/N wanted, 1 <= I <= N, e.g. 2/4");
    let (i, n) = s.split_once('/').ok_or_else(wanted)?;
    let (i, n): (usize, usize) = (
        i.trim().parse().map_err(|_| wanted())?,
        n.trim().parse().map_err(|_| wanted())?,
    );
    if i == 0 || i > n || n > 10_000 {
        return Err(wanted());
    }
    Ok((i, n))
}
