//! Criterion benches of the hot path: one light and one heavy playout from the empty board,
//! copying a `PlayoutBoard`, and replaying a recorded random game with `play_unchecked`.
//!
//! Run: `cargo bench --bench playout`. `tengen bench` gives the same rates as one line each.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use tengen::mailbox::PlayoutBoard;
use tengen::playout::{self, PlayoutResult, PlayoutRng};

fn light_playouts(c: &mut Criterion) {
    for size in [9, 19] {
        let start = PlayoutBoard::new(size);
        let mut board = start.clone();
        let mut rng = PlayoutRng::new(0x7e46e2);
        let mut result = PlayoutResult::default();
        c.bench_function(&format!("light playout {size}x{size} from empty"), |b| {
            b.iter(|| {
                board.copy_from(&start);
                playout::run(&mut board, &playout::Light, &mut rng, &mut result);
                black_box(result.score)
            })
        });
    }
}

fn copies(c: &mut Criterion) {
    for size in [9, 19] {
        let mut start = PlayoutBoard::new(size);
        for mv in tengen::bench::random_game(size, 1)
            .into_iter()
            .take(size * size / 2)
        {
            start.play_unchecked(mv);
        }
        let mut board = start.clone();
        c.bench_function(&format!("PlayoutBoard copy_from {size}x{size}"), |b| {
            b.iter(|| board.copy_from(black_box(&start)))
        });
        let mut dst = Box::new(start.clone());
        c.bench_function(&format!("PlayoutBoard clone {size}x{size}"), |b| {
            b.iter(|| *dst = black_box(&start).clone());
            black_box(&dst);
        });
    }
}

fn replay(c: &mut Criterion) {
    for size in [9, 19] {
        let game = tengen::bench::random_game(size, 2);
        let start = PlayoutBoard::new(size);
        let mut board = start.clone();
        c.bench_function(
            &format!(
                "PlayoutBoard play_unchecked {size}x{size} game of {} moves",
                game.len()
            ),
            |b| {
                b.iter(|| {
                    board.copy_from(&start);
                    for &mv in &game {
                        board.play_unchecked(mv);
                    }
                    black_box(board.n_empty())
                })
            },
        );
    }
}

fn heavy_playouts(c: &mut Criterion) {
    let heavy = playout::Heavy::new(&playout::Config::default());
    for size in [9, 19] {
        let start = PlayoutBoard::new(size);
        let mut board = start.clone();
        let mut rng = PlayoutRng::new(0x7e46e2);
        let mut result = PlayoutResult::default();
        c.bench_function(&format!("heavy playout {size}x{size} from empty"), |b| {
            b.iter(|| {
                board.copy_from(&start);
                playout::run(&mut board, &heavy, &mut rng, &mut result);
                black_box(result.score)
            })
        });
    }
}

criterion_group!(benches, light_playouts, heavy_playouts, copies, replay);
criterion_main!(benches);
