//! Tests of the GTP client: command-line splitting and a scripted fake engine.

use crate::referee::client::{split_command_line, GtpEngine, GtpError};
use std::time::Duration;

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
