//! Criterion benches of the exact board: `Position::try_play` over a recorded random game,
//! and `Position` clones (what `Game` and the search pay per copy).
//!
//! Run: `cargo bench --bench board`.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tengen::board::Position;
use tengen::geom::Move;
use tengen::playout::{self, PlayoutBoard};

/// A random game of playout candidates until two passes, recorded on the playout board
/// (setup only).
fn record_game(size: usize, seed: u64) -> Vec<Move> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut board = PlayoutBoard::new(size);
    let mut moves = vec![];
    while moves.len() < playout::move_cap(size) && !moves.ends_with(&[Move::Pass, Move::Pass]) {
        let mut candidates = vec![];
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

fn try_play(c: &mut Criterion) {
    for size in [9, 19] {
        let game = record_game(size, 3);
        c.bench_function(
            &format!(
                "Position::try_play {size}x{size} game of {} moves",
                game.len()
            ),
            |b| {
                b.iter(|| {
                    let mut pos = Position::new(size);
                    for &mv in &game {
                        let color = pos.to_move();
                        pos.try_play(color, mv, false)
                            .expect("recorded move is legal");
                    }
                    black_box(pos.position_hash())
                })
            },
        );
    }
}

fn clones(c: &mut Criterion) {
    for size in [9, 19] {
        let mut pos = Position::new(size);
        for mv in record_game(size, 4).into_iter().take(size * size / 2) {
            let color = pos.to_move();
            pos.try_play(color, mv, false)
                .expect("recorded move is legal");
        }
        c.bench_function(&format!("Position clone {size}x{size}"), |b| {
            b.iter(|| black_box(pos.clone()))
        });
    }
}

criterion_group!(benches, try_play, clones);
criterion_main!(benches);
