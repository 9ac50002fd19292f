//! Tests of `run` against a recount of its final board, and of the generator.

use super::*;
use crate::geom::{Color, Move, Point, MAX_POINTS};
use crate::mailbox::tests::{board_from, check_invariants, picture, pt};
use crate::mailbox::PlayoutBoard;
use rand::rngs::SmallRng;
use rand::SeedableRng;

#[test]
fn copy_from_makes_an_equal_board() {
    let mut rng = SmallRng::seed_from_u64(7);
    let mut big = PlayoutBoard::new(19);
    let mut res = PlayoutResult::default();
    run(&mut big, &Light, &mut rng, &mut res);
    for n in [9, 19, 2] {
        let mut src = PlayoutBoard::new(n);
        for _ in 0..n {
            let mut first = None;
            src.for_each_candidate(|p| {
                first.get_or_insert(p);
            });
            src.play_unchecked(first.map_or(Move::Pass, Move::Play));
        }
        // Copy a small board over a full one: nothing of the old one may leak through.
        let mut dst = big.clone();
        dst.copy_from(&src);
        check_invariants(&dst);
        assert_eq!(picture(&dst), picture(&src));
        let mut a = SmallRng::seed_from_u64(1);
        let mut b = SmallRng::seed_from_u64(1);
        let (mut ra, mut rb) = (PlayoutResult::default(), PlayoutResult::default());
        run(&mut src, &Light, &mut a, &mut ra);
        run(&mut dst, &Light, &mut b, &mut rb);
        assert_eq!(ra.score, rb.score);
        assert_eq!(ra.n_moves, rb.n_moves);
    }
}

// ---------------------------------------------------------------------------------------------
// Playouts

/// Recounts the final board of a playout: stones, plus empty points whose on-board
/// neighbours are all one colour.
pub(crate) fn recount(b: &PlayoutBoard) -> (i32, Vec<i8>) {
    let n = b.size();
    let mut owner = vec![0i8; MAX_POINTS];
    for p in Point::all(n) {
        owner[p.index()] = match b.stone_at(p) {
            Some(c) => c.sign() as i8,
            None => {
                let nbs: Vec<_> = p.neighbors(n).map(|q| b.stone_at(q)).collect();
                if nbs.iter().all(|&c| c == Some(Color::Black)) {
                    1
                } else if nbs.iter().all(|&c| c == Some(Color::White)) {
                    -1
                } else {
                    0
                }
            }
        };
    }
    (owner.iter().map(|&o| o as i32).sum(), owner)
}

#[test]
fn playouts_terminate_and_count_correctly() {
    for n in [2, 3, 5, 9, 13, 19, 25] {
        let mut rng = SmallRng::seed_from_u64(n as u64);
        let mut res = PlayoutResult::default();
        let start = PlayoutBoard::new(n);
        for _ in 0..20 {
            let mut b = start.clone();
            run(&mut b, &Light, &mut rng, &mut res);
            check_invariants(&b);
            assert!(res.n_moves <= move_cap(n));
            let (score, owner) = recount(&b);
            assert_eq!(res.score, score, "score on {n}x{n}");
            assert_eq!(res.owner.to_vec(), owner);
            assert!(res.score.unsigned_abs() as usize <= n * n);
            let mut n_played = 0;
            for i in 0..MAX_POINTS {
                let p = Point::from_index(i);
                if !p.is_on_board(n) {
                    assert_eq!(res.first_play[i], 0);
                    assert_eq!(res.owner[i], 0);
                    continue;
                }
                assert!(res.first_play[i] <= 2);
                // From an empty board every stone at the end was played in the playout.
                if b.stone_at(p).is_some() {
                    assert_ne!(res.first_play[i], 0, "stone at {p} never played");
                }
                n_played += (res.first_play[i] != 0) as usize;
            }
            assert!(n_played <= res.n_moves);
            // Both sides ran out of moves (or hit the cap): no candidate remains for either.
            if res.n_moves < move_cap(n) - 2 {
                for c in Color::BOTH {
                    b.set_to_move(c);
                    b.for_each_candidate(|p| panic!("{c} could still play {p}"));
                }
            }
        }
    }
}

#[test]
fn no_candidates_means_an_immediate_end() {
    // Four Black true eyes in the corners; White may play none of them (suicide).
    let mut b = board_from(
        ". X .
         X X X
         . X .",
        Color::Black,
    );
    let mut rng = SmallRng::seed_from_u64(3);
    let mut res = PlayoutResult::default();
    run(&mut b, &Light, &mut rng, &mut res);
    assert_eq!(res.n_moves, 0);
    assert_eq!(res.score, 9);
    assert!(res.first_play.iter().all(|&f| f == 0));
}

