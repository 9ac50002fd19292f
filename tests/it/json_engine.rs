//! `tengen analysis` through the real binary: KataGo's JSON analysis protocol as KaTrain and
//! other review tools speak it. Bad lines get an error for their id and the next query is
//! answered; several queries in flight each get their answers; `terminate` stops a search
//! and takes waiting turns off; the end of input finishes the waiting queries (or drops them
//! with `-quit-without-waiting`); KataGo's arguments are ignored with one line on stderr.
//! And KaTrain's own engine client analysing a game (tests/scripts/katrain_analysis.py),
//! which skips with the reason when python or KaTrain is missing.

use serde_json::Value;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::thread;
use std::time::{Duration, Instant};

/// A running `tengen analysis` and the lines it writes.
struct Analysis {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Value>,
}

impl Analysis {
    fn start(args: &[&str]) -> Analysis {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tengen"))
            .arg("analysis")
            .args(["--threads", "1", "--max-time", "60"])
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("starting tengen analysis");
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                let value: Value = serde_json::from_str(&line)
                    .unwrap_or_else(|e| panic!("not a JSON line ({e}): {line}"));
                if tx.send(value).is_err() {
                    break;
                }
            }
        });
        Analysis {
            child,
            stdin,
            lines,
        }
    }

    fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
    }

    fn close(&mut self) {
        self.stdin = None;
    }

    /// The next line, within `secs` seconds.
    fn next(&self, secs: u64) -> Value {
        self.lines
            .recv_timeout(Duration::from_secs(secs))
            .unwrap_or_else(|_| panic!("no line within {secs} s"))
    }

    /// Lines until one satisfies `done` (included), within `secs` seconds.
    fn until(&self, secs: u64, done: impl Fn(&Value) -> bool) -> Vec<Value> {
        let start = Instant::now();
        let mut out = Vec::new();
        loop {
            let left = Duration::from_secs(secs).saturating_sub(start.elapsed());
            let line = self
                .lines
                .recv_timeout(left)
                .unwrap_or_else(|_| panic!("no end within {secs} s; got {out:?}"));
            let end = done(&line);
            out.push(line);
            if end {
                return out;
            }
        }
    }

    /// Waits for the process to exit, within `secs`; its status and stderr.
    fn wait(mut self, secs: u64) -> (bool, String) {
        self.stdin = None;
        let start = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                let mut stderr = String::new();
                use std::io::Read;
                let _ = self
                    .child
                    .stderr
                    .take()
                    .unwrap()
                    .read_to_string(&mut stderr);
                return (status.success(), stderr);
            }
            if start.elapsed() > Duration::from_secs(secs) {
                let _ = self.child.kill();
                panic!("tengen analysis did not exit within {secs} s");
            }
            thread::sleep(Duration::from_millis(20));
        }
    }
}

fn final_answer_of(id: &str) -> impl Fn(&Value) -> bool + '_ {
    move |v| v["id"] == id && v["isDuringSearch"] == false
}

const NINE: &str = r#""rules":"chinese","komi":7,"boardXSize":9,"boardYSize":9"#;

#[test]
fn bad_queries_get_an_error_for_their_id_and_the_next_query_is_answered() {
    let mut a = Analysis::start(&["-model", "model.bin.gz", "-config", "analysis.cfg"]);
    let bad = [
        ("{\"id\":\"json\",", None),
        (
            r#"{"id":"size","rules":"chinese","boardXSize":30,"boardYSize":30,"moves":[]}"#,
            Some("boardXSize"),
        ),
        (
            r#"{"id":"moves","rules":"chinese","boardXSize":9,"boardYSize":9,"moves":[["B","E5"],["W","E5"]]}"#,
            Some("moves"),
        ),
        (
            r#"{"id":"vertex","rules":"chinese","boardXSize":9,"boardYSize":9,"moves":[["B","T19"]]}"#,
            Some("moves"),
        ),
        (
            r#"{"id":"turn","rules":"chinese","boardXSize":9,"boardYSize":9,"moves":[],"analyzeTurns":[5]}"#,
            Some("analyzeTurns"),
        ),
    ];
    for (line, field) in bad {
        a.send(line);
        let answer = a.next(10);
        assert!(answer["error"].is_string(), "{line} → {answer}");
        match field {
            Some(field) => assert_eq!(answer["field"], field, "{answer}"),
            // The id of a line that is not JSON cannot be known.
            None => assert!(answer.get("id").is_none(), "{answer}"),
        }
    }
    // An unknown field is a warning, and the query is answered.
    a.send(&format!(
        r#"{{"id":"ok",{NINE},"moves":[["B","E5"]],"maxVisits":300,"colour":"black"}}"#
    ));
    let lines = a.until(20, final_answer_of("ok"));
    assert_eq!(
        lines[0]["warning"].as_str().map(|_| ()),
        Some(()),
        "{lines:?}"
    );
    assert_eq!(lines[0]["field"], "colour");
    let answer = lines.last().unwrap();
    assert_eq!(answer["turnNumber"], 1);
    assert_eq!(answer["rootInfo"]["currentPlayer"], "W");
    assert_eq!(answer["rootInfo"]["visits"], 300);
    assert!(!answer["moveInfos"].as_array().unwrap().is_empty());
    let (ok, stderr) = a.wait(10);
    assert!(ok);
    // KataGo's arguments, said once.
    assert_eq!(
        stderr.matches("ignoring KataGo's -model").count(),
        1,
        "{stderr}"
    );
}

