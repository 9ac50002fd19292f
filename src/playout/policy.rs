//! Playout policies: how `run` chooses each move. `Light` (uniformly random) and `Heavy`
//! (MoGo's and Pachi's order: answer the last move's tactics (ataris, two-liberty fights), then 3×3 shapes around it, then random
//! moves that are not bad self-ataris), with `Config` holding the heavy policy's switches.
//!
//! Static dispatch only: `run` is generic over `P: Policy`, so each policy gets its own
//! monomorphised loop and no `dyn`. The trait is sealed: a policy reads the board's mailbox
//! internals, which only this crate has.
//!
//! Depends on: mailbox, tactics (liberties, fights, eyes, ladders, pattern3), param, geom.

use super::pool::{Pool, POOL_MAX};
use super::replies::Replies;
use crate::geom::{by_board_size, LARGE_BOARD};
use crate::mailbox::{PlayoutBoard, EMPTY};
use crate::param::{count, switch, within, Param, Tunable};
use crate::tactics::ladder::{self, LadderReader};
use crate::tactics::{self, pattern3, PointSet};
use rand::RngCore;
use std::cell::RefCell;

mod sealed {
    pub trait Sealed {}
}

/// A playout policy. Contract: `choose` returns the mailbox index of a point that is legal for
/// the side to move and is not its own true eye (`is_candidate_m`), or 0 to pass; it passes
/// only when no such point is acceptable to it. It must not play, but may reorder the empty
/// list (a set). Every random choice comes from `rng`. Hot path: once per playout move; no
/// allocation, no hash map, no clock.
pub trait Policy: sealed::Sealed {
    #[doc(hidden)]
    fn choose<R: RngCore>(&self, board: &mut PlayoutBoard, rng: &mut R) -> usize;
}

/// Which policy the search's playouts use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PolicyKind {
    /// Uniformly random non-eye-filling moves: the fastest, and the bench's reference.
    Light,
    /// `Heavy` with the search's `playout::Config`. The default.
    #[default]
    Heavy,
}

impl std::str::FromStr for PolicyKind {
    type Err = String;
    fn from_str(s: &str) -> Result<PolicyKind, String> {
        match s {
            "light" => Ok(PolicyKind::Light),
            "heavy" => Ok(PolicyKind::Heavy),
            _ => Err(format!("unknown playout policy {s:?} (light or heavy)")),
        }
    }
}

