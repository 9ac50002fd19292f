//! The search's threads and pondering through the binary: `--threads 2` plays a whole 9×9 game
//! with legal moves only, and `--ponder` thinks between commands without delaying any reply.

use crate::gtp::Engine;
use std::thread;
use std::time::{Duration, Instant};
use tengen::game::{Game, Rules};
use tengen::geom::{Color, Move};

/// Plays `genmove` for both colours until two passes, a resignation or 200 moves; every move
/// must be legal on a mirror of the game. Returns the number of moves.
fn self_play(engine: &mut Engine, game: &mut Game) -> usize {
    let mut color = Color::Black;
    for n in 0..200 {
        let reply = engine.ok(&format!("genmove {color}"));
        if reply == "resign" {
            return n;
        }
        let mv = Move::parse(&reply, 9).unwrap_or_else(|e| panic!("not a move: {reply}: {e}"));
        game.try_play(color, mv)
            .unwrap_or_else(|e| panic!("move {}: {color} {reply} is illegal: {e}", n + 1));
        if game.is_over() {
            return n + 1;
        }
        color = color.opponent();
    }
    200
}

#[test]
fn two_threads_play_a_whole_9x9_game() {
    let mut engine = Engine::start(&[
        "--size",
        "9",
        "--threads",
        "2",
        "--playouts",
        "800",
        "--seed",
        "11",
    ]);
    let mut game = Game::new(9, Rules::default());
    let n = self_play(&mut engine, &mut game);
    assert!(n >= 10, "the game ended after {n} moves");
    let score = engine.ok("final_score");
    assert!(
        score == "0" || score.starts_with("B+") || score.starts_with("W+"),
        "{score}"
    );
    engine.quit_within(Duration::from_secs(5));
}

/// CPU seconds the engine reports (`cputime`).
fn cputime(engine: &mut Engine) -> f64 {
    engine.ok("cputime").parse().unwrap()
}

/// With `--ponder` the engine searches after its `genmove` (its CPU time grows while it waits
/// for the next command), answers every command at once all the same, plays on, and quits
/// within a second while pondering.
#[test]
fn pondering_thinks_between_commands_and_never_delays_a_reply() {
    let mut engine = Engine::start(&[
        "--size",
        "9",
        "--threads",
        "2",
        "--ponder",
        "--playouts",
        "500",
        "--seed",
        "2",
    ]);
    let mut game = Game::new(9, Rules::default());
    let mut color = Color::Black;
    let mut pondered = 0.0f64;
    let mut slowest = Duration::ZERO;
    for _ in 0..6 {
        let reply = engine.ok(&format!("genmove {color}"));
        let mv = Move::parse(&reply, 9).unwrap_or_else(|e| panic!("not a move: {reply}: {e}"));
        game.try_play(color, mv).unwrap();
        color = color.opponent();
        let before = cputime(&mut engine);
        thread::sleep(Duration::from_millis(400));
        // A command while pondering: answered at once, and the engine goes on pondering.
        for command in ["name", "showboard", "cputime"] {
            let start = Instant::now();
            engine.send(command);
            let reply = engine.reply_within(Duration::from_secs(1));
            assert!(reply.starts_with("= "), "{command}: {reply}");
            slowest = slowest.max(start.elapsed());
        }
        pondered += cputime(&mut engine) - before;
        thread::sleep(Duration::from_millis(100));
        // The opponent's move (genmove for the other colour plays it, as in self-play).
        let reply = engine.ok(&format!("genmove {color}"));
        let mv = Move::parse(&reply, 9).unwrap();
        game.try_play(color, mv).unwrap();
        color = color.opponent();
        if game.is_over() {
            break;
        }
    }
    eprintln!("pondering used {pondered:.2} CPU s; slowest reply while pondering {slowest:?}");
    // An engine that waits idle uses no CPU; a pondering one uses about one CPU second per
    // wall second and thread (here 0.5 s of waiting, six times, on a shared machine).
    assert!(pondered >= 0.2, "pondering used only {pondered:.2} CPU s");
    thread::sleep(Duration::from_millis(200));
    let start = Instant::now();
    engine.quit_within(Duration::from_secs(1));
    assert!(start.elapsed() < Duration::from_secs(1));
}

/// `--help` documents the options of this file, and bad values are refused with a reason on
/// stderr and nothing on stdout.
#[test]
fn thread_memory_and_ponder_options_are_documented_and_checked() {
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_tengen"))
            .args(args)
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap()
    };
    let help = String::from_utf8_lossy(&run(&["--help"]).stdout).into_owned();
    for option in ["--threads", "--max-memory", "--ponder"] {
        assert!(help.contains(option), "--help does not mention {option}");
    }
    for bad in [
        &["--threads", "0"][..],
        &["--threads", "129"],
        &["--threads", "two"],
        &["--max-memory", "0"],
        &["--max-memory", "-5"],
        &["--ponder=1"],
    ] {
        let out = run(bad);
        assert!(!out.status.success(), "{bad:?} accepted");
        assert!(out.stdout.is_empty(), "{bad:?} wrote to stdout");
        assert!(!out.stderr.is_empty(), "{bad:?} gave no reason");
    }
    let bench = String::from_utf8_lossy(&run(&["bench", "--help"]).stdout).into_owned();
    assert!(bench.contains("--threads"), "{bench}");
}
