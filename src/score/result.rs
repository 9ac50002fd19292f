//! `GameResult`: how a game ended, in the SGF `RE` / GTP `final_score` form, both ways
//! (`Display` and `FromStr`).
//!
//! Depends on: geom.

use crate::geom::Color;
use std::fmt;
use std::str::FromStr;

/// How a game ended, as SGF's `RE` writes it. `score` and the GTP engine only ever make
/// `Score`; resignation, time, forfeit and `Unknown` come from the match runner (`referee`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum GameResult {
    /// Counted: Black's score minus White's, komi included (positive = Black wins, 0 = draw).
    Score(f32),
    Resignation {
        winner: Color,
    },
    Time {
        winner: Color,
    },
    /// The loser broke the rules or the protocol (illegal move, crash, no reply…).
    Forfeit {
        winner: Color,
    },
    /// Nobody could say who won (SGF's `?`): in a match, the engines named different winners
    /// and no referee settled it.
    Unknown,
}

impl fmt::Display for GameResult {
    /// `B+3.5`, `W+0.5`, `0`, `B+R`, `W+T`, `B+F`, `?`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            GameResult::Score(0.0) => f.write_str("0"),
            GameResult::Score(s) if s > 0.0 => write!(f, "B+{}", s),
            GameResult::Score(s) => write!(f, "W+{}", -s),
            GameResult::Resignation { winner } => write!(f, "{}+R", winner.letter()),
            GameResult::Time { winner } => write!(f, "{}+T", winner.letter()),
            GameResult::Forfeit { winner } => write!(f, "{}+F", winner.letter()),
            GameResult::Unknown => f.write_str("?"),
        }
    }
}

/// A text that is no game result (`ParseGameResultError(text)`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseGameResultError(pub String);

impl fmt::Display for ParseGameResultError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "not a game result: {:?}", self.0)
    }
}

impl std::error::Error for ParseGameResultError {}

impl FromStr for GameResult {
    type Err = ParseGameResultError;
    /// The forms `Display` writes, as SGF `RE` and GTP `final_score` write them, in any case:
    /// `B+3.5`, `W+0.5`, `0` (also `Draw`, `jigo`, `B+0`), `B+R` / `B+Resign`, `W+T` /
    /// `W+Time`, `B+F` / `B+Forfeit`, `?`. Spaces around are ignored; a margin must be a
    /// finite number of at least 0.
    fn from_str(s: &str) -> Result<GameResult, ParseGameResultError> {
        let text = s.trim();
        let error = || ParseGameResultError(s.to_string());
        if text == "0" || text.eq_ignore_ascii_case("draw") || text.eq_ignore_ascii_case("jigo") {
            return Ok(GameResult::Score(0.0));
        }
        if text == "?" {
            return Ok(GameResult::Unknown);
        }
        let (color, margin) = text.split_once('+').ok_or_else(error)?;
        let winner: Color = color.parse().map_err(|_| error())?;
        Ok(match margin.to_ascii_lowercase().as_str() {
            "r" | "resign" => GameResult::Resignation { winner },
            "t" | "time" => GameResult::Time { winner },
            "f" | "forfeit" => GameResult::Forfeit { winner },
            _ => match margin.parse::<f32>() {
                Ok(m) if m.is_finite() && m >= 0.0 => GameResult::Score(winner.sign() as f32 * m),
                _ => return Err(error()),
            },
        })
    }
}

impl GameResult {
    /// The winning colour; None for a draw or an unknown result.
    pub fn winner(&self) -> Option<Color> {
        match *self {
            GameResult::Score(s) if s > 0.0 => Some(Color::Black),
            GameResult::Score(s) if s < 0.0 => Some(Color::White),
            GameResult::Score(_) | GameResult::Unknown => None,
            GameResult::Resignation { winner }
            | GameResult::Time { winner }
            | GameResult::Forfeit { winner } => Some(winner),
        }
    }

    /// Returns true if and only if the result is known (everything but `Unknown`): a match's
    /// win rate counts exactly these games.
    pub fn is_decided(&self) -> bool {
        !matches!(self, GameResult::Unknown)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sgf_form() {
        assert_eq!(GameResult::Score(3.5).to_string(), "B+3.5");
        assert_eq!(GameResult::Score(-0.5).to_string(), "W+0.5");
        assert_eq!(GameResult::Score(0.0).to_string(), "0");
        assert_eq!(GameResult::Score(-12.0).to_string(), "W+12");
        assert_eq!(
            GameResult::Resignation {
                winner: Color::White
            }
            .to_string(),
            "W+R"
        );
        assert_eq!(
            GameResult::Time {
                winner: Color::Black
            }
            .to_string(),
            "B+T"
        );
    }

    #[test]
    fn every_form_reads_back() {
        let w = Color::White;
        let b = Color::Black;
        for result in [
            GameResult::Score(3.5),
            GameResult::Score(-0.5),
            GameResult::Score(0.0),
            GameResult::Score(-12.0),
            GameResult::Resignation { winner: w },
            GameResult::Time { winner: b },
            GameResult::Forfeit { winner: w },
            GameResult::Unknown,
        ] {
            assert_eq!(result.to_string().parse(), Ok(result), "{result}");
        }
        assert_eq!(GameResult::Forfeit { winner: w }.to_string(), "W+F");
        assert_eq!(GameResult::Unknown.to_string(), "?");
    }

    #[test]
    fn other_spellings_parse_and_garbage_does_not() {
        let parse = |s: &str| s.parse::<GameResult>();
        assert_eq!(parse("w+0.5"), Ok(GameResult::Score(-0.5)));
        assert_eq!(parse(" W+23.5\n"), Ok(GameResult::Score(-23.5)));
        for draw in ["Draw", "jigo", "B+0", "0"] {
            assert_eq!(parse(draw), Ok(GameResult::Score(0.0)), "{draw}");
        }
        let b = Color::Black;
        assert_eq!(parse("B+Resign"), Ok(GameResult::Resignation { winner: b }));
        assert_eq!(parse("b+time"), Ok(GameResult::Time { winner: b }));
        assert_eq!(parse("B+Forfeit"), Ok(GameResult::Forfeit { winner: b }));
        for bad in [
            "", "W+", "B-3", "X+1", "B+inf", "B+-1", "B+NaN", "seki", "B+3.5 W",
        ] {
            assert!(parse(bad).is_err(), "{bad:?}");
        }
        assert_eq!(
            parse("seki").unwrap_err().to_string(),
            "not a game result: \"seki\""
        );
    }

    #[test]
    fn winners_and_decided_games() {
        let w = Color::White;
        assert_eq!(GameResult::Score(0.0).winner(), None);
        assert!(GameResult::Score(0.0).is_decided());
        assert_eq!(GameResult::Unknown.winner(), None);
        assert!(!GameResult::Unknown.is_decided());
        assert_eq!(GameResult::Forfeit { winner: w }.winner(), Some(w));
        assert_eq!(GameResult::Score(-1.0).winner(), Some(w));
    }
}
