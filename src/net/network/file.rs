//! The network file: its format, and `Network::from_bytes`, which checks all of it.
//!
//! Version 2 (`train/netfile.py` writes it), little-endian:
//!
//! | offset | what |
//! |---|---|
//! | 0 | `MAGIC`, `TGNNET02` |
//! | 8 | planes, blocks, channels (u32 each) |
//! | 20 | the payload's length in bytes (u32) |
//! | 24 | the payload's CRC-32 (u32; IEEE, as zlib's `crc32`) |
//! | 28 | the CRC-32 of bytes 0 to 27 (u32) |
//! | 32 | the payload: f32 arrays, the input conv's weights `[C][planes][3][3]` and bias `[C]`; per block, two convs `[C][C][3][3]` with bias `[C]`; the point head's weights `[C]` and bias; the pass head's weights `[C]` and bias |
//!
//! and nothing after it. The two checksums tell the ways a file can be wrong apart: a header
//! that fails its checksum is corrupt (not a wrong shape read from flipped bits); a payload
//! shorter or longer than its header says is truncated or followed by garbage; a payload that
//! fails its checksum is corrupt; a whole, intact file whose header asks for another shape
//! than this tengen computes, or than its payload holds, has the wrong shape. Version 1
//! (`TGNNET01`: the three u32 and the payload, no checksum) is refused with the command that
//! converts it (`train/convert_network.py`, which keeps every weight bit for bit).

use super::{Conv, Network};
use crate::net::planes::PLANES;
use std::fmt;

/// The first bytes of a network file: `FAMILY` and the version.
pub const MAGIC: &[u8; 8] = b"TGNNET02";
/// What every version's magic begins with.
const FAMILY: &[u8; 6] = b"TGNNET";
/// The bytes before the payload.
pub const HEADER_BYTES: usize = 32;
/// Bounds on what a file may declare, so that a header cannot ask for gigabytes.
const MAX_BLOCKS: usize = 40;
const MAX_CHANNELS: usize = 512;

/// Why a network file was refused; `Display` is one line, naming what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NetworkError {
    /// No bytes at all.
    Empty,
    /// The file does not begin with `TGNNET`.
    NotANetwork,
    /// A network file of another version of the format (the two characters after `TGNNET`).
    Version(String),
    /// The file ends before its header does.
    TruncatedHeader { len: usize },
    /// The header fails its checksum.
    CorruptHeader,
    /// The payload is shorter than the header says.
    Truncated { payload: usize, announced: usize },
    /// Bytes after the payload the header announced.
    Trailing { extra: usize },
    /// The payload fails its checksum.
    CorruptPayload,
    /// An intact file of a network this tengen cannot run, or whose header and payload
    /// disagree on its size.
    Shape(String),
    /// A weight is NaN or infinite.
    NotFinite { what: String },
}

impl fmt::Display for NetworkError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            NetworkError::Empty => f.write_str("the file is empty"),
            NetworkError::NotANetwork => {
                f.write_str("not a tengen network file (it does not begin with TGNNET)")
            }
            NetworkError::Version(v) if v == "01" => f.write_str(
                "a network file of version 01, which has no checksum; this tengen reads \
                 version 02: convert it with `python3 train/convert_network.py OLD NEW`",
            ),
            NetworkError::Version(v) => write!(
                f,
                "a network file of version {v:?}; this tengen reads version 02"
            ),
            NetworkError::TruncatedHeader { len } => write!(
                f,
                "truncated: {len} bytes, less than the {HEADER_BYTES}-byte header"
            ),
            NetworkError::CorruptHeader => {
                f.write_str("corrupt: the header does not match its checksum")
            }
            NetworkError::Truncated { payload, announced } => write!(
                f,
                "truncated: {payload} bytes of weights where the header announces {announced}"
            ),
            NetworkError::Trailing { extra } => {
                write!(f, "{extra} bytes of garbage after the weights")
            }
            NetworkError::CorruptPayload => {
                f.write_str("corrupt: the weights do not match their checksum")
            }
            NetworkError::Shape(what) => write!(f, "wrong shape: {what}"),
            NetworkError::NotFinite { what } => {
                write!(f, "{what} holds a weight that is NaN or infinite")
            }
        }
    }
}

impl std::error::Error for NetworkError {}

/// The header's numbers.
struct Header {
    planes: usize,
    blocks: usize,
    channels: usize,
    payload: usize,
    payload_crc: u32,
}

fn u32_at(bytes: &[u8], offset: usize) -> u32 {
    u32::from_le_bytes(bytes[offset..offset + 4].try_into().unwrap())
}

