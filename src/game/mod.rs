//! `Game`: a `Position` plus its record: moves, earlier hashes (superko), prisoners, undo.
//!
//! **Invariants:** `position` is always `start` with `moves` replayed leniently (that is how
//! `undo` restores everything exactly: stones, hash, ko point, prisoners, side to move and the
//! superko history); `history[i]` holds the hashes of the position after `i` moves, so it has
//! `moves.len() + 1` entries; the two hash sets hold exactly the hashes of `history`.
//!
//! Layout: two `Position`s (current and start, 1,480 bytes each), the rules, the record and the
//! superko history: `size_of::<Game>()` is 3,104 bytes on 64-bit targets, plus heap (chain
//! tables, 16 bytes of moves and 16 of hashes per move, two hash sets).
//!
//! Depends on: board, geom.

pub mod handicap;
pub mod record;
pub mod rules;

pub use rules::{KoRule, RuleSet, Rules, Scoring};

use crate::board::{situational, PlayError, Played, Position};
use crate::geom::{Color, Move, Point};
use fxhash::FxHashSet;

/// The largest komi, either way: beyond a board's worth of points a komi means nothing, and
/// a bound keeps every count finite. `komi` and a file's `KM` are clamped to it.
pub const MAX_KOMI: f32 = 10_000.0;

/// A game in progress: the position, how it came about, and the rules it is played under.
///
/// Doesn't enforce turn order (GTP `play` may name either colour) and never searches; komi is
/// kept here rather than in `Rules` because a controller may set it on its own.
#[derive(Clone, Debug)]
pub struct Game {
    position: Position,
    /// The position after setup and handicap stones, before the first move: undo replays from it.
    start: Position,
    rules: Rules,
    komi: f32,
    handicap: usize,
    moves: Vec<(Color, Move)>,
    /// Captured enemy stones, per colour index (self-captured stones count for the opponent).
    prisoners: [usize; 2],
    /// (position hash, situational hash) after 0, 1, … moves.
    history: Vec<(u64, u64)>,
    seen_positions: FxHashSet<u64>,
    seen_situations: FxHashSet<u64>,
}

/// Why `undo` refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CannotUndo;

impl std::fmt::Display for CannotUndo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("cannot undo")
    }
}

impl std::error::Error for CannotUndo {}

impl Game {
    /// An empty board of side `size`, Black to move, no handicap, komi 7.5 (the default
    /// Chinese rules' komi, whatever `rules` says: see `set_komi`).
    ///
    /// # Panics
    /// If `size` is outside 2..=25 (see `Position::new`).
    pub fn new(size: usize, rules: Rules) -> Game {
        let position = Position::new(size);
        let mut game = Game {
            start: position.clone(),
            position,
            rules,
            komi: RuleSet::Chinese.default_komi(),
            handicap: 0,
            moves: Vec::new(),
            prisoners: [0; 2],
            history: Vec::new(),
            seen_positions: FxHashSet::default(),
            seen_situations: FxHashSet::default(),
        };
        game.clear_record();
        game
    }

    /// A game whose start position is a diagram (`board::diagram`: rows top-down, `X` Black,
    /// `O` White, `.` empty; marks ignored) set up as stones, Black to move, no moves played.
    /// `None` if the diagram is malformed or draws a chain without liberties.
    pub fn from_diagram(diagram: &str, rules: Rules) -> Option<Game> {
        let position = Position::from_diagram(diagram)?;
        let mut game = Game::new(position.size(), rules);
        for color in Color::BOTH {
            let stones: Vec<Point> = position.stones(color).iter().collect();
            if !stones.is_empty() {
                game.setup(color, &stones).ok()?;
            }
        }
        Some(game)
    }

    pub fn position(&self) -> &Position {
        &self.position
    }
    pub fn size(&self) -> usize {
        self.position.size()
    }
    pub fn rules(&self) -> &Rules {
        &self.rules
    }
    /// Changes the rules (komi is not part of `Rules`, see `komi`).
    pub fn set_rules(&mut self, rules: Rules) {
        self.rules = rules;
    }
    pub fn komi(&self) -> f32 {
        self.komi
    }
    /// Sets the komi, clamped into ±`MAX_KOMI` (NaN: 0), so that every count stays finite
    /// whatever a command or a file said (`KM[1e308]` once made `final_score` answer `W+inf`).
    pub fn set_komi(&mut self, komi: f32) {
        self.komi = if komi.is_nan() {
            0.0
        } else {
            komi.clamp(-MAX_KOMI, MAX_KOMI)
        };
    }
    pub fn to_move(&self) -> Color {
        self.position.to_move()
    }

