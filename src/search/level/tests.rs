//! The level table, the choice rule, the playout cap, the absurd moves, and the levels' moves
//! in searches.

use super::super::tests::{game, playouts, pt, SETTLED_5X5};
use super::*;
use crate::game::Rules;
use crate::search::Config;
use rand::SeedableRng;
use std::time::Duration;

/// A generator of test cases, apart from the one under test.
fn cases(seed: u64) -> PlayoutRng {
    PlayoutRng::seed_from_u64(seed)
}

/// `n` random candidates: visits 0 to 400, win rates 0 to 1.
fn random_candidates(rng: &mut PlayoutRng, n: usize) -> Vec<Candidate> {
    (0..n)
        .map(|_| Candidate {
            visits: rng.gen_range(0..=400),
            value: rng.gen::<f32>(),
        })
        .collect()
}

fn most_visited(candidates: &[Candidate]) -> usize {
    (0..candidates.len())
        .max_by_key(|&i| candidates[i].visits)
        .unwrap()
}

#[test]
fn levels_go_from_1_to_the_top_and_nothing_else() {
    for n in 1..=TOP as i64 {
        assert_eq!(Level::new(n).unwrap().number as i64, n);
    }
    for n in [0, -1, TOP as i64 + 1, i64::MAX, i64::MIN] {
        assert_eq!(Level::new(n), Err(NoSuchLevel(n)));
    }
    assert!(Level::top().is_top() && Level::default().is_top());
    assert_eq!(Level::top().playouts, None);
    assert_eq!(
        NoSuchLevel(0).to_string(),
        format!("no level 0: levels go from 1 to {TOP}")
    );
}

#[test]
fn each_level_searches_more_and_chooses_more_narrowly_than_the_one_below() {
    for pair in LEVELS.windows(2) {
        let (low, high) = (pair[0], pair[1]);
        assert_eq!(high.number, low.number + 1);
        let cap = |l: Level| l.playouts.unwrap_or(u64::MAX);
        assert!(cap(low) < cap(high), "{low:?} {high:?}");
        assert!(low.temperature > high.temperature, "{low:?} {high:?}");
        assert!(low.tolerance > high.tolerance, "{low:?} {high:?}");
        assert!(low.min_share <= high.min_share, "{low:?} {high:?}");
    }
}

#[test]
fn the_top_level_always_plays_the_most_visited_move() {
    let mut gen = cases(1);
    let mut rng = cases(2);
    for _ in 0..1000 {
        let n = gen.gen_range(1..40);
        let candidates = random_candidates(&mut gen, n);
        let best = most_visited(&candidates);
        assert_eq!(choose(&Level::top(), &candidates, best, &mut rng), best);
    }
}

#[test]
fn a_level_never_draws_a_move_outside_its_tolerance() {
    let mut gen = cases(3);
    for level in &LEVELS {
        let mut rng = level_rng(level.number as u64);
        let mut drew_another = false;
        for _ in 0..2000 {
            let n = gen.gen_range(1..40);
            let candidates = random_candidates(&mut gen, n);
            let best = most_visited(&candidates);
            let i = choose(level, &candidates, best, &mut rng);
            let (c, top) = (candidates[i], candidates[best]);
            assert!(
                i == best || eligible(level, &top, &c),
                "{level:?}: {c:?} beside {top:?}"
            );
            assert!(i == best || c.value >= top.value - level.tolerance);
            assert!(i == best || c.visits as f32 >= level.min_share * top.visits as f32);
            assert!(i == best || c.visits >= 1);
            drew_another |= i != best;
        }
        // A level below the top does draw: the rule is not the top's in disguise.
        assert_eq!(drew_another, !level.is_top(), "{level:?}");
    }
}

#[test]
fn the_draw_follows_the_visits_at_a_temperature_of_1() {
    let level = Level {
        temperature: 1.0,
        tolerance: 1.0,
        min_share: 0.0,
        ..LEVELS[0]
    };
    let candidates = [
        Candidate {
            visits: 300,
            value: 0.6,
        },
        Candidate {
            visits: 100,
            value: 0.5,
        },
        Candidate {
            visits: 0,
            value: 0.9,
        },
    ];
    let mut rng = level_rng(7);
    let mut drawn = [0u32; 3];
    for _ in 0..10_000 {
        drawn[choose(&level, &candidates, 0, &mut rng)] += 1;
    }
    assert_eq!(drawn[2], 0, "an unvisited move is never drawn");
    // 3 to 1: 7,500 and 2,500, give or take a few standard deviations (43).
    assert!((7300..7700).contains(&drawn[0]), "{drawn:?}");
}

#[test]
fn the_cap_takes_the_smaller_of_the_level_and_the_limits() {
    let level = LEVELS[3];
    let cap = level.playouts.unwrap();
    let timed = Limits {
        time: Some(Duration::from_secs(5)),
        stretch: Some(Duration::from_secs(9)),
        ..Limits::default()
    };
    let capped = level.cap(&timed);
    assert_eq!(capped.playouts, Some(cap));
    assert_eq!(
        capped.time,
        Some(Duration::from_secs(5)),
        "the clock still rules"
    );
    assert_eq!(capped.stretch, None);
    assert_eq!(level.cap(&playouts(10)).playouts, Some(10));
    assert_eq!(level.cap(&Limits::default()).playouts, Some(cap));
    let few = Level {
        playouts: Some(DEFAULT_PLAYOUTS * 2),
        ..level
    };
    assert_eq!(few.cap(&Limits::default()).playouts, Some(DEFAULT_PLAYOUTS));
    let top = Level::top().cap(&timed);
    assert_eq!(
        (top.playouts, top.time, top.stretch),
        (None, timed.time, timed.stretch)
    );
}

