use super::*;

#[test]
fn table_names_are_unique_and_clean() {
    for (i, e) in COMMANDS.iter().enumerate() {
        assert!(!e.name.is_empty());
        assert!(e.name.bytes().all(|b| b.is_ascii_graphic()), "{}", e.name);
        assert!(
            COMMANDS[..i].iter().all(|f| f.name != e.name),
            "duplicate {}",
            e.name
        );
    }
    for required in [
        "protocol_version",
        "name",
        "version",
        "known_command",
        "list_commands",
        "quit",
        "boardsize",
        "clear_board",
        "komi",
        "play",
        "genmove",
    ] {
        assert!(COMMANDS.iter().any(|e| e.name == required), "{required}");
    }
}

#[test]
fn a_panicking_command_answers_internal_error_and_changes_nothing() {
    let mut engine = Engine::new(Default::default(), Default::default());
    let before = engine.game().komi();
    let bad = entry(
        "bad",
        |engine, _| {
            engine.komi(-99.0);
            panic!("deliberate");
        },
        true,
    );
    let cmd = Command::parse(b"5 bad").unwrap();
    let out = super::super::Output::sink();
    let mut stream = Stream::new(&out, cmd.id.as_deref());
    assert_eq!(
        run_entry(&mut engine, &bad, &cmd, &mut stream),
        Err("internal error: deliberate".to_string())
    );
    assert_eq!(engine.game().komi(), before);
    let name = Command::parse(b"name").unwrap();
    assert_eq!(
        run(&mut engine, &name, &mut stream),
        Ok("tengen".to_string())
    );
}

#[test]
fn numbers_are_parsed_leniently_but_not_garbage() {
    assert_eq!(number("nan"), Err(GtpError::Syntax));
    assert_eq!(number("inf"), Err(GtpError::Syntax));
    assert_eq!(number("abc"), Err(GtpError::Syntax));
    assert_eq!(number("6.5"), Ok(6.5));
    assert_eq!(number("-3"), Ok(-3.0));
    assert_eq!(count("-3"), Err(GtpError::Syntax));
}
