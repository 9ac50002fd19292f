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

#[test]
fn a_file_that_is_not_a_whole_network_is_refused_with_its_reason() {
    let error = |bytes: &[u8]| Network::from_bytes(bytes).unwrap_err().0;
    assert!(error(b"GARBAGE!").contains("magic"));
    assert!(error(&TINY[..TINY.len() - 3]).contains("ends inside"));
    assert!(error(&TINY[..14]).contains("header"));
    let mut longer = TINY.to_vec();
    longer.push(0);
    assert!(error(&longer).contains("after the last weight"));
    let mut planes = TINY.to_vec();
    planes[8] = 7;
    assert!(error(&planes).contains("input planes"));
    let mut huge = TINY.to_vec();
    huge[16..20].copy_from_slice(&100_000u32.to_le_bytes());
    assert!(error(&huge).contains("beyond"));
    let mut nan = TINY.to_vec();
    nan[20..24].copy_from_slice(&f32::NAN.to_le_bytes());
    assert!(error(&nan).contains("not finite"));
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
    assert_eq!(network.shape(), (6, 32));
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
    assert_eq!(shown, "D16 0.205");
}
