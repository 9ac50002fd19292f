//! Time control: the settings (`TimeControl`), one colour's clock (`Clock`) and the per-move
//! thinking time (`Clock::budget`).
//!
//! Pure: nothing here reads the clock. The GTP front end measures how long a move took and
//! passes the `Duration` in (`Clock::record_move`), or copies what the controller says
//! (`Clock::time_left`). Every function is total: malformed numbers become a
//! `TimeSettingsError` at parse time, and odd states (negative times, stones with no periods,
//! a clock already run out) are clamped, never rejected, because a `? ` to `time_left` makes
//! some controllers drop the game (CLIENTS.md §7).
//!
//! Which meaning `time_left C T N` has depends on the control (CLIENTS.md §7):
//! - Canadian: GTP's, T = time left in the period, N = stones left in it; N = 0 in main time.
//! - Japanese byo-yomi (only reachable through `kgs-time_settings`): KGS's, T = time left in
//!   the current period, N = periods left; N = 0 in main time.
//! - Absolute and Fischer: T = time left on the clock; N is ignored.
//! - None: ignored; the controller said there is no limit.
//!
//! Depends on: nothing.

#[cfg(test)]
mod tests;

use std::fmt;
use std::time::Duration;

/// Longest time accepted from a controller: larger values are clamped (a year is plenty, and
/// it keeps `Duration::from_secs_f64` far from overflow).
const MAX_SECONDS: f64 = 365.0 * 24.0 * 3600.0;

/// The time system of a game. `Clock::new` normalises degenerate settings: byo-yomi or
/// Canadian without overtime (no periods, no stones or an empty period) become `Absolute`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeControl {
    /// No limit: the caller falls back on its playout cap.
    None,
    /// Main time only; running out loses.
    Absolute { main: Duration },
    /// Main time, then `periods` periods of `period` each (Japanese byo-yomi): a move made
    /// within a period keeps it; each period used up is lost; losing the last loses the game.
    ByoYomi {
        main: Duration,
        period: Duration,
        periods: u32,
    },
    /// Main time, then `stones` moves in each `period` (Canadian), renewed after the
    /// `stones`-th move.
    Canadian {
        main: Duration,
        period: Duration,
        stones: u32,
    },
    /// Fischer: `main` at the start, `increment` added after each move (`kata-time_settings
    /// fischer` and `fischer-capped`, which gtp2ogs sends for OGS's Fischer games). The
    /// clock never exceeds `max_main` if given; no move may take more than `max_move`.
    Fischer {
        main: Duration,
        increment: Duration,
        max_main: Option<Duration>,
        max_move: Option<Duration>,
    },
}

/// Why `time_settings`, `kgs-time_settings` or `time_left` arguments were refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TimeSettingsError {
    /// The command takes `expected` numbers after the system name, but `found` were given.
    WrongArgCount { expected: usize, found: usize },
    /// An argument is not a finite number.
    NotANumber(String),
    /// `kgs-time_settings` or `kata-time_settings` with a system it does not know.
    UnknownSystem(String),
}

impl fmt::Display for TimeSettingsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeSettingsError::WrongArgCount { expected, found } => {
                write!(f, "expected {expected} arguments, found {found}")
            }
            TimeSettingsError::NotANumber(s) => write!(f, "not a number: {s}"),
            TimeSettingsError::UnknownSystem(s) => write!(f, "unknown time system: {s}"),
        }
    }
}

impl std::error::Error for TimeSettingsError {}

/// A finite number, integer or float, with surrounding spaces allowed.
fn parse_finite(s: &str) -> Result<f64, TimeSettingsError> {
    match s.trim().parse::<f64>() {
        Ok(x) if x.is_finite() => Ok(x),
        _ => Err(TimeSettingsError::NotANumber(s.to_string())),
    }
}

