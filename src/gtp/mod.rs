//! The GTP front end: a reader thread, an engine thread, and the wire between them.
//!
//! The reader thread reads stdin line by line with a byte cap per line (`wire::LineReader`),
//! parses each line into a `wire::Command` and forwards it over a bounded channel. It is also
//! the only place that sees input while a search runs, so it raises the search's stop flag when
//! it sees `quit`, GoGui's `# interrupt`, or the end of input. The engine thread (the caller of
//! `serve`) takes commands one at a time, strictly in order, and writes exactly one reply per
//! command line to stdout, flushed at once. Nothing else is ever written to stdout: logs go to
//! stderr through `log`.
//!
//! Pondering (`--ponder`): when no command is waiting, the engine thread may search on the
//! opponent's time (`Engine::ponder`) until the reader raises `Signals::input`, which it does
//! after forwarding every line; the loop clears that flag before it looks at the channel, so
//! a line is never missed (`run_loop_pondering`).
//!
//! Depends on: everything (game, score, search, time, sgf, geom).

pub mod commands;
pub mod engine;
mod placement;
pub mod wire;

pub use engine::{Config, Engine};

use std::fs::{File, OpenOptions};
use std::io::{self, BufRead, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender, TryRecvError};
use std::sync::Arc;
use std::thread;
use wire::{Command, LineReader, Reply};

/// Lines read ahead of the engine at most. Pipelining clients (Sabaki's replays) never wait for
/// this; it only bounds memory when a client floods us.
const CHANNEL_LINES: usize = 256;

/// What the reader thread hands to the engine thread.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    Command(Command),
    /// A line longer than `wire::MAX_LINE_BYTES`; the id, if its kept prefix had one.
    TooLong(Option<u64>),
}

/// The flags the reader thread raises for the engine thread.
///
/// Protocol: the reader sets `quitting` first and `stop` second; it never clears either. The
/// engine clears `stop` before each search and then sets it again if `quitting` is set, so a
/// `quit` that arrives just as a search starts is never lost (see `Engine::arm_stop`).
#[derive(Debug, Clone, Default)]
pub struct Signals {
    /// Stop the current search now: `quit` or `# interrupt` was read.
    pub stop: Arc<AtomicBool>,
    /// `quit` was read: every later search is stopped too.
    pub quitting: Arc<AtomicBool>,
    /// A line was read (or input ended): stops pondering. Raised after the line is on the
    /// channel; cleared by the engine thread before it checks the channel.
    pub input: Arc<AtomicBool>,
}

impl Signals {
    fn quit(&self) {
        self.quitting.store(true, Ordering::SeqCst);
        self.stop.store(true, Ordering::SeqCst);
    }
}

/// Serves GTP on stdin/stdout until `quit` or end of input.
pub fn serve(config: Config) -> Result<(), String> {
    let signals = Signals::default();
    let mut log = match &config.gtp_log {
        Some(path) => {
            Some(GtpLog::open(path).map_err(|e| format!("--gtp-log {}: {e}", path.display()))?)
        }
        None => None,
    };
    let (tx, rx) = sync_channel(CHANNEL_LINES);
    spawn_reader(io::BufReader::new(io::stdin()), signals.clone(), tx);
    let input = signals.input.clone();
    let engine = std::cell::RefCell::new(Engine::new(config, signals));
    let stdout = io::stdout();
    let result = run_loop_pondering(
        rx,
        stdout.lock(),
        log.as_mut(),
        &input,
        |cmd| commands::run(&mut engine.borrow_mut(), cmd),
        || engine.borrow_mut().ponder(),
    );
    match result {
        Ok(()) => Ok(()),
        // The controller went away: nothing is left to say to it.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(format!("writing to stdout: {e}")),
    }
}

/// Starts the reader thread over `input`. It ends after forwarding `quit`, at end of input, on
/// a read error, or when the engine thread has gone.
pub fn spawn_reader<R: BufRead + Send + 'static>(
    input: R,
    signals: Signals,
    tx: SyncSender<Input>,
) -> thread::JoinHandle<()> {
    thread::Builder::new()
        .name("gtp-reader".into())
        .spawn(move || {
            let mut reader = LineReader::new(input, wire::MAX_LINE_BYTES);
            loop {
                let line = match reader.next_line() {
                    Ok(Some(line)) => line,
                    Ok(None) => break,
                    Err(e) => {
                        log::warn!("reading stdin: {e}");
                        break;
                    }
                };
                let input = if line.truncated {
                    match Command::parse_id_only(&line.bytes) {
                        Some(id) => Input::TooLong(id),
                        None => Input::TooLong(None),
                    }
                } else {
                    if wire::is_interrupt(&line.bytes) {
                        log::info!("interrupt requested");
                        signals.stop.store(true, Ordering::SeqCst);
                        signals.input.store(true, Ordering::SeqCst);
                        continue;
                    }
                    match Command::parse(&line.bytes) {
                        Some(cmd) => Input::Command(cmd),
                        None => continue,
                    }
                };
                let is_quit = matches!(&input, Input::Command(cmd) if cmd.name == "quit");
                if is_quit {
                    signals.quit();
                }
                let sent = tx.send(input).is_ok();
                signals.input.store(true, Ordering::SeqCst);
                if !sent || is_quit {
                    return;
                }
            }
            signals.input.store(true, Ordering::SeqCst);
            // End of input: a script piped into the engine (`tengen < game.gtp`) ends this way
            // and still wants real moves, so the commands already sent are finished at full
            // strength. Only `quit` and `# interrupt` cut a search short.
        })
        .expect("spawning the GTP reader thread")
}

