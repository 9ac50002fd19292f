//! Fault injection (issue #10): a panic inside a command handler, and a panic inside a search
//! thread, through the real binary with the hidden `tengen-fault` command (enabled only by
//! `TENGEN_FAULT_INJECTION=1`), and through the library's `Search::inject_worker_panic`.
//!
//! What must hold: the panicking command answers `? internal error …`, the game is what it
//! was before the command, the other search threads stop at once (no wait for the deadline,
//! no hang of an analysis that only input would end), and the engine goes on answering.
//!
//! The injected panics are kept quiet, so that a green run prints no "thread panicked":
//! in this process a panic hook (`quiet_injected_panics`) swallows them, and from a tengen
//! child `forward_unexpected` drops them and what they log. Every other panic, and every
//! other line of a child's stderr, still reaches the test's stderr.

use crate::gtp::Engine;
use std::io::{BufRead, BufReader, Read, Write};
use std::panic;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Mutex, Once, PoisonError};
use std::thread;
use std::time::{Duration, Instant};
use tengen::game::{Game, Rules};
use tengen::geom::Color;
use tengen::search::{self, Limits, Restriction, Search, WorkerFault};

pub(crate) const FAULTS: &[(&str, &str)] = &[("TENGEN_FAULT_INJECTION", "1")];

/// The end of the message of every injected panic (`tengen-fault command` and
/// `Search::inject_worker_panic`).
const INJECTED: &str = "(fault injection)";

/// What `std::thread::scope` panics with when one of its threads panicked: after an injected
/// panic in a search thread (`search-N`), its echo in the thread that started the search.
const SCOPE_ECHO: &str = "a scoped thread panicked";

/// The panics fault injection causes, as they happen in one process.
#[derive(Default)]
struct Expected {
    /// Injected panics in search threads whose echo (`SCOPE_ECHO`) is still to come.
    echoes_due: usize,
    /// Whether the last panic was expected: what is logged next is about it.
    last_expected: bool,
}

impl Expected {
    /// Returns true if and only if a panic of the thread named `thread` with `message` is an
    /// injected one or the echo of one.
    fn panic(&mut self, thread: &str, message: &str) -> bool {
        let expected = if message.contains(INJECTED) {
            if thread.starts_with("search-") {
                self.echoes_due += 1;
            }
            true
        } else if message == SCOPE_ECHO && self.echoes_due > 0 {
            self.echoes_due -= 1;
            true
        } else {
            false
        };
        self.last_expected = expected;
        expected
    }

    /// Returns true if and only if the log line `line` is about fault injection: the warning
    /// that it is on, an injected panic's message, or what the engine logs of a panic just
    /// found expected (`internal error in …: a scoped thread panicked`, `pondering panicked`).
    fn log(&self, line: &str) -> bool {
        line.contains(INJECTED)
            || line.contains("TENGEN_FAULT_INJECTION=1")
            || (self.last_expected && line.contains("panicked"))
    }
}

/// Installs, once, a panic hook that swallows the injected panics of this process (and their
/// echoes) and passes every other panic to the hook it replaces.
fn quiet_injected_panics() {
    static ONCE: Once = Once::new();
    static EXPECTED: Mutex<Expected> = Mutex::new(Expected {
        echoes_due: 0,
        last_expected: false,
    });
    ONCE.call_once(|| {
        let default = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            let current = thread::current();
            let expected = EXPECTED
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .panic(
                    current.name().unwrap_or(""),
                    info.payload_as_str().unwrap_or(""),
                );
            if !expected {
                default(info);
            }
        }));
    });
}

/// One line of a tengen child's stderr at a time: drops the expected panics (the blank line
/// and `thread '…' panicked at …` line that open one, the message, the backtrace) and the log
/// lines about them, and writes every other line to `out`.
#[derive(Default)]
struct StderrFilter {
    expected: Expected,
    /// An empty line, which may open a panic.
    blank: Option<String>,
    /// A panic's opening lines, waiting for the message that decides it.
    header: Option<String>,
    /// Whether the lines of the current panic (message, backtrace, notes) are dropped.
    dropping: bool,
}

