//! The GTP client: one engine as a child process, spoken to over its stdin and stdout.
//!
//! `GtpEngine` sends one command at a time with an id and waits for the reply (`=`/`?`, the
//! id when echoed, text up to the first empty line) with a deadline. A reader thread turns the
//! engine's stdout into lines on a channel so that waiting can time out; the engine's stderr is
//! discarded or passed through, never parsed. Every failure (no reply in time, the process
//! gone, a garbled reply) is a `GtpError` for the caller to record: nothing here panics or
//! exits. After a timeout or a death the engine is `broken`: its next reply could belong to an
//! old command, so the owner must drop it and start a new one.
//!
//! Depends on: nothing.

use std::fmt;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// Longest line read from an engine in one piece.
const MAX_LINE: u64 = 1 << 20;

/// Why a command got no usable answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GtpError {
    /// The process could not be started at all.
    Spawn(String),
    /// No complete reply within the allowed time.
    Timeout { command: String, waited: Duration },
    /// The process exited or closed its stdout (or stdin) before replying.
    Died { command: String, status: String },
    /// A `?` reply.
    Failure { command: String, message: String },
    /// A reply that breaks the protocol (e.g. the id of another command).
    Protocol { command: String, detail: String },
}

impl fmt::Display for GtpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GtpError::Spawn(e) => write!(f, "cannot start: {e}"),
            GtpError::Timeout { command, waited } => write!(
                f,
                "no reply to `{command}` within {:.1} s",
                waited.as_secs_f64()
            ),
            GtpError::Died { command, status } => {
                write!(f, "engine died during `{command}` ({status})")
            }
            GtpError::Failure { command, message } => {
                write!(f, "`{command}` failed: ? {message}")
            }
            GtpError::Protocol { command, detail } => {
                write!(f, "bad reply to `{command}`: {detail}")
            }
        }
    }
}

impl std::error::Error for GtpError {}

/// A running GTP engine. Dropping it sends `quit` (if it still answers) and then kills and
/// reaps the process, so no engine outlives its owner.
pub struct GtpEngine {
    /// How messages name this engine: `engine1`, `engine2`, `referee`.
    label: String,
    child: Child,
    stdin: Option<ChildStdin>,
    /// Lines of stdout without their line ending; `None` once stdout is closed.
    lines: Receiver<Option<String>>,
    next_id: u64,
    /// Echo every command and reply to stderr.
    verbose: bool,
    broken: bool,
}

