//! One SGF file per game: `GameRecord` → `sgf::SgfGame` → text → `DIR/game-NNNN.sgf`.
//!
//! Depends on: sgf, geom.

use super::config::Config;
use super::play::{self, GameRecord};
use crate::geom::Color;
use crate::sgf::{self, SgfGame};
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// The SGF view of a finished game.
pub fn sgf_game(config: &Config, record: &GameRecord) -> SgfGame {
    let black = record.engine_of(Color::Black);
    SgfGame {
        size: config.size,
        komi: Some(config.komi),
        rules: Some("Chinese".to_string()),
        handicap: config.handicap,
        setup: play::handicap_points(config)
            .into_iter()
            .map(|p| (Color::Black, p))
            .collect(),
        to_play: None,
        moves: record.moves.clone(),
        result: Some(record.result.to_string()),
        black_name: Some(record.names[black].clone()),
        white_name: Some(record.names[1 - black].clone()),
        date: today(),
    }
}

/// The file name of game `number`.
pub fn file_name(number: usize) -> String {
    format!("game-{number:04}.sgf")
}

/// Writes the game's SGF file into `dir` (created if missing) and returns its path.
pub fn save(dir: &Path, config: &Config, record: &GameRecord) -> io::Result<PathBuf> {
    fs::create_dir_all(dir)?;
    let path = dir.join(file_name(record.number));
    fs::write(&path, sgf::write(&sgf_game(config, record)))?;
    Ok(path)
}

/// Today's date in SGF DT form (`2024-05-01`, UTC), from the system clock.
pub fn today() -> Option<String> {
    let secs = SystemTime::now().duration_since(UNIX_EPOCH).ok()?.as_secs();
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    Some(format!("{y:04}-{m:02}-{d:02}"))
}

/// The proleptic Gregorian date `days` after 1970-01-01 (H. Hinnant's `civil_from_days`).
pub fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}
