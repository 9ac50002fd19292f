//! The JSON fuzz target's check (`fuzz/fuzz_targets/json.rs` includes this file with
//! `#[path]`), and the regression test that runs it on every input the fuzzer found
//! (`tests/data/fuzz/json/`, minimised) and on the hand-made seeds (`fuzz/seeds/json/`).
//!
//! `json_session`: the input is a session of `tengen analysis`, one line a query or action.
//! Each line goes through the engine's own step (`json_engine::handle`: the parser, the
//! queue, the actions), then at most one waiting turn is searched (`Analyst::answer`, capped
//! at `VISITS` playouts), on one thread so that a run is reproducible and `terminate` finds
//! turns still waiting. At the end a few more turns are searched and the rest terminated.
//! The check keeps its own list of the turns owed an answer (from `query::parse` of each
//! line) and asserts, line by line:
//! - every line out is one JSON object; a blank line gets nothing; a line gets one `warning`
//!   line per warning of its parse, then one `error` (its id, its field) when refused;
//! - an action's answer echoes its id and action; `terminate` answers `noResults` for exactly
//!   the waiting turns it matches;
//! - a searched turn gets reports with `isDuringSearch` true, then exactly one final answer;
//!   each move of `moveInfos` is legal and allowed by `avoidMoves`/`allowMoves`, its
//!   variation is played in turn on the board, its figures are finite and in range; the
//!   `ownership` and `policy` arrays have the board's length;
//! - every turn queued is answered once, by a search or by `noResults`; none is left.
//!
//! Under libFuzzer any panic aborts, even one `Analyst::answer` would catch and answer with an
//! `error` line, so such panics are found too.

use serde_json::Value;
use std::collections::BTreeMap;
use std::io::{self, Write};
use std::sync::{Arc, Mutex};
use tengen::board::PlayError;
use tengen::game::Game;
use tengen::geom::{Color, Move};
use tengen::json_engine::query::{self, Action, Query, Request};
use tengen::json_engine::queue::Queue;
use tengen::json_engine::{self, Analyst, Output};

/// Lines of a session read; the rest are cut (each may search a turn).
pub const MAX_LINES: usize = 32;
/// Playouts of each turn, whatever the query asks.
const VISITS: u64 = 8;
/// Turns searched at the end of the input; the others waiting are terminated.
const LAST_SEARCHES: usize = 4;

/// A `Write` the check reads back.
#[derive(Clone, Default)]
struct Buffer(Arc<Mutex<Vec<u8>>>);

