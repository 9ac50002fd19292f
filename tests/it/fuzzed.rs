//! The checks the fuzz targets run (`fuzz/fuzz_targets/*.rs` include this file with `#[path]`),
//! and the regression tests that run the same checks on every input the fuzzers found
//! (`tests/data/fuzz/{gtp,sgf}/`, minimised) and on the hand-made seeds (`fuzz/seeds/`).
//!
//! - `gtp_session`: the input is a GTP session, one command per line, through the wire's line
//!   reader and parser (`LineReader`, `Command::parse`, the too-long-line path included) and the command table
//!   (`commands::run`) of a small, fast engine. After every command: the reply is one
//!   well-formed GTP reply with the command's id; a refused command (`?`) left the game as it
//!   was (`showboard` and `printsgf`); no `? internal error`; the position passes
//!   `Position::verify`. `loadsgf` and `printsgf` are skipped (the fuzzer would write files
//!   anywhere); `sgf_file` covers them.
//! - `sgf_file`: the input is a file for `loadsgf` (`Engine::loadsgf_bytes`: the reader and the
//!   game built from it). A refused file changes nothing; a loaded game passes
//!   `Position::verify`, and what `printsgf` writes of it loads back to the same game.
//!
//! Under libFuzzer any panic aborts, even one `commands::run` would catch and answer
//! `? internal error`, so such panics are found too.

use std::sync::atomic::Ordering;
use std::time::Duration;
use tengen::gtp::wire::{self, Command};
use tengen::gtp::{commands, engine, Engine, Output, Signals, Stream};

/// Commands that touch the file system.
const SKIPPED: &[&str] = &["loadsgf", "printsgf"];

/// The line cap of the GTP target (the engine's is `wire::MAX_LINE_BYTES`).
const LINE_CAP: usize = 2048;

/// Sessions longer than this are cut: searches make each command slow.
pub const MAX_COMMANDS: usize = 48;

/// A small engine: 9×9 until `boardsize`, 24 playouts a move, a 50,000-node tree, a
/// 64-playout judge.
fn small_engine() -> Engine {
    let mut config = engine::Config {
        board_size: 9,
        playouts: Some(24),
        default_playouts: 24,
        ..engine::Config::default()
    };
    config.search.max_nodes = 50_000;
    config.search.judge.playouts = 64;
    config.budget.max_move_time = Duration::from_millis(200);
    let signals = Signals::default();
    // A line is always "waiting": an analysis stops at once instead of waiting for input.
    signals.pending.store(1, Ordering::SeqCst);
    Engine::new(config, signals)
}

/// One GTP reply: status, the id, one space, text without empty lines, one empty line.
fn check_reply(text: &str, id: Option<&str>) {
    let head = text.as_bytes()[0];
    assert!(head == b'=' || head == b'?', "{text:?}");
    let id = id.unwrap_or("");
    assert!(text[1..].starts_with(&format!("{id} ")), "{text:?}");
    assert!(text.ends_with("\n\n"), "{text:?}");
    assert!(!text[..text.len() - 2].contains("\n\n"), "{text:?}");
}

/// The GTP target's check (see the module doc).
pub fn gtp_session(data: &[u8]) {
    let mut engine = small_engine();
    let out = Output::sink();
    // Read as the reader thread reads stdin (`LineReader`, `# interrupt`), with a smaller cap
    // than `MAX_LINE_BYTES` so that inputs of fuzzing size reach the too-long path.
    let mut reader = wire::LineReader::new(data, LINE_CAP);
    for _ in 0..MAX_COMMANDS {
        let Some(line) = reader.next_line().unwrap() else {
            break;
        };
        assert!(line.bytes.len() <= LINE_CAP);
        if line.truncated {
            let id = Command::parse_id_only(&line.bytes).flatten();
            let reply = wire::format_reply(id.as_deref(), &Err("line too long".into()));
            check_reply(&reply, id.as_deref());
            continue;
        }
        if wire::is_interrupt(&line.bytes) {
            continue;
        }
        let Some(cmd) = Command::parse(&line.bytes) else {
            continue;
        };
        assert!(cmd.id.as_deref().is_none_or(|id| !id.is_empty()));
        if SKIPPED.contains(&cmd.name.as_str()) {
            continue;
        }
        let before = (engine.showboard(), engine.sgf());
        let mut stream = Stream::new(&out, cmd.id.as_deref());
        let reply = commands::run(&mut engine, &cmd, &mut stream);
        if !stream.started() {
            check_reply(
                &wire::format_reply(cmd.id.as_deref(), &reply),
                cmd.id.as_deref(),
            );
        }
        if let Err(e) = &reply {
            assert!(!e.starts_with("internal error"), "`{cmd}`: {e}");
            assert_eq!(
                before,
                (engine.showboard(), engine.sgf()),
                "`{cmd}` failed ({e}) but changed the game"
            );
        }
        engine.game().position().verify().unwrap();
    }
}

/// The SGF target's check (see the module doc). A first byte `1`–`9` is `loadsgf`'s move
/// number.
pub fn sgf_file(data: &[u8]) {
    let mut engine = Engine::new(engine::Config::default(), Signals::default());
    let before = (engine.showboard(), engine.sgf());
    let (move_number, file) = match data.split_first() {
        Some((&b, rest)) if (b'1'..=b'9').contains(&b) => (Some(usize::from(b - b'0')), rest),
        _ => (None, data),
    };
    match engine.loadsgf_bytes(file, move_number) {
        Err(_) => assert_eq!(before, (engine.showboard(), engine.sgf())),
        Ok(_) => {
            engine.game().position().verify().unwrap();
            let board = engine.showboard();
            let written = engine.sgf();
            let mut again = Engine::new(engine::Config::default(), Signals::default());
            again
                .loadsgf_bytes(written.as_bytes(), None)
                .unwrap_or_else(|e| panic!("printsgf's output does not load: {e}\n{written}"));
            assert_eq!(board, again.showboard(), "{written}");
            assert_eq!(written, again.sgf());
        }
    }
}

/// The files of `dirs` (under the repository), but for hidden ones; at least one.
#[cfg(test)]
pub fn inputs(dirs: &[&str]) -> Vec<(std::path::PathBuf, Vec<u8>)> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in dirs {
        for entry in std::fs::read_dir(root.join(dir)).unwrap() {
            let path = entry.unwrap().path();
            if path.file_name().unwrap().to_string_lossy().starts_with('.') {
                continue;
            }
            let bytes = std::fs::read(&path).unwrap();
            files.push((path, bytes));
        }
    }
    assert!(!files.is_empty(), "no inputs in {dirs:?}");
    files
}

#[test]
fn fuzzed_gtp_sessions_pass_the_gtp_targets_check() {
    for (path, bytes) in inputs(&["tests/data/fuzz/gtp", "fuzz/seeds/gtp"]) {
        eprintln!("{}", path.display());
        gtp_session(&bytes);
    }
}

#[test]
fn fuzzed_sgf_files_pass_the_sgf_targets_check() {
    for (path, bytes) in inputs(&["tests/data/fuzz/sgf", "fuzz/seeds/sgf"]) {
        eprintln!("{}", path.display());
        sgf_file(&bytes);
    }
}
