//! Random games played move by move on `Game` (and a `Position` beside it) and on the reference
//! board of `reference.rs`, compared after every move.
//!
//! 10,000 games by default (`TENGEN_DIFF_GAMES=N` to change, `TENGEN_DIFF_GAME=i` to replay game
//! i alone). Game i has its own seed; its size, ko rule and suicide rule follow from i:
//! 40% 9×9, 20% 13×13, 20% 19×19, 20% spread evenly over every other size from 2 to 25; the
//! three ko rules × suicide allowed/forbidden evenly over every size. One game in ten starts
//! from random setup stones (`Game::setup`), one in twenty from handicap stones.
//!
//! Compared after EVERY move, pass, refused move and undo:
//! - the stone (or none) on every point, `stones(c)` and `empty_points()` as sets;
//! - side to move, ko point, prisoners of both colours, number of moves, `is_over`;
//! - `position_hash()` against the XOR of `zobrist::stone` over all stones, recomputed from
//!   scratch, and `situational_hash()` against that XOR `WHITE_TO_MOVE` when White is to move;
//! - for every stone played, the stones captured and self-captured (`Position::try_play`'s
//!   `Played`, on a `Position` kept beside the game).
//!
//! On "sweep" moves, additionally:
//! - the verdict of `Game::check` (Ok, or the exact `PlayError`) for EVERY empty point for the
//!   side to move (superko included), and on one sweep in four also for the other colour;
//! - `n_liberties` and the size of `chain` for every stone.
//!
//! Sweeps happen after every move on boards up to 9×9, after every 2nd move up to 13×13 and
//! every 4th move above, and after every move that captured (where ko and superko arise). On
//! other moves the move itself is checked against the reference before it is played.
//!
//! Moves are chosen at random among the legal ones (passes 2%, the colour not to move 3%);
//! 1% of moves go through `Game::play_lenient` on any empty point (ko, superko and suicide
//! rules ignored, as server bridges play).
//! Deliberately illegal moves (occupied, ko, suicide, superko and off-board points) are tried
//! with `Game::try_play` 5% of the time and after every ko capture: they must fail with the
//! reference's error and change nothing. Random undo sequences (2% of moves, 1 to 8 moves) are
//! compared with the reference's snapshots. Games end after two passes or 2·N² moves.

use crate::reference::{other, Analysis, RefBoard, RefGame, BLACK, EMPTY, WHITE};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::time::Instant;
use tengen::board::{Bitboard, PlayError, Position};
use tengen::game::rules::HandicapCompensation;
use tengen::game::{Game, KoRule, Rules, Scoring};
use tengen::geom::{Color, Move, Point};
use tengen::zobrist;

/// Sizes other than 9, 13 and 19, visited in turn.
const OTHER_SIZES: [usize; 21] = [
    2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 14, 15, 16, 17, 18, 20, 21, 22, 23, 24, 25,
];

fn env_usize(name: &str) -> Option<usize> {
    std::env::var(name).ok().and_then(|v| v.parse().ok())
}

#[derive(Debug, Clone, Copy)]
enum Start {
    Empty,
    Setup,
    Handicap,
}

#[derive(Debug, Clone, Copy)]
struct Plan {
    index: usize,
    size: usize,
    ko: KoRule,
    suicide: bool,
    start: Start,
}

fn plan(index: usize) -> Plan {
    let bucket = index % 10;
    // `turn` numbers the games of one size class; the rules go round within each class.
    let (size, turn) = match bucket {
        0..=3 => (9, index / 10),
        4 | 5 => (13, index / 10),
        6 | 7 => (19, index / 10),
        _ => {
            let k = index / 10 * 2 + bucket - 8;
            (OTHER_SIZES[k % OTHER_SIZES.len()], k / OTHER_SIZES.len())
        }
    };
    let ko = [KoRule::Simple, KoRule::Positional, KoRule::Situational][turn % 3];
    let suicide = (turn / 3) % 2 == 1;
    let start = match (index / 7) % 20 {
        0 | 1 => Start::Setup,
        2 => Start::Handicap,
        _ => Start::Empty,
    };
    Plan {
        index,
        size,
        ko,
        suicide,
        start,
    }
}

