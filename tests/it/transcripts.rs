//! The replay of every client transcript in gtp-logs/ (format: gtp-logs/README.md) through
//! the real binary: each reply matched against the recorded one, its placeholders checked
//! against a mirror of the game.

use crate::gtp::{logs_dir, Engine};
use std::path::{Path, PathBuf};
use std::thread;
use std::time::Duration;
use tengen::game::{Game, Rules};
use tengen::geom::{Color, Move, Point};
use tengen::gtp::wire;

#[derive(Debug, Clone)]
pub(crate) struct Exchange {
    line_no: usize,
    command: String,
    expected: Vec<String>,
    /// `% sleep MS` before the command: wait this long before writing it.
    delay: Duration,
}

#[derive(Debug)]
pub(crate) enum Step {
    One(Exchange),
    Pipeline(Vec<Exchange>),
    Eol(&'static str),
}

pub(crate) struct Transcript {
    pub(crate) args: Vec<String>,
    pub(crate) steps: Vec<Step>,
}

pub(crate) fn parse_transcript(path: &Path) -> Transcript {
    let text = std::fs::read_to_string(path).unwrap();
    let name = path.display();
    let mut args = Vec::new();
    let mut steps = Vec::new();
    let mut block: Option<Vec<Exchange>> = None;
    let mut current: Option<Exchange> = None;
    let mut delay = Duration::ZERO;
    let flush = |current: &mut Option<Exchange>,
                 block: &mut Option<Vec<Exchange>>,
                 steps: &mut Vec<Step>| {
        if let Some(ex) = current.take() {
            assert!(
                !ex.expected.is_empty(),
                "{name}:{}: a command without `<` lines",
                ex.line_no
            );
            match block {
                Some(b) => b.push(ex),
                None => steps.push(Step::One(ex)),
            }
        }
    };
    for (i, line) in text.lines().enumerate() {
        let line_no = i + 1;
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(cmd) = line.strip_prefix("> ") {
            flush(&mut current, &mut block, &mut steps);
            current = Some(Exchange {
                line_no,
                command: cmd.to_string(),
                expected: Vec::new(),
                delay: std::mem::take(&mut delay),
            });
        } else if let Some(expected) = line.strip_prefix('<') {
            let ex = current
                .as_mut()
                .unwrap_or_else(|| panic!("{name}:{line_no}: `<` before any `>`"));
            ex.expected
                .push(expected.strip_prefix(' ').unwrap_or(expected).to_string());
        } else if let Some(directive) = line.strip_prefix("% ") {
            flush(&mut current, &mut block, &mut steps);
            let words: Vec<&str> = directive.split_whitespace().collect();
            match words.as_slice() {
                ["args", rest @ ..] => {
                    assert!(
                        steps.is_empty() && block.is_none(),
                        "{name}:{line_no}: % args after commands"
                    );
                    args.extend(rest.iter().map(|s| s.to_string()));
                }
                ["sleep", ms] => delay = Duration::from_millis(ms.parse().unwrap()),
                ["eol", "crlf"] => steps.push(Step::Eol("\r\n")),
                ["eol", "lf"] => steps.push(Step::Eol("\n")),
                ["pipeline"] => {
                    assert!(block.is_none(), "{name}:{line_no}: nested pipeline");
                    block = Some(Vec::new());
                }
                ["end"] => {
                    let b = block
                        .take()
                        .unwrap_or_else(|| panic!("{name}:{line_no}: % end without % pipeline"));
                    steps.push(Step::Pipeline(b));
                }
                _ => panic!("{name}:{line_no}: unknown directive {directive:?}"),
            }
        } else {
            panic!("{name}:{line_no}: cannot read {line:?}");
        }
    }
    flush(&mut current, &mut block, &mut steps);
    assert!(block.is_none(), "{name}: % pipeline without % end");
    Transcript { args, steps }
}

pub(crate) fn is_vertex(s: &str) -> bool {
    let mut chars = s.chars();
    let Some(letter) = chars.next() else {
        return false;
    };
    let digits = chars.as_str();
    letter.is_ascii_uppercase()
        && letter != 'I'
        && !digits.starts_with('0')
        && matches!(digits.parse::<u32>(), Ok(1..=25))
        && digits.bytes().all(|b| b.is_ascii_digit())
}

fn placeholder_matches(name: &str, s: &str) -> bool {
    match name {
        "move" => is_vertex(s) || s == "pass" || s == "resign",
        "vertex" => is_vertex(s),
        "vertices" => !s.is_empty() && s.split(' ').all(is_vertex),
        "moves" => !s.is_empty() && s.split(' ').all(|m| is_vertex(m) || m == "pass"),
        "score" => {
            s == "0"
                || (s.starts_with("B+") || s.starts_with("W+"))
                    && s[2..].parse::<f64>().is_ok_and(|x| x > 0.0)
                    && !s[2..].starts_with('+')
        }
        "number" => s.parse::<f64>().is_ok_and(f64::is_finite),
        "text" => true,
        _ => panic!("unknown placeholder {{{name}}}"),
    }
}

/// Returns true if and only if `text` matches `pattern` (literal text and placeholders).
fn line_matches(pattern: &str, text: &str) -> bool {
    let Some(open) = pattern.find('{') else {
        return pattern == text;
    };
    let close = open + pattern[open..].find('}').expect("unclosed placeholder");
    let literal = &pattern[..open];
    let Some(rest) = text.strip_prefix(literal) else {
        return false;
    };
    let name = &pattern[open + 1..close];
    let rest_pattern = &pattern[close + 1..];
    (0..=rest.len())
        .rev()
        .filter(|&k| rest.is_char_boundary(k))
        .any(|k| placeholder_matches(name, &rest[..k]) && line_matches(rest_pattern, &rest[k..]))
}

/// Returns true if and only if the reply lines `actual` match `expected`. `{info-lz}` and
/// `{info-kata}` match every following line that starts with `info `, each of which must pass
/// Sabaki's parsing rules on a board of side `size` (a test failure otherwise).
fn reply_matches_on(expected: &[String], actual: &[&str], size: usize) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((e, rest)) if e.trim() == "{lines}" => {
            (0..=actual.len()).any(|k| reply_matches_on(rest, &actual[k..], size))
        }
        Some((e, rest)) if e.trim() == "{info-lz}" || e.trim() == "{info-kata}" => {
            let dialect = if e.trim() == "{info-lz}" {
                crate::analysis::Dialect::Lz
            } else {
                crate::analysis::Dialect::Kata
            };
            let n = actual.iter().take_while(|l| l.starts_with("info ")).count();
            for line in &actual[..n] {
                crate::analysis::check_info_line(line, dialect, size);
            }
            reply_matches_on(rest, &actual[n..], size)
        }
        Some((e, rest)) => {
            !actual.is_empty()
                && line_matches(e.trim_end(), actual[0].trim_end())
                && reply_matches_on(rest, &actual[1..], size)
        }
    }
}

