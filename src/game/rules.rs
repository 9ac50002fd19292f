//! Rules: ko rule, suicide, counting, default komi and handicap compensation (RULES.md table).
//!
//! Depends on: nothing.

use std::fmt;
use std::str::FromStr;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KoRule {
    /// Simple ko only (Japanese): longer cycles are allowed.
    Simple,
    /// No whole-board arrangement of stones may repeat.
    Positional,
    /// No arrangement may repeat with the same player to move.
    Situational,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scoring {
    /// Stones + surrounded empty points (Chinese, AGA, New Zealand).
    Area,
    /// Territory + prisoners (Japanese, Korean); seki eyes count for nobody.
    Territory,
    /// Area counting with no dead-stone removal.
    TrompTaylor,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RuleSet {
    Chinese,
    Japanese,
    Aga,
    NewZealand,
    TrompTaylor,
}

/// Everything a ruleset decides except komi, which the controller may set on its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rules {
    pub ko: KoRule,
    pub suicide_allowed: bool,
    pub scoring: Scoring,
    /// Points White receives per handicap stone, minus this many stones (AGA: N − 1).
    pub handicap_compensation: HandicapCompensation,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HandicapCompensation {
    None,
    /// N points for N stones.
    N,
    /// N − 1 points for N stones (AGA).
    NMinusOne,
}

impl HandicapCompensation {
    /// Points White receives for `handicap` stones.
    pub fn points(self, handicap: usize) -> f32 {
        match self {
            HandicapCompensation::None => 0.0,
            HandicapCompensation::N => handicap as f32,
            HandicapCompensation::NMinusOne => handicap.saturating_sub(1) as f32,
        }
    }
}

impl RuleSet {
    /// Every ruleset, in RULES.md's order: what a test runs "under every ruleset".
    pub const ALL: [RuleSet; 5] = [
        RuleSet::Chinese,
        RuleSet::Japanese,
        RuleSet::Aga,
        RuleSet::NewZealand,
        RuleSet::TrompTaylor,
    ];

    pub fn rules(self) -> Rules {
        use HandicapCompensation as H;
        let (ko, suicide_allowed, scoring, handicap_compensation) = match self {
            RuleSet::Chinese => (KoRule::Positional, false, Scoring::Area, H::N),
            RuleSet::Japanese => (KoRule::Simple, false, Scoring::Territory, H::None),
            RuleSet::Aga => (KoRule::Situational, false, Scoring::Area, H::NMinusOne),
            RuleSet::NewZealand => (KoRule::Situational, true, Scoring::Area, H::N),
            RuleSet::TrompTaylor => (KoRule::Positional, true, Scoring::TrompTaylor, H::None),
        };
        Rules {
            ko,
            suicide_allowed,
            scoring,
            handicap_compensation,
        }
    }

    pub fn default_komi(self) -> f32 {
        match self {
            RuleSet::Chinese | RuleSet::Aga | RuleSet::TrompTaylor => 7.5,
            RuleSet::Japanese => 6.5,
            RuleSet::NewZealand => 7.0,
        }
    }
}

impl Default for Rules {
    fn default() -> Rules {
        RuleSet::Chinese.rules()
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownRuleSet(pub String);

impl fmt::Display for UnknownRuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown rules: {}", self.0)
    }
}

impl FromStr for RuleSet {
    type Err = UnknownRuleSet;
    /// The names of `kgs-rules` and `--rules`, in any case; `korean` reads as Japanese.
    fn from_str(s: &str) -> Result<RuleSet, UnknownRuleSet> {
        match s.to_ascii_lowercase().replace('_', "-").as_str() {
            "chinese" => Ok(RuleSet::Chinese),
            "japanese" | "korean" => Ok(RuleSet::Japanese),
            "aga" => Ok(RuleSet::Aga),
            "new-zealand" | "nz" => Ok(RuleSet::NewZealand),
            "tromp-taylor" | "tromptaylor" | "tt" => Ok(RuleSet::TrompTaylor),
            _ => Err(UnknownRuleSet(s.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_of_rules_md() {
        let c = RuleSet::Chinese.rules();
        assert_eq!(
            (c.ko, c.suicide_allowed, c.scoring),
            (KoRule::Positional, false, Scoring::Area)
        );
        assert_eq!(c.handicap_compensation.points(4), 4.0);
        let j = RuleSet::Japanese.rules();
        assert_eq!((j.ko, j.scoring), (KoRule::Simple, Scoring::Territory));
        assert_eq!(j.handicap_compensation.points(4), 0.0);
        assert_eq!(RuleSet::Aga.rules().handicap_compensation.points(4), 3.0);
        assert!(RuleSet::NewZealand.rules().suicide_allowed);
        assert_eq!(RuleSet::NewZealand.default_komi(), 7.0);
        assert_eq!(RuleSet::Japanese.default_komi(), 6.5);
        assert_eq!("new_zealand".parse(), Ok(RuleSet::NewZealand));
        assert_eq!("Tromp-Taylor".parse(), Ok(RuleSet::TrompTaylor));
        assert!("go".parse::<RuleSet>().is_err());
    }
}
