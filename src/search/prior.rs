//! Priors: what the search believes of a move before its first playout.
//!
//! Each new child of the tree starts with virtual playouts (`tree::Prior`), summed from
//! independent sources, each a number of virtual playouts at a fixed win rate: the even-game
//! prior (every move, at 0.5) keeps one unlucky playout from burying a move; the others point
//! the search at the moves a player looks at first (captures, escapes from atari, moves near
//! the last one, the third line of an empty area) and away from the ones a player never plays
//! (the first line of an empty area, self-ataris). A weight of 0 turns a source off. Pachi
//! reports the even-game prior alone worth ~500 Elo on 9×9 against GNU Go; the other sources
//! are kept or dropped by games (docs/strength.md, ablation table).
//!
//! Each source is one function `fn(&PriorConfig, &Candidate) -> Option<Virtual>` with one
//! weight in `PriorConfig`, reading the move's features by name (`MoveFeatures::captures`,
//! `self_atari_stones`, …); `prior_of` lists them in the order they are summed, and `sum`
//! adds them up. Adding a source: write its function, add its weight (field, default, row
//! in `PARAMS`), and add one line to `prior_of`'s list (at its end: with its weight at 0,
//! every prior stays bit for bit what it was).
//!
//! Cold-ish path: once per expansion, for each child (a few hundred per expansion at most,
//! amortised over `expand_threshold` playouts). No allocation.
//!
//! Depends on: tactics (features, fights, fate distances, reader), mailbox, param, geom.

use super::tree::Prior;
use crate::geom::{by_board_size, Point, LARGE_BOARD};
use crate::mailbox::PlayoutBoard;
use crate::param::{field, Param, Tunable};
use crate::tactics::{FateDistances, Fight, FightAnswers, MoveFeatures, Settling};

