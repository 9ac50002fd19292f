//! An independent reference board, written only for the tests, to check `Position` and `Game`.
//!
//! Deliberately simple and sharing no code with `src/`: stones in a plain `Vec<u8>`, chains and
//! liberties by flood fill, captures by removing chains without liberties, simple ko, suicide,
//! and superko by comparing full board snapshots (never hashes). The one thing it borrows from
//! the crate is the table of Zobrist keys (`tengen::zobrist::stone`), to recompute from scratch
//! the hash that `Position` keeps incrementally. `Color`, `Point`, `PlayError` and `KoRule`
//! appear only at the boundary, to compare verdicts.
//!
//! Semantics, written down once:
//! - Simple ko: after a move that captures exactly one stone with a lone stone that is left with
//!   exactly one liberty, the captured point is the ko point; only the side to move (the
//!   opponent of the capturer) may not play there. Any other move or a pass clears it.
//! - Suicide: when allowed, the chain without liberties after captures is removed; the removed
//!   stones are prisoners of the opponent.
//! - Superko: the position after a move (stones; with the side to move under the situational
//!   rule) may not equal any position of the history. The history holds the starting position
//!   (after setup or handicap) and the position after every move, passes included.
//! - Order of verdicts: off board, occupied, ko, suicide, superko.
//!
//! Depends on: tengen::geom, tengen::zobrist, tengen::board::PlayError, tengen::game::KoRule
//! (boundary types only).

#![allow(dead_code)]

use std::collections::HashMap;
use tengen::board::PlayError;
use tengen::game::KoRule;
use tengen::geom::{Color, Point};

pub const EMPTY: u8 = 0;
pub const BLACK: u8 = 1;
pub const WHITE: u8 = 2;

pub fn stone_of(color: Color) -> u8 {
    match color {
        Color::Black => BLACK,
        Color::White => WHITE,
    }
}

pub fn color_of(stone: u8) -> Option<Color> {
    match stone {
        BLACK => Some(Color::Black),
        WHITE => Some(Color::White),
        _ => None,
    }
}

pub fn other(stone: u8) -> u8 {
    3 - stone
}

/// A board: stones, side to move, ko point and prisoners. Indices are `row * size + col`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefBoard {
    pub size: usize,
    pub cells: Vec<u8>,
    pub to_move: u8,
    pub ko: Option<usize>,
    /// Opponent stones removed, by the colour credited (index 0 Black, 1 White).
    pub prisoners: [usize; 2],
}

/// What a legal move did.
#[derive(Clone, Debug)]
pub struct Outcome {
    pub board: RefBoard,
    pub captured: Vec<usize>,
    pub self_captured: Vec<usize>,
}

impl RefBoard {
    pub fn new(size: usize) -> RefBoard {
        RefBoard {
            size,
            cells: vec![EMPTY; size * size],
            to_move: BLACK,
            ko: None,
            prisoners: [0, 0],
        }
    }

    pub fn index(&self, col: usize, row: usize) -> usize {
        row * self.size + col
    }

    /// The crate's point for an index of this board.
    pub fn point(&self, i: usize) -> Point {
        Point::new(i % self.size, i / self.size)
    }

    /// This board's index of a crate point (None off this board).
    pub fn index_of(&self, p: Point) -> Option<usize> {
        (p.col() < self.size && p.row() < self.size).then(|| self.index(p.col(), p.row()))
    }

    pub fn neighbors(&self, i: usize) -> impl Iterator<Item = usize> {
        let (col, row, n) = (i % self.size, i / self.size, self.size);
        [
            (col > 0).then(|| i - 1),
            (col + 1 < n).then(|| i + 1),
            (row > 0).then(|| i - n),
            (row + 1 < n).then(|| i + n),
        ]
        .into_iter()
        .flatten()
    }

