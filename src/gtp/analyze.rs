//! The analysis dialects as text: the arguments of `lz-analyze`, `kata-analyze` and their
//! `*-genmove_analyze` forms, and the `info` line each interval's `search::Report` becomes
//! (CLIENTS.md §2.6 and §6); GoGui's analyze replies (`dboard`, `pspairs`, `var`).
//!
//! Sabaki's parser decides what is safe: `pv` is the last field of each `info` entry (with
//! `pvVisits` after it only when asked for, which Sabaki never does); `lz-` win rates and priors
//! are integers in ten-thousandths; `kata-` numbers always carry a decimal point; nothing is
//! ever printed in scientific notation; there is never an empty line.
//!
//! Pure: formats reports, touches no engine.
//!
//! Depends on: search (Report), geom.

use super::error::GtpError;
use crate::geom::{Color, Move, Point};
use crate::search::{MoveInfo, Report, Restriction};
use std::fmt::Write as _;
use std::time::Duration;

/// Which engine's output the command imitates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    /// Leela Zero: integers in ten-thousandths.
    Lz,
    /// KataGo: floats in [0, 1], score lead, optional ownership and PV visits.
    Kata,
}

/// The arguments of one analysis command.
#[derive(Debug, Clone, PartialEq)]
pub struct AnalyzeArgs {
    /// The colour to analyse; `None`: the side to move.
    pub color: Option<Color>,
    /// Time between two `info` lines. Default 50 cs, Sabaki's own interval.
    pub interval: Duration,
    /// Report at least this many moves, visited or not (`minmoves`). Default 0.
    pub min_moves: usize,
    /// Report at most this many moves (`maxmoves`); `None`: every visited move.
    pub max_moves: Option<usize>,
    /// `ownership true` (kata only): the ownership map after the moves.
    pub ownership: bool,
    /// `pvVisits true` (kata only): the visits of each PV move after the PV.
    pub pv_visits: bool,
    /// `avoid PLAYER V,V,… DEPTH` (any number): moves PLAYER may not play.
    pub avoid: Vec<(Color, Vec<Move>)>,
    /// `allow PLAYER V,V,… DEPTH` (at most one): the only moves PLAYER may play.
    pub allow: Option<(Color, Vec<Move>)>,
}

impl AnalyzeArgs {
    /// Returns true if and only if `avoid` and `allow` let `color` play `mv` as its first move.
    /// They restrict the analysed colour's first move only (the root): tengen applies no
    /// restriction deeper in the tree, whatever the depth given, nor to the other colour.
    pub fn allows(&self, color: Color, mv: Move) -> bool {
        let avoided = self
            .avoid
            .iter()
            .any(|(c, moves)| *c == color && moves.contains(&mv));
        let allowed = match &self.allow {
            Some((c, moves)) if *c == color => moves.contains(&mv),
            _ => true,
        };
        allowed && !avoided
    }

    /// What `allows` says, for the search: `color`'s first move (depth 0) only.
    pub fn restriction(&self, color: Color) -> Restriction {
        let mut restriction = Restriction::default();
        for (_, moves) in self.avoid.iter().filter(|(c, _)| *c == color) {
            restriction.avoid(color, moves, 1);
        }
        if let Some((_, moves)) = self.allow.as_ref().filter(|(c, _)| *c == color) {
            restriction.allow_only(color, moves, 1);
        }
        restriction
    }

    /// Returns true if and only if `avoid` or `allow` was given.
    pub fn restricts(&self) -> bool {
        !self.avoid.is_empty() || self.allow.is_some()
    }
}

impl Default for AnalyzeArgs {
    fn default() -> AnalyzeArgs {
        AnalyzeArgs {
            color: None,
            interval: Duration::from_millis(500),
            min_moves: 0,
            max_moves: None,
            ownership: false,
            pv_visits: false,
            avoid: Vec::new(),
            allow: None,
        }
    }
}

