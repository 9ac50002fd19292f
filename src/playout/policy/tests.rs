//! The heavy policy's answers on board pictures, and whole heavy playouts.

use super::*;
use crate::geom::{Color, Move, Point};
use crate::mailbox::tests::{board_from, check_invariants, pt};
use crate::playout::tests::recount;
use crate::playout::{move_cap, run, PlayoutResult, PlayoutRng};

/// Every step always tried.
fn eager() -> Heavy<'static> {
    Heavy::new(&Config {
        p_escape: 1.0,
        p_capture: 1.0,
        p_two_lib: 1.0,
        p_nakade: 1.0,
        p_pattern: 1.0,
        ..Config::default()
    })
}

fn play(b: &mut PlayoutBoard, s: &str) {
    let p = pt(s, b.size());
    assert!(b.is_legal(p), "{s}");
    b.play_unchecked(Move::Play(p));
}

fn chosen(b: &mut PlayoutBoard, policy: &Heavy, seed: u64) -> String {
    let m = policy.choose(b, &mut PlayoutRng::new(seed));
    assert_ne!(m, 0);
    b.to_point(m).to_string()
}

#[test]
fn board_remembers_the_last_two_moves() {
    let mut b = PlayoutBoard::new(5);
    assert_eq!(b.last_moves(), [None, None]);
    play(&mut b, "C3");
    play(&mut b, "D4");
    assert_eq!(b.last_moves(), [Some(pt("D4", 5)), Some(pt("C3", 5))]);
    b.play_unchecked(Move::Pass);
    assert_eq!(b.last_moves(), [None, Some(pt("D4", 5))]);
    let mut c = PlayoutBoard::new(9);
    c.copy_from(&b);
    assert_eq!(c.last_moves(), b.last_moves());
}

#[test]
fn board_is_told_the_last_two_moves_of_a_loaded_position() {
    let mut b = PlayoutBoard::new(5);
    b.set_last_moves([Some(pt("D4", 5)), None]);
    assert_eq!(b.last_moves(), [Some(pt("D4", 5)), None]);
    // A point of a larger board is no move of this one.
    b.set_last_moves([Some(pt("J9", 9)), Some(pt("C3", 5))]);
    assert_eq!(b.last_moves(), [None, Some(pt("C3", 5))]);
    play(&mut b, "B2");
    assert_eq!(b.last_moves(), [Some(pt("B2", 5)), None]);
}

#[test]
fn heavy_escapes_the_atari_of_the_last_move() {
    let mut b = board_from(
        "
        . . . . .
        . . . . .
        . . . . .
        O X O . .
        . . . . .
        ",
        Color::White,
    );
    play(&mut b, "B3");
    for seed in 0..10 {
        assert_eq!(chosen(&mut b, &eager(), seed), "B1");
    }
}

#[test]
fn heavy_captures_the_last_move_in_atari() {
    let mut b = board_from(
        "
        . . . . .
        . . . . .
        . X . . .
        . . X . .
        . X . . .
        ",
        Color::White,
    );
    play(&mut b, "B2");
    for seed in 0..10 {
        assert_eq!(chosen(&mut b, &eager(), seed), "A2");
    }
}

#[test]
fn heavy_ataris_a_two_liberty_chain_of_the_last_move() {
    // White's B2 has liberties B1 and C2 (Black's A2 and B3 around it).
    let mut b = board_from(
        "
        . . . . .
        . . . . .
        . X . . .
        X . . . .
        . . X X X
        ",
        Color::White,
    );
    play(&mut b, "B2");
    for seed in 0..20 {
        let mv = chosen(&mut b, &eager(), seed);
        assert!(["B1", "C2"].contains(&mv.as_str()), "{mv}");
    }
}

