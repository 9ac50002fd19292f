//! Random streams of KataGo's JSON analysis protocol against the real `tengen analysis` with
//! two search threads (issue 36): queries of random games on boards of 5 to 19 with several
//! turns, priorities, reports during the search, `avoidMoves`, ownership and policy;
//! `terminate` of queries running, waiting, answered or never sent, with or without turns;
//! `terminate_all`; the other actions; bad lines (garbage bytes, JSON that is no object,
//! wrong types, illegal moves, deep nesting, a line over the 1 MiB cap); pauses; and stdin
//! closed at the end, often while a search runs, sometimes with `-quit-without-waiting`.
//!
//! After each stream, against what `query::parse` says of each line (the engine's own
//! parser, pure): every line out is one JSON object; each refused line got one `error` (with
//! its id when it had one) and each query its warnings; each action its echo; each turn of
//! each query exactly one final answer (a search or `noResults`), after its reports — at
//! most one with `-quit-without-waiting`; tengen exited by itself, successfully, within the
//! time its searches need; its peak resident memory stayed under `PEAK_KB`.
//!
//! Seeded: `TENGEN_STREAM_SEED=N` runs the one stream of seed N (and prints it). The soak,
//! `json_soak` (ignored; `TENGEN_JSON_SOAK_SECONDS`, default 600), runs streams with longer
//! searches until its time is up and prints the totals (docs/reliability.md).

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};
use tengen::game::{Game, Rules};
use tengen::geom::{Color, Move, Point};
use tengen::json_engine::query::{self, Request};
use tengen::json_engine::MAX_LINE_BYTES;

/// Streams per run of the property test, and lines per stream at most.
const STREAMS: u64 = 12;
const MAX_ITEMS: usize = 40;
/// The bound on the peak resident memory (VmHWM) of a stream, in kB: `--max-memory 64` for
/// the tree (at most), the two workers' tables (a few MB each), the queue, the 1 MiB line
/// buffer. The soak's streams peaked at 34 MB.
const PEAK_KB: u64 = 96 * 1024;

/// What one stream sends, and what it expects of each line.
struct Stream {
    args: Vec<String>,
    lines: Vec<(Vec<u8>, Duration)>,
    quit_without_waiting: bool,
}

/// A random game of `n` moves at most on a board of `size` (legal moves, passes now and
/// then), as `[color, vertex]` pairs.
fn random_moves(rng: &mut SmallRng, size: usize, n: usize) -> Vec<(Color, Move)> {
    let mut game = Game::new(size, Rules::default());
    let mut moves = Vec::new();
    let mut color = Color::Black;
    for _ in 0..n {
        let mut mv = Move::Pass;
        for _ in 0..20 {
            let p = Point::new(rng.gen_range(0..size), rng.gen_range(0..size));
            if game.check(color, Move::Play(p)).is_ok() {
                mv = Move::Play(p);
                break;
            }
        }
        if rng.gen_bool(0.05) {
            mv = Move::Pass;
        }
        if game.try_play(color, mv).is_err() {
            break;
        }
        moves.push((color, mv));
        color = color.opponent();
    }
    moves
}

fn letter(color: Color) -> &'static str {
    if color == Color::Black {
        "B"
    } else {
        "W"
    }
}

/// A query `id` of a random game, with `visits` playouts at most.
fn random_query(rng: &mut SmallRng, id: &str, visits: u64) -> Value {
    let size = [5, 7, 9, 9, 13, 19][rng.gen_range(0..6)];
    let n = rng.gen_range(0..30);
    let moves = random_moves(rng, size, n);
    let pairs: Vec<Value> = moves
        .iter()
        .map(|&(c, mv)| json!([letter(c), mv.to_string()]))
        .collect();
    let rules = ["chinese", "japanese", "tromp-taylor"][rng.gen_range(0..3)];
    let mut q = json!({
        "id": id,
        "rules": rules,
        "komi": 7.5,
        "boardXSize": size,
        "boardYSize": size,
        "moves": pairs,
        "maxVisits": rng.gen_range(1..=visits),
    });
    let turns: Vec<usize> = (0..rng.gen_range(1..4))
        .map(|_| rng.gen_range(0..=moves.len()))
        .collect();
    q["analyzeTurns"] = json!(turns);
    if rng.gen_bool(0.3) {
        q["priority"] = json!(rng.gen_range(-5..5));
    }
    if rng.gen_bool(0.3) {
        q["reportDuringSearchEvery"] = json!(0.02);
    }
    if rng.gen_bool(0.3) {
        q["includeOwnership"] = json!(true);
        q["includePolicy"] = json!(true);
    }
    if rng.gen_bool(0.2) {
        q["includeMovesOwnership"] = json!(true);
    }
    if rng.gen_bool(0.2) {
        let avoided: Vec<String> = random_moves(rng, size, 6)
            .iter()
            .map(|(_, mv)| mv.to_string())
            .collect();
        q["avoidMoves"] = json!([{"player": "B", "moves": avoided, "untilDepth": 3}]);
    }
    if rng.gen_bool(0.1) {
        q["overrideSettings"] = json!({"maxTime": 0.05, "wideRootNoise": 0.04});
    }
    q
}

