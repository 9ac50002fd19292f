use super::*;
use crate::geom::{Color, Move};
use crate::param::Tunable;
use crate::tactics::LadderReader;

/// A playout board from a diagram (rows top-down, `X` Black, `O` White, `.` empty), with
/// `to_move` to play.
fn board(diagram: &str, to_move: Color) -> PlayoutBoard {
    let g = crate::search::tests::game(diagram, 0.0, to_move);
    let mut b = PlayoutBoard::from_position(g.position());
    b.set_to_move(to_move);
    b
}

fn at(s: &str, size: usize) -> Move {
    Move::Play(Point::parse(s, size).unwrap())
}

/// `prior_of` (or `prior_of_pass`) with the move's features read by a fresh ladder reader,
/// the fights and the distances from `last`.
fn prior_of_(config: &PriorConfig, b: &PlayoutBoard, mv: Move, last: Option<Point>) -> Prior {
    let Move::Play(p) = mv else {
        return prior_of_pass(config, b);
    };
    let fights = b.fight_answers(2);
    let mut fate = FateDistances::default();
    if let Some(l) = last {
        b.fate_distances(l, 3, &mut fate);
    }
    let features = b.move_features(&mut LadderReader::new(), &fights, p);
    prior_of(
        config,
        b,
        p,
        &features,
        &fights,
        &fate,
        &Settling::default(),
        last,
        0.0,
    )
}

/// Only the source called `name` on, at weight 10.
fn only(name: &str) -> PriorConfig {
    let mut config = PriorConfig::default();
    for (n, _) in PriorConfig::default().param_values() {
        config.set_param_named(n, 0.0);
    }
    assert_eq!(config.set_param_named(name, 10.0), Some(Ok(())));
    config
}

#[test]
fn the_even_prior_is_half_a_win() {
    let b = board(". . .\n. . .\n. . .", Color::Black);
    let p = prior_of_(&only("prior_even"), &b, at("B2", 3), None);
    assert_eq!(p.visits(), 10.0);
    assert!((p.value() - 0.5).abs() < 1e-4);
}

#[test]
fn capture_and_escape_are_wins() {
    // White C3 is in atari; its liberty is D3.
    let b = board(
        ". . . . .
         . . X . .
         . X O . .
         . . X . .
         . . . . .",
        Color::Black,
    );
    let capture = only("prior_capture");
    let p = prior_of_(&capture, &b, at("D3", 5), None);
    assert_eq!((p.visits(), p.value()), (10.0, 1.0));
    assert_eq!(prior_of_(&capture, &b, at("C5", 5), None).visits(), 0.0);

    // Black C3 is in atari; its liberty is C4, which gives the chain three (B4, D4, C5).
    let b = board(
        ". . . . .
         . . . . .
         . O X O .
         . . O . .
         . . . . .",
        Color::Black,
    );
    let escape = only("prior_escape");
    let p = prior_of_(&escape, &b, at("C4", 5), None);
    assert_eq!((p.visits(), p.value()), (10.0, 1.0));
    assert_eq!(prior_of_(&escape, &b, at("A1", 5), None).visits(), 0.0);
}

