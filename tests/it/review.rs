//! `tengen review` through the binary, on a real game of tests/data (a copy of
//! ../shared/testdata): the reviewed SGF reads back with every move annotated, and the graph
//! beside it is an SVG.

use sgf_parse::go::{self, Prop};
use std::path::{Path, PathBuf};
use std::process::Command;

/// A 9×9 game of 93 moves between GNU Go and Fuego, ending in two passes.
const GAME: &str = "tests/data/sgf/fuego/games/gnugoJ-fuegoJ-90.sgf";

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tengen-it-review-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn review(args: &[&str]) -> (bool, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_tengen"))
        .arg("review")
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

fn text_of(node: &sgf_parse::SgfNode<Prop>, id: &str) -> Option<String> {
    match node.get_property(id)? {
        Prop::C(text) => Some(text.text.clone()),
        Prop::Unknown(_, values) => values.first().cloned(),
        _ => None,
    }
}

#[test]
fn a_real_game_is_reviewed_with_every_move_annotated_and_a_graph() {
    let dir = scratch("real");
    let out = dir.join("review.sgf");
    let (ok, stdout, stderr) = review(&[
        GAME,
        "-o",
        out.to_str().unwrap(),
        "--playouts",
        "150",
        "--threads",
        "1",
    ]);
    assert!(ok, "stdout: {stdout}\nstderr: {stderr}");
    assert!(stdout.starts_with("93 moves reviewed"), "{stdout}");
    // stderr is no terminal here: no progress bar, nothing at all.
    assert_eq!(stderr, "");
    let original = tengen::sgf::parse_bytes(
        &std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join(GAME)).unwrap(),
    )
    .unwrap();
    let text = std::fs::read_to_string(&out).unwrap();
    // tengen's reader: the same game (main line, komi, players, result).
    let back = tengen::sgf::parse(&text).unwrap();
    assert_eq!(back.moves, original.moves);
    assert_eq!(
        (back.komi, &back.black_name, &back.result),
        (original.komi, &original.black_name, &original.result)
    );
    // sgf-parse, reading every variation and checking the properties.
    let root = go::parse(&text).unwrap().into_iter().next().unwrap();
    root.validate().unwrap();
    let main: Vec<&sgf_parse::SgfNode<Prop>> = root.main_variation().collect();
    assert_eq!(main.len(), original.moves.len() + 1);
    assert!(text_of(main[0], "C")
        .unwrap()
        .contains("The biggest mistakes of Black (GNU Go:3.8)"));
    for (i, node) in main.iter().enumerate().skip(1) {
        let comment = text_of(node, "C").unwrap_or_else(|| panic!("move {i} has no comment"));
        assert!(comment.starts_with(&format!("Move {i}: ")), "{comment}");
        assert!(comment.contains("Black's win rate"), "{comment}");
        let win: f32 = text_of(node, "SBKV").unwrap().parse().unwrap();
        assert!((0.0..=100.0).contains(&win));
    }
    // The marks: at least one bad or doubtful move, each with a triangle on the better point;
    // every move that is not the search's choice has the better line as a sibling.
    let marked = main
        .iter()
        .filter(|n| n.get_property("BM").is_some() || n.get_property("DO").is_some())
        .count();
    assert!(marked > 0, "no move marked in {text}");
    for (i, node) in main.iter().enumerate().skip(1) {
        if node.get_property("BM").is_some() || node.get_property("DO").is_some() {
            assert!(node.get_property("TR").is_some(), "move {i}");
            assert_eq!(main[i - 1].children().count(), 2, "move {i}: no variation");
        }
    }
    // The graph beside it.
    let svg = std::fs::read_to_string(dir.join("review.svg")).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    assert!(doc.descendants().any(|n| n.has_tag_name("polyline")));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_records_are_refused_with_a_reason_and_nothing_written() {
    let dir = scratch("bad");
    let out = dir.join("out.sgf");
    let cases: [(&str, &[u8], &str); 4] = [
        ("garbage.sgf", b"\x00\xff not sgf at all", "not an SGF file"),
        ("cut.sgf", b"(;SZ[19];B[dd];W[", "unexpected end"),
        ("size.sgf", b"(;SZ[19:13];B[aa])", "not square"),
        ("illegal.sgf", b"(;SZ[9];B[ee];W[ee])", "move 2"),
    ];
    for (name, bytes, reason) in cases {
        let input = dir.join(name);
        std::fs::write(&input, bytes).unwrap();
        let (ok, stdout, stderr) = review(&[
            input.to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
            "--playouts",
            "10",
        ]);
        assert!(!ok, "{name}: {stdout}");
        assert!(
            stderr.contains(name) && stderr.contains(reason),
            "{name}: {stderr}"
        );
        assert!(!out.exists());
    }
    // A branchy, 13×13 file with handicap stones: its main line is reviewed.
    let input = dir.join("branchy.sgf");
    std::fs::write(
        &input,
        "(;SZ[13]HA[2]KM[0.5]AB[dd][jj];W[dj](;B[jd];W[gg])(;B[gd]))",
    )
    .unwrap();
    let (ok, stdout, stderr) = review(&[
        input.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
        "--playouts",
        "20",
        "--threads",
        "1",
    ]);
    assert!(ok, "{stderr}");
    assert!(stdout.starts_with("3 moves reviewed"), "{stdout}");
    let back = tengen::sgf::parse(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!((back.size, back.handicap, back.moves.len()), (13, 2, 3));
    std::fs::remove_dir_all(&dir).unwrap();
}