/// A line the engine must refuse (or, for the last kinds, answer with an error).
fn bad_line(rng: &mut SmallRng, i: usize) -> Vec<u8> {
    let id = format!("b{i}");
    match rng.gen_range(0..8) {
        0 => (0..rng.gen_range(1..200))
            .map(|_| rng.gen::<u8>())
            .filter(|&b| b != b'\n')
            .collect(),
        1 => b"[1, 2, {\"id\": \"x\"}]".to_vec(),
        2 => json!({"id": id, "boardXSize": "nine", "boardYSize": 9, "rules": "chinese", "moves": []})
            .to_string()
            .into_bytes(),
        3 => json!({"id": id, "boardXSize": 9, "boardYSize": 9, "rules": "chinese",
                    "moves": [["B", "E5"], ["W", "E5"]]})
        .to_string()
        .into_bytes(),
        4 => format!("{}{}", "[".repeat(5000), "]".repeat(5000)).into_bytes(),
        5 => json!({"id": id, "boardXSize": 30, "boardYSize": 30, "rules": "chinese", "moves": []})
            .to_string()
            .into_bytes(),
        6 if rng.gen_bool(0.3) => {
            let mut line = format!("{{\"id\":\"{id}\",\"x\":\"").into_bytes();
            line.resize(MAX_LINE_BYTES + 100, b'a');
            line
        }
        _ => json!({"id": id, "action": "terminate"}).to_string().into_bytes(),
    }
}

/// Stream `seed`: its arguments and lines.
fn stream(seed: u64, visits: u64, max_items: usize) -> Stream {
    let mut rng = SmallRng::seed_from_u64(seed);
    let quit_without_waiting = rng.gen_bool(0.25);
    let mut args: Vec<String> = ["analysis", "--threads", "2", "--max-memory", "64"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    args.extend(["--seed".to_string(), seed.to_string()]);
    if quit_without_waiting {
        args.push("-quit-without-waiting".into());
    }
    if rng.gen_bool(0.3) {
        args.extend(["-model".to_string(), "kata.bin.gz".to_string()]);
    }
    let mut lines = Vec::new();
    let mut queries = 0;
    for i in 0..rng.gen_range(1..=max_items) {
        let line = match rng.gen_range(0..100) {
            0..=49 => {
                queries += 1;
                random_query(&mut rng, &format!("q{}", queries - 1), visits)
                    .to_string()
                    .into_bytes()
            }
            50..=61 => {
                let target = if queries > 0 && rng.gen_bool(0.8) {
                    format!("q{}", rng.gen_range(0..queries))
                } else {
                    "nobody".into()
                };
                let mut t = json!({"id": format!("t{i}"), "action": "terminate",
                                   "terminateId": target});
                if rng.gen_bool(0.3) {
                    t["turnNumbers"] = json!([rng.gen_range(0..5), rng.gen_range(0..30)]);
                }
                t.to_string().into_bytes()
            }
            62..=64 => json!({"id": format!("t{i}"), "action": "terminate_all"})
                .to_string()
                .into_bytes(),
            65..=69 => {
                let action = ["query_version", "query_models", "clear_cache"][rng.gen_range(0..3)];
                json!({"id": format!("a{i}"), "action": action})
                    .to_string()
                    .into_bytes()
            }
            70..=74 => Vec::new(),
            _ => bad_line(&mut rng, i),
        };
        let pause = if rng.gen_bool(0.3) {
            Duration::from_millis(rng.gen_range(0..60))
        } else {
            Duration::ZERO
        };
        lines.push((line, pause));
    }
    Stream {
        args,
        lines,
        quit_without_waiting,
    }
}

/// What a run of one stream did: lines out, turns searched, peak memory.
struct Ran {
    answers: usize,
    turns: usize,
    peak_kb: u64,
}

/// The peak resident memory of process `pid` so far, in kB (None once it has gone).
fn peak_kb(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Runs `s` through the binary and checks it (see the module doc).
fn run_stream(s: &Stream, limit: Duration) -> Ran {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tengen"))
        .args(&s.args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("starting tengen analysis");
    let pid = child.id();
    let stdout = child.stdout.take().unwrap();
    let reader = thread::spawn(move || {
        BufReader::new(stdout)
            .split(b'\n')
            .map(|l| l.expect("reading tengen's stdout"))
            .collect::<Vec<Vec<u8>>>()
    });
    let mut stdin = child.stdin.take().unwrap();
    let mut peak = 0;
    for (line, pause) in &s.lines {
        stdin.write_all(line).unwrap();
        stdin.write_all(b"\n").unwrap();
        stdin.flush().unwrap();
        thread::sleep(*pause);
        peak = peak.max(peak_kb(pid).unwrap_or(0));
    }
    drop(stdin);
    let start = Instant::now();
    let status = loop {
        peak = peak.max(peak_kb(pid).unwrap_or(0));
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            panic!("tengen analysis still running {limit:?} after the end of its input");
        }
        thread::sleep(Duration::from_millis(10));
    };
    assert!(status.success(), "{status}");
    assert!(peak < PEAK_KB, "peak {peak} kB");
    let out: Vec<Value> = reader
        .join()
        .unwrap()
        .iter()
        .map(|l| {
            let value: Value = serde_json::from_slice(l)
                .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(l)));
            assert!(value.is_object(), "{value}");
            value
        })
        .collect();
    let turns = check(s, &out);
    Ran {
        answers: out.len(),
        turns,
        peak_kb: peak,
    }
}

