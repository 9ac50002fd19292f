//! `tengen match`: plays games between two GTP engines and reports the result.
//!
//! Reading order: `run` takes the `Config` that `cli` parsed from the command line and starts
//! `--parallel` workers, each owning one process per engine (`client::GtpEngine`, restarted
//! after a failure) and taking the next game number from a shared counter; `play::play_game`
//! plays one game into a `GameRecord`, and `count::score_game` counts it when it ended by
//! passes or the move cap; `record` writes its SGF file; `summary` prints the game line as it
//! finishes (and its lines of the `--time-log` file) and, at the end, the summary with the
//! statistics of `stats`. `clock` keeps each engine's clock under the match's time system.
//!
//! Invariant: nothing an engine does (crash, hang, garbage, illegal moves) ends the runner;
//! only a bad command line, an engine that cannot be started at all, or an unwritable SGF
//! directory or time log do.
//!
//! Depends on: game, geom, score, sgf (through its submodules).

mod client;
mod clock;
mod config;
mod count;
mod play;
mod record;
pub mod report;
pub mod stats;
mod summary;

#[cfg(test)]
mod tests;

pub use client::split_command_line;
pub use clock::TimeControl;
pub use config::{Campaign, Config};

use crate::progress::Progress;
use client::{GtpEngine, GtpError};
use play::{GameRecord, Incident, IncidentKind, Party};
use report::Report;
use std::fs::File;
use std::io::Write as _;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::thread;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

/// Plays the match `config` asks for and prints each game and the summary to stdout. An error
/// is a match that could not run (an engine that cannot start, an unwritable SGF directory).
pub fn run(config: Config) -> Result<(), String> {
    Match::new(config).run()
}

/// `tengen match --merge`: reads the shards' JSON reports, prints the merged summary and
/// writes the merged report to `json` if given. An error says which file and why.
pub fn merge(inputs: &[std::path::PathBuf], json: Option<&std::path::Path>) -> Result<(), String> {
    let mut reports = Vec::new();
    for path in inputs {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| format!("{name}: {e}"))?;
        reports.push((
            name.clone(),
            Report::from_json(&text).map_err(|e| format!("{name}: {e}"))?,
        ));
    }
    let merged = report::merge(reports)?;
    print!("{}", report::render(&merged, inputs.len()));
    if let Some(path) = json {
        crate::atomic_write::write(path, merged.to_json().as_bytes())
            .map_err(|e| format!("cannot write the JSON report {}: {e}", path.display()))?;
    }
    Ok(())
}

/// The match seed when `--seed` is absent: the clock's seconds, modulo a million (printed in the
/// match's first line, so a match can be replayed).
pub fn clock_seed() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(1, |d| d.as_secs() % 1_000_000)
}

/// The values of `{seed}` in engine 1's and engine 2's commands for game `number`: the match
/// seed plus twice the games before it, plus 1 for engine 2. A game gets the same seeds
/// whichever run of a campaign plays it, and in whatever order.
pub fn game_seeds(match_seed: u64, number: usize) -> [u64; 2] {
    let base = match_seed.wrapping_add(2 * (number as u64).saturating_sub(1));
    [base, base.wrapping_add(1)]
}

/// Returns true if and only if a command takes the game's seed, and so is started anew for
/// each game.
fn takes_seed(argv: &[String]) -> bool {
    argv.iter().any(|a| a.contains("{seed}"))
}

/// The state shared by the workers of one match.
struct Match {
    config: Config,
    /// Next game number to hand out, 0-based.
    next_game: AtomicUsize,
    records: Mutex<Vec<GameRecord>>,
    /// The games as the JSON report has them, with the SPRT state of the games so far.
    games: Mutex<Vec<report::Game>>,
    /// Raised when the SPRT has decided: no game starts after it.
    decided: AtomicBool,
    progress: Progress,
    /// The first failure that stops the match (an SGF file that cannot be written).
    fatal: Mutex<Option<String>>,
    /// The `--time-log` file, once opened by `run`.
    time_log: Mutex<Option<File>>,
}

/// One worker's engines: engine 1, engine 2 and the referee, with their names and the seed
/// each engine was started with.
#[derive(Default)]
struct Seats {
    engines: [Option<GtpEngine>; 2],
    names: [String; 2],
    seeds: [u64; 2],
    referee: Option<GtpEngine>,
}

