//! Unit tests of the match runner's pure parts (statistics, clock, scoring rule,
//! SGF, summary) and of the GTP client against a scripted fake engine.

use super::client::{split_command_line, GtpEngine, GtpError};
use super::clock::{MatchClock, TimeSettings};
use super::config::Config;
use super::play::{adjudicate, counted, End, GameRecord, Incident, IncidentKind, Party};
use super::record::{civil_from_days, sgf_game};
use super::stats::{elo_diff, elo_from_rate, format_elo, wilson_interval, win_rate, Z_95};
use super::summary::{game_line, render, summarize};
use crate::geom::{Color, Move, Point};
use crate::score::GameResult;
use std::time::Duration;

fn close(a: f64, b: f64, eps: f64) -> bool {
    (a - b).abs() <= eps
}

#[test]
fn elo_of_even_and_three_quarters() {
    assert_eq!(elo_from_rate(0.5), 0.0);
    assert!(close(elo_from_rate(0.75), 190.85, 0.01));
    assert_eq!(format_elo(elo_from_rate(0.75)), "+191");
    assert!(close(elo_from_rate(0.25), -190.85, 0.01));
    assert_eq!(format_elo(elo_from_rate(0.25)), "-191");
    assert!(close(elo_from_rate(10.0 / 11.0), 400.0, 1e-9));
    assert_eq!(elo_from_rate(0.0), f64::NEG_INFINITY);
    assert_eq!(elo_from_rate(1.0), f64::INFINITY);
    assert_eq!(format_elo(f64::INFINITY), "+inf");
    assert_eq!(format_elo(f64::NEG_INFINITY), "-inf");
    assert_eq!(format_elo(-0.3), "0");
}

#[test]
fn wilson_matches_known_values() {
    // 5 of 10: the textbook 0.2366..0.7634.
    let (low, high) = wilson_interval(5.0, 10.0, Z_95);
    assert!(
        close(low, 0.2366, 1e-4) && close(high, 0.7634, 1e-4),
        "{low} {high}"
    );
    // 0 of 10 touches 0 and stays well below 1/2; 10 of 10 mirrors it.
    let (low, high) = wilson_interval(0.0, 10.0, Z_95);
    assert!(
        close(low, 0.0, 1e-12) && close(high, 0.2775, 1e-4),
        "{low} {high}"
    );
    let (low, high) = wilson_interval(10.0, 10.0, Z_95);
    assert!(
        close(low, 0.7225, 1e-4) && close(high, 1.0, 1e-12),
        "{low} {high}"
    );
    // 75 of 100.
    let (low, high) = wilson_interval(75.0, 100.0, Z_95);
    assert!(
        close(low, 0.6569, 1e-4) && close(high, 0.8245, 1e-4),
        "{low} {high}"
    );
    assert_eq!(wilson_interval(0.0, 0.0, Z_95), (0.0, 1.0));
}

#[test]
fn win_rate_counts_draws_as_half_and_maps_the_interval_to_elo() {
    let rate = win_rate(7, 2, 1);
    assert_eq!(rate.n_games, 10);
    assert_eq!(rate.score, 7.5);
    assert_eq!(rate.rate, 0.75);
    assert!(rate.low < 0.75 && 0.75 < rate.high);
    let elo = elo_diff(&rate);
    assert!(close(elo.elo, 190.85, 0.01));
    assert!(close(elo.low, elo_from_rate(rate.low), 1e-9));
    assert!(elo.low < elo.elo && elo.elo < elo.high);

    let none = win_rate(0, 0, 0);
    assert_eq!((none.rate, none.low, none.high), (0.5, 0.0, 1.0));
    let even = elo_diff(&win_rate(50, 50, 0));
    assert_eq!(even.elo, 0.0);
    assert!(close(even.low, -even.high, 1e-9), "symmetric: {even:?}");
    assert!(
        even.high > 60.0 && even.high < 75.0,
        "±68 Elo at 100 games: {even:?}"
    );
}

#[test]
fn time_settings_parse_and_mean_what_gtp_says() {
    let t = TimeSettings::parse("300 30 5").unwrap();
    assert_eq!((t.main, t.byo_yomi, t.stones), (300, 30, 5));
    assert_eq!(t.command(), "time_settings 300 30 5");
    assert!(!t.is_unlimited() && !t.is_absolute());
    assert!(TimeSettings::parse("60 0 0").unwrap().is_absolute());
    assert!(TimeSettings::parse("0 1 0").unwrap().is_unlimited());
    assert_eq!(
        TimeSettings::parse("10,5,1"),
        Ok(TimeSettings {
            main: 10,
            byo_yomi: 5,
            stones: 1
        })
    );
    assert!(TimeSettings::parse("10 5").is_err());
    assert!(TimeSettings::parse("10 5 x").is_err());
    assert!(TimeSettings::parse("-1 5 1").is_err());
}

