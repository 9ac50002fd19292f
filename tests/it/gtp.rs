//! GTP through the real `tengen` binary: the transport (CRLF, ids, pipelining, a 1 MB line,
//! control characters), error replies, state that must survive `boardsize`/`clear_board`,
//! `quit` and `# interrupt` during a search, time allowances under byo-yomi. The replay of
//! every client transcript in gtp-logs/ is in `transcripts.rs`, with this file's `Engine`.

use crate::transcripts::{is_vertex, parse_transcript};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};
use tengen::geom::Point;

/// Longest wait for any one reply; only a hung engine gets near it.
const TIMEOUT: Duration = Duration::from_secs(120);

pub(crate) fn logs_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("gtp-logs")
}

/// A running `tengen` with its stdout read by a thread, reply by reply.
pub(crate) struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    replies: Receiver<Result<String, String>>,
    pub(crate) eol: &'static str,
}

impl Engine {
    pub(crate) fn start(args: &[&str]) -> Engine {
        Engine::spawn(args, &[], Stdio::inherit())
    }

    /// `start` with `TENGEN_FAULT_INJECTION=1`: tengen's stderr goes through
    /// `faults::forward_unexpected`, which drops the injected panics and what they log and
    /// passes every other line on.
    pub(crate) fn start_with_faults(args: &[&str]) -> Engine {
        let mut engine = Engine::spawn(args, crate::faults::FAULTS, Stdio::piped());
        let stderr = engine.child.stderr.take().expect("a piped stderr");
        crate::faults::forward_unexpected(stderr);
        engine
    }

    fn spawn(args: &[&str], env: &[(&str, &str)], stderr: Stdio) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tengen"))
            .args(args)
            .envs(env.iter().copied())
            .current_dir(logs_dir())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(stderr)
            .spawn()
            .expect("starting tengen");
        let stdout = child.stdout.take().unwrap();
        let (tx, replies) = channel();
        thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut reply = String::new();
            let mut line = Vec::new();
            loop {
                line.clear();
                match reader.read_until(b'\n', &mut line) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {}
                }
                let text = String::from_utf8_lossy(&line).into_owned();
                if text == "\n" {
                    let message = if reply.is_empty() {
                        Err("an empty line outside any reply".to_string())
                    } else {
                        Ok(std::mem::take(&mut reply)
                            .trim_end_matches('\n')
                            .to_string())
                    };
                    if tx.send(message).is_err() {
                        return;
                    }
                } else {
                    reply.push_str(&text);
                }
            }
            if !reply.is_empty() {
                let _ = tx.send(Err(format!("output ended inside a reply: {reply:?}")));
            }
        });
        let stdin = child.stdin.take();
        Engine {
            child,
            stdin,
            replies,
            eol: "\n",
        }
    }

    /// Closes tengen's stdin: end of input.
    pub(crate) fn close_input(&mut self) {
        self.stdin = None;
    }

    /// Checks that tengen's output ends within `limit` with no reply beyond those read.
    pub(crate) fn expect_end_of_output(&mut self, limit: Duration) {
        match self.replies.recv_timeout(limit) {
            Err(RecvTimeoutError::Disconnected) => {}
            Ok(reply) => panic!("output after the last reply: {reply:?}"),
            Err(RecvTimeoutError::Timeout) => panic!("output still open after {limit:?}"),
        }
    }

    /// Writes `bytes`; an error (tengen has gone, after `quit`) is returned, not a panic.
    pub(crate) fn try_send_raw(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        let stdin = self.stdin.as_mut().expect("stdin already closed");
        stdin.write_all(bytes)?;
        stdin.flush()
    }

    pub(crate) fn send_raw(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin already closed");
        stdin.write_all(bytes).expect("writing to tengen");
        stdin.flush().unwrap();
    }

    pub(crate) fn send(&mut self, line: &str) {
        let text = format!("{line}{}", self.eol);
        self.send_raw(text.as_bytes());
    }

    /// The next reply, without its final empty line; checks the GTP shape of the first line.
    pub(crate) fn reply(&mut self) -> String {
        self.reply_within(TIMEOUT)
    }

    pub(crate) fn reply_within(&mut self, limit: Duration) -> String {
        let reply = match self.replies.recv_timeout(limit) {
            Ok(Ok(reply)) => reply,
            Ok(Err(e)) => panic!("malformed output: {e}"),
            Err(RecvTimeoutError::Timeout) => panic!("no reply within {limit:?}"),
            Err(RecvTimeoutError::Disconnected) => panic!("tengen closed its output"),
        };
        assert!(!reply.contains('\r'), "CR in reply {reply:?}");
        let bytes = reply.as_bytes();
        assert!(
            matches!(bytes[0], b'=' | b'?'),
            "reply without a status: {reply:?}"
        );
        let after_id = bytes[1..]
            .iter()
            .position(|b| !b.is_ascii_digit())
            .map(|i| i + 1);
        assert_eq!(
            after_id.map(|i| bytes[i]),
            Some(b' '),
            "no space after the status: {reply:?}"
        );
        reply
    }

    pub(crate) fn ask(&mut self, line: &str) -> String {
        self.send(line);
        self.reply()
    }

    /// Asks and returns the text of a successful reply (after `= `).
    pub(crate) fn ok(&mut self, line: &str) -> String {
        let reply = self.ask(line);
        assert!(reply.starts_with("= "), "{line:?} failed: {reply:?}");
        reply[2..].to_string()
    }

    /// Sends `quit`, checks the `=`, and that the process exits within `limit`.
    pub(crate) fn quit_within(mut self, limit: Duration) {
        assert_eq!(self.ask("quit"), "= ");
        self.wait_exit(limit);
    }

    pub(crate) fn wait_exit(&mut self, limit: Duration) {
        let start = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                assert!(status.success(), "tengen exited with {status}");
                return;
            }
            assert!(
                start.elapsed() < limit,
                "tengen still running {limit:?} after quit"
            );
            thread::sleep(Duration::from_millis(5));
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

