//! `tengen learn`: fits the move model (`search::model`) to the moves of game records by
//! Coulom's minorization-maximization (MM) algorithm for generalized Bradley-Terry models
//! ("Computing Elo Ratings of Move Patterns in the Game of Go", 2007).
//!
//! Each move of a record is a competition: the move played wins against every other candidate
//! of the position (`PlayoutBoard::for_each_candidate`), a candidate's strength being the
//! product of its features' gammas. MM updates the gammas of one feature (all its values) at a time:
//! gamma_i = (W_i + 1) / (sum over positions j of C_ij / E_j + 2 / (gamma_i + 1)), where W_i
//! counts the winners with feature i, E_j sums the strengths of position j's candidates and C_ij
//! those of its candidates with feature i, divided by gamma_i; the `+ 1` and `2 / (gamma_i + 1)`
//! are Coulom's prior, one virtual win and one virtual loss against a gamma of 1, which keeps
//! rare features near 1. Identical candidates of a position are stored once with a count.
//!
//! One game in `HOLD_OUT` is kept out of the fit: the report gives how often the model's
//! strongest candidate is the move played there (top-1 prediction rate).
//!
//! Cold path: an offline tool.
//!
//! Depends on: search (model), tactics (the features), playout (its config), mailbox, sgf,
//! game, geom.

use crate::game::{Game, Rules};
use crate::geom::{Color, Move};
use crate::mailbox::PlayoutBoard;
use crate::progress::{Mode, Progress};
use crate::search::model::MoveModel;
use crate::tactics::{
    canonical_shape, Feature, LadderReader, MoveFeatures, ALL_FEATURES, N_FEATURES,
};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// One game in this many is held out of the fit to measure prediction.
const HOLD_OUT: usize = 10;

/// What `tengen learn` is asked.
#[derive(Debug, Clone)]
pub struct Options {
    /// SGF files, or directories searched for `.sgf` files at any depth.
    pub inputs: Vec<PathBuf>,
    /// MM sweeps over all features.
    pub iterations: usize,
    /// Moves before this one (from 1) of each record are skipped (the opening of self-play
    /// games repeats).
    pub skip_moves: usize,
    /// Learn only the moves of the player whose name (SGF `PB`/`PW`) contains this, ignoring
    /// case; the other side's moves are still played. `None`: both sides'.
    pub player: Option<String>,
    /// The progress bar on stderr (`--progress`, `--quiet`): the records read, then the
    /// sweeps.
    pub progress: Mode,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            inputs: Vec::new(),
            iterations: 20,
            skip_moves: 0,
            player: None,
            progress: Mode::Auto,
        }
    }
}

/// A value of a feature (a shape class for `Feature::Shape`) as an index into the flat gamma
/// vector of the fit.
type ValueId = u32;
const NONE: ValueId = ValueId::MAX;

/// Flat index of each feature's first value (0, absent, has no id); the shapes come last and
/// are numbered as they are first met.
const OFFSETS: [ValueId; N_FEATURES] = offsets();

const fn offsets() -> [ValueId; N_FEATURES] {
    let mut offsets = [0; N_FEATURES];
    let mut next = 0;
    let mut g = 0;
    while g < N_FEATURES {
        offsets[g] = next;
        next += ALL_FEATURES[g].values() as ValueId;
        g += 1;
    }
    offsets
}

/// One position: its distinct candidates, each with its feature ids and count, and which of
/// them is the move played.
struct Competition {
    first: u32,
    len: u32,
    winner: u32,
}

impl Competition {
    /// The rows of `Data` that hold the candidates.
    fn rows(&self) -> std::ops::Range<usize> {
        self.first as usize..(self.first + self.len) as usize
    }

    fn winner_row(&self) -> usize {
        (self.first + self.winner) as usize
    }
}

/// The training set, flattened.
#[derive(Default)]
struct Data {
    competitions: Vec<Competition>,
    features: Vec<[ValueId; N_FEATURES]>,
    counts: Vec<u32>,
    /// The id of each shape class met, and the class of each id (from the shapes' offset).
    shape_ids: HashMap<u16, ValueId>,
    shape_codes: Vec<u16>,
}

impl Data {
    fn n_values(&self) -> usize {
        OFFSETS[Feature::Shape as usize] as usize + self.shape_codes.len()
    }

    /// The strength of the candidate in `row` under `gammas`.
    fn strength(&self, gammas: &[f64], row: usize) -> f64 {
        self.features[row]
            .iter()
            .filter(|&&id| id != NONE)
            .map(|&id| gammas[id as usize])
            .product()
    }