impl StderrFilter {
    fn line(&mut self, line: &str, out: &mut impl Write) {
        if let Some(header) = self.header.take() {
            let name = header.trim_start().strip_prefix("thread '").unwrap_or("");
            let thread = name.split('\'').next().unwrap_or("");
            self.dropping = self.expected.panic(thread, line.trim_end());
            if !self.dropping {
                let _ = out.write_all(header.as_bytes());
                let _ = out.write_all(line.as_bytes());
            }
            return;
        }
        let opens_panic = line.starts_with("thread '") && line.contains(" panicked at ");
        if let Some(blank) = self.blank.take() {
            if opens_panic {
                self.header = Some(blank + line);
                return;
            }
            if !self.dropping {
                let _ = out.write_all(blank.as_bytes());
            }
        }
        if opens_panic {
            self.header = Some(line.to_string());
        } else if line.trim().is_empty() {
            self.blank = Some(line.to_string());
        } else if line.starts_with('[') {
            // A log line (env_logger's `[time LEVEL target] message`) ends the panic before it.
            self.dropping = false;
            if !self.expected.log(line) {
                let _ = out.write_all(line.as_bytes());
            }
        } else if !self.dropping {
            let _ = out.write_all(line.as_bytes());
        }
    }

    /// The end of the stream: a panic's opening lines still held are passed on.
    fn end(&mut self, out: &mut impl Write) {
        let blank = self.blank.take().filter(|_| !self.dropping);
        for held in [blank, self.header.take()].into_iter().flatten() {
            let _ = out.write_all(held.as_bytes());
        }
    }

    /// Filters all of `stderr` into the test's stderr (not captured by the test harness,
    /// as a child's inherited stderr would not be).
    fn run(stderr: impl Read) {
        let mut filter = StderrFilter::default();
        let mut reader = BufReader::new(stderr);
        let mut line = Vec::new();
        loop {
            line.clear();
            match reader.read_until(b'\n', &mut line) {
                Ok(0) | Err(_) => break,
                Ok(_) => filter.line(&String::from_utf8_lossy(&line), &mut std::io::stderr()),
            }
        }
        filter.end(&mut std::io::stderr());
    }
}

/// Reads a tengen child's `stderr` on a thread of its own and passes on all but the injected
/// panics and what they log (`StderrFilter`).
pub(crate) fn forward_unexpected(stderr: impl Read + Send + 'static) {
    thread::spawn(move || StderrFilter::run(stderr));
}

fn is_internal_error(reply: &str) -> bool {
    reply.starts_with("? internal error")
}

/// The hidden command does not exist without the variable, is never listed, and with it
/// `tengen-fault command` (which changes size, stones and komi, then panics) answers an error
/// and leaves the game as it was.
#[test]
fn a_panicking_command_answers_an_error_and_changes_nothing() {
    let mut plain = Engine::start(&["--playouts", "50"]);
    assert_eq!(plain.ask("tengen-fault command"), "? unknown command");
    assert_eq!(plain.ask("known_command tengen-fault"), "= false");
    plain.quit_within(Duration::from_secs(5));

    let mut engine = Engine::start_with_faults(&["--playouts", "50", "--seed", "3"]);
    assert!(!engine.ok("list_commands").contains("tengen-fault"));
    assert_eq!(engine.ask("known_command tengen-fault"), "= false");
    engine.ok("boardsize 9");
    engine.ok("komi 6.5");
    engine.ok("play b c3");
    engine.ok("play w e5");
    let board = engine.ok("showboard");
    let record = engine.ok("printsgf");
    for id in 1..=3 {
        let reply = engine.ask(&format!("{id} tengen-fault command"));
        assert!(
            reply.starts_with(&format!("?{id} internal error")),
            "{reply}"
        );
        assert_eq!(engine.ok("showboard"), board);
        assert_eq!(engine.ok("printsgf"), record);
    }
    assert_eq!(engine.ask("tengen-fault"), "? syntax error");
    assert_eq!(
        engine.ask("tengen-fault worker 7"),
        "? syntax error",
        "one thread only"
    );
    let mv = engine.ok("genmove b");
    assert_ne!(mv, "resign");
    engine.ok(&format!("play w {}", if mv == "D4" { "F6" } else { "D4" }));
    engine.quit_within(Duration::from_secs(5));
}

