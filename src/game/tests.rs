use super::*;
use crate::board::Bitboard;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Fuego's repetition records, in `tests/data/sgf` (a copy of `../shared/testdata`).
fn fuego_repetition() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/sgf/fuego/repetition")
}

fn rules(set: RuleSet) -> Rules {
    set.rules()
}

fn mv(name: &str, size: usize) -> Move {
    Move::parse(name, size).expect("test move")
}

/// A game whose start position is `diagram` (`board::diagram`), with `to_move` to play.
fn game(diagram: &str, to_move: Color, rules: Rules) -> Game {
    let mut g = Game::from_diagram(diagram, rules).expect("valid test diagram");
    g.set_to_move(to_move).unwrap();
    g
}

fn play(g: &mut Game, color: Color, m: &str) -> Result<(), PlayError> {
    let m = mv(m, g.size());
    g.try_play(color, m)
}

/// Everything `undo` must restore, in comparable form.
#[derive(Debug, PartialEq)]
struct Snapshot {
    position: Position,
    diagram: String,
    ko: Option<Point>,
    situational: u64,
    prisoners: [usize; 2],
    moves: Vec<(Color, Move)>,
    /// The full-rules verdict on every point for both colours: covers the superko history.
    verdicts: Vec<Result<(), PlayError>>,
}

fn snapshot(g: &Game) -> Snapshot {
    let size = g.size();
    let verdicts = Color::BOTH
        .iter()
        .flat_map(|&c| Point::all(size).map(move |p| (c, p)))
        .map(|(c, p)| g.check(c, Move::Play(p)))
        .collect();
    Snapshot {
        position: g.position().clone(),
        diagram: g.position().to_string(),
        ko: g.position().ko_point(),
        situational: g.position().situational_hash(),
        prisoners: [g.prisoners(Color::Black), g.prisoners(Color::White)],
        moves: g.moves().to_vec(),
        verdicts,
    }
}

// --- A hand-written reader for the few SGF properties these tests need (sgf.rs is written
// --- elsewhere and must not be a dependency of game tests).

struct SgfRecord {
    size: usize,
    setup: [Vec<Point>; 2],
    to_move: Color,
    moves: Vec<(Color, Move)>,
}

fn sgf_point(v: &str, size: usize) -> Move {
    let b = v.as_bytes();
    if b.is_empty() || (v == "tt" && size <= 19) {
        return Move::Pass;
    }
    let col = (b[0] - b'a') as usize;
    let row = size - 1 - (b[1] - b'a') as usize;
    Move::Play(Point::new(col, row))
}

fn read_sgf(name: &str) -> SgfRecord {
    let text = std::fs::read_to_string(fuego_repetition().join(name))
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    // (identifier, values) in file order.
    let mut props: Vec<(String, Vec<String>)> = Vec::new();
    let mut chars = text.chars().peekable();
    let mut ident = String::new();
    while let Some(c) = chars.next() {
        match c {
            'A'..='Z' => ident.push(c),
            '[' => {
                let mut value = String::new();
                while let Some(c) = chars.next() {
                    match c {
                        '\\' => value.extend(chars.next()),
                        ']' => break,
                        _ => value.push(c),
                    }
                }
                if !ident.is_empty() {
                    props.push((std::mem::take(&mut ident), vec![value]));
                } else if let Some(last) = props.last_mut() {
                    last.1.push(value);
                }
            }
            _ => ident.clear(),
        }
    }
    let size = props
        .iter()
        .find(|(k, _)| k == "SZ")
        .map_or(19, |(_, v)| v[0].parse().unwrap());
    let mut record = SgfRecord {
        size,
        setup: [Vec::new(), Vec::new()],
        to_move: Color::Black,
        moves: Vec::new(),
    };
    for (k, values) in props {
        match k.as_str() {
            "AB" | "AW" => {
                let i = usize::from(k == "AW");
                record.setup[i].extend(values.iter().filter_map(|v| sgf_point(v, size).point()));
            }
            "PL" => record.to_move = values[0].parse().unwrap(),
            "B" | "W" => {
                let color = if k == "B" { Color::Black } else { Color::White };
                record.moves.push((color, sgf_point(&values[0], size)));
            }
            _ => {}
        }
    }
    record
}

