//! The reader thread: stdin → a bounded queue of lines for the engine thread, and the flags
//! that act at once (`Signals`).
//!
//! **Back-pressure.** The queue (`spawn_reader`'s `SyncSender`, `QUEUE_LINES` in `serve`) holds
//! lines as bytes, each at most `wire::MAX_LINE_BYTES` (`LineReader` reads and throws away the
//! rest of a longer line). So the input waiting for the engine never takes more than
//! `QUEUE_LINES × MAX_LINE_BYTES` (1 MiB) whatever the client sends: a line is parsed into a
//! `Command` only by the engine thread, when its turn comes (a parsed line of one-letter words
//! takes some 28 times its length, which made a queue of parsed lines grow by hundreds of MB).
//! When the queue is full the reader blocks in `send`, reads nothing more, the pipe fills and
//! the client's writes wait.
//!
//! **Control lines still act at once.** The reader looks at each line as soon as it has read
//! it, before it queues it: `quit` raises `quitting` and `stop`, `# interrupt` raises `stop` (and
//! is not queued), and any line during an analysis raises `stop`. A full queue only delays the
//! reading of lines further on, never the flags of a line already read; and the line that
//! finds the queue full is one the reader has read, so `quit` or `# interrupt` stops a search at
//! once even then. What the bound costs: a control line written behind more than `QUEUE_LINES`
//! other lines (and what the pipe holds) is not read until the engine takes lines again, so
//! during a search it waits for the search's own end (its time budget) rather than stopping
//! it; every line before it must be answered first in any case. No controller we know of
//! writes so far ahead during a search (GoGui and Sabaki send `# interrupt` or the analysis's
//! stop with nothing queued); reading further to find it would mean keeping what is read.

use super::wire::{self, Command, LineReader};
use std::io::BufRead;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::SyncSender;
use std::sync::Arc;
use std::thread;

/// Lines the reader may run ahead of the engine. It bounds the memory a flooding client can
/// take to `QUEUE_LINES × wire::MAX_LINE_BYTES` (1 MiB), and the time a `quit` read behind a
/// full queue waits for the lines before it to be answered (a few milliseconds each, at worst
/// for lines of 32,000 words). Pipelining clients (Sabaki's replays) hardly wait for it, as
/// the pipe holds thousands of short lines more.
pub const QUEUE_LINES: usize = 16;

/// What the reader thread hands to the engine thread.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// A line as read, without its line feed: at most `wire::MAX_LINE_BYTES`, exactly its
    /// length on the heap. The engine thread parses it (`Command::parse`); a blank or
    /// comment-only line gets no reply: it only stops an analysis.
    Line(Box<[u8]>),
    /// A line longer than `wire::MAX_LINE_BYTES`; the id, if its kept prefix had one.
    TooLong(Option<String>),
}

/// The flags the reader thread raises for the engine thread.
///
/// Protocol: the reader sets `quitting` first and `stop` second; it never clears either. The
/// engine clears `stop` before each search and then sets it again if `quitting` is set, so a
/// `quit` that arrives just as a search starts is never lost (see `Engine::arm_stop`).
///
/// Analysis: the reader adds one to `pending` before it forwards a line (and once more at the
/// end of input), then raises `stop` if `analyzing` is set; `run_loop` takes one off for each
/// line it receives. The engine sets `analyzing`, arms the stop flag, then raises it itself if
/// `pending` is not zero. With sequentially consistent operations on both sides, either the
/// reader sees `analyzing` or the engine sees the line pending, so a line that arrives just as
/// an analysis starts still stops it (Sabaki pipelines `protocol_version` right behind it).
///
/// All of it is raised before the line is queued, so a full queue delays none of it.
#[derive(Debug, Clone, Default)]
pub struct Signals {
    /// Stop the current search now: `quit` or `# interrupt` was read, or any line during an
    /// analysis.
    pub stop: Arc<AtomicBool>,
    /// `quit` was read: every later search is stopped too.
    pub quitting: Arc<AtomicBool>,
    /// An analysis runs: any input stops it. Written by the engine thread only.
    pub analyzing: Arc<AtomicBool>,
    /// Lines forwarded by the reader and not yet received by the engine thread, plus one after
    /// the end of input.
    pub pending: Arc<AtomicUsize>,
    /// A line was read (or input ended): stops pondering. Raised after the line is on the
    /// channel; cleared by the engine thread before it checks the channel.
    pub input: Arc<AtomicBool>,
}

impl Signals {
    fn quit(&self) {
        self.quitting.store(true, Ordering::SeqCst);
        self.stop.store(true, Ordering::SeqCst);
    }

    /// The reader saw input (a line about to be forwarded, a blank line, or the end of input):
    /// a running analysis stops.
    fn input_seen(&self) {
        if self.analyzing.load(Ordering::SeqCst) {
            log::info!("input during analysis: stopping it");
            self.stop.store(true, Ordering::SeqCst);
        }
    }
}

/// Starts the reader thread over `input`, queueing lines on `tx` (whose bound is the
/// back-pressure: see the module doc). It ends after forwarding `quit`, at end of input, on a
/// read error, or when the engine thread has gone.
pub fn spawn_reader<R: BufRead + Send + 'static>(
    input: R,
    signals: Signals,
    tx: SyncSender<Input>,
) -> thread::JoinHandle<()> {
    thread::Builder::new()
        .name("gtp-reader".into())
        .spawn(move || read_lines(input, &signals, tx))
        .expect("spawning the GTP reader thread")
}

fn read_lines<R: BufRead>(input: R, signals: &Signals, tx: SyncSender<Input>) {
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
        // Every flag is raised here, before `send`, which blocks while the queue is full.
        let is_quit = !line.truncated && wire::is_quit(&line.bytes);
        let input = if line.truncated {
            Input::TooLong(Command::parse_id_only(&line.bytes).flatten())
        } else if wire::is_interrupt(&line.bytes) {
            log::info!("interrupt requested");
            signals.stop.store(true, Ordering::SeqCst);
            signals.input.store(true, Ordering::SeqCst);
            continue;
        } else {
            // KataGo's contract, which Sabaki relies on: any line, even a blank one, ends an
            // analysis. A blank line is forwarded to be counted, never answered.
            Input::Line(line.bytes.into_boxed_slice())
        };
        if is_quit {
            signals.quit();
        }
        signals.pending.fetch_add(1, Ordering::SeqCst);
        signals.input_seen();
        let sent = tx.send(input).is_ok();
        signals.input.store(true, Ordering::SeqCst);
        if !sent || is_quit {
            return;
        }
    }
    // End of input: a script piped into the engine (`tengen < game.gtp`) ends this way and
    // still wants real moves, so the commands already sent are finished at full strength. Only
    // `quit` and `# interrupt` cut a search short; an analysis, which would never end, stops
    // (now, or at once when it starts).
    signals.pending.fetch_add(1, Ordering::SeqCst);
    signals.input_seen();
    // Close the channel before raising `input`: the loop may clear `input` at any moment, and
    // if it does after this store it must find the channel disconnected, not empty (it would
    // ponder with nothing left to raise the flag).
    drop(tx);
    signals.input.store(true, Ordering::SeqCst);
}

#[cfg(test)]
mod tests;
