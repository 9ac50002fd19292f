//! Judging a finished position: which stones are dead, which live in seki, and the count that
//! follows. One function, `judge`, answers GTP's `final_score` and `final_status_list`, the
//! search's pass decision and `kgs-genmove_cleanup`, so tengen never passes believing one
//! result and then reports another.
//!
//! How a position is judged:
//! 1. Benson's algorithm (`score::unconditional`) proves some chains alive whatever happens,
//!    and some regions theirs; enemy stones inside those regions are dead. No playout can
//!    overrule either.
//! 2. The other chains are put into *groups*: chains of one colour that border the same empty
//!    region touched by no enemy stone (an eye or territory they share), or that share a
//!    liberty (the point between them connects them). A group lives or dies as one.
//! 3. Heavy playouts from the position (see `ownership`), half with each side to move first,
//!    give each point's owner at the end. A group is dead when, over its stones, the opponent owns them in most
//!    playouts. A group whose only eye space (three to six points) is a killing shape with an
//!    enemy stone on its vital point, sealed in by safe enemy chains, is dead and the stone
//!    lives (`vital_stone_inside`): the playouts, where the owner fills around the stone
//!    before the enemy answers inside, often let it live.
//! 4. A small chain that shares all its liberties with an eyeless enemy group kills it
//!    when filling all but one of them makes a shape the capture turns into one eye (the
//!    sacrifice before a nakade: `killed_by_sacrifice`); the playouts never play that
//!    self-atari. A killer the playouts call dead (they capture it instead) may also kill a
//!    group with other liberties, when each of those touches a safe chain of the killer's
//!    colour. The position is then judged again with those stones off (and with the groups
//!    step 3 found killed by a stone on their vital point).
//! 5. Seki among the live groups is found by `score::territory`'s test (groups short of eyes
//!    sharing liberties); under territory counting their eyes count for nobody.
//!
//! The playouts use their own generator seeded from `Config::seed`, not the search's: the
//! same position is judged the same way whatever was searched before.
//!
//! Depends on: playout, score, game, board, geom.

#[cfg(test)]
mod tests;

use crate::board::{Bitboard, Position};
use crate::game::{Game, Scoring};
use crate::geom::{Color, Point, MAX_POINTS};
use crate::playout::{self, PlayoutBoard, PlayoutRng};
use crate::score::{self, GameResult, UnionFind};

/// How hard to look.
#[derive(Debug, Clone)]
pub struct Config {
    /// Playouts from the judged position. Default 2,000: on every finished game of the test
    /// data the verdict is the same under two seeds, in about 0.2 s on 19×19.
    pub playouts: usize,
    /// Seed of the judge's own generator. Default 1.
    pub seed: u64,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            playouts: 2_000,
            seed: 1,
        }
    }
}

/// The status of every stone: `dead`, `seki`, and all others alive. `dead` and `seki` never
/// overlap.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Judgment {
    /// Stones to take off the board before counting.
    pub dead: Bitboard,
    /// Live stones of groups in seki.
    pub seki: Bitboard,
    /// Stones Benson's algorithm proves alive (a subset of the live stones).
    pub unconditional: Bitboard,
    /// Mean owner of each point over the playouts, from Black's side, indexed by
    /// `Point::index` (length `MAX_POINTS`).
    pub ownership: Vec<f32>,
}

impl Judgment {
    /// The count of `game` with these dead stones, under its rules (positive: Black ahead).
    pub fn score(&self, game: &Game) -> f32 {
        score::score(game, &self.dead)
    }

    /// The count as `final_score` prints it.
    pub fn result(&self, game: &Game) -> GameResult {
        GameResult::Score(self.score(game))
    }

    /// Stones alive and not in seki.
    pub fn alive(&self, pos: &Position) -> Bitboard {
        (pos.stones(Color::Black) | pos.stones(Color::White)) - self.dead - self.seki
    }
}

