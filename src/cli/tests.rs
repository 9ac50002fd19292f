use super::*;
use crate::book::Book;
use crate::game::RuleSet;
use crate::playout::PolicyKind;
use crate::referee::TimeControl;
use crate::search;
use crate::search::model::MoveModel;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The words of `line` after the program name, split as a shell would.
fn argv(line: &str) -> Vec<String> {
    let mut words = vec!["tengen".to_string()];
    words.extend(referee::split_command_line(line).unwrap_or_default());
    words
}

fn engine(line: &str) -> Result<(gtp::Config, bool), clap::Error> {
    match parse_with_seed(argv(line), 42)? {
        Invocation::Serve { config, verbose } => Ok((*config, verbose)),
        other => panic!("{line:?} is not the engine: {other:?}"),
    }
}

fn bench(line: &str) -> Result<bench::Options, clap::Error> {
    match parse_with_seed(argv(&format!("bench {line}")), 42)? {
        Invocation::Bench(options) => Ok(options),
        other => panic!("{line:?} is not the bench: {other:?}"),
    }
}

fn match_config(line: &str) -> Result<referee::Config, clap::Error> {
    match parse_with_seed(argv(&format!("match {line}")), 42)? {
        Invocation::Match(config) => Ok(*config),
        other => panic!("{line:?} is not a match: {other:?}"),
    }
}

/// The reason clap gives for refusing `line`, which must be an error (not help).
fn refusal(result: Result<impl std::fmt::Debug, clap::Error>, line: &str) -> String {
    let e = result.expect_err(line);
    assert!(e.use_stderr(), "{line:?} is not an error: {e}");
    e.to_string()
}

#[test]
fn no_option_is_the_engines_own_defaults() {
    let (config, verbose) = engine("").unwrap();
    let mut expected = gtp::Config::default();
    expected.search.threads = default_threads();
    assert_eq!(format!("{config:?}"), format!("{expected:?}"));
    assert!(!verbose);
    assert!(!config.rules_chosen);
}

#[test]
fn every_engine_option_reaches_the_config() {
    let (c, verbose) = engine(
        "--rules japanese --komi -5.5 --size 9 --playouts 500 --time-per-move 2.5 \
         --default-playouts 77 --max-move-time 30 --lag-margin=0.25 --stretch-factor 1 --resign-threshold 0.2 \
         --lenient-play --param prior_even=3 --param=prior_capture=7 --seed 9 --threads 1 \
         --max-memory 64 --ponder --playout-policy light --gtp-log /tmp/x.log -v --level 3",
    )
    .unwrap();
    assert_eq!(c.rules, RuleSet::Japanese);
    assert!(c.rules_chosen);
    assert_eq!(c.komi, Some(-5.5));
    assert_eq!(c.board_size, 9);
    assert_eq!(c.playouts, Some(500));
    assert_eq!(c.time_per_move, Some(Duration::from_millis(2500)));
    assert_eq!(c.default_playouts, 77);
    assert_eq!(c.budget.max_move_time, Duration::from_secs(30));
    assert_eq!(c.budget.lag_margin, Duration::from_millis(250));
    assert_eq!(c.budget.stretch_factor, 1.0);
    assert_eq!(c.search.resign_threshold, Some(0.2));
    assert!(c.lenient_play && c.ponder && verbose);
    let params = c.search.params();
    let value = |name: &str| params.iter().find(|(n, _)| *n == name).unwrap().1;
    assert_eq!((value("prior_even"), value("prior_capture")), (3.0, 7.0));
    assert_eq!((c.search.seed, c.search.threads), (9, 1));
    assert_eq!(c.search.max_nodes, search::nodes_for_memory(64));
    assert_eq!(c.search.playout_policy, PolicyKind::Light);
    assert_eq!(c.gtp_log, Some(PathBuf::from("/tmp/x.log")));
    assert_eq!(c.search.level, search::Level::new(3).unwrap());
    assert!(engine("--verbose").unwrap().1);
}