impl Match {
    fn new(config: Config) -> Match {
        let numbers = config.game_numbers();
        let progress = Progress::new(
            config.campaign.progress,
            Some(numbers.clone().count() as u64),
            "games",
        );
        Match {
            next_game: AtomicUsize::new(numbers.start() - 1),
            config,
            records: Mutex::new(Vec::new()),
            games: Mutex::new(Vec::new()),
            decided: AtomicBool::new(false),
            progress,
            fatal: Mutex::new(None),
            time_log: Mutex::new(None),
        }
    }

    /// Creates the time log (`--time-log`) with its header, for the workers to append to.
    fn open_time_log(&self) -> Result<(), String> {
        let config = &self.config;
        if let Some(path) = &config.time_log {
            let mut file = File::create(path)
                .and_then(|mut f| f.write_all(summary::TIME_LOG_HEADER.as_bytes()).map(|()| f))
                .map_err(|e| format!("cannot write the time log {}: {e}", path.display()))?;
            let _ = file.flush();
            if let Ok(mut slot) = self.time_log.lock() {
                *slot = Some(file);
            }
        }
        Ok(())
    }

    /// The first worker's engines and referee, started here so that a command that cannot
    /// run at all is one clear error instead of a forfeit in every game.
    fn first_seats(&self) -> Result<Seats, String> {
        let config = &self.config;
        let mut first = Seats::default();
        let seeds = game_seeds(config.seed, *config.game_numbers().start());
        for (e, seed) in seeds.into_iter().enumerate() {
            let (engine, name) = self
                .start_engine(e, seed)
                .map_err(|err| format!("engine{}: {err}", e + 1))?;
            first.engines[e] = Some(engine);
            first.names[e] = name;
            first.seeds[e] = seed;
        }
        if let Some(argv) = &config.referee {
            first.referee = Some(
                self.start("referee", argv, config.seed)
                    .map_err(|e| format!("referee: {e}"))?,
            );
        }
        Ok(first)
    }

    /// The match's settings and engines, before the first game.
    fn print_header(&self, names: &[String; 2], n_games: usize) {
        let config = &self.config;
        println!(
            "tengen match: {} games{}, {}x{}, komi {}{}, {}, {}, seed {}, {} at once",
            config.games,
            match config.campaign.slice {
                Some((a, b)) => format!(" (this run: games {a} to {b})"),
                None => String::new(),
            },
            config.size,
            config.size,
            config.komi,
            match config.handicap {
                0 => String::new(),
                n => format!(", handicap {n}"),
            },
            config
                .time
                .map_or("no clock".to_string(), |t| t.to_string()),
            if config.alternate {
                "alternating colours"
            } else {
                "engine1 always black"
            },
            config.seed,
            config.parallel.min(n_games)
        );
        println!("engine1: {} ({})", names[0], config.engine1.join(" "));
        println!("engine2: {} ({})", names[1], config.engine2.join(" "));
        if let Some(argv) = &config.referee {
            println!("referee: {}", argv.join(" "));
        }
        if let Some(sprt) = &config.campaign.sprt {
            println!(
                "SPRT: elo0 {}, elo1 {}, alpha {}, beta {}: stops when it decides",
                sprt.elo0, sprt.elo1, sprt.alpha, sprt.beta
            );
        }
        if let Some((min, max)) = config.add_lag {
            println!(
                "added lag: {:.3} to {:.3} s per genmove reply; overrun forgiven: {:.3} s",
                min.as_secs_f64(),
                max.as_secs_f64(),
                config.lag.as_secs_f64()
            );
        }
    }

