//! What `tengen match` prints: one line per finished game, and the summary of the match.
//!
//! Pure: records in, text out. The statistics come from `stats`.
//!
//! Depends on: geom.

use super::play::{End, GameRecord, Incident, IncidentKind, Party, TimedMove};
use super::stats::{elo_diff, format_elo, win_rate, EloDiff, WinRate};
use crate::geom::Color;
use std::fmt::Write as _;
use std::time::Duration;

/// The line printed when a game finishes, followed by one indented line per note and per
/// incident:
/// `game 3/10: B engine1, W engine2: W+4.5 (engine2 wins), 57 moves, 12.3 s; a move: engine1
/// 0.21 s, engine2 0.19 s` (the time a move once both engines have moved).
pub fn game_line(record: &GameRecord, n_games: usize) -> String {
    let black = record.engine_of(Color::Black) + 1;
    let white = record.engine_of(Color::White) + 1;
    let verdict = match (record.result.is_decided(), record.winning_engine()) {
        (false, _) => "disputed".to_string(),
        (true, None) => "draw".to_string(),
        (true, Some(e)) => format!("engine{} wins", e + 1),
    };
    let mut line = format!(
        "game {}/{n_games}: B engine{black}, W engine{white}: {} ({verdict}), {} move{}, {:.1} s",
        record.number,
        record.result,
        record.moves.len(),
        if record.moves.len() == 1 { "" } else { "s" },
        record.duration.as_secs_f64()
    );
    // Each engine's time a move in this game: a run whose engines are starved of CPU (a
    // build beside an equal-time match) shows here, game by game.
    let per_move = |e: usize| record.think[e].as_secs_f64() / f64::from(record.n_genmoves[e]);
    if record.n_genmoves.iter().all(|&n| n > 0) {
        let _ = write!(
            line,
            "; a move: engine1 {:.2} s, engine2 {:.2} s",
            per_move(0),
            per_move(1)
        );
    }
    if record.end == End::MoveCap {
        line.push_str(", move cap reached");
    }
    for note in &record.notes {
        let _ = write!(line, "\n    note: {note}");
    }
    for incident in &record.incidents {
        let _ = write!(line, "\n    error: {incident}");
    }
    line
}

/// The header of the `--time-log` file.
pub const TIME_LOG_HEADER: &str = "# game\tmove\tengine\tcolour\ttaken\tlag\tallowance\tleft\n";

/// The `--time-log` lines of a game, one per `genmove` under a clock, tab-separated: game
/// number, move number, `engine1`/`engine2`, `B`/`W`, time taken (lag included), the lag
/// added, the allowance at the start of the move and the allowance after it (`flag` if the
/// flag fell), in seconds with three decimals.
pub fn time_log_lines(record: &GameRecord) -> String {
    let mut out = String::new();
    for t in &record.timed {
        let left = t
            .left
            .map_or("flag".to_string(), |d| format!("{:.3}", d.as_secs_f64()));
        let _ = writeln!(
            out,
            "{}\t{}\tengine{}\t{}\t{:.3}\t{:.3}\t{:.3}\t{left}",
            record.number,
            t.move_number,
            t.engine + 1,
            t.color.letter(),
            t.taken.as_secs_f64(),
            t.lag.as_secs_f64(),
            t.allowance.as_secs_f64()
        );
    }
    out
}

/// The figures of a match so far.
#[derive(Debug, Clone, PartialEq)]
pub struct Summary {
    pub n_games: usize,
    pub n_disputed: usize,
    /// `wins[e][c]`: games engine `e` won playing colour `c` (`Color::index`).
    pub wins: [[u32; 2]; 2],
    pub draws: u32,
    /// Engine 1's score over the decided games.
    pub rate: WinRate,
    pub elo: EloDiff,
    /// Total `genmove` time and count per engine.
    pub think: [Duration; 2],
    pub n_genmoves: [u32; 2],
    /// Every incident with its game number, in game order.
    pub incidents: Vec<(usize, Incident)>,
    /// Whether any move was played under a clock.
    pub clocked: bool,
    /// Games each engine lost on time.
    pub time_losses: [u32; 2],
    /// Each engine's smallest margin (allowance less time taken, seconds) with its game and
    /// move number; None before its first move under a clock.
    pub smallest_margin: [Option<(f64, usize, usize)>; 2],
}

impl Summary {
    /// Games won by Black (c = Black) or White, whoever played it.
    pub fn wins_by_color(&self, color: Color) -> u32 {
        self.wins[0][color.index()] + self.wins[1][color.index()]
    }

    /// Games won by engine `e`.
    pub fn wins_of(&self, e: usize) -> u32 {
        self.wins[e][0] + self.wins[e][1]
    }

    /// Average time per `genmove` of engine `e`, or None before its first move.
    pub fn time_per_move(&self, e: usize) -> Option<Duration> {
        (self.n_genmoves[e] > 0).then(|| self.think[e] / self.n_genmoves[e])
    }
}