/// The system name of a `kgs-`/`kata-time_settings` command (lowercased: names are
/// case-insensitive) and the arguments after it.
fn split_system<S: AsRef<str>>(args: &[S]) -> Result<(String, &[S]), TimeSettingsError> {
    match args.split_first() {
        Some((system, rest)) => Ok((system.as_ref().to_ascii_lowercase(), rest)),
        None => Err(TimeSettingsError::WrongArgCount {
            expected: 1,
            found: 0,
        }),
    }
}

/// Parses a time in seconds as a controller sends it: integer or float; negatives clamp to 0
/// (old gtp2ogs sent negative main time), huge values to a year. NaN and infinities are errors.
pub fn parse_seconds(s: &str) -> Result<Duration, TimeSettingsError> {
    let x = parse_finite(s)?;
    Ok(Duration::from_secs_f64(x.clamp(0.0, MAX_SECONDS)))
}

/// Parses a count of stones or periods: integer or float (truncated); negatives clamp to 0.
pub fn parse_count(s: &str) -> Result<u32, TimeSettingsError> {
    let x = parse_finite(s)?;
    // `as` saturates: negatives become 0, huge values u32::MAX.
    Ok(x as u32)
}

fn expect_args<S: AsRef<str>>(args: &[S], expected: usize) -> Result<(), TimeSettingsError> {
    if args.len() == expected {
        Ok(())
    } else {
        Err(TimeSettingsError::WrongArgCount {
            expected,
            found: args.len(),
        })
    }
}

impl TimeControl {
    /// The control GTP's `time_settings main byo_yomi stones` means (times in seconds):
    /// `byo_yomi > 0 && stones == 0` is no limit (`0 1 0`, GoGui's reset); `byo_yomi == 0` is
    /// absolute time (`600 0 0`); otherwise Canadian, `stones` moves per `byo_yomi`. A `main`
    /// of 0 with overtime starts the clock directly in overtime (`0 10 1`: 10 s per move).
    /// `0 0 0` is read as no limit: literally a clock already run out, which no game can
    /// use, so a user who types it (Sabaki's start-up commands) means "no clock".
    pub fn from_time_settings(main: Duration, byo_yomi: Duration, stones: u32) -> TimeControl {
        if byo_yomi.is_zero() && main.is_zero() {
            TimeControl::None
        } else if byo_yomi.is_zero() {
            TimeControl::Absolute { main }
        } else if stones == 0 {
            TimeControl::None
        } else {
            TimeControl::Canadian {
                main,
                period: byo_yomi,
                stones,
            }
        }
    }

    /// Parses the arguments of `time_settings M B S`.
    pub fn parse_time_settings<S: AsRef<str>>(
        args: &[S],
    ) -> Result<TimeControl, TimeSettingsError> {
        expect_args(args, 3)?;
        Ok(TimeControl::from_time_settings(
            parse_seconds(args[0].as_ref())?,
            parse_seconds(args[1].as_ref())?,
            parse_count(args[2].as_ref())?,
        ))
    }

    /// Parses the arguments of `kgs-time_settings`: `none`, `absolute M`, `byoyomi M P N`
    /// (N periods of P seconds) or `canadian M P S` (S stones per P seconds; read like
    /// `time_settings`, so `canadian M P 0` is no limit). The system name is case-insensitive.
    pub fn parse_kgs_time_settings<S: AsRef<str>>(
        args: &[S],
    ) -> Result<TimeControl, TimeSettingsError> {
        let (system, rest) = split_system(args)?;
        match system.as_str() {
            "none" => {
                expect_args(rest, 0)?;
                Ok(TimeControl::None)
            }
            "absolute" => {
                expect_args(rest, 1)?;
                // Read like `time_settings M 0 0`, so `absolute 0` is no limit too.
                Ok(TimeControl::from_time_settings(
                    parse_seconds(rest[0].as_ref())?,
                    Duration::ZERO,
                    0,
                ))
            }
            "byoyomi" => {
                expect_args(rest, 3)?;
                let main = parse_seconds(rest[0].as_ref())?;
                let period = parse_seconds(rest[1].as_ref())?;
                let periods = parse_count(rest[2].as_ref())?;
                Ok(if period.is_zero() || periods == 0 {
                    // No overtime: absolute time, read like `time_settings M 0 0`.
                    TimeControl::from_time_settings(main, Duration::ZERO, 0)
                } else {
                    TimeControl::ByoYomi {
                        main,
                        period,
                        periods,
                    }
                })
            }
            "canadian" => TimeControl::parse_time_settings(rest),
            other => Err(TimeSettingsError::UnknownSystem(other.to_string())),
        }
    }

