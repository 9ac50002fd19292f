//! Tests of playing on the `PlayoutBoard` against an independent flood-fill board over
//! random games, and of building it from a `Position`.

use crate::geom::{Color, Move, Point};
use crate::mailbox::tests::*;
use crate::mailbox::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

// ---------------------------------------------------------------------------------------------
// Reference: a slow flood-fill board sharing no code with the `PlayoutBoard`

#[derive(Clone)]
struct Reference {
    n: usize,
    stones: Vec<Option<Color>>,
    ko: Option<Point>,
    to_move: Color,
}

impl Reference {
    fn new(n: usize) -> Reference {
        Reference {
            n,
            stones: vec![None; n * n],
            ko: None,
            to_move: Color::Black,
        }
    }

    fn at(&self, p: Point) -> Option<Color> {
        self.stones[p.row() * self.n + p.col()]
    }

    fn set(&mut self, p: Point, c: Option<Color>) {
        self.stones[p.row() * self.n + p.col()] = c;
    }

    /// The chain through the stone `p` and its number of distinct liberties.
    fn chain(&self, p: Point) -> (Vec<Point>, usize) {
        let c = self.at(p);
        let mut chain = vec![p];
        let mut libs = vec![];
        let mut i = 0;
        while i < chain.len() {
            for q in chain[i].neighbors(self.n) {
                if self.at(q) == c {
                    if !chain.contains(&q) {
                        chain.push(q);
                    }
                } else if self.at(q).is_none() && !libs.contains(&q) {
                    libs.push(q);
                }
            }
            i += 1;
        }
        (chain, libs.len())
    }

    /// Plays `p` for the side to move if legal; returns whether it was.
    fn play(&mut self, p: Point) -> bool {
        let c = self.to_move;
        if self.at(p).is_some() || self.ko == Some(p) {
            return false;
        }
        let mut after = self.clone();
        after.set(p, Some(c));
        let mut captured = vec![];
        for q in p.neighbors(self.n) {
            if after.at(q) == Some(c.opponent()) {
                let (chain, libs) = after.chain(q);
                if libs == 0 {
                    for &x in &chain {
                        after.set(x, None);
                    }
                    captured.extend(chain);
                }
            }
        }
        let (own, own_libs) = after.chain(p);
        if own_libs == 0 {
            return false;
        }
        after.ko = if captured.len() == 1 && own.len() == 1 && own_libs == 1 {
            Some(captured[0])
        } else {
            None
        };
        after.to_move = c.opponent();
        *self = after;
        true
    }

    fn pass(&mut self) {
        self.ko = None;
        self.to_move = self.to_move.opponent();
    }

    fn is_legal(&self, p: Point) -> bool {
        self.clone().play(p)
    }

    /// True eye by the rule in the module doc, from neighbours and diagonals alone.
    fn is_true_eye(&self, p: Point, c: Color) -> bool {
        if self.at(p).is_some() || p.neighbors(self.n).any(|q| self.at(q) != Some(c)) {
            return false;
        }
        let diagonals: Vec<Point> = p.diagonals(self.n).collect();
        let enemy = diagonals
            .iter()
            .filter(|&&q| self.at(q) == Some(c.opponent()))
            .count();
        if diagonals.len() < 4 {
            enemy == 0
        } else {
            enemy <= 1
        }
    }
}

fn same_board(b: &PlayoutBoard, r: &Reference) {
    for p in Point::all(r.n) {
        assert_eq!(b.stone_at(p), r.at(p), "at {p}");
    }
    assert_eq!(b.ko_point(), r.ko);
    assert_eq!(b.to_move(), r.to_move);
}

// ---------------------------------------------------------------------------------------------
// Agreement with the reference over random games

/// Plays random games on both boards, comparing legality of every point, eyes and
/// candidates before each move, and the whole board after it.
fn random_games(n: usize, n_games: usize, max_moves: usize, seed: u64) {
    let mut rng = SmallRng::seed_from_u64(seed);
    for _ in 0..n_games {
        let mut b = PlayoutBoard::new(n);
        let mut r = Reference::new(n);
        let mut passes = 0;
        for _ in 0..max_moves {
            let mut legal = vec![];
            let mut cands = vec![];
            for p in Point::all(n) {
                let l = r.is_legal(p);
                assert_eq!(b.is_legal(p), l, "legality of {p}\n{}", picture(&b));
                for c in Color::BOTH {
                    assert_eq!(b.is_true_eye(p, c), r.is_true_eye(p, c), "eye {p} {c}");
                }
                if l {
                    legal.push(p);
                    if !r.is_true_eye(p, r.to_move) {
                        cands.push(p);
                    }
                }
            }
            let mut got = vec![];
            b.for_each_candidate(|p| got.push(p));
            assert_eq!(got, cands);
            // Mostly random legal moves, including eye fills (to reach captures and ko),
            // sometimes a pass.
            if legal.is_empty() || rng.gen_ratio(1, 40) {
                b.play_unchecked(Move::Pass);
                r.pass();
                passes += 1;
                if passes == 2 {
                    break;
                }
            } else {
                passes = 0;
                let p = legal[rng.gen_range(0..legal.len())];
                b.play_unchecked(Move::Play(p));
                assert!(r.play(p));
            }
            check_invariants(&b);
            same_board(&b, &r);
        }
    }
}

