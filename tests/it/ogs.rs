//! `--ogs-variations` read by gtp2ogs's own parser: tests/ogs/pv.js runs gtp2ogs 9's
//! `PvOutputParser` (from a checkout named by `GTP2OGS_SRC`: gtp2ogs is not on the npm
//! registry) on tengen's stderr during two genmoves, as gtp2ogs's Bot does, and checks what
//! it posts to the game. Skips with the reason without node, typescript (`npm ci` in
//! tests/ogs) or the checkout. And without the option, stderr stays empty.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

#[test]
fn gtp2ogs_posts_the_variation_of_each_genmove() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ogs");
    let node_ok = Command::new("node")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !node_ok {
        eprintln!("skipped: node is not installed");
        return;
    }
    let out = Command::new("node")
        .arg("pv.js")
        .arg(env!("CARGO_BIN_EXE_tengen"))
        .args(["--ogs-variations", "--seed", "1", "--playouts", "500"])
        .current_dir(&dir)
        .output()
        .expect("running node");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    eprintln!("{stdout}");
    if stdout.starts_with("skipped:") {
        return;
    }
    assert!(out.status.success(), "pv.js failed:\n{stdout}\n{stderr}");
    for step in [
        "ok: gtp2ogs detected \"katago\"",
        "ok: genmove 1 played",
        "ok: genmove 2 played",
        "ok: 2 variations posted",
    ] {
        assert!(stdout.contains(step), "missing {step:?}:\n{stdout}");
    }
}

/// Without `--ogs-variations` a game writes nothing to stderr: no line that Lizzie (which
/// reads stderr with stdout) or gtp2ogs could take for anything. With it, one start-up line
/// and one line a genmove.
#[test]
fn stderr_holds_the_variations_only_when_asked() {
    let run = |args: &[&str]| {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tengen"))
            .args(["--seed", "1", "--playouts", "300", "--threads", "1"])
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let script =
            "boardsize 9\nkomi 7\nplay b C3\ngenmove w\ngenmove b\nlz-analyze 10\n\nname\nquit\n";
        child
            .stdin
            .take()
            .unwrap()
            .write_all(script.as_bytes())
            .unwrap();
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success());
        String::from_utf8(out.stderr).unwrap()
    };
    assert_eq!(run(&[]), "");
    let stderr = run(&["--ogs-variations"]);
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 3, "{stderr}");
    assert!(lines[0].contains("KataGo"), "{stderr}");
    assert!(
        lines[1..]
            .iter()
            .all(|l| l.starts_with("MALKOVICH:Visits ")),
        "{stderr}"
    );
}
