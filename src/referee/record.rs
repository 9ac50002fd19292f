//! One SGF file per game: `GameRecord` → `sgf::SgfGame` → text → `DIR/game-NNNN.sgf`.
//!
//! Until `sgf::write` is implemented (branch timesgf) the text comes from `write_sgf` here, a
//! minimal FF[4] writer of exactly the fields of `SgfGame` the runner fills; switching is a
//! one-line change in `save`.
//!
//! Depends on: sgf, geom.

use super::config::Config;
use super::play::GameRecord;
use crate::geom::{Color, Move};
use crate::sgf::SgfGame;
use std::fmt::Write as _;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// The SGF view of a finished game.
pub fn sgf_game(config: &Config, record: &GameRecord) -> SgfGame {
    let black = record.engine_of(Color::Black);
    SgfGame {
        size: config.size,
        komi: Some(config.komi),
        rules: Some("Chinese".to_string()),
        handicap: 0,
        setup: Vec::new(),
        moves: record.moves.clone(),
        result: Some(record.outcome.to_string()),
        black_name: Some(record.names[black].clone()),
        white_name: Some(record.names[1 - black].clone()),
    }
}

/// The file name of game `number`.
pub fn file_name(number: usize) -> String {
    format!("game-{number:04}.sgf")
}

/// Writes the game's SGF file into `dir` (created if missing) and returns its path.
pub fn save(dir: &Path, config: &Config, record: &GameRecord) -> io::Result<PathBuf> {
    fs::create_dir_all(dir)?;
    let path = dir.join(file_name(record.number));
    fs::write(&path, write_sgf(&sgf_game(config, record)))?;
    Ok(path)
}

/// Minimal SGF writer for what the runner records: root properties, then the main line.
pub fn write_sgf(game: &SgfGame) -> String {
    // AP is `name:version` (a composed value), as the SGF spec has it.
    let mut out = format!(
        "(;FF[4]GM[1]CA[UTF-8]AP[tengen:{}]",
        env!("CARGO_PKG_VERSION")
    );
    let _ = write!(out, "SZ[{}]", game.size);
    if let Some(komi) = game.komi {
        let _ = write!(out, "KM[{komi}]");
    }
    let text_props = [
        ("RU", &game.rules),
        ("PB", &game.black_name),
        ("PW", &game.white_name),
        ("RE", &game.result),
    ];
    for (name, value) in text_props {
        if let Some(value) = value {
            let _ = write!(out, "{name}[{}]", escape(value));
        }
    }
    for (i, (color, mv)) in game.moves.iter().enumerate() {
        if i % 10 == 0 {
            out.push('\n');
        }
        let _ = write!(out, ";{}[{}]", color.letter(), sgf_point(*mv, game.size));
    }
    out.push_str(")\n");
    out
}

/// SGF coordinates: column letter then row letter, row `a` at the top; a pass is empty.
fn sgf_point(mv: Move, size: usize) -> String {
    match mv {
        Move::Pass => String::new(),
        Move::Play(p) => {
            let letter = |i: usize| char::from(b'a' + i as u8);
            format!("{}{}", letter(p.col()), letter(size - 1 - p.row()))
        }
    }
}

/// SGF text escaping: `]` and `\` take a backslash.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c == ']' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out
}
