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
