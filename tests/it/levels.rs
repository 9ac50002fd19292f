//! Strength levels through the binary: `--level` and GTP `tengen-level` (listed, set, bad
//! input refused with the state intact), and a game of every level against GNU Go on 9×9,
//! each of tengen's moves checked: legal, no self-atari of a chain of `BIG` stones or more,
//! no pass while GNU Go sees more than `MAX_DAME` unsettled points. Skips with a printed
//! reason when /usr/games/gnugo is absent.

use crate::gtp::Engine;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::thread;
use std::time::{Duration, Instant};
use tengen::game::{Game, Rules};
use tengen::geom::{Color, Move};
use tengen::search::level::TOP;

const GNUGO: &str = "/usr/games/gnugo";

/// The smallest chain whose self-atari fails the test.
const BIG: usize = 5;

/// The most points GNU Go may call dame (neither side's, no stone) when tengen passes on 9×9:
/// a settled game has a few at most (Chinese counting leaves the last ones to fill), an
/// open one dozens (32 on the empty board, 24 after one move each).
const MAX_DAME: usize = 8;

/// The longest a move may take before the test gives up on an engine.
const MOVE_TIMEOUT: Duration = Duration::from_secs(120);

#[test]
fn tengen_level_is_listed_set_and_refuses_bad_levels() {
    // Two threads: the cap counts both threads' playouts.
    let mut engine = Engine::start(&["--level", "4", "--size", "9", "--threads", "2"]);
    assert!(engine
        .ok("list_commands")
        .lines()
        .any(|l| l == "tengen-level"));
    assert_eq!(engine.ok("known_command tengen-level"), "true");
    assert_eq!(engine.ok("tengen-level"), "4");
    for (bad, reply) in [
        ("tengen-level 0", "? no level 0: levels go from 1 to 10"),
        ("tengen-level 11", "? no level 11: levels go from 1 to 10"),
        ("tengen-level -2", "? no level -2: levels go from 1 to 10"),
        ("tengen-level top", "? syntax error"),
        ("tengen-level 2.5", "? syntax error"),
        ("tengen-level 1 2", "? syntax error"),
        ("tengen-level 99999999999999999999", "? syntax error"),
    ] {
        assert_eq!(engine.ask(bad), reply, "{bad}");
    }
    assert_eq!(engine.ok("tengen-level"), "4", "bad input changes nothing");
    assert_eq!(engine.ok("play b E5"), "");
    assert_eq!(engine.ok("tengen-level 1"), "");
    assert_eq!(engine.ok("tengen-level"), "1");
    for color in ["w", "b", "w"] {
        let mv = engine.ok(&format!("genmove {color}"));
        assert!(mv != "pass" && mv != "resign", "{mv}");
    }
    assert_eq!(engine.ok(&format!("tengen-level {TOP}")), "");
    assert_eq!(engine.ok("tengen-level"), TOP.to_string());
    engine.quit_within(Duration::from_secs(5));
    let mut default = Engine::start(&["--threads", "1"]);
    assert_eq!(default.ok("tengen-level"), TOP.to_string());
    default.quit_within(Duration::from_secs(5));
}

/// A GTP engine over pipes, its replies read by a thread.
struct Gtp {
    name: String,
    child: Child,
    stdin: ChildStdin,
    replies: Receiver<String>,
}

impl Gtp {
    fn start(program: &str, args: &[String]) -> Gtp {
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("starting {program}: {e}"));
        let stdout = BufReader::new(child.stdout.take().unwrap());
        let (tx, replies) = channel();
        thread::spawn(move || {
            let mut reply = String::new();
            for line in stdout.lines() {
                let Ok(line) = line else { return };
                if line.trim().is_empty() {
                    if !reply.is_empty() && tx.send(std::mem::take(&mut reply)).is_err() {
                        return;
                    }
                } else {
                    reply.push_str(&line);
                    reply.push('\n');
                }
            }
        });
        Gtp {
            name: format!("{program} {}", args.join(" ")),
            stdin: child.stdin.take().unwrap(),
            child,
            replies,
        }
    }

    /// The reply to `command` without its `= `; a `?` reply fails the test.
    fn ok(&mut self, command: &str) -> String {
        writeln!(self.stdin, "{command}").expect("writing to an engine");
        self.stdin.flush().unwrap();
        let reply = self
            .replies
            .recv_timeout(MOVE_TIMEOUT)
            .unwrap_or_else(|_| panic!("{}: no reply to {command}", self.name));
        let reply = reply.trim_end();
        match reply.strip_prefix('=') {
            Some(rest) => rest.trim().to_string(),
            None => panic!("{}: {command} → {reply}", self.name),
        }
    }
}

