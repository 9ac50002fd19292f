use super::*;
use proptest::prelude::*;
use std::path::{Path, PathBuf};

/// The game records of `tests/data/sgf` (a copy of `../shared/testdata/sgf`, kept in the
/// repository so that a clean clone tests the same games anywhere).
fn testdata() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/sgf")
}

fn sgf_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
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

fn load(relative: &str) -> SgfGame {
    let bytes = std::fs::read(testdata().join(relative)).unwrap();
    parse_bytes(&bytes).unwrap_or_else(|e| panic!("{relative}: {e}"))
}

fn pt(gtp: &str, size: usize) -> Point {
    Point::parse(gtp, size).unwrap()
}

fn kind(text: &str) -> SgfErrorKind {
    parse(text).unwrap_err().kind
}

fn n_passes(game: &SgfGame) -> usize {
    game.moves.iter().filter(|(_, m)| *m == Move::Pass).count()
}

fn count(game: &SgfGame, color: Color) -> usize {
    game.setup.iter().filter(|(c, _)| *c == color).count()
}

#[test]
fn every_testdata_file_parses_and_round_trips() {
    let mut files = Vec::new();
    sgf_files(&testdata(), &mut files);
    assert!(files.len() >= 80, "only {} files", files.len());
    for path in files {
        let bytes = std::fs::read(&path).unwrap();
        let game = parse_bytes(&bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!((2..=25).contains(&game.size));
        assert!(
            !game.moves.is_empty() || !game.setup.is_empty(),
            "{}: nothing read",
            path.display()
        );
        let again = parse(&write(&game)).unwrap();
        assert_eq!(again, game, "{}", path.display());
    }
}

#[test]
fn nngs_handicap_game() {
    let game = load("gnugo/nngs/gnugo-3.3.8-evand-200209090532.sgf");
    assert_eq!(game.size, 19);
    assert_eq!(game.handicap, 3);
    assert_eq!(game.komi, Some(0.5));
    assert_eq!(
        game.setup,
        vec![
            (Color::Black, pt("D4", 19)),
            (Color::Black, pt("D16", 19)),
            (Color::Black, pt("Q16", 19)),
        ]
    );
    assert_eq!(game.moves.len(), 173);
    assert_eq!(game.moves[0], (Color::White, Move::Play(pt("Q4", 19))));
    assert_eq!(game.moves[1], (Color::Black, Move::Play(pt("K16", 19))));
    assert_eq!(n_passes(&game), 2);
    assert_eq!(game.result.as_deref(), Some("B+96.5"));
    assert_eq!(game.black_name.as_deref(), Some("evand"));
    assert_eq!(game.white_name.as_deref(), Some("GnuGo (GNU Go 3.3.8)"));
    assert_eq!(game.date.as_deref(), Some("2002-09-09"));
    assert_eq!(game.rules, None);

    let game = load("gnugo/scoring/score46.sgf");
    assert_eq!((game.size, game.handicap, game.moves.len()), (9, 3, 58));
    assert_eq!(count(&game, Color::Black), 3);
}

#[test]
fn gnugo_scoring_game_with_japanese_rules() {
    let game = load("gnugo/scoring/score10.sgf");
    assert_eq!(game.size, 19);
    assert_eq!(game.komi, Some(5.5));
    assert_eq!(game.handicap, 0);
    assert_eq!(game.rules.as_deref(), Some("Japanese"));
    assert_eq!(game.moves.len(), 255);
    assert_eq!(n_passes(&game), 11);
    assert_eq!(game.moves[0], (Color::Black, Move::Play(pt("R17", 19))));
}

#[test]
fn passes_as_empty_values_and_tt() {
    let game = load("fuego/final_moves/pass-scoring.sgf");
    assert_eq!(game.moves.len(), 29);
    assert_eq!(n_passes(&game), 5);
    assert_eq!(game.moves[20], (Color::Black, Move::Pass));
    assert_eq!(game.moves.last(), Some(&(Color::Black, Move::Pass)));

    let game = parse("(;SZ[19];B[tt];W[];B[ss])").unwrap();
    assert_eq!(
        game.moves,
        vec![
            (Color::Black, Move::Pass),
            (Color::White, Move::Pass),
            (Color::Black, Move::Play(pt("T1", 19))),
        ]
    );
    // On a board larger than 19, tt is a point.
    let game = parse("(;SZ[21];B[tt])").unwrap();
    assert_eq!(game.moves, vec![(Color::Black, Move::Play(pt("U2", 21)))]);
}

#[test]
fn main_line_follows_the_first_variation() {
    let game = load("fuego/games/Fuego-masaician.sgf");
    assert_eq!(game.size, 19);
    assert_eq!(game.komi, Some(7.5));
    assert_eq!(game.moves.len(), 296);
    assert_eq!(n_passes(&game), 5);
    assert_eq!(game.result.as_deref(), Some("B+13.50"));

    let game = parse("(;SZ[9];B[ee](;W[cc];B[gg](;W[cg])(;W[gc]));W[aa])(;SZ[5])").unwrap();
    let gtp: Vec<String> = game.moves.iter().map(|(_, m)| m.to_string()).collect();
    assert_eq!(gtp, ["E5", "C7", "G3", "C3"]);
}

#[test]
fn setup_in_the_second_node_is_merged() {
    // GNU Go's seki files: an empty root, then AW/AB in a node of its own (FF[3]).
    let game = load("gnugo/seki06.sgf");
    assert_eq!(game.size, 9);
    assert_eq!(count(&game, Color::Black), 26);
    assert_eq!(count(&game, Color::White), 27);
    assert!(game.moves.is_empty());
    assert!(game.setup.contains(&(Color::Black, pt("A9", 9))));

    let game = load("fuego/repetition/simpleko.sgf");
    assert_eq!(
        game.setup,
        vec![
            (Color::Black, pt("C1", 9)),
            (Color::Black, pt("B2", 9)),
            (Color::White, pt("B1", 9)),
            (Color::White, pt("A2", 9)),
        ]
    );
    assert_eq!(game.to_play, Some(Color::Black));
    assert_eq!(game.moves, vec![(Color::Black, Move::Play(pt("A1", 9)))]);
}

#[test]
fn no_size_means_19_and_values_may_span_lines() {
    let game = load("fuego/scoring/FX175-29-variation.sgf");
    assert_eq!(game.size, 19);
    assert_eq!(count(&game, Color::Black), 121);
    assert_eq!(count(&game, Color::White), 108);
    assert_eq!(game.to_play, Some(Color::Black));
}

#[test]
fn tiny_board_coordinates_count_rows_from_the_bottom() {
    let game = load("gnugo/tiny/2x2.sgf");
    assert_eq!(game.size, 2);
    assert_eq!(
        game.moves,
        vec![
            (Color::Black, Move::Play(pt("A1", 2))),
            (Color::White, Move::Play(pt("A2", 2))),
            (Color::Black, Move::Play(pt("B2", 2))),
        ]
    );
    let game = parse("(;SZ[9];B[aa];W[ia];B[ai];W[ii])").unwrap();
    let gtp: Vec<String> = game.moves.iter().map(|(_, m)| m.to_string()).collect();
    assert_eq!(gtp, ["A9", "J9", "A1", "J1"]);
}

#[test]
fn compressed_point_lists() {
    let game = parse("(;SZ[9]AB[aa:cc]AW[ee][gg:hh]AE[bb])").unwrap();
    assert_eq!(count(&game, Color::Black), 8);
    assert_eq!(count(&game, Color::White), 5);
    assert!(!game.setup.iter().any(|&(_, p)| p == pt("B8", 9)));
    // Other corners than upper-left:lower-right, which sgf-parse refuses, and empty lists.
    let game = parse("(;SZ[9]AB[cc:aa]AW[])").unwrap();
    assert_eq!(count(&game, Color::Black), 9);
    assert_eq!(count(&game, Color::White), 0);
    // Later setup overrides earlier, AE removes.
    let game = parse("(;SZ[5]AB[aa:ee];AE[bb:dd];AW[cc])").unwrap();
    assert_eq!(count(&game, Color::Black), 16);
    assert_eq!(game.setup.last(), Some(&(Color::White, pt("C3", 5))));
}

#[test]
fn game_information_is_read_leniently() {
    let game =
        parse("(;GM[1]FF[3]SZ[13]KM[ 6.5 ]HA[0]RU[AGA]PB[Black\nPlayer]PW[]RE[W+R])").unwrap();
    assert_eq!(game.size, 13);
    assert_eq!(game.komi, Some(6.5));
    assert_eq!(game.handicap, 0);
    assert_eq!(game.rules.as_deref(), Some("AGA"));
    assert_eq!(game.black_name.as_deref(), Some("Black Player"));
    assert_eq!(game.white_name, None);
    assert_eq!(game.result.as_deref(), Some("W+R"));
    assert_eq!(parse("(;KM[6,5])").unwrap().komi, Some(6.5));
    assert_eq!(parse("(;KM[])").unwrap().komi, None);
    assert_eq!(parse("(;KM[-3.5])").unwrap().komi, Some(-3.5));
    // Finite as a double, beyond an `f32`: saturated, never infinite (the review fuzz
    // target's finding: it was written back as `KM[inf]`).
    assert_eq!(parse("(;KM[1e39])").unwrap().komi, Some(f32::MAX));
    assert_eq!(parse("(;KM[ -1e39 ])").unwrap().komi, Some(-f32::MAX));
    assert_eq!(parse("(;HA[1])").unwrap().handicap, 1);
    assert_eq!(parse("(;HA[9])").unwrap().handicap, 9);
    assert_eq!(parse("(;PL[w])").unwrap().to_play, Some(Color::White));
    // FF[3] mixed-case identifiers and unknown properties are skipped.
    let game = parse("(;CoPyright[x]GaMe[1]SiZe[9]XYZ[1]foo[2];B[aa]C[nice \\] move])").unwrap();
    assert_eq!(game.size, 9);
    assert_eq!(game.moves.len(), 1);
    // Escapes in text are resolved.
    let game = parse("(;PB[a\\]b\\\\c])").unwrap();
    assert_eq!(game.black_name.as_deref(), Some("a]b\\c"));
}

#[test]
fn unsupported_boards_are_clear_errors() {
    assert_eq!(
        kind("(;SZ[19:13])"),
        SgfErrorKind::NonSquare {
            width: 19,
            height: 13
        }
    );
    assert_eq!(kind("(;SZ[26])"), SgfErrorKind::UnsupportedSize(26));
    assert_eq!(kind("(;SZ[300])"), SgfErrorKind::UnsupportedSize(300));
    assert_eq!(kind("(;SZ[1])"), SgfErrorKind::UnsupportedSize(1));
    assert!(matches!(
        kind("(;SZ[big])"),
        SgfErrorKind::InvalidValue { .. }
    ));
    assert_eq!(kind("(;GM[2])"), SgfErrorKind::NotGo("2".into()));
    assert_eq!(
        parse("(;SZ[26])").unwrap_err().to_string(),
        "line 1: board size 26 not supported (2 to 25)"
    );
}

#[test]
fn bad_values_are_errors_with_lines() {
    let err = parse("(;SZ[9]\n;B[aa]\n;W[zz])").unwrap_err();
    assert_eq!(err.line, Some(3));
    assert!(matches!(err.kind, SgfErrorKind::OffBoard { .. }));
    assert_eq!(err.to_string(), "line 3: point off the board in W[zz]");
    assert!(matches!(kind("(;B[a])"), SgfErrorKind::InvalidValue { .. }));
    assert!(matches!(
        kind("(;B[aa][bb])"),
        SgfErrorKind::InvalidValue { .. }
    ));
    assert!(matches!(
        kind("(;SZ[9]AB[tt])"),
        SgfErrorKind::OffBoard { .. }
    ));
    assert!(matches!(
        kind("(;SZ[9]AB[aa:jj])"),
        SgfErrorKind::OffBoard { .. }
    ));
    assert!(matches!(
        kind("(;KM[six])"),
        SgfErrorKind::InvalidValue { .. }
    ));
    assert!(matches!(
        kind("(;KM[inf])"),
        SgfErrorKind::InvalidValue { .. }
    ));
    assert!(matches!(
        kind("(;HA[-2])"),
        SgfErrorKind::InvalidValue { .. }
    ));
    assert!(matches!(
        kind("(;PL[X])"),
        SgfErrorKind::InvalidValue { .. }
    ));
    assert_eq!(kind("(;B[aa]W[bb])"), SgfErrorKind::TwoMoves);
    assert_eq!(kind("(;B[aa]B[bb])"), SgfErrorKind::TwoMoves);
}

#[test]
fn setup_after_a_move_is_refused() {
    let err = parse("(;SZ[9];B[ee]\n;AW[aa];W[bb])").unwrap_err();
    assert_eq!(err.kind, SgfErrorKind::SetupAfterMoves);
    assert_eq!(err.line, Some(2));
    assert_eq!(kind("(;SZ[9];B[ee];AE[ee])"), SgfErrorKind::SetupAfterMoves);
    // Setup and move in one node: setup first, so it is still before the first move.
    let game = parse("(;SZ[9];AB[aa]W[bb])").unwrap();
    assert_eq!(game.setup, vec![(Color::Black, pt("A9", 9))]);
    assert_eq!(game.moves.len(), 1);
    // PL after moves is ignored rather than refused.
    assert_eq!(parse("(;B[aa];PL[B]W[bb])").unwrap().to_play, None);
}

#[test]
fn malformed_text_is_an_error_never_a_panic() {
    for (text, expected) in [
        ("", SgfErrorKind::NoGameTree),
        ("hello", SgfErrorKind::NoGameTree),
        (";B[aa]", SgfErrorKind::NoGameTree),
        ("(", SgfErrorKind::UnexpectedEnd),
        ("(;", SgfErrorKind::UnexpectedEnd),
        ("(;B[aa]", SgfErrorKind::UnexpectedEnd),
        ("(;B[aa", SgfErrorKind::UnexpectedEnd),
        ("(;C[\\", SgfErrorKind::UnexpectedEnd),
        ("(;B", SgfErrorKind::UnexpectedEnd),
    ] {
        assert_eq!(kind(text), expected, "{text:?}");
    }
    for text in [
        "()",
        "((;))",
        "(B[aa])",
        "(;B[aa]junk)",
        "(;B[aa]é[1])",
        "(;B[aa];W[bb]#)",
    ] {
        assert!(
            matches!(kind(text), SgfErrorKind::Syntax(_)),
            "{text:?}: {:?}",
            parse(text)
        );
    }
    // Leading junk, a byte-order mark and trailing junk are skipped.
    assert_eq!(
        parse("\u{feff}header\n(;SZ[9];B[aa]) trailing (;")
            .unwrap()
            .moves
            .len(),
        1
    );
}

#[test]
fn every_truncation_of_a_real_file_is_handled() {
    let text = std::fs::read_to_string(testdata().join("fuego/games/Fuego-masaician.sgf")).unwrap();
    let full = parse(&text).unwrap();
    let mut n_ok = 0;
    for end in (0..text.len()).filter(|&i| text.is_char_boundary(i)) {
        if let Ok(game) = parse(&text[..end]) {
            n_ok += 1;
            assert_eq!(game, full, "a truncation parsed differently at {end}");
        }
    }
    // Only the end is missing: the full text less its trailing newline.
    assert_eq!(n_ok, 1);
}

#[test]
fn random_bytes_never_panic() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::SmallRng::seed_from_u64(7);
    let alphabet = b"();[]\\:BWABAWSZKMaabcst19 \n";
    for _ in 0..20_000 {
        let len = rng.gen_range(0..60);
        let bytes: Vec<u8> = (0..len)
            .map(|_| {
                if rng.gen_bool(0.9) {
                    alphabet[rng.gen_range(0..alphabet.len())]
                } else {
                    rng.gen()
                }
            })
            .collect();
        let _ = parse_bytes(&bytes);
    }
}