#[test]
fn clock_runs_main_time_then_canadian_periods() {
    let s = |x: f64| Duration::from_secs_f64(x);
    let lag = s(0.2);
    let mut clock = MatchClock::new(TimeSettings::parse("10 6 2").unwrap());
    assert_eq!(clock.time_left(), (10, 0));
    assert_eq!(clock.allowance(), s(16.0));
    clock.charge(s(4.5), lag).unwrap();
    assert_eq!(clock.time_left(), (5, 0));
    // Overruns main time by 2 s: byo-yomi starts, this move is its first stone.
    clock.charge(s(7.5), lag).unwrap();
    assert_eq!(clock.time_left(), (4, 1));
    assert_eq!(clock.allowance(), s(4.0));
    // The second stone ends the period: a fresh one.
    clock.charge(s(3.0), lag).unwrap();
    assert_eq!(clock.time_left(), (6, 2));
    // Within the lag allowance is forgiven; beyond it the flag falls.
    clock.charge(s(6.1), lag).unwrap();
    assert_eq!(clock.time_left(), (0, 1));
    let flag = clock.charge(s(0.5), lag).unwrap_err();
    assert_eq!(flag.allowed, Duration::ZERO);
}

#[test]
fn absolute_clock_flags_after_main_time() {
    let s = |x: f64| Duration::from_secs_f64(x);
    let mut clock = MatchClock::new(TimeSettings::parse("5 0 0").unwrap());
    assert_eq!(clock.allowance(), s(5.0));
    clock.charge(s(3.0), s(0.1)).unwrap();
    assert_eq!(clock.time_left(), (2, 0));
    assert!(clock.charge(s(2.5), s(0.1)).is_err());
    clock.charge(s(2.05), s(0.1)).unwrap();
    assert_eq!(clock.time_left(), (0, 0));
}

