//! The reader thread alone: the flags it raises, what it queues, and back-pressure (a full
//! queue stops the reading, and the line that finds it full has already raised its flags).

use super::*;
use std::io::{self, Cursor};
use std::sync::mpsc::{sync_channel, Receiver};
use std::time::{Duration, Instant};

/// The line a queued input holds, as text (`None` for a too-long line).
fn text(input: Input) -> Option<String> {
    match input {
        Input::Line(bytes) => Some(String::from_utf8(bytes.into_vec()).unwrap()),
        Input::TooLong(_) => None,
    }
}

/// Waits up to a second for `flag`; returns true if and only if it was raised.
fn raised_soon(flag: &AtomicBool) -> bool {
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(1) {
        if flag.load(Ordering::SeqCst) {
            return true;
        }
        thread::sleep(Duration::from_millis(1));
    }
    false
}

/// A `BufRead` over bytes that counts the bytes the reader has consumed.
struct Counted {
    inner: Cursor<Vec<u8>>,
    consumed: Arc<AtomicUsize>,
}

impl io::Read for Counted {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.consumed.fetch_add(n, Ordering::SeqCst);
        Ok(n)
    }
}

impl BufRead for Counted {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.inner.fill_buf()
    }

    fn consume(&mut self, amt: usize) {
        self.consumed.fetch_add(amt, Ordering::SeqCst);
        self.inner.consume(amt);
    }
}

/// The reader over `input` with a queue of `capacity` lines that nobody takes from yet.
fn blocked_reader(
    input: &[u8],
    capacity: usize,
) -> (
    Signals,
    Receiver<Input>,
    Arc<AtomicUsize>,
    thread::JoinHandle<()>,
) {
    let signals = Signals::default();
    let consumed = Arc::new(AtomicUsize::new(0));
    let (tx, rx) = sync_channel(capacity);
    let counted = Counted {
        inner: Cursor::new(input.to_vec()),
        consumed: consumed.clone(),
    };
    let reader = spawn_reader(counted, signals.clone(), tx);
    (signals, rx, consumed, reader)
}

#[test]
fn end_of_input_lets_the_sent_commands_finish() {
    let signals = Signals::default();
    let (tx, rx) = sync_channel(4);
    spawn_reader(Cursor::new(b"name".to_vec()), signals.clone(), tx)
        .join()
        .unwrap();
    assert!(!signals.stop.load(Ordering::SeqCst));
    assert!(!signals.quitting.load(Ordering::SeqCst));
    // The last line had no line feed and is still a line.
    assert_eq!(text(rx.recv().unwrap()).as_deref(), Some("name"));
}

#[test]
fn interrupt_comment_raises_only_the_stop_flag() {
    let signals = Signals::default();
    let (tx, rx) = sync_channel(4);
    let reader = spawn_reader(
        Cursor::new(b"# interrupt\nname\n".to_vec()),
        signals.clone(),
        tx,
    );
    // The interrupt itself is not queued.
    assert_eq!(text(rx.recv().unwrap()).as_deref(), Some("name"));
    assert!(signals.stop.load(Ordering::SeqCst));
    assert!(!signals.quitting.load(Ordering::SeqCst));
    reader.join().unwrap();
}

#[test]
fn quit_raises_the_flags_before_the_engine_sees_it() {
    let signals = Signals::default();
    let (tx, rx) = sync_channel(4);
    spawn_reader(
        Cursor::new(b"12 quit\nname\n".to_vec()),
        signals.clone(),
        tx,
    )
    .join()
    .unwrap();
    assert!(signals.quitting.load(Ordering::SeqCst));
    assert!(signals.stop.load(Ordering::SeqCst));
    assert_eq!(text(rx.recv().unwrap()).as_deref(), Some("12 quit"));
    // Nothing after `quit` is read.
    assert!(rx.recv().is_err());
}

/// Any line while an analysis runs raises the stop flag, a blank one and the end of input too;
/// a line read before the analysis began is counted as pending.
#[test]
fn input_during_analysis_raises_the_stop_flag() {
    for input in [&b"name\n"[..], b"\n", b"# interrupt\n", b""] {
        let signals = Signals::default();
        signals.analyzing.store(true, Ordering::SeqCst);
        let (tx, _rx) = sync_channel(4);
        spawn_reader(Cursor::new(input.to_vec()), signals.clone(), tx)
            .join()
            .unwrap();
        assert!(signals.stop.load(Ordering::SeqCst), "{input:?}");
        assert!(!signals.quitting.load(Ordering::SeqCst));
    }
    // Not analysing: a command only counts as pending, and stops nothing.
    let signals = Signals::default();
    let (tx, rx) = sync_channel(4);
    let reader = spawn_reader(Cursor::new(b"name\n".to_vec()), signals.clone(), tx);
    assert_eq!(text(rx.recv().unwrap()).as_deref(), Some("name"));
    reader.join().unwrap();
    assert!(!signals.stop.load(Ordering::SeqCst));
    // The line, and the end of input.
    assert_eq!(signals.pending.load(Ordering::SeqCst), 2);
}