/// The lines out of `s` against `query::parse` of each line in; returns the turns searched.
fn check(s: &Stream, out: &[Value]) -> usize {
    let by_id = |id: &str| -> Vec<&Value> { out.iter().filter(|a| a["id"] == id).collect() };
    let mut anonymous_errors = 0;
    let mut searched = 0;
    for (line, _) in &s.lines {
        let text = String::from_utf8_lossy(line);
        let text = text.trim();
        if text.is_empty() {
            continue;
        }
        if line.len() > MAX_LINE_BYTES {
            anonymous_errors += 1;
            continue;
        }
        let parsed = query::parse(text);
        let Some(id) = parsed.id.clone() else {
            anonymous_errors += 1;
            continue;
        };
        let mine = by_id(&id);
        let warnings = mine.iter().filter(|a| a.get("warning").is_some()).count();
        assert_eq!(warnings, parsed.warnings.len(), "{id}: {mine:?}");
        match parsed.request {
            Err(problem) => {
                let errors: Vec<_> = mine.iter().filter(|a| a.get("error").is_some()).collect();
                assert_eq!(errors.len(), 1, "{id}: {mine:?}");
                assert_eq!(errors[0]["error"], problem.message.as_str());
            }
            Ok(Request::Action(..)) => {
                let echoes = mine.iter().filter(|a| a.get("action").is_some()).count();
                assert_eq!(echoes, 1, "{id}: {mine:?}");
                assert_eq!(mine.len(), 1, "{id}: {mine:?}");
            }
            Ok(Request::Analyze(q)) => {
                searched += check_turns(&q.turns, &mine, s.quit_without_waiting);
            }
        }
    }
    let anonymous = out.iter().filter(|a| a.get("id").is_none()).count();
    assert_eq!(anonymous, anonymous_errors, "lines without an id");
    searched
}

/// The answers of one query: each turn's reports, then its one final answer.
fn check_turns(turns: &[(usize, i64)], mine: &[&Value], may_drop: bool) -> usize {
    let mut finals: BTreeMap<u64, usize> = BTreeMap::new();
    let mut searched = 0;
    for a in mine.iter().filter(|a| a.get("turnNumber").is_some()) {
        let turn = a["turnNumber"].as_u64().unwrap();
        assert!(turns.iter().any(|&(t, _)| t as u64 == turn), "{a}");
        assert!(a.get("error").is_none(), "{a}");
        assert_eq!(
            finals.get(&turn),
            None,
            "an answer after the final one: {a}"
        );
        if a["isDuringSearch"] == false {
            finals.insert(turn, 1);
            if a.get("noResults").is_none() {
                searched += 1;
                assert!(a["rootInfo"]["visits"].is_u64(), "{a}");
            }
        } else {
            assert_eq!(a["isDuringSearch"], true, "{a}");
        }
    }
    if !may_drop {
        assert_eq!(finals.len(), turns.len(), "turns {turns:?}: {mine:?}");
    }
    searched
}

fn seed_from_env() -> Option<u64> {
    std::env::var("TENGEN_STREAM_SEED").ok()?.parse().ok()
}

#[test]
fn random_json_streams_answer_every_query_once_and_end_by_themselves() {
    let seeds: Vec<u64> = match seed_from_env() {
        Some(seed) => vec![seed],
        None => (1..=STREAMS).collect(),
    };
    for seed in seeds {
        eprintln!("stream seed {seed}");
        run_stream(&stream(seed, 60, MAX_ITEMS), Duration::from_secs(120));
    }
}

/// The soak: streams of up to 200 lines with searches of up to 2,000 playouts, until
/// `TENGEN_JSON_SOAK_SECONDS` (600) have passed; prints the totals.
#[test]
#[ignore]
fn json_soak() {
    let seconds: u64 = std::env::var("TENGEN_JSON_SOAK_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(600);
    let start = Instant::now();
    let (mut streams, mut lines, mut answers, mut turns, mut peak) = (0, 0, 0, 0, 0);
    while start.elapsed() < Duration::from_secs(seconds) {
        let s = stream(1_000_000 + streams, 2000, 200);
        let ran = run_stream(&s, Duration::from_secs(600));
        streams += 1;
        lines += s.lines.len();
        answers += ran.answers;
        turns += ran.turns;
        peak = peak.max(ran.peak_kb);
    }
    eprintln!(
        "json soak: {streams} streams, {lines} lines in, {answers} lines out, {turns} turns \
         searched, peak {peak} kB, {:.0} s",
        start.elapsed().as_secs_f64()
    );
}