    /// The value of feature `g` whose id is `id` (a shape's canonical code).
    fn value_of(&self, g: Feature, id: ValueId) -> u16 {
        let index = (id - OFFSETS[g as usize]) as usize;
        if g == Feature::Shape {
            self.shape_codes[index]
        } else {
            index as u16
        }
    }

    fn ids(&mut self, f: &MoveFeatures) -> [ValueId; N_FEATURES] {
        let mut ids = [NONE; N_FEATURES];
        for g in ALL_FEATURES {
            let v = f.get(g);
            ids[g as usize] = if g == Feature::Shape {
                let class = canonical_shape(v);
                let next = OFFSETS[g as usize] + self.shape_codes.len() as ValueId;
                *self.shape_ids.entry(class).or_insert_with(|| {
                    self.shape_codes.push(class);
                    next
                })
            } else if v == 0 {
                NONE
            } else {
                OFFSETS[g as usize] + ValueId::from(v)
            };
        }
        ids
    }

    /// Adds the position of `board` whose move played is `played`, if it is a candidate.
    fn add(
        &mut self,
        board: &PlayoutBoard,
        ladders: &mut LadderReader,
        played: crate::geom::Point,
    ) {
        // The fight answers as the search reads them, with the playouts' self-atari limit.
        let fights = board.fight_answers(crate::playout::Config::default().max_self_atari_stones);
        let mut rows: Vec<([ValueId; N_FEATURES], bool)> = Vec::new();
        let mut found = false;
        board.for_each_candidate(|p| {
            let f = board.move_features(ladders, &fights, p);
            rows.push((self.ids(&f), p == played));
            found |= p == played;
        });
        if !found {
            return;
        }
        rows.sort_unstable();
        let first = self.features.len() as u32;
        let mut winner = 0;
        for (ids, is_winner) in rows {
            // The winner is kept apart from identical losers (its own row of count 1).
            let last = self.features.len();
            if !is_winner && last > first as usize && self.features[last - 1] == ids {
                self.counts[last - 1] += 1;
                continue;
            }
            if is_winner {
                winner = last as u32 - first;
            }
            self.features.push(ids);
            self.counts.push(1);
        }
        let len = self.features.len() as u32 - first;
        self.competitions.push(Competition { first, len, winner });
    }
}

/// Reads the records, fits the model, and returns it as text with a report in its header.
pub fn run(options: &Options) -> Result<String, String> {
    let files = crate::sgf::files_under(&options.inputs)?;
    if files.is_empty() {
        return Err("no SGF files given".into());
    }
    let mut train = Data::default();
    let mut test = Data::default();
    let mut ladders = LadderReader::new();
    let mut games = 0;
    let reading = Progress::new(options.progress, Some(files.len() as u64), "records");
    for (i, path) in files.iter().enumerate() {
        let data = if i % HOLD_OUT == HOLD_OUT - 1 {
            &mut test
        } else {
            &mut train
        };
        let player = options.player.as_deref();
        match replay(path, options.skip_moves, player, data, &mut ladders) {
            Ok(()) => games += 1,
            Err(e) => reading.suspend(|| log::warn!("{}: {e}", path.display())),
        }
        reading.step();
    }
    reading.finish();
    log::info!(
        "{games} games: {} training moves ({} rows), {} held out",
        train.competitions.len(),
        train.features.len(),
        test.competitions.len()
    );
    let sweeps = Progress::new(options.progress, Some(options.iterations as u64), "sweeps");
    let gammas = fit(&train, options.iterations, &sweeps);
    sweeps.finish();
    let model = to_model(&train, &gammas);
    let rate = prediction_rate(&test, &model);
    let header = format!(
        "tengen move model, learned by `tengen learn` (MM, {} sweeps) from {} moves of {} games;\n\
         on {} held-out moves (one game in {HOLD_OUT}) the model's first choice was the move\n\
         played {:.1}% of the time.",
        options.iterations,
        train.competitions.len(),
        games,
        test.competitions.len(),
        100.0 * rate
    );
    eprintln!("{header}");
    Ok(model.to_text(&header))
}

