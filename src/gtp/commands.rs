//! The command table: one function per GTP command, which parses the arguments and calls the
//! `Engine`. The same table dispatches and answers `list_commands` / `known_command`, so the
//! list names exactly what is implemented (gtp2ogs drops unlisted commands; listing one we do
//! not implement would be worse).
//!
//! Every command runs under `catch_unwind`: a panic becomes `? internal error: <message>` and
//! a log line, a command that changes the session runs on a snapshot that is put back after a
//! panic, and the search is rebuilt (a panic in a search thread unwinds to here too: the
//! search stops its other threads first). A streamed reply already begun just ends.
//!
//! Streaming commands (analysis) get the reply's `Stream` and write their lines as the search
//! goes; they check their arguments before they begin, so a bad one is an ordinary `? ...`.
//!
//! tengen's own extensions (`tengen-param`, `tengen-level`, the hidden `tengen-fault`) are in
//! `commands/extensions.rs`.
//!
//! Depends on: gtp::engine, gtp::error, gtp::analyze, gtp::wire, game, search, time, geom.

use super::engine::{Engine, GenmoveKind, Status};
pub use super::error::GtpError;
use super::wire::{Command, Reply};
use super::Stream;
use crate::game::RuleSet;
use crate::geom::{Color, Move, Point};
use crate::time::{self, TimeControl, TimeSettingsError};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;

mod analysis;
mod extensions;

use analysis::*;
pub use extensions::FAULT;
use extensions::{fault_injection_enabled, tengen_level, tengen_param};

type Outcome = Result<String, GtpError>;

/// How a command runs.
#[derive(Clone, Copy)]
enum Run {
    /// Returns its whole reply.
    Plain(fn(&mut Engine, &[String]) -> Outcome),
    /// May begin its reply early and write lines to it (analysis); returns the last lines.
    Streamed(fn(&mut Engine, &[String], &mut Stream) -> Outcome),
}

/// One row of the table.
pub struct Entry {
    pub name: &'static str,
    run: Run,
    /// True if and only if the command may change the session, so it runs on a snapshot.
    mutates: bool,
}

const fn entry(
    name: &'static str,
    run: fn(&mut Engine, &[String]) -> Outcome,
    mutates: bool,
) -> Entry {
    Entry {
        name,
        run: Run::Plain(run),
        mutates,
    }
}

const fn streamed(
    name: &'static str,
    run: fn(&mut Engine, &[String], &mut Stream) -> Outcome,
    mutates: bool,
) -> Entry {
    Entry {
        name,
        run: Run::Streamed(run),
        mutates,
    }
}

/// Every command, in the order `list_commands` prints them.
pub const COMMANDS: &[Entry] = &[
    // Administrative commands of GTP v2.
    entry("protocol_version", |_, _| Ok("2".into()), false),
    entry("name", |_, _| Ok("tengen".into()), false),
    entry("version", |e, _| Ok(e.version().into()), false),
    entry("known_command", known_command, false),
    entry("list_commands", list_commands, false),
    entry("quit", |_, _| Ok(String::new()), false),
    // Setup.
    entry("boardsize", boardsize, true),
    entry("rectangular_boardsize", rectangular_boardsize, true),
    entry("clear_board", clear_board, true),
    entry("komi", komi, true),
    entry("fixed_handicap", fixed_handicap, true),
    entry("place_free_handicap", place_free_handicap, true),
    entry("set_free_handicap", set_free_handicap, true),
    entry("kgs-rules", kgs_rules, true),
    // Moves.
    entry("play", play, true),
    entry("genmove", genmove, true),
    entry("undo", undo, true),
    entry("reg_genmove", reg_genmove, true),
    entry("kgs-genmove_cleanup", kgs_genmove_cleanup, true),
    entry("is_legal", is_legal, false),
    // Time.
    entry("time_settings", time_settings, true),
    entry("kgs-time_settings", kgs_time_settings, true),
    entry("kata-time_settings", kata_time_settings, true),
    entry("kata-list_time_settings", kata_list_time_settings, false),
    entry("time_left", time_left, true),
    // End of game.
    entry("final_score", final_score, true),
    entry("final_status_list", final_status_list, true),
    entry("kgs-game_over", kgs_game_over, false),
    // Files and debugging.
    entry("loadsgf", loadsgf, true),
    entry("printsgf", printsgf, false),
    entry("showboard", showboard, false),
    entry("list_stones", list_stones, false),
    entry("cputime", cputime, false),
    // Analysis: Sabaki (lz-, kata-) and GoGui (gogui-analyze_commands and its commands).
    streamed("lz-analyze", lz_analyze, false),
    streamed("kata-analyze", kata_analyze, false),
    streamed("lz-genmove_analyze", lz_genmove_analyze, true),
    streamed("kata-genmove_analyze", kata_genmove_analyze, true),
    entry("gogui-analyze_commands", gogui_analyze_commands, false),
    entry("tengen-ownership", tengen_ownership, false),
    entry("tengen-visits", tengen_visits, false),
    entry("tengen-winrates", tengen_winrates, false),
    entry("tengen-pv", tengen_pv, false),
    entry("gogui-interrupt", |_, _| Ok(String::new()), false),
    entry("tengen-param", tengen_param, false),
    entry("tengen-level", tengen_level, false),
    entry("tengen-count", tengen_count, true),
];