#[test]
fn heavy_kills_with_the_nakade_point() {
    // White's wall encloses B2-C2-D2; after White's E2 Black plays the middle.
    let mut b = board_from(
        "
        . X . . .
        X X X X X
        O O O O O
        O . . . .
        O O O O O
        ",
        Color::White,
    );
    play(&mut b, "E2");
    for seed in 0..10 {
        assert_eq!(chosen(&mut b, &eager(), seed), "C2");
    }
}

#[test]
fn heavy_answers_a_contact_move_with_a_shape() {
    let mut b = board_from(
        "
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . X . . .
        . . . . . . .
        . . . . . . .
        ",
        Color::White,
    );
    play(&mut b, "D4");
    let c = b.to_move_code();
    let shapes: Vec<String> = ["C4", "E4", "C5", "D5", "E5", "C3", "E3"]
        .iter()
        .filter(|s| pattern3::matches(&b, b.to_mailbox(pt(s, 7)), c))
        .map(|s| s.to_string())
        .collect();
    assert!(shapes.contains(&"C4".to_string()) && shapes.contains(&"E4".to_string()));
    for seed in 0..20 {
        let mv = chosen(&mut b, &eager(), seed);
        assert!(shapes.contains(&mv), "{mv} not in {shapes:?}");
    }
}

#[test]
fn random_moves_skip_bad_self_ataris() {
    // Black's only candidates: A1 and B1, both a self-atari of three stones; White's wall has
    // room. With rejection Black passes; without, it plays one of them.
    let b = board_from(
        "
        . O . O .
        O O O O O
        O O O O O
        X X O O O
        . . O O O
        ",
        Color::Black,
    );
    let mut work = b.clone();
    assert_eq!(eager().choose(&mut work, &mut PlayoutRng::new(1)), 0);
    let lax = Heavy::new(&Config {
        p_reject_self_atari: 0.0,
        ..Config::default()
    });
    let mut work = b.clone();
    let m = lax.choose(&mut work, &mut PlayoutRng::new(1));
    assert!(["A1", "B1"].contains(&work.to_point(m).to_string().as_str()));
}

#[test]
fn heavy_playouts_play_only_candidates_and_end() {
    for n in [2, 3, 5, 9, 13, 19] {
        let mut rng = PlayoutRng::new(n as u64);
        let heavy = Heavy::new(&Config::default());
        for _ in 0..10 {
            // Move by move, checking each choice.
            let mut b = PlayoutBoard::new(n);
            let mut passes = 0;
            let mut turns = 0;
            while passes < 2 && turns < move_cap(n) {
                turns += 1;
                let c = b.to_move_code();
                let m = heavy.choose(&mut b, &mut rng);
                if m == 0 {
                    b.pass();
                    passes += 1;
                    continue;
                }
                passes = 0;
                assert!(b.is_candidate_m(m, c), "{n}x{n}: not a candidate");
                b.play_m(m);
            }
            check_invariants(&b);
            // And through `run`: the count agrees with a recount.
            let mut b = PlayoutBoard::new(n);
            let mut res = PlayoutResult::default();
            run(&mut b, &heavy, &mut rng, &mut res);
            check_invariants(&b);
            assert!(res.n_moves <= move_cap(n));
            let (score, owner) = recount(&b);
            assert_eq!(res.score, score);
            assert_eq!(res.owner.to_vec(), owner);
        }
    }
}

#[test]
fn heavy_playouts_are_reproducible_and_roughly_fair() {
    let heavy = Heavy::new(&Config::default());
    let mut totals = vec![];
    for _ in 0..2 {
        let mut rng = PlayoutRng::new(7);
        let mut res = PlayoutResult::default();
        let mut sum = 0i64;
        let mut black_wins = 0;
        for _ in 0..400 {
            let mut b = PlayoutBoard::new(9);
            run(&mut b, &heavy, &mut rng, &mut res);
            sum = sum.wrapping_mul(31) + res.score as i64;
            black_wins += (res.score > 0) as i32;
        }
        totals.push(sum);
        // Black moves first and there is no komi: it wins more, but not all.
        assert!((150..=350).contains(&black_wins), "{black_wins}");
    }
    assert_eq!(totals[0], totals[1]);
    let _ = Point::new(0, 0);
}

