use super::*;
use crate::sgf::parse;
use sgf_parse::go::{self, Prop};
use sgf_parse::SgfNode;

fn pt(gtp: &str) -> Point {
    Point::parse(gtp, 9).unwrap()
}

fn play(gtp: &str) -> Move {
    Move::parse(gtp, 9).unwrap()
}

/// A 9×9 game of four moves.
fn game() -> SgfGame {
    SgfGame {
        size: 9,
        komi: Some(7.5),
        black_name: Some("Alice".into()),
        moves: vec![
            (Color::Black, play("E5")),
            (Color::White, play("C3")),
            (Color::Black, play("G7")),
            (Color::White, Move::Pass),
        ],
        ..SgfGame::default()
    }
}

fn line(moves: &[&str], first: Color, comment: &str) -> Line {
    let mut color = first;
    Line {
        moves: moves
            .iter()
            .map(|m| {
                let c = color;
                color = color.opponent();
                (c, play(m))
            })
            .collect(),
        comment: Some(comment.into()),
    }
}

/// The first game tree of `text`, read by the `sgf-parse` crate (all variations), checked
/// against the SGF rules it knows (no repeated property, no move beside setup, …).
fn tree(text: &str) -> SgfNode<Prop> {
    let node = go::parse(text).unwrap().into_iter().next().unwrap();
    node.validate().unwrap();
    node
}

fn comment(node: &SgfNode<Prop>) -> Option<String> {
    match node.get_property("C") {
        Some(Prop::C(text)) => Some(text.text.clone()),
        _ => None,
    }
}

#[test]
fn the_main_line_reads_back_unchanged_whatever_the_markup() {
    let game = game();
    let moves = vec![
        Markup {
            comment: Some("first".into()),
            ..Markup::default()
        },
        Markup {
            annotation: Some(MoveAnnotation::Bad { very: true }),
            alternatives: vec![line(&["D4", "E5"], Color::White, "better")],
            ..Markup::default()
        },
        Markup::default(),
        Markup {
            alternatives: vec![line(&["A1"], Color::White, "or this")],
            ..Markup::default()
        },
    ];
    let text = write_marked_up(&game, &Markup::default(), &moves);
    assert_eq!(
        parse(&text).unwrap(),
        parse(&crate::sgf::write(&game)).unwrap()
    );
}

#[test]
fn every_property_lands_on_its_node() {
    let game = game();
    let root = Markup {
        comment: Some("Review ] with a bracket\\ and\ntwo lines".into()),
        black_win_percent: Some(52.345),
        black_lead: Some(-1.5),
        ..Markup::default()
    };
    let moves = vec![
        Markup {
            annotation: Some(MoveAnnotation::Good { very: false }),
            comment: Some("good".into()),
            ..Markup::default()
        },
        Markup {
            annotation: Some(MoveAnnotation::Bad { very: false }),
            hotspot: true,
            triangles: vec![pt("D4")],
            labels: vec![(pt("D4"), "A".into())],
            comment: Some("bad".into()),
            alternatives: vec![line(&["D4", "E4", "E3"], Color::White, "the best")],
            ..Markup::default()
        },
        Markup {
            annotation: Some(MoveAnnotation::Doubtful),
            ..Markup::default()
        },
        Markup {
            annotation: Some(MoveAnnotation::Interesting),
            ..Markup::default()
        },
    ];
    let text = write_marked_up(&game, &root, &moves);
    let root_node = tree(&text);
    assert_eq!(
        comment(&root_node).unwrap(),
        "Review ] with a bracket\\ and\ntwo lines"
    );
    assert!(text.contains("SBKV[52.35]"), "{text}");
    assert!(text.contains("SBKS[-1.50]"), "{text}");
    let main: Vec<&SgfNode<Prop>> = root_node.main_variation().collect();
    assert_eq!(main.len(), 5);
    assert!(matches!(main[1].get_property("TE"), Some(Prop::TE(_))));
    assert_eq!(comment(main[1]).as_deref(), Some("good"));
    let bad = main[2];
    assert!(matches!(bad.get_property("BM"), Some(Prop::BM(_))));
    assert!(bad.get_property("HO").is_some());
    assert!(matches!(bad.get_property("TR"), Some(Prop::TR(s)) if s.len() == 1));
    assert!(matches!(bad.get_property("LB"), Some(Prop::LB(s)) if s.len() == 1));
    assert!(matches!(main[3].get_property("DO"), Some(Prop::DO)));
    assert!(matches!(main[4].get_property("IT"), Some(Prop::IT)));
    // The node before the bad move has two children: the main line, then the alternative.
    let children: Vec<&SgfNode<Prop>> = main[1].children().collect();
    assert_eq!(children.len(), 2);
    let alternative = children[1];
    assert_eq!(comment(alternative).as_deref(), Some("the best"));
    assert!(matches!(
        alternative.get_property("W"),
        Some(Prop::W(go::Move::Move(p))) if (p.x, p.y) == (3, 5)
    ));
    assert_eq!(alternative.main_variation().count(), 3);
}

#[test]
fn alternatives_nest_so_that_each_follows_the_rest_of_the_main_line() {
    let game = game();
    let moves: Vec<Markup> = ["A1", "A2", "A3", "A4"]
        .iter()
        .zip([Color::Black, Color::White, Color::Black, Color::White])
        .map(|(m, c)| Markup {
            alternatives: vec![line(&[m], c, m)],
            ..Markup::default()
        })
        .collect();
    let text = write_marked_up(&game, &Markup::default(), &moves);
    let root = tree(&text);
    let main: Vec<&SgfNode<Prop>> = root.main_variation().collect();
    for (i, name) in ["A1", "A2", "A3", "A4"].iter().enumerate() {
        let siblings: Vec<&SgfNode<Prop>> = main[i].children().collect();
        assert_eq!(siblings.len(), 2, "before move {}", i + 1);
        assert_eq!(comment(siblings[1]).as_deref(), Some(*name));
    }
}

#[test]
fn empty_alternatives_and_points_off_the_board_are_left_out() {
    let game = game();
    let moves = vec![Markup {
        alternatives: vec![Line::default()],
        triangles: vec![Point::parse("T19", 19).unwrap()],
        black_win_percent: Some(f32::NAN),
        ..Markup::default()
    }];
    let text = write_marked_up(&game, &Markup::default(), &moves);
    assert!(!text.contains("TR"), "{text}");
    assert!(!text.contains("SBKV"), "{text}");
    assert_eq!(tree(&text).children().count(), 1);
}