    /// The systems `kata-time_settings` accepts, as `kata-list_time_settings` lists them
    /// (gtp2ogs sends Fischer as `fischer-capped` when the list has it).
    pub const KATA_SYSTEMS: &'static [&'static str] = &[
        "none",
        "absolute",
        "byoyomi",
        "canadian",
        "fischer",
        "fischer-capped",
    ];

    /// Parses the arguments of KataGo's `kata-time_settings`: the four systems of
    /// `kgs-time_settings`, `fischer M I` (M seconds, I added after each move) and
    /// `fischer-capped M I MAX_MAIN MAX_MOVE`, where a negative cap means none (gtp2ogs sends
    /// `fischer-capped M I MAX -1`). A Fischer clock without increment is absolute time.
    pub fn parse_kata_time_settings<S: AsRef<str>>(
        args: &[S],
    ) -> Result<TimeControl, TimeSettingsError> {
        let (system, rest) = split_system(args)?;
        let cap = |s: &str| -> Result<Option<Duration>, TimeSettingsError> {
            let x = parse_finite(s)?;
            Ok((x >= 0.0).then(|| Duration::from_secs_f64(x.min(MAX_SECONDS))))
        };
        let fischer = |main: Duration, increment: Duration, max_main, max_move| {
            if increment.is_zero() {
                TimeControl::from_time_settings(main, Duration::ZERO, 0)
            } else {
                TimeControl::Fischer {
                    main,
                    increment,
                    max_main,
                    max_move,
                }
            }
        };
        match system.as_str() {
            "fischer" => {
                expect_args(rest, 2)?;
                Ok(fischer(
                    parse_seconds(rest[0].as_ref())?,
                    parse_seconds(rest[1].as_ref())?,
                    None,
                    None,
                ))
            }
            "fischer-capped" => {
                expect_args(rest, 4)?;
                Ok(fischer(
                    parse_seconds(rest[0].as_ref())?,
                    parse_seconds(rest[1].as_ref())?,
                    cap(rest[2].as_ref())?,
                    cap(rest[3].as_ref())?,
                ))
            }
            _ => TimeControl::parse_kgs_time_settings(args),
        }
    }

    /// The same control with overtime that cannot happen removed: byo-yomi with no periods or
    /// an empty period, Canadian with no stones or an empty period, become `Absolute`.
    pub fn normalized(self) -> TimeControl {
        match self {
            TimeControl::ByoYomi {
                main,
                period,
                periods,
            } if periods == 0 || period.is_zero() => TimeControl::Absolute { main },
            TimeControl::Canadian {
                main,
                period,
                stones,
            } if stones == 0 || period.is_zero() => TimeControl::Absolute { main },
            other => other,
        }
    }

    /// Main time at the start of the game (zero for `None`).
    pub fn main(self) -> Duration {
        match self {
            TimeControl::None => Duration::ZERO,
            TimeControl::Absolute { main }
            | TimeControl::ByoYomi { main, .. }
            | TimeControl::Canadian { main, .. }
            | TimeControl::Fischer { main, .. } => main,
        }
    }
}

/// One colour's clock: the control and what is left of it. Knows nothing of the board; does
/// not flag a loss on time (the controller does), it only clamps at zero.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Clock {
    control: TimeControl,
    /// Main time left; zero once in overtime.
    main_left: Duration,
    /// True once main time is used up and periods (or Canadian blocks) run.
    in_overtime: bool,
    /// Byo-yomi: periods left, the current one included; 0 = out of time.
    periods_left: u32,
    /// Canadian: stones still to play in the current period.
    stones_left: u32,
    /// Time left in the current period (byo-yomi or Canadian).
    period_left: Duration,
}

