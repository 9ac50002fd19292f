//! Tests of the playout board against board pictures, an independent flood-fill board and
//! `Position`. The picture helpers (`board_from`, `pt`, `check_invariants`) serve the tests
//! of `tactics`, `playout` and `play` (random games against a reference board, in
//! `play/tests.rs`) too.

use super::*;
use crate::geom::{Color, Move, Point};

// ---------------------------------------------------------------------------------------------
// Pictures

/// A board from a picture (`board::diagram`: one line per row, top row first; `X` Black, `O`
/// White, `.` empty, spaces ignored; square).
pub(crate) fn board_from(picture: &str, to_move: Color) -> PlayoutBoard {
    let diagram = crate::board::Diagram::parse(picture).expect("valid picture");
    let mut b = PlayoutBoard::new(diagram.size);
    for &(color, p) in &diagram.stones {
        b.setup_stone(p, color);
    }
    b.set_to_move(to_move);
    check_invariants(&b);
    b
}

/// The picture of a board, in `board_from`'s format (rows separated by newlines).
pub(crate) fn picture(b: &PlayoutBoard) -> String {
    let n = b.size();
    let mut s = String::new();
    for r in (0..n).rev() {
        for c in 0..n {
            s.push(match b.stone_at(Point::new(c, r)) {
                Some(Color::Black) => 'X',
                Some(Color::White) => 'O',
                None => '.',
            });
        }
        s.push('\n');
    }
    s
}

pub(crate) fn normalise(picture: &str) -> String {
    picture
        .lines()
        .map(|l| l.chars().filter(|c| !c.is_whitespace()).collect::<String>())
        .filter(|l| !l.is_empty())
        .map(|l| l + "\n")
        .collect()
}

pub(crate) fn pt(s: &str, size: usize) -> Point {
    Point::parse(s, size).unwrap()
}

/// Plays `mv` ("D4" or "pass") for the side to move of `before` and compares with `after`.
fn check_play(before: &str, to_move: Color, mv: &str, after: &str) -> PlayoutBoard {
    let mut b = board_from(before, to_move);
    let m = Move::parse(mv, b.size()).unwrap();
    if let Move::Play(p) = m {
        assert!(b.is_legal(p), "{mv} should be legal");
    }
    b.play_unchecked(m);
    check_invariants(&b);
    assert_eq!(picture(&b), normalise(after), "after {mv}");
    assert_eq!(b.to_move(), to_move.opponent());
    b
}

// ---------------------------------------------------------------------------------------------
// Internal consistency

/// Recomputes every chain, pseudo-liberty sum, neighbour count and the empty list from the
/// stones alone and compares them with the incremental figures.
pub(crate) fn check_invariants(b: &PlayoutBoard) {
    let n = b.size();
    let s = b.stride_m();
    let used = (n + 2) * s + 1;
    let mut n_empty = 0;
    for m in 0..used {
        let c = b.color_m(m);
        let on_board = m > 0 && (m - 1) % s < n && (1..=n).contains(&((m - 1) / s));
        if !on_board {
            assert_eq!(c, OFF_BOARD, "mailbox {m} should be off the board");
            continue;
        }
        let nbs = [m - 1, m + 1, m - s, m + s];
        let count = |k: u8| nbs.iter().filter(|&&q| b.color_m(q) == k).count() as u16;
        let off = count(OFF_BOARD);
        assert_eq!(b.n_empty_nb(m), count(EMPTY), "empty neighbours of {m}");
        assert_eq!(b.n_color_nb(m, BLACK), count(BLACK) + off);
        assert_eq!(b.n_color_nb(m, WHITE), count(WHITE) + off);
        if c == EMPTY {
            assert_eq!(b.head_m(m), 0, "empty {m} must have the scratch head");
            n_empty += 1;
            assert!(
                b.empties().contains(&(m as u16)),
                "{m} missing from empties"
            );
            continue;
        }
        // Walk the chain's circular list; it must hold exactly the flood-filled chain.
        let h = b.head_m(m);
        let mut stones = vec![];
        let mut x = h;
        loop {
            assert_eq!(b.head_m(x), h);
            assert_eq!(b.color_m(x), c);
            stones.push(x);
            x = b.next_m(x);
            if x == h {
                break;
            }
            assert!(stones.len() <= used, "chain list does not close");
        }
        let mut flood = vec![m];
        let mut i = 0;
        while i < flood.len() {
            let y = flood[i];
            for q in [y - 1, y + 1, y - s, y + s] {
                if b.color_m(q) == c && !flood.contains(&q) {
                    flood.push(q);
                }
            }
            i += 1;
        }
        stones.sort();
        flood.sort();
        assert_eq!(stones, flood, "chain through {m}");
        let (mut libs, mut sum, mut sq) = (0u32, 0u32, 0u32);
        for &y in &stones {
            for q in [y - 1, y + 1, y - s, y + s] {
                if b.color_m(q) == EMPTY {
                    libs += 1;
                    sum += q as u32;
                    sq += (q * q) as u32;
                }
            }
        }
        let ch = b.chain_at(m);
        assert_eq!(ch.size as usize, stones.len());
        assert_eq!(ch.libs as u32, libs, "pseudo-liberties of {m}");
        assert_eq!(ch.lib_sum, sum);
        assert_eq!(ch.lib_sum_sq, sq);
        assert!(libs > 0, "chain without liberty at {m}");
    }
    assert_eq!(b.n_empty(), n_empty);
}