    fn run(self) -> Result<(), String> {
        let config = &self.config;
        self.open_time_log()?;
        let first = self.first_seats()?;
        let names = first.names.clone();
        let n_games = config.game_numbers().count();
        self.print_header(&names, n_games);
        let _ = std::io::stdout().flush();

        let started = Instant::now();
        thread::scope(|scope| {
            let n_workers = config.parallel.min(n_games);
            let mut first = Some(first);
            for w in 0..n_workers {
                let seats = first.take().unwrap_or_default();
                let this = &self;
                let spawned = thread::Builder::new()
                    .name(format!("match-worker-{w}"))
                    .spawn_scoped(scope, move || this.work(seats));
                if let Err(e) = spawned {
                    log::warn!("cannot start worker {w}: {e}");
                }
            }
        });
        let elapsed = started.elapsed();
        self.progress.finish();

        let records = self
            .records
            .lock()
            .map_or_else(|p| p.into_inner().clone(), |r| r.clone());
        let summary = summary::summarize(&records);
        let games = self
            .games
            .lock()
            .map_or_else(|p| p.into_inner().clone(), |g| g.clone());
        let report = Report::new(config, names.clone(), games);
        println!();
        print!("{}", summary::render(&summary, &names));
        if let Some(sprt) = &report.summary.sprt {
            print!("{}", report::sprt_line(sprt));
            if sprt.decision.is_some() && records.len() < n_games {
                println!(
                    "stopped early: {} of {} games played",
                    records.len(),
                    n_games
                );
            }
        }
        println!("wall time: {:.1} s", elapsed.as_secs_f64());
        if let Some(path) = &config.campaign.json {
            crate::atomic_write::write(path, report.to_json().as_bytes())
                .map_err(|e| format!("cannot write the JSON report {}: {e}", path.display()))?;
        }
        let fatal = self
            .fatal
            .lock()
            .map_or_else(|p| p.into_inner().clone(), |f| f.clone());
        match fatal {
            Some(error) => Err(error),
            None => Ok(()),
        }
    }

    /// A worker: plays games until none are left, restarting engines that failed.
    fn work(&self, mut seats: Seats) {
        let config = &self.config;
        loop {
            if self.fatal.lock().map_or(true, |f| f.is_some()) {
                return;
            }
            if self.decided.load(Ordering::SeqCst) {
                return;
            }
            let index = self.next_game.fetch_add(1, Ordering::SeqCst);
            let number = index + 1;
            if number > *config.game_numbers().end() {
                return;
            }
            let engine1_black = !config.alternate || index.is_multiple_of(2);
            let record = self.play_one(&mut seats, number, engine1_black);
            for slot in &mut seats.engines {
                if slot.as_ref().is_some_and(GtpEngine::is_broken) {
                    *slot = None;
                }
            }
            if seats.referee.as_ref().is_some_and(GtpEngine::is_broken) {
                seats.referee = None;
            }
            self.finish(record);
        }
    }

    /// Makes sure both engines (and the referee) are running, then plays game `number`.
    fn play_one(&self, seats: &mut Seats, number: usize, engine1_black: bool) -> GameRecord {
        let config = &self.config;
        for (e, seed) in game_seeds(config.seed, number).into_iter().enumerate() {
            let argv = if e == 0 {
                &config.engine1
            } else {
                &config.engine2
            };
            if takes_seed(argv) && seats.seeds[e] != seed {
                // Started with another game's seed: this game gets its own process.
                seats.engines[e] = None;
            }
            if seats.engines[e].is_none() {
                match self.start_engine(e, seed) {
                    Ok((engine, name)) => {
                        seats.engines[e] = Some(engine);
                        seats.names[e] = name;
                        seats.seeds[e] = seed;
                    }
                    Err(error) => {
                        let names = self.fallback_names(&seats.names);
                        let incident =
                            play::incident_of(Party::Engine(e), &error, IncidentKind::Crash);
                        return GameRecord::forfeit_before_start(
                            number,
                            engine1_black,
                            names,
                            e,
                            incident,
                        );
                    }
                }
            }
        }
        if seats.referee.is_none() {
            if let Some(argv) = &config.referee {
                // A referee that cannot start only leaves the game unscored (disputed).
                match self.start("referee", argv, config.seed) {
                    Ok(engine) => seats.referee = Some(engine),
                    Err(error) => log::warn!("referee: {error}"),
                }
            }
        }
        let names = seats.names.clone();
        let [Some(engine1), Some(engine2)] = &mut seats.engines else {
            unreachable!("both engines were started above");
        };
        let mut record = play::play_game(
            config,
            number,
            engine1_black,
            [engine1, engine2],
            seats.referee.as_mut(),
            names,
        );
        if config.referee.is_some() && seats.referee.is_none() && record.end.needs_count() {
            record.incidents.push(Incident {
                party: Party::Referee,
                kind: IncidentKind::Referee,
                detail: "referee engine could not be started; the engines' count was used"
                    .to_string(),
            });
        }
        record
    }

