//! `tengen review GAME.sgf -o OUT.sgf`: the search's opinion of every position of a game's
//! main line, written back as an SGF a GUI shows (a comment on every move: Black's win rate,
//! the score lead, the best move and its variation, what the played move lost; the biggest
//! mistakes marked) and a win-rate graph beside it (`OUT.svg`).
//!
//! - `mod.rs`: `Options`, `run`; the game a record describes (`load`), with its setup,
//!   handicap, komi and rules.
//! - `evaluate.rs`: one `Search::analyze` a position (`Evaluation`).
//! - `annotate.rs`: evaluations → what each node says (`sgf::Markup`), the mistakes.
//! - `graph.rs`: the win rate and score lead as an SVG picture (`plotters`).
//!
//! **Invariant:** every failure is an error that says why (an unreadable or too large file,
//! an illegal move in the record, an output that cannot be written), never a panic; no output
//! file is ever left half written (`atomic_write`).
//!
//! Depends on: atomic_write, progress, search, sgf, game, board, geom.

mod annotate;
mod evaluate;
mod graph;
#[cfg(test)]
mod tests;

pub use annotate::{annotate, biggest, Annotated, Mistake, Severity};
pub use evaluate::{evaluate, Evaluation};
pub use graph::svg;

use crate::atomic_write;
use crate::game::{Game, RuleSet};
use crate::geom::Color;
use crate::progress::{self, Progress};
use crate::search::{self, Limits, Search};
use crate::sgf::{self, SgfGame};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Most moves a review reads: far beyond any real game (about 400 at most on 19×19), and a
/// bound on its time.
pub const MAX_MOVES: usize = 1000;

/// Playouts a position when neither `--playouts` nor `--seconds` is given.
pub const DEFAULT_PLAYOUTS: u64 = 2000;

/// What `tengen review` was asked.
#[derive(Debug, Clone)]
pub struct Options {
    pub input: PathBuf,
    pub output: PathBuf,
    /// The picture; None: `output` with the extension `svg`.
    pub graph: Option<PathBuf>,
    /// Playouts a position (None with `seconds`: no cap).
    pub playouts: Option<u64>,
    /// Seconds a position.
    pub seconds: Option<f64>,
    pub threads: usize,
    pub seed: u64,
    /// The komi and rules to review under instead of the file's (`KM`, `RU`).
    pub komi: Option<f32>,
    pub rules: Option<RuleSet>,
    pub progress: progress::Mode,
}

impl Options {
    /// The picture's path: `graph`, or `output` with the extension `svg`.
    pub fn graph_path(&self) -> PathBuf {
        self.graph
            .clone()
            .unwrap_or_else(|| self.output.with_extension("svg"))
    }

    /// The limits of each position's search: the playouts and seconds given, else
    /// `DEFAULT_PLAYOUTS`. No early stop: every position gets its whole effort, so that the
    /// win rates compared from move to move are measured alike.
    fn limits(&self) -> Limits {
        let playouts = match (self.playouts, self.seconds) {
            (None, None) => Some(DEFAULT_PLAYOUTS),
            (playouts, _) => playouts,
        };
        Limits {
            playouts,
            time: self.seconds.map(Duration::from_secs_f64),
            stop: None,
            // An analysis: no early stop, which would cut a search whose best move is clear
            // before its win rate is measured.
            stop_at_once: true,
            stretch: None,
        }
    }

    /// How each position was searched, for the review's first comment.
    fn effort(&self) -> String {
        let limits = self.limits();
        let playouts = limits.playouts.map(|n| format!("{n} playouts"));
        let seconds = self.seconds.map(|s| format!("{s} s"));
        let effort: Vec<String> = playouts.into_iter().chain(seconds).collect();
        format!(
            "{} a position, {} thread{}",
            effort.join(" or "),
            self.threads,
            if self.threads == 1 { "" } else { "s" }
        )
    }
}

/// What a review found, for the command's last lines.
#[derive(Debug, Clone)]
pub struct Reviewed {
    pub moves: usize,
    pub graph: PathBuf,
    pub mistakes: Vec<Mistake>,
}

/// Reviews `options.input` into `options.output` and the graph beside it.
pub fn run(options: &Options) -> Result<Reviewed, String> {
    let bytes = sgf::read_file(&options.input)?;
    let review = review(&bytes, options)?;
    atomic_write::write(&options.output, review.sgf.as_bytes())
        .map_err(|e| format!("{}: {e}", options.output.display()))?;
    atomic_write::write(&review.reviewed.graph, review.svg.as_bytes())
        .map_err(|e| format!("{}: {e}", review.reviewed.graph.display()))?;
    Ok(review.reviewed)
}