/// `tengen-count`: the count of `game` with the judgment's dead stones taken off, as a referee
/// of a Chinese-rules game announces it, with the territory count beside it. Four lines:
/// - `area`: Black's and White's points (stones + surrounded points) and the dame;
/// - `stones`: Black's stones in the Chinese stone count (area + half the dame) against par
///   (half the board: 180½ on 19×19), the komi in stones (3¾ at 7.5) and White's handicap
///   compensation in stones, and how many stones Black needs to win;
/// - `territory`: territory + prisoners of each side (seki eyes count for nobody);
/// - `results`: the area and territory results with the game's komi.
pub fn count_report(game: &Game, judgment: &Judgment) -> String {
    let pos = game.position();
    let area = score::area(pos, &judgment.dead);
    let territory = score::territory(pos, &judgment.dead);
    let n_points = (pos.size() * pos.size()) as f32;
    let par = n_points / 2.0;
    let black_stones = area.points(Color::Black) as f32 + area.dame.count() as f32 / 2.0;
    let komi = game.komi();
    let compensation = game.rules().handicap_compensation.points(game.handicap());
    let needed = par + komi / 2.0 + compensation / 2.0;
    let side = |c: Color| territory.points(c) + game.prisoners(c);
    let area_margin =
        area.points(Color::Black) as f32 - area.points(Color::White) as f32 - komi - compensation;
    let territory_margin = side(Color::Black) as f32 - side(Color::White) as f32 - komi;
    format!(
        "area: Black {} White {} dame {}\n\
         stones: Black {} against par {}, komi {} stones, handicap compensation {} stones: \
         Black needs more than {}\n\
         territory: Black {} + {} prisoners, White {} + {} prisoners, seki eyes {}\n\
         results: area {}, territory {}",
        area.points(Color::Black),
        area.points(Color::White),
        area.dame.count(),
        quarters(black_stones),
        quarters(par),
        quarters(komi / 2.0),
        quarters(compensation / 2.0),
        quarters(needed),
        territory.territory[0],
        territory.dead[1] + game.prisoners(Color::Black),
        territory.territory[1],
        territory.dead[0] + game.prisoners(Color::White),
        territory.seki_eyes.count(),
        GameResult::Score(area_margin),
        GameResult::Score(territory_margin),
    )
}

/// A number in quarters as Go referees write it: `180½`, `3¾`, `-1¼`, `4`.
fn quarters(x: f32) -> String {
    let q = (x * 4.0).round() as i64;
    let (sign, q) = if q < 0 { ("-", -q) } else { ("", q) };
    let whole = q / 4;
    let frac = ["", "¼", "½", "¾"][(q % 4) as usize];
    if whole == 0 && !frac.is_empty() {
        format!("{sign}{frac}")
    } else {
        format!("{sign}{whole}{frac}")
    }
}

/// Who counts the point `p` under area counting with the judgment's dead stones taken off:
/// the colour of a live stone on it, or of the only colour around its empty region; None for
/// dame.
pub fn owns(game: &Game, judgment: &Judgment, p: Point) -> Option<Color> {
    score::area(game.position(), &judgment.dead).owner[p.index()]
}

