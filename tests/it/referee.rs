//! `tengen match` as a user runs it: real engines over pipes, the printed summary and the SGF
//! files. GNU Go games skip with a printed reason when /usr/games/gnugo is absent; the fake
//! engines are POSIX sh scripts that misbehave on purpose (illegal move, crash, hang, slow).

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

const GNUGO: &str = "/usr/games/gnugo";

fn have_gnugo() -> bool {
    if Path::new(GNUGO).exists() {
        true
    } else {
        eprintln!("skipped: {GNUGO} is not installed");
        false
    }
}

/// Runs `tengen match ARGS` and returns (success, stdout, stderr).
fn tengen_match(args: &[&str]) -> (bool, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_tengen"))
        .arg("match")
        .args(args)
        .output()
        .expect("tengen runs");
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tengen-it-referee-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// The number after `label` in `text`, e.g. `number_after(out, "engine1 wins: ")`.
fn number_after(text: &str, label: &str) -> u32 {
    let start = text
        .find(label)
        .unwrap_or_else(|| panic!("{label:?} missing in\n{text}"))
        + label.len();
    text[start..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect::<String>()
        .parse()
        .unwrap_or_else(|_| panic!("no number after {label:?} in\n{text}"))
}

/// The game line of game `n` of `total`.
fn game_line(out: &str, n: usize, total: usize) -> &str {
    let prefix = format!("game {n}/{total}: ");
    out.lines()
        .find(|l| l.starts_with(&prefix))
        .unwrap_or_else(|| panic!("no line for game {n} in\n{out}"))
}

/// Checks an SGF file the runner wrote against its game line: root properties, result, moves.
fn check_sgf(path: &Path, size: usize, komi: &str, line: &str) {
    let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let trees = sgf_parse::go::parse(&text).unwrap_or_else(|e| panic!("bad SGF {e}:\n{text}"));
    assert_eq!(trees.len(), 1);
    trees[0].validate().expect("valid SGF properties");
    for needle in [
        format!("SZ[{size}]"),
        format!("KM[{komi}]"),
        "PB[".into(),
        "PW[".into(),
    ] {
        assert!(
            text.contains(&needle),
            "{needle} missing in {}:\n{text}",
            path.display()
        );
    }
    // `game 1/2: B engine1, W engine2: B+3.5 (engine1 wins), 19 moves, 0.4 s`
    let result = line.split(": ").nth(2).unwrap().split(' ').next().unwrap();
    assert!(
        text.contains(&format!("RE[{result}]")),
        "RE[{result}] missing in\n{text}"
    );
    let n_moves: usize = line
        .split(", ")
        .nth(2)
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(trees[0].main_variation().count(), n_moves + 1, "{text}");
}

#[test]
fn gnugo_against_gnugo_writes_summary_and_sgf() {
    if !have_gnugo() {
        return;
    }
    let dir = scratch("gnugo");
    let started = Instant::now();
    let (ok, out, err) = tengen_match(&[
        "--engine1",
        "/usr/games/gnugo --mode gtp --level 0 --chinese-rules",
        "--engine2",
        "/usr/games/gnugo --mode gtp --level 1 --chinese-rules",
        "--size",
        "7",
        "--games",
        "2",
        "--timeout",
        "30",
        "--sgf-dir",
        dir.to_str().unwrap(),
    ]);
    eprintln!("{out}{err}(took {:.1} s)", started.elapsed().as_secs_f64());
    assert!(ok, "tengen match failed:\n{out}\n{err}");
    assert!(game_line(&out, 1, 2).starts_with("game 1/2: B engine1, W engine2: "));
    assert!(game_line(&out, 2, 2).starts_with("game 2/2: B engine2, W engine1: "));
    assert!(out.contains("engine1: GNU Go 3.8"), "{out}");
    assert!(
        out.contains("games: 2 played, 2 decided, 0 disputed"),
        "{out}"
    );
    let wins = number_after(&out, "engine1 wins: ") + number_after(&out, "engine2 wins: ");
    assert_eq!(wins + number_after(&out, "draws: "), 2, "{out}");
    assert!(out.contains("engine1 win rate: "), "{out}");
    assert!(
        out.contains("Elo difference (engine1 - engine2): "),
        "{out}"
    );
    assert!(out.contains("time per move: engine1 "), "{out}");
    assert!(out.contains("errors: none"), "{out}");
    for n in 1..=2 {
        let path = dir.join(format!("game-{n:04}.sgf"));
        check_sgf(&path, 7, "7.5", game_line(&out, n, 2));
    }
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn gnugo_with_referee_clock_and_parallel_games() {
    if !have_gnugo() {
        return;
    }
    let dir = scratch("referee");
    let (ok, out, err) = tengen_match(&[
        "--engine1",
        "/usr/games/gnugo --mode gtp --level 0 --seed {seed}",
        "--engine2",
        "/usr/games/gnugo --mode gtp --level 0 --seed {seed}",
        "--referee",
        "/usr/games/gnugo --mode gtp --chinese-rules --level 0",
        "--size",
        "5",
        "--komi",
        "0.5",
        "--games",
        "3",
        "--parallel",
        "2",
        "--time",
        "10 2 5",
        "--seed",
        "11",
        "--sgf-dir",
        dir.to_str().unwrap(),
    ]);
    eprintln!("{out}{err}");
    assert!(ok, "tengen match failed:\n{out}\n{err}");
    assert!(out.contains("10 s + 2 s per 5 stones"), "{out}");
    assert!(out.contains("seed 11"), "{out}");
    assert!(out.contains("referee: /usr/games/gnugo"), "{out}");
    assert!(
        out.contains("games: 3 played, 3 decided, 0 disputed"),
        "{out}"
    );
    assert!(out.contains("errors: none"), "{out}");
    // Games finish in any order, but every one is reported and written.
    for n in 1..=3 {
        check_sgf(
            &dir.join(format!("game-{n:04}.sgf")),
            5,
            "0.5",
            game_line(&out, n, 3),
        );
    }
    let _ = fs::remove_dir_all(&dir);
}

/// A GTP engine in sh: `genmove` answers $MOVE (default A1) after its $AFTER-th call does
/// $MODE (crash: exit; hang: sleep; slow: sleep 2 s); `final_score` answers $SCORE.
const FAKE: &str = r#"
n=0
while read -r id cmd rest; do
  case "$cmd" in
    genmove)
      n=$((n+1))
      if [ "$n" -ge "${AFTER:-1}" ]; then
        case "$MODE" in crash) exit 7 ;; hang) sleep 20 ;; slow) sleep 2 ;; esac
      fi
      printf '=%s %s\n\n' "$id" "${MOVE:-A1}" ;;
    final_score) printf '=%s %s\n\n' "$id" "${SCORE:-B+1}" ;;
    quit) printf '=%s\n\n' "$id"; exit 0 ;;
    *) printf '=%s\n\n' "$id" ;;
  esac