#[test]
fn several_queries_in_flight_are_answered_by_priority_then_arrival() {
    let mut a = Analysis::start(&[]);
    // The first takes the engine for a while (its first report says it has begun); the next
    // three wait, and go by priority.
    a.send(&format!(
        r#"{{"id":"first",{NINE},"moves":[],"maxVisits":3000,"reportDuringSearchEvery":0.02}}"#
    ));
    assert_eq!(a.next(10)["isDuringSearch"], true);
    for (id, priority) in [("low", 0), ("high", 5), ("low2", 0)] {
        a.send(&format!(
            r#"{{"id":"{id}",{NINE},"moves":[["B","C3"]],"analyzeTurns":[0,1],"maxVisits":100,"priority":{priority}}}"#
        ));
    }
    let mut order = Vec::new();
    while order.len() < 7 {
        let v = a.next(60);
        if v["isDuringSearch"] == false {
            order.push(format!("{}:{}", v["id"].as_str().unwrap(), v["turnNumber"]));
        }
    }
    assert_eq!(
        order,
        ["first:0", "high:0", "high:1", "low:0", "low:1", "low2:0", "low2:1"]
    );
    let (ok, _) = a.wait(10);
    assert!(ok);
}

#[test]
fn terminate_stops_the_search_and_drops_the_waiting_turns() {
    let mut a = Analysis::start(&[]);
    a.send(&format!(
        r#"{{"id":"long",{NINE},"moves":[["B","E5"]],"analyzeTurns":[0,1],"maxVisits":100000000,"reportDuringSearchEvery":0.1}}"#
    ));
    let report = a.next(10);
    assert_eq!(report["isDuringSearch"], true, "{report}");
    assert_eq!(report["id"], "long");
    // An unknown id: the echo only.
    a.send(r#"{"id":"t0","action":"terminate","terminateId":"nobody"}"#);
    let echo = a.until(10, |v| v["id"] == "t0");
    assert_eq!(echo.last().unwrap()["terminateId"], "nobody");
    let sent = Instant::now();
    a.send(r#"{"id":"t1","action":"terminate","terminateId":"long"}"#);
    // The echo, `noResults` for the waiting turn 1, and the final answer of turn 0 with what
    // its search found, in any order.
    let (mut echo, mut dropped, mut answer) = (None, None, None);
    while echo.is_none() || dropped.is_none() || answer.is_none() {
        let v = a.next(10);
        if v["id"] == "t1" {
            echo = Some(v);
        } else if v["id"] == "long" && v["turnNumber"] == 1 {
            dropped = Some(v);
        } else if v["id"] == "long" && v["isDuringSearch"] == false {
            answer = Some(v);
        }
    }
    assert_eq!(echo.unwrap()["action"], "terminate");
    assert_eq!(dropped.unwrap()["noResults"], true);
    let answer = answer.unwrap();
    assert_eq!(answer["turnNumber"], 0);
    assert!(answer["rootInfo"]["visits"].as_u64().unwrap() > 0);
    assert!(
        sent.elapsed() < Duration::from_secs(3),
        "terminated after {:?}",
        sent.elapsed()
    );
    // The engine goes on.
    a.send(&format!(
        r#"{{"id":"after",{NINE},"moves":[],"maxVisits":50}}"#
    ));
    a.until(10, final_answer_of("after"));
    let (ok, _) = a.wait(10);
    assert!(ok);
}

#[test]
fn the_end_of_input_finishes_the_waiting_queries_unless_told_not_to() {
    let mut a = Analysis::start(&[]);
    a.send(&format!(
        r#"{{"id":"a",{NINE},"moves":[],"maxVisits":2000}}"#
    ));
    a.send(&format!(
        r#"{{"id":"b",{NINE},"moves":[["B","E5"]],"maxVisits":500}}"#
    ));
    a.close();
    let lines = a.until(30, final_answer_of("b"));
    assert!(lines.iter().any(final_answer_of("a")));
    let (ok, _) = a.wait(10);
    assert!(ok);

    let mut a = Analysis::start(&["-quit-without-waiting"]);
    a.send(&format!(
        r#"{{"id":"long",{NINE},"moves":[],"maxVisits":100000000,"reportDuringSearchEvery":0.1}}"#
    ));
    assert_eq!(a.next(10)["isDuringSearch"], true);
    a.close();
    let start = Instant::now();
    let (ok, _) = a.wait(10);
    assert!(ok);
    assert!(start.elapsed() < Duration::from_secs(3));
}

/// KaTrain's engine client (katrain/core/engine.py, installed by `.ci/run` into
/// tests/katrain/site) analyses a 9x9 game with `tengen analysis`: every node gets a win
/// rate, a score, candidate moves, ownership and policy, and pondering stops on
/// `terminate`. Skips with the reason without python3 or KaTrain.
#[test]
fn katrain_analyses_a_game() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let script = root.join("tests/scripts/katrain_analysis.py");
    let python_ok = Command::new("python3")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !python_ok {
        eprintln!("skipped: python3 is not installed");
        return;
    }
    let transcript =
        std::env::temp_dir().join(format!("tengen-katrain-{}.jsonl", std::process::id()));
    let out = Command::new("python3")
        .arg(&script)
        .arg(env!("CARGO_BIN_EXE_tengen"))
        .arg(&transcript)
        .output()
        .expect("running python3");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    eprintln!("{stdout}");
    if stdout.starts_with("skipped:") {
        return;
    }
    assert!(out.status.success(), "KaTrain failed:\n{stdout}\n{stderr}");
    for step in [
        "ok: KaTrain queued 24 positions",
        "ok: every node has win rate, score, candidate moves, ownership and policy",
        "ok: pondering stopped by terminate",
        "ok: transcript",
    ] {
        assert!(stdout.contains(step), "missing {step:?}:\n{stdout}");
    }
    let _ = std::fs::remove_file(&transcript);
}
