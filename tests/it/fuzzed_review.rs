//! The review fuzz target's check (`fuzz/fuzz_targets/review.rs` includes this file with
//! `#[path]`), and the regression test that runs it on every input the fuzzer found
//! (`tests/data/fuzz/review/`, minimised) and on the hand-made seeds (`fuzz/seeds/review/`).
//!
//! `review_file`: the input is a record given to `tengen review` (`review::review`, the
//! command without its files: the SGF reader, the main line and its start position, a search
//! of `PLAYOUTS` playouts a position, the annotations, the SGF written and the graph). A
//! record the reader refuses, or whose main line cannot be played (`review::load`), is an
//! error; any other is reviewed, and the SGF written reads back to the same game (size,
//! komi, handicap, setup, first player, main line) with the review's moves; the graph is one
//! SVG picture.

use std::path::PathBuf;
use tengen::progress;
use tengen::review::{self, Options};
use tengen::sgf;

/// Playouts a position.
const PLAYOUTS: u64 = 2;
/// The longest main line reviewed whole.
const MAX_REVIEWED_MOVES: usize = 48;

fn options() -> Options {
    Options {
        input: PathBuf::from("fuzzed.sgf"),
        output: PathBuf::from("fuzzed-review.sgf"),
        graph: None,
        playouts: Some(PLAYOUTS),
        seconds: None,
        threads: 1,
        seed: 1,
        komi: None,
        rules: None,
        progress: progress::Mode::Never,
    }
}

/// The game a record describes, as a review must keep it.
fn game(r: &sgf::SgfGame) -> impl PartialEq + std::fmt::Debug {
    (
        r.size,
        r.komi,
        r.handicap,
        r.setup.clone(),
        r.to_play,
        r.moves.clone(),
    )
}

/// The review target's check (see the module doc).
pub fn review_file(data: &[u8]) {
    let Ok(record) = sgf::parse_bytes(data) else {
        let reviewed = review::review(data, &options());
        assert!(
            reviewed.is_err(),
            "a record the reader refuses was reviewed"
        );
        return;
    };
    let loaded = review::load(&record, None, None);
    if record.moves.len() > MAX_REVIEWED_MOVES {
        if loaded.is_ok() {
            let blank = vec![sgf::Markup::default(); record.moves.len()];
            let text = sgf::write_marked_up(&record, &sgf::Markup::default(), &blank);
            let back = sgf::parse_bytes(text.as_bytes())
                .unwrap_or_else(|e| panic!("the record does not read back ({e}):\n{text}"));
            assert_eq!(game(&back), game(&record), "{text}");
        }
        return;
    }
    let reviewed = review::review(data, &options());
    if let Err(e) = loaded {
        let refused = reviewed.expect_err("a record whose main line fails was reviewed");
        assert!(refused.ends_with(&e), "{refused} / {e}");
        return;
    }
    let reviewed = reviewed.unwrap_or_else(|e| panic!("a loadable record was refused: {e}"));
    assert_eq!(reviewed.reviewed.moves, record.moves.len());
    let back = sgf::parse_bytes(reviewed.sgf.as_bytes())
        .unwrap_or_else(|e| panic!("the review does not read back ({e}):\n{}", reviewed.sgf));
    assert_eq!(game(&back), game(&record), "{}", reviewed.sgf);
    review::load(&back, None, None).expect("the review's record loads");
    let svg = reviewed.svg.trim();
    assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"), "{svg}");
}

#[test]
fn fuzzed_records_pass_the_review_targets_check() {
    for (path, bytes) in super::fuzzed::inputs(&["tests/data/fuzz/review", "fuzz/seeds/review"]) {
        eprintln!("{}", path.display());
        review_file(&bytes);
    }
}