#[test]
fn limits_on_size_moves_and_nesting() {
    let big = format!("(;C[{}])", "x".repeat(MAX_TEXT_BYTES));
    assert_eq!(
        parse(&big).unwrap_err(),
        SgfError {
            line: None,
            kind: SgfErrorKind::TooLarge { bytes: big.len() }
        }
    );
    assert!(matches!(
        parse_bytes(big.as_bytes()).unwrap_err().kind,
        SgfErrorKind::TooLarge { .. }
    ));

    let moves = |n: usize| {
        let mut s = String::from("(;SZ[19]");
        for i in 0..n {
            s.push_str(if i % 2 == 0 { ";B[]" } else { ";W[]" });
        }
        s.push(')');
        s
    };
    assert_eq!(parse(&moves(MAX_MOVES)).unwrap().moves.len(), MAX_MOVES);
    assert_eq!(
        parse(&moves(MAX_MOVES + 1)).unwrap_err().kind,
        SgfErrorKind::TooManyMoves
    );

    // Deep nesting must not overflow the stack: nothing here recurses.
    let n = 300_000;
    let deep = format!("{}{}", "(;".repeat(n), ")".repeat(n));
    assert!(deep.len() <= MAX_TEXT_BYTES);
    assert_eq!(parse(&deep).unwrap().moves.len(), 0);
    let nodes = format!("(;{})", ";".repeat(MAX_TEXT_BYTES - 4));
    assert!(parse(&nodes).is_ok());
    let parens = "(".repeat(MAX_TEXT_BYTES);
    assert!(matches!(kind(&parens), SgfErrorKind::Syntax(_)));
}

