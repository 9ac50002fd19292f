//! The command line around GTP: `--help`, `--version` and bad options, `tengen-param`,
//! files that are not regular, the bridge configurations the docs give, and `--no-book`.

use super::Engine;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;
use tengen::geom::{Color, Move, Point};

#[test]
fn help_version_and_bad_options() {
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_tengen"))
            .args(args)
            .stdin(Stdio::null())
            .output()
            .unwrap()
    };
    let help = run(&["--help"]);
    assert!(help.status.success());
    let text = String::from_utf8_lossy(&help.stdout);
    for option in [
        "--rules",
        "--komi",
        "--playouts",
        "--time-per-move",
        "--time-per-game",
        "--lag-margin",
        "--resign-threshold",
        "--no-resign",
        "--lenient-play",
        "--gtp-log",
        "--seed",
        "--verbose",
        "--help",
        "--version",
        "bench",
        "match",
    ] {
        assert!(text.contains(option), "--help does not mention {option}");
    }
    let version = run(&["--version"]);
    assert!(version.status.success());
    assert!(String::from_utf8_lossy(&version.stdout).starts_with("tengen "));
    for bad in [
        &["--frobnicate"][..],
        &["--playouts"],
        &["--playouts", "many"],
        &["--rules", "chess"],
        &["--size", "30"],
        &["--no-resign=1"],
        &["--param", "prior_even"],
        &["--param", "nonsense=1"],
        &["--param", "prior_even=-2"],
        &["--max-move-time", "0"],
        &["--time-per-game", "0"],
        &["--time-per-game", "10", "--time-per-move", "1"],
    ] {
        let out = run(bad);
        assert!(!out.status.success(), "{bad:?} accepted");
        assert!(out.stdout.is_empty(), "{bad:?} wrote to stdout");
        assert!(!out.stderr.is_empty(), "{bad:?} gave no reason");
    }
}

/// `tengen-param` lists the tunable numbers and sets one; bad names and values are refused
/// with a GTP error and change nothing. `--param` sets them at start-up.
#[test]
fn tengen_param_lists_and_sets_the_search_numbers() {
    let mut engine = Engine::start(&["--param", "prior_capture=33", "--playouts", "100"]);
    let list = engine.ok("tengen-param");
    assert!(list.contains("prior_even 10"), "{list}");
    assert!(list.contains("prior_capture 33"), "{list}");
    assert_eq!(engine.ok("tengen-param prior_even 3.5"), "");
    assert!(engine.ok("tengen-param").contains("prior_even 3.5"));
    for bad in [
        "tengen-param nonsense 1",
        "tengen-param prior_even -1",
        "tengen-param prior_even nan",
        "tengen-param prior_even",
    ] {
        let reply = engine.ask(bad);
        assert!(reply.starts_with("? "), "{bad}: {reply}");
    }
    assert!(engine.ok("tengen-param").contains("prior_even 3.5"));
    assert!(!engine.ok("genmove b").is_empty());
    engine.quit_within(Duration::from_secs(2));
}

/// Runs tengen with `args` on the whole of `input` and returns its replies (the text between
/// the empty lines that end them) and whether it exited successfully.
fn replies_to(args: &[String], input: &[u8]) -> (Vec<String>, bool) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tengen"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input).unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let replies = text
        .split("\n\n")
        .filter(|r| !r.is_empty())
        .map(str::to_string)
        .collect();
    (replies, out.status.success())
}

/// `loadsgf /dev/stdin` once read the engine's own GTP input and swallowed the commands after
/// it; `printsgf /dev/stdout` would write into the GTP stream. Both are refused, and every
/// command after them is answered.
#[test]
fn files_that_are_not_regular_are_refused() {
    let input = b"1 loadsgf /dev/stdin\n2 name\n3 printsgf /dev/stdout\n4 play b e5\n5 quit\n";
    let (replies, _) = replies_to(&["--threads".to_string(), "1".to_string()], input);
    assert_eq!(
        replies,
        [
            "?1 cannot load file",
            "=2 tengen",
            "?3 cannot write file",
            "=4 ",
            "=5 "
        ],
    );
}

