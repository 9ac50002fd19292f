//! Properties of play, undo and counting, over random move sequences (proptest).
//!
//! - Undo after play restores the position exactly: stones, both hashes, ko point, side to
//!   move, prisoners; replaying the same moves afterwards gives the same verdicts and the same
//!   final position (the superko history was rolled back too).
//! - No chain on the board ever has zero liberties, whatever the ko and suicide rules.
//! - Counting is symmetric: swapping the colours of every stone negates the score (komi 0, no
//!   handicap, no prisoners) under every ruleset, with any set of chains judged dead.
//! - The position hash depends only on the stones, not on the order they were placed in, and
//!   equals the XOR of their Zobrist keys.

use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use tengen::board::{Bitboard, Position};
use tengen::game::rules::HandicapCompensation;
use tengen::game::{Game, KoRule, RuleSet, Rules, Scoring};
use tengen::geom::{Color, Move, Point};
use tengen::score;

const KO_RULES: [KoRule; 3] = [KoRule::Simple, KoRule::Positional, KoRule::Situational];

/// A move as generated: column and row taken modulo the board size, or a pass.
type RawMove = (u8, u8, bool);

fn raw_moves(max: usize) -> impl Strategy<Value = Vec<RawMove>> {
    prop::collection::vec((0u8..25, 0u8..25, prop::bool::weighted(0.03)), 0..max)
}

fn to_move(raw: RawMove, size: usize) -> Move {
    let (c, r, pass) = raw;
    if pass {
        Move::Pass
    } else {
        Move::Play(Point::new(c as usize % size, r as usize % size))
    }
}

fn rules(ko: KoRule, suicide_allowed: bool) -> Rules {
    Rules {
        ko,
        suicide_allowed,
        scoring: Scoring::Area,
        handicap_compensation: HandicapCompensation::N,
    }
}

/// Everything undo must restore.
#[derive(Debug, Clone, PartialEq)]
struct Snapshot {
    stones: Vec<Option<Color>>,
    hash: u64,
    situational: u64,
    ko: Option<Point>,
    to_move: Color,
    prisoners: [usize; 2],
    n_moves: usize,
}

fn snapshot(game: &Game) -> Snapshot {
    let pos = game.position();
    Snapshot {
        stones: Point::all(pos.size()).map(|p| pos.stone_at(p)).collect(),
        hash: pos.position_hash(),
        situational: pos.situational_hash(),
        ko: pos.ko_point(),
        to_move: game.to_move(),
        prisoners: [game.prisoners(Color::Black), game.prisoners(Color::White)],
        n_moves: game.moves().len(),
    }
}

/// Plays the moves that are legal for the side to move; returns the verdicts.
fn play_all(game: &mut Game, moves: &[RawMove]) -> Vec<bool> {
    let size = game.size();
    moves
        .iter()
        .map(|&raw| {
            let color = game.to_move();
            game.try_play(color, to_move(raw, size)).is_ok()
        })
        .collect()
}

fn assert_no_chain_without_liberties(pos: &Position) -> Result<(), TestCaseError> {
    for p in Point::all(pos.size()) {
        if pos.stone_at(p).is_some() {
            prop_assert!(pos.n_liberties(p) > 0, "chain at {} has no liberty", p);
            prop_assert!(pos.chain(p).contains(p));
        }
    }
    Ok(())
}

/// The stones of a position, with a game set up from them (no moves, no prisoners).
fn stones_of(pos: &Position) -> Vec<(Color, Point)> {
    Point::all(pos.size())
        .filter_map(|p| pos.stone_at(p).map(|c| (c, p)))
        .collect()
}

