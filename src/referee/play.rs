//! One game between two GTP engines, refereed move by move with tengen's own rules.
//!
//! `play_game` keeps the engines in sync (`boardsize`, `clear_board`, `komi`, the time
//! settings, `fixed_handicap` when there is one (White then moves first), then `time_left` and `genmove` to the side to move and `play` to the other),
//! checks every move against a `Game` under Chinese rules (no suicide, positional superko),
//! keeps the clocks (adding the simulated network lag of `--add-lag` to every reply, and
//! noting each move's time in `GameRecord::timed`), and ends on
//! resignation, two passes, the move cap, a loss on time or a forfeit. A finished game is
//! scored by the referee engine or by the engines' agreement (`count::score_game`). Engine
//! failures never escape as errors: each becomes an `Incident` in the `GameRecord`.
//!
//! Engines are numbered 0 (engine 1) and 1 (engine 2) throughout.
//!
//! Depends on: game, geom, score.

use super::client::{GtpEngine, GtpError};
use super::clock::{MatchClock, TimeControl};
use super::config::Config;
use super::count::score_game;
use crate::game::{handicap, Game, RuleSet};
use crate::geom::{Color, Move, Point};
use crate::score::GameResult;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::fmt;
use std::time::{Duration, Instant};

/// Extra wait after the flag has fallen, so that a reply which was already on its way is read
/// and charged (and then loses on time with its real duration) instead of being cut off.
const FLAG_GRACE: Duration = Duration::from_millis(100);

/// What brought the game to its end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    TwoPasses,
    MoveCap,
    Resignation,
    Time,
    Forfeit,
}

impl End {
    /// Returns true if and only if a game that ended this way is decided by counting.
    pub fn needs_count(self) -> bool {
        matches!(self, End::TwoPasses | End::MoveCap)
    }
}

/// Who an incident is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Party {
    /// Engine 1 (0) or engine 2 (1).
    Engine(usize),
    Referee,
    /// Both engines together (a disagreement).
    Engines,
}

impl fmt::Display for Party {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Party::Engine(e) => write!(f, "engine{}", e + 1),
            Party::Referee => f.write_str("referee"),
            Party::Engines => f.write_str("engines"),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum IncidentKind {
    /// A `genmove` reply the rules forbid (occupied, suicide, superko…).
    IllegalMove,
    /// A reply that is not what the command asks for (an unreadable move, a wrong id).
    BadReply,
    /// No reply within `--timeout`.
    Timeout,
    /// The clock ran out.
    LostOnTime,
    /// The process exited.
    Crash,
    /// `?` to a command every engine must accept (setup, or `play` of a legal move).
    Rejected,
    /// The engines named different winners.
    Disagreement,
    /// An engine gave no usable `final_score`.
    NoScore,
    /// The referee engine could not score the game.
    Referee,
}

impl fmt::Display for IncidentKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            IncidentKind::IllegalMove => "illegal move",
            IncidentKind::BadReply => "bad reply",
            IncidentKind::Timeout => "timeout",
            IncidentKind::LostOnTime => "lost on time",
            IncidentKind::Crash => "crash",
            IncidentKind::Rejected => "rejected command",
            IncidentKind::Disagreement => "disagreement",
            IncidentKind::NoScore => "no score",
            IncidentKind::Referee => "referee failed",
        })
    }
}

/// Something that went wrong in a game, kept for the game line and the summary.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Incident {
    pub party: Party,
    pub kind: IncidentKind,
    pub detail: String,
}

impl fmt::Display for Incident {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}: {}", self.party, self.kind, self.detail)
    }
}

/// Everything the summary and the SGF file need to know about one finished game.
#[derive(Debug, Clone, PartialEq)]
pub struct GameRecord {
    /// 1-based game number.
    pub number: usize,
    pub engine1_black: bool,
    /// Names of engine 1 and engine 2 (for SGF PB/PW).
    pub names: [String; 2],
    pub moves: Vec<(Color, Move)>,
    pub result: GameResult,
    pub end: End,
    pub incidents: Vec<Incident>,
    /// Wall time of the whole game, setup and scoring included.
    pub duration: Duration,
    /// Total time each engine spent answering `genmove`.
    pub think: [Duration; 2],
    /// Number of `genmove` commands each engine answered (or failed to).
    pub n_genmoves: [u32; 2],
    /// Every `genmove` under a clock, in order (empty without one).
    pub timed: Vec<TimedMove>,
    /// Things worth knowing that are not errors (an engine told an approximation of the
    /// time system), printed under the game line.
    pub notes: Vec<String>,
}

