//! `run`: one playout, the moves of a `Policy` to the end, then the count.
//!
//! Depends on: playout::{policy, pool, replies}, tactics (the ladder reader lent), mailbox, geom.

use super::policy::{Config, Heavy, Light, Policy, PolicyKind};
use super::pool::Pool;
use super::replies::Replies;
use crate::geom::{MAX_POINTS, MAX_SIZE};
use crate::mailbox::{Grid, PlayoutBoard, BLACK, EMPTY, GRID_LEN, WHITE};
use crate::tactics::LadderReader;
use std::cell::RefCell;

/// What a playout reports to the search.
pub struct PlayoutResult {
    /// Black's area minus White's at the end, komi not included.
    pub score: i32,
    /// Per point (`Point::index`): +1 Black owns it at the end, -1 White, 0 nobody.
    /// Indices off the board are 0.
    pub owner: [i8; MAX_POINTS],
    /// Per point: which colour first played there during the playout (0 none, 1 Black, 2 White).
    pub first_play: [u8; MAX_POINTS],
    /// Per point first played: the turn of that play (`moves[first_turn]`); undefined where
    /// `first_play` is 0. What weighted RAVE updates weigh by (`search::Config::amaf_decay`).
    /// Cost: `tengen bench --size 9 --threads 1`, heavy playouts a second, two alternating
    /// runs each: 23,598 and 25,128 before, 23,308 and 24,852 with it (−1%, inside the noise).
    pub first_turn: [u16; MAX_POINTS],
    /// Stones played in the playout (passes not counted).
    pub n_moves: usize,
    /// The playout's moves in order, as mailbox points (0 for a pass): `moves[..n_turns]`.
    /// What the last good replies learn from (`Replies::learn`).
    pub moves: [u16; MAX_TURNS],
    pub n_turns: usize,
}

/// The longest playout: `move_cap` of the largest board.
const MAX_TURNS: usize = 3 * MAX_POINTS;

impl Default for PlayoutResult {
    fn default() -> PlayoutResult {
        PlayoutResult {
            score: 0,
            owner: [0; MAX_POINTS],
            first_play: [0; MAX_POINTS],
            first_turn: [0; MAX_POINTS],
            n_moves: 0,
            moves: [0; MAX_TURNS],
            n_turns: 0,
        }
    }
}

/// Moves allowed per playout, passes included: 3·N². Random play ends far sooner (about
/// 1.2·N² stones); the cap only stops ko and superko cycles.
pub fn move_cap(size: usize) -> usize {
    3 * size * size
}

/// Plays the moves `policy` chooses from `board` until two passes or the move cap, then
/// counts. Hot path: no heap allocation; `P` is static (one loop per policy).
pub fn run<P: Policy, R: rand::RngCore>(
    board: &mut PlayoutBoard,
    policy: &P,
    rng: &mut R,
    result: &mut PlayoutResult,
) {
    let size = board.size();
    let stride = board.stride_m();
    // First play per mailbox point, converted to `Point` indices once at the end: a
    // division-free write per move instead of a conversion per move.
    let mut first = Grid([EMPTY; GRID_LEN]);
    let mut first_turn = Grid([0u16; GRID_LEN]);
    let cap = move_cap(size);
    let mut n_moves = 0;
    let mut n_passes = 0;
    let mut turn = 0;
    while n_passes < 2 && turn < cap {
        let c = board.to_move_code();
        let chosen = policy.choose(board, rng);
        result.moves[turn] = chosen as u16;
        turn += 1;
        if chosen == 0 {
            board.pass();
            n_passes += 1;
            continue;
        }
        n_passes = 0;
        if first[chosen] == EMPTY {
            first[chosen] = c;
            first_turn[chosen] = (turn - 1) as u16;
        }
        board.play_m(chosen);
        n_moves += 1;
    }

    result.owner.fill(0);
    result.first_play.fill(0);
    let mut score = 0;
    for row in 0..size {
        for col in 0..size {
            let m = (row + 1) * stride + col + 1;
            let idx = row * MAX_SIZE + col;
            // Stones count for their colour. Random play leaves only single-point eyes and
            // dame, so an empty point's neighbours decide: off-board ones count for both
            // sides, so "4" means all on-board ones. Without branches: the outcome is
            // unpredictable point by point.
            let content = board.color_m(m);
            let stone = (content == BLACK) as i8 - (content == WHITE) as i8;
            let eye =
                (board.n_color_nb(m, BLACK) == 4) as i8 - (board.n_color_nb(m, WHITE) == 4) as i8;
            let own = if content == EMPTY { eye } else { stone };
            result.owner[idx] = own;
            result.first_play[idx] = first[m];
            result.first_turn[idx] = first_turn[m];
            score += own as i32;
        }
    }
    result.score = score;
    result.n_moves = n_moves;
    result.n_turns = turn;
}

/// What a caller may lend the heavy policy beside its `Config`: the last good replies
/// (`Config::p_reply`), a ladder reader (`Config::escape_ladders`) and the RAVE pool
/// (`Config::p_pool_for`). The search lends them; the judge and the bench lend none.
#[derive(Clone, Copy, Default)]
pub struct Lent<'a> {
    pub replies: Option<&'a Replies>,
    pub ladders: Option<&'a RefCell<LadderReader>>,
    pub pool: Option<&'a Pool>,
}

/// `run` with the policy `kind` (`Heavy` built from `config` and what `lent` holds): the one
/// dispatch point, so that callers holding a `PolicyKind` still get the static loop of each
/// policy.
pub fn run_with<R: rand::RngCore>(
    kind: PolicyKind,
    config: &Config,
    lent: Lent,
    board: &mut PlayoutBoard,
    rng: &mut R,
    result: &mut PlayoutResult,
) {
    match kind {
        PolicyKind::Light => run(board, &Light, rng, result),
        PolicyKind::Heavy => {
            let mut heavy = Heavy::new(config);
            if let Some(r) = lent.replies {
                heavy = heavy.with_replies(r, config.p_reply_for(board.size()));
            }
            if let Some(l) = lent.ladders {
                heavy = heavy.with_ladders(config, l);
            }
            let p_pool = config.p_pool_for(board.size());
            if let Some(pool) = lent.pool.filter(|_| p_pool > 0.0) {
                heavy = heavy.with_pool(pool, p_pool);
            }
            run(board, &heavy, rng, result)
        }
    }
}