const FAST: &[&str] = &["--playouts", "100", "--seed", "1"];

#[test]
fn start_up_crlf_and_control_characters() {
    let start = Instant::now();
    let mut engine = Engine::start(FAST);
    engine.send_raw(b"protocol_version\r\n");
    assert_eq!(engine.reply(), "= 2");
    // Answered at once: no heavy start-up (GoGui's 15 s dialog, gtp2ogs's 1 s rule).
    assert!(
        start.elapsed() < Duration::from_secs(2),
        "first reply after {:?}",
        start.elapsed()
    );
    engine.send_raw(b"\x01na\x07me\r\n");
    assert_eq!(engine.reply(), "= tengen");
    engine.send_raw(b"\tknown_command\tplay\r\n");
    assert_eq!(engine.reply(), "= true");
    engine.send_raw(b"known_command gogui-frobnicate\r\n");
    assert_eq!(engine.reply(), "= false");
    engine.send_raw(b"\r\n\r\n   \r\n# just a comment\r\nboardsize 9 # nine\r\n");
    assert_eq!(engine.reply(), "= ");
    engine.send_raw(b"play\x00 b\x1b d4\r\n");
    assert_eq!(engine.reply(), "= ");
    assert_eq!(engine.ok("list_stones black"), "D4");
    // A last line without a line feed still gets its reply, once the input ends.
    engine.send_raw(b"quit");
    engine.stdin = None;
    assert_eq!(engine.reply(), "= ");
    engine.wait_exit(Duration::from_secs(5));
}

#[test]
fn ids_are_echoed_on_success_and_failure() {
    let mut engine = Engine::start(FAST);
    assert_eq!(engine.ask("12 name"), "=12 tengen");
    assert_eq!(engine.ask("13 frobnicate"), "?13 unknown command");
    assert_eq!(engine.ask("14 boardsize 1"), "?14 unacceptable size");
    assert_eq!(engine.ask("15"), "?15 unknown command");
    assert_eq!(engine.ask("0 boardsize 9"), "=0 ");
    assert_eq!(engine.ask("16 list_stones white"), "=16 ");
    engine.quit_within(Duration::from_secs(5));
}

