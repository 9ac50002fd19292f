//! Unit tests of the match runner's pure parts (statistics, lag, scoring rule, SGF, summary)
//! and a timed game between scripted engines. The clock's tests are in `clock/tests.rs`, the
//! GTP client's in `client/tests.rs`; `s` is shared with the clock's.

use super::client::GtpEngine;
use super::clock::TimeControl;
use super::config::{Campaign, Config};
use super::count::{adjudicate, counted};
use super::play::{End, GameRecord, Incident, IncidentKind, Party};
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

pub(super) fn s(x: f64) -> Duration {
    Duration::from_secs_f64(x)
}

#[test]
fn lag_draws_are_in_range_and_reproducible() {
    use super::play::{lag_seed, sample_lag};
    use rand::rngs::SmallRng;
    use rand::SeedableRng;
    let range = (s(0.05), s(0.4));
    let draw = |seed| {
        let mut rng = SmallRng::seed_from_u64(seed);
        (0..200)
            .map(|_| sample_lag(&mut rng, range))
            .collect::<Vec<_>>()
    };
    let a = draw(lag_seed(7, 3));
    assert_eq!(a, draw(lag_seed(7, 3)), "same seed, same lags");
    assert_ne!(a, draw(lag_seed(7, 4)), "each game its own");
    assert!(a.iter().all(|d| range.0 <= *d && *d <= range.1));
    assert!(a.iter().any(|d| *d < s(0.15)) && a.iter().any(|d| *d > s(0.3)));
    let mut rng = SmallRng::seed_from_u64(1);
    assert_eq!(sample_lag(&mut rng, (s(0.2), s(0.2))), s(0.2));
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
        timed: Vec::new(),
        notes: Vec::new(),
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
        handicap: 0,
        alternate: true,
        max_moves: 75,
        seed: 1,
        time: None,
        lag: Duration::from_millis(500),
        add_lag: None,
        time_log: None,
        timeout: Duration::from_secs(60),
        parallel: 1,
        sgf_dir: None,
        show_stderr: false,
        verbose: false,
        campaign: Campaign::default(),
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
fn sgf_of_a_handicap_game_has_the_stones_and_white_first() {
    let mut config = clock_config("absolute:10", None, 0.5);
    config.time = None;
    config.size = 9;
    config.handicap = 3;
    let mut r = record(1, true, GameResult::Score(-0.5));
    r.moves = vec![(Color::White, Move::Pass), (Color::Black, Move::Pass)];
    let text = crate::sgf::write(&sgf_game(&config, &r));
    // 9x9, 3 stones: GTP's fixed layout is C3, G7, C7.
    assert!(text.contains("HA[3]"), "{text}");
    let back = crate::sgf::parse(&text).expect("tengen reads it back");
    assert_eq!(back.handicap, 3);
    let mut stones: Vec<String> = back
        .setup
        .iter()
        .map(|(c, p)| format!("{} {p}", c.letter()))
        .collect();
    stones.sort();
    assert_eq!(stones, ["B C3", "B C7", "B G7"], "{text}");
    assert_eq!(back.moves, r.moves);
    let mut game = crate::game::Game::new(9, crate::game::RuleSet::Chinese.rules());
    let points: Vec<_> = back.setup.iter().map(|&(_, p)| p).collect();
    game.set_handicap(&points).unwrap();
    assert_eq!(game.to_move(), Color::White);
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
        "game 2/10: B engine2, W engine1: W+3.5 (engine1 wins), 4 moves, 1.5 s; \
         a move: engine1 0.10 s, engine2 0.30 s"
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

/// A GTP engine in POSIX sh that passes at every genmove and counts 0; with `refuse` it
/// answers `?` to `kgs-time_settings` and `kata-time_settings`, as GNU Go does.
fn passing_engine(refuse: bool) -> Option<GtpEngine> {
    const SCRIPT: &str = r#"
while read id cmd rest; do
  case "$cmd" in
    kgs-time_settings|kata-time_settings)
      if [ "$REFUSE" = 1 ]; then printf '?%s unknown command\n\n' "$id";
      else printf '=%s\n\n' "$id"; fi ;;
    genmove) printf '=%s pass\n\n' "$id" ;;
    final_score) printf '=%s 0\n\n' "$id" ;;
    quit) printf '=%s\n\n' "$id"; exit 0 ;;
    *) printf '=%s\n\n' "$id" ;;
  esac
