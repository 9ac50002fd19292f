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
pub mod stats;
mod summary;

#[cfg(test)]
mod tests;

pub use client::split_command_line;
pub use clock::TimeControl;
pub use config::Config;

use client::{GtpEngine, GtpError};
use play::{GameRecord, Incident, IncidentKind, Party};
use std::fs::File;
use std::io::Write as _;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::thread;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

/// Plays the match `config` asks for and prints each game and the summary to stdout. An error
/// is a match that could not run (an engine that cannot start, an unwritable SGF directory).
pub fn run(config: Config) -> Result<(), String> {
    Match::new(config).run()
}

/// The match seed when `--seed` is absent: the clock's seconds, modulo a million (printed in the
/// match's first line, so a match can be replayed).
pub fn clock_seed() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(1, |d| d.as_secs() % 1_000_000)
}

/// The state shared by the workers of one match.
struct Match {
    config: Config,
    /// Number of engine processes started so far, for `{seed}`.
    n_started: AtomicU64,
    /// Next game number to hand out, 0-based.
    next_game: AtomicUsize,
    records: Mutex<Vec<GameRecord>>,
    /// The first failure that stops the match (an SGF file that cannot be written).
    fatal: Mutex<Option<String>>,
    /// The `--time-log` file, once opened by `run`.
    time_log: Mutex<Option<File>>,
}

/// One worker's engines: engine 1, engine 2 and the referee, with their names.
#[derive(Default)]
struct Seats {
    engines: [Option<GtpEngine>; 2],
    names: [String; 2],
    referee: Option<GtpEngine>,
}

impl Match {
    fn new(config: Config) -> Match {
        Match {
            config,
            n_started: AtomicU64::new(0),
            next_game: AtomicUsize::new(0),
            records: Mutex::new(Vec::new()),
            fatal: Mutex::new(None),
            time_log: Mutex::new(None),
        }
    }

    fn run(self) -> Result<(), String> {
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
        // Start the first worker's engines here so that a command that cannot run at all is
        // one clear error instead of a forfeit in every game.
        let mut first = Seats::default();
        for e in 0..2 {
            let (engine, name) = self
                .start_engine(e)
                .map_err(|err| format!("engine{}: {err}", e + 1))?;
            first.engines[e] = Some(engine);
            first.names[e] = name;
        }
        if let Some(argv) = &config.referee {
            first.referee = Some(
                self.start("referee", argv)
                    .map_err(|e| format!("referee: {e}"))?,
            );
        }
        let names = first.names.clone();
        println!(
            "tengen match: {} games, {}x{}, komi {}{}, {}, {}, seed {}, {} at once",
            config.games,
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
            config.parallel.min(config.games)
        );
        println!("engine1: {} ({})", names[0], config.engine1.join(" "));
        println!("engine2: {} ({})", names[1], config.engine2.join(" "));
        if let Some(argv) = &config.referee {
            println!("referee: {}", argv.join(" "));
        }
        if let Some((min, max)) = config.add_lag {
            println!(
                "added lag: {:.3} to {:.3} s per genmove reply; overrun forgiven: {:.3} s",
                min.as_secs_f64(),
                max.as_secs_f64(),
                config.lag.as_secs_f64()
            );
        }
        let _ = std::io::stdout().flush();

        let started = Instant::now();
        thread::scope(|scope| {
            let n_workers = config.parallel.min(config.games);
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

        let records = self
            .records
            .lock()
            .map_or_else(|p| p.into_inner().clone(), |r| r.clone());
        let summary = summary::summarize(&records);
        println!();
        print!("{}", summary::render(&summary, &names));
        println!("wall time: {:.1} s", elapsed.as_secs_f64());
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
            let index = self.next_game.fetch_add(1, Ordering::SeqCst);
            if index >= config.games {
                return;
            }
            let number = index + 1;
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
        for e in 0..2 {
            if seats.engines[e].is_none() {
                match self.start_engine(e) {
                    Ok((engine, name)) => {
                        seats.engines[e] = Some(engine);
                        seats.names[e] = name;
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
                match self.start("referee", argv) {
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
        {
            let mut out = std::io::stdout().lock();
            let _ = writeln!(out, "{line}");
            let _ = out.flush();
        }
        if let Ok(mut records) = self.records.lock() {
            records.push(record);
        }
    }

    /// Starts engine `e` (0 or 1) and asks its name: `--nameN`, else GTP `name` + `version`.
    fn start_engine(&self, e: usize) -> Result<(GtpEngine, String), GtpError> {
        let config = &self.config;
        let (argv, name) = if e == 0 {
            (&config.engine1, &config.name1)
        } else {
            (&config.engine2, &config.name2)
        };
        let mut engine = self.start(&format!("engine{}", e + 1), argv)?;
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

    /// Starts one process of `argv`, `{seed}` replaced by the match seed plus the number of
    /// processes started before this one.
    fn start(&self, label: &str, argv: &[String]) -> Result<GtpEngine, GtpError> {
        let config = &self.config;
        let k = self.n_started.fetch_add(1, Ordering::SeqCst);
        let seed = config.seed.wrapping_add(k).to_string();
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