fn sgf_game(record: &SgfRecord, rules: Rules) -> Game {
    let mut g = Game::new(record.size, rules);
    g.setup(Color::Black, &record.setup[0]).unwrap();
    g.setup(Color::White, &record.setup[1]).unwrap();
    g.set_to_move(record.to_move).unwrap();
    g
}

/// Plays every move of `record` under `rules` and returns the first refusal.
fn first_refusal(record: &SgfRecord, rules: Rules) -> Option<(usize, PlayError)> {
    let mut g = sgf_game(record, rules);
    for (i, &(color, m)) in record.moves.iter().enumerate() {
        if let Err(e) = g.try_play(color, m) {
            return Some((i, e));
        }
    }
    None
}

// --- Tests.

#[test]
fn new_game_defaults() {
    let g = Game::new(19, Rules::default());
    assert_eq!(g.size(), 19);
    assert_eq!(g.komi(), 7.5);
    assert_eq!(g.to_move(), Color::Black);
    assert_eq!(g.handicap(), 0);
    assert_eq!(g.prisoners(Color::Black), 0);
    assert!(g.moves().is_empty());
    assert!(!g.is_over());
    assert_eq!(g.rules().ko, KoRule::Positional);
    let j = Game::new(9, rules(RuleSet::Japanese));
    assert_eq!(j.komi(), 7.5, "komi is the game's, not the ruleset's");
}

#[test]
fn komi_and_rules_are_independent() {
    let mut g = Game::new(9, Rules::default());
    g.set_komi(0.5);
    g.set_rules(rules(RuleSet::Japanese));
    assert_eq!(g.komi(), 0.5);
    assert_eq!(g.rules().ko, KoRule::Simple);
}

#[test]
fn moves_alternate_and_errors_change_nothing() {
    let mut g = Game::new(9, Rules::default());
    play(&mut g, Color::Black, "E5").unwrap();
    assert_eq!(g.to_move(), Color::White);
    let before = snapshot(&g);
    assert_eq!(play(&mut g, Color::White, "E5"), Err(PlayError::Occupied));
    assert_eq!(
        g.try_play(Color::White, Move::Play(Point::new(9, 0))),
        Err(PlayError::OffBoard)
    );
    assert_eq!(snapshot(&g), before);
    // Turn order is the caller's: Black may move twice.
    play(&mut g, Color::Black, "D5").unwrap();
    assert_eq!(g.to_move(), Color::White);
    assert_eq!(g.last_move(), Some((Color::Black, mv("D5", 9))));
}

#[test]
fn is_over_after_two_passes_only() {
    let mut g = Game::new(9, Rules::default());
    g.try_play(Color::Black, Move::Pass).unwrap();
    assert!(!g.is_over());
    play(&mut g, Color::White, "E5").unwrap();
    g.try_play(Color::Black, Move::Pass).unwrap();
    assert!(!g.is_over());
    g.try_play(Color::White, Move::Pass).unwrap();
    assert!(g.is_over());
    g.undo().unwrap();
    assert!(!g.is_over());
}

#[test]
fn simple_ko_from_fuego() {
    // simpleko.sgf: Black A1 takes B1; White may not retake at once under any ko rule.
    let record = read_sgf("simpleko.sgf");
    for set in [RuleSet::Japanese, RuleSet::Chinese, RuleSet::Aga] {
        let mut g = sgf_game(&record, rules(set));
        for &(c, m) in &record.moves {
            g.try_play(c, m).unwrap();
        }
        assert_eq!(g.prisoners(Color::Black), 1);
        assert_eq!(g.position().ko_point(), Some(mv("B1", 9).point().unwrap()));
        assert_eq!(play(&mut g, Color::White, "B1"), Err(PlayError::Ko));
        // After an exchange elsewhere the retake is legal (it makes a new position).
        play(&mut g, Color::White, "J9").unwrap();
        play(&mut g, Color::Black, "H9").unwrap();
        play(&mut g, Color::White, "B1").unwrap();
        assert_eq!(g.prisoners(Color::White), 1);
    }
}

#[test]
fn positional_superko_from_fuego() {
    // "W B9 is forbidden if positional superko is used": the last move recreates the start
    // arrangement, but with the other side to move.
    let record = read_sgf("positional-superko.sgf");
    let last = record.moves.len() - 1;
    assert_eq!(
        first_refusal(&record, rules(RuleSet::Chinese)),
        Some((last, PlayError::Superko))
    );
    assert_eq!(first_refusal(&record, rules(RuleSet::Aga)), None);
    assert_eq!(first_refusal(&record, rules(RuleSet::Japanese)), None);
}

