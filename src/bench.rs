//! `tengen bench`: light and heavy playouts per second and board moves per second, one thread.
//!
//! From the empty board of each size (9×9, 13×13, 19×19, or the one `--size N`), with a
//! fixed seed, runs light playouts, then heavy ones (`playout::Heavy` with the default
//! `playout::Config`), for `--seconds S` each (default 2) and prints playouts/s,
//! stones played per second, the average playout length and a signature of the first 1000
//! playouts (score sum and a hash of every score and length): a refactor that changes the
//! signature changed what the playouts do, not just their speed. A second line per size
//! times the exact board: `board::Position::try_play` replaying a few recorded random games.
//! A third times the whole search as `genmove` runs it (default `search::Config`: heavy
//! playouts, priors, tree descent and update) from the empty board for the same time, with
//! one thread; a fourth with `--threads N` threads on the shared tree (default: every core),
//! and the ratio of the two.
//!
//! Depends on: search, net, playout, tactics, mailbox, game, board, geom.

use crate::board::Position;
use crate::game::{Game, Rules};
use crate::geom::{Color, Move};
use crate::mailbox::PlayoutBoard;
use crate::net::{self, Network};
use crate::playout::{self, PlayoutResult, PlayoutRng};
use crate::search::{self, Limits, Search};
use crate::tactics::LadderReader;
use rand::Rng;
use std::time::{Duration, Instant};

/// The bench's seed; changing it changes every signature.
const SEED: u64 = 0x7e46_e2b0_0b5e_ed01;
/// Playouts that make up the signature, whatever the time limit.
const SIGNATURE_PLAYOUTS: usize = 1000;
/// Playouts between two clock reads: keeps the clock out of the measured work.
const BATCH: usize = 64;

/// What `tengen bench` measures (`cli` parses it from the command line).
#[derive(Debug, Clone)]
pub struct Options {
    /// Seconds of each measurement. Default 2.
    pub seconds: f64,
    /// Board sizes, each measured in turn. Default 9, 13 and 19.
    pub sizes: Vec<usize>,
    /// Threads of the second whole-search line (1: no second line). Default: every core.
    pub threads: usize,
    /// The network of the network line and of the searches' prior. Default: the built-in one.
    pub network: &'static Network,
}

/// CPU time (user + system) of the calling thread so far, from Linux's
/// `/proc/thread-self/stat`, in clock ticks of 10 ms (USER_HZ is 100 on Linux): 0.5% of a
/// 2 s run. `None` where that file is missing. On a shared machine the wall-clock rate
/// undersells the code; the rate per CPU second does not (as much: hyperthreads and caches
/// are still shared).
fn thread_cpu_time() -> Option<Duration> {
    cpu_time("/proc/thread-self/stat")
}

/// CPU time of the whole process so far (every thread), from `/proc/self/stat`: the
/// threaded search's rate per CPU second, which shows the cost of sharing the tree even on a
/// loaded machine.
fn process_cpu_time() -> Option<Duration> {
    cpu_time("/proc/self/stat")
}

/// User plus system time from a Linux `stat` file, in ticks of 10 ms.
fn cpu_time(path: &str) -> Option<Duration> {
    let text = std::fs::read_to_string(path).ok()?;
    // Fields after the command name, which is in parentheses and may hold spaces: state is
    // field 3 of the line, utime 14 and stime 15.
    let rest = &text[text.rfind(')')? + 1..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let utime = fields.get(11)?.parse::<u64>().ok()?;
    let stime = fields.get(12)?.parse::<u64>().ok()?;
    Some(Duration::from_millis(10 * (utime + stime)))
}

/// Figures of one size.
struct Figures {
    playouts: usize,
    moves: usize,
    elapsed: Duration,
    /// Thread CPU time over the run, when the platform tells it.
    cpu: Option<Duration>,
    score_sum: i64,
    hash: u64,
}

/// FNV-1a over 64-bit words: a stable, dependency-free signature.
fn fnv(hash: u64, word: u64) -> u64 {
    let mut h = hash;
    for b in word.to_le_bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x100_0000_01b3);
    }
    h
}

