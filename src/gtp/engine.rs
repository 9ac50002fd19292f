//! `Engine`: the state one GTP session acts on, and one method per GTP command that changes or
//! reads it. Arguments arrive parsed (`commands.rs` does the parsing); methods answer with the
//! reply text or a domain error (`IllegalMove`, `game::CannotUndo`, `UnsupportedSize`,
//! `HandicapError`, `LoadError`), which `gtp::error` maps to the GTP text: the engine knows
//! nothing of `commands` or of GTP's error texts.
//!
//! What lives where: the game (board, record) in `Game`; the ruleset and komi as chosen in
//! `Terms`, their one owner, which writes the rules and komi in force into `Game` (`apply`, the
//! only writer); the time control and both clocks beside them in `Session`; everything in `Session` is `Clone`, so a command that panics
//! half-way can be rolled back (`snapshot`/`restore`). The search tree lives in `Search` and is
//! rebuilt after a panic.
//!
//! Invariants:
//! - Komi and the time control survive `boardsize` and `clear_board` (Sabaki sends `komi`
//!   before `boardsize`; GoGui and twogtp re-send them only when they change).
//! - A komi set by `komi` (or `--komi`) is never overridden by a change of rules; until one is
//!   set, the komi is the ruleset's default.
//! - Every move sent back by `genmove` has been checked with `Game::check` and played.
//!
//! Depends on: game, score, search, time, sgf, board, geom.

use super::placement;
use super::Signals;
use crate::board::{Bitboard, PlayError};
use crate::book::Book;
use crate::game::{handicap, CannotUndo, Game, RuleSet, Scoring, MAX_KOMI};
use crate::geom::{Color, Move, Point, MAX_SIZE, MIN_SIZE};
use crate::judge::{self, Judgment};
use crate::score::GameResult;
use crate::search::{self, Decision, Limits, Report, Reporter, Search};
use crate::sgf::{self, SgfGame};
use crate::time::{BudgetConfig, Clock, GamePhase, TimeControl};
use std::fmt::Write as _;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// Why `play` refused a move: the rules' reason and, for a superko, the number of the move
/// after which the position stood before (0: before move 1), when the record tells it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IllegalMove {
    pub reason: PlayError,
    pub repeats: Option<usize>,
}

/// `boardsize` of a side outside `MIN_SIZE..=MAX_SIZE`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnsupportedSize(pub usize);

/// Why handicap stones were not placed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HandicapError {
    /// Handicap stones go on an empty board only.
    BoardNotEmpty,
    /// No fixed layout for that number, or fewer than 2, or more than the board holds.
    InvalidNumberOfStones,
    /// A point given twice, or one the board refuses.
    BadVertexList,
}

/// `loadsgf` could not read, parse or replay the file (the reason is logged).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LoadError;

/// Everything the command line decides for a GTP session. Each field says its default.
#[derive(Debug, Clone)]
pub struct Config {
    /// Rules until `kgs-rules` changes them. Default: Chinese (RULES.md).
    pub rules: RuleSet,
    /// The rules were chosen on the command line (`--rules`): a file's `RU` does not replace
    /// them at `loadsgf`. Default false.
    pub rules_chosen: bool,
    /// Komi until `komi` changes it; `None` = the ruleset's default komi.
    pub komi: Option<f32>,
    /// Board side at start-up. Default 19, as GTP assumes before any `boardsize`.
    pub board_size: usize,
    /// Fixed playouts per move (`--playouts`); a clock, if any, can still cut the search short.
    pub playouts: Option<u64>,
    /// Fixed thinking time per move (`--time-per-move`); a clock can still shorten it.
    pub time_per_move: Option<Duration>,
    /// `--time-per-game`: the time control of each new game until the controller sends one,
    /// sudden death in this many seconds (Pachi's `-t _S`); tengen's own clock keeps it.
    pub time_per_game: Option<Duration>,
    /// Playouts per move when there is no time control and neither of the two options above is
    /// given. Default 10,000: a few seconds on 19×19 at worst, never an endless think.
    pub default_playouts: u64,
    /// How the per-move budget is taken from the clock (`--lag-margin`).
    pub budget: BudgetConfig,
    /// Search settings: resignation threshold (`--resign-threshold`, `--no-resign`), seed.
    pub search: search::Config,
    /// `play` accepts any move on an empty point, whatever the ko rule and suicide rule
    /// (`--lenient-play`; CLIENTS.md §4.9: servers whose referee uses other rules). Default off.
    pub lenient_play: bool,
    /// `--ponder`: search on the opponent's time after each `genmove`, keeping the tree; any
    /// new command stops it at once. Default off.
    pub ponder: bool,
    /// `--gtp-log FILE`: append every command and reply to FILE.
    pub gtp_log: Option<PathBuf>,
    /// The opening book `genmove` plays from where it has the position (`book`): `--book
    /// FILE`, none with `--no-book`. Default: the built-in 9×9 book.
    pub book: Option<Book>,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            rules: RuleSet::Chinese,
            rules_chosen: false,
            komi: None,
            board_size: 19,
            playouts: None,
            time_per_move: None,
            time_per_game: None,
            default_playouts: 10_000,
            budget: BudgetConfig::default(),
            search: search::Config::default(),
            lenient_play: false,
            ponder: false,
            gtp_log: None,
            book: Some(Book::builtin()),
        }
    }
}

