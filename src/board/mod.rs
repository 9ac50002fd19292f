//! The exact position: stones as bitboards, chains with exact liberties, simple ko, hash.
//!
//! `Position` knows nothing of history: superko, prisoners over a game and undo live in
//! `game::Game`. It does not enforce turn order: the caller names the colour of each move.
//!
//! Data layout (size-sensitive; `size_of::<Position>()` is 1,480 bytes on 64-bit targets, plus
//! 160 bytes of heap per chain slot):
//! - `stones: [Bitboard; 2]` (160 B): the stones of each colour, in the shared 25×25 layout.
//! - `chain_of: [ChainId; 625]` (1,250 B): the chain through each point, `NONE` when empty.
//! - `chains: Vec<Chain>` (heap, 160 B each): per chain a stones bitboard and a liberties
//!   bitboard, so "how many liberties, and which" costs one popcount over 10 words. Slots of
//!   captured or merged chains go on the free list `free_chains` and are reused: after the
//!   first few moves `try_play` no longer allocates.
//! - `hash` (Zobrist over stones only), `size`, `to_move`, and the simple-ko point with the
//!   colour it binds.
//!
//! **Invariants** (checked by `verify`): every stone belongs to exactly one chain, whose stones
//! bitboard is the connected component through it and whose liberties bitboard is exactly the
//! empty points next to it; every chain has a liberty, except after a careless `place_stone`;
//! `hash` is the XOR of `zobrist::stone` over all stones; illegal moves change nothing.
//!
//! Depends on: geom, zobrist.

mod bitboard;
mod chain;
pub mod diagram;
mod verify;

pub use bitboard::Bitboard;
pub use diagram::Diagram;

use crate::geom::{Color, Move, Point, MAX_POINTS, MAX_SIZE, MIN_SIZE};
use crate::zobrist;
use chain::{Chain, ChainId};
use std::fmt;

/// Why a move is illegal. `Superko` is produced by `game::Game`, never by `Position`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayError {
    Occupied,
    Suicide,
    Ko,
    Superko,
    OffBoard,
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PlayError::Occupied => "point is occupied",
            PlayError::Suicide => "suicide",
            PlayError::Ko => "ko",
            PlayError::Superko => "superko",
            PlayError::OffBoard => "off board",
        })
    }
}

impl std::error::Error for PlayError {}

/// What a legal move did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Played {
    /// Enemy stones removed by the move.
    pub captured: Bitboard,
    /// Own stones removed by the move (suicide, only when the rules allow it).
    pub self_captured: Bitboard,
}

/// An exact Go position of side 2..=25.
///
/// Doesn't know the game's history (no superko, no prisoners, no undo: see `game::Game`) and
/// doesn't enforce turn order. Simple ko binds only the colour whose stone was just taken.
#[derive(Clone)]
pub struct Position {
    stones: [Bitboard; 2],
    chain_of: [ChainId; MAX_POINTS],
    chains: Vec<Chain>,
    free_chains: Vec<ChainId>,
    hash: u64,
    size: u8,
    to_move: Color,
    /// The point where `ko_color` may not play this move (simple ko).
    ko: Option<Point>,
    ko_color: Color,
}

// Size-sensitive: copied whenever a `Game` is cloned or replayed; see the module doc.
const _: () = assert!(std::mem::size_of::<Position>() <= 1536);

/// The orthogonal neighbours of a point, computed from its row and column (no table: the shared
/// layout has no padding, so each direction needs one comparison).
#[derive(Clone, Copy)]
struct Neighbors {
    points: [u16; 4],
    n: usize,
}

impl Neighbors {
    #[inline]
    fn of(p: usize, size: usize) -> Neighbors {
        let (col, row) = (p % MAX_SIZE, p / MAX_SIZE);
        let mut points = [0u16; 4];
        let mut n = 0;
        if col > 0 {
            points[n] = (p - 1) as u16;
            n += 1;
        }
        if col + 1 < size {
            points[n] = (p + 1) as u16;
            n += 1;
        }
        if row > 0 {
            points[n] = (p - MAX_SIZE) as u16;
            n += 1;
        }
        if row + 1 < size {
            points[n] = (p + MAX_SIZE) as u16;
            n += 1;
        }
        Neighbors { points, n }
    }