fn set_up(size: usize, rules: RuleSet, stones: &[(Color, Point)]) -> Game {
    let mut game = Game::new(size, rules.rules());
    game.set_komi(0.0);
    for color in Color::BOTH {
        let points: Vec<Point> = stones
            .iter()
            .filter(|s| s.0 == color)
            .map(|s| s.1)
            .collect();
        game.setup(color, &points)
            .expect("setup of a valid position");
    }
    game
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn undo_restores_everything(
        size in 2usize..=9,
        ko in 0usize..3,
        suicide in any::<bool>(),
        moves in raw_moves(120),
    ) {
        let mut game = Game::new(size, rules(KO_RULES[ko], suicide));
        let mut before = Vec::new();
        let mut verdicts = Vec::new();
        for &raw in &moves {
            let snap = snapshot(&game);
            let color = game.to_move();
            let ok = game.try_play(color, to_move(raw, size)).is_ok();
            verdicts.push(ok);
            if ok {
                before.push(snap);
            } else {
                prop_assert_eq!(&snapshot(&game), &snap, "a refused move changed the game");
            }
        }
        let end = snapshot(&game);
        while let Some(snap) = before.pop() {
            prop_assert!(game.undo().is_ok());
            prop_assert_eq!(&snapshot(&game), &snap);
        }
        prop_assert!(game.undo().is_err());
        // Same moves again: same verdicts, same end.
        prop_assert_eq!(play_all(&mut game, &moves), verdicts);
        prop_assert_eq!(snapshot(&game), end);
    }

    #[test]
    fn no_chain_without_liberties(
        size in 2usize..=9,
        ko in 0usize..3,
        suicide in any::<bool>(),
        moves in raw_moves(200),
    ) {
        let mut game = Game::new(size, rules(KO_RULES[ko], suicide));
        for &raw in &moves {
            // Either colour, as GTP allows.
            let color = if raw.0 % 7 == 0 { game.to_move().opponent() } else { game.to_move() };
            let _ = game.try_play(color, to_move(raw, size));
            assert_no_chain_without_liberties(game.position())?;
        }
        // The lenient play of server bridges keeps the invariant too.
        for &raw in moves.iter().rev().take(30) {
            let color = game.to_move();
            let _ = game.play_lenient(color, to_move(raw, size));
            assert_no_chain_without_liberties(game.position())?;
        }
    }

    #[test]
    fn swapping_colors_negates_the_score(
        size in 2usize..=9,
        moves in raw_moves(150),
        dead_picks in prop::collection::vec(any::<prop::sample::Index>(), 0..4),
    ) {
        let mut game = Game::new(size, RuleSet::Chinese.rules());
        play_all(&mut game, &moves);
        let stones = stones_of(game.position());
        let swapped: Vec<(Color, Point)> = stones.iter().map(|&(c, p)| (c.opponent(), p)).collect();
        // Whole chains judged dead.
        let mut dead = Bitboard::default();
        if !stones.is_empty() {
            for pick in &dead_picks {
                let (_, p) = stones[pick.index(stones.len())];
                for q in game.position().chain(p).iter() {
                    dead.insert(q);
                }
            }
        }
        for rules in RuleSet::ALL {
            let a = set_up(size, rules, &stones);
            let b = set_up(size, rules, &swapped);
            let (sa, sb) = (score::score(&a, &dead), score::score(&b, &dead));
            prop_assert_eq!(sb, -sa, "{:?}", rules);
            prop_assert_eq!(
                score::seki_stones(a.position(), &dead),
                score::seki_stones(b.position(), &dead)
            );
        }
    }

    #[test]
    fn hash_depends_only_on_the_stones(
        size in 2usize..=9,
        moves in raw_moves(150),
        seed in any::<u64>(),
    ) {
        let mut game = Game::new(size, RuleSet::Chinese.rules());
        play_all(&mut game, &moves);
        let mut stones = stones_of(game.position());
        let expected = stones.iter().fold(0, |h, &(c, p)| h ^ tengen::zobrist::stone(c, p));
        prop_assert_eq!(game.position().position_hash(), expected);
        stones.shuffle(&mut SmallRng::seed_from_u64(seed));
        let mut other = Game::new(size, RuleSet::Chinese.rules());
        for &(c, p) in &stones {
            other.setup(c, &[p]).expect("setup stone by stone");
        }
        prop_assert_eq!(other.position().position_hash(), expected);
    }
}
