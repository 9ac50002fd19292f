//! `final_score` on every finished game of `tests/data/sgf` against the committed table
//! `tests/data/expected_scores.tsv` (made by `tests/data/make_expected.sh`: the records' own
//! counts where they have one, GNU Go 3.8's `final_score` otherwise; the table's header says
//! which for each row).
//!
//! Each game is loaded with `loadsgf` into an engine whose rules were chosen (`--rules
//! chinese` or `--rules japanese`, so the file's `RU` does not override them) and asked
//! `final_score`. The test prints every disagreement and the agreement figure, and fails when
//! fewer rows agree than `MIN_EXACT` (the level reached when it was written, so that it guards
//! against regressions) or when a judgment changes with the judge's seed.

use std::path::Path;
use tengen::game::RuleSet;
use tengen::gtp::{Config, Engine};

/// Rows (out of all of them) whose result must match exactly.
const MIN_EXACT: usize = 127;

/// The largest miss allowed, in points: issue 8's "no result off by more than one seki's
/// worth" (a seki's eyes or shared liberties: a few points).
const MAX_MISS: f32 = 2.0;

struct Row {
    file: String,
    rules: RuleSet,
    expected: String,
    source: String,
}

fn rows() -> Vec<Row> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let text = std::fs::read_to_string(root.join("expected_scores.tsv")).unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("file\t") && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            Row {
                file: f[0].to_string(),
                rules: f[1].parse().unwrap(),
                expected: f[2].to_string(),
                source: f[3].to_string(),
            }
        })
        .collect()
}

/// The engine's `final_score` of a record under `rules`, with the judge's `seed`.
fn final_score(file: &str, rules: RuleSet, seed: u64) -> (String, String) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/sgf")
        .join(file);
    let mut config = Config {
        rules,
        rules_chosen: true,
        ..Config::default()
    };
    config.search.judge.seed = seed;
    let mut engine = Engine::new(config, Default::default());
    engine.loadsgf(&path, None).expect("loadsgf");
    assert_eq!(
        engine.rules(),
        rules,
        "{file}: loadsgf kept the chosen rules"
    );
    let dead = engine.final_status_list(tengen::gtp::engine::Status::Dead);
    (engine.final_score().to_string(), dead)
}

/// The margin of a `final_score` reply, from Black's side.
fn margin(result: &str) -> f32 {
    match result.split_once('+') {
        Some(("B", m)) => m.parse().unwrap(),
        Some(("W", m)) => -m.parse::<f32>().unwrap(),
        _ => 0.0,
    }
}

#[test]
fn final_score_agrees_with_the_table() {
    let rows = rows();
    assert!(rows.len() >= 128, "only {} rows", rows.len());
    let mut n_exact = 0;
    let mut worst = 0.0f32;
    let mut n_winner = 0;
    let mut unstable = Vec::new();
    for row in &rows {
        let (got, dead) = final_score(&row.file, row.rules, 1);
        // TENGEN_SCORING_ONE_SEED=1 skips the second seed while iterating.
        let (again, dead_again) = if std::env::var_os("TENGEN_SCORING_ONE_SEED").is_some() {
            (got.clone(), dead.clone())
        } else {
            final_score(&row.file, row.rules, 2)
        };
        if dead != dead_again || got != again {
            unstable.push(format!("{} {:?}: {got} / {again}", row.file, row.rules));
        }
        let (g, e) = (margin(&got), margin(&row.expected));
        worst = worst.max((g - e).abs());
        if got == row.expected {
            n_exact += 1;
        } else {
            eprintln!(
                "scoring: {} {:?}: tengen {got}, expected {} ({}), off by {}",
                row.file,
                row.rules,
                row.expected,
                row.source,
                g - e
            );
        }
        if g.signum() == e.signum() {
            n_winner += 1;
        }
    }
    eprintln!(
        "scoring: {n_exact} of {} exact ({:.1}%), winner right in {n_winner}, largest miss {worst}; unstable between seeds: {}",
        rows.len(),
        100.0 * n_exact as f32 / rows.len() as f32,
        unstable.len()
    );
    for u in &unstable {
        eprintln!("scoring: unstable {u}");
    }
    assert!(n_exact >= MIN_EXACT, "{n_exact} exact, want {MIN_EXACT}");
    assert!(
        worst <= MAX_MISS,
        "a result off by {worst}, more than {MAX_MISS}"
    );
    assert!(unstable.is_empty(), "judgments change with the seed");
}

/// Issue #8: on Fuego's `PaperTiger-Fuego.sgf`, `kgs-genmove_cleanup` passed while stones it
/// judged dead still stood. Now, for each side whose opponent has dead stones on the board,
/// cleanup answers a move next to one of them (a capture in progress), never a pass.
#[test]
fn cleanup_captures_before_it_passes() {
    use tengen::geom::{Color, Move};
    use tengen::gtp::engine::{Generated, GenmoveKind};
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/sgf/fuego/games/PaperTiger-Fuego.sgf");
    let config = Config {
        playouts: Some(300),
        ..Config::default()
    };
    let mut engine = Engine::new(config, Default::default());
    engine.loadsgf(&path, None).expect("loadsgf");
    let judgment = engine.judgment();
    assert!(!judgment.dead.is_empty(), "the game ends with dead stones");
    for color in [Color::Black, Color::White] {
        let dead = judgment.dead & engine.game().position().stones(color.opponent());
        if dead.is_empty() {
            continue;
        }
        let mut e = Engine::new(
            Config {
                playouts: Some(300),
                ..Config::default()
            },
            Default::default(),
        );
        e.loadsgf(&path, None).unwrap();
        let generated = e.genmove(color, GenmoveKind::Cleanup);
        let Generated::Move(Move::Play(p)) = generated else {
            panic!("{color}: cleanup answered {generated} with dead stones left");
        };
        let size = e.game().size();
        assert!(
            p.neighbors(size).any(|q| dead.contains(q)),
            "{color}: cleanup played {p}, next to no dead stone"
        );
    }
}

/// GNU Go's score7 ends with a seki in the upper right in which Black's big group takes part
/// through the single stone S19: its liberties are the eye R19 and T19, shared with White's
/// seki group. If White fills T19, S19 can only connect through R19, and the group keeps one
/// eye (Q18). The regression suite's hand-checked Japanese count gives Q18 and R19 to nobody.
#[test]
fn a_chain_between_an_eye_and_a_seki_takes_its_group_into_the_seki() {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/sgf/gnugo/scoring/score7.sgf");
    let config = Config {
        rules: RuleSet::Japanese,
        rules_chosen: true,
        ..Config::default()
    };
    let mut engine = Engine::new(config, Default::default());
    engine.loadsgf(&path, None).expect("loadsgf");
    let seki = engine.final_status_list(tengen::gtp::engine::Status::Seki);
    let seki: Vec<&str> = seki.split_whitespace().collect();
    for p in [
        "S19", "Q19", "R18", "N18", "L14", "S18", "T18", "S17", "T16", "T13",
    ] {
        assert!(seki.contains(&p), "{p} not in seki: {seki:?}");
    }
    assert!(
        !seki.contains(&"G15"),
        "the rest of Black's army is alive: {seki:?}"
    );
    assert_eq!(engine.final_score().to_string(), "W+16.5");
}
