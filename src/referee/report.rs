//! The JSON report of a match (`--json FILE`) and the merge of shards' reports into one
//! (`tengen match --merge`): the engines, the settings every shard of a campaign must share,
//! one entry a game, and the summary (counts, engine 1's win rate with its 95% interval, the
//! Elo difference with its interval, the SPRT's state). A merged report is summarized by the
//! very function a single run uses, from its games.
//!
//! Depends on: its siblings `config`, `play`, `stats`, `summary`.

use super::config::Config;
use super::play::{End, GameRecord};
use super::stats::{elo_diff, win_rate, SprtBounds, SprtDecision};
use crate::geom::Color;
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;

/// The format of the report: a reader refuses another.
pub const FORMAT: u32 = 1;

/// A match's report.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Report {
    pub format: u32,
    /// Engine 1's and engine 2's names (as the first game met them).
    pub names: [String; 2],
    pub settings: Settings,
    /// By game number.
    pub games: Vec<Game>,
    pub summary: Summary,
}

/// What decides the games, so that shards of one campaign must agree on all of it: the
/// engines' commands, the board, the komi, the colours, the seeds, the clock, the SPRT.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Settings {
    pub engine1: Vec<String>,
    pub engine2: Vec<String>,
    pub referee: Option<Vec<String>>,
    /// Games of the whole campaign (a shard plays a slice of them).
    pub games: usize,
    pub size: usize,
    pub komi: f32,
    pub handicap: usize,
    pub alternate: bool,
    pub max_moves: usize,
    pub seed: u64,
    /// The time system, as the match line prints it.
    pub time: Option<String>,
    /// `--add-lag` in seconds.
    pub add_lag: Option<[f64; 2]>,
    pub sprt: Option<SprtBounds>,
}

impl Settings {
    pub fn of(config: &Config) -> Settings {
        Settings {
            engine1: config.engine1.clone(),
            engine2: config.engine2.clone(),
            referee: config.referee.clone(),
            games: config.games,
            size: config.size,
            komi: config.komi,
            handicap: config.handicap,
            alternate: config.alternate,
            max_moves: config.max_moves,
            seed: config.seed,
            time: config.time.map(|t| t.to_string()),
            add_lag: config
                .add_lag
                .map(|(a, b)| [a.as_secs_f64(), b.as_secs_f64()]),
            sprt: config.campaign.sprt,
        }
    }
}

/// One game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Game {
    pub number: usize,
    /// Engine 1's colour: `B` or `W`.
    pub engine1_color: String,
    /// As SGF `RE` writes it: `B+3.5`, `W+R`, `0`, `?` (disputed)…
    pub result: String,
    /// 1 or 2; None for a draw or a disputed game.
    pub winner: Option<u8>,
    /// False for a disputed game, which no count includes.
    pub decided: bool,
    pub moves: usize,
    /// `two passes`, `move cap`, `resignation`, `time`, `forfeit`.
    pub end: String,
    /// The values `{seed}` took in engine 1's and engine 2's commands.
    pub seeds: [u64; 2],
    pub seconds: f64,
    /// Each engine's total `genmove` time, in seconds, and its `genmove`s.
    pub think_seconds: [f64; 2],
    pub genmoves: [u32; 2],
    /// Every error of the game, as the game line prints it.
    pub errors: Vec<String>,
}

impl Game {
    pub fn of(record: &GameRecord, seeds: [u64; 2]) -> Game {
        let (decided, winner) = (record.result.is_decided(), record.winning_engine());
        Game {
            number: record.number,
            engine1_color: if record.engine1_black { "B" } else { "W" }.into(),
            result: record.result.to_string(),
            winner: winner.filter(|_| decided).map(|e| e as u8 + 1),
            decided,
            moves: record.moves.len(),
            end: match record.end {
                End::TwoPasses => "two passes",
                End::MoveCap => "move cap",
                End::Resignation => "resignation",
                End::Time => "time",
                End::Forfeit => "forfeit",
            }
            .into(),
            seeds,
            seconds: record.duration.as_secs_f64(),
            think_seconds: record.think.map(|t| t.as_secs_f64()),
            genmoves: record.n_genmoves,
            errors: record.incidents.iter().map(|i| i.to_string()).collect(),
        }
    }

    fn engine1_black(&self) -> bool {
        self.engine1_color == "B"
    }
}

