//! The one integration-test binary. Modules:
//! - reference: an independent flood-fill board, written only for the tests (no code from src/)
//! - differential: random games compared move by move between `Position`/`Game` and the reference
//! - properties: proptest properties of play, undo and counting
//! - testdata: games from tests/data/sgf (a copy of ../shared/testdata: GNU Go and Fuego
//!   regression suites)
//! - faults: fault injection: a panic in a command handler and in a search thread, kept quiet
//!   (a panic hook here, a filter of the child's stderr) while every other panic shows
//! - flood: back-pressure: a client flooding tengen during a search, its peak memory, the order
//!   of the replies, and `quit` behind a full queue
//! - fuzzed: the GTP and SGF fuzz targets' checks (fuzz/ includes the file) and the inputs they
//!   found
//! - fuzzed_json: the same for the JSON analysis engine's target (a session of queries)
//! - fuzzed_review: the same for `tengen review`'s target (a record reviewed in memory)
//! - network_file: `--network` with a bad file: the failure table, one line of error each
//! - gtp: GTP sessions through the binary
//! - transcripts: the replay of every transcript in gtp-logs/
//! - clock: time control through the binary (byo-yomi, Fischer, --time-per-game)
//! - analysis: lz-/kata-analyze, *-genmove_analyze and GoGui's analyze commands, every `info`
//!   line checked against Sabaki's parsing rules
//! - json_engine: `tengen analysis`, KataGo's JSON analysis protocol, and KaTrain's client on it
//!   (needs python3 and KaTrain in tests/katrain/site; skips without)
//! - json_streams: random streams of the JSON analysis protocol through the binary (queries,
//!   terminate, bad lines, stdin closed mid-search): every query answered or refused once,
//!   memory bounded; and the ignored `json_soak`
//! - lizzie: Lizzie's and lizzieyzy's start-up and analysis replayed, every line read as their
//!   parsers read it, stderr free of lines they take for replies
//! - ogs: `--ogs-variations` read by gtp2ogs's own parser (needs node and a gtp2ogs checkout
//!   in GTP2OGS_SRC; skips without); stderr empty without the option
//! - sessions: random GTP sessions (sizes, loadsgf, undo, clocks, quit) and issue #6's cases
//! - streams: random command streams through the binary: one reply each, in order, and the
//!   final position equals a replay of the accepted commands
//! - sabaki: tengen driven by @sabaki/gtp, Sabaki's own GTP layer (needs node; skips without)
//! - referee: the match runner against real engines (GNU Go when installed)
//! - levels: `--level` and `tengen-level`, and a game of every level against GNU Go, each of
//!   tengen's moves checked (legal, no self-atari of a big chain, no pass in an open game)
//! - review: `tengen review` on a real game: every move annotated, the graph an SVG
//! - training: `net-data`, a few steps of train/train.py and a game with the network it
//!   exported (needs python3 with PyTorch; skips without)
//! - scripts: the diagnostic scripts of tests/scripts that need only tengen
//! - reading: the local reader on GNU Go's seki and Fuego's bent four positions
//! - scoring: final_score of every finished game of tests/data against expected_scores.tsv
//! - tidy: the direction of dependencies between modules of src/
//! - threads: `--threads` self-play and `--ponder` through the binary

mod analysis;
mod clock;
mod differential;
mod faults;
mod flood;
mod fuzzed;
mod fuzzed_json;
mod fuzzed_review;
mod gtp;
mod json_engine;
mod json_streams;
mod levels;
mod lizzie;
mod network_file;
mod ogs;
mod properties;
mod reading;
mod referee;
mod reference;
mod review;
mod sabaki;
mod scoring;
mod scripts;
mod sessions;
mod streams;
mod testdata;
mod threads;
mod tidy;
mod training;
mod transcripts;
