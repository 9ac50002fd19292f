//! `GameResult`: how a game ended, in the SGF `RE` / GTP `final_score` form.
//!
//! Depends on: geom.

use crate::geom::Color;
use std::fmt;

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum GameResult {
    /// Counted: Black's score minus White's, komi included (positive = Black wins).
    Score(f32),
    Resignation {
        winner: Color,
    },
    Time {
        winner: Color,
    },
}

impl fmt::Display for GameResult {
    /// `B+3.5`, `W+0.5`, `0`, `B+R`, `W+T`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            GameResult::Score(0.0) => f.write_str("0"),
            GameResult::Score(s) if s > 0.0 => write!(f, "B+{}", s),
            GameResult::Score(s) => write!(f, "W+{}", -s),
            GameResult::Resignation { winner } => write!(f, "{}+R", winner.letter()),
            GameResult::Time { winner } => write!(f, "{}+T", winner.letter()),
        }
    }
}

impl GameResult {
    pub fn winner(&self) -> Option<Color> {
        match *self {
            GameResult::Score(s) if s > 0.0 => Some(Color::Black),
            GameResult::Score(s) if s < 0.0 => Some(Color::White),
            GameResult::Score(_) => None,
            GameResult::Resignation { winner } | GameResult::Time { winner } => Some(winner),
        }
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
}
