//! `tengen net-data`: game records → the network's training positions, as two binary files
//! (`train.bin`, `held_out.bin`) that the trainer (`train/train.py`) reads. The planes are
//! computed here, by `planes::encode`, the function inference uses: training and play cannot
//! encode a position differently.
//!
//! One game in `HOLD_OUT` (the same files, in the same sorted order, as `tengen learn` holds
//! out) goes to `held_out.bin`, whole: positions of one game never fall on both sides. The
//! eight symmetries are applied by the trainer (the planes are symmetric by construction).
//!
//! File format, little-endian: a 16-byte header (`MAGIC`, planes: u16, size: u16, record
//! length: u32), then one record per position: the planes as bits (plane-major, row-major,
//! most significant bit first, padded to a byte), the move played (u16: `row * size + col`,
//! `size²` for a pass), the colour that played it (u8: 0 Black, 1 White), one zero byte.
//!
//! Cold path: an offline tool.

use super::planes::{encode, Chains, PLANES};
use crate::game::{Game, Rules};
use crate::geom::{Color, Move, Point};
use crate::mailbox::PlayoutBoard;
use crate::tactics::LadderReader;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

/// One game in this many is held out (as in `tengen learn`).
pub const HOLD_OUT: usize = 10;
/// The first bytes of a data file.
pub const MAGIC: &[u8; 8] = b"TGNDATA1";
/// Records of this board size only.
pub const SIZE: usize = 19;

/// What `tengen net-data` is asked.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// SGF files, or directories searched for `.sgf` files at any depth.
    pub inputs: Vec<PathBuf>,
    /// The directory to write `train.bin` and `held_out.bin` into.
    pub out: PathBuf,
}

/// The bytes of one record on a board of `size`.
pub fn record_len(size: usize) -> usize {
    (PLANES * size * size).div_ceil(8) + 4
}

/// A data file being written.
struct Sink {
    file: BufWriter<File>,
    positions: usize,
    games: usize,
}

impl Sink {
    fn create(path: &Path) -> Result<Sink, String> {
        let file = File::create(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let mut file = BufWriter::new(file);
        let mut header = Vec::with_capacity(16);
        header.extend_from_slice(MAGIC);
        header.extend_from_slice(&(PLANES as u16).to_le_bytes());
        header.extend_from_slice(&(SIZE as u16).to_le_bytes());
        header.extend_from_slice(&(record_len(SIZE) as u32).to_le_bytes());
        file.write_all(&header).map_err(|e| e.to_string())?;
        Ok(Sink {
            file,
            positions: 0,
            games: 0,
        })
    }

    fn write(&mut self, record: &[u8]) -> Result<(), String> {
        self.positions += 1;
        self.file.write_all(record).map_err(|e| e.to_string())
    }
}

/// Packs `planes` (0 or 1 each) and the move into `record`.
fn pack(planes: &[f32], mv: usize, color: Color, record: &mut Vec<u8>) {
    record.clear();
    for chunk in planes.chunks(8) {
        let byte = chunk
            .iter()
            .enumerate()
            .fold(0u8, |b, (i, &x)| b | (u8::from(x != 0.0) << (7 - i)));
        record.push(byte);
    }
    record.extend_from_slice(&(mv as u16).to_le_bytes());
    record.push(color.index() as u8);
    record.push(0);
}

/// The index of a move in the policy: `row * size + col`, `size²` for a pass.
pub fn move_index(mv: Move, size: usize) -> usize {
    match mv {
        Move::Play(p) => p.row() * size + p.col(),
        Move::Pass => size * size,
    }
}

/// Writes the positions of every 19×19 record of `options.inputs`; returns a report.
pub fn run(options: &Options) -> Result<String, String> {
    let files = crate::sgf::files_under(&options.inputs)?;
    std::fs::create_dir_all(&options.out).map_err(|e| e.to_string())?;
    let mut train = Sink::create(&options.out.join("train.bin"))?;
    let mut held_out = Sink::create(&options.out.join("held_out.bin"))?;
    let mut ladders = LadderReader::new();
    let mut skipped = 0;
    for (i, path) in files.iter().enumerate() {
        let sink = if i % HOLD_OUT == HOLD_OUT - 1 {
            &mut held_out
        } else {
            &mut train
        };
        match replay(path, sink, &mut ladders) {
            Ok(true) => sink.games += 1,
            Ok(false) => skipped += 1,
            Err(e) => {
                skipped += 1;
                log::warn!("{}: {e}", path.display());
            }
        }
    }
    for sink in [&mut train, &mut held_out] {
        sink.file.flush().map_err(|e| e.to_string())?;
    }
    Ok(format!(
        "{} training positions of {} games, {} held-out positions of {} games \
         (one game in {HOLD_OUT}); {skipped} records skipped (not 19x19, or unreadable)",
        train.positions, train.games, held_out.positions, held_out.games
    ))
}

/// Adds the positions of one record to `sink`: false if it is not a 19×19 game.
fn replay(path: &Path, sink: &mut Sink, ladders: &mut LadderReader) -> Result<bool, String> {
    let bytes = std::fs::read(path).map_err(|e| e.to_string())?;
    let record = crate::sgf::parse_bytes(&bytes).map_err(|e| e.to_string())?;
    if record.size != SIZE {
        return Ok(false);
    }
    let mut game = Game::new(SIZE, Rules::default());
    for color in Color::BOTH {
        let points = record.setup_points(color);
        if !points.is_empty() {
            game.setup(color, &points)
                .map_err(|e| format!("setup: {e:?}"))?;
        }
    }
    let mut pos = game.position().clone();
    let mut planes = vec![0.0; PLANES * SIZE * SIZE];
    let mut chains = Chains::default();
    let mut bytes = Vec::with_capacity(record_len(SIZE));
    let mut last: [Option<Point>; 2] = [None, None];
    for (n, &(color, mv)) in record.moves.iter().enumerate() {
        pos.set_to_move(color);
        let mut board = PlayoutBoard::from_position(&pos);
        board.set_last_moves(last);
        encode(&board, &mut chains, ladders, &mut planes);
        pack(&planes, move_index(mv, SIZE), color, &mut bytes);
        sink.write(&bytes)?;
        pos.play_lenient(color, mv)
            .map_err(|e| format!("move {}: {mv}: {e:?}", n + 1))?;
        last = [mv.point(), last[0]];
    }
    Ok(true)
}

/// The planes and move index of a record written by `pack`: the inverse, for tests and tools.
pub fn unpack(record: &[u8], size: usize, planes: &mut [f32]) -> usize {
    let bits = PLANES * size * size;
    for (i, x) in planes[..bits].iter_mut().enumerate() {
        *x = f32::from((record[i / 8] >> (7 - i % 8)) & 1);
    }
    let n = record.len();
    usize::from(u16::from_le_bytes([record[n - 4], record[n - 3]]))
}

#[cfg(test)]
mod tests;