/// The thinking time for one move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Budget {
    /// No time limit: the caller uses its playout cap.
    NoLimit,
    /// Think for at most this long; never zero.
    Limit(Duration),
}

impl Budget {
    /// `None` for no limit: the shape of `search::Limits::time`.
    pub fn duration(self) -> Option<Duration> {
        match self {
            Budget::NoLimit => None,
            Budget::Limit(d) => Some(d),
        }
    }
}

/// How far the game has gone, which shapes how main time is spread.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GamePhase {
    /// Board side: 9, 13, 19…
    pub board_size: usize,
    /// Moves played so far by both colours, passes included (handicap stones excluded).
    pub moves_played: usize,
}

/// Expected game length in moves of both colours, as a fraction of the board's points
/// (19×19: 253, 9×9: 57). Untuned; typical of engine games with few passes.
const GAME_LENGTH_PER_POINT: f64 = 0.7;
/// However long the game has gone, assume at least this fraction of the board's points is
/// still to be played (both colours), so that main time late in a long game is never spent
/// in a few moves (19×19: 60 moves, 9×9: 13).
const MIN_MOVES_LEFT_PER_POINT: f64 = 1.0 / 6.0;

impl GamePhase {
    pub fn new(board_size: usize, moves_played: usize) -> GamePhase {
        GamePhase {
            board_size,
            moves_played,
        }
    }

    /// Estimated moves this colour still has to play; at least 1.
    pub fn our_moves_left(self) -> u32 {
        let points = (self.board_size.clamp(2, 25) * self.board_size.clamp(2, 25)) as f64;
        let length = points * GAME_LENGTH_PER_POINT;
        let left = (length - self.moves_played as f64).max(points * MIN_MOVES_LEFT_PER_POINT);
        ((left / 2.0).ceil() as u32).max(1)
    }

    /// Weight of this move's share of main time: less in the opening, where moves are
    /// easier, more in the middle game where the fights are. Untuned.
    fn weight(self) -> f64 {
        let points = (self.board_size.clamp(2, 25) * self.board_size.clamp(2, 25)) as f64;
        let progress = self.moves_played as f64 / (points * GAME_LENGTH_PER_POINT);
        if progress < 0.1 {
            0.7
        } else if progress < 0.6 {
            1.3
        } else {
            1.0
        }
    }
}

/// How the budget is computed; every field has a default.
#[derive(Debug, Clone, PartialEq)]
pub struct BudgetConfig {
    /// Kept back from every allowance for network lag and process overhead. Default 1 s:
    /// KGS and OGS charge the round trip to the engine.
    pub lag_margin: Duration,
    /// The lag margin never exceeds this fraction of a period (or of a move's share of main
    /// time), so that a 1 s period still leaves time to think. Default 0.25.
    pub max_lag_fraction: f64,
    /// The budget never drops below this, even when less time is left: moving at once beats
    /// losing on time. Default 10 ms.
    pub min_think: Duration,
    /// One move uses at most this fraction of the main time left. Default 0.2.
    pub max_main_fraction: f64,
    /// Fraction of a byo-yomi period (or of a Canadian stone's share), after the lag margin,
    /// that one move may use; the rest absorbs the search overshooting its budget. Default 0.85.
    pub period_fraction: f64,
    /// No move thinks longer than this, whatever the clock says (`--max-move-time`): a clock
    /// of a year shared over the moves left would otherwise give one move days. Default 120 s,
    /// longer than any move needs and shorter than anyone waits.
    pub max_move_time: Duration,
    /// A move whose search is still choosing between its two best moves at the end of its
    /// budget may think on until its share of main time is this many times larger
    /// (`Clock::stretch`), never beyond `max_main_fraction` of main time. Default 2. Overtime
    /// never stretches: its allowance is already all a move may use.
    pub stretch_factor: f64,
}

