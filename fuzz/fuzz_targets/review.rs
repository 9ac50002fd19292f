//! `tengen review`: the input is a record, reviewed in memory with a few playouts a position
//! (the SGF reader, the main line, the annotations, the SGF and graph written); the checks
//! are `tests/it/fuzzed_review.rs`'s `review_file`, which the regression tests run on every
//! input found.
#![no_main]

#[path = "../../tests/it/fuzzed_review.rs"]
mod fuzzed_review;

libfuzzer_sys::fuzz_target!(|data: &[u8]| fuzzed_review::review_file(data));
