//! Architecture invariants that the compiler cannot check in one crate: which module of src/
//! may use which (the arrows of ARCHITECTURE.md), and who may write to stdout.

use std::fs;
use std::path::{Path, PathBuf};

/// For each top-level module, the modules it may name as `crate::X`. Every arrow is one-way
/// (`the_arrows_have_no_cycle`), and src/lib.rs lists the modules in an order that follows
/// them (`lib_lists_the_modules_lowest_first`).
const ALLOWED: &[(&str, &[&str])] = &[
    ("atomic_write", &[]),
    ("geom", &[]),
    ("param", &[]),
    ("progress", &[]),
    ("zobrist", &["geom"]),
    ("board", &["geom", "zobrist"]),
    ("game", &["sgf", "board", "geom", "zobrist"]),
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
            "judge", "net", "playout", "tactics", "mailbox", "param", "score", "game", "board",
            "geom",
        ],
    ),
    (
        "net",
        &[
            "tactics", "mailbox", "sgf", "game", "board", "geom", "zobrist",
        ],
    ),
    ("time", &[]),
    ("sgf", &["geom"]),
    (
        "referee",
        &[
            "atomic_write",
            "progress",
            "sgf",
            "score",
            "game",
            "board",
            "geom",
        ],
    ),
    (
        "bench",
        &[
            "search", "net", "playout", "tactics", "mailbox", "game", "board", "geom",
        ],
    ),
    (
        "book",
        &["progress", "search", "game", "board", "geom", "zobrist"],
    ),
    (
        "review",
        &[
            "atomic_write",
            "progress",
            "search",
            "sgf",
            "game",
            "board",
            "geom",
        ],
    ),
    (
        "learn",
        &[
            "progress", "search", "playout", "tactics", "mailbox", "sgf", "game", "board", "geom",
        ],
    ),
    ("json_engine", &["search", "game", "board", "geom"]),
    (
        "cli",
        &[
            "gtp",
            "json_engine",
            "bench",
            "book",
            "learn",
            "net",
            "referee",
            "review",
            "progress",
            "search",
            "playout",
            "tactics",
            "time",
            "game",
            "geom",
        ],
    ),
    (
        "gtp",
        &[
            "bench", "book", "search", "judge", "time", "sgf", "score", "playout", "game", "board",
            "geom", "zobrist",
        ],
    ),
];

/// Modules whose code may print to stdout: the GTP replies, the JSON analysis protocol's
/// answers, the CLI, and the two commands whose output is their report (and `tengen learn`,
/// whose report goes to stderr).
const MAY_PRINT: &[&str] = &[
    "gtp",
    "json_engine",
    "referee",
    "bench",
    "book",
    "learn",
    "main",
];

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

/// The modules `module` may use, by `ALLOWED`.
fn allowed(module: &str) -> &'static [&'static str] {
    ALLOWED
        .iter()
        .find(|(m, _)| *m == module)
        .map_or(&[], |(_, uses)| *uses)
}

/// `ALLOWED` is a hierarchy: no module may use itself through a chain of arrows (a cycle
/// would let two modules each use the other, and the tidy test would pass it). Every module
/// an arrow points to has its own line.
#[test]
fn the_arrows_have_no_cycle() {
    for (module, uses) in ALLOWED {
        for used in *uses {
            assert!(
                ALLOWED.iter().any(|(m, _)| m == used),
                "{module} may use {used}, which has no line in ALLOWED"
            );
        }
    }
    // Kahn's algorithm: take off the modules whose every arrow points to a module already
    // taken off; the ones left over form cycles.
    let mut placed: Vec<&str> = Vec::new();
    while placed.len() < ALLOWED.len() {
        let next: Vec<&str> = ALLOWED
            .iter()
            .filter(|(m, uses)| !placed.contains(m) && uses.iter().all(|u| placed.contains(u)))
            .map(|(m, _)| *m)
            .collect();
        let left: Vec<&str> = ALLOWED
            .iter()
            .map(|(m, _)| *m)
            .filter(|m| !placed.contains(m))
            .collect();
        assert!(
            !next.is_empty(),
            "the arrows among {left:?} contain a cycle"
        );
        placed.extend(next);
    }
}

/// src/lib.rs lists every module of `ALLOWED` once, each after every module it may use, so
/// that its "lowest first" stays true.
#[test]
fn lib_lists_the_modules_lowest_first() {
    let lib = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lib.rs")).unwrap();
    let listed: Vec<&str> = lib
        .lines()
        .filter_map(|l| l.trim().strip_prefix("pub mod "))
        .map(|l| l.trim_end_matches(';'))
        .collect();
    let mut expected: Vec<&str> = ALLOWED.iter().map(|(m, _)| *m).collect();
    let mut sorted = listed.clone();
    expected.sort_unstable();
    sorted.sort_unstable();
    assert_eq!(
        sorted, expected,
        "src/lib.rs and ALLOWED name other modules"
    );
    for (i, module) in listed.iter().enumerate() {
        for used in allowed(module) {
            assert!(
                listed[..i].contains(used),
                "src/lib.rs lists {module} before {used}, which it may use"
            );
        }
    }
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
        ("session.rs", &["commands::", "GtpError", "error::"]),
        ("genmove.rs", &["commands::", "GtpError", "error::"]),
        ("judgment.rs", &["commands::", "GtpError", "error::"]),
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
