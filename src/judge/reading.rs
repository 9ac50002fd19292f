//! Step 6 of the judgment (see the module doc): what the local reader (`tactics::Reader`)
//! proves overrules the playouts. A chain of one or two liberties that the reader captures
//! even when its owner moves first is dead, when the chains that take it are alive (a lone
//! stone on the edge taken by an atari and a capture, which playouts that always answer
//! ataris miss); a small region the reader proves seki whoever moves first keeps its stones
//! on the board (neither side's are dead there).

use crate::board::{Bitboard, Position};
use crate::geom::Color;
use crate::mailbox::PlayoutBoard;
use crate::tactics::{Reader, Status, ROOT_REGION_CAP};

/// Node cap of one chain read of the judge.
const CHAIN_CAP: usize = 2_000;

/// `dead` with the reader's verdicts applied (see the module doc); `alive` are the stones
/// proven alive (Benson), which the reader never kills.
pub(super) fn apply(pos: &Position, dead: Bitboard, alive: Bitboard) -> Bitboard {
    let board = PlayoutBoard::from_position(pos);
    let mut reader = Reader::new();
    let mut dead = dead;
    let n = pos.size();
    // Proven sekis first: their stones are not dead.
    let mut seen = [Bitboard::EMPTY; 2];
    for p in pos.empty_points().iter() {
        for (k, color) in [(0, Color::Black), (1, Color::White)] {
            if seen[k].contains(p) {
                continue;
            }
            let Some(r) = reader.read_region(&board, p, color, ROOT_REGION_CAP) else {
                continue;
            };
            let mut stones = Bitboard::EMPTY;
            for q in reader.region_points(&board) {
                seen[k].insert(q);
                if pos.stone_at(q).is_some() {
                    stones |= pos.chain(q);
                }
                for w in q.neighbors(n) {
                    if pos.stone_at(w) == Some(color) {
                        stones |= pos.chain(w);
                    }
                }
            }
            if r.exact && r.defender_first == Status::Seki && r.attacker_first == Status::Seki {
                dead -= stones;
            }
        }
    }
    // Chains taken by force.
    let mut done = Bitboard::EMPTY;
    for p in (pos.stones(Color::Black) | pos.stones(Color::White)).iter() {
        if done.contains(p) {
            continue;
        }
        let chain = pos.chain(p);
        done |= chain;
        if dead.intersects(&chain) || alive.intersects(&chain) || pos.n_liberties(p) > 2 {
            continue;
        }
        let owner = pos.stone_at(p).expect("a stone");
        let takers = takers(pos, chain, owner.opponent());
        if takers.is_empty() || dead.intersects(&takers) {
            continue;
        }
        if let Some(r) = reader.read_chain(&board, p, CHAIN_CAP) {
            if r.exact && r.defender_first == Status::Dead {
                dead |= chain;
            }
        }
    }
    dead
}

/// The chains of `attacker` next to `chain`.
fn takers(pos: &Position, chain: Bitboard, attacker: Color) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    for q in chain.neighbors(pos.size()).iter() {
        if pos.stone_at(q) == Some(attacker) && !out.contains(q) {
            out |= pos.chain(q);
        }
    }
    out
}
