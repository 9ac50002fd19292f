//! Chains put into groups, and what each group has to live on (step 2 of the judge's module
//! doc). `Chains::evidence` takes these steps, one function each:
//! 1. groups of chains: live chains of one colour next to one empty point join
//!    (`join_by_shared_liberties`), and so do those around one eye region (`eye_regions`: an
//!    empty region, its dead stones included, that only one colour borders);
//! 2. each group's stones and mean ownership (`Groups::new`);
//! 3. eyes: each eye region gives its group one eye (one or two points) or two (three or
//!    more) (`Group::add_eye_region`); a group whose only eye region is a bent four in the
//!    corner is dead (`Group::bent_four`);
//! 4. nakade: an enemy stone on the vital point of a group's only eye space, the group
//!    sealed in by safe enemy chains, kills it (`Groups::add_nakade`).
//!
//! Depends on: score (the union-find), board, geom.

use super::shapes::{is_bent_four_in_corner, vital_stone_inside};
use crate::board::{Bitboard, Position};
use crate::geom::{Color, MAX_POINTS};
use crate::score::UnionFind;

/// A nakade kills only a group whose enemy neighbours all have more than this mean ownership
/// from their own side.
const SAFE_AROUND_NAKADE: f32 = 0.5;

/// One chain: stones, mean ownership from its own side.
pub(super) struct Chain {
    pub(super) stones: Bitboard,
    pub(super) mean: f32,
}

/// The chains of a position, numbered, with the chain number of every stone.
pub(super) struct Chains {
    pub(super) list: Vec<Chain>,
    at: Vec<usize>,
}

/// What the judge weighs to decide the fate of one chain: what its group has to live on, or,
/// for a chain already judged dead, its own mean and nothing else.
#[derive(Clone, Copy, Default)]
pub(super) struct Evidence {
    /// Mean ownership over the group's stones, from its own side.
    pub(super) mean: f32,
    /// The group's eyes (`Group::eyes`).
    pub(super) eyes: usize,
    /// The group's only eye region is a bent four in the corner (`Group::bent_four`).
    pub(super) bent_four: bool,
    /// The enemy stone on the vital point of the group's only eye space (`Group::killer`):
    /// the group is dead and this stone lives. Empty otherwise.
    pub(super) killer: Bitboard,
}

/// A group: live chains of one colour judged alive or dead together, with what it has to
/// live on.
#[derive(Clone, Copy, Default)]
struct Group {
    stones: Bitboard,
    /// Mean ownership times stones, summed over the group's chains in chain order.
    ownership: f32,
    n_stones: usize,
    /// Eyes: regions (empty points and dead stones) bordered by the group's colour alone and
    /// touching the group; one or two points count one, three or more count two.
    eyes: usize,
    n_eye_regions: usize,
    /// The points of the group's eye regions.
    eye_space: Bitboard,
    /// Small spaces the group encloses with an enemy stone on their vital point (`VitalStone`).
    n_vital_spaces: usize,
    /// The enemy stone on the vital point of the group's only eye space, when that space is a
    /// killing shape (`vital_stone_inside`) and a safe enemy seals the group in: the group is
    /// dead and this stone lives. Empty otherwise.
    killer: Bitboard,
}

impl Group {
    fn mean(&self) -> f32 {
        self.ownership / self.n_stones as f32
    }

    fn add_eye_region(&mut self, region: Bitboard) {
        self.eyes += if region.count() >= 3 { 2 } else { 1 };
        self.n_eye_regions += 1;
        self.eye_space |= region;
    }

    /// Returns true if and only if the group's only eye region is a bent four in the corner
    /// (`is_bent_four_in_corner`).
    fn bent_four(&self, size: usize) -> bool {
        self.n_eye_regions == 1 && is_bent_four_in_corner(self.eye_space, size)
    }
}

/// An empty region (empty points and dead stones) that live chains of one colour border and
/// the other colour does not touch.
struct EyeRegion {
    /// One of the chains around it.
    chain: usize,
    points: Bitboard,
}

/// A small space that live stones of `owner` enclose, with one stone of the enemy (live or
/// not) inside on its vital point (`vital_stone_inside`): the candidate for `Group::killer`.
struct VitalStone {
    /// One of the chains around it.
    chain: usize,
    space: Bitboard,
    stone: Bitboard,
    owner: Color,
}

/// The groups of a position: the union-find over chain numbers, and each group at the number
/// of its root chain.
struct Groups {
    of: UnionFind,
    at_root: Vec<Group>,
}

impl Chains {
    pub(super) fn new(pos: &Position, ownership: &[f32]) -> Chains {
        let mut list = Vec::new();
        let mut at = vec![usize::MAX; MAX_POINTS];
        for color in Color::BOTH {
            for p in pos.stones(color) {
                if at[p.index()] == usize::MAX {
                    let stones = pos.chain(p);
                    let mut total = 0.0;
                    for q in stones {
                        at[q.index()] = list.len();
                        total += ownership[q.index()] * color.sign() as f32;
                    }
                    list.push(Chain {
                        stones,
                        mean: total / stones.count() as f32,
                    });
                }
            }
        }
        Chains { list, at }
    }