/// The checks up to the payload's checksum: a version 2 file, whole and intact.
fn header(bytes: &[u8]) -> Result<Header, NetworkError> {
    if bytes.is_empty() {
        return Err(NetworkError::Empty);
    }
    let family = &bytes[..bytes.len().min(FAMILY.len())];
    if !FAMILY.starts_with(family) {
        return Err(NetworkError::NotANetwork);
    }
    if bytes.len() >= MAGIC.len() && bytes[..MAGIC.len()] != MAGIC[..] {
        let version = String::from_utf8_lossy(&bytes[FAMILY.len()..MAGIC.len()]);
        return Err(NetworkError::Version(version.into_owned()));
    }
    if bytes.len() < HEADER_BYTES {
        return Err(NetworkError::TruncatedHeader { len: bytes.len() });
    }
    if crc32fast::hash(&bytes[..28]) != u32_at(bytes, 28) {
        return Err(NetworkError::CorruptHeader);
    }
    let header = Header {
        planes: u32_at(bytes, 8) as usize,
        blocks: u32_at(bytes, 12) as usize,
        channels: u32_at(bytes, 16) as usize,
        payload: u32_at(bytes, 20) as usize,
        payload_crc: u32_at(bytes, 24),
    };
    let payload = bytes.len() - HEADER_BYTES;
    if payload < header.payload {
        return Err(NetworkError::Truncated {
            payload,
            announced: header.payload,
        });
    }
    if payload > header.payload {
        return Err(NetworkError::Trailing {
            extra: payload - header.payload,
        });
    }
    if crc32fast::hash(&bytes[HEADER_BYTES..]) != header.payload_crc {
        return Err(NetworkError::CorruptPayload);
    }
    Ok(header)
}

/// The number of weights (f32) of a network of this shape.
fn weights(planes: usize, blocks: usize, channels: usize) -> usize {
    let c = channels;
    (c * planes * 9 + c) + blocks * 2 * (c * c * 9 + c) + (c + 1) + (c + 1)
}

/// Reads f32s off the front of the payload.
struct Floats<'a>(&'a [u8]);

impl Floats<'_> {
    fn take(&mut self, n: usize, what: &str) -> Result<Vec<f32>, NetworkError> {
        // The shape was checked against the payload's length: it holds every array.
        let (head, rest) = self.0.split_at(4 * n);
        self.0 = rest;
        let values: Vec<f32> = head
            .chunks_exact(4)
            .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect();
        if values.iter().any(|v| !v.is_finite()) {
            return Err(NetworkError::NotFinite { what: what.into() });
        }
        Ok(values)
    }

    fn conv(
        &mut self,
        inputs: usize,
        outputs: usize,
        kernel: usize,
        what: &str,
    ) -> Result<Conv, NetworkError> {
        Ok(Conv {
            inputs,
            outputs,
            kernel,
            weights: self.take(outputs * inputs * kernel * kernel, what)?,
            bias: self.take(outputs, what)?,
        })
    }
}

impl Network {
    /// Reads a network from the bytes of its file: a version 2 file, whole, intact (both
    /// checksums), of a shape this tengen runs, every weight finite; else the one reason.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetworkError> {
        let Header {
            planes,
            blocks,
            channels,
            payload,
            ..
        } = header(bytes)?;
        if planes != PLANES {
            return Err(NetworkError::Shape(format!(
                "the network reads {planes} input planes; this tengen computes {PLANES}"
            )));
        }
        if blocks > MAX_BLOCKS || channels == 0 || channels > MAX_CHANNELS {
            return Err(NetworkError::Shape(format!(
                "{blocks} blocks of {channels} channels; tengen loads at most {MAX_BLOCKS} \
                 blocks of 1 to {MAX_CHANNELS} channels"
            )));
        }
        let needed = 4 * weights(planes, blocks, channels);
        if payload != needed {
            return Err(NetworkError::Shape(format!(
                "{blocks} blocks of {channels} channels take {needed} bytes of weights; \
                 the file holds {payload}"
            )));
        }
        let mut r = Floats(&bytes[HEADER_BYTES..]);
        let input = r.conv(planes, channels, 3, "the input convolution")?;
        let mut tower = Vec::with_capacity(blocks);
        for b in 0..blocks {
            let what = format!("block {}", b + 1);
            tower.push([
                r.conv(channels, channels, 3, &what)?,
                r.conv(channels, channels, 3, &what)?,
            ]);
        }
        let point = r.conv(channels, 1, 1, "the point head")?;
        let pass = r.take(channels + 1, "the pass head")?;
        debug_assert!(r.0.is_empty());
        Ok(Network {
            convs: super::transform(&input, &tower),
            channels,
            input,
            tower,
            point,
            pass_weights: pass[..channels].to_vec(),
            pass_bias: pass[channels],
        })
    }
}
