//! Tests of the reserve: its horizon, and simulated sudden-death games in which every move
//! is charged its budget plus an overhead, by a controller that reports main time in whole
//! seconds before each move as `tengen match` does.

use crate::time::tests::*;
use crate::time::*;

/// The simulated controller: main time, the lag it forgives a move (`tengen match --lag`,
/// 0.5 s by default; servers forgive nothing) and whether `time_left` rounds down to whole
/// seconds (GTP's integer) or sends the exact time.
#[derive(Debug, Clone, Copy)]
struct Controller {
    main: f64,
    forgiven: f64,
    whole_seconds: bool,
}

const MATCH: f64 = 0.5;
const STRICT: f64 = 0.0;

/// What one simulated game did to the engine's clock.
#[derive(Debug, Clone, Copy)]
struct Outcome {
    /// The game move (1-based, both colours counted) on which the flag fell.
    flagged: Option<usize>,
    /// Seconds of thinking over the whole game, and over the game's first 253 moves.
    thought: f64,
    thought_by_253: f64,
    /// The smallest of main time left plus the forgiven lag less a move's charge.
    margin: f64,
    /// Main time left at the end.
    left: f64,
    /// The engine's estimate of the overhead at the end.
    learnt: f64,
}

/// A deterministic generator for the overheads' spread (xorshift64*).
struct Rng(u64);