/// Counters for the report printed at the end of a shard.
#[derive(Default, Debug)]
struct Stats {
    games: usize,
    moves: usize,
    sweeps: usize,
    checks: usize,
    refused: usize,
    undos: usize,
    lenient: usize,
}

struct Runner {
    plan: Plan,
    rng: SmallRng,
    game: Game,
    pos: Position,
    reference: RefGame,
    stats: Stats,
}

fn color(stone: u8) -> Color {
    if stone == BLACK {
        Color::Black
    } else {
        Color::White
    }
}

fn verdict(r: &Result<(), PlayError>) -> String {
    match r {
        Ok(()) => "legal".to_string(),
        Err(e) => format!("{e:?}"),
    }
}

impl Runner {
    fn new(plan: Plan) -> Runner {
        let rules = Rules {
            ko: plan.ko,
            suicide_allowed: plan.suicide,
            scoring: Scoring::Area,
            handicap_compensation: HandicapCompensation::N,
        };
        Runner {
            plan,
            rng: SmallRng::seed_from_u64(
                0x7465_6e67_656e ^ (plan.index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15),
            ),
            game: Game::new(plan.size, rules),
            pos: Position::new(plan.size),
            reference: RefGame::new(plan.size, plan.ko, plan.suicide),
            stats: Stats::default(),
        }
    }

    fn fail(&self, what: &str) -> ! {
        let b = &self.reference.board;
        let moves: Vec<String> = self
            .reference
            .moves
            .iter()
            .map(|&(c, at)| {
                let m = at.map_or(Move::Pass, |i| Move::Play(b.point(i)));
                format!("{} {}", color(c).letter(), m)
            })
            .collect();
        panic!(
            "game {} ({:?}), after {} moves: {what}\nreference:\n{}moves: {}\nreplay with TENGEN_DIFF_GAME={}",
            self.plan.index,
            self.plan,
            moves.len(),
            b.picture(),
            moves.join(" "),
            self.plan.index
        );
    }

    fn ensure(&self, ok: bool, what: impl FnOnce() -> String) {
        if !ok {
            self.fail(&what());
        }
    }

    /// Compares everything the game shows with the reference.
    fn compare(&self) {
        let b = &self.reference.board;
        let pos = self.game.position();
        self.ensure(pos.size() == b.size, || "size".into());
        let mut counts = [0usize; 3];
        for i in 0..b.cells.len() {
            let p = b.point(i);
            let want = crate::reference::color_of(b.cells[i]);
            counts[b.cells[i] as usize] += 1;
            let got = pos.stone_at(p);
            self.ensure(got == want, || {
                format!("stone at {p}: game {got:?}, reference {want:?}")
            });
        }
        for (stone, set) in [
            (EMPTY, pos.empty_points()),
            (BLACK, pos.stones(Color::Black)),
            (WHITE, pos.stones(Color::White)),
        ] {
            self.ensure(set.count() == counts[stone as usize], || {
                format!(
                    "{} points of kind {stone}, reference {}",
                    set.count(),
                    counts[stone as usize]
                )
            });
            for p in set.iter() {
                let ok = b.index_of(p).is_some_and(|i| b.cells[i] == stone);
                self.ensure(ok, || format!("{p} listed in the bitboard of kind {stone}"));
            }
        }
        let to_move = color(b.to_move);
        self.ensure(self.game.to_move() == to_move, || {
            format!(
                "to move: game {:?}, reference {to_move:?}",
                self.game.to_move()
            )
        });
        let ko = b.ko.map(|i| b.point(i));
        self.ensure(pos.ko_point() == ko, || {
            format!("ko point: game {:?}, reference {ko:?}", pos.ko_point())
        });
        let hash = b.zobrist();
        self.ensure(pos.position_hash() == hash, || {
            format!(
                "position_hash {:#x}, recomputed {hash:#x}",
                pos.position_hash()
            )
        });
        let situational = hash
            ^ if to_move == Color::White {
                zobrist::WHITE_TO_MOVE
            } else {
                0
            };
        self.ensure(pos.situational_hash() == situational, || {
            format!(
                "situational_hash {:#x}, recomputed {situational:#x}",
                pos.situational_hash()
            )
        });
        for c in Color::BOTH {
            let want = b.prisoners[c.index()];
            let got = self.game.prisoners(c);
            self.ensure(got == want, || {
                format!("prisoners of {c}: game {got}, reference {want}")
            });
        }
        let moves = &self.reference.moves;
        self.ensure(self.game.moves().len() == moves.len(), || {
            format!(
                "{} moves in the game, {} in the reference",
                self.game.moves().len(),
                moves.len()
            )
        });
        let over = moves.len() >= 2 && moves[moves.len() - 2..].iter().all(|m| m.1.is_none());
        self.ensure(self.game.is_over() == over, || {
            format!("is_over: reference {over}")
        });
    }

