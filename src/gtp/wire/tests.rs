use super::*;
use std::io::Cursor;

fn cmd(line: &str) -> Option<Command> {
    Command::parse(line.as_bytes())
}

fn c(id: Option<&str>, name: &str, args: &[&str]) -> Option<Command> {
    Some(Command {
        id: id.map(str::to_string),
        name: name.to_string(),
        args: args.iter().map(|a| a.to_string()).collect(),
    })
}

#[test]
fn plain_commands_and_arguments() {
    assert_eq!(cmd("genmove b"), c(None, "genmove", &["b"]));
    assert_eq!(cmd("  play   W\tD4  "), c(None, "play", &["W", "D4"]));
    assert_eq!(cmd("list_commands"), c(None, "list_commands", &[]));
}

#[test]
fn ids_are_leading_integers() {
    assert_eq!(cmd("12 genmove b"), c(Some("12"), "genmove", &["b"]));
    assert_eq!(cmd("0 name"), c(Some("0"), "name", &[]));
    // A line holding only an id is an (unknown) empty command, not a blank line.
    assert_eq!(cmd("7"), c(Some("7"), "", &[]));
    // Any number of digits, kept verbatim: beyond u64, and leading zeros.
    assert_eq!(
        cmd("123456789012345678901234567890 name"),
        c(Some("123456789012345678901234567890"), "name", &[])
    );
    assert_eq!(cmd("007 name"), c(Some("007"), "name", &[]));
    let long = "9".repeat(5000);
    assert_eq!(
        cmd(&format!("{long} komi 6.5")),
        c(Some(&long), "komi", &["6.5"])
    );
    // Not ids: signed, decimal, or mixed with letters.
    assert_eq!(cmd("-3 name"), c(None, "-3", &["name"]));
    assert_eq!(cmd("+3 name"), c(None, "+3", &["name"]));
    assert_eq!(cmd("1.5 name"), c(None, "1.5", &["name"]));
    assert_eq!(cmd("12a name"), c(None, "12a", &["name"]));
}

#[test]
fn carriage_returns_and_control_characters_are_dropped() {
    assert_eq!(cmd("boardsize 19\r"), c(None, "boardsize", &["19"]));
    assert_eq!(cmd("kom\x07i 6.5\r"), c(None, "komi", &["6.5"]));
    assert_eq!(cmd("\x1b[Aname\x7f"), c(None, "[Aname", &[]));
    assert_eq!(cmd("play\tb\td4"), c(None, "play", &["b", "d4"]));
    assert_eq!(cmd("\0\0name\0"), c(None, "name", &[]));
}

#[test]
fn comments_and_blank_lines_are_no_commands() {
    assert_eq!(cmd(""), None);
    assert_eq!(cmd("   \t \r"), None);
    assert_eq!(cmd("# a comment"), None);
    assert_eq!(cmd("# interrupt"), None);
    assert_eq!(cmd("\x01\x02"), None);
    assert_eq!(cmd("name # what is your name"), c(None, "name", &[]));
    assert_eq!(cmd("3 komi 6.5#x"), c(Some("3"), "komi", &["6.5"]));
}

#[test]
fn invalid_utf8_cannot_crash_the_parser() {
    let parsed = Command::parse(b"play b \xff\xfe").unwrap();
    assert_eq!(parsed.name, "play");
    assert_eq!(parsed.args.len(), 2);
}

#[test]
fn display_is_the_canonical_line() {
    assert_eq!(cmd("12  genmove\tb\r").unwrap().to_string(), "12 genmove b");
    assert_eq!(cmd("name").unwrap().to_string(), "name");
}

#[test]
fn id_of_a_truncated_line() {
    assert_eq!(
        Command::parse_id_only(b"42 set_free_handicap A1 A2"),
        Some(Some("42".to_string()))
    );
    assert_eq!(
        Command::parse_id_only(b"123456789012345678901234567890 play"),
        Some(Some("123456789012345678901234567890".to_string()))
    );
    // An id that fills the whole prefix may have been cut: not echoed.
    assert_eq!(Command::parse_id_only(b"123456789"), Some(None));
    assert_eq!(Command::parse_id_only(b"set_free_handicap A1"), Some(None));
    assert_eq!(Command::parse_id_only(b"   "), None);
}

#[test]
fn interrupt_comment_is_recognised() {
    assert!(is_interrupt(b"# interrupt"));
    assert!(is_interrupt(b"#interrupt\r"));
    assert!(is_interrupt(b"  # interrupt  "));
    assert!(!is_interrupt(b"# interrupted"));
    assert!(!is_interrupt(b"interrupt"));
    assert!(!is_interrupt(b"name # interrupt"));
}

