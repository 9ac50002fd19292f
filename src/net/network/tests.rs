use super::*;
use crate::net::data::unpack;

const TINY: &[u8] = include_bytes!("../../../tests/data/net/tiny.bin");
const RECORDS: &[u8] = include_bytes!("../../../tests/data/net/records.bin");
const LOGITS: &[u8] = include_bytes!("../../../tests/data/net/logits.bin");

fn floats(bytes: &[u8]) -> Vec<f32> {
    bytes
        .chunks_exact(4)
        .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        .collect()
}

/// tests/data/net holds a small network of random weights, four positions of real games and
/// PyTorch's logits for them (`train/test_vectors.py`): the forward pass must agree.
#[test]
fn the_forward_pass_computes_what_pytorch_computes() {
    let net = Network::from_bytes(TINY).unwrap();
    assert_eq!(net.shape(), (2, 8));
    let count = u32::from_le_bytes(RECORDS[..4].try_into().unwrap()) as usize;
    let len = u32::from_le_bytes(RECORDS[4..8].try_into().unwrap()) as usize;
    let expected = floats(LOGITS);
    let mut scratch = Scratch::default();
    scratch.fit(8, 19);
    for i in 0..count {
        let record = &RECORDS[8 + i * len..8 + (i + 1) * len];
        unpack(record, 19, &mut scratch.planes);
        net.forward(&mut scratch, 19);
        let want = &expected[i * 362..(i + 1) * 362];
        for (j, (&got, &want)) in scratch.logits[..362].iter().zip(want).enumerate() {
            assert!(
                (got - want).abs() < 1e-3 * (1.0 + want.abs()),
                "position {i}, logit {j}: {got} against PyTorch's {want}"
            );
        }
    }
}

/// A version 2 file of `payload` under this header, written here as `train/netfile.py` writes
/// it (zlib's CRC-32 is crc32fast's).
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

/// The tiny network's payload, with one f32 replaced at `index` if given.
fn payload_with(replaced: Option<(usize, f32)>) -> Vec<u8> {
    let mut payload = TINY[HEADER_BYTES..].to_vec();
    if let Some((i, value)) = replaced {
        payload[4 * i..4 * i + 4].copy_from_slice(&value.to_le_bytes());
    }
    payload
}

fn error(bytes: &[u8]) -> NetworkError {
    Network::from_bytes(bytes).unwrap_err()
}

#[test]
fn the_shipped_files_are_version_2_and_their_writer_is_this_one() {
    assert_eq!(&TINY[..8], MAGIC);
    assert_eq!(encode(PLANES as u32, 2, 8, &TINY[HEADER_BYTES..]), TINY);
    let builtin = include_bytes!("../policy.bin");
    let (blocks, channels) = crate::net::builtin().shape();
    assert_eq!(
        encode(
            PLANES as u32,
            blocks as u32,
            channels as u32,
            &builtin[HEADER_BYTES..]
        ),
        builtin
    );
}

#[test]
fn an_empty_file_is_refused() {
    assert_eq!(error(b""), NetworkError::Empty);
}

#[test]
fn random_bytes_are_not_a_network() {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let garbage: Vec<u8> = (0..20_000)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state as u8
        })
        .collect();
    assert_eq!(error(&garbage), NetworkError::NotANetwork);
    assert_eq!(error(b"GARBAGE!"), NetworkError::NotANetwork);
    assert_eq!(error(b"\n"), NetworkError::NotANetwork);
}

/// Version 1 (no checksum) is named, with its converter; other versions are named.
#[test]
fn other_versions_are_refused_by_name() {
    let mut v1 = b"TGNNET01".to_vec();
    v1.extend_from_slice(&TINY[8..20]);
    v1.extend_from_slice(&TINY[HEADER_BYTES..]);
    assert_eq!(error(&v1), NetworkError::Version("01".into()));
    assert!(error(&v1).to_string().contains("train/convert_network.py"));
    let mut v3 = TINY.to_vec();
    v3[7] = b'3';
    assert_eq!(error(&v3), NetworkError::Version("03".into()));
}

#[test]
fn a_file_cut_inside_its_header_is_truncated() {
    for len in [3, 8, 20, HEADER_BYTES - 1] {
        assert_eq!(
            error(&TINY[..len]),
            NetworkError::TruncatedHeader { len },
            "{len}"
        );
    }
}

#[test]
fn a_file_cut_inside_its_weights_is_truncated() {
    let payload = TINY.len() - HEADER_BYTES;
    assert_eq!(
        error(&TINY[..TINY.len() - 3]),
        NetworkError::Truncated {
            payload: payload - 3,
            announced: payload
        }
    );
    assert_eq!(
        error(&TINY[..HEADER_BYTES]),
        NetworkError::Truncated {
            payload: 0,
            announced: payload
        }
    );
}

#[test]
fn bytes_after_the_weights_are_refused() {
    let mut longer = TINY.to_vec();
    longer.extend_from_slice(b"garbage");
    assert_eq!(error(&longer), NetworkError::Trailing { extra: 7 });
}