impl Default for BudgetConfig {
    fn default() -> BudgetConfig {
        BudgetConfig {
            lag_margin: Duration::from_secs(1),
            max_lag_fraction: 0.25,
            min_think: Duration::from_millis(10),
            max_main_fraction: 0.2,
            period_fraction: 0.85,
            max_move_time: Duration::from_secs(120),
            stretch_factor: 2.0,
        }
    }
}

impl BudgetConfig {
    /// The usable part of an allowance `t` that renews (a byo-yomi period or a Canadian
    /// stone's share): `t` less the lag margin (at most `max_lag_fraction` of `t`), times
    /// `period_fraction`.
    fn usable(&self, t: Duration) -> Duration {
        let margin = self
            .lag_margin
            .min(t.mul_f64(clamp01(self.max_lag_fraction)));
        t.saturating_sub(margin)
            .mul_f64(clamp01(self.period_fraction))
    }
}

/// Clamps a fraction from a config into [0, 1]; NaN counts as 0.
fn clamp01(x: f64) -> f64 {
    if x.is_nan() {
        0.0
    } else {
        x.clamp(0.0, 1.0)
    }
}

impl Clock {
    /// A fresh clock at the start of a game. A control with a main time of zero and overtime
    /// starts in overtime.
    pub fn new(control: TimeControl) -> Clock {
        let control = control.normalized();
        let mut clock = Clock {
            control,
            main_left: control.main(),
            in_overtime: false,
            periods_left: 0,
            stones_left: 0,
            period_left: Duration::ZERO,
        };
        if clock.has_overtime() && clock.main_left.is_zero() {
            clock.enter_overtime();
        }
        clock
    }

    /// Back to the start of the game (`clear_board`).
    pub fn reset(&mut self) {
        *self = Clock::new(self.control);
    }

    /// Adopts `control` for a new game; keeps the running state when the control is the same,
    /// because gtp2ogs resends `time_settings` before every `genmove`.
    pub fn set_control(&mut self, control: TimeControl) {
        if control.normalized() != self.control {
            *self = Clock::new(control);
        }
    }

    /// The control, normalised (see `TimeControl::normalized`).
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// Main time left; zero in overtime.
    pub fn main_left(&self) -> Duration {
        self.main_left
    }

    /// Returns true if and only if main time is used up and overtime runs.
    pub fn in_overtime(&self) -> bool {
        self.in_overtime
    }

    /// Byo-yomi periods left, the current one included (0 if out of time or not byo-yomi).
    pub fn periods_left(&self) -> u32 {
        self.periods_left
    }

    /// Canadian stones left to play in the current period (0 if not in Canadian overtime).
    pub fn stones_left(&self) -> u32 {
        self.stones_left
    }

    /// Time left in the current period (zero in main time).
    pub fn period_left(&self) -> Duration {
        self.period_left
    }

    fn has_overtime(&self) -> bool {
        matches!(
            self.control,
            TimeControl::ByoYomi { .. } | TimeControl::Canadian { .. }
        )
    }

    /// Main time is over: the first period starts, full.
    fn enter_overtime(&mut self) {
        self.main_left = Duration::ZERO;
        self.in_overtime = true;
        match self.control {
            TimeControl::ByoYomi {
                period, periods, ..
            } => {
                self.periods_left = periods;
                self.period_left = period;
            }
            TimeControl::Canadian { period, stones, .. } => {
                self.stones_left = stones;
                self.period_left = period;
            }
            TimeControl::None | TimeControl::Absolute { .. } | TimeControl::Fischer { .. } => {}
        }
    }