    #[inline]
    fn as_slice(&self) -> &[u16] {
        &self.points[..self.n]
    }
}

/// A set of at most four chain ids (the chains next to one point), without allocation.
#[derive(Clone, Copy)]
struct ChainSet {
    ids: [ChainId; 4],
    n: usize,
}

impl ChainSet {
    const EMPTY: ChainSet = ChainSet {
        ids: [ChainId::NONE; 4],
        n: 0,
    };

    #[inline]
    fn insert(&mut self, id: ChainId) {
        if !self.as_slice().contains(&id) {
            self.ids[self.n] = id;
            self.n += 1;
        }
    }

    #[inline]
    fn as_slice(&self) -> &[ChainId] {
        &self.ids[..self.n]
    }
}

/// What a legal move will do, found before anything changes (so errors change nothing).
struct Effect {
    /// Enemy chains next to the move: each loses the move's point as a liberty.
    enemies: ChainSet,
    /// Enemy chains whose last liberty is the move's point: captured.
    captured: ChainSet,
    /// Own chains next to the move: merged with the new stone.
    friends: ChainSet,
    /// The move's chain has no liberty after captures (only when suicide is allowed).
    suicide: bool,
}

impl Position {
    /// An empty board of side `size` (2..=25), Black to move.
    ///
    /// # Panics
    /// If `size` is outside 2..=25: the caller (GTP `boardsize`, SGF `SZ`) validates sizes.
    pub fn new(size: usize) -> Position {
        assert!(
            (MIN_SIZE..=MAX_SIZE).contains(&size),
            "board size {size} outside {MIN_SIZE}..={MAX_SIZE}"
        );
        Position {
            stones: [Bitboard::EMPTY; 2],
            chain_of: [ChainId::NONE; MAX_POINTS],
            chains: Vec::with_capacity(size * size / 4),
            free_chains: Vec::new(),
            hash: 0,
            size: size as u8,
            to_move: Color::Black,
            ko: None,
            ko_color: Color::Black,
        }
    }

    pub fn size(&self) -> usize {
        self.size as usize
    }

    #[inline]
    pub fn stone_at(&self, p: Point) -> Option<Color> {
        if self.stones[0].contains(p) {
            Some(Color::Black)
        } else if self.stones[1].contains(p) {
            Some(Color::White)
        } else {
            None
        }
    }

    /// All stones of `color`.
    #[inline]
    pub fn stones(&self, color: Color) -> Bitboard {
        self.stones[color.index()]
    }

    /// Empty points of the board.
    #[inline]
    pub fn empty_points(&self) -> Bitboard {
        Bitboard::board_mask(self.size()) - (self.stones[0] | self.stones[1])
    }

    /// The point the side to move may not play on because of simple ko.
    #[inline]
    pub fn ko_point(&self) -> Option<Point> {
        self.ko.filter(|_| self.ko_color == self.to_move)
    }

    pub fn to_move(&self) -> Color {
        self.to_move
    }

    pub fn set_to_move(&mut self, color: Color) {
        self.to_move = color;
    }

    /// Hash of the stones only (positional superko).
    #[inline]
    pub fn position_hash(&self) -> u64 {
        self.hash
    }

    /// Hash of the stones and the side to move (situational superko).
    #[inline]
    pub fn situational_hash(&self) -> u64 {
        situational(self.hash, self.to_move)
    }

    /// The stones of the chain through `p` (empty if `p` is empty).
    pub fn chain(&self, p: Point) -> Bitboard {
        match self.chain_id(p) {
            Some(id) => self.chains[id.idx()].stones,
            None => Bitboard::EMPTY,
        }
    }

