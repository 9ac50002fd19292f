//! The real games of `tests/data/sgf` (GNU Go's and Fuego's regression suites) replayed
//! through `Game`, and the verdicts of Fuego's `repetition.tst` on its repetition positions.
//!
//! - Every game of every file is read with `tengen::sgf` and replayed move by move: each move
//!   must be legal, under simple ko for games played under Japanese rules (`RU[Japanese]`) and
//!   under positional superko for the others. The same moves go through the reference board
//!   (`reference.rs`), and the stones and hash must agree after every move. One file is the
//!   exception by design: `repetition-1.sgf` (Ing rules) repeats a position at move 105, which
//!   Fuego's test expects to be illegal under superko; it is replayed under simple ko, and the
//!   repetition is checked below.
//! - Fuego's `regression/repetition.tst` loads each repetition file up to a move (`loadsgf f n`
//!   sets up the position before move n) and asks `is_legal` under `ko_rule simple`, `superko`
//!   (situational) and `pos_superko` (positional). Its expectations are encoded in
//!   `FUEGO_REPETITION`, each with the reason it holds.

use crate::reference::{stone_of, RefBoard, RefGame, WHITE};
use std::path::{Path, PathBuf};
use tengen::game::{Game, KoRule, RuleSet};
use tengen::geom::{Color, Move, Point};
use tengen::score;
use tengen::sgf::{self, SgfGame};

/// The game records of `tests/data/sgf` (a copy of `../shared/testdata/sgf`, kept in the
/// repository so that a clean clone tests the same games anywhere).
fn testdata() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/sgf")
}

fn sgf_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            sgf_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "sgf") {
            out.push(path);
        }
    }
}

