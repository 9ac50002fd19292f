//! The GTP front end: a reader thread, an engine thread, and the wire between them.
//!
//! The reader thread (`reader`) reads stdin line by line with a byte cap per line
//! (`wire::LineReader`) and queues the lines, as bytes, on a bounded channel: when the engine
//! is `QUEUE_LINES` lines behind, the reader stops reading and the client's writes wait
//! (back-pressure). It is also the only place that sees input while a search runs, so it
//! raises the search's stop flag when it reads `quit` or GoGui's `# interrupt`, and, while an
//! analysis runs (`lz-analyze`, `kata-analyze`), on any line at all or the end of input, before
//! it queues the line. The engine thread (the caller of `serve`) parses and runs the lines one
//! at a time, strictly in order, and writes exactly one reply per command line, so the command
//! that stopped an analysis is answered after the analysis reply.
//!
//! Every byte of stdout goes through one `Output`: whole lines under one lock, flushed at
//! once, so a reply and an analysis `info` line can never interleave. A streaming command
//! (analysis) begins its reply early through its `Stream` and adds lines; `run_loop` ends
//! it with the empty line. Nothing else is ever written to stdout: logs go to stderr through
//! `log`.
//!
//! Pondering (`--ponder`): when no command is waiting, the engine thread may search on the
//! opponent's time (`Engine::ponder`) until the reader raises `Signals::input`, which it does
//! after forwarding every line; the loop clears that flag before it looks at the channel, so
//! a line is never missed (`run_loop_pondering`).
//!
//! Depends on: everything (game, score, search, time, sgf, geom).

pub mod analyze;
pub mod commands;
pub mod engine;
mod error;
mod genmove;
mod judgment;
pub mod ogs;
mod placement;
pub mod reader;
mod session;
pub mod wire;

pub use engine::{Config, Engine};
pub use reader::{spawn_reader, Input, Signals, QUEUE_LINES};

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{sync_channel, Receiver, TryRecvError};
use std::sync::Mutex;
use wire::{Command, Reply};

/// The one writer of stdout (and of the `--gtp-log` replies): see the module doc.
pub struct Output {
    inner: Mutex<OutputInner>,
}

struct OutputInner {
    out: Box<dyn Write + Send>,
    log: Option<GtpLog>,
}

impl Output {
    pub fn new(out: Box<dyn Write + Send>, log: Option<GtpLog>) -> Output {
        Output {
            inner: Mutex::new(OutputInner { out, log }),
        }
    }

    /// An output that throws everything away (tests of the engine).
    pub fn sink() -> Output {
        Output::new(Box::new(io::sink()), None)
    }

    /// Writes `text` (whole lines) and flushes; logs it as reply lines.
    fn write(&self, text: &str) -> io::Result<()> {
        // A panic while the lock was held cannot leave a half-written line: writes are whole.
        let mut inner = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(log) = inner.log.as_mut().filter(|_| !text.trim().is_empty()) {
            log.reply(text);
        }
        inner.out.write_all(text.as_bytes())?;
        inner.out.flush()
    }

    /// Logs `cmd` as a command line; formatted only when there is a log.
    fn log_command(&self, cmd: &Command) {
        let mut inner = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(log) = inner.log.as_mut() {
            log.command(&cmd.to_string());
        }
    }

    fn log_comment(&self, text: &str) {
        let mut inner = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(log) = inner.log.as_mut() {
            log.comment(text);
        }
    }
}

/// The reply of one command while it runs. A plain command never touches it and returns its
/// text; a streaming command calls `begin` (`=` and the id) and `line` for each line, then
/// returns the text of its last lines (or nothing); `run_loop` writes that and the empty line.
pub struct Stream<'a> {
    out: &'a Output,
    id: Option<&'a str>,
    started: bool,
    error: Option<io::Error>,
}

