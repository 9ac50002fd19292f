//! `--network FILE` through the real binary: the failure table. Each bad file (missing, empty,
//! not a file, cut, of another version, corrupt, of the wrong shape, with garbage after it or
//! a weight that is not a number) makes tengen exit with status 1 before it reads any command,
//! with exactly one line on stderr naming the option, the file and what is wrong, and nothing
//! on stdout; never a panic, never the built-in network in its place.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use tengen::net::network::{HEADER_BYTES, MAGIC};
use tengen::net::planes::PLANES;

/// The small network of tests/data/net (2 blocks of 8 channels), a version 2 file.
fn tiny() -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/net/tiny.bin");
    std::fs::read(path).unwrap()
}

/// A version 2 file of `payload` under this header, with correct checksums.
fn encode(planes: u32, blocks: u32, channels: u32, payload: &[u8]) -> Vec<u8> {
    let mut bytes = MAGIC.to_vec();
    for n in [planes, blocks, channels, payload.len() as u32] {
        bytes.extend_from_slice(&n.to_le_bytes());
    }
    bytes.extend_from_slice(&crc32fast::hash(payload).to_le_bytes());
    bytes.extend_from_slice(&crc32fast::hash(&bytes).to_le_bytes());
    bytes.extend_from_slice(payload);
    bytes
}

/// The tiny network's weights with the f32 at `index` replaced by `value`.
fn tiny_with(index: usize, value: f32) -> Vec<u8> {
    let mut payload = tiny()[HEADER_BYTES..].to_vec();
    payload[4 * index..4 * index + 4].copy_from_slice(&value.to_le_bytes());
    encode(PLANES as u32, 2, 8, &payload)
}

/// What a row puts at the path given to `--network`.
enum Content {
    Nothing,
    Directory,
    Bytes(Vec<u8>),
}

/// The failure table: a name, what the file holds, and the reason tengen must give.
fn rows() -> Vec<(&'static str, Content, &'static str)> {
    let tiny = tiny();
    let n = tiny.len();
    let weights = (n - HEADER_BYTES) / 4;
    let mut v1 = b"TGNNET01".to_vec();
    v1.extend_from_slice(&tiny[8..20]);
    v1.extend_from_slice(&tiny[HEADER_BYTES..]);
    let mut v3 = tiny.clone();
    v3[7] = b'3';
    let mut trailing = tiny.clone();
    trailing.extend_from_slice(b"\n\0garbage");
    let mut flipped_weight = tiny.clone();
    flipped_weight[HEADER_BYTES + 777] ^= 0x04;
    let mut flipped_header = tiny.clone();
    flipped_header[12] ^= 0x01;
    let mut state = 12345u64;
    let garbage: Vec<u8> = (0..4096)
        .map(|_| {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1);
            (state >> 33) as u8
        })
        .collect();
    let payload = tiny[HEADER_BYTES..].to_vec();
    vec![
        ("missing", Content::Nothing, "cannot read it: No such file"),
        ("a directory", Content::Directory, "not a regular file"),
        ("empty", Content::Bytes(Vec::new()), "the file is empty"),
        (
            "random bytes",
            Content::Bytes(garbage),
            "not a tengen network file",
        ),
        (
            "text",
            Content::Bytes(b"hello\n".to_vec()),
            "not a tengen network file",
        ),
        (
            "cut inside the magic",
            Content::Bytes(b"TGNNE".to_vec()),
            "truncated: 5 bytes, less than the 32-byte header",
        ),
        (
            "cut inside the header",
            Content::Bytes(tiny[..20].to_vec()),
            "truncated: 20 bytes, less than the 32-byte header",
        ),
        (
            "cut inside the weights",
            Content::Bytes(tiny[..n - 1].to_vec()),
            "truncated: 14919 bytes of weights where the header announces 14920",
        ),
        (
            "version 1",
            Content::Bytes(v1),
            "a network file of version 01, which has no checksum; this tengen reads version 02: \
             convert it with `python3 train/convert_network.py OLD NEW`",
        ),
        (
            "version 3",
            Content::Bytes(v3),
            "a network file of version \"03\"; this tengen reads version 02",
        ),
        (
            "garbage after the weights",
            Content::Bytes(trailing),
            "9 bytes of garbage after the weights",
        ),
        (
            "a flipped bit in the weights",
            Content::Bytes(flipped_weight),
            "corrupt: the weights do not match their checksum",
        ),
        (
            "a flipped bit in the header",
            Content::Bytes(flipped_header),
            "corrupt: the header does not match its checksum",
        ),
        (
            "another number of input planes",
            Content::Bytes(encode(7, 2, 8, &payload)),
            "wrong shape: the network reads 7 input planes; this tengen computes",
        ),
        (
            "a shape beyond the bounds",
            Content::Bytes(encode(PLANES as u32, 1000, 8, &payload)),
            "wrong shape: 1000 blocks of 8 channels; tengen loads at most 40 blocks",
        ),
        (
            "a header that does not fit its weights",
            Content::Bytes(encode(PLANES as u32, 3, 8, &payload)),
            "wrong shape: 3 blocks of 8 channels take 19592 bytes of weights; the file holds 14920",
        ),
        (
            "a NaN weight",
            Content::Bytes(tiny_with(5, f32::NAN)),
            "the input convolution holds a weight that is NaN or infinite",
        ),
        (
            "an infinite weight",
            Content::Bytes(tiny_with(weights - 1, f32::INFINITY)),
            "the pass head holds a weight that is NaN or infinite",
        ),
    ]
}

fn scratch_dir(test: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("tengen-network-file-{test}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// tengen with `--network path`, a command on stdin: (exit code, stdout, stderr).
fn run(path: &Path) -> (Option<i32>, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tengen"))
        .arg("--network")
        .arg(path)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starting tengen");
    // tengen may have exited already: a broken pipe is no failure here.
    let _ = child.stdin.take().unwrap().write_all(b"1 name\n");
    let output = child.wait_with_output().unwrap();
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn every_bad_network_file_is_one_line_of_error_at_start_up() {
    let dir = scratch_dir("table");
    let mut failures = Vec::new();
    for (i, (name, content, reason)) in rows().into_iter().enumerate() {
        let path = dir.join(format!("row-{i}.bin"));
        match content {
            Content::Nothing => {}
            Content::Directory => std::fs::create_dir_all(&path).unwrap(),
            Content::Bytes(bytes) => std::fs::write(&path, bytes).unwrap(),
        }
        let (code, stdout, stderr) = run(&path);
        let expected = format!("error: --network {}: {reason}", path.display());
        let one_line = stderr.ends_with('\n') && stderr.lines().count() == 1;
        if code != Some(1) || !stdout.is_empty() || !one_line || !stderr.starts_with(&expected) {
            failures.push(format!(
                "{name}: exit {code:?}, stdout {stdout:?}, stderr {stderr:?}; expected {expected:?}"
            ));
        }
    }
    std::fs::remove_dir_all(&dir).ok();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The table's good row: the same network, intact, loads and the engine answers.
#[test]
fn a_good_network_file_loads() {
    let dir = scratch_dir("good");
    let path = dir.join("tiny.bin");
    std::fs::write(&path, tiny()).unwrap();
    let (code, stdout, stderr) = run(&path);
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(
        (code, stdout.as_str(), stderr.as_str()),
        (Some(0), "=1 tengen\n\n", "")
    );
}