#[test]
fn agrees_with_reference_2x2() {
    random_games(2, 200, 60, 2);
}

#[test]
fn agrees_with_reference_3x3() {
    random_games(3, 100, 100, 3);
}

#[test]
fn agrees_with_reference_5x5() {
    random_games(5, 40, 150, 5);
}

#[test]
fn agrees_with_reference_9x9() {
    random_games(9, 6, 250, 9);
}

#[test]
fn agrees_with_reference_19x19() {
    random_games(19, 1, 500, 19);
}

#[test]
fn agrees_with_reference_25x25() {
    random_games(25, 1, 400, 25);
}

// ---------------------------------------------------------------------------------------------
// Loading from an exact `Position`

/// Plays random games on a `Position`, loading a `PlayoutBoard` from it every few moves and
/// checking stones, ko, turn, every point's legality, and then playing on in lockstep.
#[test]
fn from_position_matches_and_plays_in_lockstep() {
    use crate::board::Position;
    for (n, seed) in [(2, 1), (3, 2), (5, 3), (9, 4), (19, 5), (25, 6)] {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut pos = Position::new(n);
        let mut passes = 0;
        for step in 0..(4 * n * n).min(700) {
            let legal: Vec<Point> = Point::all(n)
                .filter(|&p| pos.check(pos.to_move(), Move::Play(p), false).is_ok())
                .collect();
            if step % 7 == 0 || pos.ko_point().is_some() {
                let b = PlayoutBoard::from_position(&pos);
                check_invariants(&b);
                for p in Point::all(n) {
                    assert_eq!(b.stone_at(p), pos.stone_at(p), "{p}");
                    assert_eq!(b.is_legal(p), legal.contains(&p), "legality of {p}");
                }
                assert_eq!(b.ko_point(), pos.ko_point());
                assert_eq!(b.to_move(), pos.to_move());
                // A few moves in lockstep from the loaded board.
                let (mut b, mut p2) = (b, pos.clone());
                for _ in 0..5 {
                    let mut cands = vec![];
                    b.for_each_candidate(|p| cands.push(p));
                    let mv = if cands.is_empty() {
                        Move::Pass
                    } else {
                        Move::Play(cands[rng.gen_range(0..cands.len())])
                    };
                    let color = p2.to_move();
                    p2.try_play(color, mv, false)
                        .expect("candidate legal in Position");
                    b.play_unchecked(mv);
                    check_invariants(&b);
                    for p in Point::all(n) {
                        assert_eq!(b.stone_at(p), p2.stone_at(p));
                    }
                    assert_eq!(b.ko_point(), p2.ko_point());
                }
            }
            let color = pos.to_move();
            if legal.is_empty() || rng.gen_ratio(1, 30) {
                pos.try_play(color, Move::Pass, false).unwrap();
                passes += 1;
                if passes == 2 {
                    break;
                }
            } else {
                passes = 0;
                let p = legal[rng.gen_range(0..legal.len())];
                pos.try_play(color, Move::Play(p), false).unwrap();
            }
        }
    }
}

#[test]
fn from_position_of_a_diagram_with_white_to_move_and_ko() {
    use crate::board::Position;
    let mut pos = Position::from_diagram(
        ". X O .
         X O . O
         . X O .
         . . . .",
    )
    .unwrap();
    pos.try_play(Color::Black, Move::Play(pt("C3", 4)), false)
        .unwrap();
    let b = PlayoutBoard::from_position(&pos);
    assert_eq!(b.to_move(), Color::White);
    assert_eq!(b.ko_point(), Some(pt("B3", 4)));
    assert!(!b.is_legal(pt("B3", 4)));
    assert_eq!(picture(&b), normalise(". X O .\nX . X O\n. X O .\n. . . ."));
}