#[test]
fn a_self_atari_of_a_big_chain_is_absurd_and_a_small_one_is_not() {
    // Black's three stones on the first line have two liberties, A1 and E1... and White's
    // wall above: B1-D1 played at E1 leaves them in atari at A1.
    let g = game(
        ". . . . . . .
         . . . . . . .
         . . . . . . .
         . . . . . . .
         . . . . . . .
         O O O O O O .
         . X X X . O .",
        7.5,
        Color::Black,
    );
    let size = 7;
    assert!(is_absurd(&g, Color::Black, Move::Play(pt("E1", size))));
    assert!(is_absurd(&g, Color::Black, Move::Play(pt("A1", size))));
    // A single stone thrown in (a sacrifice) may be played; so may an ordinary move.
    assert!(!is_absurd(&g, Color::Black, Move::Play(pt("G1", size))));
    assert!(!is_absurd(&g, Color::Black, Move::Play(pt("D4", size))));
    assert!(!is_absurd(&g, Color::Black, Move::Pass));
    // Occupied: illegal, so absurd.
    assert!(is_absurd(&g, Color::Black, Move::Play(pt("B1", size))));
}

/// A level's `genmove` in an open 9×9 game, for `moves` moves of self-play.
fn self_play(level: Level, seed: u64, moves: usize) -> Vec<Move> {
    let mut g = Game::new(9, Rules::default());
    let mut search = Search::new(Config {
        level,
        seed,
        ..Config::default()
    });
    let mut color = Color::Black;
    let mut played = Vec::new();
    for _ in 0..moves {
        let mv = match search.genmove(&g, color, &playouts(5000)) {
            Decision::Play(mv) => mv,
            Decision::Resign => panic!("resigned an open game at level {}", level.number),
        };
        assert!(!is_absurd(&g, color, mv), "level {}: {mv}", level.number);
        g.try_play(color, mv).expect("a level's moves are legal");
        played.push(mv);
        color = color.opponent();
    }
    played
}

#[test]
fn a_weak_level_plays_on_in_an_open_game_and_its_seed_reproduces_it() {
    let moves = self_play(LEVELS[0], 5, 20);
    assert!(!moves.contains(&Move::Pass), "{moves:?}");
    assert_eq!(self_play(LEVELS[0], 5, 20), moves, "same seed, same game");
    assert_ne!(
        self_play(LEVELS[0], 6, 20),
        moves,
        "another seed, another game"
    );
}

#[test]
fn a_weak_level_searches_only_its_playouts() {
    let g = Game::new(9, Rules::default());
    let mut search = Search::new(Config {
        level: LEVELS[1],
        ..Config::default()
    });
    search.genmove(&g, Color::Black, &playouts(5000));
    assert!(search.summary().playouts <= LEVELS[1].playouts.unwrap());
}

#[test]
fn a_weak_level_passes_when_the_full_search_does() {
    let mut g = game(SETTLED_5X5, 0.5, Color::White);
    g.try_play(Color::White, Move::Pass).unwrap();
    for seed in 1..=5 {
        let mut search = Search::new(Config {
            level: LEVELS[0],
            seed,
            ..Config::default()
        });
        assert_eq!(
            search.genmove(&g, Color::Black, &playouts(2000)),
            Decision::Play(Move::Pass)
        );
    }
}

#[test]
fn a_weak_level_resigns_when_the_full_search_does() {
    let g = game(
        ". X O . .
         . X O . .
         . X O . .
         . X O . .
         . X O . .",
        30.0,
        Color::Black,
    );
    let mut search = Search::new(Config {
        level: LEVELS[0],
        ..Config::default()
    });
    assert_eq!(
        search.genmove(&g, Color::Black, &playouts(2000)),
        Decision::Resign
    );
}

#[test]
fn an_absurd_move_with_nothing_to_draw_becomes_a_pass() {
    let size = 9;
    let (a, b) = (Move::Play(pt("E5", size)), Move::Play(pt("C3", size)));
    // The level's draw replaces the favourite, absurd or not.
    assert_eq!(
        replace_favourite(Decision::Play(a), a, true, Some(a), Some(b)),
        Decision::Play(b)
    );
    // Nothing to draw: a sane move stands, an absurd one is a pass.
    assert_eq!(
        replace_favourite(Decision::Play(a), a, false, Some(a), None),
        Decision::Play(a)
    );
    assert_eq!(
        replace_favourite(Decision::Play(a), a, true, Some(a), None),
        Decision::Play(Move::Pass)
    );
    // A move `decide` chose for another reason than the favourite stands when sane.
    assert_eq!(
        replace_favourite(Decision::Play(a), a, false, Some(b), Some(b)),
        Decision::Play(a)
    );
}