impl GtpEngine {
    /// Starts `argv` (program and arguments, no shell) with piped stdin and stdout; its stderr
    /// goes to ours when `show_stderr`, else nowhere.
    pub fn start(
        label: &str,
        argv: &[String],
        show_stderr: bool,
        verbose: bool,
    ) -> Result<GtpEngine, GtpError> {
        let (program, args) = argv
            .split_first()
            .ok_or_else(|| GtpError::Spawn("empty command".to_string()))?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(if show_stderr {
                Stdio::inherit()
            } else {
                Stdio::null()
            })
            .spawn()
            .map_err(|e| GtpError::Spawn(format!("{program}: {e}")))?;
        let stdin = child.stdin.take();
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| GtpError::Spawn("no stdout pipe".to_string()))?;
        let (sender, lines) = mpsc::channel();
        let reader = thread::Builder::new()
            .name(format!("{label}-stdout"))
            .spawn(move || {
                let mut reader = BufReader::new(stdout);
                let mut buf = Vec::new();
                loop {
                    buf.clear();
                    // A line without end is cut into pieces of MAX_LINE bytes, so an engine
                    // that floods its stdout cannot exhaust our memory.
                    match (&mut reader).take(MAX_LINE).read_until(b'\n', &mut buf) {
                        Ok(0) | Err(_) => {
                            let _ = sender.send(None);
                            return;
                        }
                        Ok(_) => {
                            let line = String::from_utf8_lossy(&buf);
                            let line = line.trim_end_matches(['\n', '\r']).replace('\r', "");
                            if sender.send(Some(line)).is_err() {
                                return;
                            }
                        }
                    }
                }
            });
        if let Err(e) = reader {
            let _ = child.kill();
            let _ = child.wait();
            return Err(GtpError::Spawn(format!("cannot start reader thread: {e}")));
        }
        Ok(GtpEngine {
            label: label.to_string(),
            child,
            stdin,
            lines,
            next_id: 1,
            verbose,
            broken: false,
        })
    }

    /// Returns true if and only if a command timed out or the process died, so that the engine's
    /// state can no longer be trusted.
    pub fn is_broken(&self) -> bool {
        self.broken
    }

    /// Sends `command` and waits up to `timeout` for its reply; returns the text of a `=` reply
    /// (several lines joined by `\n`, without the status, id and first space).
    pub fn send(&mut self, command: &str, timeout: Duration) -> Result<String, GtpError> {
        let result = self.exchange(command, timeout);
        if let Err(GtpError::Timeout { .. } | GtpError::Died { .. }) = &result {
            self.broken = true;
        }
        result
    }

    fn exchange(&mut self, command: &str, timeout: Duration) -> Result<String, GtpError> {
        if self.broken {
            return Err(GtpError::Died {
                command: command.to_string(),
                status: "engine already failed".to_string(),
            });
        }
        let id = self.next_id;
        self.next_id += 1;
        if self.verbose {
            eprintln!("{} << {id} {command}", self.label);
        }
        let started = Instant::now();
        let deadline = started + timeout;
        let written = match self.stdin.as_mut() {
            Some(stdin) => writeln!(stdin, "{id} {command}").and_then(|()| stdin.flush()),
            None => Err(std::io::ErrorKind::BrokenPipe.into()),
        };
        if let Err(e) = written {
            return Err(GtpError::Died {
                command: command.to_string(),
                status: format!("cannot write: {e}; {}", self.exit_status()),
            });
        }
        // The status line: skip anything else the engine printed before it (GTP forbids it,
        // but a stray debug line must not be read as the reply).
        let (success, first) = loop {
            let line = self.next_line(command, deadline, started)?;
            if line.trim().is_empty() {
                continue;
            }
            let Some(status) = line.chars().next().filter(|c| *c == '=' || *c == '?') else {
                log::warn!("{}: stray output before reply: {line}", self.label);
                continue;
            };
            let rest = &line[1..];
            let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
            if digits > 0 {
                let echoed: Option<u64> = rest[..digits].parse().ok();
                if echoed != Some(id) {
                    return Err(GtpError::Protocol {
                        command: command.to_string(),
                        detail: format!("reply carries id {} instead of {id}", &rest[..digits]),
                    });
                }
            }
            let text = rest[digits..].strip_prefix(' ').unwrap_or(&rest[digits..]);
            break (status == '=', text.to_string());
        };
        let mut text = first;
        loop {
            let line = self.next_line(command, deadline, started)?;
            if line.is_empty() {
                break;
            }
            text.push('\n');
            text.push_str(&line);
        }
        if self.verbose {
            eprintln!(
                "{} >> {}{id} {text}",
                self.label,
                if success { '=' } else { '?' }
            );
        }
        let text = text.trim().to_string();
        if success {
            Ok(text)
        } else {
            Err(GtpError::Failure {
                command: command.to_string(),
                message: text,
            })
        }
    }

    fn next_line(
        &mut self,
        command: &str,
        deadline: Instant,
        started: Instant,
    ) -> Result<String, GtpError> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(Some(line)) => Ok(line),
            Ok(None) | Err(RecvTimeoutError::Disconnected) => Err(GtpError::Died {
                command: command.to_string(),
                status: self.exit_status(),
            }),
            Err(RecvTimeoutError::Timeout) => Err(GtpError::Timeout {
                command: command.to_string(),
                waited: started.elapsed(),
            }),
        }
    }

    /// How the process ended, waiting briefly since stdout closes just before the exit.
    fn exit_status(&mut self) -> String {
        for _ in 0..20 {
            match self.child.try_wait() {
                Ok(Some(status)) => return status.to_string(),
                Ok(None) => thread::sleep(Duration::from_millis(10)),
                Err(e) => return format!("unknown status: {e}"),
            }
        }
        "stdout closed, process still running".to_string()
    }
}

impl Drop for GtpEngine {
    fn drop(&mut self) {
        if !self.broken {
            let _ = self.exchange("quit", Duration::from_secs(2));
        }
        // Closing stdin is the polite way to end an engine that ignores `quit`.
        self.stdin = None;
        for _ in 0..50 {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Splits an engine command line into program and arguments, as a POSIX shell would for
/// plain words: whitespace separates, `'…'` is literal, `"…"` allows `\"` and `\\`, and a
/// backslash outside quotes escapes the next character. No variables, globs or pipes.
pub fn split_command_line(line: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            '\'' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => word.push(c),
                        None => return Err(format!("unterminated ' in {line:?}")),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c @ ('"' | '\\')) => word.push(c),
                            Some(c) => {
                                word.push('\\');
                                word.push(c);
                            }
                            None => return Err(format!("unterminated \" in {line:?}")),
                        },
                        Some(c) => word.push(c),
                        None => return Err(format!("unterminated \" in {line:?}")),
                    }
                }
            }
            '\\' => {
                in_word = true;
                match chars.next() {
                    Some(c) => word.push(c),
                    None => return Err(format!("trailing backslash in {line:?}")),
                }
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    if words.is_empty() {
        return Err("empty engine command".to_string());
    }
    Ok(words)
}

#[cfg(test)]
mod tests;