/// `is_quit` names `quit` exactly when `Command::parse` does.
#[test]
fn quit_is_recognised_as_the_parser_names_it() {
    let lines: [&[u8]; 14] = [
        b"quit",
        b"quit\r",
        b"12 quit",
        b"  \tquit now",
        b"\x01q\x7fuit",
        b"007 quit # bye",
        b"quitx",
        b"Quit",
        b"# quit",
        b"name quit",
        b"12",
        b"",
        b"-1 quit",
        b"12 13 quit",
    ];
    for line in lines {
        let parsed = Command::parse(line).is_some_and(|c| c.name == "quit");
        assert_eq!(is_quit(line), parsed, "{:?}", String::from_utf8_lossy(line));
    }
    assert!(is_quit(b"12 quit"));
    assert!(!is_quit(b"name quit"));
}

#[test]
fn replies_have_status_id_space_text_and_one_empty_line() {
    assert_eq!(format_reply(None, &Ok("2".into())), "= 2\n\n");
    assert_eq!(format_reply(Some("12"), &Ok("D4".into())), "=12 D4\n\n");
    assert_eq!(format_reply(None, &Ok(String::new())), "= \n\n");
    assert_eq!(format_reply(Some("3"), &Ok(String::new())), "=3 \n\n");
    assert_eq!(
        format_reply(None, &Err("unknown command".into())),
        "? unknown command\n\n"
    );
    assert_eq!(
        format_reply(Some("9"), &Err("illegal move".into())),
        "?9 illegal move\n\n"
    );
}

#[test]
fn multi_line_replies_never_contain_an_empty_line() {
    assert_eq!(format_reply(None, &Ok("a\nb\n".into())), "= a\nb\n\n");
    assert_eq!(
        format_reply(None, &Ok("a\n\n \nb\r\n\n".into())),
        "= a\nb\n\n"
    );
    // A leading line break puts the body on its own lines (showboard).
    assert_eq!(
        format_reply(None, &Ok("\nrow1\nrow2".into())),
        "= \nrow1\nrow2\n\n"
    );
    for text in ["", "\n", "\n\n\n", "x\n\n", "\r\n\r\n"] {
        let out = format_reply(None, &Ok(text.into()));
        assert!(out.ends_with("\n\n") && !out.ends_with("\n\n\n"), "{out:?}");
        assert_eq!(out.matches("\n\n").count(), 1, "{out:?}");
    }
}

fn read_all(input: &[u8], cap: usize) -> Vec<RawLine> {
    let mut reader = LineReader::new(Cursor::new(input.to_vec()), cap);
    let mut lines = Vec::new();
    while let Some(line) = reader.next_line().unwrap() {
        lines.push(line);
    }
    lines
}

fn raw(bytes: &[u8], truncated: bool) -> RawLine {
    RawLine {
        bytes: bytes.to_vec(),
        truncated,
    }
}

#[test]
fn line_reader_splits_on_line_feeds() {
    assert_eq!(
        read_all(b"name\r\nversion\n\nquit", 100),
        vec![
            raw(b"name\r", false),
            raw(b"version", false),
            raw(b"", false),
            raw(b"quit", false)
        ]
    );
    assert_eq!(read_all(b"", 100), vec![]);
    assert_eq!(read_all(b"\n", 100), vec![raw(b"", false)]);
}

#[test]
fn line_reader_caps_long_lines_and_keeps_going() {
    let mut input = b"1 ".to_vec();
    input.extend(std::iter::repeat_n(b'x', 10_000));
    input.extend_from_slice(b"\n2 name\n");
    let lines = read_all(&input, 16);
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0], raw(b"1 xxxxxxxxxxxxxx", true));
    assert_eq!(lines[1], raw(b"2 name", false));
    // Exactly at the cap is not truncated.
    assert_eq!(read_all(b"abcd\n", 4), vec![raw(b"abcd", false)]);
}

#[test]
fn line_reader_handles_lines_split_across_buffers() {
    // A BufReader with a tiny buffer forces every line through several fill_buf calls.
    let input = b"boardsize 19\nkomi 6.5\n".to_vec();
    let mut reader = LineReader::new(
        std::io::BufReader::with_capacity(3, Cursor::new(input)),
        100,
    );
    assert_eq!(
        reader.next_line().unwrap(),
        Some(raw(b"boardsize 19", false))
    );
    assert_eq!(reader.next_line().unwrap(), Some(raw(b"komi 6.5", false)));
    assert_eq!(reader.next_line().unwrap(), None);
}