    /// `time_left`: `time` left in the current period (or in main time), and `n` with the
    /// meaning of the control (module doc): stones left under Canadian, periods left under
    /// byo-yomi, 0 in main time. Never fails; accepts values that contradict the control.
    pub fn time_left(&mut self, time: Duration, n: u32) {
        match self.control {
            TimeControl::None => {}
            TimeControl::Absolute { .. } | TimeControl::Fischer { .. } => self.main_left = time,
            TimeControl::ByoYomi { .. } | TimeControl::Canadian { .. } if n == 0 => {
                // `time_left C 0 0` at the end of main time (some peers) stays here, with
                // no main time: the budget then plans for the first period.
                self.in_overtime = false;
                self.main_left = time;
                self.period_left = Duration::ZERO;
                self.periods_left = 0;
                self.stones_left = 0;
                if let TimeControl::ByoYomi { periods, .. } = self.control {
                    self.periods_left = periods;
                }
            }
            TimeControl::ByoYomi { .. } => {
                self.in_overtime = true;
                self.main_left = Duration::ZERO;
                self.periods_left = n;
                self.period_left = time;
            }
            TimeControl::Canadian { .. } => {
                self.in_overtime = true;
                self.main_left = Duration::ZERO;
                self.stones_left = n;
                self.period_left = time;
            }
        }
    }

    /// Records a move of ours that took `elapsed`, for controllers that never send
    /// `time_left` (gogui-twogtp, Sabaki with `time_settings`). Main time runs down first; the
    /// rest goes to overtime: under byo-yomi each period exceeded is lost and a move made
    /// within a period renews it; under Canadian the period runs down and renews after its
    /// last stone. Running out clamps at zero (0 periods, or an empty period).
    pub fn record_move(&mut self, elapsed: Duration) {
        let mut rest = elapsed;
        match self.control {
            TimeControl::None => return,
            TimeControl::Absolute { .. } => {
                self.main_left = self.main_left.saturating_sub(rest);
                return;
            }
            TimeControl::Fischer {
                increment,
                max_main,
                ..
            } => {
                // The increment is added after the move, once the time it took is off.
                let left = self.main_left.saturating_sub(rest) + increment;
                self.main_left = max_main.map_or(left, |cap| left.min(cap));
                return;
            }
            TimeControl::ByoYomi { .. } | TimeControl::Canadian { .. } => {}
        }
        if !self.in_overtime {
            if rest <= self.main_left {
                self.main_left -= rest;
                return;
            }
            rest -= self.main_left;
            self.enter_overtime();
        }
        match self.control {
            TimeControl::ByoYomi { period, .. } => {
                while self.periods_left > 0 && rest > self.period_left {
                    rest -= self.period_left;
                    self.periods_left -= 1;
                    self.period_left = period;
                }
                self.period_left = if self.periods_left == 0 {
                    Duration::ZERO
                } else {
                    period
                };
            }
            TimeControl::Canadian { period, stones, .. } => {
                self.period_left = self.period_left.saturating_sub(rest);
                self.stones_left = self.stones_left.saturating_sub(1);
                if self.stones_left == 0 {
                    self.stones_left = stones;
                    self.period_left = period;
                }
            }
            TimeControl::None | TimeControl::Absolute { .. } | TimeControl::Fischer { .. } => {}
        }
    }

    /// Time to think about the next move: a pure function of the clock, the game phase and
    /// the config. Never zero (at least `config.min_think`).
    ///
    /// - None: no limit.
    /// - Absolute: main time spread over the moves expected to remain, weighted towards the
    ///   middle game, at most `max_main_fraction` of it, and never more than main time left
    ///   less the lag margin.
    /// - Byo-yomi in overtime: the usable part of the current period (`BudgetConfig::usable`),
    ///   so never more than one period less the margin.
    /// - Canadian in overtime: the usable part of the time left divided by the stones left.
    /// - Byo-yomi or Canadian in main time: what one move of overtime would get, plus a share
    ///   of main time as under Absolute. A move that outlasts main time then finishes inside
    ///   the first period, which byo-yomi renews and Canadian budgets for.
    /// - Fischer: a share of the clock as under Absolute plus the usable part of the
    ///   increment (it comes back after the move), never more than the clock less the lag
    ///   margin, nor `max_move`.
    pub fn budget(&self, config: &BudgetConfig, phase: GamePhase) -> Budget {
        match self.control {
            TimeControl::None => Budget::NoLimit,
            _ => Budget::Limit(self.think(config, self.main_share(config, phase))),
        }
    }

