//! The transport loop with a stand-in engine: ordering, ids, long lines, quit and end of input.

use super::*;
use std::io::Cursor;
use std::sync::mpsc::sync_channel;
use std::sync::Arc;

/// A `Write` whose bytes the test reads back.
#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl Shared {
    fn text(&self) -> String {
        String::from_utf8(self.0.lock().unwrap().clone()).unwrap()
    }
}

/// Runs `input` through the reader thread and the loop with `execute`; returns stdout.
fn session_with(
    input: &[u8],
    log: Option<GtpLog>,
    execute: impl FnMut(&Command, &mut Stream) -> Reply,
) -> String {
    let signals = Signals::default();
    let (tx, rx) = sync_channel(4);
    let reader = spawn_reader(Cursor::new(input.to_vec()), signals.clone(), tx);
    let buf = Shared::default();
    let out = Output::new(Box::new(buf.clone()), log);
    run_loop(rx, &out, &signals, execute).unwrap();
    reader.join().unwrap();
    buf.text()
}

/// Runs `input` through the reader thread and the loop, answering each command with its own
/// canonical text; returns stdout.
fn session(input: &[u8]) -> String {
    session_with(input, None, |cmd, _| match cmd.name.as_str() {
        "fail" => Err("syntax error".into()),
        "" => Err("unknown command".into()),
        _ => Ok(cmd.to_string()),
    })
}

#[test]
fn one_reply_per_command_in_order() {
    let mut input = String::new();
    for i in 0..1000 {
        input.push_str(&format!("{i} play b D{}\r\n", i % 19 + 1));
    }
    let out = session(input.as_bytes());
    let replies: Vec<&str> = out.split("\n\n").filter(|r| !r.is_empty()).collect();
    assert_eq!(replies.len(), 1000);
    for (i, reply) in replies.iter().enumerate() {
        assert_eq!(*reply, format!("={i} {i} play b D{}", i % 19 + 1));
    }
}

#[test]
fn blank_lines_and_comments_get_no_reply() {
    let out = session(b"\n\r\n  \t\n# comment\nname\n#x\n\nfail\n7\n");
    assert_eq!(out, "= name\n\n? syntax error\n\n?7 unknown command\n\n");
}

#[test]
fn a_huge_line_gets_one_error_reply_and_the_next_line_is_fine() {
    let mut input = b"5 play b ".to_vec();
    input.extend(std::iter::repeat_n(b'A', 1 << 20));
    input.extend_from_slice(b"\n6 name\n");
    let out = session(&input);
    assert_eq!(out, "?5 line too long\n\n=6 6 name\n\n");
}

#[test]
fn quit_ends_the_session_and_later_lines_are_not_read() {
    let out = session(b"name\nquit\nversion\n");
    assert_eq!(out, "= name\n\n= quit\n\n");
}

#[test]
fn gtp_log_records_commands_and_replies() {
    let path = std::env::temp_dir().join(format!("tengen-gtplog-{}.log", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let log = GtpLog::open(&path).unwrap();
    session_with(
        b"1 name\nfail\n2 stream\n",
        Some(log),
        |cmd, stream| match cmd.name.as_str() {
            "fail" => Err("syntax error".into()),
            "stream" => {
                stream.line("info 1");
                Ok("play D4".into())
            }
            _ => Ok("a\nb".into()),
        },
    );
    let text = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(
        lines,
        [
            "> 1 name",
            "< =1 a",
            "< b",
            "> fail",
            "< ? syntax error",
            "> 2 stream",
            "< =2 ",
            "< info 1",
            "< play D4"
        ]
    );
    std::fs::remove_file(&path).unwrap();
}

/// A streaming command: `=` first, its lines, its tail, one empty line; the next command's
/// reply comes after it; a stream that fails before it begins is an ordinary `?` reply.
#[test]
fn streamed_replies_begin_early_and_end_with_one_empty_line() {
    let out = session_with(
        b"3 analyze\nname\nbad\nsilent\n",
        None,
        |cmd, stream| match cmd.name.as_str() {
            "analyze" => {
                stream.begin();
                stream.line("info move D4 visits 1 pv D4");
                stream.line("");
                stream.line("info move\n\nQ16 pv Q16");
                Ok(String::new())
            }
            "bad" => Err("syntax error".into()),
            "silent" => {
                stream.begin();
                Ok("play pass".into())
            }
            _ => Ok(cmd.to_string()),
        },
    );
    assert_eq!(
        out,
        "=3 \ninfo move D4 visits 1 pv D4\ninfo moveQ16 pv Q16\n\n= name\n\n? syntax error\n\n= \nplay pass\n\n"
    );
}

/// A reader that hands out one line per read, after a pause of 0 to 2 ms, so that lines
/// arrive while the loop is idle, just before it looks, and just after.
struct TrickleReader {
    lines: Vec<Vec<u8>>,
    next: usize,
}

impl std::io::Read for TrickleReader {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let Some(line) = self.lines.get(self.next) else {
            return Ok(0);
        };
        std::thread::sleep(std::time::Duration::from_micros(
            (self.next as u64 * 7) % 2000,
        ));
        self.next += 1;
        buf[..line.len()].copy_from_slice(line);
        Ok(line.len())
    }
}

/// Pondering's protocol: the idle callback "ponders" until the reader raises `input`; no
/// line may wait unseen behind it (a missed line would leave it spinning until the 10 s
/// guard fails the test), and every command still gets its reply, in order.
#[test]
fn idle_pondering_never_misses_a_line() {
    let signals = Signals::default();
    let (tx, rx) = sync_channel(4);
    let lines: Vec<Vec<u8>> = (0..300)
        .map(|i| format!("{i} name\n").into_bytes())
        .collect();
    let reader = spawn_reader(
        std::io::BufReader::with_capacity(64, TrickleReader { lines, next: 0 }),
        signals.clone(),
        tx,
    );
    let buf = Shared::default();
    let out = Output::new(Box::new(buf.clone()), None);
    let mut idles = 0;
    let input = signals.input.clone();
    run_loop_pondering(
        rx,
        &out,
        &signals,
        &input,
        |cmd, _| Ok(cmd.to_string()),
        || {
            idles += 1;
            let start = std::time::Instant::now();
            while !input.load(Ordering::SeqCst) {
                assert!(
                    start.elapsed() < std::time::Duration::from_secs(10),
                    "pondering missed a line"
                );
                std::thread::yield_now();
            }
        },
    )
    .unwrap();
    reader.join().unwrap();
    let out = buf.text();
    let replies: Vec<&str> = out.split("\n\n").filter(|r| !r.is_empty()).collect();
    assert_eq!(replies.len(), 300);
    for (i, reply) in replies.iter().enumerate() {
        assert_eq!(*reply, format!("={i} {i} name"));
    }
    assert!(idles > 0, "the loop never went idle");
}