/// Weights of the prior's sources, in virtual playouts. Every field can be set by name
/// (`search::Config::set_param`, `--param`, GTP `tengen-param`).
#[derive(Debug, Clone, PartialEq)]
pub struct PriorConfig {
    /// Every move, at a win rate of 0.5. Default 10.
    pub even: f32,
    /// A move that captures an enemy chain (in atari next to it), as wins. Default 20.
    pub capture: f32,
    /// A move that saves one of the mover's chains in atari: it captures, or it extends from
    /// the last liberty and the ladder reader says the chain then lives; as wins. Default 15.
    /// (Without the ladder test it lost 38–62 in self-play, 9×9 at 2,000 light playouts:
    /// −85 Elo, 95% CI −155 to −15; it sent the search after chains that cannot escape.)
    pub escape: f32,
    /// Running from atari into a ladder that catches the chain, as losses. Default 15.
    pub ladder_escape_fails: f32,
    /// An atari that starts a ladder that catches the chain, as wins. Default 15.
    pub ladder_atari: f32,
    /// A move that puts the mover's own new chain of three or more stones in atari, as
    /// losses. Default 15.
    pub self_atari: f32,
    /// … of one or two stones: throw-ins and nakade among them, which the heavy playouts
    /// also play (their `max_self_atari_stones` is 2 by default). Default 15: at 5 it went
    /// 103–97 in self-play on 9×9 (docs/strength.md, ablation).
    pub self_atari_small: f32,
    /// An answer of the heavy playouts' two-liberty step to the last move (an atari on a
    /// two-liberty chain, an extension of one, a counter-atari: `tactics::FightAnswers`), as
    /// wins. Default 0: at 10, with `nakade` at 20, tengen won 61 of 71 games against GNU Go
    /// level 10 (9×9, 10,000 playouts) against 181 of 199 without either (docs/strength.md, ablation);
    /// an atari is not always a good move, and the playouts already read these fights.
    pub two_lib: f32,
    /// The nakade point of an eye space next to the last move, as wins. Default 0 (measured
    /// only together with `two_lib`, above).
    pub nakade: f32,
    /// A move that makes one of the playouts' 3×3 shapes (`tactics::pattern3`: hane, cut,
    /// edge), as wins. Default 10.
    pub pattern: f32,
    /// A move within distance 2 (|dx| + |dy| ≤ 2, or a diagonal) of the last move, as wins.
    /// Default 4.
    pub near_last: f32,
    /// A move at distance 1, 2 or 3 from the last move in the common fate graph (a chain is
    /// one step: `tactics::FateDistances`), as wins; Pachi's `cfgd` prior. On large boards
    /// (`geom::LARGE_BOARD`); below them times `fate_small`. Default 10/8/3: 23–9
    /// against 0 in self-play on 19×19 at 1,500 playouts (+163 Elo, 95% CI +32 to +294); at
    /// 27/25/7 (Pachi's ratios to its even-game prior) it lost 9–20 (docs/strength.md, ablation).
    pub fate: [f32; 3],
    /// On boards below `geom::LARGE_BOARD`, the `fate` weights times this. Default 0: at 1,
    /// 182 of 200 against GNU Go level 10 on 9×9 at 10,000 playouts, against 91.3% without
    /// (docs/strength.md, ablation).
    pub fate_small: f32,
    /// A move on the first or second line with no stone within distance 2, as losses.
    /// Default 6 (boards of 9 and more).
    pub low_empty: f32,
    /// A move on the third line with no stone within distance 2, as wins. Default 4.
    pub third_line_empty: f32,
    /// On large boards (`geom::LARGE_BOARD`), a move on a 3-3, 3-4 or 4-4 point of an empty corner (no
    /// stone in the corner's 6×6 box), as wins: the opening's biggest points, which playouts
    /// of a few thousand cannot tell from the centre. Default 20: 23–17 against 0 in
    /// self-play on 19×19 at 1,500 playouts (docs/strength.md, ablation).
    pub empty_corner: f32,
    /// Pass, as losses, while the board still has more than a third of its points empty.
    /// Default 20.
    pub early_pass: f32,
    /// The learned move model (`search::model`): a move the model gives probability p among
    /// the candidates gets this times √p as wins (Pachi's form of its pattern prior), on
    /// boards below `geom::LARGE_BOARD`. Default 40: in self-play on 9×9 at 2,000 playouts,
    /// 150 against 0 went 109–91, 60 against 150 130–70, 300 against 150 50–150, 30
    /// against 60 104–96 (docs/strength.md, ablation).
    pub learned: f32,
    /// The same on large boards. Default 150: 26–14 against 0 in self-play on 19×19 at
    /// 1,000 playouts.
    pub learned_large: f32,
    /// The policy network (`net`): once a node has `network_visits` visits, each child the
    /// network gives probability p gets this times √p more wins (the learned model's form),
    /// on boards below `geom::LARGE_BOARD`. Default 150: on 9×9 against Pachi 12.90 at 1 s
    /// a move it won 28 of 40 (35 of 40 with `network_settling`) where the same engine
    /// without it won 16 of 40, and 196 of 200 against GNU Go level 10 at 10,000 playouts
    /// (docs/network.md).
    pub network: f32,
    /// The same on large boards. Default 150: on 19×19 with 2 minutes a game each, 150
    /// (at 40 visits) against 0 won 22 of 30 (docs/network.md).
    pub network_large: f32,
    /// Visits a node needs before the network rates its children: an evaluation costs
    /// milliseconds, so only nodes the search returns to pay it. Default 40.
    pub network_visits: f32,
    /// A move that reading says settles a local fight (the reading priors below) counts
    /// for the network as at least this share of the network's first choice's probability
    /// (`network_probability`): the network has not learnt the seki vital points and bent
    /// fours of GNU Go's and Fuego's tests and pulls the search to shape moves there.
    /// Default 1; 0 leaves the network's own probabilities.
    pub network_settling: f32,
    /// A move that settles a small region by reading (`tactics::Reader`: the seki vital
    /// point, the bent-four kill, the point that makes or takes two eyes), of a region next
    /// to the last two moves (at the root, anywhere on the board), as wins, on boards below
    /// `geom::LARGE_BOARD`. Default 40: with `search::Config::decided_margin_weight` 0.2 it
    /// won 192 of 200 against GNU Go level 10 on 9×9 at 10,000 playouts (96.0%, 92.3–98.0;
    /// 96.5% without either), and GNU Go's seki06/07/12/13 get the vital point B2
    /// (docs/reading.md). It costs 10–20% of the playouts a second on 9×9 middle games.
    pub reading: f32,
    /// The same on large boards. Default 40: with `decided_margin_weight_large` 0.2 it went
    /// 53–47 against neither on 13×13 in self-play at 2,000 playouts, at the same time a
    /// move (docs/reading.md); on 19×19 a middle game rarely has a closed region to read.
    pub reading_large: f32,
    /// A move that settles the capture of a chain of one or two liberties next to the last
    /// two moves (at the root, anywhere) by reading (throw-ins and sacrifices included), as
    /// wins. Default 0 (docs/reading.md): the capture, escape and ladder priors already
    /// cover most of these; 0 turns the chain reading off.
    pub reading_chains: f32,
}