impl Rng {
    /// Uniform in [0, 1).
    fn next(&mut self) -> f64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// Plays `moves` game moves on a `size` board, the engine moving first and on every other
/// move. Each move of the engine thinks its whole budget (every fourth, an undecided one, its
/// whole stretch) and is charged that plus `overhead(move number, uniform in [0, 1))`, of
/// which `internal` (a fraction) the engine measures itself; the controller sees the rest.
fn simulate(
    size: usize,
    moves: usize,
    controller: Controller,
    internal: f64,
    seed: u64,
    overhead: impl Fn(usize, f64) -> f64,
) -> Outcome {
    let config = BudgetConfig::default();
    let mut clock = Clock::new(TimeControl::Absolute {
        main: secs(controller.main),
    });
    let mut rng = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let mut left = controller.main;
    let mut out = Outcome {
        flagged: None,
        thought: 0.0,
        thought_by_253: 0.0,
        margin: f64::INFINITY,
        left,
        learnt: 0.0,
    };
    for played in (0..moves).step_by(2) {
        let report = if controller.whole_seconds {
            left.floor()
        } else {
            left
        };
        clock.time_left(secs(report), 0);
        let phase = GamePhase::new(size, played);
        let mut think = limit(clock.budget(&config, phase));
        if played % 8 == 0 {
            think = clock.stretch(&config, phase).unwrap_or(think);
        }
        let think = think.as_secs_f64();
        let o = overhead(played + 1, rng.next());
        let charged = think + o;
        out.margin = out.margin.min(left + controller.forgiven - charged);
        if charged > left + controller.forgiven {
            out.flagged = Some(played + 1);
            break;
        }
        left = (left - charged).max(0.0);
        out.thought += think;
        if played < 253 {
            out.thought_by_253 += think;
        }
        clock.record_search(secs(think + o * internal), secs(think));
    }
    out.left = left;
    out.learnt = clock.overhead().as_secs_f64();
    out
}

/// An overhead of `mean` s a move, spread uniformly over ±`spread` of it.
fn steady(mean: f64, spread: f64) -> impl Fn(usize, f64) -> f64 {
    move |_, u| mean * (1.0 + spread * (2.0 * u - 1.0))
}

#[test]
fn the_reserve_plans_for_long_games_and_grows_past_them() {
    // 1.25 × 361 = 451 moves from the start: ours are half.
    assert_eq!(GamePhase::new(19, 0).reserve_moves(), 226);
    assert_eq!(GamePhase::new(19, 253).reserve_moves(), 100);
    // Past 360 moves, a quarter of those played: still 50 of ours at move 400, 75 at 600.
    assert_eq!(GamePhase::new(19, 400).reserve_moves(), 50);
    assert_eq!(GamePhase::new(19, 600).reserve_moves(), 75);
    assert_eq!(GamePhase::new(9, 0).reserve_moves(), 51);
    assert_eq!(GamePhase::new(9, 100).reserve_moves(), 13);
    assert!(GamePhase::new(0, usize::MAX).reserve_moves() >= 1);
    // Never more than main time; none without sudden death.
    let clock = Clock::new(gtp("5 0 0"));
    assert_eq!(
        clock.reserve(&BudgetConfig::default(), OPENING_19),
        secs(5.0)
    );
    let clock = Clock::new(kgs("byoyomi 600 30 5"));
    assert_eq!(
        clock.reserve(&BudgetConfig::default(), OPENING_19),
        Duration::ZERO
    );
    // Fischer: none while the increment's unspent part covers the overhead.
    let clock = Clock::new(FISCHER_300_5);
    assert_eq!(
        clock.reserve(&BudgetConfig::default(), OPENING_19),
        Duration::ZERO
    );
}

#[test]
fn down_to_the_reserve_a_move_thinks_min_think() {
    let config = BudgetConfig::default();
    let mut clock = Clock::new(gtp("120 0 0"));
    // Moves that cost 0.3 s beyond their thinking.
    for _ in 0..32 {
        clock.record_search(secs(0.8), secs(0.5));
    }
    assert!((clock.overhead().as_secs_f64() - 0.3).abs() < 1e-3);
    let late = GamePhase::new(19, 300);
    let reserve = clock.reserve(&config, late);
    // 76 moves of ours (a quarter of 300 is less than 1.25 × 361 - 300) at 0.31 s.
    assert_eq!(late.reserve_moves(), 76);
    assert!(
        (reserve.as_secs_f64() - 76.0 * 0.31).abs() < 0.1,
        "{reserve:?}"
    );
    clock.time_left(reserve, 0);
    assert_eq!(clock.budget(&config, late), Budget::Limit(config.min_think));
    assert_eq!(clock.stretch(&config, late), None);
    // Above it, what is above it is spread.
    clock.time_left(reserve + secs(31.0), 0);
    let b = limit(clock.budget(&config, late));
    assert!(b > secs(0.9) && b < secs(1.1), "{b:?}");
}

/// A 19×19 game of 400 moves at 120 s or 60 s sudden death, overheads up to 0.3 s a move on
/// average, steady or spread over ±90%: nothing runs out whenever it can be helped, that is
/// when our 200 moves' overhead is at most three quarters of main time, or when every move's
/// overhead is within what the controller forgives. (60 s at 0.3 ± 0.27 s a move cannot be
/// helped: 200 moves at `min_think` cost 62 s, and one of 0.57 s with nothing left flags
/// under `tengen match`.)
#[test]
fn sudden_death_never_runs_out_in_400_moves_of_19x19() {
    for main in [120.0, 60.0] {
        for mean in [0.0, 0.02, 0.05, 0.1, 0.2, 0.3] {
            for spread in [0.0, 0.9] {
                for whole_seconds in [true, false] {
                    for seed in 0..3 {
                        for forgiven in [MATCH, STRICT] {
                            let fits = 200.0 * mean <= 0.75 * main;
                            if !fits && mean * (1.0 + spread) >= forgiven {
                                continue;
                            }
                            let controller = Controller {
                                main,
                                forgiven,
                                whole_seconds,
                            };
                            let out =
                                simulate(19, 400, controller, 0.5, seed, steady(mean, spread));
                            assert_eq!(
                                out.flagged, None,
                                "{controller:?}, overhead {mean} ± {spread}, seed {seed}: {out:?}"
                            );
                        }
                    }
                }
            }
        }
    }
}

/// The overhead of game 16 of the match that lost on time, on a machine at a load of 10:
/// cheap moves (0.05 s beyond their thinking) for 200 moves, then 0.3 s a move, most of it
/// judging the position inside genmove (measured: 0.3 s at `min_think`), and every eighth
/// move of ours 0.8 s.
fn game_16_load(n: usize, u: f64) -> f64 {
    match n {
        n if n < 200 => 0.05 * (0.5 + u),
        n if n % 16 == 1 => 0.8,
        _ => 0.3 * (0.8 + 0.4 * u),
    }
}

/// `game_16_load` at 120 s, 300 moves (the game had 288): nothing runs out, forgiven or not.
/// (Before the reserve, the same simulation flagged at move 269–273.)
#[test]
fn the_loaded_late_game_of_game_16_does_not_run_out() {
    for forgiven in [MATCH, STRICT] {
        for seed in 0..5 {
            let controller = Controller {
                main: 120.0,
                forgiven,
                whole_seconds: true,
            };
            let out = simulate(19, 300, controller, 0.9, seed, game_16_load);
            assert_eq!(out.flagged, None, "{controller:?}, seed {seed}: {out:?}");
        }
    }
}

/// 9×9 at 20 s (the short check of `tengen match --size 9 --time absolute:20`) and 40 s:
/// 110 moves (1.36 × the points), overheads up to 0.1 s a move.
#[test]
fn sudden_death_never_runs_out_in_150_moves_of_9x9() {
    for main in [20.0, 40.0] {
        for mean in [0.0, 0.05, 0.1] {
            for forgiven in [MATCH, STRICT] {
                for seed in 0..3 {
                    let controller = Controller {
                        main,
                        forgiven,
                        whole_seconds: true,
                    };
                    let out = simulate(9, 110, controller, 0.5, seed, steady(mean, 0.9));
                    assert_eq!(out.flagged, None, "{controller:?}, {mean}: {out:?}");
                }
            }
        }
    }
}

/// Small overheads cost little thinking: over a 19×19 game of the expected length (253
/// moves) the engine thinks most of its main time. docs/reliability.md has the figures
/// (`reserve_figures`).
#[test]
fn small_overheads_waste_little_time() {
    for (main, mean, whole_seconds, at_least) in [
        (120.0, 0.01, false, 0.85),
        (120.0, 0.01, true, 0.80),
        (60.0, 0.01, false, 0.80),
        (60.0, 0.01, true, 0.72),
    ] {
        let controller = Controller {
            main,
            forgiven: STRICT,
            whole_seconds,
        };
        let out = simulate(19, 253, controller, 0.5, 1, steady(mean, 0.5));
        assert!(
            out.thought_by_253 >= at_least * main,
            "{controller:?}: {out:?}"
        );
        assert!(out.learnt < mean + 1.0 / 16.0, "{out:?}");
    }
}

/// Writes the figures of docs/reliability.md on stderr (stdout belongs to GTP): `cargo test
/// --release --lib reserve_figures -- --ignored --nocapture`.
#[test]
#[ignore = "prints figures"]
fn reserve_figures() {
    use std::fmt::Write as _;
    use std::io::Write as _;
    let mut table = String::from(
        "| main | overhead | reports | forgiven | flag | thought by 253 | thought | margin | left | learnt |\n",
    );
    for main in [120.0, 60.0] {
        for mean in [0.01, 0.05, 0.1, 0.2, 0.3] {
            for whole_seconds in [true, false] {
                for forgiven in [STRICT, MATCH] {
                    let controller = Controller {
                        main,
                        forgiven,
                        whole_seconds,
                    };
                    let out = simulate(19, 400, controller, 0.5, 1, steady(mean, 0.9));
                    writeln!(
                        table,
                        "| {main} | {mean} ± 90% | {} | {forgiven} | {} | {:.1} | {:.1} | {:.2} | {:.1} | {:.3} |",
                        if whole_seconds { "whole s" } else { "exact" },
                        out.flagged.map_or("-".to_string(), |m| m.to_string()),
                        out.thought_by_253,
                        out.thought,
                        out.margin,
                        out.left,
                        out.learnt
                    )
                    .unwrap();
                }
            }
        }
    }
    for forgiven in [STRICT, MATCH] {
        for seed in 0..5 {
            let controller = Controller {
                main: 120.0,
                forgiven,
                whole_seconds: true,
            };
            let out = simulate(19, 300, controller, 0.9, seed, game_16_load);
            writeln!(
                table,
                "game 16's load, forgiven {forgiven}, seed {seed}: {out:?}"
            )
            .unwrap();
        }
    }
    std::io::stderr().write_all(table.as_bytes()).unwrap();
}