done
"#;

/// The command line of a fake engine with the given environment settings.
fn fake(dir: &Path, env: &str) -> String {
    let script = dir.join("fake.sh");
    fs::write(&script, FAKE).unwrap();
    format!("env {env} /bin/sh {}", script.display())
}

#[test]
fn misbehaving_engines_forfeit_and_are_listed() {
    if !Path::new("/bin/sh").exists() {
        eprintln!("skipped: no /bin/sh for the fake engines");
        return;
    }
    let dir = scratch("fakes");
    // Both play A1: the second A1 is illegal (occupied) and loses for White.
    let (ok, out, err) = tengen_match(&[
        "--engine1",
        &fake(&dir, "MOVE=A1"),
        "--engine2",
        &fake(&dir, "MOVE=A1"),
        "--size",
        "5",
        "--games",
        "2",
        "--sgf-dir",
        dir.to_str().unwrap(),
    ]);
    assert!(ok, "{out}\n{err}");
    assert!(
        game_line(&out, 1, 2).contains(": B+F (engine1 wins), 1 move,"),
        "{out}"
    );
    assert!(
        game_line(&out, 2, 2).contains(": B+F (engine2 wins), 1 move,"),
        "{out}"
    );
    assert!(out.contains("errors: 2"), "{out}");
    assert!(
        out.contains("  game 1: engine2: illegal move: W A1 at move 2 (point is occupied)"),
        "{out}"
    );
    assert!(fs::read_to_string(dir.join("game-0001.sgf"))
        .unwrap()
        .contains("RE[B+F]"));

    // A crash at engine 1's second move, then (engine 2 keeps its move count) a hang at engine
    // 2's: each loses its game, the crashed engine is restarted and the match goes on.
    let started = Instant::now();
    let (ok, out, err) = tengen_match(&[
        "--engine1",
        &fake(&dir, "MOVE=A1 MODE=crash AFTER=2"),
        "--engine2",
        &fake(&dir, "MOVE=E5 MODE=hang AFTER=2"),
        "--size",
        "5",
        "--games",
        "2",
        "--timeout",
        "1",
    ]);
    assert!(ok, "{out}\n{err}");
    assert!(
        started.elapsed().as_secs() < 15,
        "a hung engine must not stall the match"
    );
    assert!(
        out.contains(
            "  game 1: engine1: crash: engine died during `genmove black` (exit status: 7)"
        ),
        "{out}"
    );
    assert!(
        out.contains("  game 2: engine2: timeout: no reply to `genmove black` within 1.0 s"),
        "{out}"
    );
    assert!(
        out.contains("engine1 wins: 1 (0 as black, 1 as white)"),
        "{out}"
    );

    // Both pass at once and count differently, with no referee: disputed, not a win.
    let (ok, out, err) = tengen_match(&[
        "--engine1",
        &fake(&dir, "MOVE=pass SCORE=W+3"),
        "--engine2",
        &fake(&dir, "MOVE=pass SCORE=B+1"),
        "--size",
        "5",
    ]);
    assert!(ok, "{out}\n{err}");
    assert!(
        out.contains("game 1/1: B engine1, W engine2: ? (disputed), 2 moves"),
        "{out}"
    );
    assert!(
        out.contains("games: 1 played, 0 decided, 1 disputed"),
        "{out}"
    );
    assert!(
        out.contains("engines: disagreement: engine1 says W+3, engine2 says B+1"),
        "{out}"
    );

    // A slow engine under an absolute clock loses on time.
    let (ok, out, err) = tengen_match(&[
        "--engine1",
        &fake(&dir, "MOVE=pass MODE=slow"),
        "--engine2",
        &fake(&dir, "MOVE=pass"),
        "--size",
        "5",
        "--time",
        "1 0 0",
        "--lag",
        "0.2",
    ]);
    assert!(ok, "{out}\n{err}");
    assert!(
        out.contains("game 1/1: B engine1, W engine2: W+T (engine2 wins), 0 moves"),
        "{out}"
    );
    assert!(out.contains("engine1: lost on time: "), "{out}");
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn bad_command_lines_fail_cleanly() {
    let (ok, out, _) = tengen_match(&["--help"]);
    assert!(ok);
    for option in [
        "--engine1",
        "--engine2",
        "--black",
        "--white",
        "--name1",
        "--name2",
        "--referee",
        "--games",
        "--size",
        "--komi",
        "--handicap",
        "--alternate",
        "--no-alternate",
        "--max-moves",
        "--seed",
        "--time",
        "--lag",
        "--add-lag",
        "--time-log",
        "byoyomi:M:P:B",
        "fischer:M:I",
        "--timeout",
        "--parallel",
        "--threads",
        "--sgf-dir",
        "--show-stderr",
        "--verbose",
        "--help",
    ] {
        assert!(out.contains(option), "--help does not document {option}");
    }
    let (ok, _, err) = tengen_match(&["--engine1", "x"]);
    assert!(
        !ok && err.contains("required arguments were not provided") && err.contains("--engine2"),
        "{err}"
    );
    for (handicap, size) in [("1", "9"), ("5", "8"), ("2", "5"), ("10", "19")] {
        let (ok, _, err) = tengen_match(&[
            "--engine1",
            "x",
            "--engine2",
            "y",
            "--handicap",
            handicap,
            "--size",
            size,
        ]);
        assert!(
            !ok && err.contains("--handicap"),
            "{handicap} on {size}: {err}"
        );
    }
    let (ok, _, err) = tengen_match(&["--engine1", "/nonexistent/engine", "--engine2", "x"]);
    assert!(!ok && err.contains("engine1: cannot start"), "{err}");
}

/// tengen itself against GNU Go: the whole GTP front end in a real game. Needs tengen's GTP
/// engine and search (branches gtp and search).
#[test]
fn tengen_against_gnugo_plays_a_clean_game() {
    if !have_gnugo() {
        return;
    }
    let dir = scratch("tengen");
    let started = Instant::now();
    let (ok, out, err) = tengen_match(&[
        "--engine1",
        "tengen --playouts 500",
        "--engine2",
        "/usr/games/gnugo --mode gtp --level 1 --chinese-rules",
        "--referee",
        "/usr/games/gnugo --mode gtp --chinese-rules --level 1",
        "--size",
        "9",
        "--games",
        "1",
        "--sgf-dir",
        dir.to_str().unwrap(),
    ]);
    eprintln!("{out}{err}(took {:.1} s)", started.elapsed().as_secs_f64());
    assert!(ok, "tengen match failed:\n{out}\n{err}");
    assert!(
        out.contains("games: 1 played, 1 decided, 0 disputed"),
        "{out}"
    );
    assert!(out.contains("errors: none"), "{out}");
    check_sgf(&dir.join("game-0001.sgf"), 9, "7.5", game_line(&out, 1, 1));
    let _ = fs::remove_dir_all(&dir);
}

/// A handicap game: both engines place the fixed stones, White moves first, the referee
/// replays them, and the SGF file has them as setup.
#[test]
fn tengen_gives_and_takes_a_handicap_against_gnugo() {
    if !have_gnugo() {
        return;
    }
    let dir = scratch("handicap");
    let (ok, out, err) = tengen_match(&[
        "--engine1",
        "tengen --playouts 300",
        "--engine2",
        "/usr/games/gnugo --mode gtp --level 0 --chinese-rules",
        "--referee",
        "/usr/games/gnugo --mode gtp --chinese-rules --level 0",
        "--size",
        "9",
        "--komi",
        "0.5",
        "--handicap",
        "3",
        "--games",
        "2",
        "--sgf-dir",
        dir.to_str().unwrap(),
    ]);
    assert!(ok, "tengen match failed:\n{out}\n{err}");
    assert!(out.contains("handicap 3"), "{out}");
    assert!(out.contains("games: 2 played, 2 decided"), "{out}");
    assert!(out.contains("errors: none"), "{out}");
    for n in 1..=2 {
        let path = dir.join(format!("game-000{n}.sgf"));
        check_sgf(&path, 9, "0.5", game_line(&out, n, 2));
        let game = tengen::sgf::parse(&fs::read_to_string(&path).unwrap()).unwrap();
        assert_eq!((game.handicap, game.setup.len()), (3, 3));
        assert_eq!(
            game.moves[0].0,
            tengen::geom::Color::White,
            "White moves first"
        );
    }
    let _ = fs::remove_dir_all(&dir);
}

/// Checks a `--time-log` file against the match's stdout: one line per genmove (the summary's
/// move counts), each with at least `min_lag` added, none flagged; returns the number of lines.
fn check_time_log(path: &Path, out: &str, min_lag: f64) -> usize {
    let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some("# game\tmove\tengine\tcolour\ttaken\tlag\tallowance\tleft")
    );
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split('\t').collect()).collect();
    // "time per move: engine1 0.012 s (12 moves), engine2 0.010 s (11 moves)"
    let counts: Vec<usize> = out
        .lines()
        .find(|l| l.starts_with("time per move: "))
        .unwrap()
        .split('(')
        .skip(1)
        .map(|part| part.split(' ').next().unwrap().parse().unwrap())
        .collect();
    assert_eq!(rows.len(), counts.iter().sum::<usize>(), "{text}\n{out}");
    for row in &rows {
        assert_eq!(row.len(), 8, "{row:?}");
        let taken: f64 = row[4].parse().unwrap();
        let lag: f64 = row[5].parse().unwrap();
        assert!(lag >= min_lag - 1e-9 && taken >= lag, "{row:?}");
        assert_ne!(row[7], "flag", "{row:?}");
    }
    rows.len()
}