/// One `genmove` under a clock, as `--time-log` writes it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TimedMove {
    /// 1-based number of the move in the game (passes included; a resignation is the move
    /// after the last one).
    pub move_number: usize,
    /// The engine (0 or 1) and the colour it played.
    pub engine: usize,
    pub color: Color,
    /// Time charged to the clock: the measured reply time plus `lag`.
    pub taken: Duration,
    /// The simulated network lag added (zero without `--add-lag`).
    pub lag: Duration,
    /// How long the move could take before the flag fell (`MatchClock::allowance`), before
    /// the lag forgiveness of `--lag`.
    pub allowance: Duration,
    /// The allowance for the engine's next move; None if the flag fell on this one.
    pub left: Option<Duration>,
}

impl TimedMove {
    /// Allowance less time taken, in seconds: negative for an overrun (forgiven or not).
    pub fn margin(&self) -> f64 {
        self.allowance.as_secs_f64() - self.taken.as_secs_f64()
    }
}

impl GameRecord {
    /// The colour engine `e` (0 or 1) plays in this game.
    pub fn color_of(&self, e: usize) -> Color {
        if (e == 0) == self.engine1_black {
            Color::Black
        } else {
            Color::White
        }
    }

    /// The engine (0 or 1) playing `color` in this game.
    pub fn engine_of(&self, color: Color) -> usize {
        if (color == Color::Black) == self.engine1_black {
            0
        } else {
            1
        }
    }

    /// The engine (0 or 1) that won; None for a draw or a disputed game.
    pub fn winning_engine(&self) -> Option<usize> {
        self.result.winner().map(|c| self.engine_of(c))
    }

    /// A game that could not be played because engine `e` failed before the first move.
    pub fn forfeit_before_start(
        number: usize,
        engine1_black: bool,
        names: [String; 2],
        e: usize,
        incident: Incident,
    ) -> GameRecord {
        let mut record = GameRecord::new(number, engine1_black, names);
        record.forfeit(e, incident);
        record
    }

    fn new(number: usize, engine1_black: bool, names: [String; 2]) -> GameRecord {
        GameRecord {
            number,
            engine1_black,
            names,
            moves: Vec::new(),
            result: GameResult::Unknown,
            end: End::Forfeit,
            incidents: Vec::new(),
            duration: Duration::ZERO,
            think: [Duration::ZERO; 2],
            n_genmoves: [0; 2],
            timed: Vec::new(),
            notes: Vec::new(),
        }
    }

    /// Engine `e` loses the game by forfeit because of `incident`.
    fn forfeit(&mut self, e: usize, incident: Incident) {
        self.result = GameResult::Forfeit {
            winner: self.color_of(e).opponent(),
        };
        self.end = End::Forfeit;
        self.incidents.push(incident);
    }

    /// The engine playing `color` loses the game on time: `detail` says how.
    fn lose_on_time(&mut self, color: Color, detail: String) -> End {
        self.result = GameResult::Time {
            winner: color.opponent(),
        };
        self.incidents.push(Incident {
            party: Party::Engine(self.engine_of(color)),
            kind: IncidentKind::LostOnTime,
            detail,
        });
        End::Time
    }
}

/// The incident for a failed command of `party`; `?` replies count as `refused`.
pub fn incident_of(party: Party, error: &GtpError, refused: IncidentKind) -> Incident {
    let kind = match error {
        GtpError::Spawn(_) | GtpError::Died { .. } => IncidentKind::Crash,
        GtpError::Timeout { .. } => IncidentKind::Timeout,
        GtpError::Failure { .. } => refused,
        GtpError::Protocol { .. } => IncidentKind::BadReply,
    };
    Incident {
        party,
        kind,
        detail: error.to_string(),
    }
}

/// Plays game `number` between `engines` (engine 1, engine 2) and scores it with `referee` if
/// given. Never fails: every problem is recorded in the returned `GameRecord`. Afterwards an
/// engine whose `is_broken()` is true must be replaced before the next game.
pub fn play_game(
    config: &Config,
    number: usize,
    engine1_black: bool,
    mut engines: [&mut GtpEngine; 2],
    referee: Option<&mut GtpEngine>,
    names: [String; 2],
) -> GameRecord {
    let started = Instant::now();
    let mut record = GameRecord::new(number, engine1_black, names);
    let end = play_moves(config, &mut record, &mut engines);
    record.end = end;
    if end.needs_count() {
        record.result = score_game(config, &mut record, &mut engines, referee);
    }
    record.duration = started.elapsed();
    record
}

