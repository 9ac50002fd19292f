//! How far a long command has come, and the time it still needs, on stderr: a bar (the
//! `indicatif` crate) when stderr is a terminal; nothing when it is not (a log file, a pipe),
//! unless asked for, and then a plain line every `PLAIN_EVERY`. Never stdout: `tengen match`
//! and `tengen book` print their results there.
//!
//! Depends on: nothing.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::{IsTerminal, Write};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// When to show progress.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Mode {
    /// A bar when stderr is a terminal, else nothing.
    #[default]
    Auto,
    /// A bar on a terminal, else a plain line every `PLAIN_EVERY` (for a job's log).
    Always,
    /// Nothing (`--quiet`).
    Never,
}

/// How often the plain lines of `Mode::Always` come when stderr is no terminal.
pub const PLAIN_EVERY: Duration = Duration::from_secs(10);

/// The progress of one command: steps (positions, games…) done out of `total` when it is
/// known. Shared by reference between threads (`tengen match --parallel`).
pub struct Progress {
    shown: Shown,
    total: Option<u64>,
}

enum Shown {
    Nothing,
    Bar(ProgressBar),
    Plain(Mutex<Plain>),
}

struct Plain {
    what: String,
    start: Instant,
    last: Instant,
    done: u64,
}

impl Progress {
    /// Progress of `total` steps of `what` ("positions", "games"; None: a number not known
    /// in advance, counted without a time left), shown as `mode` says.
    pub fn new(mode: Mode, total: Option<u64>, what: &str) -> Progress {
        Progress::with_terminal(mode, total, what, std::io::stderr().is_terminal())
    }

    /// `new`, told whether stderr is a terminal.
    fn with_terminal(mode: Mode, total: Option<u64>, what: &str, terminal: bool) -> Progress {
        let shown = match (mode, terminal) {
            (Mode::Never, _) | (Mode::Auto, false) => Shown::Nothing,
            (_, true) => {
                let bar = ProgressBar::with_draw_target(total, ProgressDrawTarget::stderr());
                let template = match total {
                    Some(_) => format!(
                        "{{elapsed_precise}} {{wide_bar}} {{pos}}/{{len}} {what}, {{eta}} left {{msg}}"
                    ),
                    None => format!("{{elapsed_precise}} {{spinner}} {{pos}} {what} {{msg}}"),
                };
                if let Ok(style) = ProgressStyle::with_template(&template) {
                    bar.set_style(style);
                }
                bar.enable_steady_tick(Duration::from_secs(1));
                Shown::Bar(bar)
            }
            (Mode::Always, false) => {
                let now = Instant::now();
                Shown::Plain(Mutex::new(Plain {
                    what: what.to_string(),
                    start: now,
                    last: now,
                    done: 0,
                }))
            }
        };
        Progress { shown, total }
    }

    /// Nothing shown: for library callers and tests.
    pub fn hidden() -> Progress {
        Progress::new(Mode::Never, None, "")
    }

    /// One more step done.
    pub fn step(&self) {
        match &self.shown {
            Shown::Nothing => {}
            Shown::Bar(bar) => bar.inc(1),
            Shown::Plain(plain) => {
                let mut plain = plain.lock().unwrap_or_else(|e| e.into_inner());
                plain.done += 1;
                let now = Instant::now();
                if now - plain.last >= PLAIN_EVERY || Some(plain.done) == self.total {
                    plain.last = now;
                    let line = plain_line(plain.done, self.total, &plain.what, now - plain.start);
                    let _ = writeln!(std::io::stderr(), "{line}");
                }
            }
        }
    }

    /// A short text after the bar (the score so far…); not shown as plain lines.
    pub fn set_message(&self, message: String) {
        if let Shown::Bar(bar) = &self.shown {
            bar.set_message(message);
        }
    }

    /// Runs `f` with the bar hidden, for output to the same terminal (a line of results on
    /// stdout) that must not tear it.
    pub fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        match &self.shown {
            Shown::Bar(bar) => bar.suspend(f),
            _ => f(),
        }
    }

    /// Clears the bar: the command is over.
    pub fn finish(&self) {
        if let Shown::Bar(bar) = &self.shown {
            bar.finish_and_clear();
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.finish();
    }
}

/// `12/40 games, 3m05s elapsed, about 7m11s left`, or `12 positions, 3m05s elapsed`.
fn plain_line(done: u64, total: Option<u64>, what: &str, elapsed: Duration) -> String {
    let elapsed_text = minutes(elapsed.as_secs_f64());
    let Some(total) = total else {
        return format!("{done} {what}, {elapsed_text} elapsed");
    };
    let left = if done == 0 {
        "time left unknown".to_string()
    } else {
        let per_step = elapsed.as_secs_f64() / done as f64;
        let left = per_step * total.saturating_sub(done) as f64;
        format!("about {} left", minutes(left))
    };
    format!("{done}/{total} {what}, {elapsed_text} elapsed, {left}")
}

/// `1h02m`, `3m05s` or `42s`.
fn minutes(seconds: f64) -> String {
    let s = seconds.max(0.0).round() as u64;
    match (s / 3600, s / 60 % 60, s % 60) {
        (0, 0, s) => format!("{s}s"),
        (0, m, s) => format!("{m}m{s:02}s"),
        (h, m, _) => format!("{h}h{m:02}m"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_lines_say_what_is_done_and_the_time_left() {
        assert_eq!(
            plain_line(10, Some(40), "games", Duration::from_secs(100)),
            "10/40 games, 1m40s elapsed, about 5m00s left"
        );
        assert_eq!(
            plain_line(0, Some(3), "positions", Duration::from_secs(2)),
            "0/3 positions, 2s elapsed, time left unknown"
        );
        assert_eq!(
            plain_line(7, None, "positions", Duration::from_secs(65)),
            "7 positions, 1m05s elapsed"
        );
        assert_eq!(minutes(3725.0), "1h02m");
    }

    #[test]
    fn nothing_is_shown_off_a_terminal_unless_asked_or_when_quiet() {
        let shown = |mode, terminal| match Progress::with_terminal(mode, Some(5), "games", terminal)
            .shown
        {
            Shown::Nothing => "nothing",
            Shown::Bar(_) => "bar",
            Shown::Plain(_) => "plain",
        };
        assert_eq!(shown(Mode::Auto, false), "nothing");
        assert_eq!(shown(Mode::Never, true), "nothing");
        assert_eq!(shown(Mode::Always, false), "plain");
        assert_eq!(shown(Mode::Auto, true), "bar");
        // Steps of a hidden progress are free and silent.
        let hidden = Progress::hidden();
        hidden.step();
        hidden.set_message("x".into());
        assert_eq!(hidden.suspend(|| 7), 7);
    }
}