impl Default for PriorConfig {
    fn default() -> PriorConfig {
        PriorConfig {
            even: 10.0,
            capture: 20.0,
            escape: 15.0,
            ladder_escape_fails: 15.0,
            ladder_atari: 15.0,
            self_atari: 15.0,
            self_atari_small: 15.0,
            two_lib: 0.0,
            nakade: 0.0,
            pattern: 10.0,
            near_last: 4.0,
            fate: [10.0, 8.0, 3.0],
            fate_small: 0.0,
            low_empty: 6.0,
            third_line_empty: 4.0,
            empty_corner: 20.0,
            early_pass: 20.0,
            learned: 40.0,
            learned_large: 150.0,
            network: 150.0,
            network_large: 150.0,
            network_visits: 40.0,
            network_settling: 1.0,
            reading: 40.0,
            reading_large: 40.0,
            reading_chains: 0.0,
        }
    }
}

impl Tunable for PriorConfig {
    const PARAMS: &'static [Param<PriorConfig>] = &[
        field!("prior_even", even),
        field!("prior_capture", capture),
        field!("prior_escape", escape),
        field!("prior_ladder_escape_fails", ladder_escape_fails),
        field!("prior_ladder_atari", ladder_atari),
        field!("prior_self_atari", self_atari),
        field!("prior_self_atari_small", self_atari_small),
        field!("prior_two_lib", two_lib),
        field!("prior_nakade", nakade),
        field!("prior_pattern", pattern),
        field!("prior_near_last", near_last),
        field!("prior_fate1", fate[0]),
        field!("prior_fate2", fate[1]),
        field!("prior_fate3", fate[2]),
        field!("prior_fate_small", fate_small),
        field!("prior_low_empty", low_empty),
        field!("prior_third_line_empty", third_line_empty),
        field!("prior_empty_corner", empty_corner),
        field!("prior_early_pass", early_pass),
        field!("prior_learned", learned),
        field!("prior_learned_large", learned_large),
        field!("prior_network", network),
        field!("prior_network_large", network_large),
        field!("prior_network_visits", network_visits),
        field!("prior_network_settling", network_settling),
        field!("prior_reading", reading),
        field!("prior_reading_large", reading_large),
        field!("prior_reading_chains", reading_chains),
    ];
}

impl PriorConfig {
    /// How much of the `fate` weights applies on a board of `size`: 1 on large boards,
    /// `fate_small` below them.
    pub fn fate_scale(&self, size: usize) -> f32 {
        by_board_size(size, self.fate_small, 1.0)
    }

    /// The weight of the policy network on a board of `size`: 0 where it never runs.
    pub fn network_weight(&self, size: usize) -> f32 {
        by_board_size(size, self.network, self.network_large)
    }

    /// The weight of the learned model on a board of `size`.
    pub fn learned_weight(&self, size: usize) -> f32 {
        by_board_size(size, self.learned, self.learned_large)
    }

