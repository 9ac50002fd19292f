//! Counting a finished position: area (数子), territory (数目) and Tromp-Taylor.
//!
//! `score` is the whole count of a game under its rules; `area` and `territory` are the building
//! blocks (who owns each point, how many points each side has) that GTP's `final_score`,
//! `final_status_list` and the referee use. Never mutates anything. Scores are from Black's side:
//! positive means Black is ahead, komi and handicap compensation already taken off.
//!
//! Dead stones are the caller's judgement (the search, or a referee): this module trusts them and
//! only removes them before counting. Seki is the one thing it decides itself, because territory
//! counting must not count the eyes of groups in seki (see `territory`).
//!
//! Depends on: game, board, geom.

mod area;
mod benson;
mod regions;
mod result;
mod territory;
#[cfg(test)]
mod tests;
mod union_find;

pub use area::{area, AreaCount};
pub use benson::{unconditional, Unconditional};
pub use result::{GameResult, ParseGameResultError};
pub use territory::{seki_stones, territory, TerritoryCount};
pub(crate) use union_find::UnionFind;

use crate::board::Bitboard;
use crate::game::{Game, Scoring};
use crate::geom::Color;

/// The count of a game, with the given stones judged dead (ignored under Tromp-Taylor), under
/// the game's rules, komi and handicap compensation. Positive = Black ahead.
///
/// - Area (Chinese, AGA, New Zealand): stones + surrounded points, minus komi and the handicap
///   compensation White receives (N or N − 1 points for N stones, by the rules).
/// - Territory (Japanese): surrounded points (seki eyes excluded) + prisoners + dead stones of the
///   opponent, minus komi. There is no handicap compensation under territory counting: the
///   handicap stones are already balanced by White's extra move after them.
/// - Tromp-Taylor: area counting with every stone alive, minus komi and compensation (none in
///   the Tromp-Taylor table row, but a controller may combine them).
pub fn score(game: &Game, dead: &Bitboard) -> f32 {
    let rules = game.rules();
    let pos = game.position();
    let compensation = rules.handicap_compensation.points(game.handicap());
    match rules.scoring {
        Scoring::Area => area(pos, dead).margin() - game.komi() - compensation,
        Scoring::TrompTaylor => {
            area(pos, &Bitboard::default()).margin() - game.komi() - compensation
        }
        Scoring::Territory => {
            let count = territory(pos, dead);
            let side = |c: Color| (count.points(c) + game.prisoners(c)) as f32;
            side(Color::Black) - side(Color::White) - game.komi()
        }
    }
}

/// The count of a game as a `GameResult` (`B+3.5`, `W+0.5`, `0`).
pub fn result(game: &Game, dead: &Bitboard) -> GameResult {
    GameResult::Score(score(game, dead))
}