/// The figures of the games of a report. Elo figures are None where the interval is
/// unbounded (a win rate interval reaching 0% or 100%).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    pub games: usize,
    pub decided: usize,
    pub disputed: usize,
    pub engine1_wins: u32,
    pub engine2_wins: u32,
    pub draws: u32,
    pub black_wins: u32,
    pub white_wins: u32,
    /// Engine 1's score over the decided games (a draw is half a win), with its 95% Wilson
    /// interval.
    pub win_rate: f64,
    pub win_rate_low: f64,
    pub win_rate_high: f64,
    pub elo: Option<f64>,
    pub elo_low: Option<f64>,
    pub elo_high: Option<f64>,
    pub sprt: Option<SprtState>,
}

/// Where the SPRT stands after the games of a report.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SprtState {
    pub llr: f64,
    pub lower: f64,
    pub upper: f64,
    /// None: not decided yet.
    pub decision: Option<SprtDecision>,
}

/// The summary of `games` under the SPRT `sprt`, if any.
pub fn summarize(games: &[Game], sprt: Option<&SprtBounds>) -> Summary {
    let decided: Vec<&Game> = games.iter().filter(|g| g.decided).collect();
    let wins_of = |e: u8| decided.iter().filter(|g| g.winner == Some(e)).count() as u32;
    let (engine1_wins, engine2_wins) = (wins_of(1), wins_of(2));
    let draws = decided.iter().filter(|g| g.winner.is_none()).count() as u32;
    let won_by = |color: Color| {
        decided
            .iter()
            .filter(|g| match g.winner {
                Some(1) => g.engine1_black() == (color == Color::Black),
                Some(_) => g.engine1_black() != (color == Color::Black),
                None => false,
            })
            .count() as u32
    };
    let rate = win_rate(engine1_wins, engine2_wins, draws);
    let elo = elo_diff(&rate);
    let finite = |x: f64| x.is_finite().then_some(x);
    Summary {
        games: games.len(),
        decided: decided.len(),
        disputed: games.len() - decided.len(),
        engine1_wins,
        engine2_wins,
        draws,
        black_wins: won_by(Color::Black),
        white_wins: won_by(Color::White),
        win_rate: rate.rate,
        win_rate_low: rate.low,
        win_rate_high: rate.high,
        elo: finite(elo.elo),
        elo_low: finite(elo.low),
        elo_high: finite(elo.high),
        sprt: sprt.map(|bounds| {
            let llr = bounds.llr(engine1_wins, draws, engine2_wins);
            SprtState {
                llr,
                lower: bounds.lower(),
                upper: bounds.upper(),
                decision: bounds.decide(llr),
            }
        }),
    }
}

impl Report {
    /// The report of `games` (in any order) of a match run with `config`.
    pub fn new(config: &Config, names: [String; 2], mut games: Vec<Game>) -> Report {
        games.sort_by_key(|g| g.number);
        let settings = Settings::of(config);
        let summary = summarize(&games, settings.sprt.as_ref());
        Report {
            format: FORMAT,
            names,
            settings,
            games,
            summary,
        }
    }

    /// Reads a report from JSON text.
    pub fn from_json(text: &str) -> Result<Report, String> {
        let report: Report = serde_json::from_str(text).map_err(|e| e.to_string())?;
        if report.format != FORMAT {
            return Err(format!(
                "report format {} (this tengen reads {FORMAT})",
                report.format
            ));
        }
        Ok(report)
    }

    pub fn to_json(&self) -> String {
        let mut text = serde_json::to_string_pretty(self).unwrap_or_default();
        text.push('\n');
        text
    }
}

/// One report of the games of `reports` (shards of one campaign): refused, saying why, when
/// two differ in their settings or share a game number.
pub fn merge(reports: Vec<(String, Report)>) -> Result<Report, String> {
    let mut reports = reports.into_iter();
    let Some((first_name, first)) = reports.next() else {
        return Err("no report to merge".into());
    };
    let Report {
        names,
        settings,
        mut games,
        ..
    } = first;
    let mut owner: std::collections::HashMap<usize, String> = games
        .iter()
        .map(|g| (g.number, first_name.clone()))
        .collect();
    for (name, report) in reports {
        if report.settings != settings {
            return Err(format!(
                "{name} was played with other settings than {first_name}: {}",
                differences(&settings, &report.settings)
            ));
        }
        for game in report.games {
            if let Some(other) = owner.insert(game.number, name.clone()) {
                return Err(format!(
                    "game {} is in both {other} and {name}: shards must not overlap",
                    game.number
                ));
            }
            games.push(game);
        }
    }
    games.sort_by_key(|g| g.number);
    let summary = summarize(&games, settings.sprt.as_ref());
    Ok(Report {
        format: FORMAT,
        names,
        settings,
        games,
        summary,
    })
}