/// The moves of a showboard's game-state line, e.g. `move 2`.
fn move_count(board: &str) -> usize {
    let tail = board.rsplit("move ").next().unwrap();
    tail.trim().parse().unwrap()
}

/// Two threads, 60 s a move: a worker (either) that panics ends the whole search at once; the
/// `genmove` answers `? internal error`, plays nothing, and the next search works.
#[test]
fn a_panicking_search_worker_stops_the_search_and_the_engine_goes_on() {
    // No book: its reply to E5 would answer without a search to fault.
    let mut engine = Engine::start_with_faults(&[
        "--threads",
        "2",
        "--time-per-move",
        "60",
        "--seed",
        "5",
        "--no-book",
    ]);
    engine.ok("boardsize 9");
    engine.ok("play b e5");
    let board = engine.ok("showboard");
    for worker in [1, 0, 1] {
        engine.ok(&format!("tengen-fault worker {worker} 64"));
        let start = Instant::now();
        let reply = engine.ask("genmove w");
        assert!(is_internal_error(&reply), "worker {worker}: {reply}");
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "worker {worker}: the search ran on for {:?} after the panic",
            start.elapsed()
        );
        assert_eq!(engine.ok("showboard"), board, "no move was played");
    }
    // An analysis ends by itself when a worker dies (no input sent), and the next command
    // is answered in order.
    engine.ok("tengen-fault worker 1 64");
    engine.send("11 lz-analyze w 10");
    let analysis = engine.reply_within(Duration::from_secs(20));
    assert!(analysis.starts_with("=11 "), "{analysis}");
    assert!(
        analysis.lines().skip(1).all(|l| l.starts_with("info ")),
        "{analysis}"
    );
    assert_eq!(engine.ask("12 name"), "=12 tengen");
    // A genmove_analyze whose worker dies ends its reply without a move, and plays none.
    engine.ok("tengen-fault worker 0 64");
    engine.send("13 kata-genmove_analyze w 10");
    let reply = engine.reply_within(Duration::from_secs(20));
    assert!(reply.starts_with("=13 "), "{reply}");
    assert!(!reply.contains("play "), "{reply}");
    assert_eq!(engine.ok("showboard"), board);
    // Then a search without a fault: a legal move, played (a short clock, not 60 s).
    engine.ok("time_settings 4 0 0");
    let mv = engine.ok("genmove w");
    assert_ne!(mv, "resign");
    assert_eq!(move_count(&engine.ok("showboard")), 2);
    engine.ok("undo");
    assert_eq!(engine.ok("showboard"), board);
    engine.quit_within(Duration::from_secs(5));
}

/// The library: an analysis (no playout cap, no deadline, a stop flag nobody raises) whose
/// worker panics unwinds out of the search promptly with the panic, whichever worker it is.
/// Without the halt on panic the surviving worker would search until the flag is raised.
#[test]
fn a_worker_panic_halts_a_search_that_has_no_limit() {
    quiet_injected_panics();
    for worker in [0, 1, 2] {
        let stop = Arc::new(AtomicBool::new(false));
        let (tx, rx) = mpsc::channel();
        let flag = stop.clone();
        let handle = thread::spawn(move || {
            let mut search = Search::new(search::Config {
                threads: 3,
                max_nodes: 200_000,
                ..search::Config::default()
            });
            assert!(search.inject_worker_panic(WorkerFault { worker, after: 32 }));
            assert!(!search.inject_worker_panic(WorkerFault {
                worker: 3,
                after: 32
            }));
            let game = Game::new(9, Rules::default());
            // No playout cap, no deadline, stopped at once by a flag nobody raises.
            let limits = Limits {
                playouts: Some(u64::MAX),
                stop: Some(flag),
                stop_at_once: true,
                ..Limits::default()
            };
            let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                search.analyze(&game, Color::Black, &limits, None, &Restriction::default());
            }));
            tx.send(result.is_err()).unwrap();
        });
        let panicked = rx.recv_timeout(Duration::from_secs(30));
        // Whatever happened, let the search end so that the test thread can be joined.
        stop.store(true, Ordering::SeqCst);
        handle.join().unwrap();
        assert_eq!(
            panicked,
            Ok(true),
            "worker {worker}: the search did not end with the panic"
        );
    }
}

