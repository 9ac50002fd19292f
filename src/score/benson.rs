//! Unconditional life (Benson's algorithm, 1976): chains that can never be captured, even if
//! their owner passes every move, and the regions they enclose that the opponent can never
//! contest.
//!
//! For one colour X: an *X-enclosed region* is a maximal connected set of points without X
//! stones (empty points and enemy stones). A region is *vital* to an X chain when every empty
//! point of the region is a liberty of that chain. Start with all X chains and all X-enclosed
//! regions, then repeat until nothing changes:
//! 1. drop every chain with fewer than two vital regions among the regions kept;
//! 2. drop every region that borders a dropped chain.
//!
//! The chains left are unconditionally alive: each has two regions whose every empty point is
//! its liberty, and the opponent can fill neither without suicide while the other stands. A
//! region left that is vital to one of them is *unconditional territory*: every empty point in
//! it touches a chain that cannot be captured, so the opponent can make no eye there and every
//! enemy stone inside is dead. (A large region left that is vital to no chain may hold living
//! enemy groups; it is not claimed.)
//!
//! Cold path: once per judgement. Bitboard flood fills; a few hundred words of work per chain.
//!
//! Depends on: board, geom.

use crate::board::{Bitboard, Position};
use crate::geom::Color;

/// What Benson's algorithm proves about a position, for both colours.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Unconditional {
    /// Stones of the unconditionally alive chains of Black (index 0) and White (index 1).
    pub alive: [Bitboard; 2],
    /// Points (empty or holding enemy stones, which are dead) of the regions vital to an
    /// unconditionally alive chain of each colour.
    pub territory: [Bitboard; 2],
}

impl Unconditional {
    /// Stones of both colours that can never be captured.
    pub fn alive_stones(&self) -> Bitboard {
        self.alive[0] | self.alive[1]
    }

    /// Stones that lie in the unconditional territory of the other colour: dead whatever
    /// happens.
    pub fn dead_stones(&self, pos: &Position) -> Bitboard {
        (self.territory[0] & pos.stones(Color::White))
            | (self.territory[1] & pos.stones(Color::Black))
    }
}

/// Benson's algorithm for both colours (see the module doc).
pub fn unconditional(pos: &Position) -> Unconditional {
    let mut out = Unconditional::default();
    for color in Color::BOTH {
        let (alive, territory) = for_color(pos, color);
        out.alive[color.index()] = alive;
        out.territory[color.index()] = territory;
    }
    out
}