/// Two tengen processes on 7×7 under Japanese byo-yomi and under Fischer, with simulated
/// network lag: no loss on time, one time-log line per genmove, no approximation needed
/// (tengen knows kgs-time_settings and kata-time_settings). Then GNU Go, which does not, is
/// told an approximation and the game line says so.
#[test]
fn byo_yomi_and_fischer_with_added_lag() {
    let dir = scratch("clock");
    for (time, shown) in [
        ("byoyomi:1:3:1", "1 s + 3 x 1 s byo-yomi"),
        ("fischer:2:1", "2 s + 1 s per move (Fischer)"),
    ] {
        let log = dir.join(format!("{}.tsv", time.split(':').next().unwrap()));
        let (ok, out, err) = tengen_match(&[
            "--engine1",
            "tengen --playouts 150 --threads 1 --seed {seed}",
            "--engine2",
            "tengen --playouts 150 --threads 1 --seed {seed}",
            "--size",
            "7",
            "--max-moves",
            "60",
            "--seed",
            "5",
            "--time",
            time,
            "--add-lag",
            "0.05 0.2",
            "--lag",
            "0.1",
            "--time-log",
            log.to_str().unwrap(),
        ]);
        eprintln!("{out}{err}");
        assert!(ok, "tengen match failed:\n{out}\n{err}");
        assert!(out.contains(shown), "{out}");
        assert!(
            out.contains(
                "added lag: 0.050 to 0.200 s per genmove reply; overrun forgiven: 0.100 s"
            ),
            "{out}"
        );
        assert!(out.contains("time losses: engine1 0, engine2 0"), "{out}");
        assert!(out.contains("smallest margin: engine1 "), "{out}");
        assert!(out.contains("errors: none"), "{out}");
        assert!(
            !out.contains("note: "),
            "tengen needs no approximation:\n{out}"
        );
        assert!(check_time_log(&log, &out, 0.05) > 0);
    }

    if !have_gnugo() {
        return;
    }
    let log = dir.join("gnugo.tsv");
    let (ok, out, err) = tengen_match(&[
        "--engine1",
        "/usr/games/gnugo --mode gtp --level 0 --chinese-rules",
        "--engine2",
        "tengen --playouts 150 --threads 1",
        "--size",
        "5",
        "--max-moves",
        "30",
        "--time",
        "byoyomi:2:2:1",
        "--add-lag",
        "0.05",
        "--time-log",
        log.to_str().unwrap(),
    ]);
    eprintln!("{out}{err}");
    assert!(ok, "tengen match failed:\n{out}\n{err}");
    assert!(
        out.contains(
            "    note: engine1: refused `kgs-time_settings byoyomi 2 1 2`, so it was told the \
             approximation `time_settings 2 1 1`"
        ),
        "{out}"
    );
    assert!(out.contains("time losses: engine1 0, engine2 0"), "{out}");
    check_time_log(&log, &out, 0.05);
    let _ = fs::remove_dir_all(&dir);
}