#[test]
fn command_lines_split_like_a_shell() {
    let words = |s: &str| split_command_line(s).unwrap();
    assert_eq!(
        words("gnugo --mode gtp  --level 1"),
        ["gnugo", "--mode", "gtp", "--level", "1"]
    );
    assert_eq!(
        words(r#"a 'b c' "d \"e\" \\" f\ g"#),
        ["a", "b c", r#"d "e" \"#, "f g"]
    );
    assert_eq!(words("x ''"), ["x", ""]);
    assert!(split_command_line("  ").is_err());
    assert!(split_command_line("a 'b").is_err());
    assert!(split_command_line("a \"b").is_err());
    assert!(split_command_line("a\\").is_err());
}

#[test]
fn final_scores_parse_from_blacks_side() {
    // The forms themselves are `GameResult`'s (score::result); a reply counts only as a count.
    assert_eq!(counted("B+3.5"), Some(3.5));
    assert_eq!(counted("W+3.5 (with 2 dead stones)"), Some(-3.5));
    assert_eq!(counted("w+0.5"), Some(-0.5));
    assert_eq!(counted("W+23.5\n"), Some(-23.5));
    assert_eq!(counted("0"), Some(0.0));
    assert_eq!(counted("Draw"), Some(0.0));
    assert_eq!(counted("B+0"), Some(0.0));
    for bad in [
        "", "B+R", "W+T", "?", "W+", "B-3", "X+1", "B+inf", "B+-1", "seki",
    ] {
        assert_eq!(counted(bad), None, "{bad:?}");
    }
}

#[test]
fn adjudication_policy() {
    // Same winner: the smaller margin stands.
    assert_eq!(adjudicate([Some(3.5), Some(5.5)]), GameResult::Score(3.5));
    assert_eq!(
        adjudicate([Some(-7.5), Some(-0.5)]),
        GameResult::Score(-0.5)
    );
    assert_eq!(adjudicate([Some(0.0), Some(0.0)]), GameResult::Score(0.0));
    // Different winners, or nobody counts: disputed.
    assert_eq!(adjudicate([Some(0.5), Some(-0.5)]), GameResult::Unknown);
    assert_eq!(adjudicate([Some(0.0), Some(-0.5)]), GameResult::Unknown);
    assert_eq!(adjudicate([None, None]), GameResult::Unknown);
    // One answer stands alone.
    assert_eq!(adjudicate([None, Some(-2.5)]), GameResult::Score(-2.5));
    assert_eq!(adjudicate([Some(1.5), None]), GameResult::Score(1.5));
}

fn record(number: usize, engine1_black: bool, result: GameResult) -> GameRecord {
    GameRecord {
        number,
        engine1_black,
        names: ["One".to_string(), "Two ]x[".to_string()],
        moves: vec![
            (Color::Black, Move::Play(Point::new(2, 2))),
            (Color::White, Move::Play(Point::new(0, 4))),
            (Color::Black, Move::Pass),
            (Color::White, Move::Pass),
        ],
        result,
        end: End::TwoPasses,
        incidents: Vec::new(),
        duration: Duration::from_millis(1500),
        think: [Duration::from_millis(200), Duration::from_millis(600)],
        n_genmoves: [2, 2],
    }
}

#[test]
fn colours_follow_the_alternation() {
    let r = record(1, false, GameResult::Score(-3.5));
    assert_eq!(r.color_of(0), Color::White);
    assert_eq!(r.engine_of(Color::Black), 1);
    assert_eq!(r.winning_engine(), Some(0));
    let r = record(2, true, GameResult::Score(-3.5));
    assert_eq!(r.winning_engine(), Some(1));
}

#[test]
fn sgf_has_root_properties_and_moves() {
    let config = Config {
        engine1: vec!["a".to_string()],
        engine2: vec!["b".to_string()],
        referee: None,
        name1: None,
        name2: None,
        games: 1,
        size: 5,
        komi: 0.5,
        alternate: true,
        max_moves: 75,
        seed: 1,
        time: None,
        lag: Duration::from_millis(500),
        timeout: Duration::from_secs(60),
        parallel: 1,
        sgf_dir: None,
        show_stderr: false,
        verbose: false,
    };
    let r = record(3, false, GameResult::Score(-3.5));
    let game = sgf_game(&config, &r);
    assert_eq!(game.black_name.as_deref(), Some("Two ]x["));
    assert_eq!(game.white_name.as_deref(), Some("One"));
    let text = crate::sgf::write(&game);
    assert!(text.starts_with("(;FF[4]GM[1]"), "{text}");
    for needle in [
        "SZ[5]",
        "KM[0.5]",
        "RU[Chinese]",
        "PB[Two \\]x[]",
        "PW[One]",
        "RE[W+3.5]",
    ] {
        assert!(text.contains(needle), "{needle} missing in {text}");
    }
    // C3 on 5x5 is "cc"; A5 is the top-left corner "aa"; passes are empty.
    assert!(text.contains(";B[cc];W[aa];B[];W[])"), "{text}");
    // And the SGF crate reads it back.
    let parsed = sgf_parse::go::parse(&text).expect("valid SGF");
    assert_eq!(parsed.len(), 1);
    assert_eq!(parsed[0].main_variation().count(), 5);
    parsed[0].validate().expect("valid properties");
    let back = crate::sgf::parse(&text).expect("tengen reads it back");
    assert_eq!(back.moves, r.moves);
    assert_eq!(back.result.as_deref(), Some("W+3.5"));
}

#[test]
fn dates_from_days_since_the_epoch() {
    assert_eq!(civil_from_days(0), (1970, 1, 1));
    assert_eq!(civil_from_days(19_723), (2024, 1, 1));
    assert_eq!(civil_from_days(19_782), (2024, 2, 29));
    assert_eq!(civil_from_days(-1), (1969, 12, 31));
    assert_eq!(civil_from_days(10_957), (2000, 1, 1));
}

#[test]
fn summary_counts_wins_by_engine_and_colour() {
    let mut disputed = record(4, true, GameResult::Unknown);
    disputed.incidents.push(Incident {
        party: Party::Engines,
        kind: IncidentKind::Disagreement,
        detail: "engine1 says B+1.5, engine2 says W+0.5".to_string(),
    });
    let mut forfeit = record(
        5,
        false,
        GameResult::Forfeit {
            winner: Color::Black,
        },
    );
    forfeit.end = End::Forfeit;
    forfeit.incidents.push(Incident {
        party: Party::Engine(0),
        kind: IncidentKind::IllegalMove,
        detail: "W A1 at move 2 (superko)".to_string(),
    });
    let records = vec![
        forfeit,
        record(1, true, GameResult::Score(2.5)), // e1 black wins
        record(
            2,
            false,
            GameResult::Resignation {
                winner: Color::White,
            },
        ), // e1 white wins
        record(3, true, GameResult::Score(0.0)), // draw
        disputed,
    ];
    let s = summarize(&records);
    assert_eq!(s.n_games, 5);
    assert_eq!(s.n_disputed, 1);
    assert_eq!(s.wins, [[1, 1], [1, 0]]);
    assert_eq!(s.draws, 1);
    assert_eq!(s.wins_by_color(Color::Black), 2);
    assert_eq!(s.rate.n_games, 4);
    assert_eq!(s.rate.score, 2.5);
    assert_eq!(s.time_per_move(1), Some(Duration::from_millis(300)));
    assert_eq!(
        s.incidents.iter().map(|(g, _)| *g).collect::<Vec<_>>(),
        [4, 5]
    );

    let text = render(&s, &["One".to_string(), "Two".to_string()]);
    for needle in [
        "games: 5 played, 4 decided, 1 disputed",
        "engine1 wins: 2 (1 as black, 1 as white)",
        "engine2 wins: 1 (1 as black, 0 as white)",
        "black wins: 2, white wins: 1, draws: 1",
        "engine1 win rate: 62.5%",
        "Elo difference (engine1 - engine2): +89 (95% CI ",
        "time per move: engine1 0.100 s (10 moves), engine2 0.300 s (10 moves)",
        "errors: 2",
        "  game 4: engines: disagreement: engine1 says B+1.5, engine2 says W+0.5",
        "  game 5: engine1: illegal move: W A1 at move 2 (superko)",
    ] {
        assert!(text.contains(needle), "{needle:?} missing in\n{text}");
    }
    let empty = render(&summarize(&[]), &["a".to_string(), "b".to_string()]);
    assert!(
        empty.contains("errors: none") && empty.contains("engine1 - (0 moves)"),
        "{empty}"
    );
}

#[test]
fn game_lines_name_colours_result_and_errors() {
    let r = record(2, false, GameResult::Score(-3.5));
    assert_eq!(
        game_line(&r, 10),
        "game 2/10: B engine2, W engine1: W+3.5 (engine1 wins), 4 moves, 1.5 s"
    );
    let mut r = record(7, true, GameResult::Unknown);
    r.end = End::MoveCap;
    r.incidents.push(Incident {
        party: Party::Engine(1),
        kind: IncidentKind::NoScore,
        detail: "final_score answered \"?\"".to_string(),
    });
    let line = game_line(&r, 10);
    assert!(
        line.starts_with("game 7/10: B engine1, W engine2: ? (disputed), 4 moves"),
        "{line}"
    );
    assert!(
        line.contains(", move cap reached\n    error: engine2: no score: "),
        "{line}"
    );
}

/// A fake GTP engine in POSIX sh: answers with the id it was given; `hang` never answers;
/// `die` exits; `noisy` prints junk before its reply; `multi` answers on two lines.
fn fake_engine() -> Option<GtpEngine> {
    const SCRIPT: &str = r#"
while read id cmd rest; do
  case "$cmd" in
    hang) sleep 30 ;;
    die) exit 3 ;;
    fail) printf '?%s no such thing\n\n' "$id" ;;
    noisy) printf 'debug junk\n=%s ok\n\n' "$id" ;;
    multi) printf '=%s one\ntwo\n\n' "$id" ;;
    wrongid) printf '=999 x\n\n' ;;
    noid) printf '= plain\n\n' ;;
    quit) printf '=%s\n\n' "$id"; exit 0 ;;
    *) printf '=%s %s\r\n\r\n' "$id" "$cmd" ;;
  esac