/// Runs one command: looks it up, runs it under `catch_unwind`, and maps errors to their text.
/// A streaming command writes through `stream`.
pub fn run(engine: &mut Engine, cmd: &Command, stream: &mut Stream) -> Reply {
    let hidden = (cmd.name == FAULT.name && fault_injection_enabled()).then_some(&FAULT);
    let Some(entry) = COMMANDS.iter().find(|e| e.name == cmd.name).or(hidden) else {
        log::info!("unknown command {:?}", cmd.name);
        return Err(GtpError::UnknownCommand.to_string());
    };
    run_entry(engine, entry, cmd, stream)
}

fn run_entry(engine: &mut Engine, entry: &Entry, cmd: &Command, stream: &mut Stream) -> Reply {
    let snapshot = entry.mutates.then(|| engine.snapshot());
    let outcome = catch_unwind(AssertUnwindSafe(|| match entry.run {
        Run::Plain(run) => run(engine, &cmd.args),
        Run::Streamed(run) => run(engine, &cmd.args, stream),
    }));
    match outcome {
        Ok(outcome) => outcome.map_err(|e| e.to_string()),
        Err(panic) => {
            let what = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            log::error!("internal error in `{cmd}`: {what}");
            // The session as it was; a fresh search either way (a worker may have died
            // half-way through writing the tree).
            let snapshot = snapshot.unwrap_or_else(|| engine.snapshot());
            engine.restore(snapshot);
            // `? internal error: <the panic's message>`, on one line.
            let what: String = what.split_whitespace().collect::<Vec<_>>().join(" ");
            Err(match what.as_str() {
                "" => GtpError::Internal.to_string(),
                what => format!("{}: {what}", GtpError::Internal),
            })
        }
    }
}

// ----- argument parsing -----

/// Exactly `N` arguments.
fn args_n<const N: usize>(args: &[String]) -> Result<[&str; N], GtpError> {
    if args.len() != N {
        return Err(GtpError::Syntax);
    }
    Ok(std::array::from_fn(|i| args[i].as_str()))
}

fn color(arg: &str) -> Result<Color, GtpError> {
    arg.parse().map_err(|_| GtpError::Syntax)
}

/// A non-negative integer argument.
fn count(arg: &str) -> Result<usize, GtpError> {
    arg.parse().map_err(|_| GtpError::Syntax)
}

/// A finite number.
fn number(arg: &str) -> Result<f64, GtpError> {
    match arg.parse::<f64>() {
        Ok(x) if x.is_finite() => Ok(x),
        _ => Err(GtpError::Syntax),
    }
}

/// Time arguments: wrong counts and non-numbers are syntax errors.
fn time_error(e: TimeSettingsError) -> GtpError {
    match e {
        TimeSettingsError::UnknownSystem(_) => GtpError::UnknownTimeSystem,
        TimeSettingsError::WrongArgCount { .. } | TimeSettingsError::NotANumber(_) => {
            GtpError::Syntax
        }
    }
}

/// A vertex or `pass`. A well-formed vertex off the board is an illegal move, not a syntax
/// error (the GTP specification's reading).
fn mv(engine: &Engine, arg: &str) -> Result<Move, GtpError> {
    Move::parse(arg, engine.game().size()).map_err(|e| match e {
        crate::geom::ParseMoveError::Syntax => GtpError::Syntax,
        crate::geom::ParseMoveError::OffBoard => GtpError::IllegalMove,
    })
}