/// As with the hand-written parser before clap: the last of a repeated option counts, and
/// of --no-resign and --resign-threshold the later one.
#[test]
fn the_last_word_counts() {
    let (c, _) = engine("--playouts 5 --playouts 7 --size 9 --size=13").unwrap();
    assert_eq!((c.playouts, c.board_size), (Some(7), 13));
    let threshold = |line: &str| engine(line).unwrap().0.search.resign_threshold;
    assert_eq!(threshold("--no-resign"), None);
    assert_eq!(threshold("--resign-threshold 0.3 --no-resign"), None);
    assert_eq!(threshold("--no-resign --resign-threshold 0.3"), Some(0.3));
    let (c, _) = engine("--param prior_even=3 --param prior_even=4").unwrap();
    let even = c
        .search
        .params()
        .into_iter()
        .find(|(n, _)| *n == "prior_even");
    assert_eq!(even.unwrap().1, 4.0);
}

#[test]
fn bad_engine_options_are_refused_with_the_reason() {
    for (line, reason) in [
        ("--frobnicate", "unexpected argument"),
        ("--playouts", "a value is required"),
        ("--playouts many", "not a whole number of at least 1"),
        ("--playouts 0", "not a whole number of at least 1"),
        ("--rules chess", "unknown rules: chess"),
        ("--size 30", "from 2 to 25"),
        ("--stretch-factor 0.5", "not a number from 1 to 10"),
        ("--size 1", "from 2 to 25"),
        ("--komi nan", "not a number"),
        ("--no-resign=1", "unexpected value"),
        ("--ponder=1", "unexpected value"),
        ("--param prior_even", "write NAME=VALUE"),
        (
            "--param nonsense=1",
            "unknown parameter nonsense; the names are",
        ),
        ("--param prior_even=-2", "negative"),
        ("--param prior_even=x", "not a number"),
        ("--max-move-time 0", "above 0"),
        ("--lag-margin -1", "from 0"),
        ("--time-per-move 1e8", "seconds"),
        ("--resign-threshold 1.5", "from 0 to 1"),
        ("--threads 0", "from 1 to 128"),
        ("--threads 129", "from 1 to 128"),
        ("--threads two", "from 1 to 128"),
        ("--max-memory 0", "from 1 to 4194304"),
        ("--max-memory -5", "from 1 to 4194304"),
        ("--playout-policy medium", "light or heavy"),
        ("--seed -1", "whole number"),
        ("--level 0", "not a whole number from 1 to 10"),
        ("--level 11", "not a whole number from 1 to 10"),
        ("--level top", "not a whole number from 1 to 10"),
        ("--size 9 bench", "cannot be used with"),
        ("help", "unrecognized subcommand"),
        ("D4", "unrecognized subcommand"),
    ] {
        let text = refusal(engine(line), line);
        assert!(text.contains(reason), "{line:?}: {text}");
    }
}

#[test]
fn help_and_version_are_not_errors() {
    for (line, kind) in [
        ("--help", ErrorKind::DisplayHelp),
        ("-h", ErrorKind::DisplayHelp),
        ("--version", ErrorKind::DisplayVersion),
        ("-V", ErrorKind::DisplayVersion),
        ("bench --help", ErrorKind::DisplayHelp),
        ("match -h", ErrorKind::DisplayHelp),
    ] {
        let e = parse_with_seed(argv(line), 1).expect_err(line);
        assert_eq!(e.kind(), kind, "{line}");
        assert!(!e.use_stderr(), "{line}");
    }
    let version = parse_with_seed(argv("-V"), 1).unwrap_err().to_string();
    assert_eq!(version, format!("tengen {}\n", env!("CARGO_PKG_VERSION")));
    // The subcommands have no version of their own, as before.
    assert!(refusal(bench("-V"), "bench -V").contains("unexpected argument"));
}