done
"#;
    if !std::path::Path::new("/bin/sh").exists() {
        eprintln!("skipped: no /bin/sh");
        return None;
    }
    let argv = [
        "/usr/bin/env".to_string(),
        format!("REFUSE={}", u8::from(refuse)),
        "/bin/sh".to_string(),
        "-c".to_string(),
        SCRIPT.to_string(),
    ];
    Some(GtpEngine::start("passer", &argv, false, false).expect("sh starts"))
}

fn clock_config(time: &str, add_lag: Option<f64>, lag: f64) -> Config {
    Config {
        engine1: vec!["a".to_string()],
        engine2: vec!["b".to_string()],
        referee: None,
        name1: None,
        name2: None,
        games: 1,
        size: 5,
        komi: 0.5,
        handicap: 0,
        alternate: true,
        max_moves: 75,
        seed: 9,
        time: Some(TimeControl::parse(time).unwrap()),
        lag: s(lag),
        add_lag: add_lag.map(|x| (s(x), s(x))),
        time_log: None,
        timeout: Duration::from_secs(10),
        parallel: 1,
        sgf_dir: None,
        show_stderr: false,
        verbose: false,
        campaign: Campaign::default(),
    }
}

#[test]
fn added_lag_is_charged_and_every_genmove_is_timed() {
    use super::play::play_game;
    use super::summary::time_log_lines;
    let (Some(mut one), Some(mut two)) = (passing_engine(false), passing_engine(true)) else {
        return;
    };
    let names = || ["One".to_string(), "Two".to_string()];
    let config = clock_config("fischer:10:1", Some(0.3), 0.2);
    let r = play_game(&config, 1, true, [&mut one, &mut two], None, names());
    assert_eq!((r.end, r.moves.len()), (End::TwoPasses, 2), "{r:?}");
    assert_eq!(r.timed.len(), 2, "one entry per genmove: {r:?}");
    for (i, t) in r.timed.iter().enumerate() {
        assert_eq!((t.move_number, t.engine), (i + 1, i));
        assert_eq!(t.lag, s(0.3));
        assert!(t.taken >= s(0.3) && t.taken < s(1.0), "{t:?}");
        assert_eq!(t.allowance, s(10.0));
        let left = t.left.expect("no flag");
        assert!(
            close(left.as_secs_f64(), 11.0 - t.taken.as_secs_f64(), 1e-6),
            "increment added after the lag was charged: {t:?}"
        );
    }
    // Engine 2 refused kata-time_settings and was told the approximation.
    assert_eq!(r.notes.len(), 1, "{:?}", r.notes);
    assert!(
        r.notes[0].starts_with("engine2: refused `kata-time_settings fischer 10 1`")
            && r.notes[0].contains("`time_settings 10 1 1`"),
        "{:?}",
        r.notes
    );
    assert!(game_line(&r, 1).contains("\n    note: engine2: refused"));
    let log = time_log_lines(&r);
    assert_eq!(log.lines().count(), 2, "{log}");
    assert!(log.starts_with("1\t1\tengine1\tB\t0.3"), "{log}");
    let text = render(&summarize(&[r]), &names());
    assert!(text.contains("time losses: engine1 0, engine2 0"), "{text}");
    assert!(
        text.contains("smallest margin: engine1 9.6")
            || text.contains("smallest margin: engine1 9.7"),
        "{text}"
    );

    // Under absolute time of 0 s, instant replies pass within the 0.2 s forgiven, but not
    // once 0.5 s of network lag is added to them.
    let config = clock_config("absolute:0", None, 0.2);
    let r = play_game(&config, 2, true, [&mut one, &mut two], None, names());
    assert_eq!(r.end, End::TwoPasses, "{r:?}");
    let config = clock_config("absolute:0", Some(0.5), 0.2);
    let r = play_game(&config, 3, true, [&mut one, &mut two], None, names());
    assert_eq!(r.end, End::Time, "{r:?}");
    assert_eq!(
        r.result,
        GameResult::Time {
            winner: Color::White
        }
    );
    assert_eq!(r.timed.len(), 1);
    assert_eq!(r.timed[0].left, None);
    assert!(time_log_lines(&r).ends_with("\tflag\n"));
    let summary = summarize(&[r]);
    assert_eq!(summary.time_losses, [1, 0]);
    assert!(
        matches!(summary.smallest_margin[0], Some((m, 3, 1)) if m <= -0.5),
        "{summary:?}"
    );
}