/// The terms of the session's games: the ruleset and the komi, as the command line and the
/// controller chose them. The one owner of both: `Game` holds the rules and komi in force,
/// written only by `apply`, so the two can never disagree.
#[derive(Debug, Clone, Copy)]
struct Terms {
    rules: RuleSet,
    /// Set by `kgs-rules` or `--rules`: a file's `RU` no longer applies (as a komi once set).
    rules_chosen: bool,
    /// Set by `komi`, `--komi` or a file's `KM`; `None` means the ruleset's default.
    komi: Option<f32>,
}

impl Terms {
    /// The komi in force: the one set, else the ruleset's default.
    fn komi(&self) -> f32 {
        self.komi.unwrap_or_else(|| self.rules.default_komi())
    }

    /// Gives `game` these rules and this komi.
    fn apply(&self, game: &mut Game) {
        game.set_rules(self.rules.rules());
        game.set_komi(self.komi());
    }
}

/// The state a command may change, all of it `Clone` so that a failed command can be undone.
#[derive(Debug, Clone)]
struct Session {
    game: Game,
    terms: Terms,
    time_control: TimeControl,
    clocks: [Clock; 2],
}

impl Session {
    /// An empty board of side `size` under the current terms and time control.
    fn new_game(&mut self, size: usize) {
        let mut game = Game::new(size, self.terms.rules.rules());
        self.terms.apply(&mut game);
        self.game = game;
        self.clocks = [Clock::new(self.time_control), Clock::new(self.time_control)];
    }
}

/// A copy of the session taken before a command that changes it.
pub struct Snapshot(Session);

/// A move generated by the search, as GTP writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Generated {
    Move(Move),
    Resign,
}

impl std::fmt::Display for Generated {
    /// One token: an uppercase vertex, `pass` or `resign`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Generated::Move(mv) => mv.fmt(f),
            Generated::Resign => f.write_str("resign"),
        }
    }
}

/// How `genmove` and its variants treat the move they generate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GenmoveKind {
    /// `genmove`: search, play the move, run the clock.
    Play,
    /// `kgs-genmove_cleanup`: like `Play`, but never pass while dead stones remain.
    Cleanup,
    /// `reg_genmove`: search only; nothing changes.
    Regression,
}

/// Which stones `final_status_list` asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    Alive,
    Dead,
    Seki,
}

pub struct Engine {
    config: Config,
    session: Session,
    search: Search,
    signals: Signals,
    started: Instant,
    /// The last position judged, keyed by its hash, move count and counting.
    judgment_cache: Option<((u64, usize, Scoring), Judgment)>,
    /// With `--ponder`: the position (move count, hash) our last `genmove` left, which
    /// `ponder` searches while it stays the position.
    ponder_position: Option<(usize, u64)>,
}

/// The longest one ponder search runs (the opponent may never move).
const PONDER_LIMIT: Duration = Duration::from_secs(3600);

impl Engine {
    pub fn new(config: Config, signals: Signals) -> Engine {
        let time_control = config
            .time_per_game
            .map_or(TimeControl::None, |main| TimeControl::Absolute { main });
        let mut session = Session {
            game: Game::new(config.board_size, config.rules.rules()),
            terms: Terms {
                rules: config.rules,
                rules_chosen: config.rules_chosen,
                komi: config.komi,
            },
            time_control,
            clocks: [Clock::new(time_control), Clock::new(time_control)],
        };
        session.terms.apply(&mut session.game);
        Engine {
            search: Search::new(config.search.clone()),
            config,
            session,
            signals,
            started: Instant::now(),
            judgment_cache: None,
            ponder_position: None,
        }
    }

    pub fn game(&self) -> &Game {
        &self.session.game
    }

    pub fn config(&self) -> &Config {
        &self.config
    }

    /// `tengen-param`: the tunable numbers of the search, one `name value` per line.
    pub fn params(&self) -> Vec<(&'static str, f32)> {
        self.config.search.params()
    }

    /// `tengen-param NAME VALUE`: sets one; the next search uses it (the kept tree is dropped).
    pub fn set_param(&mut self, name: &str, value: f32) -> Result<(), String> {
        let mut search = self.config.search.clone();
        search.set_param(name, value)?;
        self.config.search = search.clone();
        self.search.set_config(search);
        Ok(())
    }

    pub fn snapshot(&self) -> Snapshot {
        Snapshot(self.session.clone())
    }

    /// Puts back the state of `snapshot` and a fresh search, after a command panicked.
    pub fn restore(&mut self, snapshot: Snapshot) {
        self.session = snapshot.0;
        self.search = Search::new(self.config.search.clone());
        self.judgment_cache = None;
    }