#[test]
fn triple_ko_from_fuego() {
    // "W E7 forbidden if situational superko is used": the sixth move closes a triple-ko
    // cycle; positional superko, being stricter, forbids it too; simple ko allows it.
    let record = read_sgf("triple-ko.sgf");
    let last = record.moves.len() - 1;
    assert_eq!(last, 5);
    assert_eq!(
        first_refusal(&record, rules(RuleSet::Aga)),
        Some((last, PlayError::Superko))
    );
    assert_eq!(
        first_refusal(&record, rules(RuleSet::Chinese)),
        Some((last, PlayError::Superko))
    );
    assert_eq!(first_refusal(&record, rules(RuleSet::Japanese)), None);
    // Under simple ko the cycle can go round again and again.
    let mut g = sgf_game(&record, rules(RuleSet::Japanese));
    for _ in 0..3 {
        for &(c, m) in &record.moves {
            g.try_play(c, m).unwrap();
        }
    }
    let start = sgf_game(&record, rules(RuleSet::Japanese));
    assert_eq!(
        g.position().position_hash(),
        start.position().position_hash()
    );
    assert_eq!(g.position().to_string(), start.position().to_string());
    assert_eq!(g.moves().len(), 18);
}

#[test]
fn long_life_from_fuego() {
    // "White must throw in to continue the attack. This is forbidden with the Superko rule."
    let record = read_sgf("long-life.sgf");
    assert_eq!(record.moves.len(), 5);
    for set in [RuleSet::Chinese, RuleSet::Aga] {
        assert_eq!(
            first_refusal(&record, rules(set)),
            Some((3, PlayError::Superko))
        );
    }
    assert_eq!(first_refusal(&record, rules(RuleSet::Japanese)), None);
}

#[test]
fn repetition_game_from_fuego_under_each_rule() {
    // A real game that repeats positions. Simple ko accepts every move; under superko the
    // first refusal is a repetition; lenient play accepts everything and undo walks it back.
    let record = read_sgf("repetition-1.sgf");
    assert_eq!(first_refusal(&record, rules(RuleSet::Japanese)), None);
    let positional = first_refusal(&record, rules(RuleSet::Chinese));
    let situational = first_refusal(&record, rules(RuleSet::Aga));
    let (i, e) = positional.expect("the game repeats a position");
    assert_eq!(e, PlayError::Superko);
    let (j, e) = situational.expect("the game repeats a situation");
    assert_eq!(e, PlayError::Superko);
    assert!(i <= j, "positional superko is the stricter rule");

    let mut g = sgf_game(&record, rules(RuleSet::Chinese));
    let mut snaps = vec![snapshot(&g)];
    for &(c, m) in &record.moves {
        g.play_lenient(c, m).unwrap();
        snaps.push(snapshot(&g));
    }
    snaps.pop();
    while let Some(want) = snaps.pop() {
        g.undo().unwrap();
        assert_eq!(snapshot(&g), want);
    }
    assert_eq!(g.undo(), Err(CannotUndo));
}

const SENDING_TWO: &str = "\
. . . . .
. . . . .
. . . . .
O O X X .
. X . X .
";

#[test]
fn sending_two_returning_one() {
    // Black sends two (A1 makes A1-B1 with one liberty), White takes them at C1, Black
    // returns one by taking C1 back at B1: the start arrangement again, White to move.
    let cycle = [
        (Color::Black, "A1"),
        (Color::White, "C1"),
        (Color::Black, "B1"),
    ];
    let run = |set: RuleSet| {
        let mut g = game(SENDING_TWO, Color::Black, rules(set));
        let results: Vec<_> = cycle.iter().map(|&(c, m)| play(&mut g, c, m)).collect();
        (g, results)
    };
    let (g, results) = run(RuleSet::Chinese);
    assert_eq!(results, [Ok(()), Ok(()), Err(PlayError::Superko)]);
    assert_eq!(g.prisoners(Color::White), 2);
    // Situational superko allows it (the start had Black to move) ...
    let (mut g, results) = run(RuleSet::Aga);
    assert_eq!(results, [Ok(()), Ok(()), Ok(())]);
    assert_eq!(
        g.position().to_string(),
        game(SENDING_TWO, Color::Black, Rules::default())
            .position()
            .to_string()
    );
    assert_eq!(
        (g.prisoners(Color::Black), g.prisoners(Color::White)),
        (1, 2)
    );
    // ... but after a White pass, sending two again would recreate "after A1, White to
    // move", which occurred at the first move.
    g.try_play(Color::White, Move::Pass).unwrap();
    assert_eq!(play(&mut g, Color::Black, "A1"), Err(PlayError::Superko));
    assert!(g.legal_moves(Color::Black).len() > 10);
    // Simple ko allows the whole cycle forever.
    let (mut g, results) = run(RuleSet::Japanese);
    assert!(results.iter().all(|r| r.is_ok()));
    for &(c, m) in cycle.iter().cycle().skip(3).take(30) {
        play(&mut g, c, m).unwrap();
    }
}