/// GTP v2's id is a run of digits: echoed verbatim whatever its length (beyond 64 bits, leading
/// zeros), on success, on failure, for a streamed analysis and for a line too long to parse.
#[test]
fn ids_of_any_length_are_echoed_verbatim() {
    let mut engine = Engine::start(FAST);
    let big = "123456789012345678901234567890123456789";
    assert_eq!(engine.ask(&format!("{big} name")), format!("={big} tengen"));
    assert_eq!(engine.ask("007 name"), "=007 tengen");
    assert_eq!(
        engine.ask(&format!("{big}0 frobnicate")),
        format!("?{big}0 unknown command")
    );
    let huge = "9".repeat(10_000);
    assert_eq!(
        engine.ask(&format!("{huge} boardsize 9")),
        format!("={huge} ")
    );
    engine.send(&format!("{big} lz-analyze b 10"));
    thread::sleep(Duration::from_millis(200));
    engine.send("18446744073709551616 protocol_version");
    let analysis = engine.reply();
    assert!(analysis.starts_with(&format!("={big} ")), "{analysis:.80}");
    assert!(
        analysis.lines().skip(1).all(|l| l.starts_with("info ")),
        "{analysis}"
    );
    assert_eq!(engine.reply(), "=18446744073709551616 2");
    let mut line = format!("{big} play b ").into_bytes();
    line.extend(std::iter::repeat_n(b'A', 100_000));
    line.push(b'\n');
    engine.send_raw(&line);
    assert_eq!(engine.reply(), format!("?{big} line too long"));
    engine.quit_within(Duration::from_secs(5));
}

#[test]
fn pipelined_commands_are_answered_in_order() {
    let mut engine = Engine::start(FAST);
    let mut commands = vec!["boardsize 19".to_string(), "clear_board".into()];
    // Stones on isolated points never capture, so every play is legal.
    for p in Point::all(19) {
        let color = match (p.col() % 2, p.row() % 2) {
            (0, 0) => "b",
            (1, 1) => "W",
            _ => continue,
        };
        commands.push(format!("play {color} {p}"));
    }
    let n_plays = commands.len() - 2;
    let black_undone = commands[commands.len() - 20..]
        .iter()
        .filter(|c| c.starts_with("play b"))
        .count();
    for _ in 0..20 {
        commands.push("undo".into());
    }
    commands.push("list_stones black".into());
    let mut batch = String::new();
    for (i, c) in commands.iter().enumerate() {
        batch.push_str(&format!("{} {c}\n", i + 1));
    }
    engine.send_raw(batch.as_bytes());
    for (i, c) in commands.iter().enumerate() {
        let reply = engine.reply();
        let id = i + 1;
        if c.starts_with("list_stones") {
            let stones = reply.split_whitespace().count() - 1;
            assert_eq!(stones, 100 - black_undone, "black stones after 20 undos");
        } else {
            assert_eq!(reply, format!("={id} "), "{c}");
        }
    }
    assert_eq!(n_plays, 100 + 81);
    engine.quit_within(Duration::from_secs(5));
}

#[test]
fn a_one_megabyte_line_gets_one_reply() {
    let mut engine = Engine::start(FAST);
    let mut line = b"1 play b ".to_vec();
    line.extend(std::iter::repeat_n(b'A', 1 << 20));
    line.extend_from_slice(b"\n2 name\n");
    engine.send_raw(&line);
    let reply = engine.reply();
    assert!(reply.starts_with("?1 "), "{reply}");
    assert_eq!(engine.reply(), "=2 tengen");
    engine.quit_within(Duration::from_secs(5));
}

