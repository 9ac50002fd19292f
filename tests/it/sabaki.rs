//! tengen driven by `@sabaki/gtp`, the GTP layer of Sabaki itself (tests/sabaki/sabaki.js): the
//! start-up batch, a history replay and navigation, `kata-analyze` and `lz-analyze` for a second
//! each aborted by `protocol_version`, every `info` line parsed by Sabaki's rules,
//! `kata-genmove_analyze`, and `quit` within 3 s. Needs node and `npm ci` in tests/sabaki
//! (`.ci/run` does it); skips with the reason otherwise.

use std::path::Path;
use std::process::Command;

#[test]
fn sabaki_gtp_drives_tengen() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/sabaki");
    let node_ok = Command::new("node")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !node_ok {
        eprintln!("skipped: node is not installed");
        return;
    }
    if !dir.join("node_modules/@sabaki/gtp/package.json").exists() {
        eprintln!("skipped: @sabaki/gtp is not installed (run `npm ci` in tests/sabaki)");
        return;
    }
    let out = Command::new("node")
        .arg("sabaki.js")
        .arg(env!("CARGO_BIN_EXE_tengen"))
        .args(["--seed", "1", "--playouts", "1000"])
        .current_dir(&dir)
        .output()
        .expect("running node");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    eprintln!("{stdout}");
    assert!(
        out.status.success(),
        "sabaki.js failed:\n{stdout}\n{stderr}"
    );
    for step in [
        "ok: start-up batch",
        "ok: history replay",
        "ok: navigation by undo",
        "ok: kata-analyze B",
        "ok: lz-analyze W",
        "ok: kata-genmove_analyze",
        "ok: quit in",
    ] {
        assert!(stdout.contains(step), "missing {step:?}:\n{stdout}");
    }
}