impl Write for Buffer {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl Buffer {
    /// The lines written since the last call, each one JSON object.
    fn take(&self) -> Vec<Value> {
        let bytes = std::mem::take(&mut *self.0.lock().unwrap());
        let text = String::from_utf8(bytes).expect("the output is UTF-8");
        text.lines()
            .map(|line| {
                let value: Value = serde_json::from_str(line)
                    .unwrap_or_else(|e| panic!("not a JSON line ({e}): {line}"));
                assert!(value.is_object(), "{line}");
                value
            })
            .collect()
    }
}

/// A small engine: one thread, a small tree, `VISITS` playouts a turn.
fn small_config() -> json_engine::Config {
    let mut config = json_engine::Config {
        max_visits: VISITS,
        visits_limit: Some(VISITS),
        ..json_engine::Config::default()
    };
    config.search.threads = 1;
    config.search.max_nodes = 20_000;
    config
}

/// The turns owed an answer: (query id, turn) → how many (two queries may share an id).
type Owed = BTreeMap<(String, usize), usize>;

/// The JSON target's check (see the module doc).
pub fn json_session(data: &[u8]) {
    let buffer = Buffer::default();
    let output = Output::new(Box::new(buffer.clone()));
    let queue = Queue::default();
    let mut analyst = Analyst::new(small_config());
    let mut owed = Owed::new();
    for line in data.split(|&b| b == b'\n').take(MAX_LINES) {
        json_engine::handle(line, &queue, &output);
        check_line(line, &buffer.take(), &mut owed);
        search_one(&queue, &mut analyst, &output, &buffer, &mut owed);
    }
    for _ in 0..LAST_SEARCHES {
        search_one(&queue, &mut analyst, &output, &buffer, &mut owed);
    }
    let end = br#"{"id":"end","action":"terminate_all"}"#;
    json_engine::handle(end, &queue, &output);
    check_line(end, &buffer.take(), &mut owed);
    assert_eq!(queue.waiting(), 0);
    assert!(owed.is_empty(), "turns never answered: {owed:?}");
}

/// The lines `handle` wrote for `line`, against what `query::parse` says of it.
fn check_line(line: &[u8], out: &[Value], owed: &mut Owed) {
    let text = String::from_utf8_lossy(line);
    let text = text.trim();
    if text.is_empty() {
        assert!(out.is_empty(), "a blank line answered: {out:?}");
        return;
    }
    let parsed = query::parse(text);
    let id = parsed.id.as_deref();
    let n_warnings = parsed.warnings.len();
    assert!(out.len() >= n_warnings, "{text}: {out:?}");
    for (w, problem) in out[..n_warnings].iter().zip(&parsed.warnings) {
        assert_eq!(w["warning"], problem.message.as_str(), "{text}: {out:?}");
        assert_eq!(w.get("id").and_then(Value::as_str), id, "{text}: {out:?}");
    }
    let rest = &out[n_warnings..];
    match parsed.request {
        Err(problem) => {
            assert_eq!(rest.len(), 1, "{text}: {out:?}");
            assert_eq!(rest[0]["error"], problem.message.as_str(), "{text}");
            assert_eq!(rest[0].get("id").and_then(Value::as_str), id, "{text}");
            assert_eq!(
                rest[0].get("field").and_then(Value::as_str),
                problem.field.as_deref()
            );
        }
        Ok(Request::Analyze(q)) => {
            if rest.is_empty() {
                for &(turn, _) in &q.turns {
                    *owed.entry((q.id.clone(), turn)).or_default() += 1;
                }
            } else {
                // Refused by the queue's caps: one error for the query.
                assert_eq!(rest.len(), 1, "{text}: {out:?}");
                assert_eq!(rest[0]["id"], q.id.as_str());
                assert!(rest[0]["error"].as_str().unwrap().contains("too many"));
            }
        }
        Ok(Request::Action(action, echo)) => {
            let (last, before) = rest.split_last().expect("an action is answered");
            assert_eq!(last["id"], echo["id"], "{text}: {out:?}");
            assert_eq!(last["action"], echo["action"], "{text}: {out:?}");
            let Action::Terminate { id, turns } = action else {
                assert!(before.is_empty(), "{text}: {out:?}");
                return;
            };
            check_terminated(id.as_deref(), turns.as_deref(), before, owed);
        }
    }
}

/// `terminate`'s `noResults` answers are exactly the waiting turns it matches.
fn check_terminated(id: Option<&str>, turns: Option<&[usize]>, out: &[Value], owed: &mut Owed) {
    let matches = |qid: &str, turn: usize| {
        id.is_none_or(|id| id == qid) && turns.is_none_or(|t| t.contains(&turn))
    };
    let mut expected: Vec<(String, usize)> = Vec::new();
    owed.retain(|(qid, turn), n| {
        if matches(qid, *turn) {
            expected.extend(std::iter::repeat_n((qid.clone(), *turn), *n));
            false
        } else {
            true
        }
    });
    let mut got: Vec<(String, usize)> = out
        .iter()
        .map(|a| {
            assert_eq!(a["noResults"], true, "{a}");
            assert_eq!(a["isDuringSearch"], false, "{a}");
            let turn = a["turnNumber"].as_u64().unwrap() as usize;
            (a["id"].as_str().unwrap().to_string(), turn)
        })
        .collect();
    got.sort();
    expected.sort();
    assert_eq!(got, expected);
}

/// Searches the next waiting turn, if any, and checks its answers.
fn search_one(
    queue: &Queue,
    analyst: &mut Analyst,
    output: &Output,
    buffer: &Buffer,
    owed: &mut Owed,
) {
    let Some((job, stop)) = queue.try_pop() else {
        return;
    };
    let key = (job.query.id.clone(), job.turn);
    match owed.get_mut(&key) {
        Some(n) if *n > 1 => *n -= 1,
        Some(_) => {
            owed.remove(&key);
        }
        None => panic!("a turn searched that nobody asked for: {key:?}"),
    }
    analyst.answer(&job, stop, output);
    queue.done();
    let out = buffer.take();
    let (last, during) = out.split_last().expect("a searched turn is answered");
    for a in during {
        assert_eq!(a["isDuringSearch"], true, "{a}");
        check_answer(&job.query, job.turn, a);
    }
    assert_eq!(last["isDuringSearch"], false, "{last}");
    assert!(last.get("error").is_none(), "{last}");
    check_answer(&job.query, job.turn, last);
}

/// One analysis of `turn` of `q` (see the module doc).
fn check_answer(q: &Query, turn: usize, a: &Value) {
    assert_eq!(a["id"], q.id.as_str(), "{a}");
    assert_eq!(a["turnNumber"], turn, "{a}");
    let game = q.position(turn);
    let color = q.to_move(turn);
    let size = game.size();
    let root = &a["rootInfo"];
    let letter = if color == Color::Black { "B" } else { "W" };
    assert_eq!(root["currentPlayer"], letter, "{a}");
    let root_visits = root["visits"].as_u64().unwrap();
    assert!(root_visits <= VISITS + 1, "{a}");
    assert!(probability(&root["winrate"]), "{a}");
    let infos = a["moveInfos"].as_array().unwrap();
    let mut visits = 0;
    for (order, info) in infos.iter().enumerate() {
        assert_eq!(info["order"], order, "{a}");
        visits += info["visits"].as_u64().unwrap();
        assert!(probability(&info["winrate"]), "{a}");
        assert!(info["lcb"].as_f64().unwrap().is_finite(), "{a}");
        assert!(probability(&info["prior"]), "{a}");
        for key in ["scoreLead", "scoreStdev"] {
            assert!(info[key].as_f64().unwrap().is_finite(), "{a}");
        }
        let pv: Vec<Move> = info["pv"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| Move::parse(m.as_str().unwrap(), size).unwrap())
            .collect();
        assert_eq!(pv[0].to_string(), info["move"].as_str().unwrap(), "{a}");
        for (depth, &mv) in pv.iter().enumerate() {
            let mover = if depth % 2 == 0 {
                color
            } else {
                color.opponent()
            };
            assert!(
                !q.bars(mover, mv, depth),
                "{mv} barred at depth {depth}: {a}"
            );
        }
        check_variation(&game, color, &pv);
    }
    assert!(visits <= root_visits, "{a}");
    if let Some(own) = a.get("ownership") {
        assert!(q.include_ownership);
        let own = own.as_array().unwrap();
        assert_eq!(own.len(), size * size);
        assert!(own.iter().all(|x| x.as_f64().unwrap().abs() <= 1.0));
    }
    if let Some(policy) = a.get("policy") {
        assert!(q.include_policy);
        assert_eq!(policy.as_array().unwrap().len(), size * size + 1);
    }
}

/// A number in [0, 1].
fn probability(x: &Value) -> bool {
    x.as_f64().is_some_and(|x| (0.0..=1.0).contains(&x))
}

/// Plays `pv` from `game`, `color` first: every move legal, but for a superko repetition
/// (the search's tree plays simple ko only below the root, whose moves are checked).
fn check_variation(game: &Game, color: Color, pv: &[Move]) {
    let mut game = game.clone();
    let mut color = color;
    for (i, &mv) in pv.iter().enumerate() {
        match game.try_play(color, mv) {
            Ok(()) => {}
            Err(PlayError::Superko) if i > 0 => game.play_lenient(color, mv).unwrap(),
            Err(e) => panic!("move {i} of {pv:?} ({color} {mv}): {e}"),
        }
        color = color.opponent();
    }
}

#[test]
fn fuzzed_json_sessions_pass_the_json_targets_check() {
    for (path, bytes) in super::fuzzed::inputs(&["tests/data/fuzz/json", "fuzz/seeds/json"]) {
        eprintln!("{}", path.display());
        json_session(&bytes);
    }
}
