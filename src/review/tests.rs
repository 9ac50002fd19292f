use super::annotate::{BIGGEST, BLUNDER, DOUBTFUL, MISTAKE};
use super::*;
use crate::geom::{Move, Point};
use crate::sgf::MoveAnnotation;

fn mv(gtp: &str, size: usize) -> Move {
    Move::parse(gtp, size).unwrap()
}

/// A record of `moves` on 9×9, colours alternating from Black.
fn record(moves: &[&str]) -> SgfGame {
    let mut color = Color::Black;
    SgfGame {
        size: 9,
        komi: Some(7.5),
        black_name: Some("Alice".into()),
        white_name: Some("Bob".into()),
        moves: moves
            .iter()
            .map(|m| {
                let c = color;
                color = color.opponent();
                (c, mv(m, 9))
            })
            .collect(),
        ..SgfGame::default()
    }
}

/// An evaluation with Black's win rate `black`, Black's lead 10 × (black − 0.5), and `best`
/// as the best line.
fn eval(to_move: Color, black: f32, best: &[&str]) -> Evaluation {
    Evaluation {
        to_move,
        black_win_rate: black,
        black_lead: 10.0 * (black - 0.5),
        best: best.iter().map(|m| mv(m, 9)).collect(),
        best_visits: 1000,
        second: None,
        ended: false,
    }
}

fn comment(markup: &sgf::Markup) -> &str {
    markup.comment.as_deref().unwrap()
}

#[test]
fn a_move_that_loses_is_marked_by_how_much_and_shows_the_best_line() {
    // Black E5 keeps 50%; White C3 drops White from 50% to 25% (a blunder; D4 was best);
    // Black G7 drops Black from 75% to 68% (doubtful); White D4 drops White from 32% to 20%
    // (a mistake).
    let record = record(&["E5", "C3", "G7", "D4"]);
    let evaluations = vec![
        eval(Color::Black, 0.50, &["E5", "D4"]),
        eval(Color::White, 0.50, &["D4", "E4", "E3"]),
        eval(Color::Black, 0.75, &["C7"]),
        eval(Color::White, 0.68, &["F4"]),
        eval(Color::Black, 0.80, &["A1"]),
    ];
    let a = annotate(&record, &evaluations, "about");
    assert_eq!(a.moves.len(), 4);
    // Move 1 was the best: no mark.
    assert_eq!(a.moves[0].annotation, None);
    assert!(
        comment(&a.moves[0]).contains("first choice"),
        "{}",
        comment(&a.moves[0])
    );
    assert!(a.moves[0].alternatives.is_empty());
    // Move 2: a blunder, BM[2], a triangle on D4, D4's line as a variation for White first.
    let blunder = &a.moves[1];
    assert_eq!(blunder.annotation, Some(MoveAnnotation::Bad { very: true }));
    assert_eq!(blunder.triangles, vec![mv("D4", 9).point().unwrap()]);
    let line = &blunder.alternatives[0];
    assert_eq!(
        line.moves,
        vec![
            (Color::White, mv("D4", 9)),
            (Color::Black, mv("E4", 9)),
            (Color::White, mv("E3", 9))
        ]
    );
    let text = comment(blunder);
    assert!(text.starts_with("Move 2: W C3, blunder"), "{text}");
    assert!(
        text.contains("Black's win rate 75.0%, score B+2.5"),
        "{text}"
    );
    assert!(
        text.contains("lost 25.0% of White's win rate and 2.5 points"),
        "{text}"
    );
    assert!(
        text.contains("Best: D4 (Black's win rate 50.0%, score even); its line: D4 E4 E3"),
        "{text}"
    );
    assert_eq!(a.moves[2].annotation, Some(MoveAnnotation::Doubtful));
    assert_eq!(
        a.moves[3].annotation,
        Some(MoveAnnotation::Bad { very: false })
    );
    // Sabaki's graph: Black's win rate after each move.
    let sbkv: Vec<f32> = a
        .moves
        .iter()
        .map(|m| m.black_win_percent.unwrap())
        .collect();
    assert_eq!(sbkv, vec![50.0, 75.0, 68.0, 80.0]);
    assert_eq!(a.root.black_win_percent, Some(50.0));
    // The mistakes, in move order, with their sizes.
    let found: Vec<(usize, Severity)> = a.mistakes.iter().map(|m| (m.number, m.severity)).collect();
    assert_eq!(
        found,
        vec![
            (2, Severity::Blunder),
            (3, Severity::Doubtful),
            (4, Severity::Mistake)
        ]
    );
    assert!((a.mistakes[1].loss - 0.07).abs() < 1e-6);
    // The first comment says how, and lists each side's worst.
    let root = comment(&a.root);
    assert!(root.starts_with("about"), "{root}");
    assert!(
        root.contains("The biggest mistakes of White (Bob):\n- move 2 (W C3): blunder, -25.0%"),
        "{root}"
    );
    assert!(
        root.contains("The biggest mistakes of Black (Alice):\n- move 3 (B G7): doubtful"),
        "{root}"
    );
}