/// Every option of every command has a help line, and every option that takes a value says
/// its default: clap's `[default: …]`, or the help text's own "default" or "required".
#[test]
fn every_option_is_explained_with_its_default() {
    let mut root = Cli::command();
    root.build();
    let mut commands = vec![root.clone()];
    commands.extend(root.get_subcommands().cloned());
    for command in &commands {
        for arg in command.get_arguments() {
            let name = format!("{} --{}", command.get_name(), arg.get_id());
            let help = arg.get_help().map(|h| h.to_string()).unwrap_or_default();
            assert!(!help.is_empty(), "{name} has no help");
            let takes_value = arg.get_num_args().is_some_and(|n| n.takes_values());
            if takes_value && arg.get_default_values().is_empty() {
                assert!(
                    ["default", "required"]
                        .iter()
                        .any(|w| help.to_lowercase().contains(w)),
                    "{name} does not say its default: {help}"
                );
            }
        }
    }
    let engine = help(None);
    for word in [
        "bench",
        "match",
        "--threads",
        "[default: 10000]",
        "stderr",
        "--level",
        "beginner",
    ] {
        assert!(
            engine.contains(word),
            "tengen --help lacks {word}:\n{engine}"
        );
    }
    let threads = format!("[default: {}]", default_threads());
    assert!(help(Some("bench")).contains(&threads));
    let referee = help(Some("match"));
    for word in [
        "--boardsize",
        "--threads",
        "{seed}",
        "Wilson",
        "[default: 7.5]",
    ] {
        assert!(
            referee.contains(word),
            "tengen match --help lacks {word}:\n{referee}"
        );
    }
}

#[test]
fn bench_options_parse_with_defaults() {
    let o = bench("").unwrap();
    assert_eq!(o.seconds, 2.0);
    assert_eq!(o.sizes, vec![9, 13, 19]);
    assert_eq!(o.threads, default_threads());
    assert!(std::ptr::eq(o.network, crate::net::builtin()));
    let o = bench("--seconds 0.5 --size 13 --threads=3").unwrap();
    assert_eq!((o.seconds, o.sizes, o.threads), (0.5, vec![13], 3));
    let tiny = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/net/tiny.bin");
    let o = bench(&format!("--network {tiny}")).unwrap();
    assert!(!std::ptr::eq(o.network, crate::net::builtin()));
    assert_ne!(o.network.shape(), crate::net::builtin().shape());
    let missing = refusal(bench("--network /no/such/file"), "a missing network");
    assert!(
        missing.contains("--network /no/such/file: cannot read it"),
        "{missing}"
    );
    let not_a_network = concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml");
    refusal(
        bench(&format!("--network {not_a_network}")),
        "not a network",
    );
    for bad in [
        "--size 1",
        "--size 26",
        "--size x",
        "--seconds -1",
        "--seconds 0",
        "--seconds nan",
        "--seconds 4000",
        "--seconds",
        "--threads 0",
        "--threads 1000",
        "--frobnicate",
        "--playouts 5",
    ] {
        refusal(bench(bad), bad);
    }
}