#[test]
fn policy_kind_parses() {
    assert_eq!("light".parse::<PolicyKind>(), Ok(PolicyKind::Light));
    assert_eq!("heavy".parse::<PolicyKind>(), Ok(PolicyKind::Heavy));
    assert!("medium".parse::<PolicyKind>().is_err());
    assert_eq!(PolicyKind::default(), PolicyKind::Heavy);
}

/// Every step around the last move off: set on the one a test looks at.
fn quiet() -> Config {
    Config {
        p_escape: 0.0,
        p_capture: 0.0,
        p_two_lib: 0.0,
        p_nakade: 0.0,
        p_pattern: 0.0,
        fill_board_tries: 0,
        ..Config::default()
    }
}

fn only(config: Config) -> Heavy<'static> {
    Heavy::new(&config)
}

#[test]
fn heavy_retakes_a_ko_after_one_exchange_of_threats() {
    let start = board_from(
        "
        . . . . . . .
        . . . . . . .
        . . X O . . .
        . X O . O . .
        . . X O . . .
        . . . . . . .
        . . . . . . .
        ",
        Color::Black,
    );
    let retaker = only(Config {
        p_ko_retake: 1.0,
        ..quiet()
    });
    let mut b = start.clone();
    play(&mut b, "D4"); // Black takes the ko; White may not take back at C4 now.
    assert_eq!(b.ko_point(), Some(pt("C4", 7)));
    assert_eq!(b.ko_to_retake(), 0);
    play(&mut b, "G1"); // White's threat,
    assert_eq!(b.ko_to_retake(), 0, "Black may fill the ko, not retake it");
    play(&mut b, "G2"); // Black's answer: White retakes.
    assert_eq!(b.to_point(b.ko_to_retake()).to_string(), "C4");
    for seed in 0..10 {
        assert_eq!(chosen(&mut b.clone(), &retaker, seed), "C4");
    }
    // Without the step, the policy plays anywhere.
    let picks: std::collections::HashSet<String> = (0..20)
        .map(|seed| chosen(&mut b.clone(), &only(quiet()), seed))
        .collect();
    assert!(picks.len() > 1);

    // Black closed the ko instead of answering: nothing to retake.
    let mut b = start.clone();
    play(&mut b, "D4");
    play(&mut b, "G1");
    play(&mut b, "C4");
    assert_ne!(chosen(&mut b, &retaker, 1), "C4");

    // A second exchange without a retake: the ko is old news.
    let mut b = start;
    for mv in ["D4", "G1", "G2", "A1", "A2"] {
        play(&mut b, mv);
    }
    assert_eq!(b.ko_to_retake(), 0);
}

#[test]
fn heavy_looks_for_shapes_around_its_own_last_move_too() {
    // Black's D5, White's contact move D4, then Black's far move A1: the shapes for White
    // are around D4 only.
    let mut b = PlayoutBoard::new(7);
    play(&mut b, "D5");
    play(&mut b, "D4");
    play(&mut b, "A1");
    let c = b.to_move_code();
    assert_eq!(b.to_move(), Color::White);
    let around = |b: &PlayoutBoard, p: &str| -> Vec<String> {
        let m = b.to_mailbox(pt(p, 7));
        let s = b.stride_m();
        [
            m - 1,
            m + 1,
            m - s,
            m + s,
            m - s - 1,
            m - s + 1,
            m + s - 1,
            m + s + 1,
        ]
        .into_iter()
        .filter(|&q| b.color_m(q) == EMPTY && pattern3::matches(b, q, c))
        .map(|q| b.to_point(q).to_string())
        .collect()
    };
    assert!(around(&b, "A1").is_empty(), "{:?}", around(&b, "A1"));
    let shapes = around(&b, "D4");
    assert!(!shapes.is_empty());
    let second = only(Config {
        p_pattern: 1.0,
        pattern_last2: true,
        ..quiet()
    });
    for seed in 0..20 {
        let mv = chosen(&mut b.clone(), &second, seed);
        assert!(shapes.contains(&mv), "{mv} not in {shapes:?}");
    }
    let first_only = only(Config {
        p_pattern: 1.0,
        pattern_last2: false,
        ..quiet()
    });
    let picks: std::collections::HashSet<String> = (0..20)
        .map(|seed| chosen(&mut b.clone(), &first_only, seed))
        .collect();
    assert!(picks.iter().any(|mv| !shapes.contains(mv)), "{picks:?}");
}