#[test]
fn errors_have_the_texts_of_the_specification() {
    let mut engine = Engine::start(FAST);
    let cases = [
        ("frobnicate", "? unknown command"),
        ("QUIT", "? unknown command"),
        ("boardsize 1", "? unacceptable size"),
        ("boardsize 26", "? unacceptable size"),
        ("boardsize 0", "? unacceptable size"),
        ("boardsize -1", "? syntax error"),
        ("boardsize abc", "? syntax error"),
        ("boardsize", "? syntax error"),
        ("boardsize 9", "= "),
        ("undo", "? cannot undo"),
        ("play b Z99", "? syntax error"),
        ("play b I5", "? syntax error"),
        ("play b K10", "? illegal move"),
        ("play x D4", "? syntax error"),
        ("play b", "? syntax error"),
        ("play b D4 E5", "? syntax error"),
        ("play b D4", "= "),
        ("play w d4", "? illegal move: occupied"),
        ("genmove", "? syntax error"),
        ("genmove purple", "? syntax error"),
        ("komi abc", "? syntax error"),
        ("komi nan", "? syntax error"),
        ("komi -3", "= "),
        ("set_free_handicap C3 G7", "? board not empty"),
        ("place_free_handicap 2", "? board not empty"),
        ("fixed_handicap 2", "? board not empty"),
        ("clear_board", "= "),
        ("set_free_handicap D4", "? invalid number of stones"),
        ("set_free_handicap D4 D4", "? bad vertex list"),
        ("set_free_handicap D4 pass", "? bad vertex list"),
        ("set_free_handicap D4 Z99", "? bad vertex list"),
        ("fixed_handicap 1", "? invalid number of stones"),
        ("fixed_handicap 10", "? invalid number of stones"),
        ("fixed_handicap x", "? syntax error"),
        ("place_free_handicap 1", "? invalid number of stones"),
        ("place_free_handicap 81", "? invalid number of stones"),
        ("final_status_list foo", "? syntax error"),
        ("kgs-time_settings sudden", "? unknown time system"),
        ("kgs-time_settings byoyomi 1 2", "? syntax error"),
        ("time_settings 1 2", "? syntax error"),
        ("time_left b abc 0", "? syntax error"),
        ("time_left b -5 0", "= "),
        ("time_left white 30 5", "= "),
        ("kgs-rules chess", "? unknown rules"),
        ("kgs-rules", "? syntax error"),
        ("loadsgf", "? syntax error"),
        ("loadsgf sgf/wall.sgf 0", "? syntax error"),
        ("loadsgf /nonexistent/file.sgf", "? cannot load file"),
        ("known_command", "? syntax error"),
        ("list_stones", "? syntax error"),
        ("is_legal b K10", "= 0"),
        ("is_legal b J9", "= 1"),
    ];
    for (command, expected) in cases {
        assert_eq!(engine.ask(command), expected, "{command}");
    }
    engine.quit_within(Duration::from_secs(5));
}

#[test]
fn non_alternating_plays_and_case_insensitive_colours_and_vertices() {
    let mut engine = Engine::start(FAST);
    engine.ok("boardsize 9");
    for command in [
        "play B D4",
        "play black e5",
        "play BLACK f6",
        "play W pass",
        "play w PASS",
        "play White c3",
    ] {
        engine.ok(command);
    }
    assert_eq!(engine.ok("list_stones b"), "D4 E5 F6");
    assert_eq!(engine.ok("list_stones WHITE"), "C3");
    engine.quit_within(Duration::from_secs(5));
}

#[test]
fn komi_and_rules_survive_boardsize_and_clear_board() {
    let mut engine = Engine::start(FAST);
    // Sabaki's order: komi before boardsize.
    engine.ok("komi 3.5");
    engine.ok("boardsize 9");
    engine.ok("clear_board");
    assert_eq!(engine.ok("final_score"), "W+3.5");
    assert!(engine.ok("showboard").contains("komi 3.5"));
    // A komi once set is not overridden by a change of rules.
    engine.ok("kgs-rules japanese");
    assert_eq!(engine.ok("final_score"), "W+3.5");
    engine.quit_within(Duration::from_secs(5));
}

#[test]
fn rules_set_the_default_komi_until_komi_is_sent() {
    let cases: &[(&[&str], &str)] = &[
        (&[], "W+7.5"),
        (&["kgs-rules japanese"], "W+6.5"),
        (&["kgs-rules new_zealand"], "W+7"),
        (&["kgs-rules aga"], "W+7.5"),
        (&["kgs-rules japanese", "komi 0"], "0"),
        (&["komi 0.5", "kgs-rules japanese"], "W+0.5"),
    ];
    for (commands, expected) in cases {
        let mut engine = Engine::start(&["--size", "9", "--playouts", "100"]);
        for c in *commands {
            engine.ok(c);
        }
        assert_eq!(engine.ok("final_score"), *expected, "{commands:?}");
        engine.quit_within(Duration::from_secs(5));
    }
    let mut engine = Engine::start(&["--size", "9", "--rules", "japanese", "--komi", "2"]);
    assert_eq!(engine.ok("final_score"), "W+2");
    engine.ok("kgs-rules chinese");
    assert_eq!(engine.ok("final_score"), "W+2");
    engine.quit_within(Duration::from_secs(5));
}

