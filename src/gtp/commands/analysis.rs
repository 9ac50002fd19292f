//! The analysis commands of the table: Sabaki's and Lizzie's `lz-`/`kata-analyze` and
//! `*-genmove_analyze` (streamed), and GoGui's analyze commands with tengen's own
//! `tengen-ownership`, `tengen-visits`, `tengen-winrates` and `tengen-pv`.

use super::super::analyze::{self, Dialect};
use super::super::engine::Engine;
use super::super::Stream;
use super::{args_n, color, GtpError, Outcome};
use crate::geom::Color;

/// `lz-analyze` / `kata-analyze [color] [interval] [KEY VALUE]...`: `=` at once, then one
/// `info` line per interval until the next input line. `avoid`/`allow` restrict the analysed
/// colour's first move.
pub(super) fn analyze_with(
    engine: &mut Engine,
    args: &[String],
    stream: &mut Stream,
    d: Dialect,
) -> Outcome {
    let size = engine.game().size();
    let a = analyze::parse_args(d, args, size)?;
    let color = a.color.unwrap_or_else(|| engine.game().to_move());
    stream.begin();
    engine.analyze(color, a.interval, &a.restriction(color), &mut |report| {
        if let Some(line) = analyze::info_line(d, report, &a, size) {
            stream.line(&line);
        }
    });
    Ok(String::new())
}

pub(super) fn lz_analyze(engine: &mut Engine, args: &[String], stream: &mut Stream) -> Outcome {
    analyze_with(engine, args, stream, Dialect::Lz)
}

pub(super) fn kata_analyze(engine: &mut Engine, args: &[String], stream: &mut Stream) -> Outcome {
    analyze_with(engine, args, stream, Dialect::Kata)
}

/// `lz-genmove_analyze` / `kata-genmove_analyze`: a `genmove` whose reply is `=`, `info` lines,
/// then `play <move>`; the move is played.
pub(super) fn genmove_analyze_with(
    engine: &mut Engine,
    args: &[String],
    stream: &mut Stream,
    d: Dialect,
) -> Outcome {
    let size = engine.game().size();
    let a = analyze::parse_args(d, args, size)?;
    if a.restricts() {
        // The move is chosen by `genmove`, which knows no restriction.
        return Err(GtpError::AnalysisOption);
    }
    let color = a.color.unwrap_or_else(|| engine.game().to_move());
    stream.begin();
    let generated = engine.genmove_analyze(color, a.interval, &mut |report| {
        if let Some(line) = analyze::info_line(d, report, &a, size) {
            stream.line(&line);
        }
    });
    Ok(format!("play {generated}"))
}

pub(super) fn lz_genmove_analyze(
    engine: &mut Engine,
    args: &[String],
    stream: &mut Stream,
) -> Outcome {
    genmove_analyze_with(engine, args, stream, Dialect::Lz)
}

pub(super) fn kata_genmove_analyze(
    engine: &mut Engine,
    args: &[String],
    stream: &mut Stream,
) -> Outcome {
    genmove_analyze_with(engine, args, stream, Dialect::Kata)
}

/// GoGui's Analyze menu (`type/label/command`, CLIENTS.md §3.5). The dead stones and the score
/// are `final_status_list dead` and `final_score` themselves, so they show the judgment that
/// scoring uses.
const GOGUI_ANALYZE: &[&str] = &[
    "dboard/Ownership/tengen-ownership",
    "pspairs/Visits/tengen-visits",
    "pspairs/Win Rate (%)/tengen-winrates",
    "var/Principal Variation/tengen-pv",
    "plist/Dead Stones/final_status_list dead",
    "string/Score Estimate/final_score",
];

pub(super) fn gogui_analyze_commands(_: &mut Engine, args: &[String]) -> Outcome {
    args_n::<0>(args)?;
    Ok(GOGUI_ANALYZE.join("\n"))
}

/// The colour of a GoGui analyze command: the argument if any, else the side to move.
pub(super) fn analysed_color(engine: &Engine, args: &[String]) -> Result<Color, GtpError> {
    match args {
        [] => Ok(engine.game().to_move()),
        [c] => color(c),
        _ => Err(GtpError::Syntax),
    }
}

/// `tengen-ownership [color]`: the search's mean ownership (GoGui `dboard`, Black positive).
pub(super) fn tengen_ownership(engine: &mut Engine, args: &[String]) -> Outcome {
    let c = analysed_color(engine, args)?;
    let report = engine.search_report(c);
    Ok(analyze::ownership_board(&report, engine.game().size()))
}

/// `tengen-visits [color]`: each visited move and its playouts (GoGui `pspairs`).
pub(super) fn tengen_visits(engine: &mut Engine, args: &[String]) -> Outcome {
    let c = analysed_color(engine, args)?;
    let report = engine.search_report(c);
    Ok(analyze::point_labels(&report, |m| m.visits.to_string()))
}

/// `tengen-winrates [color]`: each visited move and its win rate in percent (GoGui `pspairs`).
pub(super) fn tengen_winrates(engine: &mut Engine, args: &[String]) -> Outcome {
    let c = analysed_color(engine, args)?;
    let report = engine.search_report(c);
    Ok(analyze::point_labels(&report, |m| {
        format!("{:.0}", m.win_rate * 100.0)
    }))
}

/// `tengen-pv [color]`: the principal variation (GoGui `var`).
pub(super) fn tengen_pv(engine: &mut Engine, args: &[String]) -> Outcome {
    let c = analysed_color(engine, args)?;
    let report = engine.search_report(c);
    Ok(analyze::principal_variation(&report))
}
