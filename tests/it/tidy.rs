//! Architecture invariants that the compiler cannot check in one crate: which module of src/
//! may use which (the arrows of ARCHITECTURE.md), and who may write to stdout.

use std::fs;
use std::path::{Path, PathBuf};

/// For each top-level module, the modules it may name as `crate::X`.
const ALLOWED: &[(&str, &[&str])] = &[
    ("geom", &[]),
    ("param", &[]),
    ("zobrist", &["geom"]),
    ("board", &["geom", "zobrist"]),
    ("game", &["board", "geom", "zobrist"]),
    ("score", &["game", "board", "geom"]),
    ("mailbox", &["board", "geom"]),
    ("tactics", &["mailbox", "geom"]),
    ("playout", &["tactics", "mailbox", "param", "board", "geom"]),
    (
        "judge",
        &[
            "playout", "tactics", "mailbox", "score", "game", "board", "geom",
        ],
    ),
    (
        "search",
        &[
            "judge", "playout", "tactics", "mailbox", "param", "score", "game", "board", "geom",
        ],
    ),
    (
        "net",
        &["tactics", "mailbox", "sgf", "game", "board", "geom"],
    ),
    ("time", &[]),
    ("sgf", &["geom"]),
    ("referee", &["gtp", "sgf", "score", "game", "board", "geom"]),
    (
        "bench",
        &[
            "search", "net", "playout", "tactics", "mailbox", "game", "board", "geom",
        ],
    ),
    ("book", &["search", "game", "board", "geom", "zobrist"]),
    (
        "learn",
        &[
            "search", "playout", "tactics", "mailbox", "sgf", "game", "board", "geom",
        ],
    ),
    (
        "cli",
        &[
            "gtp", "bench", "book", "learn", "net", "referee", "search", "playout", "tactics",
            "time", "game", "geom",
        ],
    ),
    (
        "gtp",
        &[
            "referee", "bench", "book", "search", "judge", "time", "sgf", "score", "playout",
            "game", "board", "geom", "zobrist",
        ],
    ),
];

/// Modules whose code may print to stdout: the GTP replies, the CLI, and the two commands
/// whose output is their report (and `tengen learn`, whose report goes to stderr).
const MAY_PRINT: &[&str] = &["gtp", "referee", "bench", "book", "learn", "main"];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The top-level module a file of src/ belongs to: `src/board/chain.rs` → `board`.
fn module_of(src: &Path, file: &Path) -> String {
    let rel = file.strip_prefix(src).unwrap();
    let first = rel
        .components()
        .next()
        .unwrap()
        .as_os_str()
        .to_string_lossy();
    first.trim_end_matches(".rs").to_string()
}

/// Source text without line comments, so that docs may mention any module.
fn code_of(text: &str) -> String {
    text.lines()
        .map(|l| l.split("//").next().unwrap())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn modules_depend_only_downwards() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut violations = Vec::new();
    for file in &files {
        let module = module_of(&src, file);
        let Some((_, allowed)) = ALLOWED.iter().find(|(m, _)| *m == module) else {
            assert!(
                ["lib", "main"].contains(&module.as_str()),
                "{} belongs to no module listed in tidy.rs: add it with its arrows",
                file.display()
            );
            continue;
        };
        let code = code_of(&fs::read_to_string(file).unwrap());
        for (_, rest) in code
            .match_indices("crate::")
            .map(|(i, _)| ((), &code[i + 7..]))
        {
            let used: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if used != module && !allowed.contains(&used.as_str()) {
                violations.push(format!(
                    "{}: {} uses crate::{}",
                    file.display(),
                    module,
                    used
                ));
            }
        }
        // `use crate::{a, b}` groups.
        for (i, _) in code.match_indices("crate::{") {
            let group: String = code[i + 8..].chars().take_while(|&c| c != '}').collect();
            for item in group.split(',') {
                let used: String = item
                    .trim()
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                if !used.is_empty() && used != module && !allowed.contains(&used.as_str()) {
                    violations.push(format!(
                        "{}: {} uses crate::{}",
                        file.display(),
                        module,
                        used
                    ));
                }
            }
        }
    }
    assert!(
        violations.is_empty(),
        "dependency arrows broken:\n{}",
        violations.join("\n")
    );
}

#[test]
fn only_the_front_ends_write_to_stdout() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    for file in &files {
        let module = module_of(&src, file);
        if MAY_PRINT.contains(&module.as_str()) {
            continue;
        }
        let code = code_of(&fs::read_to_string(file).unwrap());
        for bad in [
            "println!",
            "print!(",
            "std::io::stdout",
            "io::stdout()",
            "dbg!(",
        ] {
            assert!(
                !code.contains(bad),
                "{} ({}) uses {}: stdout belongs to GTP",
                file.display(),
                module,
                bad
            );
        }
        assert!(
            !code.contains("thread_rng"),
            "{}: randomness below main comes from a seeded generator passed in",
            file.display()
        );
    }
}

/// Inside `gtp`, the command table uses the engine and never the other way round: the engine
/// answers with domain errors (`IllegalMove`, `CannotUndo`, …) and `gtp::error` maps them to the
/// GTP texts. `analyze` parses arguments for the table and does not use it either.
#[test]
fn the_gtp_engine_does_not_use_the_command_table() {
    let gtp = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/gtp");
    for (file, banned) in [
        ("engine.rs", &["commands::", "GtpError", "error::"][..]),
        ("analyze.rs", &["commands::"]),
        ("error.rs", &["commands::"]),
    ] {
        let text = fs::read_to_string(gtp.join(file)).unwrap();
        // The unit tests below `#[cfg(test)]` may check the texts a client sees.
        let code = code_of(text.split("#[cfg(test)]").next().unwrap());
        for bad in banned {
            assert!(!code.contains(bad), "src/gtp/{file} uses {bad}");
        }
    }
}
