//! `tengen analysis`: KataGo's JSON analysis-engine protocol on stdin/stdout, so that the
//! review tools written for KataGo's analysis engine (KaTrain first) can use tengen.
//!
//! One JSON object a line in, one a line out (docs/analysis-clients.md says what each field
//! means here). A reader thread reads the lines (at most `MAX_LINE_BYTES` each), checks each
//! query whole (`query::parse`: the positions are built and their moves replayed there),
//! writes its warnings and errors at once, answers the actions (`terminate`,
//! `terminate_all`, `query_version`, `query_models`, `clear_cache`) and queues the turns to
//! analyse (`queue::Queue`). The caller's thread takes the turns one at a time and searches
//! each with `Search::analyze` (the GTP analysis's entry point: same tree, same reports, tree
//! kept from one turn to the next), writing a report every `reportDuringSearchEvery` and one
//! final answer per turn (`answer.rs`).
//!
//! At the end of input the waiting turns are still answered, as KataGo does, unless
//! `-quit-without-waiting` was given. A query that panics the search gets an `error` line and
//! a fresh search; nothing a client sends stops the engine.
//!
//! Every byte of stdout goes through `Output`: whole lines under one lock, flushed at once.
//!
//! Depends on: search, game, board, geom.

pub mod answer;
pub mod query;
pub mod queue;

use crate::search::{self, Limits, Report, Reporter, Search};
use answer::Turn;
use query::{Action, Request};
use queue::{Job, Queue};
use serde_json::{json, Value};
use std::io::{self, BufRead, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;

/// Longest line read (1 MiB: a query of a few thousand moves and ownership options takes a
/// few tens of kB); a longer one is skipped with an error.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// What the command line decides for `tengen analysis`.
#[derive(Debug, Clone)]
pub struct Config {
    /// Search settings (threads, memory, seed, parameters).
    pub search: search::Config,
    /// Playouts of a turn whose query gives no `maxVisits`. Default 10,000 (the GTP
    /// engine's default effort per move).
    pub max_visits: u64,
    /// The longest search of one turn, whatever the query says (`maxTime` may shorten it).
    /// Default 600 s.
    pub max_time: Duration,
    /// `-quit-without-waiting`: at the end of input, drop the waiting turns and stop the
    /// running one.
    pub quit_without_waiting: bool,
    /// KataGo's arguments that tengen ignores (`-model X`, `-config Y`, …), said once on
    /// stderr at start-up.
    pub ignored_args: Vec<String>,
    /// The most playouts of one turn, whatever the query asks (`None`: as asked). The fuzz
    /// target's searches are tiny by it.
    pub visits_limit: Option<u64>,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            search: search::Config::default(),
            max_visits: search::DEFAULT_PLAYOUTS,
            max_time: Duration::from_secs(600),
            quit_without_waiting: false,
            ignored_args: Vec::new(),
            visits_limit: None,
        }
    }
}

/// The one writer of stdout: whole lines, flushed. After a write fails (the client has gone)
/// it writes nothing more and says so through `gone`.
pub struct Output {
    out: Mutex<Box<dyn Write + Send>>,
    gone: AtomicBool,
}

impl Output {
    pub fn new(out: Box<dyn Write + Send>) -> Output {
        Output {
            out: Mutex::new(out),
            gone: AtomicBool::new(false),
        }
    }

    /// Writes `value` as one line.
    pub fn line(&self, value: &Value) {
        if self.gone.load(Ordering::SeqCst) {
            return;
        }
        let mut text = value.to_string();
        text.push('\n');
        let mut out = self.out.lock().unwrap_or_else(|e| e.into_inner());
        if out
            .write_all(text.as_bytes())
            .and_then(|()| out.flush())
            .is_err()
        {
            self.gone.store(true, Ordering::SeqCst);
        }
    }

    /// Returns true if and only if a write has failed.
    pub fn is_gone(&self) -> bool {
        self.gone.load(Ordering::SeqCst)
    }
}

/// Serves the protocol on stdin/stdout until the end of input and the last answer.
pub fn run(config: Config) -> Result<(), String> {
    if !config.ignored_args.is_empty() {
        eprintln!(
            "tengen analysis: ignoring KataGo's {} (tengen needs no model or config file)",
            config.ignored_args.join(" ")
        );
    }
    let output = Arc::new(Output::new(Box::new(io::stdout())));
    serve(io::BufReader::new(io::stdin()), output, &config);
    Ok(())
}

/// Serves the protocol on `input`, writing to `output`, until the end of input and the last
/// answer (or until `output` fails).
pub fn serve<R: BufRead + Send + 'static>(input: R, output: Arc<Output>, config: &Config) {
    let queue = Arc::new(Queue::default());
    let reader = {
        let (queue, output) = (queue.clone(), output.clone());
        let abandon = config.quit_without_waiting;
        thread::Builder::new()
            .name("analysis-reader".into())
            .spawn(move || read(input, &queue, &output, abandon))
            .expect("spawning the analysis reader thread")
    };
    let mut analyst = Analyst::new(config.clone());
    while let Some((job, stop)) = queue.pop() {
        if output.is_gone() {
            queue.close(true);
        } else {
            analyst.answer(&job, stop, &output);
        }
        queue.done();
    }
    // The reader has closed the queue: it has seen the end of input (or the output failed
    // and nothing more will be read from a client that has gone).
    let _ = reader.join();
}