/// The unconditionally alive stones of `color` and their unconditional territory.
fn for_color(pos: &Position, color: Color) -> (Bitboard, Bitboard) {
    let size = pos.size();
    let board = Bitboard::board_mask(size);
    let own = pos.stones(color);
    let empty = pos.empty_points();
    // Chains: stones and liberties.
    let mut chains: Vec<(Bitboard, Bitboard)> = Vec::new();
    let mut seen = Bitboard::EMPTY;
    for p in own {
        if !seen.contains(p) {
            let stones = pos.chain(p);
            seen |= stones;
            chains.push((stones, pos.liberties(p)));
        }
    }
    // Regions: components of the points without a stone of `color`.
    let not_own = board - own;
    let regions: Vec<Bitboard> = not_own.components(size).collect();
    // vital[r] = chains to which region r is vital; borders[r] = chains region r touches.
    let n = chains.len();
    let mut vital: Vec<Vec<usize>> = vec![Vec::new(); regions.len()];
    let mut borders: Vec<Vec<usize>> = vec![Vec::new(); regions.len()];
    for (r, region) in regions.iter().enumerate() {
        let around = region.neighbors(size);
        let empties = *region & empty;
        for (c, (stones, libs)) in chains.iter().enumerate() {
            if around.intersects(stones) {
                borders[r].push(c);
                if (empties - *libs).is_empty() {
                    vital[r].push(c);
                }
            }
        }
    }
    let mut chain_kept = vec![true; n];
    let mut region_kept = vec![true; regions.len()];
    loop {
        let mut changed = false;
        let mut n_vital = vec![0usize; n];
        for (r, chains_of_r) in vital.iter().enumerate() {
            if region_kept[r] {
                for &c in chains_of_r {
                    n_vital[c] += 1;
                }
            }
        }
        for c in 0..n {
            if chain_kept[c] && n_vital[c] < 2 {
                chain_kept[c] = false;
                changed = true;
            }
        }
        for r in 0..regions.len() {
            if region_kept[r] && borders[r].iter().any(|&c| !chain_kept[c]) {
                region_kept[r] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let mut alive = Bitboard::EMPTY;
    for (c, (stones, _)) in chains.iter().enumerate() {
        if chain_kept[c] {
            alive |= *stones;
        }
    }
    let mut territory = Bitboard::EMPTY;
    for (r, region) in regions.iter().enumerate() {
        if region_kept[r] && vital[r].iter().any(|&c| chain_kept[c]) {
            territory |= *region;
        }
    }
    (alive, territory)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Point;

    /// Checks Benson on a diagram: `alive` lists the points of stones that must be proved
    /// alive, every other stone must not be; `territory` likewise for the points of the
    /// unconditional territory of either colour.
    fn check(diagram: &str, alive: &[&str], territory: &[&str]) {
        let pos = Position::from_diagram(diagram).expect("diagram");
        let u = unconditional(&pos);
        let parse = |v: &&str| Point::parse(v, pos.size()).unwrap();
        let want_alive: Bitboard = alive.iter().map(parse).collect();
        let want_territory: Bitboard = territory.iter().map(parse).collect();
        let got_alive = u.alive_stones();
        assert_eq!(
            got_alive.iter().map(|p| p.to_string()).collect::<Vec<_>>(),
            want_alive.iter().map(|p| p.to_string()).collect::<Vec<_>>(),
            "alive stones of\n{pos}"
        );
        let got_territory = u.territory[0] | u.territory[1];
        assert_eq!(
            got_territory
                .iter()
                .map(|p| p.to_string())
                .collect::<Vec<_>>(),
            want_territory
                .iter()
                .map(|p| p.to_string())
                .collect::<Vec<_>>(),
            "territory of\n{pos}"
        );
    }

    #[test]
    fn two_eyes_in_the_corner_are_alive() {
        // Black's chain has two one-point eyes (A1, C1): alive, both eyes its territory.
        check(
            "
            . . . . .
            . . . . .
            . . . . .
            X X X X .
            . X . X .
            ",
            &["A2", "B2", "C2", "D2", "B1", "D1"],
            &["A1", "C1"],
        );
    }

    #[test]
    fn one_eye_is_not_alive() {
        check(
            "
            . . . . .
            . . . . .
            . . . . .
            X X X . .
            . . X . .
            ",
            &[],
            &[],
        );
    }

    #[test]
    fn eyes_must_belong_to_the_chain() {
        // Two chains with one eye each (A1, E1) and a gap between them: neither is alive.
        // A chain with four eyes is; so is the strip along the top edge, every point of
        // which is its liberty.
        check(
            "
            . . . . .
            . . . . .
            . . . . .
            X X . X X
            . X . X .
            ",
            &[],
            &[],
        );
        check(
            "
            . . . . .
            X X X X X
            X . X . X
            X X X X X
            X . X . X
            ",
            &[
                "A1", "C1", "E1", "A2", "B2", "C2", "D2", "E2", "A3", "C3", "E3", "A4", "B4", "C4",
                "D4", "E4",
            ],
            &["B1", "D1", "B3", "D3", "A5", "B5", "C5", "D5", "E5"],
        );
    }

    #[test]
    fn false_eye_is_no_eye() {
        // Black's eye at A2 is real, the one at C2 false: it also touches the lone stone D2,
        // which White can take (D3, then C2 captures), so C2 is vital only to chains that may
        // fall. Benson proves nothing.
        check(
            "
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            X X X . . . .
            . X . X O . .
            X X X O . . .
            ",
            &[],
            &[],
        );
        // With D3 black as well, the eye is real: the whole shape lives.
        check(
            "
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            X X X X . . .
            . X . X O . .
            X X X O . . .
            ",
            &["A3", "B3", "C3", "D3", "B2", "D2", "A1", "B1", "C1"],
            &["A2", "C2"],
        );
    }

    #[test]
    fn dead_stones_in_vital_territory() {
        // Black lives with two eyes in the corner; the white stone in the three-point eye on
        // the right is inside a region vital to Black: dead, and the region is Black's.
        let diagram = "
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            X X X X X X X
            . X . O . . X
            X X X X X X X
            ";
        let pos = Position::from_diagram(diagram).unwrap();
        let u = unconditional(&pos);
        let d4 = Point::parse("D2", 7).unwrap();
        assert!(u.dead_stones(&pos).contains(d4));
        assert_eq!(u.alive[0], pos.stones(Color::Black));
        assert_eq!(u.territory[0].count(), 5);
    }

    #[test]
    fn enemy_that_can_live_inside_is_not_claimed() {
        // A big open area bordered by black: not vital, nothing proved.
        check(
            "
            . . . . . . .
            . . . . . . .
            X X X X X X X
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            ",
            &[],
            &[],
        );
    }
}
