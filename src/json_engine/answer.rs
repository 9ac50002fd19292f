//! The lines the analysis engine writes, as KataGo's: an analysis of one turn (`rootInfo`,
//! `moveInfos`, `ownership`, `policy`), the `noResults` answer of a turn terminated before it
//! began, and `error`/`warning` lines.
//!
//! Sign conventions: `search::Report` gives win rates and scores for the side to move and
//! ownership for Black; each answer turns them to the query's perspective
//! (`reportAnalysisWinratesAs`, BLACK by default as in KataGo's example configuration). A
//! lower confidence bound turned to the other side becomes 1 − lcb, as KataGo prints it.
//!
//! Pure: builds JSON values, writes nothing.
//!
//! Depends on: search (Report), game, geom.

use super::query::{Perspective, Problem, Query};
use crate::game::Game;
use crate::geom::{Color, Move, Point};
use crate::search::Report;
use serde_json::{json, Map, Value};

/// Longest variation reported per move when the query gives no `analysisPVLen` (moves after
/// the first), as KataGo's default.
pub const DEFAULT_PV_LEN: usize = 15;

/// A float with at most 6 decimals, so that an `f32` prints as `0.25`, not
/// `0.25000000372529`.
fn num(x: f32) -> Value {
    let x = (x as f64 * 1e6).round() / 1e6;
    json!(x + 0.0)
}

fn letter(color: Color) -> &'static str {
    match color {
        Color::Black => "B",
        Color::White => "W",
    }
}

/// What one answer needs besides the report: the query, its turn and position, and whether
/// the search is still going on.
pub struct Turn<'a> {
    pub query: &'a Query,
    pub turn: usize,
    pub game: &'a Game,
    pub during_search: bool,
}

/// The analysis of one turn.
pub fn analysis(t: &Turn, report: &Report) -> Value {
    let q = t.query;
    let perspective = q.perspective.unwrap_or(Perspective::Black);
    let sign = perspective.sign(report.color);
    let win = |w: f32| if sign > 0.0 { w } else { 1.0 - w };
    let pv_len = 1 + q.pv_len.unwrap_or(DEFAULT_PV_LEN);
    let moves: Vec<Value> = report
        .moves
        .iter()
        .filter(|m| m.visits > 0)
        .map(|m| {
            let mut info = Map::new();
            info.insert("move".into(), json!(m.mv.to_string()));
            info.insert("order".into(), json!(m.order));
            info.insert("visits".into(), json!(m.visits));
            info.insert("edgeVisits".into(), json!(m.visits));
            info.insert("winrate".into(), num(win(m.win_rate)));
            info.insert("lcb".into(), num(win(m.lcb())));
            info.insert("scoreLead".into(), num(sign * m.score_lead));
            info.insert("scoreMean".into(), num(sign * m.score_lead));
            info.insert("scoreSelfplay".into(), num(sign * m.score_lead));
            info.insert("scoreStdev".into(), num(m.score_stdev));
            info.insert("prior".into(), num(m.prior));
            let n = m.pv.len().min(pv_len);
            let pv: Vec<String> = m.pv[..n].iter().map(Move::to_string).collect();
            info.insert("pv".into(), json!(pv));
            if q.include_pv_visits {
                info.insert("pvVisits".into(), json!(m.pv_visits[..n]));
            }
            if let (true, Some(own)) = (q.include_moves_ownership, &m.ownership) {
                info.insert(
                    "ownership".into(),
                    ownership(t.game, own, report.color, perspective),
                );
            }
            Value::Object(info)
        })
        .collect();
    // The position's value is its best move's: the mean over every playout of the root
    // counts the search's exploration of poor moves (many more with RAVE and no network than
    // in KataGo's search), which would make the best move seem to gain points over the
    // position. Before any visit, the root's own figures.
    let root = &report.root;
    let (root_win, root_score) = match report.moves.first().filter(|m| m.visits > 0) {
        Some(best) => (best.win_rate, best.score_lead),
        None => (root.win_rate, root.score_lead),
    };
    let mut root_info = Map::new();
    root_info.insert("currentPlayer".into(), json!(letter(report.color)));
    root_info.insert("visits".into(), json!(root.visits));
    root_info.insert("winrate".into(), num(win(root_win)));
    root_info.insert("scoreLead".into(), num(sign * root_score));
    root_info.insert("scoreSelfplay".into(), num(sign * root_score));
    root_info.insert("scoreStdev".into(), num(root.score_stdev));
    root_info.insert(
        "thisHash".into(),
        json!(format!("{:016X}", t.game.position().situational_hash())),
    );
    let mut answer = Map::new();
    answer.insert("id".into(), json!(q.id));
    answer.insert("turnNumber".into(), json!(t.turn));
    answer.insert("isDuringSearch".into(), json!(t.during_search));
    answer.insert("moveInfos".into(), Value::Array(moves));
    answer.insert("rootInfo".into(), Value::Object(root_info));
    if q.include_ownership {
        answer.insert(
            "ownership".into(),
            ownership(t.game, &report.ownership, report.color, perspective),
        );
    }
    if q.include_policy {
        answer.insert("policy".into(), policy(t.game, report));
    }
    Value::Object(answer)
}

/// Each point's mean owner (`owner`: Black positive, by `Point::index`), row by row from
/// the top left (A19 on 19×19), in the perspective's view (Black positive for BLACK) with
/// `to_move` to move.
fn ownership(game: &Game, owner: &[f32], to_move: Color, perspective: Perspective) -> Value {
    let size = game.size();
    let sign = match perspective {
        Perspective::Black => 1.0,
        Perspective::White => -1.0,
        Perspective::SideToMove => to_move.sign() as f32,
    };
    let values: Vec<Value> = (0..size)
        .rev()
        .flat_map(|row| (0..size).map(move |col| Point::new(col, row)))
        .map(|p| num(sign * owner[p.index()]))
        .collect();
    Value::Array(values)
}

/// Each point's prior (tengen's stand-in for a policy: the move's share of the root's prior,
/// summing to 1 over the moves searched), row by row from the top left, then pass; −1 where
/// the side to move may not play, 0 for a legal move the search does not consider (its own
/// eye, or one `avoidMoves` removed).
fn policy(game: &Game, report: &Report) -> Value {
    let size = game.size();
    let prior_of = |mv: Move| -> f32 {
        match report.moves.iter().find(|m| m.mv == mv) {
            Some(m) => m.prior,
            None if game.check(report.color, mv).is_ok() => 0.0,
            None => -1.0,
        }
    };
    let mut values: Vec<Value> = (0..size)
        .rev()
        .flat_map(|row| (0..size).map(move |col| Point::new(col, row)))
        .map(|p| num(prior_of(Move::Play(p))))
        .collect();
    values.push(num(prior_of(Move::Pass)));
    Value::Array(values)
}

/// The answer of a turn terminated before its search began.
pub fn no_results(id: &str, turn: usize) -> Value {
    json!({"id": id, "turnNumber": turn, "isDuringSearch": false, "noResults": true})
}

/// An `error` or `warning` line (`kind`) about the query `id`.
pub fn problem(id: Option<&str>, problem: &Problem, kind: &str) -> Value {
    let mut line = Map::new();
    if let Some(id) = id {
        line.insert("id".into(), json!(id));
    }
    if let Some(field) = &problem.field {
        line.insert("field".into(), json!(field));
    }
    line.insert(kind.into(), json!(problem.message));
    Value::Object(line)
}

#[cfg(test)]
mod tests;