#[test]
fn match_options_parse_with_defaults() {
    let c = match_config("--engine1 'gnugo --level 1' --engine2=gnugo").unwrap();
    assert_eq!(c.engine1, ["gnugo", "--level", "1"]);
    assert_eq!(c.engine2, ["gnugo"]);
    assert_eq!(
        (c.size, c.komi, c.games, c.parallel, c.seed),
        (19, 7.5, 1, 1, 42)
    );
    assert!(c.alternate);
    assert_eq!(c.max_moves, 3 * 19 * 19);
    assert_eq!(c.timeout, Duration::from_secs(60));
    assert_eq!(c.lag, Duration::from_millis(500));
    assert_eq!(c.time, None);
    assert_eq!(c.add_lag, None);
    assert_eq!(c.time_log, None);
    assert_eq!(c.referee, None);
    assert_eq!(c.sgf_dir, None);
    assert!(!c.verbose && !c.show_stderr);

    let c = match_config(
        "--black a --white b --size 9 --komi -6.5 --games 10 --threads 2 --seed 7 \
         --time '60 10 5' --lag 0.25 --timeout 5 --max-moves 100 --sgf-dir out \
         --referee 'gnugo --mode gtp' --name1 A --name2 B -v --show-stderr",
    )
    .unwrap();
    assert!(!c.alternate, "--black/--white fix the colours");
    assert_eq!(
        (c.size, c.komi, c.games, c.parallel, c.seed),
        (9, -6.5, 10, 2, 7)
    );
    assert_eq!(
        c.time,
        Some(TimeControl::Canadian {
            main: 60,
            period: 10,
            stones: 5
        })
    );
    assert_eq!((c.add_lag, c.time_log.clone()), (None, None));
    assert_eq!(c.lag, Duration::from_millis(250));
    assert_eq!(c.timeout, Duration::from_secs(5));
    assert_eq!(c.max_moves, 100);
    assert_eq!(c.sgf_dir, Some(PathBuf::from("out")));
    assert_eq!(
        c.referee.as_deref(),
        Some(&["gnugo".to_string(), "--mode".into(), "gtp".into()][..])
    );
    assert_eq!(
        (c.name1.as_deref(), c.name2.as_deref()),
        (Some("A"), Some("B"))
    );
    assert!(c.verbose && c.show_stderr);
    let alternate = |line: &str| match_config(line).unwrap().alternate;
    assert!(alternate("--black a --white b --alternate"));
    assert!(!alternate("--engine1 a --engine2 b --no-alternate"));
    assert!(alternate(
        "--engine1 a --engine2 b --no-alternate --alternate"
    ));
    let c = match_config("--engine1 a --engine2 b --boardsize 7 --parallel 3").unwrap();
    assert_eq!((c.size, c.max_moves, c.parallel), (7, 147, 3));
    let c = match_config(
        "--engine1 a --engine2 b --time byoyomi:5:3:2 --add-lag '0.05 0.4' --time-log t.tsv",
    )
    .unwrap();
    assert_eq!(
        c.time,
        Some(TimeControl::ByoYomi {
            main: 5,
            period: 2,
            periods: 3
        })
    );
    let ms = Duration::from_millis;
    assert_eq!(c.add_lag, Some((ms(50), ms(400))));
    assert_eq!(c.time_log, Some(PathBuf::from("t.tsv")));
    assert_eq!(c.lag, ms(500), "--add-lag leaves --lag alone");
    let c = match_config("--engine1 a --engine2 b --time fischer:10:1 --add-lag 0.2").unwrap();
    assert_eq!(
        c.time,
        Some(TimeControl::Fischer {
            main: 10,
            increment: 1
        })
    );
    assert_eq!(c.add_lag, Some((ms(200), ms(200))));
    let c = match_config("--engine1 a --engine2 b --time absolute:60 --add-lag 0,1").unwrap();
    assert_eq!(c.time, Some(TimeControl::Absolute { main: 60 }));
    assert_eq!(c.add_lag, Some((ms(0), ms(1000))));
    // The last of --engine1 and --black counts.
    let c = match_config("--engine1 a --black b --engine2 c").unwrap();
    assert_eq!((c.engine1, c.alternate), (vec!["b".to_string()], false));
}

