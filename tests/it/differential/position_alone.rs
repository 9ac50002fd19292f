//! `Position` alone against the reference board, with the plans of the `Game` runs: the
//! part of the differential test that checks the board without the game's history.

use super::{color, env_usize, plan};
use crate::reference::{Analysis, RefGame, BLACK, EMPTY, WHITE};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tengen::board::{Bitboard, Position};
use tengen::game::KoRule;
use tengen::geom::Move;

/// `Position` alone (simple ko, no history) against the reference: 500 games of the same plans
/// (`TENGEN_DIFF_GAMES / 20`), after every move: both colours' verdicts for every empty point,
/// chains and liberties of every stone, `Played`, stones, hash, ko point and side to move.
/// 2% of moves go through `play_lenient` (any empty point, ko ignored, suicide allowed).
#[test]
fn position_alone() {
    let n = env_usize("TENGEN_DIFF_GAMES").map_or(500, |n| n / 20);
    let mut moves = 0;
    for index in 0..n {
        let plan = plan(index);
        let size = plan.size;
        let mut rng = SmallRng::seed_from_u64(index as u64);
        let mut pos = Position::new(size);
        let mut reference = RefGame::new(size, KoRule::Simple, plan.suicide);
        let fail = |what: String, reference: &RefGame| -> ! {
            let b = &reference.board;
            let history: Vec<String> = reference
                .moves
                .iter()
                .map(|&(c, at)| {
                    let m = at.map_or(Move::Pass, |i| Move::Play(b.point(i)));
                    format!("{} {m}", color(c).letter())
                })
                .collect();
            panic!(
                "position game {index} (size {size}, suicide {}): {what}\n{}moves: {}",
                plan.suicide,
                b.picture(),
                history.join(" ")
            )
        };
        for _ in 0..2 * size * size {
            let b = &reference.board;
            let analysis = Analysis::new(b);
            let mut legal = Vec::new();
            let spot = rng.gen_range(0..size * size);
            for i in 0..size * size {
                let p = b.point(i);
                if b.cells[i] != EMPTY {
                    let ok = pos.n_liberties(p) == analysis.n_liberties(i)
                        && pos.chain(p).count() == analysis.chain_size(i);
                    if !ok {
                        fail(format!("chain at {p}"), &reference);
                    }
                    continue;
                }
                for stone in [BLACK, WHITE] {
                    let want = reference.fast_check(&analysis, stone, i);
                    if i == spot && want != reference.check(stone, Some(i)).map(|_| ()) {
                        fail(
                            format!("reference disagrees with itself at {p}"),
                            &reference,
                        );
                    }
                    let got = pos.check(color(stone), Move::Play(p), plan.suicide);
                    if got != want {
                        let what =
                            format!("check {} {p}: {got:?} vs {want:?}", color(stone).letter());
                        fail(what, &reference);
                    }
                    if want.is_ok() && stone == b.to_move {
                        legal.push(i);
                    }
                }
            }
            let stone = b.to_move;
            let lenient = rng.gen_bool(0.02);
            let at = if lenient {
                let empties: Vec<usize> =
                    (0..size * size).filter(|&i| b.cells[i] == EMPTY).collect();
                (!empties.is_empty()).then(|| empties[rng.gen_range(0..empties.len())])
            } else if legal.is_empty() || rng.gen_bool(0.02) {
                None
            } else {
                Some(legal[rng.gen_range(0..legal.len())])
            };
            let mv = at.map_or(Move::Pass, |i| Move::Play(b.point(i)));
            let outcome = if lenient {
                reference.play_lenient(stone, at).unwrap()
            } else {
                reference.play(stone, at)
            };
            let played = if lenient {
                pos.play_lenient(color(stone), mv)
            } else {
                pos.try_play(color(stone), mv, plan.suicide)
            };
            let played =
                played.unwrap_or_else(|e| fail(format!("refused {mv}: {e:?}"), &reference));
            let b = &reference.board;
            let set = |v: &[usize]| {
                Bitboard::from_points(&v.iter().map(|&i| b.point(i)).collect::<Vec<_>>())
            };
            if played.captured != set(&outcome.captured)
                || played.self_captured != set(&outcome.self_captured)
            {
                fail(format!("captures of {mv}: {played:?}"), &reference);
            }
            moves += 1;
            for i in 0..size * size {
                if pos.stone_at(b.point(i)) != crate::reference::color_of(b.cells[i]) {
                    fail(format!("stone at {}", b.point(i)), &reference);
                }
            }
            if pos.position_hash() != b.zobrist() {
                fail("hash".into(), &reference);
            }
            if pos.ko_point() != b.ko.map(|i| b.point(i)) {
                fail(format!("ko point {:?}", pos.ko_point()), &reference);
            }
            if pos.to_move() != color(b.to_move) {
                fail("to move".into(), &reference);
            }
        }
    }
    eprintln!("position alone: {n} games, {moves} moves");
}