// ---------------------------------------------------------------------------------------------
// Rules

#[test]
fn new_board_is_empty_and_black_moves() {
    for n in 2..=25 {
        let b = PlayoutBoard::new(n);
        check_invariants(&b);
        assert_eq!(b.size(), n);
        assert_eq!(b.n_empty(), n * n);
        assert_eq!(b.to_move(), Color::Black);
        assert_eq!(b.ko_point(), None);
        for p in Point::all(n) {
            assert!(b.is_legal(p));
            assert_eq!(b.stone_at(p), None);
        }
        assert!(!b.is_legal(Point::new(n.min(24), 0)) || n == 25);
    }
    // Bad sizes are clamped, never a panic.
    assert_eq!(PlayoutBoard::new(0).size(), 2);
    assert_eq!(PlayoutBoard::new(99).size(), 25);
}

#[test]
fn off_board_points_are_illegal_and_empty() {
    let b = PlayoutBoard::new(9);
    let p = Point::new(9, 3);
    assert!(!b.is_legal(p));
    assert_eq!(b.stone_at(p), None);
    assert!(!b.is_true_eye(p, Color::Black));
    assert!(!b.in_atari(p));
}

#[test]
fn captures_single_stone_and_chain() {
    check_play(
        ". X . .
         X O . .
         . X . .
         . . . .",
        Color::Black,
        "C3",
        ". X . .
         X . X .
         . X . .
         . . . .",
    );
    // A two-stone chain in the corner, and the capturing stone's own liberties grow.
    let b = check_play(
        "O O . .
         X X X .
         . . . .
         . . . .",
        Color::Black,
        "C4",
        ". . X .
         X X X .
         . . . .
         . . . .",
    );
    assert!(!b.in_atari(pt("C4", 4)));
    // One move taking two separate chains.
    check_play(
        ". O X .
         O X . .
         X . . .
         . . . .",
        Color::Black,
        "A4",
        "X . X .
         . X . .
         X . . .
         . . . .",
    );
}

#[test]
fn capture_rather_than_suicide() {
    // White's A1 has no empty neighbour, but it takes B1, which is in atari.
    check_play(
        ". . .
         X O .
         . X O",
        Color::White,
        "A1",
        ". . .
         X O .
         O . O",
    );
}

#[test]
fn suicide_is_illegal() {
    let b = board_from(
        ". X .
         X . X
         . X .",
        Color::White,
    );
    assert!(!b.is_legal(pt("B2", 3)));
    assert!(!b.is_legal(pt("A3", 3)));
    assert!(!b.is_legal(pt("A1", 3)));
    // Black may fill its own point only while a chain keeps a liberty elsewhere.
    let b = board_from(
        ". X .
         X . X
         . X .",
        Color::Black,
    );
    assert!(b.is_legal(pt("B2", 3)));
    // Filling the last liberty of one's own chain is suicide.
    let b = board_from(
        "X O .
         . O .
         O . .",
        Color::Black,
    );
    assert!(!b.is_legal(pt("A2", 3)), "A2 fills the last liberty of A3");
    // The same point becomes legal when it also takes White's A1 (atari at A2).
    let b = board_from(
        "X O .
         . O .
         O X .",
        Color::Black,
    );
    assert!(b.is_legal(pt("A2", 3)));
}

#[test]
fn simple_ko_forbids_immediate_retake() {
    let mut b = check_play(
        ". X O .
         X O . O
         . X O .
         . . . .",
        Color::Black,
        "C3",
        ". X O .
         X . X O
         . X O .
         . . . .",
    );
    assert_eq!(b.ko_point(), Some(pt("B3", 4)));
    assert!(!b.is_legal(pt("B3", 4)), "White may not retake at once");
    // A pass (or any other move) lifts the ban.
    b.play_unchecked(Move::Pass);
    assert_eq!(b.ko_point(), None);
    b.play_unchecked(Move::Pass);
    assert!(b.is_legal(pt("B3", 4)));
    b.play_unchecked(Move::Play(pt("B3", 4)));
    check_invariants(&b);
    assert_eq!(b.ko_point(), Some(pt("C3", 4)));
    assert_eq!(b.stone_at(pt("C3", 4)), None);
}

