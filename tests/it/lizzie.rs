//! Lizzie (0.7.x) and lizzieyzy replayed: their start-up and analysis commands as they send
//! them (each line numbered, `lz-analyze` stopped by the next command), and every line tengen
//! writes read as their parsers read it (Leelaz.java): a reply's first line `=N`/`?N` with a
//! numeric id, `info` lines whose visits, win rates, priors and lcb parse as Java integers, and
//! the `version` Lizzie accepts (minor number 15 or more, with `--override-version`). Lizzie
//! reads stderr with stdout: no stderr line, even with `-v`, may start with `=`, `?`, `info`
//! or `play`, or hold ` -> ` (a Leela summary line).

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc::channel;
use std::thread;
use std::time::Duration;

/// One step of a session: a command line, then how long to wait before the next.
type Step = (&'static str, u64);

/// Runs `steps` and returns stdout's and stderr's lines.
fn session(args: &[&str], steps: &[Step]) -> (Vec<String>, Vec<String>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tengen"))
        .args(["--seed", "1", "--threads", "1"])
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stderr = child.stderr.take().unwrap();
    let (tx, rx) = channel();
    thread::spawn(move || {
        let lines: Vec<String> = BufReader::new(stderr)
            .lines()
            .map_while(Result::ok)
            .collect();
        let _ = tx.send(lines);
    });
    let mut stdin = child.stdin.take().unwrap();
    for (i, &(command, wait)) in steps.iter().enumerate() {
        writeln!(stdin, "{} {command}", i + 1).unwrap();
        stdin.flush().unwrap();
        thread::sleep(Duration::from_millis(wait));
    }
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = rx.recv_timeout(Duration::from_secs(10)).unwrap();
    (stdout.lines().map(str::to_string).collect(), stderr)
}

/// `Integer.parseInt`: an optional sign and decimal digits, within 32 bits.
fn java_int(s: &str) -> Option<i32> {
    let digits = s.strip_prefix('-').unwrap_or(s);
    (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()))
        .then(|| s.parse().ok())
        .flatten()
}

/// What Lizzie's `parseLine` does with one line of output: the id of a reply's first line,
/// the entries of an `info` line (each `MoveData.fromInfo`: key value pairs up to `pv`, the
/// numbers Java integers). Panics where Lizzie would throw.
fn lizzie_reads(line: &str) -> Option<i32> {
    if let Some(rest) = line.strip_prefix("info") {
        for entry in rest.split(" info ").filter(|e| !e.trim().is_empty()) {
            let data: Vec<&str> = entry.trim().split(' ').collect();
            let mut i = 0;
            let mut pv = false;
            while i < data.len() {
                let key = data[i];
                if key == "pv" {
                    pv = data.len() > i + 1;
                    break;
                }
                let value = data
                    .get(i + 1)
                    .unwrap_or_else(|| panic!("{key} without value"));
                if ["visits", "winrate", "prior", "lcb"].contains(&key) {
                    assert!(java_int(value).is_some(), "{key} {value}: not a Java int");
                }
                i += 2;
            }
            assert!(pv, "an entry without its variation: {entry}");
        }
        return None;
    }
    if line.starts_with('=') || line.starts_with('?') {
        let first = line.split(' ').next().unwrap();
        let id = java_int(first[1..].trim()).unwrap_or_else(|| panic!("no numeric id: {line}"));
        return Some(id);
    }
    None
}

/// Checks stderr as Lizzie, which merges it into stdout, would see it.
fn check_stderr(stderr: &[String]) {
    for line in stderr {
        for start in ["=", "?", "info", "play"] {
            assert!(
                !line.starts_with(start),
                "stderr line Lizzie takes for a reply: {line}"
            );
        }
        assert!(
            !line.contains(" -> "),
            "stderr line Lizzie takes for a summary: {line}"
        );
    }
}

#[test]
fn lizzie_starts_analyses_and_stops() {
    // Lizzie 0.7.4 (Leelaz.java): name, version, boardsize, komi, the moves, then pondering
    // with `lz-analyze INTERVAL` (tengen's name is not KataGo's), stopped by `name`, then
    // navigation (undo) and pondering again.
    let steps: &[Step] = &[
        ("name", 0),
        ("version", 0),
        ("boardsize 19", 0),
        ("komi 7.5", 0),
        ("play B Q16", 0),
        ("play W D4", 0),
        ("lz-analyze 10", 800),
        ("name", 0),
        ("undo", 0),
        ("lz-analyze 10", 500),
        ("name", 0),
        ("quit", 0),
    ];
    let (stdout, stderr) = session(&["--override-version", "0.17", "-v"], steps);
    let ids: Vec<i32> = stdout.iter().filter_map(|l| lizzie_reads(l)).collect();
    assert_eq!(
        ids,
        (1..=steps.len() as i32).collect::<Vec<_>>(),
        "{stdout:?}"
    );
    let reply = |id: i32| {
        stdout
            .iter()
            .find(|l| l.starts_with(&format!("={id}")) || l.starts_with(&format!("?{id}")))
            .unwrap()
            .clone()
    };
    assert_eq!(reply(1), "=1 tengen");
    // Lizzie's check: the minor number of the version, 15 or more.
    let version = reply(2)["=2 ".len()..].to_string();
    let minor: i32 = version.split('.').nth(1).and_then(java_int).unwrap();
    assert!(minor >= 15, "{version}");
    let infos = stdout.iter().filter(|l| l.starts_with("info")).count();
    assert!(infos >= 2, "{stdout:?}");
    assert!(!stderr.is_empty(), "-v logs");
    check_stderr(&stderr);
}

#[test]
fn lizzieyzy_starts_and_analyses_with_and_without_a_colour() {
    // lizzieyzy 2.5 (Leelaz.java): name, version, list_commands, komi, boardsize, then
    // `lz-analyze INTERVAL` without a colour for an engine it does not know, and with one
    // for the engines it does; each stopped by the next command.
    let steps: &[Step] = &[
        ("name", 0),
        ("version", 0),
        ("list_commands", 0),
        ("komi 6.5", 0),
        ("boardsize 13", 0),
        ("play B D4", 0),
        ("lz-analyze 10", 600),
        ("lz-analyze W 10", 600),
        ("name", 0),
        ("quit", 0),
    ];
    let (stdout, stderr) = session(&[], steps);
    let ids: Vec<i32> = stdout.iter().filter_map(|l| lizzie_reads(l)).collect();
    assert_eq!(
        ids,
        (1..=steps.len() as i32).collect::<Vec<_>>(),
        "{stdout:?}"
    );
    // lizzieyzy reads the version's minor number where it can (tengen's own is accepted).
    assert!(stdout.contains(&format!("=2 {}", env!("CARGO_PKG_VERSION"))));
    assert!(stdout.iter().any(|l| l == "lz-analyze"), "listed");
    // Both analyses stream info lines, each with 13×13 moves.
    let infos: Vec<&String> = stdout.iter().filter(|l| l.starts_with("info")).collect();
    assert!(infos.len() >= 2, "{stdout:?}");
    assert!(stderr.is_empty(), "{stderr:?}");
}

#[test]
fn override_version_is_one_word() {
    let out = Command::new(env!("CARGO_BIN_EXE_tengen"))
        .args(["--override-version", "0.17 beta"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--override-version"));
}