/// The settings that differ, as `komi 7.5 / 6.5, size 9 / 19`.
fn differences(a: &Settings, b: &Settings) -> String {
    let (Ok(a), Ok(b)) = (serde_json::to_value(a), serde_json::to_value(b)) else {
        return "unreadable settings".into();
    };
    let (Some(a), Some(b)) = (a.as_object(), b.as_object()) else {
        return "unreadable settings".into();
    };
    let mut out = String::new();
    for (key, value) in a {
        let other = b.get(key).cloned().unwrap_or_default();
        if *value != other {
            let _ = write!(
                out,
                "{}{key} {value} / {other}",
                if out.is_empty() { "" } else { ", " }
            );
        }
    }
    out
}

/// The lines `tengen match --merge` prints: the reports, the games, the summary.
pub fn render(report: &Report, n_reports: usize) -> String {
    let s = &report.summary;
    let mut out = String::new();
    let numbers: Vec<usize> = report.games.iter().map(|g| g.number).collect();
    let _ = writeln!(
        out,
        "merged {n_reports} report{}: {} of the campaign's {} games ({})",
        if n_reports == 1 { "" } else { "s" },
        s.games,
        report.settings.games,
        ranges(&numbers)
    );
    for (e, name) in report.names.iter().enumerate() {
        let _ = writeln!(out, "engine{}: {name}", e + 1);
    }
    let _ = writeln!(
        out,
        "games: {} played, {} decided, {} disputed",
        s.games, s.decided, s.disputed
    );
    let _ = writeln!(
        out,
        "engine1 wins: {}, engine2 wins: {}, draws: {}; black wins: {}, white wins: {}",
        s.engine1_wins, s.engine2_wins, s.draws, s.black_wins, s.white_wins
    );
    out.push_str(&rate_lines(s));
    out
}

/// The win rate, Elo and SPRT lines of a summary.
pub fn rate_lines(s: &Summary) -> String {
    let mut out = String::new();
    if s.decided == 0 {
        out.push_str("engine1 win rate: - (no decided games)\n");
    } else {
        let elo = |x: Option<f64>, sign: f64| {
            x.map_or(if sign > 0.0 { "+inf" } else { "-inf" }.to_string(), |x| {
                super::stats::format_elo(x)
            })
        };
        let _ = writeln!(
            out,
            "engine1 win rate: {:.1}% (95% CI {:.1}% to {:.1}%) over {} games",
            100.0 * s.win_rate,
            100.0 * s.win_rate_low,
            100.0 * s.win_rate_high,
            s.decided
        );
        let _ = writeln!(
            out,
            "Elo difference (engine1 - engine2): {} (95% CI {} to {})",
            elo(s.elo, if s.win_rate >= 0.5 { 1.0 } else { -1.0 }),
            elo(s.elo_low, -1.0),
            elo(s.elo_high, 1.0)
        );
    }
    if let Some(sprt) = &s.sprt {
        out.push_str(&sprt_line(sprt));
    }
    out
}

/// `SPRT: LLR 1.20 (bounds -2.94, 2.94): no decision yet`.
pub fn sprt_line(sprt: &SprtState) -> String {
    format!(
        "SPRT: LLR {:.2} (bounds {:.2}, {:.2}): {}\n",
        sprt.llr,
        sprt.lower,
        sprt.upper,
        match sprt.decision {
            None => "no decision yet",
            Some(SprtDecision::H0) => "H0 accepted (engine1 is not elo1 stronger)",
            Some(SprtDecision::H1) => "H1 accepted (engine1 is at least elo1 stronger)",
        }
    )
}

/// `1-10, 21-30`: sorted numbers as ranges.
fn ranges(numbers: &[usize]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < numbers.len() {
        let start = numbers[i];
        let mut end = start;
        while i + 1 < numbers.len() && numbers[i + 1] == end + 1 {
            i += 1;
            end = numbers[i];
        }
        parts.push(if start == end {
            start.to_string()
        } else {
            format!("{start}-{end}")
        });
        i += 1;
    }
    if parts.is_empty() {
        "none".into()
    } else {
        parts.join(", ")
    }
}