fn join_points(points: &[Point]) -> String {
    points
        .iter()
        .map(Point::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

// ----- commands -----

fn known_command(_: &mut Engine, args: &[String]) -> Outcome {
    let [name] = args_n(args)?;
    Ok(COMMANDS.iter().any(|e| e.name == name).to_string())
}

fn list_commands(_: &mut Engine, _: &[String]) -> Outcome {
    Ok(COMMANDS
        .iter()
        .map(|e| e.name)
        .collect::<Vec<_>>()
        .join("\n"))
}

/// `boardsize N`, and `boardsize W H` from gtp2ogs for non-square boards (only W == H plays).
fn boardsize(engine: &mut Engine, args: &[String]) -> Outcome {
    match args {
        [n] => engine.boardsize(count(n)?)?,
        [w, h] => {
            let (w, h) = (count(w)?, count(h)?);
            if w != h {
                return Err(GtpError::UnacceptableSize);
            }
            engine.boardsize(w)?;
        }
        _ => return Err(GtpError::Syntax),
    }
    Ok(String::new())
}

/// Sabaki's `rectangular_boardsize W H`.
fn rectangular_boardsize(engine: &mut Engine, args: &[String]) -> Outcome {
    let [w, h] = args_n(args)?;
    let (w, h) = (count(w)?, count(h)?);
    if w != h {
        return Err(GtpError::UnacceptableSize);
    }
    engine.boardsize(w)?;
    Ok(String::new())
}

fn clear_board(engine: &mut Engine, args: &[String]) -> Outcome {
    args_n::<0>(args)?;
    engine.clear_board();
    Ok(String::new())
}

fn komi(engine: &mut Engine, args: &[String]) -> Outcome {
    let [k] = args_n(args)?;
    let k = number(k)?;
    // Komi beyond a board's worth of points is meaningless but harmless; keep it finite in f32.
    let max = f64::from(crate::game::MAX_KOMI);
    engine.komi(k.clamp(-max, max) as f32);
    Ok(String::new())
}

fn fixed_handicap(engine: &mut Engine, args: &[String]) -> Outcome {
    let [n] = args_n(args)?;
    let points = engine.fixed_handicap(count(n)?)?;
    Ok(join_points(&points))
}

fn place_free_handicap(engine: &mut Engine, args: &[String]) -> Outcome {
    let [n] = args_n(args)?;
    let points = engine.place_free_handicap(count(n)?)?;
    Ok(join_points(&points))
}

fn set_free_handicap(engine: &mut Engine, args: &[String]) -> Outcome {
    let size = engine.game().size();
    let mut points = Vec::with_capacity(args.len());
    for arg in args {
        match Move::parse(arg, size) {
            Ok(Move::Play(p)) => points.push(p),
            Ok(Move::Pass) | Err(_) => return Err(GtpError::BadVertexList),
        }
    }
    engine.set_free_handicap(&points)?;
    Ok(String::new())
}

/// `kgs-rules NAME [anything]`: later words are ignored, as KGS may add some.
fn kgs_rules(engine: &mut Engine, args: &[String]) -> Outcome {
    let name = args.first().ok_or(GtpError::Syntax)?;
    let rules: RuleSet = name.parse().map_err(|_| GtpError::UnknownRules)?;
    engine.set_rules(rules);
    Ok(String::new())
}

fn play(engine: &mut Engine, args: &[String]) -> Outcome {
    let [c, v] = args_n(args)?;
    let c = color(c)?;
    let m = mv(engine, v)?;
    engine.play(c, m)?;
    Ok(String::new())
}

fn genmove_with(engine: &mut Engine, args: &[String], kind: GenmoveKind) -> Outcome {
    let [c] = args_n(args)?;
    let c = color(c)?;
    Ok(engine.genmove(c, kind).to_string())
}

fn genmove(engine: &mut Engine, args: &[String]) -> Outcome {
    genmove_with(engine, args, GenmoveKind::Play)
}

fn kgs_genmove_cleanup(engine: &mut Engine, args: &[String]) -> Outcome {
    genmove_with(engine, args, GenmoveKind::Cleanup)
}

fn reg_genmove(engine: &mut Engine, args: &[String]) -> Outcome {
    genmove_with(engine, args, GenmoveKind::Regression)
}

fn undo(engine: &mut Engine, args: &[String]) -> Outcome {
    args_n::<0>(args)?;
    engine.undo()?;
    Ok(String::new())
}

/// `is_legal COLOR VERTEX` → `1` or `0` (GNU Go and Fuego regression suites).
fn is_legal(engine: &mut Engine, args: &[String]) -> Outcome {
    let [c, v] = args_n(args)?;
    let c = color(c)?;
    let legal = match mv(engine, v) {
        Ok(m) => engine.is_legal(c, m),
        Err(GtpError::IllegalMove) => false,
        Err(e) => return Err(e),
    };
    Ok(if legal { "1" } else { "0" }.into())
}

/// `time_settings M B S`, read as GTP says (`time::TimeControl::from_time_settings`).
fn time_settings(engine: &mut Engine, args: &[String]) -> Outcome {
    let control = TimeControl::parse_time_settings(args).map_err(time_error)?;
    engine.time_settings(control);
    Ok(String::new())
}

/// `kgs-time_settings none | absolute M | byoyomi M P N | canadian M P S`.
fn kgs_time_settings(engine: &mut Engine, args: &[String]) -> Outcome {
    let control = TimeControl::parse_kgs_time_settings(args).map_err(time_error)?;
    engine.time_settings(control);
    Ok(String::new())
}

/// `kata-time_settings`: the four systems of `kgs-time_settings`, `fischer M I` and
/// `fischer-capped M I MAX_MAIN MAX_MOVE` (gtp2ogs, CLIENTS.md §4.4).
fn kata_time_settings(engine: &mut Engine, args: &[String]) -> Outcome {
    let control = TimeControl::parse_kata_time_settings(args).map_err(time_error)?;
    engine.time_settings(control);
    Ok(String::new())
}

/// `kata-list_time_settings`: the systems `kata-time_settings` accepts, one per line.
fn kata_list_time_settings(_: &mut Engine, args: &[String]) -> Outcome {
    args_n::<0>(args)?;
    Ok(TimeControl::KATA_SYSTEMS.join("\n"))
}

/// `time_left COLOR TIME STONES`. Never refused for a mismatch with the time system (§0 rule
/// 13); only garbage is a syntax error.
fn time_left(engine: &mut Engine, args: &[String]) -> Outcome {
    let [c, t, n] = args_n(args)?;
    let time = time::parse_seconds(t).map_err(time_error)?;
    let n = time::parse_count(n).map_err(time_error)?;
    engine.time_left(color(c)?, time, n);
    Ok(String::new())
}

fn final_score(engine: &mut Engine, args: &[String]) -> Outcome {
    args_n::<0>(args)?;
    Ok(engine.final_score().to_string())
}

fn final_status_list(engine: &mut Engine, args: &[String]) -> Outcome {
    let [status] = args_n(args)?;
    let status = match status.to_ascii_lowercase().as_str() {
        "alive" => Status::Alive,
        "dead" => Status::Dead,
        "seki" => Status::Seki,
        _ => return Err(GtpError::Syntax),
    };
    Ok(engine.final_status_list(status))
}

/// `tengen-count`: area and stone count against par, komi and handicap compensation in
/// stones, and the territory count, with the dead stones of `final_status_list`.
fn tengen_count(engine: &mut Engine, args: &[String]) -> Outcome {
    args_n::<0>(args)?;
    Ok(engine.count_report())
}

fn kgs_game_over(_: &mut Engine, _: &[String]) -> Outcome {
    log::info!("kgs-game_over");
    Ok(String::new())
}

/// `loadsgf FILE [MOVE_NUMBER]` → the colour to move, as GNU Go answers.
fn loadsgf(engine: &mut Engine, args: &[String]) -> Outcome {
    let (path, move_number) = match args {
        [path] => (path, None),
        [path, n] => {
            let n = count(n)?;
            if n == 0 {
                return Err(GtpError::Syntax);
            }
            (path, Some(n))
        }
        _ => return Err(GtpError::Syntax),
    };
    let to_move = engine.loadsgf(Path::new(path), move_number)?;
    Ok(to_move.to_string())
}

/// `printsgf` → the game as SGF; `printsgf FILE` writes it to FILE.
fn printsgf(engine: &mut Engine, args: &[String]) -> Outcome {
    let text = engine.sgf();
    match args {
        [] => Ok(text),
        [path] => {
            // A new or regular file only: `/dev/stdout` would write into the GTP stream.
            if std::fs::metadata(path).is_ok_and(|m| !m.is_file()) {
                log::warn!("printsgf {path}: not a regular file");
                return Err(GtpError::CannotWriteFile);
            }
            std::fs::write(path, text + "\n").map_err(|e| {
                log::warn!("printsgf {path}: {e}");
                GtpError::CannotWriteFile
            })?;
            Ok(String::new())
        }
        _ => Err(GtpError::Syntax),
    }
}

fn showboard(engine: &mut Engine, args: &[String]) -> Outcome {
    args_n::<0>(args)?;
    Ok(format!("\n{}", engine.showboard()))
}

fn list_stones(engine: &mut Engine, args: &[String]) -> Outcome {
    let [c] = args_n(args)?;
    Ok(engine.list_stones(color(c)?))
}

fn cputime(engine: &mut Engine, args: &[String]) -> Outcome {
    args_n::<0>(args)?;
    Ok(format!("{:.3}", engine.cputime()))
}

#[cfg(test)]
mod tests;
