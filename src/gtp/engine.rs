//! `Engine`: the state one GTP session acts on, and one method per GTP command that changes or
//! reads it. Arguments arrive parsed (`commands.rs` does the parsing); methods answer with the
//! reply text or a domain error (`IllegalMove`, `game::CannotUndo`, `UnsupportedSize`,
//! `HandicapError`, `LoadError`), which `gtp::error` maps to the GTP text: the engine knows
//! nothing of `commands` or of GTP's error texts.
//!
//! What lives where: the game (board, record) in `Game`; the ruleset and komi as chosen in
//! `Terms`, their one owner, which writes the rules and komi in force into `Game` (`apply`, the
//! only writer); the time control and both clocks beside them in `Session`; everything in
//! `Session` is `Clone`, so a command that panics half-way can be rolled back
//! (`snapshot`/`restore`). The search tree lives in `Search` and is rebuilt after a panic.
//!
//! This file holds `Engine`, its configuration, board set-up, moves, handicap and the
//! information commands; `impl Engine` goes on in `session.rs` (terms, SGF files),
//! `genmove.rs` (the searches and their time limits) and `judgment.rs` (end of game).
//!
//! Invariants:
//! - Komi and the time control survive `boardsize` and `clear_board` (Sabaki sends `komi`
//!   before `boardsize`; GoGui and twogtp re-send them only when they change).
//! - A komi set by `komi` (or `--komi`) is never overridden by a change of rules; until one is
//!   set, the komi is the ruleset's default.
//! - Every move sent back by `genmove` has been checked with `Game::check` and played.
//!
//! Depends on: game, score, search, time, sgf, board, geom.

pub use super::genmove::{Generated, GenmoveKind};
pub use super::judgment::Status;

use super::placement;
use super::session::{sgf_rules_name, Session, Terms};
use super::Signals;
use crate::board::{Bitboard, PlayError};
use crate::book::Book;
use crate::game::{handicap, CannotUndo, Game, RuleSet, Scoring};
use crate::geom::{Color, Move, Point, MAX_SIZE, MIN_SIZE};
use crate::judge::Judgment;
use crate::search::{self, Search};
use crate::time::{BudgetConfig, Clock, TimeControl};
use std::fmt::Write as _;
use std::path::PathBuf;
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
    /// `--override-version V`: what `version` answers instead of tengen's own version (as
    /// KataGo's `-override-version`): Lizzie refuses a version whose minor number is below
    /// 15, as it was written for Leela Zero 0.15 and later. Default: none.
    pub version: Option<String>,
    /// `--ogs-variations`: each `genmove` that searched writes its variation and win rate to
    /// stderr in the format gtp2ogs posts to OGS (`gtp::ogs`). Default off.
    pub ogs_variations: bool,
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
            version: None,
            ogs_variations: false,
            book: Some(Book::builtin()),
        }
    }
}

/// A copy of the session taken before a command that changes it.
pub struct Snapshot(Session);

pub struct Engine {
    pub(super) config: Config,
    pub(super) session: Session,
    pub(super) search: Search,
    pub(super) signals: Signals,
    started: Instant,
    /// The last position judged, keyed by its hash, move count and counting.
    pub(super) judgment_cache: Option<((u64, usize, Scoring), Judgment)>,
    /// With `--ponder`: the position (move count, hash) our last `genmove` left, which
    /// `ponder` searches while it stays the position.
    pub(super) ponder_position: Option<(usize, u64)>,
}

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

    /// `version`: tengen's own, or `--override-version`'s.
    pub fn version(&self) -> &str {
        self.config
            .version
            .as_deref()
            .unwrap_or(env!("CARGO_PKG_VERSION"))
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

    /// `tengen-level`: the strength level `genmove` plays at.
    pub fn level(&self) -> search::Level {
        self.config.search.level
    }

    /// `tengen-level N`: the moves that follow are played at `level` (the kept tree is
    /// dropped, so no search of another level carries over).
    pub fn set_level(&mut self, level: search::Level) {
        self.config.search.level = level;
        self.search.set_config(self.config.search.clone());
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
    use crate::game::MAX_KOMI;
    use crate::search::Restriction;
    use std::path::Path;
    use std::sync::atomic::Ordering;

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

    /// A line already waiting when the analysis starts stops it (Sabaki pipelines
    /// `protocol_version` behind it); the analysis plays nothing.
    #[test]
    fn an_analysis_stops_at_once_when_input_is_pending() {
        let signals = Signals::default();
        let mut e = Engine::new(Config::default(), signals.clone());
        e.boardsize(9).unwrap();
        signals.pending.store(1, Ordering::SeqCst);
        e.analyze(
            Color::Black,
            Duration::ZERO,
            &Restriction::default(),
            &mut |_| {},
        );
        assert!(e.game().moves().is_empty());
        assert!(!signals.analyzing.load(Ordering::SeqCst));
    }

    #[test]
    fn a_panicking_analysis_leaves_no_analysis_flag() {
        let signals = Signals::default();
        let mut e = Engine::new(Config::default(), signals.clone());
        e.boardsize(9).unwrap();
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            e.analyze(
                Color::Black,
                Duration::ZERO,
                &Restriction::default(),
                &mut |_| panic!("deliberate"),
            )
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
}
