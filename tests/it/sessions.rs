//! Random GTP sessions against the real binary, and the named cases of issue #6.
//!
//! Issue #6: a search after a change of board size never ended, because the tree kept from the
//! last search was reused on the new board (its key could not tell an empty 19×19 from an empty
//! 9×9). The transcripts replayed in `gtp.rs` run 200 playouts and never searched on two sizes
//! in one session, so nothing caught it. Here every session mixes sizes from 2 to 25 changed in
//! the middle of games, `clear_board`, `loadsgf` of records of other sizes, `undo`, handicap,
//! time settings from tiny to absurd, `genmove` for either colour and `quit` at random, with
//! real searches of a few thousand playouts. Every `genmove` must answer within the move
//! ceiling (`--max-move-time`) plus a margin, every move must be legal on a mirror board, and
//! `quit` must end the process within a second, even in the middle of a search.

use crate::gtp::Engine;
use crate::transcripts::Mirror;
use std::path::{Path, PathBuf};
use std::thread;
use std::time::{Duration, Instant};
use tengen::geom::{Color, Move, Point};

/// Slack on top of a move's ceiling: process start, a loaded CI machine, the check of the
/// clock every 32 playouts.
const MARGIN: Duration = Duration::from_millis(1500);
const SIZES: [usize; 8] = [2, 3, 5, 7, 9, 13, 19, 25];

/// splitmix64: the test's own reproducible random numbers.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
}

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/sgf")
}

