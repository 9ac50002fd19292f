use super::count::quarters;
use super::shapes::vital_stone_inside;
use super::*;
use crate::game::RuleSet;

fn picture(game: &Game, judgment: &Judgment) -> String {
    let pos = game.position();
    let size = pos.size();
    let mut out = String::new();
    for row in (0..size).rev() {
        for col in 0..size {
            let p = Point::new(col, row);
            let o = judgment.ownership[p.index()];
            let c = match pos.stone_at(p) {
                Some(_) if judgment.dead.contains(p) => 'x',
                Some(Color::Black) => 'X',
                Some(Color::White) => 'O',
                None => '.',
            };
            out.push_str(&format!("{c}{:+3.0} ", o * 99.0));
        }
        out.push('\n');
    }
    out
}

/// A game on the position of `diagram` (`board::diagram`), Black to move.
fn game_of(diagram: &str, rules: RuleSet, komi: f32) -> Game {
    let mut game = Game::from_diagram(diagram, rules.rules()).expect("diagram");
    game.set_komi(komi);
    game
}

fn points(size: usize, vertices: &str) -> Bitboard {
    vertices
        .split_whitespace()
        .map(|v| Point::parse(v, size).unwrap())
        .collect()
}

/// Both sides live with proved eyes; in the bottom-left corner the black chain A1 A2 A3 B3 and
/// the white chain C1 C2 C3 share their only liberties B1 and B2, which touch nothing else:
/// whoever fills one puts himself in atari. Seki without eyes.
const SEKI: &str = "
    . O . O X . X
    O O O O X X X
    O O O O X . X
    O O X X X X X
    X X O X . X .
    X . O X X X X
    X . O X . X .
";

#[test]
fn group_seki_without_eyes() {
    for rules in [RuleSet::Chinese, RuleSet::Japanese] {
        let game = game_of(SEKI, rules, 0.0);
        let judgment = judge(&game, &Config::default());
        assert!(judgment.dead.is_empty(), "{}", picture(&game, &judgment));
        assert_eq!(
            judgment.seki,
            points(7, "A1 A2 A3 B3 C1 C2 C3"),
            "{rules:?}"
        );
        assert!(!judgment.unconditional.intersects(&judgment.seki));
        let area = score::area(game.position(), &judgment.dead);
        assert!(area.dame.contains(Point::parse("B1", 7).unwrap()));
        assert!(area.dame.contains(Point::parse("B2", 7).unwrap()));
    }
    // Territory: White's eyes A7 C7, Black's F7 F5 E3 G3 E1 G1; the seki counts nothing.
    let game = game_of(SEKI, RuleSet::Japanese, 0.0);
    assert_eq!(judge(&game, &Config::default()).score(&game), 4.0);
    // Area: every stone and eye; B1 and B2 are dame.
    let game = game_of(SEKI, RuleSet::Chinese, 0.0);
    let area = score::area(game.position(), &Bitboard::EMPTY);
    assert_eq!(area.dame.count(), 2);
    assert_eq!(judge(&game, &Config::default()).score(&game), area.margin());
}

/// White's corner group has the eye space of a bent four in the corner (A2 A1 B1 C1) and one
/// outside liberty (D3): Black kills it with the vital point B1 and the ko that follows, once
/// the ko threats are gone. Japanese rules call it dead as it stands; under area counting the
/// play gets there too. Either way its stones come off and the corner is Black's.
const BENT_FOUR: &str = "
    . X . X . O .
    X X X X O O O
    . X . X O . O
    X X X X X O O
    O O X . X O .
    . O O O X O O
    . . . O X X O
";

#[test]
fn bent_four_in_the_corner_is_dead_under_each_ruleset() {
    let white_corner = points(7, "A3 B3 B2 C2 D2 D1");
    for rules in [RuleSet::Japanese, RuleSet::Chinese, RuleSet::Aga] {
        let game = game_of(BENT_FOUR, rules, 0.0);
        let judgment = judge(&game, &Config::default());
        assert_eq!(
            judgment.dead,
            white_corner,
            "{rules:?}\n{}",
            picture(&game, &judgment)
        );
        assert!(judgment.seki.is_empty());
        let owner = owns(&game, &judgment, Point::parse("A1", 7).unwrap());
        assert_eq!(owner, Some(Color::Black), "{rules:?}");
    }
    // Under Tromp-Taylor nothing is removed.
    let game = game_of(BENT_FOUR, RuleSet::TrompTaylor, 0.0);
    assert!(judge(&game, &Config::default()).dead.is_empty());
}

