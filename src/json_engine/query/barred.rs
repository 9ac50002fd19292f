//! `avoidMoves` and `allowMoves`: the moves a query bars a player from near the root, read
//! from the query and handed to the search as its `Restriction`.

use super::{Problem, Query, Reader};
use crate::geom::{Color, Move};
use crate::search::Restriction;
use serde_json::{Map, Value};

/// The deepest `untilDepth` kept: deeper than any search tree.
const MAX_UNTIL_DEPTH: i64 = 4096;

/// One entry of `avoidMoves` or `allowMoves`: a player, moves, and the tree depth from which
/// the entry no longer applies (`untilDepth`; depth 0 is the analysed position's move).
#[derive(Debug, Clone, PartialEq)]
pub struct MoveList {
    pub player: Color,
    pub moves: Vec<Move>,
    pub until_depth: u16,
}

impl Query {
    /// Returns true if and only if `avoidMoves` or `allowMoves` bar `color` from playing
    /// `mv` at tree depth `depth` (0: the analysed position's move), as KataGo reads them:
    /// an entry of the player applies at every depth below its `untilDepth`.
    pub fn bars(&self, color: Color, mv: Move, depth: usize) -> bool {
        let applies = |l: &&MoveList| l.player == color && depth < l.until_depth as usize;
        self.avoid
            .iter()
            .filter(applies)
            .any(|l| l.moves.contains(&mv))
            || self
                .allow
                .iter()
                .filter(applies)
                .any(|l| !l.moves.contains(&mv))
    }

    /// `bars` for the search.
    pub fn restriction(&self) -> Restriction {
        let mut restriction = Restriction::default();
        for l in &self.avoid {
            restriction.avoid(l.player, &l.moves, l.until_depth);
        }
        for l in &self.allow {
            restriction.allow_only(l.player, &l.moves, l.until_depth);
        }
        restriction
    }
}

impl Reader<'_> {
    /// `avoidMoves` / `allowMoves`: `[{player, moves, untilDepth}, …]`. An `untilDepth` past
    /// `MAX_UNTIL_DEPTH` counts as it (deeper than any tree).
    pub(super) fn move_lists(&self, field: &str, size: usize) -> Result<Vec<MoveList>, Problem> {
        let message = "must be a list of dicts with subfields 'player', 'moves', 'untilDepth'";
        let Some(list) = self.get::<Vec<Map<String, Value>>>(field, message)? else {
            return Ok(Vec::new());
        };
        let mut out = Vec::new();
        for entry in &list {
            let player = entry.get("player").and_then(Value::as_str);
            let moves = entry.get("moves").and_then(Value::as_array);
            let depth = entry.get("untilDepth").and_then(Value::as_i64);
            let (Some(player), Some(moves), Some(depth)) = (player, moves, depth) else {
                return Err(Problem::new(field, message));
            };
            let color: Color = player
                .parse()
                .map_err(|_| Problem::new(field, "player: must be \"b\" or \"w\""))?;
            if depth < 1 {
                return Err(Problem::new(
                    field,
                    "untilDepth: must be a positive integer",
                ));
            }
            let moves = moves
                .iter()
                .map(|m| {
                    m.as_str()
                        .and_then(|s| Move::parse(s, size).ok())
                        .ok_or_else(|| {
                            Problem::new(field, format!("could not parse board location: {m}"))
                        })
                })
                .collect::<Result<Vec<Move>, Problem>>()?;
            out.push(MoveList {
                player: color,
                moves,
                until_depth: depth.min(MAX_UNTIL_DEPTH) as u16,
            });
        }
        Ok(out)
    }
}