/// Judges the position of `game` (see the module doc). Under Tromp-Taylor counting nothing is
/// dead: every stone on the board counts.
pub fn judge(game: &Game, config: &Config) -> Judgment {
    let pos = game.position();
    let mut ownership = ownership(pos, config);
    let dead = if game.rules().scoring == Scoring::TrompTaylor {
        Bitboard::EMPTY
    } else {
        let (dead, by_nakade) = dead_stones(pos, &ownership);
        let killed = killed_by_sacrifice(pos, dead, &ownership) | by_nakade;
        if killed.is_empty() {
            dead
        } else {
            // Judged again with the killed stones off the board: the stones they were
            // fighting may now be short of liberties (FX178: an eyeless white group beside
            // the killed one, in a seki only while it lived).
            let rest = without(pos, killed);
            ownership = self::ownership(&rest, config);
            dead_stones(&rest, &ownership).0 | killed
        }
    };
    let seki = score::seki_stones(pos, &dead);
    Judgment {
        dead,
        seki,
        unconditional: score::unconditional(pos).alive_stones(),
        ownership,
    }
}

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
/// square, pyramid, bulky or crossed shapes; the rabbity six: `playout::eye_shape_by`) and
/// `L` opens no other liberty, the nakade follows and the enemy dies. Cases: two stones of
/// Black sharing three liberties with an eyeless White group (a 9×9 game against GNU Go
/// ended so: filling two makes the square four), Fuego's FX178 (one stone against an
/// eyeless group of 18: the bent three). When each side could kill the other this way, the
/// first to move wins: left to the playouts.
fn killed_by_sacrifice(pos: &Position, dead: Bitboard, ownership: &[f32]) -> Bitboard {
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
                space.count() == 2 || eye_shape(space, size).0 != playout::EyeShape::Other;
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
fn without(pos: &Position, gone: Bitboard) -> Position {
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

/// Mean owner of every point at the end of `config.playouts` playouts from `pos`, half of
/// them with each side to move first.
///
/// The playouts are the search's heavy playouts (`playout::Heavy`: answer ataris and
/// two-liberty fights at the last move, nakade, 3×3 shapes), except that no chain of two or
/// more stones is put into atari without capturing: a finished position is full of groups
/// that live only as long as their owner does not fill a liberty himself, and a single stone
/// may still be thrown in (the nakade and false-eye tactics that kill). Against the judge's
/// earlier light playouts with the same self-atari rule, the scoring test went from 108 to
/// 112 of 124 results exact (score9 and score11 right, FX175 closer), in a fifth of the time.
pub fn ownership(pos: &Position, config: &Config) -> Vec<f32> {
    let mut rng = PlayoutRng::new(config.seed);
    let mut sum = vec![0i32; MAX_POINTS];
    let start = [PlayoutBoard::from_position(pos), {
        let mut b = PlayoutBoard::from_position(pos);
        b.set_to_move(pos.to_move().opponent());
        b
    }];
    let mut work = Box::new(start[0].clone());
    let n = config.playouts.max(2);
    // The judge's playouts are the search's with two changes measured on the scoring table
    // (tests/it/scoring.rs): no self-atari of more than one stone, and no shapes around the
    // mover's own last move, no filling of the board (the scoring table was measured without
    // them).
    let heavy = playout::Heavy::new(&playout::Config {
        max_self_atari_stones: 1,
        pattern_last2: false,
        fill_board_tries: 0,
        ..playout::Config::default()
    });
    let mut result = Box::<playout::PlayoutResult>::default();
    for k in 0..n {
        work.copy_from(&start[k % 2]);
        playout::run(&mut work, &heavy, &mut rng, &mut result);
        for p in Point::all(pos.size()) {
            sum[p.index()] += result.owner[p.index()] as i32;
        }
    }
    sum.iter().map(|&s| s as f32 / n as f32).collect()
}

/// The dead stones of `pos` given the playouts' mean `ownership` (steps 1–3 of the module doc),
/// and those of them killed by an enemy stone on the vital point of their eye space
/// (`Group::killer`), for `judge` to judge the position again without them.
pub fn dead_stones(pos: &Position, ownership: &[f32]) -> (Bitboard, Bitboard) {
    let benson = score::unconditional(pos);
    let proved_alive = benson.alive_stones();
    let proved_dead = benson.dead_stones(pos);
    let chains = Chains::new(pos, ownership);
    // A first guess chain by chain, then groups and their eyes with that guess taken off, and
    // the decision group by group (a chain of the first guess is its own group).
    let mut dead = proved_dead;
    for chain in &chains.list {
        if chain.mean < 0.0 {
            dead |= chain.stones;
        }
    }
    dead -= proved_alive;
    let groups = chains.groups(pos, dead);
    let mut dead = proved_dead;
    let mut killers = Bitboard::EMPTY;
    let mut by_nakade = Bitboard::EMPTY;
    for (chain, g) in chains.list.iter().zip(&groups) {
        let threshold = if g.eyes >= 2 {
            ALIVE_WITH_EYES
        } else {
            ALIVE_WITHOUT_EYES
        };
        if !g.killer.is_empty() {
            by_nakade |= chain.stones;
            killers |= g.killer;
        }
        if g.mean < threshold || g.bent_four || !g.killer.is_empty() {
            dead |= chain.stones;
        }
    }
    let dead = dead - proved_alive - killers;
    (dead, by_nakade & dead)
}

/// Returns true if and only if the eye space `region` (three to six points) is a shape of one
/// eye with a vital point (three in a row or bent, the pyramid four, the bulky and crossed
/// fives, the rabbity six: `playout::eye_shape_by`) and `inside`, the enemy stones in it, is
/// one stone on that point. The owner cannot make two eyes there whoever moves first: each
/// stone he adds or captures leaves a smaller killing shape. The playouts often miss it:
/// the owner fills around the stone and captures it before the enemy answers inside (GNU Go
/// and tengen disagreed on such a corner, a bulky five, at the end of a 19×19 game).
fn vital_stone_inside(region: Bitboard, inside: Bitboard, size: usize) -> bool {
    if !(3..=6).contains(&region.count()) || inside.count() != 1 {
        return false;
    }
    let (shape, points) = eye_shape(region, size);
    matches!(shape, playout::EyeShape::Vital(v) if inside.contains(points[v]))
}

/// The shape of the eye space `space` (`playout::eye_shape_by`), with its points in the order
/// the shape's vital index refers to.
fn eye_shape(space: Bitboard, size: usize) -> (playout::EyeShape, Vec<Point>) {
    let points: Vec<Point> = space.iter().collect();
    let shape = playout::eye_shape_by(points.len(), |i, j| {
        Bitboard::from_point(points[i])
            .neighbors(size)
            .contains(points[j])
    });
    (shape, points)
}

/// Returns true if and only if `region` is the eye space of a bent four in the corner: four
/// points, a corner point, the next two along one edge and the next one along the other
/// (A1 B1 C1 A2 or A1 A2 A3 B1, and their mirror images). A group whose only eye space this
/// is dies: the opponent takes the vital point and wins the ko once the ko threats are gone
/// (the Japanese rules call it dead as it stands). Playouts, which do not remove ko threats
/// first, often let it live.
fn is_bent_four_in_corner(region: Bitboard, size: usize) -> bool {
    if region.count() != 4 {
        return false;
    }
    let last = size - 1;
    for (corner_col, dc) in [(0isize, 1isize), (last as isize, -1)] {
        for (corner_row, dr) in [(0isize, 1isize), (last as isize, -1)] {
            let at = |col: isize, row: isize| Point::new(col as usize, row as usize);
            let along_row = [
                at(corner_col, corner_row),
                at(corner_col + dc, corner_row),
                at(corner_col + 2 * dc, corner_row),
                at(corner_col, corner_row + dr),
            ];
            let along_col = [
                at(corner_col, corner_row),
                at(corner_col, corner_row + dr),
                at(corner_col, corner_row + 2 * dr),
                at(corner_col + dc, corner_row),
            ];
            for shape in [along_row, along_col] {
                if shape.iter().all(|&p| region.contains(p)) {
                    return true;
                }
            }
        }
    }
    false
}

/// A group with two eyes (by `Group::eyes`) is dead only when its mean ownership from its own
/// side is below this: the playouts must clearly say so.
const ALIVE_WITH_EYES: f32 = 0.0;
/// A group with fewer than two eyes is dead unless the playouts clearly say it lives.
const ALIVE_WITHOUT_EYES: f32 = 0.3;
/// A nakade kills only a group whose enemy neighbours all have more than this mean ownership
/// from their own side.
const SAFE_AROUND_NAKADE: f32 = 0.5;

/// One chain: stones, mean ownership from its own side.
struct Chain {
    stones: Bitboard,
    mean: f32,
}

/// What the group of a chain looks like.
#[derive(Clone, Copy, Default)]
struct Group {
    /// Mean ownership over the group's stones, from its own side.
    mean: f32,
    /// Eyes: regions (empty points and dead stones) bordered by the group's colour alone and
    /// touching the group; one or two points count one, three or more count two.
    eyes: usize,
    /// The group's only eye region is a bent four in the corner (`is_bent_four_in_corner`).
    bent_four: bool,
    /// The enemy stone on the vital point of the group's only eye space, when that space is a
    /// killing shape (`vital_stone_inside`) and a safe enemy seals the group in: the group is
    /// dead and this stone lives. Empty otherwise.
    killer: Bitboard,
}

/// The chains of a position, numbered, with the chain number of every stone.
struct Chains {
    list: Vec<Chain>,
    at: Vec<usize>,
}

impl Chains {
    fn new(pos: &Position, ownership: &[f32]) -> Chains {
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

    /// The group of every chain (indexed like `list`), with the stones of `dead` taken off:
    /// live chains of one colour around one region that only that colour borders, or
    /// sharing a liberty, form a group. Dead chains are each their own group.
    fn groups(&self, pos: &Position, dead: Bitboard) -> Vec<Group> {
        let size = pos.size();
        let mut uf = UnionFind::new(self.list.len());
        let live = [
            pos.stones(Color::Black) - dead,
            pos.stones(Color::White) - dead,
        ];
        let open = Bitboard::board_mask(size) - live[0] - live[1];
        // Chains sharing a liberty.
        for p in pos.empty_points() {
            for color in Color::BOTH {
                let mut first = None;
                for q in p.neighbors(size) {
                    if live[color.index()].contains(q) {
                        let c = self.at[q.index()];
                        match first {
                            None => first = Some(c),
                            Some(f) => uf.union(f, c),
                        }
                    }
                }
            }
        }
        // Regions of one colour: union their chains, remember them as eyes.
        let mut eye_regions: Vec<(usize, usize)> = Vec::new();
        let mut bent_four_at: Vec<usize> = Vec::new();
        let mut eye_space_at: Vec<(usize, Bitboard)> = Vec::new();
        // Small spaces a colour encloses with one enemy stone inside, live or not: the
        // candidates for `Group::killer`.
        let mut killer_at: Vec<(usize, Bitboard, Bitboard, Color)> = Vec::new();
        for color in Color::BOTH {
            let outside = Bitboard::board_mask(size) - live[color.index()];
            for region in outside.components(size) {
                let inside = region & pos.stones(color.opponent());
                if vital_stone_inside(region, inside, size) {
                    let next = region.neighbors(size) & live[color.index()];
                    let f = self.at[next.first().expect("an enclosed space").index()];
                    killer_at.push((f, region, inside, color));
                }
            }
        }
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
                        Some(f) => uf.union(f, c),
                    }
                }
                if let Some(f) = first {
                    eye_regions.push((f, if region.count() >= 3 { 2 } else { 1 }));
                    eye_space_at.push((f, region));
                    if is_bent_four_in_corner(region, size) {
                        bent_four_at.push(f);
                    }
                }
            }
        }
        let n = self.list.len();
        let mut total = vec![0.0f32; n];
        let mut n_stones = vec![0usize; n];
        let mut eyes = vec![0usize; n];
        let mut n_regions = vec![0usize; n];
        let mut bent_four = vec![false; n];
        for &c in &bent_four_at {
            bent_four[uf.find(c)] = true;
        }
        let mut stones = vec![Bitboard::EMPTY; n];
        for (c, chain) in self.list.iter().enumerate() {
            let g = uf.find(c);
            total[g] += chain.mean * chain.stones.count() as f32;
            n_stones[g] += chain.stones.count();
            stones[g] |= chain.stones;
        }
        let mut eye_space = vec![Bitboard::EMPTY; n];
        for &(c, region) in &eye_space_at {
            eye_space[uf.find(c)] |= region;
        }
        let mut killer = vec![Bitboard::EMPTY; n];
        let mut n_killer_spaces = vec![0usize; n];
        for &(c, _, _, _) in &killer_at {
            n_killer_spaces[uf.find(c)] += 1;
        }
        for &(c, region, stone, color) in &killer_at {
            let g = uf.find(c);
            // The group's only eye space (two such spaces make two eyes).
            if n_killer_spaces[g] > 1 || !(eye_space[g] - region).is_empty() {
                continue;
            }
            // Sealed in by a safe enemy, or the nakade settles nothing: each liberty outside
            // the space is a point between the group and enemy stones (a dame, no way out),
            // and each enemy chain next to the group is clearly its owner's in the playouts.
            let enemy = live[color.opponent().index()];
            let walls = stones[g] | enemy;
            let sealed = ((stones[g].neighbors(size) & pos.empty_points()) - region)
                .iter()
                .all(|p| (Bitboard::from_point(p).neighbors(size) - walls).is_empty());
            let safe = (stones[g].neighbors(size) & enemy)
                .iter()
                .all(|q| self.list[self.at[q.index()]].mean > SAFE_AROUND_NAKADE);
            if sealed && safe {
                killer[g] = stone;
            }
        }
        for &(c, e) in &eye_regions {
            let g = uf.find(c);
            eyes[g] += e;
            n_regions[g] += 1;
        }
        (0..n)
            .map(|c| {
                if dead.contains(self.list[c].stones.first().expect("a chain has stones")) {
                    return Group {
                        mean: self.list[c].mean,
                        eyes: 0,
                        bent_four: false,
                        killer: Bitboard::EMPTY,
                    };
                }
                let g = uf.find(c);
                Group {
                    mean: total[g] / n_stones[g] as f32,
                    eyes: eyes[g],
                    bent_four: bent_four[g] && n_regions[g] == 1,
                    killer: killer[g],
                }
            })
            .collect()
    }
}