#[test]
fn judgment_does_not_depend_on_the_seed_here() {
    for diagram in [SEKI, BENT_FOUR] {
        let game = game_of(diagram, RuleSet::Chinese, 7.5);
        let a = judge(&game, &Config::default());
        let b = judge(
            &game,
            &Config {
                seed: 2,
                ..Config::default()
            },
        );
        assert_eq!((a.dead, a.seki), (b.dead, b.seki));
    }
}

#[test]
fn quarters_are_written_as_referees_write_them() {
    assert_eq!(quarters(180.5), "180½");
    assert_eq!(quarters(3.75), "3¾");
    assert_eq!(quarters(184.25), "184¼");
    assert_eq!(quarters(0.5), "½");
    assert_eq!(quarters(-1.25), "-1¼");
    assert_eq!(quarters(4.0), "4");
}

#[test]
fn count_report_of_the_seki() {
    let game = game_of(SEKI, RuleSet::Chinese, 7.5);
    let judgment = judge(&game, &Config::default());
    let report = count_report(&game, &judgment);
    let area = score::area(game.position(), &judgment.dead);
    let lines: Vec<&str> = report.lines().collect();
    assert_eq!(lines.len(), 4, "{report}");
    assert_eq!(
        lines[0],
        format!(
            "area: Black {} White {} dame 2",
            area.points(Color::Black),
            area.points(Color::White)
        )
    );
    assert!(
        lines[1].contains("against par 24½, komi 3¾ stones"),
        "{report}"
    );
    assert!(lines[1].ends_with("Black needs more than 28¼"), "{report}");
    assert!(
        lines[2].starts_with("territory: Black 6 + 0 prisoners, White 2 + 0"),
        "{report}"
    );
    assert_eq!(
        lines[3],
        format!(
            "results: area {}, territory {}",
            judgment.result(&game),
            GameResult::Score(4.0 - 7.5)
        )
    );
}

/// Seki with one eye each: the black chain A3 B3 A2 B2 B1 (eye A1) and the white chain C3 C2
/// D2 E2 F2 F1 D1 (eye E1) share their last liberty C1. Filling C1 is self-atari for either
/// side, and neither can play in the other's eye.
const SEKI_ONE_EYE_EACH: &str = "
    . O X . X . X
    O O X X X X X
    . O X . X . X
    O O X X X X X
    X X O X X X X
    X X O O O O X
    . X . O . O X
";

#[test]
fn seki_with_one_eye_each() {
    let in_seki = points(7, "A3 B3 A2 B2 B1 C3 C2 D2 E2 F2 F1 D1");
    for rules in [RuleSet::Chinese, RuleSet::Japanese] {
        let game = game_of(SEKI_ONE_EYE_EACH, rules, 0.0);
        let judgment = judge(&game, &Config::default());
        assert!(judgment.dead.is_empty(), "{}", picture(&game, &judgment));
        assert_eq!(judgment.seki, in_seki, "{rules:?}");
    }
    // Territory: White A7 A5, Black D7 F7 D5 F5; the seki eyes A1 and E1 count for nobody.
    let game = game_of(SEKI_ONE_EYE_EACH, RuleSet::Japanese, 0.0);
    let judgment = judge(&game, &Config::default());
    assert_eq!(judgment.score(&game), 2.0);
    // Area: each seki eye counts for its owner; only the shared liberty C1 is dame.
    let game = game_of(SEKI_ONE_EYE_EACH, RuleSet::Chinese, 0.0);
    let judgment = judge(&game, &Config::default());
    let area = score::area(game.position(), &judgment.dead);
    assert_eq!(area.dame, points(7, "C1"));
    assert_eq!(
        owns(&game, &judgment, Point::parse("A1", 7).unwrap()),
        Some(Color::Black)
    );
    assert_eq!(
        owns(&game, &judgment, Point::parse("E1", 7).unwrap()),
        Some(Color::White)
    );
}

/// A black group in White's corner with one real eye (A1) and a false eye (C2): the stone D2
/// that completes C2 is in atari, and White's capture on C2 also puts the whole group in
/// atari, which Black cannot relieve by retaking (ko). Dead, eye or no eye.
const FALSE_EYE: &str = "
    . O . O . O .
    O O O O O O O
    . O . O . O .
    O O O O O O O
    X X X O O O O
    X X . X O . O
    . X X O O O .
