//! The learned move model: a Bradley-Terry strength ("gamma") per value of each feature
//! of `tactics::MoveFeatures`; a move's strength is the product of its features' gammas, and
//! the probability that a player picks it among the candidates is its strength over their sum
//! (Coulom, "Computing Elo Ratings of Move Patterns in the Game of Go", 2007). `tengen learn`
//! fits the gammas to the moves of game records (`learn`); the built-in models are
//! `model/model.txt` (boards below 13×13) and `model/model-large.txt` (from 13×13), the
//! prior's `learned` source (`prior::PriorConfig::learned`).
//!
//! File format (text, one entry a line, `#` comments):
//!
//! ```text
//! tengen-move-model 1          the features' version (tactics::FEATURES_VERSION)
//! capture 1 3.125              feature, value, gamma (a value not listed has gamma 1)
//! shape 0x2a10 1.5             shapes by their canonical 3×3 code (tactics::canonical_shape)
//! ```
//!
//! Cold path: a model is read once; `gamma` is one table read per feature.
//!
//! Depends on: tactics (the features).

use crate::tactics::{canonical_shape, Feature, MoveFeatures, ALL_FEATURES, FEATURES_VERSION};
use std::fmt::Write;
use std::sync::OnceLock;

/// The text of the built-in model of boards below 13×13: fitted to GNU Go's and Fuego's
/// regression games and GNU Go self-play (README, "Learned move model").
pub const BUILTIN_MODEL: &str = include_str!("model/model.txt");

/// The text of the built-in model of boards from 13×13: fitted to 7,352 19×19 games between
/// strong programs (the computer Go tournaments of yenw/computer-go-dataset, `AI/`).
pub const BUILTIN_MODEL_LARGE: &str = include_str!("model/model-large.txt");

/// Gammas by feature and value; shapes by their raw code (each canonical class spread over its
/// symmetric images when read), so that a lookup needs no canonical form.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveModel {
    gammas: Vec<Vec<f32>>,
}

impl Default for MoveModel {
    /// Every gamma 1: every move alike.
    fn default() -> MoveModel {
        MoveModel {
            gammas: ALL_FEATURES.iter().map(|g| vec![1.0; g.values()]).collect(),
        }
    }
}

impl MoveModel {
    /// The built-in model of boards below 13×13, read once.
    pub fn builtin() -> &'static MoveModel {
        static MODEL: OnceLock<MoveModel> = OnceLock::new();
        MODEL.get_or_init(|| MoveModel::parse(BUILTIN_MODEL).expect("the built-in model reads"))
    }

    /// The built-in model of boards from 13×13, read once.
    pub fn builtin_large() -> &'static MoveModel {
        static MODEL: OnceLock<MoveModel> = OnceLock::new();
        MODEL.get_or_init(|| {
            MoveModel::parse(BUILTIN_MODEL_LARGE).expect("the built-in large model reads")
        })
    }

    /// The strength of a move with features `f`.
    pub fn gamma(&self, f: &MoveFeatures) -> f32 {
        f.values
            .iter()
            .zip(&self.gammas)
            .map(|(&v, table)| table[v as usize])
            .product()
    }

    /// The gamma of `value` of `feature` (for a shape: any code of its class).
    pub fn get(&self, feature: Feature, value: u16) -> f32 {
        self.gammas[feature as usize][value as usize]
    }

    /// Sets the gamma of `value` of `feature`; a shape's whole class (every symmetric image)
    /// at once.
    pub fn set(&mut self, feature: Feature, value: u16, gamma: f32) {
        let table = &mut self.gammas[feature as usize];
        if feature == Feature::Shape {
            let class = canonical_shape(value);
            for code in symmetric_images(class) {
                table[code as usize] = gamma;
            }
        } else {
            table[value as usize] = gamma;
        }
    }

    /// Reads a model file.
    pub fn parse(text: &str) -> Result<MoveModel, String> {
        let mut model = MoveModel::default();
        let mut version = None;
        for (n, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let fail = |what: &str| format!("line {}: {what}: {line:?}", n + 1);
            let words: Vec<&str> = line.split_whitespace().collect();
            if words[0] == "tengen-move-model" {
                let v: u32 = words
                    .get(1)
                    .and_then(|v| v.parse().ok())
                    .ok_or_else(|| fail("no version"))?;
                if v != FEATURES_VERSION {
                    return Err(fail(&format!(
                        "features version {v}, this build's is {FEATURES_VERSION}"
                    )));
                }
                version = Some(v);
                continue;
            }
            let [name, value, gamma] = words[..] else {
                return Err(fail("expected: feature value gamma"));
            };
            let feature = ALL_FEATURES
                .into_iter()
                .find(|f| f.name() == name)
                .ok_or_else(|| fail("unknown feature"))?;
            let value = match value.strip_prefix("0x") {
                Some(hex) => u16::from_str_radix(hex, 16).ok(),
                None => value.parse::<u16>().ok(),
            }
            .filter(|&v| (v as usize) < feature.values() && (v != 0 || feature == Feature::Shape))
            .ok_or_else(|| fail("bad value"))?;
            let gamma: f32 = gamma
                .parse()
                .ok()
                .filter(|g: &f32| g.is_finite() && *g > 0.0)
                .ok_or_else(|| fail("bad gamma"))?;
            model.set(feature, value, gamma);
        }
        version.ok_or_else(|| "no tengen-move-model line".to_string())?;
        Ok(model)
    }

    /// The model as text, `header` (comment lines) first; shapes whose gamma is 1 are left
    /// out.
    pub fn to_text(&self, header: &str) -> String {
        let mut out = String::new();
        for line in header.lines() {
            let _ = writeln!(out, "# {line}");
        }
        let _ = writeln!(out, "tengen-move-model {FEATURES_VERSION}");
        for feature in ALL_FEATURES {
            let table = &self.gammas[feature as usize];
            for (value, &gamma) in table.iter().enumerate() {
                let value = value as u16;
                if feature == Feature::Shape {
                    if canonical_shape(value) == value && gamma != 1.0 {
                        let _ = writeln!(out, "shape 0x{value:04x} {gamma}");
                    }
                } else if value != 0 {
                    let _ = writeln!(out, "{} {value} {gamma}", feature.name());
                }
            }
        }
        out
    }
}

