//! The session's terms and its SGF: `Terms`, the one owner of the ruleset and komi, and
//! `Session`, the state a command may change (`Engine` holds it; `snapshot` copies it);
//! `komi`, `kgs-rules`, `loadsgf` and `printsgf` (`Engine::sgf`), which change or write them.

use super::engine::{Engine, LoadError};
use crate::game::{Game, RuleSet, MAX_KOMI};
use crate::geom::{Color, MAX_SIZE, MIN_SIZE};
use crate::sgf::{self, SgfGame};
use crate::time::{Clock, TimeControl};
use std::io::Read;
use std::path::Path;

/// The terms of the session's games: the ruleset and the komi, as the command line and the
/// controller chose them. The one owner of both: `Game` holds the rules and komi in force,
/// written only by `apply`, so the two can never disagree.
#[derive(Debug, Clone, Copy)]
pub(super) struct Terms {
    pub(super) rules: RuleSet,
    /// Set by `kgs-rules` or `--rules`: a file's `RU` no longer applies (as a komi once set).
    pub(super) rules_chosen: bool,
    /// Set by `komi`, `--komi` or a file's `KM`; `None` means the ruleset's default.
    pub(super) komi: Option<f32>,
}

impl Terms {
    /// The komi in force: the one set, else the ruleset's default.
    fn komi(&self) -> f32 {
        self.komi.unwrap_or_else(|| self.rules.default_komi())
    }

    /// Gives `game` these rules and this komi.
    pub(super) fn apply(&self, game: &mut Game) {
        game.set_rules(self.rules.rules());
        game.set_komi(self.komi());
    }
}

/// The state a command may change, all of it `Clone` so that a failed command can be undone.
#[derive(Debug, Clone)]
pub(super) struct Session {
    pub(super) game: Game,
    pub(super) terms: Terms,
    pub(super) time_control: TimeControl,
    pub(super) clocks: [Clock; 2],
}

impl Session {
    /// An empty board of side `size` under the current terms and time control.
    pub(super) fn new_game(&mut self, size: usize) {
        let mut game = Game::new(size, self.terms.rules.rules());
        self.terms.apply(&mut game);
        self.game = game;
        // Fresh clocks that keep what they learnt of the overhead (`Clock::reset`).
        for clock in &mut self.clocks {
            clock.set_control(self.time_control);
            clock.reset();
        }
    }
}

impl Engine {
    pub fn komi(&mut self, komi: f32) {
        self.session.terms.komi = Some(komi);
        self.session.terms.apply(&mut self.session.game);
    }

    /// `kgs-rules` / `--rules`: ko rule, suicide, counting and handicap compensation; the
    /// default komi too, unless a komi was set.
    pub fn set_rules(&mut self, rules: RuleSet) {
        self.session.terms.rules = rules;
        self.session.terms.rules_chosen = true;
        self.session.terms.apply(&mut self.session.game);
    }

    pub fn rules(&self) -> RuleSet {
        self.session.terms.rules
    }

    // ----- files -----

    /// `loadsgf FILE [N]`: the position before move N of the file's main line (all of it
    /// without N). The file's komi (`KM`) replaces ours, as GNU Go's `loadsgf` does; its rules
    /// (`RU`) apply only when the controller chose none (`kgs-rules`, `--rules`): a chosen
    /// ruleset survives `loadsgf` (issue #8). The game is built
    /// aside and swapped in only on success; returns the colour to move.
    pub fn loadsgf(&mut self, path: &Path, move_number: Option<usize>) -> Result<Color, LoadError> {
        let bytes = read_capped(path, sgf::MAX_TEXT_BYTES as u64).map_err(|e| {
            log::warn!("loadsgf {}: {e}", path.display());
            LoadError
        })?;
        self.loadsgf_bytes(&bytes, move_number).map_err(|e| {
            log::warn!("loadsgf {}: {e}", path.display());
            LoadError
        })
    }

    /// `loadsgf` from the file's bytes: the SGF reader and the game built from it (also the
    /// SGF fuzz target's entry point). On error nothing changes.
    pub fn loadsgf_bytes(
        &mut self,
        bytes: &[u8],
        move_number: Option<usize>,
    ) -> Result<Color, String> {
        let record = sgf::parse_bytes(bytes).map_err(|e| e.to_string())?;
        self.session = self.session_from_sgf(&record, move_number)?;
        Ok(self.session.game.to_move())
    }

