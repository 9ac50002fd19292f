//! GTP: the input is a session, one command per line, through the wire parser and the command
//! table; the checks are `tests/it/fuzzed.rs`'s `gtp_session`, which the regression tests run
//! on every input found.
#![no_main]

#[path = "../../tests/it/fuzzed.rs"]
mod fuzzed;

libfuzzer_sys::fuzz_target!(|data: &[u8]| fuzzed::gtp_session(data));