    /// The longest the next move may think when its search is still undecided at the end of
    /// `budget`: the budget with the move's share of main time times `stretch_factor`, but no
    /// more than `max_main_fraction` of main time, and within every other bound of `budget`
    /// (lag margin, main time left, `max_move`, `max_move_time`). None when it would not be
    /// longer than the budget: no time limit, overtime, or a share already at its cap.
    pub fn stretch(&self, config: &BudgetConfig, phase: GamePhase) -> Option<Duration> {
        if self.control == TimeControl::None {
            return None;
        }
        let share = self.main_share(config, phase);
        let factor = if config.stretch_factor.is_finite() {
            config.stretch_factor.clamp(1.0, 10.0)
        } else {
            1.0
        };
        let cap = self.main_left.mul_f64(clamp01(config.max_main_fraction));
        let longer = self.think(config, share.mul_f64(factor).min(cap.max(share)));
        (longer > self.think(config, share)).then_some(longer)
    }

    /// `budget`'s time with `share` as this move's share of main time.
    fn think(&self, config: &BudgetConfig, share: Duration) -> Duration {
        let think = match self.control {
            TimeControl::None => Duration::ZERO,
            TimeControl::Absolute { .. } => {
                let margin = config
                    .lag_margin
                    .min(share.mul_f64(clamp01(config.max_lag_fraction)));
                (share - margin).min(self.main_left.saturating_sub(config.lag_margin))
            }
            TimeControl::ByoYomi { period, .. } => {
                if self.in_overtime {
                    if self.periods_left == 0 {
                        Duration::ZERO
                    } else {
                        config.usable(self.period_left.min(period))
                    }
                } else {
                    config.usable(period) + share
                }
            }
            TimeControl::Canadian { period, stones, .. } => {
                if self.in_overtime {
                    config.usable(self.period_left / self.stones_left.max(1))
                } else {
                    config.usable(period / stones.max(1)) + share
                }
            }
            TimeControl::Fischer {
                increment,
                max_move,
                ..
            } => {
                let think = (share + config.usable(increment))
                    .min(self.main_left.saturating_sub(config.lag_margin));
                max_move.map_or(think, |cap| think.min(config.usable(cap)))
            }
        };
        think.min(config.max_move_time).max(config.min_think)
    }

    /// This move's share of the main time left: spread over our expected moves, weighted by
    /// the phase, capped at `max_main_fraction`.
    fn main_share(&self, config: &BudgetConfig, phase: GamePhase) -> Duration {
        let even = self.main_left.as_secs_f64() / phase.our_moves_left() as f64;
        let cap = self.main_left.as_secs_f64() * clamp01(config.max_main_fraction);
        Duration::from_secs_f64((even * phase.weight()).min(cap).max(0.0))
    }
}

/// For logs: `main 287.0s`, `byo-yomi 3 x 30s, 25.0s left`, `canadian 5 stones in 120.0s`.
impl fmt::Display for Clock {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.control {
            TimeControl::None => f.write_str("no limit"),
            _ if !self.in_overtime => write!(f, "main {:.1}s", self.main_left.as_secs_f64()),
            TimeControl::ByoYomi { period, .. } => write!(
                f,
                "byo-yomi {} x {:.0}s, {:.1}s left",
                self.periods_left,
                period.as_secs_f64(),
                self.period_left.as_secs_f64()
            ),
            TimeControl::Canadian { .. } => write!(
                f,
                "canadian {} stones in {:.1}s",
                self.stones_left,
                self.period_left.as_secs_f64()
            ),
            // Never in overtime: shown as main time above.
            TimeControl::Fischer { .. } => write!(f, "main {:.1}s", self.main_left.as_secs_f64()),
            TimeControl::Absolute { .. } => f.write_str("out of time"),
        }
    }
}