    /// Checks `color` playing `mv` under the full rules (suicide, ko rule with superko).
    pub fn check(&self, color: Color, mv: Move) -> Result<(), PlayError> {
        self.position.check(color, mv, self.rules.suicide_allowed)?;
        if self.is_superko(color, mv) {
            return Err(PlayError::Superko);
        }
        Ok(())
    }

    /// Plays `mv` for `color` under the full rules; on error nothing changes.
    pub fn try_play(&mut self, color: Color, mv: Move) -> Result<(), PlayError> {
        self.check(color, mv)?;
        let played = self
            .position
            .try_play(color, mv, self.rules.suicide_allowed)?;
        self.record(color, mv, &played);
        Ok(())
    }

    /// Plays `mv` for `color` on any empty point, ignoring ko and superko and allowing suicide
    /// (the lenient `play` of server bridges whose referee may use other rules).
    pub fn play_lenient(&mut self, color: Color, mv: Move) -> Result<(), PlayError> {
        let played = self.position.play_lenient(color, mv)?;
        self.record(color, mv, &played);
        Ok(())
    }

    fn record(&mut self, color: Color, mv: Move, played: &Played) {
        self.moves.push((color, mv));
        self.prisoners[color.index()] += played.captured.count();
        self.prisoners[color.opponent().index()] += played.self_captured.count();
        self.push_history();
    }

    fn push_history(&mut self) {
        let (pos, sit) = (
            self.position.position_hash(),
            self.position.situational_hash(),
        );
        self.history.push((pos, sit));
        self.seen_positions.insert(pos);
        self.seen_situations.insert(sit);
    }

    /// Forgets every move, prisoner and earlier position (not the start position).
    fn clear_record(&mut self) {
        self.moves.clear();
        self.prisoners = [0; 2];
        self.history.clear();
        self.seen_positions.clear();
        self.seen_situations.clear();
        self.push_history();
    }

    /// Takes back the last move, restoring stones, hash, ko point, prisoners and side to move.
    ///
    /// Replays the record from the start position: O(moves), about a microsecond per move,
    /// and exact by construction (nothing to forget to restore).
    pub fn undo(&mut self) -> Result<(), CannotUndo> {
        let mut moves = std::mem::take(&mut self.moves);
        moves.pop().ok_or(CannotUndo)?;
        self.position = self.start.clone();
        self.clear_record();
        for (color, mv) in moves {
            // Every recorded move was legal at least leniently from the same position.
            let played = self
                .position
                .play_lenient(color, mv)
                .expect("a recorded move replays");
            self.record(color, mv, &played);
        }
        Ok(())
    }

    /// The moves played since the setup, in order.
    pub fn moves(&self) -> &[(Color, Move)] {
        &self.moves
    }

    /// The last move played, if any.
    pub fn last_move(&self) -> Option<(Color, Move)> {
        self.moves.last().copied()
    }

    /// The position before the first move (setup and handicap stones only).
    pub fn start_position(&self) -> &Position {
        &self.start
    }

    /// Stones of the opponent that `color` has captured during the game.
    pub fn prisoners(&self, color: Color) -> usize {
        self.prisoners[color.index()]
    }

    /// Number of handicap stones placed with `set_handicap`.
    pub fn handicap(&self) -> usize {
        self.handicap
    }

    /// Places handicap stones for Black on an empty board with no moves; White is then to move.
    ///
    /// Errors, with nothing changed: `Occupied` if the board has stones or moves were played, or
    /// a point repeats; `OffBoard`; `Suicide` if the stones would leave a chain without a
    /// liberty (a full tiny board). An empty list changes nothing.
    pub fn set_handicap(&mut self, points: &[Point]) -> Result<(), PlayError> {
        if !self.moves.is_empty() || self.position.empty_points().count() != self.size().pow(2) {
            return Err(PlayError::Occupied);
        }
        if points.is_empty() {
            return Ok(());
        }
        let mut position = self.placed(Color::Black, points)?;
        position.set_to_move(Color::White);
        self.position = position;
        self.handicap = points.len();
        self.start = self.position.clone();
        self.clear_record();
        Ok(())
    }