/// The engine thread's loop: one reply per input, in order, each flushed at once; returns after
/// answering `quit` or when the reader has ended.
pub fn run_loop<W: Write>(
    rx: Receiver<Input>,
    out: W,
    log: Option<&mut GtpLog>,
    execute: impl FnMut(&Command) -> Reply,
) -> io::Result<()> {
    run_loop_pondering(rx, out, log, &AtomicBool::new(false), execute, || {})
}

/// `run_loop`, calling `idle` whenever no command is waiting (the engine ponders there until
/// `input` is raised). `input` is cleared before each look at the channel: the reader raises
/// it after sending, so a line sent after the look raises it during `idle`.
pub fn run_loop_pondering<W: Write>(
    rx: Receiver<Input>,
    mut out: W,
    mut log: Option<&mut GtpLog>,
    input: &AtomicBool,
    mut execute: impl FnMut(&Command) -> Reply,
    mut idle: impl FnMut(),
) -> io::Result<()> {
    loop {
        input.store(false, Ordering::SeqCst);
        let input = match rx.try_recv() {
            Ok(input) => input,
            Err(TryRecvError::Disconnected) => break,
            Err(TryRecvError::Empty) => {
                idle();
                match rx.recv() {
                    Ok(input) => input,
                    Err(_) => break,
                }
            }
        };
        let (id, reply, quit) = match &input {
            Input::Command(cmd) => {
                if let Some(log) = log.as_deref_mut() {
                    log.command(&cmd.to_string());
                }
                (cmd.id, execute(cmd), cmd.name == "quit")
            }
            Input::TooLong(id) => {
                if let Some(log) = log.as_deref_mut() {
                    log.comment(&format!(
                        "a line of more than {} bytes",
                        wire::MAX_LINE_BYTES
                    ));
                }
                log::warn!("line longer than {} bytes ignored", wire::MAX_LINE_BYTES);
                (*id, Err("line too long".to_string()), false)
            }
        };
        let text = wire::format_reply(id, &reply);
        if let Some(log) = log.as_deref_mut() {
            log.reply(&text);
        }
        out.write_all(text.as_bytes())?;
        out.flush()?;
        if quit {
            break;
        }
    }
    Ok(())
}

/// `--gtp-log FILE`: every command received and every reply sent, appended to FILE in the
/// transcript format of gtp-logs/README.md (`> command`, `< reply line`), so that a user can
/// send us exactly what their GUI did and we can replay it.
pub struct GtpLog {
    file: File,
    failed: bool,
}

impl GtpLog {
    pub fn open(path: &Path) -> io::Result<GtpLog> {
        let file = OpenOptions::new().create(true).append(true).open(path)?;
        let mut log = GtpLog {
            file,
            failed: false,
        };
        let since_epoch = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_secs())
            .unwrap_or(0);
        log.comment(&format!(
            "tengen {} session started at {since_epoch} s since 1970",
            env!("CARGO_PKG_VERSION")
        ));
        Ok(log)
    }

    fn command(&mut self, line: &str) {
        self.write(&format!("> {line}\n"));
    }

    fn reply(&mut self, text: &str) {
        let mut out = String::with_capacity(text.len() + 8);
        for line in text.trim_end_matches('\n').split('\n') {
            out.push_str("< ");
            out.push_str(line);
            out.push('\n');
        }
        self.write(&out);
    }

    fn comment(&mut self, text: &str) {
        self.write(&format!("# {text}\n"));
    }

    /// A log that cannot be written must not stop the game: warn once, then stay quiet.
    fn write(&mut self, text: &str) {
        if self.failed {
            return;
        }
        if let Err(e) = self
            .file
            .write_all(text.as_bytes())
            .and_then(|()| self.file.flush())
        {
            log::warn!("--gtp-log: {e}; no more logging");
            self.failed = true;
        }
    }
}

#[cfg(test)]
mod tests;