fn bench_size<P: playout::Policy>(size: usize, seconds: f64, policy: &P) -> Figures {
    let start_board = PlayoutBoard::new(size);
    let mut board = start_board.clone();
    let mut rng = PlayoutRng::new(SEED);
    let mut result = PlayoutResult::default();
    let budget = Duration::from_secs_f64(seconds);
    let mut f = Figures {
        playouts: 0,
        moves: 0,
        elapsed: Duration::ZERO,
        cpu: None,
        score_sum: 0,
        hash: 0xcbf2_9ce4_8422_2325,
    };
    let cpu0 = thread_cpu_time();
    let t0 = Instant::now();
    loop {
        for _ in 0..BATCH {
            board.copy_from(&start_board);
            playout::run(&mut board, policy, &mut rng, &mut result);
            if f.playouts < SIGNATURE_PLAYOUTS {
                f.score_sum += result.score as i64;
                f.hash = fnv(f.hash, result.score as i64 as u64);
                f.hash = fnv(f.hash, result.n_moves as u64);
            }
            f.playouts += 1;
            f.moves += result.n_moves;
        }
        f.elapsed = t0.elapsed();
        if f.elapsed >= budget && f.playouts >= SIGNATURE_PLAYOUTS {
            f.cpu = thread_cpu_time()
                .zip(cpu0)
                .and_then(|(t1, t0)| t1.checked_sub(t0));
            return f;
        }
    }
}

/// Random games replayed through `Position` per size.
const N_RECORDED_GAMES: usize = 4;

/// A random game from the empty board of side `size`, fixed by `seed` (see `record_game`):
/// the recorded games that `tengen bench` and the criterion benches replay.
pub fn random_game(size: usize, seed: u64) -> Vec<Move> {
    record_game(size, &mut PlayoutRng::new(seed))
}

/// A random game from the empty board: uniformly random candidates (legal, not filling one's
/// own true eye) until two passes or the playout move cap. Setup, not timed: it allocates.
fn record_game(size: usize, rng: &mut PlayoutRng) -> Vec<Move> {
    let mut board = PlayoutBoard::new(size);
    let mut moves = vec![];
    let mut candidates = vec![];
    while moves.len() < playout::move_cap(size) && !moves.ends_with(&[Move::Pass, Move::Pass]) {
        candidates.clear();
        board.for_each_candidate(|p| candidates.push(p));
        let mv = if candidates.is_empty() {
            Move::Pass
        } else {
            Move::Play(candidates[rng.gen_range(0..candidates.len())])
        };
        board.play_unchecked(mv);
        moves.push(mv);
    }
    moves
}

/// `Position::try_play` replaying recorded games for `seconds`: moves, wall time, CPU time,
/// and whether every move was accepted (a refused move means the two boards disagree: a bug).
struct PositionFigures {
    moves: usize,
    elapsed: Duration,
    cpu: Option<Duration>,
    all_accepted: bool,
}

fn bench_position(size: usize, seconds: f64) -> PositionFigures {
    let mut rng = PlayoutRng::new(SEED ^ size as u64);
    let games: Vec<Vec<Move>> = (0..N_RECORDED_GAMES)
        .map(|_| record_game(size, &mut rng))
        .collect();
    let budget = Duration::from_secs_f64(seconds);
    let mut f = PositionFigures {
        moves: 0,
        elapsed: Duration::ZERO,
        cpu: None,
        all_accepted: true,
    };
    let cpu0 = thread_cpu_time();
    let t0 = Instant::now();
    while f.elapsed < budget {
        for game in &games {
            let mut pos = Position::new(size);
            for &mv in game {
                let color = pos.to_move();
                f.all_accepted &= pos.try_play(color, mv, false).is_ok();
            }
            f.moves += game.len();
        }
        f.elapsed = t0.elapsed();
    }
    f.cpu = thread_cpu_time()
        .zip(cpu0)
        .and_then(|(t1, t0)| t1.checked_sub(t0));
    f
}