#[test]
fn bad_match_options_are_refused_with_the_reason() {
    for (line, reason) in [
        ("", "--engine1 <CMD>"),
        ("--engine1 a", "--engine2 <CMD>"),
        ("--engine1 a --engine2 b --size 1", "from 2 to 25"),
        ("--engine1 a --engine2 b --size 26", "from 2 to 25"),
        ("--engine1 a --engine2 b --komi x", "not a komi"),
        ("--engine1 a --engine2 b --komi NaN", "not a komi"),
        ("--engine1 a --engine2 b --komi 2000", "not a komi"),
        ("--engine1 a --engine2 b --games 0", "from 1 to 1000000"),
        ("--engine1 a --engine2 b --parallel 0", "from 1 to 256"),
        ("--engine1 a --engine2 b --timeout 0", "above 0"),
        ("--engine1 a --engine2 b --time '1 2'", "three numbers"),
        (
            "--engine1 a --engine2 b --time '1 2 x'",
            "not a whole number",
        ),
        ("--engine1 a --engine2 b --lag -1", "seconds from 0"),
        (
            "--engine1 a --engine2 b --time byoyomi:5:3",
            "byoyomi:MAIN:PERIODS:PERIOD",
        ),
        (
            "--engine1 a --engine2 b --time sudden:5",
            "unknown time system",
        ),
        (
            "--engine1 a --engine2 b --add-lag '0.4 0.1'",
            "MIN is larger than MAX",
        ),
        ("--engine1 a --engine2 b --add-lag -1", "from 0 to 60"),
        (
            "--engine1 a --engine2 b --add-lag '1 2 3'",
            "one or two numbers",
        ),
        ("--engine1 a --engine2 b --bogus", "unexpected argument"),
        ("--engine1 a --engine2", "a value is required"),
        ("--engine1 '' --engine2 b", "empty engine command"),
        ("--engine1 \"a 'b\" --engine2 b", "unterminated"),
        (
            "--engine1 a --engine2 b --alternate=yes",
            "unexpected value",
        ),
    ] {
        let text = refusal(match_config(line), line);
        assert!(text.contains(reason), "{line:?}: {text}");
    }
}