#[test]
fn a_flipped_bit_in_the_weights_is_corruption() {
    let mut flipped = TINY.to_vec();
    flipped[HEADER_BYTES + 1000] ^= 0x10;
    assert_eq!(error(&flipped), NetworkError::CorruptPayload);
}

/// A flipped bit in the header's shape is corruption, not a wrong shape.
#[test]
fn a_flipped_bit_in_the_header_is_corruption() {
    let mut flipped = TINY.to_vec();
    flipped[16] ^= 0x01; // 8 channels become 9
    assert_eq!(error(&flipped), NetworkError::CorruptHeader);
}

/// Every single flipped bit anywhere in the file is refused (CRC-32 catches them all), and
/// so is the file cut at every length: never a panic, never a network.
#[test]
fn no_flipped_bit_and_no_cut_loads() {
    for bit in (0..TINY.len() * 8).step_by(3) {
        let mut flipped = TINY.to_vec();
        flipped[bit / 8] ^= 1 << (bit % 8);
        assert!(Network::from_bytes(&flipped).is_err(), "bit {bit}");
    }
    for len in 0..TINY.len() {
        assert!(Network::from_bytes(&TINY[..len]).is_err(), "{len} bytes");
    }
}

/// Intact files of a network this tengen cannot run, or whose header and weights disagree.
#[test]
fn an_intact_file_of_the_wrong_shape_is_refused() {
    let payload = payload_with(None);
    let shape = |bytes: &[u8]| match error(bytes) {
        NetworkError::Shape(what) => what,
        other => panic!("{other:?}"),
    };
    assert!(shape(&encode(7, 2, 8, &payload)).contains("7 input planes"));
    assert!(shape(&encode(PLANES as u32, 100_000, 8, &payload)).contains("at most 40 blocks"));
    assert!(shape(&encode(PLANES as u32, 2, 0, &payload)).contains("1 to 512 channels"));
    let wrong = shape(&encode(PLANES as u32, 3, 8, &payload));
    assert!(wrong.contains("3 blocks of 8 channels take"), "{wrong}");
    assert!(shape(&encode(PLANES as u32, 2, 8, &payload[..400])).contains("holds 400"));
}

#[test]
fn a_weight_that_is_not_finite_is_refused_with_where_it_is() {
    let weights = (TINY.len() - HEADER_BYTES) / 4;
    for (index, value, what) in [
        (0, f32::NAN, "the input convolution"),
        (weights / 2, f32::INFINITY, "block 1"),
        (weights - 1, f32::NEG_INFINITY, "the pass head"),
    ] {
        let bytes = encode(PLANES as u32, 2, 8, &payload_with(Some((index, value))));
        assert_eq!(
            error(&bytes),
            NetworkError::NotFinite { what: what.into() },
            "weight {index}"
        );
    }
}

/// Every reason is one line.
#[test]
fn every_reason_is_one_line() {
    let reasons = [
        NetworkError::Empty,
        NetworkError::NotANetwork,
        NetworkError::Version("01".into()),
        NetworkError::Version("\n\u{fffd}".into()),
        NetworkError::TruncatedHeader { len: 3 },
        NetworkError::CorruptHeader,
        NetworkError::Truncated {
            payload: 1,
            announced: 2,
        },
        NetworkError::Trailing { extra: 1 },
        NetworkError::CorruptPayload,
        NetworkError::Shape("x".into()),
        NetworkError::NotFinite { what: "x".into() },
    ];
    for reason in reasons {
        let text = reason.to_string();
        assert!(!text.is_empty() && !text.contains('\n'), "{text:?}");
    }
}

#[test]
fn one_scratch_serves_boards_of_every_size() {
    let net = Network::from_bytes(TINY).unwrap();
    let mut scratch = Scratch::default();
    for size in [19, 9, 13, 2, 25, 19] {
        scratch.fit(8, size);
        scratch.planes.fill(1.0);
        net.forward(&mut scratch, size);
        assert!(scratch.logits[..size * size + 1]
            .iter()
            .all(|l| l.is_finite()));
    }
}

/// The built-in network loads, and on the empty 19×19 board answers what its card
/// (docs/network.md) says: a signature, so that a change of weights is a deliberate one.
#[test]
fn the_built_in_network_answers_what_its_card_says() {
    let network = crate::net::builtin();
    assert_eq!(network.shape(), (6, 64));
    let board = crate::mailbox::PlayoutBoard::new(19);
    let mut scratch = Scratch::default();
    let mut ladders = crate::tactics::LadderReader::new();
    crate::net::policy(network, &board, &mut ladders, &mut scratch);
    let probabilities = &scratch.logits[..362];
    assert!((probabilities.iter().sum::<f32>() - 1.0).abs() < 1e-4);
    let first = (0..362)
        .max_by(|&a, &b| probabilities[a].total_cmp(&probabilities[b]))
        .unwrap();
    let point = crate::geom::Point::new(first % 19, first / 19);
    let shown = format!(
        "{} {:.3}",
        crate::geom::Move::Play(point),
        probabilities[first]
    );
    assert_eq!(shown, "Q16 0.138");
}