/// Sets the engines up and plays until the game ends; returns how it ended, with the outcome
/// already in `record` for every end but a count.
fn play_moves(config: &Config, record: &mut GameRecord, engines: &mut [&mut GtpEngine; 2]) -> End {
    match set_up_and_play(config, record, engines) {
        Ok(end) | Err(end) => end,
    }
}

/// `play_moves`, each step of it a function that returns `Err` with the end of the game (its
/// outcome already in `record`) when the game ends there.
fn set_up_and_play(
    config: &Config,
    record: &mut GameRecord,
    engines: &mut [&mut GtpEngine; 2],
) -> Result<End, End> {
    let approximated = set_up(config, record, engines)?;
    let mut timekeeper = Timekeeper {
        clocks: config
            .time
            .filter(|t| !t.is_unlimited())
            .map(|t| [MatchClock::new(t), MatchClock::new(t)]),
        approximated,
        lag_rng: SmallRng::seed_from_u64(lag_seed(config.seed, record.number)),
    };
    let mut game = start_game(config, record, engines)?;
    let mut to_move = game.to_move();
    let mut passes = 0;
    loop {
        if record.moves.len() >= config.max_moves {
            return Ok(End::MoveCap);
        }
        let e = record.engine_of(to_move);
        let reply = timekeeper.genmove(config, record, engines[e], to_move)?;
        let mv = play_reply(config, record, &mut game, to_move, &reply)?;
        let other = 1 - e;
        if let Err(error) = engines[other].send(&format!("play {to_move} {mv}"), config.timeout) {
            let incident = incident_of(Party::Engine(other), &error, IncidentKind::Rejected);
            record.forfeit(other, incident);
            return Err(End::Forfeit);
        }
        passes = if mv == Move::Pass { passes + 1 } else { 0 };
        if passes >= 2 {
            return Ok(End::TwoPasses);
        }
        to_move = to_move.opponent();
    }
}

/// Sends each engine in turn the setup commands and the match's time system; returns whether
/// each engine was told `TimeControl::approximation` instead of the real system. An engine
/// that refuses forfeits.
fn set_up(
    config: &Config,
    record: &mut GameRecord,
    engines: &mut [&mut GtpEngine; 2],
) -> Result<[bool; 2], End> {
    let setup = [
        format!("boardsize {}", config.size),
        "clear_board".to_string(),
        format!("komi {}", config.komi),
    ];
    let mut approximated = [false; 2];
    for (e, engine) in engines.iter_mut().enumerate() {
        for command in &setup {
            if let Err(error) = engine.send(command, config.timeout) {
                let incident = incident_of(Party::Engine(e), &error, IncidentKind::Rejected);
                record.forfeit(e, incident);
                return Err(End::Forfeit);
            }
        }
        if let Some(time) = config.time {
            match announce(&time, engine, config.timeout) {
                Ok(None) => {}
                Ok(Some(note)) => {
                    approximated[e] = true;
                    record.notes.push(format!("engine{}: {note}", e + 1));
                }
                Err(error) => {
                    let incident = incident_of(Party::Engine(e), &error, IncidentKind::Rejected);
                    record.forfeit(e, incident);
                    return Err(End::Forfeit);
                }
            }
        }
    }
    Ok(approximated)
}

/// The referee's own game under Chinese rules with the match's komi, and its fixed handicap
/// placed by each engine (`place_handicap`: an engine that places other stones forfeits).
fn start_game(
    config: &Config,
    record: &mut GameRecord,
    engines: &mut [&mut GtpEngine; 2],
) -> Result<Game, End> {
    let mut game = Game::new(config.size, RuleSet::Chinese.rules());
    game.set_komi(config.komi);
    if config.handicap > 0 {
        let points = handicap_points(config);
        for (e, engine) in engines.iter_mut().enumerate() {
            if let Err(incident) = place_handicap(config, &points, engine, Party::Engine(e)) {
                record.forfeit(e, incident);
                return Err(End::Forfeit);
            }
        }
        if let Err(why) = game.set_handicap(&points) {
            // `cli` checked the count against the size, so the layout always fits.
            unreachable!("fixed handicap of {} refused: {why}", config.handicap);
        }
    }
    Ok(game)
}

