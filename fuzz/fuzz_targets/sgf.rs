//! SGF: the input is a file given to `loadsgf` (`Engine::loadsgf_bytes`: the reader and the
//! game built from it, setup, handicap and moves included). Checked: no panic; a refused file
//! changes nothing; a loaded game passes `Position::verify`, and what `printsgf` writes of it
//! loads back to the same game.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tengen::gtp::{engine, Engine, Signals};

fuzz_target!(|data: &[u8]| {
    let mut engine = Engine::new(engine::Config::default(), Signals::default());
    let before = (engine.showboard(), engine.sgf());
    // The first byte, when it is a digit, is `loadsgf`'s move number (1..=9).
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
});