    fn start(&mut self) {
        let refused = self.game.undo().is_err();
        self.ensure(refused, || "undo on a new game".into());
        let size = self.plan.size;
        match self.plan.start {
            Start::Empty => {}
            Start::Setup => {
                let mut board = RefBoard::new(size);
                let n = self.rng.gen_range(1..=size * size / 3 + 1);
                for _ in 0..n {
                    let i = self.rng.gen_range(0..size * size);
                    if board.cells[i] != EMPTY {
                        continue;
                    }
                    board.cells[i] = if self.rng.gen_bool(0.5) { BLACK } else { WHITE };
                    if !board.is_valid() {
                        board.cells[i] = EMPTY;
                    }
                }
                for stone in [BLACK, WHITE] {
                    let points: Vec<Point> = (0..size * size)
                        .filter(|&i| board.cells[i] == stone)
                        .map(|i| board.point(i))
                        .collect();
                    for &p in &points {
                        self.pos.place_stone(color(stone), p).unwrap();
                    }
                    if let Err(e) = self.game.setup(color(stone), &points) {
                        self.fail(&format!("setup refused: {e:?}"));
                    }
                }
                self.reference.set_start(board);
            }
            Start::Handicap => {
                let mut board = RefBoard::new(size);
                let n = self.rng.gen_range(2..=9.min(size * size / 2));
                let mut points = Vec::new();
                while points.len() < n {
                    let i = self.rng.gen_range(0..size * size);
                    if board.cells[i] == EMPTY {
                        board.cells[i] = BLACK;
                        points.push(board.point(i));
                    }
                }
                if !board.is_valid() {
                    return; // a full row of a tiny board: keep the empty start
                }
                board.to_move = WHITE;
                if let Err(e) = self.game.set_handicap(&points) {
                    self.fail(&format!("set_handicap refused: {e:?}"));
                }
                self.ensure(self.game.handicap() == n, || "handicap count".into());
                for &p in &points {
                    self.pos.place_stone(Color::Black, p).unwrap();
                }
                self.pos.set_to_move(Color::White);
                self.reference.set_start(board);
            }
        }
        self.compare();
        let refused = self.game.undo().is_err();
        self.ensure(refused, || "undo with no move after setup".into());
    }

    /// Checks the verdict of every empty point for `stone`; returns the legal points and the
    /// illegal ones with their errors.
    fn sweep(&mut self, stone: u8, analysis: &Analysis) -> (Vec<usize>, Vec<(usize, PlayError)>) {
        self.stats.sweeps += 1;
        let b = &self.reference.board;
        let small = b.size <= 7;
        let mut legal = Vec::new();
        let mut illegal = Vec::new();
        let empties: Vec<usize> = (0..b.cells.len())
            .filter(|&i| b.cells[i] == EMPTY)
            .collect();
        let spot = if empties.is_empty() {
            0
        } else {
            self.rng.gen_range(0..empties.len())
        };
        for (k, &i) in empties.iter().enumerate() {
            let want = self.reference.fast_check(analysis, stone, i);
            // The fast verdict of the reference against its own simulation: all points on
            // small boards, one per sweep on the others.
            if small || k == spot {
                let slow = self.reference.check(stone, Some(i)).map(|_| ());
                self.ensure(slow == want, || {
                    format!(
                        "reference disagrees with itself at {}: {want:?} vs {slow:?}",
                        b.point(i)
                    )
                });
            }
            let p = b.point(i);
            let got = self.game.check(color(stone), Move::Play(p));
            self.stats.checks += 1;
            self.ensure(got == want, || {
                format!(
                    "check {} {p}: game says {}, reference {}",
                    color(stone).letter(),
                    verdict(&got),
                    verdict(&want)
                )
            });
            match want {
                Ok(()) => legal.push(i),
                Err(e) => illegal.push((i, e)),
            }
        }
        (legal, illegal)
    }