#[test]
fn filling_the_board_plays_only_in_empty_three_by_three_areas() {
    // 13×13, stones everywhere but the 3×3 block F6–H8 and the first line: the fill step
    // finds G7, the only point whose 8 neighbours are empty; the plain random draw plays
    // elsewhere too. On 9×9 the step is skipped.
    let full = "X O X O X O X O X O X O X";
    let mut rows = vec![String::from(full); 13];
    rows[12] = String::from(". . . . . . . . . . . . .");
    for row in &mut rows[5..8] {
        *row = String::from("X O X O X . . . X O X O X");
    }
    let start = board_from(&rows.join("\n"), Color::Black);
    let fill = only(Config {
        fill_board_tries: 64,
        ..quiet()
    });
    let plain = only(quiet());
    // 64 tries among 22 empty points miss G7 with probability (21/22)^64, about 5%; the plain
    // random draw finds it with probability 1/22.
    let (mut filled, mut plain_g7) = (0, 0);
    for seed in 0..100 {
        let mut b = start.clone();
        filled += usize::from(chosen(&mut b, &fill, seed) == "G7");
        let mut b = start.clone();
        plain_g7 += usize::from(chosen(&mut b, &plain, seed) == "G7");
    }
    assert!(filled >= 85, "the fill step chose G7 in {filled} of 100");
    assert!(
        plain_g7 <= 20,
        "the random draw chose G7 in {plain_g7} of 100"
    );

    let mut rows = vec![String::from("X O X O X O X O X"); 9];
    rows[8] = String::from(". . . . . . . . .");
    for row in &mut rows[1..4] {
        *row = String::from("X O X O X . . . X");
    }
    let small = board_from(&rows.join("\n"), Color::Black);
    let g7 = (0..100)
        .filter(|&seed| chosen(&mut small.clone(), &fill, seed) == "G7")
        .count();
    assert!(
        g7 <= 25,
        "on 9×9 the fill step still chose G7 in {g7} of 100"
    );
}

#[test]
fn heavy_plays_the_last_good_reply_when_it_is_acceptable() {
    let mut b = board_from(
        "
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        ",
        Color::Black,
    );
    play(&mut b, "C3");
    play(&mut b, "E5");
    let (c3, e5, d4) = (
        b.to_mailbox(pt("C3", 7)) as u16,
        b.to_mailbox(pt("E5", 7)) as u16,
        b.to_mailbox(pt("D4", 7)) as u16,
    );
    let mut replies = Replies::new();
    replies.learn(&[c3, e5, d4], Color::Black, Color::Black, 0);
    let policy = Heavy::new(&Config::default()).with_replies(&replies, 1.0);
    for seed in 0..10 {
        assert_eq!(chosen(&mut b, &policy, seed), "D4");
    }
    // Off, the same position draws its moves at random.
    let off = Heavy::new(&Config::default()).with_replies(&replies, 0.0);
    let d4s = (0..10)
        .filter(|&seed| chosen(&mut b, &off, seed) == "D4")
        .count();
    assert!(d4s < 10, "D4 chosen {d4s} times of 10 with the replies off");
}