fn reply_matches(expected: &[String], actual: &[&str]) -> bool {
    reply_matches_on(expected, actual, 25)
}

#[test]
fn patterns_match_what_they_say() {
    assert!(line_matches("= {move}", "= D4"));
    assert!(line_matches("= {move}", "= pass"));
    assert!(line_matches("= {move}", "= resign"));
    assert!(!line_matches("= {move}", "= d4"));
    assert!(!line_matches("= {move}", "= I4"));
    assert!(!line_matches("= {move}", "= D4 E5"));
    assert!(line_matches("= {vertex} {vertex}", "= D4 Q16"));
    assert!(!line_matches("= {vertex} {vertex}", "= D4 Q16 Q4"));
    assert!(line_matches("= {vertices}", "= D4 Q16 Q4"));
    assert!(!line_matches("= {vertices}", "= D4  Q16"));
    assert!(line_matches("= {score}", "= W+15.5"));
    assert!(line_matches("= {score}", "= 0"));
    assert!(!line_matches("= {score}", "= W+0"));
    assert!(!line_matches("= {score}", "= X+3"));
    assert!(line_matches("={text}", "="));
    assert!(line_matches("=12 {text}", "=12 anything at all"));
    let lines = |s: &[&str]| s.iter().map(|l| l.to_string()).collect::<Vec<_>>();
    assert!(reply_matches(
        &lines(&["= a", "{lines}"]),
        &["= a", "b", "c"]
    ));
    assert!(reply_matches(&lines(&["= a", "{lines}"]), &["= a"]));
    assert!(!reply_matches(&lines(&["= a"]), &["= a", "b"]));
    assert!(reply_matches(
        &lines(&["=", "{lines}", "z"]),
        &["= ", "x", "z"]
    ));
    assert!(line_matches("= {moves}", "= D4 pass Q16"));
    assert!(!line_matches("= {moves}", "= D4 pas"));
    let info = "info move D4 visits 3 winrate 5000 prior 100 lcb 4000 order 0 pv D4 Q16";
    assert!(reply_matches(
        &lines(&["=", "{info-lz}", "play D4"]),
        &["= ", info, info, "play D4"]
    ));
    assert!(reply_matches(&lines(&["=", "{info-kata}"]), &["= "]));
    assert!(!reply_matches(
        &lines(&["=", "{info-lz}"]),
        &["= ", "play D4"]
    ));
}