/// The heavy policy's probabilities and switches. Each probability is that of trying the
/// step at a move (the step is skipped, and the next tried, when it finds nothing legal).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Config {
    /// Save a chain of the mover's that the last move put in atari, when the escape works
    /// (capture an adjacent chain in atari, or extend to two liberties or more). Default 0.9:
    /// MoGo's first rule; left at 1.0 the playouts answer every atari, including hopeless
    /// ladders, in the same way.
    pub p_escape: f32,
    /// Capture an enemy chain in atari at or around (the 8 neighbours of) the last move.
    /// Default 0.9.
    pub p_capture: f32,
    /// Answer a two-liberty fight at the last move (Pachi's "2lib" check, tried always
    /// there): atari the last move's chain or an enemy chain next to it that has two
    /// liberties, or extend a chain of the mover's that the last move left with two, or
    /// counter-atari from it; chains safe by miai are left alone. Default 1.0.
    pub p_two_lib: f32,
    /// Play the vital point of a small eye space next to the last move
    /// (`tactics::nakade_point`): the killing move of three in a row, the pyramid four, the
    /// bulky and crossed five, the rabbity six. Default 0.8 (Pachi's rate).
    pub p_nakade: f32,
    /// Play a 3×3 shape (`pattern3::SHAPES`) among the 8 neighbours of the last move,
    /// uniformly among those that match. Default 0.9: MoGo's patterns are its largest gain
    /// (Pachi measures ~280 Elo); a little randomness keeps the playouts varied.
    pub p_pattern: f32,
    /// Also look for shapes around the move before the last (the mover's own previous
    /// move), as Pachi's `pattern2` does. Default true: 55–45 in self-play (9×9, 2,000
    /// playouts) and 184 of 200 against GNU Go level 10 (against 181 of 199 without); both
    /// within the noise, both the same way (docs/strength.md, ablation).
    pub pattern_last2: bool,
    /// Retake a ko after one exchange (the side to move was forbidden the ko two moves ago,
    /// has played elsewhere, and the opponent did not close it): Pachi's `korate` (0.4).
    /// Default 0: at 0.4 it drew 49–51 in self-play (9×9, 2,000 playouts).
    pub p_ko_retake: f32,
    /// The probability, per random move, that it redraws moves that put a chain of more
    /// than `max_self_atari_stones` in atari (its own and all it joins). Default 1 (at Pachi's
    /// 0.6 it lost 44–56 in self-play, 9×9, 2,000 playouts; Pachi
    /// measures 30–70 Elo for the rejection; its `selfatarirate` is 0.6).
    pub p_reject_self_atari: f32,
    /// The largest self-atari still played, in stones: throw-ins and nakade. Default 2.
    /// Also applies to the tactical and pattern moves above.
    pub max_self_atari_stones: u32,
    /// Also play self-ataris of three to six stones whose capture leaves the capturer one
    /// eye (`tactics::is_nakade_sacrifice`): the sacrifice before a nakade. Default false for
    /// the search; the judge's playouts turn it on (`judge::ownership`).
    pub nakade_sacrifice: bool,
    /// MoGo's "fill the board", on large boards (`geom::LARGE_BOARD`): before the
    /// random move, draw this many empty points and play the first whose 8 neighbours are
    /// all empty (so never on the first line), spreading the playouts' stones over the open
    /// areas of a large board instead of letting them cluster. Default 4: 24–16 against 0 in
    /// self-play on 19×19 at 1,500 playouts (docs/strength.md, ablation); MoGo reports a clear gain on
    /// 19×19. 9×9 was measured without it. Cost: none seen (`tengen bench --size 19`, heavy
    /// playouts per CPU second: 6,145 without, 6,336 with; single runs).
    pub fill_board_tries: u32,
    /// Play the last good reply (`replies::Replies`, LGRF-2) to the last two moves, or to
    /// the last move, after the escape and capture steps and before the two-liberty
    /// fights, when the caller passes the tables (the search does; the judge does not).
    /// On boards below `geom::LARGE_BOARD`. Default 0: at 1 it went 94–106 in self-play on
    /// 9×9 at 2,000 playouts (docs/strength.md, ablation).
    pub p_reply: f32,
    /// … on boards of 13 and more. Default 1: 30–10 against 0 in self-play on 19×19 at
    /// 1,500 playouts (+191 Elo, 95% CI +69 to +313), 98–102 on 13×13, where the search still
    /// takes 12% less time a move (docs/strength.md, ablation). Cost: none; the whole search on 19×19
    /// is faster with it (`tengen bench`).
    pub p_reply_large: f32,
    /// Before running out of atari with a move that leaves two liberties, read the ladder
    /// (`ladder::LadderReader`, when the caller passes one: the search does) and do not run
    /// when it is caught: the playouts then neither waste a move on a dead chain nor
    /// hand the opponent the stones a ladder would add. Pachi reads ladders in its playouts
    /// the same way. Default false: 21–19 with it against without, in self-play on 19×19
    /// at 1,500 playouts, and 17% more time a move (docs/strength.md, ablation).
    pub escape_ladders: bool,
    /// Play a move of the RAVE pool (`pool::Pool`: the moves the tree's AMAF statistics
    /// rate best for the mover, near where the playout starts) with this probability once
    /// the tactics and shapes found nothing, before the board filling and the random move,
    /// when the caller passes one (the search does, when this is above 0). On boards below
    /// `geom::LARGE_BOARD`. Rimmel, Teytaud and Rolet's poolRave. Default 0: at 0.5 it went
    /// 104–96 in self-play on 9×9 at 2,000 playouts (docs/strength.md, ablation).
    pub p_pool: f32,
    /// … on boards of 13 and more. Default 0: at 0.5, 24–16 and then 17–17 in self-play on
    /// 19×19 at 1,500 playouts (41–33 over both, +38 Elo, within the noise; docs/strength.md, ablation).
    pub p_pool_large: f32,
    /// The pool's size per colour (at most `pool::POOL_MAX`). Default 10.
    pub pool_size: u32,
    /// Visits a node of the descent needs before its children's AMAF values fill the pool.
    /// Default 50.
    pub pool_min_visits: u32,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            p_escape: 0.9,
            p_capture: 0.9,
            p_two_lib: 1.0,
            p_nakade: 0.8,
            p_pattern: 0.9,
            pattern_last2: true,
            p_ko_retake: 0.0,
            p_reject_self_atari: 1.0,
            max_self_atari_stones: 2,
            nakade_sacrifice: false,
            fill_board_tries: 4,
            p_reply: 0.0,
            p_reply_large: 1.0,
            escape_ladders: false,
            p_pool: 0.0,
            p_pool_large: 0.0,
            pool_size: 10,
            pool_min_visits: 50,
        }
    }
}