#[test]
fn positional_and_situational_differ_on_a_single_stone_suicide() {
    // With suicide allowed, a lone stone with no liberty removes itself: the arrangement is
    // unchanged (positional superko forbids it) but the side to move is not (situational
    // superko allows it, once).
    let diagram = "\
. O . . .
O . . . .
. . . . .
. . . . .
. . . . .
";
    let mut tt = game(diagram, Color::Black, rules(RuleSet::TrompTaylor));
    assert_eq!(play(&mut tt, Color::Black, "A5"), Err(PlayError::Superko));
    assert!(tt.is_superko(Color::Black, mv("A5", 5)));
    let mut nz = game(diagram, Color::Black, rules(RuleSet::NewZealand));
    assert_eq!(play(&mut nz, Color::Black, "A5"), Ok(()));
    assert_eq!(
        nz.prisoners(Color::White),
        1,
        "self-captured stones go to the opponent"
    );
    assert_eq!(nz.position().to_string(), tt.position().to_string());
    assert_eq!(nz.to_move(), Color::White);
    // White passes: "same stones, Black to move" has occurred, but Black's suicide would make
    // "same stones, White to move", which has occurred too.
    nz.try_play(Color::White, Move::Pass).unwrap();
    assert_eq!(play(&mut nz, Color::Black, "A5"), Err(PlayError::Superko));
    // Forbidden outright where suicide is.
    let mut cn = game(diagram, Color::Black, rules(RuleSet::Chinese));
    assert_eq!(play(&mut cn, Color::Black, "A5"), Err(PlayError::Suicide));
}

#[test]
fn lenient_play_accepts_what_the_rules_refuse() {
    let record = read_sgf("simpleko.sgf");
    let mut g = sgf_game(&record, Rules::default());
    for &(c, m) in &record.moves {
        g.try_play(c, m).unwrap();
    }
    let b1 = mv("B1", 9);
    assert_eq!(g.check(Color::White, b1), Err(PlayError::Ko));
    g.play_lenient(Color::White, b1).unwrap();
    assert_eq!(g.prisoners(Color::White), 1);
    assert_eq!(g.play_lenient(Color::Black, b1), Err(PlayError::Occupied));
    assert_eq!(
        g.play_lenient(Color::Black, Move::Play(Point::new(20, 20))),
        Err(PlayError::OffBoard)
    );
    // A suicide under rules that forbid it: the chain goes, the opponent gets the prisoners.
    let mut g = game(
        "\
X . O . .
O O . . .
. . . . .
. . . . .
. . . . .
",
        Color::Black,
        Rules::default(),
    );
    assert_eq!(play(&mut g, Color::Black, "B5"), Err(PlayError::Suicide));
    g.play_lenient(Color::Black, mv("B5", 5)).unwrap();
    assert_eq!(g.prisoners(Color::White), 2);
    assert_eq!(g.position().stones(Color::Black), Bitboard::EMPTY);
    g.undo().unwrap();
    assert_eq!(g.prisoners(Color::White), 0);
    assert_eq!(g.position().stones(Color::Black).count(), 1);
}

