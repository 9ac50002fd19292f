//! Criterion benches of the exact board: `Position::try_play` over a recorded random game,
//! and `Position` clones (what `Game` and the search pay per copy).
//!
//! Run: `cargo bench --bench board`.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use tengen::board::Position;

fn try_play(c: &mut Criterion) {
    for size in [9, 19] {
        let game = tengen::bench::random_game(size, 3);
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
        for mv in tengen::bench::random_game(size, 4)
            .into_iter()
            .take(size * size / 2)
        {
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