/// Prints one policy's figures for one size.
fn print_figures(n: usize, kind: &str, f: &Figures) {
    let secs = f.elapsed.as_secs_f64();
    println!(
        "{n}x{n} {kind}: {:.0} playouts/s, {:.2}M moves/s, {:.1} moves/playout ({} playouts in {:.2} s)",
        f.playouts as f64 / secs,
        f.moves as f64 / secs / 1e6,
        f.moves as f64 / f.playouts as f64,
        f.playouts,
        secs
    );
    if let Some(cpu) = f.cpu.filter(|c| !c.is_zero()) {
        let c = cpu.as_secs_f64();
        println!(
            "{n}x{n} {kind}: per CPU second: {:.0} playouts/s, {:.2}M moves/s (this thread had {:.0}% of a CPU)",
            f.playouts as f64 / c,
            f.moves as f64 / c / 1e6,
            100.0 * c / secs
        );
    }
    println!(
        "{n}x{n} {kind}: signature of the first {SIGNATURE_PLAYOUTS} playouts: score sum {:+}, hash {:016x}",
        f.score_sum, f.hash
    );
}

/// Playouts per second of a whole search (tree included) on the empty board: one `genmove`
/// with a time limit of `seconds` on `threads` threads. Returns playouts, wall time and CPU
/// time (the calling thread's for one thread, the process's for more).
fn bench_search(
    size: usize,
    seconds: f64,
    threads: usize,
    network: &'static Network,
) -> (u64, Duration, Option<Duration>) {
    let game = Game::new(size, Rules::default());
    let mut search = Search::new(search::Config {
        seed: SEED,
        threads,
        network,
        ..search::Config::default()
    });
    let limits = Limits {
        playouts: None,
        time: Some(Duration::from_secs_f64(seconds)),
        stop: None,
        stop_at_once: false,
        stretch: None,
    };
    let cpu_now = if threads == 1 {
        thread_cpu_time
    } else {
        process_cpu_time
    };
    let cpu0 = cpu_now();
    search.genmove(&game, Color::Black, &limits);
    let cpu = cpu_now().zip(cpu0).and_then(|(t1, t0)| t1.checked_sub(t0));
    let summary = search.summary();
    (summary.playouts, summary.elapsed, cpu)
}

/// Evaluations per second of `network` on one thread, on the position after 40
/// moves of a recorded random game: the input planes alone, then planes and forward pass, in
/// wall time and in this thread's CPU time (which a loaded machine inflates less).
/// Returns the line to print.
fn bench_network(size: usize, seconds: f64, network: &Network) -> String {
    let mut pos = Position::new(size);
    let mut rng = PlayoutRng::new(SEED ^ size as u64);
    for mv in record_game(size, &mut rng).into_iter().take(40) {
        let color = pos.to_move();
        let _ = pos.try_play(color, mv, false);
    }
    let board = PlayoutBoard::from_position(&pos);
    let mut ladders = LadderReader::new();
    let mut scratch = net::Scratch::default();
    scratch.fit(network.shape().1, size);
    let budget = Duration::from_secs_f64(seconds / 2.0);
    let time = |f: &mut dyn FnMut()| {
        let (t0, cpu0, mut n) = (Instant::now(), thread_cpu_time(), 0u32);
        while t0.elapsed() < budget || n == 0 {
            f();
            n += 1;
        }
        let cpu = thread_cpu_time()
            .zip(cpu0)
            .and_then(|(t1, t0)| t1.checked_sub(t0));
        let per_call = |t: Duration| t.as_secs_f64() / f64::from(n);
        (per_call(t0.elapsed()), cpu.map(per_call))
    };
    let encode = time(&mut || {
        net::planes::encode(
            &board,
            &mut scratch.chains,
            &mut ladders,
            &mut scratch.planes,
        )
    });
    let whole = time(&mut || {
        net::policy(network, &board, &mut ladders, &mut scratch);
    });
    let best = (0..=size * size)
        .max_by(|&a, &b| scratch.logits[a].total_cmp(&scratch.logits[b]))
        .unwrap_or(0);
    let (blocks, channels) = network.shape();
    // CPU time comes in ticks of 10 ms: over half a second, to 2%.
    let cpu = match (whole.1, encode.1) {
        (Some(w), Some(e)) if w > 0.0 => {
            format!("; CPU {:.2} ms and {:.0} us", w * 1e3, e * 1e6)
        }
        _ => String::new(),
    };
    format!(
        "{size}x{size} network: {:.0} evaluations/s ({:.2} ms each, of which {:.0} us the input planes{cpu}; \
         {blocks} blocks x {channels} channels, {:.0}M multiply-adds); first choice {} at {:.4}",
        1.0 / whole.0,
        whole.0 * 1e3,
        encode.0 * 1e6,
        network.multiply_adds(size) as f64 / 1e6,
        best,
        scratch.logits[best]
    )
}