#[test]
fn self_atari_is_a_loss_unless_it_captures() {
    let config = only("prior_self_atari");
    let small = only("prior_self_atari_small");
    // Black A3 between White A4 and B3 keeps one liberty, A2: a self-atari of one stone,
    // weighed by the small self-atari's weight alone. C3 has three empty neighbours: not one.
    let b = board(
        ". O . . .
         O . O . .
         . O . . .
         . . . . .
         . . . . .",
        Color::Black,
    );
    let p = prior_of_(&small, &b, at("A3", 5), None);
    assert_eq!((p.visits(), p.value()), (10.0, 0.0));
    assert_eq!(prior_of_(&config, &b, at("A3", 5), None).visits(), 0.0);
    assert_eq!(prior_of_(&small, &b, at("C3", 5), None).visits(), 0.0);

    // C2 joins Black A2-B2 between White walls; the merged chain of three stones has one
    // liberty, D2.
    // D2 itself has three empty neighbours.
    let b = board(
        ". . . . .
         . . . . .
         O O O . .
         X X . . .
         O O O . .",
        Color::Black,
    );
    let p = prior_of_(&config, &b, at("C2", 5), None);
    assert_eq!((p.visits(), p.value()), (10.0, 0.0));
    assert_eq!(prior_of_(&small, &b, at("C2", 5), None).visits(), 0.0);
    assert_eq!(prior_of_(&config, &b, at("D2", 5), None).visits(), 0.0);

    // Filling a liberty of White's chain in atari captures it: no self-atari malus.
    let b = board(
        ". . . . .
         . . . . .
         O O O X .
         X X . O X
         O O O X .",
        Color::Black,
    );
    assert_eq!(prior_of_(&config, &b, at("C2", 5), None).visits(), 0.0);
}

#[test]
fn moves_near_the_last_one_are_wins() {
    let b = board(&". . . . . . . . .\n".repeat(9), Color::White);
    let config = only("prior_near_last");
    let last = Point::parse("E5", 9).ok();
    for near in ["E6", "F6", "G5", "E3", "D4"] {
        let p = prior_of_(&config, &b, at(near, 9), last);
        assert_eq!((p.visits(), p.value()), (10.0, 1.0), "{near}");
    }
    for far in ["E8", "G7", "A1"] {
        assert_eq!(
            prior_of_(&config, &b, at(far, 9), last).visits(),
            0.0,
            "{far}"
        );
    }
    assert_eq!(prior_of_(&config, &b, at("E6", 9), None).visits(), 0.0);
}

#[test]
fn moves_near_the_last_in_the_common_fate_graph_get_their_distances_weight() {
    // White's last move F5 extended the chain C5–F5; the liberties at its far end are at 1.
    let b = board(
        ". . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . X X X . . .
         . . O O O O X . .
         . . . X X . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .",
        Color::Black,
    );
    let mut config = only("prior_fate1");
    config.fate = [30.0, 20.0, 5.0];
    // 9×9 is below `LARGE_BOARD`: the weights count as `fate_small` says.
    config.fate_small = 1.0;
    let last = Point::parse("F5", 9).ok();
    for (p, want) in [
        ("B5", 30.0),
        ("C4", 30.0),
        ("F4", 30.0),
        ("A5", 20.0),
        ("B4", 20.0),
    ] {
        let x = prior_of_(&config, &b, at(p, 9), last);
        assert_eq!((x.visits(), x.value()), (want, 1.0), "{p}");
    }
    // Across the black chain D6–F6: 1 to the chain, 2 above it, 3 beyond.
    assert_eq!(prior_of_(&config, &b, at("E7", 9), last).visits(), 20.0);
    assert_eq!(prior_of_(&config, &b, at("E8", 9), last).visits(), 5.0);
    assert_eq!(prior_of_(&config, &b, at("E9", 9), last).visits(), 0.0);
    assert_eq!(prior_of_(&config, &b, at("B5", 9), None).visits(), 0.0);

    config.fate_small = 0.5;
    assert_eq!(prior_of_(&config, &b, at("B5", 9), last).visits(), 15.0);
    assert!(config.fate_applies(9) && config.fate_applies(13));
    config.fate_small = 0.0;
    assert_eq!(prior_of_(&config, &b, at("B5", 9), last).visits(), 0.0);
    assert!(!config.fate_applies(9) && config.fate_applies(13));
    assert_eq!(config.fate_scale(19), 1.0);
}