impl Tunable for Config {
    const PARAMS: &'static [Param<Config>] = &[
        within!("playout_escape", p_escape, 0.0, 1.0),
        within!("playout_capture", p_capture, 0.0, 1.0),
        within!("playout_two_lib", p_two_lib, 0.0, 1.0),
        within!("playout_nakade", p_nakade, 0.0, 1.0),
        within!("playout_pattern", p_pattern, 0.0, 1.0),
        switch!("playout_pattern_last2", pattern_last2),
        within!("playout_ko_retake", p_ko_retake, 0.0, 1.0),
        within!("playout_reject_self_atari", p_reject_self_atari, 0.0, 1.0),
        count!(
            "playout_max_self_atari_stones",
            max_self_atari_stones,
            |v| v.round()
        ),
        switch!("playout_nakade_sacrifice", nakade_sacrifice),
        count!("playout_fill_board_tries", fill_board_tries, |v| v
            .clamp(0.0, 64.0)),
        within!("playout_reply", p_reply, 0.0, 1.0),
        within!("playout_reply_large", p_reply_large, 0.0, 1.0),
        switch!("playout_escape_ladders", escape_ladders),
        within!("playout_pool", p_pool, 0.0, 1.0),
        within!("playout_pool_large", p_pool_large, 0.0, 1.0),
        count!("playout_pool_size", pool_size, |v| v
            .clamp(1.0, POOL_MAX as f32)),
        count!("playout_pool_min_visits", pool_min_visits, |v| v.min(1e9)),
    ];
}

impl Config {
    /// The probability of playing the last good reply on a board of `size`.
    pub fn p_reply_for(&self, size: usize) -> f32 {
        by_board_size(size, self.p_reply, self.p_reply_large)
    }

    /// The probability of playing a move of the RAVE pool on a board of `size`.
    pub fn p_pool_for(&self, size: usize) -> f32 {
        by_board_size(size, self.p_pool, self.p_pool_large)
    }
}

/// A uniform integer in `0..n` (n < 2^32) from one 32-bit draw: Lemire's multiply-shift
/// without the rejection step; its bias, below n / 2^32 < 2^-22, is far under playout noise.
#[inline(always)]
pub(crate) fn below<R: RngCore>(rng: &mut R, n: usize) -> usize {
    ((rng.next_u32() as u64 * n as u64) >> 32) as usize
}