/// A ko: Black captures at E4; White's immediate recapture at D4 is illegal unless
/// `--lenient-play` (CLIENTS.md §4.9).
fn ko_session(args: &[&str]) -> String {
    let mut engine = Engine::start(args);
    engine.ok("boardsize 9");
    for c in [
        "play b C4",
        "play b D5",
        "play b D3",
        "play w E5",
        "play w E3",
        "play w F4",
        "play w D4",
        "play b E4",
    ] {
        engine.ok(c);
    }
    assert_eq!(
        engine.ok("list_stones white"),
        "E3 F4 E5",
        "D4 was captured"
    );
    let reply = engine.ask("play w D4");
    engine.quit_within(Duration::from_secs(5));
    reply
}

#[test]
fn play_enforces_ko_unless_lenient() {
    assert_eq!(ko_session(FAST), "? illegal move: ko");
    assert_eq!(ko_session(&["--lenient-play", "--playouts", "100"]), "= ");
}

#[test]
fn showboard_is_one_reply_without_empty_lines() {
    let mut engine = Engine::start(FAST);
    engine.ok("boardsize 9");
    engine.ok("play b D4");
    engine.ok("play w E5");
    let reply = engine.ask("showboard");
    let lines: Vec<&str> = reply.lines().collect();
    assert_eq!(lines[0], "= ", "the board starts on its own line");
    assert!(lines.iter().all(|l| !l.trim().is_empty()) || lines[0] == "= ");
    assert!(lines.len() >= 12, "{reply}");
    assert!(reply.contains('X') && reply.contains('O'));
    assert!(lines
        .iter()
        .any(|l| l.trim_start().starts_with("A B C D E F G H J")));
    engine.quit_within(Duration::from_secs(5));
}

#[test]
fn printsgf_and_loadsgf_round_trip() {
    let dir = std::env::temp_dir().join(format!("tengen-it-gtp-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.sgf");
    let mut engine = Engine::start(FAST);
    engine.ok("boardsize 9");
    engine.ok("komi 5.5");
    for c in [
        "play b C3",
        "play w G7",
        "play b pass",
        "play w C7",
        "play b G3",
    ] {
        engine.ok(c);
    }
    let text = engine.ok("printsgf");
    assert!(text.contains("SZ[9]") && text.contains("KM[5.5]"), "{text}");
    engine.ok(&format!("printsgf {}", file.display()));
    engine.ok("clear_board");
    engine.ok("komi 0");
    assert_eq!(engine.ok(&format!("loadsgf {}", file.display())), "white");
    assert_eq!(engine.ok("list_stones black"), "C3 G3");
    assert_eq!(engine.ok("list_stones white"), "C7 G7");
    assert!(engine.ok("showboard").contains("komi 5.5"));
    assert_eq!(engine.ok(&format!("loadsgf {} 3", file.display())), "black");
    assert_eq!(engine.ok("list_stones white"), "G7");
    assert_eq!(
        engine.ask("printsgf /nonexistent/dir/x.sgf"),
        "? cannot write file"
    );
    // Handicap stones travel as AB with HA; White moves first after them.
    engine.ok("clear_board");
    assert_eq!(engine.ok("fixed_handicap 2"), "C3 G7");
    engine.ok(&format!("printsgf {}", file.display()));
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("HA[2]") && text.contains("AB["), "{text}");
    engine.ok("clear_board");
    assert_eq!(engine.ok(&format!("loadsgf {}", file.display())), "white");
    assert_eq!(engine.ok("list_stones black"), "C3 G7");
    // Setup stones and PL.
    let setup = dir.join("setup.sgf");
    std::fs::write(&setup, "(;GM[1]FF[4]SZ[7]AB[aa][bb]AW[cc]PL[W])").unwrap();
    assert_eq!(engine.ok(&format!("loadsgf {}", setup.display())), "white");
    assert_eq!(engine.ok("list_stones black"), "B6 A7");
    assert_eq!(engine.ok("list_stones white"), "C5");
    assert!(engine.ok("showboard").contains("   A B C D E F G"));
    engine.quit_within(Duration::from_secs(5));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn every_listed_command_answers() {
    let mut engine = Engine::start(FAST);
    engine.ok("boardsize 9");
    let list = engine.ok("list_commands");
    let names: Vec<&str> = list.lines().collect();
    assert!(names.len() >= 30, "{list}");
    for name in &names {
        assert_eq!(name.trim(), *name, "whitespace around {name:?}");
        assert_eq!(engine.ok(&format!("known_command {name}")), "true");
    }
    // Without arguments, and then with typical ones: a reply each time, never silence.
    let typical = |name: &str| -> &'static str {
        match name {
            "known_command" => "play",
            "boardsize" => "9",
            "rectangular_boardsize" => "9 9",
            "komi" => "6.5",
            "fixed_handicap" | "place_free_handicap" => "2",
            "set_free_handicap" => "C3 G7",
            "kgs-rules" => "chinese",
            "play" => "w E5",
            "genmove" | "reg_genmove" | "kgs-genmove_cleanup" | "list_stones" => "b",
            "lz-analyze" | "kata-analyze" | "lz-genmove_analyze" | "kata-genmove_analyze" => "b 10",
            "is_legal" => "b A1",
            "time_settings" => "0 1 0",
            "kgs-time_settings" | "kata-time_settings" => "none",
            "time_left" => "b 10 0",
            "final_status_list" => "dead",
            "loadsgf" => "sgf/wall.sgf 5",
            _ => "",
        }
    };
    for name in names.iter().filter(|&&n| n != "quit") {
        // An analysis lasts until the next line: a blank one, which gets no reply.
        let analysis = name.ends_with("-analyze");
        engine.send(name);
        if analysis {
            engine.send("");
        }
        engine.reply();
        engine.ok("clear_board");
        if *name == "undo" {
            engine.ok("play b C3");
        }
        engine.send(&format!("{name} {}", typical(name)));
        if analysis {
            engine.send("");
        }
        let reply = engine.reply();
        assert!(reply.starts_with("= "), "{name} {}: {reply}", typical(name));
    }
    assert_eq!(engine.ok("name"), "tengen");
    engine.quit_within(Duration::from_secs(5));
}