";

/// Judges `diagram` under Chinese and Japanese rules and asserts that every black stone and
/// nothing else is dead, with no seki; returns the Japanese judgment.
fn judged_with_black_dead(diagram: &str) -> (Game, Judgment) {
    let mut last = None;
    for rules in [RuleSet::Chinese, RuleSet::Japanese] {
        let game = game_of(diagram, rules, 0.0);
        let judgment = judge(&game, &Config::default());
        assert_eq!(
            judgment.dead,
            game.position().stones(Color::Black),
            "{rules:?}\n{}",
            picture(&game, &judgment)
        );
        assert!(judgment.seki.is_empty());
        last = Some((game, judgment));
    }
    last.expect("two rulesets")
}

#[test]
fn dead_group_with_a_false_eye() {
    let (game, judgment) = judged_with_black_dead(FALSE_EYE);
    // Benson proves White alive; nothing of Black.
    assert_eq!(judgment.unconditional, game.position().stones(Color::White));
    // With the black stones removed the whole board is White's: 49 points by area.
    let game = game_of(FALSE_EYE, RuleSet::Chinese, 0.0);
    assert_eq!(judge(&game, &Config::default()).score(&game), -49.0);
}

/// The end of a 9×9 game against GNU Go (two passes): White's eyeless group along the top
/// shares its last liberties D8, E8 and F9 with Black's D9 E9. Black fills D8 and E8, White
/// must capture the square four at F9, and the square four is one eye: the group is dead,
/// not in seki (GNU Go counts it dead too). The playouts alone left it alive.
const SACRIFICE: &str = "
    O O O X X . O X X
    X X O . . O O O X
    X O O O O O X X X
    X X X X X X . O .
    X X X X O X X X .
    O X O O O O O X .
    O O . O O O X . .
    . . O . O X X . .
    . . O . O X . . .
";

#[test]
fn a_group_killed_by_a_sacrifice_is_dead_not_in_seki() {
    let game = game_of(SACRIFICE, RuleSet::Chinese, 7.5);
    let judgment = judge(&game, &Config::default());
    let top = points(9, "A9 B9 C9 C8 B7 C7 D7 E7 F7 F8 G8 H8 G9");
    assert!(
        judgment.dead.contains(Point::parse("A9", 9).unwrap()),
        "{}",
        picture(&game, &judgment)
    );
    assert_eq!(judgment.dead & top, top);
    assert!(judgment.seki.is_empty());
    assert_eq!(
        killed_by_sacrifice(game.position(), Bitboard::EMPTY, &[0.0; MAX_POINTS]),
        top
    );
    // Black wins by the count GNU Go gives.
    assert_eq!(judgment.score(&game), 27.5);
}

/// The end of the NNGS game silverado (GNU Go's scoring tests; White to move after Black's
/// pass). Black's big group around J6 holds four white stones H6 J7 K6 J5 that the playouts
/// capture (Black fills H7 and K5, then takes them at J6), so they call them dead and the
/// black group alive. But White J6 first is a sacrifice of five whose capture leaves the
/// crossed five, and White J6 again kills: dead whoever moves first (Black J6 is suicide,
/// and after Black H7, White J6 still kills). The group's two other liberties, J9 and M7,
/// only touch safe white groups. GNU Go counts it dead: B+18.5 by area at komi 0.5 (the
/// table's B+14.5 also gives White 4 points for Black's 4 handicap stones, which a diagram
/// does not know).
const SILVERADO: &str = "
    . . . . O O X . O . X O O O X . . . .
    . . X O . O X O . O X X O O X O X . .
    . . X X O O X X O X X O O O X X X . .
    . . . X O X . O X X X X O O X X . . .
    . . . X X O O O O O X O O O O X . . .
    . . X . O X X X X X . X X X O X . X X
    . . . X X O X X . X . X O O O X X O X
    . . X O O O O X O X . X O . O X O O X
    . . X O X O O X X O X X O O X X O O O
    . . . X X X O O O O O O . . O X O X X
    . . . X O O O X . O O . . . O X O X .
    X X X X O O X X X X O . O . O O O X .
    X O O X X O X . O X X . O X X O X X .
    O . O O O X X O . O X O . O O X O X X
    . . O X X X X X O . X O . O O X O O O
    . . O X O O O O X X X O . O X X X O .
    . . O O X . O X X X O . O O X . X O X
    . . O . . O . O O O . . O X X O O X X
    . . . O O . O . . O O . O O X . . O .