#[test]
fn latin1_bytes_are_decoded() {
    let bytes = b"(;CA[ISO8859_1]PB[Jos\xe9];B[aa])";
    let game = parse_bytes(bytes).unwrap();
    assert_eq!(game.black_name.as_deref(), Some("José"));
    assert_eq!(game.moves.len(), 1);
}

#[test]
fn write_has_the_header_and_passes_as_empty_values() {
    let game = SgfGame {
        size: 9,
        komi: Some(7.0),
        rules: Some("Chinese".into()),
        handicap: 2,
        setup: vec![(Color::Black, pt("C3", 9)), (Color::Black, pt("G7", 9))],
        to_play: Some(Color::White),
        moves: vec![
            (Color::White, Move::Play(pt("E5", 9))),
            (Color::Black, Move::Pass),
        ],
        result: Some("B+R".into()),
        black_name: Some("tengen [test]".into()),
        white_name: Some("back\\slash".into()),
        date: Some("2024-05-01".into()),
    };
    let text = write(&game);
    assert!(
        text.starts_with(&format!(
            "(;FF[4]GM[1]CA[UTF-8]AP[tengen:{}]SZ[9]KM[7]",
            env!("CARGO_PKG_VERSION")
        )),
        "{text}"
    );
    for part in [
        "RU[Chinese]",
        "HA[2]",
        "PB[tengen [test\\]]",
        "PW[back\\\\slash]",
        "DT[2024-05-01]",
        "RE[B+R]",
        "AB[cg][gc]",
        "PL[W]",
        ";W[ee];B[])",
    ] {
        assert!(text.contains(part), "{part} missing from {text}");
    }
    assert_eq!(parse(&text).unwrap(), game);
    // Only what is present is written.
    let text = write(&SgfGame::default());
    assert_eq!(
        text,
        format!(
            "(;FF[4]GM[1]CA[UTF-8]AP[tengen:{}]SZ[19])\n",
            env!("CARGO_PKG_VERSION")
        )
    );
    assert_eq!(parse(&text).unwrap(), SgfGame::default());
}

