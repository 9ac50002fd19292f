//! Analysis through the real binary, checked against the rules Sabaki's parser applies
//! (CLIENTS.md §2.6, §6): `lz-analyze` and `kata-analyze` stopped by the next line and answered
//! before it, pipelined as Sabaki does, at the end of input and by `quit`;
//! `*-genmove_analyze` ending with `play` and playing it; GoGui's analyze commands.

use crate::gtp::Engine;
use std::io::Write;
use std::process::{Command, Stdio};
use std::thread;
use std::time::Duration;

/// Which analysis dialect a reply is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Dialect {
    Lz,
    Kata,
}

/// One `info` entry as Sabaki keeps it.
#[derive(Debug)]
pub(crate) struct Entry {
    pub(crate) mv: String,
    pub(crate) visits: u64,
    /// In [0, 1], read as Sabaki v0.60 reads it for the dialect.
    pub(crate) win_rate: f64,
    pub(crate) pv: Vec<String>,
}

fn is_vertex(s: &str, size: usize) -> bool {
    let mut chars = s.chars();
    let Some(letter) = chars.next() else {
        return false;
    };
    let col = match letter {
        'A'..='H' => letter as usize - 'A' as usize,
        'J'..='Z' => letter as usize - 'A' as usize - 1,
        _ => return false,
    };
    let digits = chars.as_str();
    !digits.starts_with('0')
        && digits.bytes().all(|b| b.is_ascii_digit())
        && digits
            .parse::<usize>()
            .is_ok_and(|row| (1..=size).contains(&row))
        && col < size
}

/// Sabaki's PV token: `pass` or a letter and digits (`(pass|[A-Za-z]\d+)`).
fn is_pv_token(s: &str) -> bool {
    s == "pass"
        || s.len() >= 2
            && s.as_bytes()[0].is_ascii_alphabetic()
            && s[1..].bytes().all(|b| b.is_ascii_digit())
}

/// Checks one `info` line by Sabaki's rules, and more strictly: every segment is `info`, key
/// value pairs, `pv`, then the PV and nothing after it; `move` a vertex or pass; `visits` an
/// integer; `lz-` win rate and prior integers in 0..=10000; `kata-` numbers with a decimal
/// point; no scientific notation; PV moves on the board. Returns the entries Sabaki keeps
/// (not `move pass`).
pub(crate) fn check_info_line(line: &str, dialect: Dialect, size: usize) -> Vec<Entry> {
    assert!(line.starts_with("info "), "not an info line: {line:?}");
    assert_eq!(line.trim(), line, "spaces around {line:?}");
    let tokens: Vec<&str> = line.split(' ').collect();
    assert!(tokens.iter().all(|t| !t.is_empty()), "double space: {line}");
    // Segments start at each `info`.
    let mut segments: Vec<&[&str]> = Vec::new();
    let mut start = 0;
    for i in 1..=tokens.len() {
        if i == tokens.len() || tokens[i] == "info" {
            segments.push(&tokens[start + 1..i]);
            start = i;
        }
    }
    let mut kept = Vec::new();
    for seg in segments {
        let pv_at = seg
            .iter()
            .position(|&t| t == "pv")
            .unwrap_or_else(|| panic!("a segment without pv: {seg:?}"));
        let pv: Vec<String> = seg[pv_at + 1..].iter().map(|s| s.to_string()).collect();
        assert!(!pv.is_empty(), "empty pv: {seg:?}");
        for m in &pv {
            assert!(
                is_pv_token(m),
                "pv is not last, or a bad move {m:?}: {seg:?}"
            );
            assert!(
                m == "pass" || is_vertex(m, size),
                "pv move {m} off the board"
            );
        }
        let pairs = &seg[..pv_at];
        assert!(
            pairs.len().is_multiple_of(2),
            "keys without values: {seg:?}"
        );
        let mut mv = None;
        let mut visits = None;
        let mut win_rate = None;
        for kv in pairs.chunks(2) {
            let (key, value) = (kv[0], kv[1]);
            assert!(!is_pv_token(key), "a key that reads as a move: {key}");
            if key != "move" {
                assert!(
                    !value.contains(['e', 'E']) && value.parse::<f64>().is_ok(),
                    "{key} {value}: not a plain number"
                );
            }
            match key {
                "move" => {
                    assert!(value == "pass" || is_vertex(value, size), "move {value}");
                    mv = Some(value.to_string());
                }
                "visits" | "order" | "edgeVisits" => {
                    let n: u64 = value.parse().unwrap_or_else(|_| panic!("{key} {value}"));
                    if key == "visits" {
                        visits = Some(n);
                    }
                }
                "winrate" | "prior" => {
                    let x = match dialect {
                        Dialect::Lz => {
                            let n: u32 = value
                                .parse()
                                .unwrap_or_else(|_| panic!("lz {key} {value} not an integer"));
                            assert!(n <= 10_000, "lz {key} {value}");
                            n as f64 / 10_000.0
                        }
                        Dialect::Kata => {
                            assert!(value.contains('.'), "kata {key} {value} without a point");
                            let x: f64 = value.parse().unwrap();
                            assert!((0.0..=1.0).contains(&x), "kata {key} {value}");
                            x
                        }
                    };
                    if key == "winrate" {
                        win_rate = Some(x);
                    }
                }
                "scoreLead" | "scoreMean" | "scoreStdev" | "scoreSelfplay" => {
                    assert_eq!(dialect, Dialect::Kata, "{key} in lz");
                    assert!(value.contains('.'), "{key} {value}");
                }
                "lcb" => {
                    if dialect == Dialect::Kata {
                        assert!(value.contains('.'), "{key} {value}");
                    } else {
                        value.parse::<i64>().unwrap();
                    }
                }
                other => panic!("unexpected key {other}"),
            }
        }
        let mv = mv.unwrap_or_else(|| panic!("no move: {seg:?}"));
        assert_eq!(pv[0], mv, "the pv starts with the move");
        let entry = Entry {
            visits: visits.expect("visits"),
            win_rate: win_rate.expect("winrate"),
            mv,
            pv,
        };
        if entry.mv != "pass" {
            kept.push(entry);
        }
    }
    kept
}