/// Plays the reply of the engine to move to `genmove` on `game` and records it: a
/// resignation ends the game, an unreadable or illegal move forfeits it.
fn play_reply(
    config: &Config,
    record: &mut GameRecord,
    game: &mut Game,
    to_move: Color,
    reply: &str,
) -> Result<Move, End> {
    let e = record.engine_of(to_move);
    let party = Party::Engine(e);
    let word = reply.split_whitespace().next().unwrap_or("");
    if word.eq_ignore_ascii_case("resign") {
        record.result = GameResult::Resignation {
            winner: to_move.opponent(),
        };
        return Err(End::Resignation);
    }
    let mv = match Move::parse(word, config.size) {
        Ok(mv) => mv,
        Err(why) => {
            let detail = format!("genmove {to_move} answered {reply:?} ({why})");
            record.forfeit(e, incident(party, IncidentKind::BadReply, detail));
            return Err(End::Forfeit);
        }
    };
    if let Err(why) = game.try_play(to_move, mv) {
        let detail = format!(
            "{} {mv} at move {} ({why})",
            to_move.letter(),
            record.moves.len() + 1
        );
        record.forfeit(e, incident(party, IncidentKind::IllegalMove, detail));
        return Err(End::Forfeit);
    }
    record.moves.push((to_move, mv));
    Ok(mv)
}

/// The clocks of a game (None without a clock, or under an unlimited one) and the simulated
/// network lag of `--add-lag`.
struct Timekeeper {
    clocks: Option<[MatchClock; 2]>,
    /// Whether each engine was told `TimeControl::approximation` instead of the real system.
    approximated: [bool; 2],
    /// The generator of the simulated lag, seeded by `lag_seed`.
    lag_rng: SmallRng,
}

impl Timekeeper {
    /// Asks `engine`, the engine to move, for its move (after `time_left` under a clock) and
    /// charges its clock: the reply, unless the engine loses on time or forfeits.
    fn genmove(
        &mut self,
        config: &Config,
        record: &mut GameRecord,
        engine: &mut GtpEngine,
        to_move: Color,
    ) -> Result<String, End> {
        let e = record.engine_of(to_move);
        let wait = self.time_left(config, record, engine, to_move)?;
        let asked = Instant::now();
        let reply = engine.send(&format!("genmove {to_move}"), wait);
        let measured = asked.elapsed();
        record.think[e] += measured;
        record.n_genmoves[e] += 1;
        let lag = config
            .add_lag
            .map_or(Duration::ZERO, |range| sample_lag(&mut self.lag_rng, range));
        let took = measured + lag;
        let allowance = self.clocks.as_ref().map(|c| c[e].allowance());
        let timed = allowance.map(|allowance| TimedMove {
            move_number: record.moves.len() + 1,
            engine: e,
            color: to_move,
            taken: took,
            lag,
            allowance,
            left: None,
        });
        let reply = match reply {
            Ok(reply) => reply,
            Err(GtpError::Timeout { waited, .. }) if self.clocks.is_some() => {
                let allowed = allowance.unwrap_or_default();
                record.timed.extend(timed);
                let detail = format!(
                    "no move after {:.1} s with {:.1} s left (move {})",
                    waited.as_secs_f64(),
                    allowed.as_secs_f64(),
                    record.moves.len() + 1
                );
                return Err(record.lose_on_time(to_move, detail));
            }
            Err(error) => {
                let party = Party::Engine(e);
                record.forfeit(e, incident_of(party, &error, IncidentKind::BadReply));
                return Err(End::Forfeit);
            }
        };
        self.charge(config, record, to_move, took, timed)?;
        Ok(reply)
    }

    /// Under a clock, tells `engine` its `time_left` and returns how long to wait for its
    /// move: the clock's allowance, the forgiven lag and `FLAG_GRACE`; else `--timeout`.
    fn time_left(
        &self,
        config: &Config,
        record: &mut GameRecord,
        engine: &mut GtpEngine,
        to_move: Color,
    ) -> Result<Duration, End> {
        let e = record.engine_of(to_move);
        let Some(clocks) = self.clocks.as_ref() else {
            return Ok(config.timeout);
        };
        let (seconds, stones) = clocks[e].time_left(self.approximated[e]);
        let command = format!("time_left {to_move} {seconds} {stones}");
        if let Err(error) = engine.send(&command, config.timeout) {
            let party = Party::Engine(e);
            record.forfeit(e, incident_of(party, &error, IncidentKind::Rejected));
            return Err(End::Forfeit);
        }
        Ok(clocks[e].allowance() + config.lag + FLAG_GRACE)
    }