#[test]
fn severities_follow_the_thresholds() {
    assert_eq!(Severity::of(DOUBTFUL - 0.001), None);
    assert_eq!(Severity::of(DOUBTFUL), Some(Severity::Doubtful));
    assert_eq!(Severity::of(MISTAKE), Some(Severity::Mistake));
    assert_eq!(Severity::of(BLUNDER), Some(Severity::Blunder));
    assert_eq!(Severity::of(-0.3), None);
}

#[test]
fn the_best_move_is_never_a_mistake_and_an_only_move_is_good() {
    let record = record(&["E5", "D4"]);
    let mut first = eval(Color::Black, 0.60, &["E5"]);
    // The second best lost 20% and was searched enough: E5 was the only good move.
    first.second = Some((mv("C3", 9), 0.40, 200));
    let evaluations = vec![
        first,
        // Noise: after the best move Black's win rate fell 10%. Still no mark.
        eval(Color::White, 0.50, &["D4"]),
        eval(Color::Black, 0.50, &["C3"]),
    ];
    let a = annotate(&record, &evaluations, "");
    assert_eq!(
        a.moves[0].annotation,
        Some(MoveAnnotation::Good { very: false })
    );
    assert!(comment(&a.moves[0]).contains("the only good move"));
    assert_eq!(a.moves[1].annotation, None);
    assert!(a.mistakes.is_empty());
    // Too few visits of the second best to tell: not marked.
    let mut evaluations = evaluations;
    evaluations[0].second = Some((mv("C3", 9), 0.40, 19));
    assert_eq!(
        annotate(&record, &evaluations, "").moves[0].annotation,
        None
    );
}

#[test]
fn only_the_biggest_mistakes_of_each_side_are_hotspots() {
    let moves: Vec<&str> = ["A1", "A2", "A3", "A4", "A5", "A6", "A7", "A8", "A9", "B1"].to_vec();
    let record = record(&moves);
    // Every move loses, Black's more each time: 10%, 12%, 14%, 16%, 18%.
    let mut evaluations = Vec::new();
    let mut black = 0.9f32;
    for i in 0..=moves.len() {
        let to_move = if i % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        evaluations.push(eval(to_move, black, &["J9"]));
        let loss = 0.10 + 0.01 * i as f32;
        black += if to_move == Color::Black { -loss } else { loss };
    }
    let a = annotate(&record, &evaluations, "");
    assert_eq!(a.mistakes.len(), moves.len());
    let hot: Vec<usize> = (0..moves.len())
        .filter(|&i| a.moves[i].hotspot)
        .map(|i| i + 1)
        .collect();
    assert_eq!(hot.len(), 2 * BIGGEST);
    assert_eq!(hot, vec![5, 6, 7, 8, 9, 10]);
    let worst: Vec<usize> = biggest(&a.mistakes, Color::Black)
        .iter()
        .map(|m| m.number)
        .collect();
    assert_eq!(worst, vec![9, 7, 5]);
}

#[test]
fn the_pass_that_ends_the_game_is_not_judged() {
    let record = record(&["E5", "pass", "pass"]);
    let before = eval(Color::Black, 0.7, &["D4"]);
    let evaluations = vec![
        eval(Color::Black, 0.5, &["E5"]),
        eval(Color::White, 0.6, &["pass"]),
        before.clone(),
        Evaluation {
            ended: true,
            ..before
        },
    ];
    let a = annotate(&record, &evaluations, "");
    assert_eq!(a.moves[2].annotation, None);
    assert!(
        comment(&a.moves[2]).contains("The game ends"),
        "{}",
        comment(&a.moves[2])
    );
}