    fn check_chains(&self, analysis: &Analysis) {
        let b = &self.reference.board;
        let pos = self.game.position();
        for i in 0..b.cells.len() {
            let p = b.point(i);
            if b.cells[i] == EMPTY {
                self.ensure(
                    pos.chain(p).is_empty() && pos.liberties(p).is_empty(),
                    || format!("chain or liberties of the empty point {p}"),
                );
            } else {
                let (libs, size) = (pos.n_liberties(p), pos.chain(p).count());
                let (want_libs, want_size) = (analysis.n_liberties(i), analysis.chain_size(i));
                self.ensure(libs == want_libs && size == want_size, || {
                    format!("chain at {p}: {size} stones {libs} liberties, reference {want_size} and {want_libs}")
                });
            }
        }
    }

    /// Tries a move the reference refuses: the game must refuse it the same way and change
    /// nothing.
    fn try_illegal(&mut self, stone: u8, mv: Move, want: PlayError) {
        self.stats.refused += 1;
        let got = self.game.try_play(color(stone), mv);
        self.ensure(got == Err(want), || {
            format!(
                "try_play {} {mv}: game {got:?}, reference {want:?}",
                color(stone).letter()
            )
        });
        self.compare();
    }

    /// Some deliberately illegal move, if one is at hand.
    fn illegal_attempt(&mut self, stone: u8, known: &[(usize, PlayError)]) {
        let b = &self.reference.board;
        let size = b.size;
        let choice = self.rng.gen_range(0..4);
        let stones: Vec<usize> = (0..b.cells.len())
            .filter(|&i| b.cells[i] != EMPTY)
            .collect();
        match choice {
            0 if !known.is_empty() => {
                let (i, e) = known[self.rng.gen_range(0..known.len())];
                let p = b.point(i);
                self.try_illegal(stone, Move::Play(p), e);
            }
            1 if !stones.is_empty() => {
                let p = b.point(stones[self.rng.gen_range(0..stones.len())]);
                self.try_illegal(stone, Move::Play(p), PlayError::Occupied);
            }
            2 if size < tengen::geom::MAX_SIZE => {
                let k = self.rng.gen_range(0..size);
                let far = self.rng.gen_range(size..tengen::geom::MAX_SIZE);
                let p = if self.rng.gen_bool(0.5) {
                    Point::new(far, k)
                } else {
                    Point::new(k, far)
                };
                self.stats.checks += 1;
                let got = self.game.check(color(stone), Move::Play(p));
                self.ensure(got == Err(PlayError::OffBoard), || {
                    format!("check off board {p}: {got:?}")
                });
                self.try_illegal(stone, Move::Play(p), PlayError::OffBoard);
            }
            _ => {
                if let Some(ko) = b.ko.filter(|_| stone == b.to_move) {
                    let p = b.point(ko);
                    self.try_illegal(stone, Move::Play(p), PlayError::Ko);
                }
            }
        }
    }