    /// The weight of the region reading prior on a board of `size`.
    pub fn reading_weight(&self, size: usize) -> f32 {
        by_board_size(size, self.reading, self.reading_large)
    }

    /// Whether any reading prior is on for a board of `size` (then the worker reads the
    /// fights of an expansion).
    pub fn reads(&self, size: usize) -> bool {
        self.reading_weight(size) != 0.0 || self.reading_chains != 0.0
    }

    /// Whether the common-fate-graph prior counts on a board of `size` (then the distances
    /// from the last move must be computed for an expansion).
    pub fn fate_applies(&self, size: usize) -> bool {
        self.fate_scale(size) != 0.0 && self.fate.iter().any(|&w| w != 0.0)
    }
}

/// Virtual playouts at a win rate: what one source adds to a move's prior.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Virtual {
    visits: f32,
    value: f32,
}

impl Virtual {
    /// `visits` virtual playouts, all won.
    fn wins(visits: f32) -> Option<Virtual> {
        Some(Virtual { visits, value: 1.0 })
    }

    /// `visits` virtual playouts, all lost.
    fn losses(visits: f32) -> Option<Virtual> {
        Some(Virtual { visits, value: 0.0 })
    }
}

/// What a prior source may read of a candidate: the point, the board, and what the worker
/// computed once for the whole expansion (`prior_of`'s arguments).
struct Candidate<'a> {
    board: &'a PlayoutBoard,
    p: Point,
    features: &'a MoveFeatures,
    fights: &'a FightAnswers,
    fate: &'a FateDistances,
    settling: &'a Settling,
    last: Option<Point>,
    /// The move's probability under the learned model (0 when the model is off).
    learned: f32,
}

/// The prior of playing the empty point `p` for the side to move on `board`; `last` is the
/// last move played. `features` are the move's (`PlayoutBoard::move_features`: its captures,
/// escapes and ataris read by the ladder reader, self-atari, line and empty area), `fights`
/// is `board.fight_answers(..)` and `fate` the distances from `last`
/// (`PlayoutBoard::fate_distances`, up to 3), and `settling` the moves that settle the
/// fights read near the last moves (`Reader::settle`), all computed once for all the moves
/// of an expansion; `learned` is the move's probability under the learned model (0 when the model
/// is off).
///
/// The sum of one function per source, in a fixed order (the sum is of floats: the order is
/// part of the result, and `tengen bench`'s signatures pin it). A new source is one function
/// `fn(&PriorConfig, &Candidate) -> Option<Virtual>`, one weight in `PriorConfig` (with its
/// default and its row in `PARAMS`), and one line below.
#[allow(clippy::too_many_arguments)]
pub fn prior_of(
    config: &PriorConfig,
    board: &PlayoutBoard,
    p: Point,
    features: &MoveFeatures,
    fights: &FightAnswers,
    fate: &FateDistances,
    settling: &Settling,
    last: Option<Point>,
    learned: f32,
) -> Prior {
    let c = &Candidate {
        board,
        p,
        features,
        fights,
        fate,
        settling,
        last,
        learned,
    };
    sum(&[
        even_game(config),
        // The learned model's probability: the policy network (issue 32) will be a source
        // of this kind, beside it.
        learned_model(config, c),
        capture(config, c),
        escape(config, c),
        ladder_escape_fails(config, c),
        ladder_atari(config, c),
        self_atari(config, c),
        two_lib(config, c),
        nakade(config, c),
        pattern(config, c),
        near_last(config, c),
        fate_distance(config, c),
        empty_area_line(config, c),
        empty_corner(config, c),
        reading(config, c),
        reading_chains(config, c),
    ])
}

/// The prior of passing for the side to move on `board`.
pub fn prior_of_pass(config: &PriorConfig, board: &PlayoutBoard) -> Prior {
    sum(&[even_game(config), early_pass(config, board)])
}