/// The reader thread: every line in, until the end of input or a read error.
fn read<R: BufRead>(mut input: R, queue: &Queue, output: &Output, abandon: bool) {
    let mut line = Vec::new();
    loop {
        line.clear();
        match read_line(&mut input, &mut line) {
            Ok(Line::End) => break,
            Ok(Line::TooLong) => output.line(&json!({
                "error": format!("line longer than {MAX_LINE_BYTES} bytes ignored"),
            })),
            Ok(Line::Text) => handle(&line, queue, output),
            Err(e) => {
                log::warn!("reading stdin: {e}");
                break;
            }
        }
        if output.is_gone() {
            break;
        }
    }
    queue.close(abandon || output.is_gone());
}

enum Line {
    Text,
    TooLong,
    End,
}

/// Reads one line into `buf` (without its end), at most `MAX_LINE_BYTES`; a longer one is
/// read to its end and dropped.
fn read_line<R: BufRead>(input: &mut R, buf: &mut Vec<u8>) -> io::Result<Line> {
    let n = <&mut R as io::Read>::take(&mut *input, MAX_LINE_BYTES as u64 + 1)
        .read_until(b'\n', buf)?;
    if n == 0 {
        return Ok(Line::End);
    }
    if buf.last() == Some(&b'\n') {
        buf.pop();
        return Ok(Line::Text);
    }
    if buf.len() <= MAX_LINE_BYTES {
        // The last line, without its end.
        return Ok(Line::Text);
    }
    // Skip the rest of the long line, a piece at a time.
    loop {
        let (done, used) = {
            let rest = input.fill_buf()?;
            match rest.iter().position(|&b| b == b'\n') {
                Some(i) => (true, i + 1),
                None => (rest.is_empty(), rest.len()),
            }
        };
        input.consume(used);
        if done {
            return Ok(Line::TooLong);
        }
    }
}

/// One line read (without its end): nothing if blank, else its warnings, then its error, or
/// its query queued, or its action answered. The reader thread's step, public for the fuzz
/// target, which drives it and `Analyst::answer` in turn on one thread.
pub fn handle(line: &[u8], queue: &Queue, output: &Output) {
    let text = String::from_utf8_lossy(line);
    let text = text.trim();
    if text.is_empty() {
        return;
    }
    let parsed = query::parse(text);
    let id = parsed.id.as_deref();
    for w in &parsed.warnings {
        output.line(&answer::problem(id, w, "warning"));
    }
    match parsed.request {
        Err(p) => output.line(&answer::problem(id, &p, "error")),
        Ok(Request::Analyze(query)) => {
            let id = query.id.clone();
            if let Err(e) = queue.push(*query) {
                output.line(&json!({"id": id, "error": e}));
            }
        }
        Ok(Request::Action(action, mut echo)) => {
            match action {
                Action::Terminate { id, turns } => {
                    for (id, turn) in queue.terminate(id.as_deref(), turns.as_deref()) {
                        output.line(&answer::no_results(&id, turn));
                    }
                }
                Action::QueryVersion => {
                    echo.insert("version".into(), json!(env!("CARGO_PKG_VERSION")));
                    echo.insert("git_hash".into(), json!("<omitted>"));
                    echo.insert("name".into(), json!("tengen"));
                }
                Action::QueryModels => {
                    echo.insert("models".into(), json!([]));
                }
                Action::ClearCache => {}
            }
            output.line(&Value::Object(echo));
        }
    }
}

/// The search side: the turns, one at a time, on one `Search` kept from turn to turn.
pub struct Analyst {
    search: Search,
    config: Config,
}

impl Analyst {
    pub fn new(config: Config) -> Analyst {
        Analyst {
            search: Search::new(config.search.clone()),
            config,
        }
    }

    /// Searches `job`'s turn until its limits or `stop`, writing its reports and its one
    /// final answer; a search that panics gets an `error` line and a fresh search.
    pub fn answer(&mut self, job: &Job, stop: Arc<AtomicBool>, output: &Output) {
        let analysed = catch_unwind(AssertUnwindSafe(|| {
            analyse(&mut self.search, job, stop, output, &self.config)
        }));
        if analysed.is_err() {
            log::error!("the search of {} turn {} panicked", job.query.id, job.turn);
            output.line(&json!({
                "id": job.query.id,
                "turnNumber": job.turn,
                "error": "internal error: the search failed; the engine goes on with a new one",
            }));
            self.search = Search::new(self.config.search.clone());
        }
    }
}

/// Searches one turn: reports during the search if the query asks, then the final answer.
fn analyse(
    search: &mut Search,
    job: &Job,
    stop: Arc<AtomicBool>,
    output: &Output,
    config: &Config,
) {
    let query = &*job.query;
    let game = query.position(job.turn);
    let color = query.to_move(job.turn);
    let time = query
        .max_time
        .map_or(config.max_time, |t| t.min(config.max_time));
    let limits = Limits {
        playouts: Some(
            query
                .max_visits
                .unwrap_or(config.max_visits)
                .min(config.visits_limit.unwrap_or(u64::MAX)),
        ),
        time: Some(time),
        stop: Some(stop),
        stop_at_once: true,
        stretch: None,
    };
    let turn = |during_search| Turn {
        query,
        turn: job.turn,
        game: &game,
        during_search,
    };
    // Each turn is searched afresh, as KataGo's analysis engine does: every figure of the
    // answer (visits, the spread of scores, each move's ownership) then covers the same
    // playouts, and `maxVisits` is the playouts of this search.
    search.clear();
    search.set_moves_ownership(query.include_moves_ownership);
    let mut sink = |report: &Report| output.line(&answer::analysis(&turn(true), report));
    let mut reporter = query
        .report_every
        .map(|every| Reporter::new(every, &mut sink));
    let report = search.analyze(
        &game,
        color,
        &limits,
        reporter.as_mut(),
        &query.restriction(),
    );
    output.line(&answer::analysis(&turn(false), &report));
}

#[cfg(test)]
mod tests;