#[test]
fn the_three_four_points_of_an_empty_corner_are_wins() {
    // 13×13: the lower left corner holds a stone (E5, inside its 6×6 box); the others are
    // empty. The upper right has K10 (4-4) and K11 (4-3) but not J9 (5-5) or L12 (2-3).
    let mut rows = vec![". . . . . . . . . . . . ."; 13];
    rows[8] = ". . . . X . . . . . . . .";
    let b = board(&rows.join("\n"), Color::White);
    let config = only("prior_empty_corner");
    for p in ["K10", "K11", "L11", "C3", "D4", "C11", "K3"] {
        let yes = !matches!(p, "C3" | "D4");
        let x = prior_of_(&config, &b, at(p, 13), None);
        assert_eq!(x.visits(), if yes { 10.0 } else { 0.0 }, "{p}");
    }
    for p in ["J9", "L12", "G7", "F6"] {
        assert_eq!(prior_of_(&config, &b, at(p, 13), None).visits(), 0.0, "{p}");
    }
    // Not on boards below 13.
    let b9 = board(&". . . . . . . . .\n".repeat(9), Color::Black);
    assert_eq!(prior_of_(&config, &b9, at("C3", 9), None).visits(), 0.0);
}

#[test]
fn low_lines_of_an_empty_area_are_losses_the_third_a_win() {
    let b = board(&". . . . . . . . .\n".repeat(9), Color::Black);
    let low = only("prior_low_empty");
    let third = only("prior_third_line_empty");
    for p in ["A1", "E1", "B5", "J9", "H4"] {
        let x = prior_of_(&low, &b, at(p, 9), None);
        assert_eq!((x.visits(), x.value()), (10.0, 0.0), "{p}");
    }
    let x = prior_of_(&third, &b, at("C5", 9), None);
    assert_eq!((x.visits(), x.value()), (10.0, 1.0));
    assert_eq!(prior_of_(&third, &b, at("E5", 9), None).visits(), 0.0);
    // A stone nearby: the area is not empty any more.
    let b = board(
        ". . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . X . . . . . .
         . . . . . . . . .",
        Color::White,
    );
    assert_eq!(prior_of_(&low, &b, at("B1", 9), None).visits(), 0.0);
    assert_eq!(prior_of_(&low, &b, at("H1", 9), None).visits(), 10.0);
}

#[test]
fn passing_early_is_a_loss() {
    let b = board(&". . . . . . . . .\n".repeat(9), Color::Black);
    let config = only("prior_early_pass");
    let p = prior_of_(&config, &b, Move::Pass, None);
    assert_eq!((p.visits(), p.value()), (10.0, 0.0));
}

#[test]
fn every_weight_has_a_name() {
    let mut config = PriorConfig::default();
    for (name, value) in PriorConfig::default().param_values() {
        assert_eq!(
            config.set_param_named(name, value + 1.0),
            Some(Ok(())),
            "{name}"
        );
    }
    assert!(config
        .param_values()
        .iter()
        .zip(PriorConfig::default().param_values())
        .all(|((_, a), (_, b))| *a == b + 1.0));
    assert_eq!(config.set_param_named("prior_nonsense", 1.0), None);
}

#[test]
fn shape_moves_are_wins() {
    // A cutting point and hane shapes around two diagonal pairs.
    let b = board(
        ". . . . . . .
         . . . . . . .
         . . X O . . .
         . . O X . . .
         . . . . . . .
         . . . . . . .
         . . . . . . .",
        Color::Black,
    );
    let config = only("prior_pattern");
    let mut n_shapes = 0;
    for p in Point::all(7) {
        if b.stone_at(p).is_some() {
            continue;
        }
        let prior = prior_of_(&config, &b, Move::Play(p), None);
        if b.makes_shape(p) {
            n_shapes += 1;
            assert_eq!((prior.visits(), prior.value()), (10.0, 1.0), "{p}");
        } else {
            assert_eq!(prior.visits(), 0.0, "{p}");
        }
    }
    assert!(n_shapes > 0, "no shape around a crosscut");
}

/// White E5 in atari with Black's ladder shape around it (the staircase runs to the upper
/// right edge); `extra` adds stones.
const LADDER: &str = ". . . . . . . . .
                      . . . . . . . . .
                      . . . . . . . . .
                      . . . . X . . . .
                      . . . X O . . . .
                      . . . . X X . . .
                      . . . . . . . . .
                      . . . . . . . . .
                      . . . . . . . . .";