#[test]
fn sprt_is_walds_test_of_the_score_with_draws_as_half() {
    use super::stats::{SprtBounds, SprtDecision};
    let bounds = SprtBounds {
        elo0: 0.0,
        elo1: 100.0,
        alpha: 0.05,
        beta: 0.05,
    };
    assert!((bounds.upper() - (0.95f64 / 0.05).ln()).abs() < 1e-12);
    assert!((bounds.lower() + (0.95f64 / 0.05).ln()).abs() < 1e-12);
    // p0 = 0.5, p1 = 1 / (1 + 10^-0.25) = 0.6401: a win adds ln(p1/p0), a loss
    // ln((1-p1)/(1-p0)), a draw half of each.
    let p1 = 1.0 / (1.0 + 10f64.powf(-0.25));
    let win = (p1 / 0.5).ln();
    let loss = ((1.0 - p1) / 0.5).ln();
    assert!((bounds.llr(1, 0, 0) - win).abs() < 1e-12);
    assert!((bounds.llr(0, 0, 1) - loss).abs() < 1e-12);
    assert!((bounds.llr(0, 2, 0) - (win + loss)).abs() < 1e-12);
    assert_eq!(bounds.decide(bounds.llr(11, 0, 0)), None);
    assert_eq!(bounds.decide(bounds.llr(12, 0, 0)), Some(SprtDecision::H1));
    assert_eq!(bounds.decide(bounds.llr(0, 0, 8)), None);
    assert_eq!(bounds.decide(bounds.llr(0, 0, 9)), Some(SprtDecision::H0));
    assert_eq!(bounds.decide(bounds.llr(50, 0, 50)), Some(SprtDecision::H0));
}

/// The report's entry of a game that engine `winner` (1 or 2, 0: a draw) won, engine 1
/// taking Black in odd games.
fn report_game(number: usize, winner: u8) -> super::report::Game {
    super::report::Game {
        number,
        engine1_color: if number % 2 == 1 { "B" } else { "W" }.into(),
        result: "B+1.5".into(),
        winner: (winner > 0).then_some(winner),
        decided: true,
        moves: 10,
        end: "two passes".into(),
        seeds: super::game_seeds(1, number),
        seconds: 1.0,
        think_seconds: [0.5, 0.5],
        genmoves: [5, 5],
        errors: Vec::new(),
    }
}

#[test]
fn shards_merge_into_the_counts_of_the_whole_and_never_overlap() {
    use super::report::{merge, summarize, Report};
    let config = clock_config("10 0 0", None, 0.5);
    let games: Vec<_> = (1..=6)
        .map(|n| report_game(n, [1, 1, 2, 0, 1, 2][n - 1]))
        .collect();
    let whole = Report::new(&config, ["a".into(), "b".into()], games.clone());
    let first = Report::new(&config, ["a".into(), "b".into()], games[..2].to_vec());
    let second = Report::new(&config, ["a".into(), "b".into()], games[2..].to_vec());
    // Through JSON, as shards meet on another machine.
    let back = |r: &Report| Report::from_json(&r.to_json()).unwrap();
    let merged = merge(vec![
        ("2".into(), back(&second)),
        ("1".into(), back(&first)),
    ])
    .unwrap();
    assert_eq!(merged.games, whole.games);
    assert_eq!(merged.summary, whole.summary);
    let s = &whole.summary;
    assert_eq!((s.engine1_wins, s.engine2_wins, s.draws), (3, 2, 1));
    // Engine 1 black in games 1, 3, 5: it won 1 and 5 as Black; engine 2 won 3 as Black.
    assert_eq!((s.black_wins, s.white_wins), (3, 2));
    assert!((s.win_rate - 3.5 / 6.0).abs() < 1e-12);
    assert_eq!(summarize(&[], None).decided, 0);
    // Overlap and other settings are refused.
    let err = merge(vec![
        ("1".into(), first.clone()),
        ("1b".into(), first.clone()),
    ])
    .unwrap_err();
    assert!(err.contains("game 1 is in both 1 and 1b"), "{err}");
    let mut other = second.clone();
    other.settings.komi = 6.5;
    let err = merge(vec![("1".into(), first), ("x".into(), other)]).unwrap_err();
    assert!(
        err.contains("other settings") && err.contains("komi 0.5 / 6.5"),
        "{err}"
    );
    assert!(Report::from_json("{\"format\": 9}").is_err());
}

#[test]
fn a_game_has_the_same_seeds_whoever_plays_it() {
    assert_eq!(super::game_seeds(100, 1), [100, 101]);
    assert_eq!(super::game_seeds(100, 5), [108, 109]);
    assert_eq!(super::game_seeds(u64::MAX, 2), [1, 2]);
}
