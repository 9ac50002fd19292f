//! The sacrifices the playouts never play (step 4 of the judge's module doc):
//! `killed_by_sacrifice` finds the groups a small chain kills by filling all but one of the
//! liberties they share, and `without` takes stones off for the judge to look again.
//!
//! Depends on: playout (eye shapes), board, geom.

use super::shapes::eye_shape;
use crate::board::{Bitboard, Position};
use crate::geom::{Color, Point};
use crate::tactics;

/// Live enemy stones that a small chain can kill by filling all but one of the
/// liberties they share and letting itself be captured (step 4 of the module doc). The
/// playouts never play that sacrifice (they reject self-ataris of two stones or more: in a
/// finished position most are blunders), so they leave such groups alive, and the seki test
/// would then count them as seki.
///
/// The killer: a chain of `c`, with the chains of `c` that touch its liberties (filling joins
/// them: in Fuego's FX175 three single black stones around one point), whose liberties `S`
/// (two or more) are all shared with the
/// enemy chains next to it, and those chains have no liberty outside `S` (no eye, no way out)
/// but harmless ones, next to a safe chain of `c`.
/// `c` fills `S` but one point `L`, both sides keep the same shrinking liberties (the enemy
/// cannot fill one without putting itself in atari), and the enemy has to capture at `L`.
/// If the captured stones make a space of one eye (two points; three in a row or bent; the
/// square, pyramid, bulky or crossed shapes; the rabbity six: `tactics::eye_shape_by`) and
/// `L` opens no other liberty, the nakade follows and the enemy dies. Cases: two stones of
/// Black sharing three liberties with an eyeless White group (a 9×9 game against GNU Go
/// ended so: filling two makes the square four), Fuego's FX178 (one stone against an
/// eyeless group of 18: the bent three). When each side could kill the other this way, the
/// first to move wins: left to the playouts.
pub(super) fn killed_by_sacrifice(pos: &Position, dead: Bitboard, ownership: &[f32]) -> Bitboard {
    let size = pos.size();
    // A liberty of the victims outside the sacrifice's points is harmless when it touches a
    // safe chain of the killer's colour (not the killer, not dead, `color`'s in 90% of the
    // playouts or more): no eye, and no way out (filling it only shortens the victims'
    // liberties). Silverado's big black group has two such liberties beside the crossed
    // five that White's J6 makes.
    let harmless = |p: Point, color: Color, killer: Bitboard| {
        let sign = if color == Color::Black { 1.0 } else { -1.0 };
        let friends = (pos.stones(color) - dead) - killer;
        (Bitboard::from_point(p).neighbors(size) & friends)
            .iter()
            .any(|q| sign * ownership[q.index()] >= 0.9)
    };
    // Killers may be among the stones the playouts call dead: they die there because the
    // playouts never play the sacrifice (silverado's four white stones around J6).
    let stones = pos.stones(Color::Black) | pos.stones(Color::White);
    let kills = |killer: Point| -> Option<Bitboard> {
        let color = pos.stone_at(killer)?;
        // The killer's chain with the chains of its colour that touch its liberties (filling
        // those joins them: FX175's three black stones around one empty point).
        let killer_dead = dead.contains(killer);
        let own = if killer_dead {
            pos.stones(color)
        } else {
            pos.stones(color) - dead
        };
        let mut chain = pos.chain(killer);
        loop {
            let liberties = chain.neighbors(size) & pos.empty_points();
            let grown = chain | (liberties.neighbors(size) & own).component(own, size);
            if grown == chain || grown.count() > 6 {
                break;
            }
            chain = grown;
        }
        let shared = chain.neighbors(size) & pos.empty_points();
        if chain.count() + shared.count() > 7 || shared.count() < 2 {
            return None;
        }
        let enemy = pos.stones(color.opponent()) - dead;
        let victims_next_to = |points: Bitboard| {
            let mut victims = Bitboard::EMPTY;
            for p in points.neighbors(size) & enemy {
                if !victims.contains(p) {
                    victims |= pos.chain(p);
                }
            }
            victims
        };
        let victims = victims_next_to(chain | shared);
        if victims.is_empty()
            || victims.iter().any(|p| {
                (pos.liberties(p) - shared)
                    .iter()
                    .any(|l| !(killer_dead && harmless(l, color, chain)))
            })
        {
            return None;
        }
        shared.iter().find_map(|last| {
            // Filling joins the chain to every chain of its colour next to the filled points;
            // a filled point that does not join it is no part of the sacrifice.
            let at_last = Bitboard::from_point(last);
            let filled = shared - at_last;
            let space = chain.component(own | filled, size);
            let liberties = (space.neighbors(size) & pos.empty_points()) - space;
            if space.count() > 6
                || !(filled - space).is_empty()
                || liberties != at_last
                || victims_next_to(space) != victims
            {
                return None;
            }
            let one_eye =
                space.count() == 2 || eye_shape(space, size).0 != tactics::EyeShape::Other;
            let opens = (at_last.neighbors(size) & pos.empty_points()) - space;
            let more = victims_next_to(at_last) - victims;
            (one_eye && opens.is_empty() && more.is_empty()).then_some(victims)
        })
    };
    let mut killed = Bitboard::EMPTY;
    for p in stones {
        if killed.contains(p) {
            continue;
        }
        if let Some(victims) = kills(p) {
            // Mutual: each side could kill the other first; the playouts' verdict stands.
            let mutual = victims
                .iter()
                .any(|v| kills(v).is_some_and(|k| k.contains(p)));
            if !mutual {
                killed |= victims;
            }
        }
    }
    killed
}

/// `pos` with the stones of `gone` taken off (the side to move kept). Taking stones off
/// only adds liberties, so every chain keeps one.
pub(super) fn without(pos: &Position, gone: Bitboard) -> Position {
    let mut rest = Position::new(pos.size());
    for color in [Color::Black, Color::White] {
        for p in pos.stones(color) - gone {
            rest.place_stone(color, p)
                .expect("a point of a valid position is on the board and empty in a copy");
        }
    }
    rest.set_to_move(pos.to_move());
    debug_assert!(rest.all_chains_have_liberties());
    rest
}