#[test]
fn running_into_a_working_ladder_is_a_loss_out_of_a_broken_one_a_win() {
    let b = board(LADDER, Color::White);
    let fails = only("prior_ladder_escape_fails");
    let p = prior_of_(&fails, &b, at("F5", 9), None);
    assert_eq!((p.visits(), p.value()), (10.0, 0.0));
    assert_eq!(
        prior_of_(&only("prior_escape"), &b, at("F5", 9), None).visits(),
        0.0
    );
    // A White stone at G7 breaks the ladder: running is an escape.
    let broken = LADDER.replacen(
        ". . . . . . . . .\n                      . . . . X",
        ". . . . . . O . .\n                      . . . . X",
        1,
    );
    let b = board(&broken, Color::White);
    assert_eq!(prior_of_(&fails, &b, at("F5", 9), None).visits(), 0.0);
    let p = prior_of_(&only("prior_escape"), &b, at("F5", 9), None);
    assert_eq!((p.visits(), p.value()), (10.0, 1.0));
}

#[test]
fn an_atari_that_starts_a_working_ladder_is_a_win() {
    // Without Black E4, White E5 has two liberties; Black E4 starts the ladder.
    let open = LADDER.replacen(". . . . X X . . .", ". . . . . X . . .", 1);
    let b = board(&open, Color::Black);
    let config = only("prior_ladder_atari");
    let p = prior_of_(&config, &b, at("E4", 9), None);
    assert_eq!((p.visits(), p.value()), (10.0, 1.0));
    assert_eq!(prior_of_(&config, &b, at("C3", 9), None).visits(), 0.0);
}

#[test]
fn the_playouts_fight_answers_are_priors() {
    // White's B2 is left with two liberties, B1 and C2: both ataris get the two-lib prior.
    let mut b = board(
        ". . . . .\n. . . . .\n. X . . .\nX . . . .\n. . X X X",
        Color::White,
    );
    b.play_unchecked(at("B2", 5));
    let last = Point::parse("B2", 5).ok();
    let config = only("prior_two_lib");
    for mv in ["B1", "C2"] {
        let p = prior_of_(&config, &b, at(mv, 5), last);
        assert_eq!((p.visits(), p.value()), (10.0, 1.0), "{mv}");
    }
    assert_eq!(prior_of_(&config, &b, at("D4", 5), last).visits(), 0.0);

    // White's wall encloses B2-C2-D2 after E2: the middle is the nakade point.
    let mut b = board(
        ". X . . .\nX X X X X\nO O O O O\nO . . . .\nO O O O O",
        Color::White,
    );
    b.play_unchecked(at("E2", 5));
    let last = Point::parse("E2", 5).ok();
    let config = only("prior_nakade");
    let p = prior_of_(&config, &b, at("C2", 5), last);
    assert_eq!((p.visits(), p.value()), (10.0, 1.0));
    assert_eq!(prior_of_(&config, &b, at("B2", 5), last).visits(), 0.0);
}

#[test]
fn a_settling_move_counts_as_the_networks_first_choice() {
    let mut config = PriorConfig::default();
    assert_eq!(network_probability(&config, 0.01, 0.4, false), 0.01);
    assert_eq!(network_probability(&config, 0.01, 0.4, true), 0.4);
    // Never lowered: a settling move the network likes more keeps its own probability.
    assert_eq!(network_probability(&config, 0.5, 0.4, true), 0.5);
    config.network_settling = 0.5;
    assert_eq!(network_probability(&config, 0.01, 0.4, true), 0.2);
    config.network_settling = 0.0;
    assert_eq!(network_probability(&config, 0.01, 0.4, true), 0.01);
    // The network's weight is on every board size by default.
    assert!(network_wins(&config, 9, 0.25) > 0.0);
    assert_eq!(
        network_wins(&config, 9, 0.25),
        network_wins(&config, 19, 0.25)
    );
}
