//! What a reviewer adds to the nodes of a game: comments, move annotations (`BM`, `DO`, `IT`,
//! `TE`), hotspots (`HO`), marks on points (`TR`, `LB`), Sabaki's win rate and score lead
//! (`SBKV`, `SBKS`), and alternative lines as variations. `write_marked_up` writes a game with
//! them; the reader (`parse`) still reads only the main line, which the variations never
//! change.

use super::write::{escape, escape_text, header, sgf_point, write_move};
use super::SgfGame;
use crate::geom::{Color, Move, Point};
use std::fmt::Write;

/// SGF's move annotation properties: how good the move of a node is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveAnnotation {
    /// `BM[1]`, or `BM[2]` when `very`: a bad move.
    Bad { very: bool },
    /// `DO[]`: a doubtful move.
    Doubtful,
    /// `IT[]`: an interesting move.
    Interesting,
    /// `TE[1]`, or `TE[2]` when `very`: a good move (tesuji).
    Good { very: bool },
}

/// What one node carries besides its move. `Default` is nothing.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Markup {
    /// `C`: the comment, line breaks kept.
    pub comment: Option<String>,
    pub annotation: Option<MoveAnnotation>,
    /// `HO[1]`: a node to find again (Sabaki marks it in its game tree).
    pub hotspot: bool,
    /// `TR`: points marked with a triangle.
    pub triangles: Vec<Point>,
    /// `LB`: points labelled with a short text.
    pub labels: Vec<(Point, String)>,
    /// `SBKV`: Black's win rate in percent, which Sabaki draws as its win-rate graph.
    pub black_win_percent: Option<f32>,
    /// `SBKS`: Black's score lead in points, which Sabaki draws beside it.
    pub black_lead: Option<f32>,
    /// Lines played instead of this node's move: each a variation, a sibling of the node, after
    /// the main line (which stays the first variation). Ignored on the root.
    pub alternatives: Vec<Line>,
}

/// An alternative line: its moves, with a comment on its first node.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Line {
    pub moves: Vec<(Color, Move)>,
    pub comment: Option<String>,
}

/// Writes `game` as `sgf::write` does, with `root`'s markup on the root node and `moves[i]`'s
/// on the node of move `i` (missing entries: none), one node a line. Each move with
/// alternatives opens a variation for the rest of the main line, so that its alternatives
/// follow as siblings; an alternative with no moves is left out.
pub fn write_marked_up(game: &SgfGame, root: &Markup, moves: &[Markup]) -> String {
    let size = game.size;
    let mut out = header(game);
    write_markup(&mut out, root, size);
    let none = Markup::default();
    let mut branched = Vec::new();
    for (i, &(color, mv)) in game.moves.iter().enumerate() {
        let markup = moves.get(i).unwrap_or(&none);
        out.push('\n');
        if markup
            .alternatives
            .iter()
            .any(|line| !line.moves.is_empty())
        {
            out.push('(');
            branched.push(i);
        }
        write_move(&mut out, color, mv, size);
        write_markup(&mut out, markup, size);
    }
    out.push(')');
    for i in branched.into_iter().rev() {
        for line in &moves[i].alternatives {
            if line.moves.is_empty() {
                continue;
            }
            out.push_str("\n(");
            for (k, &(color, mv)) in line.moves.iter().enumerate() {
                write_move(&mut out, color, mv, size);
                if k == 0 {
                    if let Some(comment) = &line.comment {
                        let _ = write!(out, "C[{}]", escape_text(comment));
                    }
                }
            }
            out.push(')');
        }
        out.push(')');
    }
    out.push('\n');
    out
}

/// The properties of `markup` but its alternatives; points off the board are left out.
fn write_markup(out: &mut String, markup: &Markup, size: usize) {
    match markup.annotation {
        Some(MoveAnnotation::Bad { very }) => {
            let _ = write!(out, "BM[{}]", if very { 2 } else { 1 });
        }
        Some(MoveAnnotation::Doubtful) => out.push_str("DO[]"),
        Some(MoveAnnotation::Interesting) => out.push_str("IT[]"),
        Some(MoveAnnotation::Good { very }) => {
            let _ = write!(out, "TE[{}]", if very { 2 } else { 1 });
        }
        None => {}
    }
    if markup.hotspot {
        out.push_str("HO[1]");
    }
    let triangles: Vec<String> = markup
        .triangles
        .iter()
        .filter_map(|&p| sgf_point(p, size))
        .collect();
    if !triangles.is_empty() {
        let _ = write!(out, "TR[{}]", triangles.join("]["));
    }
    let labels: Vec<String> = markup
        .labels
        .iter()
        .filter_map(|(p, text)| sgf_point(*p, size).map(|p| format!("{p}:{}", escape(text))))
        .collect();
    if !labels.is_empty() {
        let _ = write!(out, "LB[{}]", labels.join("]["));
    }
    if let Some(v) = markup.black_win_percent.filter(|v| v.is_finite()) {
        let _ = write!(out, "SBKV[{v:.2}]");
    }
    if let Some(v) = markup.black_lead.filter(|v| v.is_finite()) {
        let _ = write!(out, "SBKS[{v:.2}]");
    }
    if let Some(comment) = &markup.comment {
        let _ = write!(out, "C[{}]", escape_text(comment));
    }
}

#[cfg(test)]
mod tests;
