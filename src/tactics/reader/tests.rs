//! Reading on board pictures: the seki vital point, bent four in both colours, the lone
//! edge stone taken by atari then capture, a throw-in that makes a false eye, and shapes
//! that must read alive.

use super::*;
use crate::geom::Move;
use crate::mailbox::tests::{board_from, pt};

fn settling(r: &Reading) -> Vec<String> {
    r.settling().map(|p| p.to_string()).collect()
}

/// GNU Go's seki test picture, in the lower left corner: Black's wall has no liberty
/// outside the eight points A1–D2. White at C2 (the point of most room) makes seki; any
/// other White move lets Black make two eyes, and Black at C2 lives outright.
const SEKI_CORNER: &str = "\
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    O O O O O O . . .
    X X X X X O . . .
    . . . . X O . . .
    . . . . X O . . .";

#[test]
fn white_finds_the_seki_vital_point() {
    let b = board_from(SEKI_CORNER, Color::White);
    let mut reader = Reader::new();
    let r = reader
        .read_region(&b, pt("A1", 9), Color::Black, 100_000)
        .expect("a closed region");
    assert!(r.exact, "{r:?}");
    assert_eq!(r.attacker_first, Status::Seki);
    assert_eq!(r.defender_first, Status::Alive);
    // B1 also makes seki (its two stones share A1 and D1 with Black's wall).
    assert!(
        settling(&r).contains(&"C2".to_string()),
        "{:?}",
        settling(&r)
    );
    assert!(!settling(&r).contains(&"D1".to_string()));
    // Black to move lives outright at the same point.
    let b = board_from(SEKI_CORNER, Color::Black);
    let r = reader
        .read_region(&b, pt("A1", 9), Color::Black, 100_000)
        .unwrap();
    assert_eq!(r.defender_first, Status::Alive);
    assert!(
        settling(&r).contains(&"C2".to_string()),
        "{:?}",
        settling(&r)
    );
}

/// Fuego's bent four, in the lower right: White's G1–J1 inside Black's corner. White J2,
/// a self-atari of four stones, leaves the bent four in the corner when Black captures (a
/// ko White takes first, which counts as dead here: the reader plays no ko threats).
const BENT_FOUR: &str = "\
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . O O O O O
    . . . . O X X X X
    . . . . O X . X .
    . . . . O X O O O";

#[test]
fn white_kills_by_bent_four() {
    let b = board_from(BENT_FOUR, Color::White);
    let mut reader = Reader::new();
    let r = reader
        .read_region(&b, pt("G2", 9), Color::Black, 100_000)
        .expect("a closed region");
    // Locally Black cannot mend it (G2 is a self-atari, J2 leaves G2 to White's capture),
    // but White has one right move: J2. G2 instead lets Black capture into a bent four off
    // the corner, which lives.
    assert_eq!(r.attacker_first, Status::Dead);
    assert_eq!(r.defender_first, Status::Dead);
    assert_eq!(settling(&r), ["J2"]);
}

#[test]
fn black_kills_by_bent_four_too() {
    // The same shape, colours swapped, in the lower left.
    let b = board_from(
        "\
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        X X X X X . . . .
        O O O O X . . . .
        . O . O X . . . .
        X X X O X . . . .",
        Color::Black,
    );
    let mut reader = Reader::new();
    let r = reader
        .read_region(&b, pt("C2", 9), Color::White, 100_000)
        .expect("a closed region");
    assert_eq!(r.defender, Color::White);
    assert_eq!(r.attacker_first, Status::Dead);
    assert_eq!(r.defender_first, Status::Dead);
    assert_eq!(settling(&r), ["A2"]);
}

#[test]
fn a_lone_edge_stone_is_taken_by_atari_then_capture() {
    let picture = "\
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . X X X . . .
        . . . . O . . . .";
    let mut reader = Reader::new();
    for to_move in [Color::Black, Color::White] {
        let b = board_from(picture, to_move);
        let r = reader.read_chain(&b, pt("E1", 9), 10_000).unwrap();
        assert_eq!(r.defender_first, Status::Dead, "{to_move:?} to move");
        assert_eq!(r.attacker_first, Status::Dead);
        assert!(!r.is_unsettled() && settling(&r).is_empty());
    }
}

#[test]
fn a_lone_edge_stone_with_a_friend_near_lives_if_it_moves_first() {
    // White's G2 group gives the stone a way out along the edge: whoever moves first decides.
    let picture = "\
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . O O .
        . . . X X X O O .
        . . . . O . . . .";
    let mut reader = Reader::new();
    let b = board_from(picture, Color::Black);
    let r = reader.read_chain(&b, pt("E1", 9), 10_000).unwrap();
    assert_eq!(r.defender_first, Status::Alive);
    assert_eq!(r.attacker_first, Status::Dead);
    assert!(
        settling(&r).contains(&"D1".to_string()),
        "{:?}",
        settling(&r)
    );
    let b = board_from(picture, Color::White);
    let r = reader.read_chain(&b, pt("E1", 9), 10_000).unwrap();
    assert_eq!(settling(&r), ["F1"]);
}