    fn play(&mut self, stone: u8, at: Option<usize>) {
        let b = &self.reference.board;
        let mv = at.map_or(Move::Pass, |i| Move::Play(b.point(i)));
        let outcome = self.reference.play(stone, at);
        if let Err(e) = self.game.try_play(color(stone), mv) {
            self.fail(&format!(
                "game refused {} {mv}: {e:?}",
                color(stone).letter()
            ));
        }
        match self.pos.try_play(color(stone), mv, self.plan.suicide) {
            Ok(played) => {
                let b = &self.reference.board;
                let set = |v: &[usize]| {
                    let mut bb = Bitboard::default();
                    for &i in v {
                        bb.insert(b.point(i));
                    }
                    bb
                };
                self.ensure(played.captured == set(&outcome.captured), || {
                    format!(
                        "captured by {mv}: {:?} vs {:?}",
                        played.captured, outcome.captured
                    )
                });
                self.ensure(played.self_captured == set(&outcome.self_captured), || {
                    format!("self-captured by {mv}: {:?}", played.self_captured)
                });
                self.ensure(self.pos.position_hash() == b.zobrist(), || {
                    "Position beside the game: hash after the move".into()
                });
                self.ensure(self.pos.ko_point() == b.ko.map(|i| b.point(i)), || {
                    "Position beside the game: ko point after the move".into()
                });
            }
            Err(e) => self.fail(&format!("Position refused {mv}: {e:?}")),
        }
        self.stats.moves += 1;
        self.compare();
    }

    /// `Game::play_lenient` on a random empty point (ko, superko and suicide rules ignored).
    fn play_lenient(&mut self, stone: u8) {
        let b = &self.reference.board;
        let empties: Vec<usize> = (0..b.cells.len())
            .filter(|&i| b.cells[i] == EMPTY)
            .collect();
        let at = (!empties.is_empty()).then(|| empties[self.rng.gen_range(0..empties.len())]);
        let mv = at.map_or(Move::Pass, |i| Move::Play(b.point(i)));
        self.reference.play_lenient(stone, at).expect("empty point");
        if let Err(e) = self.game.play_lenient(color(stone), mv) {
            self.fail(&format!("game refused lenient {mv}: {e:?}"));
        }
        if let Err(e) = self.pos.play_lenient(color(stone), mv) {
            self.fail(&format!("Position refused lenient {mv}: {e:?}"));
        }
        self.stats.lenient += 1;
        self.compare();
    }

    fn undo_some(&mut self) {
        let n = self.rng.gen_range(1..=8.min(self.reference.moves.len()));
        for _ in 0..n {
            let undone = self.reference.undo();
            self.ensure(undone, || "reference undo".into());
            if self.game.undo().is_err() {
                self.fail("game refused undo");
            }
            self.compare();
        }
        self.stats.undos += n;
        self.pos = self.game.position().clone();
        if self.reference.moves.is_empty() {
            let refused = self.game.undo().is_err();
            self.ensure(refused, || "undo past the start".into());
        }
    }

    fn run(&mut self) {
        self.start();
        let size = self.plan.size;
        let cap = 2 * size * size;
        let every = match size {
            0..=9 => 1,
            10..=13 => 2,
            _ => 4,
        };
        let mut captured_last = false;
        let mut n = 0;
        while n < cap && !self.game.is_over() {
            n += 1;
            let to_move = self.reference.board.to_move;
            let stone = if self.rng.gen_bool(0.03) {
                other(to_move)
            } else {
                to_move
            };
            let mut legal = None;
            let mut known_illegal = Vec::new();
            if n % every == 0 || captured_last {
                let analysis = Analysis::new(&self.reference.board);
                self.check_chains(&analysis);
                let (l, i) = self.sweep(to_move, &analysis);
                if stone == to_move {
                    legal = Some(l);
                    known_illegal = i;
                }
                if self.stats.sweeps.is_multiple_of(4) || stone != to_move {
                    let (l, i) = self.sweep(other(to_move), &analysis);
                    if stone != to_move {
                        legal = Some(l);
                        known_illegal = i;
                    }
                }
            }
            let ko_fight = self.reference.board.ko.is_some();
            if ko_fight || self.rng.gen_bool(0.05) {
                self.illegal_attempt(stone, &known_illegal);
            }
            if !self.reference.moves.is_empty() && self.rng.gen_bool(0.02) {
                self.undo_some();
                captured_last = false;
                continue;
            }
            if self.rng.gen_bool(0.01) {
                self.play_lenient(stone);
                captured_last = true;
                continue;
            }
            let at = if self.rng.gen_bool(0.02) {
                None
            } else if let Some(legal) = legal {
                (!legal.is_empty()).then(|| legal[self.rng.gen_range(0..legal.len())])
            } else {
                self.random_legal(stone)
            };
            let prisoners_before = self.reference.board.prisoners;
            self.play(stone, at);
            captured_last = self.reference.board.prisoners != prisoners_before;
        }
        self.stats.games += 1;
    }