    /// The stones and liberties of the chain through the stone on `i`, by flood fill.
    pub fn chain(&self, i: usize) -> (Vec<usize>, Vec<usize>) {
        let color = self.cells[i];
        assert_ne!(color, EMPTY);
        let mut seen = vec![false; self.cells.len()];
        let mut stones = vec![i];
        let mut libs = Vec::new();
        seen[i] = true;
        let mut k = 0;
        while k < stones.len() {
            let s = stones[k];
            k += 1;
            for n in self.neighbors(s) {
                if seen[n] {
                    continue;
                }
                if self.cells[n] == color {
                    seen[n] = true;
                    stones.push(n);
                } else if self.cells[n] == EMPTY {
                    seen[n] = true;
                    libs.push(n);
                }
            }
        }
        (stones, libs)
    }

    pub fn count(&self, stone: u8) -> usize {
        self.cells.iter().filter(|&&c| c == stone).count()
    }

    /// `color` plays at `at` (None: pass) under simple ko, by simulation on a copy.
    pub fn play(
        &self,
        color: u8,
        at: Option<usize>,
        suicide_allowed: bool,
    ) -> Result<Outcome, PlayError> {
        let mut next = self.clone();
        next.to_move = other(color);
        next.ko = None;
        let Some(i) = at else {
            return Ok(Outcome {
                board: next,
                captured: Vec::new(),
                self_captured: Vec::new(),
            });
        };
        if self.cells[i] != EMPTY {
            return Err(PlayError::Occupied);
        }
        if color == self.to_move && self.ko == Some(i) {
            return Err(PlayError::Ko);
        }
        next.cells[i] = color;
        let mut captured = Vec::new();
        for n in self.neighbors(i) {
            if next.cells[n] == other(color) {
                let (stones, libs) = next.chain(n);
                if libs.is_empty() {
                    for s in stones {
                        next.cells[s] = EMPTY;
                        captured.push(s);
                    }
                }
            }
        }
        let (own, own_libs) = next.chain(i);
        let mut self_captured = Vec::new();
        if own_libs.is_empty() {
            if !suicide_allowed {
                return Err(PlayError::Suicide);
            }
            for s in own {
                next.cells[s] = EMPTY;
                self_captured.push(s);
            }
        } else if captured.len() == 1 && own.len() == 1 && own_libs.len() == 1 {
            next.ko = Some(captured[0]);
        }
        let me = (color - 1) as usize;
        next.prisoners[me] += captured.len();
        next.prisoners[1 - me] += self_captured.len();
        captured.sort_unstable();
        self_captured.sort_unstable();
        Ok(Outcome {
            board: next,
            captured,
            self_captured,
        })
    }

    /// The Zobrist hash of the stones, recomputed from scratch with the crate's keys.
    pub fn zobrist(&self) -> u64 {
        let mut h = 0;
        for (i, &c) in self.cells.iter().enumerate() {
            if let Some(color) = color_of(c) {
                h ^= tengen::zobrist::stone(color, self.point(i));
            }
        }
        h
    }

    /// Returns true if and only if every chain has a liberty.
    pub fn is_valid(&self) -> bool {
        (0..self.cells.len()).all(|i| self.cells[i] == EMPTY || !self.chain(i).1.is_empty())
    }

    /// A picture for failure messages, top row first.
    pub fn picture(&self) -> String {
        let mut s = String::new();
        for row in (0..self.size).rev() {
            for col in 0..self.size {
                let i = self.index(col, row);
                s.push(match self.cells[i] {
                    BLACK => 'X',
                    WHITE => 'O',
                    _ if self.ko == Some(i) => '@',
                    _ => '.',
                });
                s.push(' ');
            }
            s.push_str(&format!("{}\n", row + 1));
        }
        s
    }
}

/// Chain labels of a board, to judge the legality of every empty point without simulating
/// each move: a move captures the enemy chains next to it that have one liberty, and is suicide
/// when it captures nothing, has no empty neighbour and every own chain next to it has one
/// liberty. `RefGame::check` simulates instead; the differential test compares both.
pub struct Analysis {
    label: Vec<usize>,
    libs: Vec<usize>,
    sizes: Vec<usize>,
    /// Black and White stones on the board.
    counts: (usize, usize),
}

const NO_CHAIN: usize = usize::MAX;

