//! The real games of `shared/testdata/sgf` (GNU Go's and Fuego's regression suites) replayed
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

use crate::reference::{stone_of, RefBoard, RefGame, BLACK, WHITE};
use std::path::{Path, PathBuf};
use tengen::game::{Game, KoRule, RuleSet};
use tengen::geom::{Color, Move, Point};
use tengen::sgf::{self, SgfGame};

/// `shared/testdata/sgf`, found beside the repository (CI: `../shared`) or beside its worktree
/// folder (`../../shared`).
fn testdata() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .map(|dir| dir.join("shared/testdata/sgf"))
        .find(|dir| dir.is_dir())
        .expect("shared/testdata/sgf not found above the crate")
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

/// A game and a reference board set up as the SGF says, before its first move.
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
    assert_eq!(
        game.position().to_move().index() + 1,
        board.to_move as usize
    );
    reference.set_start(board);
    (game, reference)
}

/// Plays `moves` on both boards, asserting that each is legal and that the boards agree.
fn replay(name: &str, game: &mut Game, reference: &mut RefGame, moves: &[(Color, Move)]) {
    for (n, &(color, mv)) in moves.iter().enumerate() {
        let at = mv.point().map(|p| p.row() * game.size() + p.col());
        if let Err(e) = game.try_play(color, mv) {
            panic!(
                "{name}: move {} {} {mv} refused: {e}\n{}",
                n + 1,
                color.letter(),
                reference.board.picture()
            );
        }
        let want = reference.check(stone_of(color), at);
        assert!(
            want.is_ok(),
            "{name}: move {} {mv}: reference says {want:?}",
            n + 1
        );
        reference.play(stone_of(color), at);
        let b = &reference.board;
        for p in Point::all(game.size()) {
            let cell = b.cells[p.row() * b.size + p.col()];
            let want = match cell {
                BLACK => Some(Color::Black),
                WHITE => Some(Color::White),
                _ => None,
            };
            assert_eq!(
                game.position().stone_at(p),
                want,
                "{name}: {p} after move {}",
                n + 1
            );
        }
        assert_eq!(game.position().position_hash(), b.zobrist(), "{name}: hash");
        assert_eq!(
            [game.prisoners(Color::Black), game.prisoners(Color::White)],
            b.prisoners,
            "{name}: prisoners after move {}",
            n + 1
        );
    }
}

#[test]
fn every_game_replays_legally() {
    let mut files = Vec::new();
    sgf_files(&testdata(), &mut files);
    assert!(files.len() >= 80, "only {} SGF files", files.len());
    let (mut n_moves, mut n_japanese) = (0, 0);
    for path in &files {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let sgf = load(path);
        let ko = if is_japanese(&sgf) || name == "repetition-1.sgf" {
            n_japanese += 1;
            KoRule::Simple
        } else {
            KoRule::Positional
        };
        let (mut game, mut reference) = start(&sgf, ko);
        replay(&name, &mut game, &mut reference, &sgf.moves);
        assert_eq!(game.moves().len(), sgf.moves.len());
        n_moves += sgf.moves.len();
    }
    eprintln!(
        "testdata: {} files ({n_japanese} under simple ko), {n_moves} moves",
        files.len()
    );
    assert!(n_moves > 15_000, "only {n_moves} moves replayed");
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
fn repetition_1_breaks_superko_at_move_105_only() {
    let path = testdata().join("fuego/repetition/repetition-1.sgf");
    let sgf = load(&path);
    assert_eq!(sgf.moves.len(), 105);
    for ko in [KoRule::Positional, KoRule::Situational] {
        let (mut game, mut reference) = start(&sgf, ko);
        replay(
            "repetition-1.sgf",
            &mut game,
            &mut reference,
            &sgf.moves[..104],
        );
        let (color, mv) = sgf.moves[104];
        assert_eq!(mv, Move::Play(Point::parse("C9", 9).unwrap()));
        assert_eq!(
            game.try_play(color, mv),
            Err(tengen::board::PlayError::Superko)
        );
    }
}