/// Adds up finished games (in any order).
pub fn summarize(records: &[GameRecord]) -> Summary {
    let mut records: Vec<&GameRecord> = records.iter().collect();
    records.sort_by_key(|r| r.number);
    let mut wins = [[0u32; 2]; 2];
    let mut draws = 0;
    let mut n_disputed = 0;
    let mut think = [Duration::ZERO; 2];
    let mut n_genmoves = [0; 2];
    let mut incidents = Vec::new();
    let mut time_losses = [0; 2];
    let mut smallest_margin: [Option<(f64, usize, usize)>; 2] = [None; 2];
    let mut clocked = false;
    for record in &records {
        for incident in &record.incidents {
            if let (Party::Engine(e), IncidentKind::LostOnTime) = (incident.party, incident.kind) {
                time_losses[e] += 1;
            }
        }
        for t in &record.timed {
            clocked = true;
            let TimedMove {
                engine,
                move_number,
                ..
            } = *t;
            if smallest_margin[engine].is_none_or(|(m, _, _)| t.margin() < m) {
                smallest_margin[engine] = Some((t.margin(), record.number, move_number));
            }
        }
        if !record.result.is_decided() {
            n_disputed += 1;
        } else if let Some(color) = record.result.winner() {
            wins[record.engine_of(color)][color.index()] += 1;
        } else {
            draws += 1;
        }
        for e in 0..2 {
            think[e] += record.think[e];
            n_genmoves[e] += record.n_genmoves[e];
        }
        incidents.extend(record.incidents.iter().map(|i| (record.number, i.clone())));
    }
    let engine1_wins = wins[0][0] + wins[0][1];
    let engine2_wins = wins[1][0] + wins[1][1];
    let rate = win_rate(engine1_wins, engine2_wins, draws);
    Summary {
        n_games: records.len(),
        n_disputed,
        wins,
        draws,
        rate,
        elo: elo_diff(&rate),
        think,
        n_genmoves,
        incidents,
        clocked,
        time_losses,
        smallest_margin,
    }
}

/// The summary as printed at the end; `names` are engine 1's and engine 2's.
pub fn render(summary: &Summary, names: &[String; 2]) -> String {
    let s = summary;
    let mut out = String::from("== match summary ==\n");
    for (e, name) in names.iter().enumerate() {
        let _ = writeln!(out, "engine{}: {name}", e + 1);
    }
    let _ = writeln!(
        out,
        "games: {} played, {} decided, {} disputed",
        s.n_games,
        s.n_games - s.n_disputed,
        s.n_disputed
    );
    for e in 0..2 {
        let _ = writeln!(
            out,
            "engine{} wins: {} ({} as black, {} as white)",
            e + 1,
            s.wins_of(e),
            s.wins[e][Color::Black.index()],
            s.wins[e][Color::White.index()]
        );
    }
    let _ = writeln!(
        out,
        "black wins: {}, white wins: {}, draws: {}",
        s.wins_by_color(Color::Black),
        s.wins_by_color(Color::White),
        s.draws
    );
    if s.rate.n_games == 0 {
        out.push_str("engine1 win rate: - (no decided games)\n");
        out.push_str("Elo difference (engine1 - engine2): -\n");
    } else {
        let _ = writeln!(
            out,
            "engine1 win rate: {:.1}% (95% CI {:.1}% to {:.1}%) over {} games",
            100.0 * s.rate.rate,
            100.0 * s.rate.low,
            100.0 * s.rate.high,
            s.rate.n_games
        );
        let _ = writeln!(
            out,
            "Elo difference (engine1 - engine2): {} (95% CI {} to {})",
            format_elo(s.elo.elo),
            format_elo(s.elo.low),
            format_elo(s.elo.high)
        );
    }
    let per_move = |e: usize| match s.time_per_move(e) {
        Some(t) => format!(
            "engine{} {:.3} s ({} moves)",
            e + 1,
            t.as_secs_f64(),
            s.n_genmoves[e]
        ),
        None => format!("engine{} - (0 moves)", e + 1),
    };
    let _ = writeln!(out, "time per move: {}, {}", per_move(0), per_move(1));
    if s.clocked {
        let _ = writeln!(
            out,
            "time losses: engine1 {}, engine2 {}",
            s.time_losses[0], s.time_losses[1]
        );
        let margin = |e: usize| match s.smallest_margin[e] {
            Some((m, game, mv)) => format!("engine{} {m:.3} s (game {game}, move {mv})", e + 1),
            None => format!("engine{} -", e + 1),
        };
        let _ = writeln!(out, "smallest margin: {}, {}", margin(0), margin(1));
    }
    if s.incidents.is_empty() {
        out.push_str("errors: none\n");
    } else {
        let _ = writeln!(out, "errors: {}", s.incidents.len());
        for (game, incident) in &s.incidents {
            let _ = writeln!(out, "  game {game}: {incident}");
        }
    }
    out
}