impl Analysis {
    pub fn new(board: &RefBoard) -> Analysis {
        let mut label = vec![NO_CHAIN; board.cells.len()];
        let (mut libs, mut sizes) = (Vec::new(), Vec::new());
        for i in 0..board.cells.len() {
            if board.cells[i] != EMPTY && label[i] == NO_CHAIN {
                let (stones, l) = board.chain(i);
                for &s in &stones {
                    label[s] = libs.len();
                }
                libs.push(l.len());
                sizes.push(stones.len());
            }
        }
        Analysis {
            label,
            libs,
            sizes,
            counts: (board.count(BLACK), board.count(WHITE)),
        }
    }

    pub fn n_liberties(&self, i: usize) -> usize {
        self.libs[self.label[i]]
    }

    pub fn chain_size(&self, i: usize) -> usize {
        self.sizes[self.label[i]]
    }
}

/// A snapshot of the history: the stones and the side to move after a move.
#[derive(Clone, Debug)]
struct Snapshot {
    cells: Vec<u8>,
    to_move: u8,
}

/// Stone counts of a position, a necessary condition for two positions to be equal (not a hash:
/// snapshots are still compared in full).
type Counts = (usize, usize);

/// A game: a board, its rules, the history of positions and an undo stack.
#[derive(Clone, Debug)]
pub struct RefGame {
    pub board: RefBoard,
    pub ko_rule: KoRule,
    pub suicide_allowed: bool,
    history: Vec<Snapshot>,
    /// How many snapshots of the history have these stone counts and side to move.
    counts: HashMap<(Counts, u8), usize>,
    undo: Vec<RefBoard>,
    pub moves: Vec<(u8, Option<usize>)>,
}

impl RefGame {
    pub fn new(size: usize, ko_rule: KoRule, suicide_allowed: bool) -> RefGame {
        let mut game = RefGame {
            board: RefBoard::new(size),
            ko_rule,
            suicide_allowed,
            history: Vec::new(),
            counts: HashMap::new(),
            undo: Vec::new(),
            moves: Vec::new(),
        };
        game.remember();
        game
    }

    fn counts_of(cells: &[u8]) -> Counts {
        let nb = cells.iter().filter(|&&c| c == BLACK).count();
        let nw = cells.iter().filter(|&&c| c == WHITE).count();
        (nb, nw)
    }

    fn remember(&mut self) {
        let key = (Self::counts_of(&self.board.cells), self.board.to_move);
        *self.counts.entry(key).or_insert(0) += 1;
        self.history.push(Snapshot {
            cells: self.board.cells.clone(),
            to_move: self.board.to_move,
        });
    }

    /// Replaces the starting position (setup stones or handicap) before any move: the history
    /// restarts from it.
    pub fn set_start(&mut self, board: RefBoard) {
        assert!(self.moves.is_empty());
        self.board = board;
        self.history.clear();
        self.counts.clear();
        self.remember();
    }

    /// Returns true if and only if `board` repeats a position of the history under the ko rule.
    fn repeats(&self, board: &RefBoard) -> bool {
        let counts = Self::counts_of(&board.cells);
        match self.ko_rule {
            KoRule::Simple => false,
            KoRule::Positional => {
                let known = |tm| self.counts.get(&(counts, tm)).copied().unwrap_or(0) > 0;
                (known(BLACK) || known(WHITE))
                    && self.history.iter().any(|s| s.cells == board.cells)
            }
            KoRule::Situational => {
                self.counts
                    .get(&(counts, board.to_move))
                    .copied()
                    .unwrap_or(0)
                    > 0
                    && self
                        .history
                        .iter()
                        .any(|s| s.to_move == board.to_move && s.cells == board.cells)
            }
        }
    }

    /// `color` plays at `at` (None: pass) under the full rules, by simulation; nothing changes.
    pub fn check(&self, color: u8, at: Option<usize>) -> Result<Outcome, PlayError> {
        let outcome = self.board.play(color, at, self.suicide_allowed)?;
        if at.is_some() && self.repeats(&outcome.board) {
            return Err(PlayError::Superko);
        }
        Ok(outcome)
    }