fn load(path: &Path) -> SgfGame {
    let bytes = std::fs::read(path).unwrap();
    sgf::parse_bytes(&bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn is_japanese(sgf: &SgfGame) -> bool {
    sgf.rules
        .as_deref()
        .is_some_and(|r| r.to_ascii_lowercase().contains("japanese"))
}

/// A game and a reference board set up as the SGF says (setup or handicap stones, side to
/// move), before its first move.
fn start(sgf: &SgfGame, ko: KoRule) -> (Game, RefGame) {
    let mut rules = RuleSet::Chinese.rules();
    rules.ko = ko;
    let mut game = Game::new(sgf.size, rules);
    let mut reference = RefGame::new(sgf.size, ko, false);
    let mut board = RefBoard::new(sgf.size);
    for &(c, p) in &sgf.setup {
        board.cells[p.row() * sgf.size + p.col()] = stone_of(c);
    }
    let black: Vec<Point> = sgf
        .setup
        .iter()
        .filter(|s| s.0 == Color::Black)
        .map(|s| s.1)
        .collect();
    let white: Vec<Point> = sgf
        .setup
        .iter()
        .filter(|s| s.0 == Color::White)
        .map(|s| s.1)
        .collect();
    if sgf.handicap >= 2 && white.is_empty() && black.len() == sgf.handicap {
        game.set_handicap(&black).expect("handicap stones");
        board.to_move = WHITE;
    } else {
        game.setup(Color::Black, &black).expect("setup");
        game.setup(Color::White, &white).expect("setup");
    }
    if let Some(c) = sgf.to_play {
        game.set_to_move(c).expect("PL before any move");
        board.to_move = stone_of(c);
    }
    assert_eq!(
        game.position().to_move().index() + 1,
        board.to_move as usize
    );
    reference.set_start(board);
    (game, reference)
}

/// Asserts that the game shows the reference's stones, hash and prisoners.
fn compare(name: &str, n: usize, game: &Game, reference: &RefGame) {
    let b = &reference.board;
    for p in Point::all(game.size()) {
        let want = crate::reference::color_of(b.cells[p.row() * b.size + p.col()]);
        assert_eq!(
            game.position().stone_at(p),
            want,
            "{name}: {p} after move {n}"
        );
    }
    assert_eq!(
        game.position().position_hash(),
        b.zobrist(),
        "{name}: hash after move {n}"
    );
    assert_eq!(
        [game.prisoners(Color::Black), game.prisoners(Color::White)],
        b.prisoners,
        "{name}: prisoners after move {n}"
    );
}

/// Plays `moves` on both boards as `loadsgf` does: whatever the rules say (`try_play` when the
/// move is legal, `play_lenient` otherwise). Returns the numbers (from 1) of the moves that
/// were illegal; the game and the reference must agree on every verdict and every position.
fn replay(
    name: &str,
    game: &mut Game,
    reference: &mut RefGame,
    moves: &[(Color, Move)],
) -> Vec<usize> {
    let mut illegal = Vec::new();
    for (k, &(color, mv)) in moves.iter().enumerate() {
        let n = k + 1;
        let at = mv.point().map(|p| p.row() * game.size() + p.col());
        let want = reference.check(stone_of(color), at).map(|_| ());
        let got = game.check(color, mv);
        assert_eq!(
            got,
            want,
            "{name}: move {n} {} {mv} under {:?}\n{}",
            color.letter(),
            reference.ko_rule,
            reference.board.picture()
        );
        if got.is_ok() {
            game.try_play(color, mv).expect("checked legal");
            reference.play(stone_of(color), at);
        } else {
            illegal.push(n);
            game.play_lenient(color, mv).expect("on an empty point");
            reference
                .play_lenient(stone_of(color), at)
                .expect("on an empty point");
        }
        compare(name, n, game, reference);
    }
    illegal
}

#[test]
fn every_game_replays_legally() {
    let mut files = Vec::new();
    sgf_files(&testdata(), &mut files);
    assert!(files.len() >= 80, "only {} SGF files", files.len());
    let (mut n_moves, mut n_japanese) = (0, 0);
    for path in &files {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let repetition = path.parent().is_some_and(|d| d.ends_with("repetition"));
        let sgf = load(path);
        if is_japanese(&sgf) {
            n_japanese += 1;
        }
        for ko in [KoRule::Simple, KoRule::Positional, KoRule::Situational] {
            let (mut game, mut reference) = start(&sgf, ko);
            let illegal = replay(&name, &mut game, &mut reference, &sgf.moves);
            assert_eq!(game.moves().len(), sgf.moves.len());
            // Real games are legal under their own rules, and also under the other ko rules
            // (no game repeats a position); the repetition examples of Fuego's suite break
            // superko on purpose (see `repetitions_in_fuego_files`), but not simple ko.
            if !repetition || ko == KoRule::Simple {
                assert!(
                    illegal.is_empty(),
                    "{name} under {ko:?}: illegal moves {illegal:?}"
                );
            }
        }
        n_moves += sgf.moves.len();
    }
    eprintln!(
        "testdata: {} files ({n_japanese} Japanese), {n_moves} moves, each replayed under the three ko rules",
        files.len()
    );
    assert!(n_moves > 13_000, "only {n_moves} moves replayed");
}

/// One expectation of Fuego's `repetition.tst`: after `loadsgf file before`, is `color vertex`
/// legal under simple ko, situational superko and positional superko?
struct Expectation {
    file: &'static str,
    /// Load the moves before this one (None: all moves).
    before: Option<usize>,
    color: Color,
    vertex: &'static str,
    legal: [bool; 3],
    why: &'static str,
}

const FUEGO_REPETITION: &[Expectation] = &[
    Expectation {
        file: "simpleko.sgf",
        before: None,
        color: Color::White,
        vertex: "B1",
        legal: [false, false, false],
        why: "Black A1 has just taken the white stone on B1 in a ko: White may not retake at once",
    },
    Expectation {
        file: "long-life.sgf",
        before: Some(4),
        color: Color::White,
        vertex: "A4",
        legal: [true, false, false],
        why: "B A7 was taken by W A5, which B A6 took back; the throw-in W A4 now recreates \
              the starting stones with Black to move, as at the start: both superko rules \
              forbid it (the long-life cycle)",
    },
    Expectation {
        file: "repetition-1.sgf",
        before: Some(105),
        color: Color::Black,
        vertex: "C9",
        legal: [true, false, false],
        why: "B C9 at move 105 recreates the position after move 99, White to move both times",
    },
    Expectation {
        file: "triple-ko.sgf",
        before: Some(6),
        color: Color::White,
        vertex: "E7",
        legal: [true, false, false],
        why: "in the triple ko, W E7 recreates the starting position with Black to move, as it \
              was: forbidden by both superko rules",
    },
    Expectation {
        file: "positional-superko.sgf",
        before: Some(3),
        color: Color::White,
        vertex: "B9",
        legal: [true, true, false],
        why: "W B9 recreates the starting stones, but then White was to move and now Black \
              would be: only positional superko forbids it",
    },
];

#[test]
fn fuego_repetition_verdicts() {
    let dir = testdata().join("fuego/repetition");
    for e in FUEGO_REPETITION {
        let sgf = load(&dir.join(e.file));
        let n = e.before.map_or(sgf.moves.len(), |b| b - 1);
        assert!(
            n <= sgf.moves.len(),
            "{}: only {} moves",
            e.file,
            sgf.moves.len()
        );
        let mv = Move::Play(Point::parse(e.vertex, sgf.size).unwrap());
        for (k, ko) in [KoRule::Simple, KoRule::Situational, KoRule::Positional]
            .into_iter()
            .enumerate()
        {
            let (mut game, mut reference) = start(&sgf, ko);
            replay(e.file, &mut game, &mut reference, &sgf.moves[..n]);
            let got = game.check(e.color, mv);
            let at = mv.point().map(|p| p.row() * sgf.size + p.col());
            let want = reference.check(stone_of(e.color), at).map(|_| ());
            assert_eq!(
                got.is_ok(),
                e.legal[k],
                "{} {:?}: {} {} is {got:?}; Fuego expects legal = {} ({})",
                e.file,
                ko,
                e.color.letter(),
                e.vertex,
                e.legal[k],
                e.why
            );
            assert_eq!(got, want, "{} {ko:?}: game and reference differ", e.file);
            // try_play agrees with check, and a refused move changes nothing.
            let hash = game.position().position_hash();
            assert_eq!(game.try_play(e.color, mv).is_ok(), e.legal[k]);
            if !e.legal[k] {
                assert_eq!(game.position().position_hash(), hash);
                assert_eq!(game.moves().len(), n);
            }
        }
    }
}

#[test]
fn repetitions_in_fuego_files() {
    // The moves of Fuego's repetition files that superko forbids, as the reference finds them
    // (and `replay` asserts that `Game` agrees on every one). The moves Fuego's test names
    // are among them: move 4 of long-life, 105 of repetition-1, 6 of triple-ko and, under
    // positional superko only, 3 of positional-superko.
    let dir = testdata().join("fuego/repetition");
    let mut found = Vec::new();
    for file in [
        "long-life.sgf",
        "repetition-1.sgf",
        "triple-ko.sgf",
        "positional-superko.sgf",
        "simpleko.sgf",
    ] {
        let sgf = load(&dir.join(file));
        for ko in [KoRule::Positional, KoRule::Situational] {
            let (mut game, mut reference) = start(&sgf, ko);
            let illegal = replay(file, &mut game, &mut reference, &sgf.moves);
            eprintln!("{file} under {ko:?}: superko forbids moves {illegal:?}");
            found.push((file, ko, illegal));
        }
    }
    let has = |file: &str, ko: KoRule, n: usize| {
        found
            .iter()
            .any(|(f, k, illegal)| *f == file && *k == ko && illegal.contains(&n))
    };
    for ko in [KoRule::Positional, KoRule::Situational] {
        assert!(has("long-life.sgf", ko, 4));
        assert!(has("repetition-1.sgf", ko, 105));
        assert!(has("triple-ko.sgf", ko, 6));
    }
    assert!(has("positional-superko.sgf", KoRule::Positional, 3));
    assert!(!has("positional-superko.sgf", KoRule::Situational, 3));
}

#[test]
fn cgos_game_counts_as_recorded() {
    // CGOS games are played out until no dead stones remain and counted by area with every
    // stone alive: Tromp-Taylor counting of the final position gives the recorded result.
    let sgf = load(&testdata().join("fuego/games/193838.sgf"));
    assert_eq!(sgf.result.as_deref(), Some("W+20.5"));
    let (mut game, mut reference) = start(&sgf, KoRule::Positional);
    replay("193838.sgf", &mut game, &mut reference, &sgf.moves);
    game.set_komi(sgf.komi.expect("KM"));
    game.set_rules(RuleSet::TrompTaylor.rules());
    let none = tengen::board::Bitboard::default();
    assert_eq!(score::result(&game, &none).to_string(), "W+20.5");
    game.set_rules(RuleSet::Chinese.rules());
    assert_eq!(score::result(&game, &none).to_string(), "W+20.5");
}
