//! A smoke test of the training pipeline on the small sample: `tengen net-data` on
//! tests/data/sgf, then a few steps of `train/train.py` (a tiny network, two data directories
//! in shares of 1 to 3), then the engine plays with the network it exported (which `--export`
//! writes again from the checkpoint, the same bytes), and again once
//! `train/widen.py` has widened and deepened it and two processes have trained it on, taught by
//! the first network (`--teacher`); and train/test_train.py's checks. It needs python3
//! with PyTorch and NumPy (training only; the engine never does) and skips with the reason
//! without them.

use std::path::Path;
use std::process::Command;

fn tengen() -> Command {
    Command::new(env!("CARGO_BIN_EXE_tengen"))
}

/// Why the trainer cannot run here, if it cannot.
fn missing_python() -> Option<String> {
    let probe = Command::new("python3")
        .args(["-c", "import torch, numpy"])
        .output();
    match probe {
        Err(e) => Some(format!("python3: {e}")),
        Ok(out) if !out.status.success() => Some(format!(
            "python3 cannot import torch and numpy: {}",
            String::from_utf8_lossy(&out.stderr)
                .lines()
                .last()
                .unwrap_or("")
        )),
        Ok(_) => None,
    }
}

/// The repository's root, where train/ is; or None, the reason printed, when python3 cannot
/// train here.
fn trainer_root() -> Option<&'static Path> {
    if let Some(why) = missing_python() {
        eprintln!("skipped: {why}");
        return None;
    }
    Some(Path::new(env!("CARGO_MANIFEST_DIR")))
}

/// `train/train.py` on the two data directories `a` and `b` of `dir`.
fn train_py(root: &Path, dir: &Path) -> Command {
    let mut command = Command::new("python3");
    command
        .arg(root.join("train/train.py"))
        .arg("--data")
        .args([dir.join("a"), dir.join("b")]);
    command
}

