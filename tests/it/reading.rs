//! The local reader (`tactics::Reader`) on the peer positions: GNU Go's seki regression
//! (`seki06`, `seki07`, `seki12`, `seki13`, `seki14`: White's only move that keeps the seki
//! is B2) and Fuego's bent four (`bentfour 110`: White J8 kills), read on the loaded
//! positions; and `genmove` at the default playouts on Fuego's bent four cases and GNU Go's
//! seki cases.

use std::path::Path;
use tengen::geom::{Color, Move, Point};
use tengen::gtp::engine::{Generated, GenmoveKind};
use tengen::gtp::{Config, Engine};
use tengen::mailbox::PlayoutBoard;
use tengen::tactics::{Fight, Reader, Scope, Settling};

/// An engine on one thread (reproducible), never resigning, with `file` loaded up to
/// `move_number`.
fn engine(file: &str, move_number: Option<usize>) -> Engine {
    seeded_engine(file, move_number, Config::default().search.seed)
}

fn seeded_engine(file: &str, move_number: Option<usize>, seed: u64) -> Engine {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/sgf")
        .join(file);
    let mut config = Config::default();
    config.search.threads = 1;
    config.search.resign_threshold = None;
    config.search.seed = seed;
    let mut engine = Engine::new(config, Default::default());
    engine.loadsgf(&path, move_number).expect("loadsgf");
    engine
}

/// The settling moves of the whole board for `color` to move, as the search's root reads
/// them.
fn settling(file: &str, move_number: Option<usize>, color: Color) -> (Settling, PlayoutBoard) {
    let engine = engine(file, move_number);
    let mut board = PlayoutBoard::from_position(engine.game().position());
    board.set_to_move(color);
    let mut out = Settling::default();
    let scope = Scope {
        regions: true,
        chains: false,
        whole_board: true,
    };
    Reader::new().settle(&board, &[], scope, &mut out);
    (out, board)
}

fn point(s: &str) -> Point {
    Point::parse(s, 9).unwrap()
}

/// Every one within the root's node cap (`ROOT_REGION_CAP`). seki12 and seki13 took more
/// (4.4M and over 5M nodes) before the reader's alpha-beta window and its table's rule for
/// values below a repetition (docs/reading.md).
#[test]
fn the_reader_finds_gnu_gos_seki_vital_points() {
    for file in ["seki06", "seki07", "seki12", "seki13", "seki14"] {
        let (out, _) = settling(&format!("gnugo/{file}.sgf"), None, Color::White);
        assert!(
            out.nodes < tengen::tactics::ROOT_REGION_CAP as u64,
            "{file}: {out:?}"
        );
        assert!(out.contains(point("B2"), Fight::Region), "{file}: {out:?}");
        // Not a first-line move of the corner: A1 and C1 lose the seki.
        assert!(!out.contains(point("A1"), Fight::Region), "{file}");
    }
}

#[test]
fn the_reader_finds_the_bent_four_kill() {
    // bentfour 110: White to move kills with J8 (G8 lets Black capture into a bent four off
    // the corner, which lives).
    let (out, _) = settling("fuego/bent_four/bentfour2.sgf", Some(3), Color::White);
    assert!(out.contains(point("J8"), Fight::Region), "{out:?}");
    assert!(!out.contains(point("G8"), Fight::Region), "{out:?}");
}

/// `genmove` at the default playouts with the reading prior on (`prior_reading=40`; one
/// thread, never resigning: White is lost on the board in bentfour2, and the test asks for
/// the local move) on Fuego's bent four cases that tengen answers.
#[test]
fn genmove_answers_fuegos_bent_four_cases() {
    let cases = [
        ("fuego/bent_four/bentfour2.sgf", 3, Color::White, "J8"),
        ("fuego/bent_four/bentfour2.sgf", 5, Color::White, "H9"),
        ("fuego/bent_four/bentfour2.sgf", 7, Color::White, "J8"),
        ("fuego/bent_four/bentfour1.sgf", 10, Color::Black, "J8"),
        ("fuego/bent_four/bentfour1b.sgf", 2, Color::Black, "J9"),
    ];
    for (file, n, color, want) in cases {
        let mut e = engine(file, Some(n));
        e.set_param("prior_reading", 40.0)
            .expect("prior_reading is a parameter");
        let generated = e.genmove(color, GenmoveKind::Regression);
        assert!(
            matches!(generated, Generated::Move(Move::Play(p)) if p == point(want)),
            "{file} {n}: {generated}, want {want}"
        );
    }
}