#[test]
fn missing_evaluations_leave_moves_bare_rather_than_fail() {
    let record = record(&["E5", "C3", "G7"]);
    let a = annotate(&record, &[eval(Color::Black, 0.5, &["E5"])], "");
    assert_eq!(a.moves.len(), 3);
    assert!(a.moves.iter().all(|m| m.comment.is_none()));
}

/// The root element of an SVG document, checked as XML.
fn svg_root(text: &str) -> roxmltree::Document<'_> {
    let doc = roxmltree::Document::parse(text).unwrap_or_else(|e| panic!("not XML: {e}"));
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    doc
}

#[test]
fn the_graph_is_an_svg_with_both_curves_and_a_dot_a_mistake() {
    let record = record(&["E5", "C3", "G7", "D4"]);
    let evaluations = vec![
        eval(Color::Black, 0.50, &["E5"]),
        eval(Color::White, 0.50, &["D4"]),
        eval(Color::Black, 0.75, &["C7"]),
        eval(Color::White, 0.68, &["F4"]),
        eval(Color::Black, 0.80, &["A1"]),
    ];
    let a = annotate(&record, &evaluations, "");
    let text = svg(&record, &evaluations, &a.mistakes).unwrap();
    let doc = svg_root(&text);
    let polylines = doc
        .descendants()
        .filter(|n| n.has_tag_name("polyline"))
        .count();
    // The 50% line, the score lead, the win rate (and the legend's two samples).
    assert!(polylines >= 3, "{polylines} polylines");
    // A dot for the blunder and the mistake (not the doubtful move), and one in the legend.
    let circles = doc
        .descendants()
        .filter(|n| n.has_tag_name("circle"))
        .count();
    assert_eq!(circles, 3);
    assert!(text.contains("Alice (Black) vs Bob (White)"));
}

#[test]
fn the_graph_of_a_game_without_moves_or_with_odd_names_is_still_an_svg() {
    let mut empty = record(&[]);
    empty.black_name = Some("<&\"evil\">".into());
    let text = svg(&empty, &[eval(Color::Black, 0.5, &[])], &[]).unwrap();
    svg_root(&text);
    let text = svg(&empty, &[], &[]).unwrap();
    svg_root(&text);
}

#[test]
fn load_honours_handicap_setup_komi_and_rules() {
    let mut handicap = record(&["D4"]);
    handicap.handicap = 2;
    handicap.komi = Some(0.5);
    handicap.rules = Some("Japanese".into());
    handicap.setup = vec![
        (Color::Black, Point::parse("C3", 9).unwrap()),
        (Color::Black, Point::parse("G7", 9).unwrap()),
    ];
    handicap.moves = vec![(Color::White, mv("D4", 9))];
    let game = load(&handicap, None, None).unwrap();
    assert_eq!(game.handicap(), 2);
    assert_eq!(game.to_move(), Color::White);
    assert_eq!(game.komi(), 0.5);
    assert_eq!(*game.rules(), RuleSet::Japanese.rules());
    assert_eq!(game.position().stones(Color::Black).count(), 2);
    // The command line's komi and rules win over the file's.
    let game = load(&handicap, Some(3.0), Some(RuleSet::Aga)).unwrap();
    assert_eq!(game.komi(), 3.0);
    assert_eq!(*game.rules(), RuleSet::Aga.rules());
    // Without KM or RU: Chinese rules and their komi.
    let plain = SgfGame {
        komi: None,
        ..record(&["E5"])
    };
    let game = load(&plain, None, None).unwrap();
    assert_eq!(
        (game.komi(), *game.rules()),
        (7.5, RuleSet::Chinese.rules())
    );
    // Setup stones of both colours and PL.
    let setup = SgfGame {
        setup: vec![
            (Color::Black, Point::parse("C3", 9).unwrap()),
            (Color::White, Point::parse("G7", 9).unwrap()),
        ],
        to_play: Some(Color::White),
        ..record(&[])
    };
    let game = load(&setup, None, None).unwrap();
    assert_eq!(game.position().stones(Color::White).count(), 1);
    assert_eq!(game.to_move(), Color::White);
}

