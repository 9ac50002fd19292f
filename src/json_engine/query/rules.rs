//! The `rules` field of a query: a name KataGo knows (`"chinese"`, `"tromp-taylor"`, …) or a
//! JSON object of detailed rules, read into tengen's `Rules` and their default komi.

use super::{Problem, Reader};
use crate::game::rules::HandicapCompensation;
use crate::game::{KoRule, RuleSet, Rules, Scoring};
use serde_json::{Map, Value};

impl Reader<'_> {
    /// The rules and their default komi.
    pub(super) fn rules(&mut self) -> Result<(Rules, f32), Problem> {
        let must = "must specify rules string, such as \"chinese\" or \"tromp-taylor\", or a \
                    JSON object with detailed rules parameters";
        match self.map.get("rules") {
            Some(Value::String(name)) => self.rules_named(name),
            Some(Value::Object(fields)) => self.rules_object(fields),
            _ => Err(Problem::new("rules", must)),
        }
    }

    fn rules_named(&mut self, name: &str) -> Result<(Rules, f32), Problem> {
        let key = name.to_ascii_lowercase().replace([' ', '_'], "-");
        let (set, note) = match key.as_str() {
            "stone-scoring" => (
                RuleSet::Chinese,
                Some("stone scoring is counted as area scoring"),
            ),
            "chinese-ogs" | "chinese-kgs" => (RuleSet::Chinese, None),
            "aga-button" => (RuleSet::Aga, Some("tengen has no button: plain AGA rules")),
            "bga" => (RuleSet::Aga, Some("BGA rules are counted as AGA rules")),
            _ => match key.parse::<RuleSet>() {
                Ok(set) => (set, None),
                Err(_) => {
                    return Err(Problem::new(
                        "rules",
                        format!("could not parse rules: {name}"),
                    ))
                }
            },
        };
        if let Some(note) = note {
            self.warnings.push(Problem::new("rules", note));
        }
        Ok((set.rules(), set.default_komi()))
    }

    fn rules_object(&mut self, fields: &Map<String, Value>) -> Result<(Rules, f32), Problem> {
        let bad = |what: &str| Problem::new("rules", format!("could not parse rules: {what}"));
        let text = |key: &str| {
            fields
                .get(key)
                .and_then(Value::as_str)
                .map(str::to_uppercase)
        };
        let mut rules = RuleSet::TrompTaylor.rules();
        if let Some(ko) = text("ko") {
            rules.ko = match ko.as_str() {
                "SIMPLE" => KoRule::Simple,
                "POSITIONAL" => KoRule::Positional,
                "SITUATIONAL" => KoRule::Situational,
                _ => return Err(bad("ko")),
            };
        }
        if let Some(scoring) = text("scoring") {
            rules.scoring = match scoring.as_str() {
                "AREA" => Scoring::Area,
                "TERRITORY" => Scoring::Territory,
                _ => return Err(bad("scoring")),
            };
        }
        if let Some(suicide) = fields.get("suicide") {
            rules.suicide_allowed = suicide.as_bool().ok_or_else(|| bad("suicide"))?;
        }
        if let Some(bonus) = text("whiteHandicapBonus") {
            rules.handicap_compensation = match bonus.as_str() {
                "0" => HandicapCompensation::None,
                "N" => HandicapCompensation::N,
                "N-1" => HandicapCompensation::NMinusOne,
                _ => return Err(bad("whiteHandicapBonus")),
            };
        }
        let unused: Vec<&str> = fields
            .keys()
            .map(String::as_str)
            .filter(|k| !["ko", "scoring", "suicide", "whiteHandicapBonus"].contains(k))
            .collect();
        if !unused.is_empty() {
            self.warnings.push(Problem::new(
                "rules",
                format!("ignored by tengen: {}", unused.join(",")),
            ));
        }
        let komi = if rules.scoring == Scoring::Territory {
            6.5
        } else {
            7.5
        };
        Ok((rules, komi))
    }
}