    /// Adds setup stones (SGF AB/AW) before any move has been played.
    ///
    /// Errors, with nothing changed: `Occupied` if a point is taken or repeats, or if moves were
    /// played already; `OffBoard`; `Suicide` if some chain would be left without a liberty.
    pub fn setup(&mut self, color: Color, points: &[Point]) -> Result<(), PlayError> {
        if !self.moves.is_empty() {
            return Err(PlayError::Occupied);
        }
        self.position = self.placed(color, points)?;
        self.start = self.position.clone();
        self.clear_record();
        Ok(())
    }

    /// Sets the side to move of the start position (SGF `PL`), before any move has been played;
    /// `Err(Occupied)` afterwards, as for `setup`.
    pub fn set_to_move(&mut self, color: Color) -> Result<(), PlayError> {
        if !self.moves.is_empty() {
            return Err(PlayError::Occupied);
        }
        self.position.set_to_move(color);
        self.start = self.position.clone();
        self.clear_record();
        Ok(())
    }

    /// The current position with `points` added for `color`, if that leaves a valid position.
    fn placed(&self, color: Color, points: &[Point]) -> Result<Position, PlayError> {
        let mut position = self.position.clone();
        for &p in points {
            position.place_stone(color, p)?;
        }
        if !position.all_chains_have_liberties() {
            return Err(PlayError::Suicide);
        }
        Ok(position)
    }

    /// Returns true if and only if the last two moves were passes.
    pub fn is_over(&self) -> bool {
        matches!(
            self.moves.as_slice(),
            [.., (_, Move::Pass), (_, Move::Pass)]
        )
    }

    /// Returns true if and only if the position after `color` plays `mv` repeats an earlier one
    /// under the game's ko rule (always false under `KoRule::Simple`, for passes, and for moves
    /// illegal for another reason).
    pub fn is_superko(&self, color: Color, mv: Move) -> bool {
        if mv == Move::Pass || self.rules.ko == KoRule::Simple {
            return false;
        }
        let Ok(hash) = self
            .position
            .hash_after(color, mv, self.rules.suicide_allowed)
        else {
            return false;
        };
        self.is_repetition(hash, color.opponent())
    }

    /// The number of moves after which the game stood in the position that `color` playing
    /// `mv` would repeat under its ko rule (0: the start position), the latest if there are
    /// several; None when the move repeats nothing (see `is_superko`). For the reason GTP
    /// gives when it refuses a move.
    pub fn repeated_move(&self, color: Color, mv: Move) -> Option<usize> {
        if !self.is_superko(color, mv) {
            return None;
        }
        let hash = self
            .position
            .hash_after(color, mv, self.rules.suicide_allowed)
            .ok()?;
        let wanted = situational(hash, color.opponent());
        self.history
            .iter()
            .rposition(|&(h, s)| match self.rules.ko {
                KoRule::Situational => s == wanted,
                _ => h == hash,
            })
    }

    /// Returns true if and only if a position with stones hashing to `position_hash` and
    /// `to_move` to play would repeat one of this game under its ko rule: the same stones
    /// (positional), the same stones and side to move (situational), never under simple ko.
    /// For the search, which hashes positions of its own below the root.
    pub fn is_repetition(&self, position_hash: u64, to_move: Color) -> bool {
        match self.rules.ko {
            KoRule::Simple => false,
            KoRule::Positional => self.seen_positions.contains(&position_hash),
            KoRule::Situational => self
                .seen_situations
                .contains(&situational(position_hash, to_move)),
        }
    }

    /// Every move `color` may play now under the full rules, passes excluded, in point order.
    /// Cold path (GTP, root of the search): one legality and superko check per empty point.
    pub fn legal_moves(&self, color: Color) -> Vec<Point> {
        self.position
            .empty_points()
            .iter()
            .filter(|&p| self.check(color, Move::Play(p)).is_ok())
            .collect()
    }
}

#[cfg(test)]
mod tests;