impl<'a> Stream<'a> {
    pub fn new(out: &'a Output, id: Option<&'a str>) -> Stream<'a> {
        Stream {
            out,
            id,
            started: false,
            error: None,
        }
    }

    /// Returns true if and only if the reply has begun (`begin` or `line` was called).
    pub fn started(&self) -> bool {
        self.started
    }

    /// Writes the status line `= ` (with the id) unless already written.
    pub fn begin(&mut self) {
        if !self.started {
            self.started = true;
            // `= ` with its space, as every other reply (Pachi's GTP checker requires it).
            let head = match self.id {
                Some(id) => format!("={id} \n"),
                None => "= \n".to_string(),
            };
            self.emit(&head);
        }
    }

    /// Adds one line to the reply (after `begin`, implied). Line breaks inside `text` and an
    /// empty `text` are dropped: an empty line would end the reply.
    pub fn line(&mut self, text: &str) {
        self.begin();
        let text: String = text.chars().filter(|&c| c != '\n' && c != '\r').collect();
        if !text.trim().is_empty() {
            self.emit(&format!("{}\n", text.trim_end()));
        }
    }

    fn emit(&mut self, text: &str) {
        if self.error.is_none() {
            if let Err(e) = self.out.write(text) {
                self.error = Some(e);
            }
        }
    }

    /// Ends a begun reply with `tail`'s non-empty lines and the empty line.
    fn finish(mut self, tail: &str) -> io::Result<()> {
        let mut text = String::new();
        for line in tail.split('\n') {
            let line = line.trim_end_matches('\r').trim_end();
            if !line.is_empty() {
                text.push_str(line);
                text.push('\n');
            }
        }
        text.push('\n');
        self.emit(&text);
        self.error.map_or(Ok(()), Err)
    }
}

/// Serves GTP on stdin/stdout until `quit` or end of input.
pub fn serve(config: Config) -> Result<(), String> {
    let signals = Signals::default();
    if config.ogs_variations {
        eprintln!("{}", ogs::BANNER);
    }
    let log = match &config.gtp_log {
        Some(path) => {
            Some(GtpLog::open(path).map_err(|e| format!("--gtp-log {}: {e}", path.display()))?)
        }
        None => None,
    };
    let (tx, rx) = sync_channel(QUEUE_LINES);
    spawn_reader(io::BufReader::new(io::stdin()), signals.clone(), tx);
    let input = signals.input.clone();
    let engine = std::cell::RefCell::new(Engine::new(config, signals.clone()));
    let output = Output::new(Box::new(io::stdout()), log);
    let result = run_loop_pondering(
        rx,
        &output,
        &signals,
        &input,
        |cmd, stream| commands::run(&mut engine.borrow_mut(), cmd, stream),
        || engine.borrow_mut().ponder(),
    );
    match result {
        Ok(()) => Ok(()),
        // The controller went away: nothing is left to say to it.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(format!("writing to stdout: {e}")),
    }
}

/// The engine thread's loop: one reply per input, in order, each flushed at once; returns after
/// answering `quit` or when the reader has ended. `execute` may stream its reply through the
/// `Stream` it is given (see `Stream`); otherwise its `Reply` is the whole reply.
pub fn run_loop(
    rx: Receiver<Input>,
    out: &Output,
    signals: &Signals,
    execute: impl FnMut(&Command, &mut Stream) -> Reply,
) -> io::Result<()> {
    run_loop_pondering(rx, out, signals, &AtomicBool::new(false), execute, || {})
}

/// `run_loop`, calling `idle` whenever no command is waiting (the engine ponders there until
/// `input` is raised). `input` is cleared before each look at the channel: the reader raises
/// it after sending, so a line sent after the look raises it during `idle`.
pub fn run_loop_pondering(
    rx: Receiver<Input>,
    out: &Output,
    signals: &Signals,
    input: &AtomicBool,
    mut execute: impl FnMut(&Command, &mut Stream) -> Reply,
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
        signals.pending.fetch_sub(1, Ordering::SeqCst);
        let cmd = match input {
            Input::Line(line) => match Command::parse(&line) {
                Some(cmd) => cmd,
                // Blank or only a comment: no reply.
                None => continue,
            },
            Input::TooLong(id) => {
                out.log_comment(&format!(
                    "a line of more than {} bytes",
                    wire::MAX_LINE_BYTES
                ));
                log::warn!("line longer than {} bytes ignored", wire::MAX_LINE_BYTES);
                let reply = Err("line too long".to_string());
                out.write(&wire::format_reply(id.as_deref(), &reply))?;
                continue;
            }
        };
        out.log_command(&cmd);
        let mut stream = Stream::new(out, cmd.id.as_deref());
        let reply = execute(&cmd, &mut stream);
        if stream.started() {
            let tail = match reply {
                Ok(text) => text,
                Err(e) => {
                    // A streaming command checks its arguments before it begins; a
                    // failure after that (a panic) can only end the reply.
                    log::error!("a streamed reply failed after it began: {e}");
                    String::new()
                }
            };
            stream.finish(&tail)?;
        } else {
            out.write(&wire::format_reply(cmd.id.as_deref(), &reply))?;
        }
        if cmd.name == "quit" {
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