/// Runs the benchmark and prints its figures to stdout.
pub fn run(opts: &Options) -> Result<(), String> {
    println!(
        "tengen bench: light and heavy (default playout::Config) playouts from the empty board, 1 thread (the whole search also with {} threads), seed {SEED:#x}, {} s per size",
        opts.threads,
        opts.seconds
    );
    for &n in &opts.sizes {
        let heavy = playout::Heavy::new(&playout::Config::default());
        print_figures(n, "light", &bench_size(n, opts.seconds, &playout::Light));
        print_figures(n, "heavy", &bench_size(n, opts.seconds, &heavy));
        let p = bench_position(n, opts.seconds);
        let per_cpu = p
            .cpu
            .filter(|c| !c.is_zero())
            .map(|c| {
                format!(
                    ", {:.2}M per CPU second",
                    p.moves as f64 / c.as_secs_f64() / 1e6
                )
            })
            .unwrap_or_default();
        println!(
            "{n}x{n}: Position::try_play: {:.2}M moves/s{per_cpu} (replaying {N_RECORDED_GAMES} recorded random games)",
            p.moves as f64 / p.elapsed.as_secs_f64() / 1e6
        );
        if !p.all_accepted {
            return Err(format!(
                "Position refused a move of a recorded {n}x{n} game"
            ));
        }
        println!("{}", bench_network(n, opts.seconds, opts.network));
        let (playouts, elapsed, cpu) = bench_search(n, opts.seconds, 1, opts.network);
        let per_cpu = cpu
            .filter(|c| !c.is_zero())
            .map(|c| format!(", {:.0} per CPU second", playouts as f64 / c.as_secs_f64()))
            .unwrap_or_default();
        println!(
            "{n}x{n} search: {:.0} heavy playouts/s with the tree{per_cpu} ({playouts} playouts in {:.2} s, priors and RAVE on)",
            playouts as f64 / elapsed.as_secs_f64(),
            elapsed.as_secs_f64()
        );
        if opts.threads > 1 {
            let one = playouts as f64 / elapsed.as_secs_f64();
            let (playouts, elapsed, cpu) =
                bench_search(n, opts.seconds, opts.threads, opts.network);
            let rate = playouts as f64 / elapsed.as_secs_f64();
            let per_cpu = cpu
                .filter(|c| !c.is_zero())
                .map(|c| {
                    format!(
                        ", {:.0} per CPU second of the process",
                        playouts as f64 / c.as_secs_f64()
                    )
                })
                .unwrap_or_default();
            println!(
                "{n}x{n} search: {rate:.0} heavy playouts/s with {} threads on one tree ({:.2}x one thread{per_cpu}; {playouts} playouts in {:.2} s)",
                opts.threads,
                rate / one.max(1e-9),
                elapsed.as_secs_f64()
            );
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signature_is_deterministic() {
        let a = bench_size(5, 0.001, &playout::Light);
        let b = bench_size(5, 0.001, &playout::Light);
        assert_eq!(a.score_sum, b.score_sum);
        assert_eq!(a.hash, b.hash);
        assert!(a.playouts >= SIGNATURE_PLAYOUTS);
    }

    #[test]
    fn recorded_games_replay_through_position() {
        for n in [2, 5, 9] {
            let f = bench_position(n, 0.001);
            assert!(f.all_accepted, "{n}x{n}");
            assert!(f.moves > 0);
        }
        let mut rng = PlayoutRng::new(1);
        let game = record_game(9, &mut rng);
        assert!(game.ends_with(&[Move::Pass, Move::Pass]) || game.len() == playout::move_cap(9));
    }
}