/// Centiseconds as GTP analysis sends them: a non-negative number (KataGo accepts floats).
fn centiseconds(arg: &str) -> Result<Duration, GtpError> {
    match arg.parse::<f64>() {
        Ok(cs) if cs.is_finite() && cs >= 0.0 => Ok(Duration::from_secs_f64(cs.min(1e9) / 100.0)),
        _ => Err(GtpError::Syntax),
    }
}

fn boolean(arg: &str) -> Result<bool, GtpError> {
    match arg.to_ascii_lowercase().as_str() {
        "true" | "1" => Ok(true),
        "false" | "0" => Ok(false),
        _ => Err(GtpError::Syntax),
    }
}

/// `PLAYER V,V,… DEPTH` of `avoid` and `allow` on a board of side `size`.
fn move_list(words: &[String], size: usize) -> Result<(Color, Vec<Move>), GtpError> {
    let [player, vertices, depth] = words else {
        return Err(GtpError::Syntax);
    };
    let color: Color = player.parse().map_err(|_| GtpError::Syntax)?;
    let moves = vertices
        .split(',')
        .map(|v| Move::parse(v, size).map_err(|_| GtpError::Syntax))
        .collect::<Result<Vec<Move>, GtpError>>()?;
    match depth.parse::<u32>() {
        Ok(d) if d >= 1 => Ok((color, moves)),
        _ => Err(GtpError::Syntax),
    }
}

/// Parses `[color] [interval] [KEY VALUE]...` as KataGo does: a leading colour, a bare
/// interval in centiseconds, then `interval`, `minmoves`, `maxmoves`, `avoid PLAYER V,… DEPTH`,
/// `allow PLAYER V,… DEPTH` (once), and for `kata-` also `ownership` and `pvVisits`. Any other
/// key is refused. `size` is the board's side, for the vertices.
pub fn parse_args(dialect: Dialect, args: &[String], size: usize) -> Result<AnalyzeArgs, GtpError> {
    let mut parsed = AnalyzeArgs::default();
    let mut rest = args;
    if let Some((first, tail)) = rest.split_first() {
        if let Ok(color) = first.parse::<Color>() {
            parsed.color = Some(color);
            rest = tail;
        }
    }
    if let Some((first, tail)) = rest.split_first() {
        if first.parse::<f64>().is_ok() {
            parsed.interval = centiseconds(first)?;
            rest = tail;
        }
    }
    while let Some((key, tail)) = rest.split_first() {
        if key == "avoid" || key == "allow" {
            let words = tail.get(..3).ok_or(GtpError::Syntax)?;
            let list = move_list(words, size)?;
            rest = &tail[3..];
            if key == "avoid" {
                parsed.avoid.push(list);
            } else if parsed.allow.replace(list).is_some() {
                return Err(GtpError::Syntax);
            }
            continue;
        }
        let Some((value, tail)) = tail.split_first() else {
            return Err(GtpError::Syntax);
        };
        rest = tail;
        match (key.as_str(), dialect) {
            ("interval", _) => parsed.interval = centiseconds(value)?,
            ("minmoves", _) => parsed.min_moves = value.parse().map_err(|_| GtpError::Syntax)?,
            ("maxmoves", _) => {
                parsed.max_moves = Some(value.parse().map_err(|_| GtpError::Syntax)?)
            }
            ("ownership", Dialect::Kata) => parsed.ownership = boolean(value)?,
            ("pvVisits", Dialect::Kata) => parsed.pv_visits = boolean(value)?,
            _ => return Err(GtpError::AnalysisOption),
        }
    }
    Ok(parsed)
}

/// The moves to print: every visited one (most visited first), at least `min_moves`, at most
/// `max_moves`.
fn chosen<'a>(report: &'a Report, args: &AnalyzeArgs) -> &'a [MoveInfo] {
    let visited = report.moves.iter().take_while(|m| m.visits > 0).count();
    let n = visited
        .max(args.min_moves)
        .min(args.max_moves.unwrap_or(usize::MAX))
        .min(report.moves.len());
    &report.moves[..n]
}