/// GNU Go's seki cases at `genmove`, default playouts, without the policy network: White
/// wins whatever it plays (C9 wins every playout), so only the margin utility of a decided
/// game (`decided_margin_weight`) tells the vital point B2, 14 points better, from C9; the
/// reading prior makes the search try B2 at all. B2 in at least two of seeds 1, 2, 3 for
/// each (with seeds 1 to 10: 10 of 10 in seki06, seki12 and seki13, 9 of 10 in seki07, where
/// seed 1 plays A2 first and B2 next, 2 points worse). Without the utility the same search
/// plays C9.
#[test]
fn genmove_keeps_gnu_gos_sekis_when_every_move_wins() {
    for file in ["seki06", "seki07", "seki12", "seki13"] {
        let mut hits = Vec::new();
        for seed in 1..=3 {
            let mut e = seeded_engine(&format!("gnugo/{file}.sgf"), None, seed);
            e.set_param("prior_network", 0.0).unwrap();
            e.set_param("prior_reading", 40.0).unwrap();
            e.set_param("decided_margin_weight", 0.2).unwrap();
            let generated = e.genmove(Color::White, GenmoveKind::Regression);
            hits.push(matches!(generated, Generated::Move(Move::Play(p)) if p == point("B2")));
        }
        assert!(
            hits.iter().filter(|&&h| h).count() >= 2,
            "{file}: B2 with seeds 1, 2, 3: {hits:?}"
        );
    }
    let mut e = engine("gnugo/seki06.sgf", None);
    e.set_param("prior_network", 0.0).unwrap();
    e.set_param("prior_reading", 40.0).unwrap();
    e.set_param("decided_margin_weight", 0.0).unwrap();
    let generated = e.genmove(Color::White, GenmoveKind::Regression);
    assert!(
        matches!(generated, Generated::Move(Move::Play(p)) if p == point("C9")),
        "seki06 without the utility: {generated}"
    );
}

/// What a whole-board read of the seki positions costs (printed; `docs/reading.md`).
#[test]
fn root_reads_of_the_seki_positions_stay_small() {
    for file in ["seki06", "seki07", "seki12", "seki13", "seki14"] {
        let start = std::time::Instant::now();
        let (out, _) = settling(&format!("gnugo/{file}.sgf"), None, Color::White);
        eprintln!(
            "reading: {file}: {} reads, {} nodes, {:.1} ms",
            out.reads,
            out.nodes,
            start.elapsed().as_secs_f64() * 1000.0
        );
        assert!(out.nodes <= 2 * tengen::tactics::ROOT_REGION_CAP as u64);
    }
}

/// The same with every default, the policy network on: the moves reading says settle a
/// fight stand beside the network's first choice (`prior_network_settling`), so B2 still
/// wins in seki06 and 12. In seki07 White wins with B2 or C9 (C9 by less: docs/reading.md)
/// and the search plays one of the two with every seed: B2 in 2 of seeds 1–10 with the
/// 6 × 64 network (7 with the 48-channel one, 10 with the 32-channel one), C9 in the
/// others; without the settling rule the network's shape moves (J6, H6) took seki07.
#[test]
fn genmove_keeps_gnu_gos_sekis_with_the_network() {
    let seed = Config::default().search.seed;
    for file in ["seki06", "seki12"] {
        assert_eq!(white_plays(file, seed), Some(point("B2")), "{file}");
    }
    let moves: Vec<_> = (1..=10).map(|s| white_plays("seki07", s)).collect();
    assert!(
        moves
            .iter()
            .all(|&m| m == Some(point("B2")) || m == Some(point("C9"))),
        "seki07 with seeds 1-10: {moves:?}"
    );
    assert!(
        moves.contains(&Some(point("B2"))),
        "seki07 with seeds 1-10: {moves:?}"
    );
}

/// seki14 is played under Japanese rules, where the eyes of a seki count for nobody: after
/// White's C9 Black's B2 takes the corner alive, and after White's B2 and Black's C9 the corner
/// is a seki whose two black eyes no longer count. By area counting the two lines come to the
/// same, and the search played C9 in 5 of seeds 1–10; with the playouts counting as the rules
/// do (`drop_seki_eyes`), B2 in 10 of 10.
#[test]
fn genmove_counts_seki_eyes_as_the_rules_do() {
    let hits = (1..=10)
        .filter(|&s| white_plays("seki14", s) == Some(point("B2")))
        .count();
    assert!(
        hits >= 9,
        "seki14: B2 with {hits} of seeds 1-10, want 9 or more"
    );
}

/// The point White's `genmove` with every default plays in GNU Go's `file`
/// with `seed`.
fn white_plays(file: &str, seed: u64) -> Option<Point> {
    let mut e = seeded_engine(&format!("gnugo/{file}.sgf"), None, seed);
    match e.genmove(Color::White, GenmoveKind::Regression) {
        Generated::Move(Move::Play(p)) => Some(p),
        _ => None,
    }
}
