//! SGF: the input is a file given to `loadsgf` (the reader and the game built from it); the
//! checks are `tests/it/fuzzed.rs`'s `sgf_file`, which the regression tests run on every
//! input found.
#![no_main]

#[path = "../../tests/it/fuzzed.rs"]
mod fuzzed;

libfuzzer_sys::fuzz_target!(|data: &[u8]| fuzzed::sgf_file(data));