/// `--ponder`: a search thread that panics while pondering is logged, the tree is dropped, and
/// the engine answers the next commands as if nothing happened (no reply is an error).
#[test]
fn a_worker_panic_while_pondering_is_logged_and_the_engine_goes_on() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_tengen"))
        .args([
            "--ponder",
            "--threads",
            "2",
            "--playouts",
            "200",
            "--seed",
            "1",
        ])
        .env("TENGEN_FAULT_INJECTION", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starting tengen");
    let mut stdin = child.stdin.take().unwrap();
    // After `genmove`, the engine ponders; the fault arms the next ponder search, which
    // starts as soon as the loop is idle again.
    stdin
        .write_all(b"1 boardsize 9\n2 genmove b\n3 tengen-fault worker 1 32\n")
        .unwrap();
    stdin.flush().unwrap();
    thread::sleep(Duration::from_millis(1500));
    stdin
        .write_all(b"4 play w pass\n5 genmove b\n6 list_stones black\n7 quit\n")
        .unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    StderrFilter::run(&out.stderr[..]);
    let replies: Vec<&str> = stdout.split_terminator("\n\n").collect();
    assert_eq!(replies.len(), 7, "{stdout}");
    for (i, reply) in replies.iter().enumerate() {
        assert!(reply.starts_with(&format!("={} ", i + 1)), "{stdout}");
    }
    assert!(
        replies[5].split_whitespace().count() >= 2,
        "the first black stone is there: {stdout}"
    );
    assert!(
        stderr.contains("pondering panicked"),
        "the ponder search did not panic: {stderr}"
    );
}

/// The filter of a child's stderr drops an injected panic in a search thread, its echo and
/// their log lines, and passes on a real panic, its backtrace and its log line, and any other
/// line (a stderr as tengen writes it with `RUST_BACKTRACE=1`).
#[test]
fn only_the_injected_panics_of_a_child_are_dropped() {
    let stderr = "\
[2026-01-01T00:00:00Z WARN  tengen::gtp::commands] TENGEN_FAULT_INJECTION=1: the hidden command tengen-fault is enabled

thread 'search-1' (7) panicked at src/search/mod.rs:1197:21:
deliberate panic in a search worker after 64 iterations (fault injection)
stack backtrace:
   0: __rustc::rust_begin_unwind
note: Some details are omitted, run with `RUST_BACKTRACE=full` for a verbose backtrace.

thread 'main' (6) panicked at src/search/mod.rs:886:21:
a scoped thread panicked
stack backtrace:
   0: __rustc::rust_begin_unwind
note: Some details are omitted, run with `RUST_BACKTRACE=full` for a verbose backtrace.
[2026-01-01T00:00:01Z ERROR tengen::gtp::commands] internal error in `genmove w`: a scoped thread panicked
[2026-01-01T00:00:02Z WARN  tengen::search] something else

thread 'main' (6) panicked at src/board/mod.rs:10:5:
index out of bounds
stack backtrace:
   0: __rustc::rust_begin_unwind
note: Some details are omitted, run with `RUST_BACKTRACE=full` for a verbose backtrace.
[2026-01-01T00:00:03Z ERROR tengen::gtp::commands] internal error in `genmove w`: index out of bounds
";
    let mut filter = StderrFilter::default();
    let mut out = Vec::new();
    for line in stderr.split_inclusive('\n') {
        filter.line(line, &mut out);
    }
    filter.end(&mut out);
    assert_eq!(
        String::from_utf8(out).unwrap(),
        "\
[2026-01-01T00:00:02Z WARN  tengen::search] something else

thread 'main' (6) panicked at src/board/mod.rs:10:5:
index out of bounds
stack backtrace:
   0: __rustc::rust_begin_unwind
note: Some details are omitted, run with `RUST_BACKTRACE=full` for a verbose backtrace.
[2026-01-01T00:00:03Z ERROR tengen::gtp::commands] internal error in `genmove w`: index out of bounds
"
    );
}
