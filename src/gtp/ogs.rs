//! `--ogs-variations`: the line gtp2ogs (the bridge of bots to OGS) posts to the game as the
//! bot's variation and win rate.
//!
//! gtp2ogs 9 reads the bot's stderr while a `genmove` runs (its `src/PvOutputParser.ts`). It
//! first decides which engine it is talking to from a line of the bot's stderr; a line that
//! holds `KataGo` makes it read KataGo's one-line format, which is KataGo's
//! `ogsChatToStderr` output:
//!
//! `MALKOVICH:Visits 1234 Winrate 56.78% ScoreLead 3.4 ScoreStdev 12.5 PV D4 Q16 pass`
//!
//! exactly so: two decimals of percent, one decimal of points, the moves in GTP notation
//! separated by single spaces. The win rate and lead are the bot's (the side that moves), as
//! KataGo's default `SIDETOMOVE` gives them. tengen says once at start-up, in a line that
//! names KataGo's format, that these lines follow (`BANNER`).
//!
//! Pure: builds text; `gtp::serve` and `Engine::genmove` write it to stderr.
//!
//! Depends on: search (Summary), geom.

use crate::geom::Move;
use crate::search::Summary;

/// The start-up line: gtp2ogs takes a line holding `KataGo` for KataGo's format.
pub const BANNER: &str =
    "tengen: --ogs-variations: each genmove writes its variation here in KataGo's MALKOVICH format";

/// The variation line of a search that chose `chosen`: its playouts, the chosen move's win
/// rate, lead and spread, and its principal variation (the chosen move alone when the search's
/// variation starts elsewhere, as when the judge decided to pass).
pub fn variation_line(summary: &Summary, chosen: Move) -> String {
    let pv: Vec<String> = if summary.pv.first() == Some(&chosen) {
        summary.pv.iter().map(Move::to_string).collect()
    } else {
        vec![chosen.to_string()]
    };
    let finite = |x: f32| if x.is_finite() { x } else { 0.0 };
    format!(
        "MALKOVICH:Visits {} Winrate {:.2}% ScoreLead {:.1} ScoreStdev {:.1} PV {}",
        summary.playouts,
        finite(summary.win_rate).clamp(0.0, 1.0) * 100.0,
        finite(summary.score_lead) + 0.0,
        finite(summary.score_stdev).max(0.0),
        pv.join(" ")
    )
}

#[cfg(test)]
mod tests;