    /// Charges the move's time `took` to the clock of `to_move`, if there is one, and records
    /// `timed`; a fallen flag loses the game on time.
    fn charge(
        &mut self,
        config: &Config,
        record: &mut GameRecord,
        to_move: Color,
        took: Duration,
        mut timed: Option<TimedMove>,
    ) -> Result<(), End> {
        let e = record.engine_of(to_move);
        let Some(clocks) = self.clocks.as_mut() else {
            return Ok(());
        };
        let charged = clocks[e].charge(took, config.lag);
        if let Some(timed) = timed.as_mut() {
            timed.left = charged.is_ok().then(|| clocks[e].allowance());
        }
        record.timed.extend(timed);
        if let Err(flag) = charged {
            let detail = format!(
                "move {} took {:.2} s with {:.2} s left",
                record.moves.len() + 1,
                flag.took.as_secs_f64(),
                flag.allowed.as_secs_f64()
            );
            return Err(record.lose_on_time(to_move, detail));
        }
        Ok(())
    }
}

/// The stones of the match's fixed handicap (empty without one).
pub fn handicap_points(config: &Config) -> Vec<Point> {
    if config.handicap == 0 {
        return Vec::new();
    }
    handicap::fixed_points(config.size, config.handicap).unwrap_or_default()
}

/// Sends `fixed_handicap` to `engine` and checks that the stones it answers are `points` (in
/// any order): an engine that places others would play a different game. A `?` is a refused
/// setup command.
fn place_handicap(
    config: &Config,
    points: &[Point],
    engine: &mut GtpEngine,
    party: Party,
) -> Result<(), Incident> {
    let command = format!("fixed_handicap {}", points.len());
    let reply = engine
        .send(&command, config.timeout)
        .map_err(|error| incident_of(party, &error, IncidentKind::Rejected))?;
    let mut placed = Vec::new();
    for word in reply.split_whitespace() {
        match Move::parse(word, config.size) {
            Ok(Move::Play(p)) => placed.push(p),
            _ => {
                let detail = format!("{command} answered {reply:?}");
                return Err(incident(party, IncidentKind::BadReply, detail));
            }
        }
    }
    let mut expected = points.to_vec();
    placed.sort_unstable();
    expected.sort_unstable();
    if placed != expected {
        let detail = format!("{command} placed {reply:?}, not the GTP layout");
        return Err(incident(party, IncidentKind::BadReply, detail));
    }
    Ok(())
}

/// Sends `time`'s command to `engine`; if the engine answers `?`, sends the approximation
/// instead and returns the note that says so. An error is a failure of the command it ended
/// with (the approximation is plain `time_settings`, which every engine must accept).
fn announce(
    time: &TimeControl,
    engine: &mut GtpEngine,
    timeout: Duration,
) -> Result<Option<String>, GtpError> {
    let command = time.command();
    match (engine.send(&command, timeout), time.approximation()) {
        (Ok(_), _) => Ok(None),
        (Err(GtpError::Failure { .. }), Some(fallback)) => {
            engine.send(&fallback, timeout)?;
            Ok(Some(format!(
                "refused `{command}`, so it was told the approximation `{fallback}`; \
                 its clock still runs {time}"
            )))
        }
        (Err(error), _) => Err(error),
    }
}

/// The seed of game `number`'s simulated lag: the same for a game whatever the order in which
/// parallel workers play them.
pub fn lag_seed(match_seed: u64, number: usize) -> u64 {
    match_seed ^ (number as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// A lag drawn uniformly from `[min, max]`.
pub fn sample_lag(rng: &mut SmallRng, (min, max): (Duration, Duration)) -> Duration {
    if max <= min {
        return min;
    }
    Duration::from_secs_f64(rng.gen_range(min.as_secs_f64()..=max.as_secs_f64()))
}

pub(super) fn incident(party: Party, kind: IncidentKind, detail: String) -> Incident {
    Incident {
        party,
        kind,
        detail,
    }
}