/// A throw-in that makes a false eye, in the lower left: Black's A1–B1 has two liberties,
/// A2 and B2, and its friends C2–C3–B3 stand beside B2. White throws in at B2 (one stone in
/// atari); Black takes it at A2, and B2, now walled by Black on all four sides, is a false
/// eye: A1–B1–A2 has no other liberty, so White plays into it and takes three stones.
/// Black to move connects at B2 first.
const FALSE_EYE: &str = "\
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    O X X . . . . . .
    . . X . . . . . .
    X X O O . . . . .";

#[test]
fn a_throw_in_makes_a_false_eye() {
    let mut reader = Reader::new();
    let b = board_from(FALSE_EYE, Color::White);
    let r = reader.read_chain(&b, pt("A1", 9), 10_000).unwrap();
    assert!(r.exact, "{r:?}");
    assert_eq!(r.attacker_first, Status::Dead);
    assert_eq!(r.defender_first, Status::Alive);
    assert_eq!(settling(&r), ["B2"]);
    // Black to move saves it by the connection, or by a counter-atari on C1–D1 (D2, E1).
    let b = board_from(FALSE_EYE, Color::Black);
    let r = reader.read_chain(&b, pt("A1", 9), 10_000).unwrap();
    assert!(settling(&r).contains(&"B2".to_string()), "{r:?}");

    // After the throw-in and the capture, White to move takes the chain in the false eye.
    let mut b = board_from(FALSE_EYE, Color::White);
    for mv in ["B2", "A2"] {
        b.play_unchecked(Move::parse(mv, 9).unwrap());
    }
    assert_eq!(b.stone_at(pt("B2", 9)), None, "Black took the throw-in");
    let r = reader.read_chain(&b, pt("A1", 9), 10_000).unwrap();
    assert_eq!(r.attacker_first, Status::Dead);
    assert_eq!(settling(&r), ["B2"]);
}

#[test]
fn two_eyes_and_open_chains_read_alive() {
    let picture = "\
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        O O O O O O . . .
        X X X X X O . . .
        . X . X X O . . .
        . X . . X O . . .";
    let mut reader = Reader::new();
    for to_move in [Color::Black, Color::White] {
        let b = board_from(picture, to_move);
        let r = reader
            .read_region(&b, pt("A1", 9), Color::Black, 100_000)
            .unwrap();
        assert!(r.exact);
        assert_eq!(
            (r.defender_first, r.attacker_first),
            (Status::Alive, Status::Alive)
        );
        assert!(settling(&r).is_empty());
    }
    // A chain with four liberties has escaped; one in the open with two is not read dead.
    let b = board_from(
        "\
        . . . . .
        . . . . .
        . . X . .
        . . O . .
        . . . . .",
        Color::Black,
    );
    let r = reader.read_chain(&b, pt("C2", 5), 10_000).unwrap();
    assert_eq!(r.defender_first, Status::Alive);
}

/// The transposition table outlives a read and holds bounds as well as exact values (the
/// alpha-beta window's cuts): a read on a table that earlier reads of the same fights filled
/// answers what a fresh reader does, in the seki corner and the bent four and every position
/// one move from them, both colours to move. (The node cap differs by one so that the
/// region cache does not answer instead of the table.)
#[test]
fn the_table_bounds_answer_as_a_fresh_read_does() {
    let mut kept = Reader::new();
    let mut compared = 0;
    for (picture, at, defender) in [
        (SEKI_CORNER, "A1", Color::Black),
        (BENT_FOUR, "G2", Color::Black),
    ] {
        for to_move in [Color::Black, Color::White] {
            let start = board_from(picture, to_move);
            let mut boards = vec![start.clone()];
            for p in Point::all(9) {
                if start.is_legal(p) {
                    let mut b = start.clone();
                    b.play_unchecked(Move::Play(p));
                    boards.push(b);
                }
            }
            for b in &boards {
                let Some(first) = kept.read_region(b, pt(at, 9), defender, 100_000) else {
                    continue;
                };
                let again = kept.read_region(b, pt(at, 9), defender, 100_001).unwrap();
                let fresh = Reader::new()
                    .read_region(b, pt(at, 9), defender, 100_000)
                    .unwrap();
                for r in [&again, &fresh] {
                    assert_eq!(
                        (r.defender_first, r.attacker_first, r.exact, settling(r)),
                        (
                            first.defender_first,
                            first.attacker_first,
                            first.exact,
                            settling(&first)
                        )
                    );
                }
                compared += 1;
            }
        }
    }
    assert!(compared > 10, "{compared}");
}