#[test]
fn undo_restores_everything_through_captures_and_ko() {
    let mut g = game(
        "\
. . . . .
. . . . .
. X O . .
X O . O .
. X O . .
",
        Color::Black,
        Rules::default(),
    );
    let script = [
        (Color::Black, "C2"), // takes B2: ko
        (Color::White, "E5"), // ko threat
        (Color::Black, "E4"),
        (Color::White, "B2"), // retakes: ko the other way
        (Color::Black, "pass"),
        (Color::White, "C2"), // fills
        (Color::Black, "A1"),
        (Color::White, "D5"),
    ];
    let mut snaps = vec![snapshot(&g)];
    for (c, m) in script {
        play(&mut g, c, m).unwrap_or_else(|e| panic!("{c} {m}: {e}"));
        g.position().verify().unwrap();
        snaps.push(snapshot(&g));
    }
    assert_eq!(g.prisoners(Color::Black), 1);
    assert_eq!(g.prisoners(Color::White), 1);
    snaps.pop();
    while let Some(want) = snaps.pop() {
        g.undo().unwrap();
        assert_eq!(snapshot(&g), want);
        g.position().verify().unwrap();
    }
    assert_eq!(g.undo(), Err(CannotUndo));
    // The ko state after the first capture comes back exactly.
    play(&mut g, Color::Black, "C2").unwrap();
    play(&mut g, Color::White, "E5").unwrap();
    g.undo().unwrap();
    assert_eq!(play(&mut g, Color::White, "B2"), Err(PlayError::Ko));
}

#[test]
fn random_games_undo_exactly_and_hash_stays_exact() {
    let mut rng = SmallRng::seed_from_u64(2024);
    let sets = RuleSet::ALL;
    for (game_no, size) in [5, 7, 9, 5, 3, 9, 13, 4, 6, 2].into_iter().enumerate() {
        let mut g = Game::new(size, rules(sets[game_no % sets.len()]));
        let mut snaps = vec![snapshot(&g)];
        for _ in 0..size * size * 2 {
            let color = g.to_move();
            let m = if rng.gen_ratio(1, 15) {
                Move::Pass
            } else {
                Move::Play(Point::new(rng.gen_range(0..size), rng.gen_range(0..size)))
            };
            let ok = if rng.gen_ratio(1, 10) {
                g.play_lenient(color, m).is_ok()
            } else {
                let checked = g.check(color, m);
                let before = snapshot(&g);
                let r = g.try_play(color, m);
                assert_eq!(checked, r);
                if r.is_err() {
                    assert_eq!(snapshot(&g), before);
                }
                r.is_ok()
            };
            if ok {
                g.position().verify().unwrap();
                snaps.push(snapshot(&g));
            }
            if g.is_over() {
                break;
            }
        }
        // Undo a few at random points, then all the way back.
        snaps.pop();
        while let Some(want) = snaps.pop() {
            g.undo().unwrap();
            assert_eq!(snapshot(&g), want);
        }
        assert_eq!(g.undo(), Err(CannotUndo));
    }
}

#[test]
fn superko_history_holds_every_earlier_position() {
    let mut g = Game::new(9, Rules::default());
    let mut hashes = vec![g.position().position_hash()];
    for m in ["E5", "D5", "E4", "D4", "pass", "E6"] {
        let c = g.to_move();
        play(&mut g, c, m).unwrap();
        hashes.push(g.position().position_hash());
    }
    assert_eq!(g.history.len(), g.moves().len() + 1);
    assert_eq!(g.history.iter().map(|h| h.0).collect::<Vec<_>>(), hashes);
    assert!(hashes.iter().all(|h| g.seen_positions.contains(h)));
    assert!(g.is_repetition(hashes[2], Color::White));
    assert!(
        g.is_repetition(hashes[2], Color::Black),
        "positional: either side"
    );
    assert!(!g.is_repetition(0x1234, Color::Black));
    g.set_rules(rules(RuleSet::Aga));
    assert!(
        g.is_repetition(hashes[2], Color::Black),
        "after B E5, W D5: Black to move"
    );
    assert!(!g.is_repetition(hashes[2], Color::White));
    assert!(g.is_repetition(hashes[0], Color::Black));
    g.set_rules(rules(RuleSet::Japanese));
    assert!(!g.is_repetition(hashes[2], Color::Black));
    g.undo().unwrap();
    assert!(!g.seen_positions.contains(hashes.last().unwrap()));
}

