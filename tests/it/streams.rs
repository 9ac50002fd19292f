//! Random command streams against the real binary with two search threads (issue #10): valid
//! and garbled commands, lines of binary bytes, lines beyond the 64 KiB cap, ids beyond 64
//! bits, boardsize churn, undo past the start, lz-/kata-analyze cut short at random moments
//! (by a command, a blank line or a comment), `# interrupt`, `--ponder` on or off, pauses,
//! and `quit` at a random point or the end of input.
//!
//! After each stream: every line that is a command got exactly one reply, in order (each
//! reply carries its command's id, or none for a line that had none), and nothing else came
//! out; only analysis replies hold `info` lines, and inside them every line but the first
//! (and `play X` of `*-genmove_analyze`) is one; and the final `showboard` equals the
//! `showboard` of a fresh engine that replays the commands the engine accepted (its own
//! moves as `play`), so a refused command changed nothing and an accepted one did exactly
//! what a fresh engine does with it.
//!
//! Seeded: `TENGEN_STREAM_SEED=N` runs the one stream of seed N (and prints it).

use crate::gtp::Engine;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::thread;
use std::time::{Duration, Instant};

/// Streams per run, and commands per stream at most (before the final `showboard`).
const STREAMS: u64 = 30;
const MAX_ITEMS: usize = 60;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Any command answered with one plain reply; replayed if accepted.
    Plain,
    /// Read-only commands answered with one plain reply; not replayed.
    Query,
    /// `genmove COLOR` (or `kgs-genmove_cleanup`): replayed as `play COLOR MOVE`.
    Genmove,
    /// `lz-analyze` / `kata-analyze`: `=`, `info` lines, the empty line; not replayed.
    Analysis,
    /// `kata-genmove_analyze COLOR`: `=`, `info` lines, `play MOVE`.
    GenmoveAnalyze,
    Quit,
    /// Blank, comment or `# interrupt`: no reply.
    Silent,
}

#[derive(Debug, Clone)]
struct Item {
    line: Vec<u8>,
    /// The id the reply must carry (`None`: a reply without an id).
    id: Option<String>,
    kind: Kind,
    /// The colour argument of a move-generating command.
    color: &'static str,
    /// Written, then wait this long before the next line.
    pause: Duration,
}

impl Item {
    /// An item that names no colour.
    fn new(line: Vec<u8>, id: Option<String>, kind: Kind, pause: Duration) -> Item {
        Item {
            line,
            id,
            kind,
            color: "",
            pause,
        }
    }
}

const COLORS: &[&str] = &["b", "w", "B", "W", "black", "white"];

fn vertex(rng: &mut SmallRng) -> String {
    if rng.gen_bool(0.05) {
        return ["pass", "PASS", "Z99", "I5", "a0", "tt"][rng.gen_range(0..6)].to_string();
    }
    let size = if rng.gen_bool(0.8) { 9 } else { 19 };
    let col = rng.gen_range(0..size);
    let letter = (b'A' + col as u8 + u8::from(col >= 8)) as char;
    let letter = if rng.gen_bool(0.5) {
        letter.to_ascii_lowercase()
    } else {
        letter
    };
    format!("{letter}{}", rng.gen_range(1..=size))
}

/// A line of random bytes (no line feed), starting with `zz` so that it is never an id, a
/// known command, `quit` or a comment.
fn garbage(rng: &mut SmallRng, len: usize) -> Vec<u8> {
    let mut bytes = b"zz".to_vec();
    bytes.extend((0..len).map(|_| loop {
        let b: u8 = rng.gen();
        if b != b'\n' {
            break b;
        }
    }));
    bytes
}

