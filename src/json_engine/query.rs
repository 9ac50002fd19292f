//! One line of input as KataGo's analysis engine reads it (docs/Analysis_Engine.md in
//! KataGo's repository): a JSON object, either an analysis query or a special action, checked
//! field by field into a `Request`, with a `Problem` for each field that is wrong (the query
//! is refused: one `error` line) or ignored (a `warning` line, the query goes on), as KataGo
//! reports them: `{"id":…,"field":…,"error"|"warning":…}`.
//!
//! Every position of a query is built and its moves replayed here, before anything is
//! queued: an illegal move list is refused at once, for the whole query, as KataGo does.
//!
//! Pure: reads a string, touches no engine.
//!
//! Depends on: search (Restriction), game, board, geom. `rules.rs`: the `rules` field;
//! `barred.rs`: `avoidMoves` and `allowMoves`.

use crate::board::PlayError;
use crate::game::rules::HandicapCompensation;
use crate::game::Game;
use crate::geom::{Color, Move, Point, MAX_SIZE, MIN_SIZE};
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};
use std::collections::BTreeSet;
use std::time::Duration;

/// Most moves a query may give: far beyond any real game, it bounds the work of a replay.
pub const MAX_MOVES: usize = 10_000;
/// The largest komi KataGo accepts, either way.
const MAX_KOMI: f64 = 400.0;

/// Whose view the win rates, scores and ownership of the answers take
/// (`overrideSettings.reportAnalysisWinratesAs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Perspective {
    Black,
    White,
    SideToMove,
}

impl Perspective {
    /// +1 when the figures of `to_move` are reported as they are, −1 when they are turned
    /// to the other side's.
    pub fn sign(self, to_move: Color) -> f32 {
        let viewer = match self {
            Perspective::Black => Color::Black,
            Perspective::White => Color::White,
            Perspective::SideToMove => to_move,
        };
        if viewer == to_move {
            1.0
        } else {
            -1.0
        }
    }
}

/// A field that is wrong or ignored, and why.
#[derive(Debug, Clone, PartialEq)]
pub struct Problem {
    pub field: Option<String>,
    pub message: String,
}

impl Problem {
    fn new(field: &str, message: impl Into<String>) -> Problem {
        Problem {
            field: Some(field.to_string()),
            message: message.into(),
        }
    }

    fn general(message: impl Into<String>) -> Problem {
        Problem {
            field: None,
            message: message.into(),
        }
    }
}

/// An analysis query, checked: the positions it asks for and how to analyse them.
#[derive(Debug, Clone)]
pub struct Query {
    pub id: String,
    /// The start position (initial stones, side to move), rules and komi, before `moves`.
    pub start: Game,
    /// The game's moves, each legal in turn (ko and superko tolerated, as KataGo's replay
    /// does).
    pub moves: Vec<(Color, Move)>,
    /// The turns to analyse (0: the start position), ascending, each with its priority.
    pub turns: Vec<(usize, i64)>,
    /// `maxVisits` (or `overrideSettings.maxVisits`/`maxPlayouts`): playouts of one search.
    pub max_visits: Option<u64>,
    /// `overrideSettings.maxTime`.
    pub max_time: Option<Duration>,
    /// `reportDuringSearchEvery`.
    pub report_every: Option<Duration>,
    /// `analysisPVLen`: moves of a variation after the first.
    pub pv_len: Option<usize>,
    pub include_ownership: bool,
    pub include_moves_ownership: bool,
    pub include_policy: bool,
    pub include_pv_visits: bool,
    pub perspective: Option<Perspective>,
    /// `avoidMoves`: moves a player may not play near the root (see `bars`).
    pub avoid: Vec<MoveList>,
    /// `allowMoves`: the only moves a player may play near the root (at most one a player).
    pub allow: Vec<MoveList>,
}

impl Query {
    /// The position of `turn`: the start position and the first `turn` moves.
    pub fn position(&self, turn: usize) -> Game {
        let mut game = self.start.clone();
        for &(color, mv) in &self.moves[..turn] {
            // Replayed once already by `parse`: the same moves from the same start succeed.
            if game.try_play(color, mv).is_err() {
                let _ = game.play_lenient(color, mv);
            }
        }
        game
    }