#[test]
fn the_book_is_built_in_or_a_file_or_none() {
    let builtin = engine("")
        .unwrap()
        .0
        .book
        .expect("the built-in book by default");
    assert_eq!((builtin.size(), builtin.len()), (9, Book::builtin().len()));
    assert!(engine("--no-book").unwrap().0.book.is_none());
    let dir = std::env::temp_dir().join(format!("tengen-cli-book-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("13.txt");
    std::fs::write(&good, "size 13\nkomi 6.5\n-> G7\nG7 -> D4\n").unwrap();
    let line = format!("--book {}", good.display());
    let book = engine(&line).unwrap().0.book.expect("the file's book");
    assert_eq!((book.size(), book.komi(), book.len()), (13, 6.5, 2));
    // The last of --book and --no-book counts.
    assert!(engine(&format!("{line} --no-book"))
        .unwrap()
        .0
        .book
        .is_none());
    assert_eq!(
        engine(&format!("--no-book {line}"))
            .unwrap()
            .0
            .book
            .map(|b| b.size()),
        Some(13)
    );
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "size 9\nkomi 7.5\nE5 E5 -> C3\n").unwrap();
    let line = format!("--book {}", bad.display());
    let reason = refusal(engine(&line), &line);
    assert!(
        reason.contains("book line 3") && reason.contains("occupied"),
        "{reason}"
    );
    let missing = dir.join("missing.txt");
    let line = format!("--book {}", missing.display());
    assert!(refusal(engine(&line), &line).contains("cannot read"));
    // `tengen book --extend FILE` reads and checks the book it extends alike.
    let book_options = |line: &str| match parse_with_seed(argv(&format!("book {line}")), 42)? {
        Invocation::Book(options) => Ok(options),
        other => panic!("{line:?} is not the book builder: {other:?}"),
    };
    let options = book_options(&format!("--branching 3,2 --extend {}", good.display())).unwrap();
    assert_eq!(options.branching, vec![3, 2]);
    assert_eq!(options.extend.map(|b| b.len()), Some(2));
    assert_eq!(book_options("").unwrap().extend, None);
    let line = format!("--extend {}", bad.display());
    assert!(refusal(book_options(&line), &line).contains("book line 3"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_move_model_is_built_in_or_a_file() {
    use crate::tactics::Feature;
    let search = engine("").unwrap().0.search;
    assert!(std::ptr::eq(search.model, MoveModel::builtin()));
    assert!(std::ptr::eq(search.model_large, MoveModel::builtin_large()));
    let dir = std::env::temp_dir().join(format!("tengen-cli-model-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("model.txt");
    std::fs::write(&good, "tengen-move-model 1\ncapture 1 9.5\n").unwrap();
    let line = format!("--model {}", good.display());
    let search = engine(&line).unwrap().0.search;
    for model in [search.model, search.model_large] {
        assert_eq!(model.get(Feature::Capture, 1), 9.5);
        assert_eq!(model.get(Feature::Capture, 2), 1.0);
    }
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "tengen-move-model 1\ncapture 1 -2\n").unwrap();
    let line = format!("--model {}", bad.display());
    let reason = refusal(engine(&line), &line);
    assert!(reason.contains("line 2: bad gamma"), "{reason}");
    let line = format!("--model {}", dir.join("missing.txt").display());
    assert!(refusal(engine(&line), &line).contains("cannot read"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn time_per_game_is_seconds_and_not_beside_time_per_move() {
    let config = engine("--time-per-game 90").unwrap().0;
    assert_eq!(config.time_per_game, Some(Duration::from_secs(90)));
    assert_eq!(engine("").unwrap().0.time_per_game, None);
    for line in ["--time-per-game 0", "--time-per-game 5 --time-per-move 1"] {
        refusal(engine(line), line);
    }
}

/// `--network`: the built-in network by default, a file's when given; a bad file is one line
/// naming the option, the file and the reason.
#[test]
fn the_network_is_built_in_or_a_file_and_a_bad_one_is_one_line() {
    let search = engine("").unwrap().0.search;
    assert!(std::ptr::eq(search.network, net::builtin()));
    let tiny = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/net/tiny.bin");
    let line = format!("--network {}", tiny.display());
    assert_eq!(engine(&line).unwrap().0.search.network.shape(), (2, 8));
    let missing = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/net/missing.bin");
    let line = format!("--network {}", missing.display());
    let reason = refusal(engine(&line), &line);
    assert_eq!(
        reason.trim_end().lines().count(),
        1,
        "{reason:?} is not one line"
    );
    assert!(
        reason.contains(&format!("--network {}: cannot read it", missing.display())),
        "{reason}"
    );
}

fn review(line: &str) -> Result<review::Options, clap::Error> {
    match parse_with_seed(argv(&format!("review {line}")), 42)? {
        Invocation::Review(options) => Ok(options),
        other => panic!("{line:?} is not a review: {other:?}"),
    }
}

#[test]
fn review_takes_a_game_an_output_and_the_effort() {
    let options = review("game.sgf -o out.sgf").unwrap();
    assert_eq!(options.input, PathBuf::from("game.sgf"));
    assert_eq!(options.output, PathBuf::from("out.sgf"));
    assert_eq!(options.graph_path(), PathBuf::from("out.svg"));
    assert_eq!((options.playouts, options.seconds), (None, None));
    assert_eq!(options.progress, crate::progress::Mode::Auto);
    let options = review(
        "game.sgf --output out.sgf --graph g.svg --playouts 500 --seconds 1.5 --threads 2 \
         --seed 7 --komi -3.5 --rules japanese --quiet",
    )
    .unwrap();
    assert_eq!(options.graph_path(), PathBuf::from("g.svg"));
    assert_eq!((options.playouts, options.seconds), (Some(500), Some(1.5)));
    assert_eq!((options.threads, options.seed), (2, 7));
    assert_eq!(
        (options.komi, options.rules),
        (Some(-3.5), Some(RuleSet::Japanese))
    );
    assert_eq!(options.progress, crate::progress::Mode::Never);
    assert_eq!(
        review("g.sgf -o o.sgf --progress").unwrap().progress,
        crate::progress::Mode::Always
    );
    for (line, reason) in [
        ("game.sgf", "--output"),
        ("-o out.sgf", "GAME.sgf"),
        ("g.sgf -o o.sgf --playouts 0", "at least 1"),
        ("g.sgf -o o.sgf --seconds 0", "above 0"),
        ("g.sgf -o o.sgf --threads 0", "from 1"),
        ("g.sgf -o o.sgf --rules go", "unknown rules"),
        ("g.sgf -o o.sgf --progress --quiet", "cannot be used with"),
    ] {
        let text = refusal(review(line), line);
        assert!(text.contains(reason), "{line:?}: {text}");
    }
}

#[test]
fn match_campaigns_take_a_slice_a_report_and_an_sprt() {
    let base = "--engine1 a --engine2 b --games 10";
    let slice = |extra: &str| {
        match_config(&format!("{base} {extra}"))
            .unwrap()
            .campaign
            .slice
    };
    assert_eq!(slice(""), None);
    assert_eq!(slice("--games-from 4 --games-to 6"), Some((4, 6)));
    assert_eq!(slice("--games-from 8"), Some((8, 10)));
    // Shards cover the games once, in slices of equal size within one game.
    let shards: Vec<_> = (1..=3)
        .map(|i| slice(&format!("--shard {i}/3")).unwrap())
        .collect();
    assert_eq!(shards, vec![(1, 3), (4, 6), (7, 10)]);
    let config = match_config(&format!("{base} --json r.json --sprt 0,20 --quiet")).unwrap();
    assert_eq!(config.campaign.json, Some(PathBuf::from("r.json")));
    let sprt = config.campaign.sprt.unwrap();
    assert_eq!(
        (sprt.elo0, sprt.elo1, sprt.alpha, sprt.beta),
        (0.0, 20.0, 0.05, 0.05)
    );
    assert_eq!(config.campaign.progress, crate::progress::Mode::Never);
    let sprt = match_config(&format!("{base} --sprt=-5,5,0.1,0.2"))
        .unwrap()
        .campaign
        .sprt
        .unwrap();
    assert_eq!((sprt.elo0, sprt.alpha, sprt.beta), (-5.0, 0.1, 0.2));
    for (extra, reason) in [
        ("--games-from 7 --games-to 3", "not a slice"),
        ("--games-to 11", "not a slice"),
        ("--shard 0/3", "I/N wanted"),
        ("--shard 4/3", "I/N wanted"),
        ("--shard 1/11", "some would be empty"),
        ("--shard 1/2 --games-from 2", "cannot be used with"),
        ("--sprt 20,0", "must be below"),
        ("--sprt 0,20,0.5,0.05", "below 0.5"),
        ("--sprt 0", "two or four numbers"),
    ] {
        let line = format!("{base} {extra}");
        let text = refusal(match_config(&line), &line);
        assert!(text.contains(reason), "{line:?}: {text}");
    }
    // --merge needs no engines, and takes --json for its output.
    match parse_with_seed(argv("match --merge a.json b.json --json out.json"), 1).unwrap() {
        Invocation::MatchMerge { inputs, json } => {
            assert_eq!(
                inputs,
                vec![PathBuf::from("a.json"), PathBuf::from("b.json")]
            );
            assert_eq!(json, Some(PathBuf::from("out.json")));
        }
        other => panic!("not a merge: {other:?}"),
    }
    let line = "match --merge a.json --engine1 x";
    assert!(refusal(parse_with_seed(argv(line), 1), line).contains("cannot be used with"));
}

/// `tengen analysis` takes KaTrain's command line: KataGo's `-model`, `-config` and
/// `-override-config` (with their values) are set aside to be reported, tengen's own options
/// are read, and `-quit-without-waiting` is honoured.
#[test]
fn analysis_sets_katagos_arguments_aside() {
    let line = "analysis -model m.bin.gz -config a.cfg -override-config homeDataDir=/x \
                --threads 2 --max-visits 500 -quit-without-waiting";
    let Invocation::Analysis { config, verbose } = parse_with_seed(argv(line), 1).unwrap() else {
        panic!("not an analysis")
    };
    assert!(!verbose);
    assert_eq!(config.search.threads, 2);
    assert_eq!(config.max_visits, 500);
    assert!(config.quit_without_waiting);
    assert_eq!(
        config.ignored_args,
        [
            "-model",
            "m.bin.gz",
            "-config",
            "a.cfg",
            "-override-config",
            "homeDataDir=/x"
        ]
    );
    // tengen's own --model is not KataGo's -model.
    assert!(parse_with_seed(argv("analysis --model"), 1).is_err());
    assert!(help(Some("analysis")).contains("KaTrain"));
}
