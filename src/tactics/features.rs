//! The features of a move that the learned move model weighs (`search::model`): a few
//! tactical facts (capture, escape, self-atari, atari and its ladder, the playouts' fight
//! answers), the distances to the last two moves, the line and an empty area, and the 3×3
//! shape around the point. Each `Feature` takes one small value per move, 0 when the
//! feature is absent; the shape is always present. Readers of the features (the priors) ask
//! the named accessors of `MoveFeatures` (`captures`, `escape`, `self_atari_stones`, …),
//! never the value codes, which only this file and the model's file format know.
//!
//! The features and their values follow Coulom's "Computing Elo Ratings of Move Patterns in
//! the Game of Go" (2007) and Pachi's pattern features, cut down to what tengen's tactics
//! already compute. Changing a feature's meaning invalidates a model learned with the old
//! one: bump `FEATURES_VERSION`, which a model file names.
//!
//! Cold path: once per candidate of an expansion of the tree, and by `tengen learn`.
//!
//! Depends on: mailbox, tactics::{liberties, fights, ladder, pattern3}, geom.

use super::fights::FightAnswers;
use super::ladder::LadderReader;
use super::liberties::two_liberties;
use super::pattern3;
use crate::geom::Point;
use crate::mailbox::{PlayoutBoard, EMPTY};

/// The version of the feature definitions below; a model learned with another is refused.
pub const FEATURES_VERSION: u32 = 1;

/// The features of a move, in the order of `MoveFeatures::values`. Each takes one of
/// `values()` values (0: absent); the learned model has a gamma per feature and value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Feature {
    /// 1 + (0: one stone, 1: two or three, 2: four or more) + 3 if the move also touches one
    /// of the mover's chains in atari.
    Capture,
    /// Extending a chain of the mover's in atari from its last liberty, without capturing:
    /// 1 if the ladder reader says the chain is then caught, 2 if it lives with one stone,
    /// 3 with more.
    Escape,
    /// The new chain is in atari: 1 one stone, 2 two, 3 three or more.
    SelfAtari,
    /// Takes an enemy chain from two liberties to one: 1 if the ladder then catches it,
    /// 2 otherwise.
    Atari,
    /// Distance to the last move, `distance` below (2 adjacent, 3 diagonal, …), capped at 17,
    /// minus 1; 0 after a pass or with no last move. Playing where that move was (its stone
    /// since captured) counts as adjacent.
    DistLast,
    /// The same for the move before it (the mover's own previous move).
    DistLast2,
    /// Line from the edge (1 to 4, 5 for the fifth and beyond), plus 5 when no stone stands
    /// within distance 2 (|dx| + |dy| ≤ 2).
    Line,
    /// 1 an answer of the playouts' two-liberty step to the last move, 2 the nakade point of
    /// an eye space next to it (`FightAnswers`).
    Fight,
    /// The 3×3 code of the neighbours with the mover's stones as Black
    /// (`pattern3::code`, colours swapped when White moves), as its canonical class
    /// (`canonical_shape`).
    Shape,
}

/// Number of features.
pub const N_FEATURES: usize = 9;

/// Every feature, in order.
pub const ALL_FEATURES: [Feature; N_FEATURES] = [
    Feature::Capture,
    Feature::Escape,
    Feature::SelfAtari,
    Feature::Atari,
    Feature::DistLast,
    Feature::DistLast2,
    Feature::Line,
    Feature::Fight,
    Feature::Shape,
];

impl Feature {
    /// The feature's name in a model file.
    pub fn name(self) -> &'static str {
        match self {
            Feature::Capture => "capture",
            Feature::Escape => "escape",
            Feature::SelfAtari => "self_atari",
            Feature::Atari => "atari",
            Feature::DistLast => "dist_last",
            Feature::DistLast2 => "dist_last2",
            Feature::Line => "line",
            Feature::Fight => "fight",
            Feature::Shape => "shape",
        }
    }

    /// Number of values of the feature, 0 (absent) included.
    pub const fn values(self) -> usize {
        match self {
            Feature::Capture => 7,
            Feature::Escape => 4,
            Feature::SelfAtari => 4,
            Feature::Atari => 3,
            Feature::DistLast | Feature::DistLast2 => MAX_DISTANCE,
            Feature::Line => 11,
            Feature::Fight => 3,
            Feature::Shape => 1 << 16,
        }
    }
}