/// The replayer's own board: see gtp-logs/README.md, "Legality of generated moves".
#[derive(Clone)]
pub(crate) struct Mirror {
    pub(crate) size: usize,
    pub(crate) game: Option<Game>,
}

impl Mirror {
    pub(crate) fn new(size: usize) -> Mirror {
        Mirror {
            size,
            game: Some(Game::new(size, Rules::default())),
        }
    }

    /// Replaces `{free}` in a `play C {free}` command.
    fn substitute(&self, command: &str, at: &str) -> String {
        if !command.contains("{free}") {
            return command.to_string();
        }
        let cmd = wire::Command::parse(command.as_bytes()).unwrap();
        let color: Color = cmd.args[0].parse().unwrap();
        let game = self
            .game
            .as_ref()
            .unwrap_or_else(|| panic!("{at}: {{free}} with no known board"));
        let p = Point::all(self.size)
            .find(|&p| game.check(color, Move::Play(p)).is_ok())
            .unwrap_or_else(|| panic!("{at}: no free point"));
        command.replace("{free}", &p.to_string().to_ascii_lowercase())
    }

    fn check_generated(&self, token: &str, at: &str) -> Option<Move> {
        if token == "resign" {
            return None;
        }
        let mv = Move::parse(token, self.size)
            .unwrap_or_else(|e| panic!("{at}: generated {token:?}: {e}"));
        if let (Some(game), Move::Play(p)) = (&self.game, mv) {
            assert!(
                game.position().stone_at(p).is_none(),
                "{at}: generated move {token} is on an occupied point"
            );
        }
        Some(mv)
    }

