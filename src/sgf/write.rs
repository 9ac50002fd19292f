//! `SgfGame` → SGF text (`write`); the pieces `markup.rs` writes a reviewed game with.

use super::SgfGame;
use crate::geom::{Color, Move, Point};

/// Escapes SimpleText for a property value: `]` and `\` get a backslash; line breaks become
/// spaces (SimpleText has none).
pub(super) fn escape(s: &str) -> String {
    escaped(s, false)
}

/// Escapes Text (a comment) for a property value: `]` and `\` get a backslash; line breaks
/// stay.
pub(super) fn escape_text(s: &str) -> String {
    escaped(s, true)
}

/// `s` with `]` and `\` escaped; `\n` kept when `text` (Text), else turned to a space with
/// `\t` and `\r` (SimpleText); Text drops `\r`.
fn escaped(s: &str, text: bool) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            ']' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            '\r' if text => {}
            '\n' | '\r' | '\t' if !text => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// The SGF point of a board point, or None if it lies off a board of side `size`.
pub(super) fn sgf_point(p: Point, size: usize) -> Option<String> {
    if !p.is_on_board(size) {
        return None;
    }
    let x = (b'a' + p.col() as u8) as char;
    let y = (b'a' + (size - 1 - p.row()) as u8) as char;
    Some(format!("{x}{y}"))
}

/// Writes a game as SGF text: FF[4], GM[1], CA[UTF-8], AP[tengen:version], the game
/// information that is present, setup stones in the order given, then one node per move with
/// passes as `[]`. Total: a point off the board of `game.size` (never produced by `parse` or
/// by a legal game) is written as a pass in a move and dropped from the setup.
pub fn write(game: &SgfGame) -> String {
    let mut out = header(game);
    for (i, &(color, mv)) in game.moves.iter().enumerate() {
        if i % 10 == 0 {
            out.push('\n');
        }
        write_move(&mut out, color, mv, game.size);
    }
    out.push_str(")\n");
    out
}

/// `;B[dd]`: one move node (a pass, or a point off the board, as `[]`).
pub(super) fn write_move(out: &mut String, color: Color, mv: Move, size: usize) {
    use std::fmt::Write;
    let point = mv
        .point()
        .and_then(|p| sgf_point(p, size))
        .unwrap_or_default();
    let _ = write!(out, ";{}[{point}]", color.letter());
}

/// The root node without its closing: `(;FF[4]…` with the game information and the setup.
pub(super) fn header(game: &SgfGame) -> String {
    use std::fmt::Write;
    let size = game.size;
    let mut out = String::new();
    let _ = write!(
        out,
        "(;FF[4]GM[1]CA[UTF-8]AP[tengen:{}]SZ[{size}]",
        env!("CARGO_PKG_VERSION")
    );
    if let Some(komi) = game.komi {
        let _ = write!(out, "KM[{komi}]");
    }
    let texts = [
        ("RU", &game.rules),
        ("PB", &game.black_name),
        ("PW", &game.white_name),
        ("DT", &game.date),
        ("RE", &game.result),
    ];
    for (ident, value) in texts {
        if let Some(value) = value {
            let _ = write!(out, "{ident}[{}]", escape(value));
        }
    }
    if game.handicap > 0 {
        let _ = write!(out, "HA[{}]", game.handicap);
    }
    for color in Color::BOTH {
        let points: Vec<String> = game
            .setup
            .iter()
            .filter(|(c, _)| *c == color)
            .filter_map(|&(_, p)| sgf_point(p, size))
            .collect();
        if !points.is_empty() {
            let _ = write!(out, "\nA{}[{}]", color.letter(), points.join("]["));
        }
    }
    if let Some(color) = game.to_play {
        let _ = write!(out, "PL[{}]", color.letter());
    }
    out
}