/// The sources' virtual playouts added up, in order, as a `Prior`.
fn sum(sources: &[Option<Virtual>]) -> Prior {
    let (mut visits, mut wins) = (0.0f32, 0.0f32);
    for v in sources.iter().flatten() {
        visits += v.visits;
        wins += v.visits * v.value;
    }
    if visits <= 0.0 {
        Prior::default()
    } else {
        Prior::new(visits, wins / visits)
    }
}

/// Every move (and pass), at a win rate of 0.5: keeps one unlucky playout from burying it.
fn even_game(config: &PriorConfig) -> Option<Virtual> {
    Some(Virtual {
        visits: config.even,
        value: 0.5,
    })
}

/// The learned move model: its weight times √p as wins, p the move's probability among the
/// candidates.
fn learned_model(config: &PriorConfig, c: &Candidate) -> Option<Virtual> {
    if c.learned > 0.0 {
        Virtual::wins(config.learned_weight(c.board.size()) * c.learned.sqrt())
    } else {
        None
    }
}

/// The policy network: its weight times √p as wins, p the network's probability of the
/// move. Not summed by `prior_of`: the worker adds it to the children of a node once the
/// node has `network_visits` visits (`Tree::try_claim_network`, `Node::add_prior_wins`),
/// since an evaluation costs what hundreds of playouts do.
pub fn network_wins(config: &PriorConfig, size: usize, probability: f32) -> f32 {
    config.network_weight(size) * probability.max(0.0).sqrt()
}

/// The probability the network's prior counts for a move: the network's own, `p`, raised
/// to `network_settling` times `top` (the network's largest among the node's moves) when
/// reading says the move settles a local fight.
pub fn network_probability(config: &PriorConfig, p: f32, top: f32, settles: bool) -> f32 {
    if settles {
        p.max(config.network_settling * top)
    } else {
        p
    }
}

/// A capture of an enemy chain in atari next to the move, as wins.
fn capture(config: &PriorConfig, c: &Candidate) -> Option<Virtual> {
    if c.features.captures() {
        Virtual::wins(config.capture)
    } else {
        None
    }
}

/// Saving one of the mover's chains in atari (a capture next to it, or a run the ladder
/// reader says lives), as wins.
fn escape(config: &PriorConfig, c: &Candidate) -> Option<Virtual> {
    if c.features.saves_chain_in_atari() {
        Virtual::wins(config.escape)
    } else {
        None
    }
}

/// Running from atari into a ladder that catches the chain, as losses.
fn ladder_escape_fails(config: &PriorConfig, c: &Candidate) -> Option<Virtual> {
    if c.features.runs_into_ladder() {
        Virtual::losses(config.ladder_escape_fails)
    } else {
        None
    }
}

/// An atari that starts a ladder that catches the chain, as wins.
fn ladder_atari(config: &PriorConfig, c: &Candidate) -> Option<Virtual> {
    if c.features.atari_catches_in_ladder() {
        Virtual::wins(config.ladder_atari)
    } else {
        None
    }
}

/// Putting the mover's own new chain in atari, as losses: `self_atari_small` for one or two
/// stones (throw-ins, nakade), `self_atari` for more.
fn self_atari(config: &PriorConfig, c: &Candidate) -> Option<Virtual> {
    match c.features.self_atari_stones()? {
        1 | 2 => Virtual::losses(config.self_atari_small),
        _ => Virtual::losses(config.self_atari),
    }
}

/// An answer of the heavy playouts' two-liberty step to the last move, as wins.
fn two_lib(config: &PriorConfig, c: &Candidate) -> Option<Virtual> {
    if c.fights.two_lib.contains(&c.p) {
        Virtual::wins(config.two_lib)
    } else {
        None
    }
}

/// The nakade point of an eye space next to the last move, as wins.
fn nakade(config: &PriorConfig, c: &Candidate) -> Option<Virtual> {
    if c.fights.nakade == Some(c.p) {
        Virtual::wins(config.nakade)
    } else {
        None
    }
}