    /// The side to move at `turn`: the player of the next move, else the other one of the
    /// last (as KataGo: a move list may repeat a colour).
    pub fn to_move(&self, turn: usize) -> Color {
        match (
            self.moves.get(turn),
            turn.checked_sub(1).map(|t| self.moves[t]),
        ) {
            (Some(&(color, _)), _) => color,
            (None, Some((color, _))) => color.opponent(),
            (None, None) => self.start.to_move(),
        }
    }
}

/// A special action (`"action"` field).
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    /// `terminate` (`terminateId`) or `terminate_all` (`id: None`), for some turns or all.
    Terminate {
        id: Option<String>,
        turns: Option<Vec<usize>>,
    },
    QueryVersion,
    QueryModels,
    ClearCache,
}

/// What one line asks for.
#[derive(Debug, Clone)]
pub enum Request {
    Analyze(Box<Query>),
    /// The action and the query object, which the answer echoes.
    Action(Action, Map<String, Value>),
}

/// A line read: its id when it has one, the warnings, and the request or why it was refused.
#[derive(Debug, Clone)]
pub struct Parsed {
    pub id: Option<String>,
    pub warnings: Vec<Problem>,
    pub request: Result<Request, Problem>,
}

/// The fields of a query KataGo knows and tengen ignores: a warning each when present.
const IGNORED_FIELDS: &[&str] = &[
    "rootFpuReductionMax",
    "rootPolicyTemperature",
    "includeOwnershipStdev",
    "includeMovesOwnershipStdev",
    "includeNoResultValue",
    "firstReportDuringSearchAfter",
];

/// The fields `parse` reads.
const FIELDS: &[&str] = &[
    "id",
    "action",
    "terminateId",
    "turnNumbers",
    "boardXSize",
    "boardYSize",
    "initialStones",
    "moves",
    "initialPlayer",
    "analyzeTurns",
    "priority",
    "priorities",
    "rules",
    "komi",
    "whiteHandicapBonus",
    "overrideSettings",
    "maxVisits",
    "analysisPVLen",
    "includeOwnership",
    "includeMovesOwnership",
    "includePolicy",
    "includePVVisits",
    "reportDuringSearchEvery",
    "avoidMoves",
    "allowMoves",
];

/// Reads one line.
pub fn parse(line: &str) -> Parsed {
    let mut parsed = Parsed {
        id: None,
        warnings: Vec::new(),
        request: Err(Problem::general("")),
    };
    let value: Value = match serde_json::from_str(line) {
        Ok(v) => v,
        Err(e) => {
            parsed.request = Err(Problem::general(format!(
                "could not parse input line as json request: {e}"
            )));
            return parsed;
        }
    };
    let Value::Object(map) = value else {
        parsed.request = Err(Problem::general(
            "request line was valid json but was not an object",
        ));
        return parsed;
    };
    let Some(Value::String(id)) = map.get("id") else {
        parsed.request = Err(Problem::general("request must have a string \"id\" field"));
        return parsed;
    };
    parsed.id = Some(id.clone());
    let mut reader = Reader {
        map: &map,
        warnings: &mut parsed.warnings,
    };
    parsed.request = match map.get("action") {
        Some(_) => reader.action().map(|a| Request::Action(a, map.clone())),
        None => reader.query(id).map(|q| Request::Analyze(Box::new(q))),
    };
    parsed
}

/// Reads the fields of one query object, collecting warnings.
struct Reader<'a> {
    map: &'a Map<String, Value>,
    warnings: &'a mut Vec<Problem>,
}