/// A campaign in two shards (tengen against itself on 5×5 at 30 playouts a move, every game
/// seeded by its number): the merged report has the very games and counts of one run over all
/// of them, and a merge of overlapping shards is refused.
#[test]
fn two_shards_merged_give_the_counts_of_one_run() {
    let dir = scratch("shards");
    let engine = "tengen --playouts 30 --threads 1 --seed {seed}";
    let run = |extra: &[&str], json: &Path| {
        let mut args = vec![
            "--engine1",
            engine,
            "--engine2",
            engine,
            "--size",
            "5",
            "--komi",
            "0.5",
            "--games",
            "6",
            "--seed",
            "17",
            "--json",
        ];
        args.push(json.to_str().unwrap());
        args.extend_from_slice(extra);
        let (ok, out, err) = tengen_match(&args);
        assert!(ok, "{out}\n{err}");
        // stderr is no terminal here: no progress bar on it.
        assert!(!err.contains("games,"), "{err}");
        out
    };
    let whole = dir.join("whole.json");
    let (first, second, merged) = (dir.join("1.json"), dir.join("2.json"), dir.join("m.json"));
    run(&[], &whole);
    let out = run(&["--shard", "1/2"], &first);
    assert!(out.contains("(this run: games 1 to 3)"), "{out}");
    run(&["--games-from", "4", "--games-to", "6"], &second);
    let (ok, out, err) = tengen_match(&[
        "--merge",
        first.to_str().unwrap(),
        second.to_str().unwrap(),
        "--json",
        merged.to_str().unwrap(),
    ]);
    assert!(ok, "{out}\n{err}");
    assert!(
        out.contains("merged 2 reports: 6 of the campaign's 6 games (1-6)"),
        "{out}"
    );
    let read = |p: &Path| -> serde_json::Value {
        serde_json::from_str(&fs::read_to_string(p).unwrap()).unwrap()
    };
    let (whole, merged) = (read(&whole), read(&merged));
    assert_eq!(merged["summary"], whole["summary"]);
    let games = |v: &serde_json::Value| -> Vec<(u64, String, String, serde_json::Value)> {
        v["games"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| {
                (
                    g["number"].as_u64().unwrap(),
                    g["engine1_color"].as_str().unwrap().to_string(),
                    g["result"].as_str().unwrap().to_string(),
                    g["seeds"].clone(),
                )
            })
            .collect()
    };
    assert_eq!(games(&merged), games(&whole));
    assert_eq!(whole["summary"]["games"], 6);
    let wins = |k: &str| whole["summary"][k].as_u64().unwrap();
    assert_eq!(
        wins("engine1_wins") + wins("engine2_wins") + wins("draws"),
        6
    );
    // Overlapping shards are refused, with the reason.
    let (ok, _, err) = tengen_match(&["--merge", first.to_str().unwrap(), first.to_str().unwrap()]);
    assert!(!ok);
    assert!(err.contains("game 1 is in both"), "{err}");
    let _ = fs::remove_dir_all(&dir);
}