    fn session_from_sgf(
        &self,
        record: &SgfGame,
        move_number: Option<usize>,
    ) -> Result<Session, String> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&record.size) {
            return Err(format!("board size {} not supported", record.size));
        }
        let mut session = self.session.clone();
        if let Some(rules) = record
            .rules
            .as_deref()
            .and_then(|r| r.parse::<RuleSet>().ok())
            .filter(|_| !session.terms.rules_chosen)
        {
            session.terms.rules = rules;
        }
        if let Some(komi) = record.komi {
            // Checked as the `komi` command checks it (the SGF reader keeps finite values only).
            session.terms.komi = Some(komi.clamp(-MAX_KOMI, MAX_KOMI));
        }
        session.new_game(record.size);
        let game = &mut session.game;
        crate::game::record::place_setup(game, record)?;
        let n_moves = move_number.map_or(record.moves.len(), |n| n.saturating_sub(1));
        for (i, &(color, mv)) in record.moves.iter().take(n_moves).enumerate() {
            // The record was played under its own rules: a superko or suicide our rules forbid
            // is still what happened.
            if game.try_play(color, mv).is_err() {
                game.play_lenient(color, mv)
                    .map_err(|e| format!("move {} ({color} {mv}): {e}", i + 1))?;
            }
        }
        Ok(session)
    }

    /// The current game as SGF text.
    pub fn sgf(&self) -> String {
        let game = &self.session.game;
        let record = SgfGame {
            size: game.size(),
            komi: Some(game.komi()),
            rules: Some(sgf_rules_name(self.session.terms.rules).to_string()),
            handicap: game.handicap(),
            setup: Color::BOTH
                .iter()
                .flat_map(|&c| game.start_position().stones(c).iter().map(move |p| (c, p)))
                .collect(),
            moves: game.moves().to_vec(),
            // The side to move at the start whenever a reader could guess it wrong (after
            // setup or handicap stones, or a `PL`): a game it loads back is the same game.
            to_play: Some(game.start_position().to_move()).filter(|&c| {
                c != Color::Black
                    || !game.start_position().stones(Color::Black).is_empty()
                    || !game.start_position().stones(Color::White).is_empty()
            }),
            ..SgfGame::default()
        };
        sgf::write(&record)
    }
}

/// The SGF `RU` name of a ruleset, which `RuleSet::from_str` reads back.
pub(super) fn sgf_rules_name(rules: RuleSet) -> &'static str {
    match rules {
        RuleSet::Chinese => "Chinese",
        RuleSet::Japanese => "Japanese",
        RuleSet::Aga => "AGA",
        RuleSet::NewZealand => "NZ",
        RuleSet::TrompTaylor => "Tromp-Taylor",
    }
}

/// Reads a file of at most `cap` bytes; longer files are an error, not a long read.
/// Only regular files: `/dev/stdin` or a FIFO would read the engine's own GTP input (or
/// block) and swallow the commands that follow.
fn read_capped(path: &Path, cap: u64) -> Result<Vec<u8>, String> {
    // Looked at before opening: opening a FIFO with no writer would block.
    if !std::fs::metadata(path)
        .map_err(|e| e.to_string())?
        .is_file()
    {
        return Err("not a regular file".to_string());
    }
    let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    let mut bytes = Vec::new();
    file.take(cap + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| e.to_string())?;
    if bytes.len() as u64 > cap {
        return Err(format!("larger than {cap} bytes"));
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sgf_rules_names_read_back() {
        for rules in RuleSet::ALL {
            assert_eq!(sgf_rules_name(rules).parse::<RuleSet>(), Ok(rules));
        }
    }

    #[test]
    fn only_regular_files_are_read() {
        let dir = std::env::temp_dir().join(format!("tengen-dir-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        assert!(read_capped(&dir, 1000).is_err());
        assert!(read_capped(Path::new("/dev/null"), 1000).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn oversized_files_are_refused() {
        let dir = std::env::temp_dir().join(format!("tengen-gtp-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("big.sgf");
        std::fs::write(&path, vec![b'x'; 2000]).unwrap();
        assert!(read_capped(&path, 1000).is_err());
        assert_eq!(read_capped(&path, 2000).unwrap().len(), 2000);
        assert!(read_capped(&dir.join("missing.sgf"), 1000).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