    /// Follows a successful command and its reply.
    pub(crate) fn update(&mut self, command: &str, reply: &str, at: &str) {
        if !reply.starts_with('=') {
            return;
        }
        let cmd = wire::Command::parse(command.as_bytes()).unwrap();
        let text = reply.split_once(' ').map_or("", |(_, t)| t).trim();
        let reset = |size| Some(Game::new(size, Rules::default()));
        match (cmd.name.as_str(), cmd.args.as_slice()) {
            ("boardsize" | "rectangular_boardsize", [n, ..]) => {
                self.size = n.parse().unwrap();
                self.game = reset(self.size);
            }
            ("clear_board", _) => self.game = reset(self.size),
            ("loadsgf", [file, ..]) => {
                // The board takes the record's size (SZ, 19 without it): moves are read on it.
                let text = std::fs::read_to_string(file).unwrap_or_default();
                self.size = text
                    .split_once("SZ[")
                    .and_then(|(_, rest)| rest.split_once(']'))
                    .and_then(|(n, _)| n.split(':').next()?.trim().parse().ok())
                    .unwrap_or(19);
                self.game = None;
            }
            ("play", [c, v]) => {
                if let Some(game) = &mut self.game {
                    let mv = Move::parse(v, self.size).unwrap();
                    game.play_lenient(c.parse().unwrap(), mv)
                        .unwrap_or_else(|e| {
                            panic!("{at}: the replayer cannot play {command}: {e}")
                        });
                }
            }
            ("genmove" | "kgs-genmove_cleanup", [c]) => {
                if let Some(mv) = self.check_generated(text, at) {
                    if let Some(game) = &mut self.game {
                        game.play_lenient(c.parse().unwrap(), mv).unwrap();
                    }
                }
            }
            ("reg_genmove", _) => {
                self.check_generated(text, at);
            }
            ("lz-genmove_analyze" | "kata-genmove_analyze", [c, ..]) => {
                let last = reply.lines().last().unwrap_or("");
                let token = last
                    .strip_prefix("play ")
                    .unwrap_or_else(|| panic!("{at}: no `play` line at the end: {reply}"));
                if let Some(mv) = self.check_generated(token, at) {
                    if let Some(game) = &mut self.game {
                        game.play_lenient(c.parse().unwrap(), mv).unwrap();
                    }
                }
            }
            ("undo", _) => {
                if let Some(game) = &mut self.game {
                    game.undo().unwrap();
                }
            }
            ("fixed_handicap" | "place_free_handicap" | "set_free_handicap", _) => {
                let vertices: Vec<String> = if cmd.name == "set_free_handicap" {
                    cmd.args.clone()
                } else {
                    text.split_whitespace().map(str::to_string).collect()
                };
                let points: Vec<Point> = vertices
                    .iter()
                    .map(|v| Point::parse(v, self.size).unwrap())
                    .collect();
                let distinct: std::collections::HashSet<_> = points.iter().collect();
                assert_eq!(
                    distinct.len(),
                    points.len(),
                    "{at}: repeated handicap stone"
                );
                if let Some(game) = &mut self.game {
                    game.set_handicap(&points).unwrap();
                }
            }
            _ => {}
        }
    }
}

fn check_exchange(file: &str, ex: &Exchange, sent: &str, reply: &str, mirror: &mut Mirror) {
    let at = format!("{file}:{}", ex.line_no);
    let actual: Vec<&str> = reply.split('\n').collect();
    assert!(
        reply_matches_on(&ex.expected, &actual, mirror.size),
        "{at}: `{sent}`\nexpected:\n{}\ngot:\n{reply}",
        ex.expected.join("\n")
    );
    mirror.update(sent, reply, &at);
}

fn replay(path: &Path) {
    let file = path.file_name().unwrap().to_string_lossy().into_owned();
    let transcript = parse_transcript(path);
    let mut args = vec![
        "--playouts".to_string(),
        "200".into(),
        "--seed".into(),
        "1".into(),
    ];
    args.extend(transcript.args.iter().cloned());
    let arg_refs: Vec<&str> = args.iter().map(String::as_str).collect();
    let mut engine = Engine::start(&arg_refs);
    let mut mirror = Mirror::new(19);
    let mut quit = false;
    for step in &transcript.steps {
        match step {
            Step::Eol(eol) => engine.eol = eol,
            Step::One(ex) => {
                let sent = mirror.substitute(&ex.command, &format!("{file}:{}", ex.line_no));
                thread::sleep(ex.delay);
                engine.send(&sent);
                let reply = engine.reply();
                check_exchange(&file, ex, &sent, &reply, &mut mirror);
                quit |= sent.split_whitespace().any(|w| w == "quit");
            }
            Step::Pipeline(block) => {
                // A pipelining client writes the whole block before reading a reply, so `{free}`
                // is resolved in advance on a copy of the board that assumes every earlier
                // command of the block succeeded (a `genmove` in the block must come last).
                let mut ahead = mirror.clone();
                let sent: Vec<String> = block
                    .iter()
                    .map(|ex| {
                        let at = format!("{file}:{}", ex.line_no);
                        let sent = ahead.substitute(&ex.command, &at);
                        if !sent.contains("genmove") {
                            ahead.update(&sent, "= ", &at);
                        }
                        sent
                    })
                    .collect();
                for (ex, command) in block.iter().zip(&sent) {
                    thread::sleep(ex.delay);
                    engine.send(command);
                }
                for (ex, command) in block.iter().zip(&sent) {
                    let reply = engine.reply();
                    check_exchange(&file, ex, command, &reply, &mut mirror);
                }
            }
        }
    }
    if quit {
        engine.wait_exit(Duration::from_secs(5));
    } else {
        engine.quit_within(Duration::from_secs(5));
    }
}