/// Replays one record, adding each of its moves (after `skip`) to `data`: only those of the
/// side named `player` (a part of its name, any case) if given, and then the record must
/// have one.
fn replay(
    path: &Path,
    skip: usize,
    player: Option<&str>,
    data: &mut Data,
    ladders: &mut LadderReader,
) -> Result<(), String> {
    let bytes = std::fs::read(path).map_err(|e| e.to_string())?;
    let record = crate::sgf::parse_bytes(&bytes).map_err(|e| e.to_string())?;
    let is_player = |name: &Option<String>| match (player, name) {
        (None, _) => true,
        (Some(p), Some(name)) => name.to_lowercase().contains(&p.to_lowercase()),
        (Some(_), None) => false,
    };
    let learns = [is_player(&record.black_name), is_player(&record.white_name)];
    if learns == [false, false] {
        return Err(format!("no player named {:?}", player.unwrap_or("")));
    }
    let mut game = Game::new(record.size, Rules::default());
    for color in Color::BOTH {
        let points = record.setup_points(color);
        if !points.is_empty() {
            game.setup(color, &points)
                .map_err(|e| format!("setup: {e:?}"))?;
        }
    }
    let mut board = PlayoutBoard::from_position(game.position());
    for (n, &(color, mv)) in record.moves.iter().enumerate() {
        if board.to_move() != color {
            board.set_to_move(color);
        }
        if let Move::Play(p) = mv {
            if !board.is_legal(p) {
                return Err(format!("move {}: {mv} is not legal here", n + 1));
            }
            if n >= skip && learns[color.index()] {
                data.add(&board, ladders, p);
            }
        }
        board.play_unchecked(mv);
    }
    Ok(())
}

/// The gamma of each feature of `data` after `iterations` MM sweeps.
fn fit(data: &Data, iterations: usize, progress: &Progress) -> Vec<f64> {
    let n = data.n_values();
    let mut wins = vec![0.0f64; n];
    for c in &data.competitions {
        for &id in &data.features[c.winner_row()] {
            if id != NONE {
                wins[id as usize] += 1.0;
            }
        }
    }
    let mut gammas = vec![1.0f64; n];
    for sweep in 0..iterations {
        for g in ALL_FEATURES {
            let gi = g as usize;
            let mut denominators = vec![0.0f64; n];
            for c in &data.competitions {
                let total: f64 = c
                    .rows()
                    .map(|r| data.counts[r] as f64 * data.strength(&gammas, r))
                    .sum();
                for r in c.rows() {
                    let id = data.features[r][gi];
                    if id != NONE {
                        let others = data.strength(&gammas, r) / gammas[id as usize];
                        denominators[id as usize] += data.counts[r] as f64 * others / total;
                    }
                }
            }
            for id in value_ids(data, g) {
                gammas[id] = (wins[id] + 1.0) / (denominators[id] + 2.0 / (gammas[id] + 1.0));
            }
        }
        let likelihood = log_likelihood(data, &gammas);
        progress.suspend(|| log::info!("sweep {}: log-likelihood {likelihood:.1}", sweep + 1));
        progress.step();
    }
    gammas
}

/// The flat ids of feature `g`'s values.
fn value_ids(data: &Data, g: Feature) -> std::ops::Range<usize> {
    let start = OFFSETS[g as usize] as usize;
    if g == Feature::Shape {
        start..start + data.shape_codes.len()
    } else {
        start + 1..start + g.values()
    }
}

/// Sum over positions of the log of the played move's probability.
fn log_likelihood(data: &Data, gammas: &[f64]) -> f64 {
    data.competitions
        .iter()
        .map(|c| {
            let total: f64 = c
                .rows()
                .map(|r| data.counts[r] as f64 * data.strength(gammas, r))
                .sum();
            (data.strength(gammas, c.winner_row()) / total).ln()
        })
        .sum()
}

/// The fitted gammas as a `MoveModel`.
fn to_model(data: &Data, gammas: &[f64]) -> MoveModel {
    let mut model = MoveModel::default();
    for g in ALL_FEATURES {
        for id in value_ids(data, g) {
            model.set(g, data.value_of(g, id as ValueId), gammas[id] as f32);
        }
    }
    model
}

/// How often the strongest candidate under `model` is the move played (ties count as a
/// share).
fn prediction_rate(data: &Data, model: &MoveModel) -> f64 {
    if data.competitions.is_empty() {
        return 0.0;
    }
    let strength = |row: usize| -> f32 {
        let mut f = MoveFeatures::default();
        for (g, &id) in ALL_FEATURES.iter().zip(&data.features[row]) {
            if id != NONE {
                f.values[*g as usize] = data.value_of(*g, id);
            }
        }
        model.gamma(&f)
    };
    let mut hits = 0.0;
    for c in &data.competitions {
        let best = c.rows().map(strength).fold(0.0f32, f32::max);
        if strength(c.winner_row()) >= best {
            let ties: u32 = c
                .rows()
                .filter(|&r| strength(r) >= best)
                .map(|r| data.counts[r])
                .sum();
            hits += 1.0 / ties as f64;
        }
    }
    hits / data.competitions.len() as f64
}

#[cfg(test)]
mod tests;