/// One random command (its text without id) and its kind.
fn command(rng: &mut SmallRng) -> (String, Kind, &'static str) {
    let color = COLORS[rng.gen_range(0..COLORS.len())];
    let pick = rng.gen_range(0..100);
    let plain = |s: String| (s, Kind::Plain, "");
    match pick {
        0..=7 => {
            let sizes = [
                "2", "3", "5", "7", "9", "9", "9", "13", "19", "25", "0", "1", "26",
            ];
            let size = match rng.gen_range(0..16) {
                13 => "19 13".to_string(),
                14 => "abc".to_string(),
                15 => "9 9".to_string(),
                i => sizes[i].to_string(),
            };
            plain(format!("boardsize {size}"))
        }
        8..=9 => plain("clear_board".into()),
        10..=11 => {
            let komi = ["6.5", "0", "-3", "7.5", "abc", "1e9", "nan"][rng.gen_range(0..7)];
            plain(format!("komi {komi}"))
        }
        12..=39 => plain(format!("play {color} {}", vertex(rng))),
        40..=47 => (format!("genmove {color}"), Kind::Genmove, color),
        48 => (format!("kgs-genmove_cleanup {color}"), Kind::Genmove, color),
        49..=56 => plain("undo".into()),
        57..=60 => ("showboard".into(), Kind::Query, ""),
        61..=62 => (format!("list_stones {color}"), Kind::Query, ""),
        63..=64 => (format!("is_legal {color} {}", vertex(rng)), Kind::Query, ""),
        65 => plain(format!("fixed_handicap {}", rng.gen_range(1..=10))),
        66 => plain(format!("place_free_handicap {}", rng.gen_range(1..=5))),
        67 => plain(format!(
            "kgs-rules {}",
            ["chinese", "japanese", "aga", "x"][pick % 4]
        )),
        68 => plain(["time_settings 30 5 1", "time_settings 0 1 0"][pick % 2].into()),
        69..=74 => {
            let text = match rng.gen_range(0..4) {
                0 => format!("lz-analyze {color} 5"),
                1 => format!("kata-analyze {color} interval 5 ownership true"),
                2 => "lz-analyze 10".into(),
                _ => format!("kata-analyze {color} 5 pvVisits true minmoves 2"),
            };
            (text, Kind::Analysis, "")
        }
        75..=76 => (
            format!("kata-genmove_analyze {color} 5"),
            Kind::GenmoveAnalyze,
            color,
        ),
        77 => ("final_score".into(), Kind::Query, ""),
        78..=80 => ("name".into(), Kind::Query, ""),
        81..=83 => {
            plain(["frobnicate", "play", "genmove x", "boardsize", "undo 3"][pick % 5].into())
        }
        _ => ("protocol_version".into(), Kind::Query, ""),
    }
}

fn stream(seed: u64) -> (Vec<&'static str>, Vec<Item>) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut args = vec!["--threads", "2", "--playouts", "40", "--max-memory", "64"];
    if rng.gen_bool(0.5) {
        args.push("--ponder");
    }
    let n = rng.gen_range(10..MAX_ITEMS);
    let quit_at = rng.gen_bool(0.3).then(|| rng.gen_range(3..n));
    let mut items = Vec::new();
    let mut next_id = 1u64;
    for i in 0..n {
        if quit_at == Some(i) {
            break;
        }
        let mut id = Some(next_id.to_string());
        if rng.gen_bool(0.05) {
            // An id beyond 64 bits, or with leading zeros: echoed verbatim.
            id = Some(format!(
                "{}{next_id}",
                ["99999999999999999999", "000"][i % 2]
            ));
        }
        next_id += 1;
        let pause = match rng.gen_range(0..10) {
            0..=5 => Duration::ZERO,
            6..=8 => Duration::from_millis(rng.gen_range(1..20)),
            _ => Duration::from_millis(rng.gen_range(20..150)),
        };
        let item = match rng.gen_range(0..100) {
            // A line of random bytes, with or without an id.
            0..=3 => {
                let mut line = Vec::new();
                if rng.gen_bool(0.5) {
                    line.extend_from_slice(format!("{} ", id.as_ref().unwrap()).as_bytes());
                } else {
                    id = None;
                }
                let len = rng.gen_range(0..2000);
                line.extend(garbage(&mut rng, len));
                Item::new(line, id, Kind::Plain, pause)
            }
            // Beyond the line cap.
            4 => {
                let mut line = format!("{} play b ", id.as_ref().unwrap()).into_bytes();
                line.extend(std::iter::repeat_n(b'A', 70_000));
                Item::new(line, id, Kind::Plain, pause)
            }
            // No reply: blank lines, comments, GoGui's interrupt.
            5..=9 => {
                let text = ["", "   \t ", "# a comment", "# interrupt", "\r"][rng.gen_range(0..5)];
                Item::new(text.as_bytes().to_vec(), None, Kind::Silent, pause)
            }
            _ => {
                let (text, kind, color) = command(&mut rng);
                let eol = if rng.gen_bool(0.1) { "\r" } else { "" };
                let pause = if kind == Kind::Analysis {
                    // Cut short at once, or after some info lines.
                    Duration::from_millis(rng.gen_range(0..200))
                } else {
                    pause
                };
                Item {
                    line: format!("{} {text}{eol}", id.as_ref().unwrap()).into_bytes(),
                    id,
                    kind,
                    color,
                    pause,
                }
            }
        };
        items.push(item);
    }
    let id = next_id.to_string();
    items.push(Item::new(
        format!("{id} showboard").into_bytes(),
        Some(id),
        Kind::Query,
        Duration::ZERO,
    ));
    if quit_at.is_some() {
        items.push(Item::new(
            b"quit".to_vec(),
            None,
            Kind::Quit,
            Duration::ZERO,
        ));
        // Lines after quit are never read.
        items.push(Item::new(
            b"1 name".to_vec(),
            None,
            Kind::Silent,
            Duration::ZERO,
        ));
    }
    (args, items)
}

/// The text of a reply after its status and id.
fn body(reply: &str) -> &str {
    reply.split_once(' ').map_or("", |(_, rest)| rest)
}