#[test]
fn load_names_the_first_move_that_cannot_be_played() {
    let bad = record(&["E5", "E5"]);
    let err = load(&bad, None, None).unwrap_err();
    assert!(err.starts_with("move 2 (white E5)"), "{err}");
    let mut long = record(&[]);
    long.moves = vec![(Color::Black, Move::Pass); MAX_MOVES + 1];
    assert!(load(&long, None, None).unwrap_err().contains("at most"));
}

#[test]
fn evaluate_searches_every_position_but_the_one_after_the_game_ended() {
    let record = SgfGame {
        size: 5,
        ..record(&[])
    };
    let moves = vec![
        (Color::Black, mv("C3", 5)),
        (Color::White, mv("B2", 5)),
        (Color::Black, Move::Pass),
        (Color::White, Move::Pass),
    ];
    let start = load(
        &SgfGame {
            moves: moves.clone(),
            ..record
        },
        None,
        None,
    )
    .unwrap();
    let mut search = Search::new(search::Config::default());
    let limits = Limits {
        playouts: Some(64),
        stop_at_once: true,
        ..Limits::default()
    };
    let found = evaluate(&start, &moves, &mut search, &limits, &Progress::hidden());
    assert_eq!(found.len(), moves.len() + 1);
    let to_move: Vec<Color> = found.iter().map(|e| e.to_move).collect();
    assert_eq!(
        &to_move[..4],
        &[Color::Black, Color::White, Color::Black, Color::White]
    );
    assert!(found[..4].iter().all(|e| !e.ended && !e.best.is_empty()));
    assert!(found[..4]
        .iter()
        .all(|e| (0.0..=1.0).contains(&e.black_win_rate)));
    assert!(found[4].ended);
    assert_eq!(found[4].black_win_rate, found[3].black_win_rate);
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tengen-review-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn options(input: PathBuf, output: PathBuf) -> Options {
    Options {
        input,
        output,
        graph: None,
        playouts: Some(32),
        seconds: None,
        threads: 1,
        seed: 1,
        komi: None,
        rules: None,
        progress: progress::Mode::Never,
    }
}

#[test]
fn run_writes_the_review_and_the_graph_or_says_why_not() {
    let dir = scratch("run");
    let input = dir.join("game.sgf");
    std::fs::write(&input, "(;SZ[5]KM[0.5];B[cc];W[bb];B[dd])").unwrap();
    let output = dir.join("game-review.sgf");
    let reviewed = run(&options(input.clone(), output.clone())).unwrap();
    assert_eq!(reviewed.moves, 3);
    assert_eq!(reviewed.graph, dir.join("game-review.svg"));
    let text = std::fs::read_to_string(&output).unwrap();
    assert_eq!(sgf::parse(&text).unwrap().moves.len(), 3);
    assert!(text.contains("komi 0.5, Chinese rules"), "{text}");
    svg_root(&std::fs::read_to_string(&reviewed.graph).unwrap());
    // Bad input: an error that names the file, and nothing written.
    let broken = dir.join("broken.sgf");
    std::fs::write(&broken, "(;SZ[5];B[cc];W[cc])").unwrap();
    let out2 = dir.join("out2.sgf");
    let err = run(&options(broken, out2.clone())).unwrap_err();
    assert!(err.contains("broken.sgf: move 2"), "{err}");
    let err = run(&options(dir.join("missing.sgf"), out2.clone())).unwrap_err();
    assert!(err.contains("missing.sgf"), "{err}");
    let err = run(&options(dir.clone(), out2.clone())).unwrap_err();
    assert!(err.contains("not a regular file"), "{err}");
    std::fs::write(dir.join("junk.sgf"), "not a game").unwrap();
    assert!(run(&options(dir.join("junk.sgf"), out2.clone())).is_err());
    assert!(!out2.exists());
    // An output folder that does not exist: an error, no stray file.
    let err = run(&options(input, dir.join("nowhere/out.sgf"))).unwrap_err();
    assert!(err.contains("nowhere"), "{err}");
    let names = std::fs::read_dir(&dir).unwrap().count();
    assert_eq!(
        names, 5,
        "game, broken, junk, the review and its graph, nothing else"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