/// White E5 in atari after Black's E6, its liberty F5, in Black's ladder shape (9×9): running
/// starts a staircase to the upper right edge, unless `breaker` (a White stone) is on the way.
fn ladder_after_atari(breaker: Option<&str>) -> PlayoutBoard {
    let mut b = board_from(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . X O . . . .
        . . . . X X . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
        Color::White,
    );
    if let Some(p) = breaker {
        b.setup_stone(pt(p, 9), Color::White);
    }
    b.set_to_move(Color::Black);
    play(&mut b, "E6");
    b
}

#[test]
fn with_ladders_read_the_playouts_do_not_run_from_a_working_ladder() {
    // Only the escape step, so that F5 comes from it or from the random draw (1 in 70).
    let escape_only = Config {
        p_escape: 1.0,
        ..quiet()
    };
    let reading_config = Config {
        escape_ladders: true,
        ..escape_only
    };
    let ladders = RefCell::new(LadderReader::new());
    let blind = Heavy::new(&escape_only);
    let reading = Heavy::new(&reading_config).with_ladders(&reading_config, &ladders);
    let runs = |b: &mut PlayoutBoard, policy: &Heavy| {
        (0..40)
            .filter(|&seed| chosen(b, policy, seed) == "F5")
            .count()
    };
    let mut caught = ladder_after_atari(None);
    assert_eq!(runs(&mut caught, &blind), 40, "without reading, always");
    let reading_runs = runs(&mut caught, &reading);
    assert!(reading_runs <= 4, "ran {reading_runs} times of 40");
    // A stone on the way breaks the ladder: then it runs.
    let mut broken = ladder_after_atari(Some("G7"));
    assert_eq!(runs(&mut broken, &reading), 40);
    // The switch off lends the reader to no one.
    let off = Heavy::new(&escape_only).with_ladders(&escape_only, &ladders);
    assert_eq!(runs(&mut caught, &off), 40);
}

#[test]
fn heavy_plays_a_pool_move_of_the_mover_when_the_tactics_find_nothing() {
    // Black C3, White E5 far from anything: the tactics and shapes have nothing to say, so
    // the pool's move is the only reason to choose F2. B6 is occupied, A1 is Black's own
    // eye: neither is ever played from the pool.
    let mut b = board_from(
        "
        . . . . . . .
        . X . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        X . . . . . .
        . X . . . . .
        ",
        Color::Black,
    );
    play(&mut b, "C3");
    play(&mut b, "E5");
    let m = |s: &str| PlayoutBoard::new(7).to_mailbox(pt(s, 7)) as u16;
    let mut pool = Pool::default();
    pool.set(Color::Black, [m("F2")]);
    pool.set(Color::White, [m("D6")]);
    let policy = Heavy::new(&Config::default()).with_pool(&pool, 1.0);
    for seed in 0..10 {
        assert_eq!(chosen(&mut b, &policy, seed), "F2");
    }
    pool.set(Color::Black, [m("B6"), m("A1")]);
    let policy = Heavy::new(&Config::default()).with_pool(&pool, 1.0);
    for seed in 0..50 {
        let c = chosen(&mut b, &policy, seed);
        assert!(c != "B6" && c != "A1", "{c}");
    }
    // White's pool is not Black's.
    pool.set(Color::Black, []);
    let policy = Heavy::new(&Config::default()).with_pool(&pool, 1.0);
    let d6s = (0..20)
        .filter(|&seed| chosen(&mut b, &policy, seed) == "D6")
        .count();
    assert!(
        d6s < 20,
        "White's pool move chosen for Black {d6s} times of 20"
    );
    // At probability 0 the pool is never consulted.
    pool.set(Color::Black, [m("F2")]);
    let off = Heavy::new(&Config::default()).with_pool(&pool, 0.0);
    let f2s = (0..20)
        .filter(|&seed| chosen(&mut b, &off, seed) == "F2")
        .count();
    assert!(f2s < 20, "F2 chosen {f2s} times of 20 with the pool off");
}