/// A line is queued as its bytes, exactly its length: a line of 30,000 one-letter words costs
/// 60 kB in the queue, not the megabytes of 30,000 parsed `String`s.
#[test]
fn lines_are_queued_as_their_bytes() {
    let mut line = b"7 play".to_vec();
    for _ in 0..30_000 {
        line.extend_from_slice(b" a");
    }
    let mut input = line.clone();
    input.extend_from_slice(b"\n\n");
    let signals = Signals::default();
    let (tx, rx) = sync_channel(4);
    spawn_reader(Cursor::new(input), signals, tx)
        .join()
        .unwrap();
    match rx.recv().unwrap() {
        Input::Line(bytes) => assert_eq!(&bytes[..], &line[..]),
        other => panic!("{other:?}"),
    }
    // A blank line is forwarded too (to be counted), as an empty line.
    assert_eq!(text(rx.recv().unwrap()).as_deref(), Some(""));
}

/// Back-pressure: with the queue full the reader stops reading (the rest stays in the pipe),
/// and goes on, in order and losing nothing, as the engine takes lines.
#[test]
fn a_full_queue_stops_the_reading() {
    let lines: Vec<String> = (0..1000).map(|i| format!("{i} name\n")).collect();
    let input = lines.concat();
    let (_signals, rx, consumed, reader) = blocked_reader(input.as_bytes(), 4);
    thread::sleep(Duration::from_millis(100));
    // Four lines queued and a fifth in hand.
    let read: usize = lines[..5].iter().map(String::len).sum();
    assert_eq!(consumed.load(Ordering::SeqCst), read);
    for (i, line) in lines.iter().enumerate() {
        assert_eq!(
            text(rx.recv().unwrap()).unwrap(),
            line.trim_end(),
            "line {i}"
        );
        // The reader is never more than the queue and the line in hand ahead.
        let ahead: usize = lines[..(i + 6).min(lines.len())]
            .iter()
            .map(String::len)
            .sum();
        assert!(consumed.load(Ordering::SeqCst) <= ahead, "line {i}");
    }
    reader.join().unwrap();
    assert!(rx.recv().is_err());
}

/// The line that finds the queue full has raised its flags before it waits: `quit` stops the
/// search while the engine still has a full queue in front of it.
#[test]
fn quit_acts_while_the_queue_is_full() {
    let (signals, rx, _, reader) = blocked_reader(b"1 name\n2 name\n3 quit\n4 name\n", 2);
    assert!(raised_soon(&signals.quitting));
    assert!(signals.stop.load(Ordering::SeqCst));
    assert_eq!(signals.pending.load(Ordering::SeqCst), 3);
    let texts: Vec<_> = rx.iter().map(text).collect();
    reader.join().unwrap();
    assert_eq!(
        texts,
        [Some("1 name"), Some("2 name"), Some("3 quit")].map(|t| t.map(str::to_string))
    );
}

/// `# interrupt` is never queued, so it is read and acts however full the queue is, as long as
/// the reader gets to it: here it comes right after the lines that fill the queue.
#[test]
fn interrupt_acts_while_the_queue_is_full() {
    let (signals, rx, _, reader) =
        blocked_reader(b"1 name\n2 name\n# interrupt\n3 name\n4 name\n", 2);
    assert!(raised_soon(&signals.stop));
    assert!(!signals.quitting.load(Ordering::SeqCst));
    let count = rx.iter().count();
    reader.join().unwrap();
    assert_eq!(count, 4);
}

/// During an analysis the line that finds the queue full stops it.
#[test]
fn any_line_stops_an_analysis_while_the_queue_is_full() {
    let signals = Signals::default();
    let (tx, rx) = sync_channel(1);
    tx.send(Input::Line(Box::from(&b"queued"[..]))).unwrap();
    signals.analyzing.store(true, Ordering::SeqCst);
    let reader = spawn_reader(Cursor::new(b"name\n".to_vec()), signals.clone(), tx);
    assert!(raised_soon(&signals.stop));
    assert_eq!(rx.iter().count(), 2);
    reader.join().unwrap();
}