    /// A random legal point found by trying random empty points (each verdict compared), or
    /// None (pass) after a few refusals.
    fn random_legal(&mut self, stone: u8) -> Option<usize> {
        for _ in 0..12 {
            let b = &self.reference.board;
            let i = self.rng.gen_range(0..b.cells.len());
            if b.cells[i] != EMPTY {
                continue;
            }
            let p = b.point(i);
            let want = self.reference.check(stone, Some(i)).map(|_| ());
            let got = self.game.check(color(stone), Move::Play(p));
            self.stats.checks += 1;
            self.ensure(got == want, || {
                format!(
                    "check {} {p}: game {}, reference {}",
                    color(stone).letter(),
                    verdict(&got),
                    verdict(&want)
                )
            });
            match want {
                Ok(()) => return Some(i),
                Err(e) => self.try_illegal(stone, Move::Play(p), e),
            }
        }
        None
    }
}

fn run_shard(shard: usize, shards: usize) {
    let t0 = Instant::now();
    let mut total = Stats::default();
    let indices: Vec<usize> = match env_usize("TENGEN_DIFF_GAME") {
        Some(i) if i % shards == shard => vec![i],
        Some(_) => vec![],
        None => (0..env_usize("TENGEN_DIFF_GAMES").unwrap_or(10_000))
            .filter(|i| i % shards == shard)
            .collect(),
    };
    let mut sizes = std::collections::BTreeSet::new();
    for i in indices {
        let p = plan(i);
        sizes.insert(p.size);
        let mut runner = Runner::new(p);
        runner.run();
        let s = runner.stats;
        total.games += s.games;
        total.moves += s.moves;
        total.sweeps += s.sweeps;
        total.checks += s.checks;
        total.refused += s.refused;
        total.undos += s.undos;
        total.lenient += s.lenient;
    }
    eprintln!(
        "differential shard {shard}/{shards}: {total:?} sizes {sizes:?} in {:.1?}",
        t0.elapsed()
    );
}

// Six shards of about 15 s of CPU each (release build), so that the test harness can spread
// them over the cores beside the other tests.
const SHARDS: usize = 6;

macro_rules! shards {
    ($($name:ident = $k:expr;)*) => {
        $(
            #[test]
            fn $name() {
                run_shard($k, SHARDS);
            }
        )*
    };
}

shards! {
    random_games_shard_0 = 0;
    random_games_shard_1 = 1;
    random_games_shard_2 = 2;
    random_games_shard_3 = 3;
    random_games_shard_4 = 4;
    random_games_shard_5 = 5;
}

#[test]
fn plans_cover_every_size_and_rule() {
    let plans: Vec<Plan> = (0..10_000).map(plan).collect();
    for size in 2..=25 {
        let n = plans.iter().filter(|p| p.size == size).count();
        assert!(n >= 40, "size {size}: {n} games");
        for ko in [KoRule::Simple, KoRule::Positional, KoRule::Situational] {
            for suicide in [false, true] {
                assert!(
                    plans
                        .iter()
                        .any(|p| p.size == size && p.ko == ko && p.suicide == suicide),
                    "size {size} {ko:?} suicide {suicide}"
                );
            }
        }
    }
    let share = |s: usize| plans.iter().filter(|p| p.size == s).count();
    assert_eq!((share(9), share(13), share(19)), (4000, 2000, 2000));
}

mod position_alone;
