//! `tengen analysis`: the input is a session of KataGo's JSON analysis protocol, one query or
//! action a line, through the engine's line step (parser, queue, actions) and its searches
//! of a few playouts; the checks are `tests/it/fuzzed_json.rs`'s `json_session`, which the
//! regression tests run on every input found.
#![no_main]

#[path = "../../tests/it/fuzzed_json.rs"]
mod fuzzed_json;

libfuzzer_sys::fuzz_target!(|data: &[u8]| fuzzed_json::json_session(data));