    /// Fault injection (`tengen-fault worker N K`, see `commands::FAULT`): search worker N of
    /// the next search panics after K iterations. False when there is no worker N.
    pub fn inject_worker_panic(&mut self, worker: usize, after: u64) -> bool {
        self.search
            .inject_worker_panic(search::WorkerFault { worker, after })
    }

    // ----- board set-up -----

    pub fn boardsize(&mut self, size: usize) -> Result<(), UnsupportedSize> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(UnsupportedSize(size));
        }
        self.session.new_game(size);
        self.search.clear();
        Ok(())
    }

    /// A new game: the search forgets its tree and what its playouts learnt.
    pub fn clear_board(&mut self) {
        let size = self.session.game.size();
        self.session.new_game(size);
        self.search.clear();
    }

    pub fn komi(&mut self, komi: f32) {
        self.session.terms.komi = Some(komi);
        self.session.terms.apply(&mut self.session.game);
    }

    /// `kgs-rules` / `--rules`: ko rule, suicide, counting and handicap compensation; the
    /// default komi too, unless a komi was set.
    pub fn set_rules(&mut self, rules: RuleSet) {
        self.session.terms.rules = rules;
        self.session.terms.rules_chosen = true;
        self.session.terms.apply(&mut self.session.game);
    }

    pub fn rules(&self) -> RuleSet {
        self.session.terms.rules
    }

    // ----- moves -----

    pub fn play(&mut self, color: Color, mv: Move) -> Result<(), IllegalMove> {
        let game = &mut self.session.game;
        let result = if self.config.lenient_play {
            game.play_lenient(color, mv)
        } else {
            game.try_play(color, mv)
        };
        result.map_err(|e| {
            log::info!("play {color} {mv} refused: {e}");
            let repeats = match e {
                PlayError::Superko => self.session.game.repeated_move(color, mv),
                _ => None,
            };
            IllegalMove { reason: e, repeats }
        })
    }

    pub fn undo(&mut self) -> Result<(), CannotUndo> {
        self.session.game.undo()
    }

    /// Returns true if and only if `color` may play `mv` under the current rules.
    pub fn is_legal(&self, color: Color, mv: Move) -> bool {
        self.session.game.check(color, mv).is_ok()
    }

    /// `genmove`, `kgs-genmove_cleanup` and `reg_genmove`.
    pub fn genmove(&mut self, color: Color, kind: GenmoveKind) -> Generated {
        self.genmove_reporting(color, kind, None)
    }

    /// `lz-genmove_analyze` / `kata-genmove_analyze`: `genmove` that reports the search to
    /// `sink` every `interval`. Like KataGo's, not stopped by input (only by `quit` and
    /// `# interrupt`): it ends when `genmove` would.
    pub fn genmove_analyze(
        &mut self,
        color: Color,
        interval: Duration,
        sink: &mut dyn FnMut(&Report),
    ) -> Generated {
        let mut reporter = Reporter::new(interval, sink);
        self.genmove_reporting(color, GenmoveKind::Play, Some(&mut reporter))
    }

    /// `lz-analyze` / `kata-analyze`: searches `color`'s moves that `allowed` accepts,
    /// reporting to `sink` every `interval`, until any input arrives (see `Signals`). Plays
    /// nothing; the tree is kept, so a `genmove` of the same position goes on from it.
    pub fn analyze(
        &mut self,
        color: Color,
        interval: Duration,
        allowed: &dyn Fn(Move) -> bool,
        sink: &mut dyn FnMut(&Report),
    ) {
        /// Clears `analyzing` however the analysis ends, a panic included: left set, it would
        /// let every later line cut the next `genmove` short.
        struct Analyzing(std::sync::Arc<std::sync::atomic::AtomicBool>);
        impl Drop for Analyzing {
            fn drop(&mut self) {
                self.0.store(false, Ordering::SeqCst);
            }
        }
        self.signals.analyzing.store(true, Ordering::SeqCst);
        let _analyzing = Analyzing(self.signals.analyzing.clone());
        self.arm_stop();
        if self.signals.pending.load(Ordering::SeqCst) > 0 {
            self.signals.stop.store(true, Ordering::SeqCst);
        }
        // Stopped at once by the next line: an analysis owes no move.
        let limits = Limits {
            playouts: Some(u64::MAX),
            time: None,
            stop: Some(self.signals.stop.clone()),
            stop_at_once: true,
            stretch: None,
        };
        let mut reporter = Reporter::new(interval, sink);
        self.search.analyze(
            &self.session.game,
            color,
            &limits,
            Some(&mut reporter),
            allowed,
        );
        // A search with nothing to decide (only a pass is legal) ends at once; the reply
        // still lasts until the input that ends it, as the protocol says.
        while !self.signals.stop.load(Ordering::SeqCst) {
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// A search of `color`'s moves within the limits of `reg_genmove` (the playout cap or
    /// `--time-per-move`; `# interrupt` stops it), for GoGui's analyze commands. Plays
    /// nothing.
    pub fn search_report(&mut self, color: Color) -> Report {
        let limits = self.limits(color, GenmoveKind::Regression);
        self.arm_stop();
        self.search
            .analyze(&self.session.game, color, &limits, None, &|_| true)
    }

    fn genmove_reporting(
        &mut self,
        color: Color,
        kind: GenmoveKind,
        reporter: Option<&mut Reporter>,
    ) -> Generated {
        let limits = self.limits(color, kind);
        log::info!(
            "genmove {color}: limits {} playouts, {} s",
            limits.playouts.map_or("no".into(), |n| n.to_string()),
            limits
                .time
                .map_or("no".into(), |t| format!("{:.3}", t.as_secs_f64()))
        );
        self.arm_stop();
        let start = Instant::now();
        let game = &self.session.game;
        let book_move = match kind {
            GenmoveKind::Play => self
                .config
                .book
                .as_ref()
                .and_then(|b| b.lookup(game, color)),
            GenmoveKind::Cleanup | GenmoveKind::Regression => None,
        };
        let decision = match (book_move, kind) {
            (Some(p), _) => {
                log::info!("genmove {color}: {p} from the opening book");
                Decision::Play(Move::Play(p))
            }
            (None, GenmoveKind::Cleanup) => self.search.genmove_cleanup(game, color, &limits),
            (None, GenmoveKind::Play | GenmoveKind::Regression) => self
                .search
                .genmove_reporting(game, color, &limits, reporter),
        };
        let elapsed = start.elapsed();
        let generated = match decision {
            Decision::Resign => Generated::Resign,
            Decision::Play(mv) => match game.check(color, mv) {
                Ok(()) => Generated::Move(mv),
                Err(e) => {
                    // The search guarantees legality; if it ever fails, passing is the one move
                    // that is always legal, and far better than an illegal one (KGS kills the
                    // engine, gtp2ogs restarts it).
                    log::error!("search chose an illegal move {color} {mv} ({e}); passing");
                    Generated::Move(Move::Pass)
                }
            },
        };
        log::info!(
            "genmove {color}: {generated} after {:.3} s",
            elapsed.as_secs_f64()
        );
        if kind == GenmoveKind::Regression {
            return generated;
        }
        // Our own clock, for controllers that send no time_left (Sabaki, twogtp); a later
        // time_left overrides it.
        self.session.clocks[color.index()].record_move(elapsed);
        if let Generated::Move(mv) = generated {
            if let Err(e) = self.session.game.try_play(color, mv) {
                log::error!("generated move {color} {mv} could not be played: {e}");
            }
            self.ponder_position = self.config.ponder.then(|| self.position_key());
        }
        generated
    }

    // ----- pondering (`--ponder`) -----

    fn position_key(&self) -> (usize, u64) {
        let game = &self.session.game;
        (game.moves().len(), game.position().position_hash())
    }

    /// Searches the position our last `genmove` left, for the opponent, until any input
    /// arrives (`Signals::input`); the tree is kept, so the next `genmove` reuses the subtree
    /// of the move the opponent plays. Does nothing without `--ponder`, once the position
    /// has changed or the game is over, or after `quit`. A panic is logged and forgets the
    /// tree; it never reaches the GTP loop.
    pub fn ponder(&mut self) {
        let Some(key) = self.ponder_position else {
            return;
        };
        let game = &self.session.game;
        if key != self.position_key()
            || game.is_over()
            || self.signals.quitting.load(Ordering::SeqCst)
        {
            self.ponder_position = None;
            return;
        }
        let color = game.to_move();
        let input = self.signals.input.clone();
        let search = &mut self.search;
        let pondered = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            search.ponder(game, color, input, PONDER_LIMIT);
        }));
        match pondered {
            Ok(()) => log::info!(
                "pondered {} playouts for {color} in {:.2} s",
                self.search.summary().playouts,
                self.search.summary().elapsed.as_secs_f64()
            ),
            Err(_) => {
                log::error!("pondering panicked; the tree is dropped");
                self.search = Search::new(self.config.search.clone());
                self.ponder_position = None;
            }
        }
        // Ended by its time limit rather than by input: do not start again.
        if !self.signals.input.load(Ordering::SeqCst) {
            self.ponder_position = None;
        }
    }

    /// Clears the stop flag before a search, unless `quit` was already seen.
    /// The order (clear, then check) matters: see `Signals`.
    fn arm_stop(&self) {
        self.signals.stop.store(false, Ordering::SeqCst);
        if self.signals.quitting.load(Ordering::SeqCst) {
            self.signals.stop.store(true, Ordering::SeqCst);
        }
    }

    /// The limits of one search: `--playouts` / `--time-per-move` if given, else the clock's
    /// budget, else `default_playouts`. A clock with a limit always caps the time, and
    /// `max_move_time` caps every search, whatever the options and the clock say.
    fn limits(&self, color: Color, kind: GenmoveKind) -> Limits {
        let (budget, stretch) = if kind == GenmoveKind::Regression {
            (None, None)
        } else {
            let game = &self.session.game;
            let phase = GamePhase::new(game.size(), game.moves().len());
            let clock = &self.session.clocks[color.index()];
            let budget = clock.budget(&self.config.budget, phase);
            (budget.duration(), clock.stretch(&self.config.budget, phase))
        };
        // Only a time taken from the clock alone stretches: `--time-per-move` and
        // `--playouts` ask for a fixed effort.
        let fixed = self.config.playouts.is_some() || self.config.time_per_move.is_some();
        let (playouts, time) = match (self.config.playouts, self.config.time_per_move) {
            (None, None) => match budget {
                Some(time) => (None, Some(time)),
                None => (Some(self.config.default_playouts), None),
            },
            (playouts, per_move) => {
                let time = match (per_move, budget) {
                    (Some(a), Some(b)) => Some(a.min(b)),
                    (a, b) => a.or(b),
                };
                (playouts, time)
            }
        };
        let ceiling = self.config.budget.max_move_time;
        let time = Some(time.map_or(ceiling, |t| t.min(ceiling)));
        Limits {
            playouts,
            time,
            stop: Some(self.signals.stop.clone()),
            stop_at_once: false,
            stretch: if fixed { None } else { stretch },
        }
    }

    // ----- handicap -----

    fn board_is_empty(&self) -> bool {
        let position = self.session.game.position();
        self.session.game.moves().is_empty()
            && position.stones(Color::Black).is_empty()
            && position.stones(Color::White).is_empty()
    }

    /// Places handicap stones for Black; `Err` only when the board is not empty.
    fn place_handicap(&mut self, points: &[Point]) -> Result<(), HandicapError> {
        if !self.board_is_empty() {
            return Err(HandicapError::BoardNotEmpty);
        }
        self.session
            .game
            .set_handicap(points)
            .map_err(|_| HandicapError::BadVertexList)?;
        Ok(())
    }

    /// The largest number of handicap stones on this board: all points but one.
    fn max_handicap(&self) -> usize {
        let size = self.session.game.size();
        size * size - 1
    }

    pub fn fixed_handicap(&mut self, n: usize) -> Result<Vec<Point>, HandicapError> {
        let size = self.session.game.size();
        let points = handicap::fixed_points(size, n).ok_or(HandicapError::InvalidNumberOfStones)?;
        self.place_handicap(&points)?;
        Ok(points)
    }

    pub fn place_free_handicap(&mut self, n: usize) -> Result<Vec<Point>, HandicapError> {
        if !self.board_is_empty() {
            return Err(HandicapError::BoardNotEmpty);
        }
        if n < 2 || n > self.max_handicap() {
            return Err(HandicapError::InvalidNumberOfStones);
        }
        let points = placement::free_handicap(self.session.game.size(), n);
        self.place_handicap(&points)?;
        Ok(points)
    }

    pub fn set_free_handicap(&mut self, points: &[Point]) -> Result<(), HandicapError> {
        if !self.board_is_empty() {
            return Err(HandicapError::BoardNotEmpty);
        }
        if points.len() < 2 || points.len() > self.max_handicap() {
            return Err(HandicapError::InvalidNumberOfStones);
        }
        let mut seen = Bitboard::default();
        for &p in points {
            if seen.contains(p) {
                return Err(HandicapError::BadVertexList);
            }
            seen.insert(p);
        }
        self.place_handicap(points)
    }

    // ----- time -----

    /// `time_settings` / `kgs-time_settings`: a new time control, both clocks full.
    /// Clocks that already run this control keep running: gtp2ogs resends the settings
    /// before every `genmove`.
    pub fn time_settings(&mut self, control: TimeControl) {
        self.session.time_control = control;
        for clock in &mut self.session.clocks {
            clock.set_control(control);
        }
    }

    /// `time_left`: what the controller says is left on `color`'s clock. Never fails.
    pub fn time_left(&mut self, color: Color, time: Duration, stones: u32) {
        self.session.clocks[color.index()].time_left(time, stones);
    }

    // ----- end of game -----

    /// The judgment of the current position (`judge::judge`), cached by position hash, move
    /// count and rules, so that `final_status_list` and `final_score` of one position agree.
    pub fn judgment(&mut self) -> Judgment {
        let game = &self.session.game;
        let key = (
            game.position().position_hash(),
            game.moves().len(),
            game.rules().scoring,
        );
        if let Some((k, judgment)) = &self.judgment_cache {
            if *k == key {
                return judgment.clone();
            }
        }
        let judgment = judge::judge(game, &self.config.search.judge);
        self.judgment_cache = Some((key, judgment.clone()));
        judgment
    }

    /// `tengen-count` (see `judge::count_report`).
    pub fn count_report(&mut self) -> String {
        let judgment = self.judgment();
        judge::count_report(&self.session.game, &judgment)
    }

    pub fn final_score(&mut self) -> GameResult {
        let judgment = self.judgment();
        judgment.result(&self.session.game)
    }

    /// The stones of one status, one chain per line, each line's vertices space-separated.
    /// Alive excludes seki: GNU Go's reading of the three lists as a partition of the stones.
    pub fn final_status_list(&mut self, status: Status) -> String {
        let judgment = self.judgment();
        let (dead, seki) = (judgment.dead, judgment.seki);
        let position = self.session.game.position();
        let mut wanted = Bitboard::default();
        for color in Color::BOTH {
            for p in position.stones(color).iter() {
                let status_of_p = if dead.contains(p) {
                    Status::Dead
                } else if seki.contains(p) {
                    Status::Seki
                } else {
                    Status::Alive
                };
                if status_of_p == status {
                    wanted.insert(p);
                }
            }
        }
        let mut lines = Vec::new();
        let mut done = Bitboard::default();
        for p in wanted.iter() {
            if done.contains(p) {
                continue;
            }
            let chain: Vec<String> = position
                .chain(p)
                .iter()
                .filter(|&q| wanted.contains(q))
                .map(|q| {
                    done.insert(q);
                    q.to_string()
                })
                .collect();
            lines.push(chain.join(" "));
        }
        lines.join("\n")
    }

    // ----- files -----

    /// `loadsgf FILE [N]`: the position before move N of the file's main line (all of it
    /// without N). The file's komi (`KM`) replaces ours, as GNU Go's `loadsgf` does; its rules
    /// (`RU`) apply only when the controller chose none (`kgs-rules`, `--rules`): a chosen
    /// ruleset survives `loadsgf` (issue #8). The game is built
    /// aside and swapped in only on success; returns the colour to move.
    pub fn loadsgf(&mut self, path: &Path, move_number: Option<usize>) -> Result<Color, LoadError> {
        let bytes = read_capped(path, sgf::MAX_TEXT_BYTES as u64).map_err(|e| {
            log::warn!("loadsgf {}: {e}", path.display());
            LoadError
        })?;
        self.loadsgf_bytes(&bytes, move_number).map_err(|e| {
            log::warn!("loadsgf {}: {e}", path.display());
            LoadError
        })
    }

    /// `loadsgf` from the file's bytes: the SGF reader and the game built from it (also the
    /// SGF fuzz target's entry point). On error nothing changes.
    pub fn loadsgf_bytes(
        &mut self,
        bytes: &[u8],
        move_number: Option<usize>,
    ) -> Result<Color, String> {
        let record = sgf::parse_bytes(bytes).map_err(|e| e.to_string())?;
        self.session = self.session_from_sgf(&record, move_number)?;
        Ok(self.session.game.to_move())
    }

    fn session_from_sgf(
        &self,
        record: &SgfGame,
        move_number: Option<usize>,
    ) -> Result<Session, String> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&record.size) {
            return Err(format!("board size {} not supported", record.size));
        }
        let mut session = self.session.clone();
        if let Some(rules) = record
            .rules
            .as_deref()
            .and_then(|r| r.parse::<RuleSet>().ok())
            .filter(|_| !session.terms.rules_chosen)
        {
            session.terms.rules = rules;
        }
        if let Some(komi) = record.komi {
            // Checked as the `komi` command checks it (the SGF reader keeps finite values only).
            session.terms.komi = Some(komi.clamp(-MAX_KOMI, MAX_KOMI));
        }
        session.new_game(record.size);
        let game = &mut session.game;
        let all_black = record.setup.iter().all(|&(c, _)| c == Color::Black);
        if record.handicap >= 2 && all_black && record.setup.len() == record.handicap {
            let points: Vec<Point> = record.setup.iter().map(|&(_, p)| p).collect();
            game.set_handicap(&points)
                .map_err(|e| format!("handicap: {e}"))?;
        } else {
            for color in Color::BOTH {
                let points = record.setup_points(color);
                if !points.is_empty() {
                    game.setup(color, &points)
                        .map_err(|e| format!("setup: {e}"))?;
                }
            }
        }
        if let Some(color) = record.to_play {
            game.set_to_move(color).map_err(|e| format!("PL: {e}"))?;
        }
        let n_moves = move_number.map_or(record.moves.len(), |n| n.saturating_sub(1));
        for (i, &(color, mv)) in record.moves.iter().take(n_moves).enumerate() {
            // The record was played under its own rules: a superko or suicide our rules forbid
            // is still what happened.
            if game.try_play(color, mv).is_err() {
                game.play_lenient(color, mv)
                    .map_err(|e| format!("move {} ({color} {mv}): {e}", i + 1))?;
            }
        }
        Ok(session)
    }

    /// The current game as SGF text.
    pub fn sgf(&self) -> String {
        let game = &self.session.game;
        let record = SgfGame {
            size: game.size(),
            komi: Some(game.komi()),
            rules: Some(sgf_rules_name(self.session.terms.rules).to_string()),
            handicap: game.handicap(),
            setup: Color::BOTH
                .iter()
                .flat_map(|&c| game.start_position().stones(c).iter().map(move |p| (c, p)))
                .collect(),
            moves: game.moves().to_vec(),
            // The side to move at the start whenever a reader could guess it wrong (after
            // setup or handicap stones, or a `PL`): a game it loads back is the same game.
            to_play: Some(game.start_position().to_move()).filter(|&c| {
                c != Color::Black
                    || !game.start_position().stones(Color::Black).is_empty()
                    || !game.start_position().stones(Color::White).is_empty()
            }),
            ..SgfGame::default()
        };
        sgf::write(&record)
    }

    // ----- information -----

    pub fn list_stones(&self, color: Color) -> String {
        let stones = self.session.game.position().stones(color);
        let vertices: Vec<String> = stones.iter().map(|p| p.to_string()).collect();
        vertices.join(" ")
    }

    /// Processor time used by this process in seconds, or the wall time since start where
    /// /proc is not available.
    pub fn cputime(&self) -> f64 {
        process_cpu_seconds().unwrap_or_else(|| self.started.elapsed().as_secs_f64())
    }

    /// The board as text: column letters, rows numbered from the top down, `X` Black, `O`
    /// White, `+` star points, then one line of game state. No empty line anywhere.
    pub fn showboard(&self) -> String {
        let game = &self.session.game;
        let position = game.position();
        let size = game.size();
        let letters: Vec<String> = (0..size)
            .map(|col| Point::new(col, 0).to_string()[..1].to_string())
            .collect();
        let header = format!("   {}", letters.join(" "));
        let last = game.moves().last().and_then(|&(_, mv)| mv.point());
        let mut out = String::new();
        let _ = writeln!(out, "{header}");
        for row in (0..size).rev() {
            // The character before each column, and one after the last: the last stone played
            // is put in parentheses, as GNU Go does.
            let mut separators = vec![' '; size + 1];
            if let Some(p) = last.filter(|p| p.row() == row) {
                separators[p.col()] = '(';
                separators[p.col() + 1] = ')';
            }
            let _ = write!(out, "{:>2}", row + 1);
            for (col, &separator) in separators[..size].iter().enumerate() {
                let p = Point::new(col, row);
                out.push(separator);
                out.push(match position.stone_at(p) {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None if placement::is_star_point(size, p) => '+',
                    None => '.',
                });
            }
            let _ = writeln!(out, "{}{}", separators[size], row + 1);
        }
        let _ = writeln!(out, "{header}");
        let _ = write!(
            out,
            "{} to move, komi {}, rules {}, captures: black {} white {}, move {}",
            game.to_move(),
            game.komi(),
            sgf_rules_name(self.session.terms.rules).to_ascii_lowercase(),
            game.prisoners(Color::Black),
            game.prisoners(Color::White),
            game.moves().len()
        );
        out
    }
}