/// Light: uniformly random moves that are legal and do not fill the mover's own true eye.
///
/// Choice: draw an index among the `k` untried empty points; if that point is illegal or the
/// mover's own true eye, swap it behind the untried part (`k -= 1`) and draw again. Every
/// acceptable point is thus equally likely, and a side with none passes after at most one
/// test per empty point. The board keeps the empty list's new order; it is a set.
///
/// Tried and not taken (A/B of light playouts per CPU second, 4 alternating runs each, on a
/// loaded machine where single runs vary ±10%): a linear scan from one random start (as
/// Pachi and GNU Go do) looked at most ~5% faster, within the noise, and it favours points
/// behind runs of rejected ones; skipping the neighbour loop of `play` when no neighbour is
/// a stone gained nothing.
#[derive(Debug, Clone, Copy, Default)]
pub struct Light;

impl sealed::Sealed for Light {}

impl Policy for Light {
    #[inline(always)]
    fn choose<R: RngCore>(&self, board: &mut PlayoutBoard, rng: &mut R) -> usize {
        random_move(board, rng, |_, _| true)
    }
}

/// The random draw of `Light`, with `accept` as an extra filter on candidates.
#[inline(always)]
fn random_move<R: RngCore>(
    board: &mut PlayoutBoard,
    rng: &mut R,
    accept: impl Fn(&PlayoutBoard, usize) -> bool,
) -> usize {
    let c = board.to_move_code();
    let mut k = board.n_empty();
    while k > 0 {
        let i = below(rng, k);
        let m = board.empty_at(i);
        if board.is_candidate_empty_m(m, c) && accept(board, m) {
            return m;
        }
        k -= 1;
        board.swap_empties(i, k);
    }
    0
}

/// Heavy: MoGo's playout policy, in MoGo's and Pachi's order. With the last move `L` an enemy
/// stone, each step in turn with its probability (`Config`): save a mover's chain that `L`
/// put in atari; capture an enemy chain in atari at or around `L`; play the last good reply
/// to the last two moves or to `L` (with `with_replies`); answer a two-liberty fight
/// at `L` (`tactics::two_liberty_check`); play the vital point of a small eye space next to
/// `L` (`tactics::nakade_point`); play a 3×3 shape in the
/// 8 neighbours of `L`. Otherwise (or when a step finds no acceptable move) a `Light` draw
/// that also redraws bad self-ataris. Each step picks uniformly among its acceptable moves,
/// and every move it returns passes `is_candidate_m` (legal, not the mover's own true eye).
#[derive(Clone, Copy)]
pub struct Heavy<'a> {
    /// Probabilities as thresholds on a 32-bit draw (`p · 2^32`, saturated), so that a step
    /// costs an integer compare.
    escape: u64,
    capture: u64,
    two_lib: u64,
    nakade: u64,
    pattern: u64,
    pattern_last2: bool,
    ko_retake: u64,
    reject_self_atari: u64,
    max_self_atari_stones: u32,
    nakade_sacrifice: bool,
    fill_board_tries: u32,
    /// Playing a last good reply: its threshold for the board's size (`with_replies`).
    reply: u64,
    /// The last good replies, if the caller keeps them.
    replies: Option<&'a Replies>,
    /// Reads the ladders of escapes (`Config::escape_ladders`), if the caller lends one.
    /// A `RefCell`, as `choose` takes `&self`: one flag check per read.
    ladders: Option<&'a RefCell<LadderReader>>,
    /// Playing a move of the RAVE pool: its threshold (`with_pool`).
    pool_rate: u64,
    /// The RAVE pool, if the caller fills one.
    pool: Option<&'a Pool>,
}

/// A probability as a threshold on a u32 draw: `draw < threshold` has probability `p`.
fn threshold(p: f32) -> u64 {
    (p.clamp(0.0, 1.0) as f64 * 4_294_967_296.0) as u64
}