/// One of the playouts' 3×3 shapes, as wins.
fn pattern(config: &PriorConfig, c: &Candidate) -> Option<Virtual> {
    if c.board.makes_shape(c.p) {
        Virtual::wins(config.pattern)
    } else {
        None
    }
}

/// Within distance 2 (|dx| + |dy| ≤ 2, or a diagonal) of the last move, as wins.
fn near_last(config: &PriorConfig, c: &Candidate) -> Option<Virtual> {
    let l = c.last?;
    let (dx, dy) = (c.p.col().abs_diff(l.col()), c.p.row().abs_diff(l.row()));
    if dx + dy <= 2 || (dx == 1 && dy == 1) {
        Virtual::wins(config.near_last)
    } else {
        None
    }
}

/// At distance 1, 2 or 3 from the last move in the common fate graph, as wins (the weight of
/// that distance, scaled for the board's size).
fn fate_distance(config: &PriorConfig, c: &Candidate) -> Option<Virtual> {
    let weight = config
        .fate
        .get(usize::from(c.fate.get(c.p)).wrapping_sub(1))?;
    Virtual::wins(weight * config.fate_scale(c.board.size()))
}

/// A move in an empty area (no stone within distance 2) on boards of 9 and more: on the
/// first or second line as losses, on the third as wins.
fn empty_area_line(config: &PriorConfig, c: &Candidate) -> Option<Virtual> {
    if c.board.size() < 9 || !c.features.in_empty_area() {
        return None;
    }
    match c.features.line() {
        1 | 2 => Virtual::losses(config.low_empty),
        3 => Virtual::wins(config.third_line_empty),
        _ => None,
    }
}

/// A 3-3, 3-4 or 4-4 point of an empty corner on large boards, as wins.
fn empty_corner(config: &PriorConfig, c: &Candidate) -> Option<Virtual> {
    if c.board.size() >= LARGE_BOARD
        && config.empty_corner != 0.0
        && is_open_corner_point(c.board, c.p)
    {
        Virtual::wins(config.empty_corner)
    } else {
        None
    }
}

/// The settling move of a small region read near the last moves, as wins.
fn reading(config: &PriorConfig, c: &Candidate) -> Option<Virtual> {
    let weight = config.reading_weight(c.board.size());
    if weight != 0.0 && c.settling.contains(c.p, Fight::Region) {
        Virtual::wins(weight)
    } else {
        None
    }
}

/// The settling move of a chain's capture read near the last moves, as wins.
fn reading_chains(config: &PriorConfig, c: &Candidate) -> Option<Virtual> {
    if config.reading_chains != 0.0 && c.settling.contains(c.p, Fight::Chain) {
        Virtual::wins(config.reading_chains)
    } else {
        None
    }
}

/// Passing while more than a third of the board is empty, as losses.
fn early_pass(config: &PriorConfig, board: &PlayoutBoard) -> Option<Virtual> {
    let size = board.size();
    if board.n_empty() * 3 > size * size {
        Virtual::losses(config.early_pass)
    } else {
        None
    }
}

/// Side of the corner box of `is_open_corner_point`.
const CORNER_BOX: usize = 6;

/// Returns true if and only if `p` is on the third or fourth line from both edges of a corner
/// (3-3, 3-4, 4-3, 4-4) and no stone stands in that corner's `CORNER_BOX` square.
fn is_open_corner_point(board: &PlayoutBoard, p: Point) -> bool {
    let size = board.size();
    // 0-based distance from the nearer edge along one axis, and whether it is the far edge.
    let axis = |x: usize| (x.min(size - 1 - x), x > size - 1 - x);
    let ((dc, right), (dr, top)) = (axis(p.col()), axis(p.row()));
    if !(2..=3).contains(&dc) || !(2..=3).contains(&dr) {
        return false;
    }
    let span = |far: bool| {
        if far {
            size - CORNER_BOX..size
        } else {
            0..CORNER_BOX
        }
    };
    span(top).all(|r| span(right).all(|c| board.stone_at(Point::new(c, r)).is_none()))
}

#[cfg(test)]
mod tests;