/// Checks a whole analysis reply (without its empty line): `= ` then `info` lines only, each
/// valid; returns the number of lines.
fn check_stream(reply: &str, dialect: Dialect, size: usize) -> usize {
    let mut lines = reply.split('\n');
    assert_eq!(lines.next(), Some("= "), "{reply}");
    let mut n = 0;
    for line in lines {
        let entries = check_info_line(line, dialect, size);
        assert!(!entries.is_empty(), "nothing Sabaki keeps: {line}");
        assert!(entries.windows(2).all(|w| w[0].visits >= w[1].visits));
        for e in &entries {
            assert!((0.0..=1.0).contains(&e.win_rate), "{line}");
            assert_eq!(e.pv[0], e.mv, "{line}");
        }
        n += 1;
    }
    n
}

const ARGS: &[&str] = &["--seed", "1", "--playouts", "500"];

#[test]
fn kata_analyze_streams_until_the_next_command_which_is_then_answered() {
    let mut engine = Engine::start(ARGS);
    engine.ok("boardsize 9");
    engine.ok("play b E5");
    engine.send("kata-analyze W 10");
    thread::sleep(Duration::from_millis(1000));
    engine.send("protocol_version");
    let reply = engine.reply();
    assert!(check_stream(&reply, Dialect::Kata, 9) >= 1, "{reply}");
    assert_eq!(engine.reply(), "= 2");
    // The analysis played nothing: E5 is the only stone.
    assert_eq!(engine.ok("list_stones w"), "");
    assert_eq!(engine.ok("list_stones b"), "E5");
    engine.quit_within(Duration::from_secs(3));
}

#[test]
fn lz_analyze_has_integer_win_rates_and_stops_on_a_blank_line() {
    let mut engine = Engine::start(ARGS);
    engine.ok("boardsize 9");
    engine.send("lz-analyze b interval 10 maxmoves 3");
    thread::sleep(Duration::from_millis(1000));
    engine.send("");
    let reply = engine.reply();
    assert!(check_stream(&reply, Dialect::Lz, 9) >= 1, "{reply}");
    for line in reply.lines().skip(1) {
        assert!(line.matches("info move").count() <= 3, "maxmoves 3: {line}");
    }
    assert_eq!(engine.ok("name"), "tengen");
    engine.quit_within(Duration::from_secs(3));
}