/// Largest distance told apart by `DistLast` and `DistLast2`.
const MAX_DISTANCE: usize = 17;

/// One value per feature, in `ALL_FEATURES` order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct MoveFeatures {
    pub values: [u16; N_FEATURES],
}

/// Added to a `Capture` value when the capture also touches one of the mover's chains in
/// atari (and so saves it).
const CAPTURE_SAVES: u16 = 3;
/// The `Escape` value of a run into a ladder that catches the chain.
const ESCAPE_CAUGHT: u16 = 1;
/// The `Atari` value of an atari that starts a ladder that catches the chain.
const ATARI_LADDER: u16 = 1;
/// Added to a `Line` value when no stone stands within distance 2.
const EMPTY_AREA: u16 = 5;

/// What the priors read: one question per accessor, so that no reader decodes the values.
impl MoveFeatures {
    /// The raw value of `feature` (the learned model's index).
    pub fn get(&self, feature: Feature) -> u16 {
        self.values[feature as usize]
    }

    /// Returns true if and only if the move captures an enemy chain (in atari next to it).
    pub fn captures(&self) -> bool {
        self.get(Feature::Capture) > 0
    }

    /// Returns true if and only if the move saves one of the mover's chains in atari: it
    /// captures next to it, or it extends from the last liberty and the ladder reader says
    /// the chain then lives.
    pub fn saves_chain_in_atari(&self) -> bool {
        self.get(Feature::Capture) > CAPTURE_SAVES || self.get(Feature::Escape) > ESCAPE_CAUGHT
    }

    /// Returns true if and only if the move runs from atari into a ladder that catches the
    /// chain.
    pub fn runs_into_ladder(&self) -> bool {
        self.get(Feature::Escape) == ESCAPE_CAUGHT
    }

    /// Returns true if and only if the move is an atari that starts a ladder that catches the
    /// chain.
    pub fn atari_catches_in_ladder(&self) -> bool {
        self.get(Feature::Atari) == ATARI_LADDER
    }

    /// If the move puts its own new chain in atari, that chain's stones, counted up to 3
    /// (3: three or more); else `None`.
    pub fn self_atari_stones(&self) -> Option<u16> {
        match self.get(Feature::SelfAtari) {
            0 => None,
            n => Some(n),
        }
    }

    /// The move's line from the edge, 1 to 5 (5: the fifth line and beyond).
    pub fn line(&self) -> u16 {
        let v = self.get(Feature::Line);
        if v > EMPTY_AREA {
            v - EMPTY_AREA
        } else {
            v
        }
    }

    /// Returns true if and only if no stone stands within distance 2 of the move
    /// (|dx| + |dy| ≤ 2).
    pub fn in_empty_area(&self) -> bool {
        self.get(Feature::Line) > EMPTY_AREA
    }
}

/// Pachi's move distance: |dx| + |dy| + max(|dx|, |dy|): 2 next to, 3 diagonal, 4 two away
/// in a line, 5 a knight's move.
pub fn distance(a: Point, b: Point) -> usize {
    let (dx, dy) = (a.col().abs_diff(b.col()), a.row().abs_diff(b.row()));
    dx + dy + dx.max(dy)
}