/// A review made, not yet written: the marked-up record and the graph.
#[derive(Debug, Clone)]
pub struct Review {
    pub sgf: String,
    pub svg: String,
    pub reviewed: Reviewed,
}

/// Reviews the record `bytes` (read from `options.input`, which names it in errors) in
/// memory: `run` without the files, and the fuzz target's entry point.
pub fn review(bytes: &[u8], options: &Options) -> Result<Review, String> {
    let record =
        sgf::parse_bytes(bytes).map_err(|e| format!("{}: {e}", options.input.display()))?;
    let start = load(&record, options.komi, options.rules)
        .map_err(|e| format!("{}: {e}", options.input.display()))?;
    let mut config = search::Config {
        threads: options.threads,
        seed: options.seed,
        ..search::Config::default()
    };
    config.resign_threshold = None;
    let mut search = Search::new(config);
    let progress = Progress::new(
        options.progress,
        Some(record.moves.len() as u64 + 1),
        "positions",
    );
    let evaluations = evaluate(
        &start,
        &record.moves,
        &mut search,
        &options.limits(),
        &progress,
    );
    progress.finish();
    let graph = options.graph_path();
    let about = format!(
        "Reviewed by tengen {}: {}; komi {}, {} rules. The win-rate graph: {}.",
        env!("CARGO_PKG_VERSION"),
        options.effort(),
        start.komi(),
        rules_name(&record, options.rules),
        file_name(&graph)
    );
    let annotated = annotate(&record, &evaluations, &about);
    let sgf = sgf::write_marked_up(&record, &annotated.root, &annotated.moves);
    let svg = svg(&record, &evaluations, &annotated.mistakes)?;
    Ok(Review {
        sgf,
        svg,
        reviewed: Reviewed {
            moves: record.moves.len(),
            graph,
            mistakes: annotated.mistakes,
        },
    })
}

/// The start position of `record` (size, setup or handicap stones, side to move, komi and
/// rules: `komi` and `rules` if given, else the file's, else Chinese rules and their komi),
/// checked by playing its moves: an error names the first that cannot be played.
pub fn load(record: &SgfGame, komi: Option<f32>, rules: Option<RuleSet>) -> Result<Game, String> {
    if record.moves.len() > MAX_MOVES {
        return Err(format!(
            "{} moves: a review reads at most {MAX_MOVES}",
            record.moves.len()
        ));
    }
    let ruleset = rules.unwrap_or_else(|| file_rules(record).unwrap_or(RuleSet::Chinese));
    let mut game = Game::new(record.size, ruleset.rules());
    game.set_komi(komi.or(record.komi).unwrap_or(ruleset.default_komi()));
    crate::game::record::place_setup(&mut game, record)?;
    let mut played = game.clone();
    for (i, &(color, mv)) in record.moves.iter().enumerate() {
        play(&mut played, color, mv).map_err(|e| format!("move {} ({color} {mv}): {e}", i + 1))?;
    }
    Ok(game)
}

/// Plays a move of a record: under the game's rules if they allow it, else as it was played
/// (a record of other rules may hold a superko or a suicide ours forbid).
fn play(
    game: &mut Game,
    color: Color,
    mv: crate::geom::Move,
) -> Result<(), crate::board::PlayError> {
    if game.try_play(color, mv).is_err() {
        game.play_lenient(color, mv)?;
    }
    Ok(())
}

/// The ruleset the file's `RU` names, if tengen knows it.
fn file_rules(record: &SgfGame) -> Option<RuleSet> {
    record.rules.as_deref().and_then(|r| r.parse().ok())
}

/// The rules a review used, as a player names them.
fn rules_name(record: &SgfGame, rules: Option<RuleSet>) -> &'static str {
    match rules
        .or_else(|| file_rules(record))
        .unwrap_or(RuleSet::Chinese)
    {
        RuleSet::Chinese => "Chinese",
        RuleSet::Japanese => "Japanese",
        RuleSet::Aga => "AGA",
        RuleSet::NewZealand => "New Zealand",
        RuleSet::TrompTaylor => "Tromp-Taylor",
    }
}

fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}