#[test]
fn write_is_total_for_points_off_the_board() {
    let game = SgfGame {
        size: 5,
        setup: vec![(Color::Black, pt("J9", 9))],
        moves: vec![(Color::Black, Move::Play(pt("J9", 9)))],
        ..SgfGame::default()
    };
    let back = parse(&write(&game)).unwrap();
    assert!(back.setup.is_empty());
    assert_eq!(back.moves, vec![(Color::Black, Move::Pass)]);
}

fn arb_text() -> impl Strategy<Value = Option<String>> {
    // Printable text with the characters SGF escapes, trimmed and non-empty as `parse` keeps it.
    proptest::option::of("[a-zA-Z0-9 +\\]\\\\:()\\[;é]{0,12}").prop_map(|t| {
        t.and_then(|t| {
            let t = t.trim().to_string();
            (!t.is_empty()).then_some(t)
        })
    })
}

fn arb_game() -> impl Strategy<Value = SgfGame> {
    (2usize..=25).prop_flat_map(|size| {
        let point = (0..size, 0..size).prop_map(|(c, r)| Point::new(c, r));
        let color = prop_oneof![Just(Color::Black), Just(Color::White)];
        let mv = prop_oneof![
            1 => Just(Move::Pass),
            9 => point.clone().prop_map(Move::Play),
        ];
        (
            proptest::option::of((-20i32..40).prop_map(|k| k as f32 / 2.0)),
            arb_text(),
            0usize..10,
            proptest::collection::btree_map(point.prop_map(|p| p.index()), color.clone(), 0..20),
            proptest::option::of(color.clone()),
            proptest::collection::vec((color, mv), 0..60),
            (arb_text(), arb_text(), arb_text(), arb_text()),
        )
            .prop_map(
                move |(komi, rules, handicap, stones, to_play, moves, texts)| {
                    // `parse` returns setup by colour, then point index.
                    let mut setup: Vec<(Color, Point)> = stones
                        .into_iter()
                        .map(|(i, c)| (c, Point::from_index(i)))
                        .collect();
                    setup.sort();
                    SgfGame {
                        size,
                        komi,
                        rules,
                        handicap,
                        setup,
                        to_play,
                        moves,
                        result: texts.0,
                        black_name: texts.1,
                        white_name: texts.2,
                        date: texts.3,
                    }
                },
            )
    })
}

proptest! {
    #[test]
    fn parse_of_write_is_the_identity(game in arb_game()) {
        let text = write(&game);
        prop_assert_eq!(parse(&text).unwrap(), game);
    }
}