/// Sabaki writes `protocol_version` right behind the analysis command when it navigates: the
/// analysis must stop even if the line arrived before it began, and replies stay in order.
#[test]
fn a_pipelined_command_stops_the_analysis_before_it_begins() {
    let mut engine = Engine::start(ARGS);
    engine.ok("boardsize 9");
    engine.send("7 kata-analyze B 50\n8 protocol_version\n9 lz-analyze W 50\n10 name");
    let first = engine.reply_within(Duration::from_secs(10));
    assert!(first.starts_with("=7 "), "{first}");
    let second = engine.reply_within(Duration::from_secs(10));
    assert_eq!(second, "=8 2");
    let third = engine.reply_within(Duration::from_secs(10));
    assert!(third.starts_with("=9 "), "{third}");
    assert_eq!(engine.reply_within(Duration::from_secs(10)), "=10 tengen");
    engine.quit_within(Duration::from_secs(3));
}

#[test]
fn bad_analysis_arguments_are_errors_and_the_engine_goes_on() {
    let mut engine = Engine::start(ARGS);
    engine.ok("boardsize 9");
    for bad in [
        "kata-analyze B -1",
        "kata-analyze B 50 interval",
        "kata-analyze B 50 avoid b D4",
        "kata-analyze B 50 allow b Z9 1",
        "kata-genmove_analyze B 50 avoid b D4 1",
        "lz-analyze B 50 ownership true",
        "kata-genmove_analyze B 50 minmoves x",
    ] {
        let reply = engine.ask(bad);
        assert!(reply.starts_with("? "), "{bad}: {reply}");
    }
    assert_eq!(engine.ok("list_stones b"), "");
    engine.quit_within(Duration::from_secs(3));
}

#[test]
fn avoid_and_allow_restrict_the_moves_analysed() {
    let mut engine = Engine::start(ARGS);
    engine.ok("boardsize 9");
    // The options, the moves they name, and whether an entry must be one of them.
    let cases = [
        ("avoid b E5,D4,pass 1", &["E5", "D4", "pass"][..], false),
        ("allow b C3,G7 1", &["C3", "G7"][..], true),
    ];
    for (options, named, inside) in cases {
        engine.send(&format!("lz-analyze b 10 {options}"));
        thread::sleep(Duration::from_millis(700));
        engine.send("");
        let reply = engine.reply();
        assert!(check_stream(&reply, Dialect::Lz, 9) >= 1, "{reply}");
        for line in reply.lines().skip(1) {
            for entry in check_info_line(line, Dialect::Lz, 9) {
                let is_named = named.contains(&entry.mv.as_str());
                assert_eq!(is_named, inside, "{options}: {}", entry.mv);
            }
        }
    }
    engine.quit_within(Duration::from_secs(3));
}

#[test]
fn kata_analyze_ownership_and_pv_visits() {
    let mut engine = Engine::start(ARGS);
    engine.ok("boardsize 9");
    engine.send("kata-analyze b 10 ownership true pvVisits true");
    thread::sleep(Duration::from_millis(800));
    engine.send("name");
    let reply = engine.reply();
    assert_eq!(engine.reply(), "= tengen");
    let lines: Vec<&str> = reply.lines().skip(1).collect();
    assert!(!lines.is_empty(), "{reply}");
    for line in lines {
        let (moves, map) = line.split_once(" ownership ").expect("ownership last");
        let values: Vec<f64> = map.split(' ').map(|v| v.parse().unwrap()).collect();
        assert_eq!(values.len(), 81);
        assert!(values.iter().all(|v| (-1.0..=1.0).contains(v)));
        assert!(moves.contains(" pvVisits "), "{moves}");
    }
}