impl PlayoutBoard {
    /// The features of the side to move playing the empty point `p`. `ladders` reads the
    /// escapes and ataris; `fights` is `fight_answers(..)` of this board.
    pub fn move_features(
        &self,
        ladders: &mut LadderReader,
        fights: &FightAnswers,
        p: Point,
    ) -> MoveFeatures {
        let mut f = MoveFeatures::default();
        let size = self.size();
        let m = self.to_mailbox(p);
        debug_assert!(self.color_m(m) == EMPTY);
        let me = self.to_move();
        let enemy = me.opponent();

        // Chains around p: captured stones (each chain once), own chains in atari, and
        // enemy chains that p takes to one liberty.
        let mut heads = [0usize; 4];
        let mut captured = 0u32;
        let mut own_in_atari = None;
        let mut ataris = false;
        for (k, q) in p.neighbors(size).enumerate() {
            let Some(c) = self.stone_at(q) else {
                continue;
            };
            let h = self.head_m(self.to_mailbox(q));
            if heads[..k].contains(&h) {
                continue;
            }
            heads[k] = h;
            let chain = self.chain_of_head(h);
            if c == enemy && chain.in_atari() {
                captured += chain.size as u32;
            } else if c == enemy {
                ataris |= two_liberties(self, h).is_some();
            } else if chain.in_atari() {
                own_in_atari = Some((q, chain.size));
            }
        }
        if captured > 0 {
            let class = match captured {
                1 => 0,
                2..=3 => 1,
                _ => 2,
            };
            f.values[Feature::Capture as usize] =
                1 + class + CAPTURE_SAVES * u16::from(own_in_atari.is_some());
        } else if let Some((q, stones)) = own_in_atari {
            f.values[Feature::Escape as usize] = if ladders.escape_fails(self, q) {
                ESCAPE_CAUGHT
            } else if stones == 1 {
                2
            } else {
                3
            };
        }
        if let Some(stones) = self.self_atari_stones(p) {
            f.values[Feature::SelfAtari as usize] = stones.min(3) as u16;
        }
        if ataris {
            f.values[Feature::Atari as usize] = if ladders.atari_works(self, p) {
                ATARI_LADDER
            } else {
                2
            };
        }
        let [last, last2] = self.last_moves();
        for (feature, moved) in [(Feature::DistLast, last), (Feature::DistLast2, last2)] {
            if let Some(l) = moved {
                f.values[feature as usize] = (distance(p, l).clamp(2, MAX_DISTANCE) - 1) as u16;
            }
        }
        let line = 1 + p.edge_distance(size);
        f.values[Feature::Line as usize] =
            line.min(5) as u16 + EMPTY_AREA * u16::from(self.is_open_area(p));
        f.values[Feature::Fight as usize] = if fights.nakade == Some(p) {
            2
        } else {
            u16::from(fights.two_lib.contains(&p))
        };
        f.values[Feature::Shape as usize] = self.shape_code(m);
        f
    }

    /// The 3×3 code around the empty mailbox point `m`, the mover's stones as Black.
    fn shape_code(&self, m: usize) -> u16 {
        let code = pattern3::code(self, m) as u16;
        if self.to_move() == crate::geom::Color::White {
            pattern3::swap_colours(code)
        } else {
            code
        }
    }