impl<'a> Heavy<'a> {
    /// The policy of `config`, without last good replies.
    pub fn new(config: &Config) -> Heavy<'a> {
        Heavy {
            escape: threshold(config.p_escape),
            capture: threshold(config.p_capture),
            two_lib: threshold(config.p_two_lib),
            nakade: threshold(config.p_nakade),
            pattern: threshold(config.p_pattern),
            pattern_last2: config.pattern_last2,
            ko_retake: threshold(config.p_ko_retake),
            reject_self_atari: threshold(config.p_reject_self_atari),
            max_self_atari_stones: config.max_self_atari_stones,
            nakade_sacrifice: config.nakade_sacrifice,
            fill_board_tries: config.fill_board_tries,
            reply: 0,
            replies: None,
            ladders: None,
            pool_rate: 0,
            pool: None,
        }
    }

    /// The same policy, playing the replies of `replies` with probability `p` (the
    /// caller's `Config::p_reply_for` the board's size).
    pub fn with_replies(self, replies: &'a Replies, p: f32) -> Heavy<'a> {
        Heavy {
            reply: threshold(p),
            replies: Some(replies),
            ..self
        }
    }

    /// The same policy, reading the ladders of escapes with `ladders` when `config` says so
    /// (`Config::escape_ladders`).
    pub fn with_ladders(self, config: &Config, ladders: &'a RefCell<LadderReader>) -> Heavy<'a> {
        Heavy {
            ladders: config.escape_ladders.then_some(ladders),
            ..self
        }
    }

    /// The same policy, playing a move of `pool` with probability `p` where the tactics and
    /// shapes found nothing.
    pub fn with_pool(self, pool: &'a Pool, p: f32) -> Heavy<'a> {
        Heavy {
            pool_rate: threshold(p),
            pool: Some(pool),
            ..self
        }
    }

    /// Probability `t / 2^32`. A step at probability 0 or 1 draws nothing.
    #[inline(always)]
    fn roll<R: RngCore>(t: u64, rng: &mut R) -> bool {
        match t {
            0 => false,
            4_294_967_296.. => true,
            _ => (rng.next_u32() as u64) < t,
        }
    }

    /// Acceptable to this policy: a candidate (legal, not own true eye) that is not a bad
    /// self-atari.
    #[inline(always)]
    fn acceptable(&self, b: &PlayoutBoard, m: usize, c: u8) -> bool {
        b.is_candidate_m(m, c) && !(self.reject_self_atari != 0 && self.is_bad_self_atari(b, m, c))
    }

    /// A self-atari of more than `max_self_atari_stones`, unless it is a nakade sacrifice
    /// (with `nakade_sacrifice`).
    #[inline(always)]
    fn is_bad_self_atari(&self, b: &PlayoutBoard, m: usize, c: u8) -> bool {
        tactics::is_bad_self_atari(b, m, c, self.max_self_atari_stones)
            && !(self.nakade_sacrifice && tactics::is_nakade_sacrifice(b, m, c))
    }

    /// One of `set`'s acceptable points, uniformly; 0 if none.
    #[inline(always)]
    fn pick<R: RngCore, const N: usize>(
        &self,
        b: &PlayoutBoard,
        c: u8,
        set: &PointSet<N>,
        rng: &mut R,
    ) -> usize {
        let mut ok = PointSet::<N>::new();
        for &m in set.as_slice() {
            if self.acceptable(b, m as usize, c) {
                ok.insert(m as usize);
            }
        }
        match ok.len() {
            0 => 0,
            1 => ok.get(0),
            n => ok.get(below(rng, n)),
        }
    }

    /// The tactical and shape steps around the last move `last` (an enemy stone), in
    /// MoGo's and Pachi's order; each is tried at its probability, and the first that finds
    /// an acceptable move plays it. 0 if none does.
    #[inline]
    fn answer<R: RngCore>(&self, b: &PlayoutBoard, last: usize, rng: &mut R) -> usize {
        let c = b.to_move_code();
        let s = b.stride_m();
        let orth = [last - 1, last + 1, last - s, last + s];
        let diag = [last - s - 1, last - s + 1, last + s - 1, last + s + 1];
        let mut m = self.escape_step(b, c, orth, rng);
        if m == 0 {
            m = self.capture_step(b, c, last, orth, diag, rng);
        }
        if m == 0 {
            m = self.reply_step(b, c, last, rng);
        }
        if m == 0 {
            m = self.two_liberty_step(b, c, last, rng);
        }
        if m == 0 {
            m = self.nakade_step(b, c, last, rng);
        }
        if m == 0 {
            m = self.shape_step(b, c, orth, diag, rng);
        }
        m
    }

    /// Escape: save the mover's chains next to the last move (`orth`, its neighbours) that
    /// are now in atari. (Always saving chains of three or more, as Pachi does, lost 37–63 in
    /// self-play: docs/strength.md, ablation.)
    #[inline(always)]
    fn escape_step<R: RngCore>(
        &self,
        b: &PlayoutBoard,
        c: u8,
        orth: [usize; 4],
        rng: &mut R,
    ) -> usize {
        if !Self::roll(self.escape, rng) {
            return 0;
        }
        let mut moves = PointSet::<16>::new();
        let mut heads = [0usize; 4];
        for (k, &q) in orth.iter().enumerate() {
            if b.color_m(q) == c {
                let h = b.head_m(q);
                if !heads.contains(&h) && b.chain_of_head(h).in_atari() {
                    heads[k] = h;
                    match self.ladders {
                        Some(ladders) => ladder::escapes_unless_caught(
                            b,
                            h,
                            &mut ladders.borrow_mut(),
                            &mut moves,
                        ),
                        None => tactics::escapes(b, h, &mut moves),
                    }
                }
            }
        }
        self.pick(b, c, &moves, rng)
    }

    /// Capture: the last move's own chain, and enemy chains on its 8 neighbours, in atari.
    /// (Also taking chains left in atari next to the mover's own previous move lost 11–29 in
    /// self-play on 19×19: docs/strength.md, ablation.)
    #[inline(always)]
    fn capture_step<R: RngCore>(
        &self,
        b: &PlayoutBoard,
        c: u8,
        last: usize,
        orth: [usize; 4],
        diag: [usize; 4],
        rng: &mut R,
    ) -> usize {
        if !Self::roll(self.capture, rng) {
            return 0;
        }
        let enemy = c ^ 3;
        let mut moves = PointSet::<9>::new();
        for q in std::iter::once(last).chain(orth).chain(diag) {
            if b.color_m(q) == enemy {
                let ch = b.chain_of_head(b.head_m(q));
                if ch.in_atari() {
                    moves.insert(tactics::atari_liberty(&ch));
                }
            }
        }
        self.pick(b, c, &moves, rng)
    }

    /// The last good reply to the last two moves, or to the last one (with `with_replies`).
    #[inline(always)]
    fn reply_step<R: RngCore>(&self, b: &PlayoutBoard, c: u8, last: usize, rng: &mut R) -> usize {
        let Some(replies) = self.replies else {
            return 0;
        };
        if !Self::roll(self.reply, rng) {
            return 0;
        }
        let m = replies.reply(c, b.last2_m(), last);
        if m != 0 && self.acceptable(b, m, c) {
            m
        } else {
            0
        }
    }

    /// Two-liberty fights: the last move's chain, and chains next to it.
    #[inline(always)]
    fn two_liberty_step<R: RngCore>(
        &self,
        b: &PlayoutBoard,
        c: u8,
        last: usize,
        rng: &mut R,
    ) -> usize {
        if !Self::roll(self.two_lib, rng) {
            return 0;
        }
        let mut moves = PointSet::<16>::new();
        tactics::two_liberty_answers(b, last, self.max_self_atari_stones, &mut moves);
        self.pick(b, c, &moves, rng)
    }

    /// Nakade: the vital point of the eye space the last move borders.
    #[inline(always)]
    fn nakade_step<R: RngCore>(&self, b: &PlayoutBoard, c: u8, last: usize, rng: &mut R) -> usize {
        if !Self::roll(self.nakade, rng) {
            return 0;
        }
        let m = tactics::nakade_answer(b, last);
        if m != 0 && self.acceptable(b, m, c) {
            m
        } else {
            0
        }
    }

    /// Shapes in the 8 neighbours of the last move (`orth`, `diag`), and of the mover's own
    /// move before it with `pattern_last2`.
    #[inline(always)]
    fn shape_step<R: RngCore>(
        &self,
        b: &PlayoutBoard,
        c: u8,
        orth: [usize; 4],
        diag: [usize; 4],
        rng: &mut R,
    ) -> usize {
        if !Self::roll(self.pattern, rng) {
            return 0;
        }
        let s = b.stride_m();
        let mut moves = PointSet::<16>::new();
        for q in orth.into_iter().chain(diag) {
            if b.color_m(q) == EMPTY && pattern3::matches(b, q, c) {
                moves.insert(q);
            }
        }
        let own = b.last2_m();
        if self.pattern_last2 && own != 0 {
            for q in [own - 1, own + 1, own - s, own + s].into_iter().chain([
                own - s - 1,
                own - s + 1,
                own + s - 1,
                own + s + 1,
            ]) {
                if b.color_m(q) == EMPTY && pattern3::matches(b, q, c) {
                    moves.insert(q);
                }
            }
        }
        self.pick(b, c, &moves, rng)
    }

    /// With probability `pool_rate`, one of the mover's pool moves drawn uniformly, if it is
    /// acceptable; 0 otherwise (and always without a pool).
    #[inline(always)]
    fn pool_move<R: RngCore>(&self, b: &PlayoutBoard, rng: &mut R) -> usize {
        let Some(pool) = self.pool else { return 0 };
        let c = b.to_move_code();
        let moves = pool.of(c);
        if moves.is_empty() || !Self::roll(self.pool_rate, rng) {
            return 0;
        }
        let m = usize::from(moves[below(rng, moves.len())]);
        if self.acceptable(b, m, c) {
            m
        } else {
            0
        }
    }

    /// "Fill the board": the first of `fill_board_tries` random empty points whose 8
    /// neighbours are all empty and that is acceptable; 0 if none.
    #[inline]
    fn fill_board<R: RngCore>(&self, b: &PlayoutBoard, c: u8, rng: &mut R) -> usize {
        let n = b.n_empty();
        if n == 0 || b.size() < LARGE_BOARD {
            return 0;
        }
        let s = b.stride_m();
        for _ in 0..self.fill_board_tries {
            let m = b.empty_at(below(rng, n));
            if b.n_empty_nb(m) == 4
                && [m - s - 1, m - s + 1, m + s - 1, m + s + 1]
                    .iter()
                    .all(|&q| b.color_m(q) == EMPTY)
                && self.acceptable(b, m, c)
            {
                return m;
            }
        }
        0
    }
}

impl sealed::Sealed for Heavy<'_> {}

impl Policy for Heavy<'_> {
    #[inline(always)]
    fn choose<R: RngCore>(&self, board: &mut PlayoutBoard, rng: &mut R) -> usize {
        let ko = board.ko_to_retake();
        if ko != 0 && Self::roll(self.ko_retake, rng) {
            let c = board.to_move_code();
            if self.acceptable(board, ko, c) {
                return ko;
            }
        }
        let last = board.last_m();
        if last != 0 {
            let m = self.answer(board, last, rng);
            if m != 0 {
                return m;
            }
        }
        // The RAVE pool, before the board filling and the random move. (Tried before the
        // tactics instead, it lost 93–107 at 0.2 and 35–69 at 0.5 in self-play on 9×9:
        // docs/strength.md, ablation.)
        let m = self.pool_move(board, rng);
        if m != 0 {
            return m;
        }
        let c = board.to_move_code();
        let m = self.fill_board(board, c, rng);
        if m != 0 {
            return m;
        }
        if Self::roll(self.reject_self_atari, rng) {
            random_move(board, rng, |b, m| !self.is_bad_self_atari(b, m, c))
        } else {
            random_move(board, rng, |_, _| true)
        }
    }
}

#[cfg(test)]
mod tests;