/// Runs one stream and checks it; returns the number of replies.
fn run_stream(seed: u64) -> usize {
    let (args, items) = stream(seed);
    let describe = || {
        let lines: Vec<String> = items
            .iter()
            .map(|i| {
                let text = String::from_utf8_lossy(&i.line);
                format!("{:.100} (pause {:?})", text.escape_debug(), i.pause)
            })
            .collect();
        format!(
            "seed {seed}, tengen {}\n{}",
            args.join(" "),
            lines.join("\n")
        )
    };
    let mut engine = Engine::start(&args);
    // The replies are read by the helper's thread while we write: no pipe ever fills.
    let mut quit_sent = false;
    for item in &items {
        let mut line = item.line.clone();
        line.push(b'\n');
        if quit_sent {
            // tengen may have exited already: a broken pipe is expected.
            let _ = engine.try_send_raw(&line);
        } else {
            engine.send_raw(&line);
        }
        quit_sent |= item.kind == Kind::Quit;
        if !item.pause.is_zero() {
            thread::sleep(item.pause);
        }
    }
    let quits = items.iter().any(|i| i.kind == Kind::Quit);
    if !quits {
        engine.close_input();
    }
    let mut replay = Vec::new();
    let mut last_board = String::new();
    let mut n_replies = 0;
    for item in items.iter().filter(|i| i.kind != Kind::Silent) {
        let reply = engine.reply_within(Duration::from_secs(60));
        n_replies += 1;
        let first = reply.lines().next().unwrap();
        let ctx = || {
            format!(
                "{:.200}\nreply {reply:.300}\n{}",
                String::from_utf8_lossy(&item.line),
                describe()
            )
        };
        let expected_head = item.id.as_deref().unwrap_or("");
        assert_eq!(
            first.get(1..1 + expected_head.len()),
            Some(expected_head),
            "reply out of order: {}",
            ctx()
        );
        assert_eq!(
            first.as_bytes().get(1 + expected_head.len()),
            Some(&b' '),
            "{}",
            ctx()
        );
        let accepted = reply.starts_with('=');
        let lines: Vec<&str> = reply.lines().collect();
        match item.kind {
            Kind::Analysis | Kind::GenmoveAnalyze if accepted => {
                assert_eq!(
                    first.trim_end(),
                    &first[..1 + expected_head.len()],
                    "{}",
                    ctx()
                );
                let infos = if item.kind == Kind::GenmoveAnalyze {
                    let last = lines.last().unwrap();
                    let mv = last
                        .strip_prefix("play ")
                        .unwrap_or_else(|| panic!("{}", ctx()));
                    if mv != "resign" {
                        replay.push(format!("play {} {mv}", item.color));
                    }
                    &lines[1..lines.len() - 1]
                } else {
                    &lines[1..]
                };
                assert!(
                    infos.iter().all(|l| l.starts_with("info move ")),
                    "{}",
                    ctx()
                );
            }
            _ => {
                assert!(
                    !reply.contains("info "),
                    "an info line in a plain reply: {}",
                    ctx()
                );
            }
        }
        if accepted {
            match item.kind {
                Kind::Plain => replay.push(String::from_utf8_lossy(&item.line).into_owned()),
                Kind::Genmove => {
                    let mv = body(&reply);
                    if mv != "resign" {
                        replay.push(format!("play {} {mv}", item.color));
                    }
                }
                _ => {}
            }
        }
        if item.line.ends_with(b" showboard") {
            last_board = body(&reply).to_string();
        }
        if item.kind == Kind::Quit {
            assert_eq!(reply, "= ", "{}", ctx());
        }
    }
    // Nothing more: the engine exits (after quit or at the end of input) with no extra output.
    engine.expect_end_of_output(Duration::from_secs(10));
    engine.wait_exit(Duration::from_secs(10));

    // A fresh engine replays what was accepted and must reach the same position.
    let mut fresh = Engine::start(&["--threads", "1", "--playouts", "1"]);
    for line in &replay {
        let reply = fresh.ask(line);
        assert!(
            reply.starts_with('='),
            "the replay refused {line:?}: {reply}\n{}",
            describe()
        );
    }
    let board = fresh.ok("showboard");
    assert_eq!(
        last_board,
        board,
        "the final position differs from the replay of the accepted commands\n{}",
        describe()
    );
    fresh.quit_within(Duration::from_secs(5));
    n_replies
}

#[test]
fn random_command_streams_get_one_reply_each_in_order_and_replay_to_the_same_position() {
    let start = Instant::now();
    let seeds: Vec<u64> = match std::env::var("TENGEN_STREAM_SEED") {
        Ok(seed) => vec![seed.parse().expect("TENGEN_STREAM_SEED is a number")],
        Err(_) => (1..=STREAMS).collect(),
    };
    let mut replies = 0;
    for &seed in &seeds {
        replies += run_stream(seed);
    }
    eprintln!(
        "{} streams, {replies} replies checked in {:.1} s",
        seeds.len(),
        start.elapsed().as_secs_f64()
    );
    // At least the final showboard of each stream was checked.
    assert!(replies >= seeds.len());
}