    /// The evidence of every chain (indexed like `list`), with the stones of `dead` taken off:
    /// live chains of one colour around one region that only that colour borders, or
    /// sharing a liberty, form a group. Dead chains are each their own group.
    pub(super) fn evidence(&self, pos: &Position, dead: Bitboard) -> Vec<Evidence> {
        let size = pos.size();
        let live = [
            pos.stones(Color::Black) - dead,
            pos.stones(Color::White) - dead,
        ];
        let mut union = UnionFind::new(self.list.len());
        self.join_by_shared_liberties(pos, &live, &mut union);
        let eye_regions = self.eye_regions(size, &live, &mut union);
        let mut groups = Groups::new(self, union);
        for region in &eye_regions {
            groups.of(region.chain).add_eye_region(region.points);
        }
        groups.add_nakade(self, pos, &live, self.vital_stones(pos, &live));
        (0..self.list.len())
            .map(|c| {
                let chain = &self.list[c];
                if dead.contains(chain.stones.first().expect("a chain has stones")) {
                    return Evidence {
                        mean: chain.mean,
                        ..Evidence::default()
                    };
                }
                let group = groups.of(c);
                Evidence {
                    mean: group.mean(),
                    eyes: group.eyes,
                    bent_four: group.bent_four(size),
                    killer: group.killer,
                }
            })
            .collect()
    }

    /// Joins the live chains of one colour next to one empty point (the point between them
    /// connects them).
    fn join_by_shared_liberties(
        &self,
        pos: &Position,
        live: &[Bitboard; 2],
        union: &mut UnionFind,
    ) {
        let size = pos.size();
        for p in pos.empty_points() {
            for color in Color::BOTH {
                let mut first = None;
                for q in p.neighbors(size) {
                    if live[color.index()].contains(q) {
                        let c = self.at[q.index()];
                        match first {
                            None => first = Some(c),
                            Some(f) => union.union(f, c),
                        }
                    }
                }
            }
        }
    }

    /// The regions of the board without live stones that live chains of only one colour
    /// border (an eye or territory they share), their chains joined.
    fn eye_regions(
        &self,
        size: usize,
        live: &[Bitboard; 2],
        union: &mut UnionFind,
    ) -> Vec<EyeRegion> {
        let open = Bitboard::board_mask(size) - live[0] - live[1];
        let mut eye_regions = Vec::new();
        for region in open.components(size) {
            let around = region.neighbors(size);
            for color in Color::BOTH {
                if around.intersects(&live[color.opponent().index()]) {
                    continue;
                }
                let mut first = None;
                for q in around & live[color.index()] {
                    let c = self.at[q.index()];
                    match first {
                        None => first = Some(c),
                        Some(f) => union.union(f, c),
                    }
                }
                if let Some(f) = first {
                    eye_regions.push(EyeRegion {
                        chain: f,
                        points: region,
                    });
                }
            }
        }
        eye_regions
    }

    /// Small spaces a colour encloses with one enemy stone inside, live or not, on their
    /// vital point: the candidates for `Group::killer`.
    fn vital_stones(&self, pos: &Position, live: &[Bitboard; 2]) -> Vec<VitalStone> {
        let size = pos.size();
        let mut vital = Vec::new();
        for color in Color::BOTH {
            let outside = Bitboard::board_mask(size) - live[color.index()];
            for region in outside.components(size) {
                let inside = region & pos.stones(color.opponent());
                if vital_stone_inside(region, inside, size) {
                    let next = region.neighbors(size) & live[color.index()];
                    vital.push(VitalStone {
                        chain: self.at[next.first().expect("an enclosed space").index()],
                        space: region,
                        stone: inside,
                        owner: color,
                    });
                }
            }
        }
        vital
    }
}

impl Groups {
    /// Each group's stones and ownership, its chains summed in chain order.
    fn new(chains: &Chains, mut of: UnionFind) -> Groups {
        let mut at_root = vec![Group::default(); chains.list.len()];
        for (c, chain) in chains.list.iter().enumerate() {
            let group = &mut at_root[of.find(c)];
            group.ownership += chain.mean * chain.stones.count() as f32;
            group.n_stones += chain.stones.count();
            group.stones |= chain.stones;
        }
        Groups { of, at_root }
    }

    /// The group of chain `c`.
    fn of(&mut self, c: usize) -> &mut Group {
        &mut self.at_root[self.of.find(c)]
    }

    /// Sets `Group::killer` from the candidates `vital`: the vital stone of a group's only
    /// eye space (two such spaces make two eyes), when the group is sealed in by a safe enemy.
    fn add_nakade(
        &mut self,
        chains: &Chains,
        pos: &Position,
        live: &[Bitboard; 2],
        vital: Vec<VitalStone>,
    ) {
        let size = pos.size();
        for v in &vital {
            self.of(v.chain).n_vital_spaces += 1;
        }
        for v in vital {
            let group = self.of(v.chain);
            // The group's only eye space (two such spaces make two eyes).
            if group.n_vital_spaces > 1 || !(group.eye_space - v.space).is_empty() {
                continue;
            }
            // Sealed in by a safe enemy, or the nakade settles nothing: each liberty outside
            // the space is a point between the group and enemy stones (a dame, no way out),
            // and each enemy chain next to the group is clearly its owner's in the playouts.
            let enemy = live[v.owner.opponent().index()];
            let walls = group.stones | enemy;
            let sealed = ((group.stones.neighbors(size) & pos.empty_points()) - v.space)
                .iter()
                .all(|p| (Bitboard::from_point(p).neighbors(size) - walls).is_empty());
            let safe = (group.stones.neighbors(size) & enemy)
                .iter()
                .all(|q| chains.list[chains.at[q.index()]].mean > SAFE_AROUND_NAKADE);
            if sealed && safe {
                group.killer = v.stone;
            }
        }
    }
}
