//! Match statistics: win rate with a Wilson score interval, and the Elo difference it implies.
//!
//! Pure functions of counts; no I/O. Draws count as half a win, as in chess rating practice; the
//! Wilson interval then treats the match score as a binomial proportion, which is a slight
//! overestimate of the uncertainty when there are draws (draws are rare in Go with a half-point
//! komi).
//!
//! Depends on: nothing.

/// The normal quantile for a two-sided 95% interval.
pub const Z_95: f64 = 1.959_963_984_540_054;

/// Points of the match score of engine 1 over the decided games, with its interval.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WinRate {
    /// Games that count: won, lost or drawn (disputed games are excluded before this point).
    pub n_games: u32,
    /// Engine 1's score: wins + draws / 2.
    pub score: f64,
    /// `score / n_games`, or 0.5 when no game counts.
    pub rate: f64,
    /// Lower end of the 95% Wilson interval of `rate`.
    pub low: f64,
    /// Upper end of the 95% Wilson interval of `rate`.
    pub high: f64,
}

/// An Elo difference (engine 1 minus engine 2) with its 95% interval; the ends are infinite when
/// the interval of the win rate reaches 0% or 100%.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EloDiff {
    pub elo: f64,
    pub low: f64,
    pub high: f64,
}

/// The Wilson score interval of `successes` out of `n` trials with normal quantile `z`.
/// With `n == 0` nothing is known: the interval is [0, 1].
pub fn wilson_interval(successes: f64, n: f64, z: f64) -> (f64, f64) {
    if n <= 0.0 {
        return (0.0, 1.0);
    }
    let p = (successes / n).clamp(0.0, 1.0);
    let z2 = z * z;
    let denominator = 1.0 + z2 / n;
    let centre = p + z2 / (2.0 * n);
    let half_width = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    let low = ((centre - half_width) / denominator).clamp(0.0, 1.0);
    let high = ((centre + half_width) / denominator).clamp(0.0, 1.0);
    (low, high)
}

/// The Elo difference that makes the stronger side expect `rate` of the points under the
/// logistic model: `-400 log10(1 / rate - 1)`. 50% → 0, 75% → +190.8, 0% → -inf, 100% → +inf.
pub fn elo_from_rate(rate: f64) -> f64 {
    if rate <= 0.0 {
        f64::NEG_INFINITY
    } else if rate >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / rate - 1.0).log10()
    }
}

/// Engine 1's win rate over `wins + losses + draws` decided games, with its 95% Wilson interval.
pub fn win_rate(wins: u32, losses: u32, draws: u32) -> WinRate {
    let n_games = wins + losses + draws;
    let score = f64::from(wins) + f64::from(draws) / 2.0;
    let rate = if n_games == 0 {
        0.5
    } else {
        score / f64::from(n_games)
    };
    let (low, high) = wilson_interval(score, f64::from(n_games), Z_95);
    WinRate {
        n_games,
        score,
        rate,
        low,
        high,
    }
}

/// The Elo difference of a win rate, its interval mapped end by end (the logistic curve is
/// monotonic, so the ends of the rate interval give the ends of the Elo interval).
pub fn elo_diff(rate: &WinRate) -> EloDiff {
    EloDiff {
        elo: elo_from_rate(rate.rate),
        low: elo_from_rate(rate.low),
        high: elo_from_rate(rate.high),
    }
}

/// An Elo figure with its sign, rounded to a whole point: `+191`, `-35`, `0`, `+inf`, `-inf`.
pub fn format_elo(elo: f64) -> String {
    if elo.is_infinite() {
        return if elo > 0.0 { "+inf" } else { "-inf" }.to_string();
    }
    let rounded = elo.round();
    if rounded == 0.0 {
        "0".to_string()
    } else {
        format!("{rounded:+.0}")
    }
}

/// The bounds of a sequential probability ratio test (`--sprt elo0,elo1,alpha,beta`): H0, engine
/// 1 is `elo0` stronger than engine 2, against H1, it is `elo1` stronger (`elo0 < elo1`, in
/// logistic Elo), with false-positive rate `alpha` and false-negative rate `beta`.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct SprtBounds {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// Which hypothesis an SPRT accepted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum SprtDecision {
    /// Engine 1 is not `elo1` stronger: at most `elo0`.
    H0,
    /// Engine 1 is at least `elo1` stronger.
    H1,
}

impl SprtBounds {
    /// The log-likelihood ratio at or below which H0 is accepted: ln(β / (1 − α)).
    pub fn lower(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }

    /// The log-likelihood ratio at or above which H1 is accepted: ln((1 − β) / α).
    pub fn upper(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }

    /// The log-likelihood ratio of H1 against H0 after `wins`, `draws` and `losses` of engine 1,
    /// a draw counting as half a win: with the score S = W + D/2 of N = W + D + L games and
    /// p = 1 / (1 + 10^(−elo/400)) the expected score of each hypothesis,
    /// LLR = S ln(p1/p0) + (N − S) ln((1 − p1)/(1 − p0)) (Wald's test of a proportion).
    pub fn llr(&self, wins: u32, draws: u32, losses: u32) -> f64 {
        let expected = |elo: f64| 1.0 / (1.0 + 10f64.powf(-elo / 400.0));
        let (p0, p1) = (expected(self.elo0), expected(self.elo1));
        let n = f64::from(wins + draws + losses);
        let score = f64::from(wins) + f64::from(draws) / 2.0;
        score * (p1 / p0).ln() + (n - score) * ((1.0 - p1) / (1.0 - p0)).ln()
    }

    /// The decision at `llr`, if the test has reached one of its bounds.
    pub fn decide(&self, llr: f64) -> Option<SprtDecision> {
        if llr >= self.upper() {
            Some(SprtDecision::H1)
        } else if llr <= self.lower() {
            Some(SprtDecision::H0)
        } else {
            None
        }
    }
}