/// The codes of the symmetric images of `code` (with repeats for symmetric shapes).
fn symmetric_images(code: u16) -> impl Iterator<Item = u16> {
    (0..8).map(move |s| crate::tactics::transform_code(code, s))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_builtin_models_read_and_write_back_the_same() {
        for model in [MoveModel::builtin(), MoveModel::builtin_large()] {
            let again = MoveModel::parse(&model.to_text("a comment")).unwrap();
            assert_eq!(&again, model);
        }
        assert_ne!(MoveModel::builtin(), MoveModel::builtin_large());
    }

    /// The candidates of the side to move of `diagram`, strongest first, by `model`.
    fn ranked(model: &MoveModel, diagram: &str, to_move: crate::geom::Color) -> Vec<(String, f32)> {
        use crate::mailbox::PlayoutBoard;
        use crate::tactics::{FightAnswers, LadderReader};
        let game = crate::game::Game::from_diagram(diagram, crate::game::Rules::default()).unwrap();
        let mut board = PlayoutBoard::from_position(game.position());
        board.set_to_move(to_move);
        let fights: FightAnswers = board.fight_answers(2);
        let mut ladders = LadderReader::new();
        let mut moves = Vec::new();
        board.for_each_candidate(|p| {
            let gamma = model.gamma(&board.move_features(&mut ladders, &fights, p));
            moves.push((p.to_string(), gamma));
        });
        moves.sort_by(|a, b| b.1.total_cmp(&a.1));
        moves
    }

    #[test]
    fn the_builtin_models_prefer_escapes_and_ataris_to_empty_points() {
        // Black D5 is in atari (its liberty D6); White C3 and D4 have two liberties each.
        let diagram = "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . O X O . . . .
            . . . O . . . . .
            . . O X . . . . .
            . . X . . . . . .
            . . . . . . . . .";
        for model in [MoveModel::builtin(), MoveModel::builtin_large()] {
            let moves = ranked(model, diagram, crate::geom::Color::Black);
            let rank = |name: &str| moves.iter().position(|(p, _)| p == name).unwrap();
            assert_eq!(rank("D6"), 0, "the escape first: {moves:?}");
            // The ataris on White's C3 (at B3) and D4 (at E4) next.
            assert!(rank("B3") < 5 && rank("E4") < 5, "{moves:?}");
            // A first-line move in an empty area is among the weakest.
            assert!(rank("J1") > moves.len() / 2, "{moves:?}");
        }
    }

    #[test]
    fn a_shape_counts_in_every_orientation_and_a_bad_file_is_refused() {
        let text = format!("tengen-move-model {FEATURES_VERSION}\nshape 0x0004 2.5\ncapture 1 3\n");
        let model = MoveModel::parse(&text).unwrap();
        // An own stone above the point; to the left, below, to the right: the same class.
        for code in [1u16 << 2, 1 << 6, 1 << 8, 1 << 12] {
            assert_eq!(model.get(Feature::Shape, code), 2.5);
        }
        assert_eq!(
            model.get(Feature::Shape, 1),
            1.0,
            "a diagonal stone is another shape"
        );
        let mut f = MoveFeatures::default();
        f.values[Feature::Capture as usize] = 1;
        f.values[Feature::Shape as usize] = 1 << 6;
        assert_eq!(model.gamma(&f), 7.5);
        for bad in [
            "capture 1 3\n".to_string(),
            format!("tengen-move-model {}\n", FEATURES_VERSION + 1),
            format!("tengen-move-model {FEATURES_VERSION}\ncapture 0 3\n"),
            format!("tengen-move-model {FEATURES_VERSION}\ncapture 1 -3\n"),
            format!("tengen-move-model {FEATURES_VERSION}\nkomi 1 3\n"),
        ] {
            assert!(MoveModel::parse(&bad).is_err(), "{bad:?}");
        }
    }
}
