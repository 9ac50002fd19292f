//! GTP: the input is a session, one command per line. Each line goes through the wire parser
//! (`Command::parse`, the too-long-line path included) and the command table
//! (`commands::run`) of a small, fast engine. Checked after every command: the reply is one
//! well-formed GTP reply; a refused command (`?`) left the game exactly as it was; the
//! position passes `Position::verify`. A panic anywhere (even one `commands::run` would catch
//! and answer `? internal error`) aborts under libFuzzer, so it is found.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::sync::atomic::Ordering;
use std::time::Duration;
use tengen::gtp::wire::{self, Command};
use tengen::gtp::{commands, engine, Engine, Output, Signals, Stream};

/// Commands that touch the file system (`loadsgf FILE`, `printsgf FILE`) are not run: the fuzzer
/// would write files anywhere. The SGF target covers `loadsgf`'s reader and game building.
const SKIPPED: &[&str] = &["loadsgf", "printsgf"];

/// Sessions longer than this are cut: searches make each command slow.
const MAX_COMMANDS: usize = 48;

fn engine() -> Engine {
    let mut config = engine::Config {
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

fuzz_target!(|data: &[u8]| {
    let mut engine = engine();
    let out = Output::sink();
    for line in data.split(|&b| b == b'\n').take(MAX_COMMANDS) {
        if line.len() > wire::MAX_LINE_BYTES {
            let id = Command::parse_id_only(&line[..wire::MAX_LINE_BYTES]).flatten();
            let reply = wire::format_reply(id.as_deref(), &Err("line too long".into()));
            check_reply(&reply, id.as_deref());
            continue;
        }
        let Some(cmd) = Command::parse(line) else {
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
});