    /// Returns true if and only if no stone stands within distance 2 of `p`
    /// (|dx| + |dy| ≤ 2).
    pub fn is_open_area(&self, p: Point) -> bool {
        let size = self.size() as isize;
        let (c, r) = (p.col() as isize, p.row() as isize);
        for dr in -2isize..=2 {
            for dc in -2isize..=2 {
                let (x, y) = (c + dc, r + dr);
                if dr.abs() + dc.abs() > 2 || x < 0 || y < 0 || x >= size || y >= size {
                    continue;
                }
                if self.stone_at(Point::new(x as usize, y as usize)).is_some() {
                    return false;
                }
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Color;
    use crate::mailbox::tests::{board_from, pt};
    use crate::tactics::pattern3::{canonical_shape, swap_colours, transform_code};

    fn features_at(picture: &str, to_move: Color, p: &str) -> MoveFeatures {
        let board = board_from(picture, to_move);
        let p = pt(p, board.size());
        board.move_features(&mut LadderReader::new(), &FightAnswers::default(), p)
    }

    #[test]
    fn distances_follow_pachi() {
        let p = |c, r| Point::new(c, r);
        assert_eq!(distance(p(3, 3), p(3, 4)), 2);
        assert_eq!(distance(p(3, 3), p(4, 4)), 3);
        assert_eq!(distance(p(3, 3), p(3, 5)), 4);
        assert_eq!(distance(p(3, 3), p(4, 5)), 5);
    }

    /// Black D4 is in atari, its last liberty E4.
    const FIGHT: &str = "
        . . . . . . .
        . . . . . . .
        . . . O . . .
        . . O X . . .
        . . . O . . .
        . . . . . . .
        . . . . . . .";

    #[test]
    fn captures_and_escapes_are_told_apart() {
        // Black E4 runs: D4-E4 then has three liberties.
        let f = features_at(FIGHT, Color::Black, "E4");
        assert_eq!(f.get(Feature::Capture), 0);
        assert_eq!(f.get(Feature::Escape), 2);
        assert_eq!(f.get(Feature::SelfAtari), 0);
        // White E4 captures one stone.
        let f = features_at(FIGHT, Color::White, "E4");
        assert_eq!(f.get(Feature::Capture), 1);
        assert_eq!(f.get(Feature::Escape), 0);
        // A move away from the fight has none of these.
        let f = features_at(FIGHT, Color::Black, "F6");
        assert_eq!(f.values[..4], [0, 0, 0, 0]);
    }

    #[test]
    fn a_capture_that_saves_a_chain_in_atari_says_so() {
        // White B1-B2 and Black A2 are both in atari, on the same liberty A1.
        let picture = "
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            O X . . . . .
            X O X . . . .
            . O X . . . .";
        // Black captures two stones and saves A2: 1 + class 1 + 3.
        assert_eq!(
            features_at(picture, Color::Black, "A1").get(Feature::Capture),
            5
        );
        // White captures one stone and saves B1-B2: 1 + class 0 + 3.
        assert_eq!(
            features_at(picture, Color::White, "A1").get(Feature::Capture),
            4
        );
    }

    #[test]
    fn self_ataris_and_ataris() {
        // White A2 has two liberties, A1 and B2.
        let picture = "
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            X . . . . . .
            O . . . . . .
            . . . . . . .";
        let f = features_at(picture, Color::Black, "A1");
        assert_eq!(f.get(Feature::SelfAtari), 1);
        assert_ne!(f.get(Feature::Atari), 0);
        // B2 leaves A2 only A1, where running stays in atari: the ladder works.
        let f = features_at(picture, Color::Black, "B2");
        assert_eq!((f.get(Feature::SelfAtari), f.get(Feature::Atari)), (0, 1));
        assert_eq!(
            features_at(picture, Color::Black, "E5").get(Feature::Atari),
            0
        );
    }

    #[test]
    fn line_and_open_area_combine() {
        let empty = ". . . . . . . . .\n".repeat(9);
        assert_eq!(
            features_at(&empty, Color::Black, "A1").get(Feature::Line),
            1 + 5
        );
        assert_eq!(
            features_at(&empty, Color::Black, "C3").get(Feature::Line),
            3 + 5
        );
        assert_eq!(
            features_at(&empty, Color::Black, "E5").get(Feature::Line),
            5 + 5
        );
        assert_eq!(features_at(FIGHT, Color::Black, "E4").get(Feature::Line), 3);
    }

    #[test]
    fn the_shape_is_seen_by_the_mover() {
        // The same stones with the colours swapped give White, to move, Black's shape.
        let swapped: String = FIGHT
            .chars()
            .map(|c| match c {
                'X' => 'O',
                'O' => 'X',
                c => c,
            })
            .collect();
        let black = features_at(FIGHT, Color::Black, "E4");
        let white = features_at(&swapped, Color::White, "E4");
        assert_eq!(black.get(Feature::Shape), white.get(Feature::Shape));
        assert_ne!(
            black.get(Feature::Shape),
            features_at(FIGHT, Color::White, "E4").get(Feature::Shape)
        );
    }

    #[test]
    fn colour_swap_and_symmetries_are_involutions_and_canonical_is_invariant() {
        for code in (0u32..1 << 16).step_by(97).map(|c| c as u16) {
            assert_eq!(swap_colours(swap_colours(code)), code);
            let canonical = canonical_shape(code);
            for s in 0..8 {
                assert_eq!(canonical_shape(transform_code(code, s)), canonical);
            }
        }
        // A lone own stone above the point: the four orthogonal placements are one class,
        // the diagonal ones another.
        let up = 1u16 << 2;
        let left = 1u16 << 6;
        let up_left = 1u16;
        assert_eq!(canonical_shape(up), canonical_shape(left));
        assert_ne!(canonical_shape(up), canonical_shape(up_left));
        assert_eq!(swap_colours(up), 2 << 2);
    }
}
