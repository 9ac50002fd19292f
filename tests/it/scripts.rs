//! The diagnostic scripts of tests/scripts that need only tengen, run on a short record.

use std::process::Command;

/// `winrate_trajectory.sh` prints one line per move of the colour asked, with the move played
/// in GTP coordinates (columns skip I, rows from the bottom), the search's own choice and a win
/// rate between 0 and 1.
#[test]
fn winrate_trajectory_reads_every_move_of_one_colour() {
    let dir = std::env::temp_dir().join(format!("tengen-it-scripts-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let sgf = dir.join("short.sgf");
    // B E5, W C7, B G3, W C3, B J7 (the last column: SGF i is GTP J), W pass.
    std::fs::write(
        &sgf,
        "(;FF[4]GM[1]SZ[9]KM[7.5]\n;B[ee];W[cc];B[gg]\n;W[cg];B[ic];W[])\n",
    )
    .unwrap();
    let out = Command::new("sh")
        .arg(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/scripts/winrate_trajectory.sh"
        ))
        .arg(&sgf)
        .arg("B")
        .arg("300")
        .arg(env!("CARGO_BIN_EXE_tengen"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<Vec<&str>> = text
        .lines()
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert_eq!(lines.len(), 3, "{text}");
    for (line, (number, played)) in lines.iter().zip([("1", "E5"), ("3", "G3"), ("5", "J7")]) {
        // "   1 played E5    search D4    win rate 0.512"
        assert_eq!(line.len(), 8, "{text}");
        assert_eq!(
            (line[0], line[1], line[2]),
            (number, "played", played),
            "{text}"
        );
        assert_eq!(line[3], "search", "{text}");
        assert!(line[4].len() >= 2, "{text}");
        let rate: f64 = line[7].parse().unwrap();
        assert!((0.0..=1.0).contains(&rate), "{text}");
    }
    std::fs::remove_dir_all(&dir).ok();
}