    /// The same verdict as `check`, for an empty point, from chain labels: simulates only when
    /// the stone counts after the move match a position of the history.
    pub fn fast_check(&self, analysis: &Analysis, color: u8, i: usize) -> Result<(), PlayError> {
        let b = &self.board;
        if b.cells[i] != EMPTY {
            return Err(PlayError::Occupied);
        }
        if color == b.to_move && b.ko == Some(i) {
            return Err(PlayError::Ko);
        }
        // The distinct chains next to the move: at most four of each kind.
        let (mut captured_chains, mut n_cap) = ([0usize; 4], 0);
        let (mut own_chains, mut n_own) = ([0usize; 4], 0);
        let mut has_liberty = false;
        for n in b.neighbors(i) {
            let c = b.cells[n];
            if c == EMPTY {
                has_liberty = true;
                continue;
            }
            let label = analysis.label[n];
            if c == color {
                if analysis.libs[label] > 1 {
                    has_liberty = true;
                }
                if !own_chains[..n_own].contains(&label) {
                    own_chains[n_own] = label;
                    n_own += 1;
                }
            } else if analysis.libs[label] == 1 && !captured_chains[..n_cap].contains(&label) {
                captured_chains[n_cap] = label;
                n_cap += 1;
            }
        }
        let (captured_chains, own_chains) = (&captured_chains[..n_cap], &own_chains[..n_own]);
        let n_captured: usize = captured_chains.iter().map(|&l| analysis.sizes[l]).sum();
        let suicide = n_captured == 0 && !has_liberty;
        if suicide && !self.suicide_allowed {
            return Err(PlayError::Suicide);
        }
        if self.ko_rule == KoRule::Simple {
            return Ok(());
        }
        let (mut nb, mut nw) = analysis.counts;
        let own = if color == BLACK { &mut nb } else { &mut nw };
        *own += 1;
        if suicide {
            *own -= 1 + own_chains.iter().map(|&l| analysis.sizes[l]).sum::<usize>();
        } else if color == BLACK {
            nw -= n_captured;
        } else {
            nb -= n_captured;
        }
        let to_move = other(color);
        let maybe = match self.ko_rule {
            KoRule::Simple => false,
            KoRule::Positional => [BLACK, WHITE]
                .iter()
                .any(|&tm| self.counts.get(&((nb, nw), tm)).copied().unwrap_or(0) > 0),
            KoRule::Situational => self.counts.get(&((nb, nw), to_move)).copied().unwrap_or(0) > 0,
        };
        if maybe {
            self.check(color, Some(i)).map(|_| ())
        } else {
            Ok(())
        }
    }

    /// Plays a legal move (panics on an illegal one: check first).
    pub fn play(&mut self, color: u8, at: Option<usize>) -> Outcome {
        let outcome = self.check(color, at).expect("reference: legal move");
        self.undo.push(self.board.clone());
        self.board = outcome.board.clone();
        self.moves.push((color, at));
        self.remember();
        outcome
    }

    /// Plays `color` at `at` on any empty point, ignoring ko and superko and allowing suicide
    /// (the lenient play of server bridges). Errors: `Occupied`.
    pub fn play_lenient(&mut self, color: u8, at: Option<usize>) -> Result<Outcome, PlayError> {
        let mut unbound = self.board.clone();
        unbound.ko = None;
        let outcome = unbound.play(color, at, true)?;
        self.undo.push(self.board.clone());
        self.board = outcome.board.clone();
        self.moves.push((color, at));
        self.remember();
        Ok(outcome)
    }

    /// Takes back the last move; false if there is none.
    pub fn undo(&mut self) -> bool {
        let Some(before) = self.undo.pop() else {
            return false;
        };
        let last = self.history.pop().expect("history follows moves");
        let key = (Self::counts_of(&last.cells), last.to_move);
        let n = self.counts.get_mut(&key).expect("counted");
        *n -= 1;
        self.board = before;
        self.moves.pop();
        true
    }
}