#[test]
fn capture_leaving_two_liberties_is_no_ko() {
    let b = check_play(
        ". X O O .
         X O . . O
         . X O O .
         . . . . .
         . . . . .",
        Color::Black,
        "C4",
        ". X O O .
         X . X . O
         . X O O .
         . . . . .
         . . . . .",
    );
    // One stone taken, but the capturing stone has two liberties (B4 and D4).
    assert_eq!(b.ko_point(), None);
}

#[test]
fn capturing_two_stones_is_no_ko() {
    // The lone stone at A3 is left with the single liberty B3, but it took two stones.
    let b = check_play(
        ". . . . .
         O X X . .
         . O O X .
         O X X . .
         . . . . .",
        Color::Black,
        "A3",
        ". . . . .
         O X X . .
         X . . X .
         O X X . .
         . . . . .",
    );
    assert_eq!(b.ko_point(), None);
    assert!(b.in_atari(pt("A3", 5)));
}

#[test]
fn corner_ko() {
    let b = check_play(
        ". . . .
         . . . .
         X O . .
         . X O .",
        Color::White,
        "A1",
        ". . . .
         . . . .
         X O . .
         O . O .",
    );
    assert_eq!(b.ko_point(), Some(pt("B1", 4)));
    assert!(!b.is_legal(pt("B1", 4)));
}

#[test]
fn atari_detection_with_pseudo_liberties() {
    // One liberty counted twice (two stones touching C2) is still atari.
    let b = board_from(
        ". . . .
         X X X .
         O O . X
         X X X .",
        Color::Black,
    );
    assert!(b.in_atari(pt("A2", 4)));
    assert!(!b.in_atari(pt("A3", 4)));
    assert!(!b.in_atari(pt("D2", 4)));
    assert!(b.is_legal(pt("C2", 4)), "Black captures");
}

// ---------------------------------------------------------------------------------------------
// Eyes

#[test]
fn true_eye_in_centre_allows_one_enemy_diagonal() {
    let b = board_from(
        ". . . . .
         . O X . .
         . X . X .
         . . X . .
         . . . . .",
        Color::Black,
    );
    assert!(b.is_true_eye(pt("C3", 5), Color::Black));
    assert!(!b.is_true_eye(pt("C3", 5), Color::White));
    let b = board_from(
        ". . . . .
         . O X O .
         . X . X .
         . . X . .
         . . . . .",
        Color::Black,
    );
    assert!(
        !b.is_true_eye(pt("C3", 5), Color::Black),
        "two enemy diagonals: false eye"
    );
}

#[test]
fn edge_and_corner_eyes_allow_no_enemy_diagonal() {
    let b = board_from(
        ". . . . .
         . . . . .
         . . . . .
         . X . X .
         X . X . .",
        Color::White,
    );
    assert!(b.is_true_eye(pt("B1", 5), Color::Black));
    let b = board_from(
        ". . . . .
         . . . . .
         . . . . .
         O X . X .
         X . X . .",
        Color::White,
    );
    assert!(
        !b.is_true_eye(pt("B1", 5), Color::Black),
        "edge eye with an enemy diagonal"
    );
    let b = board_from(
        ". . .
         X . .
         . X .",
        Color::White,
    );
    // Only enemy diagonals spoil an eye; an empty one does not.
    assert!(
        b.is_true_eye(pt("A1", 3), Color::Black),
        "empty diagonal B2"
    );
    let b = board_from(
        ". . .
         X X .
         . X .",
        Color::White,
    );
    assert!(b.is_true_eye(pt("A1", 3), Color::Black));
    let b = board_from(
        ". . .
         X O .
         . X .",
        Color::White,
    );
    assert!(
        !b.is_true_eye(pt("A1", 3), Color::Black),
        "corner with an enemy diagonal"
    );
    // Occupied points and points with an empty neighbour are no eyes.
    assert!(!b.is_true_eye(pt("B1", 3), Color::Black));
    assert!(!b.is_true_eye(pt("C1", 3), Color::Black));
}

#[test]
fn candidates_skip_own_true_eyes_only() {
    let b = board_from(
        ". X . X .
         X X X X X
         . . . . .
         O O O O O
         . O . O .",
        Color::Black,
    );
    let mut cands = vec![];
    b.for_each_candidate(|p| cands.push(p.to_string()));
    // Black's eyes A5, C5, E5 are skipped; White's eyes are suicide for Black.
    assert_eq!(cands, vec!["A3", "B3", "C3", "D3", "E3"]);
    let mut b = b;
    b.set_to_move(Color::White);
    let mut cands = vec![];
    b.for_each_candidate(|p| cands.push(p.to_string()));
    assert_eq!(cands, vec!["A3", "B3", "C3", "D3", "E3"]);
}