fn transcripts() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(logs_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "gtp"))
        .collect();
    files.sort();
    files
}

#[test]
fn transcripts_exist_for_every_client() {
    let names: Vec<String> = transcripts()
        .iter()
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    for client in [
        "sabaki",
        "gogui",
        "twogtp",
        "gtp2ogs-byoyomi",
        "gtp2ogs-handicap",
        "kgsgtp",
        "regress",
        "sabaki-analysis",
        "gogui-analyze",
        "gtp2ogs-fischer",
    ] {
        assert!(
            names.iter().any(|n| n == client),
            "no transcript for {client}"
        );
    }
    for path in transcripts() {
        let t = parse_transcript(&path);
        assert!(!t.steps.is_empty(), "{} is empty", path.display());
    }
}

#[test]
fn replay_sabaki() {
    replay(&logs_dir().join("sabaki.gtp"));
}

#[test]
fn replay_gogui() {
    replay(&logs_dir().join("gogui.gtp"));
}

/// Issue #6: a 19×19 search, then a 9×9 game; the second search once never ended.
#[test]
fn replay_gogui_sizechange() {
    replay(&logs_dir().join("gogui-sizechange.gtp"));
}

#[test]
fn replay_twogtp() {
    replay(&logs_dir().join("twogtp.gtp"));
}

#[test]
fn replay_twogtp_referee() {
    replay(&logs_dir().join("twogtp-referee.gtp"));
}

#[test]
fn replay_gtp2ogs_byoyomi() {
    replay(&logs_dir().join("gtp2ogs-byoyomi.gtp"));
}

#[test]
fn replay_gtp2ogs_handicap() {
    replay(&logs_dir().join("gtp2ogs-handicap.gtp"));
}

#[test]
fn replay_kgsgtp() {
    replay(&logs_dir().join("kgsgtp.gtp"));
}

#[test]
fn replay_regress() {
    replay(&logs_dir().join("regress.gtp"));
}

#[test]
fn replay_sabaki_analysis() {
    replay(&logs_dir().join("sabaki-analysis.gtp"));
}

#[test]
fn replay_gogui_analyze() {
    replay(&logs_dir().join("gogui-analyze.gtp"));
}

#[test]
fn replay_gtp2ogs_fischer() {
    replay(&logs_dir().join("gtp2ogs-fischer.gtp"));
}

/// Transcripts added later (a user's `--gtp-log`) are replayed too.
#[test]
fn replay_every_other_transcript() {
    let known = [
        "sabaki",
        "gogui",
        "gogui-sizechange",
        "twogtp",
        "twogtp-referee",
        "gtp2ogs-byoyomi",
        "gtp2ogs-handicap",
        "kgsgtp",
        "regress",
        "sabaki-analysis",
        "gogui-analyze",
        "gtp2ogs-fischer",
    ];
    for path in transcripts() {
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        if !known.contains(&stem.as_str()) {
            replay(&path);
        }
    }
}