";

#[test]
fn a_sacrifice_kills_a_group_whose_other_liberties_touch_safe_enemies() {
    let game = game_of(SILVERADO, RuleSet::Chinese, 0.5);
    let judgment = judge(&game, &Config::default());
    let killers = points(19, "H6 J7 K6 J5");
    let victims = points(19, "G6 H5 H8 K7 L6 K4");
    assert!(
        (judgment.dead & killers).is_empty() && judgment.dead & victims == victims,
        "{}",
        picture(&game, &judgment)
    );
    assert_eq!(judgment.score(&game), 18.5);
}

#[test]
fn no_sacrifice_kills_when_each_side_could_kill_the_other() {
    // SEKI's corner: Black filling B2 leaves a bulky five, White filling B2 a pyramid four;
    // whoever moves first would kill, so the playouts' verdict (seki) stands.
    let game = game_of(SEKI, RuleSet::Chinese, 0.0);
    assert!(killed_by_sacrifice(game.position(), Bitboard::EMPTY, &[0.0; MAX_POINTS]).is_empty());
}

/// The end of game 10 of the book run of 2026-12-03 (`docs/seki-after-a-throw-in.sgf`), both
/// passed, GNU Go counting B+21.5 with White's 17 stones along the bottom dead, tengen W+8.5.
/// Those stones have two liberties, J1 and J4; Black's bottom chain D1–H1 has J1 and C1, the
/// centre J4 and J7. Black would connect at C1 and fill J1 and J4, but White answers C1 with
/// the throw-in at A1: once Black takes it (A2), the joined chain has A1 and J1 alone and
/// cannot fill J1. A seki, whoever moves first (read out move by move, 2026-12-04): GNU Go's
/// count was wrong, the playouts' (White's 0.89) right.
const SEKI_AFTER_A_THROW_IN: &str = "
    . . . . . O X . X
    . . . O O O X X X
    O O . O X O X X .
    O . O X X O O O X
    O O X O X X X X X
    O X X O X X O X .
    X X O O O O O O O
    . X X O X O O X O
    . X . X X X X X .
";

#[test]
fn a_race_that_a_throw_in_turns_into_seki_leaves_both_alive() {
    let game = game_of(SEKI_AFTER_A_THROW_IN, RuleSet::Chinese, 7.5);
    let judgment = judge(&game, &Config::default());
    assert!(
        !judgment.dead.contains(Point::parse("D2", 9).unwrap()),
        "{}",
        picture(&game, &judgment)
    );
    assert_eq!(judgment.result(&game).to_string(), "W+8.5");
}

/// A black group whose only eye space is the bulky five in the corner (A9 A8 B8 A7 B7), with
/// a white stone on its vital point A8, surrounded by a safe white wall. Black cannot make two
/// eyes whoever moves first: the group is dead and the white stone lives (GNU Go 3.8's
/// `final_status_list dead` says the same). The playouts alone left Black alive, as in a
/// 19×19 game GNU Go and tengen scored differently.
const BULKY_FIVE_KILLED: &str = "
    . X X O . . . . .
    O . X O . . . . .
    . . X O . . . . .
    X X X O . . . . .
    O O O O . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
";

#[test]
fn a_stone_on_the_vital_point_of_a_bulky_five_kills_the_group() {
    judged_with_black_dead(BULKY_FIVE_KILLED);
    // The same space with the white stone off its vital point (B7 instead of A8): Black
    // to move lives at A8, so the judge leaves the group to the playouts.
    assert!(!vital_stone_inside(
        points(9, "A9 A8 B8 A7 B7"),
        points(9, "B7"),
        9
    ));
    assert!(vital_stone_inside(
        points(9, "A9 A8 B8 A7 B7"),
        points(9, "A8"),
        9
    ));
}

/// The same corner with a gap in the wall (D7 empty, open to the centre): Black is not sealed
/// in, so the nakade alone does not kill it.
#[test]
fn a_nakade_kills_only_a_group_sealed_in() {
    let open = BULKY_FIVE_KILLED.replace(
        "    . . X O . . . . .\n    X X X O",
        "    . . X . . . . . .\n    X X X O",
    );
    let game = game_of(&open, RuleSet::Chinese, 0.0);
    let judgment = judge(&game, &Config::default());
    assert!(
        !judgment.dead.contains(Point::parse("C7", 9).unwrap()),
        "{}",
        picture(&game, &judgment)
    );
}