#[test]
fn net_data_train_and_play_with_the_exported_network() {
    let Some(root) = trainer_root() else {
        return;
    };
    let dir = std::env::temp_dir().join(format!("tengen-training-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for (input, out) in [("tests/data/sgf", "a"), ("src/search/model/games", "b")] {
        let done = tengen()
            .args(["net-data", root.join(input).to_str().unwrap(), "--out"])
            .arg(dir.join(out))
            .output()
            .unwrap();
        assert!(done.status.success(), "net-data {input}: {done:?}");
    }
    let run = dir.join("run");
    let out = train_py(root, &dir)
        .arg("--out")
        .arg(&run)
        .args([
            "--curve",
            "",
            "--blocks",
            "1",
            "--channels",
            "8",
            "--batch",
            "32",
        ])
        .args(["--samples", "128", "--save-every", "64", "--held-out", "64"])
        .args(["--threads", "1", "--share", "1", "3", "--average", "64"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "train.py: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    // A share per directory, or a clear refusal.
    let refused = train_py(root, &dir)
        .args([
            "--out",
            dir.join("refused").to_str().unwrap(),
            "--share",
            "1",
        ])
        .output()
        .unwrap();
    assert!(!refused.status.success());
    assert!(
        String::from_utf8_lossy(&refused.stderr).contains("one non-negative share per --data"),
        "{refused:?}"
    );
    // Two evaluations, each with the first directory's held-out top-1 and the second's.
    let log = std::fs::read_to_string(run.join("log.csv")).unwrap();
    let lines: Vec<&str> = log.lines().collect();
    assert_eq!(lines.len(), 3, "{log}");
    assert!(
        lines[0].contains("held_top1") && lines[0].contains("held_top1_b"),
        "{log}"
    );
    assert!(run.join("checkpoint.pt").is_file());
    // --score rates the checkpoint (its running average of the weights, which the run kept)
    // on each directory's held-out games and trains nothing; with --symmetries 8, the mean
    // of the 8 symmetric images' move probabilities.
    let score = |extra: &[&str]| {
        let scored = train_py(root, &dir)
            .arg("--out")
            .arg(&run)
            .args(["--score", "32"])
            .args(extra)
            .output()
            .unwrap();
        assert!(scored.status.success(), "{scored:?}");
        String::from_utf8_lossy(&scored.stdout).into_owned()
    };
    let text = score(&[]);
    assert!(
        text.contains("a: 128 positions seen; held-out top-1")
            && text.contains("b: 128 positions seen; held-out top-1")
            && text.contains("(the running average of the weights)")
            && !text.contains("symmetric"),
        "{text}"
    );
    assert_eq!(log, std::fs::read_to_string(run.join("log.csv")).unwrap());
    let text = score(&["--symmetries", "8"]);
    assert!(
        text.contains("a: 128 positions seen; held-out top-1")
            && text.contains("the mean of 8 symmetric images"),
        "{text}"
    );

    // --export writes the checkpoint's network (its running average) as the run wrote it.
    let exported = run.join("exported.bin");
    let out = train_py(root, &dir)
        .arg("--out")
        .arg(&run)
        .arg("--export")
        .arg(&exported)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    assert_eq!(
        std::fs::read(&exported).unwrap(),
        std::fs::read(run.join("net.bin")).unwrap()
    );

    // The engine loads the export and plays a legal 19×19 move with it.
    plays_a_legal_move(&run.join("net.bin"));

    // Widened and deepened, the checkpoint computes what it did (widen.py checks that and
    // fails otherwise), and training goes on from it where it stopped, in two processes.
    let wide = dir.join("wide");
    let widened = Command::new("python3")
        .arg(root.join("train/widen.py"))
        .arg("--from")
        .arg(run.join("checkpoint.pt"))
        .args(["--channels", "12", "--blocks", "2", "--out"])
        .arg(wide.join("checkpoint.pt"))
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&widened.stderr);
    assert!(widened.status.success(), "widen.py: {said}");
    assert!(
        said.contains("1 x 8 -> 2 x 12; largest output gap"),
        "{said}"
    );
    let out = train_py(root, &dir)
        .arg("--out")
        .arg(&wide)
        .args(["--curve", "", "--batch", "32", "--held-out", "64"])
        .args(["--samples", "256", "--save-every", "64", "--threads", "1"])
        .args(["--processes", "2", "--teacher"])
        .arg(run.join("checkpoint.pt"))
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "train.py after widen.py: {said}");
    assert!(
        said.contains("resumed at 128 positions")
            && said.contains("2 blocks x 12; 2 processes")
            && said.contains("(1 blocks x 8, 128 positions), weight 0.7"),
        "{said}"
    );
    let log = std::fs::read_to_string(wide.join("log.csv")).unwrap();
    assert!(log.lines().last().unwrap().starts_with("256,"), "{log}");
    plays_a_legal_move(&wide.join("net.bin"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_trainers_symmetries_and_teacher_targets_hold() {
    let Some(root) = trainer_root() else {
        return;
    };
    let out = Command::new("python3")
        .arg(root.join("train/test_train.py"))
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{said}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(said.matches("ok test_").count(), 2, "{said}");
}

/// The engine, with the network file `net`, plays a legal 19×19 move.
fn plays_a_legal_move(net: &Path) {
    let mut child = tengen()
        .arg("--network")
        .arg(net)
        .args(["--playouts", "50", "--threads", "1"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().unwrap();
        stdin
            .write_all(b"boardsize 19\nclear_board\ngenmove black\nquit\n")
            .unwrap();
    }
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let mv = text
        .split("\n\n")
        .nth(2)
        .unwrap_or("")
        .trim_start_matches("= ")
        .trim();
    assert!(out.status.success(), "{text}");
    assert!(
        tengen::geom::Point::parse(mv, 19).is_ok(),
        "genmove with the exported network: {text}"
    );
}