#[test]
fn genmove_analyze_ends_with_play_and_plays_the_move() {
    for (command, dialect) in [
        ("kata-genmove_analyze", Dialect::Kata),
        ("lz-genmove_analyze", Dialect::Lz),
    ] {
        let mut engine = Engine::start(&["--seed", "1", "--time-per-move", "1"]);
        engine.ok("boardsize 9");
        let reply = engine.ask(&format!("{command} b 10"));
        let lines: Vec<&str> = reply.split('\n').collect();
        assert_eq!(lines[0], "= ", "{reply}");
        let last = lines.last().unwrap();
        let mv = last
            .strip_prefix("play ")
            .unwrap_or_else(|| panic!("{reply}"));
        assert!(is_vertex(mv, 9) || mv == "pass", "{reply}");
        for line in &lines[1..lines.len() - 1] {
            check_info_line(line, dialect, 9);
        }
        if mv != "pass" {
            assert_eq!(engine.ok("list_stones b"), mv);
            assert!(engine
                .ask(&format!("play w {mv}"))
                .starts_with("? illegal move"));
        }
        engine.quit_within(Duration::from_secs(3));
    }
}

#[test]
fn quit_during_analysis_exits_within_three_seconds() {
    let mut engine = Engine::start(&["--seed", "1"]);
    engine.send("kata-analyze b 20");
    thread::sleep(Duration::from_millis(500));
    engine.send("quit");
    let analysis = engine.reply();
    assert!(analysis.starts_with("= "), "{analysis}");
    assert_eq!(engine.reply_within(Duration::from_secs(3)), "= ");
    engine.wait_exit(Duration::from_secs(3));
}

#[test]
fn the_end_of_input_ends_an_analysis() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tengen"))
        .args(["--seed", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin
        .write_all(b"boardsize 9\nkata-analyze b 10\n")
        .unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("= \n\n= \n"), "{text}");
    assert!(text.ends_with("\n\n"), "{text}");
}

// ----- GoGui -----

#[test]
fn gogui_analyze_commands_are_listed_and_each_answers_in_its_type() {
    let mut engine = Engine::start(ARGS);
    engine.ok("boardsize 9");
    for mv in ["b E5", "w C3", "b G7"] {
        engine.ok(&format!("play {mv}"));
    }
    let defs = engine.ok("gogui-analyze_commands");
    let listed = engine.ok("list_commands");
    let mut types = Vec::new();
    for def in defs.lines() {
        let fields: Vec<&str> = def.split('/').collect();
        assert!((3..=5).contains(&fields.len()), "{def}");
        let (kind, command) = (fields[0], fields[2]);
        let name = command.split(' ').next().unwrap();
        assert!(listed.lines().any(|l| l == name), "{name} not listed");
        let reply = engine.ok(command);
        match kind {
            "dboard" => {
                let rows: Vec<&str> = reply.trim_start_matches('\n').lines().collect();
                assert_eq!(rows.len(), 9, "{reply}");
                for row in rows {
                    let values: Vec<f64> = row.split(' ').map(|v| v.parse().unwrap()).collect();
                    assert_eq!(values.len(), 9);
                    assert!(values.iter().all(|v| (-1.0..=1.0).contains(v)));
                }
            }
            "pspairs" => {
                let words: Vec<&str> = reply.split_whitespace().collect();
                assert!(
                    !words.is_empty() && words.len().is_multiple_of(2),
                    "{reply}"
                );
                for pair in words.chunks(2) {
                    assert!(is_vertex(pair[0], 9), "{reply}");
                    assert!(pair[1].parse::<u32>().is_ok(), "{reply}");
                }
            }
            "var" => {
                let moves: Vec<&str> = reply.split_whitespace().collect();
                assert!(!moves.is_empty(), "{reply}");
                assert!(moves.iter().all(|m| is_vertex(m, 9) || *m == "pass"));
                // The first move is White's (White to move) on an empty point.
                let reply = engine.ask(&format!("is_legal w {}", moves[0]));
                assert_eq!(reply, "= 1");
            }
            "plist" => assert!(reply.split_whitespace().all(|p| is_vertex(p, 9))),
            "string" => assert!(!reply.is_empty()),
            other => panic!("unexpected type {other}"),
        }
        types.push(kind.to_string());
    }
    for kind in ["dboard", "pspairs", "var", "plist", "string"] {
        assert!(types.iter().any(|t| t == kind), "no {kind} command");
    }
    // Nothing was played by the analyze commands.
    assert_eq!(engine.ok("list_stones w"), "C3");
    engine.quit_within(Duration::from_secs(3));
}