/// The arguments of the engine command line in one of the example configurations of `docs/`
/// (the program, `/usr/local/bin/tengen`, left out).
fn documented_arguments(file: &str) -> Vec<String> {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("docs")
            .join(file),
    )
    .unwrap();
    let words: Vec<String> = if file.ends_with(".json5") {
        let line = text
            .lines()
            .find(|l| l.trim_start().starts_with("command:"))
            .expect("a command line");
        let list = &line[line.find('[').unwrap() + 1..line.rfind(']').unwrap()];
        list.split(',')
            .map(|w| w.trim().trim_matches('"').to_string())
            .collect()
    } else {
        let line = text
            .lines()
            .find(|l| l.starts_with("engine="))
            .expect("an engine line");
        line["engine=".len()..]
            .split_whitespace()
            .map(str::to_string)
            .collect()
    };
    assert_eq!(words[0], "/usr/local/bin/tengen", "{file}");
    words[1..].to_vec()
}

/// The example configurations for gtp2ogs and kgsGtp start tengen with options it accepts, and
/// it answers what those bridges send first.
#[test]
fn documented_bridge_configurations_start_the_engine() {
    for file in ["gtp2ogs.json5", "kgsgtp.conf"] {
        let input = b"1 list_commands\n2 boardsize 9\n3 kata-list_time_settings\n4 quit\n";
        let (replies, success) = replies_to(&documented_arguments(file), input);
        assert!(success, "{file}");
        assert_eq!(replies.len(), 4, "{file}: {replies:?}");
        assert!(replies[0].starts_with("=1 ") && replies[0].contains("kgs-genmove_cleanup"));
        assert_eq!(replies[1], "=2 ");
        assert!(replies[2].starts_with("=3 ") && replies[2].contains("fischer-capped"));
    }
}

/// The opening book through the binary: on 9×9 at komi 7.5, `genmove` answers every first
/// move of Black's with the book's reply, however few playouts it may search; `--no-book`
/// and another komi search instead.
#[test]
fn genmove_answers_from_the_book_unless_told_not_to() {
    let book = tengen::book::Book::builtin();
    let game = book.new_game();
    // One playout a move: what the search would answer depends on the point, the book's
    // answer is the book's.
    let one = ["--playouts", "1", "--threads", "1", "--seed", "5"];
    let mut with_book = Engine::start(&one);
    let mut no_book = Engine::start(&[&one[..], &["--no-book"]].concat());
    let mut other_komi = Engine::start(&one);
    for engine in [&mut with_book, &mut no_book, &mut other_komi] {
        engine.ok("boardsize 9");
    }
    other_komi.ok("komi 6.5");
    let first = book.lookup(&game, Color::Black).expect("a first move");
    assert_eq!(with_book.ok("genmove b"), first.to_string());
    let mut differ = [0, 0];
    for p in Point::all(9) {
        let mut after = game.clone();
        after.try_play(Color::Black, Move::Play(p)).unwrap();
        let reply = book
            .lookup(&after, Color::White)
            .expect("a reply to every first move");
        for engine in [&mut with_book, &mut no_book, &mut other_komi] {
            engine.ok("clear_board");
            engine.ok(&format!("play b {p}"));
        }
        assert_eq!(with_book.ok("genmove w"), reply.to_string(), "after B {p}");
        for (i, engine) in [&mut no_book, &mut other_komi].into_iter().enumerate() {
            if engine.ok("genmove w") != reply.to_string() {
                differ[i] += 1;
            }
        }
    }
    // The search of one playout agrees with the book only by chance.
    assert!(differ[0] > 20 && differ[1] > 20, "{differ:?} of 81 differ");
    for engine in [with_book, no_book, other_komi] {
        engine.quit_within(Duration::from_secs(5));
    }
}