/// Records of many sizes for `loadsgf`: real games of the shared test data (19×19, 9×9 and
/// 2×2) and a few short records of other sizes written here.
fn sgf_files() -> Vec<String> {
    let mut files: Vec<String> = [
        "gnugo/scoring/score10.sgf",
        "fuego/scoring/PaperTiger-Fuego.sgf",
    ]
    .iter()
    .map(|f| data_dir().join(f))
    .filter(|p| p.exists())
    .map(|p| p.to_string_lossy().into_owned())
    .collect();
    let dir = std::env::temp_dir().join(format!("tengen-sessions-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (size, moves) in [
        (2, ""),
        (5, ";B[cc];W[bc];B[cb]"),
        (13, ";B[dd];W[jj];B[dj];W[jd]"),
        (25, ";B[dd];W[vv]"),
    ] {
        let path = dir.join(format!("size{size}.sgf"));
        std::fs::write(&path, format!("(;GM[1]FF[4]SZ[{size}]KM[6.5]{moves})")).unwrap();
        files.push(path.to_string_lossy().into_owned());
    }
    // The 9×9 records of the shared data.
    let nine = data_dir().join("gnugo");
    if let Ok(entries) = std::fs::read_dir(&nine) {
        for e in entries.flatten() {
            let p = e.path();
            if p.extension().is_some_and(|x| x == "sgf")
                && std::fs::read_to_string(&p).is_ok_and(|t| t.contains("SZ[9]"))
            {
                files.push(p.to_string_lossy().into_owned());
                break;
            }
        }
    }
    files
}

/// Time settings from none to absurd, as GTP and KGS send them.
const CLOCKS: [&str; 12] = [
    "time_settings 0 1 0",
    "time_settings 1 0 0",
    "time_settings 2 1 1",
    "time_settings 600 0 0",
    "time_settings 30 5 1",
    "time_settings 1e20 30 1",
    "time_settings 2147483648 2147483648 2147483648",
    "kgs-time_settings canadian 1e99 1 1",
    "kgs-time_settings byoyomi 0 1 3",
    "kgs-time_settings absolute 3",
    "time_left b 1e30 0",
    "time_left w 0.5 1",
];

/// What a session saw, to check that the random sessions cover the cases of issue #6.
#[derive(Default)]
struct Coverage {
    genmoves: usize,
    /// `genmove`s on a board of another size than the previous search.
    after_size_change: usize,
    /// … among them, on a smaller board.
    to_smaller: usize,
    /// `genmove`s under one of the absurd clocks.
    absurd_clock: usize,
    quit_mid_search: usize,
}

struct Session {
    rng: Rng,
    engine: Engine,
    mirror: Mirror,
    ceiling: Duration,
    size: usize,
    last_search_size: Option<usize>,
    absurd_clock: bool,
    sgfs: Vec<String>,
    log: Vec<String>,
}

impl Session {
    fn start(seed: u64, sgfs: Vec<String>) -> Session {
        let mut rng = Rng(seed);
        let ceiling = Duration::from_millis(*rng.pick(&[400u64, 700, 1000]));
        let mut args = vec![
            "--seed".to_string(),
            seed.to_string(),
            "--max-move-time".into(),
            format!("{}", ceiling.as_secs_f64()),
            "--lag-margin".into(),
            "0.1".into(),
        ];
        // Most sessions search a fixed number of playouts; the others live by the clock (or
        // the default playouts when no clock is set).
        if rng.chance(70) {
            args.push("--playouts".into());
            args.push(rng.pick(&[1000, 2000, 3000, 5000]).to_string());
        }
        let size = *rng.pick(&SIZES);
        args.push("--size".into());
        args.push(size.to_string());
        let arg_refs: Vec<&str> = args.iter().map(String::as_str).collect();
        Session {
            rng,
            engine: Engine::start(&arg_refs),
            mirror: Mirror::new(size),
            ceiling,
            size,
            last_search_size: None,
            absurd_clock: false,
            sgfs,
            log: vec![format!("tengen {}", args.join(" "))],
        }
    }

    fn context(&self) -> String {
        let tail = self.log.len().saturating_sub(30);
        self.log[tail..].join("\n")
    }

    /// Sends `command`, reads its reply within `limit`, follows it on the mirror.
    fn exchange(&mut self, command: &str, limit: Duration) -> String {
        self.log.push(format!("> {command}"));
        self.engine.send(command);
        let start = Instant::now();
        let reply = self.engine.reply_within(limit);
        self.log.push(format!(
            "< {reply}   ({:.2}s)",
            start.elapsed().as_secs_f64()
        ));
        let at = self.context();
        self.mirror.update(command, &reply, &at);
        reply
    }

    fn genmove(&mut self, coverage: &mut Coverage) {
        let color = *self.rng.pick(&["b", "w", "B", "white"]);
        let command = format!("genmove {color}");
        let start = Instant::now();
        let reply = self.exchange(&command, self.ceiling + MARGIN + Duration::from_secs(5));
        let took = start.elapsed();
        assert!(
            took <= self.ceiling + MARGIN,
            "genmove took {took:?} against a ceiling of {:?}\n{}",
            self.ceiling,
            self.context()
        );
        assert!(reply.starts_with("= "), "{}", self.context());
        coverage.genmoves += 1;
        if let Some(previous) = self.last_search_size {
            if previous != self.size {
                coverage.after_size_change += 1;
                coverage.to_smaller += usize::from(self.size < previous);
            }
        }
        coverage.absurd_clock += usize::from(self.absurd_clock);
        self.last_search_size = Some(self.size);
    }

    /// A legal move for `color` on the mirror if it knows the board, else any vertex.
    fn some_move(&mut self, color: Color) -> String {
        let size = self.size;
        if let Some(game) = &self.mirror.game {
            let legal: Vec<Point> = Point::all(size)
                .filter(|&p| game.check(color, Move::Play(p)).is_ok())
                .collect();
            if !legal.is_empty() && !self.rng.chance(5) {
                return self.rng.pick(&legal).to_string();
            }
            return "pass".into();
        }
        let p = Point::new(self.rng.below(size), self.rng.below(size));
        p.to_string()
    }

    fn set_size(&mut self, size: usize) {
        let reply = self.exchange(&format!("boardsize {size}"), Duration::from_secs(5));
        assert_eq!(reply, "= ", "{}", self.context());
        self.size = size;
    }

    /// Quits, in the middle of a search when `mid_search`: the process must be gone within a
    /// second of `quit`, having answered both commands.
    fn quit(mut self, mid_search: bool) {
        if mid_search {
            self.engine.send("genmove b");
            thread::sleep(Duration::from_millis(self.rng.below(300) as u64));
        }
        let start = Instant::now();
        self.engine.send("quit");
        if mid_search {
            let genmove = self.engine.reply_within(Duration::from_secs(1));
            assert!(genmove.starts_with("= "), "{genmove}\n{}", self.context());
        }
        let quit = self.engine.reply_within(Duration::from_secs(1));
        assert_eq!(quit, "= ", "{}", self.context());
        let left = Duration::from_secs(1).saturating_sub(start.elapsed());
        self.engine.wait_exit(left.max(Duration::from_millis(1)));
    }
}

/// One random session of `steps` commands; quits at the end or at random before.
fn run_session(seed: u64, steps: usize, coverage: &mut Coverage) {
    let mut s = Session::start(seed, sgf_files());
    for _ in 0..steps {
        let roll = s.rng.below(100);
        match roll {
            0..=34 => s.genmove(coverage),
            35..=49 => {
                let color = *s.rng.pick(&[Color::Black, Color::White]);
                let mv = s.some_move(color);
                let letter = if color == Color::Black { "b" } else { "w" };
                let reply = s.exchange(&format!("play {letter} {mv}"), Duration::from_secs(5));
                assert!(
                    reply == "= " || reply.starts_with("? illegal move"),
                    "{}",
                    s.context()
                );
            }
            50..=61 => {
                let size = *s.rng.pick(&SIZES);
                s.set_size(size);
                if s.rng.chance(60) {
                    let reply = s.exchange("clear_board", Duration::from_secs(5));
                    assert_eq!(reply, "= ");
                }
                // The case of issue #6: a search right after the change.
                if s.rng.chance(60) {
                    s.genmove(coverage);
                }
            }
            62..=65 => {
                assert_eq!(s.exchange("clear_board", Duration::from_secs(5)), "= ");
            }
            66..=71 => {
                let file = s.rng.pick(&s.sgfs).clone();
                let reply = s.exchange(&format!("loadsgf {file}"), Duration::from_secs(5));
                assert!(reply.starts_with("= "), "{}", s.context());
                // The mirror forgets the board; ask the engine for its size.
                let sgf = std::fs::read_to_string(&file).unwrap();
                s.size = sgf
                    .split_once("SZ[")
                    .and_then(|(_, rest)| rest.split_once(']'))
                    .and_then(|(n, _)| n.parse().ok())
                    .unwrap_or(19);
                s.mirror.size = s.size;
            }
            72..=78 => {
                let reply = s.exchange("undo", Duration::from_secs(5));
                assert!(reply == "= " || reply == "? cannot undo", "{}", s.context());
            }
            79..=81 => {
                let n = 2 + s.rng.below(8);
                let reply = s.exchange(&format!("fixed_handicap {n}"), Duration::from_secs(5));
                assert!(reply.starts_with('=') || reply.starts_with('?'));
            }
            82..=91 => {
                let clock = *s.rng.pick(&CLOCKS);
                let reply = s.exchange(clock, Duration::from_secs(5));
                assert!(reply.starts_with("= "), "{}", s.context());
                s.absurd_clock = clock.contains("1e") || clock.contains("2147483648");
            }
            92..=94 => {
                // Judging the board runs playouts too; it must not hang on any size either.
                let reply = s.exchange("final_score", Duration::from_secs(10));
                assert!(reply.starts_with("= "), "{}", s.context());
            }
            95..=96 => {
                let komi = *s.rng.pick(&["0", "6.5", "7.5", "-3", "100"]);
                s.exchange(&format!("komi {komi}"), Duration::from_secs(5));
            }
            _ => {
                let mid_search = s.rng.chance(50);
                coverage.quit_mid_search += usize::from(mid_search);
                s.quit(mid_search);
                return;
            }
        }
    }
    let mid_search = s.rng.chance(30);
    coverage.quit_mid_search += usize::from(mid_search);
    s.quit(mid_search);
}

/// Runs sessions `first..first + n` and checks they covered what issue #6 needs.
fn run_sessions(first: u64, n: u64) {
    let mut coverage = Coverage::default();
    for seed in first..first + n {
        run_session(seed, 24, &mut coverage);
    }
    eprintln!(
        "sessions {first}..{}: {} genmoves, {} after a size change ({} to a smaller board), \
         {} under absurd clocks, {} quits mid-search",
        first + n,
        coverage.genmoves,
        coverage.after_size_change,
        coverage.to_smaller,
        coverage.absurd_clock,
        coverage.quit_mid_search
    );
    // Each batch must exercise the changes of size (the table of issue #6) several times over.
    assert!(coverage.after_size_change >= 8, "too few size changes");
    assert!(
        coverage.to_smaller >= 3,
        "too few changes to a smaller board"
    );
}

#[test]
fn random_sessions_1() {
    run_sessions(1, 12);
}

#[test]
fn random_sessions_2() {
    run_sessions(101, 12);
}

#[test]
fn random_sessions_3() {
    run_sessions(201, 12);
}

// ----- The cases of issue #6, by name -----

/// `genmove b` on `first`, then the `change` commands, then `genmove b`: both must answer
/// within `limit`.
fn size_change(args: &[&str], first: usize, change: &[&str], limit: Duration) {
    let mut engine = Engine::start(args);
    engine.ok(&format!("boardsize {first}"));
    engine.ok("clear_board");
    engine.send("genmove b");
    let reply = engine.reply_within(limit);
    assert!(reply.starts_with("= "), "{reply}");
    for command in change {
        engine.ok(command);
    }
    engine.send("genmove b");
    let reply = engine.reply_within(limit);
    assert!(reply.starts_with("= "), "after {change:?}: {reply}");
    engine.quit_within(Duration::from_secs(1));
}

const LIMIT: Duration = Duration::from_secs(20);

#[test]
fn nineteen_to_nine_at_default_playouts() {
    size_change(&[], 19, &["boardsize 9", "clear_board"], LIMIT);
}

#[test]
fn nineteen_to_nine_at_3000_playouts() {
    size_change(
        &["--playouts", "3000"],
        19,
        &["boardsize 9", "clear_board"],
        LIMIT,
    );
}

#[test]
fn nineteen_to_nine_under_a_clock() {
    size_change(
        &["--time-per-move", "1"],
        19,
        &["boardsize 9", "clear_board"],
        LIMIT,
    );
    size_change(
        &[],
        19,
        &["time_settings 600 0 0", "boardsize 9", "clear_board"],
        LIMIT,
    );
}

#[test]
fn nineteen_to_nine_without_clear_board() {
    size_change(&["--playouts", "3000"], 19, &["boardsize 9"], LIMIT);
}

#[test]
fn changes_that_always_answered_still_do() {
    size_change(&["--playouts", "2000"], 19, &["boardsize 9"], LIMIT);
    size_change(&["--playouts", "3000"], 19, &["boardsize 18"], LIMIT);
    size_change(&["--playouts", "3000"], 19, &["clear_board"], LIMIT);
    let nine = data_dir().join("gnugo/scoring/score10.sgf");
    let load = format!("loadsgf {}", nine.display());
    size_change(&["--playouts", "3000"], 9, &[&load], LIMIT);
}

/// Every change between the sizes of the table, in one session: 56 changes.
#[test]
fn every_change_between_eight_sizes() {
    let mut engine = Engine::start(&["--playouts", "5000"]);
    for &from in &SIZES {
        for &to in &SIZES {
            if from == to {
                continue;
            }
            for (size, what) in [(from, "first"), (to, "second")] {
                engine.ok(&format!("boardsize {size}"));
                engine.ok("clear_board");
                engine.send("genmove b");
                let reply = engine.reply_within(LIMIT);
                assert!(reply.starts_with("= "), "{from}->{to}, {what}: {reply}");
            }
        }
    }
    engine.quit_within(Duration::from_secs(1));
}

/// Clocks that once gave one move days: each must leave a 9×9 `genmove` within the ceiling.
#[test]
fn absurd_clocks_are_capped_by_the_move_ceiling() {
    for settings in [
        &["time_settings 1e20 30 1"][..],
        &["time_settings 2147483648 2147483648 2147483648"],
        &["time_settings 30 5 1", "time_left b 1e30 0"],
        &["kgs-time_settings canadian 1e99 1 1"],
    ] {
        let mut engine = Engine::start(&["--max-move-time", "1", "--size", "9"]);
        for command in settings {
            engine.ok(command);
        }
        let start = Instant::now();
        engine.send("genmove b");
        let reply = engine.reply_within(Duration::from_secs(10));
        assert!(reply.starts_with("= "), "{settings:?}: {reply}");
        let took = start.elapsed();
        assert!(
            took <= Duration::from_secs(1) + MARGIN,
            "{settings:?}: genmove took {took:?}"
        );
        engine.quit_within(Duration::from_secs(1));
    }
}