    /// The liberties of the chain through `p` (empty if `p` is empty).
    pub fn liberties(&self, p: Point) -> Bitboard {
        match self.chain_id(p) {
            Some(id) => self.chains[id.idx()].liberties,
            None => Bitboard::EMPTY,
        }
    }

    pub fn n_liberties(&self, p: Point) -> usize {
        self.liberties(p).count()
    }

    /// Returns true if and only if `p` holds a stone whose chain has exactly one liberty.
    pub fn in_atari(&self, p: Point) -> bool {
        self.n_liberties(p) == 1
    }

    /// Number of chains on the board.
    pub fn n_chains(&self) -> usize {
        self.chains.len() - self.free_chains.len()
    }

    #[inline]
    fn chain_id(&self, p: Point) -> Option<ChainId> {
        let id = *self.chain_of.get(p.index())?;
        (id != ChainId::NONE).then_some(id)
    }

    /// Checks `color` playing `mv` under simple ko, without changing anything.
    pub fn check(&self, color: Color, mv: Move, allow_suicide: bool) -> Result<(), PlayError> {
        match mv {
            Move::Pass => Ok(()),
            Move::Play(p) => self.effect(color, p, allow_suicide, true).map(|_| ()),
        }
    }

    /// Plays `mv` for `color` if legal under simple ko; on error nothing changes.
    /// Afterwards the opponent of `color` is to move.
    ///
    /// Warm path: once per move of a real game and per candidate in superko checks; allocates
    /// only while the chain table grows.
    pub fn try_play(
        &mut self,
        color: Color,
        mv: Move,
        allow_suicide: bool,
    ) -> Result<Played, PlayError> {
        self.play_with(color, mv, allow_suicide, true)
    }

    /// Plays `mv` for `color` on any empty on-board point, ignoring simple ko and allowing
    /// suicide (which removes the mover's chain). Errors: `OffBoard`, `Occupied`.
    pub fn play_lenient(&mut self, color: Color, mv: Move) -> Result<Played, PlayError> {
        self.play_with(color, mv, true, false)
    }

    fn play_with(
        &mut self,
        color: Color,
        mv: Move,
        allow_suicide: bool,
        check_ko: bool,
    ) -> Result<Played, PlayError> {
        match mv {
            Move::Pass => {
                self.ko = None;
                self.to_move = color.opponent();
                Ok(Played::default())
            }
            Move::Play(p) => {
                let effect = self.effect(color, p, allow_suicide, check_ko)?;
                Ok(self.apply(color, p, &effect))
            }
        }
    }

    /// The position hash after `color` plays `mv` (ignoring simple ko: superko covers it),
    /// without changing anything. Errors as `try_play` gives them, except `Ko`.
    pub fn hash_after(
        &self,
        color: Color,
        mv: Move,
        allow_suicide: bool,
    ) -> Result<u64, PlayError> {
        let p = match mv {
            Move::Pass => return Ok(self.hash),
            Move::Play(p) => p,
        };
        let effect = self.effect(color, p, allow_suicide, false)?;
        let opp = color.opponent();
        let mut hash = self.hash ^ zobrist::stone(color, p);
        for id in effect.captured.as_slice() {
            for s in self.chains[id.idx()].stones {
                hash ^= zobrist::stone(opp, s);
            }
        }
        if effect.suicide {
            hash ^= zobrist::stone(color, p);
            for id in effect.friends.as_slice() {
                for s in self.chains[id.idx()].stones {
                    hash ^= zobrist::stone(color, s);
                }
            }
        }
        Ok(hash)
    }