impl Reader<'_> {
    /// `field` as a `T`, or `None` when absent; `message` when it is not a `T`.
    fn get<T: DeserializeOwned>(&self, field: &str, message: &str) -> Result<Option<T>, Problem> {
        match self.map.get(field) {
            None => Ok(None),
            Some(v) => serde_json::from_value(v.clone())
                .map(Some)
                .map_err(|_| Problem::new(field, message)),
        }
    }

    /// An integer `field` within `min..=max`.
    fn integer(&self, field: &str, min: i64, max: i64) -> Result<Option<i64>, Problem> {
        let message = format!("must be an integer from {min} to {max}");
        match self.get::<i64>(field, &message)? {
            Some(n) if !(min..=max).contains(&n) => Err(Problem::new(field, message)),
            n => Ok(n),
        }
    }

    /// A number `field` within `min..=max`.
    fn number(&self, field: &str, min: f64, max: f64) -> Result<Option<f64>, Problem> {
        let message = format!("must be a number from {min} to {max}");
        match self.get::<f64>(field, &message)? {
            Some(x) if !(min..=max).contains(&x) => Err(Problem::new(field, message)),
            x => Ok(x),
        }
    }

    fn boolean(&self, field: &str) -> Result<bool, Problem> {
        Ok(self
            .get::<bool>(field, "must be a boolean")?
            .unwrap_or(false))
    }

    fn action(&mut self) -> Result<Action, Problem> {
        let action: String = self.get("action", "must be a string")?.unwrap_or_default();
        let turns = || -> Result<Option<Vec<usize>>, Problem> {
            self.get(
                "turnNumbers",
                "if provided, must be an array of integers indicating turns to terminate",
            )
        };
        match action.as_str() {
            "terminate" => {
                let id: String = self
                    .get("terminateId", "must be a string")?
                    .ok_or_else(|| {
                        Problem::new(
                            "terminateId",
                            "requests for a terminate action must have a string \"terminateId\" field",
                        )
                    })?;
                Ok(Action::Terminate {
                    id: Some(id),
                    turns: turns()?,
                })
            }
            "terminate_all" => Ok(Action::Terminate {
                id: None,
                turns: turns()?,
            }),
            "query_version" => Ok(Action::QueryVersion),
            "query_models" => Ok(Action::QueryModels),
            "clear_cache" => Ok(Action::ClearCache),
            _ => Err(Problem::new(
                "action",
                "'action' field must be 'query_version' or 'query_models' or 'clear_cache' or \
                 'terminate' or 'terminate_all'",
            )),
        }
    }

    fn query(&mut self, id: &str) -> Result<Query, Problem> {
        let size = self.board_size()?;
        let (rules, mut default_komi) = self.rules()?;
        let mut start = Game::new(size, rules);
        if let Some(bonus) = self.get::<String>("whiteHandicapBonus", "must be a string")? {
            let mut rules = *start.rules();
            rules.handicap_compensation = match bonus.as_str() {
                "0" => HandicapCompensation::None,
                "N" => HandicapCompensation::N,
                "N-1" => HandicapCompensation::NMinusOne,
                _ => {
                    return Err(Problem::new(
                        "whiteHandicapBonus",
                        "must be \"0\", \"N\" or \"N-1\"",
                    ))
                }
            };
            start.set_rules(rules);
        }
        if let Some(komi) = self.number("komi", -MAX_KOMI, MAX_KOMI)? {
            default_komi = komi as f32;
        }
        start.set_komi(default_komi);
        let moves = self.moves("moves", size, true)?.ok_or_else(|| {
            Problem::new("moves", "must specify an array of [player,location] pairs")
        })?;
        if moves.len() > MAX_MOVES {
            return Err(Problem::new(
                "moves",
                format!("at most {MAX_MOVES} moves are accepted"),
            ));
        }
        self.place_initial_stones(&mut start, size, moves.first().map(|&(c, _)| c))?;
        replay(&start, &moves)?;
        let turns = self.turns(moves.len())?;
        let mut query = Query {
            id: id.to_string(),
            start,
            moves,
            turns,
            max_visits: self.integer("maxVisits", 1, 1 << 50)?.map(|n| n as u64),
            max_time: None,
            report_every: self
                .number("reportDuringSearchEvery", 0.001, 1e6)?
                .map(Duration::from_secs_f64),
            pv_len: self.integer("analysisPVLen", 1, 1000)?.map(|n| n as usize),
            include_ownership: self.boolean("includeOwnership")?,
            include_moves_ownership: self.boolean("includeMovesOwnership")?,
            include_policy: self.boolean("includePolicy")?,
            include_pv_visits: self.boolean("includePVVisits")?,
            perspective: None,
            avoid: Vec::new(),
            allow: Vec::new(),
        };
        self.override_settings(&mut query)?;
        let avoid = self.move_lists("avoidMoves", size)?;
        let allow = self.move_lists("allowMoves", size)?;
        if !avoid.is_empty() && !allow.is_empty() {
            return Err(Problem::new(
                "allowMoves",
                "cannot specify both allowMoves and avoidMoves",
            ));
        }
        if allow.len() > 2 || (allow.len() == 2 && allow[0].player == allow[1].player) {
            return Err(Problem::new(
                "allowMoves",
                "allowMoves allows at most one entry per player",
            ));
        }
        query.avoid = avoid;
        query.allow = allow;
        self.warn_unused();
        Ok(query)
    }

    fn board_size(&self) -> Result<usize, Problem> {
        let message = format!("must provide an integer from {MIN_SIZE} to {MAX_SIZE}");
        let mut sides = [0usize; 2];
        for (side, field) in sides.iter_mut().zip(["boardXSize", "boardYSize"]) {
            *side = self
                .integer(field, MIN_SIZE as i64, MAX_SIZE as i64)
                .map_err(|_| Problem::new(field, &message))?
                .ok_or_else(|| Problem::new(field, &message))? as usize;
        }
        if sides[0] != sides[1] {
            return Err(Problem::new(
                "boardYSize",
                "tengen plays on square boards only: boardXSize and boardYSize must be equal",
            ));
        }
        Ok(sides[0])
    }

    /// `[[player, location], …]` of `field`, or `None` when absent.
    fn moves(
        &self,
        field: &str,
        size: usize,
        allow_pass: bool,
    ) -> Result<Option<Vec<(Color, Move)>>, Problem> {
        let message = "must be an array of pairs of the form: [\"b\" or \"w\", GTP board vertex]";
        let Some(pairs) = self.get::<Vec<(String, String)>>(field, message)? else {
            return Ok(None);
        };
        pairs
            .iter()
            .map(|(player, vertex)| {
                let color: Color = player.parse().map_err(|_| {
                    Problem::new(field, format!("could not parse player: {player}"))
                })?;
                match Move::parse(vertex, size) {
                    Ok(Move::Pass) if !allow_pass => Err(Problem::new(
                        field,
                        format!("could not parse board location: {vertex}"),
                    )),
                    Ok(mv) => Ok((color, mv)),
                    Err(_) => Err(Problem::new(
                        field,
                        format!("could not parse board location: {vertex}"),
                    )),
                }
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Some)
    }

    /// Places `initialStones` on `start` and sets the side to move: `initialPlayer`, else the
    /// player of the first move, else White after handicap stones (two or more Black stones
    /// and no White one, which count as a handicap for the rules' compensation), else Black.
    fn place_initial_stones(
        &mut self,
        start: &mut Game,
        size: usize,
        first_mover: Option<Color>,
    ) -> Result<(), Problem> {
        let stones = self
            .moves("initialStones", size, false)?
            .unwrap_or_default();
        let of = |color: Color| -> Vec<Point> {
            stones
                .iter()
                .filter(|(c, _)| *c == color)
                .filter_map(|(_, mv)| mv.point())
                .collect()
        };
        let (black, white) = (of(Color::Black), of(Color::White));
        let unique: BTreeSet<Point> = black.iter().chain(&white).copied().collect();
        if unique.len() != black.len() + white.len() {
            return Err(Problem::new("initialStones", "a point is given twice"));
        }
        let handicap = white.is_empty() && black.len() >= 2;
        let placed = if handicap {
            start.set_handicap(&black)
        } else {
            start
                .setup(Color::Black, &black)
                .and_then(|()| start.setup(Color::White, &white))
        };
        placed
            .map_err(|e| Problem::new("initialStones", format!("the stones are illegal: {e}")))?;
        let initial: Option<String> = self.get("initialPlayer", "must be \"b\" or \"w\"")?;
        let to_move = match initial {
            Some(p) => p
                .parse::<Color>()
                .map_err(|_| Problem::new("initialPlayer", "must be \"b\" or \"w\""))?,
            None => first_mover.unwrap_or(if handicap { Color::White } else { Color::Black }),
        };
        // No move has been played yet: this cannot fail.
        let _ = start.set_to_move(to_move);
        Ok(())
    }

    /// `analyzeTurns` (default: the last) with `priority` or `priorities`.
    fn turns(&self, n_moves: usize) -> Result<Vec<(usize, i64)>, Problem> {
        let message = "must specify an array of integers indicating turns to analyze";
        let turns: Vec<i64> = self
            .get("analyzeTurns", message)?
            .unwrap_or(vec![n_moves as i64]);
        let mut checked = Vec::with_capacity(turns.len());
        for &t in &turns {
            if t < 0 || t as usize > n_moves {
                return Err(Problem::new(
                    "analyzeTurns",
                    format!("invalid turn number: {t}"),
                ));
            }
            checked.push(t as usize);
        }
        const LIMIT: i64 = 1 << 62;
        let priority = self.integer("priority", -LIMIT, LIMIT)?.unwrap_or(0);
        let priorities: Option<Vec<i64>> = self.get(
            "priorities",
            "must specify an array of integers indicating priorities",
        )?;
        let mut out: Vec<(usize, i64)> = match priorities {
            None => checked.iter().map(|&t| (t, priority)).collect(),
            Some(_) if self.map.contains_key("priority") => {
                return Err(Problem::new(
                    "priority",
                    "cannot specify both priority and priorities",
                ))
            }
            Some(_) if !self.map.contains_key("analyzeTurns") => {
                return Err(Problem::new(
                    "priorities",
                    "can only specify when also specifying analyzeTurns",
                ))
            }
            Some(p) if p.len() != checked.len() => {
                return Err(Problem::new(
                    "priorities",
                    "must be of matching length to analyzeTurns",
                ))
            }
            Some(p) => checked.iter().copied().zip(p).collect(),
        };
        out.sort_by_key(|&(t, _)| t);
        out.dedup_by_key(|&mut (t, _)| t);
        Ok(out)
    }

    /// `overrideSettings`: `reportAnalysisWinratesAs`, `maxTime`, `maxVisits`/`maxPlayouts`
    /// apply; every other key is ignored with one warning naming them.
    fn override_settings(&mut self, query: &mut Query) -> Result<(), Problem> {
        let field = "overrideSettings";
        let Some(settings) = self.map.get(field) else {
            return Ok(());
        };
        let Value::Object(settings) = settings else {
            return Err(Problem::new(field, "must be an object"));
        };
        let mut ignored = Vec::new();
        for (key, value) in settings {
            // KataGo reads every setting as the text of a config file: "BLACK", 8, "8".
            let text = match value {
                Value::String(s) => s.clone(),
                other => other.to_string(),
            };
            let bad = |what: &str| Problem::new(field, format!("could not set {key}: {what}"));
            match key.as_str() {
                "reportAnalysisWinratesAs" => {
                    query.perspective = Some(match text.to_ascii_uppercase().as_str() {
                        "BLACK" => Perspective::Black,
                        "WHITE" => Perspective::White,
                        "SIDETOMOVE" => Perspective::SideToMove,
                        _ => return Err(bad("must be BLACK, WHITE or SIDETOMOVE")),
                    })
                }
                "maxTime" => match text.parse::<f64>() {
                    Ok(s) if s > 0.0 && s <= 1e7 => {
                        query.max_time = Some(Duration::from_secs_f64(s))
                    }
                    _ => return Err(bad("must be a number of seconds from 0 to 1e7")),
                },
                "maxVisits" | "maxPlayouts" => match text.parse::<u64>() {
                    Ok(n) if n >= 1 => {
                        query.max_visits = Some(query.max_visits.map_or(n, |m| m.min(n)))
                    }
                    _ => return Err(bad("must be a positive integer")),
                },
                _ => ignored.push(key.as_str()),
            }
        }
        if !ignored.is_empty() {
            self.warnings.push(Problem::new(
                field,
                format!("ignored by tengen: {}", ignored.join(",")),
            ));
        }
        Ok(())
    }

    /// A warning for each field tengen does not read, as KataGo gives one for each field it
    /// does not know.
    fn warn_unused(&mut self) {
        for key in self.map.keys() {
            if IGNORED_FIELDS.contains(&key.as_str()) {
                self.warnings
                    .push(Problem::new(key, "not supported by tengen: ignored"));
            } else if !FIELDS.contains(&key.as_str()) {
                self.warnings.push(Problem::new(
                    key,
                    "unexpected or unused field, do you have a typo?",
                ));
            }
        }
    }
}

/// Replays `moves` from `start`: an error for the first one the rules refuse for a reason
/// other than ko (occupied, suicide where it is illegal); a ko or superko repetition is
/// played anyway, as KataGo's tolerant replay of game records does.
fn replay(start: &Game, moves: &[(Color, Move)]) -> Result<(), Problem> {
    let mut game = start.clone();
    for (i, &(color, mv)) in moves.iter().enumerate() {
        match game.try_play(color, mv) {
            Ok(()) => {}
            Err(PlayError::Ko | PlayError::Superko) => {
                // Ko allows the point to be empty: lenient play cannot fail here.
                let _ = game.play_lenient(color, mv);
            }
            Err(e) => {
                return Err(Problem::new(
                    "moves",
                    format!("illegal move {i}: {mv} ({e})"),
                ))
            }
        }
    }
    Ok(())
}

mod barred;
mod rules;

pub use barred::MoveList;

#[cfg(test)]
mod tests;