done
"#;
    if !std::path::Path::new("/bin/sh").exists() {
        eprintln!("skipped: no /bin/sh");
        return None;
    }
    let argv = ["/bin/sh".to_string(), "-c".to_string(), SCRIPT.to_string()];
    Some(GtpEngine::start("fake", &argv, false, false).expect("sh starts"))
}

#[test]
fn client_reads_replies_and_survives_bad_engines() {
    let Some(mut engine) = fake_engine() else {
        return;
    };
    let t = Duration::from_secs(5);
    assert_eq!(
        engine.send("name", t),
        Ok("name".to_string()),
        "CRLF replies read"
    );
    assert_eq!(
        engine.send("noisy", t),
        Ok("ok".to_string()),
        "junk before = skipped"
    );
    assert_eq!(engine.send("multi", t), Ok("one\ntwo".to_string()));
    assert_eq!(engine.send("noid", t), Ok("plain".to_string()));
    assert!(
        matches!(engine.send("fail", t), Err(GtpError::Failure { message, .. }) if message == "no such thing")
    );
    assert!(matches!(
        engine.send("wrongid", t),
        Err(GtpError::Protocol { .. })
    ));
    assert!(
        !engine.is_broken(),
        "a ? reply or a bad id does not break the engine"
    );
    let short = Duration::from_millis(200);
    assert!(matches!(
        engine.send("hang", short),
        Err(GtpError::Timeout { .. })
    ));
    assert!(engine.is_broken());
    assert!(matches!(engine.send("name", t), Err(GtpError::Died { .. })));
    drop(engine); // kills the hung process without waiting 30 s

    let Some(mut engine) = fake_engine() else {
        return;
    };
    match engine.send("die", t) {
        Err(GtpError::Died { status, .. }) => assert!(status.contains('3'), "{status}"),
        other => panic!("expected death, got {other:?}"),
    }
    assert!(engine.is_broken());
    assert!(matches!(
        GtpEngine::start("none", &["/nonexistent/engine".to_string()], false, false),
        Err(GtpError::Spawn(_))
    ));
}