    /// Finds what `color` playing on `p` would do, or why it is illegal.
    #[inline]
    fn effect(
        &self,
        color: Color,
        p: Point,
        allow_suicide: bool,
        check_ko: bool,
    ) -> Result<Effect, PlayError> {
        let size = self.size();
        if !p.is_on_board(size) {
            return Err(PlayError::OffBoard);
        }
        let pi = p.index();
        if self.chain_of[pi] != ChainId::NONE {
            return Err(PlayError::Occupied);
        }
        if check_ko && self.ko == Some(p) && self.ko_color == color {
            return Err(PlayError::Ko);
        }
        let own = &self.stones[color.index()];
        let mut effect = Effect {
            enemies: ChainSet::EMPTY,
            captured: ChainSet::EMPTY,
            friends: ChainSet::EMPTY,
            suicide: false,
        };
        let mut has_liberty = false;
        for &q in Neighbors::of(pi, size).as_slice() {
            let id = self.chain_of[q as usize];
            if id == ChainId::NONE {
                has_liberty = true;
                continue;
            }
            // `p` is one of this chain's liberties, so "two or more" means "one besides p",
            // and "single" means "p is the last".
            let libs = &self.chains[id.idx()].liberties;
            if own.contains(Point::from_index(q as usize)) {
                effect.friends.insert(id);
                has_liberty = has_liberty || libs.has_two_or_more();
            } else {
                effect.enemies.insert(id);
                if libs.is_single() {
                    effect.captured.insert(id);
                }
            }
        }
        if !has_liberty && effect.captured.n == 0 {
            if !allow_suicide {
                return Err(PlayError::Suicide);
            }
            effect.suicide = true;
        }
        Ok(effect)
    }

    /// Plays a move `effect` found legal.
    fn apply(&mut self, color: Color, p: Point, effect: &Effect) -> Played {
        let size = self.size();
        let opp = color.opponent();
        let pi = p.index();
        self.stones[color.index()].insert(p);
        self.hash ^= zobrist::stone(color, p);
        for id in effect.enemies.as_slice() {
            self.chains[id.idx()].liberties.remove(p);
        }
        let mut empty_neighbors = Bitboard::EMPTY;
        for &q in Neighbors::of(pi, size).as_slice() {
            if self.chain_of[q as usize] == ChainId::NONE {
                empty_neighbors.insert(Point::from_index(q as usize));
            }
        }

        let friends = effect.friends.as_slice();
        let id = if friends.is_empty() {
            self.new_chain(Chain {
                stones: Bitboard::from_point(p),
                liberties: empty_neighbors,
            })
        } else {
            // Merge into the largest chain so that the fewest points change chain id.
            let base = if friends.len() == 1 {
                friends[0]
            } else {
                *friends
                    .iter()
                    .max_by_key(|id| self.chains[id.idx()].stones.count())
                    .unwrap_or(&friends[0])
            };
            for &other in friends.iter().filter(|&&f| f != base) {
                let absorbed = self.chains[other.idx()];
                for s in absorbed.stones {
                    self.chain_of[s.index()] = base;
                }
                let b = &mut self.chains[base.idx()];
                b.stones |= absorbed.stones;
                b.liberties |= absorbed.liberties;
                self.free_chains.push(other);
            }
            let b = &mut self.chains[base.idx()];
            b.stones.insert(p);
            b.liberties |= empty_neighbors;
            b.liberties.remove(p);
            base
        };
        self.chain_of[pi] = id;

        let mut played = Played::default();
        for &c in effect.captured.as_slice() {
            played.captured |= self.remove_chain(c, opp);
        }
        self.ko = None;
        if effect.suicide {
            played.self_captured = self.remove_chain(id, color);
        } else if friends.is_empty()
            && played.captured.is_single()
            && self.chains[id.idx()].liberties.is_single()
        {
            // A lone stone that took a lone stone and now has that point as its only liberty:
            // retaking at once would repeat the position.
            self.ko = played.captured.first();
            self.ko_color = opp;
        }
        self.to_move = opp;
        played
    }

    fn new_chain(&mut self, chain: Chain) -> ChainId {
        match self.free_chains.pop() {
            Some(id) => {
                self.chains[id.idx()] = chain;
                id
            }
            None => {
                self.chains.push(chain);
                ChainId((self.chains.len() - 1) as u16)
            }
        }
    }