#[test]
fn quit_during_a_long_genmove_exits_within_a_second() {
    let mut engine = Engine::start(&["--playouts", "2000000000", "--size", "19"]);
    engine.ok("play b D4");
    engine.send("genmove w");
    thread::sleep(Duration::from_millis(300));
    let start = Instant::now();
    engine.send("quit");
    let genmove = engine.reply_within(Duration::from_secs(2));
    assert!(genmove.starts_with("= "), "{genmove}");
    assert_eq!(engine.reply_within(Duration::from_secs(2)), "= ");
    engine.wait_exit(Duration::from_secs(1));
    assert!(
        start.elapsed() < Duration::from_secs(1),
        "quit took {:?}",
        start.elapsed()
    );
}

#[test]
fn gogui_interrupt_ends_the_search_and_the_session_goes_on() {
    let mut engine = Engine::start(&["--playouts", "2000000000", "--size", "9"]);
    assert_eq!(engine.ok("gogui-interrupt"), "");
    engine.send("genmove b");
    thread::sleep(Duration::from_millis(300));
    let start = Instant::now();
    engine.send("# interrupt");
    let reply = engine.reply_within(Duration::from_secs(2));
    assert!(
        start.elapsed() < Duration::from_secs(1),
        "interrupt took {:?}",
        start.elapsed()
    );
    let token = reply.strip_prefix("= ").expect("a move");
    assert!(is_vertex(token) || token == "pass", "{reply}");
    // The next search is not stopped by the old interrupt.
    assert_eq!(engine.ok("name"), "tengen");
    engine.quit_within(Duration::from_secs(2));
}

#[test]
fn gtp_log_records_the_session_as_a_transcript() {
    let path = std::env::temp_dir().join(format!("tengen-it-gtplog-{}.gtp", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let log = path.to_string_lossy().into_owned();
    let mut engine = Engine::start(&["--gtp-log", &log, "--playouts", "50"]);
    engine.ok("boardsize 9");
    assert_eq!(engine.ask("3 name"), "=3 tengen");
    assert_eq!(engine.ask("bogus"), "? unknown command");
    engine.quit_within(Duration::from_secs(5));
    let text = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(
        lines,
        [
            "> boardsize 9",
            "< = ",
            "> 3 name",
            "< =3 tengen",
            "> bogus",
            "< ? unknown command",
            "> quit",
            "< = "
        ]
    );
    // The log replays as a transcript.
    let t = parse_transcript(&path);
    assert_eq!(t.steps.len(), 4);
    std::fs::remove_file(&path).unwrap();
}

mod command_line;
