//! One search a position: `Search::analyze` (the entry point of GTP's analysis commands) on
//! every position of the main line, from the side to move's point of view, turned into
//! Black's (`Evaluation`).

use super::play;
use crate::game::Game;
use crate::geom::{Color, Move};
use crate::progress::Progress;
use crate::search::{Limits, Report, Restriction, Search};

/// Most moves of a best variation kept.
pub const MAX_VARIATION: usize = 12;

/// What the search thinks of one position.
#[derive(Debug, Clone, PartialEq)]
pub struct Evaluation {
    /// The side whose moves were searched: the next move's in the record, else the side to
    /// move.
    pub to_move: Color,
    /// Black's win rate in [0, 1]: that of the most visited move, for Black.
    pub black_win_rate: f32,
    /// Black's score lead in points (komi taken off), through the most visited move.
    pub black_lead: f32,
    /// The most visited move, then the principal variation (at most `MAX_VARIATION` moves);
    /// empty if the search had no move to report.
    pub best: Vec<Move>,
    /// Real playouts through the best move.
    pub best_visits: u32,
    /// The second most visited move: its move, win rate for the side to move, and visits.
    pub second: Option<(Move, f32, u32)>,
    /// The game had ended (two passes): the position was not searched, and the numbers are
    /// those of the position before the last pass.
    pub ended: bool,
}

impl Evaluation {
    /// Black's view of a search of `report.color`'s moves.
    pub fn from_report(report: &Report) -> Evaluation {
        let color = report.color;
        let (win_rate, lead) = report
            .moves
            .first()
            .map_or((0.5, 0.0), |m| (m.win_rate, m.score_lead));
        Evaluation {
            to_move: color,
            black_win_rate: for_black(color, win_rate),
            black_lead: color.sign() as f32 * lead,
            best: report.moves.first().map_or(Vec::new(), |m| {
                m.pv.iter().copied().take(MAX_VARIATION).collect()
            }),
            best_visits: report.moves.first().map_or(0, |m| m.visits),
            second: report.moves.get(1).map(|m| (m.mv, m.win_rate, m.visits)),
            ended: false,
        }
    }

    /// The win rate of `color` in [0, 1].
    pub fn win_rate(&self, color: Color) -> f32 {
        for_black(color, self.black_win_rate)
    }

    /// The score lead of `color` in points.
    pub fn lead(&self, color: Color) -> f32 {
        color.sign() as f32 * self.black_lead
    }
}

/// A win rate of `color` as Black's, or Black's as `color`'s: the same map both ways.
fn for_black(color: Color, win_rate: f32) -> f32 {
    match color {
        Color::Black => win_rate,
        Color::White => 1.0 - win_rate,
    }
}

/// Searches every position of the game that `moves` play from `start` (`moves.len() + 1` of
/// them, the last after the last move) within `limits`, the colour to search being each
/// next move's. One `progress` step a position. A move the game refuses (`load` checks
/// them first) ends the review there.
///
/// A position after two passes is not searched: the game is over, and the search, which
/// counts every stone on the board as alive once two passes end a line, would count dead
/// stones that the players agreed to remove. It keeps the evaluation before the last pass,
/// marked `ended`.
pub fn evaluate(
    start: &Game,
    moves: &[(Color, Move)],
    search: &mut Search,
    limits: &Limits,
    progress: &Progress,
) -> Vec<Evaluation> {
    let mut game = start.clone();
    let mut evaluations = Vec::with_capacity(moves.len() + 1);
    for i in 0..=moves.len() {
        let color = moves.get(i).map_or(game.to_move(), |&(c, _)| c);
        let evaluation = match evaluations.last() {
            Some(before) if game.is_over() => Evaluation {
                ended: true,
                ..Clone::clone(before)
            },
            _ => Evaluation::from_report(&search.analyze(
                &game,
                color,
                limits,
                None,
                &Restriction::default(),
            )),
        };
        evaluations.push(evaluation);
        progress.step();
        if let Some(&(color, mv)) = moves.get(i) {
            if play(&mut game, color, mv).is_err() {
                break;
            }
        }
    }
    evaluations
}