impl Drop for Gtp {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        let deadline = Instant::now() + Duration::from_secs(5);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// How one game went.
struct Played {
    moves: usize,
    /// GNU Go's dame count at each of tengen's passes.
    dame_at_passes: Vec<usize>,
    end: String,
}

/// A 9×9 game of tengen at `level` (colour by the level's parity) against GNU Go level 1;
/// panics at tengen's first illegal, absurd or early move.
fn game_against_gnugo(level: u32) -> Played {
    let seed = level.to_string();
    let tengen_args: Vec<String> = ["--level", &seed, "--threads", "1", "--seed", &seed]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let gnugo_args: Vec<String> = ["--mode", "gtp", "--level", "1", "--chinese-rules"]
        .iter()
        .map(|s| s.to_string())
        .chain(["--seed".to_string(), seed.clone()])
        .collect();
    let mut tengen = Gtp::start(env!("CARGO_BIN_EXE_tengen"), &tengen_args);
    let mut gnugo = Gtp::start(GNUGO, &gnugo_args);
    for e in [&mut tengen, &mut gnugo] {
        e.ok("boardsize 9");
        e.ok("clear_board");
        e.ok("komi 7.5");
    }
    let ours = if level % 2 == 1 {
        Color::Black
    } else {
        Color::White
    };
    let mut game = Game::new(9, Rules::default());
    let mut color = Color::Black;
    let mut passes = 0;
    let mut dame_at_passes = Vec::new();
    let end = loop {
        if passes == 2 {
            break "two passes".to_string();
        }
        if game.moves().len() >= 300 {
            break "300 moves".to_string();
        }
        let mover = if color == ours {
            &mut tengen
        } else {
            &mut gnugo
        };
        let reply = mover.ok(&format!("genmove {color}")).to_lowercase();
        if reply == "resign" {
            break format!("{color} resigned");
        }
        let mv = Move::parse(&reply, 9).unwrap_or_else(|e| panic!("{reply:?}: {e:?}"));
        if color != ours {
            if game.try_play(color, mv).is_err() {
                // GNU Go does not know positional superko: the game ends there.
                break format!("GNU Go's {mv} refused");
            }
        } else {
            let n = game.moves().len() + 1;
            if mv == Move::Pass {
                let dame = gnugo
                    .ok("final_status_list dame")
                    .split_whitespace()
                    .count();
                assert!(
                    dame <= MAX_DAME,
                    "level {level}: move {n}, a pass with {dame} dame:\n{}",
                    tengen.ok("showboard")
                );
                dame_at_passes.push(dame);
            }
            game.try_play(color, mv)
                .unwrap_or_else(|e| panic!("level {level}: move {n}, illegal {mv}: {e}"));
            if let Move::Play(p) = mv {
                let pos = game.position();
                let chain = pos.chain(p).count();
                assert!(
                    pos.n_liberties(p) > 1 || chain < BIG,
                    "level {level}: move {n}, {mv} puts {chain} stones in atari:\n{}",
                    tengen.ok("showboard")
                );
            }
        }
        let other = if color == ours {
            &mut gnugo
        } else {
            &mut tengen
        };
        other.ok(&format!("play {color} {mv}"));
        passes = if mv == Move::Pass { passes + 1 } else { 0 };
        color = color.opponent();
    };
    Played {
        moves: game.moves().len(),
        dame_at_passes,
        end,
    }
}

/// Every level plays a whole legal, sane game against GNU Go, two games at a time.
#[test]
fn each_level_plays_a_legal_sane_game_against_gnugo() {
    if !Path::new(GNUGO).exists() {
        eprintln!("skipped: {GNUGO} is not installed");
        return;
    }
    let started = Instant::now();
    let levels: Vec<u32> = (1..=TOP).collect();
    for pair in levels.chunks(2) {
        let games: Vec<_> = pair
            .iter()
            .map(|&level| thread::spawn(move || (level, game_against_gnugo(level))))
            .collect();
        for game in games {
            let (level, played) = match game.join() {
                Ok(result) => result,
                Err(panic) => std::panic::resume_unwind(panic),
            };
            eprintln!(
                "level {level}: {} moves, {}; dame at tengen's passes {:?} ({:.1} s so far)",
                played.moves,
                played.end,
                played.dame_at_passes,
                started.elapsed().as_secs_f64()
            );
            assert!(played.moves >= 20, "level {level}: {} moves", played.moves);
        }
    }
}
