//! Back-pressure through the real binary: a client that floods tengen with input during a long
//! search cannot decide its memory (the reader queues at most `QUEUE_LINES` lines of at most
//! `MAX_LINE_BYTES`, then stops reading and the client's writes wait), every command is still
//! answered, in order, and `quit` still ends a search at once when the queue is full.
//!
//! The flood is the worst case for memory: lines just under `MAX_LINE_BYTES` of one-letter
//! words (once parsed, some 28 times their length), with a short `name` line every fourth.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{channel, Receiver};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};
use tengen::gtp::wire::MAX_LINE_BYTES;
use tengen::gtp::QUEUE_LINES;

/// The bound on tengen's peak resident memory (VmHWM) asserted under the flood, in kB. Without
/// a flood the same search peaks near 27 MB (`--max-memory 16`: the tree is at most 16 MiB); the
/// queue adds at most `QUEUE_LINES × MAX_LINE_BYTES` = 1 MiB and the line being parsed about
/// 2 MB. Before the queue held bytes, this flood took it to about 500 MB (docs/reliability.md).
const PEAK_KB: u64 = 64 * 1024;

/// tengen with piped stdin and stdout and the arguments of a long 19×19 search on one thread.
fn start(seconds_per_move: &str) -> (Child, ChildStdin, Receiver<String>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tengen"))
        .args(["--size", "19", "--threads", "1", "--max-memory", "16"])
        .args(["--time-per-move", seconds_per_move])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("starting tengen");
    let stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    let (tx, replies) = channel();
    thread::spawn(move || {
        let mut reply = String::new();
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if line.is_empty() {
                if tx.send(std::mem::take(&mut reply)).is_err() {
                    return;
                }
            } else {
                reply.push_str(&line);
            }
        }
    });
    (child, stdin, replies)
}

/// The flood's line number `id` (ids start at 2; 1 is the genmove).
fn flood_line(id: usize) -> Vec<u8> {
    let mut line = format!("{id} name").into_bytes();
    if !id.is_multiple_of(4) {
        while line.len() + 2 < MAX_LINE_BYTES {
            line.extend_from_slice(b" a");
        }
    }
    line.push(b'\n');
    line
}

/// The child's peak resident memory so far, in kB.
fn peak_kb(child: &Child) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{}/status", child.id())).unwrap();
    let line = status.lines().find(|l| l.starts_with("VmHWM:")).unwrap();
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

/// Waits up to `limit` for the child to exit; returns how long it took.
fn exit_within(child: &mut Child, limit: Duration) -> Duration {
    let start = Instant::now();
    loop {
        if child.try_wait().unwrap().is_some() {
            return start.elapsed();
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            panic!("tengen still running {limit:?} after quit");
        }
        thread::sleep(Duration::from_millis(5));
    }
}

/// Checks the replies: the genmove's (id 1) a move, then `=ID tengen` for ids 2 to `last`, then
/// the quit's, in order.
fn check_replies(replies: &Receiver<String>, last: usize) {
    let genmove = replies.recv_timeout(Duration::from_secs(60)).unwrap();
    assert!(
        genmove.starts_with("=1 ") && genmove.len() > 3,
        "{genmove:?}"
    );
    for id in 2..=last {
        let reply = replies.recv_timeout(Duration::from_secs(10)).unwrap();
        assert_eq!(reply, format!("={id} tengen"));
    }
    let quit = replies.recv_timeout(Duration::from_secs(10)).unwrap();
    assert_eq!(quit, format!("={} ", last + 1));
    assert!(replies.recv_timeout(Duration::from_secs(10)).is_err());
}

/// A writer floods tengen from the start of a 4-second genmove until it is told to stop, then
/// sends `quit`. Within the search the writer must be held back (no line written for a
/// second), and the peak memory stays under `PEAK_KB` throughout; every line is answered in
/// order, and `quit` ends tengen within a second.
#[test]
fn a_flood_during_a_search_is_held_back_and_answered_in_order() {
    let (mut child, mut stdin, replies) = start("4");
    let written = Arc::new(AtomicUsize::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    let writer = {
        let (written, stop) = (written.clone(), stop.clone());
        thread::spawn(move || {
            stdin.write_all(b"1 genmove b\n").unwrap();
            let mut id = 2;
            while !stop.load(Ordering::SeqCst) {
                stdin.write_all(&flood_line(id)).unwrap();
                written.store(id - 1, Ordering::SeqCst);
                id += 1;
            }
            stdin.write_all(format!("{id} quit\n").as_bytes()).unwrap();
            (id - 1, Instant::now())
        })
    };
    let start = Instant::now();
    thread::sleep(Duration::from_millis(1500));
    let before = written.load(Ordering::SeqCst);
    thread::sleep(Duration::from_millis(1000));
    let after = written.load(Ordering::SeqCst);
    let during_search = peak_kb(&child);
    // Only valid while the search runs (it might stop early if one move could no longer be
    // overtaken, which on the empty board does not happen within 4 s).
    let early = replies.try_recv().ok();
    assert_eq!(
        early, None,
        "the genmove was answered before the flood was measured"
    );
    // Held back: the queue, the line in the reader's hand and what the pipe holds, no more.
    assert_eq!(before, after, "the writer went on during the search");
    assert!(
        after <= QUEUE_LINES + 8,
        "{after} lines taken during the search"
    );
    // The search ends after 4 s; the engine then answers the flood as fast as it comes.
    let mut peak = during_search;
    while start.elapsed() < Duration::from_secs(8) {
        peak = peak.max(peak_kb(&child));
        thread::sleep(Duration::from_millis(100));
    }
    peak = peak.max(peak_kb(&child));
    stop.store(true, Ordering::SeqCst);
    let (last, quit_sent) = writer.join().unwrap();
    exit_within(&mut child, Duration::from_secs(5));
    let quit_took = quit_sent.elapsed();
    eprintln!(
        "flood: {after} lines taken during the search, {last} in all; peak {during_search} kB \
         during the search, {peak} kB in all; exit {quit_took:?} after quit"
    );
    assert!(peak <= PEAK_KB, "peak memory {peak} kB");
    assert!(last > after, "the flood was never answered");
    assert!(
        quit_took < Duration::from_secs(1),
        "quit took {quit_took:?}"
    );
    check_replies(&replies, last);
}

/// `quit` sent behind enough long lines to fill the queue during a 60-second genmove: the
/// reader reads it with the queue full, raises the flags, and the search stops at once; the
/// genmove, every line and the quit are answered, in order, and tengen is gone within a
/// second.
#[test]
fn quit_behind_a_full_queue_still_stops_a_search() {
    let (mut child, mut stdin, replies) = start("60");
    let mut input = b"1 genmove b\n".to_vec();
    // Whether or not the engine has taken the genmove off the queue yet, the queue is full
    // when the reader reads the quit.
    let last = QUEUE_LINES;
    for id in 2..=last {
        input.extend(flood_line(id));
    }
    input.extend(format!("{} quit\n", last + 1).into_bytes());
    stdin.write_all(&input).unwrap();
    let sent = Instant::now();
    exit_within(&mut child, Duration::from_secs(10));
    let took = sent.elapsed();
    check_replies(&replies, last);
    assert!(took < Duration::from_secs(1), "quit took {took:?}");
}