#[test]
fn gogui_interrupt_stops_an_analyze_command() {
    let mut engine = Engine::start(&["--seed", "1", "--playouts", "2000000000"]);
    engine.ok("boardsize 9");
    engine.send("tengen-visits");
    thread::sleep(Duration::from_millis(300));
    engine.send("# interrupt");
    let reply = engine.reply_within(Duration::from_secs(5));
    assert!(reply.starts_with("= "), "{reply}");
    engine.quit_within(Duration::from_secs(3));
}

/// What q5Go 2.x reads of one `info move` entry (src/qgtp.cpp, `GTP_Eval_Controller::gtp_eval`):
/// the move, visits, win rate and variation, and a score only when both `scoreMean` and
/// `scoreStdev` are there, each followed by a space. The same regular expressions, with the
/// `regex` crate.
#[derive(Debug)]
struct Q5goEntry {
    mv: String,
    visits: u32,
    win_rate: f64,
    pv: String,
    score: Option<(f64, f64)>,
}

fn q5go_reads(line: &str) -> Vec<Q5goEntry> {
    use regex::Regex;
    let mv = Regex::new(r"^(\S+)\s+").unwrap();
    let visits = Regex::new(r"\s+visits\s+(\d+)\s+").unwrap();
    let wr = Regex::new(r"\s+winrate\s+([^\s]+)\s+").unwrap();
    let pv = Regex::new(r"\s+pv\s+(.*)$").unwrap();
    let mean = Regex::new(r"\s+scoreMean\s+([^\s]+)\s+").unwrap();
    let stdev = Regex::new(r"\s+scoreStdev\s+([^\s]+)\s+").unwrap();
    line.split("info move ")
        .filter(|e| !e.is_empty())
        .filter_map(|e| {
            let get = |r: &Regex| r.captures(e).map(|c| c[1].to_string());
            let score = match (get(&mean), get(&stdev)) {
                (Some(m), Some(s)) => Some((m.parse().ok()?, s.parse().ok()?)),
                _ => None,
            };
            Some(Q5goEntry {
                mv: get(&mv)?,
                visits: get(&visits)?.parse().ok()?,
                win_rate: get(&wr)?.parse().ok()?,
                pv: get(&pv)?,
                score,
            })
        })
        .collect()
}

/// q5Go sends `kata-analyze <colour> <interval>` once `known_command kata-analyze` says true,
/// and shows a score only from lines with `scoreMean` and `scoreStdev`: every entry of
/// tengen's lines gives it one, the spread of the playouts' scores (0 or more, larger than
/// the lead's own noise on an open board).
#[test]
fn q5go_reads_a_score_from_every_kata_analyze_entry() {
    let mut engine = Engine::start(ARGS);
    engine.ok("boardsize 9");
    engine.ok("clear_board");
    engine.ok("komi 7");
    assert_eq!(engine.ok("known_command kata-analyze"), "true");
    engine.send("kata-analyze black 20");
    thread::sleep(Duration::from_millis(800));
    engine.send("name");
    let reply = engine.reply();
    assert_eq!(engine.reply(), "= tengen");
    let mut read = 0;
    for line in reply.lines().filter(|l| l.starts_with("info move ")) {
        check_info_line(line, Dialect::Kata, 9);
        let entries = q5go_reads(line);
        assert_eq!(entries.len(), line.matches("info move ").count(), "{line}");
        for e in &entries {
            let (mean, stdev) = e
                .score
                .unwrap_or_else(|| panic!("no score for q5Go: {e:?}"));
            assert!(mean.is_finite() && stdev >= 0.0, "{e:?}");
            assert!((0.0..=1.0).contains(&e.win_rate) && e.visits > 0, "{e:?}");
            assert!(e.pv.starts_with(&e.mv), "{e:?}");
        }
        read += entries.len();
    }
    assert!(read > 0, "{reply}");
    // The most visited move of an open board has spread-out scores.
    let last = reply
        .lines()
        .rfind(|l| l.starts_with("info move "))
        .unwrap();
    let best = &q5go_reads(last)[0];
    assert!(best.score.unwrap().1 > 1.0, "{best:?}");
    engine.quit_within(Duration::from_secs(3));
}
