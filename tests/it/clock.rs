//! Time control through the real binary: moves kept within the allowance under Canadian and
//! Japanese byo-yomi of one second, Fischer on the engine's own clock, `--time-per-game`, and
//! time settings that survive `clear_board`.

use crate::gtp::Engine;
use std::time::{Duration, Instant};

/// Plays a fast game under byo-yomi through the binary and checks that every move arrived
/// within its allowance. An allowance check, not a benchmark: the margin is the engine's.
fn moves_within_allowance(settings: &str, allowance: Duration) {
    let mut engine = Engine::start(&["--size", "9", "--seed", "3"]);
    engine.ok(settings);
    let mut worst = Duration::ZERO;
    for i in 0..16 {
        let color = if i % 2 == 0 { "b" } else { "w" };
        let start = Instant::now();
        engine.send(&format!("genmove {color}"));
        let reply = engine.reply();
        let elapsed = start.elapsed();
        assert!(reply.starts_with("= "), "{reply}");
        assert!(
            elapsed < allowance,
            "{settings}: move {} took {elapsed:?}",
            i + 1
        );
        worst = worst.max(elapsed);
        if reply == "= resign" {
            break;
        }
    }
    eprintln!("{settings}: slowest move {worst:?} of {allowance:?}");
    engine.quit_within(Duration::from_secs(5));
}

#[test]
fn canadian_byo_yomi_of_one_second_per_move_is_kept() {
    moves_within_allowance("time_settings 0 1 1", Duration::from_secs(1));
}

#[test]
fn japanese_byo_yomi_of_one_second_is_kept() {
    moves_within_allowance("kgs-time_settings byoyomi 0 1 5", Duration::from_secs(1));
}

/// Fischer 2 s + 1 s on the engine's own clock (no time_left): each move keeps back the lag
/// margin, so the clock never falls below 2 s and no move may take that long.
#[test]
fn fischer_of_two_seconds_plus_one_is_kept() {
    moves_within_allowance("kata-time_settings fischer 2 1", Duration::from_secs(2));
}

/// `--time-per-game 2`: each side's whole game fits in its 2 s (the engine keeps the clock
/// itself), with no time_settings sent; without the clock, --default-playouts would make a
/// single move take minutes. Each new game gets the full clock again.
#[test]
fn time_per_game_spreads_one_clock_over_the_game() {
    let mut engine = Engine::start(&[
        "--size",
        "9",
        "--seed",
        "5",
        "--threads",
        "1",
        "--no-book",
        "--no-resign",
        "--lag-margin",
        "0.05",
        "--default-playouts",
        "2000000000",
        "--time-per-game",
        "2",
    ]);
    for game in 0..2 {
        engine.ok("clear_board");
        let mut used = [Duration::ZERO; 2];
        for i in 0..40 {
            let start = Instant::now();
            engine.send(&format!("genmove {}", ["b", "w"][i % 2]));
            let reply = engine.reply();
            used[i % 2] += start.elapsed();
            assert!(reply.starts_with("= "), "{reply}");
        }
        for total in used {
            // 2 s of clock plus the pipe's and the process's few milliseconds a move.
            assert!(total < Duration::from_millis(2600), "game {game}: {used:?}");
            assert!(total > Duration::from_millis(500), "game {game}: {used:?}");
        }
    }
    engine.quit_within(Duration::from_secs(5));
}

#[test]
fn time_settings_survive_clear_board() {
    // Without the clock, --default-playouts would make this search take minutes.
    let mut engine = Engine::start(&["--size", "9", "--default-playouts", "2000000000"]);
    engine.ok("time_settings 0 1 1");
    engine.ok("boardsize 9");
    engine.ok("clear_board");
    let start = Instant::now();
    engine.ok("genmove b");
    assert!(
        start.elapsed() < Duration::from_secs(1),
        "{:?}",
        start.elapsed()
    );
    engine.quit_within(Duration::from_secs(5));
}
