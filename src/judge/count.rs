//! What the judgment counts to: GTP `tengen-count` (`count_report`, the count as a referee
//! announces it) and who counts a point (`owns`).
//!
//! Depends on: score, game, geom.

use super::Judgment;
use crate::game::Game;
use crate::geom::{Color, Point};
use crate::score::{self, GameResult};

/// `tengen-count`: the count of `game` with the judgment's dead stones taken off, as a referee
/// of a Chinese-rules game announces it, with the territory count beside it. Four lines:
/// - `area`: Black's and White's points (stones + surrounded points) and the dame;
/// - `stones`: Black's stones in the Chinese stone count (area + half the dame) against par
///   (half the board: 180½ on 19×19), the komi in stones (3¾ at 7.5) and White's handicap
///   compensation in stones, and how many stones Black needs to win;
/// - `territory`: territory + prisoners of each side (seki eyes count for nobody);
/// - `results`: the area and territory results with the game's komi.
pub fn count_report(game: &Game, judgment: &Judgment) -> String {
    let pos = game.position();
    let area = score::area(pos, &judgment.dead);
    let territory = score::territory(pos, &judgment.dead);
    let n_points = (pos.size() * pos.size()) as f32;
    let par = n_points / 2.0;
    let black_stones = area.points(Color::Black) as f32 + area.dame.count() as f32 / 2.0;
    let komi = game.komi();
    let compensation = game.rules().handicap_compensation.points(game.handicap());
    let needed = par + komi / 2.0 + compensation / 2.0;
    let side = |c: Color| territory.points(c) + game.prisoners(c);
    let area_margin =
        area.points(Color::Black) as f32 - area.points(Color::White) as f32 - komi - compensation;
    let territory_margin = side(Color::Black) as f32 - side(Color::White) as f32 - komi;
    format!(
        "area: Black {} White {} dame {}\n\
         stones: Black {} against par {}, komi {} stones, handicap compensation {} stones: \
         Black needs more than {}\n\
         territory: Black {} + {} prisoners, White {} + {} prisoners, seki eyes {}\n\
         results: area {}, territory {}",
        area.points(Color::Black),
        area.points(Color::White),
        area.dame.count(),
        quarters(black_stones),
        quarters(par),
        quarters(komi / 2.0),
        quarters(compensation / 2.0),
        quarters(needed),
        territory.territory[0],
        territory.dead[1] + game.prisoners(Color::Black),
        territory.territory[1],
        territory.dead[0] + game.prisoners(Color::White),
        territory.seki_eyes.count(),
        GameResult::Score(area_margin),
        GameResult::Score(territory_margin),
    )
}

/// A number in quarters as Go referees write it: `180½`, `3¾`, `-1¼`, `4`.
pub(super) fn quarters(x: f32) -> String {
    let q = (x * 4.0).round() as i64;
    let (sign, q) = if q < 0 { ("-", -q) } else { ("", q) };
    let whole = q / 4;
    let frac = ["", "¼", "½", "¾"][(q % 4) as usize];
    if whole == 0 && !frac.is_empty() {
        format!("{sign}{frac}")
    } else {
        format!("{sign}{whole}{frac}")
    }
}

/// Who counts the point `p` under area counting with the judgment's dead stones taken off:
/// the colour of a live stone on it, or of the only colour around its empty region; None for
/// dame.
pub fn owns(game: &Game, judgment: &Judgment, p: Point) -> Option<Color> {
    score::area(game.position(), &judgment.dead).owner[p.index()]
}