/// The SGF `RU` name of a ruleset, which `RuleSet::from_str` reads back.
fn sgf_rules_name(rules: RuleSet) -> &'static str {
    match rules {
        RuleSet::Chinese => "Chinese",
        RuleSet::Japanese => "Japanese",
        RuleSet::Aga => "AGA",
        RuleSet::NewZealand => "NZ",
        RuleSet::TrompTaylor => "Tromp-Taylor",
    }
}

/// Reads a file of at most `cap` bytes; longer files are an error, not a long read.
/// Only regular files: `/dev/stdin` or a FIFO would read the engine's own GTP input (or
/// block) and swallow the commands that follow.
fn read_capped(path: &Path, cap: u64) -> Result<Vec<u8>, String> {
    // Looked at before opening: opening a FIFO with no writer would block.
    if !std::fs::metadata(path)
        .map_err(|e| e.to_string())?
        .is_file()
    {
        return Err("not a regular file".to_string());
    }
    let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    let mut bytes = Vec::new();
    file.take(cap + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| e.to_string())?;
    if bytes.len() as u64 > cap {
        return Err(format!("larger than {cap} bytes"));
    }
    Ok(bytes)
}

/// User plus system time of this process from /proc/self/stat, in seconds. The kernel reports
/// it in USER_HZ ticks, which is 100 on every Linux ABI.
fn process_cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The command name (field 2) may contain spaces and parentheses: fields resume after the
    // last ')'. utime and stime are fields 14 and 15, i.e. the 12th and 13th after it.
    let rest = &stat[stat.rfind(')')? + 1..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let utime: f64 = fields.get(11)?.parse().ok()?;
    let stime: f64 = fields.get(12)?.parse().ok()?;
    Some((utime + stime) / 100.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cpu_time_is_read_from_proc() {
        if std::path::Path::new("/proc/self/stat").exists() {
            let t = process_cpu_seconds().expect("parsable /proc/self/stat");
            assert!((0.0..1e6).contains(&t));
        }
    }

    fn engine(config: Config) -> Engine {
        Engine::new(config, Signals::default())
    }

    fn play_all(engine: &mut Engine, moves: &str) {
        let size = engine.game().size();
        for (i, v) in moves.split_whitespace().enumerate() {
            let color = if i % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            let mv = Move::parse(v, size).unwrap();
            engine.play(color, mv).unwrap();
        }
    }

    /// The text a client sees after `play` refuses `v` (the reply `? illegal move: …`).
    fn refusal(engine: &mut Engine, color: Color, v: &str) -> String {
        let mv = Move::parse(v, engine.game().size()).unwrap();
        super::super::error::GtpError::from(engine.play(color, mv).unwrap_err()).to_string()
    }

    #[test]
    fn illegal_moves_say_why() {
        let mut e = engine(Config::default());
        e.boardsize(9).unwrap();
        play_all(&mut e, "B3 D4 C4 E3 C2 D2 A9 C3 D3");
        assert_eq!(refusal(&mut e, Color::White, "C3"), "illegal move: ko");
        assert_eq!(
            refusal(&mut e, Color::White, "D3"),
            "illegal move: occupied"
        );
        play_all(&mut e, "J2 J9 H1");
        assert_eq!(refusal(&mut e, Color::White, "J1"), "illegal move: suicide");
    }

    #[test]
    fn superko_says_which_position_it_repeats() {
        // Fuego's long-life position: after three moves, W A4 recreates the start position.
        let mut e = engine(Config::default());
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data/sgf/fuego/repetition/long-life.sgf");
        e.loadsgf(&path, Some(4)).unwrap();
        e.set_rules(RuleSet::Chinese);
        let why = refusal(&mut e, Color::White, "A4");
        assert!(
            why.starts_with("illegal move: superko: repeats the position "),
            "{why}"
        );
        assert_eq!(
            why, "illegal move: superko: repeats the position before move 1",
            "long-life repeats its start"
        );
    }

    #[test]
    fn loadsgf_keeps_rules_a_controller_chose() {
        let path =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/sgf/gnugo/scoring/score10.sgf");
        // Nobody chose: the file's RU[Japanese] applies.
        let mut e = engine(Config::default());
        e.loadsgf(&path, None).unwrap();
        assert_eq!(e.rules(), RuleSet::Japanese);
        // kgs-rules chose Chinese: it survives loadsgf.
        let mut e = engine(Config::default());
        e.set_rules(RuleSet::Chinese);
        e.loadsgf(&path, None).unwrap();
        assert_eq!(e.rules(), RuleSet::Chinese);
        assert_eq!(e.game().rules().scoring, Scoring::Area);
        // So does --rules.
        let mut e = engine(Config {
            rules: RuleSet::Aga,
            rules_chosen: true,
            ..Config::default()
        });
        e.loadsgf(&path, None).unwrap();
        assert_eq!(e.rules(), RuleSet::Aga);
        // The file's komi applies in every case.
        assert_eq!(e.game().komi(), 5.5);
    }

    #[test]
    fn sgf_rules_names_read_back() {
        for rules in RuleSet::ALL {
            assert_eq!(sgf_rules_name(rules).parse::<RuleSet>(), Ok(rules));
        }
    }

    /// A line already waiting when the analysis starts stops it (Sabaki pipelines
    /// `protocol_version` behind it); the analysis plays nothing.
    #[test]
    fn an_analysis_stops_at_once_when_input_is_pending() {
        let signals = Signals::default();
        let mut e = Engine::new(Config::default(), signals.clone());
        e.boardsize(9).unwrap();
        signals.pending.store(1, Ordering::SeqCst);
        e.analyze(Color::Black, Duration::ZERO, &|_| true, &mut |_| {});
        assert!(e.game().moves().is_empty());
        assert!(!signals.analyzing.load(Ordering::SeqCst));
    }

    #[test]
    fn a_panicking_analysis_leaves_no_analysis_flag() {
        let signals = Signals::default();
        let mut e = Engine::new(Config::default(), signals.clone());
        e.boardsize(9).unwrap();
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            e.analyze(Color::Black, Duration::ZERO, &|_| true, &mut |_| {
                panic!("deliberate")
            })
        }));
        assert!(result.is_err());
        assert!(!signals.analyzing.load(Ordering::SeqCst));
    }

    #[test]
    fn a_file_komi_is_checked_as_the_komi_command_checks_it() {
        let dir = std::env::temp_dir().join(format!("tengen-km-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for (km, expected) in [("1e308", MAX_KOMI), ("-1e38", -MAX_KOMI), ("6.5", 6.5)] {
            let path = dir.join("km.sgf");
            std::fs::write(&path, format!("(;SZ[9]KM[{km}];B[ee];W[cc])")).unwrap();
            let mut e = engine(Config::default());
            e.loadsgf(&path, None).unwrap();
            assert_eq!(e.game().komi(), expected, "KM[{km}]");
            let score = e.final_score().to_string();
            assert!(!score.contains("inf") && !score.contains("NaN"), "{score}");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn only_regular_files_are_read() {
        let dir = std::env::temp_dir().join(format!("tengen-dir-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        assert!(read_capped(&dir, 1000).is_err());
        assert!(read_capped(Path::new("/dev/null"), 1000).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn oversized_files_are_refused() {
        let dir = std::env::temp_dir().join(format!("tengen-gtp-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("big.sgf");
        std::fs::write(&path, vec![b'x'; 2000]).unwrap();
        assert!(read_capped(&path, 1000).is_err());
        assert_eq!(read_capped(&path, 2000).unwrap().len(), 2000);
        assert!(read_capped(&dir.join("missing.sgf"), 1000).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