    /// Prints the game line, writes the SGF file and keeps the record.
    fn finish(&self, record: GameRecord) {
        let config = &self.config;
        if let Some(dir) = &config.sgf_dir {
            if let Err(e) = record::save(dir, config, &record) {
                let message = format!("cannot write SGF into {}: {e}", dir.display());
                if let Ok(mut fatal) = self.fatal.lock() {
                    fatal.get_or_insert(message);
                }
            }
        }
        if let Some(path) = &config.time_log {
            let lines = summary::time_log_lines(&record);
            let written = match self.time_log.lock() {
                Ok(mut file) => file.as_mut().map_or(Ok(()), |f| {
                    f.write_all(lines.as_bytes()).and_then(|()| f.flush())
                }),
                Err(_) => Ok(()),
            };
            if let Err(e) = written {
                let message = format!("cannot write the time log {}: {e}", path.display());
                if let Ok(mut fatal) = self.fatal.lock() {
                    fatal.get_or_insert(message);
                }
            }
        }
        let line = summary::game_line(&record, config.games);
        self.progress.suspend(|| {
            let mut out = std::io::stdout().lock();
            let _ = writeln!(out, "{line}");
            let _ = out.flush();
        });
        self.progress.step();
        if let Ok(mut games) = self.games.lock() {
            games.push(report::Game::of(
                &record,
                game_seeds(config.seed, record.number),
            ));
            let summary = report::summarize(&games, config.campaign.sprt.as_ref());
            self.progress.set_message(format!(
                "engine1 {}-{}",
                summary.engine1_wins, summary.engine2_wins
            ));
            if summary.sprt.is_some_and(|s| s.decision.is_some()) {
                self.decided.store(true, Ordering::SeqCst);
            }
        }
        if let Ok(mut records) = self.records.lock() {
            records.push(record);
        }
    }

    /// Starts engine `e` (0 or 1) with `seed` for `{seed}` and asks its name: `--nameN`,
    /// else GTP `name` + `version`.
    fn start_engine(&self, e: usize, seed: u64) -> Result<(GtpEngine, String), GtpError> {
        let config = &self.config;
        let (argv, name) = if e == 0 {
            (&config.engine1, &config.name1)
        } else {
            (&config.engine2, &config.name2)
        };
        let mut engine = self.start(&format!("engine{}", e + 1), argv, seed)?;
        let name = match name {
            Some(name) => name.clone(),
            None => {
                let gtp_name = engine.send("name", config.timeout);
                if engine.is_broken() {
                    return Err(gtp_name
                        .err()
                        .unwrap_or(GtpError::Spawn("engine failed during `name`".to_string())));
                }
                let version = engine.send("version", config.timeout);
                // First lines only: a name goes on one line of the summary and in SGF PB/PW.
                let first_line = |r: Result<String, GtpError>| {
                    r.ok()
                        .and_then(|t| t.lines().next().map(|l| l.trim().to_string()))
                        .filter(|l| !l.is_empty())
                };
                match (first_line(gtp_name), first_line(version)) {
                    (Some(n), Some(v)) => format!("{n} {v}"),
                    (Some(n), None) => n,
                    _ => format!("engine{}", e + 1),
                }
            }
        };
        Ok((engine, name))
    }

    /// Starts one process of `argv`, `{seed}` replaced by `seed`.
    fn start(&self, label: &str, argv: &[String], seed: u64) -> Result<GtpEngine, GtpError> {
        let config = &self.config;
        let seed = seed.to_string();
        let mut argv: Vec<String> = argv.iter().map(|a| a.replace("{seed}", &seed)).collect();
        // `tengen` names this binary, so a match always pits the build under test.
        if argv.first().is_some_and(|p| p == "tengen") {
            if let Ok(me) = std::env::current_exe() {
                argv[0] = me.to_string_lossy().into_owned();
            }
        }
        GtpEngine::start(label, &argv, config.show_stderr, config.verbose)
    }

    fn fallback_names(&self, names: &[String; 2]) -> [String; 2] {
        let pick = |e: usize, given: &Option<String>| {
            given.clone().unwrap_or_else(|| {
                if names[e].is_empty() {
                    format!("engine{}", e + 1)
                } else {
                    names[e].clone()
                }
            })
        };
        [pick(0, &self.config.name1), pick(1, &self.config.name2)]
    }
}