/// Ten-thousandths, rounded (Leela Zero's integers).
fn per_10k(x: f32) -> i32 {
    (x * 10_000.0).round() as i32
}

fn join_moves(moves: &[Move]) -> String {
    moves
        .iter()
        .map(Move::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// One `info` line for `report`, or `None` when it would hold nothing (no move visited yet and
/// no ownership asked for). `size` is the board's side (for the ownership map).
pub fn info_line(
    dialect: Dialect,
    report: &Report,
    args: &AnalyzeArgs,
    size: usize,
) -> Option<String> {
    let mut line = String::new();
    for m in chosen(report, args) {
        if !line.is_empty() {
            line.push(' ');
        }
        let _ = match dialect {
            Dialect::Lz => write!(
                line,
                "info move {} visits {} winrate {} prior {} lcb {} order {} pv {}",
                m.mv,
                m.visits,
                per_10k(m.win_rate).clamp(0, 10_000),
                per_10k(m.prior).clamp(0, 10_000),
                per_10k(m.lcb()),
                m.order,
                join_moves(&m.pv)
            ),
            // KataGo's order of fields. tengen has no graph search, so a move's edge visits
            // are its visits; its mean playout margin is both the lead and the self-play
            // score. `utility` is left out: tengen has none.
            Dialect::Kata => write!(
                line,
                "info move {} visits {} edgeVisits {} winrate {:.6} scoreMean {:.3} \
                 scoreStdev {:.3} scoreLead {:.3} scoreSelfplay {:.3} prior {:.6} lcb {:.6} \
                 order {} pv {}",
                m.mv,
                m.visits,
                m.visits,
                m.win_rate,
                m.score_lead,
                m.score_stdev,
                m.score_lead,
                m.score_lead,
                m.prior,
                m.lcb(),
                m.order,
                join_moves(&m.pv)
            ),
        };
        if dialect == Dialect::Kata && args.pv_visits {
            line.push_str(" pvVisits");
            for v in &m.pv_visits {
                let _ = write!(line, " {v}");
            }
        }
    }
    if dialect == Dialect::Kata && args.ownership {
        if !line.is_empty() {
            line.push(' ');
        }
        // The side to move's view, row-major from the top left (A19) to the bottom right.
        let sign = report.color.sign() as f32;
        line.push_str("ownership");
        for row in (0..size).rev() {
            for col in 0..size {
                let own = sign * report.ownership[Point::new(col, row).index()];
                let _ = write!(line, " {:.4}", own + 0.0);
            }
        }
    }
    (!line.is_empty()).then_some(line)
}

/// GoGui `dboard`: one row per line, top row first, values in [-1, 1], Black positive.
pub fn ownership_board(report: &Report, size: usize) -> String {
    let rows: Vec<String> = (0..size)
        .rev()
        .map(|row| {
            (0..size)
                .map(|col| {
                    format!(
                        "{:.2}",
                        report.ownership[Point::new(col, row).index()] + 0.0
                    )
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    rows.join("\n")
}

/// GoGui `pspairs`: `vertex label` for each visited move on the board (not pass), with
/// `label(move)` as its label.
pub fn point_labels(report: &Report, label: impl Fn(&MoveInfo) -> String) -> String {
    report
        .moves
        .iter()
        .filter(|m| m.visits > 0 && m.mv != Move::Pass)
        .map(|m| format!("{} {}", m.mv, label(m)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// GoGui `var`: the principal variation of the most visited move, colours implied
/// (alternating from the analysed colour).
pub fn principal_variation(report: &Report) -> String {
    report
        .moves
        .first()
        .filter(|m| m.visits > 0)
        .map_or(String::new(), |m| join_moves(&m.pv))
}

#[cfg(test)]
mod tests;
