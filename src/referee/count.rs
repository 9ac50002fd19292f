//! The count of a game that ended by passes or the move cap (`score_game`): the referee
//! engine's `final_score` when there is one, else the engines' own answers under
//! `adjudicate` (the same winner from both: the smaller margin; else disputed).
//!
//! Depends on: score, geom.

use super::client::GtpEngine;
use super::config::Config;
use super::play::{incident, incident_of, GameRecord, IncidentKind, Party};
use crate::geom::{Color, Move};
use crate::score::GameResult;

/// The count in a `final_score` reply (its first word, as `GameResult` parses it: `B+3.5`,
/// `W+0.5`, `0`, `Draw`…), from Black's side; None for anything that is not a count (`B+R`,
/// `?`, garbage).
pub fn counted(reply: &str) -> Option<f32> {
    match reply.split_whitespace().next()?.parse() {
        Ok(GameResult::Score(score)) => Some(score),
        _ => None,
    }
}

/// Which side a count favours: 1 Black, -1 White, 0 draw.
fn side(score: f32) -> i32 {
    if score > 0.0 {
        1
    } else if score < 0.0 {
        -1
    } else {
        0
    }
}

/// The adjudication rule when there is no referee engine, as a pure function of the two
/// engines' `final_score` answers (None = no usable answer): the same winner from both → that
/// result, with the smaller margin (the one both sides concede); one answer → it stands; two
/// different winners or no answer → disputed.
pub fn adjudicate(answers: [Option<f32>; 2]) -> GameResult {
    match answers {
        [Some(a), Some(b)] if side(a) == side(b) => {
            GameResult::Score(if a.abs() <= b.abs() { a } else { b })
        }
        [Some(_), Some(_)] | [None, None] => GameResult::Unknown,
        [Some(s), None] | [None, Some(s)] => GameResult::Score(s),
    }
}

/// Counts a game that ended by passes or the move cap: the referee's `final_score` if there
/// is a referee, else the engines' answers under `adjudicate`.
pub(super) fn score_game(
    config: &Config,
    record: &mut GameRecord,
    engines: &mut [&mut GtpEngine; 2],
    referee: Option<&mut GtpEngine>,
) -> GameResult {
    if let Some(referee) = referee {
        return match referee_score(config, &record.moves, referee) {
            Ok(score) => GameResult::Score(score),
            Err(detail) => {
                record
                    .incidents
                    .push(incident(Party::Referee, IncidentKind::Referee, detail));
                GameResult::Unknown
            }
        };
    }
    let mut answers = [None, None];
    let mut texts = [String::new(), String::new()];
    for e in 0..2 {
        match engines[e].send("final_score", config.timeout) {
            Ok(text) => match counted(&text) {
                Some(score) => {
                    answers[e] = Some(score);
                    texts[e] = text;
                }
                None => record.incidents.push(incident(
                    Party::Engine(e),
                    IncidentKind::NoScore,
                    format!("final_score answered {text:?}"),
                )),
            },
            Err(error) => {
                record
                    .incidents
                    .push(incident_of(Party::Engine(e), &error, IncidentKind::NoScore))
            }
        }
    }
    let outcome = adjudicate(answers);
    if outcome == GameResult::Unknown && answers.iter().all(Option::is_some) {
        record.incidents.push(incident(
            Party::Engines,
            IncidentKind::Disagreement,
            format!(
                "engine1 says {}, engine2 says {}",
                texts[0].trim(),
                texts[1].trim()
            ),
        ));
    }
    outcome
}

/// Replays `moves` to the referee engine and asks it for `final_score`.
fn referee_score(
    config: &Config,
    moves: &[(Color, Move)],
    referee: &mut GtpEngine,
) -> Result<f32, String> {
    let mut commands = vec![
        format!("boardsize {}", config.size),
        "clear_board".to_string(),
        format!("komi {}", config.komi),
    ];
    if config.handicap > 0 {
        commands.push(format!("fixed_handicap {}", config.handicap));
    }
    commands.extend(moves.iter().map(|(c, m)| format!("play {c} {m}")));
    for command in &commands {
        referee
            .send(command, config.timeout)
            .map_err(|e| e.to_string())?;
    }
    let text = referee
        .send("final_score", config.timeout)
        .map_err(|e| e.to_string())?;
    counted(&text).ok_or_else(|| format!("final_score answered {text:?}"))
}