#[test]
fn fixed_handicap_is_set_on_an_empty_board_only() {
    let mut g = Game::new(19, Rules::default());
    let nine = handicap::fixed_points(19, 9).unwrap();
    g.set_handicap(&nine).unwrap();
    assert_eq!(g.handicap(), 9);
    assert_eq!(g.to_move(), Color::White);
    assert_eq!(
        g.position().stones(Color::Black),
        Bitboard::from_points(&nine)
    );
    assert!(g.moves().is_empty());
    assert_eq!(g.set_handicap(&nine[..2]), Err(PlayError::Occupied));
    // Handicap stones are the start: undo never removes them.
    play(&mut g, Color::White, "C3").unwrap();
    g.undo().unwrap();
    assert_eq!(g.to_move(), Color::White);
    assert_eq!(g.position().stones(Color::Black).count(), 9);
    assert_eq!(g.undo(), Err(CannotUndo));
    assert_eq!(g.handicap(), 9);
    // Positional superko counts the handicap position as having occurred.
    assert!(g.seen_positions.contains(&g.position().position_hash()));

    let mut g = Game::new(9, Rules::default());
    play(&mut g, Color::Black, "E5").unwrap();
    g.undo().unwrap();
    let two = handicap::fixed_points(9, 2).unwrap();
    g.set_handicap(&two).unwrap();
    assert_eq!(g.handicap(), 2);

    let mut g = Game::new(9, Rules::default());
    play(&mut g, Color::Black, "E5").unwrap();
    assert_eq!(g.set_handicap(&two), Err(PlayError::Occupied));
    let mut g = Game::new(9, Rules::default());
    let e5 = mv("E5", 9).point().unwrap();
    assert_eq!(g.set_handicap(&[e5, e5]), Err(PlayError::Occupied));
    assert_eq!(
        g.set_handicap(&[e5, Point::new(9, 9)]),
        Err(PlayError::OffBoard)
    );
    assert_eq!(g.handicap(), 0);
    assert_eq!(g.position().stones(Color::Black), Bitboard::EMPTY);
    assert_eq!(g.to_move(), Color::Black);
    g.set_handicap(&[]).unwrap();
    assert_eq!((g.handicap(), g.to_move()), (0, Color::Black));
    // A 2×2 board filled with Black has no liberty left.
    let mut g = Game::new(2, Rules::default());
    let all: Vec<Point> = Point::all(2).collect();
    assert_eq!(g.set_handicap(&all), Err(PlayError::Suicide));
    g.set_handicap(&all[..3]).unwrap();
}

#[test]
fn setup_stones_before_moves_only() {
    let mut g = Game::new(9, Rules::default());
    let pts = |names: &[&str]| -> Vec<Point> {
        names.iter().map(|n| mv(n, 9).point().unwrap()).collect()
    };
    g.setup(Color::Black, &pts(&["A1", "B2"])).unwrap();
    g.setup(Color::White, &pts(&["B1"])).unwrap();
    assert_eq!(
        g.setup(Color::White, &pts(&["B1"])),
        Err(PlayError::Occupied)
    );
    // White A2 would leave Black A1 without a liberty.
    assert_eq!(
        g.setup(Color::White, &pts(&["A2"])),
        Err(PlayError::Suicide)
    );
    assert_eq!(g.position().stone_at(pts(&["A2"])[0]), None);
    assert_eq!(g.handicap(), 0);
    assert_eq!(g.to_move(), Color::Black);
    play(&mut g, Color::Black, "C1").unwrap();
    assert_eq!(g.prisoners(Color::Black), 1);
    assert_eq!(
        g.setup(Color::White, &pts(&["J9"])),
        Err(PlayError::Occupied)
    );
    g.undo().unwrap();
    assert_eq!(g.position().stones(Color::White).count(), 1);
}

#[test]
fn legal_moves_exclude_ko_superko_and_suicide() {
    let record = read_sgf("simpleko.sgf");
    let mut g = sgf_game(&record, Rules::default());
    for &(c, m) in &record.moves {
        g.try_play(c, m).unwrap();
    }
    let legal = g.legal_moves(Color::White);
    assert!(!legal.contains(&mv("B1", 9).point().unwrap()));
    assert_eq!(legal.len(), 81 - 4 - 1);
}

#[test]
#[cfg(target_pointer_width = "64")]
fn size_of_game() {
    // Reported in the module doc and ARCHITECTURE.md.
    assert_eq!(std::mem::size_of::<Game>(), 3104);
}