    /// Takes chain `id` (of `color`) off the board, gives its points back as liberties to the
    /// chains around it, and returns its stones.
    fn remove_chain(&mut self, id: ChainId, color: Color) -> Bitboard {
        let size = self.size();
        let stones = self.chains[id.idx()].stones;
        self.stones[color.index()] -= stones;
        for s in stones {
            self.chain_of[s.index()] = ChainId::NONE;
            self.hash ^= zobrist::stone(color, s);
        }
        // Every stone still next to a removed one is of the other colour (a same-coloured
        // neighbour would have been part of the removed chain).
        for s in stones {
            for &q in Neighbors::of(s.index(), size).as_slice() {
                let nid = self.chain_of[q as usize];
                if nid != ChainId::NONE {
                    self.chains[nid.idx()].liberties.insert(s);
                }
            }
        }
        self.free_chains.push(id);
        stones
    }

    /// Puts a stone of `color` on the empty point `p` with no capture or ko logic (setup and
    /// handicap stones). The caller keeps the position valid (no chain without liberties).
    /// Clears the simple-ko point; leaves the side to move alone.
    pub fn place_stone(&mut self, color: Color, p: Point) -> Result<(), PlayError> {
        if !p.is_on_board(self.size()) {
            return Err(PlayError::OffBoard);
        }
        if self.chain_of[p.index()] != ChainId::NONE {
            return Err(PlayError::Occupied);
        }
        let own = self.stones[color.index()];
        let mut effect = Effect {
            enemies: ChainSet::EMPTY,
            captured: ChainSet::EMPTY,
            friends: ChainSet::EMPTY,
            suicide: false,
        };
        for &q in Neighbors::of(p.index(), self.size()).as_slice() {
            let id = self.chain_of[q as usize];
            if id == ChainId::NONE {
                continue;
            }
            if own.contains(Point::from_index(q as usize)) {
                effect.friends.insert(id);
            } else {
                effect.enemies.insert(id);
            }
        }
        let to_move = self.to_move;
        self.apply(color, p, &effect);
        self.to_move = to_move;
        self.ko = None;
        Ok(())
    }

    /// Returns true if and only if every chain has at least one liberty (a position reachable
    /// by legal play; a careless `place_stone` can break it).
    pub fn all_chains_have_liberties(&self) -> bool {
        let mut live = vec![true; self.chains.len()];
        for id in &self.free_chains {
            live[id.idx()] = false;
        }
        self.chains
            .iter()
            .zip(live)
            .all(|(c, live)| !live || !c.liberties.is_empty())
    }

    /// The position a diagram draws (see `diagram` for the format; marks are ignored), Black
    /// to move, no ko. `None` if the diagram is malformed, or if a chain has no liberty.
    pub fn from_diagram(diagram: &str) -> Option<Position> {
        let diagram = Diagram::parse(diagram).ok()?;
        let mut position = Position::new(diagram.size);
        for &(color, p) in &diagram.stones {
            position.place_stone(color, p).ok()?;
        }
        position.all_chains_have_liberties().then_some(position)
    }
}

/// The situational hash of a position hash with `to_move` to play.
#[inline]
pub fn situational(position_hash: u64, to_move: Color) -> u64 {
    match to_move {
        Color::Black => position_hash,
        Color::White => position_hash ^ zobrist::WHITE_TO_MOVE,
    }
}

/// Same stones, side to move and ko; chain ids and table slots may differ.
impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.size == other.size
            && self.stones == other.stones
            && self.hash == other.hash
            && self.to_move == other.to_move
            && self.ko == other.ko
            && (self.ko.is_none() || self.ko_color == other.ko_color)
    }
}

impl Eq for Position {}

/// The diagram `from_diagram` reads: rows top-down, `X` black, `O` white, `.` empty.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let size = self.size();
        for row in (0..size).rev() {
            for col in 0..size {
                let c = match self.stone_at(Point::new(col, row)) {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None => '.',
                };
                if col > 0 {
                    f.write_str(" ")?;
                }
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "Position {{ size: {}, to_move: {}, ko: {:?} for {}, hash: {:016x} }}",
            self.size, self.to_move, self.ko, self.ko_color, self.hash
        )?;
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests;