#[test]
fn living_group_keeps_its_points_and_no_first_play() {
    // A Black chain with two true eyes (A2, C2) cannot be captured and Black never fills its
    // own true eyes, so its ten points stay Black's with no play on them.
    let start = board_from(
        ". . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         X X X X X . . . .
         . X . X X . . . .
         X X X X X . . . .",
        Color::White,
    );
    let group: Vec<Point> = ["A1", "B1", "C1", "D1", "E1", "B2", "D2", "E2", "A3", "B3"]
        .iter()
        .chain(["C3", "D3", "E3"].iter())
        .map(|s| pt(s, 9))
        .collect();
    let eyes = [pt("A2", 9), pt("C2", 9)];
    let mut rng = SmallRng::seed_from_u64(11);
    let mut res = PlayoutResult::default();
    for _ in 0..50 {
        let mut b = start.clone();
        run(&mut b, &Light, &mut rng, &mut res);
        for &p in group.iter().chain(eyes.iter()) {
            assert_eq!(res.first_play[p.index()], 0, "{p} was played");
            assert_eq!(res.owner[p.index()], 1, "{p} not Black's");
        }
        let (score, _) = recount(&b);
        assert_eq!(res.score, score);
        // Whoever played a point first, some stone is there now or it is a one-point eye.
        for p in Point::all(9) {
            if res.first_play[p.index()] != 0 {
                assert!(!group.contains(&p));
            }
        }
    }
}

#[test]
fn playouts_are_reproducible() {
    let start = PlayoutBoard::new(9);
    let mut sums = vec![];
    for _ in 0..2 {
        let mut rng = SmallRng::seed_from_u64(42);
        let mut res = PlayoutResult::default();
        let mut sum = 0i64;
        for _ in 0..50 {
            let mut b = start.clone();
            run(&mut b, &Light, &mut rng, &mut res);
            sum = sum.wrapping_mul(31) + res.score as i64 + res.n_moves as i64;
        }
        sums.push(sum);
    }
    assert_eq!(sums[0], sums[1]);
}

#[test]
fn random_play_is_roughly_fair_on_empty_9x9() {
    // Black moves first, so it wins a bit more often, but light playouts from the empty 9x9
    // board stay close to even and last about 1.2·N² moves.
    let start = PlayoutBoard::new(9);
    let mut rng = SmallRng::seed_from_u64(5);
    let mut res = PlayoutResult::default();
    let (mut total, mut moves) = (0i64, 0usize);
    for _ in 0..400 {
        let mut b = start.clone();
        run(&mut b, &Light, &mut rng, &mut res);
        total += res.score as i64;
        moves += res.n_moves;
    }
    let mean = total as f64 / 400.0;
    let avg_moves = moves as f64 / 400.0;
    assert!(mean.abs() < 10.0, "mean score {mean}");
    assert!(
        (70.0..150.0).contains(&avg_moves),
        "average moves {avg_moves}"
    );
}

#[test]
fn from_position_removes_a_chain_without_liberties() {
    use crate::board::Position;
    // `place_stone` leaves validity to its caller; a careless one can surround A1.
    let mut pos = Position::new(3);
    pos.place_stone(Color::Black, pt("A1", 3)).unwrap();
    pos.place_stone(Color::White, pt("A2", 3)).unwrap();
    pos.place_stone(Color::White, pt("B1", 3)).unwrap();
    let mut b = PlayoutBoard::from_position(&pos);
    check_invariants(&b);
    assert_eq!(b.stone_at(pt("A1", 3)), None);
    assert_eq!(b.stone_at(pt("A2", 3)), Some(Color::White));
    let mut rng = SmallRng::seed_from_u64(1);
    run(&mut b, &Light, &mut rng, &mut PlayoutResult::default());
    check_invariants(&b);
}

// ---------------------------------------------------------------------------------------------
// The generator

#[test]
fn playout_rng_is_seeded_and_roughly_uniform() {
    use rand::RngCore;
    let mut a = PlayoutRng::new(42);
    let mut b = PlayoutRng::seed_from_u64(42);
    let mut c = PlayoutRng::from_seed(43u64.to_le_bytes());
    let xs: Vec<u64> = (0..8).map(|_| a.next_u64()).collect();
    let ys: Vec<u64> = (0..8).map(|_| b.next_u64()).collect();
    let zs: Vec<u64> = (0..8).map(|_| c.next_u64()).collect();
    assert_eq!(xs, ys);
    assert_ne!(xs, zs);
    // Seed 0 is as good as any.
    let mut z = PlayoutRng::new(0);
    assert_ne!(z.next_u64(), z.next_u64());
    // Bytes come from the same stream, little-endian, with a short tail.
    let mut d = PlayoutRng::new(7);
    let mut e = PlayoutRng::new(7);
    let mut buf = [0u8; 11];
    d.fill_bytes(&mut buf);
    let w0 = e.next_u64().to_le_bytes();
    let w1 = e.next_u64().to_le_bytes();
    assert_eq!(&buf[..8], &w0);
    assert_eq!(&buf[8..], &w1[..3]);
    // The 16 top-bit patterns of next_u32 (what `run` uses) are about equally frequent:
    // chi-square with 15 degrees of freedom stays far below 60 for a sound generator.
    let mut counts = [0u32; 16];
    let n = 160_000;
    for _ in 0..n {
        counts[(d.next_u32() >> 28) as usize] += 1;
    }
    let expected = n as f64 / 16.0;
    let chi2: f64 = counts
        .iter()
        .map(|&c| (c as f64 - expected).powi(2) / expected)
        .sum();
    assert!(chi2 < 60.0, "chi-square {chi2}");
}

#[test]
fn playouts_with_playout_rng_count_correctly() {
    let start = PlayoutBoard::new(9);
    let mut rng = PlayoutRng::new(9);
    let mut res = PlayoutResult::default();
    for _ in 0..50 {
        let mut b = start.clone();
        run(&mut b, &Light, &mut rng, &mut res);
        assert_eq!(res.score, recount(&b).0);
    }
}
